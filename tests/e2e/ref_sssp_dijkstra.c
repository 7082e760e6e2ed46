/* ref_sssp_dijkstra.c: reference for apps/sssp_dijkstra.gm: Dijkstra from
 * --root with a binary heap (lengths >= 0). */
#include <stdlib.h>

#include "ref_common.h"
#include "ref_heap.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t *len = ref_edge_int_input(&args, g, "len");
    gm_node_t root = ref_node_arg(&args, g, "root");

    int64_t *d = ref_alloc((size_t)g->num_nodes, sizeof *d);
    ref_dijkstra(g, len, root, false, d);
    int32_t *dist = ref_alloc((size_t)g->num_nodes, sizeof *dist);
    for (gm_node_t v = 0; v < g->num_nodes; v++)
        dist[v] = d[v] == INT64_MAX ? REF_INT_INF : (int32_t)d[v];
    ref_print_time();
    ref_write_int(&args, "dist", dist, g->num_nodes);
    free(dist);
    free(d);
    free(len);
    gmrt_graph_free(g);
    return 0;
}
