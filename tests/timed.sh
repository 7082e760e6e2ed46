#!/bin/sh
# tests/timed.sh TEST [ARGS...]: make check's LOG_COMPILER. Runs the test as
# before (its exit status unchanged: 77 skip, 99 hard error) and ends its log
# with "gmc-test-time: SECONDS TEST", from which run-tests.sh prints the
# slowest tests, and "gmc-test-cpu: USER SYS TEST", the processor seconds of
# the test and every process it waited for (the shell's `times`), which
# stay true on a busy machine where the wall clock does not. With GMC_QUICK_CHECK=1 (configure GMC_QUICK_CHECK=1, as
# distcheck does) only the tests named in GMC_QUICK_TESTS (Makefile.am: the
# fast subset) run; every other reports SKIP (exit 77) with the reason.
s=$(date +%s.%N 2>/dev/null)
if [ "${GMC_QUICK_CHECK:-0}" = 1 ] && [ -n "${GMC_QUICK_TESTS:-}" ]; then
    take=0
    for q in $GMC_QUICK_TESTS; do
        case "$1" in "$q" | */"$q") take=1 ;; esac
    done
    if [ $take = 0 ]; then
        echo "SKIP: not in the fast subset of GMC_QUICK_CHECK=1 (Makefile.am, GMC_QUICK_TESTS); make check in the tree runs it"
        exit 77
    fi
fi
"$@"
rc=$?
e=$(date +%s.%N 2>/dev/null)
awk -v s="$s" -v e="$e" -v t="$1" 'BEGIN { printf "gmc-test-time: %.1f %s\n", e - s, t }'
# times: the shell's own line, then its children's ("0m1.25s 0m0.40s"); into
# a file, as a pipe or $(...) would run it in a fresh process with no children.
tf=$(mktemp "${TMPDIR:-/tmp}/gmc-times.XXXXXX") && times >"$tf" && awk -v t="$1" 'NR == 2 {
    for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); c[i] = p[1] * 60 + p[2] }
    printf "gmc-test-cpu: %.1f %.1f %s\n", c[1], c[2], t }' "$tf"
rm -f "$tf"
exit $rc
