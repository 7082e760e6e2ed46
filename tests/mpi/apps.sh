#!/bin/sh
# tests/mpi/apps.sh: gmc -t omp --distributed end to end (issue 31, phase 2).
# Each app of the table is compiled once as the single-process program
# (gmc -t omp --main -x, the expected side) and once distributed
# (gmc -t omp --distributed --main -x), and the distributed one runs under
# mpirun -np P for P = 2..4 (--oversubscribe on the 2-core CI box), and alone
# for P = 1 (MPI's singleton start, without mpirun), with each
# partition policy it can run under (out, in, both, both with a random
# relabelling) on small awkward graphs (empty, edgeless, self-loops and
# parallel edges, a hub with isolated nodes, a path, RMAT, weighted copies).
# bfs, bc and bc_sampled run InBFS/InReverse level by level (claims, per-level syncs;
# tests/mpi/bfs_syncs.gm: each kind of per-level sync of the plan).
# (tests/mpi/edge_ends.gm: an edge's ends as Node values;
# tests/mpi/node_values.gm adds Node values: iterators stored and
# compared, a host write and read of one node's property, a scalar arg-max
# with a Node payload, a returned Node; tests/mpi/has_edge.gm,
# is_nbr_from.gm and reciprocal.gm edge tests (HasEdgeTo, IsNbrFrom) from
# and to a loop's own node, under the policies holding its row, and a NIL
# end stopping the run as the single-process program does.) Each generated
# .c must compile with gcc and clang -Wall -Wextra -Werror against mpi.h.
# Its --out files and its return value are compared with the single-process
# program's by tests/e2e's e2e_compare: integers, Bool and Node values
# exactly, Double with |a-b| <= 1e-12 + 1e-9 max(|a|,|b|) (PageRank's sums
# in another order); a Node labelling whose value is "the smallest id of a
# group" (wcc) as a partition under relabelling, where the smallest id is
# another node; wcc's runs also against the independent reference
# tests/e2e/ref_wcc (tests/mpi/wcc.sh adds graphs of its own for wcc). A
# policy the app cannot run under must be refused (exit 2,
# "--policy=..."), not give a wrong answer.
#
# To stay quick on a 2-core CI box, policy both runs at every P and the
# other policies at P = 3 only; MPI_FULL=1 runs every policy at every P.
#
# Skips (77) when configure found no MPI. Environment: GMC, GMGRAPH,
# GMC_SRCDIR, GMC_BUILDDIR, GMC_MPIRUN (the harness sets them);
# MPI_APPS / MPI_GRAPHS / MPI_RANKS narrow the runs; MPI_FULL=1 the whole
# matrix; MPI_KEEP=1 keeps the work directory; MPI_INFLIGHT (6) how many
# mpiruns go at once. A launch mpirun itself fails (nothing from the program)
# is tried once more and said in the PASS line; a wrong answer, a program's
# error, a crash or a time-out (120 s, said as such) is never retried.
. "$(dirname "$0")/apps_common.sh"
P1_SINGLETON=1

echo "$APPS$APPS_BFS" >"$W/apps.txt"
while IFS='|' read -r app kind policies args checks rchecks; do
    [ -n "$app" ] || continue
    selected "${MPI_APPS:-}" "$app" || continue
    src=$GMC_SRCDIR/apps/$app.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/tests/mpi/$app.gm
    mkdir -p "$W/omp" "$W/dist"
    if ! $TIMEOUT "$GMC" -t omp --main -x "$src" -o "$W/omp" >"$W/omp/$app.log" 2>&1; then
        report FAIL "$app: gmc -t omp --main -x failed" "$W/omp/$app.log"
        continue
    fi
    if ! $TIMEOUT "$GMC" -t omp --distributed --main -x "$src" -o "$W/dist" >"$W/dist/$app.log" 2>&1; then
        report FAIL "$app: gmc -t omp --distributed --main -x failed" "$W/dist/$app.log"
        continue
    fi
    # the generated code compiles without a warning under gcc and clang
    for cc in gcc clang; do
        command -v $cc >/dev/null 2>&1 && [ -n "$MPI_CFLAGS" ] || continue
        # shellcheck disable=SC2086
        if ! $cc -std=c11 -fopenmp -Wall -Wextra -Werror $MPI_CFLAGS -I"$GMC_SRCDIR/gm_runtime" \
            -I"$GMC_SRCDIR/gm_runtime/dist" -fsyntax-only "$W/dist/$app.c" >"$W/dist/$app.$cc" 2>&1; then
            report FAIL "$app: $cc -Wall -Wextra -Werror" "$W/dist/$app.$cc"
        fi
    done
    MATRIX_BIN=$W/dist
    run_matrix "$app" "$kind" "$policies" "$args" "$checks" "$rchecks"
done <"$W/apps.txt"

# wcc's runs against the independent reference too (wcc.sh adds its own
# graphs, where the minimum-label fixpoint's rounds cross every rank)
if selected "${MPI_APPS:-}" wcc && [ -x "$W/dist/wcc" ]; then
    wcc_vs_ref "$U_GRAPHS"
fi

# An edge property from a file (the file's edge order: G->edge_gid maps it),
# and its refusal under relabelling (the relabelled graph's edge order differs).
if selected "${MPI_APPS:-}" sssp && [ -x "$W/dist/sssp" ] && [ -x "$W/omp/sssp" ]; then
    awk 'BEGIN { for (i = 0; i < 21; i++) print (i * 7) % 11 + 1 }' >"$G/selfdup.len"
    exp=$W/out/sssp-lenfile/expected act=$W/out/sssp-lenfile/act
    mkdir -p "$exp" "$act"
    $TIMEOUT "$W/omp/sssp" "$G/selfdup.el" --root=0 --len="$G/selfdup.len" --threads=1 --out="$exp" \
        </dev/null >"$exp/stdout.txt" 2>&1
    run_dist "$act" 3 "$W/dist/sssp" "$G/selfdup.el" --root=0 --len="$G/selfdup.len" --threads=1 --out="$act"
    if "$COMPARE" "$exp" "$act" dist.txt:exact >"$act/why" 2>&1; then
        report PASS "sssp selfdup --len=FILE P=3"
    else
        report FAIL "sssp selfdup --len=FILE P=3" "$act/why"
    fi
    run_dist "$act" 2 "$W/dist/sssp" "$G/selfdup.el" --root=0 --len="$G/selfdup.len" --relabel
    rc=$(cat "$act/rc")
    if [ $rc -eq 2 ] && grep -q -- "--relabel cannot be used with --len=FILE" "$act/stderr.txt"; then
        report PASS "sssp --len=FILE --relabel refused"
    else
        report FAIL "sssp --len=FILE --relabel: exit $rc, not refused" "$act/stderr.txt"
    fi
fi

# A NIL node in an edge test: the single-process program stops with the
# site's message (exit 1); so must the distributed one at every P, not
# answer false. selfdup's node 11 has no out-neighbour: its big is NIL.
if selected "${MPI_APPS:-}" has_edge; then
    cat >"$W/has_edge_nil.gm" <<'P'
Procedure has_edge_nil(G: Graph; big: N_P<Node>, hit: N_P<Bool>) {
    Foreach (n: G.Nodes) {
        n.big = NIL;
        For (t: n.Nbrs) {
            If (n.big == NIL || t > n.big)
                n.big = t;
        }
    }
    Foreach (n: G.Nodes) {
        n.hit = n.HasEdgeTo(n.big);
    }
}
P
    exp=$W/out/has_edge_nil/expected
    mkdir -p "$exp" "$W/nil/omp" "$W/nil/dist"
    if ! $TIMEOUT "$GMC" -t omp --main -x "$W/has_edge_nil.gm" -o "$W/nil/omp" >"$W/nil/omp.log" 2>&1 ||
        ! $TIMEOUT "$GMC" -t omp --distributed --main -x "$W/has_edge_nil.gm" -o "$W/nil/dist" >"$W/nil/dist.log" 2>&1; then
        cat "$W/nil/omp.log" "$W/nil/dist.log" >"$W/nil/why"
        report FAIL "has_edge_nil: gmc failed" "$W/nil/why"
    else
        $TIMEOUT "$W/nil/omp/has_edge_nil" "$G/selfdup.el" --threads=1 --out="$exp" </dev/null >"$exp/stdout.txt" 2>"$exp/stderr.txt"
        exp_rc=$? msg=$(grep -o 'has_edge_nil.gm:[0-9]*: n.HasEdgeTo(n.big): the node or edge is NIL' "$exp/stderr.txt" | head -n 1)
        if [ $exp_rc -ne 1 ] || [ -z "$msg" ]; then
            report FAIL "has_edge_nil: the single-process program: exit $exp_rc" "$exp/stderr.txt"
        else
            for np in 1 3; do
                act=$W/out/has_edge_nil/$np
                mkdir -p "$act"
                run_dist "$act" $np "$W/nil/dist/has_edge_nil" "$G/selfdup.el" --threads=1 --out="$act"
                rc=$(cat "$act/rc")
                if [ "$rc" -eq 1 ] && grep -qF -- "$msg" "$act/stderr.txt"; then
                    report PASS "has_edge_nil selfdup P=$np (exit 1: $msg)"
                else
                    report FAIL "has_edge_nil selfdup P=$np: exit $rc, expected 1 and '$msg'" "$act/stderr.txt"
                fi
            done
        fi
    fi
fi

note=
[ $retried -eq 0 ] || note=" ($retried after mpirun failed to start them once)"
echo "mpi apps: $pass passed, $fail failed$note"
[ $fail -eq 0 ]
