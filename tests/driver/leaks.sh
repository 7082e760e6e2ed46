#!/bin/sh
# leaks.sh: gmc frees what it allocates: every app through -t omp and
# -t cuda under valgrind, no definite leak (an AddressSanitizer build of gmc
# exits 1 on any; cuda_kernel_enter leaked its saved-name array whenever one
# launch opened several kernels, 11 of the 23 apps with -t cuda).
# All 46 compiles run in one valgrind process (tests/driver/gmc_many: gmc's
# main, gmc_command, once per command line; valgrind's start-up was most of
# the test's time, ~1 processor s a run): memory a compile leaks stays
# definitely lost in that process (the compiler has no global state that
# could still reach it). Where that run finds an error or a leak, each app
# and target is run alone under valgrind, with the gmc binary, as before,
# to name the leaky ones. Skipped (77) without valgrind.
. "$(dirname "$0")/common.sh"
command -v valgrind > /dev/null 2>&1 || { echo "no valgrind: skipped"; exit 77; }
MANY=$GMC_BUILDDIR/tests/driver/gmc_many
[ -x "$MANY" ] || { bad "$MANY not built"; finish; }
cd "$tmp" || exit 99
mkdir gen
vg() { valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 "$@"; }
set --
for target in omp cuda; do
    for f in "$GMC_SRCDIR"/apps/*.gm; do
        set -- "$@" ::: -t $target -o gen "$f"
    done
done
vg "$MANY" ::: "$@" > /dev/null 2> vg.txt
rc=$?
if [ $rc -eq 0 ]; then
    ok "-t omp and -t cuda: no leak in any app ($(($# / 6)) compiles in one valgrind run)"
    finish
fi
echo "the batch (exit $rc) said:"
sed 's/^/    /' vg.txt | head -40
for target in omp cuda; do
    leaky=""
    for f in "$GMC_SRCDIR"/apps/*.gm; do
        vg "$GMC" -t $target -o gen "$f" > /dev/null 2> vg.txt
        [ $? -eq 9 ] && leaky="$leaky $(basename "$f" .gm)"
    done
    same "-t $target: no leak in any app" "" "$leaky"
done
[ $rc -eq 9 ] || bad "gmc_many exited $rc (a compile failed: its line above)"
finish
