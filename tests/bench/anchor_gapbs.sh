#!/bin/sh
# anchor_gapbs.sh: bench/run --with gapbs=DIR's plumbing (issue 33), without
# gapbs: DIR is a stand-in whose Makefile makes shell scripts that answer
# gapbs's command lines (converter -f IN [-s] [-w] -b OUT; KERNEL -f FILE
# -n N [-v] ...), print N 'Trial Time:' lines and, with -v, a verdict.
# Checks: the kernels get the converted files (.sg, -u.sg for tc, .wsg for
# sssp) and the root, the fastest trial becomes the row's time, the
# verifier's PASS makes the row "verified" (tc: "unverified"), the table
# has gmc / gapbs per app, apps gapbs lacks are n/a, and a FAIL verdict makes
# bench/run exit 1. The real gapbs is measured in bench/RESULTS.md.
set -u
: "${GMC_SRCDIR:?}" "${GMC_BUILDDIR:?}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-anchor.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT
fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }

G=$W/fake-gapbs
mkdir -p "$G/src"
: >"$G/src/bfs.cc"
cat >"$G/kernel.sh" <<'K'
#!/bin/sh
# a gapbs kernel's command line: -f FILE -n N [-v] [-r ROOT] ...
k=$(basename "$0") f= n=1 v= r=
while [ $# -gt 0 ]; do
    case $1 in -f) f=$2; shift ;; -n) n=$2; shift ;; -v) v=1 ;; -r) r=$2; shift ;; -[dit]) shift ;; esac
    shift
done
[ -s "$f" ] || { echo "$k: cannot read '$f'"; exit 1; }
echo "$k $f root=$r" >>"$FAKE_GAPBS_LOG"
i=0
while [ $i -lt "$n" ]; do echo "Trial Time:          0.0$((5 - i % 2))000"; i=$((i + 1)); done
if [ -n "$v" ]; then
    if [ "${FAKE_GAPBS_FAIL:-}" = "$k" ]; then echo "Verification:           FAIL"; else echo "Verification:           PASS"; fi
fi
K
cat >"$G/converter.sh" <<'C'
#!/bin/sh
# converter -f IN [-s] [-w] -b OUT: OUT records its options
in= out= opts=
while [ $# -gt 0 ]; do
    case $1 in -f) in=$2; shift ;; -b) out=$2; shift ;; *) opts="$opts $1" ;; esac
    shift
done
[ -s "$in" ] || exit 1
echo "from $(wc -l <"$in") lines$opts" >"$out"
C
printf 'bfs sssp pr cc bc tc:\n\tcp kernel.sh $@ && chmod +x $@\nconverter:\n\tcp converter.sh $@ && chmod +x $@\n' >"$G/Makefile"

export FAKE_GAPBS_LOG="$W/calls.log"
: >"$FAKE_GAPBS_LOG"
sh "$GMC_SRCDIR/bench/run" --quick --with gapbs="$G" --apps bfs,sssp,triangle_count,conductance --graphs rmat12 \
    --build "$GMC_BUILDDIR" --cache "$W/cache" --out "$W/out" >"$W/log" 2>&1
rc=$?
csv=$W/out/results.csv
row() { awk -F, -v a="$1" -v v="$2" '$1 == a && $5 == v' "$csv"; }
check "bench/run exits 0 (exit $rc)" '[ $rc -eq 0 ]'
check "bfs: gapbs row verified" 'row bfs gapbs | grep -q ",verified,"'
check "bfs: gapbs time is its trial's (50 ms)" '[ "$(row bfs gapbs | cut -d, -f7)" = 50.000 ]'
# a timed run of 3 trials (50, 40, 50 ms): the fastest, as gmc's --repeat
t=$(sh "$GMC_SRCDIR/bench/lib/gapbs.sh" run "$W/out/work/anchors/gapbs" "$W/out/work/gapbs_map.txt" bfs 1 \
    "$(awk '$1 == "rmat12" { print $2 }' "$W/out/work/graph_files.txt")" --root=0 --repeat=3 --threads=2)
check "3 trials: time_ms is the fastest ($t)" '[ "$t" = "time_ms = 40.000" ]'
check "sssp: gapbs row verified" 'row sssp gapbs | grep -q ",verified,"'
check "triangle_count: gapbs row unverified" 'row triangle_count gapbs | grep -q ",unverified,"'
check "conductance: no gapbs kernel, n/a" 'row conductance gapbs | grep -q ",n/a,"'
check "the gmc rows still agree with the reference" '[ "$(row bfs omp | cut -d, -f14)" = ok ]'
root=$(awk '$1 == "rmat12" { print $3 }' "$W/out/work/graph_files.txt")
check "bfs ran on the directed .sg from the same root ($root)" 'grep -q "^bfs .*/gapbs/rmat12.sg root=$root\$" "$FAKE_GAPBS_LOG"'
check "sssp ran on the weighted .wsg" 'grep -q "^sssp .*/gapbs/rmat12.wsg" "$FAKE_GAPBS_LOG"'
check "tc ran on the undirected -u.sg" 'grep -q "^tc .*/gapbs/rmat12-u.sg" "$FAKE_GAPBS_LOG"'
check "the -u.sg was made with -s" 'grep -q -- " -s" "$W/cache/gapbs/rmat12-u.sg"'
check "the edge list had no comment lines" '! grep -q "from 0 lines" "$W/cache/gapbs/rmat12.sg"'
check "the table says gmc / gapbs" 'grep -q "gmc against the anchors" "$W/out/results.md"'
check "a ratio row for bfs" 'grep -q "^| bfs | rmat12 | 2 | omp | [0-9.]* | gapbs | 50.000 | [0-9.]* |\$" "$W/out/results.md"'

FAKE_GAPBS_FAIL=bfs sh "$GMC_SRCDIR/bench/run" --quick --with gapbs="$G" --apps bfs --graphs rmat12 \
    --build "$GMC_BUILDDIR" --cache "$W/cache" --out "$W/out2" >"$W/log2" 2>&1
rc=$?
check "a FAIL verdict fails bench/run (exit $rc)" '[ $rc -eq 1 ]'
check "... and its row" 'row2=$(awk -F, "\$1 == \"bfs\" && \$5 == \"gapbs\"" "$W/out2/results.csv"); echo "$row2" | grep -q error'
[ $fail -eq 0 ] || { sed 's/^/    /' "$W/log" | tail -30; }
exit $fail
