/* ref_scc_tarjan.c: reference for apps/scc_tarjan.gm: the textbook Tarjan
 * algorithm (low-links updated from tree children after they finish and from
 * back/cross edges to nodes on the stack), with an explicit call stack.
 * Returns the number of components; labels are compared as a partition. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    gm_node_t n = g->num_nodes;
    int32_t *index = ref_alloc((size_t)n, sizeof *index);
    int32_t *low = ref_alloc((size_t)n, sizeof *low);
    bool *on_stack = ref_zalloc((size_t)n, sizeof *on_stack);
    gm_node_t *comp_stack = ref_alloc((size_t)n, sizeof *comp_stack);
    gm_node_t *call = ref_alloc((size_t)n, sizeof *call);
    gm_edge_t *next_edge = ref_alloc((size_t)n, sizeof *next_edge);
    int32_t *scc = ref_alloc((size_t)n, sizeof *scc);
    for (gm_node_t v = 0; v < n; v++)
        index[v] = -1;
    int32_t next_index = 0, count = 0;
    int64_t csp = 0;

    for (gm_node_t r = 0; r < n; r++) {
        if (index[r] != -1)
            continue;
        int64_t top = 0;
        call[top++] = r;
        index[r] = low[r] = next_index++;
        comp_stack[csp++] = r;
        on_stack[r] = true;
        next_edge[r] = g->begin[r];
        while (top > 0) {
            gm_node_t u = call[top - 1];
            if (next_edge[u] < g->begin[u + 1]) {
                gm_node_t v = g->node_idx[next_edge[u]++];
                if (index[v] == -1) {
                    index[v] = low[v] = next_index++;
                    comp_stack[csp++] = v;
                    on_stack[v] = true;
                    next_edge[v] = g->begin[v];
                    call[top++] = v;
                } else if (on_stack[v] && index[v] < low[u]) {
                    low[u] = index[v];
                }
                continue;
            }
            top--;
            if (low[u] == index[u]) {
                gm_node_t w;
                do {
                    w = comp_stack[--csp];
                    on_stack[w] = false;
                    scc[w] = count;
                } while (w != u);
                count++;
            }
            if (top > 0) {
                gm_node_t parent = call[top - 1];
                if (low[u] < low[parent])
                    low[parent] = low[u];
            }
        }
    }
    ref_print_time();
    ref_print_int("return", count);
    ref_write_int(&args, "scc", scc, n);
    free(scc);
    free(next_edge);
    free(call);
    free(comp_stack);
    free(on_stack);
    free(low);
    free(index);
    gmrt_graph_free(g);
    return 0;
}
