/* ref_bfs.c: reference for apps/bfs.gm: hop distance from --root by a
 * FIFO queue (dist = INT32_MAX when unreachable). */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    gm_node_t root = ref_node_arg(&args, g, "root");

    int32_t *dist = ref_alloc((size_t)g->num_nodes, sizeof *dist);
    gm_node_t *queue = ref_alloc((size_t)g->num_nodes, sizeof *queue);
    for (gm_node_t v = 0; v < g->num_nodes; v++)
        dist[v] = REF_INT_INF;
    int64_t head = 0, tail = 0;
    dist[root] = 0;
    queue[tail++] = root;
    while (head < tail) {
        gm_node_t u = queue[head++];
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t v = g->node_idx[e];
            if (dist[v] == REF_INT_INF) {
                dist[v] = dist[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    ref_print_time();
    ref_write_int(&args, "dist", dist, g->num_nodes);
    free(queue);
    free(dist);
    gmrt_graph_free(g);
    return 0;
}
