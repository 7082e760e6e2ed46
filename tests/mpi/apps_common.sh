# tests/mpi/apps_common.sh: what tests/mpi/apps.sh (gmc -t omp --distributed)
# and tests/mpi/cuda_apps.sh (gmc -t cuda --distributed) share, sourced by
# both: the environment checks, the work directory $W, the small awkward
# graphs under $G, the table of apps ($APPS: name | kind | policies | args |
# checks | checks under relabelling; apps.sh's header says what each means),
# selected and report, and run_matrix, which runs one app's distributed
# program ($MATRIX_BIN/APP, with $MATRIX_OPTS, lines tagged $MATRIX_TAG,
# outputs under $W/out$MATRIX_OUT) over every graph, policy and P against
# the single-process program $W/omp/APP, as apps.sh's header says.
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
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
OMPI_MCA_btl=self,vader OMPI_MCA_plm_rsh_agent=false OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl OMPI_MCA_plm_rsh_agent \
    OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_mpi_yield_when_idle
# A cheaper launch (apps.sh makes ~550): most of a small run's processor time
# is Open MPI opening (dlopen) and closing plugins in each rank and mpirun.
# Leave out those a one-node run never picks (network transports, one-sided
# and collective variants nobody calls) and hwloc's GPU, PCI and XML plugins
# (X11, OpenCL, libxml2 and ICU come with them): 0.85 -> 0.57 processor
# seconds for mpirun -np 4 of an empty MPI program. Exclusions only (^), so
# an Open MPI without one of these components is not troubled.
OMPI_MCA_pml=^ucx,cm,monitoring OMPI_MCA_mtl=^ofi,psm,psm2 OMPI_MCA_osc=^ucx,rdma,monitoring,sm
OMPI_MCA_coll=^han,adapt,monitoring,sync,inter,hcoll OMPI_MCA_shmem=^sysv,posix OMPI_MCA_vprotocol=^pessimist
PMIX_MCA_gds=hash HWLOC_COMPONENTS=-gl,-opencl,-pci,-xml_libxml
HWLOC_PLUGINS_BLACKLIST=hwloc_gl,hwloc_opencl,hwloc_pci,hwloc_xml_libxml
export OMPI_MCA_pml OMPI_MCA_mtl OMPI_MCA_osc OMPI_MCA_coll OMPI_MCA_shmem OMPI_MCA_vprotocol PMIX_MCA_gds \
    HWLOC_COMPONENTS HWLOC_PLUGINS_BLACKLIST

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
# cuda_apps.sh; tests/mpi/bfs_syncs.gm: each kind of per-level sync)
APPS_BFS='
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

# run_matrix APP KIND POLICIES ARGS CHECKS RCHECKS (a row of $APPS); the
# expected side is $W/omp/APP (gmc -t omp --main -x), the distributed one
# $MATRIX_BIN/APP.
run_matrix() {
    app=$1 kind=$2 policies=$3 args=$4 checks=$5 rchecks=$6
    case $kind in u) graphs=$U_GRAPHS ;; w) graphs=$W_GRAPHS ;; esac
    for g in $graphs; do
        selected "${MPI_GRAPHS:-}" "$g" || continue
        eval "gfile=\$file_$g"
        eval "n=\$nodes_$g"
        gargs=$(echo "$args" | sed "s|@LAST|$((n - 1))|g; s|@AGE|$G/$g.age|g; s|@MEMBER|$G/$g.member|g; s|@KEY|$G/$g.key|g")
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
                act=$W/out$MATRIX_OUT/$app/$g/$policy-$np
                mkdir -p "$act"
                echo "$policy $np" >>"$W/runs"
                # shellcheck disable=SC2086
                run_dist "$act" "$np" "$MATRIX_BIN/$app" "$gfile" $gargs $popt $MATRIX_OPTS --threads=1 --out="$act" &
                inflight=$((inflight + 1))
                [ $inflight -lt "$MAX_INFLIGHT" ] || { wait; inflight=0; }
            done
        done
        wait
        inflight=0
        while read -r policy np; do
            spec=$checks
            [ "$policy" != "${policy%+relabel}" ] && spec=$rchecks
            act=$W/out$MATRIX_OUT/$app/$g/$policy-$np
            act_rc=$(cat "$act/rc" 2>/dev/null || echo 99)
            line="$app $g $policy P=$np$MATRIX_TAG"
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
