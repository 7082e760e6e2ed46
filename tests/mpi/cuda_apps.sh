#!/bin/sh
# tests/mpi/cuda_apps.sh: gmc -t cuda --distributed end to end (issue 31,
# phase 3), over tests/mpi/apps.sh's apps (the BFS ones too: $APPS_BFS),
# graphs and checks (tests/mpi/apps_common.sh).
#
# Everywhere libgmrt-dist-cuda is built (configure found MPI and nvcc):
# each app's generated NAME.cu compiles with nvcc -Werror all-warnings and
# -Wall -Wextra for the host compiler against mpi.h, gmd.h and gmd_gpu.h,
# and gmc -t cuda --distributed --main -x links it against
# libgmrt-dist-cuda (without a GPU: the first app's only); the program
# refuses --comm=bogus (exit 2, a message).
#
# With a GPU (nvidia-smi -L, as tests/mpi/gpu_sync.sh): each app also runs
# under mpirun for P = 1..min(2, GPUs) (MPI_RANKS to change it) over
# --comm=mpi and, when built with NCCL, --comm=nccl, with apps.sh's graphs
# and policies, and its --out files and return value are compared with
# the single-process -t omp program's by e2e_compare, as apps.sh does;
# then at P = GPUs + 1 and 2 x GPUs over --comm=mpi (ranks sharing GPUs;
# MPI_SHARED_RANKS); with two GPUs and NCCL, every app at P = 2 over NCCL's
# socket transport on loopback (the path between hosts).
# With two GPUs or more, the apps with a property in gather order run
# again at P = 1..min(4, GPUs) with that order forced on every graph and
# off (GMCU_GATHER_ORDER=all / 0; MPI_GATHER_RANKS: other P), the BFS apps
# with the dense claims forced (GMD_BFS_DENSE=1), and bfs and bfs_local
# settled rank by rank from the root (GMD_BFS_SETTLE_AFTER=0:
# gmd_gpu_bfs_settle from the first level, not after 64), and sssp on the
# path traced (GMCU_STATS=1) to show its rounds relax to local fixpoints.
#
# Skips (77) when libgmrt-dist-cuda is not built (no MPI or no nvcc).
# Environment: the harness's GMC, GMGRAPH, GMC_SRCDIR, GMC_BUILDDIR,
# GMC_MPIRUN, GMC_GPU_SYNC_TEST (set when libgmrt-dist-cuda is built),
# GMC_GPU_SYNC_NCCL; MPI_APPS / MPI_GRAPHS / MPI_RANKS / MPI_KEEP as for
# apps.sh; MPI_BLOCKS and MPI_CUDA_BATCH (below); GMC_NVCC.
set -u
if [ -z "${GMC_GPU_SYNC_TEST:-}" ] || [ -z "${GMC_MPIRUN:-}" ]; then
    echo "SKIP: libgmrt-dist-cuda is not built (configure needs MPI and nvcc)"
    exit 77
fi
NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if ! [ -x "$NVCC" ]; then
    echo "SKIP: nvcc not found"
    exit 77
fi
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') || ngpu=0
if [ "$ngpu" -gt 0 ]; then
    MPI_RANKS=${MPI_RANKS:-$([ "$ngpu" -ge 2 ] && echo "1 2" || echo 1)}
    export MPI_RANKS
fi
. "$(dirname "$0")/apps_common.sh"
export NCCL_NVLS_ENABLE=0
comms=mpi
[ "${GMC_GPU_SYNC_NCCL:-}" = yes ] && comms="nccl mpi"
flags="-std=c++17 -O1 -arch=sm_90 -Werror all-warnings -Xcompiler -fopenmp,-Wall,-Wextra -DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1"
[ -n "$(sed -n 's/^#define GMRT_EDGE64 1/y/p' "$GMC_BUILDDIR/config.h" 2>/dev/null)" ] && flags="$flags -DGMRT_EDGE64"
MPI_INC=
for w in $MPI_CFLAGS; do case $w in -I*|-D*) MPI_INC="$MPI_INC $w" ;; esac; done
[ "$ngpu" -gt 0 ] || echo "no GPU here: the generated programs are compiled and linked, not run"

# MPI_CUDA_BATCH=1: each matrix's cases at one P in one --batch launch (the
# GPU's and NCCL's start-up paid once: apps_common.sh's batch_run), as
# apps.sh runs the -t omp programs; default: a launch per case
MATRIX_BATCH=${MPI_CUDA_BATCH:-0}
# MPI_BLOCKS: which of the runs below (with a GPU) to make, of "main" (each
# app's matrix at MPI_RANKS), "gather", "forced", "shared", "sockets"
# (default: these five) and "sanitize" (named only); the programs are built
# and their nvcc checks made in any case
blocks=${MPI_BLOCKS:-main gather forced shared sockets}
linked_one=
echo "$APPS$APPS_BFS" >"$W/apps.txt"
# nvcc's fixed cost (CUDA's and the runtime's headers) is most of a compile:
# the selected apps' .cu go first into one translation unit, as
# tests/cuda/compile_all.sh and tests/e2e/ugraph batch them, with their
# scripts: each app's output in a folder of its own ($W/batch/APP/), the
# head of their .cu first, then each .cu in a namespace of its own, its
# macros (of the .cu and of APP.h) #undef'd after it; only when
# tests/cuda/batch_classify.awk says they may all share a batch (the same
# head, the same #include lines further down where they have any, no
# extern "C" name twice, nothing else a member could borrow), else each is
# compiled alone. An app of a batch that compiled with no warning passes
# its nvcc check below; if the batch fails or warns, each app is compiled
# alone, as before.
batch_ok=
mkdir -p "$W/batch"
: >"$W/batch/units"
: >"$W/batch/keys"
i=0
while IFS='|' read -r app _; do
    [ -n "$app" ] && selected "${MPI_APPS:-}" "$app" || continue
    src=$GMC_SRCDIR/apps/$app.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/tests/mpi/$app.gm
    $TIMEOUT "$GMC" -t cuda --distributed --main "$src" -o "$W/batch/$app/" >/dev/null 2>&1 || continue
    i=$((i + 1))
    echo "$W/batch/$app $app" >>"$W/batch/units"
    awk -v nr="$i" -v h="$W/batch/$app/$app.h" -v own="$app.h" -v dir="$W/batch/$app" \
        -f "$GMC_SRCDIR/tests/cuda/batch_classify.awk" "$W/batch/$app/$app.h" "$W/batch/$app/$app.cu" >>"$W/batch/keys"
    batch_ok="$batch_ok $app"
done <"$W/apps.txt"
if [ $i -lt 2 ]; then
    batch_ok=
elif ! awk -F '\t' 'NR == 1 { key = $1 } $1 != key { exit 1 }
        $2 != "" { if (later != "" && $2 != later) exit 1; later = $2 }
        { n = split($3, nm, " "); for (k = 1; k <= n; k++) if (seen[nm[k]]++) exit 1 }' "$W/batch/keys"; then
    echo "note: the apps may not share a batch; compiling each alone"
    batch_ok=
else
    awk -v list="$(awk '{ printf " %d", NR }' "$W/batch/units")" -f "$GMC_SRCDIR/tests/cuda/batch_unit.awk" \
        "$W/batch/units" >"$W/batch/apps.cu"
    # shellcheck disable=SC2086
    "$NVCC" $flags $MPI_INC -I"$GMC_SRCDIR/gm_runtime" -I"$GMC_SRCDIR/gm_runtime/dist" -c \
        -o "$W/batch/apps.o" "$W/batch/apps.cu" >"$W/batch/nvcc.log" 2>&1 && ! grep -qi warning "$W/batch/nvcc.log" ||
        { echo "note: the apps' batch did not compile cleanly; compiling each alone"; batch_ok=; }
fi
while IFS='|' read -r app kind policies args checks rchecks; do
    [ -n "$app" ] || continue
    selected "${MPI_APPS:-}" "$app" || continue
    src=$GMC_SRCDIR/apps/$app.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/tests/mpi/$app.gm
    mkdir -p "$W/omp" "$W/cuda"
    if ! $TIMEOUT "$GMC" -t cuda --distributed --main "$src" -o "$W/cuda" >"$W/cuda/$app.log" 2>&1; then
        report FAIL "$app: gmc -t cuda --distributed --main failed" "$W/cuda/$app.log"
        continue
    fi
    # nvcc -Werror with the host compiler's -Wall -Wextra, against mpi.h and gmd_gpu.h
    case " $batch_ok " in *" $app "*) in_batch=1 ;; *) in_batch=0 ;; esac
    # shellcheck disable=SC2086
    if [ $in_batch = 1 ] && cmp -s "$W/cuda/$app.cu" "$W/batch/$app/$app.cu" &&
        cmp -s "$W/cuda/$app.h" "$W/batch/$app/$app.h"; then
        report PASS "$app: nvcc -Werror (-Wall -Wextra) (in one batch with the others)"
    elif "$NVCC" $flags $MPI_INC -I"$GMC_SRCDIR/gm_runtime" -I"$GMC_SRCDIR/gm_runtime/dist" -c \
        -o "$W/cuda/$app.o" "$W/cuda/$app.cu" >"$W/cuda/$app.nvcc" 2>&1 && ! grep -qi warning "$W/cuda/$app.nvcc"; then
        report PASS "$app: nvcc -Werror (-Wall -Wextra)"
    else
        report FAIL "$app: nvcc -Werror (-Wall -Wextra)" "$W/cuda/$app.nvcc"
        continue
    fi
    # linked by gmc -x against libgmrt-dist-cuda (without a GPU: the first app
    # only, to spare the CI box nvcc's second compile of each)
    [ "$ngpu" -gt 0 ] || [ -z "$linked_one" ] || continue
    linked_one=$app
    if $TIMEOUT "$GMC" -t cuda --distributed --main -x "$src" -o "$W/cuda" >"$W/cuda/$app.x" 2>&1 &&
        [ -x "$W/cuda/$app" ]; then
        report PASS "$app: gmc -t cuda --distributed --main -x"
    else
        report FAIL "$app: gmc -t cuda --distributed --main -x" "$W/cuda/$app.x"
        continue
    fi
    [ "$ngpu" -gt 0 ] || continue
    if ! $TIMEOUT "$GMC" -t omp --main -x "$src" -o "$W/omp" >"$W/omp/$app.log" 2>&1; then
        report FAIL "$app: gmc -t omp --main -x failed" "$W/omp/$app.log"
        continue
    fi
    selected "$blocks" main || continue
    MATRIX_BIN=$W/cuda
    for comm in $comms; do
        MATRIX_OPTS="--comm=$comm" MATRIX_TAG=" comm=$comm" MATRIX_OUT="-$comm"
        run_matrix "$app" "$kind" "$policies" "$args" "$checks" "$rchecks"
    done
done <"$W/apps.txt"

# The gather order at P >= 2 (issue 32): each app with a property in gather
# order (its --report says "gather order:") runs again at P = 1..min(4, GPUs)
# (MPI_GATHER_RANKS to change it) with GMCU_GATHER_ORDER=all (the order on
# every graph, so these small ones take it: its broadcasts move the table by
# each rank's positions) and with GMCU_GATHER_ORDER=0 (id order), every
# policy, over each transport, against the single-process answer. With
# GMCU_STATS=1 one run at P = 2 must say on each rank that the order was
# built (=all) and must not (=0), or the runs above would prove nothing.
# Apps run here only (a row as in $APPS; pagerank_nx: PageRank with the
# dangling nodes' rank spread, its table in gather order too).
GATHER_APPS='
pagerank_nx|u|in both|--e=1e-7 --d=0.85 --max_iter=50|rank.txt:real|rank.txt:real
'
granks=1 # P = 1 too: with 4 GPUs, "1 2 3 4" runs the policies other than both at P = 3 only (run_matrix)
for np in 2 3 4; do [ "$np" -le "$ngpu" ] && granks="$granks $np"; done
granks=${MPI_GATHER_RANKS:-$granks}
[ "$ngpu" -ge 2 ] && selected "$blocks" gather || granks=
mkdir -p "$W/report" "$W/cuda" "$W/omp"
echo "$APPS$APPS_BFS$GATHER_APPS" >"$W/gapps.txt"
while [ -n "$granks" ] && IFS='|' read -r app kind policies args checks rchecks; do
    [ -n "$app" ] || continue
    selected "${MPI_APPS:-}" "$app" || continue
    src=$GMC_SRCDIR/apps/$app.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/tests/mpi/$app.gm
    $TIMEOUT "$GMC" -t cuda --distributed --report "$src" -o "$W/report/" >"$W/report/$app.txt" 2>&1 || continue
    grep -q "gather order:" "$W/report/$app.txt" || continue
    if ! [ -x "$W/cuda/$app" ] &&
        ! $TIMEOUT "$GMC" -t cuda --distributed --main -x "$src" -o "$W/cuda" >"$W/cuda/$app.x" 2>&1; then
        report FAIL "$app: gmc -t cuda --distributed --main -x" "$W/cuda/$app.x"
        continue
    fi
    if ! [ -x "$W/omp/$app" ] && ! $TIMEOUT "$GMC" -t omp --main -x "$src" -o "$W/omp" >"$W/omp/$app.log" 2>&1; then
        report FAIL "$app: gmc -t omp --main -x failed" "$W/omp/$app.log"
        continue
    fi
    graph_args rmat
    for mode in all 0; do
        mkdir -p "$W/gstats-$app-$mode"
        # shellcheck disable=SC2086
        (GMCU_STATS=1 GMCU_GATHER_ORDER=$mode
         export GMCU_STATS GMCU_GATHER_ORDER
         run_dist "$W/gstats-$app-$mode" 2 "$W/cuda/$app" "$gfile" $gargs --policy=both --threads=1)
        built=$(grep -c "^gmcu: gather order for" "$W/gstats-$app-$mode/stderr.txt")
        if [ "$(cat "$W/gstats-$app-$mode/rc")" != 0 ]; then
            report FAIL "$app rmat P=2 GMCU_GATHER_ORDER=$mode GMCU_STATS=1: exit $(cat "$W/gstats-$app-$mode/rc")" \
                "$W/gstats-$app-$mode/stderr.txt"
        elif [ $mode = all ] && [ "$built" -lt 2 ]; then
            report FAIL "$app rmat P=2 GMCU_GATHER_ORDER=all: the order built on $built rank(s), not 2" \
                "$W/gstats-$app-$mode/stderr.txt"
        elif [ $mode = 0 ] && [ "$built" -ne 0 ]; then
            report FAIL "$app rmat P=2 GMCU_GATHER_ORDER=0: the order built all the same" "$W/gstats-$app-$mode/stderr.txt"
        else
            report PASS "$app rmat P=2 GMCU_GATHER_ORDER=$mode: the order built on $built rank(s)"
        fi
    done
    RANKS_SAVED=$RANKS RANKS=$granks MATRIX_BIN=$W/cuda
    for mode in all 0; do
        GMCU_GATHER_ORDER=$mode
        export GMCU_GATHER_ORDER
        for comm in $comms; do
            MATRIX_OPTS="--comm=$comm" MATRIX_TAG=" comm=$comm GMCU_GATHER_ORDER=$mode"
            MATRIX_OUT="-$comm-gather$mode"
            run_matrix "$app" "$kind" "$policies" "$args" "$checks" "$rchecks"
        done
    done
    unset GMCU_GATHER_ORDER
    RANKS=$RANKS_SAVED
done <"$W/gapps.txt"

# app_row APP: APP's row of $APPS / $APPS_BFS into kind, policies, args,
# checks and rchecks (for the blocks below, which run one app at a time)
app_row() {
    IFS='|' read -r _ kind policies args checks rchecks <<EOF_ROW
$(printf '%s\n%s\n' "$APPS" "$APPS_BFS" | grep "^$1|")
EOF_ROW
}

# forced APP VAR VALUE PATTERN WHAT OUT [GRAPH]: the app APP again with
# VAR=VALUE in the environment. One run at P = 2 on GRAPH (default: the
# path) with GMD_RANK_TIMES=1 must match PATTERN in its trace (else WHAT:
# these runs would prove nothing); then apps.sh's matrix over each
# transport against the single-process answer (outputs under *-COMM-OUT;
# OUT "-": the traced run only, the matrix being the default one).
forced() {
    f_app=$1 f_var=$2 f_val=$3 f_pat=$4 f_what=$5 f_out=$6
    selected "${MPI_APPS:-}" "$f_app" || return 0
    [ -x "$W/cuda/$f_app" ] || return 0
    app_row "$f_app"
    graph_args "${7:-path}"
    f_dir=$W/traced-$f_var-$f_app
    mkdir -p "$f_dir"
    # shellcheck disable=SC2086
    (export "$f_var=$f_val" GMD_RANK_TIMES=1
     run_dist "$f_dir" 2 "$W/cuda/$f_app" "$gfile" $gargs --policy=both --threads=1)
    if [ "$(cat "$f_dir/rc")" != 0 ]; then
        report FAIL "$f_app ${7:-path} P=2 $f_var=$f_val: exit $(cat "$f_dir/rc")" "$f_dir/stderr.txt"
    elif ! grep -q "$f_pat" "$f_dir/stderr.txt"; then
        report FAIL "$f_app ${7:-path} P=2 $f_var=$f_val: $f_what" "$f_dir/stderr.txt"
    else
        report PASS "$f_app ${7:-path} P=2 $f_var=$f_val: $(grep -c "$f_pat" "$f_dir/stderr.txt") traced line(s) as expected"
    fi
    [ "$f_out" != - ] || return 0
    export "$f_var=$f_val"
    MATRIX_BIN=$W/cuda
    for comm in $comms; do
        MATRIX_OPTS="--comm=$comm" MATRIX_TAG=" comm=$comm $f_var=$f_val" MATRIX_OUT="-$comm-$f_out"
        run_matrix "$f_app" "$kind" "$policies" "$args" "$checks" "$rchecks"
    done
    unset "$f_var"
}

# The dense form of the BFS claims (gmd_gpu_bfs_claims: a flag per local
# id reduced GPU to GPU, taken by levels that claim thousands of ghosts,
# so never on these small graphs by itself): every BFS app again with
# GMD_BFS_DENSE=1 (every level with a claim takes it). On the path from
# node 0 a level claims the first node past the owners' boundary (on rmat
# the ranks' levels claim nothing), so the traced run must name the dense
# form. The rank-by-rank end of a BFS on the device (gmd_gpu_bfs_settle,
# after 64 levels by default, which few of these graphs reach): the BFS
# apps it may finish (bfs, bfs_local) again settled from the root, the
# traced run saying it settled.
if [ "$ngpu" -ge 2 ] && selected "$blocks" forced; then
    # (levels in step throughout: settled after 64 levels, the path's BFS
    # would end before its first claim across the ranks, at level 150)
    GMD_BFS_SETTLE_AFTER=-1
    export GMD_BFS_SETTLE_AFTER
    for app in $(echo "$APPS_BFS" | cut -d'|' -f1); do
        forced "$app" GMD_BFS_DENSE 1 "bfs claims at level .*(dense)" "no level took the dense form" dense
    done
    unset GMD_BFS_SETTLE_AFTER
    for app in bfs bfs_local; do
        forced "$app" GMD_BFS_SETTLE_AFTER 0 "bfs settled from level 0 in " "the BFS did not settle" settle
    done
    # sssp's rounds relax each rank's part to its local fixpoint
    # (cuda_dist_fixpoint.c) where the local graph is not one of few rounds:
    # on the path they must (GMCU_STATS=1 names each near-far run); the
    # default matrix above checked their answers on every graph
    forced sssp GMCU_STATS 1 "gmcu: near-far: " "no round relaxed to a local fixpoint" - w_path
fi

# every_app COMM TAG OUT: run_matrix of each selected app built both ways
# over --comm=COMM (MATRIX_TAG, MATRIX_OUT: TAG, OUT); first_app and
# first_kind name the first
every_app() {
    first_app= first_kind=
    while IFS='|' read -r app kind policies args checks rchecks; do
        [ -n "$app" ] || continue
        selected "${MPI_APPS:-}" "$app" || continue
        [ -x "$W/cuda/$app" ] && [ -x "$W/omp/$app" ] || continue
        [ -n "$first_app" ] || first_app=$app first_kind=$kind
        MATRIX_OPTS="--comm=$1" MATRIX_TAG=$2 MATRIX_OUT=$3
        run_matrix "$app" "$kind" "$policies" "$args" "$checks" "$rchecks"
    done <"$W/apps.txt"
}

# More ranks than GPUs (issue 31: 3-4 ranks on the two-GPU machine): the
# ranks share the GPUs, which NCCL refuses, so --comm=mpi stages the syncs
# through the host. Every app again at P = GPUs + 1 and 2 x GPUs (one GPU:
# P = 2; MPI_SHARED_RANKS to change them, " " for none), every policy,
# against the single-process answer.
sranks=
[ "$ngpu" -eq 1 ] && sranks=2
[ "$ngpu" -ge 2 ] && sranks="$((ngpu + 1)) $((2 * ngpu))"
sranks=${MPI_SHARED_RANKS:-$sranks}
if [ -n "$(echo $sranks)" ] && selected "$blocks" shared; then
    RANKS_SAVED=$RANKS RANKS=$sranks MATRIX_BIN=$W/cuda
    every_app mpi " comm=mpi, ranks sharing GPUs" -mpi-shared
    RANKS=$RANKS_SAVED
fi

# NCCL's socket transport on loopback, the stand-in for two hosts (issue
# 31: NVLink and shared memory off, MPI over TCP on lo, as
# tests/mpi/gpu_sync.sh's test program runs it): with two GPUs and NCCL,
# every app at P = 2 over --comm=nccl, every graph and policy, against the
# single-process answer; one traced run (NCCL_DEBUG=INFO, the first app)
# must show NCCL on NET/Socket and no channel via P2P, SHM or IB, else the
# block proved nothing. (The variables are unset after it: this script's
# caller does not set them.)
if [ "$ngpu" -ge 2 ] && [ "${GMC_GPU_SYNC_NCCL:-}" = yes ] && selected "$blocks" sockets; then
    RANKS_SAVED=$RANKS RANKS=2 MATRIX_BIN=$W/cuda
    # (InfiniBand off too, else NCCL takes NET/IB where the host has it;
    # ob1, else Open MPI's UCX layer ignores the btl list)
    NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 NCCL_SOCKET_IFNAME=lo
    OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,tcp OMPI_MCA_btl_tcp_if_include=lo
    export NCCL_P2P_DISABLE NCCL_SHM_DISABLE NCCL_IB_DISABLE NCCL_SOCKET_IFNAME OMPI_MCA_pml OMPI_MCA_btl \
        OMPI_MCA_btl_tcp_if_include
    every_app nccl " comm=nccl over sockets on loopback" -nccl-sockets
    if [ -n "$first_app" ]; then
        t_graph=rmat t_dir=$W/sockets_trace
        [ "$first_kind" = w ] && t_graph=w_rmat
        args=$(grep "^$first_app|" "$W/apps.txt" | head -1 | cut -d'|' -f4)
        graph_args $t_graph
        mkdir -p "$t_dir"
        NCCL_DEBUG=INFO
        export NCCL_DEBUG
        # shellcheck disable=SC2086
        run_dist "$t_dir" 2 "$W/cuda/$first_app" "$gfile" $gargs --policy=both --comm=nccl
        unset NCCL_DEBUG
        cat "$t_dir/stderr.txt" >>"$t_dir/stdout.txt"
        # NET/Socket named, and no channel through another transport
        if [ "$(cat "$t_dir/rc")" = 0 ] && grep -q 'NET/Socket' "$t_dir/stdout.txt" &&
            ! grep -q 'via P2P\|via SHM\|NET/IB' "$t_dir/stdout.txt"; then
            report PASS "$first_app $t_graph P=2 comm=nccl: NCCL's trace names NET/Socket (the two hosts' path)"
        else
            report FAIL "$first_app $t_graph P=2 comm=nccl: exit $(cat "$t_dir/rc"), or NCCL's trace does not name NET/Socket" "$t_dir/stdout.txt"
        fi
    fi
    unset NCCL_P2P_DISABLE NCCL_SHM_DISABLE NCCL_IB_DISABLE NCCL_SOCKET_IFNAME OMPI_MCA_pml OMPI_MCA_btl \
        OMPI_MCA_btl_tcp_if_include
    RANKS=$RANKS_SAVED
fi

# compute-sanitizer (issue 31: one run of each app), with "sanitize" in
# MPI_BLOCKS only (memcheck makes a run many times slower): each app at
# P = 2, policy both, on the RMAT graph (w_rmat when weighted), each rank
# under memcheck, over each transport (one GPU: MPI's only, the ranks
# sharing it), against the single-process answer;
# then sssp on the weighted path (its rounds relaxed by the near-far kernel
# on each rank's CSR) and bfs on the path settled from the root
# (GMD_BFS_SETTLE_AFTER=0: gmd_gpu_bfs_settle). An error exits 77 (a FAIL
# of the matrix); a run whose two processes did not both print memcheck's
# "0 errors" summary fails too (else the sanitizer might not have run).
# sanitized APP GRAPH [VAR=VALUE]
sanitized() {
    s_app=$1 s_graph=$2
    app_row "$s_app"
    printf '#!/bin/sh\nexec "%s" --tool memcheck --report-api-errors no --error-exitcode 77 "%s" "$@"\n' \
        "$CS" "$W/cuda/$s_app" >"$W/san/$s_app"
    chmod +x "$W/san/$s_app"
    [ $# -lt 3 ] || export "${3?}"
    MPI_GRAPHS=$s_graph
    for comm in $san_comms; do
        MATRIX_OPTS="--comm=$comm" MATRIX_TAG=" comm=$comm under memcheck${3:+ $3}"
        MATRIX_OUT="-san-$comm-$s_graph${3:+-${3%%=*}}"
        run_matrix "$s_app" "$kind" "$policies" "$args" "$checks" "$rchecks"
        s_out=$W/out$MATRIX_OUT/$s_app/$s_graph/both-2/stdout.txt
        if [ "$(grep -c '^========= ERROR SUMMARY: 0 errors' "$s_out" 2>/dev/null)" = 2 ]; then
            report PASS "$s_app $s_graph P=2$MATRIX_TAG: both processes' summaries say 0 errors"
        else
            report FAIL "$s_app $s_graph P=2$MATRIX_TAG: not two clean memcheck summaries" "$s_out"
        fi
    done
    [ $# -lt 3 ] || unset "${3%%=*}"
}
if selected "$blocks" sanitize && [ "$ngpu" -gt 0 ]; then
    CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    mkdir -p "$W/san"
    if ! [ -x "$CS" ]; then
        report FAIL "sanitize: compute-sanitizer not found"
    else
        RANKS_SAVED=$RANKS MPI_GRAPHS_SAVED=${MPI_GRAPHS:-} TIMEOUT_SAVED=$TIMEOUT
        # one run a launch: memcheck's summary ends the process, after the last run's output
        RANKS=2 MPI_POLICIES=both MATRIX_BIN=$W/san MATRIX_BATCH=0
        # one GPU: its two ranks share it, which NCCL refuses; over MPI only
        san_comms=$comms
        [ "$ngpu" -ge 2 ] || san_comms=mpi
        # memcheck intercepts every NCCL and CUDA call: a 256-node run took
        # 6 s of collectives, and past 120 s to exit, beside four other
        # sanitized groups on the two GPUs (session 37); 600 s a run
        [ -z "$TIMEOUT" ] || TIMEOUT="timeout 600"
        while IFS='|' read -r app kind _; do
            [ -n "$app" ] || continue
            selected "${MPI_APPS:-}" "$app" || continue
            [ -x "$W/cuda/$app" ] && [ -x "$W/omp/$app" ] || continue
            case $kind in w) sanitized "$app" w_rmat ;; *) sanitized "$app" rmat ;; esac
        done <"$W/apps.txt"
        selected "${MPI_APPS:-}" sssp && [ -x "$W/cuda/sssp" ] && sanitized sssp w_path
        selected "${MPI_APPS:-}" bfs && [ -x "$W/cuda/bfs" ] && sanitized bfs path GMD_BFS_SETTLE_AFTER=0
        RANKS=$RANKS_SAVED MPI_GRAPHS=$MPI_GRAPHS_SAVED MPI_POLICIES= MATRIX_BATCH=${MPI_CUDA_BATCH:-0} TIMEOUT=$TIMEOUT_SAVED
    fi
fi

# --comm: a bad value is bad usage (exit 2, a message), before any GPU is
# needed; checked on the first program built.
for app in $linked_one; do
    [ -x "$W/cuda/$app" ] || continue
    $TIMEOUT "$GMC_MPIRUN" -np 1 "$W/cuda/$app" "$G/selfdup.el" --comm=bogus </dev/null >"$W/bogus.out" 2>&1
    rc=$?
    if [ $rc -eq 2 ] && grep -q -- "--comm: expected auto, nccl or mpi" "$W/bogus.out"; then
        report PASS "$app --comm=bogus refused (exit 2)"
    else
        report FAIL "$app --comm=bogus: exit $rc" "$W/bogus.out"
    fi
    # a --batch keeps its first run's transport: a later line asking for the
    # other one fails (exit 1, the message), the runs around it do not
    if [ "$ngpu" -ge 2 ] && [ "$comms" = "nccl mpi" ]; then
        mkdir -p "$W/twocomm"
        app_row "$app"
        case $kind in w) graph_args w_selfdup ;; *) graph_args selfdup ;; esac
        for c in nccl mpi auto; do echo "'$gfile' $gargs --policy=both --comm=$c"; done >"$W/twocomm/batch.txt"
        run_dist "$W/twocomm" 2 "$W/cuda/$app" --batch="$W/twocomm/batch.txt" --threads=1
        if grep -q "^== batch line 1 done: exit status 0" "$W/twocomm/stdout.txt" &&
            grep -q "^== batch line 2 done: exit status 1" "$W/twocomm/stdout.txt" &&
            grep -q "^== batch line 3 done: exit status 0" "$W/twocomm/stdout.txt" &&
            grep -q -- "--comm=mpi: this process's GPU transport is already nccl" "$W/twocomm/stderr.txt"; then
            report PASS "$app --batch: --comm=mpi after --comm=nccl refused (exit 1), the runs around it ran"
        else
            cat "$W/twocomm/stdout.txt" >>"$W/twocomm/stderr.txt"
            report FAIL "$app --batch with two transports: exit $(cat "$W/twocomm/rc")" "$W/twocomm/stderr.txt"
        fi
    fi
    break
done

note=
[ $retried -eq 0 ] || note=" ($retried after mpirun failed to start them once)"
echo "cuda mpi apps: $pass passed, $fail failed$note"
[ $fail -eq 0 ]
