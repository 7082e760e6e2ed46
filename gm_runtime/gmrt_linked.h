/* gmrt_linked.h: how many of a node's out-edges lead to a neighbour that is
 * linked to a second node, counted as one intersection of sorted rows.
 *
 *   gmrt_count_linked_nbrs(g, x, cmp, y, z, to)
 *     = the number of out-edge slots x -> w with (w cmp y) and an edge
 *       w -> z (to) or z -> w (!to),
 *
 * which is the whole effect of the Green-Marl loop
 *     Foreach (w: x.Nbrs)(w > y) { If (w.HasEdgeTo(z)) T += 1; }
 * (gm_opt/count_linked.c rewrites it into `T += <this count>`). Walked as
 * written, that loop costs one binary search per neighbour of x, so a hub's
 * row is scanned once per neighbour it has: quadratic in its degree. Rows
 * are sorted (gmrt_graph.h), so the count is an intersection of x's row
 * with z's in-row (to) or out-row (!to), both cut to the id range first,
 * walked from the shorter side with a galloping search in the longer:
 * O(min * log(max / min)). Parallel edges keep the loop's meaning: every
 * slot of x's row counts, while z's row is a yes/no question per node.
 * Short rows of x, and the w->z direction without the reverse CSR (never
 * built), take the loop's own per-neighbour search; on the host a graph
 * marked symmetric (g->symmetric > 0) reads z's out-row for its in-row, and
 * an upper copy (g->upper: each edge once, in its lower end's row; only for
 * counts over neighbours above x) looks for each pair in its lower end's
 * row. Host and device code (the CUDA kernels call it too).
 *
 *   gmrt_count_linked_nbrs_marked(g, mk, x, cmp, y, z, to)
 *     = the same count, host code: with x's row marked in the calling
 *       thread's bitmap mk, kept from call to call (see below);
 *       gmrt_count_linked_nbrs_marked_from(..., from) the same, x's row
 *       searched from the slot from (the one after y's, for w > y).
 */
#ifndef GMRT_LINKED_H
#define GMRT_LINKED_H

#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Rows of x this short are filtered and searched as the loop does: fewer
 * steps than cutting two rows to the range (the GPU took twice as long on a
 * road grid's rows of about four when intersecting). */
#define GMRT_LINKED_SHORT_ROW 16

/* The comparison of the neighbour w with y that filters the count. */
enum {
    GMRT_ANY_NBR = 0, /* no filter */
    GMRT_NBR_ABOVE,   /* w > y */
    GMRT_NBR_AT_LEAST,/* w >= y */
    GMRT_NBR_BELOW,   /* w < y */
    GMRT_NBR_AT_MOST, /* w <= y */
};

/* The first element of the sorted range [p, end) that is >= key (end if
 * none), found by doubling steps from p and then bisecting: cheap when the
 * answer is near p, which is how the intersection advances. */
static inline GMRT_HOST_DEVICE const gm_node_t *gmrt_gallop(const gm_node_t *p, const gm_node_t *end,
                                                            gm_node_t key)
{
    if (p == end || *p >= key)
        return p;
#ifndef __CUDA_ARCH__
    /* on the host a few plain steps first: most rows are short, and the
     * answer is often within them, not worth a hard-to-predict bisection
     * (a 4096^2 grid's triangle count -7%, kron20's unchanged). Device
     * code keeps its tuned form. */
    for (int i = 0; i < 3; i++)
        if (++p == end || *p >= key)
            return p;
#endif
    ptrdiff_t step = 1; /* invariant: *p < key */
    while (end - p > step && p[step] < key) {
        p += step;
        step *= 2;
    }
    const gm_node_t *lo = p + 1, *hi = end - p > step ? p + step : end; /* *hi >= key or hi == end */
    while (lo < hi) {
        const gm_node_t *mid = lo + (hi - lo) / 2;
        if (*mid < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The part of the sorted range [p, end) below hi (hi == n: all of it). */
static inline GMRT_HOST_DEVICE const gm_node_t *gmrt_cut_end(const gm_node_t *p, const gm_node_t *end, int64_t hi,
                                                             gm_node_t n)
{
    return hi < (int64_t)n ? gmrt_gallop(p, end, (gm_node_t)hi) : end;
}

/* The two sorted ranges a count intersects: x's row [a, a_end) and z's row
 * [b, b_end) (its in-row for w->z, else its out-row), both cut to the ids
 * the filter lets through. */
typedef struct gmrt_linked_rows {
    const gm_node_t *a, *a_end, *b, *b_end;
} gmrt_linked_rows;

/* The first half of the count: false with the count in *count when it is
 * known without intersecting (rows of x up to short_row long, searched per
 * neighbour as the loop does, see gmrt_count_linked_nbrs_with; or nothing
 * of x's row in range), true with the two ranges to intersect in *r
 * otherwise. from >= 0: a slot of x's row, or its end, before which no
 * slot holds an id the filter lets through; x's row is searched from there
 * (-1: from its start). */
static inline GMRT_HOST_DEVICE bool gmrt_linked_rows_of(const gm_graph *g, gm_node_t x, int cmp, gm_node_t y,
                                                        gm_node_t z, bool to, gm_edge_t short_row, gm_edge_t from,
                                                        gmrt_linked_rows *r, gm_edge_t *count)
{
    bool upper = false;
#ifndef __CUDA_ARCH__
    /* On the host, a graph known to be stored both ways has its in-rows in
     * its out-rows: no reverse CSR needed (the degree-ordered copy of
     * gmrt_clique_graph has none). Device code keeps its tuned paths. */
    if (g->upper)
        upper = true;
    else if (to && g->symmetric > 0)
        to = false;
#endif
    *count = 0;
    int64_t lo = 0, hi = (int64_t)g->num_nodes; /* the ids w may take: [lo, hi) */
    if (cmp == GMRT_NBR_ABOVE)
        lo = (int64_t)y + 1;
    else if (cmp == GMRT_NBR_AT_LEAST)
        lo = y;
    else if (cmp == GMRT_NBR_BELOW)
        hi = y;
    else if (cmp == GMRT_NBR_AT_MOST)
        hi = (int64_t)y + 1;
    if (lo >= hi)
        return false;
    /* An upper copy holds x's neighbours above x only: the callers
     * (gma_clique's ascending nests) count only those (lo > x). Every w
     * above z has {w, z} in z's row (its lower end): the intersection with
     * z's row as for a symmetric graph; otherwise a search per neighbour in
     * the lower end's row. */
    bool per_nbr_lower_end = upper && lo <= (int64_t)z;
    if (upper)
        to = false;
    const gm_node_t *a = g->node_idx + (from >= 0 ? from : g->begin[x]), *a_end = g->node_idx + g->begin[x + 1];
    if (a_end - a <= short_row || (to && !g->r_begin) || per_nbr_lower_end) {
        /* the loop's own way: the row's ids in [lo, hi) (it is sorted), one
         * bisection per neighbour, stopping at a hit as HasEdgeTo does */
        gm_edge_t n = 0;
        for (; a < a_end && *a < lo; a++)
            ;
        for (; a < a_end && *a < hi; a++) {
            gm_node_t w = *a, owner = to ? w : z, key = to ? z : w;
            if (upper) /* the pair's lower end holds it */
                owner = w < z ? w : z, key = w < z ? z : w;
            gm_edge_t b = g->begin[owner], e = g->begin[owner + 1];
            while (b < e) {
                gm_edge_t mid = b + (e - b) / 2;
                gm_node_t t = g->node_idx[mid];
                if (t == key) {
                    n++;
                    break;
                }
                if (t < key)
                    b = mid + 1;
                else
                    e = mid;
            }
        }
        *count = n;
        return false;
    }
    a = gmrt_gallop(a, a_end, (gm_node_t)lo);
    r->a = a;
    r->a_end = gmrt_cut_end(a, a_end, hi, g->num_nodes);
    if (r->a == r->a_end) /* nothing of x's row in range: z's row is not read */
        return false;
    const gm_node_t *b = to ? g->r_node_idx + g->r_begin[z] : g->node_idx + g->begin[z];
    const gm_node_t *b_end = to ? g->r_node_idx + g->r_begin[z + 1] : g->node_idx + g->begin[z + 1];
    b = gmrt_gallop(b, b_end, (gm_node_t)lo);
    r->b = b;
    r->b_end = gmrt_cut_end(b, b_end, hi, g->num_nodes);
    return true;
}

/* The intersection of the two ranges, walked from the shorter side with a
 * galloping search in the longer. Every slot of x's range counts when its
 * node is in z's (parallel edges of x each count, z's are one yes/no). */
static inline GMRT_HOST_DEVICE gm_edge_t gmrt_linked_gallop(gmrt_linked_rows r)
{
    const gm_node_t *a = r.a, *a_end = r.a_end, *b = r.b, *b_end = r.b_end;
    gm_edge_t count = 0;
    if (a_end - a <= b_end - b) {
        /* each slot of x's row: is its node in z's row? */
        for (; a < a_end; a++) {
            b = gmrt_gallop(b, b_end, *a);
            if (b == b_end)
                break;
            count += *b == *a;
        }
    } else {
        /* each node of z's row once: how many slots of x's row hold it? */
        while (b < b_end) {
            gm_node_t w = *b;
            a = gmrt_gallop(a, a_end, w);
            if (a == a_end)
                break;
            for (; a < a_end && *a == w; a++)
                count++;
            while (b < b_end && *b == w)
                b++;
        }
    }
    return count;
}

/* The count, with rows of x up to short_row long searched per neighbour
 * (the tests take both ways everywhere with 0 and with a huge value). */
static inline GMRT_HOST_DEVICE gm_edge_t gmrt_count_linked_nbrs_with(const gm_graph *g, gm_node_t x, int cmp,
                                                                     gm_node_t y, gm_node_t z, bool to,
                                                                     gm_edge_t short_row)
{
    gmrt_linked_rows r;
    gm_edge_t count;
    if (!gmrt_linked_rows_of(g, x, cmp, y, z, to, short_row, -1, &r, &count))
        return count;
    return gmrt_linked_gallop(r);
}

static inline GMRT_HOST_DEVICE gm_edge_t gmrt_count_linked_nbrs(const gm_graph *g, gm_node_t x, int cmp,
                                                                gm_node_t y, gm_node_t z, bool to)
{
    return gmrt_count_linked_nbrs_with(g, x, cmp, y, z, to, GMRT_LINKED_SHORT_ROW);
}

/* ---- host code: the count with x's row marked in a bitmap ----
 *
 * A loop that counts for one x after another (the triangle nest: for each
 * edge x -> y of x's row, the neighbours of x above y linked to y) walks
 * x's row again in every call, and a merge pays a hard-to-predict branch
 * per step. With the part of x's row that a call keeps marked in a bitmap
 * over node ids, the call scans z's range alone and adds one bit per node:
 * on kron20's degree-ordered copy the triangle count took a third of the
 * galloping intersection's processor time. Each thread keeps its own
 * bitmap (gmrt_linked_marks_mine) from call to call while x stays the
 * same, and marks a slice of x's row again only when a call needs more of
 * it: that costs what the merge's walk of x's range costs, and is skipped
 * (the plain intersection) where galloping x's range is much cheaper, as
 * is the scan where z's range is more than GMRT_LINKED_MARK_RATIO times
 * x's. Short rows are marked too (their per-neighbour searches cost about
 * as much), except a range of one node of x's row: one search in z's range
 * costs less than its bit set and cleared (a 4096^2 grid's triangle count
 * -9%, where most ranges hold one node). Parallel edges in x's row (a bit cannot count two slots) take
 * the plain intersection. The generated code (OpenMP target,
 * gm_backend_omp/omp_linked.c) makes one gmrt_linked_marks per parallel
 * loop whose counts are for its own node, and frees it after the loop. */

#define GMRT_LINKED_MARK_RATIO 32

/* One thread's bitmap: the bits of the slice [p, pe) of x's row in g. */
typedef struct gmrt_row_marks {
    uint64_t *bits;          /* a bit per node id of g; only the slice's are set */
    size_t words;            /* 64-bit words allocated */
    const gm_graph *g;
    gm_node_t x;
    const gm_node_t *p, *pe;
    bool dup;                /* the slice holds a node twice */
} gmrt_row_marks;

/* The bitmaps of one parallel loop, one per thread, made on first use. */
typedef struct gmrt_linked_marks gmrt_linked_marks;

/* Made outside the parallel region that uses it (host code); NULL when out
 * of memory, and then every count takes the plain way. */
gmrt_linked_marks *gmrt_linked_marks_new(void);
void gmrt_linked_marks_free(gmrt_linked_marks *m);
/* The calling thread's bitmap for counts on g, directly inside the
 * parallel region opened after gmrt_linked_marks_new (or, in that
 * function's own thread, outside any); NULL (the plain count) when m is
 * NULL, elsewhere, or when the bitmap would be too large (more than the
 * graph's edge array for all the threads, past 64 MiB) or cannot be had. */
gmrt_row_marks *gmrt_linked_marks_mine(gmrt_linked_marks *m, const gm_graph *g);
/* Marks the slice [a, a_end) of x's row (clearing the previous one). */
void gmrt_row_marks_set(gmrt_row_marks *mk, const gm_graph *g, gm_node_t x, const gm_node_t *a,
                        const gm_node_t *a_end);

/* gmrt_count_linked_nbrs, the same count, with mk (may be NULL) the
 * calling thread's bitmap and x's row searched from its slot from (-1: its
 * start; see gmrt_linked_rows_of): with cmp GMRT_NBR_ABOVE, the slot after
 * one that holds y (a loop over x's row knows it: the search from the
 * row's start was a third of a 4096^2 grid's triangle count). */
static inline gm_edge_t gmrt_count_linked_nbrs_marked_from(const gm_graph *g, gmrt_row_marks *mk, gm_node_t x,
                                                           int cmp, gm_node_t y, gm_node_t z, bool to,
                                                           gm_edge_t from)
{
    gmrt_linked_rows r;
    gm_edge_t count;
    /* short rows too: their marks are as cheap as their searches */
    if (!gmrt_linked_rows_of(g, x, cmp, y, z, to, mk ? 0 : GMRT_LINKED_SHORT_ROW, from, &r, &count))
        return count;
    if (r.b == r.b_end) /* (x's range is not empty: gmrt_linked_rows_of said so) */
        return 0;
    ptrdiff_t na = r.a_end - r.a, nb = r.b_end - r.b;
    if (na == 1) { /* one node of x's row: a search in z's range, not marks to set and clear */
        const gm_node_t *p = gmrt_gallop(r.b, r.b_end, *r.a);
        return p != r.b_end && *p == *r.a;
    }
    if (!mk || nb > GMRT_LINKED_MARK_RATIO * na)
        return gmrt_linked_gallop(r);
    if (mk->x != x || mk->g != g || r.a < mk->p || mk->pe < r.a_end) {
        if (na > GMRT_LINKED_MARK_RATIO * nb) /* marking x's range would cost more than galloping it */
            return gmrt_linked_gallop(r);
        gmrt_row_marks_set(mk, g, x, r.a, r.a_end);
    }
    if (mk->dup)
        return gmrt_linked_gallop(r);
    const uint64_t *bits = mk->bits;
    if (g->upper) { /* no parallel edges (gmrt_clique_graph_upper) */
        for (const gm_node_t *b = r.b; b < r.b_end; b++)
            count += (gm_edge_t)((bits[(uint64_t)*b >> 6] >> ((uint64_t)*b & 63)) & 1);
        return count;
    }
    /* each node of z's range once (the range may repeat it): is it marked? */
    gm_node_t prev = -1;
    for (const gm_node_t *b = r.b; b < r.b_end; b++) {
        gm_node_t w = *b;
        count += (gm_edge_t)(((bits[(uint64_t)w >> 6] >> ((uint64_t)w & 63)) & 1) & (uint64_t)(w != prev));
        prev = w;
    }
    return count;
}

/* gmrt_count_linked_nbrs, the same count, with mk (may be NULL) the
 * calling thread's bitmap. */
static inline gm_edge_t gmrt_count_linked_nbrs_marked(const gm_graph *g, gmrt_row_marks *mk, gm_node_t x, int cmp,
                                                      gm_node_t y, gm_node_t z, bool to)
{
    return gmrt_count_linked_nbrs_marked_from(g, mk, x, cmp, y, z, to, -1);
}

#ifdef __cplusplus
}
#endif
#endif
