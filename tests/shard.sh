# tests/shard.sh: sourced by the tests that loop over many programs or apps,
# to split them (make check runs the pieces in parallel) and to thin them
# (distcheck's quick subset). Environment:
#   GMC_TEST_SHARD=K/N  this run takes items K, K+N, K+2N, ... (from 1); the
#                       TESTS entries NAME.K-of-N.sh set it and run NAME.sh
#   GMC_QUICK_CHECK=1   only every 8th of those items (configure
#                       GMC_QUICK_CHECK=1, as distcheck does; see Makefile.am)
# shard_take: call once per item, always in the same order; true when this
# run checks the item. shard_first: true in one piece only (work that is
# not per item).
shard_count=0
shard_take() {
    shard_count=$((shard_count + 1))
    _i=$shard_count
    if [ -n "${GMC_TEST_SHARD:-}" ]; then
        _k=${GMC_TEST_SHARD%/*} _n=${GMC_TEST_SHARD#*/}
        [ $(((_i - 1) % _n)) -eq $((_k - 1)) ] || return 1
        _i=$(((_i - 1) / _n + 1))
    fi
    [ "${GMC_QUICK_CHECK:-0}" != 1 ] || [ $(((_i - 1) % 8)) -eq 0 ]
}
shard_first() {
    [ -z "${GMC_TEST_SHARD:-}" ] || [ "${GMC_TEST_SHARD%/*}" = 1 ]
}
