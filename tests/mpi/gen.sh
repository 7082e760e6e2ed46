#!/bin/sh
# tests/mpi/gen.sh: the in-rank generator (a "gen:..." spec in place of the
# graph file; gm_runtime/dist/gmd_gen.c).
#  - tests/mpi/test_gen at P = 1..4: for RMAT and uniform specs (raw,
#    symmetrized, deduplicated, weighted, fewer non-isolated nodes than
#    ranks, one node, none) under each policy, the generated partition
#    equals, field by field, the one gmd_load builds from the file of the
#    same graph; bad specs and --relabel are refused on every rank.  Again
#    at P = 2, 3 with 3 threads and rounds of 97 edges (the threaded passes
#    and the multi-round exchanges on small graphs).
#  - pagerank, bfs and wcc (gmc -t omp --distributed --main) at P = 3 on
#    gen:rmat,... write the same files and values as on the file
#    `gmgraph gen rmat` writes for the same options (tests/e2e's
#    e2e_compare, exact), and the single-process pagerank accepts the spec
#    too, with the same answer as on the file.
#  - gmgraph check (the streaming checker) accepts the distributed bfs and
#    wcc answers on the spec, and pagerank's and bfs's at P = 2 on a spec
#    without dedup.
#  - the driver refuses a bad spec (test_gen has the others), --relabel and a
#    file option (--symmetrize) with a generator spec: exit 2, one message (rank 0's), no hang;
#    and weights an Int edge input cannot hold (real, or past int32): exit 1,
#    as a file's, in the distributed and the single-process sssp.
# Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
: "${GMC:?}" "${GMGRAPH:?}"
COMPARE=$GMC_BUILDDIR/tests/e2e/e2e_compare
[ -x "$COMPARE" ] || { echo "FAIL: $COMPARE not built"; exit 1; }
TIMEOUT=
command -v timeout >/dev/null 2>&1 && TIMEOUT="timeout 120"
SRC=${GMC_SRCDIR:-$(dirname "$0")/../..}

bad() { echo "FAIL: $1"; [ -n "${2:-}" ] && [ -f "$2" ] && sed 's/^/    /' "$2"; fail=$((fail + 1)); }

for np in 1 2 3 4; do
    mkdir -p "$W/part$np"
    if $TIMEOUT "$GMC_MPIRUN" --oversubscribe -np "$np" "$GMC_BUILDDIR/tests/mpi/test_gen" "$W/part$np" >"$W/out" 2>&1; then
        echo "ok: test_gen -np $np: $(tail -n 1 "$W/out")"
    else
        bad "test_gen -np $np" "$W/out"
    fi
done

# again with every pass threaded (3 threads) and small rounds, so that each
# exchange, the staged rows' shrinking and the records' move into the graph
# take many rounds (GMD_GEN_ROUND, gmd_gen.c): the same partitions
for np in 2 3; do
    if OMP_NUM_THREADS=3 GMD_GEN_ROUND=97 $TIMEOUT "$GMC_MPIRUN" --oversubscribe -np "$np" \
        "$GMC_BUILDDIR/tests/mpi/test_gen" "$W/part$np" >"$W/out" 2>&1; then
        echo "ok: test_gen -np $np, 3 threads, rounds of 97 edges: $(tail -n 1 "$W/out")"
    else
        bad "test_gen -np $np, 3 threads, rounds of 97 edges" "$W/out"
    fi
done

# the programs, and the file of the same graph
mkdir -p "$W/bin" "$W/omp"
for app in pagerank bfs wcc; do
    $TIMEOUT "$GMC" -t omp --distributed --main -x "$SRC/apps/$app.gm" -o "$W/bin" >"$W/bin/$app.log" 2>&1 ||
        bad "gmc --distributed $app" "$W/bin/$app.log"
done
$TIMEOUT "$GMC" -t omp --main -x "$SRC/apps/pagerank.gm" -o "$W/omp" >"$W/omp/log" 2>&1 || bad "gmc pagerank" "$W/omp/log"
OPTS="--scale 9 --edge-factor 6 --seed 11 --symmetrize --dedup --no-self-loops"
SPEC=gen:rmat,scale=9,edge-factor=6,seed=11,symmetrize,dedup,no-self-loops
"$GMGRAPH" gen rmat $OPTS -o "$W/k.gmb" >/dev/null 2>&1 || bad "gmgraph gen rmat $OPTS"

# run DIR PROG ARGS...: PROG's stdout and files under DIR (rc in DIR/rc)
run() {
    d=$1
    shift
    mkdir -p "$d"
    $TIMEOUT "$@" --out="$d" </dev/null >"$d/stdout.txt" 2>"$d/stderr.txt"
    echo $? >"$d/rc"
}
same() { # same NAME DIR1 DIR2 SPECS...
    name=$1 a=$2 b=$3
    shift 3
    if [ "$(cat "$a/rc")" != 0 ] || [ "$(cat "$b/rc")" != 0 ]; then
        bad "$name: exit $(cat "$a/rc") / $(cat "$b/rc")" "$b/stderr.txt"
    elif "$COMPARE" "$a" "$b" "$@" >"$b/why" 2>&1; then
        echo "ok: $name"
    else
        bad "$name: the generated run differs from the file's" "$b/why"
    fi
}
M="$GMC_MPIRUN --oversubscribe -np 3"
run "$W/pr_file" $M "$W/bin/pagerank" "$W/k.gmb" --e=1e-7 --d=0.85 --max_iter=50
run "$W/pr_gen" $M "$W/bin/pagerank" "$SPEC" --e=1e-7 --d=0.85 --max_iter=50
same "pagerank -np 3 $SPEC" "$W/pr_file" "$W/pr_gen" rank.txt:exact
run "$W/bfs_file" $M "$W/bin/bfs" "$W/k.gmb" --root=5 --policy=out
run "$W/bfs_gen" $M "$W/bin/bfs" "$SPEC" --root=5 --policy=out
same "bfs -np 3 --policy=out $SPEC" "$W/bfs_file" "$W/bfs_gen" dist.txt:exact
run "$W/wcc_file" $M "$W/bin/wcc" "$W/k.gmb"
run "$W/wcc_gen" $M "$W/bin/wcc" "$SPEC"
same "wcc -np 3 $SPEC" "$W/wcc_file" "$W/wcc_gen" comp.txt:exact return:exact
run "$W/pr1_file" "$W/omp/pagerank" "$W/k.gmb" --e=1e-7 --d=0.85 --max_iter=50
run "$W/pr1_gen" "$W/omp/pagerank" "$SPEC" --e=1e-7 --d=0.85 --max_iter=50
same "single-process pagerank $SPEC" "$W/pr1_file" "$W/pr1_gen" rank.txt:exact
grep -q "^peak_rss_mb = " "$W/pr_gen/stdout.txt" || bad "no peak_rss_mb line" "$W/pr_gen/stdout.txt"

# gmgraph check (tools/gmgraph/check*.c: the spec's edges drawn again, no
# partition code) accepts the distributed answers on the spec, and pagerank
# at P = 2 on a spec without dedup (its out-degrees need no whole graph);
# tests/runtime/gmgraph_check.sh shows that it rejects wrong ones
checked() { # checked WHAT SPEC ARGS...
    what=$1
    shift
    if "$GMGRAPH" check "$@" >"$W/check.out" 2>&1; then echo "ok: gmgraph check: $what: $(head -n 1 "$W/check.out")"; else
        bad "gmgraph check $what" "$W/check.out"; fi
}
checked "bfs -np 3 $SPEC" "$SPEC" --bfs="$W/bfs_gen/dist.txt" --root=5
checked "wcc -np 3 $SPEC" "$SPEC" --wcc="$W/wcc_gen/comp.txt"
SPEC_PR=gen:rmat,scale=9,edge-factor=6,seed=11,symmetrize,no-self-loops
run "$W/pr2_gen" $GMC_MPIRUN --oversubscribe -np 2 "$W/bin/pagerank" "$SPEC_PR" --e=1e-7 --d=0.85 --max_iter=50
[ "$(cat "$W/pr2_gen/rc")" = 0 ] || bad "pagerank -np 2 $SPEC_PR: exit $(cat "$W/pr2_gen/rc")" "$W/pr2_gen/stderr.txt"
checked "pagerank -np 2 $SPEC_PR" "$SPEC_PR" --pagerank="$W/pr2_gen/rank.txt" --d=0.85 --e=1e-7 --max-iter=50
run "$W/bfs2_gen" $GMC_MPIRUN --oversubscribe -np 2 "$W/bin/bfs" "$SPEC_PR" --root=3 --policy=out
checked "bfs -np 2 $SPEC_PR" "$SPEC_PR" --bfs="$W/bfs2_gen/dist.txt" --root=3

# refusals: exit 2 and rank 0's message only
refused() { # refused WHAT EXPECTED-TEXT ARGS...
    what=$1 text=$2
    shift 2
    run "$W/refused" $M "$W/bin/wcc" "$@"
    n=$(grep -c "$text" "$W/refused/stderr.txt")
    if [ "$(cat "$W/refused/rc")" = 2 ] && [ "$n" = 1 ]; then
        echo "ok: refused: $what"
    else
        bad "$what: exit $(cat "$W/refused/rc") (expected 2), '$text' said $n times (expected once)" "$W/refused/stderr.txt"
    fi
}
refused "scale 31" "scale=31: expected an integer from 0 to 30" gen:rmat,scale=31
refused "--relabel" "relabel does not apply to a generated graph" gen:rmat,scale=4 --relabel
refused "--symmetrize" "do not apply to a generated graph" gen:rmat,scale=4 --symmetrize

# weights that do not fit an Int edge input (sssp's len from the weights):
# refused as the file loaders refuse such a weight, exit 1, one message, in
# both programs (before: real weights truncated, every distance 0, exit 0)
$TIMEOUT "$GMC" -t omp --distributed --main -x "$SRC/apps/sssp.gm" -o "$W/bin" >"$W/bin/sssp.log" 2>&1 ||
    bad "gmc --distributed sssp" "$W/bin/sssp.log"
$TIMEOUT "$GMC" -t omp --main -x "$SRC/apps/sssp.gm" -o "$W/omp" >"$W/omp/log" 2>&1 || bad "gmc sssp" "$W/omp/log"
unfit() { # unfit WHAT EXPECTED-TEXT SPEC
    for kind in distributed single-process; do
        if [ $kind = distributed ]; then run "$W/unfit" $M "$W/bin/sssp" "$3" --root=0
        else run "$W/unfit" "$W/omp/sssp" "$3" --root=0; fi
        n=$(grep -c "$2" "$W/unfit/stderr.txt")
        if [ "$(cat "$W/unfit/rc")" = 1 ] && [ "$n" = 1 ]; then
            echo "ok: refused: $1 ($kind)"
        else
            bad "$1 ($kind): exit $(cat "$W/unfit/rc") (expected 1), '$2' said $n times (expected once)" "$W/unfit/stderr.txt"
        fi
    done
}
unfit "real weights for Int len" "real weights do not fit the Int property len" gen:rmat,scale=6,weights=real:0:1
unfit "weights past int32 for Int len" "do not fit the Int property len" gen:rmat,scale=6,weights=int:1:3000000000
run "$W/fit" $M "$W/bin/sssp" gen:rmat,scale=6,weights=int:1:9 --root=0
[ "$(cat "$W/fit/rc")" = 0 ] && echo "ok: sssp on gen:rmat,scale=6,weights=int:1:9" ||
    bad "sssp on integer weights: exit $(cat "$W/fit/rc")" "$W/fit/stderr.txt"
finish gen
