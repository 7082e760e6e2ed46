/* graph_reverse.c: the on-demand parts of a graph: the reverse CSR (in-edges
 * with the map back to forward edge indices) and the source of every edge.
 *
 * Reverse rows are sorted by forward edge index.  Forward edges are grouped
 * by ascending source, so this also sorts each reverse row by source node,
 * and parallel in-edges keep their forward order: the result does not
 * depend on the thread count. */
#include "gmrt_graph.h"
#include "row_sort.h"
#include "rt_alloc.h"

bool gmrt_graph_make_reverse(gm_graph *g)
{
    if (g->r_begin)
        return true;
    gm_node_t n = g->num_nodes;
    size_t m = (size_t)g->num_edges;
    gm_edge_t *rb = gmrt_calloc_array((size_t)n + 1, sizeof *rb);
    gm_edge_t *cursor = gmrt_alloc_array((size_t)n + 1, sizeof *cursor);
    gm_node_t *rn = gmrt_alloc_array(m, sizeof *rn);
    gm_edge_t *re = gmrt_alloc_array(m, sizeof *re);
    if (!rb || !cursor || !rn || !re) {
        free(rb);
        free(cursor);
        free(rn);
        free(re);
        return false;
    }
#pragma omp parallel for schedule(static)
    for (size_t e = 0; e < m; e++)
        __atomic_fetch_add(&rb[g->node_idx[e] + 1], 1, __ATOMIC_RELAXED);
    for (gm_node_t v = 0; v < n; v++)
        rb[v + 1] += rb[v];
    memcpy(cursor, rb, ((size_t)n + 1) * sizeof *cursor);
#pragma omp parallel for schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < n; u++) {
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_edge_t p = __atomic_fetch_add(&cursor[g->node_idx[e]], 1, __ATOMIC_RELAXED);
            rn[p] = u;
            re[p] = e;
        }
    }
    free(cursor);
#pragma omp parallel for schedule(dynamic, 256)
    for (gm_node_t v = 0; v < n; v++)
        gmrt_sort_edges_nodes(re + rb[v], rn + rb[v], (size_t)(rb[v + 1] - rb[v]));
    g->r_begin = rb;
    g->r_node_idx = rn;
    g->r_edge_idx = re;
    return true;
}

bool gmrt_graph_make_edge_src(gm_graph *g)
{
    if (g->edge_src)
        return true;
    gm_node_t *src = gmrt_alloc_array((size_t)g->num_edges, sizeof *src);
    if (!src)
        return false;
#pragma omp parallel for schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            src[e] = u;
    g->edge_src = src;
    return true;
}
