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

/* out[i] = begin[i] - base for i <= rows: a piece's row offsets from its
 * first edge. */
__global__ static void gather_rebase(const gm_edge_t *begin, int64_t rows, gm_edge_t base, gm_edge_t *out)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i <= rows; i += (int64_t)gridDim.x * blockDim.x)
        out[i] = begin[i] - base;
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

/* The relabelled rows are sorted a piece of whole rows at a time, so that
 * the sort's input and scratch (about two copies of what it sorts) hold a
 * piece, not every edge: kron28 on 2 ranks has 5.9e9 edges a rank, 47 GB
 * for two whole copies. At most this many edges a piece (a longer row is a
 * piece of its own); GMCU_GATHER_CHUNK=k in the environment: k (tests make
 * small graphs take several pieces). The order does not depend on it. */
#define GATHER_PIECE_EDGES ((int64_t)1 << 28)
#define GATHER_PIECE_ROWS ((int64_t)1 << 24) /* and rows: their offsets, 8 bytes each */

static int64_t piece_edges(void)
{
    const char *env = getenv("GMCU_GATHER_CHUNK");
    const long long k = env ? atoll(env) : 0;
    return k > 0 ? (int64_t)k : GATHER_PIECE_EDGES;
}

/* The end b of the piece of rows starting at row a: the last row end with
 * hb[b] - hb[a] <= want and at most GATHER_PIECE_ROWS rows, or a + 1 when
 * row a alone is longer (hb: the rows' offsets, on the host). */
static int64_t piece_end(const gm_edge_t *hb, int64_t n, int64_t a, int64_t want)
{
    int64_t lo = a + 1, hi = n - a > GATHER_PIECE_ROWS ? a + GATHER_PIECE_ROWS : n;
    if ((int64_t)(hb[lo] - hb[a]) > want)
        return lo;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo + 1) / 2;
        if ((int64_t)(hb[mid] - hb[a]) <= want)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Device bytes the build of one direction's order needs beyond the graph
 * at its peak: the sorted degrees (keys, ids, the radix sort's scratch)
 * first, then the positions, the edges in gather order and one piece's
 * relabelled edges, offsets and sort scratch (taken as twice the piece). */
static size_t build_bytes(int64_t n, int64_t m, int64_t piece)
{
    const int64_t p = piece < m ? piece : m, rows = n < GATHER_PIECE_ROWS ? n : GATHER_PIECE_ROWS;
    const size_t first = (size_t)n * (4 * sizeof(uint32_t) + sizeof(gm_node_t)); /* keys, ids, their copies, pos */
    const size_t second = (size_t)n * sizeof(gm_node_t) + (size_t)m * sizeof(gm_node_t) +
                          3 * (size_t)p * sizeof(gm_node_t) + (size_t)(rows + 1) * sizeof(gm_edge_t) +
                          ((size_t)1 << 20);
    return first > second ? first : second;
}

/* Builds pos and the relabelled rows for one direction on the device; hb:
 * the walked rows' offsets on the host. Returns the number of pieces. */
static int64_t build(const gm_graph *sh, const gm_edge_t *hb, bool in_edges, gm_node_t **pos_out,
                     gm_node_t **idx_out)
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
    gm_node_t *idx = (gm_node_t *)gmcu_malloc((size_t)m * sizeof(gm_node_t), "edges in gather order");
    const int64_t want = piece_edges();
    const int64_t p = want < (int64_t)m ? want : (int64_t)m;
    const int64_t rows = n < GATHER_PIECE_ROWS ? n : GATHER_PIECE_ROWS;
    gm_node_t *raw = (gm_node_t *)gmcu_malloc((size_t)p * sizeof(gm_node_t), "relabelled edges");
    size_t raw_cap = (size_t)p;
    gm_edge_t *offs = (gm_edge_t *)gmcu_malloc((size_t)(rows + 1) * sizeof(gm_edge_t), "a piece's row offsets");
    int64_t pieces = 0;
    for (int64_t a = 0; a < (int64_t)n;) {
        const int64_t b = piece_end(hb, n, a, want);
        const gm_edge_t e0 = hb[a], k = hb[b] - e0;
        if (k > 0) {
            if ((size_t)k > raw_cap) { /* a row longer than a piece */
                gmcu_free(raw);
                raw = (gm_node_t *)gmcu_malloc((size_t)k * sizeof(gm_node_t), "relabelled edges");
                raw_cap = (size_t)k;
            }
            gather_relabel<<<gmcu_blocks(k), GMCU_BLOCK>>>(walk_idx + e0, k, pos, raw);
            GMCU_LAUNCHED("relabelled edges");
            gather_rebase<<<gmcu_blocks(b - a + 1), GMCU_BLOCK>>>(walk_begin + a, b - a, e0, offs);
            GMCU_LAUNCHED("a piece's row offsets");
            bytes = 0;
            GMCU_CHECK(cub::DeviceSegmentedSort::SortKeys(NULL, bytes, raw, idx + e0, (int64_t)k, b - a, offs,
                                                          offs + 1));
            GMCU_CHECK(cub::DeviceSegmentedSort::SortKeys(scratch_for(&s, bytes), bytes, raw, idx + e0,
                                                          (int64_t)k, b - a, offs, offs + 1));
            pieces++;
        }
        a = b;
    }
    GMCU_CHECK(cudaDeviceSynchronize());
    gmcu_free(raw);
    gmcu_free(offs);
    gmcu_free(s.p);
    *pos_out = pos;
    *idx_out = idx;
    return pieces;
}

bool gmcu_gather_order(gm_graph *G, bool in_edges, bool every_graph)
{
    (void)gmcu_graph(G, GMCU_GRAPH_REVERSE); /* both directions' offsets */
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
    const char *stats = getenv("GMCU_STATS"); /* GMCU_STATS=1: what it did, on stderr */
    const bool say = stats && *stats && strcmp(stats, "0") != 0;
    const char *dir = in_edges ? "in-edges" : "out-edges";
    /* Only where it fits with room to spare for the procedure's own node
     * tables (four of 8 bytes): without it the same code reads id order. */
    const int64_t n = G->num_nodes, m = G->num_edges;
    const size_t need = build_bytes(n, m, piece_edges()), spare = (size_t)n * 32, avail = gmcu_mem_available();
    if (need + spare > avail) {
        if (say)
            fprintf(stderr,
                    "gmcu: gather order for %s skipped: its build needs %.1f MB of device memory and %.1f MB are "
                    "kept for the procedure, %.1f MB are free (the sweep reads id order)\n",
                    dir, (double)need / 1e6, (double)spare / 1e6, (double)avail / 1e6);
        return false;
    }
    /* the walked rows' offsets on the host: the forward ones where the
     * device's reverse rows are those (gmcu_graph), else the host's reverse
     * rows, which gmcu_graph built */
    const bool fwd = !in_edges || c->shadow.r_begin == c->shadow.begin;
    if (!fwd && !gmrt_graph_make_reverse_nodes(G))
        gmrt_fatal("out of memory: the gather order's row offsets");
    const int64_t pieces = build(&c->shadow, fwd ? G->begin : G->r_begin, in_edges, pos, idx);
    GMCU_CHECK(cudaMemcpy(c->dev, &c->shadow, sizeof(gm_graph), cudaMemcpyHostToDevice));
    gmcu_graph_changed();
    if (say) {
        gm_node_t first[4] = {0, 0, 0, 0}, ids[4] = {0, 0, 0, 0};
        const size_t k = G->num_edges < 4 ? (size_t)G->num_edges : 4;
        GMCU_CHECK(cudaMemcpy(first, *idx, k * sizeof(gm_node_t), cudaMemcpyDeviceToHost));
        GMCU_CHECK(cudaMemcpy(ids, in_edges ? c->shadow.r_node_idx : c->shadow.node_idx, k * sizeof(gm_node_t),
                              cudaMemcpyDeviceToHost));
        fprintf(stderr, "gmcu: gather order for %s: the first edges' ends %d %d %d %d at positions %d %d %d %d\n",
                dir, ids[0], ids[1], ids[2], ids[3], first[0], first[1], first[2], first[3]);
        fprintf(stderr,
                "gmcu: gather order for %s: sorted in %lld pieces; kept %.1f MB (positions, edges in gather order), "
                "at most %.1f MB more while built\n",
                dir, (long long)pieces, (double)((size_t)n * sizeof(gm_node_t) + (size_t)m * sizeof(gm_node_t)) / 1e6,
                (double)need / 1e6);
    }
    return true;
}

const gm_node_t *gmcu_gather_pos(const gm_graph *G, bool in_edges)
{
    const gmcu_graph_cache *c = gmcu_graph_cache_get();
    if (!gmcu_graph_cached(G))
        return NULL;
    return in_edges ? c->shadow.r_gather_pos : c->shadow.gather_pos;
}
