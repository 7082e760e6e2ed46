/* ref_scc_kosaraju.c: reference for apps/scc_kosaraju.gm: Kosaraju's
 * algorithm with an explicit stack (the long-path graph is deeper than the
 * C stack): DFS finish order on G, then a search on the transposed graph
 * from each unassigned node in decreasing finish time.  Returns the number
 * of components; labels are compared as a partition. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    bool *seen = ref_zalloc((size_t)n, sizeof *seen);
    gm_node_t *finish = ref_alloc((size_t)n, sizeof *finish);
    gm_node_t *stack = ref_alloc((size_t)n, sizeof *stack);
    gm_edge_t *next_edge = ref_alloc((size_t)n, sizeof *next_edge);
    int64_t nfinished = 0;
    for (gm_node_t r = 0; r < n; r++) {
        if (seen[r])
            continue;
        int64_t top = 0;
        stack[top++] = r;
        seen[r] = true;
        next_edge[r] = g->begin[r];
        while (top > 0) {
            gm_node_t u = stack[top - 1];
            if (next_edge[u] < g->begin[u + 1]) {
                gm_node_t v = g->node_idx[next_edge[u]++];
                if (!seen[v]) {
                    seen[v] = true;
                    next_edge[v] = g->begin[v];
                    stack[top++] = v;
                }
            } else {
                finish[nfinished++] = u;
                top--;
            }
        }
    }
    int32_t *scc = ref_alloc((size_t)n, sizeof *scc);
    for (gm_node_t v = 0; v < n; v++)
        scc[v] = -1;
    int32_t count = 0;
    for (int64_t i = nfinished - 1; i >= 0; i--) {
        gm_node_t r = finish[i];
        if (scc[r] != -1)
            continue;
        int64_t top = 0;
        stack[top++] = r;
        scc[r] = count;
        while (top > 0) {
            gm_node_t u = stack[--top];
            for (gm_edge_t k = g->r_begin[u]; k < g->r_begin[u + 1]; k++) {
                gm_node_t v = g->r_node_idx[k];
                if (scc[v] == -1) {
                    scc[v] = count;
                    stack[top++] = v;
                }
            }
        }
        count++;
    }
    ref_print_time();
    ref_print_int("return", count);
    ref_write_int(&args, "scc", scc, n);
    free(scc);
    free(next_edge);
    free(stack);
    free(finish);
    free(seen);
    gmrt_graph_free(g);
    return 0;
}
