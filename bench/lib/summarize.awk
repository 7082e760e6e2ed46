# summarize.awk: turns bench/run's raw records into the results table, as
# text (stdout), CSV and Markdown.  Input files, in this order:
#   graphs.txt   NAME NODES EDGES EDGE_BYTES LOAD_MS
#   apps.txt     APP METRIC   (teps, teps4: 4 sources, sweep_pr, sweep_cond)
#   checks.txt   APP GRAPH VARIANT THREADS STATUS   (one per measured row, in order;
#                VARIANT gapbs/gswitch: the anchors, verified by their own checks)
#   samples.txt  APP GRAPH VARIANT THREADS MS XFER   (one per timed run; XFER: the ms
#                of host-device copies inside MS, "-" for CPU builds)
# Variables: csv, md (output paths), copy_gbs (measured copy bandwidth),
# gpu_copy_gbs (the GPU's, for the cuda rows; 0: not measured, no share).
#
# Throughput: traversals (teps) report millions of graph edges per second,
# M / t (BC: 4 M / t, one traversal per source).  Sweeps report GB/s of the
# least traffic the algorithm must move, and that as a share of the copy
# bandwidth: PageRank (20 iterations) 20 (M 4 + N (E + 24)) bytes (in-edge
# ids, row offsets, old rank read twice, new rank written), conductance
# N (4 + E) + M 4 (member labels, row offsets, edge targets), with E the
# size of an edge index.  Caches are ignored, so these are lower bounds.
# A row whose slowest timed run took more than 1.5 times its fastest is
# marked "noisy" (text and Markdown; the CSV keeps min and max) and counted
# in a note under the table: its median is not to be trusted alone.
function median(list, n,    a, i, j, t, k) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) {
        t = a[i] + 0
        for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]
        a[j + 1] = t
    }
    smin = a[1]; smax = a[n]
    k = int((n + 1) / 2)
    return (n % 2) ? a[k] : (a[k] + a[k + 1]) / 2
}
function fmt(arr, k) { return (k in arr) ? sprintf("%.1f", arr[k]) : "n/a" }
FILENAME ~ /graphs\.txt$/ { gn[$1] = $2; gm[$1] = $3; ge[$1] = $4; next }
FILENAME ~ /apps\.txt$/ { metric[$1] = $2; next }
FILENAME ~ /checks\.txt$/ {
    key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
    if (!(key in status)) { order[++nrows] = key }
    status[key] = $5
    if ($3 == "omp" && ($4 + 0) > maxt[$1 SUBSEP $2]) maxt[$1 SUBSEP $2] = $4 + 0
    next
}
FILENAME ~ /samples\.txt$/ {
    key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
    times[key] = times[key] " " $5
    if (NF >= 6 && $6 != "-") xfers[key] = xfers[key] " " $6
    next
}
END {
    for (r = 1; r <= nrows; r++) {
        key = order[r]
        if (times[key] != "") {
            med[key] = median(times[key]); mn[key] = smin; mx[key] = smax
        }
        if (xfers[key] != "") xmed[key] = median(xfers[key])
    }
    hdr = "app,graph,nodes,edges,target,threads,median_ms,min_ms,max_ms,throughput,unit,of_copy_bw,vs_omp,check,transfer_ms"
    print hdr > csv
    print "| app | graph | nodes | edges | target | threads | median ms | min | max | throughput | vs omp | transfers ms | check |" > md
    print "|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|" > md
    printf "%-15s %-10s %9s %10s %-8s %3s %10s %10s %10s %16s %6s %9s %s\n", "app", "graph", "nodes", "edges",
        "target", "thr", "median_ms", "min", "max", "throughput", "vs_omp", "xfer_ms", "check"
    for (r = 1; r <= nrows; r++) {
        key = order[r]
        split(key, f, SUBSEP)
        app = f[1]; g = f[2]; v = f[3]; t = f[4]
        n = gn[g]; m = gm[g]; e = ge[g]
        tp = ""; unit = ""; share = ""; ratio = ""
        if (key in med && med[key] > 0) {
            s = med[key] / 1000
            if (metric[app] == "teps") { tp = m / s / 1e6; unit = "MTEPS" }
            else if (metric[app] == "teps4") { tp = 4 * m / s / 1e6; unit = "MTEPS" }
            else if (metric[app] == "sweep_pr") { tp = 20 * (m * 4 + n * (e + 24)) / s / 1e9; unit = "GB/s" }
            else if (metric[app] == "sweep_cond") { tp = (n * (4 + e) + m * 4) / s / 1e9; unit = "GB/s" }
            gpu = v == "cuda" || v == "cuda-dev" || v == "gswitch"
            bw = gpu ? gpu_copy_gbs : copy_gbs
            if (unit == "GB/s" && bw > 0) share = sprintf("%.0f%%", 100 * tp / bw)
            ot = (v == "ref" || gpu) ? maxt[app SUBSEP g] : t
            okey = app SUBSEP g SUBSEP "omp" SUBSEP ot
            if (okey in med && med[okey] > 0) ratio = sprintf("%.2f", med[key] / med[okey])
        }
        tps = tp == "" ? "n/a" : sprintf("%.2f %s", tp, unit)
        if (share != "") tps = tps " (" share ")"
        xf = (key in xmed) ? sprintf("%.1f", xmed[key]) : ""
        st = status[key]
        if ((key in med) && mn[key] > 0 && mx[key] / mn[key] > 1.5) {
            st = sprintf("%s, noisy (max/min %.1f)", st, mx[key] / mn[key])
            nnoisy++
        }
        printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", app, g, n, m, v, t,
            (key in med) ? sprintf("%.3f", med[key]) : "", (key in med) ? mn[key] : "",
            (key in med) ? mx[key] : "", tp == "" ? "" : sprintf("%.3f", tp), unit, share, ratio,
            status[key], (key in xmed) ? sprintf("%.3f", xmed[key]) : "" > csv
        printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", app, g, n, m, v, t,
            fmt(med, key), fmt(mn, key), fmt(mx, key), tps, ratio == "" ? "" : ratio, xf, st > md
        printf "%-15s %-10s %9s %10s %-8s %3s %10s %10s %10s %16s %6s %9s %s\n", app, g, n, m, v, t,
            fmt(med, key), fmt(mn, key), fmt(mx, key), tps, ratio == "" ? "-" : ratio, xf == "" ? "-" : xf,
            st
    }
    if (nnoisy) {
        note = sprintf("%d row(s) noisy: the slowest timed run took more than 1.5 times the fastest; " \
            "look at the load, or raise --repeat", nnoisy)
        print ""; print note
        print "" > md; print note "." > md
    }
    # the anchors (--with gapbs=DIR, gswitch=DIR): gmc's time over theirs, per
    # app, graph and thread count; gapbs against the OpenMP row at its thread
    # count, GSWITCH against the CUDA rows (below 1: gmc is faster)
    first = 1
    for (r = 1; r <= nrows; r++) {
        split(order[r], f, SUBSEP)
        if (f[3] != "gapbs" && f[3] != "gswitch") continue
        if (!(order[r] in med) || med[order[r]] <= 0) continue
        nb = split(f[3] == "gapbs" ? "omp" : "cuda cuda-dev", mine, " ")
        for (b = 1; b <= nb; b++) {
            # the CUDA rows carry the same thread count as GSWITCH's (bench/run's
            # GPU pairs), and there may be no OpenMP row to take it from
            mt = f[4]
            mkey = f[1] SUBSEP f[2] SUBSEP mine[b] SUBSEP mt
            if (!(mkey in med)) continue
            if (first) {
                print "" > md
                print "gmc against the anchors (median / median; below 1: gmc is faster):" > md
                print "" > md
                print "| app | graph | threads | gmc | gmc ms | anchor | anchor ms | gmc / anchor |" > md
                print "|---|---|---:|---|---:|---|---:|---:|" > md
                print ""; print "gmc / anchor:"
                first = 0
            }
            printf "| %s | %s | %s | %s | %.3f | %s | %.3f | %.2f |\n", f[1], f[2], f[4], mine[b], med[mkey],
                f[3], med[order[r]], med[mkey] / med[order[r]] > md
            printf "%-15s %-10s %3s thr %-8s %10.3f ms / %-7s %10.3f ms = %.2f\n", f[1], f[2], f[4], mine[b],
                med[mkey], f[3], med[order[r]], med[mkey] / med[order[r]]
        }
    }
    # thread scaling: every (app, graph, target) measured at more than one count
    ns = 0
    for (r = 1; r <= nrows; r++) {
        split(order[r], f, SUBSEP)
        k3 = f[1] SUBSEP f[2] SUBSEP f[3]
        if (!(order[r] in med)) continue
        if (!(k3 in lo_t) || f[4] + 0 < lo_t[k3]) { lo_t[k3] = f[4] + 0; lo_m[k3] = med[order[r]] }
        if (!(k3 in hi_t) || f[4] + 0 > hi_t[k3]) { hi_t[k3] = f[4] + 0; hi_m[k3] = med[order[r]] }
        if (!(k3 in seen3)) { seen3[k3] = 1; sorder[++ns] = k3 }
    }
    first = 1
    for (i = 1; i <= ns; i++) {
        k3 = sorder[i]
        if (hi_t[k3] == lo_t[k3]) continue
        if (first) {
            print "" > md
            print "Thread scaling (median at the fewest threads / median at the most):" > md
            print "" > md
            print "| app | graph | target | threads | median ms | threads | median ms | speed-up |" > md
            print "|---|---|---|---:|---:|---:|---:|---:|" > md
            print ""; print "thread scaling:"
            first = 0
        }
        split(k3, f, SUBSEP)
        printf "| %s | %s | %s | %d | %.1f | %d | %.1f | %.2f |\n", f[1], f[2], f[3], lo_t[k3], lo_m[k3],
            hi_t[k3], hi_m[k3], lo_m[k3] / hi_m[k3] > md
        printf "%-15s %-10s %-7s %d thr %.1f ms -> %d thr %.1f ms: x%.2f\n", f[1], f[2], f[3], lo_t[k3],
            lo_m[k3], hi_t[k3], hi_m[k3], lo_m[k3] / hi_m[k3]
    }
}
