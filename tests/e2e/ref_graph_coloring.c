/* ref_graph_coloring.c: reference for apps/graph_coloring.gm: the
 * sequential greedy colouring in increasing id order (smallest colour not
 * used by a smaller neighbour in either direction); returns the number of
 * colours. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    int32_t *color = ref_alloc((size_t)n, sizeof *color);
    /* used[c] == v + 1 when colour c is taken by a smaller neighbour of v */
    gm_node_t *used = ref_zalloc((size_t)n + 1, sizeof *used);
    int32_t colors = 0;
    for (gm_node_t v = 0; v < n; v++) {
        for (int dir = 0; dir < 2; dir++) {
            const gm_edge_t *beg = dir ? g->r_begin : g->begin;
            const gm_node_t *adj = dir ? g->r_node_idx : g->node_idx;
            for (gm_edge_t e = beg[v]; e < beg[v + 1]; e++)
                if (adj[e] < v)
                    used[color[adj[e]]] = v + 1;
        }
        int32_t c = 0;
        while (used[c] == v + 1)
            c++;
        color[v] = c;
        if (c + 1 > colors)
            colors = c + 1;
    }
    ref_print_time();
    ref_print_int("return", colors);
    ref_write_int(&args, "color", color, n);
    free(used);
    free(color);
    gmrt_graph_free(g);
    return 0;
}
