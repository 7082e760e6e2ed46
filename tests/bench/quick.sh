#!/bin/sh
# quick.sh: the benchmark suite's smoke test (issue 7).  Runs
# bench/run --quick against this build tree: tiny graphs, every app built by
# gmc -t omp (and -O0), the hand-written OpenMP baselines and the timed
# plain-C references, each run once and its answers compared with the
# reference's.  Judges no speed.  Fails when bench/run fails or when a row
# that must exist (omp, omp-O0, ref, and hand where bench/handomp has the
# app) is missing or not "ok".
set -u
: "${GMC:?}" "${GMGRAPH:?}" "${GMC_SRCDIR:?}" "${GMC_BUILDDIR:?}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-bench.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT

# GMC_QUICK_CHECK=1 (distcheck): two apps, and the first run only.
quick_apps=
[ "${GMC_QUICK_CHECK:-0}" = 1 ] && quick_apps="--apps bfs,pagerank"
sh "$GMC_SRCDIR/bench/run" --quick $quick_apps --build "$GMC_BUILDDIR" --cache "$W/cache" --out "$W/out"
rc=$?
[ -s "$W/out/results.csv" ] || { echo "quick.sh: bench/run wrote no results.csv (exit $rc)"; exit 1; }
hand=$(cd "$GMC_SRCDIR/bench/handomp" && ls ./*.c | sed 's|^\./||; s|\.c$||' | grep -v '^hand_common$' | tr '\n' ' ')
awk -F, -v hand=" $hand " '
    NR == 1 { next }
    { rows++ }
    $5 == "cuda" { next }
    $5 == "hand" && index(hand, " " $1 " ") == 0 { next }
    $14 != "ok" { print "quick.sh: not ok: " $0; bad = 1 }
    END { if (rows == 0) { print "quick.sh: no rows"; bad = 1 } exit bad }' "$W/out/results.csv" || exit 1
[ $rc -eq 0 ] || { echo "quick.sh: bench/run exited $rc"; exit 1; }
[ "${GMC_QUICK_CHECK:-0}" = 1 ] && { echo "quick.sh: GMC_QUICK_CHECK=1: bfs and pagerank agree with the reference"; exit 0; }

# --ref-jobs: the references run in parallel first, and the checks still
# compare against them (a wrong answer would show as FAIL, none as unchecked).
# The same run has no --build, no GMC_BUILDDIR and starts in a folder of the
# build tree: it must use that build (one bench/run less than a run of its
# own for that, ~5 processor s; the first run and --ranks give --build).
(cd "$GMC_BUILDDIR/gm_front" && env -u GMC -u GMGRAPH -u GMC_BUILDDIR sh "$GMC_SRCDIR/bench/run" --quick \
    --with hand --ref-jobs 3 --apps bfs,sssp,triangle_count,wcc \
    --graphs rmat12,road4k --cache "$W/cache" --out "$W/out2") >"$W/log2" 2>&1
rc=$?
grep -qx "bench/run: using the build tree $GMC_BUILDDIR" "$W/log2" ||
    { cat "$W/log2"; echo "quick.sh: bench/run from inside the build tree did not use it (exit $rc)"; exit 1; }
grep -q 'the references ran, 3 at a time' "$W/log2" || { cat "$W/log2"; echo "quick.sh: --ref-jobs ran no references first"; exit 1; }
awk -F, 'NR > 1 { rows++; if ($14 != "ok") { print "quick.sh (--ref-jobs): not ok: " $0; bad = 1 } }
    END { if (rows != 16) { print "quick.sh (--ref-jobs): " rows + 0 " rows, not 16"; bad = 1 } exit bad }' \
    "$W/out2/results.csv" || exit 1
[ $rc -eq 0 ] || { echo "quick.sh: bench/run --ref-jobs exited $rc"; exit 1; }
# --ranks: the distributed build under mpirun -np 2 is a row, checked
# against the reference like the others, its communication time in xfer_ms
if command -v mpirun >/dev/null 2>&1 && [ -n "${GMC_MPIRUN:-}" ]; then
    sh "$GMC_SRCDIR/bench/run" --quick --ranks 2 --apps wcc --graphs road4k --build "$GMC_BUILDDIR" \
        --cache "$W/cache" --out "$W/out4" >"$W/log4" 2>&1
    rc=$?
    awk -F, 'NR > 1 && $5 == "omp-r2" { n++; if ($14 != "ok" || $15 !~ /^[0-9.]+$/) { print "quick.sh (--ranks): " $0; bad = 1 } }
        END { if (n != 1) { print "quick.sh (--ranks): " n + 0 " omp-r2 rows, not 1"; bad = 1 } exit bad }' \
        "$W/out4/results.csv" && [ $rc -eq 0 ] || { tail -20 "$W/log4"; echo "quick.sh: bench/run --ranks 2 failed (exit $rc)"; exit 1; }
fi
echo "quick.sh: every build agrees with the reference"
