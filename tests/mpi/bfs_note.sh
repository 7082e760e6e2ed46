#!/bin/sh
# tests/mpi/bfs_note.sh: the distributed driver's note on a BFS of thousands
# of levels (gmd_note_levels, issue 31: such graphs run best on one GPU).
# apps/bfs.gm built with gmc -t omp --distributed --main -x runs on paths
# from node 0 (a path of N nodes takes N levels) with its levels kept in
# step (GMD_BFS_SETTLE_AFTER=-1, as for a BFS gmd_bfs_settle cannot finish):
# 1,000 nodes at 2 ranks prints the note once, naming the levels and the
# ranks; the same path at 1 rank, 999 nodes at 2 ranks and a program
# without a BFS (wcc) print none, and so does the 1,000-node path at 2 ranks
# settled rank by rank (the default: no level waits for the ranks after
# the 64th); every run's answer still equals the single-process program's.
# Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
: "${GMC:?}" "${GMC_SRCDIR:?}"
for app in bfs wcc; do
    "$GMC" -t omp --distributed --main -x "$GMC_SRCDIR/apps/$app.gm" -o "$W/d/" >"$W/gmc_$app.log" 2>&1 &&
        "$GMC" -t omp --main -x "$GMC_SRCDIR/apps/$app.gm" -o "$W/s/" >>"$W/gmc_$app.log" 2>&1 ||
        { echo "FAIL: gmc $app"; cat "$W/gmc_$app.log"; exit 1; }
done
path() { awk -v n="$1" 'BEGIN { print "# Nodes: " n; for (i = 0; i + 1 < n; i++) print i, i + 1 }' >"$W/p$1.el"; }
path 1000
path 999
# check NAME NP APP N WANT [SETTLE]: runs APP on the N-node path at NP
# ranks with GMD_BFS_SETTLE_AFTER=SETTLE (default -1: never); WANT is
# "note" or "none"
check() {
    name=$1 np=$2 app=$3 n=$4 want=$5 settle=${6--1}
    args=; [ "$app" = bfs ] && args=--root=0
    rm -rf "$W/o" "$W/so"
    GMD_BFS_SETTLE_AFTER=$settle
    export GMD_BFS_SETTLE_AFTER
    # shellcheck disable=SC2086
    "$GMC_MPIRUN" --oversubscribe -x GMD_BFS_SETTLE_AFTER -np "$np" "$W/d/$app" "$W/p$n.el" $args --out="$W/o" \
        >"$W/out" 2>"$W/err"
    rc=$?
    # shellcheck disable=SC2086
    "$W/s/$app" "$W/p$n.el" $args --threads=1 --out="$W/so" >/dev/null 2>&1
    notes=$(grep -c "note: a BFS took" "$W/err")
    if [ $rc -ne 0 ]; then
        echo "FAIL: $name: exit $rc"; sed 's/^/    /' "$W/err"; fail=$((fail + 1))
    elif ! diff -r "$W/o" "$W/so" >/dev/null; then
        echo "FAIL: $name: the answer differs from the single-process program's"; fail=$((fail + 1))
    elif [ "$want" = note ] && { [ "$notes" -ne 1 ] ||
        ! grep -q "^$W/d/$app: note: a BFS took $n levels, and each level waits for all $np ranks: .*one GPU" "$W/err"; }; then
        echo "FAIL: $name: expected one note naming $n levels and $np ranks, got:"; sed 's/^/    /' "$W/err"; fail=$((fail + 1))
    elif [ "$want" = none ] && [ "$notes" -ne 0 ]; then
        echo "FAIL: $name: a note where none belongs:"; sed 's/^/    /' "$W/err"; fail=$((fail + 1))
    else
        echo "ok: $name ($want)"
    fi
}
check "bfs, 1000-node path, 2 ranks" 2 bfs 1000 note
check "bfs, 1000-node path, 1 rank" 1 bfs 1000 none
check "bfs, 999-node path, 2 ranks" 2 bfs 999 none
check "wcc, 1000-node path, 2 ranks" 2 wcc 1000 none
check "bfs, 1000-node path, 2 ranks, settled" 2 bfs 1000 none ""
finish bfs_note
