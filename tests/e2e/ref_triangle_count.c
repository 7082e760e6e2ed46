/* ref_triangle_count.c: reference for apps/triangle_count.gm: the number of
 * (out-edge slot v->u, out-edge slot v->w) pairs with v < u < w and an edge
 * w -> u.
 *
 * Counted by listing the triangles of the simple undirected graph under the
 * edges (self-loops dropped, duplicates merged) with the degree-ordered
 * forward algorithm (each triangle found once, from its endpoint of least
 * degree), keeping for every undirected edge {x, y} how many slots x->y and
 * y->x the input has.  A triangle {p < q < r} then adds
 * mult(p->q) * mult(p->r) * [r->q exists].  This is not how gmc's output
 * counts (sorted-row intersection along ids), and it takes O(m sqrt m), so
 * RMAT scale 24 is checked in minutes, not hours (with OpenMP, the listing
 * runs on every core). */
#include <stdlib.h>

#include "ref_common.h"

/* One entry of a node's forward list: the neighbour and the slot counts. */
typedef struct fwd_entry {
    gm_node_t nbr;
    uint32_t to_nbr, from_nbr; /* slots x->nbr and nbr->x */
} fwd_entry;

/* Rows with self-loops removed and ids ascending: rows[begin[x]..begin[x+1])
 * holds x's out-neighbours (transpose = false) or in-neighbours (true). */
static gm_edge_t *sorted_rows(const gm_graph *g, const gm_edge_t *src_begin,
                              const gm_node_t *src, bool transpose, gm_node_t **rows_out)
{
    gm_node_t n = g->num_nodes;
    gm_edge_t *begin = ref_alloc((size_t)n + 1, sizeof *begin);
    for (gm_node_t x = 0; x <= n; x++)
        begin[x] = 0;
    for (gm_node_t x = 0; x < n; x++)
        for (gm_edge_t e = src_begin[x]; e < src_begin[x + 1]; e++)
            if (src[e] != x)
                begin[(transpose ? src[e] : x) + 1]++;
    for (gm_node_t x = 0; x < n; x++)
        begin[x + 1] += begin[x];
    gm_edge_t *fill = ref_alloc((size_t)n + 1, sizeof *fill);
    for (gm_node_t x = 0; x <= n; x++)
        fill[x] = begin[x];
    gm_node_t *rows = ref_alloc((size_t)begin[n] + 1, sizeof *rows);
    for (gm_node_t x = 0; x < n; x++) /* ascending x: each row fills in id order */
        for (gm_edge_t e = src_begin[x]; e < src_begin[x + 1]; e++)
            if (src[e] != x) {
                if (transpose)
                    rows[fill[src[e]]++] = x;
                else
                    rows[fill[x]++] = src[e];
            }
    free(fill);
    *rows_out = rows;
    return begin;
}

/* The distinct neighbours of x (merged sorted out- and in-rows) into
 * out[], each with its slot counts both ways; returns how many. */
static gm_edge_t merge_row(gm_node_t x, const gm_edge_t *ob, const gm_node_t *orow,
                           const gm_edge_t *ib, const gm_node_t *irow, fwd_entry *out)
{
    gm_edge_t i = ob[x], j = ib[x], k = 0;
    while (i < ob[x + 1] || j < ib[x + 1]) {
        gm_node_t y;
        if (j == ib[x + 1] || (i < ob[x + 1] && orow[i] <= irow[j]))
            y = orow[i];
        else
            y = irow[j];
        uint32_t to = 0, from = 0;
        while (i < ob[x + 1] && orow[i] == y) {
            to++;
            i++;
        }
        while (j < ib[x + 1] && irow[j] == y) {
            from++;
            j++;
        }
        if (out)
            out[k] = (fwd_entry){y, to, from};
        k++;
    }
    return k;
}

static const gm_node_t *sort_degree; /* qsort's key: only during the sort */
static int by_degree(const void *pa, const void *pb)
{
    gm_node_t a = *(const gm_node_t *)pa, b = *(const gm_node_t *)pb;
    if (sort_degree[a] != sort_degree[b])
        return sort_degree[a] < sort_degree[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* The triangle {x, y, z} (original ids) with m[i][j] = slots from the i-th
 * to the j-th: the pairs it adds to the count. */
static int64_t triangle_pairs(const gm_node_t node[3], int64_t m[3][3])
{
    int p = 0, q = 1, r = 2, t; /* the indices sorted by id */
    if (node[p] > node[q]) { t = p; p = q; q = t; }
    if (node[q] > node[r]) { t = q; q = r; r = t; }
    if (node[p] > node[q]) { t = p; p = q; q = t; }
    return m[r][q] > 0 ? m[p][q] * m[p][r] : 0;
}

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    gm_node_t n = g->num_nodes;

    gm_node_t *irow, *orow;
    gm_edge_t *ib = sorted_rows(g, g->begin, g->node_idx, true, &irow);
    gm_edge_t *ob = sorted_rows(g, ib, irow, true, &orow); /* transpose of the transpose */

    /* rank: position in (undirected degree, id) order; nodes renamed by it */
    gm_node_t *degree = ref_alloc((size_t)n + 1, sizeof *degree);
    gm_node_t max_degree = 0;
    for (gm_node_t x = 0; x < n; x++) {
        degree[x] = (gm_node_t)merge_row(x, ob, orow, ib, irow, NULL);
        if (degree[x] > max_degree)
            max_degree = degree[x];
    }
    gm_node_t *order = ref_alloc((size_t)n + 1, sizeof *order);
    gm_node_t *rank = ref_alloc((size_t)n + 1, sizeof *rank);
    for (gm_node_t x = 0; x < n; x++)
        order[x] = x;
    sort_degree = degree;
    qsort(order, (size_t)n, sizeof *order, by_degree);
    sort_degree = NULL;
    for (gm_node_t k = 0; k < n; k++)
        rank[order[k]] = k;

    /* forward lists by rank: fwd(a) = the neighbours of higher rank, in
     * rank order (filled by visiting the targets in rank order) */
    fwd_entry *row = ref_alloc((size_t)max_degree + 1, sizeof *row);
    gm_edge_t *fb = ref_alloc((size_t)n + 1, sizeof *fb);
    for (gm_node_t k = 0; k <= n; k++)
        fb[k] = 0;
    for (gm_node_t x = 0; x < n; x++) {
        gm_edge_t d = merge_row(x, ob, orow, ib, irow, row);
        for (gm_edge_t k = 0; k < d; k++)
            if (rank[row[k].nbr] > rank[x])
                fb[rank[x] + 1]++;
    }
    for (gm_node_t k = 0; k < n; k++)
        fb[k + 1] += fb[k];
    gm_edge_t *fill = ref_alloc((size_t)n + 1, sizeof *fill);
    for (gm_node_t k = 0; k <= n; k++)
        fill[k] = fb[k];
    fwd_entry *fwd = ref_alloc((size_t)fb[n] + 1, sizeof *fwd);
    for (gm_node_t yk = 0; yk < n; yk++) {
        gm_edge_t d = merge_row(order[yk], ob, orow, ib, irow, row);
        for (gm_edge_t k = 0; k < d; k++) {
            gm_node_t xk = rank[row[k].nbr];
            if (xk < yk) /* x -> y seen from x: the counts swap */
                fwd[fill[xk]++] = (fwd_entry){yk, row[k].from_nbr, row[k].to_nbr};
        }
    }
    free(fill);
    free(row);
    free(irow);
    free(orow);
    free(ib);
    free(ob);

    /* each triangle once, from its lowest rank a: b in fwd(a), c in
     * fwd(a) and fwd(b) (a sorted merge) */
    int64_t total = 0;
    /* the one parallel loop of the references: RMAT scale 24 has billions of
     * candidate triangles (the rows are independent; the sum is exact) */
#pragma omp parallel for reduction(+ : total) schedule(dynamic, 256)
    for (gm_node_t a = 0; a < n; a++)
        for (gm_edge_t e = fb[a]; e < fb[a + 1]; e++) {
            gm_node_t b = fwd[e].nbr;
            gm_edge_t i = e + 1, j = fb[b];
            while (i < fb[a + 1] && j < fb[b + 1]) {
                if (fwd[i].nbr < fwd[j].nbr) {
                    i++;
                } else if (fwd[i].nbr > fwd[j].nbr) {
                    j++;
                } else {
                    gm_node_t node[3] = {order[a], order[b], order[fwd[i].nbr]};
                    int64_t m[3][3] = {{0, fwd[e].to_nbr, fwd[i].to_nbr},
                                       {fwd[e].from_nbr, 0, fwd[j].to_nbr},
                                       {fwd[i].from_nbr, fwd[j].from_nbr, 0}};
                    total += triangle_pairs(node, m);
                    i++;
                    j++;
                }
            }
        }
    ref_print_time();
    ref_print_int("return", total);
    free(fwd);
    free(fb);
    free(rank);
    free(order);
    free(degree);
    gmrt_graph_free(g);
    return 0;
}
