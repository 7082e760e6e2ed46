#!/bin/sh
# summarize.sh: bench/lib/summarize.awk on hand-made records: the median,
# min and max of each row's timed runs, the ratio to the OpenMP row, the
# throughput formula of a traversal, and the CUDA rows' median transfer
# time (the CSV's last field; "-" samples and CPU rows leave it empty).
set -u
: "${GMC_SRCDIR:?}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-summ.XXXXXX") || exit 1
trap 'rm -rf "$W"' EXIT
printf 'g1 1000 8000000 4 1.0\n' >"$W/graphs.txt"
printf 'bfs teps\n' >"$W/apps.txt"
printf 'bfs g1 omp 2 ok\nbfs g1 cuda 2 ok\n' >"$W/checks.txt"
# omp: 40 10 20 -> median 20; cuda: 5 2 3 7 -> median 4, transfers 1 3 2 9 -> 2.5
printf '%s\n' 'bfs g1 omp 2 40 -' 'bfs g1 cuda 2 5 1' 'bfs g1 omp 2 10 -' 'bfs g1 cuda 2 2 3' \
    'bfs g1 omp 2 20 -' 'bfs g1 cuda 2 3 2' 'bfs g1 cuda 2 7 9' >"$W/samples.txt"
awk -v csv="$W/out.csv" -v md="$W/out.md" -f "$GMC_SRCDIR/bench/lib/summarize.awk" \
    "$W/graphs.txt" "$W/apps.txt" "$W/checks.txt" "$W/samples.txt" >"$W/out.txt" || exit 1
want='app,graph,nodes,edges,target,threads,median_ms,min_ms,max_ms,throughput,unit,of_copy_bw,vs_omp,check,transfer_ms
bfs,g1,1000,8000000,omp,2,20.000,10,40,400.000,MTEPS,,1.00,ok,
bfs,g1,1000,8000000,cuda,2,4.000,2,7,2000.000,MTEPS,,0.20,ok,2.500'
if [ "$(cat "$W/out.csv")" != "$want" ]; then
    echo "summarize.sh: CSV differs"; echo "want:"; echo "$want"; echo "got:"; cat "$W/out.csv"
    exit 1
fi
grep -q '| bfs | g1 | 1000 | 8000000 | cuda | 2 | 4.0 | 2.0 | 7.0 | 2000.00 MTEPS | 0.20 | 2.5 | ok, noisy (max/min 3.5) |' "$W/out.md" ||
    { echo "summarize.sh: Markdown row differs"; cat "$W/out.md"; exit 1; }
# a row's max/min above 1.5 is marked noisy and counted under the table;
# one at or below it is not
grep -q '| omp | 2 | 20.0 | 10.0 | 40.0 | .* | ok, noisy (max/min 4.0) |$' "$W/out.md" &&
    grep -q '^2 row(s) noisy' "$W/out.md" && grep -q ' ok, noisy (max/min 4.0)$' "$W/out.txt" ||
    { echo "summarize.sh: no noisy marks"; cat "$W/out.md" "$W/out.txt"; exit 1; }
mkdir -p "$W/2" && printf 'bfs g1 omp 2 ok\n' >"$W/2/checks.txt"
printf '%s\n' 'bfs g1 omp 2 10 -' 'bfs g1 omp 2 15 -' >"$W/2/samples.txt"
awk -v csv="$W/out2.csv" -v md="$W/out2.md" -f "$GMC_SRCDIR/bench/lib/summarize.awk" \
    "$W/graphs.txt" "$W/apps.txt" "$W/2/checks.txt" "$W/2/samples.txt" >"$W/out2.txt" || exit 1
grep -q '| ok |$' "$W/out2.md" && ! grep -q noisy "$W/out2.md" "$W/out2.txt" ||
    { echo "summarize.sh: a max/min of 1.5 was marked noisy"; cat "$W/out2.md"; exit 1; }
# GPU rows only (bench/run --target cuda --with dev,gswitch=DIR): the anchors
# table compares GSWITCH with both CUDA rows at their common thread count
mkdir -p "$W/3" && printf '%s\n' 'sssp g1 cuda 16 ok' 'sssp g1 cuda-dev 16 ok' 'sssp g1 gswitch 16 verified' >"$W/3/checks.txt"
printf '%s\n' 'sssp g1 cuda 16 20 18' 'sssp g1 cuda-dev 16 2.5 0' 'sssp g1 gswitch 16 2.0 -' >"$W/3/samples.txt"
printf 'sssp teps\n' >"$W/3/apps.txt"
awk -v csv="$W/out3.csv" -v md="$W/out3.md" -f "$GMC_SRCDIR/bench/lib/summarize.awk" \
    "$W/graphs.txt" "$W/3/apps.txt" "$W/3/checks.txt" "$W/3/samples.txt" >"$W/out3.txt" || exit 1
grep -q '^| sssp | g1 | 16 | cuda-dev | 2.500 | gswitch | 2.000 | 1.25 |$' "$W/out3.md" &&
    grep -q '^| sssp | g1 | 16 | cuda | 20.000 | gswitch | 2.000 | 10.00 |$' "$W/out3.md" ||
    { echo "summarize.sh: no gmc / GSWITCH rows without an OpenMP row"; cat "$W/out3.md"; exit 1; }
# matrix.awk (RESULTS.md's app x graph tables) on that CSV plus a second
# graph whose check failed
M=$GMC_SRCDIR/bench/lib/matrix.awk
sed -n '2p' "$W/out.csv" | sed 's/^bfs,g1,/bfs,g2,/; s/,ok,$/,FAIL,/' >"$W/more.csv"
got=$(awk -v target=omp -f "$M" "$W/out.csv" "$W/more.csv" | tail -n 1)
[ "$got" = "| BFS | 20.0 | 20.0 FAIL |" ] || { echo "summarize.sh: matrix (omp): $got"; exit 1; }
got=$(awk -v target=cuda -v transfers=1 -v graphs="g2 g1" -f "$M" "$W/out.csv" "$W/more.csv" | sed -n '1p;3p' | tr '\n' ' ')
[ "$got" = "| app | g2 | g1 | | BFS | – | 4.0 (2.5) | " ] || { echo "summarize.sh: matrix (cuda): $got"; exit 1; }
echo "summarize.sh: medians, ratios, throughput, transfers and the matrix as expected"
