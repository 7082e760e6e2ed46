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
# Every gmc command of a piece runs in one of two processes of the
# sanitized tests/driver/gmc_many (gmc's main, once per command; the golden
# suite through golden/run's GOLDEN_MANY, then the apps): a start of an
# AddressSanitizer program and LeakSanitizer's check at its exit cost ~0.14
# processor s here, more than the compile itself, once per command before.
# A leak shows at that process's exit (its exit status, the leak report);
# a bad access or undefined behaviour stops it in the command that made it
# (that command's messages, and the commands after it reported as not run).
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${GMC_SANITIZE+set}" ] && [ $# = 0 ]; then
    src=${GMC_SRCDIR:-$src}
    case $GMC_SANITIZE in
    *-fsanitize=*address*) gmc=$GMC many=$GMC_BUILDDIR/tests/driver/gmc_many ;;
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
    make -j"$jobs" gmc tests/driver/gmc_many > /dev/null
    gmc=$build/gmc many=$build/tests/driver/gmc_many
fi
[ -x "$many" ] || { echo "sanitize.sh: no $many (a check program: make check builds it)"; exit 99; }
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1
# the whole golden suite (this piece's share of it), not distcheck's thinned subset
GMC_QUICK_CHECK=0
(GMC="$gmc" GOLDEN_MANY="$many" GMC_SRCDIR="$src" GMC_QUICK_CHECK=0 sh "$src/tests/golden/run")
out=$(mktemp -d "${TMPDIR:-/tmp}/gmc-san.XXXXXX")
trap 'rm -rf "$out"' EXIT
. "$src/tests/shard.sh"
mkdir "$out/gen" "$out/many"
# gmc_many's script: one command a line, the folder first, tab-separated
for target in omp cuda; do
    for f in "$src"/apps/*.gm; do
        shard_take || continue
        printf '.\t-t\t%s\t--main\t-o\t%s\t%s\n' "$target" "$out/gen" "$f"
    done
done >"$out/script"
rc=0
"$many" --script "$out/script" "$out/many" > "$out/many.log" 2>&1 || rc=$?
bad="" k=0
while IFS="$(printf '\t')" read -r _ _ target _ _ _ f; do
    k=$((k + 1))
    st=none
    [ -f "$out/many/$k.rc" ] && read -r st < "$out/many/$k.rc"
    if [ "$st" != 0 ]; then
        bad="$bad $target:$(basename "$f" .gm)"
        [ "$st" = none ] && echo "    (never returned: a sanitizer's report or a crash, or an earlier command's)" >> "$out/many/$k.err"
        sed 's/^/    /' "$out/many/$k.err" 2>/dev/null | head -20
    fi
done < "$out/script"
if [ $rc -ne 0 ]; then
    bad="$bad (gmc_many: exit $rc)"
    sed 's/^/    /' "$out/many.log" | head -40
fi
if [ -n "$bad" ]; then
    echo "sanitize.sh: gmc failed under the sanitizers on:$bad"
    exit 1
fi
echo "sanitize.sh: the golden suite and every app (-t omp, -t cuda)${GMC_TEST_SHARD:+, share $GMC_TEST_SHARD of them,} pass under ASan and UBSan"
