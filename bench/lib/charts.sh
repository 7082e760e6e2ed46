#!/bin/sh
# charts.sh OUT WORK: one PNG bar chart per app (OUT/chart_APP.png) from
# OUT/results.csv: median ms per graph, one bar per build (target), each at
# the most threads it ran with.  Uses gnuplot, else python3 with
# matplotlib; with neither it says so and draws nothing.
set -u
OUT=$1 W=$2
csv=$OUT/results.csv
if command -v gnuplot >/dev/null 2>&1; then
    tool=gnuplot
elif command -v python3 >/dev/null 2>&1 && python3 -c 'import matplotlib' >/dev/null 2>&1; then
    tool=matplotlib
else
    echo "charts: skipped (neither gnuplot nor python3 with matplotlib is installed)"
    exit 0
fi
mkdir -p "$W/charts"
for app in $(awk -F, 'NR > 1 && !seen[$1]++ { print $1 }' "$csv"); do # each app once, in table order
    dat=$W/charts/$app.dat
    # graph rows x target columns, "?" where a build has no time
    awk -F, -v app="$app" '
        NR > 1 && $1 == app {
            k = $2 SUBSEP $5
            if (!(k in thr) || $6 + 0 > thr[k]) { thr[k] = $6 + 0; ms[k] = ($7 == "" ? "?" : $7) }
            if (!($2 in gs)) { gs[$2] = 1; g[++ng] = $2 }
            if (!($5 in vs)) { vs[$5] = 1; v[++nv] = $5 }
        }
        END {
            line = "graph"
            for (j = 1; j <= nv; j++) line = line " " v[j]
            print line
            for (i = 1; i <= ng; i++) {
                line = g[i]
                for (j = 1; j <= nv; j++) line = line " " ((g[i] SUBSEP v[j]) in ms ? ms[g[i] SUBSEP v[j]] : "?")
                print line
            }
        }' "$csv" >"$dat"
    ncol=$(head -n 1 "$dat" | wc -w)
    png=$OUT/chart_$app.png
    if [ $tool = gnuplot ]; then
        {
            echo "set terminal png size 900,500"
            echo "set output '$png'"
            echo "set title '$app: median time per graph (lower is better)'"
            echo "set ylabel 'ms'"
            echo "set style data histograms"
            echo "set style histogram clustered gap 1"
            echo "set style fill solid border -1"
            echo "set datafile missing '?'"
            echo "set key outside right top"
            echo "set yrange [0:*]"
            printf "plot '%s' using 2:xtic(1) title columnheader(2)" "$dat"
            c=3
            while [ $c -le "$ncol" ]; do
                printf ", '' using %d title columnheader(%d)" $c $c
                c=$((c + 1))
            done
            echo
        } >"$W/charts/$app.gp"
        gnuplot "$W/charts/$app.gp" >"$W/charts/$app.log" 2>&1 || { echo "charts: gnuplot failed for $app"; continue; }
    else
        python3 - "$dat" "$png" "$app" >"$W/charts/$app.log" 2>&1 <<'PY' || { echo "charts: matplotlib failed for $app"; continue; }
import sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
dat, png, app = sys.argv[1:4]
rows = [line.split() for line in open(dat)]
builds, graphs = rows[0][1:], [r[0] for r in rows[1:]]
width = 0.8 / max(len(builds), 1)
fig, ax = plt.subplots(figsize=(9, 5))
for j, b in enumerate(builds):
    xs = [i + j * width for i in range(len(graphs))]
    ys = [float(r[j + 1]) if r[j + 1] != "?" else 0.0 for r in rows[1:]]
    ax.bar(xs, ys, width, label=b)
ax.set_xticks([i + width * (len(builds) - 1) / 2 for i in range(len(graphs))])
ax.set_xticklabels(graphs)
ax.set_ylabel("ms")
ax.set_title(app + ": median time per graph (lower is better)")
ax.legend()
fig.savefig(png, dpi=100, bbox_inches="tight")
PY
    fi
    echo "charts: $png"
done
