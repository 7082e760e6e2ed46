/* ref_brandes.c: single-source Brandes dependency accumulation: a FIFO BFS
 * counting shortest paths, then a pass over the nodes in reverse BFS order
 * pushing each node's dependency to its predecessors (in-edges from the
 * previous level, with multiplicity). */
#include "ref_brandes.h"

#include <stdlib.h>

#include "ref_common.h"

void ref_brandes_init(ref_brandes *b, const gm_graph *g)
{
    size_t n = (size_t)g->num_nodes;
    b->g = g;
    b->level = ref_alloc(n, sizeof *b->level);
    b->sigma = ref_alloc(n, sizeof *b->sigma);
    b->order = ref_alloc(n, sizeof *b->order);
    b->delta = ref_alloc(n, sizeof *b->delta);
}

void ref_brandes_free(ref_brandes *b)
{
    free(b->level);
    free(b->sigma);
    free(b->order);
    free(b->delta);
}

void ref_brandes_source(ref_brandes *b, gm_node_t s)
{
    const gm_graph *g = b->g;
    for (gm_node_t v = 0; v < g->num_nodes; v++) {
        b->level[v] = -1;
        b->sigma[v] = 0.0;
        b->delta[v] = 0.0;
    }
    int64_t head = 0, tail = 0;
    b->level[s] = 0;
    b->sigma[s] = 1.0;
    b->order[tail++] = s;
    while (head < tail) {
        gm_node_t u = b->order[head++];
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t v = g->node_idx[e];
            if (b->level[v] < 0) {
                b->level[v] = b->level[u] + 1;
                b->order[tail++] = v;
            }
            if (b->level[v] == b->level[u] + 1)
                b->sigma[v] += b->sigma[u];
        }
    }
    for (int64_t i = tail - 1; i > 0; i--) {
        gm_node_t w = b->order[i];
        for (gm_edge_t k = g->r_begin[w]; k < g->r_begin[w + 1]; k++) {
            gm_node_t v = g->r_node_idx[k];
            if (b->level[v] == b->level[w] - 1 && v != s)
                b->delta[v] += b->sigma[v] / b->sigma[w] * (1.0 + b->delta[w]);
        }
    }
}
