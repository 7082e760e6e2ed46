#!/bin/sh
# complete.sh: every CUnit name the CUnit tests use is one that the stand-in
# headers (tests/nocunit/CUnit/CUnit.h, Basic.h) define, so that a release tarball
# built without CUnit still builds its test programs (and skips them):
# test_analysis.c's CU_ASSERT_TRUE_FATAL once stopped `make check` there.
# Whole names only: GMCU_DEVICE_MEMORY (an environment variable a test sets)
# is not CUnit's.
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
shim=$(mktemp) || exit 99
trap 'rm -f "$shim"' EXIT
cat "$GMC_SRCDIR"/tests/nocunit/CUnit/*.h >"$shim"
missing=0
for name in $(cat "$GMC_SRCDIR"/tests/*/test_*.c "$GMC_SRCDIR"/tests/*/*_test.[ch] 2>/dev/null |
    grep -o '\(^\|[^A-Za-z0-9_]\)CU_[A-Za-z_]*' | sed 's/^[^C]//' | sort -u); do
    if ! grep -q "\\b$name\\b" "$shim"; then
        echo "FAIL: $name is used by a CUnit test but not defined in tests/nocunit/CUnit/"
        missing=$((missing + 1))
    fi
done
[ $missing -eq 0 ] && echo "every CUnit name the tests use has a stand-in"
[ $missing -eq 0 ]
