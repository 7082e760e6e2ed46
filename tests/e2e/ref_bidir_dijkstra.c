/* ref_bidir_dijkstra.c: reference for apps/bidir_dijkstra.gm: the length
 * of a shortest path --src -> --dst, computed by a one-directional
 * Dijkstra from src (INT32_MAX when dst is unreachable). */
#include <stdlib.h>

#include "ref_common.h"
#include "ref_heap.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t *len = ref_edge_int_input(&args, g, "len");
    gm_node_t src = ref_node_arg(&args, g, "src");
    gm_node_t dst = ref_node_arg(&args, g, "dst");

    int64_t *d = ref_alloc((size_t)g->num_nodes, sizeof *d);
    ref_dijkstra(g, len, src, false, d);
    ref_print_time();
    ref_print_int("return", d[dst] == INT64_MAX ? REF_INT_INF : d[dst]);
    free(d);
    free(len);
    gmrt_graph_free(g);
    return 0;
}
