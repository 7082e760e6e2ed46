#!/bin/sh
# tests/mpi/bfs_settle.sh: a distributed BFS finished rank by rank
# (gmd_bfs_settle: a local BFS per rank, then the lowered ghosts to their
# owners, rounds until no level moves) gives the single-process program's
# answer. apps/bfs.gm (the levels are its output) and tests/mpi/bfs_local.gm
# (a filtered body that touches only its node, run once per node found)
# built with gmc -t omp --distributed --main -x run at 1-4 ranks, policy
# both (out and a random relabelling at 3 ranks), with GMD_BFS_SETTLE_AFTER
# 0 (settled from the root: every crossing between ranks is a round), 3
# (after three levels in step) and unset (after 64), on graphs where paths
# cross the ranks often: a 300-node path, a 30 x 40 grid, a directed RMAT
# graph, two components (nodes the root never reaches), self-loops and
# parallel edges, a graph without edges, a root without out-edges; and at
# 1-2 ranks with 2 threads, a symmetric RMAT graph whose levels a rank
# walks with its threads. Each
# --out is compared byte for byte with the single-process program's.
# Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
: "${GMC:?}" "${GMC_SRCDIR:?}" "${GMGRAPH:?}"
for p in apps/bfs tests/mpi/bfs_local; do
    app=$(basename "$p")
    "$GMC" -t omp --distributed --main -x "$GMC_SRCDIR/$p.gm" -o "$W/d/" >"$W/gmc_$app.log" 2>&1 &&
        "$GMC" -t omp --main -x "$GMC_SRCDIR/$p.gm" -o "$W/s/" >>"$W/gmc_$app.log" 2>&1 ||
        { echo "FAIL: gmc $app"; cat "$W/gmc_$app.log"; exit 1; }
    grep -q "gmd_bfs_settle(" "$W/d/$app.c" || { echo "FAIL: $app: the distributed program does not settle"; exit 1; }
done

# graphs: NAME ROOT; every graph's x values in $W/NAME.x
awk 'BEGIN { print "# Nodes: 300"; for (i = 0; i + 1 < 300; i++) print i, i + 1 }' >"$W/path.el"
"$GMGRAPH" gen grid --rows 30 --cols 40 -o "$W/grid.gmb" >/dev/null
"$GMGRAPH" gen rmat --scale 9 --edge-factor 3 --seed 5 -o "$W/rmat.gmb" >/dev/null
awk 'BEGIN { print "# Nodes: 120"; for (i = 0; i + 1 < 60; i++) { print i, i + 1; print i + 1, i }
             for (i = 60; i + 1 < 120; i++) print i, i + 1 }' >"$W/two.el"
printf '# Nodes: 8\n0 0\n0 1\n0 1\n1 2\n2 1\n2 2\n2 3\n3 4\n4 5\n5 6\n6 7\n7 0\n' >"$W/loops.el"
printf '# Nodes: 6\n' >"$W/none.el"
# (big.gmb from its largest-degree node: a level of ~16,000 nodes, which a
# rank's BFS walks with its threads: the runs at --threads=2 below)
"$GMGRAPH" gen rmat --scale 15 --edge-factor 8 --seed 9 --symmetrize -o "$W/big.gmb" >/dev/null
graphs="path.el:0 path.el:150 path.el:299 grid.gmb:0 grid.gmb:617 rmat.gmb:3 two.el:30 loops.el:0 none.el:2 rmat.gmb:511"
hub=$("$GMGRAPH" info "$W/big.gmb" | sed -n 's/^out-degree:.*max [0-9]* (node \([0-9]*\)).*/\1/p')
[ -n "$hub" ] || { echo "FAIL: gmgraph info gave no largest-degree node"; exit 1; }
big="big.gmb:$hub big.gmb:3"
all_graphs="$graphs $big"
for g in path.el grid.gmb rmat.gmb two.el loops.el none.el big.gmb; do
    n=$("$GMGRAPH" info "$W/$g" | sed -n 's/^nodes: *\([0-9]*\).*/\1/p')
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) print (i * 7919 + 13) % 1000 }' >"$W/$g.x"
done

# the expected answers
for app in bfs bfs_local; do
    for gr in $all_graphs; do
        g=${gr%%:*} r=${gr#*:}
        x=; [ $app = bfs_local ] && x="--x=$W/$g.x"
        # shellcheck disable=SC2086
        "$W/s/$app" "$W/$g" --root="$r" $x --threads=1 --out="$W/want/$app/$g.$r" >/dev/null 2>&1 ||
            { echo "FAIL: the single-process $app on $g from $r"; exit 1; }
    done
done

# check APP NP POLICY SETTLE [THREADS GRAPHS]: one launch over the graphs (--batch)
check() {
    app=$1 np=$2 pol=$3 at=$4 threads=${5:-1} gs=${6:-$graphs}
    tag="$app -np $np $pol settle-after=${at:-default} threads=$threads"
    dir="$W/got/$app.$np.$pol.${at:-d}.$threads"
    : >"$W/batch"
    for gr in $gs; do
        g=${gr%%:*} r=${gr#*:}
        x=; [ $app = bfs_local ] && x="--x=$W/$g.x"
        echo "$W/$g --root=$r $x --out=$dir/$g.$r" >>"$W/batch"
    done
    set -- "--policy=${pol%%+*}"
    case $pol in *+relabel) set -- "$@" --relabel=7 ;; esac
    if [ -n "$at" ]; then
        GMD_BFS_SETTLE_AFTER=$at "$GMC_MPIRUN" --oversubscribe -x GMD_BFS_SETTLE_AFTER -np "$np" "$W/d/$app" "$@" \
            --threads="$threads" --batch="$W/batch" >"$W/out" 2>&1
    else
        "$GMC_MPIRUN" --oversubscribe -np "$np" "$W/d/$app" "$@" --threads="$threads" --batch="$W/batch" >"$W/out" 2>&1
    fi
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: $tag: exit $rc"; sed 's/^/    /' "$W/out" | tail -20; fail=$((fail + 1)); return
    fi
    bad=
    for gr in $gs; do
        g=${gr%%:*} r=${gr#*:}
        diff -r "$W/want/$app/$g.$r" "$dir/$g.$r" >/dev/null 2>&1 || bad="$bad $g@$r"
    done
    if [ -n "$bad" ]; then
        echo "FAIL: $tag: differs from the single-process program on:$bad"; fail=$((fail + 1))
    else
        echo "ok: $tag"
    fi
}
for app in bfs bfs_local; do
    for at in 0 3; do
        for np in 1 2 3 4; do check $app $np both "$at"; done
        check $app 3 out "$at"
        check $app 3 both+relabel "$at"
    done
    check $app 1 both 0 2 "$big"
    check $app 2 both 0 2 "$big"
done
finish bfs_settle
