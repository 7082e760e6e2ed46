/* gmcu_balance.h: load-balanced neighbour loops. TWC (gmcu_twc,
 * gmcu_twc_reduce): a node's edges walked by its thread, its warp or its
 * block by their number, rows too long for one block spilled into chunks for
 * a second kernel (gmcu_spill, gmcu_spill_walk); the hub rows of a pull
 * spread over the whole grid (gmcu_hubs, gmcu_launch_pull). Host functions
 * in gm_runtime/cuda/hubs.cu. */
#ifndef GMCU_BALANCE_H
#define GMCU_BALANCE_H

#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

#include "gmcu_atomics.h"
#include "gmcu_device.h"

/* ---- load-balanced neighbour loops (TWC) ------------------------------------------- */
/* Each thread brings one node n and its edge range [beg, end) (empty when it
 * has no work); ranges of at least a block's worth of edges are walked by the
 * whole block, ranges of at least a warp's worth by the thread's warp, the
 * rest by the thread itself, so a hub no longer holds one thread for
 * millions of edges (Merrill et al.'s TWC scheme, as in IrGL and Gunrock).
 * Every thread of the block must call these together (uniform loops). */

/* A node's edges [lo, hi) that gmcu_twc left for a second kernel (gmcu_spill_walk). */
typedef struct gmcu_chunk {
    gm_edge_t lo, hi;
    gm_node_t node;
} gmcu_chunk;

/* Where gmcu_twc spills: the chunks and their count, on the device. A node
 * of a block's worth of edges or more would keep its block busy while the
 * others finish (an RMAT hub has millions), and a block holding many such
 * nodes walks them one after the other: a BFS level of 200 high-degree
 * nodes near a Kronecker graph's root then ran 2.5 ms in one block while
 * the rest of the GPU idled. So all of such a node's edges go here, in
 * chunks of at most GMCU_SPILL_CHUNK, one chunk per block of the next
 * kernel. GMCU_SPILL_ALL=0 keeps the old split (the block walks the first
 * chunk itself; only nodes of more than one chunk spill the rest). */
typedef struct gmcu_spill {
    gmcu_chunk *chunks;
    unsigned long long *count;
} gmcu_spill;
#ifndef GMCU_SPILL_CHUNK
#define GMCU_SPILL_CHUNK 4096
#endif
#ifndef GMCU_SPILL_ALL
#define GMCU_SPILL_ALL 1
#endif

/* Chunk slots for a sweep over a graph of `edges` edges: a spilled node has
 * at least GMCU_BLOCK edges and at most one chunk that is not full, so
 * edges / GMCU_SPILL_CHUNK full chunks and edges / GMCU_BLOCK others; in a
 * launch of fewer blocks than the GPU has multiprocessors (gmcu_small_grid)
 * nodes of 32 edges spill too, at most one per thread of that launch. */
static inline size_t gmcu_spill_capacity(int64_t edges)
{
    return (size_t)(edges / GMCU_SPILL_CHUNK) + (size_t)(edges / GMCU_BLOCK) +
           (size_t)gmcu_info()->sms * GMCU_BLOCK + 1;
}

/* Whether this launch has fewer blocks than the GPU has multiprocessors: a
 * small frontier, whose warps would otherwise walk their rows one after
 * another while most of the GPU idles. */
__device__ static inline bool gmcu_small_grid(void)
{
    unsigned nsm;
    asm("mov.u32 %0, %%nsmid;" : "=r"(nsm));
    return gridDim.x < nsm;
}

/* Appends node n's edges [lo, hi) to a chunk list in chunks of at most
 * `size` edges (one thread). */
__device__ static inline void gmcu_chunks_push(gmcu_chunk *chunks, unsigned long long *count, gm_node_t n,
                                               gm_edge_t lo, gm_edge_t hi, gm_edge_t size)
{
    const unsigned long long nch = (unsigned long long)((hi - lo + size - 1) / size);
    const unsigned long long first = atomicAdd(count, nch);
    for (unsigned long long c = 0; c < nch; c++) {
        const gm_edge_t clo = lo + (gm_edge_t)c * size;
        chunks[first + c] = gmcu_chunk{clo, hi - clo > size ? clo + size : hi, n};
    }
}

/* The same for the threads that reach it together: one atomic per group
 * for the slots, each thread writing its own row's chunks (a TWC push
 * spilling every big row of a BFS level). Not in the hub MARK of pulls:
 * there it made the whole kernel slower (PageRank kron22, 20 iterations,
 * 19.4 -> 27.8 ms; ncu: the MAIN launch of the same kernel 765 -> 1177 us
 * with the same DRAM bytes and 32 registers either way). */
__device__ static inline void gmcu_chunks_push_grouped(gmcu_chunk *chunks, unsigned long long *count, gm_node_t n,
                                                       gm_edge_t lo, gm_edge_t hi, gm_edge_t size)
{
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    const unsigned long long nch = (unsigned long long)((hi - lo + size - 1) / size);
    const unsigned long long off = cooperative_groups::exclusive_scan(g, nch);
    unsigned long long first = 0;
    if (g.thread_rank() == g.size() - 1)
        first = atomicAdd(count, off + nch);
    first = g.shfl(first, g.size() - 1) + off;
    for (unsigned long long c = 0; c < nch; c++) {
        const gm_edge_t clo = lo + (gm_edge_t)c * size;
        chunks[first + c] = gmcu_chunk{clo, hi - clo > size ? clo + size : hi, n};
    }
}

/* The last phase of gmcu_twc and gmcu_twc_reduce: the nodes of the warp with
 * fewer than 32 edges left, walked as one run of their concatenated edges,
 * 32 consecutive edges a step.  Walking them one node per thread left most
 * lanes idle while the longest row of the warp finished (a power-law graph's
 * rows under 32 are mostly far shorter) and read 32 rows' ids at 32 places
 * at once; here every lane has an edge and a step's ids are adjacent.  For
 * each step, every lane calls visit(valid, owner lane, node, edge): valid is
 * false past the warp's last edge.  GMCU_TWC_FLAT=0 walks one node per
 * thread as before (for comparisons). */
#ifndef GMCU_TWC_FLAT
#define GMCU_TWC_FLAT 1
#endif
template <typename Visit>
__device__ static inline void gmcu_twc_flat(bool mine, gm_node_t n, gm_edge_t beg, gm_edge_t deg, Visit visit)
{
    __shared__ int f_start[GMCU_BLOCK]; /* each lane's first position in the run */
    const int lane = threadIdx.x & 31, wbase = threadIdx.x & ~31;
    const int d = mine ? (int)deg : 0;
    int incl = d;
    for (int o = 1; o < 32; o <<= 1) {
        const int x = __shfl_up_sync(0xffffffffu, incl, o);
        if (lane >= o)
            incl += x;
    }
    const int total = __shfl_sync(0xffffffffu, incl, 31);
    f_start[threadIdx.x] = incl - d;
    __syncwarp();
    for (int k0 = 0; k0 < total; k0 += 32) {
        const int k = k0 + lane;
        /* the owner: the last lane starting at or before k (a lane without
         * edges starts where the next one does, so it is never the last) */
        int o = 0;
        for (int step = 16; step > 0; step >>= 1)
            if (f_start[wbase + o + step] <= k)
                o += step;
        const gm_node_t on = __shfl_sync(0xffffffffu, n, o);
        const gm_edge_t ob = __shfl_sync(0xffffffffu, beg, o);
        visit(k < total, o, on, ob + (k - f_start[wbase + o]));
    }
    __syncwarp(); /* f_start is rewritten by the warp's next call */
}

template <typename Body>
__device__ static inline void gmcu_twc(gm_node_t n, gm_edge_t beg, gm_edge_t end, Body body,
                                       gmcu_spill spill = gmcu_spill{nullptr, nullptr})
{
    __shared__ int owner;
    __shared__ gm_node_t b_node;
    __shared__ gm_edge_t b_beg, b_end;
    const gm_edge_t deg = end - beg;
    bool mine = deg > 0;
#if GMCU_SPILL_ALL
    /* Each thread spills its own row: a block taking its big rows one at a
     * time, five barriers each, spent 98 us on a 2-block BFS level of hubs
     * (kron20 from node 0). In a small launch the warps' rows go too. */
    if (spill.chunks && mine && deg >= (gm_edge_t)(gmcu_small_grid() ? 32 : GMCU_BLOCK)) {
        gmcu_chunks_push_grouped(spill.chunks, spill.count, n, beg, end, GMCU_SPILL_CHUNK);
        mine = false;
    }
#endif
    while (__syncthreads_or(mine && deg >= GMCU_BLOCK)) {
        if (mine && deg >= GMCU_BLOCK)
            owner = threadIdx.x; /* one of the claimants wins */
        __syncthreads();
        if (owner == (int)threadIdx.x) {
            b_node = n;
            b_beg = beg;
            b_end = end;
            mine = false;
        }
        __syncthreads();
        const gm_node_t bn = b_node;
        gm_edge_t hi = b_end;
        if (spill.chunks && (GMCU_SPILL_ALL || hi - b_beg > GMCU_SPILL_CHUNK)) {
            const gm_edge_t lo = GMCU_SPILL_ALL ? b_beg : b_beg + GMCU_SPILL_CHUNK;
            const long long nch = (long long)((hi - lo + GMCU_SPILL_CHUNK - 1) / GMCU_SPILL_CHUNK);
            __shared__ unsigned long long first;
            if (threadIdx.x == 0)
                first = atomicAdd(spill.count, (unsigned long long)nch);
            __syncthreads();
            for (long long c = threadIdx.x; c < nch; c += blockDim.x) {
                const gm_edge_t clo = lo + (gm_edge_t)c * GMCU_SPILL_CHUNK;
                spill.chunks[first + c] = gmcu_chunk{clo, clo + GMCU_SPILL_CHUNK < hi ? clo + GMCU_SPILL_CHUNK : hi, bn};
            }
            hi = lo;
        }
        for (gm_edge_t e = b_beg + threadIdx.x; e < hi; e += blockDim.x)
            body(bn, e);
        __syncthreads(); /* before the next owner overwrites b_* */
    }
    const int lane = threadIdx.x & 31;
    unsigned want;
    while ((want = __ballot_sync(0xffffffffu, mine && deg >= 32)) != 0) {
        const int leader = __ffs(want) - 1;
        const gm_node_t wn = gmcu_shfl(n, leader);
        const gm_edge_t lo = gmcu_shfl(beg, leader), hi = gmcu_shfl(end, leader);
        if (lane == leader)
            mine = false;
        for (gm_edge_t e = lo + lane; e < hi; e += 32)
            body(wn, e);
    }
#if GMCU_TWC_FLAT
    gmcu_twc_flat(mine, n, beg, deg, [&](bool valid, int, gm_node_t on, gm_edge_t e) {
        if (valid)
            body(on, e);
    });
#else
    if (mine)
        for (gm_edge_t e = beg; e < end; e++)
            body(n, e);
#endif
}

/* The second kernel's loop over the chunks gmcu_twc spilled: one block per chunk. */
template <typename Body> __device__ static inline void gmcu_spill_walk(gmcu_spill spill, Body body)
{
    const unsigned long long n = *(volatile unsigned long long *)spill.count;
    for (unsigned long long c = blockIdx.x; c < n; c += gridDim.x) {
        const gmcu_chunk ch = spill.chunks[c];
        for (gm_edge_t e = ch.lo + threadIdx.x; e < ch.hi; e += blockDim.x)
            body(ch.node, e);
    }
}

/* ---- hub rows of a TWC pull, spread over the whole grid ------------------------ */
/* gmcu_twc_reduce walks a node of a block's worth of edges or more with its
 * whole block, one such node after another, so a block that holds many of
 * them (a BFS level near a Kronecker graph's root; the rows of the biggest
 * hubs in a PageRank sweep) keeps the kernel running long after the other
 * blocks are done: 1.3 ms for one block of a 256-node level on kron20. A
 * pull kernel that takes a gmcu_hubs runs three times (gmcu_launch_pull):
 *  - MARK: each node of at least min_deg edges (a hub row) cuts its edges
 *    into chunks of at most GMCU_HUB_CHUNK and sets its partial to the
 *    identity; nothing else runs;
 *  - WALK: the whole grid reduces the chunks, a block per chunk, and
 *    combines each chunk's result into its node's partial with an atomic;
 *  - MAIN: the kernel as before, a hub row's thread taking the partial
 *    instead of walking its edges (and setting it back to the identity).
 * The operator is associative and commutative, so only the order of a
 * floating-point sum changes, as with any parallel reduction. */
enum { GMCU_HUBS_MAIN = 0, GMCU_HUBS_MARK = 1, GMCU_HUBS_WALK = 2 };
typedef struct gmcu_hubs {
    int phase;                 /* GMCU_HUBS_* */
    gm_edge_t min_deg;         /* rows of at least this many edges are hub rows; 0: none */
    gmcu_chunk *chunks;        /* room for gmcu_spill_capacity(edges) */
    unsigned long long *count; /* chunks marked */
    void *part;                /* per node: the hub row's reduction so far */
    unsigned long long rows;   /* nonzero: the hub rows depend on this key alone (gmcu_launch_pull) */
} gmcu_hubs;
/* What a pull covers (gmcu_hubs_for): a frontier or a BFS level; every node
 * in id order; every node, unfiltered and in one segment, so that its hub
 * rows are the graph's and MARK's chunks can be kept from one launch of the
 * kernel to the next. */
enum { GMCU_PULL_FRONTIER = 0, GMCU_PULL_SWEEP = 1, GMCU_PULL_SWEEP_ALL = 2 };
#ifndef GMCU_HUB_CHUNK
#define GMCU_HUB_CHUNK 2048
#endif

extern "C" {
/* Buffers for the hub rows of a pull over G's nodes (in-edges when
 * in_edges) reducing values of elem bytes, kept and grown across calls (the
 * pulls run one after the other on the default stream); `scope` (GMCU_PULL_*):
 * the launch covers all the nodes in id order, else a frontier or a BFS level
 * of `nodes` nodes. min_deg is 0 (no hub rows: the kernel runs once, as
 * before) unless the walked side is skewed (gmcu_skewed); else 32 for a
 * frontier of fewer blocks than the GPU has multiprocessors, GMCU_BLOCK for
 * a larger one, 4096 for a sweep (hubs.cu says why). In the environment
 * GMCU_HUBS=0 turns the split off and GMCU_HUBS=all uses it on every graph
 * (for tests); GMCU_HUB_MIN_SMALL, GMCU_HUB_MIN and GMCU_HUB_MIN_SWEEP set the
 * three thresholds (at least 32). */
gmcu_hubs gmcu_hubs_for(gm_graph *G, bool in_edges, size_t elem, int scope, int64_t nodes);
/* Blocks of the WALK launch (a few per multiprocessor). */
unsigned gmcu_hubs_grid(void);
/* Whether sweeps split their hub rows on skewed graphs (not GMCU_HUBS=0). */
bool gmcu_hubs_on(void);
/* Whether the chunks in the buffers are those of the last MARK of `key`
 * (a kernel's unfiltered sweep, gmcu_launch_pull); if not, they are about to
 * be: the key is noted. Key 0 is never kept. GMCU_HUB_REMARK=1 marks every
 * time (for comparisons). */
bool gmcu_hubs_marked(unsigned long long key);
}

/* A pull kernel whose last parameter is a gmcu_hubs, over `blocks` blocks:
 * MARK, WALK and MAIN when hubs has hub rows, else MAIN alone. MAIN leaves
 * every hub row's partial at the identity again, so a sweep whose hub rows
 * are the graph's (an iteration's PageRank pull: 18 us of MARK on kron22)
 * skips MARK when the same kernel marked last. */
template <typename... P, typename... A>
static inline void gmcu_launch_pull(void (*kernel)(P...), unsigned blocks, gmcu_hubs hubs, const char *what, A... args)
{
    if (hubs.min_deg > 0) {
        const unsigned long long key =
            hubs.rows ? (hubs.rows ^ (unsigned long long)(uintptr_t)kernel) * 0x9e3779b97f4a7c15ULL + blocks : 0;
        if (!gmcu_hubs_marked(key)) {
            GMCU_CHECK(cudaMemsetAsync(hubs.count, 0, sizeof *hubs.count));
            hubs.phase = GMCU_HUBS_MARK;
            kernel<<<blocks, GMCU_BLOCK>>>(args..., hubs);
            GMCU_LAUNCHED(what);
        }
        hubs.phase = GMCU_HUBS_WALK;
        kernel<<<gmcu_hubs_grid(), GMCU_BLOCK>>>(args..., hubs);
        GMCU_LAUNCHED(what);
    }
    hubs.phase = GMCU_HUBS_MAIN;
    kernel<<<blocks, GMCU_BLOCK>>>(args..., hubs);
    GMCU_LAUNCHED(what);
}

/* *p = op(*p, v) for the reduction operators, atomically. */
template <typename T> __device__ static inline void gmcu_atomic_combine(gmcu_op_add, T *p, T v) { gmcu_atomic_add(p, v); }
template <typename T> __device__ static inline void gmcu_atomic_combine(gmcu_op_mul, T *p, T v) { gmcu_atomic_mul(p, v); }
template <typename T> __device__ static inline void gmcu_atomic_combine(gmcu_op_min, T *p, T v) { gmcu_atomic_min(p, v); }
template <typename T> __device__ static inline void gmcu_atomic_combine(gmcu_op_max, T *p, T v) { gmcu_atomic_max(p, v); }
__device__ static inline void gmcu_atomic_combine(gmcu_op_and, bool *p, bool v)
{
    if (!v)
        *(volatile bool *)p = false;
}
__device__ static inline void gmcu_atomic_combine(gmcu_op_or, bool *p, bool v)
{
    if (v)
        *(volatile bool *)p = true;
}

/* MARK for one thread's row [beg, end) of node n (a hub row). */
template <typename T> __device__ static inline void gmcu_hub_mark(gm_node_t n, gm_edge_t beg, gm_edge_t end, gmcu_hubs hubs, T id)
{
    ((T *)hubs.part)[n] = id;
    gmcu_chunks_push(hubs.chunks, hubs.count, n, beg, end, GMCU_HUB_CHUNK);
}

/* WALK: the chunks MARK left, one block per chunk, each combined into its
 * node's partial. Every thread of the block calls it. */
template <typename T, typename Op, typename Value>
__device__ static inline void gmcu_hub_walk(gmcu_hubs hubs, T id, Op op, Value value)
{
    const unsigned long long n = *(volatile unsigned long long *)hubs.count;
    for (unsigned long long c = blockIdx.x; c < n; c += gridDim.x) {
        const gmcu_chunk ch = hubs.chunks[c];
        T part = id;
        for (gm_edge_t e = ch.lo + threadIdx.x; e < ch.hi; e += blockDim.x)
            part = op(part, value(ch.node, e));
        part = gmcu_block_combine(part, op, id);
        if (threadIdx.x == 0)
            gmcu_atomic_combine(op, (T *)hubs.part + ch.node, part);
    }
}

/* The same walk as a reduction: returns, to each thread, id combined (op)
 * with value(n, e) over its own node's edges, whoever walked them. */
template <typename T, typename Op, typename Value>
__device__ static inline T gmcu_twc_reduce(gm_node_t n, gm_edge_t beg, gm_edge_t end, T id, Op op, Value value,
                                           gmcu_hubs hubs = gmcu_hubs{})
{
    __shared__ int owner;
    __shared__ gm_node_t b_node;
    __shared__ gm_edge_t b_beg, b_end;
    const gm_edge_t deg = end - beg;
    bool mine = deg > 0;
    T acc = id;
    if (hubs.min_deg > 0 && mine && deg >= hubs.min_deg) { /* a hub row: the whole grid walks it */
        mine = false;
        if (hubs.phase == GMCU_HUBS_MARK) {
            gmcu_hub_mark(n, beg, end, hubs, id);
        } else {
            acc = ((const T *)hubs.part)[n];
            ((T *)hubs.part)[n] = id; /* as MARK left it: the next WALK may come without MARK */
        }
    }
    if (hubs.phase == GMCU_HUBS_MARK)
        return acc; /* the same for the whole block: a kernel parameter */
    /* Rows from 512 edges by the whole block, one at a time (six barriers
     * each); shorter ones by a warp. With 256 (the block size) PageRank
     * kron22, 20 iterations, took 18.8 ms against 18.6 (H200); with 1024,
     * 19.4. */
#ifndef GMCU_REDUCE_BLOCK_MIN
#define GMCU_REDUCE_BLOCK_MIN 512
#endif
    while (__syncthreads_or(mine && deg >= GMCU_REDUCE_BLOCK_MIN)) {
        if (mine && deg >= GMCU_REDUCE_BLOCK_MIN)
            owner = threadIdx.x;
        __syncthreads();
        const int own = owner;
        if (own == (int)threadIdx.x) {
            b_node = n;
            b_beg = beg;
            b_end = end;
            mine = false;
        }
        __syncthreads();
        const gm_node_t bn = b_node;
        const gm_edge_t hi = b_end;
        T part = id;
        for (gm_edge_t e = b_beg + threadIdx.x; e < hi; e += blockDim.x)
            part = op(part, value(bn, e));
        part = gmcu_block_combine(part, op, id); /* also orders the next round's b_* */
        __shared__ T result;
        if (threadIdx.x == 0)
            result = part;
        __syncthreads();
        if (own == (int)threadIdx.x)
            acc = op(acc, result);
        __syncthreads();
    }
    const int lane = threadIdx.x & 31;
    unsigned want;
    while ((want = __ballot_sync(0xffffffffu, mine && deg >= 32)) != 0) {
        const int leader = __ffs(want) - 1;
        const gm_node_t wn = gmcu_shfl(n, leader);
        const gm_edge_t lo = gmcu_shfl(beg, leader), hi = gmcu_shfl(end, leader);
        T part = id;
        for (gm_edge_t e = lo + lane; e < hi; e += 32)
            part = op(part, value(wn, e));
        part = gmcu_shfl(gmcu_warp_combine(part, op), 0);
        if (lane == leader) {
            acc = op(acc, part);
            mine = false;
        }
    }
#if GMCU_TWC_FLAT
    /* each step's run of one owner is combined by a segmented shuffle scan
     * (the runs are contiguous) and its last lane adds it to the owner's
     * slot: one writer per slot a step */
    __shared__ T f_acc[GMCU_BLOCK];
    f_acc[threadIdx.x] = id;
    gmcu_twc_flat(mine, n, beg, deg, [&](bool valid, int owner, gm_node_t on, gm_edge_t e) {
        T v = valid ? value(on, e) : id;
        const int run = valid ? owner : -1;
        for (int o = 1; o < 32; o <<= 1) {
            const T x = gmcu_shfl_up(v, o); /* every lane shuffles */
            const int xrun = __shfl_up_sync(0xffffffffu, run, o);
            if (lane >= o && xrun == run)
                v = op(x, v);
        }
        const int next = __shfl_down_sync(0xffffffffu, run, 1);
        if (valid && (lane == 31 || next != run))
            f_acc[(threadIdx.x & ~31) + owner] = op(f_acc[(threadIdx.x & ~31) + owner], v);
        __syncwarp();
    });
    if (mine)
        acc = op(acc, f_acc[threadIdx.x]);
#else
    if (mine)
        for (gm_edge_t e = beg; e < end; e++)
            acc = op(acc, value(n, e));
#endif
    return acc;
}

#endif /* GMCU_BALANCE_H */
