/* gmd_gpu_components.cu (libgmrt-dist-cuda): the minimum-label fixpoint
 * (gm_opt/min_label.c's loops, wcc) on a partitioned graph with the labels
 * in GPU memory, for gmc -t cuda --distributed. Contract: gmd_gpu.h
 * (gmd_gpu_min_label_components_i32/i64).
 *
 * gmd_components.c's rounds on the device, with another stop: the local
 * components once, by the one-GPU union-find (gmcu_component_roots,
 * libgmrt-cuda) on the device copy of G->local, so root[v] is the smallest
 * local id of v's local component; a broadcast (the ghosts' values on entry
 * are not read); then per round every label becomes its local component's
 * minimum (an atomic min at the root, then a copy back that flags a label
 * it changed), and the rounds end when that changed no label on any rank
 * (one allreduce of the flag); else gmd_gpu_sync_reduce (MIN) and
 * gmd_gpu_sync_broadcast, and the next round. Minima that change nothing
 * right after a broadcast leave every label constant on its local
 * component and every ghost equal to its owner: gmd_components.c's end
 * condition, whose argument then gives every label the smallest starting
 * label of its global weakly connected component. Against gmd_components.c's
 * stop (the syncs changed nothing) this runs no more syncs (minima after
 * syncs that changed nothing change nothing), skips the last round's syncs
 * where minima after a sync find nothing to do, and costs at most one more
 * minima pass and allreduce; it needs no copy of the labels before the
 * syncs and no pass comparing them. Where no rank has a ghost (one rank)
 * the local components are the global ones: the one-GPU fixpoint alone,
 * what -t cuda runs.
 * The labels never leave the device; only the flag does.
 * A separate object of the archive: only programs that call it (and link
 * libgmrt-cuda, as every gmc -t cuda program does) pull it in. */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "gmcu_device.h"
#include "gmcu_graph.h"
#include "gmd_gpu.h"
#include "gmd_gpu_check.h"

__device__ static void atomic_min_to(int32_t *a, int32_t v) { atomicMin(a, v); }
__device__ static void atomic_min_to(int64_t *a, int64_t v)
{
    atomicMin((long long *)a, (long long)v);
}

/* best[v] = label[v], then best[root[v]] = min over its component. */
template <typename T> __global__ static void comp_min(const int32_t *root, const T *label, T *best, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        if (root[v] != v && label[v] < best[root[v]])
            atomic_min_to(&best[root[v]], label[v]);
}

/* label[v] = its component's minimum; *flag = 1 when that changed a label
 * (one write per block that changed one: a flag every thread wrote would
 * be one hot address). */
template <typename T> __global__ static void comp_spread(const int32_t *root, T *label, const T *best, int64_t n, int *flag)
{
    int changed = 0;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x) {
        const T l = best[root[v]];
        if (l != label[v]) {
            label[v] = l;
            changed = 1;
        }
    }
    if (__syncthreads_or(changed) && threadIdx.x == 0)
        *flag = 1;
}

static void check(cudaError_t ce, const char *what) { gmd_gpu_check(ce, "gmd_gpu_min_label_components", what); }

/* GMD_RANK_TIMES=1: each rank's milliseconds per stage on stderr (a device
 * sync after each: for finding where the time goes). */
static double stage(bool on, double t0, const char *what, int64_t rounds)
{
    if (!on)
        return t0;
    check(cudaDeviceSynchronize(), "sync");
    const double t1 = MPI_Wtime();
    fprintf(stderr, "rank %d: components: %s %.3f ms (round %lld)\n", gmd_rank(), what, (t1 - t0) * 1e3,
            (long long)rounds);
    return t1;
}

/* The one-GPU fixpoint of the labels' type. */
static void one_gpu(gm_graph *g, int32_t *label) { gmcu_min_label_components_i32(g, label); }
static void one_gpu(gm_graph *g, int64_t *label) { gmcu_min_label_components_i64(g, label); }

/* Device scratch (a later call reuses it); running out stops every rank,
 * as any CUDA failure here does. */
static void *scratch(size_t bytes) { return gmd_gpu_scratch(bytes, "gmd_gpu_min_label_components"); }

template <typename T> static int64_t min_label(gmd_graph *G, T *label, gmrt_type t)
{
    const char *env = getenv("GMD_RANK_TIMES");
    const bool on = env && *env && strcmp(env, "0") != 0;
    double t0 = stage(on, MPI_Wtime(), "start", 0);
    gmrt_error err;
    gmrt_error_clear(&err);
    gmd_gpu_graph *H = gmd_gpu_graph_of(G, &err);
    if (!H)
        return -1;
    const int64_t n = gmd_num_local(G);
    if (gmd_gpu_no_ghosts(H)) {
        /* no rank has a ghost (the same on every rank): each local
         * component is a global one, and the rounds below would take one
         * that changes nothing */
        if (n > 0)
            one_gpu(G->local, label);
        (void)stage(on, t0, "local union-find and labels (no ghosts)", 1);
        return 1;
    }
    const size_t cells = (size_t)(n > 0 ? n : 1);
    T *best = (T *)scratch(cells * sizeof(T));
    int32_t *root = (int32_t *)scratch(cells * sizeof(int32_t));
    int *d_flag = (int *)scratch(sizeof(int));
    const unsigned nb = (unsigned)(n > 0 ? (n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096 : 1);
    /* the local components once (the local graph does not change between
     * rounds): root[v] = the smallest local id of v's local component */
    if (n > 0)
        gmcu_component_roots(G->local, root);
    t0 = stage(on, t0, "local union-find", 0);
    (void)gmd_gpu_sync_broadcast(H, label, t); /* the ghosts' copies: their owners' labels */
    int64_t rounds = 0;
    t0 = stage(on, t0, "first broadcast", 0);
    for (;;) {
        rounds++;
        int h_flag = 0;
        check(cudaMemset(d_flag, 0, sizeof(int)), "cudaMemset");
        if (n > 0) { /* each label: the smallest of its local component */
            check(cudaMemcpy(best, label, (size_t)n * sizeof(T), cudaMemcpyDeviceToDevice), "copy");
            comp_min<T><<<nb, 256>>>(root, label, best, n);
            check(cudaGetLastError(), "launch");
            comp_spread<T><<<nb, 256>>>(root, label, best, n, d_flag);
            check(cudaGetLastError(), "launch");
        }
        check(cudaMemcpy(&h_flag, d_flag, sizeof(int), cudaMemcpyDeviceToHost), "copy");
        t0 = stage(on, t0, "component minima", rounds);
        /* no label moved on any rank since the last syncs (or the first
         * broadcast): constant on every local component, every ghost its
         * owner's, so the fixpoint (gmd_components.c's argument) */
        bool changed = h_flag != 0;
        gmd_allreduce_bool(&changed, GMD_OR);
        t0 = stage(on, t0, "changed?", rounds);
        if (!changed)
            break;
        (void)gmd_gpu_sync_reduce(H, label, t, GMD_MIN);
        (void)gmd_gpu_sync_broadcast(H, label, t);
        t0 = stage(on, t0, "reduce and broadcast", rounds);
    }
    gmcu_free(best);
    gmcu_free(root);
    gmcu_free(d_flag);
    (void)stage(on, t0, "free", rounds);
    return rounds;
}

int64_t gmd_gpu_min_label_components_i32(gmd_graph *G, int32_t *dev_label)
{
    return min_label(G, dev_label, GMRT_T_INT32);
}

int64_t gmd_gpu_min_label_components_i64(gmd_graph *G, int64_t *dev_label)
{
    return min_label(G, dev_label, GMRT_T_INT64);
}
