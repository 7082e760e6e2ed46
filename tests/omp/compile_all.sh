#!/bin/sh
# compile_all.sh: every accepted golden program (accept/ and warn/) and every app generates C
# (with and without --main) that gcc, and clang when it can use OpenMP,
# compile with -Wall -Wextra -Werror.
# Environment (set by make check): GMC, GMC_SRCDIR, GMC_BUILDDIR.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
: "${GMC:=$GMC_BUILDDIR/gmc}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-omp-compile.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

compilers="gcc"
printf 'int main(void){return 0;}\n' > "$tmp/probe.c"
if command -v clang >/dev/null 2>&1 &&
   clang -fopenmp -o "$tmp/probe" "$tmp/probe.c" >/dev/null 2>&1; then
    compilers="gcc clang"
fi
flags="-std=c11 -Wall -Wextra -Werror -O2 -fopenmp -I$GMC_SRCDIR/gm_runtime"
. "$GMC_SRCDIR/tests/shard.sh"

fail=0
count=0
for f in "$GMC_SRCDIR"/tests/golden/accept/*.gm "$GMC_SRCDIR"/tests/golden/warn/*.gm "$GMC_SRCDIR"/apps/*.gm "$GMC_SRCDIR"/tests/omp/*.gm; do
    [ -f "$f" ] || continue
    shard_take || continue
    name=$(basename "$f" .gm)
    for mode in lib main; do
        out="$tmp/$mode"
        mkdir -p "$out"
        extra=""
        [ "$mode" = main ] && extra="--main"
        # Several entry procedures: drive the first one.
        if [ "$mode" = main ] && ! "$GMC" -t omp $extra -o "$out" "$f" >"$tmp/gmc.log" 2>&1 &&
            grep -q -- "--entry" "$tmp/gmc.log"; then
            entry=$(sed -n 's/^[[:space:]]*Proc[a-z]*[[:space:]][[:space:]]*\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$f" | head -n 1)
            extra="--main --entry=$entry"
        fi
        if ! "$GMC" -t omp $extra -o "$out" "$f" >"$tmp/gmc.log" 2>&1; then
            # A file without an entry procedure has nothing to drive.
            if [ "$mode" = main ] && grep -q "needs an entry" "$tmp/gmc.log"; then
                continue
            fi
            echo "FAIL: gmc -t omp $extra $f"
            sed 's/^/    /' "$tmp/gmc.log" | head -5
            fail=$((fail + 1))
            continue
        fi
        for cc in $compilers; do
            count=$((count + 1))
            # Foreign code calls functions the program does not declare.
            fflags=""
            case "$name" in *foreign*) fflags="-Wno-implicit-function-declaration" ;; esac
            if ! $cc $flags $fflags -c -o "$out/$name.o" "$out/$name.c" >"$tmp/cc.log" 2>&1; then
                echo "FAIL: $cc $flags -c $name.c ($mode, from $f)"
                sed 's/^/    /' "$tmp/cc.log" | head -10
                fail=$((fail + 1))
            fi
        done
    done
done
echo "compiled $count outputs, $fail failures"
[ "$fail" -eq 0 ]
