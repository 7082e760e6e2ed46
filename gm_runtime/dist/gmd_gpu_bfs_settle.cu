/* gmd_gpu_bfs_settle.cu (libgmrt-dist-cuda): the end of a distributed BFS
 * of many levels with the levels in GPU memory, settled rank by rank, for
 * gmc -t cuda --distributed. Contract: gmd_gpu.h (gmd_gpu_bfs_settle).
 *
 * gmd_bfs_settle.c's rounds on the device: each round every rank walks its
 * seeds to a local fixpoint with the one-GPU label correction
 * (gmcu_bfs_relax, libgmrt-cuda) over G->local, so every node it reaches
 * through this rank's edges gets the shortest distance from the seeds
 * (ghosts lowered too; a ghost's local edges are real edges, so walking on
 * from it only finds real paths); then a MIN reduce of the levels (the
 * ghosts to their owners) and the owners it lowered seed the next round,
 * until it lowers none on any rank (an allreduce of their count). The
 * levels never leave the device; the counts do. A separate object of the
 * archive: only programs that call it pull it (and libgmrt-cuda) in. */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "gmcu_bfs.h"
#include "gmcu_device.h"
#include "gmcu_graph.h"
#include "gmd_gpu.h"
#include "gmd_gpu_check.h"

static void check(cudaError_t ce, const char *what) { gmd_gpu_check(ce, "gmd_gpu_bfs_settle", what); }
static void *scratch(size_t bytes) { return gmd_gpu_scratch(bytes, "gmd_gpu_bfs_settle"); }

static unsigned blocks(int64_t n)
{
    const int64_t b = (n + GMCU_BLOCK - 1) / GMCU_BLOCK;
    return (unsigned)(b < 1 ? 1 : b < 4096 ? b : 4096);
}

/* level[v] == from becomes to, for v < n */
__global__ static void swap_value(int32_t *level, int64_t n, int32_t from, int32_t to)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        if (level[v] == from)
            level[v] = to;
}

/* The owners the exchange lowered (level below before) to out[*cnt...]. */
__global__ static void lowered(const int32_t *level, const int32_t *before, int64_t nowned, gm_node_t *out,
                               unsigned long long *cnt)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < nowned;
         v += (int64_t)gridDim.x * blockDim.x)
        if (level[v] < before[v])
            out[atomicAdd(cnt, 1ULL)] = (gm_node_t)v;
}

/* The owners at depth or deeper (reached) to out[*cnt...]. */
__global__ static void found(const int32_t *level, int64_t nowned, int32_t depth, gm_node_t *out,
                             unsigned long long *cnt)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < nowned;
         v += (int64_t)gridDim.x * blockDim.x)
        if (level[v] >= depth && level[v] != INT32_MAX)
            out[atomicAdd(cnt, 1ULL)] = (gm_node_t)v;
}

int64_t gmd_gpu_bfs_settle(gmd_graph *G, int32_t *dev_level, int32_t unseen, gm_node_t *dev_queue, int64_t head,
                           int64_t tail, int32_t depth)
{
    gmrt_error err;
    gmrt_error_clear(&err);
    gmd_gpu_graph *H = gmd_gpu_graph_of(G, &err);
    if (!H)
        gmd_abort(1, err.message);
    const int64_t nowned = G->num_owned, n = gmd_num_local(G);
    const gm_graph *gd = gmcu_graph(G->local, 0);
    /* the seeds in a queue of the local graph's size (gmcu_bfs_relax's) */
    gm_node_t *q = (gm_node_t *)scratch(((size_t)n + 1) * sizeof(gm_node_t));
    int32_t *before = (int32_t *)scratch(((size_t)nowned + 1) * sizeof(int32_t));
    unsigned long long *d_cnt = (unsigned long long *)scratch(sizeof(unsigned long long));
    if (unseen != INT32_MAX && n > 0) { /* -1: above every level for the MIN reduce */
        swap_value<<<blocks(n), GMCU_BLOCK>>>(dev_level, n, unseen, INT32_MAX);
        check(cudaGetLastError(), "launch");
    }
    const char *env = getenv("GMD_RANK_TIMES");
    const bool trace = env && *env && strcmp(env, "0") != 0;
    const double t0 = MPI_Wtime();
    int64_t rounds = 0;
    int64_t nseeds = tail - head;
    if (nseeds > 0)
        check(cudaMemcpy(q, dev_queue + head, (size_t)nseeds * sizeof(gm_node_t), cudaMemcpyDeviceToDevice),
              "the frontier");
    for (;;) {
        if (nseeds > 0)
            gmcu_bfs_relax(gd, false, dev_level, q, 0, nseeds, n);
        if (nowned > 0)
            check(cudaMemcpy(before, dev_level, (size_t)nowned * sizeof(int32_t), cudaMemcpyDeviceToDevice),
                  "the owners' levels");
        if (!gmd_gpu_sync_reduce(H, dev_level, GMRT_T_INT32, GMD_MIN))
            gmd_abort(1, "gmd_gpu_bfs_settle: the levels' exchange failed");
        unsigned long long c = 0;
        if (nowned > 0) {
            check(cudaMemset(d_cnt, 0, sizeof c), "a counter");
            lowered<<<blocks(nowned), GMCU_BLOCK>>>(dev_level, before, nowned, q, d_cnt);
            check(cudaGetLastError(), "launch");
            check(cudaMemcpy(&c, d_cnt, sizeof c, cudaMemcpyDeviceToHost), "a counter");
        }
        nseeds = (int64_t)c;
        rounds++;
        int64_t total = nseeds;
        gmd_allreduce_int64(&total, GMD_SUM);
        if (total == 0)
            break;
    }
    (void)gmd_gpu_sync_broadcast(H, dev_level, GMRT_T_INT32); /* every ghost its owner's level */
    unsigned long long c = 0;
    if (nowned > 0) {
        check(cudaMemset(d_cnt, 0, sizeof c), "a counter");
        found<<<blocks(nowned), GMCU_BLOCK>>>(dev_level, nowned, depth, dev_queue + head, d_cnt);
        check(cudaGetLastError(), "launch");
        check(cudaMemcpy(&c, d_cnt, sizeof c, cudaMemcpyDeviceToHost), "a counter");
    }
    if (unseen != INT32_MAX && n > 0) {
        swap_value<<<blocks(n), GMCU_BLOCK>>>(dev_level, n, INT32_MAX, unseen);
        check(cudaGetLastError(), "launch");
    }
    gmcu_free(q);
    gmcu_free(before);
    gmcu_free(d_cnt);
    if (trace) /* GMD_RANK_TIMES=1: where a settled BFS's time went */
        fprintf(stderr, "rank %d: bfs settled from level %d in %lld rounds, %.3f ms, %llu owners found\n", gmd_rank(),
                (int)depth, (long long)rounds, (MPI_Wtime() - t0) * 1e3, c);
    return head + (int64_t)c;
}
