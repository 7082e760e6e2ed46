/* prep.c: bench_prep, what bench/run needs to know about a benchmark graph.
 *
 *   bench_prep GRAPH [MEMBER_FILE]
 *
 * Loads GRAPH with libgmrt and prints one line of KEY=VALUE words: nodes,
 * edges, weighted (0/1), edge_bytes (sizeof gm_edge_t), load_ms (the load
 * time, reported apart from the procedure times) and root, the node of
 * largest out-degree (lowest id on ties), so that traversals start inside
 * the big component rather than at an isolated node.  With MEMBER_FILE it
 * also writes the conductance input there: one label (i*13+5) mod 3 per
 * node, the rule tests/e2e uses.  Exit status 1 when the graph cannot be
 * loaded or the file written, 2 on bad usage. */
#include <stdio.h>

#include "gmrt.h"

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s GRAPH [MEMBER_FILE]\n", argv[0]);
        return 2;
    }
    gmrt_error err;
    gmrt_error_clear(&err);
    double t0 = gmrt_time_ms();
    gm_graph *g = gmrt_graph_load(argv[1], NULL, &err);
    double load_ms = gmrt_time_ms() - t0;
    if (!g) {
        fprintf(stderr, "%s: %s\n", argv[0], err.message);
        return 1;
    }
    gm_node_t root = 0;
    for (gm_node_t v = 1; v < g->num_nodes; v++)
        if (gmrt_out_degree(g, v) > gmrt_out_degree(g, root))
            root = v;
    if (argc == 3) {
        FILE *f = fopen(argv[2], "w");
        if (!f) {
            fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[2]);
            return 1;
        }
        for (int64_t i = 0; i < g->num_nodes; i++)
            fprintf(f, "%d\n", (int)((i * 13 + 5) % 3));
        if (fclose(f) != 0) {
            fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[2]);
            return 1;
        }
    }
    printf("nodes=%lld edges=%lld weighted=%d edge_bytes=%d load_ms=%.1f root=%d\n", (long long)g->num_nodes,
           (long long)g->num_edges, g->weights != NULL, (int)sizeof(gm_edge_t), load_ms, (int)root);
    gmrt_graph_free(g);
    return 0;
}
