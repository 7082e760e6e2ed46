/* gmcu_graph.h: the graph on the device. gmcu_graph uploads what a
 * procedure needs (reverse CSR, edge sources) once and keeps it between
 * calls; what the runtime decides from its shape (gmcu_skewed,
 * gmcu_scattered, gmcu_few_rounds); the gather order (gmcu_gather_order,
 * gmcu_gather_at); edge blocking of sweeps (gmcu_eb_*); graph queries in
 * kernels (gmcu_has_edge, common neighbours); weakly connected components
 * on the device. Host functions in gm_runtime/cuda/graph_upload.cu,
 * gather_order.cu, device.cu, components.cu. */
#ifndef GMCU_GRAPH_H
#define GMCU_GRAPH_H

#include "gmcu_device.h"

extern "C" {

/* ---- edge blocking (-fcuda-blocking) ------------------------------------------ */
/* A sweep that gathers one value per edge from its other end reads the
 * gathered array at random; when that array is larger than the L2 the
 * gathers go to DRAM. Blocked, the sweep runs once per segment of source
 * ids whose values fit in a share of the L2, each node's partial result
 * kept between the runs. The number of segments for G's nodes' values of
 * `elem` bytes (4-byte values counted as 8), the sweep walking in-edges or out-edges: 1 when they fit in
 * GMCU_EB_L2_SHARE of the L2 (1.5 times the L2 when the walked side has hubs,
 * gmcu_skewed, and the sweep splits their rows, gmcu_hubs_on: the hubs'
 * values stay in the L2 anyway; the whole L2 without the split, and there 2
 * once they pass half the L2), when the edges are
 * not scattered (gmcu_scattered) or when G has fewer than 2 nodes; no more
 * than their cuts (gmcu_eb_cuts) fit in a quarter of the device memory left
 * (1 where that is under 2); at least 2 when `force`. GMCU_EB_SEGMENTS=k in the environment sets it (k >= 1) for
 * experiments. */
int gmcu_eb_segments(gm_graph *G, bool in_edges, size_t elem, bool force);
/* The same for a sweep reading its values in gather order
 * (gmcu_gather_order): one segment while that order is in effect (the
 * most-read values lie together at the front: PageRank on RMAT-24, 20
 * iterations, H200: 50.5 ms in one segment, 68.8 in two), unless `force` or
 * GMCU_EB_SEGMENTS; else gmcu_eb_segments. */
int gmcu_eb_segments_gather(gm_graph *G, bool in_edges, size_t elem, bool force);
/* A device buffer of at least `bytes` for the partial results, kept (and
 * grown) across calls: the sweeps that use it run one after the other. */
void *gmcu_eb_scratch(size_t bytes);
/* Where each row of G (in-edges when in_edges) crosses the segment
 * boundaries: cuts[s * (n + 1) + v] is the first edge of row v whose other
 * end is at least s * seglen (s = 0: the row's start, s = nseg: its end).
 * Built on the device once for a graph, direction and segmentation and kept,
 * so that a blocked sweep reads two offsets per node and segment instead of
 * searching the row. */
const gm_edge_t *gmcu_eb_cuts(gm_graph *G, bool in_edges, int nseg, int64_t seglen);
/* The same for a sweep that walks the rows in gather order (gmcu_gather_order):
 * the boundaries are positions in that order. */
const gm_edge_t *gmcu_eb_cuts_gather(gm_graph *G, bool in_edges, int nseg, int64_t seglen);

/* ---- the graph on the device (gm_runtime/cuda/graph_upload.cu) ------------ */

typedef struct gmcu_graph_cache {
    const gm_graph *host;    /* the host graph uploaded (NULL: none) */
    uint64_t serial;         /* its gmrt_graph_serial */
    gm_node_t num_nodes;
    gm_edge_t num_edges;
    gm_graph shadow;         /* the struct with device pointers */
    gm_graph *dev;           /* a device copy of shadow */
} gmcu_graph_cache;

/* The one device copy of a graph this process keeps. */
gmcu_graph_cache *gmcu_graph_cache_get(void);
/* Whether that copy is G's (the same struct and serial: not another graph
 * that a freed G's memory now holds). */
bool gmcu_graph_cached(const gm_graph *G);
/* A number that changes whenever the device graph does (an upload, a
 * release, a gather order): what was derived from it may be kept while the
 * number stays. */
unsigned long long gmcu_graph_epoch(void);
/* Bumps it (the runtime's graph code, after a change). */
void gmcu_graph_changed(void);

/* A device copy of bytes bytes at src. */
void *gmcu_upload(const void *src, size_t bytes, const char *what);
/* cudaMemcpy of a bulk copy, added to the transfer account (gmcu_transfer_ms,
 * gmcu_mirror.h; defined in mirror.cu). */
void gmcu_copy_counted(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind);

/* Frees the device copy of the graph (the next gmcu_graph uploads again). */
void gmcu_graph_release(void);

/* What gmcu_graph puts on the device besides the forward rows (begin,
 * node_idx, always there); flags or'ed together. A procedure asks for what
 * its kernels read (gm_backend_cuda/cuda_graph.c decides it at compile
 * time), so that a large graph holds no per-edge array no kernel reads
 * (kron28 on 2 ranks: 5.9e9 edges a rank, 4 bytes an edge per 32-bit
 * array, 8 per gm_edge_t one with --enable-edge64). */
enum {
    GMCU_GRAPH_FORWARD = 0,     /* the forward rows only */
    /* the reverse rows r_begin, r_node_idx (in-neighbour walks); on a
     * symmetric G (gmrt_graph_is_symmetric: every in-row equal to its
     * out-row, both sorted) they are the forward arrays themselves */
    GMCU_GRAPH_REVERSE = 1,
    /* r_edge_idx too, each in-edge's forward edge (in-neighbour loops that
     * read the edge, in-edge loops, one-thread-per-in-edge kernels);
     * implies GMCU_GRAPH_REVERSE */
    GMCU_GRAPH_REVERSE_MAP = 2,
    GMCU_GRAPH_EDGE_SRC = 4     /* edge_src, each forward edge's source */
};

/* The device graph of G with what `what` asks for (GMCU_GRAPH_*), added to
 * what earlier calls put there (kept until gmcu_graph_release or another
 * graph). The host builds the reverse rows where missing
 * (gmrt_graph_make_reverse_nodes, kept in G: the host's r_begin and
 * r_node_idx), then checks them against the forward ones once
 * (gmrt_graph_is_symmetric, O(m)): equal, the device's reverse rows are
 * the forward arrays (GMCU_REVERSE_ALIAS=0 in the environment: a copy
 * all the same, for comparisons); a G already known symmetric needs no
 * host rows. The reverse edge map and the edge sources are made on the
 * device when G has none (G's stay NULL then: host memory holds no per-edge
 * array the device alone reads). GMCU_STATS=1: the device arrays and their
 * bytes on stderr whenever they change. */
const gm_graph *gmcu_graph(gm_graph *G, unsigned what);

/* Adds to *need the device bytes gmcu_graph(G, what) allocates at least
 * for a graph (per node, per edge, fixed), for the driver's check before the
 * load (gmrt_cli.h): a lower bound, since the reverse rows of a symmetric
 * graph take no memory of their own; kept in step with gmcu_graph. */
void gmcu_graph_need(gmrt_device_need *need, unsigned what);

/* Whether one thread per node would leave the GPU waiting on a few hubs:
 * the largest degree far above the mean (RMAT-like graphs). Computed once
 * per graph and direction. */
bool gmcu_skewed(gm_graph *G, bool in_edges);

/* Whether edges join far-apart ids (the mean |source - target| over a sample
 * of edges exceeds 1/64 of the nodes), so that reading a value at each
 * edge's other end jumps around memory; grids and meshes numbered row by row
 * are not. The verdict is kept for the same graph. */
bool gmcu_scattered(gm_graph *G);

/* Whether a frontier started anywhere reaches most of G in a few rounds:
 * hubs (gmcu_skewed on out-edges) or a mean out-degree above 8. There,
 * sweeping every node each round beats a worklist (H200, SSSP: RMAT-22 40 ms
 * swept, 57 ms with the worklist; uniform 2^22 of degree 16: 39.9 ms swept,
 * 117.9 with the worklist, 57.0 in near-far buckets); road networks (mean
 * degree 2 to 4, thousands of rounds) are the opposite. */
bool gmcu_few_rounds(gm_graph *G);

/* ---- gather order (gm_runtime/cuda/gather_order.cu) ----------------------- */
/* A node property that a procedure only reads at the other ends of edges
 * walked one way (in-edges when in_edges) and only writes by node can be
 * stored with the most-read nodes first: node v's value at position
 * gather_pos[v] (r_gather_pos for in-edge walks), the walk reading the
 * positions of its edges' other ends from gather_idx (r_gather_idx), rows
 * sorted. Builds that order on the device for G (once; kept with the device
 * graph) when the nodes' degrees on the other side are skewed
 * (gmcu_skewed), or on any graph when every_graph; returns whether it is in
 * effect. Otherwise, or with GMCU_GATHER_ORDER=0 in the environment, the
 * device graph keeps gather_pos NULL and gather_idx == node_idx (id order),
 * which the same generated code reads as well. GMCU_GATHER_ORDER=all: every
 * graph (for tests). */
bool gmcu_gather_order(gm_graph *G, bool in_edges, bool every_graph);
/* The device array gather_pos (r_gather_pos when in_edges) of G's device
 * copy: NULL while that order is not in effect or G is not the graph on the
 * device. For the host code that moves such a table by node (the
 * distributed broadcast, gmd_gpu_sync_broadcast_at). */
const gm_node_t *gmcu_gather_pos(const gm_graph *G, bool in_edges);

} /* extern "C" */

/* Where node v's element is in a table kept in gather order for walks of
 * in-edges (in_edges) or out-edges: v itself while that order is not in
 * effect (gmcu_gather_order). */
__device__ static inline gm_node_t gmcu_gather_at(const gm_graph *g, bool in_edges, gm_node_t v)
{
    const gm_node_t *pos = in_edges ? g->r_gather_pos : g->gather_pos;
    return pos ? pos[v] : v;
}

/* ---- graph queries on the device -------------------------------------------------- */

__device__ static inline bool gmcu_has_edge(const gm_graph *g, gm_node_t u, gm_node_t v)
{
    gm_edge_t lo = g->begin[u], hi = g->begin[u + 1];
    while (lo < hi) {
        gm_edge_t mid = lo + (hi - lo) / 2;
        gm_node_t x = g->node_idx[mid];
        if (x == v)
            return true;
        if (x < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* Common out-neighbours of u and v: a merge of the two sorted rows. */
typedef struct gmcu_common_iter {
    const gm_graph *g;
    gm_edge_t a, a_end, b, b_end;
    gm_node_t last;
} gmcu_common_iter;

__device__ static inline void gmcu_common_nbrs_init(gmcu_common_iter *it, const gm_graph *g,
                                                    gm_node_t u, gm_node_t v)
{
    it->g = g;
    it->a = g->begin[u];
    it->a_end = g->begin[u + 1];
    it->b = g->begin[v];
    it->b_end = g->begin[v + 1];
    it->last = GMRT_NIL_NODE;
}

__device__ static inline gm_node_t gmcu_common_nbrs_next(gmcu_common_iter *it)
{
    const gm_node_t *idx = it->g->node_idx;
    while (it->a < it->a_end && it->b < it->b_end) {
        gm_node_t x = idx[it->a], y = idx[it->b];
        if (x < y) {
            it->a++;
        } else if (y < x) {
            it->b++;
        } else {
            it->a++;
            it->b++;
            if (x != it->last) { /* duplicate edges give one common neighbour */
                it->last = x;
                return x;
            }
        }
    }
    return GMRT_NIL_NODE;
}

extern "C" {

/* The fixpoint of minimum-label propagation over both edge directions
 * (gm_opt/min_label.c) on the device: every label[v] (device) becomes the
 * smallest starting label of v's weakly connected component. Union-find
 * in Afforest's order (components.cu). */
void gmcu_min_label_components_i32(gm_graph *G, int32_t *label);
void gmcu_min_label_components_i64(gm_graph *G, int64_t *label);
/* The same union-find without labels: root (device, G->num_nodes entries,
 * written) gets for every node v the smallest node of v's weakly connected
 * component (so root[v] <= v, and root[v] == v for exactly one node of each
 * component). For callers that take the minima themselves, again and again
 * (gmd_gpu_min_label_components' rounds). */
void gmcu_component_roots(gm_graph *G, gm_node_t *root);

} /* extern "C" */

#endif /* GMCU_GRAPH_H */
