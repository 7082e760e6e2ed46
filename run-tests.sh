#!/bin/sh
# run-tests.sh: set-up command 2. Builds (installing missing packages as build.sh
# does) and runs the whole test suite: make check, then make distcheck.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build="${GMC_BUILD_DIR:-$here/_build}"
GMC_BUILD_ONLY=1 "$here/build.sh"
cd "$build"
# CI must run every test: CUnit is optional for configure, not here.
grep -q '^CUNIT_LIBS = -lcunit' Makefile || {
    echo "run-tests.sh: configure did not find CUnit, so the CUnit tests would be skipped;" >&2
    echo "run-tests.sh: install libcunit1-dev (build.sh does, as root) and re-run configure in $build" >&2
    exit 1
}
jobs=$(nproc 2>/dev/null || echo 2)
status=0
make -j"$jobs" check || status=$?
if [ $status -ne 0 ]; then
    # Show the logs of the failed tests so CI output explains itself.
    for log in $(find . -name '*.log' ! -name config.log ! -name test-suite.log); do
        grep -q '^FAIL\|^ERROR' "${log%.log}.trs" 2>/dev/null && { echo "==== $log"; tail -n 60 "$log"; }
    done
    exit $status
fi
if [ "${GMC_SKIP_DISTCHECK:-0}" != 1 ]; then
    make -j"$jobs" distcheck
fi
echo "run-tests.sh: all tests passed"
