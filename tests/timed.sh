#!/bin/sh
# tests/timed.sh TEST [ARGS...]: make check's LOG_COMPILER. Runs the test as
# before (its exit status unchanged: 77 skip, 99 hard error) and ends its log
# with "gmc-test-time: SECONDS TEST", from which run-tests.sh prints the
# slowest tests.
s=$(date +%s.%N 2>/dev/null)
"$@"
rc=$?
e=$(date +%s.%N 2>/dev/null)
awk -v s="$s" -v e="$e" -v t="$1" 'BEGIN { printf "gmc-test-time: %.1f %s\n", e - s, t }'
exit $rc
