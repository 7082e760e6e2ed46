#!/bin/sh
# run-tests.sh: set-up command 2. Builds (installing missing packages as build.sh
# does) and runs the whole test suite once: make check, in parallel (the long
# tests split in pieces, tests/shard.sh); and beside it make distcheck, the one
# build of the tarball, which proves that it builds without flex, bison,
# CUnit and MPI (Makefile.am's AM_DISTCHECK_CONFIGURE_FLAGS;
# tests/dist/tarball.sh checks that build and runs an app from it), installs,
# uninstalls and passes a fast subset of the tests (configure
# GMC_QUICK_CHECK=1: the tests Makefile.am names in GMC_QUICK_TESTS, the long
# ones thinned; the others SKIP, make check has just run them on the same
# sources). The same build is the sanitizer build: its gmc is built with
# AddressSanitizer and UBSan (GMC_SANITIZE), and tests/sanitize.sh, in the
# subset, runs it over the whole golden suite and every app. Ends with the
# slowest ten tests and the time of each phase. GMC_SKIP_DISTCHECK=1: no
# distcheck (so no sanitizer run either).
# The two makes run side by side (each -j NPROC): distcheck's steps that
# keep one core (its configure, make dist, install and uninstall) fill the
# cores make check leaves idle; on 2 cores, after make check 176 s of
# distcheck with 302 processor s. They write in different places: distcheck
# its gmc-VERSION/ (and the tarball) in the build tree and its build in
# there, make check its check programs and test logs, its tests in temporary
# folders (tests/dist/tarball.sh's make distdir too); build.sh's make has
# built what both read. distcheck's output goes to distcheck.log in the
# build tree, printed when make check is over; a failure of either fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# configure (build.sh's, and distcheck's of the tarball) under /bin/sh, not
# the bash it would pick for itself (build.sh says why: ~12 processor s a
# configure here)
if [ -z "${CONFIG_SHELL:-}" ] && [ -x /bin/sh ]; then
    CONFIG_SHELL=/bin/sh
    export CONFIG_SHELL
fi
build="${GMC_BUILD_DIR:-$here/_build}"
GMC_BUILD_ONLY=1 "$here/build.sh"
cd "$build"
# CI must run every test: CUnit is optional for configure, not here.
grep -q '^CUNIT_LIBS = -lcunit' Makefile || {
    echo "run-tests.sh: configure did not find CUnit, so the CUnit tests would be skipped;" >&2
    echo "run-tests.sh: install libcunit1-dev (build.sh does, as root) and re-run configure in $build" >&2
    exit 1
}
# ... nor is MPI (the distributed runtime's tests under mpirun would skip)
grep -q '^MPI_LIBS = .*-lmpi' Makefile || {
    echo "run-tests.sh: configure did not find MPI, so the distributed runtime's tests would be skipped;" >&2
    echo "run-tests.sh: install openmpi-bin and libopenmpi-dev (build.sh does, as root) and re-run configure in $build" >&2
    exit 1
}
# cpu_now: cpu= the processor seconds (user + system) of this script's
# finished children so far (the shell's `times`, run here: in a $(...) it
# would count a fresh process's children)
cpu_now() {
    times >"$build/.run-tests.times"
    cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); c += p[1] * 60 + p[2] }
        printf "%.0f", c }' "$build/.run-tests.times")
}
jobs=$(nproc 2>/dev/null || echo 2)
t0=$(date +%s)
cpu_now; c0=$cpu
dist_pid=
if [ "${GMC_SKIP_DISTCHECK:-0}" != 1 ]; then
    # its processor seconds: the subshell's children (the shell's `times`)
    ( dist_rc=0
      make -j"$jobs" distcheck >"$build/distcheck.log" 2>&1 || dist_rc=$?
      echo "$(date +%s) $dist_rc" >"$build/.run-tests.dist"
      times >"$build/.run-tests.dist-times" ) &
    dist_pid=$!
fi
slowest() { # the slowest ten tests of this make check (tests/timed.sh), with
    # their processor seconds (user + system, the test and its children),
    # which do not depend on what else ran beside them
    echo "run-tests.sh: the slowest tests (seconds, wall clock, $jobs at a time; processor seconds):"
    find tests gm_runtime -name '*.log' -exec grep -h '^gmc-test-time: \|^gmc-test-cpu: ' {} + 2>/dev/null |
        awk '{ t = $NF; sub(".*/tests/", "tests/", t); sub("^\\./", "", t) }
            $1 == "gmc-test-time:" { wall[t] = $2 } $1 == "gmc-test-cpu:" { cpu[t] = $2 + $3 }
            END { for (t in wall) printf "%s %s %s\n", wall[t], (t in cpu) ? sprintf("%.1f", cpu[t]) : "?", t }' |
        sort -k1,1 -rn | head -n 10 | awk '{ printf "  %7.1f  %7s  %s\n", $1, $2, $3 }'
}
failed_logs() { # what each failed test said, last, so that the tail of the
    # output (all a CI page may keep) explains the failure: the test's own
    # FAIL lines with the details it printed under them, then its last lines
    for trs in $(find tests gm_runtime -name '*.trs' 2>/dev/null); do
        grep -q '^:test-result: \(FAIL\|ERROR\)' "$trs" || continue
        log=${trs%.trs}.log
        echo "==== $log (failed)"
        awk '/^(FAIL|ERROR)[: ]/ { n = 12 } n > 0 { print; n-- }' "$log" | head -n 40
        echo "---- its last lines:"
        tail -n 8 "$log"
    done
}
status=0
make -j"$jobs" check || status=$?
t1=$(date +%s)
t2=$t1
dist_status=0 dist_cpu=0
if [ -n "$dist_pid" ]; then
    # (shorter than make check: mostly over by now)
    wait "$dist_pid"
    read -r t2 dist_status <"$build/.run-tests.dist" || dist_status=1
    dist_cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); c += p[1] * 60 + p[2] }
        printf "%.0f", c }' "$build/.run-tests.dist-times")
    echo "==== make distcheck (run beside make check; its output, $build/distcheck.log):"
    cat "$build/distcheck.log"
fi
# make check's: all finished children less distcheck's
cpu_now; c1=$((cpu - dist_cpu))
if [ $status -ne 0 ]; then
    slowest
    failed_logs
    [ $dist_status -eq 0 ] || echo "run-tests.sh: make distcheck failed too (its output above)"
    exit $status
fi
slowest
echo "run-tests.sh: make check $((t1 - t0)) s; make distcheck (fast subset and the sanitizers), started beside it, $((t2 - t0)) s"
echo "run-tests.sh: processor seconds (user + system): build $c0, make check $((c1 - c0)), distcheck $dist_cpu"
[ $dist_status -eq 0 ] || { echo "run-tests.sh: make distcheck failed" >&2; exit $dist_status; }
echo "run-tests.sh: all tests passed"
