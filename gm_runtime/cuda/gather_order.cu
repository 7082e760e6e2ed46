/* gather_order.cu (libgmrt-cuda): tables gathered along edges, stored in
 * the order of how often they are read. Contract: gmcu_graph.h.
 *
 * A pull sweep reads, for every edge, a value of the node at its other end
 * (PageRank's rank / out-degree). On a graph with hubs those reads are
 * heavily skewed (Kronecker 2^22: the 2^20 nodes of highest out-degree take
 * 97.5% of them), but in id order the popular values are scattered over the
 * whole table, each 32-byte sector holding one of them and three that are
 * rarely read. Stored with the most-read nodes first, the values most reads
 * want share sectors and fit in a small part of the L2 (PageRank on kron22,
 * 20 iterations on an H200: 22.1 -> 19.4 ms). The walk then reads the
 * positions of its edges' other ends (gather_idx / r_gather_idx, each row
 * sorted, so edge blocking can still cut rows by binary search) instead of
 * their ids, and the loop that fills the table writes node v's value at
 * gather_pos[v]. */
#include "gmcu_device.h"
#include "gmcu_graph.h"

#include <stdlib.h>
#include <string.h>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>

/* How often each node is gathered in a walk of the other direction: its
 * degree on the side the walk does not follow. */
__global__ static void gather_keys(const gm_edge_t *other_begin, gm_node_t n, uint32_t *key, gm_node_t *id)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x) {
        const gm_edge_t d = other_begin[v + 1] - other_begin[v];
        key[v] = (uint64_t)d > UINT32_MAX ? UINT32_MAX : (uint32_t)d; /* gm_edge_t may be 32-bit */
        id[v] = (gm_node_t)v;
    }
}

__global__ static void gather_positions(const gm_node_t *order, gm_node_t n, gm_node_t *pos)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        pos[order[i]] = (gm_node_t)i;
}

__global__ static void gather_relabel(const gm_node_t *idx, gm_edge_t m, const gm_node_t *pos, gm_node_t *out)
{
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < m; e += (int64_t)gridDim.x * blockDim.x)
        out[e] = pos[idx[e]];
}

/* The sorts' scratch, grown as needed and freed at the end of one build. */
typedef struct sort_scratch {
    void *p;
    size_t cap;
} sort_scratch;

static void *scratch_for(sort_scratch *s, size_t bytes)
{
    return gmcu_grow(&s->p, &s->cap, bytes ? bytes : 1);
}

/* Builds pos and the relabelled rows for one direction on the device. */
static void build(const gm_graph *sh, bool in_edges, gm_node_t **pos_out, gm_node_t **idx_out)
{
    const gm_node_t n = sh->num_nodes;
    const gm_edge_t m = sh->num_edges;
    const gm_edge_t *walk_begin = in_edges ? sh->r_begin : sh->begin;
    const gm_edge_t *other_begin = in_edges ? sh->begin : sh->r_begin;
    const gm_node_t *walk_idx = in_edges ? sh->r_node_idx : sh->node_idx;
    uint32_t *key = (uint32_t *)gmcu_malloc((size_t)n * 2 * sizeof(uint32_t), "gather order keys");
    gm_node_t *id = (gm_node_t *)gmcu_malloc((size_t)n * 2 * sizeof(gm_node_t), "gather order ids");
    gather_keys<<<gmcu_blocks(n), GMCU_BLOCK>>>(other_begin, n, key, id);
    GMCU_LAUNCHED("gather order keys");
    sort_scratch s = {NULL, 0};
    size_t bytes = 0;
    /* radix sort is stable: nodes of equal degree stay in id order */
    GMCU_CHECK(cub::DeviceRadixSort::SortPairsDescending(NULL, bytes, key, key + n, id, id + n, (int64_t)n));
    GMCU_CHECK(cub::DeviceRadixSort::SortPairsDescending(scratch_for(&s, bytes), bytes, key, key + n, id, id + n,
                                                         (int64_t)n));
    gm_node_t *pos = (gm_node_t *)gmcu_malloc((size_t)n * sizeof(gm_node_t), "gather positions");
    gather_positions<<<gmcu_blocks(n), GMCU_BLOCK>>>(id + n, n, pos);
    GMCU_LAUNCHED("gather positions");
    gmcu_free(key);
    gmcu_free(id);
    gm_node_t *raw = (gm_node_t *)gmcu_malloc((size_t)m * sizeof(gm_node_t), "relabelled edges");
    gm_node_t *idx = (gm_node_t *)gmcu_malloc((size_t)m * sizeof(gm_node_t), "edges in gather order");
    gather_relabel<<<gmcu_blocks(m), GMCU_BLOCK>>>(walk_idx, m, pos, raw);
    GMCU_LAUNCHED("relabelled edges");
    bytes = 0;
    GMCU_CHECK(cub::DeviceSegmentedSort::SortKeys(NULL, bytes, raw, idx, (int64_t)m, (int64_t)n, walk_begin,
                                                  walk_begin + 1));
    GMCU_CHECK(cub::DeviceSegmentedSort::SortKeys(scratch_for(&s, bytes), bytes, raw, idx, (int64_t)m, (int64_t)n,
                                                  walk_begin, walk_begin + 1));
    GMCU_CHECK(cudaDeviceSynchronize());
    gmcu_free(raw);
    gmcu_free(s.p);
    *pos_out = pos;
    *idx_out = idx;
}

bool gmcu_gather_order(gm_graph *G, bool in_edges, bool every_graph)
{
    (void)gmcu_graph(G, true, false); /* both directions' offsets */
    gmcu_graph_cache *c = gmcu_graph_cache_get();
    gm_node_t **pos = in_edges ? &c->shadow.r_gather_pos : &c->shadow.gather_pos;
    gm_node_t **idx = in_edges ? &c->shadow.r_gather_idx : &c->shadow.gather_idx;
    if (*pos)
        return true;
    const char *mode = getenv("GMCU_GATHER_ORDER");
    if (mode && strcmp(mode, "0") == 0)
        return false;
    const bool all = every_graph || (mode && strcmp(mode, "all") == 0);
    if (G->num_nodes < 2 || G->num_edges == 0 || (!all && !gmcu_skewed(G, !in_edges)))
        return false;
    build(&c->shadow, in_edges, pos, idx);
    GMCU_CHECK(cudaMemcpy(c->dev, &c->shadow, sizeof(gm_graph), cudaMemcpyHostToDevice));
    gmcu_graph_changed();
    const char *stats = getenv("GMCU_STATS"); /* GMCU_STATS=1: where the first rows' ends went, on stderr */
    if (stats && *stats && *stats != '0') {
        gm_node_t first[4] = {0, 0, 0, 0}, ids[4] = {0, 0, 0, 0};
        const size_t k = G->num_edges < 4 ? (size_t)G->num_edges : 4;
        GMCU_CHECK(cudaMemcpy(first, *idx, k * sizeof(gm_node_t), cudaMemcpyDeviceToHost));
        GMCU_CHECK(cudaMemcpy(ids, in_edges ? c->shadow.r_node_idx : c->shadow.node_idx, k * sizeof(gm_node_t),
                              cudaMemcpyDeviceToHost));
        fprintf(stderr, "gmcu: gather order for %s: the first edges' ends %d %d %d %d at positions %d %d %d %d\n",
                in_edges ? "in-edges" : "out-edges", ids[0], ids[1], ids[2], ids[3], first[0], first[1], first[2],
                first[3]);
    }
    return true;
}

const gm_node_t *gmcu_gather_pos(const gm_graph *G, bool in_edges)
{
    const gmcu_graph_cache *c = gmcu_graph_cache_get();
    if (!G || c->host != G)
        return NULL;
    return in_edges ? c->shadow.r_gather_pos : c->shadow.gather_pos;
}
