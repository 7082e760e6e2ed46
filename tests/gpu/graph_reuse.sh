#!/bin/sh
# tests/gpu/graph_reuse.sh [BUILD_DIR]: a program calling a `gmc -t cuda`
# procedure on one graph after another of the same node and edge counts
# (tests/gpu/graph_reuse_main.cu: apps/bfs.gm's bfs on a 4,000-node path
# and a 4,000-node star, alternately, from a copy at one fixed address and
# then from each freed and reloaded graph). The device copy of a graph is
# kept between calls; before gmrt_graph_serial it was keyed on the
# struct's address and counts, so the second graph got the first one's
# answer (exit 0, wrong dist). Each call's dist is checked against a host
# BFS in the driver.
#
# With a GPU (nvidia-smi -L): built and run, a FAIL for a wrong dist.
# Without one (make check, the CI box): built only (the driver against the
# generated header and libgmrt-cuda, -Werror all-warnings). Skips (77)
# without nvcc or libgmrt-cuda. BUILD_DIR: the harness's GMC_BUILDDIR,
# else _build.
set -u
here=$(cd "$(dirname "$0")" && pwd)
SRC=${GMC_SRCDIR:-$(cd "$here/../.." && pwd)}
B=$(cd "${1:-${GMC_BUILDDIR:-$SRC/_build}}" && pwd) || exit 2
[ -f "$B/libgmrt-cuda.a" ] || { echo "graph_reuse: libgmrt-cuda is not built: skipped"; exit 77; }
NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$NVCC" ] || { echo "graph_reuse: nvcc not found: skipped"; exit 77; }
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') || ngpu=0
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-graph-reuse.XXXXXX") || exit 99
if [ "${GPU_KEEP:-0}" = 1 ]; then echo "work folder: $W"; else trap 'rm -rf "$W"' EXIT; fi
arch=sm_90
[ "$ngpu" -gt 0 ] && arch=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d '.')
flags="-O2 -std=c++17 -arch=$arch -Werror all-warnings -Xcompiler -fopenmp,-Wall,-Wextra"
[ -n "$(sed -n 's/^#define GMRT_EDGE64 1/y/p' "$B/config.h" 2>/dev/null)" ] && flags="$flags -DGMRT_EDGE64"
"$B/gmc" -t cuda "$SRC/apps/bfs.gm" -o "$W/" >"$W/gmc.log" 2>&1 || { echo "FAIL: gmc -t cuda apps/bfs.gm"; cat "$W/gmc.log"; exit 1; }
# shellcheck disable=SC2086
if "$NVCC" $flags -I"$SRC/gm_runtime" -I"$W" -o "$W/graph_reuse" "$here/graph_reuse_main.cu" "$W/bfs.cu" \
    "$B/libgmrt-cuda.a" "$B/.libs/libgmrt.a" -lz -lgomp -lm >"$W/nvcc.log" 2>&1; then
    echo "PASS: graph_reuse_main.cu and bfs.cu built (-Werror all-warnings)"
else
    echo "FAIL: graph_reuse_main.cu and bfs.cu do not build"
    head -30 "$W/nvcc.log"
    exit 1
fi
if [ "$ngpu" -eq 0 ]; then
    echo "graph_reuse: no GPU here: built, not run"
    exit 0
fi
# two graphs of 4,000 nodes and 3,999 edges: a path from 0 and a star from 0
awk 'BEGIN { print "# Nodes: 4000"; for (i = 0; i + 1 < 4000; i++) print i, i + 1 }' >"$W/path.el"
awk 'BEGIN { print "# Nodes: 4000"; for (i = 1; i < 4000; i++) print 0, i }' >"$W/star.el"
"$W/graph_reuse" "$W/path.el" "$W/star.el"
