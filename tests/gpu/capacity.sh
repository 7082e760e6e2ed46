#!/bin/sh
# tests/gpu/capacity.sh [BUILD_DIR]: on a machine with an NVIDIA GPU, the
# single-GPU driver (gmc -t cuda --main) refuses a graph that cannot fit the
# GPU before the expensive work, with one message and exit status 1
# (gmrt_cli.h, "GPU memory"), and runs the others as before:
#
#  1. GMCU_DEVICE_MEMORY=1M (the device pretends to have 1 MB): BFS on a
#     generator spec and on a .gmb file refused before the load (no
#     "graph =" line), on a text edge list after it; the message names the
#     counts, the GB or MB, the GPU and a --distributed build;
#  2. the same programs without it: exit 0, the graph's counts, a time, no
#     warning (normal runs unaffected);
#  3. kron28 (gen:rmat,scale=28,edge-factor=16,seed=1,symmetrize), BFS and
#     PageRank, in a build with 64-bit edge indices (configure
#     --enable-edge64; a 32-bit build refuses the spec's 2^32 edges at
#     once, which is also checked): under GMCU_DEVICE_MEMORY=10G refused
#     within 30 s, before the generation (their lower bound, the forward
#     rows alone since gmcu_graph's flags, fits a real GPU).
#
# BUILD_DIR (default _build) is a configured and built tree (gmc, gmgraph,
# .libs/libgmrt.a, libgmrt-cuda.a). Not part of make check (it needs a GPU);
# exit 77 without one. GPU_ARCH (sm_90), GPU_KEEP=1 keeps the work folder.
set -u
here=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$here/../.." && pwd)
B=$(cd "${1:-$SRC/_build}" && pwd) || exit 2
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if ! nvidia-smi >/dev/null 2>&1; then
    echo "capacity: no NVIDIA GPU here (nvidia-smi fails): skipped"
    exit 77
fi
[ -f "$B/libgmrt-cuda.a" ] || { echo "capacity: $B/libgmrt-cuda.a not built"; exit 2; }
nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv,noheader
ZLIBS=$(sed -n 's/^ZLIB_LIBS = //p' "$B/Makefile" | head -n 1)
EDGE=$(sed -n 's/^GMRT_EDGE_CPPFLAGS = //p' "$B/Makefile" | head -n 1)
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-capacity.XXXXXX") || exit 1
if [ "${GPU_KEEP:-0}" = 1 ]; then echo "work folder: $W"; else trap 'rm -rf "$W"' EXIT; fi
pass=0 fail=0
ok() { echo "PASS: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; sed 's/^/    /' "$W/out" "$W/err"; fail=$((fail + 1)); }

for app in bfs pagerank; do
    "$B/gmc" -t cuda --main -o "$W" "$SRC/apps/$app.gm" &&
        "$NVCC" -O3 -std=c++17 -arch="${GPU_ARCH:-sm_90}" $EDGE -Xcompiler -fopenmp,-Wall,-Wextra \
            -I"$SRC/gm_runtime" -o "$W/$app" "$W/$app.cu" "$B/libgmrt-cuda.a" "$B/.libs/libgmrt.a" \
            $ZLIBS -lgomp -lm || { echo "capacity: cannot build $app"; exit 1; }
done
spec=gen:rmat,scale=16,edge-factor=16,seed=1,symmetrize
"$B/gmgraph" gen rmat --scale 16 --edge-factor 16 --seed 1 --symmetrize -o "$W/k16.gmb" >/dev/null &&
    "$B/gmgraph" gen rmat --scale 16 --edge-factor 16 --seed 1 --symmetrize -o "$W/k16.el" >/dev/null ||
    { echo "capacity: gmgraph gen failed"; exit 1; }

# run NAME EXPECTED_STATUS [VAR=VALUE ...] -- PROGRAM ARGS...: out, err, secs
run() {
    name=$1 want=$2
    shift 2
    start=$(date +%s)
    env "$@" >"$W/out" 2>"$W/err"
    st=$?
    secs=$(($(date +%s) - start))
    [ "$st" = "$want" ] || { bad "$name: exit status $st, expected $want"; return 1; }
}
has() { grep -qF -- "$2" "$W/$1"; }

# 1. refusals under a pretended 1 MB
for graph in "$spec" "$W/k16.gmb" "$W/k16.el"; do
    case $graph in *.el) when=after ;; *) when=before ;; esac
    if run "bfs $graph, 1 MB" 1 GMCU_DEVICE_MEMORY=1M "$W/bfs" "$graph" --root=0; then
        if has err "of GPU memory for the arrays this program keeps there, more than GPU" &&
            has err "has: 1.0 MB in all" && has err "65,536 nodes" &&
            has err "gmc -t cuda --distributed --main -x bfs.gm, then mpirun -np P $W/bfs $graph" &&
            [ "$(grep -c "more than GPU" "$W/err")" = 1 ] && ! has err "out of GPU memory" &&
            { [ $when = after ] || ! has out "graph = "; }; then
            ok "bfs on $(basename "$graph") refused $when the load under GMCU_DEVICE_MEMORY=1M: $(cat "$W/err")"
        else
            bad "bfs on $graph under GMCU_DEVICE_MEMORY=1M: not the expected message"
        fi
    fi
done
if run "bad GMCU_DEVICE_MEMORY" 1 GMCU_DEVICE_MEMORY=lots "$W/bfs" "$spec" --root=0; then
    has err "GMCU_DEVICE_MEMORY='lots': expected a number of bytes" && ok "GMCU_DEVICE_MEMORY=lots: an error" ||
        bad "GMCU_DEVICE_MEMORY=lots: not the expected message"
fi

# 2. the same runs on the whole GPU
for app in bfs pagerank; do
    for graph in "$spec" "$W/k16.gmb" "$W/k16.el"; do
        args="--root=0"
        [ $app = pagerank ] && args="--e=1e-7 --d=0.85 --max_iter=20"
        if run "$app $graph" 0 "$W/$app" "$graph" $args; then
            if has out "graph = 65536 nodes" && has out "time_ms = " && ! has err "GPU"; then
                ok "$app on $(basename "$graph") runs as before: $(head -n 1 "$W/out")"
            else
                bad "$app on $graph: not the expected output"
            fi
        fi
    done
done

# 3. kron28
k28=gen:rmat,scale=28,edge-factor=16,seed=1,symmetrize
if [ -z "$EDGE" ]; then
    if run "bfs kron28, 32-bit edges" 2 "$W/bfs" "$k28" --root=0 && has err "enable-edge64"; then
        ok "kron28 in a 32-bit-edge build: refused at once (needs --enable-edge64)"
    else
        bad "kron28 in a 32-bit-edge build"
    fi
else
    # The device's own reverse rows cost nothing on a symmetric graph and
    # bfs/pagerank read no per-edge array beyond the rows (gmcu_graph's
    # flags), so kron28's lower bound (~19 GB) fits any GPU here: the
    # refusal is shown under a pretended 10 GB, before the generation.
    for app in bfs pagerank; do
        args="--root=0"
        [ $app = pagerank ] && args="--e=1e-7 --d=0.85 --max_iter=20"
        if run "$app kron28, GMCU_DEVICE_MEMORY=10G" 1 GMCU_DEVICE_MEMORY=10G "$W/$app" "$k28" $args; then
            if has err "(268,435,456 nodes, at least 4,294,967,296 edges) needs at least" &&
                has err "10.0 GB in all" && ! has out "graph = " && [ "$secs" -le 30 ]; then
                ok "$app on kron28 refused in $secs s: $(cat "$W/err")"
            else
                bad "$app on kron28: not refused at once with the expected message ($secs s)"
            fi
        fi
    done
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
