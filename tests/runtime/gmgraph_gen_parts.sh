#!/bin/sh
# gmgraph_gen_parts.sh: `gmgraph gen ... --parts=P -o OUTPREFIX` writes the
# same P files, byte for byte, as `gmgraph gen ... -o whole.gmb` followed by
# `gmgraph partition --parts=P whole.gmb OUTPREFIX` (P = 1..4; rmat with and
# without weights and edits, uniform, road, an empty graph; 1 and 2
# threads), writes no whole-graph file, and refuses --parts with --to or
# '-o -' (exit 2).
set -u
GMGRAPH=${GMGRAPH:-./gmgraph}
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmgraph-genparts-XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
failures=0

# same NAME GEN-ARGUMENTS...: for P = 1..4, gen --parts=P equals gen + partition
same() {
    name=$1
    shift
    "$GMGRAPH" gen "$@" -o "$dir/whole.gmb" >/dev/null 2>"$dir/err" || {
        echo "FAIL $name: gmgraph gen failed"; cat "$dir/err"; failures=$((failures + 1)); return; }
    for P in 1 2 3 4; do
        rm -rf "$dir/a" "$dir/b"
        mkdir "$dir/a" "$dir/b"
        "$GMGRAPH" partition --parts=$P "$dir/whole.gmb" "$dir/a/g" >/dev/null 2>"$dir/err" || {
            echo "FAIL $name: gmgraph partition --parts=$P failed"; cat "$dir/err"; failures=$((failures + 1)); continue; }
        t=$((P % 2 + 1))
        OMP_NUM_THREADS=$t "$GMGRAPH" gen "$@" --parts=$P -o "$dir/b/g.gmp" >/dev/null 2>"$dir/err" || {
            echo "FAIL $name: gmgraph gen --parts=$P failed"; cat "$dir/err"; failures=$((failures + 1)); continue; }
        ok=true
        r=0
        while [ $r -lt $P ]; do
            cmp "$dir/a/g.$r.gmp" "$dir/b/g.$r.gmp" || ok=false
            r=$((r + 1))
        done
        [ "$(ls -A "$dir/b" | wc -l)" -eq "$P" ] || { echo "extra files: $(ls -A "$dir/b")"; ok=false; }
        if $ok; then echo "ok   $name --parts=$P ($t threads): the parts of gmgraph partition"; else
            echo "FAIL $name --parts=$P"; failures=$((failures + 1)); fi
    done
}

same rmat-sdn-w rmat --scale 11 --edge-factor 8 --seed 1 --weights int:1:255 --symmetrize --dedup --no-self-loops
same rmat rmat --scale 10 --edge-factor 4 --seed 5
same rmat-real rmat --scale 9 --edge-factor 16 --seed 2 --weights real:0:1 --dedup
same uniform uniform --nodes 700 --degree 5 --seed 3 --symmetrize
same road road --rows 20 --cols 30 --seed 4
same empty uniform --nodes 0 --edges 0

for bad in "--to gmb -o $dir/x" "-o -" "--parts=0 -o $dir/x"; do
    # shellcheck disable=SC2086 # the options are split on purpose
    "$GMGRAPH" gen rmat --scale 4 --parts=2 $bad >"$dir/out" 2>"$dir/err"
    got=$?
    if [ $got -eq 2 ] && [ ! -e "$dir/x.0.gmp" ]; then echo "ok   exit 2: gen --parts=2 $bad"; else
        echo "FAIL exit $got (expected 2): gen --parts=2 $bad"; cat "$dir/err"; failures=$((failures + 1)); fi
done

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
