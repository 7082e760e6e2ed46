#!/bin/sh
# dist_staging.sh: gmc -t cuda --distributed keeps property arrays on the GPU
# where a rank has nothing to exchange. An owner write (root.P = x) or read
# (x = root.P) moves one element (gmcu_set/gmcu_get on the mirror), not the
# whole array to the host and back; the host-staged syncs are skipped where
# they have nothing to do: a ghost RESET on a rank without ghosts, an
# arg-min reduce runs on the device (gmd_gpu_sync_reduce_arg: the ghost
# slices alone move). With a GPU those copies were two bulk transfers of the
# array per call or per round (BFS's root.dist = 0, SSSP's
# <dist_nxt; updated_nxt> min= each round). At the exit a node property's
# owners alone go back to the caller (gmcu_mirror_return_first).
# -t omp --distributed keeps its host calls. PageRank's pull keeps the
# one-GPU edge blocking and the gather order, on any number of ranks (the
# gathered table's broadcast moves it by positions); BFS levels
# expand by TWC and go bottom-up on large frontiers. nvcc compiles
# the CUDA files without a warning where nvcc and MPI are found.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
cat > stage.gm <<'P'
Procedure stage(G: Graph, len: E_P<Int>, root: Node; dist: N_P<Int>, acc: N_P<Double>): Int {
    N_P<Bool> upd;
    N_P<Int> nxt;
    G.dist = +INF;
    G.upd = False;
    root.dist = 0;
    G.nxt = G.dist;
    G.acc = 0.0;
    Foreach (n: G.Nodes) {
        Foreach (s: n.Nbrs) {
            s.acc += 1.0;
        }
    }
    Foreach (n: G.Nodes)(n.dist != +INF) {
        Foreach (s: n.Nbrs) {
            Edge e = s.ToEdge();
            <s.nxt; s.upd> min= <n.dist + e.len; True>;
        }
    }
    G.dist = G.nxt;
    Int r = root.dist;
    Return r;
}
P
expect 0 "cuda distributed" "$GMC" -w -t cuda --distributed -o cu stage.gm
says "owner write: one element on the device" cu/stage.cu "gmcu_set<int32_t>(&_c_m_dist, _c_g - G->block[G->rank], _c_v);"
says "owner read: one element where it is" cu/stage.cu "_c_v = gmcu_get<int32_t>(&_c_m_dist, _c_g - _c_d->block[_c_d->rank]); gmd_bcast(&_c_v, sizeof _c_v, _c_o);"
says "ghost RESET: only where there are ghosts" cu/stage.cu "if (gmd_num_local(G) > G->num_owned) {"
# the arg-min reduce on the device: only the ghost slices move (it returns
# at once where no rank has a ghost), not both arrays to the host and back
says "arg-min reduce: on the device" cu/stage.cu "(void)gmd_gpu_sync_reduce_arg(_c_gg, gmcu_to_device(&_c_m_nxt), GMRT_T_INT32, true, 1, _c_pay, _c_pt);"
says "arg-min reduce: the payload's device copy" cu/stage.cu "void *const _c_pay[] = {gmcu_to_device(&_c_m_upd)};"
lacks "arg-min reduce: the payload not staged through the host" cu/stage.cu "gmcu_to_host(&_c_m_upd)"
# at the exit the owners of a node property go back, not its ghosts (never
# output); an edge property whole
says "exit: dist's owners only" cu/stage.cu "gmcu_mirror_return_first(&_c_m_dist, (size_t)_c_nowned);"
says "exit: acc's owners only" cu/stage.cu "gmcu_mirror_return_first(&_c_m_acc, (size_t)_c_nowned);"
says "exit: the edge property whole" cu/stage.cu "gmcu_mirror_return(&_c_m_len);"
lacks "no owner access through the host array" cu/stage.cu "gmd_owner_write\|gmd_owner_read"
expect 0 "omp distributed" "$GMC" -w -t omp --distributed -o omp stage.gm
says "omp: owner write on the host array" omp/stage.c "(void)gmd_owner_write(G, _c_g, dist, GMRT_T_INT32, &_c_v);"
says "omp: arg-min reduce on every rank count" omp/stage.c "(void)gmd_sync_reduce_arg(G, nxt, GMRT_T_INT32, true, 1, _c_pay, _c_pt);"
lacks "omp: no rank-count guard" omp/stage.c "G->size > 1"

# PageRank's pull keeps the one-GPU kernel: edge blocking on the local CSR,
# and the gather order of the hoisted table on any number of ranks (each
# rank's own, on its local CSR): the table's broadcast packs and scatters by
# the positions (issue 32); a table in id order keeps the plain broadcast
expect 0 "cuda distributed pagerank" "$GMC" -w -t cuda --distributed -o pr "$GMC_SRCDIR/apps/pagerank.gm"
says "pagerank: gather order on every rank count" pr/pagerank.cu "(void)gmcu_gather_order(_c_local, true, false); /* _hoisted4: most-read nodes first (skewed graphs) */"
lacks "pagerank: no one-rank guard" pr/pagerank.cu "size == 1"
says "pagerank: the gathered table broadcast by positions" pr/pagerank.cu "(void)gmd_gpu_sync_broadcast_at(_c_gg, gmcu_to_device(&_c_m__hoisted4), GMRT_T_DOUBLE, gmcu_gather_pos(_c_local, true));"
if grep "gmd_gpu_sync_broadcast(" pr/pagerank.cu | grep -q "_hoisted4"; then
    bad "pagerank: the gathered table also broadcast in id order"
else
    ok "pagerank: the gathered table has no id-order broadcast"
fi
says "pagerank: the gathered walk" pr/pagerank.cu "const gm_node_t w = _c_local->r_gather_idx[_c_e];"
says "pagerank: blocked pull" pr/pagerank.cu "const int _c_nseg = gmcu_eb_segments_gather(_c_local, true, sizeof(double), false);"
says "pagerank: the table written in gather order" pr/pagerank.cu "_hoisted4[gmcu_gather_at(_c_local, true, _g5)] ="
# -fcuda-gather-order=off: the table in id order, received straight into the ghost slice
expect 0 "cuda distributed pagerank, gather order off" "$GMC" -w -t cuda --distributed -fcuda-gather-order=off -o proff "$GMC_SRCDIR/apps/pagerank.gm"
says "pagerank, order off: the plain broadcast" proff/pagerank.cu "(void)gmd_gpu_sync_broadcast(_c_gg, gmcu_to_device(&_c_m__hoisted4), GMRT_T_DOUBLE);"
lacks "pagerank, order off: no gather call" proff/pagerank.cu "gmcu_gather"
# G.rank = 1 / N covers every local node (owners and ghosts): the caller's
# values are dead, nothing is copied to the device first (as on one GPU)
says "pagerank: the first loop overwrites rank" pr/pagerank.cu "(_c_gd__c_local, (double *)gmcu_to_device_overwrite(&_c_m_rank), N);"
# a loop over the owners only leaves the ghosts' values: it fetches
says "pagerank: a loop over the owners fetches" pr/pagerank.cu "pagerank_k2<<<gmcu_blocks(_c_n), GMCU_BLOCK>>>(_c_gd__c_local, (double *)gmcu_to_device(&_c_m__hoisted4)"

# BFS levels: the expansion walks each frontier row by block, warp or
# thread (TWC), and a large global frontier goes bottom-up over the owners
# where every owner's in-edges are on its rank (policy both, or one rank)
expect 0 "cuda distributed bfs" "$GMC" -w -t cuda --distributed -o bfs "$GMC_SRCDIR/apps/bfs.gm"
says "bfs: TWC expansion" bfs/bfs.cu "gmcu_twc(_c_u, _c_act ? _c_local->begin[_c_u] : 0, _c_act ? _c_local->begin[_c_u + 1] : 0,"
says "bfs: bottom-up only with the in-edges" bfs/bfs.cu "const bool _c_up = G->policy == GMD_POLICY_BOTH || G->size == 1;"
# the direction is taken on counts summed over the ranks, the same on every
# rank: a rank going bottom-up claims no ghost, so beside a rank staying
# top-down the nodes only its frontier reaches were never found (a path split
# between two GPUs lost its second half: cuda_apps.sh, bfs/bc_sampled, P = 2)
says "bfs: the direction's edge counts over all ranks" bfs/bfs.cu "(void)gmd_allreduce(_c_m, 2, GMRT_T_INT64, GMD_SUM);"
says "bfs: bottom-up on a large global frontier" bfs/bfs.cu "if (_c_up && (_c_nf > G->global_nodes / 20 || _c_m[0] > _c_m[1] / 14)) {"
says "bfs: queued owners counted with their out-edges" bfs/bfs.cu "gmcu_push_counted(_c_queue, &_c_cnt[0], _c_w, &_c_cnt[2], _c_local->begin[_c_w + 1] - _c_local->begin[_c_w]);"
says "bfs: an owner finds a parent in the frontier" bfs/bfs.cu "[&](gm_edge_t _c_e) { return _c_level[_c_local->r_node_idx[_c_e]] == _c_depth; });"

# --main: the partition's device lists and degrees are made before the
# clock (the procedure's first call made them inside it), after the graph's
# upload and before the timed runs
expect 0 "cuda distributed bfs --main" "$GMC" -w -t cuda --distributed --main -o bfsm "$GMC_SRCDIR/apps/bfs.gm"
pre=$(grep -n 'if (!gmd_gpu_graph_of(G, &gerr)) { /\* on every rank \*/' bfsm/bfs.cu | cut -d: -f1)
up=$(grep -n '(void)gmcu_graph(G->local, GMCU_GRAPH_REVERSE); /\* kept for every call \*/' bfsm/bfs.cu | cut -d: -f1)
clock=$(grep -n 'double t1 = gmrt_time_ms();' bfsm/bfs.cu | cut -d: -f1)
if [ -n "$pre" ] && [ -n "$up" ] && [ -n "$clock" ] && [ "$up" -lt "$pre" ] && [ "$pre" -lt "$clock" ]; then
    ok "main: gmd_gpu_graph_of before the clock"
else
    bad "main: gmd_gpu_graph_of not between the upload ($up) and the clock ($clock): '$pre'"
fi

NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
MPI_INC=
for w in $(mpicc --showme:compile 2>/dev/null); do case $w in -I*|-D*) MPI_INC="$MPI_INC $w" ;; esac; done
if ! [ -x "$NVCC" ] || [ -z "$(mpicc --showme:compile 2>/dev/null)" ]; then
    echo "skip: no nvcc or no mpicc for the compile"
else
    edge=
    [ -n "$(sed -n 's/^#define GMRT_EDGE64 1/y/p' "$GMC_BUILDDIR/config.h" 2>/dev/null)" ] && edge=-DGMRT_EDGE64
    nvflags="-std=c++17 -O1 -arch=sm_90 -Werror all-warnings -Xcompiler -fopenmp,-Wall,-Wextra
        -DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1 $edge $MPI_INC -I$GMC_SRCDIR/gm_runtime
        -I$GMC_SRCDIR/gm_runtime/dist -I$GMC_BUILDDIR"
    # The files in batches (nvcc's cost here is the CUDA, MPI and
    # gmd_gpu.h headers, ~11 processor s a run, the programs little), as
    # tests/mpi/cuda_apps.sh batches its apps: each file in a namespace of
    # its own after their common head (tests/cuda/batch_classify.awk says
    # who may share a batch, batch_unit.awk writes it). A batch that fails
    # or warns is compiled again one file at a time, as before batches, and
    # only a file that fails alone fails the check, with its own log.
    # bfsm/bfs.cu (-t cuda --distributed --main apps/bfs.gm) is not among
    # them: it is byte for byte the file tests/mpi/cuda_apps.sh compiles
    # with these flags (its bfs, in its batch of every app), and as it
    # declares bfs's extern "C" name it cost a second batch here.
    : >units
    : >keys
    i=0
    for u in cu:stage pr:pagerank bfs:bfs; do
        i=$((i + 1))
        d=${u%%:*} n=${u#*:}
        echo "$tmp/$d $n" >>units
        awk -v nr="$i" -v h="$d/$n.h" -v own="$n.h" -v dir="$d" \
            -f "$GMC_SRCDIR/tests/cuda/batch_classify.awk" "$d/$n.h" "$d/$n.cu" >>keys
    done
    # greedy batches (compile_all.sh's rule): the same key, the same later
    # #include lines where both have some, no extern "C" name twice
    awk -F '\t' '{
        nn = split($3, nm, " "); placed = 0
        for (j = 1; j <= nb && !placed; j++) {
            if (bkey[j] != $1 || ($2 != "" && blater[j] != "" && blater[j] != $2)) continue
            clash = 0
            for (k = 1; k <= nn; k++) if ((j SUBSEP nm[k]) in bname) clash = 1
            if (!clash) placed = j
        }
        if (!placed) { placed = ++nb; bkey[nb] = $1 }
        if ($2 != "") blater[placed] = $2
        bl[placed] = bl[placed] " " NR
        for (k = 1; k <= nn; k++) bname[placed, nm[k]] = 1
    } END { for (j = 1; j <= nb; j++) print bl[j] }' keys >batches
    nvfail=0
    while read -r list; do
        set -- $list
        if [ $# -gt 1 ]; then
            awk -v list="$list" -f "$GMC_SRCDIR/tests/cuda/batch_unit.awk" units >batch.cu
            # shellcheck disable=SC2086
            "$NVCC" $nvflags -c batch.cu -o batch.o >nvcc.txt 2>&1 && ! grep -qi warning nvcc.txt && continue
            echo "note: the batch of$(for k in "$@"; do sed -n "${k}p" units; done |
                awk '{ sub(".*/", "", $1); printf " %s/%s.cu", $1, $2 }') failed or warned; compiling each alone"
        fi
        for k in "$@"; do
            d=$(sed -n "${k}p" units | cut -d' ' -f1) n=$(sed -n "${k}p" units | cut -d' ' -f2)
            d=${d##*/}
            # shellcheck disable=SC2086
            if ! "$NVCC" $nvflags -I"$d" -c "$d/$n.cu" -o "$d/$n.o" >nvcc.txt 2>&1 || grep -qi warning nvcc.txt; then
                bad "nvcc: $d/$n.cu:"
                sed 's/^/    /' nvcc.txt | head -20
                nvfail=1
            fi
        done
    done <batches
    [ $nvfail = 1 ] || ok "nvcc compiles it without a warning ($(wc -l <batches) nvcc runs for the 4 files)"
fi
finish
