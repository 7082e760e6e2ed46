/* ref_adamic_adar.c: reference for apps/adamic_adar.gm: for every edge
 * u -> v (sorted edge order), the sum over distinct common out-neighbours w
 * with outdeg(w) >= 2 of 1/ln(outdeg(w)), in ascending w. */
#include <math.h>
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    double *aa = ref_alloc((size_t)g->num_edges, sizeof *aa);
    gm_node_t *mark = ref_alloc((size_t)n, sizeof *mark); /* mark[w] == u: u -> w */
    for (gm_node_t w = 0; w < n; w++)
        mark[w] = -1;
    for (gm_node_t u = 0; u < n; u++) {
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            mark[g->node_idx[e]] = u;
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t v = g->node_idx[e];
            double s = 0.0;
            /* v's row is sorted: skipping repeats visits each w once, ascending */
            for (gm_edge_t f = g->begin[v]; f < g->begin[v + 1]; f++) {
                gm_node_t w = g->node_idx[f];
                if (f > g->begin[v] && g->node_idx[f - 1] == w)
                    continue;
                gm_edge_t deg = g->begin[w + 1] - g->begin[w];
                if (mark[w] == u && deg > 1)
                    s += 1.0 / log((double)deg);
            }
            aa[e] = s;
        }
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            mark[g->node_idx[e]] = -1;
    }
    ref_print_time();
    ref_write_double(&args, "aa", aa, g->num_edges);
    free(mark);
    free(aa);
    gmrt_graph_free(g);
    return 0;
}
