/* graph_reverse.c: the on-demand parts of a graph: the reverse CSR (in-edges
 * with the map back to forward edge indices) and the source of every edge.
 *
 * Reverse rows are sorted by forward edge index.  Forward edges are grouped
 * by ascending source, so this also sorts each reverse row by source node,
 * and parallel in-edges keep their forward order: the result does not
 * depend on the thread count.  Built by a blocked transpose (transpose()
 * below: no atomics, no sort; it replaced a scattered fill through atomic
 * cursors and a sort of every row).  gmrt_graph_make_reverse_nodes builds the
 * same rows without the map (its rows sorted by source alone are the same
 * sequence), for a GPU runtime that makes the map on the device: with
 * 64-bit edge indices the map is two thirds of the reverse CSR's bytes. */
#include "gmrt_graph.h"
#include "rt_alloc.h"

#include <omp.h>
#include <stdint.h>
#include <string.h>

/* The reverse offsets (calloc'd, n + 1): the in-degrees' prefix sums. */
static gm_edge_t *reverse_offsets(const gm_graph *g)
{
    gm_node_t n = g->num_nodes;
    size_t m = (size_t)g->num_edges;
    gm_edge_t *rb = gmrt_calloc_array((size_t)n + 1, sizeof *rb);
    if (!rb)
        return NULL;
#pragma omp parallel for schedule(static)
    for (size_t e = 0; e < m; e++)
        __atomic_fetch_add(&rb[g->node_idx[e] + 1], 1, __ATOMIC_RELAXED);
    for (gm_node_t v = 0; v < n; v++)
        rb[v + 1] += rb[v];
    return rb;
}

/* The reverse rows by a blocked transpose, without atomics or sorting.
 * Threads take contiguous ranges of sources in order; each counts its edges
 * by destination block (2^shift nodes), so every block's slice of rn/re gets
 * one run per thread, in thread order; the threads then copy their edges
 * into their runs, which leaves each block's slice ordered by source (and
 * by forward index among a source's parallel edges). Last, each block's
 * slice is dealt to its rows in that order, in the cache: the rows come out
 * sorted, the same whatever the thread count. The destination of an entry
 * is its forward edge's (re) or, without the map, its low bits kept in tv.
 * False when memory fails (rn and re then hold garbage). */
static bool transpose(const gm_graph *g, const gm_edge_t *rb, gm_node_t *rn, gm_edge_t *re)
{
    const gm_node_t n = g->num_nodes;
    const size_t m = (size_t)g->num_edges;
    if (m == 0)
        return true;
    int shift = 10; /* blocks of at most 2^16 nodes (tv's 16 bits), at most ~4096 of them below 2^28 nodes */
    while (shift < 16 && ((int64_t)n >> shift) > 4096)
        shift++;
    const int64_t nb = ((int64_t)n + ((int64_t)1 << shift) - 1) >> shift;
    const int T = omp_get_max_threads();
    int64_t *cnt = gmrt_calloc_array((size_t)T * (size_t)nb, sizeof *cnt); /* then each run's next slot */
    uint16_t *tv = re ? NULL : gmrt_alloc_big(m, sizeof *tv);
    gm_node_t *lo = gmrt_alloc_array((size_t)T + 1, sizeof *lo);
    bool ok = cnt && lo && (re || tv);
    if (ok) {
#pragma omp parallel num_threads(T)
        {
            const int t = omp_get_thread_num(), nt = omp_get_num_threads();
#pragma omp single
            for (int k = 0; k <= nt; k++) { /* the first source of each thread's range: edges split evenly */
                const gm_edge_t want = (gm_edge_t)((double)m * k / nt);
                gm_node_t a = 0, b = n;
                while (a < b) {
                    const gm_node_t mid = a + (b - a) / 2;
                    if (g->begin[mid] < want)
                        a = mid + 1;
                    else
                        b = mid;
                }
                lo[k] = k == nt ? n : a;
            }
            int64_t *mine = cnt + (size_t)t * (size_t)nb;
            for (gm_edge_t e = g->begin[lo[t]]; e < g->begin[lo[t + 1]]; e++)
                mine[g->node_idx[e] >> shift]++;
#pragma omp barrier
#pragma omp single
            for (int64_t k = 0; k < nb; k++) {
                gm_edge_t at = rb[k << shift];
                for (int q = 0; q < nt; q++) {
                    const int64_t c = cnt[(size_t)q * (size_t)nb + (size_t)k];
                    cnt[(size_t)q * (size_t)nb + (size_t)k] = at;
                    at += c;
                }
            }
            for (gm_node_t u = lo[t]; u < lo[t + 1]; u++)
                for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                    const gm_node_t v = g->node_idx[e];
                    const int64_t p = mine[v >> shift]++;
                    rn[p] = u;
                    if (re)
                        re[p] = e;
                    else
                        tv[p] = (uint16_t)(v & (((gm_node_t)1 << shift) - 1));
                }
#pragma omp barrier
            gm_node_t *su = NULL; /* this thread's copy of a block's slice, and the block's row cursors */
            gm_edge_t *se = NULL, *cur = gmrt_alloc_array((size_t)1 << shift, sizeof *cur);
            size_t cap = 0;
            bool mine_ok = cur != NULL;
#pragma omp for schedule(dynamic, 1)
            for (int64_t k = 0; k < nb; k++) {
                const gm_node_t v0 = (gm_node_t)(k << shift);
                const gm_node_t v1 = k + 1 < nb ? (gm_node_t)((k + 1) << shift) : n;
                const gm_edge_t a = rb[v0], z = rb[v1];
                const size_t len = (size_t)(z - a);
                if (!mine_ok || len == 0)
                    continue;
                if (len > cap) {
                    free(su);
                    free(se);
                    su = gmrt_alloc_array(len, sizeof *su);
                    se = re ? gmrt_alloc_array(len, sizeof *se) : NULL;
                    cap = su && (se || !re) ? len : 0;
                    if (!cap) {
                        mine_ok = false;
                        continue;
                    }
                }
                memcpy(su, rn + a, len * sizeof *su);
                if (re)
                    memcpy(se, re + a, len * sizeof *se);
                for (gm_node_t v = v0; v < v1; v++)
                    cur[v - v0] = rb[v];
                for (size_t i = 0; i < len; i++) {
                    const gm_node_t off = re ? g->node_idx[se[i]] - v0 : (gm_node_t)tv[a + (gm_edge_t)i];
                    const gm_edge_t p = cur[off]++;
                    rn[p] = su[i];
                    if (re)
                        re[p] = se[i];
                }
            }
            free(su);
            free(se);
            free(cur);
            if (!mine_ok) {
#pragma omp atomic write
                ok = false;
            }
        }
    }
    free(cnt);
    free(tv);
    free(lo);
    return ok;
}

bool gmrt_graph_make_reverse_nodes(gm_graph *g)
{
    if (g->r_begin)
        return true;
    gm_node_t *rn = gmrt_alloc_big((size_t)g->num_edges, sizeof *rn);
    gm_edge_t *rb = rn ? reverse_offsets(g) : NULL;
    if (!rb) {
        free(rn);
        return false;
    }
    if (!transpose(g, rb, rn, NULL)) {
        free(rn);
        free(rb);
        return false;
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
    size_t m = (size_t)g->num_edges;
    gm_node_t *rn = gmrt_alloc_big(m, sizeof *rn);
    gm_edge_t *re = gmrt_alloc_big(m, sizeof *re);
    gm_edge_t *rb = rn && re ? reverse_offsets(g) : NULL;
    if (!rb) {
        free(rn);
        free(re);
        return false;
    }
    if (!transpose(g, rb, rn, re)) {
        free(rn);
        free(re);
        free(rb);
        return false;
    }
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
