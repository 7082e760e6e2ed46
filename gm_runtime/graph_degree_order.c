/* graph_degree_order.c: a copy of a graph renamed by ascending degree, for
 * loop nests whose answer does not depend on node ids (counting cliques
 * from their lowest node: gm_analysis/gma_clique.h proves the shape, the
 * OpenMP target's gm_backend_omp/omp_clique.c calls gmrt_clique_graph).
 * Contract: gmrt_graph.h ("Degree order").
 *
 * Why ascending degree: such a nest starts at each node and walks only its
 * higher neighbours, trying every pair of them. Under ids a hub with a low
 * id tries C(d, 2) pairs; renamed by degree, a node's higher neighbours all
 * have at least its degree, so no node has more than about sqrt(2m) of
 * them, and the pairs tried shrink to O(m sqrt m). The copy is worth its
 * O(m log d) only when the pairs saved are many more than the edges: the
 * rule below counts both orders' pairs exactly (O(m), no sampling), once an
 * O(n) bound from the row lengths (on a large graph first estimated from
 * a sample of edges) has not already ruled the copy out. */
#include "gmrt_graph.h"
#include "row_sort.h"
#include "rt_alloc.h"
#include "gmrt_timer.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gmrt_graph_has_parallel_edges(const gm_graph *g)
{
    bool dup = false;
#pragma omp parallel for reduction(|| : dup) schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u] + 1; e < g->begin[u + 1]; e++)
            dup = dup || g->node_idx[e] == g->node_idx[e - 1]; /* rows are sorted */
    return dup;
}

/* Neighbours of u other than u itself. */
static gm_node_t degree_of(const gm_graph *g, gm_node_t u)
{
    gm_node_t d = 0;
    for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
        d += g->node_idx[e] != u;
    return d;
}

/* (degree, id) order: the rank order of the copy. */
static inline bool ranks_above(gm_node_t du, gm_node_t u, gm_node_t dv, gm_node_t v)
{
    return du > dv || (du == dv && u > v);
}

/* deg[u] = degree_of(g, u) for every node; false when out of memory. */
static gm_node_t *all_degrees(const gm_graph *g)
{
    gm_node_t *deg = gmrt_alloc_array((size_t)g->num_nodes + 1, sizeof *deg);
    if (deg) {
#pragma omp parallel for schedule(dynamic, 1024)
        for (gm_node_t u = 0; u < g->num_nodes; u++)
            deg[u] = degree_of(g, u);
    }
    return deg;
}

static void pairs_with(const gm_graph *g, const gm_node_t *deg, double *by_id, double *by_degree)
{
    double id_pairs = 0, degree_pairs = 0;
#pragma omp parallel for reduction(+ : id_pairs, degree_pairs) schedule(dynamic, 1024)
    for (gm_node_t v = 0; v < g->num_nodes; v++) {
        double up_id = 0, up_degree = 0;
        for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++) {
            gm_node_t u = g->node_idx[e];
            up_id += u > v;
            up_degree += ranks_above(deg[u], u, deg[v], v);
        }
        id_pairs += up_id * (up_id - 1) / 2;
        degree_pairs += up_degree * (up_degree - 1) / 2;
    }
    *by_id = id_pairs;
    *by_degree = degree_pairs;
}

void gmrt_degree_order_pairs(const gm_graph *g, double *by_id, double *by_degree)
{
    gm_node_t *deg = all_degrees(g);
    if (deg) {
        pairs_with(g, deg, by_id, by_degree);
    } else { /* out of memory: no gain to report */
        *by_id = *by_degree = 0;
    }
    free(deg);
}

/* The copy, with deg from all_degrees (taken over: freed here); upper:
 * only the neighbours renamed above each node (g symmetric: each edge
 * once, in its lower end's row). */
static gm_graph *ordered_with(const gm_graph *g, gm_node_t *deg, gm_node_t **old_id, bool upper, gmrt_error *err)
{
    gm_node_t n = g->num_nodes;
    if (old_id)
        *old_id = NULL;
    gm_node_t *order = gmrt_alloc_array((size_t)n + 1, sizeof *order);
    gm_node_t *rank = gmrt_alloc_array((size_t)n + 1, sizeof *rank);
    gm_edge_t *start = NULL;
    gm_graph *out = NULL;
    if (!deg || !order || !rank)
        goto nomem;
    gm_node_t max_deg = 0;
    gm_edge_t m = 0;
    for (gm_node_t u = 0; u < n; u++) {
        m += deg[u];
        if (deg[u] > max_deg)
            max_deg = deg[u];
    }
    /* a counting sort by degree, stable in ids: order[r] = the node of rank r */
    start = gmrt_calloc_array((size_t)max_deg + 2, sizeof *start);
    if (!start)
        goto nomem;
    for (gm_node_t u = 0; u < n; u++)
        start[deg[u] + 1]++;
    for (gm_node_t d = 0; d <= max_deg; d++)
        start[d + 1] += start[d];
    for (gm_node_t u = 0; u < n; u++)
        order[start[deg[u]]++] = u;
    for (gm_node_t r = 0; r < n; r++)
        rank[order[r]] = r;
    if (upper) { /* row lengths: the neighbours renamed above (deg is free to reuse) */
        gm_node_t *up = gmrt_alloc_array((size_t)n + 1, sizeof *up);
        if (!up)
            goto nomem;
#pragma omp parallel for schedule(dynamic, 1024)
        for (gm_node_t u = 0; u < n; u++) {
            gm_node_t k = 0;
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
                k += rank[g->node_idx[e]] > rank[u];
            up[u] = k;
        }
        m = 0;
        for (gm_node_t u = 0; u < n; u++)
            m += deg[u] = up[u];
        free(up);
    }
    out = gmrt_graph_alloc(n, m, false, err);
    if (!out)
        goto fail;
    out->edge_src = gmrt_alloc_array((size_t)m, sizeof *out->edge_src); /* filled with the rows */
    if (!out->edge_src) {
        gmrt_graph_free(out);
        out = NULL;
        goto nomem;
    }
    for (gm_node_t r = 0; r < n; r++)
        out->begin[r + 1] = out->begin[r] + deg[order[r]];
    /* Each row gathered and sorted on its own, in parallel. (A graph stored
     * both ways could be filled row by row in ascending ids with no sort, but
     * that pass is sequential: on kron20 with 16 threads it took 853 ms
     * against 318 ms for this one, and the same at 2 threads.) */
#pragma omp parallel for schedule(dynamic, 256)
    for (gm_node_t r = 0; r < n; r++) {
        gm_node_t v = order[r];
        gm_node_t *row = out->node_idx + out->begin[r];
        gm_edge_t k = 0;
        for (gm_edge_t e = out->begin[r]; e < out->begin[r + 1]; e++)
            out->edge_src[e] = r;
        for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++)
            if (g->node_idx[e] != v && (!upper || rank[g->node_idx[e]] > r)) /* self-loops go: strict chains */
                row[k++] = rank[g->node_idx[e]];
        gmrt_sort_nodes(row, (size_t)k);
    }
    if (upper)
        out->upper = true;
    else if (g->symmetric > 0) /* the same undirected edges under new names */
        gmrt_graph_mark_symmetric(out);
    free(deg);
    free(rank);
    free(start);
    if (old_id)
        *old_id = order;
    else
        free(order);
    return out;
nomem:
    gmrt_error_set(err, GMRT_E_NOMEM, "out of memory renaming a graph of %" PRId64 " nodes by degree", (int64_t)n);
fail:
    free(deg);
    free(order);
    free(rank);
    free(start);
    return NULL;
}

gm_graph *gmrt_graph_degree_ordered(const gm_graph *g, gm_node_t **old_id, gmrt_error *err)
{
    return ordered_with(g, all_degrees(g), old_id, false, err);
}

/* The sum over the nodes of C(d, 2), d a row's length (self-loops and
 * repeats included: no less than the pairs either order tries). */
static double pair_bound(const gm_graph *g)
{
    double sum = 0;
#pragma omp parallel for reduction(+ : sum) schedule(static)
    for (gm_node_t v = 0; v < g->num_nodes; v++) {
        const double d = (double)(g->begin[v + 1] - g->begin[v]);
        sum += d * (d - 1) / 2;
    }
    return sum;
}

/* pair_bound estimated from a sample of edges, for graphs whose O(n) pass
 * costs (a 4096 x 4096 grid: 20 ms of a 160 ms count at 2 threads): the
 * bound is the sum over the edges of (d(source) - 1) / 2, so m times the
 * mean over edges drawn at random estimates it. A fixed seed: the same
 * graph gets the same choice. Edges, not nodes, are drawn so that a hub is
 * drawn as often as it has edges (the hubs are what the sum is made of). */
#define PAIR_SAMPLE 4096
static double pair_estimate(const gm_graph *g)
{
    if (g->num_edges <= 0 || g->num_nodes <= 0)
        return 0;
    uint64_t x = 0x9E3779B97F4A7C15u; /* xorshift64 */
    double sum = 0;
    for (int i = 0; i < PAIR_SAMPLE; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        const gm_node_t v = gmrt_edge_source(g, (gm_edge_t)(x % (uint64_t)g->num_edges));
        sum += ((double)(g->begin[v + 1] - g->begin[v]) - 1) / 2;
    }
    return sum / PAIR_SAMPLE * (double)g->num_edges;
}

/* GMRT_DEGREE_ORDER_LOG set: one line on stderr per decision, so tests and
 * users can see which graph a count ran on, and what the choice cost (the
 * checks and the rule since t0, the copy since t1; t1 < 0: no copy);
 * by_degree < 0: by_id is pair_bound's (-2: pair_estimate's). */
static void say(const char *what, double by_id, double by_degree, double t0, double t1)
{
    const char *env = getenv("GMRT_DEGREE_ORDER_LOG");
    if (!env || !*env)
        return;
    double now = gmrt_time_ms();
    if (t1 >= 0)
        fprintf(stderr, "gmrt: degree order: %s (pairs by id %.0f, by degree %.0f; checks %.1f ms, copy %.1f ms)\n",
                what, by_id, by_degree, t1 - t0, now - t1);
    else if (by_degree < -1)
        fprintf(stderr, "gmrt: degree order: %s (pairs by any order at most about %.0f; check %.1f ms)\n", what,
                by_id, now - t0);
    else if (by_degree < 0)
        fprintf(stderr, "gmrt: degree order: %s (pairs by any order at most %.0f; check %.1f ms)\n", what, by_id, now - t0);
    else
        fprintf(stderr, "gmrt: degree order: %s (pairs by id %.0f, by degree %.0f; checks %.1f ms)\n", what, by_id,
                by_degree, now - t0);
}

/* The choice of gmrt_clique_graph and gmrt_clique_graph_upper. */
static gm_graph *clique_graph(gm_graph *g, bool upper)
{
    const char *env = getenv("GMRT_DEGREE_ORDER");
    int force = env && *env ? (strcmp(env, "0") == 0 ? 0 : 1) : -1;
    double t0 = gmrt_time_ms();
    if (force == 0) {
        say("off (GMRT_DEGREE_ORDER=0)", 0, 0, t0, -1);
        return NULL;
    }
    /* the copy costs a few passes over the edges; it must save many more
     * pair tests than that (each one a search in a row) */
    const double cost = 8.0 * ((double)g->num_nodes + (double)g->num_edges);
    /* first a bound from the row lengths alone (O(n)): by ids a node tries
     * at most C(d, 2) pairs, so no order saves more than their sum; where
     * that is below the cost (a grid, a road map: 0.2 s of exact checks on
     * a 4096 x 4096 grid, whose rows of 4 allow 6 pairs a node) the exact
     * count is not worth making */
    if (force < 0) {
        /* on a large graph a sample first. What it can miss is a hub with
         * a share s of the edges under about 1 / 4096; its s^2 m^2 / 2
         * pairs stay under the copy's cost 8 m while m < 16 / s^2, about
         * 2^28 edges: past that the O(n) pass is a small part of a count
         * anyway, and is made */
        if (g->num_nodes > 16 * PAIR_SAMPLE && (double)g->num_edges < (double)((int64_t)1 << 28)) {
            const double estimate = pair_estimate(g);
            if (estimate < cost / 4) {
                say("not taken: too few pairs at most, by a sample of edges", estimate, -2, t0, -1);
                return NULL;
            }
        }
        const double bound = pair_bound(g);
        if (!(bound > cost)) {
            say("not taken: too few pairs at most", bound, -1, t0, -1);
            return NULL;
        }
    }
    /* the count equals the clique count only on a simple undirected graph */
    if (!gmrt_graph_is_symmetric(g)) {
        say("not taken: the graph is not symmetric", 0, 0, t0, -1);
        return NULL;
    }
    if (gmrt_graph_has_parallel_edges(g)) {
        say("not taken: the graph has parallel edges", 0, 0, t0, -1);
        return NULL;
    }
    gm_node_t *deg = all_degrees(g); /* once, for the rule and the copy */
    if (!deg) {
        say("not taken: out of memory", 0, 0, t0, -1);
        return NULL;
    }
    double by_id, by_degree;
    pairs_with(g, deg, &by_id, &by_degree);
    if (force < 0 && !(by_id - by_degree > cost)) {
        say("not taken: too few pairs saved", by_id, by_degree, t0, -1);
        free(deg);
        return NULL;
    }
    gmrt_error err = {0};
    double t1 = gmrt_time_ms();
    gm_graph *copy = ordered_with(g, deg, NULL, upper, &err);
    say(copy ? (upper ? "taken, upper rows" : "taken") : "not taken: out of memory", by_id, by_degree, t0, t1);
    return copy;
}

gm_graph *gmrt_clique_graph(gm_graph *g) { return clique_graph(g, false); }
gm_graph *gmrt_clique_graph_upper(gm_graph *g) { return clique_graph(g, true); }
