/* ref_luby_mis.c: reference for apps/luby_mis.gm: a maximal independent
 * set of the undirected simple graph under G (directions and self-loops
 * ignored), here the greedy one in random order.  Random, so the app is
 * checked by the validator; this output is validated the same way. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    bool *in = ref_zalloc((size_t)n, sizeof *in);
    bool *blocked = ref_zalloc((size_t)n, sizeof *blocked);
    gm_node_t *perm = ref_alloc((size_t)n, sizeof *perm);
    ref_rng rng = {99};
    for (gm_node_t v = 0; v < n; v++)
        perm[v] = v;
    for (gm_node_t i = n - 1; i > 0; i--) {
        gm_node_t j = (gm_node_t)ref_rand_below(&rng, (int64_t)i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    int64_t size = 0;
    for (gm_node_t i = 0; i < n; i++) {
        gm_node_t v = perm[i];
        if (blocked[v])
            continue;
        in[v] = true;
        size++;
        for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++)
            blocked[g->node_idx[e]] = true;
        for (gm_edge_t e = g->r_begin[v]; e < g->r_begin[v + 1]; e++)
            blocked[g->r_node_idx[e]] = true;
    }
    ref_print_time();
    ref_print_int("return", size);
    ref_write_bool(&args, "in_mis", in, n);
    free(perm);
    free(blocked);
    free(in);
    gmrt_graph_free(g);
    return 0;
}
