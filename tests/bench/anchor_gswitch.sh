#!/bin/sh
# anchor_gswitch.sh: bench/run --with gswitch=DIR's plumbing (issue 33), without
# GSWITCH or a GPU: NVCC is a stand-in that "compiles" each application into a
# shell script answering GSWITCH's command lines (FILE [-d] [-W] [-r ROOT]
# [-V]), printing "passed" for -V and the time on its last line.
# Checks: BFS and SSSP read the directed edge lists (SSSP the weighted one)
# with -d, CC the undirected pairs once each, BFS too on a symmetric graph; the root is shifted by the
# smallest id that has an edge (GSWITCH numbers from there); the fastest of
# --repeat runs is the row's time; "passed" makes the row verified; apps
# GSWITCH lacks are n/a; a failed check makes bench/run exit 1. The real
# GSWITCH is measured in bench/RESULTS.md.
set -u
: "${GMC_SRCDIR:?}" "${GMC_BUILDDIR:?}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-gswitch.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT
fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }

G=$W/fake-gswitch
mkdir -p "$G/application" "$G/src" "$G/deps/moderngpu/src"
for a in bfs sssp cc pagerank bc; do : >"$G/application/$a.cu"; done
cat >"$W/app.sh" <<'K'
#!/bin/sh
# a GSWITCH application's command line: FILE [-d] [-W] [-r ROOT] [-V]
k=$(basename "$0") f=$1 r= v= flags=
shift
while [ $# -gt 0 ]; do
    case $1 in -r) r=$2; shift ;; -V) v=1 ;; *) flags="$flags $1" ;; esac
    shift
done
[ -s "$f" ] || { echo "$k: cannot read '$f'"; exit 1; }
echo "$k $f root=$r$flags" >>"$FAKE_GSWITCH_LOG"
n=$(wc -l <"$FAKE_GSWITCH_LOG")
if [ -n "$v" ]; then
    if [ "${FAKE_GSWITCH_FAIL:-}" = "$k" ]; then echo failed; else echo passed; fi
fi
echo "GPU $k time: ..."
echo "0.$((5 - n % 2))00"
K
cat >"$W/nvcc" <<N
#!/bin/sh
# the stand-in nvcc: ... SRC.cu -o OUT
while [ \$# -gt 0 ]; do [ "\$1" = -o ] && { cp "$W/app.sh" "\$2"; chmod +x "\$2"; exit 0; }; shift; done
exit 1
N
chmod +x "$W/nvcc"
# a graph whose ids 0 and 1 have no edges, with a self-loop and a pair in both directions
printf '9 3 4\n2 3 5\n3 4 1\n4 5 2\n5 2 3\n5 9 1\n9 5 7\n3 3 1\n' >"$W/g.el"

export FAKE_GSWITCH_LOG="$W/calls.log" NVCC="$W/nvcc"
: >"$FAKE_GSWITCH_LOG"
sh "$GMC_SRCDIR/bench/run" --quick --with gswitch="$G" --apps bfs,sssp,wcc,conductance --graphs none --graph "$W/g.el" \
    --build "$GMC_BUILDDIR" --cache "$W/cache" --out "$W/out" >"$W/log" 2>&1
rc=$?
csv=$W/out/results.csv
row() { awk -F, -v a="$1" -v v="$2" '$1 == a && $5 == v' "$csv"; }
check "bench/run exits 0 (exit $rc)" '[ $rc -eq 0 ]'
for a in bfs sssp wcc; do
    check "$a: GSWITCH row verified" 'row $a gswitch | grep -q ",verified,"'
done
check "conductance: no GSWITCH application, n/a" 'row conductance gswitch | grep -q ",n/a,"'
root=$(awk '$1 == "g" { print $3 }' "$W/out/work/graph_files.txt")
check "bench/run chose a root with edges ($root)" '[ "$root" -ge 2 ]'
shifted=$((root - 2))
check "BFS ran on the directed .el with -d from root $root - 2" \
    'grep -q "^BFS .*/gswitch-g\.el root=$shifted -d\$" "$FAKE_GSWITCH_LOG"'
check "SSSP ran on the weighted .wel with -W -d" 'grep -q "^SSSP .*/gswitch-g\.wel root=$shifted -W -d\$" "$FAKE_GSWITCH_LOG"'
check "CC ran on the undirected pairs, no -d" 'grep -q "^CC .*/gswitch-g-u\.el root=\$" "$FAKE_GSWITCH_LOG"'
base=$(awk '{ print $2 }' "$W/out/work/gswitch_map.txt")
check "the undirected list holds each pair once, no self-loop" \
    '[ "$(cat "$base-u.el")" = "$(printf "2 3\n2 5\n3 4\n3 9\n4 5\n5 9")" ]'
check "the edge lists have no comment lines" '! grep -q "^#" "$base.el" "$base.wel"'
check "the ids file holds the smallest and largest id with an edge" '[ "$(cat "$base.ids")" = "2 9 " ]'
# a symmetric graph without repeated edges: BFS reads the undirected pairs
printf '2 3 1\n3 2 1\n3 4 2\n4 3 2\n' >"$W/s.el"
sh "$GMC_SRCDIR/bench/run" --quick --with gswitch="$G" --apps bfs --graphs none --graph "$W/s.el" \
    --build "$GMC_BUILDDIR" --cache "$W/cache" --out "$W/out3" >"$W/log3" 2>&1
check "symmetric: bench/run exits 0" '[ $? -eq 0 ]'
sbase=$(awk '{ print $2 }' "$W/out3/work/gswitch_map.txt")
check "symmetric: the ids file says so" '[ "$(cat "$sbase.ids")" = "2 4 symmetric" ]'
check "symmetric: BFS ran on the undirected pairs without -d" 'grep -q "^BFS .*/gswitch-s-u\.el root=[0-9]*\$" "$FAKE_GSWITCH_LOG"'
# a timed run of 3 (0.4, 0.5, 0.4 ms or the like): the fastest
t=$(sh "$GMC_SRCDIR/bench/lib/gswitch.sh" run "$W/out/work/anchors/gswitch" "$W/out/work/gswitch_map.txt" bfs \
    "$W/g.el" --root="$root" --repeat=3)
check "3 runs: time_ms is the fastest ($t)" '[ "$t" = "time_ms = 0.400" ]'
if sh "$GMC_SRCDIR/bench/lib/gswitch.sh" run "$W/out/work/anchors/gswitch" "$W/out/work/gswitch_map.txt" bfs \
    "$W/g.el" --root=1 >"$W/r1" 2>&1; then r1=0; else r1=1; fi
check "a root below GSWITCH's first id is refused" '[ $r1 -eq 1 ] && grep -q "GSWITCH.s ids 2..9" "$W/r1"'

FAKE_GSWITCH_FAIL=BFS sh "$GMC_SRCDIR/bench/run" --quick --with gswitch="$G" --apps bfs --graphs none --graph "$W/g.el" \
    --build "$GMC_BUILDDIR" --cache "$W/cache" --out "$W/out2" >"$W/log2" 2>&1
rc=$?
check "a failed check fails bench/run (exit $rc)" '[ $rc -eq 1 ]'
check "... and its row" 'awk -F, "\$1 == \"bfs\" && \$5 == \"gswitch\"" "$W/out2/results.csv" | grep -q error'
[ $fail -eq 0 ] || { sed 's/^/    /' "$W/log" | tail -30; }
exit $fail
