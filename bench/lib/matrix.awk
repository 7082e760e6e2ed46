# matrix.awk: bench/run's results.csv (one or several, concatenated or as
# several files) -> a Markdown table with an app per row and a graph per
# column, each cell the median ms of the rows of one target, as
# bench/RESULTS.md's tables.  Apps and graphs keep their first order unless
# -v graphs="g1 g2 ..." gives the columns (graphs not listed are left out).
#   awk -v target=cuda [-v threads=N] [-v transfers=1] [-v graphs=...] -f matrix.awk results.csv...
# transfers=1 adds the CUDA transfer median in brackets; a check other than
# "ok" is written after the figure.
BEGIN {
    FS = ","
    if (target == "") { print "matrix.awk: -v target=omp|cuda|... is needed" > "/dev/stderr"; exit 2 }
    pretty["bfs"] = "BFS"; pretty["sssp"] = "SSSP"; pretty["pagerank"] = "PageRank, 20 it."
    pretty["wcc"] = "WCC"; pretty["triangle_count"] = "triangle counting"
    pretty["bc_sampled"] = "BC, 4 sources (bc_sampled)"; pretty["conductance"] = "conductance"
    ngraphs = split(graphs, listed, " ")
    for (g = 1; g <= ngraphs; g++) { seen_graph[listed[g]] = 1; graph_at[g] = listed[g] }
    fixed = ngraphs > 0
}
$1 == "app" { next } # each file's header
$5 == target && (threads == "" || $6 == threads) {
    if (!($1 in seen_app)) { seen_app[$1] = 1; apps[++napps] = $1 }
    if (!($2 in seen_graph)) {
        if (fixed) next
        seen_graph[$2] = 1; graph_at[++ngraphs] = $2
    }
    v = sprintf("%.1f", $7)
    if (transfers && $15 != "" && $15 != "-")
        v = v " (" sprintf("%.1f", $15) ")"
    if ($14 != "ok")
        v = v " " $14
    cell[$1, $2] = v
}
END {
    if (napps == 0) exit 1
    printf "| app |"
    for (g = 1; g <= ngraphs; g++) printf " %s |", graph_at[g]
    printf "\n|---|"
    for (g = 1; g <= ngraphs; g++) printf "---:|"
    print ""
    for (a = 1; a <= napps; a++) {
        printf "| %s |", (apps[a] in pretty) ? pretty[apps[a]] : apps[a]
        for (g = 1; g <= ngraphs; g++)
            printf " %s |", ((apps[a], graph_at[g]) in cell) ? cell[apps[a], graph_at[g]] : "–"
        print ""
    }
}
