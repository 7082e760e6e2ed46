#!/bin/sh
# sanitize.sh: gmc built with AddressSanitizer and UndefinedBehaviorSanitizer
# run over the golden suite (every accept, reject and warn program, and gmc
# --check on apps/) and over -t omp and -t cuda of every app; any leak, bad
# access or undefined behaviour makes gmc exit non-zero and fails the run.
# Two ways:
#  - a test of make check (the harness sets GMC_SANITIZE, configure's): in
#    a build configured with GMC_SANITIZE=-fsanitize=address,undefined...
#    (distcheck's, Makefile.am: the one build of the tarball is also the
#    sanitizer build), through its $GMC; SKIP (77) in other builds.
#  - by hand: tests/sanitize.sh [BUILD_DIR] (default: _build_san next to
#    _build) configures and builds gmc alone with the sanitizers there.
# GMC_TEST_SHARD=K/N (tests/shard.sh; the TESTS entries sanitize.K-of-2.sh
# set it): this run takes the K-th of N shares of the golden cases and of
# the app runs, so that distcheck runs the halves side by side (the longest
# test of its fast subset: it ran alone on one core at the end); never
# thinned (GMC_QUICK_CHECK's every 8th): the pieces together run it all.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${GMC_SANITIZE+set}" ] && [ $# = 0 ]; then
    src=${GMC_SRCDIR:-$src}
    case $GMC_SANITIZE in
    *-fsanitize=*address*) gmc=$GMC ;;
    *) echo "SKIP: gmc is not built with the sanitizers here (configure GMC_SANITIZE='-fsanitize=address,undefined ...': distcheck's build runs it)"
       exit 77 ;;
    esac
else
    build=${1:-$src/_build_san}
    flags="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
    mkdir -p "$build"
    cd "$build"
    [ -f Makefile ] || "$src/configure" -q CFLAGS="$flags" LDFLAGS="-fsanitize=address,undefined"
    jobs=$(nproc 2>/dev/null || echo 2)
    make -j"$jobs" driver/gmc_commit.h > /dev/null
    make -j"$jobs" gmc > /dev/null
    gmc=$build/gmc
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1
# the whole golden suite (this piece's share of it), not distcheck's thinned subset
GMC_QUICK_CHECK=0
(GMC="$gmc" GMC_SRCDIR="$src" GMC_QUICK_CHECK=0 sh "$src/tests/golden/run")
out=$(mktemp -d "${TMPDIR:-/tmp}/gmc-san.XXXXXX")
trap 'rm -rf "$out"' EXIT
. "$src/tests/shard.sh"
bad=""
for target in omp cuda; do
    for f in "$src"/apps/*.gm; do
        shard_take || continue
        "$gmc" -t $target --main -o "$out" "$f" > /dev/null 2> "$out/err" ||
            { bad="$bad $target:$(basename "$f" .gm)"; sed 's/^/    /' "$out/err" | head -20; }
    done
done
if [ -n "$bad" ]; then
    echo "sanitize.sh: gmc failed under the sanitizers on:$bad"
    exit 1
fi
echo "sanitize.sh: the golden suite and every app (-t omp, -t cuda)${GMC_TEST_SHARD:+, share $GMC_TEST_SHARD of them,} pass under ASan and UBSan"
