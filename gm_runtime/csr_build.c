/* csr_build.c: building a sorted CSR from an edge array (used by every text
 * loader and generator), and rebuilding one with symmetrize / self-loop /
 * dedup options.
 *
 * The rows are filled in parallel with atomic cursors, so the order inside a
 * row after the scatter depends on the threads; sorting each row by
 * (destination, weight) afterwards makes the result identical for any
 * thread count. */
#include "gmrt_graph.h"
#include "row_sort.h"
#include "rt_alloc.h"

#include <inttypes.h>
#include <math.h>
#include <omp.h>

/* Does edge (u,v) survive the options, and how many edges does it give? */
static inline int copies_of(gm_node_t u, gm_node_t v, bool sym, bool drop)
{
    if (u == v)
        return drop ? 0 : 1;
    return sym ? 2 : 1;
}

/* Index of the first out-of-range endpoint, or m when all are in range. */
static size_t first_bad_endpoint(gm_node_t n, size_t m, const gm_node_t *src, const gm_node_t *dst)
{
    size_t first = m;
#pragma omp parallel for reduction(min : first) schedule(static)
    for (size_t i = 0; i < m; i++)
        if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n)
            if (i < first)
                first = i;
    return first;
}

/* a[0..len) becomes its running sum (a[i] += a[i-1]) in two parallel passes
 * over one block of a per thread: block sums, then each block adds the sum
 * of the blocks before it.  Integer sums, so the same for any thread count. */
static void running_sum(gm_edge_t *a, size_t len)
{
    if (len < ((size_t)1 << 16)) { /* not worth a team */
        for (size_t i = 1; i < len; i++)
            a[i] += a[i - 1];
        return;
    }
#pragma omp parallel
    {
        int t = omp_get_thread_num(), nt = omp_get_num_threads();
        size_t lo = len * (size_t)t / (size_t)nt, hi = len * (size_t)(t + 1) / (size_t)nt;
        for (size_t i = lo + 1; i < hi; i++)
            a[i] += a[i - 1];
#pragma omp barrier
        gm_edge_t before = 0; /* the last element of every earlier block */
        for (int k = 0; k < t; k++) {
            size_t end = len * (size_t)(k + 1) / (size_t)nt;
            if (end > len * (size_t)k / (size_t)nt)
                before += a[end - 1];
        }
#pragma omp barrier
        if (before)
            for (size_t i = lo; i < hi; i++)
                a[i] += before;
    }
}

/* Removes parallel edges row by row; each row keeps its first edge of each
 * run, which is the smallest weight because rows are sorted by weight too. */
static bool dedup_rows(gm_graph *g)
{
    gm_node_t n = g->num_nodes;
    gm_edge_t *kept = gmrt_alloc_array((size_t)n + 1, sizeof *kept);
    if (!kept)
        return false;
    kept[0] = 0;
#pragma omp parallel for schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < n; u++) {
        gm_edge_t b = g->begin[u], e = g->begin[u + 1], out = b;
        for (gm_edge_t i = b; i < e; i++) {
            if (i > b && g->node_idx[i] == g->node_idx[out - 1])
                continue;
            g->node_idx[out] = g->node_idx[i];
            if (g->weights)
                g->weights[out] = g->weights[i];
            out++;
        }
        kept[u + 1] = out - b;
    }
    running_sum(kept, (size_t)n + 1);
    gm_edge_t m = kept[n];
    if (m == g->num_edges) {
        free(kept);
        return true;
    }
    gm_node_t *idx = gmrt_alloc_big((size_t)m, sizeof *idx);
    double *w = g->weights ? gmrt_alloc_big((size_t)m, sizeof *w) : NULL;
    if (!idx || (g->weights && !w)) {
        free(idx);
        free(w);
        free(kept);
        return false;
    }
#pragma omp parallel for schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < n; u++) {
        size_t len = (size_t)(kept[u + 1] - kept[u]);
        memcpy(idx + kept[u], g->node_idx + g->begin[u], len * sizeof *idx);
        if (w)
            memcpy(w + kept[u], g->weights + g->begin[u], len * sizeof *w);
    }
    free(g->node_idx);
    free(g->weights);
    free(g->begin);
    g->node_idx = idx;
    g->weights = w;
    g->begin = kept;
    g->num_edges = m;
    return true;
}

/* Sorts every row by (destination, weight).  Long unweighted rows go
 * through a radix sort with a per-thread scratch buffer. */
static void sort_rows(gm_graph *g)
{
    gm_node_t n = g->num_nodes;
    gm_edge_t longest = 0;
#pragma omp parallel for reduction(max : longest) schedule(static)
    for (gm_node_t u = 0; u < n; u++)
        if (g->begin[u + 1] - g->begin[u] > longest)
            longest = g->begin[u + 1] - g->begin[u];
    int key_bits = 1;
    while (key_bits < 31 && ((int64_t)1 << key_bits) < (int64_t)n)
        key_bits++;
    bool radix = !g->weights && longest >= GMRT_RADIX_MIN_ROW;
#pragma omp parallel
    {
        gm_node_t *scratch = radix ? gmrt_alloc_array((size_t)longest, sizeof *scratch) : NULL;
#pragma omp for schedule(dynamic, 256)
        for (gm_node_t u = 0; u < n; u++) {
            size_t len = (size_t)(g->begin[u + 1] - g->begin[u]);
            gm_node_t *row = g->node_idx + g->begin[u];
            if (g->weights)
                gmrt_sort_nodes_weights(row, g->weights + g->begin[u], len);
            else
                gmrt_sort_nodes_scratch(row, len, scratch, key_bits); /* NULL scratch: introsort */
        }
        free(scratch);
    }
}

gm_graph *gmrt_graph_from_edges(gm_node_t n, size_t m, const gm_node_t *src,
                                const gm_node_t *dst, const double *w,
                                const gmrt_build_options *opt, gmrt_error *err)
{
    gmrt_build_options none = {0};
    if (!opt)
        opt = &none;
    const bool sym = opt->symmetrize, drop = opt->drop_self_loops;
    if (n < 0) {
        gmrt_error_set(err, GMRT_E_ARG, "negative node count %" PRId32, n);
        return NULL;
    }
    size_t bad = first_bad_endpoint(n, m, src, dst);
    if (bad < m) {
        gmrt_error_set(err, GMRT_E_RANGE, "edge %zu (%" PRId32 " -> %" PRId32 ") has an endpoint outside [0, %" PRId32 ")",
                       bad, src[bad], dst[bad], n);
        return NULL;
    }

    uint64_t total = 0;
#pragma omp parallel for reduction(+ : total) schedule(static)
    for (size_t i = 0; i < m; i++)
        total += (uint64_t)copies_of(src[i], dst[i], sym, drop);
    if (total > (uint64_t)GMRT_EDGE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE,
                       "%" PRIu64 " edges do not fit in %d-bit edge indices (configure with --enable-edge64)",
                       total, (int)(8 * sizeof(gm_edge_t)));
        return NULL;
    }

    gm_graph *g = gmrt_graph_alloc(n, (gm_edge_t)total, w != NULL, err);
    if (!g)
        return NULL;
    gm_edge_t *begin = g->begin; /* zeroed: counts go to begin[u+1] first */
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < m; i++) {
        gm_node_t u = src[i], v = dst[i];
        int c = copies_of(u, v, sym, drop);
        if (c >= 1)
            __atomic_fetch_add(&begin[u + 1], 1, __ATOMIC_RELAXED);
        if (c == 2)
            __atomic_fetch_add(&begin[v + 1], 1, __ATOMIC_RELAXED);
    }
    running_sum(begin, (size_t)n + 1);

    gm_edge_t *cursor = gmrt_alloc_array((size_t)n + 1, sizeof *cursor);
    if (!cursor) {
        gmrt_graph_free(g);
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory building a graph of %" PRId32 " nodes", n);
        return NULL;
    }
    memcpy(cursor, begin, ((size_t)n + 1) * sizeof *cursor);
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < m; i++) {
        gm_node_t u = src[i], v = dst[i];
        int c = copies_of(u, v, sym, drop);
        if (c >= 1) {
            gm_edge_t p = __atomic_fetch_add(&cursor[u], 1, __ATOMIC_RELAXED);
            g->node_idx[p] = v;
            if (w)
                g->weights[p] = w[i];
        }
        if (c == 2) {
            gm_edge_t p = __atomic_fetch_add(&cursor[v], 1, __ATOMIC_RELAXED);
            g->node_idx[p] = u;
            if (w)
                g->weights[p] = w[i];
        }
    }
    free(cursor);

    sort_rows(g);
    if (opt->dedup && !dedup_rows(g)) {
        gmrt_graph_free(g);
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory removing duplicate edges");
        return NULL;
    }
    if (w) {
        bool integral = true;
#pragma omp parallel for reduction(&& : integral) schedule(static)
        for (gm_edge_t e = 0; e < g->num_edges; e++)
            integral = integral && g->weights[e] == trunc(g->weights[e]);
        g->weights_integral = integral;
    }
    if (sym) /* dedup and dropped self-loops keep it symmetric */
        gmrt_graph_mark_symmetric(g);
    return g;
}

gm_graph *gmrt_graph_transform(const gm_graph *g, const gmrt_build_options *opt, gmrt_error *err)
{
    size_t m = (size_t)g->num_edges;
    gm_node_t *src = gmrt_alloc_array(m, sizeof *src);
    if (!src) {
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory copying %zu edges", m);
        return NULL;
    }
#pragma omp parallel for schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            src[e] = u;
    gm_graph *out = gmrt_graph_from_edges(g->num_nodes, m, src, g->node_idx, g->weights, opt, err);
    free(src);
    if (out && g->weights)
        out->weights_integral = g->weights_integral;
    return out;
}
