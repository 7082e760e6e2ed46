/* graph_reverse.c: the on-demand parts of a graph: the reverse CSR (in-edges
 * with the map back to forward edge indices) and the source of every edge.
 *
 * Reverse rows are sorted by forward edge index.  Forward edges are grouped
 * by ascending source, so this also sorts each reverse row by source node,
 * and parallel in-edges keep their forward order: the result does not
 * depend on the thread count.  gmrt_graph_make_reverse_nodes builds the
 * same rows without the map (its rows sorted by source alone are the same
 * sequence), for a GPU runtime that makes the map on the device: with
 * 64-bit edge indices the map is two thirds of the reverse CSR's bytes. */
#include "gmrt_graph.h"
#include "row_sort.h"
#include "rt_alloc.h"

/* The reverse offsets (calloc'd, n + 1) and a cursor per row (their copy). */
static bool reverse_offsets(const gm_graph *g, gm_edge_t **rbp, gm_edge_t **cursorp)
{
    gm_node_t n = g->num_nodes;
    size_t m = (size_t)g->num_edges;
    gm_edge_t *rb = gmrt_calloc_array((size_t)n + 1, sizeof *rb);
    gm_edge_t *cursor = gmrt_alloc_array((size_t)n + 1, sizeof *cursor);
    if (!rb || !cursor) {
        free(rb);
        free(cursor);
        return false;
    }
#pragma omp parallel for schedule(static)
    for (size_t e = 0; e < m; e++)
        __atomic_fetch_add(&rb[g->node_idx[e] + 1], 1, __ATOMIC_RELAXED);
    for (gm_node_t v = 0; v < n; v++)
        rb[v + 1] += rb[v];
    memcpy(cursor, rb, ((size_t)n + 1) * sizeof *cursor);
    *rbp = rb;
    *cursorp = cursor;
    return true;
}

bool gmrt_graph_make_reverse_nodes(gm_graph *g)
{
    if (g->r_begin)
        return true;
    gm_node_t n = g->num_nodes;
    gm_edge_t *rb = NULL, *cursor = NULL;
    gm_node_t *rn = gmrt_alloc_array((size_t)g->num_edges, sizeof *rn);
    if (!rn || !reverse_offsets(g, &rb, &cursor)) {
        free(rn);
        return false;
    }
#pragma omp parallel for schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < n; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            rn[__atomic_fetch_add(&cursor[g->node_idx[e]], 1, __ATOMIC_RELAXED)] = u;
    free(cursor);
    int key_bits = 1;
    while (key_bits < 31 && ((int64_t)1 << key_bits) < (int64_t)n)
        key_bits++;
#pragma omp parallel
    {
        gm_node_t *scratch = NULL; /* the radix sort's, grown to the longest row seen */
        size_t cap = 0;
#pragma omp for schedule(dynamic, 256)
        for (gm_node_t v = 0; v < n; v++) {
            size_t len = (size_t)(rb[v + 1] - rb[v]);
            if (len >= GMRT_RADIX_MIN_ROW && len > cap) {
                free(scratch); /* NULL (no room): introsort, the same order */
                scratch = malloc(len * sizeof *scratch);
                cap = scratch ? len : 0;
            }
            gmrt_sort_nodes_scratch(rn + rb[v], len, len <= cap ? scratch : NULL, key_bits);
        }
        free(scratch);
    }
    g->r_begin = rb;
    g->r_node_idx = rn;
    return true;
}

bool gmrt_graph_make_reverse(gm_graph *g)
{
    if (g->r_begin && g->r_edge_idx)
        return true;
    /* rows without the map (gmrt_graph_make_reverse_nodes) stay until the
     * rows with it, the same sequence, replace them below */
    gm_node_t n = g->num_nodes;
    size_t m = (size_t)g->num_edges;
    gm_edge_t *rb = NULL, *cursor = NULL;
    gm_node_t *rn = gmrt_alloc_array(m, sizeof *rn);
    gm_edge_t *re = gmrt_alloc_array(m, sizeof *re);
    if (!rn || !re || !reverse_offsets(g, &rb, &cursor)) {
        free(rn);
        free(re);
        return false;
    }
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
    free(g->r_begin);
    free(g->r_node_idx);
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
