#!/bin/bash
# bench/lib/dist_grid.sh: issue 31's grid rows on a machine with GPUs, in one
# command (the device runs of bench/RESULTS.md, sessions 34-35): builds gmc
# from a release tarball in /tmp (configure finds nvcc, MPI and NCCL), then
# the phases named in PH:
#   settle  apps/bfs.gm on a 4096 x 4096 grid from node 0: -t cuda, and
#           -t cuda --distributed at P = 1, 2 with GMD_BFS_SETTLE_AFTER -1
#           (level by level), 64 (the default) and 0; dist.txt compared
#   sssp    apps/sssp.gm on weighted 1000^2 and 4096^2 grids: -t cuda, and
#           --distributed at P = 1, 2 with its local fixpoints (and, on the
#           small grid, GMRT_PRIORITY=0: the rounds as written); compared
#   single  tests/gpu/graph_reuse.sh and tests/gpu/sanitize.sh on the build
#   tests   make check TESTS=tests/mpi/cuda_apps.sh (MPI_APPS etc. from the
#           environment), its log copied every 15 s (a time limit kills
#           make, which deletes the log); with TEST_GROUPS="NAME:APP,APP
#           ...", one run of cuda_apps.sh per group, all at once
#           (MPI_CUDA_BATCH=1 in the environment: each case list at a P
#           one --batch launch)
# Usage: OUT=DIR [PH="settle sssp tests"] [LIMIT=seconds] [REUSE=1] [TEST_GROUPS=...]
#        bash bench/lib/dist_grid.sh TARBALL
# (PH="": the build only; without a GPU only the tests phase runs, which
# then compiles and links the programs without running them.)
# A table of the rows is printed last and kept in $OUT/table.txt.
set -u
TARBALL=${1:?usage: OUT=DIR bash bench/lib/dist_grid.sh gmc-VERSION.tar.gz}
OUT=${OUT:-/tmp/out}; LIMIT=${LIMIT:-560}; PH=${PH-"settle sssp tests"}
T0=$(date +%s)
left() { echo $((LIMIT - ($(date +%s) - T0))); }
# NVLink multicast stays off (the machines' rule); root may run mpirun
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$OUT"
TAB=$OUT/table.txt; : >"$TAB"
row() { echo "$*" | tee -a "$TAB"; }
tally() { echo "$(grep -c '^PASS' "$1" 2>/dev/null) passed, $(grep -c '^FAIL' "$1" 2>/dev/null) failed"; } # LOG
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')
B=/tmp/gmcb W=/tmp/gmcw
S=/tmp/$(basename "$TARBALL" .tar.gz)
if [ "${REUSE:-0}" = 1 ] && [ -x $B/gmc ]; then
    echo "reusing $B"
else
    rm -rf "$S" $B && tar xzf "$TARBALL" -C /tmp && mkdir -p $B && cd $B || exit 1
    t=$(date +%s)
    "$S/configure" -q >"$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
    make -j"$(nproc)" >"$OUT/make.log" 2>&1 || { tail -40 "$OUT/make.log"; exit 1; }
    row "build: $(($(date +%s) - t)) s, $ngpu GPU(s): $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
fi
GMC=$B/gmc GMGRAPH=$B/gmgraph
mkdir -p $W

# dist_run NAME P ENV PROG GRAPH ARGS...: one mpirun, its dist.txt against
# the -t cuda program's (want/PROG.txt)
dist_run() {
    local name=$1 np=$2 env=$3 prog=$4
    shift 4
    rm -rf "${W:?}/$name" && mkdir -p "$W/$name"
    # shellcheck disable=SC2086
    timeout 120 mpirun --bind-to none -np "$np" -x OMP_NUM_THREADS=16 -x NCCL_NVLS_ENABLE -x GMD_RANK_TIMES=1 \
        $env "$prog" "$@" --repeat=3 --comm=nccl --out="$W/$name" >"$W/$name.txt" 2>&1
    local rc=$? same=differs
    cmp -s "$W/want/$(basename "$prog").txt" "$W/$name/dist.txt" && same=same
    row "$name P=$np $env rc=$rc answer $same: $(grep -o 'time_ms[^,]*\|comm_ms[^,]*' "$W/$name.txt" | head -2 | tr '\n' ' ')"
    cp "$W/$name.txt" "$OUT/"
}

# single APP GRAPH ARGS...: the -t cuda row; its dist.txt becomes want/APP.txt
single() {
    local app=$1 graph=$2
    shift 2
    rm -rf "$W/s_$app" && mkdir -p "$W/s_$app" "$W/want"
    "$W/s/$app" "$graph" "$@" --repeat=3 --out="$W/s_$app" >"$W/s_$app.txt" 2>&1
    cp "$W/s_$app/dist.txt" "$W/want/$app.txt"
    row "$app $(basename "$graph") -t cuda: $(grep -o 'time_ms[^,]*' "$W/s_$app.txt" | head -1)"
}

build_app() { # APP: -t cuda and -t cuda --distributed programs in $W/s and $W/d
    $GMC -t cuda --main -x "$S/apps/$1.gm" -o $W/s/ >"$W/gmc_$1.log" 2>&1 &&
        $GMC -t cuda --distributed --main -x "$S/apps/$1.gm" -o $W/d/ >>"$W/gmc_$1.log" 2>&1 ||
        { cat "$W/gmc_$1.log"; return 1; }
}

ph_settle() {
    [ -f $W/g4k.gmb ] || $GMGRAPH gen grid --rows 4096 --cols 4096 --weights int:1:255 -o $W/g4k.gmb >/dev/null
    build_app bfs || return
    single bfs $W/g4k.gmb --root=0
    for P in 1 2; do
        [ $P -le "$ngpu" ] || continue
        for A in -1 64 0; do
            dist_run "bfs_g4k_${P}_$A" $P "-x GMD_BFS_SETTLE_AFTER=$A" $W/d/bfs $W/g4k.gmb --root=0
        done
    done
}

ph_sssp() {
    build_app sssp || return
    for sz in 1000 4096; do
        [ -f $W/w$sz.gmb ] || $GMGRAPH gen grid --rows $sz --cols $sz --weights int:1:255 -o $W/w$sz.gmb >/dev/null
        single sssp $W/w$sz.gmb --root=0
        for P in 1 2; do
            [ $P -le "$ngpu" ] || continue
            dist_run "sssp_w${sz}_$P" $P "-x GMRT_PRIORITY=1" $W/d/sssp $W/w$sz.gmb --root=0
            [ $sz = 1000 ] && dist_run "sssp_w${sz}_${P}_written" $P "-x GMRT_PRIORITY=0" $W/d/sssp $W/w$sz.gmb --root=0
        done
    done
}

# tests/gpu/graph_reuse.sh and tests/gpu/sanitize.sh (one GPU's checks of
# the runtime: a graph's device copy across graphs of one size; memcheck on
# PageRank, BFS, SSSP and WCC at two ranks, initcheck on one GPU)
ph_single() {
    local t log
    for t in graph_reuse sanitize; do
        log=$OUT/$t.log
        timeout $(($(left) - 20)) sh "$S/tests/gpu/$t.sh" $B >"$log" 2>&1
        row "tests/gpu/$t.sh: rc=$? $(tally "$log")"
    done
}

# one make check of cuda_apps.sh, its log copied every 15 s (a time limit
# kills make, which deletes the log): run_check NAME TEST
run_check() {
    local name=$1 t=$2 s copier rc log
    s=$(date +%s)
    (while sleep 15; do cp "$t.log" "$OUT/partial_$name.log" 2>/dev/null; done) &
    copier=$!
    timeout $(($(left) - 20)) make check TESTS="$t" TEST_SUITE_LOG="suite_$name.log" >"$OUT/check_$name.log" 2>&1
    rc=$?
    kill $copier
    cp "$t.log" "$OUT/$name.log" 2>/dev/null
    log=$OUT/partial_$name.log
    [ -f "$OUT/$name.log" ] && log=$OUT/$name.log
    row "cuda_apps.sh $name (${MPI_APPS:-all}): rc=$rc $(($(date +%s) - s)) s; $(tally "$log")"
}

# TEST_GROUPS="NAME:APP,APP[:BLOCK,BLOCK] ...": the groups at once, each
# cuda_apps.sh run directly in the harness's environment (written out by a
# make check whose log compiler only saves it), with MPI_APPS its apps and
# its output in $OUT/NAME.log, MPI_BLOCKS its blocks (all when none); unset: one make check over MPI_APPS (all
# apps when unset)
ph_tests() {
    cd $B || return
    if [ -z "${TEST_GROUPS:-}" ]; then
        run_check cuda_apps tests/mpi/cuda_apps.sh
        return
    fi
    local g name pids= s
    printf '#!/bin/sh\nexport -p >"%s/harness.env"\n' $B >$B/save_env.sh
    make -j"$(nproc)" check TESTS=tests/mpi/cuda_apps.sh LOG_COMPILER="sh $B/save_env.sh" \
        >"$OUT/check_build.log" 2>&1 && [ -s $B/harness.env ] || { tail -20 "$OUT/check_build.log"; return 1; }
    s=$(date +%s)
    for g in $TEST_GROUPS; do
        name=${g%%:*}
        # shellcheck disable=SC1091
        (. $B/harness.env
         g=${g#*:}
         MPI_APPS=$(echo "${g%%:*}" | tr , ' ')
         case $g in *:*) MPI_BLOCKS=$(echo "${g#*:}" | tr , ' ') ;; *) MPI_BLOCKS= ;; esac
         export MPI_APPS MPI_BLOCKS
         timeout $(($(left) - 15)) sh "$S/tests/mpi/cuda_apps.sh" >"$OUT/$name.log" 2>&1
         row "cuda_apps.sh $name ($MPI_APPS${MPI_BLOCKS:+; $MPI_BLOCKS}): rc=$? $(($(date +%s) - s)) s; $(tally "$OUT/$name.log")") &
        pids="$pids $!"
    done
    # shellcheck disable=SC2086
    wait $pids
}

for p in $PH; do
    echo "== $p ($(left) s left)"
    if [ "$ngpu" -lt 1 ] && [ "$p" != tests ]; then
        row "$p: skipped, no GPU here (nvidia-smi -L lists none)"
        continue
    fi
    "ph_$p"
done
echo "======== table"
cat "$TAB"
