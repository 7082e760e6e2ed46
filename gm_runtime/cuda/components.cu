/* components.cu (libgmrt-cuda): weakly connected components on the device
 * by concurrent union-find, for the minimum-label loops gm_opt/min_label.c
 * marks. Contract: gmcu_graph.h. The same scheme as gm_runtime/components.c:
 * parent[v] <= v always (a root is linked only under a smaller root, by a
 * compare-and-swap of its own entry; path halving points a node at an
 * ancestor), so every tree's root is its smallest node.
 * The order follows Afforest (Sutton, Ben-Nun and Bar-Barak, IPDPS 2018):
 * link the first CC_SAMPLE_EDGES out-edges of every node, find the
 * component most sampled nodes landed in, then link the remaining edges of
 * the nodes outside it only. A node outside walks its in-edges too, so an
 * edge between that component and another is still seen from the other
 * side; the edges inside it (most of them on RMAT, random and road graphs)
 * are never read. */
#include "gmcu_atomics.h"
#include "gmcu_device.h"
#include "gmcu_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmrt_timer.h"

/* GMCU_STATS=1: the milliseconds of each stage on stderr (a device sync after
 * each, so only for finding where the time goes). */
static double cc_stage(bool stats, double t0, const char *what)
{
    if (!stats)
        return t0;
    GMCU_CHECK(cudaDeviceSynchronize());
    const double t1 = gmrt_time_ms();
    fprintf(stderr, "components: %s %.3f ms\n", what, t1 - t0);
    return t1;
}

__device__ static gm_node_t cc_find(gm_node_t *parent, gm_node_t x)
{
    for (;;) {
        const gm_node_t p = *(volatile gm_node_t *)&parent[x];
        if (p == x)
            return x;
        const gm_node_t gp = *(volatile gm_node_t *)&parent[p];
        if (gp != p)
            *(volatile gm_node_t *)&parent[x] = gp; /* halving */
        x = gp;
    }
}

__global__ static void cc_init(gm_node_t *parent, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        parent[v] = (gm_node_t)v;
}

#define CC_SAMPLE_EDGES 2   /* out-edges per node linked before the sampling */
#define CC_SAMPLE_NODES 1024 /* nodes whose roots elect the component to skip */

__device__ static void cc_unite(gm_node_t *parent, gm_node_t a, gm_node_t b)
{
    for (;;) {
        a = cc_find(parent, a);
        b = cc_find(parent, b);
        if (a == b)
            return;
        const gm_node_t hi = a > b ? a : b, lo = a > b ? b : a;
        if (atomicCAS((int *)&parent[hi], hi, lo) == hi)
            return;
    }
}

/* Afforest's link: it climbs by reading only (its one write is the
 * compare-and-swap that links a root), so the threads whose hooks meet on a
 * hub's root do not keep rewriting the shared entries on the way up, as
 * cc_unite's path halving does; cc_compress flattens the trees after each
 * round of links instead. */
__device__ static void cc_link(gm_node_t *parent, gm_node_t u, gm_node_t v)
{
    gm_node_t p1 = *(volatile gm_node_t *)&parent[u], p2 = *(volatile gm_node_t *)&parent[v];
    while (p1 != p2) {
        const gm_node_t hi = p1 > p2 ? p1 : p2, lo = p1 > p2 ? p2 : p1;
        const gm_node_t ph = *(volatile gm_node_t *)&parent[hi];
        if (ph == lo)
            return;
        if (ph == hi && atomicCAS((int *)&parent[hi], hi, lo) == hi)
            return;
        p1 = *(volatile gm_node_t *)&parent[*(volatile gm_node_t *)&parent[hi]];
        p2 = *(volatile gm_node_t *)&parent[lo];
    }
}

/* The root v's chain ends at, climbing by reading only: while every
 * thread writes the root into its own node's entry, a halving climb could
 * store a stale grandparent there after that write (a wrong label). */
__device__ static gm_node_t cc_root_read(const gm_node_t *parent, gm_node_t v)
{
    gm_node_t p = parent[v];
    for (gm_node_t gp; p != (gp = parent[p]);)
        p = gp;
    return p;
}

/* Every node points at its root (no link runs meanwhile). */
__global__ static void cc_compress(gm_node_t *parent, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        parent[v] = cc_root_read(parent, (gm_node_t)v);
}

__device__ static void cc_join(gm_node_t *parent, gm_node_t u, gm_node_t v, bool link)
{
    if (link)
        cc_link(parent, u, v);
    else
        cc_unite(parent, u, v);
}

/* The k-th out-edge of every node. */
__global__ static void cc_hook_nth(const gm_graph *G, gm_node_t *parent, int k, bool link)
{
    const int64_t n = G->num_nodes;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x) {
        const gm_edge_t e = G->begin[v] + k;
        if (e < G->begin[v + 1])
            cc_join(parent, (gm_node_t)v, G->node_idx[e], link);
    }
}

__global__ static void cc_sample(gm_node_t *parent, int64_t n, gm_node_t *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < CC_SAMPLE_NODES)
        out[i] = cc_find(parent, (gm_node_t)(((uint64_t)i * 2654435761u) % (uint64_t)n));
}

/* The out-edges past the sampled ones and every in-edge of each node not in
 * the component of `skip`; no in-edge where the reverse rows are the
 * forward ones (a symmetric graph, gmcu_graph): each is an out-edge
 * already joined, by the sampled rounds or the loop before. */
__global__ static void cc_hook_rest(const gm_graph *G, gm_node_t *parent, gm_node_t skip, bool link)
{
    const int64_t n = G->num_nodes;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x) {
        if (cc_find(parent, (gm_node_t)v) == skip)
            continue;
        for (gm_edge_t e = G->begin[v] + CC_SAMPLE_EDGES; e < G->begin[v + 1]; e++)
            cc_join(parent, (gm_node_t)v, G->node_idx[e], link);
        if (G->r_node_idx == G->node_idx)
            continue;
        for (gm_edge_t e = G->r_begin[v]; e < G->r_begin[v + 1]; e++)
            cc_join(parent, (gm_node_t)v, G->r_node_idx[e], link);
    }
}

/* The root most of the sampled nodes have. */
static gm_node_t giant_root(gm_node_t *parent, int64_t n)
{
    gm_node_t *d = (gm_node_t *)gmcu_malloc(CC_SAMPLE_NODES * sizeof(gm_node_t), "component samples");
    cc_sample<<<(CC_SAMPLE_NODES + GMCU_BLOCK - 1) / GMCU_BLOCK, GMCU_BLOCK>>>(parent, n, d);
    GMCU_LAUNCHED("components: samples");
    gm_node_t h[CC_SAMPLE_NODES];
    GMCU_CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    gmcu_free(d);
    return gmrt_most_frequent_node(h, CC_SAMPLE_NODES);
}

/* Every node points at its root; the root's slot of best takes the smallest
 * label. gmcu_atomic_min reads best[r] first: a label not below it skips the
 * atomic, or most nodes of a large component would queue on the one address
 * of its root (with the node ids as labels, as wcc.gm starts, none is below
 * the root's own, the smallest id). */
template <typename T> __global__ static void cc_min(gm_node_t *parent, const T *label, T *best, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x) {
        const gm_node_t r = cc_root_read(parent, (gm_node_t)v);
        parent[v] = r;
        const T l = label[v];
        gmcu_atomic_min(&best[r], l);
    }
}

template <typename T> __global__ static void cc_spread(const gm_node_t *parent, T *label, const T *best, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        label[v] = best[parent[v]];
}

/* Links every edge of G (its device copy gd) into parent (n entries, device):
 * afterwards each node's chain of parents ends at its component's smallest
 * node (not yet flattened). */
static double link_all(const gm_graph *G, const gm_graph *gd, gm_node_t *parent, int64_t n, bool stats, double t)
{
    if (G->num_edges <= 0)
        return t;
    /* GMCU_CC_LINK=0: the halving unite throughout (for comparisons) */
    const char *env = getenv("GMCU_CC_LINK");
    const bool link = !(env && strcmp(env, "0") == 0);
    for (int k = 0; k < CC_SAMPLE_EDGES; k++) {
        cc_hook_nth<<<gmcu_blocks(n), GMCU_BLOCK>>>(gd, parent, k, link);
        GMCU_LAUNCHED("components: sampled edges");
        if (link) {
            cc_compress<<<gmcu_blocks(n), GMCU_BLOCK>>>(parent, n);
            GMCU_LAUNCHED("components: compress");
        }
    }
    t = cc_stage(stats, t, "sampled edges");
    const gm_node_t giant = giant_root(parent, n);
    t = cc_stage(stats, t, "giant root");
    cc_hook_rest<<<gmcu_blocks(n), GMCU_BLOCK>>>(gd, parent, giant, link);
    GMCU_LAUNCHED("components: the other edges");
    return cc_stage(stats, t, "other edges");
}

static bool stats_on(void)
{
    const char *st = getenv("GMCU_STATS");
    return st && strcmp(st, "0") != 0;
}

template <typename T> static void min_label(gm_graph *G, T *label)
{
    const int64_t n = G->num_nodes;
    if (n <= 0)
        return;
    const bool stats = stats_on();
    double t = cc_stage(stats, gmrt_time_ms(), "start");
    const gm_graph *gd = gmcu_graph(G, GMCU_GRAPH_REVERSE);
    t = cc_stage(stats, t, "device graph");
    gm_node_t *parent = (gm_node_t *)gmcu_malloc((size_t)n * sizeof(gm_node_t), "component roots");
    T *best = (T *)gmcu_malloc((size_t)n * sizeof(T), "component labels");
    cc_init<<<gmcu_blocks(n), GMCU_BLOCK>>>(parent, n);
    GMCU_LAUNCHED("components: init");
    GMCU_CHECK(cudaMemcpy(best, label, (size_t)n * sizeof(T), cudaMemcpyDeviceToDevice));
    t = cc_stage(stats, t, "allocate and init");
    t = link_all(G, gd, parent, n, stats, t);
    cc_min<T><<<gmcu_blocks(n), GMCU_BLOCK>>>(parent, label, best, n);
    GMCU_LAUNCHED("components: roots");
    cc_spread<T><<<gmcu_blocks(n), GMCU_BLOCK>>>(parent, label, best, n);
    GMCU_LAUNCHED("components: labels");
    t = cc_stage(stats, t, "labels");
    gmcu_free(parent);
    gmcu_free(best);
    (void)cc_stage(stats, t, "free");
}

void gmcu_component_roots(gm_graph *G, gm_node_t *root)
{
    const int64_t n = G->num_nodes;
    if (n <= 0)
        return;
    const bool stats = stats_on();
    double t = cc_stage(stats, gmrt_time_ms(), "start");
    const gm_graph *gd = gmcu_graph(G, GMCU_GRAPH_REVERSE);
    cc_init<<<gmcu_blocks(n), GMCU_BLOCK>>>(root, n);
    GMCU_LAUNCHED("components: init");
    t = cc_stage(stats, t, "device graph and init");
    t = link_all(G, gd, root, n, stats, t);
    /* flattened: no labels to take (cc_min, cc_spread) */
    cc_compress<<<gmcu_blocks(n), GMCU_BLOCK>>>(root, n);
    GMCU_LAUNCHED("components: compress");
    (void)cc_stage(stats, t, "roots");
}

void gmcu_min_label_components_i32(gm_graph *G, int32_t *label) { min_label(G, label); }

void gmcu_min_label_components_i64(gm_graph *G, int64_t *label) { min_label(G, label); }
