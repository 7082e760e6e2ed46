/* components.cu (libgmrt-cuda): weakly connected components on the device
 * by concurrent union-find, for the minimum-label loops gm_opt/min_label.c
 * marks. Contract: gmcu.h. The same scheme as gm_runtime/components.c:
 * parent[v] <= v always (a root is linked only under a smaller root, by a
 * compare-and-swap of its own entry; path halving points a node at an
 * ancestor), so every tree's root is its smallest node. One thread per
 * edge, so hubs cost no more than other nodes. */
#include "gmcu.h"

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

__global__ static void cc_hook(const gm_graph *G, gm_node_t *parent)
{
    const int64_t m = G->num_edges;
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < m; e += (int64_t)gridDim.x * blockDim.x) {
        gm_node_t a = G->edge_src[e], b = G->node_idx[e];
        for (;;) {
            a = cc_find(parent, a);
            b = cc_find(parent, b);
            if (a == b)
                break;
            const gm_node_t hi = a > b ? a : b, lo = a > b ? b : a;
            if (atomicCAS((int *)&parent[hi], hi, lo) == hi)
                break;
        }
    }
}

/* Every node points at its root; the root's slot of best takes the smallest label. */
template <typename T> __global__ static void cc_min(gm_node_t *parent, const T *label, T *best, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x) {
        const gm_node_t r = cc_find(parent, (gm_node_t)v);
        parent[v] = r;
        gmcu_atomic_min(&best[r], label[v]);
    }
}

template <typename T> __global__ static void cc_spread(const gm_node_t *parent, T *label, const T *best, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        label[v] = best[parent[v]];
}

template <typename T> static void min_label(gm_graph *G, T *label)
{
    const int64_t n = G->num_nodes;
    if (n <= 0)
        return;
    const gm_graph *gd = gmcu_graph(G, false, true);
    gm_node_t *parent = (gm_node_t *)gmcu_malloc((size_t)n * sizeof(gm_node_t), "component roots");
    T *best = (T *)gmcu_malloc((size_t)n * sizeof(T), "component labels");
    cc_init<<<gmcu_blocks(n), GMCU_BLOCK>>>(parent, n);
    GMCU_LAUNCHED("components: init");
    GMCU_CHECK(cudaMemcpy(best, label, (size_t)n * sizeof(T), cudaMemcpyDeviceToDevice));
    if (G->num_edges > 0) {
        cc_hook<<<gmcu_blocks(G->num_edges), GMCU_BLOCK>>>(gd, parent);
        GMCU_LAUNCHED("components: hook");
    }
    cc_min<T><<<gmcu_blocks(n), GMCU_BLOCK>>>(parent, label, best, n);
    GMCU_LAUNCHED("components: roots");
    cc_spread<T><<<gmcu_blocks(n), GMCU_BLOCK>>>(parent, label, best, n);
    GMCU_LAUNCHED("components: labels");
    gmcu_free(parent);
    gmcu_free(best);
}

void gmcu_min_label_components_i32(gm_graph *G, int32_t *label) { min_label(G, label); }

void gmcu_min_label_components_i64(gm_graph *G, int64_t *label) { min_label(G, label); }
