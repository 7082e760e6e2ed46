#!/bin/sh
# leaks.sh: gmc frees what it allocates: every app through -t omp and
# -t cuda under valgrind, no definite leak (an AddressSanitizer build of gmc
# exits 1 on any; cuda_kernel_enter leaked its saved-name array whenever one
# launch opened several kernels, 11 of the 23 apps with -t cuda).
# Skipped (77) without valgrind.
. "$(dirname "$0")/common.sh"
command -v valgrind > /dev/null 2>&1 || { echo "no valgrind: skipped"; exit 77; }
cd "$tmp" || exit 99
mkdir gen
for target in omp cuda; do
    leaky=""
    for f in "$GMC_SRCDIR"/apps/*.gm; do
        valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 \
            "$GMC" -t $target -o gen "$f" > /dev/null 2> vg.txt
        [ $? -eq 9 ] && leaky="$leaky $(basename "$f" .gm)"
    done
    same "-t $target: no leak in any app" "" "$leaky"
done
finish
