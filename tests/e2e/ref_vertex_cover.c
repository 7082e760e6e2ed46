/* ref_vertex_cover.c: reference for apps/vertex_cover.gm: the same greedy
 * rule written directly (take both ends of the uncovered edge whose ends
 * have the most uncovered edge ends, the first such edge in edge order on a
 * tie).  The app may break ties differently, so it is checked by the
 * validator; this output is validated the same way. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    gm_edge_t m = g->num_edges;
    gm_node_t *src = ref_alloc((size_t)m, sizeof *src);
    for (gm_node_t u = 0; u < n; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            src[e] = u;
    int64_t *deg = ref_alloc((size_t)n, sizeof *deg);
    for (gm_node_t v = 0; v < n; v++)
        deg[v] = (g->begin[v + 1] - g->begin[v]) + (g->r_begin[v + 1] - g->r_begin[v]);
    bool *covered = ref_zalloc((size_t)m, sizeof *covered);
    bool *select = ref_zalloc((size_t)n, sizeof *select);
    int64_t remaining = m;
    while (remaining > 0) {
        gm_edge_t pick = -1;
        int64_t best = -1;
        for (gm_edge_t e = 0; e < m; e++)
            if (!covered[e] && deg[src[e]] + deg[g->node_idx[e]] > best) {
                best = deg[src[e]] + deg[g->node_idx[e]];
                pick = e;
            }
        gm_node_t ends[2] = {src[pick], g->node_idx[pick]};
        for (int i = 0; i < 2; i++) {
            select[ends[i]] = true;
            /* every edge touching the end: scan all edges (clarity over speed) */
            for (gm_edge_t e = 0; e < m; e++)
                if (!covered[e] && (src[e] == ends[i] || g->node_idx[e] == ends[i])) {
                    covered[e] = true;
                    deg[src[e]]--;
                    deg[g->node_idx[e]]--;
                    remaining--;
                }
        }
    }
    int64_t count = 0;
    for (gm_node_t v = 0; v < n; v++)
        count += select[v];
    ref_print_time();
    ref_print_int("return", count);
    ref_write_bool(&args, "select", select, n);
    free(select);
    free(covered);
    free(deg);
    free(src);
    gmrt_graph_free(g);
    return 0;
}
