/* ref_sssp.c: reference for apps/sssp.gm: shortest distances from --root.
 * With no negative length it runs Dijkstra (ref_heap.c), so that a 24M-node
 * road grid is checked in seconds; with a negative length (no negative
 * cycle) it runs plain Bellman-Ford rounds over every edge until nothing
 * changes.  REF_SSSP_ALGO=bellman-ford forces the rounds, so that
 * test_refs.sh can hold the two against each other. */
#include <stdlib.h>
#include <string.h>

#include "ref_common.h"
#include "ref_heap.h"

static void bellman_ford(const gm_graph *g, const int32_t *len, gm_node_t root, int64_t *d)
{
    for (gm_node_t v = 0; v < g->num_nodes; v++)
        d[v] = INT64_MAX;
    d[root] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (gm_node_t u = 0; u < g->num_nodes; u++) {
            if (d[u] == INT64_MAX)
                continue;
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                gm_node_t v = g->node_idx[e];
                if (d[u] + len[e] < d[v]) {
                    d[v] = d[u] + len[e];
                    changed = true;
                }
            }
        }
    }
}

static bool has_negative(const gm_graph *g, const int32_t *len)
{
    for (gm_edge_t e = 0; e < g->num_edges; e++)
        if (len[e] < 0)
            return true;
    return false;
}

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t *len = ref_edge_int_input(&args, g, "len");
    gm_node_t root = ref_node_arg(&args, g, "root");

    int64_t *d = ref_alloc((size_t)g->num_nodes, sizeof *d);
    const char *algo = getenv("REF_SSSP_ALGO");
    if ((algo && strcmp(algo, "bellman-ford") == 0) || has_negative(g, len))
        bellman_ford(g, len, root, d);
    else
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
