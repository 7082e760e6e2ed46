#!/bin/sh
# build_all.sh: gmc never emits code that does not build. Every program in
# the repository that `gmc --check` accepts (apps/, bench/, tests/, this
# directory's programs included) is generated for the OpenMP target with
# --main; gcc and clang compile the .c, and the header on its own as C, g++
# as C++, all with -Wall -Wextra -Werror -fopenmp (-fsyntax-only), two
# programs at a time. The OpenMP set (every golden accept/ and warn/
# program, whether --check accepts it or not, every app, tests/omp/*.gm:
# what tests/omp/compile_all.sh checked before it was folded in here) goes
# further: its .c is compiled for real, gcc -O2 and clang -O0 (-c, which
# warns where -fsyntax-only cannot: -Wmaybe-uninitialized, unused static
# functions with gcc, and the like), both with
# --main and without (the library form, compiled the same way). nvcc compiles the same programs' CUDA output in
# tests/cuda/compile_all.sh (-Werror all-warnings, host -Wall -Wextra, and
# links them); GMC_BUILD_ALL_NVCC=1 also does it here (-c, in parallel).
# Reports the number of programs compiled and each failure with its first
# error lines. Without clang with OpenMP (build.sh installs clang and
# libomp-dev as root) the clang part says SKIP and the rest still runs.
# Environment (set by make check): GMC, GMC_SRCDIR; GMC_NVCC, GMC_JOBS.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC:=$GMC_SRCDIR/_build/gmc}"
self="$GMC_SRCDIR/tests/codegen/build_all.sh"

# Programs whose foreign code is not valid C (or C++) by itself: the
# compilers that cannot take it are skipped for them, with the reason.
# Prints "STEPS-SKIPPED: REASON" for NAME.
excluded() {
    case "$1" in
    foreign_code) echo "nvcc: its foreign code calls compute(), which it never declares (C gets -Wno-implicit-function-declaration)" ;;
    *) echo "" ;;
    esac
}

# ---- one program (run by xargs): FAIL blocks, then "DONE NAME STEPS FAILURES"
if [ "${1:-}" = --one ]; then
    tmp=$2 f=$3
    name=$(basename "$f" .gm)
    out=$(mktemp -d "$tmp/p.XXXXXX")
    ex=$(excluded "$name")
    n=0 bad=0
    fail() { # what log
        echo "FAIL: $1 (from ${f#"$GMC_SRCDIR"/})"
        grep -v '^[[:space:]]*$' "$2" | head -n 8 | sed 's/^/    /'
        bad=$((bad + 1))
    }
    gen() { # target dir
        mode="--main"
        "$GMC" -t "$1" $mode -o "$2" "$f" >"$out/gmc.log" 2>&1 && return 0
        if grep -q -- "--entry" "$out/gmc.log"; then
            entry=$(sed -n 's/^[[:space:]]*Proc[a-z]*[[:space:]][[:space:]]*\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$f" | head -n 1)
            mode="--main --entry=$entry"
        elif grep -q "needs an entry" "$out/gmc.log"; then
            mode=""
        else
            fail "gmc -t $1 --main" "$out/gmc.log"
            return 1
        fi
        "$GMC" -t "$1" $mode -o "$2" "$f" >"$out/gmc.log" 2>&1 && return 0
        fail "gmc -t $1 $mode" "$out/gmc.log"
        return 1
    }
    # A compiler's warnings fail the step even where -Werror cannot reach
    # (a silent compiler leaves nothing to grep: no process for it).
    run() { # step-name log command...
        step=$1 log=$2
        shift 2
        n=$((n + 1))
        if ! "$@" >"$log" 2>&1 || { [ -s "$log" ] && grep -qi "warning" "$log"; }; then
            fail "$step" "$log"
        fi
    }
    cflags="-std=c11 -Wall -Wextra -Werror -fopenmp -fsyntax-only -I$GMC_SRCDIR/gm_runtime"
    fflags=""
    case "$ex" in *implicit-function*) fflags="-Wno-implicit-function-declaration" ;; esac
    # The OpenMP set: the .c compiled (an object), also without --main.
    # gcc at -O2: its flow warnings (-Wmaybe-uninitialized and the like) come
    # from the optimizer. clang at -O0: every warning clang has comes from its
    # front end and code generation (OpenMP lowering included), which -O0
    # runs whole; LLVM's optimizer adds none of -Wall -Wextra's (its
    # -Wpass-failed needs loop pragmas the generated code never writes), so
    # -O2 cost clang 40% more time for the same warnings.
    cfull="" olevel=""
    case "$f" in
    "$GMC_SRCDIR"/tests/golden/accept/*.gm | "$GMC_SRCDIR"/tests/golden/warn/*.gm | \
        "$GMC_SRCDIR"/apps/*.gm | "$GMC_SRCDIR"/tests/omp/*.gm)
        cfull="-std=c11 -Wall -Wextra -Werror -fopenmp -I$GMC_SRCDIR/gm_runtime -c" ;;
    esac
    opt() { case "$1" in clang) olevel=-O0 ;; *) olevel=-O2 ;; esac; }
    if gen omp "$out/omp"; then
        for cc in $BUILD_ALL_CCS; do
            if [ -n "$cfull" ]; then
                opt $cc
                run "$cc $olevel -c $name.c" "$out/cc.log" $cc $olevel $cfull $fflags -o "$out/omp/$name.o" "$out/omp/$name.c"
            else
                run "$cc $name.c" "$out/cc.log" $cc $cflags $fflags "$out/omp/$name.c"
            fi
            run "$cc $name.h" "$out/cc.log" $cc $cflags -x c "$out/omp/$name.h"
        done
        run "g++ $name.h" "$out/cc.log" g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only \
            -I"$GMC_SRCDIR/gm_runtime" -x c++ "$out/omp/$name.h"
    fi
    if [ -n "$cfull" ]; then
        mkdir "$out/lib"
        if "$GMC" -t omp -o "$out/lib" "$f" >"$out/gmc.log" 2>&1; then
            for cc in $BUILD_ALL_CCS; do
                opt $cc
                run "$cc $olevel -c $name.c (no --main)" "$out/cc.log" $cc $olevel $cfull $fflags -o "$out/lib/$name.o" "$out/lib/$name.c"
            done
        else
            fail "gmc -t omp (no --main)" "$out/gmc.log"
        fi
    fi
    if [ -n "$BUILD_ALL_NVCC" ]; then
        case "$ex" in *nvcc*) ;; *)
            if gen cuda "$out/cuda"; then
                run "nvcc $name.cu" "$out/cc.log" "$BUILD_ALL_NVCC" -std=c++17 -arch=sm_90 -Werror all-warnings \
                    -Xcompiler -fopenmp,-Wall,-Wextra,-Werror -I"$GMC_SRCDIR/gm_runtime" \
                    -c -o "$out/cuda/$name.o" "$out/cuda/$name.cu"
            fi ;;
        esac
    fi
    echo "DONE $name $n $bad"
    rm -rf "$out"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-build-all.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

printf 'int main(void){return 0;}\n' >"$tmp/probe.c"
BUILD_ALL_CCS=gcc
if command -v clang >/dev/null 2>&1 && clang -fopenmp -o "$tmp/probe" "$tmp/probe.c" >/dev/null 2>&1; then
    BUILD_ALL_CCS="gcc clang"
else
    echo "SKIP (clang part): clang with OpenMP is not installed (apt-get install clang libomp-dev; build.sh does as root)"
fi
BUILD_ALL_NVCC=
if [ "${GMC_BUILD_ALL_NVCC:-0}" = 1 ]; then
    BUILD_ALL_NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
    if ! [ -x "$BUILD_ALL_NVCC" ]; then
        echo "SKIP (CUDA part): no nvcc (looked in PATH and /usr/local/cuda/bin)"
        BUILD_ALL_NVCC=
    fi
else
    echo "note: the CUDA output is compiled by tests/cuda/compile_all.sh (GMC_BUILD_ALL_NVCC=1: here too)"
fi
export BUILD_ALL_CCS BUILD_ALL_NVCC GMC GMC_SRCDIR

# Every program gmc accepts (the reject tests and the like drop out here),
# and the OpenMP set whatever --check says (gmc must generate it).
find "$GMC_SRCDIR/apps" "$GMC_SRCDIR/bench" "$GMC_SRCDIR/tests" -name '*.gm' | LC_ALL=C sort >"$tmp/all"
: >"$tmp/list"
while read -r f; do
    case "$f" in
    "$GMC_SRCDIR"/tests/golden/accept/*.gm | "$GMC_SRCDIR"/tests/golden/warn/*.gm | \
        "$GMC_SRCDIR"/apps/*.gm | "$GMC_SRCDIR"/tests/omp/*.gm)
        echo "$f" >>"$tmp/list"; continue ;;
    esac
    "$GMC" --check "$f" >/dev/null 2>&1 && echo "$f" >>"$tmp/list"
done <"$tmp/all"
while read -r f; do
    r=$(excluded "$(basename "$f" .gm)")
    [ -n "$r" ] && echo "note: ${f#"$GMC_SRCDIR"/}: skips $r"
done <"$tmp/list"

tr '\n' '\0' <"$tmp/list" | xargs -0 -n 1 -P "${GMC_JOBS:-2}" sh "$self" --one "$tmp" >"$tmp/report" 2>&1
grep -v '^DONE ' "$tmp/report"
programs=$(grep -c '^DONE ' "$tmp/report")
steps=$(awk '/^DONE /{s += $3} END {print s + 0}' "$tmp/report")
fails=$(grep -c '^FAIL' "$tmp/report")
echo "build_all: $programs programs, $steps compilations ($BUILD_ALL_CCS${BUILD_ALL_NVCC:+ nvcc}), $fails failures"
[ "$programs" -gt 0 ] && [ "$fails" -eq 0 ]
