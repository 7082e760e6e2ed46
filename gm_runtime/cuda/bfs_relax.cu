/* bfs_relax.cu (libgmrt-cuda): the rest of a BFS by label correction, for
 * graphs of long thin frontiers (road networks, grids). Contract: gmcu_bfs.h.
 *
 * A level-synchronous BFS pays one grid barrier per level; a 4500 x 4500
 * grid has 9,000 levels of at most 4,500 nodes and spends its time in the
 * barriers. Here a block takes its share of the frontier into shared memory
 * and walks up to `local_levels` levels of it alone (block barriers only),
 * lowering levels with atomicMin. A node reached first through another
 * block's share may get a level too high; the block holding its true parent
 * lowers it later and walks on from it, so the levels end exact (hop
 * distances are a monotone fixpoint; see the invariant at the kernel). On a
 * wavefront the shares stay next to each other and few nodes are lowered
 * twice. */
#include "gmcu_bfs.h"
#include "gmcu_device.h"
#include "gmcu_worklist.h"

#include <stdio.h>
#include <stdlib.h>

#define RELAX_CAP 2048 /* nodes a block holds per level in shared memory */

/* Invariant: every lowering of a node's level queues the node again (in
 * the block's shared queue with the value it was lowered to, or in the next
 * global queue, which reads the level when the next phase loads it), and
 * every queued node is expanded with its queued value. The last lowering's
 * expansion uses the final value, so when a phase ends with the global
 * queue empty, level[w] <= level[u] + 1 for every edge u -> w with u
 * reached, and each level is the length of a path from the root: the hop
 * distances. The per-phase mark keeps a node in the global queue once, so
 * neither queue outgrows the nodes. */
__global__ static void __launch_bounds__(GMCU_BLOCK)
    bfs_relax_kernel(const gm_graph *G, bool in_edges, int32_t *level, gm_node_t *cur, gm_node_t *nxt, int64_t ncur,
                     int32_t *mark, unsigned long long *ctr, int local_levels)
{
    cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    __shared__ gm_node_t sq[2][RELAX_CAP];
    __shared__ unsigned int sl[2][RELAX_CAP]; /* the level each queued node had when queued */
    __shared__ unsigned int sn[2];
    const gm_edge_t *begin = in_edges ? G->r_begin : G->begin;
    const gm_node_t *adj = in_edges ? G->r_node_idx : G->node_idx;
    unsigned int *lv = (unsigned int *)level; /* unreached (-1) is the largest */
    unsigned long long expanded = 0;
    int k = 0; /* three append counters in turn: one grid barrier per phase */
    if (grid.thread_rank() == 0)
        ctr[0] = ctr[16] = ctr[32] = 0;
    grid.sync();
    int32_t phase = 0;
    for (; ncur > 0; phase++) {
        unsigned long long *out = &ctr[16 * k];
        if (grid.thread_rank() == 0)
            ctr[16 * ((k + 1) % 3)] = 0;
        /* a contiguous share per block; several levels alone only while it is small */
        const int64_t per = (ncur + gridDim.x - 1) / gridDim.x;
        const int levels = per <= RELAX_CAP / 4 ? local_levels : 1;
        const int64_t lo = (int64_t)blockIdx.x * per, hi = lo + per < ncur ? lo + per : ncur;
        for (int64_t p = lo; p < hi; p += RELAX_CAP) {
            const int64_t pe = p + RELAX_CAP < hi ? p + RELAX_CAP : hi;
            __syncthreads(); /* the last piece's threads are done with sq and sn */
            for (int64_t i = threadIdx.x; i < pe - p; i += blockDim.x) {
                const gm_node_t u = cur[p + i];
                sq[0][i] = u;
                sl[0][i] = *(volatile unsigned int *)&lv[u];
            }
            if (threadIdx.x == 0)
                sn[0] = (unsigned int)(pe - p);
            int s = 0;
            for (int l = 0; l < levels; l++) {
                if (threadIdx.x == 0)
                    sn[s ^ 1] = 0;
                __syncthreads();
                const unsigned int m = sn[s] < RELAX_CAP ? sn[s] : RELAX_CAP;
                const bool last = l == levels - 1;
                if (threadIdx.x == 0)
                    expanded += m;
                for (unsigned int i = threadIdx.x; i < m; i += blockDim.x) {
                    /* the level it was queued with: if another block lowered it
                     * since, that block queued it too and relaxes from there */
                    const gm_node_t u = sq[s][i];
                    const unsigned int d = sl[s][i] + 1;
                    const gm_edge_t e1 = begin[u + 1];
                    /* edges four at a time: the loads, then the atomics, in flight together */
                    for (gm_edge_t e = begin[u]; e < e1; e += 4) {
                        gm_node_t w[4];
                        unsigned int old[4];
#pragma unroll
                        for (int j = 0; j < 4; j++)
                            w[j] = e + j < e1 ? adj[e + j] : -1;
#pragma unroll
                        for (int j = 0; j < 4; j++)
                            old[j] = w[j] >= 0 ? atomicMin(&lv[w[j]], d) : 0;
#pragma unroll
                        for (int j = 0; j < 4; j++) {
                            if (old[j] <= d)
                                continue;
                            if (!last) {
                                const unsigned int pos = atomicAdd(&sn[s ^ 1], 1u);
                                if (pos < RELAX_CAP) {
                                    sq[s ^ 1][pos] = w[j];
                                    sl[s ^ 1][pos] = d;
                                    continue;
                                }
                            }
                            gmcu_wl_push(nxt, out, mark, phase, w[j]); /* the next phase's, or shared memory is full */
                        }
                    }
                }
                __syncthreads();
                if (sn[s ^ 1] == 0)
                    break;
                s ^= 1;
            }
        }
        grid.sync();
        ncur = (int64_t)*(volatile unsigned long long *)out;
        gm_node_t *t = cur;
        cur = nxt;
        nxt = t;
        k = (k + 1) % 3;
    }
    if (threadIdx.x == 0)
        atomicAdd(&ctr[48], expanded);
    if (grid.thread_rank() == 0)
        ctr[64] = (unsigned long long)phase;
}

void gmcu_bfs_relax(const gm_graph *gd, bool in_edges, int32_t *level, gm_node_t *queue, int64_t head, int64_t tail,
                    int64_t n)
{
    const int64_t count = tail - head;
    if (count <= 0)
        return;
    int local_levels = GMCU_BFS_LOCAL_LEVELS;
    const char *env = getenv("GMCU_BFS_LOCAL_LEVELS"); /* for tuning */
    if (env && atoi(env) > 0)
        local_levels = atoi(env);
    gm_node_t *other = (gm_node_t *)gmcu_malloc((size_t)(n + 1) * sizeof(gm_node_t), "relaxed BFS queue");
    int32_t *mark = (int32_t *)gmcu_malloc((size_t)(n + 1) * sizeof(int32_t), "relaxed BFS marks");
    unsigned long long *ctr = (unsigned long long *)gmcu_malloc(80 * sizeof(unsigned long long), "relaxed BFS counters");
    GMCU_CHECK(cudaMemset(mark, 0xff, (size_t)(n + 1) * sizeof(int32_t))); /* -1: no phase yet */
    GMCU_CHECK(cudaMemset(ctr, 0, 80 * sizeof(unsigned long long)));
    /* the frontier moves to the front of the other queue; the BFS queue is the second one */
    GMCU_CHECK(cudaMemcpy(other, queue + head, (size_t)count * sizeof(gm_node_t), cudaMemcpyDeviceToDevice));
    const unsigned blocks = gmcu_coop_blocks(bfs_relax_kernel, 1);
    gmcu_launch_coop(bfs_relax_kernel, blocks, "relaxed BFS", gd, in_edges, level, other, queue, count, mark, ctr,
                     local_levels);
    const char *stats = getenv("GMCU_STATS");
    if (stats && *stats && *stats != '0') {
        unsigned long long c[80];
        GMCU_CHECK(cudaMemcpy(c, ctr, sizeof c, cudaMemcpyDeviceToHost));
        fprintf(stderr, "gmcu: relaxed BFS from %lld frontier nodes: %llu nodes expanded in %llu phases of up to %d "
                        "levels, %u blocks\n", (long long)count, c[48], c[64], local_levels, blocks);
    }
    gmcu_free(other);
    gmcu_free(mark);
    gmcu_free(ctr);
}
