/* ref_bipartite_matching.c: reference for apps/bipartite_matching.gm: a
 * maximal matching over the edges left -> right (--is_left=FILE), built
 * greedily in edge order.  Several answers are right, so the app is checked
 * by the validator; this output is validated the same way. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    bool *is_left = ref_node_bool_input(&args, g, "is_left");

    gm_node_t n = g->num_nodes;
    gm_node_t *match = ref_alloc((size_t)n, sizeof *match);
    for (gm_node_t v = 0; v < n; v++)
        match[v] = GMRT_NIL_NODE;
    int64_t pairs = 0;
    for (gm_node_t u = 0; u < n; u++) {
        if (!is_left[u])
            continue;
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1] && match[u] == GMRT_NIL_NODE; e++) {
            gm_node_t v = g->node_idx[e];
            if (!is_left[v] && match[v] == GMRT_NIL_NODE) {
                match[u] = v;
                match[v] = u;
                pairs++;
            }
        }
    }
    ref_print_time();
    ref_print_int("return", pairs);
    ref_write_node(&args, "match", match, n);
    free(match);
    free(is_left);
    gmrt_graph_free(g);
    return 0;
}
