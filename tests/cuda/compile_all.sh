#!/bin/sh
# compile_all.sh: every program the front end accepts (apps/, bench/, tests/:
# whatever `gmc --check` accepts there) goes through
# `gmc -t cuda --main`, and nvcc compiles the .cu for sm_90 with the host
# compiler's -Wall -Wextra: no error and no warning allowed; so do
# libgmrt-cuda's sources (gm_runtime/cuda), and every program with a main
# links against the built libgmrt-cuda.a and libgmrt.a (every runtime
# function the generated code calls is defined there). No GPU is needed
# (nothing runs); without nvcc the test is skipped (exit 77).
set -u
: "${GMC:?}" "${GMC_SRCDIR:?}"
NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if ! [ -x "$NVCC" ]; then
    echo "cuda compile_all: nvcc not found: skipped"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-cuda-all.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
flags="-std=c++17 -O1 -arch=sm_90 -Werror all-warnings -Xcompiler -fopenmp,-Wall,-Wextra -I$GMC_SRCDIR/gm_runtime"
[ "${GMRT_EDGE64:-0}" = 1 ] && flags="$flags -DGMRT_EDGE64"

fail=0 count=0 linked=0
. "$GMC_SRCDIR/tests/shard.sh"
# libgmrt-cuda's own sources: no warning either.
shard_first && for f in "$GMC_SRCDIR"/gm_runtime/cuda/*.cu; do
    name=$(basename "$f" .cu)
    if ! "$NVCC" $flags -Xcompiler -fPIC -c -o "$tmp/rt-$name.o" "$f" >"$tmp/cc.log" 2>&1 ||
        grep -qi "warning" "$tmp/cc.log"; then
        echo "FAIL: nvcc -c gm_runtime/cuda/$name.cu"
        sed 's/^/    /' "$tmp/cc.log" | head -12
        fail=$((fail + 1))
    fi
done
rtlibs=
if [ -n "${GMC_BUILDDIR:-}" ] && [ -f "$GMC_BUILDDIR/libgmrt-cuda.a" ] && [ -f "$GMC_BUILDDIR/.libs/libgmrt.a" ]; then
    rtlibs="$GMC_BUILDDIR/libgmrt-cuda.a $GMC_BUILDDIR/.libs/libgmrt.a $(sed -n 's/^ZLIB_LIBS = //p' "$GMC_BUILDDIR/Makefile" | head -n 1)"
else
    echo "cuda compile_all: no libgmrt-cuda.a built: programs are compiled, not linked"
fi
# Every program in the repository that gmc accepts (tests/codegen/build_all.sh
# compiles the same programs' OpenMP output with gcc and clang).
find "$GMC_SRCDIR/apps" "$GMC_SRCDIR/bench" "$GMC_SRCDIR/tests" -name '*.gm' | LC_ALL=C sort >"$tmp/all"
while read -r f <&3; do
    "$GMC" --check "$f" >/dev/null 2>&1 || continue
    shard_take || continue
    name=$(basename "$f" .gm)
    # Foreign code that calls C functions it never declares: C allows that, C++ not.
    case "$name" in foreign_code) continue ;; esac
    out="$tmp/$name"
    mkdir -p "$out"
    extra="--main"
    if ! "$GMC" -t cuda $extra -o "$out" "$f" >"$tmp/gmc.log" 2>&1; then
        if grep -q -- "--entry" "$tmp/gmc.log"; then
            # several entry procedures: drive the first one
            entry=$(sed -n 's/^[[:space:]]*Proc[a-z]*[[:space:]][[:space:]]*\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$f" | head -n 1)
            extra="--main --entry=$entry"
        elif grep -q "needs an entry" "$tmp/gmc.log"; then
            extra=""   # only Local procedures: nothing to drive
        fi
        if ! "$GMC" -t cuda $extra -o "$out" "$f" >"$tmp/gmc.log" 2>&1; then
            echo "FAIL: gmc -t cuda $extra $f"
            sed 's/^/    /' "$tmp/gmc.log" | head -5
            fail=$((fail + 1))
            continue
        fi
    fi
    count=$((count + 1))
    if ! "$NVCC" $flags -c -o "$out/$name.o" "$out/$name.cu" >"$tmp/cc.log" 2>&1 ||
        grep -qi "warning" "$tmp/cc.log"; then
        echo "FAIL: nvcc -c $name.cu (from $f)"
        sed 's/^/    /' "$tmp/cc.log" | head -12
        fail=$((fail + 1))
        continue
    fi
    # A program (--main): links against the runtime libraries.
    if [ -n "$rtlibs" ] && [ "$extra" != "" ]; then
        if "$NVCC" -arch=sm_90 -o "$out/$name" "$out/$name.o" $rtlibs -lgomp -lm >"$tmp/ld.log" 2>&1; then
            linked=$((linked + 1))
        else
            echo "FAIL: nvcc link $name (from $f)"
            sed 's/^/    /' "$tmp/ld.log" | head -12
            fail=$((fail + 1))
        fi
    fi
    rm -rf "$out"
done 3<"$tmp/all"
echo "cuda compile_all: compiled $count programs with nvcc (linked $linked), $fail failures"
[ "$fail" -eq 0 ]
