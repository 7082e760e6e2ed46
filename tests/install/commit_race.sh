#!/bin/sh
# commit_race.sh: the rule that refreshes driver/gmc_commit.h on every make
# (driver/local.mk) is safe when two makes run it in the same tree at once:
# run-tests.sh runs make check and make distcheck side by side, and dist runs
# BUILT_SOURCES, so both once wrote, compared and moved one scratch file
# (driver/gmc_commit.h-t): one moved it away and the other failed ("mv:
# cannot stat"), failing CI. The rule is taken as generated from the build
# tree's Makefile into a scratch tree (the real header is left alone: tests
# run gmc meanwhile), then 30 pairs of makes run it at once, the header
# absent before each pair (both write) or present (both compare): every make
# must succeed and the header must name the commit.
. "$(dirname "$0")/../driver/common.sh"
mk=$GMC_BUILDDIR/Makefile
[ -f "$mk" ] || { echo "SKIP: no Makefile in $GMC_BUILDDIR"; exit 77; }
command -v make >/dev/null || { echo "SKIP: no make"; exit 77; }
# the rule: its target line and the recipe's lines after it
awk '/^driver\/gmc_commit.h:/ { on = 1; print; next }
     on && /^\t/ { print; next }
     on { exit }' "$mk" > "$tmp/rule"
grep -q 'commit.sh' "$tmp/rule" || { bad "the rule for driver/gmc_commit.h not found in $mk"; exit 1; }
{
    printf 'SHELL = /bin/sh\nMKDIR_P = mkdir -p\ntop_srcdir = %s\n' "$GMC_SRCDIR"
    cat "$tmp/rule"
    printf '.PHONY: gmc-commit-refresh\ngmc-commit-refresh:\n'
} > "$tmp/Makefile"
cd "$tmp" || exit 99
failed=0
for i in $(seq 30); do
    [ $((i % 2)) = 0 ] && rm -f driver/gmc_commit.h
    make -s driver/gmc_commit.h > out1 2>&1 &
    p1=$!
    make -s driver/gmc_commit.h > out2 2>&1 &
    p2=$!
    wait $p1 || { failed=$((failed + 1)); cat out1; }
    wait $p2 || { failed=$((failed + 1)); cat out2; }
done
[ "$failed" = 0 ] && ok "60 makes of driver/gmc_commit.h, two at a time: none failed" ||
    bad "$failed of 60 makes of driver/gmc_commit.h, two at a time, failed"
says "the header names the commit" driver/gmc_commit.h '#define GMC_COMMIT "'
[ -z "$(ls driver | grep -v '^gmc_commit.h$')" ] && ok "no scratch file left" || bad "scratch files left: $(ls driver)"
exit $((fail > 0))
