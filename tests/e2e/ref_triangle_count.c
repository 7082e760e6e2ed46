/* ref_triangle_count.c: reference for apps/triangle_count.gm: the number of
 * (out-edge slot v->u, out-edge slot v->w) pairs with v < u < w and an edge
 * w -> u, counted with an adjacency mark array instead of binary search. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    /* in_mark[u] == w + 1 when w -> u: marks of w's out-neighbours */
    gm_node_t *mark = ref_alloc((size_t)n, sizeof *mark);
    for (gm_node_t v = 0; v < n; v++)
        mark[v] = -1;
    int64_t total = 0;
    for (gm_node_t v = 0; v < n; v++)
        for (gm_edge_t ew = g->begin[v]; ew < g->begin[v + 1]; ew++) {
            gm_node_t w = g->node_idx[ew];
            if (w <= v)
                continue;
            for (gm_edge_t x = g->begin[w]; x < g->begin[w + 1]; x++)
                mark[g->node_idx[x]] = w;
            for (gm_edge_t eu = g->begin[v]; eu < g->begin[v + 1]; eu++) {
                gm_node_t u = g->node_idx[eu];
                if (u > v && u < w && mark[u] == w)
                    total++;
            }
            for (gm_edge_t x = g->begin[w]; x < g->begin[w + 1]; x++)
                mark[g->node_idx[x]] = -1;
        }
    ref_print_time();
    ref_print_int("return", total);
    free(mark);
    gmrt_graph_free(g);
    return 0;
}
