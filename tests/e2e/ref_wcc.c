/* ref_wcc.c: reference for apps/wcc.gm: weakly connected components by
 * union-find; comp[v] = the smallest node id of v's component; returns the
 * number of components. */
#include <stdlib.h>

#include "ref_common.h"

static gm_node_t find(gm_node_t *parent, gm_node_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    gm_node_t *parent = ref_alloc((size_t)n, sizeof *parent);
    for (gm_node_t v = 0; v < n; v++)
        parent[v] = v;
    for (gm_node_t u = 0; u < n; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t a = find(parent, u), b = find(parent, g->node_idx[e]);
            /* the smaller root wins, so every root is its component's minimum */
            if (a < b)
                parent[b] = a;
            else if (b < a)
                parent[a] = b;
        }
    gm_node_t *comp = ref_alloc((size_t)n, sizeof *comp);
    int64_t count = 0;
    for (gm_node_t v = 0; v < n; v++) {
        comp[v] = find(parent, v);
        if (comp[v] == v)
            count++;
    }
    ref_print_time();
    ref_print_int("return", count);
    ref_write_node(&args, "comp", comp, n);
    free(comp);
    free(parent);
    gmrt_graph_free(g);
    return 0;
}
