#!/bin/sh
# tests/mpi/apps.sh: gmc -t omp --distributed end to end (issue 31, phase 2).
# Each app of the table is compiled once as the single-process program
# (gmc -t omp --main -x, the expected side) and once distributed
# (gmc -t omp --distributed --main -x), and the distributed one runs under
# mpirun -np P for P = 1..4 (--oversubscribe on the 2-core CI box) with each
# partition policy it can run under (out, in, both, both with a random
# relabelling) on small awkward graphs (empty, edgeless, self-loops and
# parallel edges, a hub with isolated nodes, a path, RMAT, weighted copies).
# bfs, bc and bc_sampled run InBFS/InReverse level by level (claims, per-level syncs;
# tests/mpi/bfs_syncs.gm: each kind of per-level sync of the plan).
# (tests/mpi/node_values.gm adds Node values: iterators stored and
# compared, a host write and read of one node's property, a scalar arg-max
# with a Node payload, a returned Node.) Each generated .c must compile
# with gcc and clang -Wall -Wextra -Werror against mpi.h.
# Its --out files and its return value are compared with the single-process
# program's by tests/e2e's e2e_compare: integers, Bool and Node values
# exactly, Double with |a-b| <= 1e-12 + 1e-9 max(|a|,|b|) (PageRank's sums
# in another order); a Node labelling whose value is "the smallest id of a
# group" (wcc) as a partition under relabelling, where the smallest id is
# another node. A policy the app cannot run under must be refused (exit 2,
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
# error or a time-out (120 s, said as such) is never retried.
set -u
: "${GMC:?}" "${GMGRAPH:?}" "${GMC_SRCDIR:?}" "${GMC_BUILDDIR:?}"
if [ -z "${GMC_MPIRUN:-}" ]; then
    echo "SKIP: configure found no MPI, so gmc --distributed programs cannot be built (apt-get install openmpi-bin libopenmpi-dev)"
    exit 77
fi
COMPARE=$GMC_BUILDDIR/tests/e2e/e2e_compare
VALIDATE=$GMC_BUILDDIR/tests/e2e/e2e_validate
for t in "$COMPARE" "$VALIDATE"; do [ -x "$t" ] || { echo "FAIL: $t not built"; exit 1; }; done
RANKS=${MPI_RANKS:-1 2 3 4}
# mpi.h's flags, for the warning check of the generated code
MPI_CFLAGS=$(mpicc --showme:compile 2>/dev/null || "$(dirname "$GMC_MPIRUN")/mpicc" --showme:compile 2>/dev/null)
TIMEOUT=
command -v timeout >/dev/null 2>&1 && TIMEOUT="timeout 120"
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_btl=self,vader OMPI_MCA_plm_rsh_agent=false OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl OMPI_MCA_plm_rsh_agent \
    OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_mpi_yield_when_idle

W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-mpi-apps.XXXXXX") || exit 99
if [ "${MPI_KEEP:-0}" = 1 ]; then echo "work directory: $W"; else trap 'rm -rf "$W"' EXIT; trap 'exit 1' INT TERM; fi
# Open MPI's shared-memory segments in the work directory, not /dev/shm
# (a container's may be small, and a killed run's would stay there)
OMPI_MCA_btl_vader_backing_directory=$W
export OMPI_MCA_btl_vader_backing_directory
G=$W/graphs
mkdir -p "$G"

# NAME | KIND (u unweighted, w weighted: Int edge input len from the weights)
#      | POLICIES it runs under (the others must be refused: it walks rows
#        those partitions do not hold) | ARGS | CHECKS (e2e_compare specs)
#      | CHECKS under relabelling ("validate": tests/e2e's e2e_validate checks
#        the answer is one of the right ones; "-": not run, the answer
#        depends on the ids: the smallest of the most frequent labels)
APPS='
pagerank|u|in both|--e=1e-7 --d=0.85 --max_iter=50|rank.txt:real|rank.txt:real
pagerank_push|u|out both|--e=1e-7 --d=0.85 --max_iter=50|rank.txt:real|rank.txt:real
avg_teen_cnt|u|in both|--age=@AGE --K=18|teen_cnt.txt:exact return:real|teen_cnt.txt:exact return:real
conductance|u|out both|--member=@MEMBER --num=1|return:real|return:real
wcc|u|both||comp.txt:exact return:exact|comp.txt:partition return:exact
sssp|w|out both|--root=0|dist.txt:exact|dist.txt:exact
label_propagation|u|out both|--max_iter=20|label.txt:exact return:exact|-
graph_coloring|u|both||color.txt:exact return:exact|validate
luby_mis|u|both||validate|validate
node_values|u|out both|--root=@LAST|best.txt:exact mark.txt:exact return:exact|-
bfs|u|out both|--root=0|dist.txt:exact|dist.txt:exact
bc|u|both||BC.txt:real|BC.txt:real
bc_sampled|u|both|--k=12|BC.txt:real|-
bfs_syncs|u|both|--root=0|x.txt:real y.txt:real z.txt:real cnt.txt:exact|x.txt:real y.txt:real z.txt:real cnt.txt:exact
'

# The graphs: NAME FILE NODES
U_GRAPHS= W_GRAPHS=
add_u() { U_GRAPHS="$U_GRAPHS $1"; eval "file_$1=\$2 nodes_$1=\$3"; }
add_w() { W_GRAPHS="$W_GRAPHS $1"; eval "file_$1=\$2 nodes_$1=\$3"; }
: >"$G/empty0.el"
printf '# Nodes: 7\n' >"$G/edgeless.el"
add_u empty0 "$G/empty0.el" 0
add_u edgeless "$G/edgeless.el" 7
add_w w_edgeless "$G/edgeless.el" 7
cat >"$G/w_selfdup.el" <<'EOF'
# Nodes: 12
0 0 3
0 1 5
0 1 2
0 1 9
1 2 1
1 1 4
2 0 7
2 3 1
2 3 1
3 4 2
4 2 6
4 4 1
5 6 2
6 5 2
6 6 8
7 8 1
8 9 4
8 9 3
9 7 2
10 10 5
3 7 12
EOF
grep -v '^#' "$G/w_selfdup.el" | awk 'BEGIN { print "# Nodes: 12" } { print $1, $2 }' >"$G/selfdup.el"
add_u selfdup "$G/selfdup.el" 12
add_w w_selfdup "$G/w_selfdup.el" 12
# a hub of out-degree 200 and in-degree 100, leaf-to-leaf edges, 60 isolated nodes
awk 'BEGIN { print "# Nodes: 260"
             for (i = 1; i <= 200; i++) { print 0, i, 1 + i % 9
                 if (i % 2 == 0) print i, 0, 1 + i % 5
                 if (i % 7 == 0) print i, i + 1, 2 } }' >"$G/w_hub.el"
awk '/^#/ { print; next } { print $1, $2 }' "$G/w_hub.el" >"$G/hub.el"
add_u hub "$G/hub.el" 260
add_w w_hub "$G/w_hub.el" 260
# a directed path of 300 nodes (many rounds), weights 1..3
awk 'BEGIN { print "# Nodes: 300"; for (i = 0; i + 1 < 300; i++) print i, i + 1, 1 + i % 3 }' >"$G/w_path.el"
awk '/^#/ { print; next } { print $1, $2 }' "$G/w_path.el" >"$G/path.el"
add_u path "$G/path.el" 300
add_w w_path "$G/w_path.el" 300
"$GMGRAPH" gen rmat --scale 8 --edge-factor 6 --seed 7 --no-permute -o "$G/rmat.gmb" >/dev/null 2>&1 &&
    "$GMGRAPH" gen rmat --scale 8 --edge-factor 6 --seed 7 --no-permute --weights int:1:50 -o "$G/w_rmat.el" \
        >/dev/null 2>&1 || { echo "ERROR: gmgraph gen rmat"; exit 99; }
add_u rmat "$G/rmat.gmb" 256
add_w w_rmat "$G/w_rmat.el" 256
for g in $U_GRAPHS; do
    eval "n=\$nodes_$g"
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) print 5 + (i * 37 + 11) % 40 }' >"$G/$g.age"
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) print (i * 13 + 5) % 3 }' >"$G/$g.member"
done

selected() { [ -z "$1" ] && return 0; for x in $1; do [ "$x" = "$2" ] && return 0; done; return 1; }

# run_dist DIR NP PROGRAM ARGS...: mpirun -np NP PROGRAM ARGS, its stdout,
# stderr and exit status (rc) in DIR. A launch that failed before the program
# said a word (no output from the program, no "PROGRAM: ..." message, no
# signal) with Open MPI's start-up named in the message is tried once more,
# and the first attempt kept in DIR/launch-retry: the CI machine is shared
# and such failures are not the program's. A run that printed anything,
# crashed or timed out is never retried.
MAX_INFLIGHT=${MPI_INFLIGHT:-6}
inflight=0
run_dist() {
    d=$1 np=$2
    shift 2
    # a session directory of its own (the runs go in parallel: tests/mpi/ranks.sh says why)
    sd=$(mktemp -d "$W/s.XXXXXX") || { echo 99 >"$d/rc"; return; }
    for attempt in 1 2; do
        OMPI_MCA_orte_tmpdir_base=$sd $TIMEOUT "$GMC_MPIRUN" -np "$np" "$@" </dev/null >"$d/stdout.txt" 2>"$d/stderr.txt"
        rc=$?
        echo $rc >"$d/rc"
        [ $rc -eq 0 ] || [ $rc -eq 124 ] || [ -s "$d/stdout.txt" ] && return
        grep -q "^$1: " "$d/stderr.txt" && return
        # a crash is the program's, however early; a launch failure names
        # Open MPI's start-up (orte/opal/PMIx init, daemons, slots, shared memory)
        grep -qi "signal" "$d/stderr.txt" && return
        grep -qiE "orte|opal|pmix|orted|daemon|slots|failed to start|unable to launch|MPI_INIT|shared memory|vader" \
            "$d/stderr.txt" || return
        [ $attempt = 1 ] && { cp "$d/stderr.txt" "$d/launch-retry"; sleep 1; }
    done
}
# what a failed run's exit status means, for the FAIL line
rc_words() {
    case $1 in
    124) echo "timed out after ${TIMEOUT#timeout } s" ;;
    *) echo "exit status $1" ;;
    esac
}

pass=0 fail=0 retried=0
report() { # report STATUS TEXT [DETAILS FILE]
    echo "$1: $2"
    case $1 in PASS) pass=$((pass + 1)) ;; FAIL) fail=$((fail + 1)) ;; esac
    if [ "$1" = FAIL ] && [ -n "${3:-}" ] && [ -s "$3" ]; then sed 's/^/    /' "$3" | head -20; fi
}

echo "$APPS" >"$W/apps.txt"
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
    case $kind in u) graphs=$U_GRAPHS ;; w) graphs=$W_GRAPHS ;; esac
    for g in $graphs; do
        selected "${MPI_GRAPHS:-}" "$g" || continue
        eval "gfile=\$file_$g"
        eval "n=\$nodes_$g"
        gargs=$(echo "$args" | sed "s|@LAST|$((n - 1))|g; s|@AGE|$G/$g.age|g; s|@MEMBER|$G/$g.member|g")
        # bc on the 300-node path: 300 traversals of up to 300 levels, ~9
        # collectives a level (40 s at P = 4 alone on the 2-core CI box, over
        # the 120 s limit at P = 2 beside the other runs): only with
        # MPI_FULL=1; bfs covers the 300 levels at every P
        case $app:$g in bc:path) [ "${MPI_FULL:-0}" = 1 ] || continue ;; esac
        # bc_sampled needs a node to draw (its contract); on the empty graph
        # the single-process program aborts (G.PickRandom() of no node)
        case $app:$g in bc_sampled:empty0) continue ;; esac
        exp=$W/out/$app/$g/expected
        mkdir -p "$exp"
        # shellcheck disable=SC2086
        $TIMEOUT "$W/omp/$app" "$gfile" $gargs --threads=1 --out="$exp" </dev/null >"$exp/stdout.txt" 2>"$exp/stderr.txt"
        exp_rc=$?
        # the runs of this graph: every (policy, P) to run, started together in
        # the background (mpirun spends most of its second starting up, not
        # computing), then checked one by one
        : >"$W/runs"
        for policy in out in both both+relabel; do
            popt="--policy=${policy%+relabel}"
            spec=$checks
            [ "$policy" != "${policy%+relabel}" ] && popt="$popt --relabel=7" spec=$rchecks
            [ "$spec" = - ] && continue
            for np in $RANKS; do
                # a refused policy: once; the other policies than both: at P = 3
                # only, unless MPI_FULL=1
                if ! selected "$policies" "${policy%+relabel}"; then
                    [ "$np" = "${RANKS%% *}" ] || continue
                elif [ "$policy" != both ] && [ "${MPI_FULL:-0}" != 1 ] && [ "$RANKS" = "1 2 3 4" ]; then
                    [ "$np" = 3 ] || continue
                fi
                act=$W/out/$app/$g/$policy-$np
                mkdir -p "$act"
                echo "$policy $np" >>"$W/runs"
                # shellcheck disable=SC2086
                run_dist "$act" "$np" "$W/dist/$app" "$gfile" $gargs $popt --threads=1 --out="$act" &
                inflight=$((inflight + 1))
                [ $inflight -lt "$MAX_INFLIGHT" ] || { wait; inflight=0; }
            done
        done
        wait
        inflight=0
        while read -r policy np; do
            spec=$checks
            [ "$policy" != "${policy%+relabel}" ] && spec=$rchecks
            act=$W/out/$app/$g/$policy-$np
            act_rc=$(cat "$act/rc" 2>/dev/null || echo 99)
            line="$app $g $policy P=$np"
            if ! selected "$policies" "${policy%+relabel}"; then
                if [ "$act_rc" -eq 2 ] && grep -q -- "--policy=" "$act/stderr.txt"; then
                    report PASS "$line (refused: $(grep -- '--policy=' "$act/stderr.txt" | head -n 1))"
                else
                    report FAIL "$line: not refused (exit $act_rc)" "$act/stderr.txt"
                fi
                continue
            fi
            if [ $exp_rc -ne 0 ] || [ "$act_rc" -ne 0 ]; then
                if [ $exp_rc -eq "$act_rc" ]; then
                    report PASS "$line (both exit $act_rc)"
                else
                    { cat "$act/stderr.txt"; [ -f "$act/launch-retry" ] && { echo "(first launch:)"; cat "$act/launch-retry"; }
                      echo "(single-process program:)"; cat "$exp/stderr.txt"; } >"$act/why"
                    report FAIL "$line: $(rc_words "$act_rc"), expected $exp_rc" "$act/why"
                fi
                continue
            fi
            if [ "$spec" = validate ]; then
                # shellcheck disable=SC2086
                "$VALIDATE" "$app" "$gfile" $gargs --out="$act" >"$act/why" 2>&1
            else
                # shellcheck disable=SC2086
                "$COMPARE" "$exp" "$act" $spec >"$act/why" 2>&1
            fi
            if [ $? -eq 0 ]; then
                if [ -f "$act/launch-retry" ]; then
                    retried=$((retried + 1))
                    report PASS "$line (mpirun failed to start it once: $(grep -v '^ *$' "$act/launch-retry" | grep -v -- '^---' | head -n 1))"
                else
                    report PASS "$line"
                fi
            else
                report FAIL "$line" "$act/why"
            fi
        done <"$W/runs"
    done
done <"$W/apps.txt"

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

note=
[ $retried -eq 0 ] || note=" ($retried after mpirun failed to start them once)"
echo "mpi apps: $pass passed, $fail failed$note"
[ $fail -eq 0 ]
