/* gmcu_bfs.h: BFS on the device. The bottom-up search (gmcu_find_edge),
 * frontier appends that count the next frontier's edges
 * (gmcu_push_counted), level fills, and the switch to label correction for
 * long runs of levels (gmcu_bfs_relax, gm_runtime/cuda/bfs_relax.cu). */
#ifndef GMCU_BFS_H
#define GMCU_BFS_H

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "gmcu_atomics.h"
#include "gmcu_device.h"

/* Bottom-up BFS: whether found(e) holds for some edge e of [beg, end),
 * stopping at the first. One thread scanning its row alone waits a memory
 * latency per edge, and an unvisited node of many edges with no parent in
 * the frontier kept the whole launch waiting (bc_one kron20 from node 5:
 * one bottom-up step 572 us); here rows of a block's worth of edges are
 * searched by the block, rows of 32 or more by the warp, each a step of
 * blockDim.x or 32 edges at a time. Every thread of the block calls it,
 * with mine false where it has no row. */
template <typename Found>
__device__ static inline bool gmcu_find_edge(bool mine, gm_edge_t beg, gm_edge_t end, Found found)
{
    __shared__ int owner;
    __shared__ gm_edge_t b_beg, b_end;
    const gm_edge_t deg = end - beg;
    bool hit = false;
    while (__syncthreads_or(mine && deg >= GMCU_BLOCK)) {
        if (mine && deg >= GMCU_BLOCK)
            owner = threadIdx.x; /* any one of them */
        __syncthreads();
        const int own = owner;
        if (own == (int)threadIdx.x) {
            b_beg = beg;
            b_end = end;
            mine = false;
        }
        __syncthreads();
        const gm_edge_t lo = b_beg, hi = b_end;
        bool got = false;
        for (gm_edge_t base = lo; base < hi; base += blockDim.x) { /* the bound is the block's: uniform */
            const gm_edge_t e = base + (gm_edge_t)threadIdx.x;
            if (__syncthreads_or(e < hi && found(e))) {
                got = true;
                break;
            }
        }
        if (own == (int)threadIdx.x)
            hit = got;
    }
    const int lane = threadIdx.x & 31;
    unsigned want;
    while ((want = __ballot_sync(0xffffffffu, mine && deg >= 32)) != 0) {
        const int leader = __ffs(want) - 1;
        const gm_edge_t lo = gmcu_shfl(beg, leader), hi = gmcu_shfl(end, leader);
        bool got = false;
        for (gm_edge_t base = lo; base < hi; base += 32) {
            const gm_edge_t e = base + lane;
            if (__any_sync(0xffffffffu, e < hi && found(e))) {
                got = true;
                break;
            }
        }
        if (lane == leader) {
            hit = got;
            mine = false;
        }
    }
    if (mine)
        for (gm_edge_t e = beg; e < end; e++)
            if (found(e)) {
                hit = true;
                break;
            }
    return hit;
}

/* gmcu_push, and v's edge count added to *edges (a BFS counts the next
 * frontier's edges to choose its direction): one atomic each per group. */
__device__ static inline void gmcu_push_counted(gm_node_t *queue, unsigned long long *tail, gm_node_t v,
                                                unsigned long long *edges, unsigned long long deg)
{
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    const unsigned long long sum = cooperative_groups::reduce(g, deg, cooperative_groups::plus<unsigned long long>());
    unsigned long long base = 0;
    if (g.thread_rank() == 0) {
        base = atomicAdd(tail, (unsigned long long)g.size());
        atomicAdd(edges, sum);
    }
    base = g.shfl(base, 0);
    queue[base + g.thread_rank()] = v;
}

/* ---- BFS helpers ---------------------------------------------------------------------- */

__global__ static void gmcu_fill_i32(int32_t *a, int64_t n, int32_t v)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (int64_t)gridDim.x * blockDim.x)
        a[i] = v;
}

/* ---- BFS by label correction (gm_runtime/cuda/bfs_relax.cu) ---------------------- */
/* A BFS whose levels nothing but their values observes (a local body, no
 * InReverse, no navigator) switches after GMCU_BFS_RELAX_AFTER levels (a
 * long run of levels: a high-diameter graph) to gmcu_bfs_relax, where each
 * block walks up to GMCU_BFS_LOCAL_LEVELS levels of its share of the frontier
 * between grid barriers (-fcuda-async). */
#ifndef GMCU_BFS_RELAX_AFTER
#define GMCU_BFS_RELAX_AFTER 64
#endif
#ifndef GMCU_BFS_LOCAL_LEVELS
#define GMCU_BFS_LOCAL_LEVELS 32
#endif

extern "C" {

/* Completes a BFS from the frontier queue[head, tail) (device) whose nodes
 * and every node before them have exact levels (-1: unreached) in `level`:
 * on return every level reachable through them is the exact hop distance.
 * gd: the device graph (in_edges: walk its reverse edges); queue (n + 1
 * nodes) is overwritten. GMCU_STATS=1: what it did, on stderr. */
void gmcu_bfs_relax(const gm_graph *gd, bool in_edges, int32_t *level, gm_node_t *queue, int64_t head, int64_t tail,
                    int64_t n);

} /* extern "C" */

#endif /* GMCU_BFS_H */
