#!/bin/sh
# tests/mpi/sssp_local.sh: a monotone round loop under -t omp --distributed
# (apps/sssp.gm's Bellman-Ford rounds) whose rounds each relax a rank's
# part to its local fixpoint, nearest first (omp_dist.c's local_fixpoint),
# gives the single-process program's distances: at 1-4 ranks, policy both
# (out and a random relabelling at 3 ranks), on weighted graphs whose
# shortest paths cross the ranks many times (a 40 x 50 grid, a road-like
# 30 x 30 grid, a 400-node path, a directed RMAT graph with a sink root and
# one with two components, a DAG with negative lengths), with the local
# runs (default) and with the rounds as written (GMRT_PRIORITY=0).
# dist.txt compared byte for byte.
# Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
: "${GMC:?}" "${GMC_SRCDIR:?}" "${GMGRAPH:?}"
"$GMC" -t omp --distributed --main -x "$GMC_SRCDIR/apps/sssp.gm" -o "$W/d/" >"$W/gmc.log" 2>&1 &&
    "$GMC" -t omp --main -x "$GMC_SRCDIR/apps/sssp.gm" -o "$W/s/" >>"$W/gmc.log" 2>&1 ||
    { echo "FAIL: gmc sssp"; cat "$W/gmc.log"; exit 1; }
grep -q "up to its local fixpoint" "$W/d/sssp.c" || { echo "FAIL: the distributed rounds do not relax to a local fixpoint"; exit 1; }
# --report says so for sssp, and not for a round loop that is no monotone
# relaxation (pagerank's sums); -t cuda --distributed's the same
# (cuda_dist_fixpoint.c: the near-far kernel; run on GPUs by
# tests/mpi/cuda_apps.sh)
for t in omp cuda; do
    for app in sssp pagerank; do
        "$GMC" -t $t --distributed --report "$GMC_SRCDIR/apps/$app.gm" -o "$W/r_$t$app/" >/dev/null \
            2>"$W/report_$t$app" || { echo "FAIL: gmc -t $t --report $app"; cat "$W/report_$t$app"; exit 1; }
    done
    grep -q "relaxes a rank's part to its local fixpoint" "$W/report_${t}sssp" ||
        { echo "FAIL: -t $t --report does not name sssp's local fixpoints"; cat "$W/report_${t}sssp"; exit 1; }
    ! grep -q "relaxes a rank's part" "$W/report_${t}pagerank" ||
        { echo "FAIL: -t $t --report names local fixpoints for pagerank"; cat "$W/report_${t}pagerank"; exit 1; }
done
grep -q "gmcu_launch_coop(sssp_k[0-9]*, gmcu_coop_blocks(sssp_k[0-9]*, GMCU_NF_PER_SM)" "$W/r_cudasssp/sssp.cu" ||
    { echo "FAIL: -t cuda --distributed's sssp.cu launches no near-far kernel"; exit 1; }
"$GMGRAPH" gen grid --rows 40 --cols 50 --weights int:1:99 --seed 3 -o "$W/grid.gmb" >/dev/null
"$GMGRAPH" gen road --rows 30 --cols 30 --seed 4 -o "$W/road.gmb" >/dev/null
"$GMGRAPH" gen rmat --scale 9 --edge-factor 4 --weights int:1:20 --seed 6 -o "$W/rmat.gmb" >/dev/null
awk 'BEGIN { print "# Nodes: 400"; for (i = 0; i + 1 < 400; i++) print i, i + 1, (i * 37) % 11 + 1 }' >"$W/path.el"
awk 'BEGIN { print "# Nodes: 90"; for (i = 0; i + 1 < 45; i++) { print i, i + 1, 2; print i + 1, i, 3 }
             for (i = 45; i + 1 < 90; i++) print i, i + 1, 1 }' >"$W/two.el"
# forward edges of lengths -5..10 (no cycle, so no negative one): distances
# below zero, and owners lowered again after their first settling
awk 'BEGIN { print "# Nodes: 400"; for (i = 0; i < 400; i++) for (k = 0; k < 4; k++) {
                 j = i + 1 + (i * 7 + k * 13) % 30; if (j < 400) print i, j, (i * 5 + k * 11) % 16 - 5 } }' >"$W/neg.el"
graphs="grid.gmb:0 grid.gmb:1234 road.gmb:0 path.el:0 path.el:200 rmat.gmb:3 rmat.gmb:511 two.el:20 neg.el:0"
for gr in $graphs; do
    g=${gr%%:*} r=${gr#*:}
    "$W/s/sssp" "$W/$g" --root="$r" --threads=1 --out="$W/want/$g.$r" >/dev/null 2>&1 ||
        { echo "FAIL: the single-process sssp on $g from $r"; exit 1; }
done
# check NP POLICY PRIORITY: one launch over every graph (--batch)
check() {
    np=$1 pol=$2 prio=$3
    tag="-np $np $pol GMRT_PRIORITY=${prio:-default}"
    dir="$W/got/$np.$pol.${prio:-d}"
    : >"$W/batch"
    for gr in $graphs; do
        g=${gr%%:*} r=${gr#*:}
        echo "$W/$g --root=$r --out=$dir/$g.$r" >>"$W/batch"
    done
    set -- "--policy=${pol%%+*}"
    case $pol in *+relabel) set -- "$@" --relabel=5 ;; esac
    GMRT_PRIORITY=$prio
    export GMRT_PRIORITY
    "$GMC_MPIRUN" --oversubscribe -x GMRT_PRIORITY -np "$np" "$W/d/sssp" "$@" --threads=1 --batch="$W/batch" \
        >"$W/out" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: $tag: exit $rc"; sed 's/^/    /' "$W/out" | tail -20; fail=$((fail + 1)); return
    fi
    bad=
    for gr in $graphs; do
        g=${gr%%:*} r=${gr#*:}
        cmp -s "$W/want/$g.$r/dist.txt" "$dir/$g.$r/dist.txt" || bad="$bad $g@$r"
    done
    if [ -n "$bad" ]; then
        echo "FAIL: $tag: differs from the single-process program on:$bad"; fail=$((fail + 1))
    else
        echo "ok: $tag"
    fi
}
for np in 1 2 3 4; do check $np both ""; done
check 3 out ""
check 3 both+relabel ""
check 2 both 0
check 3 both+relabel 0
finish sssp_local
