#!/bin/sh
# headers.sh: gmcu.h is split by concern into gm_runtime/gmcu_*.h. Each part
# compiles on its own (a .cu that includes only it, twice: its include
# guard), so that it includes every header it uses; gmcu.h includes every
# part, and gm_runtime/local.mk installs every part beside gmcu.h. nvcc
# -cuda (no host compile: cudafe++ and, for the device side, cicc and
# ptxas, as `nvcc --dryrun` lists; ~2.9 processor s a part here), with
# compile_all.sh's warning flags: a warning fails. Without
# nvcc the test is skipped (exit 77).
set -u
: "${GMC_SRCDIR:?}"
NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
rt=$GMC_SRCDIR/gm_runtime
status=0
parts=$(cd "$rt" && ls gmcu_*.h)
[ -n "$parts" ] || { echo "FAIL: no gm_runtime/gmcu_*.h"; exit 1; }
for h in $parts; do
    grep -q "^#include \"$h\"" "$rt/gmcu.h" && echo "ok: gmcu.h includes $h" ||
        { echo "FAIL: gmcu.h does not include $h"; status=1; }
    grep -q "gm_runtime/$h\b" "$rt/local.mk" && echo "ok: local.mk installs $h" ||
        { echo "FAIL: gm_runtime/local.mk does not list $h"; status=1; }
done
if ! [ -x "$NVCC" ]; then
    echo "cuda headers: nvcc not found: the compiles skipped"
    [ $status = 0 ] && exit 77
    exit $status
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-cuda-headers.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
flags="-std=c++17 -arch=sm_90 -Werror all-warnings -Xcompiler -Wall,-Wextra -I$rt"
[ "${GMRT_EDGE64:-0}" = 1 ] && flags="$flags -DGMRT_EDGE64"
# two at a time: each compile is mostly the CUDA headers' front end
set -- $parts
while [ $# -gt 0 ]; do
    pids=
    for h in "$1" "${2:-}"; do
        [ -n "$h" ] || continue
        printf '#include "%s"\n#include "%s"\n' "$h" "$h" > "$tmp/$h.cu"
        # shellcheck disable=SC2086
        "$NVCC" $flags -cuda -o "$tmp/$h.ii" "$tmp/$h.cu" > "$tmp/$h.log" 2>&1 &
        pids="$pids $!:$h"
    done
    for p in $pids; do
        h=${p#*:}
        if wait "${p%%:*}" && ! [ -s "$tmp/$h.log" ]; then
            echo "ok: $h compiles alone"
        else
            echo "FAIL: $h alone:"; cat "$tmp/$h.log"; status=1
        fi
    done
    shift; [ $# -gt 0 ] && shift
done
exit $status
