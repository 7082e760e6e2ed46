/* gen_simple.c: the uniform random (Erdos-Renyi style), 2-D grid and
 * road-like generators, and random edge weights. */
#include "gmrt_gen.h"
#include "gmrt_rng.h"
#include "rt_alloc.h"
#include "rt_progress.h"

#include <inttypes.h>
#include <math.h>

void gmrt_uniform_draw(gm_node_t n, uint64_t seed, int64_t first, size_t count, gm_node_t *src, gm_node_t *dst)
{
#pragma omp parallel for schedule(static) if (count >= 65536)
    for (size_t k = 0; k < count; k++) {
        gmrt_rng r = gmrt_rng_make(seed, (uint64_t)first + k);
        src[k] = (gm_node_t)gmrt_rand(&r, n);
        dst[k] = (gm_node_t)gmrt_rand(&r, n);
    }
}

gm_graph *gmrt_gen_uniform(gm_node_t n, int64_t m, uint64_t seed, const gmrt_build_options *b,
                           const gmrt_progress *progress, gmrt_error *err)
{
    if (n < 0 || m < 0 || (n == 0 && m > 0)) {
        gmrt_error_set(err, GMRT_E_ARG, "uniform graph of %" PRId32 " nodes and %" PRId64 " edges: expected n >= 0, m >= 0 and n > 0 when m > 0",
                       n, m);
        return NULL;
    }
    if (m > GMRT_EDGE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE, "%" PRId64 " edges exceed %d-bit edge indices (configure with --enable-edge64)", m,
                       (int)(8 * sizeof(gm_edge_t)));
        return NULL;
    }
    gm_node_t *src = gmrt_alloc_big((size_t)m, sizeof *src);
    gm_node_t *dst = gmrt_alloc_big((size_t)m, sizeof *dst);
    if (!src || !dst) {
        free(src);
        free(dst);
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory for %" PRId64 " edges", m);
        return NULL;
    }
    gmrt_report(progress, "generating", 0.0);
    gmrt_uniform_draw(n, seed, 0, (size_t)m, src, dst);
    gmrt_report(progress, "building", 0.0);
    gm_graph *g = gmrt_graph_from_edges(n, (size_t)m, src, dst, NULL, b, err);
    gmrt_report(progress, "building", 1.0);
    free(src);
    free(dst);
    return g;
}

static bool grid_size_ok(gm_node_t rows, gm_node_t cols, gmrt_error *err)
{
    if (rows < 0 || cols < 0 || (int64_t)rows * cols > GMRT_NODE_MAX) {
        gmrt_error_set(err, GMRT_E_ARG, "grid of %" PRId32 " x %" PRId32 ": expected non-negative sides with at most %d nodes",
                       rows, cols, GMRT_NODE_MAX);
        return false;
    }
    /* at most 4 out-edges per node, except a road's 2 diagonals */
    if (6 * (int64_t)rows * cols > GMRT_EDGE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE, "grid of %" PRId32 " x %" PRId32 " has too many edges for %d-bit edge indices",
                       rows, cols, (int)(8 * sizeof(gm_edge_t)));
        return false;
    }
    return true;
}

/* An undirected edge list built both ways; up to `per_node` pairs a node. */
typedef struct pair_list {
    gm_node_t *src, *dst;
    double *w;
    size_t len;
} pair_list;

static bool pairs_alloc(pair_list *p, size_t cap, bool weighted)
{
    p->len = 0;
    p->src = gmrt_alloc_array(cap, sizeof *p->src);
    p->dst = gmrt_alloc_array(cap, sizeof *p->dst);
    p->w = weighted ? gmrt_alloc_array(cap, sizeof *p->w) : NULL;
    return p->src && p->dst && (!weighted || p->w);
}

static void pairs_free(pair_list *p)
{
    free(p->src);
    free(p->dst);
    free(p->w);
}

static inline void both_ways(pair_list *p, gm_node_t u, gm_node_t v, double w)
{
    p->src[p->len] = u;
    p->dst[p->len] = v;
    if (p->w)
        p->w[p->len] = w;
    p->len++;
    p->src[p->len] = v;
    p->dst[p->len] = u;
    if (p->w)
        p->w[p->len] = w;
    p->len++;
}

gm_graph *gmrt_gen_grid(gm_node_t rows, gm_node_t cols, gmrt_error *err)
{
    if (!grid_size_ok(rows, cols, err))
        return NULL;
    pair_list p;
    size_t n = (size_t)rows * (size_t)cols;
    if (!pairs_alloc(&p, 4 * n, false)) {
        pairs_free(&p);
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory for a %" PRId32 " x %" PRId32 " grid", rows, cols);
        return NULL;
    }
    for (gm_node_t r = 0; r < rows; r++)
        for (gm_node_t c = 0; c < cols; c++) {
            gm_node_t u = r * cols + c;
            if (c + 1 < cols)
                both_ways(&p, u, u + 1, 1);
            if (r + 1 < rows)
                both_ways(&p, u, u + cols, 1);
        }
    gm_graph *g = gmrt_graph_from_edges((gm_node_t)n, p.len, p.src, p.dst, NULL, NULL, err);
    pairs_free(&p);
    return g;
}

/* Where the road generator puts node (r, c): the grid point moved by up to
 * 0.35 in each direction, from the node's own random stream. */
static void road_point(uint64_t seed, gm_node_t id, gm_node_t r, gm_node_t c, double *x, double *y)
{
    gmrt_rng rng = gmrt_rng_make(seed, (uint64_t)id);
    *x = c + 0.7 * (gmrt_uniform(&rng) - 0.5);
    *y = r + 0.7 * (gmrt_uniform(&rng) - 0.5);
}

static double road_length(uint64_t seed, gm_node_t cols, gm_node_t u, gm_node_t v)
{
    double ux, uy, vx, vy;
    road_point(seed, u, u / cols, u % cols, &ux, &uy);
    road_point(seed, v, v / cols, v % cols, &vx, &vy);
    double len = round(1000.0 * hypot(ux - vx, uy - vy));
    return len < 1 ? 1 : len;
}

gm_graph *gmrt_gen_road(gm_node_t rows, gm_node_t cols, uint64_t seed, gmrt_error *err)
{
    if (!grid_size_ok(rows, cols, err))
        return NULL;
    pair_list p;
    size_t n = (size_t)rows * (size_t)cols;
    if (!pairs_alloc(&p, 6 * n, true)) {
        pairs_free(&p);
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory for a %" PRId32 " x %" PRId32 " road graph", rows, cols);
        return NULL;
    }
    const uint64_t street_seed = gmrt_mix64(seed ^ 0x7374726565747321ull);
    for (gm_node_t r = 0; r < rows; r++)
        for (gm_node_t c = 0; c < cols; c++) {
            gm_node_t u = r * cols + c;
            gmrt_rng choice = gmrt_rng_make(street_seed, (uint64_t)u);
            bool vertical = c == 0 || gmrt_uniform(&choice) < 0.5;
            bool diagonal = gmrt_uniform(&choice) < 0.05;
            if (c + 1 < cols)
                both_ways(&p, u, u + 1, road_length(seed, cols, u, u + 1));
            if (r + 1 < rows && vertical)
                both_ways(&p, u, u + cols, road_length(seed, cols, u, u + cols));
            if (r + 1 < rows && c + 1 < cols && diagonal)
                both_ways(&p, u, u + cols + 1, road_length(seed, cols, u, u + cols + 1));
        }
    gm_graph *g = gmrt_graph_from_edges((gm_node_t)n, p.len, p.src, p.dst, p.w, NULL, err);
    pairs_free(&p);
    if (g)
        g->weights_integral = true;
    return g;
}

bool gmrt_gen_weight_range(double *lo, double *hi, bool integral, gmrt_error *err)
{
    if (integral) {
        *lo = ceil(*lo);
        *hi = floor(*hi);
    }
    if (!(*lo <= *hi) || !isfinite(*lo) || !isfinite(*hi) || (integral && *hi - *lo >= 9007199254740992.0)) {
        gmrt_error_set(err, GMRT_E_ARG, "weight range [%g, %g]: expected finite lo <= hi%s", *lo, *hi,
                       integral ? " with an integer in between" : "");
        return false;
    }
    return true;
}

double gmrt_gen_weight_of(double lo, double hi, bool integral, uint64_t seed, int64_t e)
{
    gmrt_rng r = gmrt_rng_make(gmrt_mix64(seed ^ 0x7765696768747321ull), (uint64_t)e);
    return integral ? lo + (double)gmrt_rand(&r, (int64_t)(hi - lo) + 1) : lo + gmrt_uniform(&r) * (hi - lo);
}

bool gmrt_gen_weights(gm_graph *g, double lo, double hi, bool integral, uint64_t seed, gmrt_error *err)
{
    if (!gmrt_gen_weight_range(&lo, &hi, integral, err))
        return false;
    double *w = g->weights;
    bool own = w && !(g->mapping && (char *)w >= (char *)g->mapping && (char *)w < (char *)g->mapping + g->mapping_len);
    if (!own) { /* no weights yet, or weights inside a file mapping */
        w = gmrt_alloc_big((size_t)g->num_edges, sizeof *w);
        if (!w) {
            gmrt_error_set(err, GMRT_E_NOMEM, "out of memory for %" PRId64 " weights", (int64_t)g->num_edges);
            return false;
        }
    }
#pragma omp parallel for schedule(static)
    for (gm_edge_t e = 0; e < g->num_edges; e++)
        w[e] = gmrt_gen_weight_of(lo, hi, integral, seed, (int64_t)e);
    g->weights = w;
    g->weights_integral = integral;
    return true;
}
