/* components.c: weakly connected components by concurrent union-find, for
 * the minimum-label loops gm_opt/min_label.c marks. Contract:
 * gmrt_components.h.
 *
 * parent[v] <= v always: a root is linked only under a smaller node (one
 * compare-and-swap of its own entry: unite links it under a smaller root,
 * link_step under a smaller node of the other tree), and path halving
 * points a node at its grandparent, which stays its ancestor. So the root
 * of every tree is its smallest node, and concurrent finds never see a
 * cycle. */
#include "gmrt_components.h"
#include "gmrt_worklist.h"
#include "rt_alloc.h"

static gm_node_t find_root(gm_node_t *parent, gm_node_t x)
{
    for (;;) {
        const gm_node_t p = __atomic_load_n(&parent[x], __ATOMIC_RELAXED);
        if (p == x)
            return x;
        const gm_node_t gp = __atomic_load_n(&parent[p], __ATOMIC_RELAXED);
        if (gp != p)
            __atomic_store_n(&parent[x], gp, __ATOMIC_RELAXED); /* halving */
        x = gp;
    }
}

static void unite(gm_node_t *parent, gm_node_t a, gm_node_t b)
{
    if (a == b)
        return;
    for (;;) {
        a = find_root(parent, a);
        b = find_root(parent, b);
        if (a == b)
            return;
        gm_node_t hi = a > b ? a : b, lo = a > b ? b : a;
        if (__atomic_compare_exchange_n(&parent[hi], &hi, lo, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return;
        /* hi was linked meanwhile: find the roots again */
    }
}

/* Links the trees of u and v as unite does, climbing one step a try
 * instead of two full finds (the link of Afforest, Sutton, Ben-Nun and
 * Bar-Barak, IPDPS 2018): p1 and p2 stay ancestors of u and v (in either
 * order), so meeting means one tree; a root is linked only under a smaller
 * node, by a compare-and-swap of its own entry, which keeps parent[v] <= v.
 * Each failed try climbs, so it ends. Cheaper than unite where the trees
 * are flat, as right after gmrt_flatten_roots. */
static void link_step(gm_node_t *parent, gm_node_t u, gm_node_t v)
{
    gm_node_t p1 = __atomic_load_n(&parent[u], __ATOMIC_RELAXED), p2 = __atomic_load_n(&parent[v], __ATOMIC_RELAXED);
    while (p1 != p2) {
        const gm_node_t hi = p1 > p2 ? p1 : p2, lo = p1 > p2 ? p2 : p1;
        const gm_node_t up = __atomic_load_n(&parent[hi], __ATOMIC_RELAXED);
        if (up == lo)
            return;
        gm_node_t root = hi;
        if (up == hi && __atomic_compare_exchange_n(&parent[hi], &root, lo, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return;
        p1 = __atomic_load_n(&parent[__atomic_load_n(&parent[hi], __ATOMIC_RELAXED)], __ATOMIC_RELAXED);
        p2 = __atomic_load_n(&parent[lo], __ATOMIC_RELAXED);
    }
}

#define SAMPLE_EDGES 2   /* out-edges per node linked before the sampling */
#define SAMPLE_NODES 1024 /* nodes whose roots elect the component to skip */

static int cmp_node(const void *a, const void *b)
{
    const gm_node_t x = *(const gm_node_t *)a, y = *(const gm_node_t *)b;
    return (x > y) - (x < y);
}

gm_node_t gmrt_most_frequent_node(gm_node_t *ids, int count)
{
    qsort(ids, (size_t)count, sizeof ids[0], cmp_node);
    gm_node_t best = count > 0 ? ids[0] : -1;
    for (int i = 0, run = 0, best_run = 0; i < count; i++) {
        run = i > 0 && ids[i] == ids[i - 1] ? run + 1 : 1;
        if (run > best_run) {
            best_run = run;
            best = ids[i];
        }
    }
    return best;
}

/* The root most of SAMPLE_NODES spread-out nodes have. */
static gm_node_t giant_root(gm_node_t *parent, gm_node_t n)
{
    gm_node_t h[SAMPLE_NODES];
    for (int i = 0; i < SAMPLE_NODES; i++)
        h[i] = find_root(parent, (gm_node_t)(((uint64_t)i * 2654435761u) % (uint64_t)n));
    return gmrt_most_frequent_node(h, SAMPLE_NODES);
}

/* In the order of Afforest (Sutton, Ben-Nun and Bar-Barak, IPDPS 2018):
 * the first SAMPLE_EDGES out-edges of every node, then, for the nodes
 * outside the component most samples landed in, their other out-edges and
 * their in-edges (so an edge from that component to another is seen from
 * the other side). Without reverse edges every node walks all its
 * out-edges instead. */
void gmrt_component_roots(const gm_graph *g, gm_node_t *parent)
{
    const gm_node_t n = g->num_nodes;
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++)
        parent[v] = v;
    if (n == 0)
        return;
    const bool skip = g->r_begin != NULL;
    const gm_edge_t first = skip ? SAMPLE_EDGES : 0;
    /* Sparse graphs (mean degree at most GMRT_FEW_ROUNDS_DEGREE: grids,
     * roads): one sampled out-edge per node a round, the trees flattened
     * after each (as Afforest does), so that the next round's links and the
     * skip test below read roots at once (a 4096 x 4096 grid, 2 threads: the
     * sampling 131 -> 106 ms). Denser ones link both edges of a node in one
     * pass through unite, whose halving keeps the trees shallow as they form
     * (kron20: 15 ms, against 26 the rounds way). Only the mean: the test
     * for hubs reads every row, 13 ms a call on that grid. */
    const bool flat_rounds = skip && (double)g->num_edges <= GMRT_FEW_ROUNDS_DEGREE * (double)n;
    for (gm_edge_t r = 0; flat_rounds && r < SAMPLE_EDGES; r++) {
#pragma omp parallel for schedule(static)
        for (gm_node_t u = 0; u < n; u++)
            if (g->begin[u] + r < g->begin[u + 1])
                link_step(parent, u, g->node_idx[g->begin[u] + r]);
        gmrt_flatten_roots(parent, n);
    }
    if (skip && !flat_rounds) {
#pragma omp parallel for schedule(static)
        for (gm_node_t u = 0; u < n; u++)
            for (gm_edge_t e = g->begin[u]; e < g->begin[u] + SAMPLE_EDGES && e < g->begin[u + 1]; e++)
                unite(parent, u, g->node_idx[e]);
    }
    const gm_node_t giant = skip ? giant_root(parent, n) : -1;
#pragma omp parallel for schedule(dynamic, 1024)
    for (gm_node_t u = 0; u < n; u++) {
        /* flattened: parent[u] == giant means u is in the giant's component
         * (an entry only ever names an ancestor; one that moved on is just
         * not skipped); else its root is found */
        if (skip && (flat_rounds ? __atomic_load_n(&parent[u], __ATOMIC_RELAXED) : find_root(parent, u)) == giant)
            continue;
        for (gm_edge_t e = g->begin[u] + first; e < g->begin[u + 1]; e++)
            unite(parent, u, g->node_idx[e]);
        if (skip)
            for (gm_edge_t e = g->r_begin[u]; e < g->r_begin[u + 1]; e++)
                unite(parent, u, g->r_node_idx[e]);
    }
    gmrt_flatten_roots(parent, n);
}

/* The climb only reads: with path halving, a thread passing through v
 * could store a stale grandparent into parent[v] after v's own iteration
 * wrote the root (one wrong label, under load). Each entry has one writer
 * here, and every value it may hold on the way leads to the same root. */
void gmrt_flatten_roots(gm_node_t *parent, gm_node_t n)
{
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++) {
        gm_node_t r = __atomic_load_n(&parent[v], __ATOMIC_RELAXED);
        for (gm_node_t up; (up = __atomic_load_n(&parent[r], __ATOMIC_RELAXED)) != r;)
            r = up;
        __atomic_store_n(&parent[v], r, __ATOMIC_RELAXED);
    }
}

/* The smallest label of each group gathers in its root's own label (the
 * only entries written in the first pass, and never read there but by
 * the atomics), then every other node takes it. In place: no scratch
 * array, whose first touch cost a 2^24-node grid's WCC more than its
 * union-find. A label not below the root's skips the atomic (with node
 * ids as labels, as wcc.gm starts, none is). */
void gmrt_min_label_by_root(gm_node_t n, const gm_node_t *root, int32_t *l32, int64_t *l64)
{
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++) {
        const gm_node_t r = root[v];
        if (r == v)
            continue;
        if (l64) {
            int64_t cur = __atomic_load_n(&l64[r], __ATOMIC_RELAXED);
            while (l64[v] < cur && !__atomic_compare_exchange_n(&l64[r], &cur, l64[v], false, __ATOMIC_RELAXED,
                                                                __ATOMIC_RELAXED))
                ;
        } else {
            int32_t cur = __atomic_load_n(&l32[r], __ATOMIC_RELAXED);
            while (l32[v] < cur && !__atomic_compare_exchange_n(&l32[r], &cur, l32[v], false, __ATOMIC_RELAXED,
                                                                __ATOMIC_RELAXED))
                ;
        }
    }
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++) {
        const gm_node_t r = root[v];
        if (r == v)
            continue;
        if (l64)
            l64[v] = l64[r];
        else
            l32[v] = l32[r];
    }
}

/* Whether every label is its node's id (apps/wcc.gm starts so): then the
 * roots are the answer (a root is its component's smallest id), found in
 * the label array itself. */
static bool labels_are_ids(gm_node_t n, const int32_t *l32)
{
    if (!l32)
        return false;
    bool ids = true;
#pragma omp parallel for schedule(static) reduction(&& : ids)
    for (gm_node_t v = 0; v < n; v++)
        ids = ids && l32[v] == (int32_t)v;
    return ids;
}

static bool min_label(const gm_graph *g, int32_t *l32, int64_t *l64)
{
    _Static_assert(sizeof(gm_node_t) == sizeof(int32_t), "labels_are_ids: Int labels hold node ids");
    /* no scratch parent array: on a 2^24-node grid its first touch (faults
     * of 64 MB, every call) and the pass that gives each node its root's
     * label took a third of the time */
    if (labels_are_ids(g->num_nodes, l32)) {
        gmrt_component_roots(g, (gm_node_t *)l32);
        return true;
    }
    gm_node_t *parent = gmrt_alloc_array((size_t)g->num_nodes, sizeof *parent);
    if (!parent)
        return false;
    gmrt_component_roots(g, parent);
    gmrt_min_label_by_root(g->num_nodes, parent, l32, l64);
    free(parent);
    return true;
}

bool gmrt_min_label_components_i32(const gm_graph *g, int32_t *label) { return min_label(g, label, NULL); }

bool gmrt_min_label_components_i64(const gm_graph *g, int64_t *label) { return min_label(g, NULL, label); }
