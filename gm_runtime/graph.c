/* graph.c: gm_graph allocation, validation, comparison and the queries that
 * only need the forward CSR (edge lookup, common neighbours, edge source). */
#include "gmrt_graph.h"
#include "rt_alloc.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <sys/mman.h>

/* The last serial given (gmrt_graph_serial); the process's only count of graphs. */
static _Atomic uint64_t last_serial;

uint64_t gmrt_graph_serial(gm_graph *g)
{
    if (g->serial == 0)
        g->serial = atomic_fetch_add(&last_serial, 1) + 1;
    return g->serial;
}

gm_graph *gmrt_graph_alloc(gm_node_t n, gm_edge_t m, bool with_weights, gmrt_error *err)
{
    if (n < 0 || m < 0) {
        gmrt_error_set(err, GMRT_E_ARG, "negative graph size (%" PRId64 " nodes, %" PRId64 " edges)",
                       (int64_t)n, (int64_t)m);
        return NULL;
    }
    gm_graph *g = calloc(1, sizeof *g);
    if (!g)
        goto nomem;
    g->num_nodes = n;
    g->num_edges = m;
    g->begin = gmrt_calloc_array((size_t)n + 1, sizeof *g->begin);
    g->node_idx = gmrt_alloc_big((size_t)m, sizeof *g->node_idx);
    if (with_weights)
        g->weights = gmrt_alloc_big((size_t)m, sizeof *g->weights);
    if (!g->begin || !g->node_idx || (with_weights && !g->weights))
        goto nomem;
    return g;
nomem:
    gmrt_graph_free(g);
    gmrt_error_set(err, GMRT_E_NOMEM, "out of memory for a graph of %" PRId64 " nodes and %" PRId64 " edges",
                   (int64_t)n, (int64_t)m);
    return NULL;
}

/* Arrays that point into the file mapping belong to it, not to malloc. */
static void free_owned(const gm_graph *g, void *p)
{
    const char *c = p, *base = g->mapping;
    if (p && !(base && c >= base && c < base + g->mapping_len))
        free(p);
}

void gmrt_graph_free(gm_graph *g)
{
    if (!g)
        return;
    free_owned(g, g->begin);
    free_owned(g, g->node_idx);
    free_owned(g, g->weights);
    free(g->r_begin);
    free(g->r_node_idx);
    free(g->r_edge_idx);
    free(g->edge_src);
    if (g->mapping)
        munmap(g->mapping, g->mapping_len);
    free(g);
}

bool gmrt_graph_check(const gm_graph *g, gmrt_error *err)
{
    if (!g || g->num_nodes < 0 || g->num_edges < 0 || !g->begin || (g->num_edges && !g->node_idx)) {
        gmrt_error_set(err, GMRT_E_ARG, "not a graph (null arrays or negative sizes)");
        return false;
    }
    if (g->begin[0] != 0) {
        gmrt_error_set(err, GMRT_E_FORMAT, "begin[0] = %" PRId64 ", expected 0", (int64_t)g->begin[0]);
        return false;
    }
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        gm_edge_t b = g->begin[u], e = g->begin[u + 1];
        if (e < b || e > g->num_edges) {
            gmrt_error_set(err, GMRT_E_FORMAT, "row offsets not monotone at node %" PRId32 ": %" PRId64 " then %" PRId64,
                           u, (int64_t)b, (int64_t)e);
            return false;
        }
        for (gm_edge_t i = b; i < e; i++) {
            gm_node_t v = g->node_idx[i];
            if (v < 0 || v >= g->num_nodes) {
                gmrt_error_set(err, GMRT_E_RANGE, "edge %" PRId64 " leads to node %" PRId32 ", outside [0, %" PRId32 ")",
                               (int64_t)i, v, g->num_nodes);
                return false;
            }
            if (i > b && v < g->node_idx[i - 1]) {
                gmrt_error_set(err, GMRT_E_FORMAT, "row of node %" PRId32 " not sorted at edge %" PRId64, u, (int64_t)i);
                return false;
            }
        }
    }
    if (g->begin[g->num_nodes] != g->num_edges) {
        gmrt_error_set(err, GMRT_E_FORMAT, "begin[%" PRId32 "] = %" PRId64 ", expected the edge count %" PRId64,
                       g->num_nodes, (int64_t)g->begin[g->num_nodes], (int64_t)g->num_edges);
        return false;
    }
    return true;
}

bool gmrt_graph_equal(const gm_graph *a, const gm_graph *b, bool compare_weights)
{
    if (a->num_nodes != b->num_nodes || a->num_edges != b->num_edges)
        return false;
    if (memcmp(a->begin, b->begin, ((size_t)a->num_nodes + 1) * sizeof *a->begin) != 0)
        return false;
    if (a->num_edges && memcmp(a->node_idx, b->node_idx, (size_t)a->num_edges * sizeof *a->node_idx) != 0)
        return false;
    if (compare_weights) {
        for (gm_edge_t e = 0; e < a->num_edges; e++) {
            double wa = a->weights ? a->weights[e] : 1.0;
            double wb = b->weights ? b->weights[e] : 1.0;
            if (wa != wb)
                return false;
        }
    }
    return true;
}

gm_node_t gmrt_edge_source(const gm_graph *g, gm_edge_t e)
{
    if (e < 0 || e >= g->num_edges)
        return GMRT_NIL_NODE;
    if (g->edge_src)
        return g->edge_src[e];
    /* the last u with begin[u] <= e */
    gm_node_t lo = 0, hi = g->num_nodes - 1;
    while (lo < hi) {
        gm_node_t mid = lo + (hi - lo + 1) / 2;
        if (g->begin[mid] <= e)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

gm_edge_t gmrt_find_edge(const gm_graph *g, gm_node_t u, gm_node_t v)
{
    if (u < 0 || u >= g->num_nodes)
        return GMRT_NIL_EDGE;
    gm_edge_t lo = g->begin[u], hi = g->begin[u + 1];
    while (lo < hi) { /* first position whose destination is >= v */
        gm_edge_t mid = lo + (hi - lo) / 2;
        if (g->node_idx[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (lo < g->begin[u + 1] && g->node_idx[lo] == v) ? lo : GMRT_NIL_EDGE;
}

bool gmrt_rows_skewed(const gm_edge_t *begin, int64_t num_nodes, int64_t num_edges)
{
    if (num_nodes <= 0)
        return false;
    /* every row read, by the team: callers ask per run (the buckets' width,
     * the worklists' choice), and one thread's scan of a 2^24-node grid's
     * rows took ~20 ms (13 with two threads: the reads of begin) */
    gm_edge_t max = 0;
#pragma omp parallel for schedule(static) reduction(max : max) if (num_nodes >= 65536)
    for (int64_t v = 0; v < num_nodes; v++)
        if (begin[v + 1] - begin[v] > max)
            max = begin[v + 1] - begin[v];
    return (double)max > 32.0 * ((double)num_edges / (double)num_nodes) + 64.0;
}

bool gmrt_has_edge(const gm_graph *g, gm_node_t u, gm_node_t v)
{
    if (g->upper && u > v) { /* {u, v} lives in the lower end's row */
        gm_node_t t = u;
        u = v;
        v = t;
    }
    return gmrt_find_edge(g, u, v) != GMRT_NIL_EDGE;
}

void gmrt_common_nbrs_init(gmrt_common_iter *it, const gm_graph *g, gm_node_t u, gm_node_t v)
{
    it->a = g->node_idx + g->begin[u];
    it->a_end = g->node_idx + g->begin[u + 1];
    it->b = g->node_idx + g->begin[v];
    it->b_end = g->node_idx + g->begin[v + 1];
}

gm_node_t gmrt_common_nbrs_next(gmrt_common_iter *it)
{
    while (it->a < it->a_end && it->b < it->b_end) {
        gm_node_t x = *it->a, y = *it->b;
        if (x < y) {
            it->a++;
        } else if (y < x) {
            it->b++;
        } else {
            /* skip the parallel copies on both sides: each node once */
            while (it->a < it->a_end && *it->a == x)
                it->a++;
            while (it->b < it->b_end && *it->b == x)
                it->b++;
            return x;
        }
    }
    return GMRT_NIL_NODE;
}

gm_edge_t gmrt_count_common_nbrs(const gm_graph *g, gm_node_t u, gm_node_t v)
{
    gmrt_common_iter it;
    gmrt_common_nbrs_init(&it, g, u, v);
    gm_edge_t count = 0;
    while (gmrt_common_nbrs_next(&it) != GMRT_NIL_NODE)
        count++;
    return count;
}
