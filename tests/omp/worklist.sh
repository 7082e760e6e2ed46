#!/bin/sh
# worklist.sh: the OpenMP target's frontier loops with a worklist
# (gm_backend_omp/omp_worklist.c) give the answers of the same program
# sweeping every node each round. Every program of the frontier shape
# (apps/sssp.gm and the CUDA tests' tests/cuda/async and tests/cuda/worklist
# programs, driver arguments on their `// args:` line) runs with 2 threads
# under GMRT_WORKLIST=0 (sweeps) and =1 (the worklist on every graph), and
# by default; and the monotone ones (gm_analysis/gma_monotone.h) with
# their rounds replaced by the nearest-first buckets on every graph
# (GMRT_PRIORITY=1, omp_priority.c); the sweeps run with GMRT_PRIORITY=0.
# Graphs: a grid, a weighted road grid large enough for rounds of more than
# 256 listed nodes (so that pushes race between threads), a long path, a
# graph with self-loops and duplicate edges, a path with shortcuts whose
# lengths are partly negative (no cycle: keys drop below the current bin),
# an RMAT with hubs and an empty graph; outputs must be equal. It also
# checks that the worklist and the buckets were taken where they should be
# (the generated code names them).
# Environment (set by make check): GMC, GMGRAPH, GMC_SRCDIR, GMC_BUILDDIR.
. "$(dirname "$0")/../driver/common.sh" # tools, $tmp, fail
pass=0

"$GMGRAPH" gen grid --rows 40 --cols 50 -o "$tmp/grid.el" >/dev/null &&
    "$GMGRAPH" gen road --rows 300 --cols 300 --seed 2 -o "$tmp/road.el" >/dev/null &&
    "$GMGRAPH" gen rmat --scale 10 --edge-factor 8 --seed 3 --weights int:1:20 -o "$tmp/rmat.el" >/dev/null || {
    echo "FAIL: gmgraph gen"
    exit 1
}
awk 'BEGIN { print "# Nodes: 2000"; for (i = 0; i < 1999; i++) print i, i + 1, 1 + i % 7 }' >"$tmp/path.el"
printf '# Nodes: 6\n0 0 2\n0 1 5\n0 1 3\n1 2 1\n2 1 4\n2 3 2\n3 3 1\n1 4 9\n' >"$tmp/selfdup.el"
awk 'BEGIN { print "# Nodes: 1500"; for (i = 0; i < 1499; i++) { print i, i + 1, i % 9 - 4; if (i % 4 == 0 && i + 3 < 1500) print i, i + 3, i % 5 - 3 } }' >"$tmp/negdag.el"
printf '# Nodes: 1\n' >"$tmp/empty.el"

. "$GMC_SRCDIR/tests/shard.sh"
for gm in "$GMC_SRCDIR/apps/sssp.gm" "$GMC_SRCDIR"/tests/cuda/async/*.gm "$GMC_SRCDIR"/tests/cuda/worklist/yes_*.gm; do
    shard_take || continue
    name=$(basename "$gm" .gm)
    args=$(sed -n 's|^// args: *||p' "$gm" | head -n 1)
    [ "$name" = sssp ] && args=--root=0
    mkdir -p "$tmp/$name"
    if ! "$GMC" -t omp --main -x -w -o "$tmp/$name" "$gm" >"$tmp/$name/build.log" 2>&1; then
        echo "FAIL: $name: gmc -t omp --main -x"; cat "$tmp/$name/build.log"; fail=$((fail + 1)); continue
    fi
    if ! grep -q 'a worklist over the frontier' "$tmp/$name/$name.c"; then
        echo "FAIL: $name: no worklist in the generated code"; fail=$((fail + 1))
    fi
    # the buckets: monotone updates that add a term to a numeric key
    case $name in sssp | yes_latest | yes_cost | yes_float_key | yes_hops) want=yes ;; *) want=no ;; esac
    got=no; grep -q 'nearest keys first (gm_backend_omp/omp_priority.c)' "$tmp/$name/$name.c" && got=yes
    [ $got = $want ] || { echo "FAIL: $name: nearest-first buckets $got, expected $want"; fail=$((fail + 1)); }
    for g in grid road path selfdup negdag rmat empty; do
        for mode in 0 1 prio auto; do
            o=$tmp/$name/$g.$mode
            mkdir -p "$o"
            case $mode in
            auto) set -- env -u GMRT_WORKLIST -u GMRT_PRIORITY ;;
            prio) set -- env -u GMRT_WORKLIST GMRT_PRIORITY=1 ;;
            *) set -- env GMRT_WORKLIST=$mode GMRT_PRIORITY=0 ;;
            esac
            # shellcheck disable=SC2086
            "$@" OMP_NUM_THREADS=2 "$tmp/$name/$name" "$tmp/$g.el" $args --threads=2 --out="$o" >"$o/stdout" 2>&1
            echo "exit $?" >>"$o/stdout"
            grep -v -e '^time_ms' -e '^load_ms' "$o/stdout" >"$o/stdout.cmp" && rm "$o/stdout"
        done
        for mode in 1 prio auto; do
            if diff -r "$tmp/$name/$g.0" "$tmp/$name/$g.$mode" >"$tmp/diff" 2>&1; then
                pass=$((pass + 1))
            else
                echo "FAIL: $name on $g: mode $mode differs from the sweeps"; head -5 "$tmp/diff"; fail=$((fail + 1))
            fi
        done
    done
done
echo "worklist: $pass passed, $fail failed"
[ $fail -eq 0 ]
