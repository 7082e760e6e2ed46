# tests/mpi/apps_common.sh: what tests/mpi/apps.sh (gmc -t omp --distributed)
# and tests/mpi/cuda_apps.sh (gmc -t cuda --distributed) share, sourced by
# both: the environment checks, the work directory $W, the small awkward
# graphs under $G, the table of apps ($APPS: name | kind | policies | args |
# checks | checks under relabelling; apps.sh's header says what each means),
# selected and report, and run_matrix, which runs one app's distributed
# program ($MATRIX_BIN/APP, with $MATRIX_OPTS, lines tagged $MATRIX_TAG,
# outputs under $W/out$MATRIX_OUT) over every graph, policy and P against
# the single-process program $W/omp/APP, as apps.sh's header says (with
# MATRIX_BATCH=1, each P's cases in one launch: batch_run).
# The caller sets nothing but the harness's environment (GMC, GMGRAPH,
# GMC_SRCDIR, GMC_BUILDDIR, GMC_MPIRUN) and MPI_* narrowing variables.
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
# Open MPI for the CI box (yield when idle, the cheaper launch)
. "$GMC_SRCDIR/tests/mpi/ompi_env.sh"

W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-mpi-apps.XXXXXX") || exit 99
if [ "${MPI_KEEP:-0}" = 1 ]; then echo "work directory: $W"; else trap 'rm -rf "$W"' EXIT; trap 'exit 1' INT TERM; fi
# Open MPI's shared-memory files in the work directory, not /dev/shm
# (a container's may be small, and a killed run's would stay there)
OMPI_MCA_btl_vader_backing_directory=$W
export OMPI_MCA_btl_vader_backing_directory
G=$W/graphs
mkdir -p "$G"

# NAME | KIND (u unweighted, w weighted: Int edge input len from the weights)
#      | POLICIES it runs under (the others must be refused: it walks rows
#        those partitions do not hold) | ARGS | CHECKS (e2e_compare specs, or
#        "validate" where the answer is one of several right ones: node_values
#        returns a node of the largest in-degree, which one a parallel arg-max
#        leaves open: the CUDA builds return another than the OpenMP one)
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
node_values|u|out both|--root=@LAST|validate|-
edge_ends|u|both||top.txt:exact src.txt:exact ok.txt:exact return:exact|-
has_edge|u|out both|--root=0|loop.txt:exact to_root.txt:exact big.txt:exact tri.txt:exact back.txt:exact return:exact|loop.txt:exact to_root.txt:exact back.txt:exact return:exact
is_nbr_from|u|in both|--root=0|loop.txt:exact from_root.txt:exact small.txt:exact tri.txt:exact return:exact|loop.txt:exact from_root.txt:exact return:exact
reciprocal|u|both||recip.txt:exact mutual.txt:exact return:exact|recip.txt:exact mutual.txt:exact return:exact
'
# InBFS/InReverse, level by level (claims, per-level syncs; apps.sh and
# cuda_apps.sh; tests/mpi/bfs_syncs.gm: each kind of per-level sync;
# tests/mpi/bfs_local.gm: a local body, settled rank by rank past 64 levels)
APPS_BFS='
bfs|u|out both|--root=0|dist.txt:exact|dist.txt:exact
bc|u|both||BC.txt:real|BC.txt:real
bc_sampled|u|both|--k=12|BC.txt:real|-
bfs_syncs|u|both|--root=0|x.txt:real y.txt:real z.txt:real cnt.txt:exact|x.txt:real y.txt:real z.txt:real cnt.txt:exact
bfs_local|u|out both|--root=0 --x=@AGE|mark.txt:exact|mark.txt:exact
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
# crashed or timed out is never retried. With P1_SINGLETON=1 (apps.sh) a run
# at NP = 1 starts the program alone, without mpirun (MPI's singleton start:
# the same one rank, and how a user runs it; half the processor time of
# mpirun -np 1, which P = 2..4 go on testing).
MAX_INFLIGHT=${MPI_INFLIGHT:-6}
P1_SINGLETON=0
inflight=0
run_dist() {
    d=$1 np=$2
    shift 2
    # a session directory of its own (the runs go in parallel: tests/mpi/ranks.sh says why)
    sd=$(mktemp -d "$W/s.XXXXXX") || { echo 99 >"$d/rc"; return; }
    prog=$1
    [ "$np" = 1 ] && [ "$P1_SINGLETON" = 1 ] || set -- "$GMC_MPIRUN" -np "$np" "$@"
    for attempt in 1 2; do
        OMPI_MCA_orte_tmpdir_base=$sd $TIMEOUT "$@" </dev/null >"$d/stdout.txt" 2>"$d/stderr.txt"
        rc=$?
        echo $rc >"$d/rc"
        [ $rc -eq 0 ] || [ $rc -eq 124 ] || [ -s "$d/stdout.txt" ] && return
        grep -q "^$prog: " "$d/stderr.txt" && return
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

MATRIX_OPTS= MATRIX_TAG= MATRIX_OUT=
# MATRIX_BATCH=1 (apps.sh, wcc.sh: -t omp --distributed programs, which take
# --batch=FILE): run_matrix gives each P one launch, its cases the lines of
# one batch (batch_run); MPI_BATCH=0 makes it one launch per case again.
MATRIX_BATCH=0

# batch_words WORD...: the words quoted for a --batch line ('...', or "..."
# around a word with a ') in $words (no subshell: the harness's processor
# time is mostly its forks).
batch_words() {
    words=
    for w; do
        case $w in *\'*) words="$words \"$w\"" ;; *) words="$words '$w'" ;; esac
    done
}

# batch_run NP LIST: the cases of LIST (lines DIR<tab>WORDS, DIR the case's
# directory, WORDS its arguments) in one launch of $MATRIX_BIN/$app
# --batch=FILE at NP ranks (run_dist, its launch retry included), each
# case's stdout, stderr and exit status then split into its DIR as a run of
# its own leaves them there (the program's "== batch line N" lines). A
# launch that dies in a case (a crash, MPI_Abort, a time-out) leaves that
# case its exit status and output so far; the cases after it go in a new
# launch. A launch that starts no case gives each its output and exit
# status 98. Time-out: 120 s plus 10 s a case.
batch_run() {
    _np=$1 _list=$2 _k=0
    while [ -s "$_list" ]; do
        _k=$((_k + 1))
        _d=$_list.$_k
        mkdir -p "$_d"
        cut -f2- "$_list" >"$_d/batch.txt"
        _n=$(wc -l <"$_d/batch.txt")
        [ -z "$TIMEOUT" ] || TIMEOUT="timeout $((120 + 10 * _n))"
        run_dist "$_d" "$_np" "$MATRIX_BIN/$app" --batch="$_d/batch.txt"
        awk -F '\t' -v rc="$(cat "$_d/rc")" -v d="$_d" -v rest="$_list.rest" -v T="${TIMEOUT#timeout }" '
            function to(i, what) { if (out != "") close(out); cur = i; out = i ? dir[i] "/" what : "" }
            FILENAME != name { name = FILENAME; file = name == ARGV[1] ? 1 : name == ARGV[2] ? 2 : 3; to(0) }
            file == 1 { dir[FNR] = $1; line[FNR] = $0; n = FNR; next }
            /^== batch line [0-9]+ done: exit status [0-9]+$/ && file == 2 {
                split($0, f, " "); status[f[4]] = f[8]; to(0); next
            }
            /^== batch line [0-9]+: / {
                split($0, f, " ")
                if (file == 2 && !((f[4] + 0) in started)) { started[f[4] + 0] = 1; nstarted++ }
                to(f[4] + 0, file == 2 ? "stdout.txt" : "stderr.txt")
                next
            }
            { if (cur) print >> out; else print >> (d "/" (file == 2 ? "stdout" : "stderr") ".pre") }
            END {
                to(0)
                for (i = 1; i <= n; i++) {
                    if ((i in status) || (i in started) || !nstarted) print dir[i] > (d "/ran")
                    printf "" >> (dir[i] "/stdout.txt"); close(dir[i] "/stdout.txt")
                    printf "" >> (dir[i] "/stderr.txt"); close(dir[i] "/stderr.txt")
                    if (i in status) { print status[i] > (dir[i] "/rc"); close(dir[i] "/rc"); continue }
                    if (i in started) {
                        if (rc == 124)
                            print "(the batch timed out after " T " s in this run)" >> (dir[i] "/stderr.txt")
                        else
                            print "(the batch ended in this run: exit status " rc ")" >> (dir[i] "/stderr.txt")
                        print (rc == 0 ? 97 : rc) > (dir[i] "/rc")
                        close(dir[i] "/stderr.txt"); close(dir[i] "/rc")
                        continue
                    }
                    if (!nstarted) {
                        print "(the batch launch ran none of its runs: exit status " rc ")" >> (dir[i] "/stderr.txt")
                        print 98 > (dir[i] "/rc")
                        close(dir[i] "/stderr.txt"); close(dir[i] "/rc")
                        continue
                    }
                    print line[i] > rest
                }
            }' "$_list" "$_d/stdout.txt" "$_d/stderr.txt"
        # a launch that ran no case: its own output goes to each case
        if ! grep -q '^== batch line ' "$_d/stdout.txt" "$_d/stderr.txt"; then
            while read -r _c; do cat "$_d/stderr.txt" >>"$_c/stderr.txt"; done <"$_d/ran"
        fi
        if [ -f "$_d/launch-retry" ]; then
            while read -r _c; do cp "$_d/launch-retry" "$_c/"; done <"$_d/ran"
        fi
        if [ -f "$_list.rest" ]; then mv "$_list.rest" "$_list"; else : >"$_list"; fi
    done
}

# graph_args G: gfile, n and gargs (ARGS with @LAST, @AGE, @MEMBER, @KEY
# filled in) of graph G. Most apps' ARGS have no @: no sed for those (two
# calls per app and graph; a fork costs ~5 ms of processor time here).
graph_args() {
    eval "gfile=\$file_$1"
    eval "n=\$nodes_$1"
    case $args in
    *@*) gargs=$(echo "$args" | sed "s|@LAST|$((n - 1))|g; s|@AGE|$G/$1.age|g; s|@MEMBER|$G/$1.member|g; s|@KEY|$G/$1.key|g") ;;
    *) gargs=$args ;;
    esac
}

# run_matrix APP KIND POLICIES ARGS CHECKS RCHECKS (a row of $APPS); the
# expected side is $W/omp/APP (gmc -t omp --main -x), the distributed one
# $MATRIX_BIN/APP.
run_matrix() {
    app=$1 kind=$2 policies=$3 args=$4 checks=$5 rchecks=$6
    case $kind in u) graphs=$U_GRAPHS ;; w) graphs=$W_GRAPHS ;; esac
    batch=$MATRIX_BATCH
    [ "${MPI_BATCH:-1}" != 0 ] || batch=0
    rm -rf "$W/batch-lists"
    mkdir -p "$W/batch-lists"
    # every case to run (GRAPH POLICY P), each graph's expected side first;
    # with batches, each P's cases in a list for batch_run, else each run
    # started in the background (mpirun spends most of its second starting
    # up, not computing); then all checked one by one
    : >"$W/runs"
    for g in $graphs; do
        selected "${MPI_GRAPHS:-}" "$g" || continue
        graph_args "$g"
        # bc on the 300-node path: 300 traversals of up to 300 levels, ~9
        # collectives a level (40 s at P = 4 alone on the 2-core CI box, over
        # the 120 s limit at P = 2 beside the other runs): only with
        # MPI_FULL=1; bfs covers the 300 levels at every P
        case $app:$g in bc:path) [ "${MPI_FULL:-0}" = 1 ] || continue ;; esac
        # bc_sampled needs a node to draw (its contract); on the empty graph
        # the single-process program stops (G.PickRandom() of no node)
        case $app:$g in bc_sampled:empty0) continue ;; esac
        exp=$W/out$MATRIX_OUT/$app/$g/expected
        mkdir -p "$exp"
        # shellcheck disable=SC2086
        $TIMEOUT "$W/omp/$app" "$gfile" $gargs --threads=1 --out="$exp" </dev/null >"$exp/stdout.txt" 2>"$exp/stderr.txt"
        echo $? >"$exp/rc"
        dirs=
        for policy in out in both both+relabel; do
            selected "${MPI_POLICIES:-}" "$policy" || continue
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
                act=$W/out$MATRIX_OUT/$app/$g/$policy-$np
                echo "$g $policy $np" >>"$W/runs"
                if [ "$batch" = 1 ]; then
                    dirs="$dirs $policy-$np"
                    # shellcheck disable=SC2086
                    batch_words "$gfile" $gargs $popt $MATRIX_OPTS --threads=1 --out="$act"
                    printf '%s\t%s\n' "$act" "$words" >>"$W/batch-lists/$np"
                    continue
                fi
                mkdir -p "$act"
                # shellcheck disable=SC2086
                run_dist "$act" "$np" "$MATRIX_BIN/$app" "$gfile" $gargs $popt $MATRIX_OPTS --threads=1 --out="$act" &
                inflight=$((inflight + 1))
                [ $inflight -lt "$MAX_INFLIGHT" ] || { wait; inflight=0; }
            done
        done
        # the batch's case directories, in one mkdir (policy-P names: no blank)
        # shellcheck disable=SC2086
        [ -z "$dirs" ] || (cd "$W/out$MATRIX_OUT/$app/$g" && mkdir -p $dirs)
    done
    if [ "$batch" = 1 ]; then
        for np in $RANKS; do
            [ -s "$W/batch-lists/$np" ] || continue
            batch_run "$np" "$W/batch-lists/$np" &
            inflight=$((inflight + 1))
            [ $inflight -lt "$MAX_INFLIGHT" ] || { wait; inflight=0; }
        done
    fi
    wait
    inflight=0
    gnow=
    while read -r g policy np; do
        if [ "$g" != "$gnow" ]; then
            gnow=$g
            graph_args "$g"
            exp=$W/out$MATRIX_OUT/$app/$g/expected
            read -r exp_rc <"$exp/rc"
        fi
        spec=$checks
        [ "$policy" != "${policy%+relabel}" ] && spec=$rchecks
        act=$W/out$MATRIX_OUT/$app/$g/$policy-$np
        act_rc=99
        [ -f "$act/rc" ] && read -r act_rc <"$act/rc"
        line="$app $g $policy P=$np$MATRIX_TAG"
        if ! selected "$policies" "${policy%+relabel}"; then
            why=
            [ "$act_rc" -ne 2 ] || why=$(grep -m 1 -- "--policy=" "$act/stderr.txt")
            if [ -n "$why" ]; then
                report PASS "$line (refused: $why)"
            else
                report FAIL "$line: not refused (exit $act_rc)" "$act/stderr.txt"
            fi
            continue
        fi
        if [ "$exp_rc" -ne 0 ] || [ "$act_rc" -ne 0 ]; then
            if [ "$exp_rc" -eq "$act_rc" ]; then
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
}

# wcc_vs_ref GRAPHS: every run of wcc's matrix (apps.sh's wcc row, and
# wcc.sh's graphs) on GRAPHS against the independent reference
# tests/e2e/ref_wcc (union-find over the file's ids): comp.txt exactly, as a
# partition under relabelling (where the smallest id is another node).
wcc_vs_ref() {
    _ref=$GMC_BUILDDIR/tests/e2e/ref_wcc
    [ -x "$_ref" ] || { report FAIL "$_ref not built"; return; }
    for g in $1; do
        selected "${MPI_GRAPHS:-}" "$g" || continue
        eval "gfile=\$file_$g"
        ref=$W/ref/$g
        mkdir -p "$ref"
        if ! $TIMEOUT "$_ref" "$gfile" --out="$ref" </dev/null >"$ref/stdout.txt" 2>"$ref/stderr.txt"; then
            report FAIL "ref_wcc $g" "$ref/stderr.txt"
            continue
        fi
        for act in "$W/out$MATRIX_OUT/wcc/$g"/*-*; do
            [ -f "$act/rc" ] && [ "$(cat "$act/rc")" = 0 ] || continue
            run=$(basename "$act")
            mode=exact
            case $run in *relabel*) mode=partition ;; esac
            if "$COMPARE" "$ref" "$act" comp.txt:$mode return:exact >"$act/why-ref" 2>&1; then
                report PASS "wcc $g $run = ref_wcc"
            else
                report FAIL "wcc $g $run != ref_wcc" "$act/why-ref"
            fi
        done
    done
}
