#!/bin/sh
# charts.sh: bench/lib/charts.sh's gnuplot script from a hand-made results.csv
# (issue 33 item 5), with a stand-in gnuplot that keeps the script: a time
# axis that is logarithmic when one chart's medians span more than 20 times
# and linear otherwise, whiskers from min to max (errorbars, three columns per
# build), the anchors hatched and named as anchors, a build without any time
# left out, names printed as written (noenhanced: "bc_sampled" keeps its
# underscore), no header row counted as data. With a real gnuplot installed,
# also draws the PNGs.
set -u
: "${GMC_SRCDIR:?}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-charts.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT
fail=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fail=1; fi; }
mkdir -p "$W/out" "$W/work" "$W/bin"
cat >"$W/out/results.csv" <<'CSV'
app,graph,nodes,edges,target,threads,median_ms,min_ms,max_ms,throughput,unit,of_copy_bw,vs_omp,check,transfer_ms
bc_sampled,rmat12,4096,65536,omp,2,0.500,0.4,0.9,1,MTEPS,,1.00,ok,
bc_sampled,rmat12,4096,65536,gapbs,2,0.700,0.6,0.8,1,MTEPS,,1.40,verified,
bc_sampled,kron20,1048576,31403576,omp,2,175.000,170,190,1,MTEPS,,1.00,ok,
bc_sampled,kron20,1048576,31403576,gapbs,2,272.000,260,280,1,MTEPS,,1.55,verified,
bc_sampled,kron20,1048576,31403576,cuda,2,,,,,,,,n/a,
bfs,rmat12,4096,65536,omp,2,4.000,4,5,1,MTEPS,,1.00,ok,
bfs,kron20,1048576,31403576,omp,2,50.000,40,60,1,MTEPS,,1.00,ok,
CSV
cat >"$W/bin/gnuplot" <<'G'
#!/bin/sh
cp "$1" "$1.seen" && : >"$(sed -n "s/^set output '\(.*\)'$/\1/p" "$1")"
G
chmod +x "$W/bin/gnuplot"
PATH="$W/bin:$PATH" sh "$GMC_SRCDIR/bench/lib/charts.sh" "$W/out" "$W/work" >"$W/log" 2>&1
check "charts.sh exits 0" '[ $? -eq 0 ]'
bc=$W/work/charts/bc_sampled.gp.seen bfs=$W/work/charts/bfs.gp.seen
check "a chart per app" '[ -f "$W/out/chart_bc_sampled.png" ] && [ -f "$W/out/chart_bfs.png" ]'
check "0.5 to 272 ms: a logarithmic axis" 'grep -q "^set logscale y" "$bc" && grep -q "logarithmic" "$bc"'
check "4 to 50 ms: a linear axis from 0" '! grep -q logscale "$bfs" && grep -q "^set yrange \[0:\*\]" "$bfs"'
check "text as written" 'grep -q "noenhanced" "$bc" && grep -q "^set title .bc_sampled: " "$bc"'
check "whiskers: errorbars from three columns per build" \
    'grep -q "histogram errorbars" "$bc" && grep -q "using 2:3:4:xtic(1) fill solid" "$bc" && grep -q "using 5:6:7 fill pattern" "$bc"'
check "the anchor hatched and named" 'grep -q "fill pattern 4 border -1 title .gapbs (anchor)." "$bc"'
check "a build with no time has no bar" '! grep -q cuda "$bc"'
dat=$W/work/charts/bc_sampled.dat
check "the data: a comment header, median min max per build" \
    '[ "$(sed -n 1p "$dat")" = "# graph omp min max gapbs min max" ] && [ "$(sed -n 3p "$dat")" = "kron20 175.000 170 190 272.000 260 280" ]'
if command -v gnuplot >/dev/null 2>&1; then
    rm -f "$W/out"/*.png
    sh "$GMC_SRCDIR/bench/lib/charts.sh" "$W/out" "$W/work" >"$W/log2" 2>&1
    check "real gnuplot: PNGs drawn without warnings" \
        '[ -s "$W/out/chart_bc_sampled.png" ] && [ -s "$W/out/chart_bfs.png" ] && ! grep -q . "$W/work/charts/bc_sampled.log"'
fi
[ $fail -eq 0 ] || cat "$W/log"
exit $fail
