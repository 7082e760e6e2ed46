/* gmd_gpu_components.cu (libgmrt-dist-cuda): the minimum-label fixpoint
 * (gm_opt/min_label.c's loops, wcc) on a partitioned graph with the labels
 * in GPU memory, for gmc -t cuda --distributed. Contract: gmd_gpu.h
 * (gmd_gpu_min_label_components_i32/i64).
 *
 * gmd_components.c's rounds on the device: the local components once, by
 * the one-GPU union-find (gmcu_min_label_components, libgmrt-cuda) on the
 * device copy of G->local with each node's local id as its label, so
 * root[v] is the smallest local id of v's local component; then per round
 * every label becomes its local component's minimum (an atomic min at the
 * root, then a copy back), gmd_gpu_sync_reduce (MIN) and
 * gmd_gpu_sync_broadcast, until no sync changed a label on any rank (one
 * allreduce of a flag per round). gmd_components.c says why that ends with
 * every label the smallest starting label of its global weakly connected
 * component. The labels never leave the device; only the flag does.
 * A separate object of the archive: only programs that call it (and link
 * libgmrt-cuda, as every gmc -t cuda program does) pull it in. */
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "gmcu_graph.h"
#include "gmd_gpu.h"

__global__ static void iota(int32_t *root, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        root[v] = (int32_t)v;
}

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

template <typename T> __global__ static void comp_spread(const int32_t *root, T *label, const T *best, int64_t n)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        label[v] = best[root[v]];
}

/* flag = 1 when a[v] != b[v] for some v < n. */
template <typename T> __global__ static void differs(const T *a, const T *b, int64_t n, int *flag)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < n; v += (int64_t)gridDim.x * blockDim.x)
        if (a[v] != b[v]) {
            *flag = 1;
            return;
        }
}

static void check(cudaError_t ce, const char *what)
{
    if (ce != cudaSuccess) {
        char msg[256];
        snprintf(msg, sizeof msg, "gmd_gpu_min_label_components: %s: %s", what, cudaGetErrorString(ce));
        gmd_abort(3, msg);
    }
}

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
    T *before = NULL, *best = NULL;
    int32_t *root = NULL;
    int *d_flag = NULL;
    const size_t cells = (size_t)(n > 0 ? n : 1);
    check(cudaMalloc((void **)&before, cells * sizeof(T)), "cudaMalloc");
    check(cudaMalloc((void **)&best, cells * sizeof(T)), "cudaMalloc");
    check(cudaMalloc((void **)&root, cells * sizeof(int32_t)), "cudaMalloc");
    check(cudaMalloc((void **)&d_flag, sizeof(int)), "cudaMalloc");
    const unsigned nb = (unsigned)(n > 0 ? (n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096 : 1);
    /* the local components once (the local graph does not change between
     * rounds): root[v] = the smallest local id of v's local component */
    if (n > 0) {
        iota<<<nb, 256>>>(root, n);
        check(cudaGetLastError(), "launch");
        gmcu_min_label_components_i32(G->local, root);
    }
    t0 = stage(on, t0, "local union-find", 0);
    (void)gmd_gpu_sync_broadcast(H, label, t); /* the ghosts' copies: their owners' labels */
    int64_t rounds = 0;
    t0 = stage(on, t0, "first broadcast", 0);
    for (;;) {
        rounds++;
        if (n > 0) { /* each label: the smallest of its local component */
            check(cudaMemcpy(best, label, (size_t)n * sizeof(T), cudaMemcpyDeviceToDevice), "copy");
            comp_min<T><<<nb, 256>>>(root, label, best, n);
            check(cudaGetLastError(), "launch");
            comp_spread<T><<<nb, 256>>>(root, label, best, n);
            check(cudaGetLastError(), "launch");
            check(cudaMemcpy(before, label, (size_t)n * sizeof(T), cudaMemcpyDeviceToDevice), "copy");
        }
        t0 = stage(on, t0, "component minima", rounds);
        (void)gmd_gpu_sync_reduce(H, label, t, GMD_MIN);
        (void)gmd_gpu_sync_broadcast(H, label, t);
        t0 = stage(on, t0, "reduce and broadcast", rounds);
        int h_flag = 0;
        check(cudaMemset(d_flag, 0, sizeof(int)), "cudaMemset");
        if (n > 0) {
            differs<T><<<nb, 256>>>(before, label, n, d_flag);
            check(cudaGetLastError(), "launch");
        }
        check(cudaMemcpy(&h_flag, d_flag, sizeof(int), cudaMemcpyDeviceToHost), "copy");
        bool changed = h_flag != 0;
        gmd_allreduce_bool(&changed, GMD_OR);
        t0 = stage(on, t0, "changed?", rounds);
        if (!changed)
            break;
    }
    cudaFree(best);
    cudaFree(root);
    cudaFree(before);
    cudaFree(d_flag);
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
