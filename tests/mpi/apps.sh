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
# Each app's cases at one P are the lines of one --batch=FILE (README:
# a run per line, in one launch; apps_common.sh's batch_run splits each
# run's output, exit status and messages into the case's directory, as a
# launch of its own leaves them), so that Open MPI starts ~80 times, not
# ~650; a launch that dies in a case (a crash, a run-time error) leaves that
# case its exit status and messages and the cases after it go in another
# launch (the has_edge_nil runs check it). The batch contract itself is
# checked on wcc and bc_sampled (markers, statuses, quoting, the seed).
#
# Skips (77) when configure found no MPI. Environment: GMC, GMGRAPH,
# GMC_SRCDIR, GMC_BUILDDIR, GMC_MPIRUN (the harness sets them);
# MPI_APPS / MPI_GRAPHS / MPI_RANKS / MPI_POLICIES (out in both
# both+relabel) narrow the runs; MPI_FULL=1 the whole
# matrix; MPI_KEEP=1 keeps the work directory; MPI_INFLIGHT (6) how many
# mpiruns go at once; MPI_BATCH=0 one launch per case. A launch mpirun
# itself fails (nothing from the program) is tried once more and said in the
# PASS line; a wrong answer, a program's error, a crash or a time-out (120 s
# a launch, plus 10 s a case of a batch, said as such) is never retried.
. "$(dirname "$0")/apps_common.sh"
P1_SINGLETON=1
MATRIX_BATCH=1

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
            # in a batch between two runs on a cycle (no NIL): the batch
            # ends in the NIL run, its exit status and message that run's,
            # and batch_run runs the cycle after it in a second launch
            printf '# Nodes: 4\n0 1\n1 2\n2 3\n3 0\n' >"$G/cycle.el"
            cyc=$W/out/has_edge_nil/cycle
            mkdir -p "$cyc"
            $TIMEOUT "$W/nil/omp/has_edge_nil" "$G/cycle.el" --threads=1 --out="$cyc" </dev/null >"$cyc/stdout.txt" 2>&1 ||
                report FAIL "has_edge_nil cycle: the single-process program failed" "$cyc/stdout.txt"
            for np in 1 3; do
                act=$W/out/has_edge_nil/$np
                : >"$W/nil/list-$np"
                for c in before "" after; do
                    mkdir -p "$act$c"
                    if [ -z "$c" ]; then
                        batch_words "$G/selfdup.el" --threads=1 --out="$act"
                        printf '%s\t%s\n' "$act" "$words"
                    else
                        batch_words "$G/cycle.el" --threads=1 --out="$act$c"
                        printf '%s\t%s\n' "$act$c" "$words"
                    fi >>"$W/nil/list-$np"
                done
                (app=has_edge_nil MATRIX_BIN=$W/nil/dist; batch_run $np "$W/nil/list-$np")
                rc=$(cat "$act/rc")
                if [ "$rc" -eq 1 ] && grep -qF -- "$msg" "$act/stderr.txt"; then
                    report PASS "has_edge_nil selfdup P=$np (exit 1: $msg)"
                else
                    report FAIL "has_edge_nil selfdup P=$np: exit $rc, expected 1 and '$msg'" "$act/stderr.txt"
                fi
                for c in before after; do
                    rc=$(cat "$act$c/rc")
                    if [ "$rc" = 0 ] && "$COMPARE" "$cyc" "$act$c" big.txt:exact hit.txt:exact >"$act$c/why" 2>&1; then
                        report PASS "has_edge_nil cycle P=$np, $c the NIL run in the batch"
                    else
                        cat "$act$c/stderr.txt" >>"$act$c/why"
                        report FAIL "has_edge_nil cycle P=$np, $c the NIL run in the batch: exit $rc" "$act$c/why"
                    fi
                done
                [ -f "$W/nil/list-$np.2/batch.txt" ] ||
                    report FAIL "has_edge_nil P=$np: the run after the NIL run was not in a second launch"
            done
        fi
    fi
fi

# --batch=FILE (gmd_batch.c; the matrix above runs through it): what a
# user sees. wcc runs under policy both only (the others are refused).
if selected "${MPI_APPS:-}" wcc && [ -x "$W/dist/wcc" ] && [ -x "$W/omp/wcc" ]; then
    B=$W/batch-contract
    mkdir -p "$B/exp" "$B/sp ace"
    cp "$G/selfdup.el" "$B/sp ace/g.el"
    $TIMEOUT "$W/omp/wcc" "$G/selfdup.el" --threads=1 --out="$B/exp" </dev/null >"$B/exp/stdout.txt" 2>&1
    # common arguments before each line's words (a line's --policy wins),
    # comments, blank lines, quoting, a refused run and a missing graph
    # that do not stop the batch; the exit status is the largest
    printf '%s\n' "# wcc's batch" "" "  '$B/sp ace/g.el' --policy=both --out=\"$B/one\"  " \
        "$G/selfdup.el" "$B/missing.el --policy=both" "$G/selfdup.el --policy=both --out=$B/two" >"$B/runs"
    for np in 1 2; do
        run_dist "$B" $np "$W/dist/wcc" --policy=in --batch="$B/runs" --threads=1
        rc=$(cat "$B/rc") why=
        [ "$rc" = 2 ] || why="exit $rc, expected 2"
        for want in "== batch line 3: '$B/sp ace/g.el' --policy=both --out=\"$B/one\"" "== batch line 3 done: exit status 0" \
            "== batch line 4 done: exit status 2" "== batch line 5 done: exit status 1" "== batch line 6 done: exit status 0"; do
            grep -qxF -- "$want" "$B/stdout.txt" || why="$why; no '$want' on stdout"
        done
        [ "$(grep -c '^== batch line' "$B/stdout.txt")" = 8 ] || why="$why; not 8 batch lines on stdout"
        # each run's messages after its own line on stderr
        awk '/^== batch line 4:/ { n = 4 } /^== batch line 5:/ { n = 5 } /^== batch line 6:/ { n = 6 }
             /--policy=/ && n == 4 { p = 1 } /missing.el/ && n == 5 { m = 1 } END { exit !(p && m) }' "$B/stderr.txt" ||
            why="$why; stderr: no --policy message in line 4's run or no missing.el in line 5's"
        for o in one two; do
            "$COMPARE" "$B/exp" "$B/$o" comp.txt:exact >"$B/why" 2>&1 || why="$why; $o: $(head -n 3 "$B/why")"
        done
        if [ -z "$why" ]; then
            report PASS "wcc --batch P=$np: markers, exit status 2 (the largest), refusals and errors per run"
        else
            cat "$B/stdout.txt" "$B/stderr.txt" >"$B/why"
            report FAIL "wcc --batch P=$np: ${why#; }" "$B/why"
        fi
        rm -rf "$B/one" "$B/two"
    done
    # what stops a batch before its first run
    printf '%s\n' "$G/selfdup.el" "$G/selfdup.el 'open" >"$B/quote"
    printf '# nothing\n\n' >"$B/none"
    for c in "quote|2|$B/quote:2: a quote is not closed" "none|2|has no run" "absent|1|cannot read '$B/absent'"; do
        f=${c%%|*} rest=${c#*|}
        want_rc=${rest%%|*} msg=${rest#*|}
        run_dist "$B" 1 "$W/dist/wcc" --batch="$B/$f"
        rc=$(cat "$B/rc")
        if [ "$rc" = "$want_rc" ] && grep -qF -- "$msg" "$B/stderr.txt" && ! grep -q '^== batch' "$B/stdout.txt"; then
            report PASS "wcc --batch: $f: exit $rc, no run ($msg)"
        else
            report FAIL "wcc --batch: $f: exit $rc, expected $want_rc, '$msg' and no run" "$B/stderr.txt"
        fi
    done
fi
# each run of a batch starts from the default seed: bc_sampled draws its
# samples from it; the line without --seed after one with it gives what it
# gives alone
if selected "${MPI_APPS:-}" bc_sampled && [ -x "$W/dist/bc_sampled" ]; then
    B=$W/batch-seed
    mkdir -p "$B/alone"
    printf '%s\n' "$G/rmat.gmb --k=12 --seed=99 --out=$B/seeded" "$G/rmat.gmb --k=12 --out=$B/after" >"$B/runs"
    run_dist "$B" 2 "$W/dist/bc_sampled" --batch="$B/runs" --threads=1
    run_dist "$B/alone" 2 "$W/dist/bc_sampled" "$G/rmat.gmb" --k=12 --threads=1 --out="$B/alone"
    if [ "$(cat "$B/rc")" = 0 ] && [ "$(cat "$B/alone/rc")" = 0 ] && cmp -s "$B/after/BC.txt" "$B/alone/BC.txt" &&
        ! cmp -s "$B/seeded/BC.txt" "$B/alone/BC.txt"; then
        report PASS "bc_sampled --batch P=2: the run after --seed=99 draws as a run alone does"
    else
        cat "$B/stderr.txt" "$B/alone/stderr.txt" >"$B/why" 2>/dev/null
        report FAIL "bc_sampled --batch P=2: the run after --seed=99 differs from the run alone (or --seed changed nothing)" "$B/why"
    fi
fi
# a procedure input named batch keeps --batch: that main runs once (the
# same procedure with the input named limit: --batch=FILE)
mkdir -p "$W/batch_input"
for name in batch limit; do
    sed "s/NAME/$name/g; s/PROC/with_$name/" >"$W/batch_input/with_$name.gm" <<'P'
Procedure PROC(G: Graph, NAME: Int; x: N_P<Int>) {
    G.x = NAME;
}
P
    $TIMEOUT "$GMC" -t omp --distributed --main "$W/batch_input/with_$name.gm" -o "$W/batch_input" \
        >>"$W/batch_input/log" 2>&1 || echo "gmc failed on with_$name.gm" >>"$W/batch_input/log"
done
if grep -q '^    int status = _c_main(argc, argv);$' "$W/batch_input/with_batch.c" &&
    ! grep -q gmd_cli_main "$W/batch_input/with_batch.c" &&
    grep -q '^    int status = gmd_cli_main(argc, argv, _c_main);' "$W/batch_input/with_limit.c"; then
    report PASS "an input named batch keeps --batch (its main calls _c_main; named limit: gmd_cli_main)"
else
    report FAIL "an input named batch: main() is not _c_main's alone (or named limit: not gmd_cli_main's)" "$W/batch_input/log"
fi

note=
[ $retried -eq 0 ] || note=" ($retried after mpirun failed to start them once)"
echo "mpi apps: $pass passed, $fail failed$note"
[ $fail -eq 0 ]
