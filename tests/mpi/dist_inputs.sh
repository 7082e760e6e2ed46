#!/bin/sh
# tests/mpi/dist_inputs.sh: hostile inputs of a gmc -t omp --distributed
# --main program (apps/sssp.gm: a Node argument, an Int edge input from the
# file's weights), each refused on every rank with a message and a non-zero
# status, or answered right; never a hang (each run under a time limit), a
# wrong answer or exit 0 after an ignored option.  Few launches (12, P = 2
# but two at P = 3):
#  - the graph on standard input ("-"): mpirun gives it to rank 0 only, so
#    the other ranks read an empty graph; the ranks must agree they read the
#    same graph (gmd_load), not partition different ones (before: a wrong
#    answer then a hang, or an abort about ghosts);
#  - a partitioned set PREFIX.gmp (gmgraph partition) as the GRAPH argument:
#    loaded (before: "cannot open 'PREFIX.gmp'", the set has no such file),
#    answer known;
#  - the set without --policy: its own policy is kept (before: refused as
#    "policy both was asked for"); another --policy: refused; a set whose
#    own policy lacks the edges the program walks: refused;
#  - a text file whose ids are labels: refused, naming gmgraph convert
#    --relabel (before: --relabel, which permutes ids in these programs);
#  - a set with --symmetrize: refused (before: ignored, exit 0 with the
#    unsymmetrized graph's answer);
#  - a set whose weights are not integers, for the Int property len:
#    refused as the text loader refuses them (before: truncated to 1);
#  - a GRAPH file that one rank cannot see (as on a host without the
#    shared folder; here an MPMD launch whose rank 1 names a missing file):
#    the ranks agree on the command line's verdict, rank 0 names the rank
#    that stopped (before: rank 1 exited quietly, rank 0 waited for it in
#    the load, and mpirun hung, past SIGTERM);
#  - --out=DIR whose dist.txt is a link to /dev/full: rank 0's write fails
#    and every rank exits 1 (each rank's status seen through a wrapper;
#    before: rank 1 exited 0);
#  - a bad node property file (apps/avg_teen_cnt.gm's --age): one message,
#    rank 0's, not one per rank (before: P copies, "rank 0: " on P - 1);
#  - sssp's Int edge input len from a graph without weights: exit 1 and one
#    message, rank 0's (before: one per rank).
# Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
: "${GMC:=$GMC_BUILDDIR/gmc}" "${GMGRAPH:=$GMC_BUILDDIR/gmgraph}"
TIMEOUT=
command -v timeout >/dev/null 2>&1 && TIMEOUT="timeout -k 5 60"
OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl_vader_backing_directory=$W
export OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_mpi_yield_when_idle OMPI_MCA_btl_vader_backing_directory
mkdir -p "$W/bin"
for app in sssp avg_teen_cnt; do
    if ! $TIMEOUT "$GMC" -t omp --distributed --main -x "$GMC_SRCDIR/apps/$app.gm" -o "$W/bin" >"$W/gmc.log" 2>&1; then
        echo "FAIL: gmc --distributed --main -x apps/$app.gm:"
        cat "$W/gmc.log"
        exit 1
    fi
done

# run NAME WANT(ok|fail) GREP_FOR_STDERR_OR_- ARGS...: mpirun -np 2 sssp ARGS
run() {
    name=$1 want=$2 msg=$3
    shift 3
    $TIMEOUT "$GMC_MPIRUN" --oversubscribe -np 2 "$W/bin/sssp" "$@" >"$W/$name.out" 2>"$W/$name.err"
    st=$?
    why=
    if [ $st = 124 ] || [ $st = 137 ]; then
        why="timed out (a rank waits for another)"
    elif [ $want = ok ] && [ $st != 0 ]; then
        why="exit $st"
    elif [ $want = fail ] && [ $st = 0 ]; then
        why="exit 0, expected a refusal"
    elif [ "$msg" != - ] && ! grep -q -- "$msg" "$W/$name.err"; then
        why="no '$msg' on stderr"
    fi
    if [ -n "$why" ]; then
        echo "FAIL: $name: $why"
        sed 's/^/    out: /' "$W/$name.out"
        sed 's/^/    err: /' "$W/$name.err"
        fail=$((fail + 1))
    else
        echo "ok: $name"
    fi
}

# Nodes 0..5: 0 -> 1 -> 2 -> 3 and 4 -> 0 (4 unreachable from 0 unless the
# graph is symmetrized), a self-loop on 5 (isolated otherwise).
printf '0 1 2\n1 2 3\n2 3 4\n4 0 1\n5 5 7\n' >"$W/g.wel"
printf '0 1 1.5\n1 2 2\n' >"$W/frac.wel"
inf=2147483647

# 1. standard input reaches rank 0 only
run stdin fail "standard input" - --root=0 --policy=out <"$W/g.wel"

# 2. a partitioned set as GRAPH, known answer
"$GMGRAPH" partition --parts=2 --policy=out "$W/g.wel" "$W/set" >/dev/null 2>"$W/part.err" ||
    { echo "FAIL: gmgraph partition:"; cat "$W/part.err"; exit 1; }
run set ok - "$W/set.gmp" --root=0 --policy=out --out="$W/set_out"
printf '0\n2\n5\n9\n%s\n%s\n' $inf $inf >"$W/expect"
if [ -f "$W/set_out/dist.txt" ] && ! cmp -s "$W/expect" "$W/set_out/dist.txt"; then
    echo "FAIL: set: dist.txt is not the known answer:"
    paste "$W/expect" "$W/set_out/dist.txt" | sed 's/^/    /'
    fail=$((fail + 1))
fi

# 2b. the same set without --policy keeps its own policy (before: refused,
# "policy both was asked for"); another --policy is refused, naming both
run set_own_policy ok - "$W/set.gmp" --root=0 --out="$W/own_out"
if [ -f "$W/own_out/dist.txt" ] && ! cmp -s "$W/expect" "$W/own_out/dist.txt"; then
    echo "FAIL: set_own_policy: dist.txt is not the known answer:"
    paste "$W/expect" "$W/own_out/dist.txt" | sed 's/^/    /'
    fail=$((fail + 1))
fi
run set_other_policy fail "partitioned with policy out, but policy both was asked for" "$W/set.gmp" --root=0 --policy=both
# a set's own policy that does not hold the edges sssp walks (out-edges)
"$GMGRAPH" partition --parts=2 --policy=in "$W/g.wel" "$W/inset" >/dev/null 2>&1
run set_in_policy fail "was partitioned with policy in, but sssp walks the out-edges" "$W/inset.gmp" --root=0

# 2c. ids that are labels (2^25 nodes, two edges): the refusal names what
# numbers them 0..N-1 here (--relabel is a random permutation in a
# distributed program; before: it suggested --relabel)
printf '0 1 1\n33554431 1 1\n' >"$W/sparse.wel"
run sparse fail "gmgraph convert --relabel" "$W/sparse.wel" --root=0

# 3. a load option that would change the graph: refused, not ignored
run set_symmetrize fail "belong to gmgraph partition" "$W/set.gmp" --root=0 --policy=out --symmetrize

# 4. weights that are not Ints, from a set, as from the text file
"$GMGRAPH" partition --parts=2 --policy=out "$W/frac.wel" "$W/frac" >/dev/null 2>&1
run set_weights fail "does not fit the Int property len" "$W/frac.gmp" --root=0 --policy=out

# 5. one rank cannot see the graph
$TIMEOUT "$GMC_MPIRUN" --oversubscribe -np 1 "$W/bin/sssp" "$W/g.wel" --root=0 --policy=out : \
    -np 1 "$W/bin/sssp" "$W/missing.wel" --root=0 --policy=out >"$W/mpmd.out" 2>&1
st=$?
if [ $st = 0 ] || [ $st = 124 ] || [ $st = 137 ] || ! grep -q "rank 1 stops with status 1" "$W/mpmd.out"; then
    echo "FAIL: mpmd: exit $st (124, 137: a hang), expected 1 and rank 0 naming rank 1:"
    sed 's/^/    /' "$W/mpmd.out"
    fail=$((fail + 1))
else
    echo "ok: mpmd"
fi

# 6. rank 0 cannot write --out: every rank's status is 1
if [ -w /dev/full ]; then
    mkdir -p "$W/full"
    ln -s /dev/full "$W/full/dist.txt"
    # shellcheck disable=SC2016
    $TIMEOUT "$GMC_MPIRUN" --oversubscribe -np 2 sh -c '"$0" "$@"; echo "rank-status $?" >&2' \
        "$W/bin/sssp" "$W/g.wel" --root=0 --policy=out --out="$W/full" >"$W/full.out" 2>&1
    if [ "$(grep -c '^rank-status 1$' "$W/full.out")" != 2 ] || ! grep -q "No space left" "$W/full.out"; then
        echo "FAIL: full: expected both ranks to exit 1 after rank 0's failed write:"
        sed 's/^/    /' "$W/full.out"
        fail=$((fail + 1))
    else
        echo "ok: full"
    fi
fi

# 7. a bad property file: rank 0's message only
printf '1\n2\nx\n4\n5\n6\n' >"$W/age.txt"
$TIMEOUT "$GMC_MPIRUN" --oversubscribe -np 3 "$W/bin/avg_teen_cnt" "$W/g.wel" --K=18 --age="$W/age.txt" \
    >/dev/null 2>"$W/age.err"
st=$?
if [ $st != 1 ] || [ "$(grep -c "age.txt:3: expected an integer" "$W/age.err")" != 1 ]; then
    echo "FAIL: age: exit $st, expected 1 and one message:"
    sed 's/^/    /' "$W/age.err"
    fail=$((fail + 1))
else
    echo "ok: age"
fi

# 8. an Int edge input from the weights of a graph without weights: rank 0's message only
printf '0 1\n1 2\n2 3\n3 4\n4 5\n' >"$W/u.el"
$TIMEOUT "$GMC_MPIRUN" --oversubscribe -np 3 "$W/bin/sssp" "$W/u.el" --root=0 >/dev/null 2>"$W/now.err"
st=$?
if [ $st != 1 ] || [ "$(grep -c "the graph has no weights" "$W/now.err")" != 1 ]; then
    echo "FAIL: no weights: exit $st, expected 1 and one message:"
    sed 's/^/    /' "$W/now.err"
    fail=$((fail + 1))
else
    echo "ok: no weights"
fi

finish dist_inputs
