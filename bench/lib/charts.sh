#!/bin/sh
# charts.sh OUT WORK: one PNG bar chart per app (OUT/chart_APP.png) from
# OUT/results.csv: the median ms per graph, one bar per build (target) at the
# most threads it ran with, a whisker from its fastest to its slowest timed
# run, and the anchors (gapbs, gswitch) hatched beside gmc's builds.  When the
# medians of one chart span more than CHARTS_LOG_SPAN (default 20) times, the
# time axis is logarithmic, so small graphs stay visible; the axis label says
# so.  Names are printed as written (no subscripts from '_').  Uses gnuplot,
# else python3 with matplotlib; with neither it says so and draws nothing.
# WORK/charts/APP.dat holds the numbers drawn (a "# graph BUILD min max ..."
# line, then per graph its median min max per build, "?" where none), APP.gp
# the gnuplot script.
set -u
OUT=$1 W=$2
csv=$OUT/results.csv
span_limit=${CHARTS_LOG_SPAN:-20}
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
    # graph rows x (median min max) per target, "?" where a build has no time;
    # the last line: "# span LOG" (LOG 1 when the medians span > span_limit)
    awk -F, -v app="$app" -v limit="$span_limit" '
        NR > 1 && $1 == app {
            k = $2 SUBSEP $5
            if (!(k in thr) || $6 + 0 > thr[k]) {
                thr[k] = $6 + 0
                ms[k] = ($7 == "" ? "?" : $7); lo[k] = ($8 == "" ? "?" : $8); hi[k] = ($9 == "" ? "?" : $9)
            }
            if (!($2 in gs)) { gs[$2] = 1; g[++ng] = $2 }
            # a build with no time on any graph (n/a everywhere) gets no bar
            if ($7 != "" && !($5 in vs)) { vs[$5] = 1; v[++nv] = $5 }
        }
        END {
            # a comment, so that gnuplot counts no header row as a cluster
            line = "# graph"
            for (j = 1; j <= nv; j++) line = line " " v[j] " min max"
            print line
            small = big = 0
            for (i = 1; i <= ng; i++) {
                line = g[i]
                for (j = 1; j <= nv; j++) {
                    k = g[i] SUBSEP v[j]
                    if ((k in ms) && ms[k] != "?") {
                        line = line " " ms[k] " " lo[k] " " hi[k]
                        if (ms[k] > 0 && (small == 0 || ms[k] < small)) small = ms[k]
                        if (ms[k] > big) big = ms[k]
                    } else line = line " ? ? ?"
                }
                print line
            }
            printf "# span %s\n", (small > 0 && big / small > limit) ? 1 : 0
        }' "$csv" >"$dat"
    log=$(sed -n 's/^# span //p' "$dat")
    builds=$(head -n 1 "$dat" | awk '{ for (i = 3; i <= NF; i += 3) print $i }')
    png=$OUT/chart_$app.png
    if [ $tool = gnuplot ]; then
        {
            echo "set terminal png size 900,500 noenhanced"
            echo "set termoption noenhanced"
            echo "set output '$png'"
            echo "set title '$app: median time per graph, whiskers from the fastest to the slowest run (lower is better)' noenhanced"
            echo "set style data histograms"
            echo "set style histogram errorbars gap 1 lw 1"
            echo "set datafile missing '?'"
            echo "set key outside right top noenhanced"
            if [ "$log" = 1 ]; then
                echo "set logscale y"
                echo "set ylabel 'ms (logarithmic)'"
            else
                echo "set yrange [0:*]"
                echo "set ylabel 'ms'"
            fi
            printf "plot"
            c=2 sep=
            for b in $builds; do
                # gmc's builds solid, the anchors hatched
                case $b in gapbs | gswitch) fill="fill pattern 4 border -1"; label="$b (anchor)" ;;
                *) fill="fill solid border -1"; label=$b ;; esac
                printf "%s '%s' using %d:%d:%d%s %s title '%s'" "$sep" "$dat" $c $((c + 1)) $((c + 2)) \
                    "$([ $c = 2 ] && echo ':xtic(1)')" "$fill" "$label"
                c=$((c + 3)) sep=,
            done
            echo
        } >"$W/charts/$app.gp"
        gnuplot "$W/charts/$app.gp" >"$W/charts/$app.log" 2>&1 || { echo "charts: gnuplot failed for $app"; continue; }
    else
        python3 - "$dat" "$png" "$app" "$log" >"$W/charts/$app.log" 2>&1 <<'PY' || { echo "charts: matplotlib failed for $app"; continue; }
import sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
dat, png, app, log = sys.argv[1:5]
lines = open(dat).read().splitlines()
builds = lines[0].split()[2::3]
rows = [None] + [line.split() for line in lines[1:] if not line.startswith("#")]
graphs = [r[0] for r in rows[1:]]
width = 0.8 / max(len(builds), 1)
fig, ax = plt.subplots(figsize=(9, 5))
for j, b in enumerate(builds):
    xs, ys, lo, hi = [], [], [], []
    for i, r in enumerate(rows[1:]):
        med, mn, mx = r[1 + 3 * j:4 + 3 * j]
        if med == "?":
            continue
        xs.append(i + j * width)
        ys.append(float(med))
        lo.append(float(med) - float(mn))
        hi.append(float(mx) - float(med))
    anchor = b in ("gapbs", "gswitch")
    ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, label=b + (" (anchor)" if anchor else ""),
           hatch="//" if anchor else None, edgecolor="black" if anchor else None)
ax.set_xticks([i + width * (len(builds) - 1) / 2 for i in range(len(graphs))])
ax.set_xticklabels(graphs)
if log == "1":
    ax.set_yscale("log")
    ax.set_ylabel("ms (logarithmic)")
else:
    ax.set_ylabel("ms")
# plain text: no mathtext from '$' or '_'
ax.set_title(app + ": median time per graph, whiskers from the fastest to the slowest run (lower is better)",
             usetex=False, fontsize=10)
ax.legend()
fig.savefig(png, dpi=100, bbox_inches="tight")
PY
    fi
    echo "charts: $png"
done
