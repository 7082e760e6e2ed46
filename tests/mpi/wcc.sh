#!/bin/sh
# tests/mpi/wcc.sh: the minimum-label fixpoint under gmc -t omp --distributed
# (issue 31): a loop gm_opt/min_label.c marks (apps/wcc.gm) runs as a
# union-find on each rank's part plus rounds of a MIN reduce and a
# broadcast over the partition (gmd_min_label_components), instead of one
# global round per hop.
#  - The marking decides, not the program's name: the distributed wcc.c and
#    wcc_long.c call gmd_min_label_components_i32/_i64, and
#    tests/mpi/min_label_mixed.gm's two loops (wcc's loop with a round
#    counter in its body; a pull over out-neighbours only), which are not
#    the pattern, stay rounds in both the single-process and distributed
#    code (their answers, the round count included, must match).
#  - wcc runs under mpirun for P = 1..4 (P = 1 alone: MPI's singleton
#    start) on awkward graphs: apps_common.sh's (empty, edgeless, self-loops
#    and duplicates, a hub with isolated nodes, a 300-node path, RMAT; those
#    runs are apps.sh's, its table's wcc row, with the same checks) and
#    these: a path whose edges point down (its smallest id reaches the
#    last rank through every rank), a zigzag path 0, n-1, 1, n-2, ... that
#    crosses the blocks at every step, several components and isolated
#    nodes at sparse ids, and, with --relabel, components whose smallest
#    global id lives on the last rank. Its comp.txt and return value equal
#    the single-process program's and tests/e2e/ref_wcc's (as a partition
#    under relabelling, where the smallest id is another node).
#  - wcc_long (Long labels above 2^32, not in node order) and
#    min_label_mixed match their single-process programs.
#  - -t cuda --distributed: the same marking checks on the generated .cu;
#    with a GPU and libgmrt-dist-cuda (GMC_GPU_SYNC_TEST set, as make check
#    sets it), the three programs also run at P = 1..min(2, GPUs) over
#    --comm=mpi (and nccl when built) against the single-process programs.
# Skips (77) without MPI. Environment: as tests/mpi/apps.sh (MPI_GRAPHS,
# MPI_RANKS, MPI_KEEP narrow or keep the runs).
. "$(dirname "$0")/apps_common.sh"
P1_SINGLETON=1
MATRIX_BATCH=1
[ -x "$GMC_BUILDDIR/tests/e2e/ref_wcc" ] || { echo "FAIL: $GMC_BUILDDIR/tests/e2e/ref_wcc not built"; exit 1; }

# the graphs of this test, beside apps_common.sh's
awk 'BEGIN { print "# Nodes: 240"; for (i = 239; i > 0; i--) print i, i - 1 }' >"$G/downpath.el"
add_u downpath "$G/downpath.el" 240
awk 'BEGIN { n = 200; print "# Nodes: " n
             for (i = 0; i < n / 2; i++) { print i, n - 1 - i; if (i + 1 < n / 2) print n - 1 - i, i + 1 } }' \
    >"$G/zigzag.el"
add_u zigzag "$G/zigzag.el" 200
# components at scattered ids among 5000 nodes, a self-loop, a duplicate
cat >"$G/sparse.el" <<'EOG'
# Nodes: 5000
4999 17
17 2500
2500 4999
3000 3000
1234 4321
4321 1234
4321 1234
4998 0
0 4998
EOG
add_u sparse "$G/sparse.el" 5000
WCC_GRAPHS="empty0 edgeless selfdup hub path downpath zigzag sparse rmat"
U_GRAPHS=
for g in $WCC_GRAPHS; do selected "${MPI_GRAPHS:-}" "$g" && U_GRAPHS="$U_GRAPHS $g"; done
ALL_GRAPHS=$U_GRAPHS
OWN_GRAPHS=
for g in downpath zigzag sparse; do selected "${MPI_GRAPHS:-}" "$g" && OWN_GRAPHS="$OWN_GRAPHS $g"; done
# Long keys: above 2^32, in no order of the ids
for g in $U_GRAPHS; do
    eval "n=\$nodes_$g"
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "%d\n", 5000000000 + ((i * 7919 + 13) % 100003) * 3 }' \
        >"$G/$g.key"
done

mkdir -p "$W/omp" "$W/dist"
for app in wcc wcc_long min_label_mixed; do
    src=$GMC_SRCDIR/apps/$app.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/tests/mpi/$app.gm
    for side in omp dist; do
        d=
        [ $side = dist ] && d=--distributed
        # shellcheck disable=SC2086
        if ! $TIMEOUT "$GMC" -t omp $d --main -x "$src" -o "$W/$side" >"$W/$side/$app.log" 2>&1; then
            report FAIL "$app: gmc -t omp $d --main -x failed" "$W/$side/$app.log"
        fi
    done
done
[ $fail -eq 0 ] || { echo "$fail failed"; exit 1; }

# gm_opt's marking decides which loops become union-finds
marks() { # marks FILE PATTERN WANT
    got=$(grep -c "$2" "$1")
    if [ "$got" -eq "$3" ]; then
        report PASS "$(basename "$1"): $3 call(s) of $2"
    else
        report FAIL "$(basename "$1"): $got call(s) of $2, expected $3" "$1"
    fi
}
marks "$W/dist/wcc.c" 'gmd_min_label_components_i32(' 1
marks "$W/dist/wcc_long.c" 'gmd_min_label_components_i64(' 1
marks "$W/dist/min_label_mixed.c" 'gmd_min_label_components_' 0
marks "$W/omp/wcc.c" 'gmrt_min_label_components_i32(' 1
marks "$W/omp/min_label_mixed.c" 'gmrt_min_label_components_' 0
# the CUDA target's marking alike (generated only; nvcc: cuda_apps.sh, runs: below)
mkdir -p "$W/cuda"
for app in wcc wcc_long min_label_mixed; do
    src=$GMC_SRCDIR/apps/$app.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/tests/mpi/$app.gm
    $TIMEOUT "$GMC" -t cuda --distributed --main "$src" -o "$W/cuda" >"$W/cuda/$app.log" 2>&1 ||
        report FAIL "$app: gmc -t cuda --distributed --main failed" "$W/cuda/$app.log"
done
marks "$W/cuda/wcc.cu" 'gmd_gpu_min_label_components_i32(' 1
marks "$W/cuda/wcc_long.cu" 'gmd_gpu_min_label_components_i64(' 1
marks "$W/cuda/min_label_mixed.cu" 'min_label_components_' 0
# the generated code compiles without a warning under gcc and clang
for app in wcc wcc_long min_label_mixed; do
    for cc in gcc clang; do
        command -v $cc >/dev/null 2>&1 && [ -n "$MPI_CFLAGS" ] || continue
        # shellcheck disable=SC2086
        if $cc -std=c11 -fopenmp -Wall -Wextra -Werror $MPI_CFLAGS -I"$GMC_SRCDIR/gm_runtime" \
            -I"$GMC_SRCDIR/gm_runtime/dist" -fsyntax-only "$W/dist/$app.c" >"$W/dist/$app.$cc" 2>&1; then
            report PASS "$app: $cc -Wall -Wextra -Werror"
        else
            report FAIL "$app: $cc -Wall -Wextra -Werror" "$W/dist/$app.$cc"
        fi
    done
done

MATRIX_BIN=$W/dist
# wcc itself on this test's graphs only: apps.sh runs the same row of its
# table (the same program, checks, policies and P) on apps_common.sh's
U_GRAPHS=$OWN_GRAPHS
run_matrix wcc u both "" "comp.txt:exact return:exact" "comp.txt:partition return:exact"
U_GRAPHS=$ALL_GRAPHS
run_matrix wcc_long u both "--key=@KEY" "lab.txt:exact return:exact" "lab.txt:exact return:exact"
run_matrix min_label_mixed u both "" "comp.txt:exact down.txt:exact return:exact" -

# wcc against the independent reference on this test's graphs (apps.sh
# does it on the shared ones)
wcc_vs_ref "$OWN_GRAPHS"

# With a GPU and libgmrt-dist-cuda (the integrator's run): the same programs
# from gmc -t cuda --distributed at P = 1..min(2, GPUs), over --comm=mpi and,
# when built with NCCL, --comm=nccl, against the single-process programs.
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') || ngpu=0
if [ -n "${GMC_GPU_SYNC_TEST:-}" ] && [ "$ngpu" -gt 0 ]; then
    RANKS=${MPI_RANKS:-$([ "$ngpu" -ge 2 ] && echo "1 2" || echo 1)}
    comms=mpi
    [ "${GMC_GPU_SYNC_NCCL:-}" = yes ] && comms="nccl mpi"
    NCCL_NVLS_ENABLE=0
    export NCCL_NVLS_ENABLE
    for app in wcc wcc_long min_label_mixed; do
        src=$GMC_SRCDIR/apps/$app.gm
        [ -f "$src" ] || src=$GMC_SRCDIR/tests/mpi/$app.gm
        $TIMEOUT "$GMC" -t cuda --distributed --main -x "$src" -o "$W/cuda" >"$W/cuda/$app.x" 2>&1 ||
            report FAIL "$app: gmc -t cuda --distributed --main -x failed" "$W/cuda/$app.x"
    done
    MATRIX_BIN=$W/cuda MATRIX_BATCH=0 # the -t cuda main runs once per launch
    for comm in $comms; do
        MATRIX_OPTS="--comm=$comm" MATRIX_TAG=" cuda comm=$comm" MATRIX_OUT="-cuda-$comm"
        run_matrix wcc u both "" "comp.txt:exact return:exact" "comp.txt:partition return:exact"
        run_matrix wcc_long u both "--key=@KEY" "lab.txt:exact return:exact" "lab.txt:exact return:exact"
        run_matrix min_label_mixed u both "" "comp.txt:exact down.txt:exact return:exact" -
    done
else
    echo "no GPU (or no libgmrt-dist-cuda) here: the -t cuda --distributed programs are not run"
fi

echo "wcc.sh: $pass passed, $fail failed"
[ $fail -eq 0 ]
