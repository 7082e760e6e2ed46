#!/bin/sh
# tests/gpu/sanitize.sh [BUILD_DIR]: compute-sanitizer over one run of each
# distributed app (issue 31): PageRank, BFS, SSSP and WCC built by
# `gmc -t cuda --distributed --main -x`, two ranks under mpirun, each rank
# under `compute-sanitizer --tool memcheck`, over NCCL (when the build has
# it) and over MPI staging (--comm=mpi); and each app's single-GPU build
# (`gmc -t cuda --main -x`) under `--tool initcheck`. A check passes when
# the run exits 0, every process's summary says "0 errors" and the answer
# equals the single-GPU one (exact for BFS, SSSP, WCC; PageRank within
# e2e_compare's tolerance). API errors are not reported (--report-api-errors
# no): NCCL's set-up probes kernels this GPU has no image for and memcheck
# would count those. Before session 33's padding (16-byte units for every
# device buffer), SSSP over NCCL stopped here: NCCL's send kernel read past
# the end of a 6,507-byte Bool array. Every app of tests/mpi/cuda_apps.sh
# under memcheck at two ranks (the near-far rounds of sssp and the settled
# BFS among them): that script with MPI_BLOCKS=sanitize.
#
# BUILD_DIR (default _build) is a configured and built tree with the CUDA
# and distributed runtimes. Not part of make check (it needs a GPU, two for
# the NCCL runs: with one, only the MPI runs are made, both ranks sharing
# it); exit 77 without a GPU or
# compute-sanitizer. SAN_SCALE (13): the RMAT graph's scale; GPU_KEEP=1
# keeps the work folder.
set -u
here=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$here/../.." && pwd)
B=$(cd "${1:-$SRC/_build}" && pwd) || exit 2
if ! nvidia-smi >/dev/null 2>&1; then
    echo "sanitize: no NVIDIA GPU here (nvidia-smi fails): skipped"
    exit 77
fi
CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$CS" ] || { echo "sanitize: no compute-sanitizer: skipped"; exit 77; }
MPIRUN=$(sed -n 's/^MPIRUN = //p' "$B/Makefile" | head -n 1)
[ -n "$MPIRUN" ] || { echo "sanitize: the build has no MPI"; exit 2; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export NCCL_NVLS_ENABLE=0
[ -x "$B/tests/e2e/e2e_compare" ] || make -C "$B" tests/e2e/e2e_compare >/dev/null 2>&1 ||
    { echo "sanitize: cannot build tests/e2e/e2e_compare"; exit 2; }
comms=mpi
# NCCL refuses two ranks on one GPU: over NCCL only with two GPUs or more
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
if "$B/gmc" --version | grep -q "^NCCL: found"; then
    if [ "$ngpu" -ge 2 ]; then comms="nccl mpi"; else echo "sanitize: one GPU, so no NCCL runs (its two ranks would share it)"; fi
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-sanitize.XXXXXX") || exit 1
if [ "${GPU_KEEP:-0}" = 1 ]; then echo "work folder: $W"; else trap 'rm -rf "$W"' EXIT; fi
pass=0 fail=0
ok() { echo "PASS: $1"; pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; grep -v '^=========     \|^========= $' "$2" | tail -n 12 | sed 's/^/    /'; fail=$((fail + 1)); }

"$B/gmgraph" gen rmat --scale "${SAN_SCALE:-13}" --edge-factor 8 --seed 5 --weights int:1:255 --symmetrize \
    -o "$W/g.gmb" >/dev/null || { echo "sanitize: gmgraph gen failed"; exit 1; }
apps="pagerank bfs sssp wcc"
for app in $apps; do
    { "$B/gmc" -t cuda --main -x -o "$W/one_$app/" "$SRC/apps/$app.gm" &&
        "$B/gmc" -t cuda --distributed --main -x -o "$W/dist_$app/" "$SRC/apps/$app.gm"; } >"$W/build_$app.log" 2>&1 ||
        { echo "sanitize: cannot build $app"; cat "$W/build_$app.log"; exit 1; }
done
args() { case $1 in pagerank) echo "--e=0 --d=0.85 --max_iter=10" ;; bfs | sssp) echo "--root=1" ;; *) echo ;; esac; }
answer() { case $1 in pagerank) echo rank.txt:real ;; bfs | sssp) echo dist.txt:exact ;; wcc) echo comp.txt:exact ;; esac; }
# clean LOG PROCESSES: exit 0 and a "0 errors" summary from each process
clean() { [ "$(grep -c '^========= ERROR SUMMARY: 0 errors' "$1")" = "$2" ]; }

for app in $apps; do
    # shellcheck disable=SC2046
    "$CS" --tool initcheck --report-api-errors no --error-exitcode 77 "$W/one_$app/$app" "$W/g.gmb" $(args $app) \
        --out="$W/o_one_$app" >"$W/init_$app.log" 2>&1
    st=$?
    if [ $st = 0 ] && clean "$W/init_$app.log" 1; then
        ok "$app, one GPU, initcheck: 0 errors"
    else
        bad "$app, one GPU, initcheck: exit $st" "$W/init_$app.log"
    fi
    for comm in $comms; do
        l=$W/mem_${app}_$comm.log
        # shellcheck disable=SC2046
        $MPIRUN --bind-to none -np 2 "$CS" --tool memcheck --report-api-errors no --error-exitcode 77 \
            "$W/dist_$app/$app" "$W/g.gmb" $(args $app) --comm=$comm --out="$W/o_${app}_$comm" >"$l" 2>&1
        st=$?
        if [ $st != 0 ] || ! clean "$l" 2; then
            bad "$app, 2 ranks, --comm=$comm, memcheck: exit $st" "$l"
        elif ! "$B/tests/e2e/e2e_compare" "$W/o_one_$app" "$W/o_${app}_$comm" "$(answer $app)" >"$W/cmp" 2>&1; then
            bad "$app, 2 ranks, --comm=$comm: memcheck clean, the answer differs from one GPU's" "$W/cmp"
        else
            ok "$app, 2 ranks, --comm=$comm, memcheck: 0 errors, the single-GPU answer"
        fi
    done
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
