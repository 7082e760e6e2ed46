/* gmd_gpu.cu: libgmrt-dist-cuda (gmd_gpu.h): the device, the transport
 * (NCCL when built with GMD_HAVE_NCCL, else or on request MPI staged
 * through pinned host memory), the device send lists of a graph, and the
 * dense owner<->ghost syncs and allreduces on device arrays. */
#include <mpi.h>
#include <cuda_runtime.h>
#ifdef GMD_HAVE_NCCL
#include <nccl.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "gmd_internal.h"
}
#include "gmd_gpu.h"

/* Every device buffer here in whole 16-byte units: NCCL's copy kernels
 * read a byte-typed buffer's last word whole (compute-sanitizer memcheck,
 * session 33: ncclDevKernel_SendRecv read 4 bytes at offset 6,504 of a
 * 6,507-byte Bool array and the kernel was stopped; the property arrays
 * come from gmcu_malloc, padded the same way). */
static cudaError_t padded_malloc(void **p, size_t bytes)
{
    return cudaMalloc(p, (bytes + 15) / 16 * 16);
}

/* The transport's state: one per process, as MPI's communicator. */
static struct {
    bool up;
    gmd_comm comm;
    int device;
    cudaStream_t stream;
#ifdef GMD_HAVE_NCCL
    ncclComm_t nccl;
#endif
} gs = {false, GMD_COMM_AUTO, -1, NULL
#ifdef GMD_HAVE_NCCL
        , NULL
#endif
};

struct gmd_gpu_graph {
    const gmd_graph *G;
    gm_node_t *idx;      /* device: send_idx of every peer, concatenated in rank order */
    size_t *off;         /* host, size+1: peer p's entries are idx[off[p] .. off[p+1]) */
    void *buf;           /* device: total entries of the widest type */
    size_t total;
    /* mpi: counts and offsets (elements) of the owners' side (the send
     * lists) and the ghosts' side (relative to the first ghost), and pinned
     * host copies of both sides */
    size_t *own_cnt, *own_off, *gh_cnt, *gh_off;
    char *h_own, *h_gh;
    /* gmd_gpu_sync_broadcast_at: the ghosts' values as received (device,
     * num_ghosts of the widest type), scattered from there to their
     * positions; made at the first such sync */
    void *rbuf;
    /* gmd_gpu_sync_reduce_arg: the payloads' contributions (device, total
     * elements of each payload one after the other), grown on demand */
    void *abuf;
    size_t abuf_bytes;
    /* gmd_gpu_graph_of: device copies of G's ghost ids and degrees; kept
     * with G (gmd_gpu_detach leaves such a handle alone) */
    int64_t *d_ghost_gid;
    gm_edge_t *d_out_degree, *d_in_degree;
    bool kept;
    /* gmd_gpu_bfs_claims: the claims on the host, the ids received (host
     * and device) and the device tail counter, grown on demand */
    gm_node_t *bfs_send, *bfs_recv, *bfs_drecv;
    size_t bfs_send_cap, bfs_recv_cap, bfs_drecv_cap;
    unsigned long long *bfs_tail;
    /* gmd_gpu_bfs_claims' dense form: a flag per local id (owners then
     * ghosts), all clear between levels; made on first use */
    bool *bfs_flags;
    bool bfs_dense; /* the form the last level took (GMD_RANK_TIMES's trace) */
    /* no rank has a ghost (one rank, or no edge crosses ranks): every sync
     * and claim exchange is empty on every rank, so they return at once,
     * with no stream wait, kernel, NCCL or MPI call (the same on every
     * rank: set by an allreduce in gmd_gpu_attach) */
    bool quiet;
};

const char *gmd_comm_name(gmd_comm c)
{
    switch (c) {
    case GMD_COMM_AUTO: return "auto";
    case GMD_COMM_NCCL: return "nccl";
    case GMD_COMM_MPI: return "mpi";
    }
    return "?";
}

int gmd_comm_parse(const char *name)
{
    for (int c = GMD_COMM_AUTO; c <= GMD_COMM_MPI; c++)
        if (name && strcmp(name, gmd_comm_name((gmd_comm)c)) == 0)
            return c;
    return -1;
}

bool gmd_gpu_have_nccl(void)
{
#ifdef GMD_HAVE_NCCL
    return true;
#else
    return false;
#endif
}

int gmd_gpu_comm(void) { return gs.up ? (int)gs.comm : -1; }
int gmd_gpu_device(void) { return gs.up ? gs.device : -1; }

static bool agree(bool ok, gmrt_error *err) { return gmd_agree_(ok, err); }

#ifdef GMD_HAVE_NCCL
/* COLLECTIVE. The NCCL communicator over every rank. */
static bool nccl_start(gmrt_error *e)
{
    ncclUniqueId id;
    memset(&id, 0, sizeof id);
    ncclResult_t r = ncclSuccess;
    if (gmd_rank() == 0 && (r = ncclGetUniqueId(&id)) != ncclSuccess)
        gmrt_error_set(e, GMRT_E_UNSUPPORTED, "NCCL: %s", ncclGetErrorString(r));
    if (!agree(r == ncclSuccess, e))
        return false;
    MPI_Bcast(&id, (int)sizeof id, MPI_BYTE, 0, gmd_comm_());
    r = ncclCommInitRank(&gs.nccl, gmd_size(), id, gmd_rank());
    if (r != ncclSuccess)
        gmrt_error_set(e, GMRT_E_UNSUPPORTED, "NCCL: %s", ncclGetErrorString(r));
    if (!agree(r == ncclSuccess, e)) {
        if (r == ncclSuccess)
            ncclCommDestroy(gs.nccl);
        return false;
    }
    return true;
}
#endif

bool gmd_gpu_init(gmd_comm comm, gmrt_error *err)
{
    gmrt_error local;
    gmrt_error *e = err ? err : &local;
    if (gs.up) { /* a later run of a --batch: the transport stays the first run's */
        if (comm == GMD_COMM_AUTO || comm == gs.comm)
            return true;
        gmrt_error_set(e, GMRT_E_ARG, "--comm=%s: this process's GPU transport is already %s (a --batch keeps its "
                       "first run's: give --comm before the batch file)", gmd_comm_name(comm), gmd_comm_name(gs.comm));
        return false;
    }
    MPI_Comm host;
    int host_ranks = 1, ndev = 0;
    MPI_Comm_split_type(gmd_comm_(), MPI_COMM_TYPE_SHARED, gmd_rank(), MPI_INFO_NULL, &host);
    MPI_Comm_size(host, &host_ranks);
    MPI_Comm_free(&host);
    cudaError_t ce = cudaGetDeviceCount(&ndev);
    bool ok = true;
    if (ce != cudaSuccess || ndev == 0) {
        gmrt_error_set(e, GMRT_E_UNSUPPORTED, "no CUDA device (%s)",
                       ce != cudaSuccess ? cudaGetErrorString(ce) : "none found");
        ok = false;
    }
    if (!agree(ok, e))
        return false;
    /* one GPU per rank on every host, or ranks share GPUs */
    bool spread = host_ranks <= ndev;
    gmd_allreduce_bool(&spread, GMD_AND);
    gmd_comm use = comm;
    if (use == GMD_COMM_AUTO)
        use = gmd_gpu_have_nccl() && spread ? GMD_COMM_NCCL : GMD_COMM_MPI;
    if (use == GMD_COMM_NCCL && !gmd_gpu_have_nccl()) {
        gmrt_error_set(e, GMRT_E_UNSUPPORTED,
                       "this build has no NCCL transport (configure found no nccl.h): use --comm=mpi");
        ok = false;
    } else if (use == GMD_COMM_NCCL && !spread) {
        gmrt_error_set(e, GMRT_E_UNSUPPORTED,
                       "%d ranks on a host with %d GPU%s: NCCL needs a GPU per rank "
                       "(use fewer ranks, or --comm=mpi to stage through the host)",
                       host_ranks, ndev, ndev == 1 ? "" : "s");
        ok = false;
    }
    if (ok) {
        gs.device = gmd_local_rank() % ndev;
        ce = cudaSetDevice(gs.device);
        if (ce == cudaSuccess)
            ce = cudaStreamCreate(&gs.stream);
        if (ce != cudaSuccess) {
            gmrt_error_set(e, GMRT_E_UNSUPPORTED, "GPU %d: %s", gs.device, cudaGetErrorString(ce));
            ok = false;
        }
    }
    if (!agree(ok, e))
        return false;
#ifdef GMD_HAVE_NCCL
    if (use == GMD_COMM_NCCL && !nccl_start(e)) {
        cudaStreamDestroy(gs.stream);
        return false;
    }
#endif
    gs.comm = use;
    gs.up = true;
    return true;
}

void gmd_gpu_finalize(void)
{
    if (!gs.up)
        return;
    cudaStreamSynchronize(gs.stream);
#ifdef GMD_HAVE_NCCL
    if (gs.comm == GMD_COMM_NCCL)
        ncclCommDestroy(gs.nccl);
#endif
    cudaStreamDestroy(gs.stream);
    gs.up = false;
    gs.device = -1;
}

/* Waits for the queued work; a failure here stops every rank (the peers
 * are mid-exchange). */
static void finish(const char *what, const char *failed)
{
    cudaError_t ce = cudaStreamSynchronize(gs.stream);
    if (failed || ce != cudaSuccess) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s: %s", what, failed ? failed : cudaGetErrorString(ce));
        gmd_abort(3, msg);
    }
}

/* Waits for the kernels queued before a sync (on any stream) so that the
 * sync's clock (gmd_count_, comm_ms) counts communication, not the compute
 * the exchange had to wait for; the host would wait for them anyway. */
static void settle(const char *what)
{
    cudaError_t ce = cudaDeviceSynchronize();
    if (ce != cudaSuccess) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s: %s", what, cudaGetErrorString(ce));
        gmd_abort(3, msg);
    }
}

/* Whether op has a meaning for t (gmd_allreduce's rule). */
static bool op_fits(gmrt_type t, gmd_op op)
{
    if (gmrt_type_size(t) == 0 || op < GMD_SUM || op > GMD_OR)
        return false;
    return t == GMRT_T_BOOL ? op != GMD_SUM : op != GMD_AND && op != GMD_OR;
}

#ifdef GMD_HAVE_NCCL
/* NCCL's type and operator for t and op (op_fits holds). */
static void nccl_kind(gmrt_type t, gmd_op op, ncclDataType_t *dt, ncclRedOp_t *ro)
{
    *dt = ncclUint8;
    switch (t) {
    case GMRT_T_INT32: case GMRT_T_NODE: *dt = ncclInt32; break;
    case GMRT_T_INT64: *dt = ncclInt64; break;
    case GMRT_T_EDGE: *dt = sizeof(gm_edge_t) == 8 ? ncclInt64 : ncclInt32; break;
    case GMRT_T_FLOAT: *dt = ncclFloat32; break;
    case GMRT_T_DOUBLE: *dt = ncclFloat64; break;
    case GMRT_T_BOOL: *dt = ncclUint8; break; /* bytes 0/1: AND is min, OR is max */
    }
    *ro = op == GMD_SUM ? ncclSum : op == GMD_MIN || op == GMD_AND ? ncclMin : ncclMax;
}
#endif

bool gmd_gpu_allreduce(void *dev_values, size_t count, gmrt_type t, gmd_op op)
{
    if (!gs.up || !op_fits(t, op))
        return false;
    if (gmd_size() == 1) /* op over one rank: the values as they are */
        return true;
    size_t es = gmrt_type_size(t);
#ifdef GMD_HAVE_NCCL
    if (gs.comm == GMD_COMM_NCCL) {
        ncclDataType_t dt;
        ncclRedOp_t ro;
        nccl_kind(t, op, &dt, &ro);
        settle("gmd_gpu_allreduce");
        double t0 = MPI_Wtime();
        ncclResult_t r = ncclAllReduce(dev_values, dev_values, count, dt, ro, gs.nccl, gs.stream);
        finish("gmd_gpu_allreduce", r != ncclSuccess ? ncclGetErrorString(r) : NULL);
        gmd_count_(t0, count * es, 0, 1);
        return true;
    }
#endif
    char small[256];
    char *h = count * es <= sizeof small ? small : (char *)malloc(count * es);
    if (!h)
        gmd_abort(3, "gmd_gpu_allreduce: out of memory");
    settle("gmd_gpu_allreduce");
    double t0 = MPI_Wtime();
    cudaError_t ce = cudaMemcpyAsync(h, dev_values, count * es, cudaMemcpyDeviceToHost, gs.stream);
    finish("gmd_gpu_allreduce", ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    gmd_count_(t0, 0, 0, 0);
    gmd_allreduce(h, count, t, op);
    t0 = MPI_Wtime();
    ce = cudaMemcpyAsync(dev_values, h, count * es, cudaMemcpyHostToDevice, gs.stream);
    finish("gmd_gpu_allreduce", ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    gmd_count_(t0, 0, 0, 0);
    if (h != small)
        free(h);
    return true;
}

gmd_gpu_graph *gmd_gpu_attach(const gmd_graph *G, gmrt_error *err)
{
    gmrt_error local;
    gmrt_error *e = err ? err : &local;
    size_t P = (size_t)G->size;
    gmd_gpu_graph *H = (gmd_gpu_graph *)calloc(1, sizeof *H);
    bool ok = gs.up && H;
    if (!gs.up)
        gmrt_error_set(e, GMRT_E_ARG, "gmd_gpu_attach before gmd_gpu_init");
    else if (!H)
        gmrt_error_set(e, GMRT_E_NOMEM, "gmd_gpu_attach: out of memory");
    gm_node_t *host_idx = NULL;
    if (ok) {
        H->G = G;
        H->off = (size_t *)malloc((P + 1) * sizeof *H->off);
        H->own_cnt = (size_t *)malloc(4 * P * sizeof(size_t));
        ok = H->off && H->own_cnt;
    }
    if (ok) {
        H->own_off = H->own_cnt + P;
        H->gh_cnt = H->own_cnt + 2 * P;
        H->gh_off = H->own_cnt + 3 * P;
        H->off[0] = 0;
        for (size_t p = 0; p < P; p++) {
            H->off[p + 1] = H->off[p] + (size_t)G->send_count[p];
            H->own_cnt[p] = (size_t)G->send_count[p];
            H->own_off[p] = H->off[p];
            H->gh_cnt[p] = (size_t)(G->ghost_begin[p + 1] - G->ghost_begin[p]);
            H->gh_off[p] = (size_t)(G->ghost_begin[p] - G->num_owned);
        }
        H->total = H->off[P]; /* a reduce receives as many values as a broadcast sends */
        host_idx = (gm_node_t *)malloc((H->total + 1) * sizeof *host_idx);
        ok = host_idx != NULL;
    }
    if (!ok && gs.up && H)
        gmrt_error_set(e, GMRT_E_NOMEM, "gmd_gpu_attach: out of memory");
    if (ok) {
        for (size_t p = 0; p < P; p++)
            memcpy(host_idx + H->off[p], G->send_idx[p], (size_t)G->send_count[p] * sizeof *host_idx);
        size_t wide = sizeof(double) > sizeof(int64_t) ? sizeof(double) : sizeof(int64_t);
        cudaError_t ce = padded_malloc((void **)&H->idx, (H->total + 1) * sizeof *H->idx);
        if (ce == cudaSuccess)
            ce = padded_malloc(&H->buf, (H->total + 1) * wide);
        if (ce == cudaSuccess)
            ce = cudaMemcpy(H->idx, host_idx, H->total * sizeof *host_idx, cudaMemcpyHostToDevice);
        if (ce == cudaSuccess && gs.comm == GMD_COMM_MPI) {
            ce = cudaMallocHost((void **)&H->h_own, (H->total + 1) * wide);
            if (ce == cudaSuccess)
                ce = cudaMallocHost((void **)&H->h_gh, ((size_t)G->num_ghosts + 1) * wide);
        }
        if (ce != cudaSuccess) {
            gmrt_error_set(e, GMRT_E_NOMEM, "gmd_gpu_attach: %s", cudaGetErrorString(ce));
            ok = false;
        }
    }
    free(host_idx);
    if (!agree(ok, e)) {
        gmd_gpu_detach(H);
        return NULL;
    }
    int64_t ghosts = (int64_t)G->num_ghosts;
    gmd_allreduce_int64(&ghosts, GMD_SUM);
    H->quiet = ghosts == 0;
    return H;
}

static void free_handle(gmd_gpu_graph *H)
{
    if (!H)
        return;
    if (H->d_ghost_gid)
        cudaFree(H->d_ghost_gid);
    if (H->d_out_degree)
        cudaFree(H->d_out_degree);
    if (H->d_in_degree)
        cudaFree(H->d_in_degree);
    if (H->idx)
        cudaFree(H->idx);
    if (H->buf)
        cudaFree(H->buf);
    if (H->rbuf)
        cudaFree(H->rbuf);
    if (H->h_own)
        cudaFreeHost(H->h_own);
    if (H->h_gh)
        cudaFreeHost(H->h_gh);
    if (H->bfs_drecv)
        cudaFree(H->bfs_drecv);
    if (H->abuf)
        cudaFree(H->abuf);
    if (H->bfs_tail)
        cudaFree(H->bfs_tail);
    if (H->bfs_flags)
        cudaFree(H->bfs_flags);
    free(H->bfs_send);
    free(H->bfs_recv);
    free(H->off);
    free(H->own_cnt);
    free(H);
}

void gmd_gpu_detach(gmd_gpu_graph *H)
{
    if (H && !H->kept)
        free_handle(H);
}

/* gmd_graph's gpu_free: the kept handle goes with its graph. */
static void free_kept(void *h) { free_handle((gmd_gpu_graph *)h); }

/* A device copy of n elements of es bytes (one spare, so that n = 0 still
 * gets a pointer); cudaSuccess or the failure. */
static cudaError_t device_copy(void **dst, const void *src, size_t n, size_t es)
{
    cudaError_t ce = padded_malloc(dst, (n + 1) * es);
    if (ce == cudaSuccess && n > 0)
        ce = cudaMemcpy(*dst, src, n * es, cudaMemcpyHostToDevice);
    return ce;
}

gmd_gpu_graph *gmd_gpu_graph_of(gmd_graph *G, gmrt_error *err)
{
    if (G && G->gpu && G->gpu_free == free_kept)
        return (gmd_gpu_graph *)G->gpu;
    gmrt_error local;
    gmrt_error *e = err ? err : &local;
    gmd_gpu_graph *H = gmd_gpu_attach(G, e);
    if (!H)
        return NULL;
    size_t nl = (size_t)gmd_num_local(G);
    cudaError_t ce = device_copy((void **)&H->d_ghost_gid, G->ghost_gid, (size_t)G->num_ghosts, sizeof(int64_t));
    if (ce == cudaSuccess)
        ce = device_copy((void **)&H->d_out_degree, G->out_degree, nl, sizeof(gm_edge_t));
    if (ce == cudaSuccess)
        ce = device_copy((void **)&H->d_in_degree, G->in_degree, nl, sizeof(gm_edge_t));
    bool ok = ce == cudaSuccess;
    if (!ok)
        gmrt_error_set(e, GMRT_E_NOMEM, "the partition's ids and degrees on the device: %s", cudaGetErrorString(ce));
    if (!agree(ok, e)) {
        free_handle(H);
        return NULL;
    }
    H->kept = true;
    G->gpu = H;
    G->gpu_free = free_kept;
    return H;
}

const int64_t *gmd_gpu_ghost_gid(const gmd_gpu_graph *H) { return H->d_ghost_gid; }
const gm_edge_t *gmd_gpu_out_degree(const gmd_gpu_graph *H) { return H->d_out_degree; }
const gm_edge_t *gmd_gpu_in_degree(const gmd_gpu_graph *H) { return H->d_in_degree; }
bool gmd_gpu_no_ghosts(const gmd_gpu_graph *H) { return H->quiet; }

/* ---- kernels ---- */

template <typename T> __global__ void pack(T *out, const T *prop, const gm_node_t *idx, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = prop[idx[i]];
}

/* Owners' values of a table kept in positions: owner v's at pos[v]. */
template <typename T>
__global__ void pack_at(T *out, const T *prop, const gm_node_t *idx, const gm_node_t *pos, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = prop[pos[idx[i]]];
}

/* The ghosts' values received in local-id order (v[j]: local id first + j)
 * to their positions. pos is a permutation: no two threads write one element. */
template <typename T>
__global__ void scatter_at(T *prop, const gm_node_t *pos, gm_node_t first, const T *v, size_t n)
{
    size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n)
        prop[pos[(size_t)first + j]] = v[j];
}

enum apply_op { APPLY_SUM, APPLY_MIN, APPLY_MAX, APPLY_AND, APPLY_OR };

/* One peer's contributions: idx holds each owner at most once, so no two
 * threads touch one element. */
template <typename T, apply_op OP>
__global__ void apply(T *prop, const gm_node_t *idx, const T *v, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    T a = prop[idx[i]], b = v[i];
    switch (OP) {
    case APPLY_SUM: prop[idx[i]] = a + b; break;
    case APPLY_MIN: prop[idx[i]] = b < a ? b : a; break;
    case APPLY_MAX: prop[idx[i]] = b > a ? b : a; break;
    case APPLY_AND: prop[idx[i]] = a && b; break;
    case APPLY_OR: prop[idx[i]] = a || b; break;
    }
}

static unsigned blocks(size_t n) { return (unsigned)((n + 255) / 256); }

template <typename T> static void launch_pack(gmd_gpu_graph *H, const void *prop, const gm_node_t *pos)
{
    if (!H->total)
        return;
    if (pos)
        pack_at<T><<<blocks(H->total), 256, 0, gs.stream>>>((T *)H->buf, (const T *)prop, H->idx, pos, H->total);
    else
        pack<T><<<blocks(H->total), 256, 0, gs.stream>>>((T *)H->buf, (const T *)prop, H->idx, H->total);
}

template <typename T> static void launch_scatter(gmd_gpu_graph *H, void *prop, const gm_node_t *pos)
{
    size_t n = (size_t)H->G->num_ghosts;
    if (n)
        scatter_at<T><<<blocks(n), 256, 0, gs.stream>>>((T *)prop, pos, H->G->num_owned, (const T *)H->rbuf, n);
}

template <typename T>
static void launch_apply(void *prop, const gm_node_t *idx, const void *v, size_t n, apply_op op)
{
    T *d = (T *)prop;
    const T *w = (const T *)v;
    unsigned b = blocks(n);
    switch (op) {
    case APPLY_SUM: apply<T, APPLY_SUM><<<b, 256, 0, gs.stream>>>(d, idx, w, n); break;
    case APPLY_MIN: apply<T, APPLY_MIN><<<b, 256, 0, gs.stream>>>(d, idx, w, n); break;
    case APPLY_MAX: apply<T, APPLY_MAX><<<b, 256, 0, gs.stream>>>(d, idx, w, n); break;
    case APPLY_AND: apply<T, APPLY_AND><<<b, 256, 0, gs.stream>>>(d, idx, w, n); break;
    case APPLY_OR: apply<T, APPLY_OR><<<b, 256, 0, gs.stream>>>(d, idx, w, n); break;
    }
}

/* Launches the pack kernel of t's width: owners' values (owner v's at
 * pos[v], or at v when pos is NULL) into buf in the order of the peers'
 * ghost slices. */
static void pack_any(gmd_gpu_graph *H, const void *prop, size_t es, const gm_node_t *pos)
{
    switch (es) {
    case 1: launch_pack<uint8_t>(H, prop, pos); break;
    case 4: launch_pack<uint32_t>(H, prop, pos); break;
    default: launch_pack<uint64_t>(H, prop, pos); break;
    }
}

/* The ghosts' values in rbuf to their positions in prop. */
static void scatter_any(gmd_gpu_graph *H, void *prop, size_t es, const gm_node_t *pos)
{
    switch (es) {
    case 1: launch_scatter<uint8_t>(H, prop, pos); break;
    case 4: launch_scatter<uint32_t>(H, prop, pos); break;
    default: launch_scatter<uint64_t>(H, prop, pos); break;
    }
}

/* Every peer's contributions in buf applied to the owners, in rank order. */
static void apply_all(gmd_gpu_graph *H, void *prop, gmrt_type t, gmd_op op)
{
    bool boolean = t == GMRT_T_BOOL;
    apply_op ap = boolean ? (op == GMD_AND || op == GMD_MIN ? APPLY_AND : APPLY_OR)
                          : (op == GMD_SUM ? APPLY_SUM : op == GMD_MIN ? APPLY_MIN : APPLY_MAX);
    size_t es = gmrt_type_size(t);
    const gmd_graph *G = H->G;
    for (int p = 0; p < G->size; p++) { /* rank order: the host sync's order, the same bits */
        size_t n = H->off[p + 1] - H->off[p];
        if (n == 0 || p == G->rank)
            continue;
        const gm_node_t *idx = H->idx + H->off[p];
        const void *v = (const char *)H->buf + H->off[p] * es;
        switch (t) {
        case GMRT_T_INT32: case GMRT_T_NODE: launch_apply<int32_t>(prop, idx, v, n, ap); break;
        case GMRT_T_INT64: launch_apply<int64_t>(prop, idx, v, n, ap); break;
        case GMRT_T_EDGE: launch_apply<gm_edge_t>(prop, idx, v, n, ap); break;
        case GMRT_T_FLOAT: launch_apply<float>(prop, idx, v, n, ap); break;
        case GMRT_T_DOUBLE: launch_apply<double>(prop, idx, v, n, ap); break;
        case GMRT_T_BOOL: launch_apply<bool>(prop, idx, v, n, ap); break;
        }
    }
}

#ifdef GMD_HAVE_NCCL
/* Grouped point-to-point over NCCL: to every peer p the owners' side
 * (to_ghosts: slice p of owners_buf (total elements in the order of the
 * send lists, H->buf but for gmd_gpu_sync_reduce_arg's payloads) -> p's
 * ghost slice of ghosts, the values of local ids num_owned onwards) or the
 * other way round; counts the bytes and messages sent. NULL, or NCCL's
 * message. Inside a group of the caller's (NCCL groups nest), the
 * transfers of several arrays go together. */
static const char *nccl_exchange(gmd_gpu_graph *H, void *owners_buf, void *ghosts, size_t es, bool to_ghosts,
                                 uint64_t *bytes, uint64_t *msgs)
{
    const gmd_graph *G = H->G;
    ncclResult_t r = ncclGroupStart();
    for (int p = 0; p < G->size && r == ncclSuccess; p++) {
        if (p == G->rank)
            continue;
        char *own = (char *)owners_buf + H->off[p] * es;
        char *gh = (char *)ghosts + H->gh_off[p] * es;
        size_t own_bytes = H->own_cnt[p] * es, gh_bytes = H->gh_cnt[p] * es;
        char *send = to_ghosts ? own : gh, *recv = to_ghosts ? gh : own;
        size_t sb = to_ghosts ? own_bytes : gh_bytes, rb = to_ghosts ? gh_bytes : own_bytes;
        if (sb) {
            r = ncclSend(send, sb, ncclChar, p, gs.nccl, gs.stream);
            *bytes += sb;
            (*msgs)++;
        }
        if (r == ncclSuccess && rb)
            r = ncclRecv(recv, rb, ncclChar, p, gs.nccl, gs.stream);
    }
    ncclResult_t r2 = ncclGroupEnd();
    r = r != ncclSuccess ? r : r2;
    return r != ncclSuccess ? ncclGetErrorString(r) : NULL;
}
#endif

/* The same over MPI through the pinned host copies: device -> host, the
 * exchange (which counts its own time and bytes), host -> device. */
static void mpi_exchange(gmd_gpu_graph *H, void *owners_buf, void *ghosts, size_t es, bool to_ghosts,
                         const char *what)
{
    const gmd_graph *G = H->G;
    char *dev_gh = (char *)ghosts;
    size_t own_bytes = H->total * es, gh_bytes = (size_t)G->num_ghosts * es;
    double t0 = MPI_Wtime();
    cudaError_t ce = to_ghosts ? cudaMemcpyAsync(H->h_own, owners_buf, own_bytes, cudaMemcpyDeviceToHost, gs.stream)
                               : cudaMemcpyAsync(H->h_gh, dev_gh, gh_bytes, cudaMemcpyDeviceToHost, gs.stream);
    finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    gmd_count_(t0, 0, 0, 0);
    if (to_ghosts)
        gmd_exchange(H->h_own, H->own_cnt, H->own_off, H->h_gh, H->gh_cnt, H->gh_off, es);
    else
        gmd_exchange(H->h_gh, H->gh_cnt, H->gh_off, H->h_own, H->own_cnt, H->own_off, es);
    t0 = MPI_Wtime();
    ce = to_ghosts ? cudaMemcpyAsync(dev_gh, H->h_gh, gh_bytes, cudaMemcpyHostToDevice, gs.stream)
                   : cudaMemcpyAsync(owners_buf, H->h_own, own_bytes, cudaMemcpyHostToDevice, gs.stream);
    finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    gmd_count_(t0, 0, 0, 0);
}

/* The receive buffer of gmd_gpu_sync_broadcast_at, made at its first use
 * (every program with a table in positions; the others never pay for it). */
static void *receive_buffer(gmd_gpu_graph *H)
{
    if (!H->rbuf) {
        size_t wide = sizeof(double) > sizeof(int64_t) ? sizeof(double) : sizeof(int64_t);
        cudaError_t ce = padded_malloc(&H->rbuf, ((size_t)H->G->num_ghosts + 1) * wide);
        if (ce != cudaSuccess) {
            H->rbuf = NULL;
            char msg[256];
            snprintf(msg, sizeof msg, "gmd_gpu_sync_broadcast_at: the ghosts' receive buffer: %s",
                     cudaGetErrorString(ce));
            gmd_abort(3, msg); /* the peers are about to send: no rank can go on alone */
        }
    }
    return H->rbuf;
}

bool gmd_gpu_sync_broadcast_at(gmd_gpu_graph *H, void *dev_prop, gmrt_type t, const gm_node_t *dev_pos)
{
    size_t es = gmrt_type_size(t);
    if (!gs.up || !H || es == 0)
        return false;
    if (H->quiet)
        return true;
    /* in positions: the ghosts arrive in rbuf, in local-id order, and a
     * kernel puts each at its position; else straight into the ghost slice */
    void *ghosts = dev_pos ? receive_buffer(H) : (char *)dev_prop + (size_t)H->G->num_owned * es;
    settle("gmd_gpu_sync_broadcast");
    double t0 = MPI_Wtime();
    pack_any(H, dev_prop, es, dev_pos);
#ifdef GMD_HAVE_NCCL
    if (gs.comm == GMD_COMM_NCCL) {
        uint64_t bytes = 0, msgs = 0;
        const char *failed = nccl_exchange(H, H->buf, ghosts, es, true, &bytes, &msgs);
        if (!failed && dev_pos)
            scatter_any(H, dev_prop, es, dev_pos);
        finish("gmd_gpu_sync_broadcast", failed);
        gmd_count_(t0, bytes, msgs, 0);
        return true;
    }
#endif
    /* the MPI path counts its own pieces */
    mpi_exchange(H, H->buf, ghosts, es, true, "gmd_gpu_sync_broadcast");
    if (dev_pos) {
        t0 = MPI_Wtime();
        scatter_any(H, dev_prop, es, dev_pos);
        finish("gmd_gpu_sync_broadcast", NULL);
        gmd_count_(t0, 0, 0, 0);
    }
    return true;
}

bool gmd_gpu_sync_broadcast(gmd_gpu_graph *H, void *dev_prop, gmrt_type t)
{
    return gmd_gpu_sync_broadcast_at(H, dev_prop, t, NULL);
}

bool gmd_gpu_sync_reduce(gmd_gpu_graph *H, void *dev_prop, gmrt_type t, gmd_op op)
{
    size_t es = gmrt_type_size(t);
    if (!gs.up || !H || !op_fits(t, op))
        return false;
    if (H->quiet)
        return true;
    settle("gmd_gpu_sync_reduce");
#ifdef GMD_HAVE_NCCL
    if (gs.comm == GMD_COMM_NCCL) {
        double t0 = MPI_Wtime();
        uint64_t bytes = 0, msgs = 0;
        /* ghosts sent in place; each owner's contributions land in buf */
        const char *failed =
            nccl_exchange(H, H->buf, (char *)dev_prop + (size_t)H->G->num_owned * es, es, false, &bytes, &msgs);
        if (!failed)
            apply_all(H, dev_prop, t, op);
        finish("gmd_gpu_sync_reduce", failed);
        gmd_count_(t0, bytes, msgs, 0);
        return true;
    }
#endif
    mpi_exchange(H, H->buf, (char *)dev_prop + (size_t)H->G->num_owned * es, es, false, "gmd_gpu_sync_reduce");
    apply_all(H, dev_prop, t, op);
    finish("gmd_gpu_sync_reduce", NULL);
    return true;
}

/* ---- arg-min/max reduce ----------------------------------------------------- */

/* One peer's copies of the payloads: destination (the owners' arrays),
 * source (that peer's slice of the received contributions) and width. */
struct arg_pays {
    int n;
    int size[GMD_GPU_MAX_PAYLOADS];
    char *dst[GMD_GPU_MAX_PAYLOADS];
    const char *src[GMD_GPU_MAX_PAYLOADS];
};

template <typename T> __device__ static void copy_elem(char *dst, size_t o, const char *src, size_t i)
{
    ((T *)dst)[o] = ((const T *)src)[i];
}

/* One peer's contributions: where its key is strictly better than the
 * owner's (as it stands after the lower ranks'), the key and the payloads
 * of that copy replace the owner's. idx holds each owner at most once. */
template <typename K, bool MIN>
__global__ void apply_arg(K *key, const gm_node_t *idx, const K *kv, size_t n, arg_pays ps)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    size_t o = (size_t)idx[i];
    K v = kv[i], a = key[o];
    if (MIN ? !(v < a) : !(a < v))
        return;
    key[o] = v;
    for (int j = 0; j < ps.n; j++)
        switch (ps.size[j]) {
        case 1: copy_elem<uint8_t>(ps.dst[j], o, ps.src[j], i); break;
        case 2: copy_elem<uint16_t>(ps.dst[j], o, ps.src[j], i); break;
        case 4: copy_elem<uint32_t>(ps.dst[j], o, ps.src[j], i); break;
        default: copy_elem<uint64_t>(ps.dst[j], o, ps.src[j], i); break;
        }
}

template <typename K>
static void launch_apply_arg(void *key, const gm_node_t *idx, const void *kv, size_t n, bool is_min,
                             const arg_pays &ps)
{
    if (is_min)
        apply_arg<K, true><<<blocks(n), 256, 0, gs.stream>>>((K *)key, idx, (const K *)kv, n, ps);
    else
        apply_arg<K, false><<<blocks(n), 256, 0, gs.stream>>>((K *)key, idx, (const K *)kv, n, ps);
}

/* The payloads' receive buffer: total elements of every payload (device;
 * out of memory stops every rank, the peers are about to send). */
static char *arg_buffer(gmd_gpu_graph *H, size_t bytes)
{
    if (bytes > H->abuf_bytes || !H->abuf) {
        if (H->abuf)
            cudaFree(H->abuf);
        H->abuf = NULL;
        H->abuf_bytes = 0;
        cudaError_t ce = padded_malloc(&H->abuf, bytes ? bytes : 1);
        if (ce != cudaSuccess) {
            H->abuf = NULL;
            char msg[256];
            snprintf(msg, sizeof msg, "gmd_gpu_sync_reduce_arg: the payloads' receive buffer: %s",
                     cudaGetErrorString(ce));
            gmd_abort(3, msg);
        }
        H->abuf_bytes = bytes;
    }
    return (char *)H->abuf;
}

bool gmd_gpu_sync_reduce_arg(gmd_gpu_graph *H, void *dev_key, gmrt_type kt, bool is_min, int npay,
                             void *const *dev_pay, const gmrt_type *pt)
{
    static const char what[] = "gmd_gpu_sync_reduce_arg";
    size_t ks = gmrt_type_size(kt);
    if (!gs.up || !H || ks == 0 || npay < 0 || npay > GMD_GPU_MAX_PAYLOADS)
        return false;
    size_t ps[GMD_GPU_MAX_PAYLOADS], pay_off[GMD_GPU_MAX_PAYLOADS], pay_bytes = 0;
    for (int j = 0; j < npay; j++) {
        ps[j] = gmrt_type_size(pt[j]);
        if (ps[j] == 0)
            return false;
        pay_off[j] = (pay_bytes + 255) / 256 * 256; /* each payload aligned for the kernels' loads */
        pay_bytes = pay_off[j] + H->total * ps[j];
    }
    if (H->quiet)
        return true;
    const gmd_graph *G = H->G;
    const size_t first = (size_t)G->num_owned;
    char *abuf = arg_buffer(H, pay_bytes);
    settle(what);
    /* every peer's ghost copies of the key into buf, of each payload into
     * its part of abuf, in the order of the send lists */
    double t0 = MPI_Wtime();
    uint64_t bytes = 0, msgs = 0;
    bool sent = false;
#ifdef GMD_HAVE_NCCL
    if (gs.comm == GMD_COMM_NCCL) {
        const char *failed = NULL;
        ncclResult_t r = ncclGroupStart();
        if (r == ncclSuccess) {
            failed = nccl_exchange(H, H->buf, (char *)dev_key + first * ks, ks, false, &bytes, &msgs);
            for (int j = 0; j < npay && !failed; j++)
                failed = nccl_exchange(H, abuf + pay_off[j], (char *)dev_pay[j] + first * ps[j], ps[j], false,
                                       &bytes, &msgs);
            r = ncclGroupEnd();
        }
        if (!failed && r != ncclSuccess)
            failed = ncclGetErrorString(r);
        if (failed)
            finish(what, failed); /* stops every rank */
        sent = true;
    }
#endif
    if (!sent) { /* the MPI path counts its own pieces */
        mpi_exchange(H, H->buf, (char *)dev_key + first * ks, ks, false, what);
        for (int j = 0; j < npay; j++)
            mpi_exchange(H, abuf + pay_off[j], (char *)dev_pay[j] + first * ps[j], ps[j], false, what);
        t0 = MPI_Wtime();
    }
    /* the peers in rank order, each a kernel after the last: a strictly
     * better key wins, so the lowest rank's among equals, as
     * gmd_sync_reduce_arg on the host */
    for (int p = 0; p < G->size; p++) {
        size_t n = H->off[p + 1] - H->off[p];
        if (n == 0 || p == G->rank)
            continue;
        arg_pays ap;
        memset(&ap, 0, sizeof ap);
        ap.n = npay;
        for (int j = 0; j < npay; j++) {
            ap.size[j] = (int)ps[j];
            ap.dst[j] = (char *)dev_pay[j];
            ap.src[j] = abuf + pay_off[j] + H->off[p] * ps[j];
        }
        const gm_node_t *idx = H->idx + H->off[p];
        const void *kv = (const char *)H->buf + H->off[p] * ks;
        switch (kt) {
        case GMRT_T_INT32: case GMRT_T_NODE: launch_apply_arg<int32_t>(dev_key, idx, kv, n, is_min, ap); break;
        case GMRT_T_INT64: launch_apply_arg<int64_t>(dev_key, idx, kv, n, is_min, ap); break;
        case GMRT_T_EDGE: launch_apply_arg<gm_edge_t>(dev_key, idx, kv, n, is_min, ap); break;
        case GMRT_T_FLOAT: launch_apply_arg<float>(dev_key, idx, kv, n, is_min, ap); break;
        case GMRT_T_DOUBLE: launch_apply_arg<double>(dev_key, idx, kv, n, is_min, ap); break;
        case GMRT_T_BOOL: launch_apply_arg<bool>(dev_key, idx, kv, n, is_min, ap); break;
        }
    }
    cudaError_t ce = cudaGetLastError();
    finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    gmd_count_(t0, bytes, msgs, 0);
    return true;
}

/* ---- BFS claims ------------------------------------------------------------ */

/* The owners ids[0..n) claimed by the ranks: those still unseen join the
 * level (the CAS makes a node claimed by several ranks, or found by this
 * rank's own expansion, join once). */
static __global__ void bfs_assign(const gm_node_t *ids, int64_t n, int32_t *level, int32_t unseen, int32_t depth,
                           gm_node_t *queue, unsigned long long *tail)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        gm_node_t v = ids[i];
        if (atomicCAS((int *)&level[v], (int)unseen, (int)depth) == (int)unseen)
            queue[atomicAdd(tail, 1ULL)] = v;
    }
}

static int64_t claims_exchange(gmd_gpu_graph *H, const gm_node_t *dev_claims, size_t n, int32_t *dev_level,
                               int32_t unseen, int32_t depth, gm_node_t *dev_queue, int64_t tail);

/* ---- dense claims: a flag per local id, reduced like a Bool property ----
 *
 * The sparse form stages the claimed ids through the host (copied out,
 * counted and sorted by owner on one core, exchanged over MPI, copied in):
 * ~18 ns a claim, 5.7-6.4 ms for the root's level of kron25 on 2 GPUs
 * (319,399 ghosts claimed; bench/RESULTS.md, session 29). The dense form
 * costs a pass over the local ids and one reduce of the ghost slices (a
 * byte a ghost, GPU to GPU over NCCL), whatever the number of claims, so it
 * is taken for the levels that claim many: at least 1/1024 of the largest
 * local id space, and never under 4,096 claims. GMD_BFS_DENSE=0 keeps the
 * sparse form at every level, =1 takes the dense one at every level with
 * a claim (the tests run both). */
static bool dense_claims(int64_t most_claims, int64_t most_local)
{
    const char *env = getenv("GMD_BFS_DENSE");
    if (env && *env)
        return strcmp(env, "0") != 0;
    int64_t at_least = most_local / 1024;
    return most_claims >= (at_least > 4096 ? at_least : 4096);
}

static __global__ void flag_claims(bool *flags, const gm_node_t *ids, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        flags[ids[i]] = true;
}

/* The owners whose flag some rank set: those still unseen join the level,
 * as bfs_assign's; every owner's flag is cleared for the next level. */
static __global__ void assign_flagged(bool *flags, int64_t owned, int32_t *level, int32_t unseen, int32_t depth,
                                      gm_node_t *queue, unsigned long long *tail)
{
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v < owned; v += (int64_t)gridDim.x * blockDim.x) {
        if (!flags[v])
            continue;
        flags[v] = false;
        if (atomicCAS((int *)&level[v], (int)unseen, (int)depth) == (int)unseen)
            queue[atomicAdd(tail, 1ULL)] = (gm_node_t)v;
    }
}

static int64_t claims_dense(gmd_gpu_graph *H, const gm_node_t *dev_claims, size_t n, int32_t *dev_level,
                            int32_t unseen, int32_t depth, gm_node_t *dev_queue, int64_t tail)
{
    static const char what[] = "gmd_gpu_bfs_claims (dense)";
    const size_t local = (size_t)gmd_num_local(H->G), owned = (size_t)H->G->num_owned;
    cudaError_t ce = cudaSuccess;
    if (!H->bfs_flags) {
        ce = padded_malloc((void **)&H->bfs_flags, local ? local : 1);
        if (ce == cudaSuccess)
            ce = cudaMemsetAsync(H->bfs_flags, 0, local ? local : 1, gs.stream);
    }
    if (ce == cudaSuccess && !H->bfs_tail)
        ce = padded_malloc((void **)&H->bfs_tail, sizeof *H->bfs_tail);
    finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    if (n > 0) {
        flag_claims<<<blocks(n), 256, 0, gs.stream>>>(H->bfs_flags, dev_claims, (int64_t)n);
        ce = cudaGetLastError();
        finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    }
    /* every owner's flag becomes the OR of its copies: its own (clear) and
     * the ghosts' of the ranks that hold it */
    if (!gmd_gpu_sync_reduce(H, H->bfs_flags, GMRT_T_BOOL, GMD_OR))
        gmd_abort(1, "gmd_gpu_bfs_claims: the flags' reduce failed");
    unsigned long long t = (unsigned long long)tail;
    ce = cudaMemcpyAsync(H->bfs_tail, &t, sizeof t, cudaMemcpyHostToDevice, gs.stream);
    if (ce == cudaSuccess && owned > 0) {
        assign_flagged<<<blocks(owned), 256, 0, gs.stream>>>(H->bfs_flags, (int64_t)owned, dev_level, unseen, depth,
                                                             dev_queue, H->bfs_tail);
        ce = cudaGetLastError();
    }
    if (ce == cudaSuccess && local > owned) /* the ghosts' flags, sent: clear for the next level */
        ce = cudaMemsetAsync(H->bfs_flags + owned, 0, local - owned, gs.stream);
    if (ce == cudaSuccess)
        ce = cudaMemcpyAsync(&t, H->bfs_tail, sizeof t, cudaMemcpyDeviceToHost, gs.stream);
    finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    if (t > (unsigned long long)owned)
        gmd_abort(3, "gmd_gpu_bfs_claims: the BFS queue overflowed");
    return (int64_t)t;
}


/* GMD_RANK_TIMES=1 also prints each level's claims exchange (the rank's ids
 * sent, its owners queued, the milliseconds from the claims on the device
 * to the queue's new end on the host): where a BFS rank's time goes. */
int64_t gmd_gpu_bfs_claims(gmd_gpu_graph *H, const gm_node_t *dev_claims, size_t n, int32_t *dev_level,
                           int32_t unseen, int32_t depth, gm_node_t *dev_queue, int64_t tail)
{
    const char *env = getenv("GMD_RANK_TIMES");
    if (!env || !*env || strcmp(env, "0") == 0)
        return claims_exchange(H, dev_claims, n, dev_level, unseen, depth, dev_queue, tail);
    const double t0 = MPI_Wtime();
    const int64_t next = claims_exchange(H, dev_claims, n, dev_level, unseen, depth, dev_queue, tail);
    fprintf(stderr, "rank %d: bfs claims at level %d: %zu sent, %lld queued, %.3f ms (%s)\n", gmd_rank(), (int)depth,
            n, (long long)(next - tail), (MPI_Wtime() - t0) * 1e3, H && H->bfs_dense ? "dense" : "sparse");
    return next;
}

static int64_t claims_exchange(gmd_gpu_graph *H, const gm_node_t *dev_claims, size_t n, int32_t *dev_level,
                               int32_t unseen, int32_t depth, gm_node_t *dev_queue, int64_t tail)
{
    static const char what[] = "gmd_gpu_bfs_claims";
    if (!gs.up || !H)
        gmd_abort(1, "gmd_gpu_bfs_claims before gmd_gpu_init or without a graph");
    if (H->quiet) { /* no ghosts anywhere: nothing to claim, nothing to receive */
        if (n > 0)
            gmd_abort(1, "gmd_gpu_bfs_claims: a claim on a graph without ghosts");
        return tail;
    }
    /* the largest claim count and the largest local id space of any rank,
     * so that every rank takes the same form (both are collectives) */
    int64_t most[2] = {(int64_t)n, (int64_t)gmd_num_local(H->G)};
    gmd_allreduce(most, 2, GMRT_T_INT64, GMD_MAX);
    H->bfs_dense = false;
    if (most[0] == 0)
        return tail; /* no rank claimed anything at this level */
    H->bfs_dense = dense_claims(most[0], most[1]);
    if (H->bfs_dense)
        return claims_dense(H, dev_claims, n, dev_level, unseen, depth, dev_queue, tail);
    if (n > H->bfs_send_cap || !H->bfs_send) {
        size_t nc = n > 2 * H->bfs_send_cap ? n : 2 * H->bfs_send_cap;
        gm_node_t *p = (gm_node_t *)realloc(H->bfs_send, (nc ? nc : 1) * sizeof *p);
        if (!p)
            gmd_abort(1, "gmd_gpu_bfs_claims: out of memory");
        H->bfs_send = p;
        H->bfs_send_cap = nc ? nc : 1;
    }
    cudaError_t ce = cudaSuccess;
    if (n > 0)
        ce = cudaMemcpyAsync(H->bfs_send, dev_claims, n * sizeof(gm_node_t), cudaMemcpyDeviceToHost, gs.stream);
    finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    int64_t got = gmd_bfs_claims(H->G, H->bfs_send, n, &H->bfs_recv, &H->bfs_recv_cap);
    if (got <= 0)
        return tail;
    if ((size_t)got > H->bfs_drecv_cap || !H->bfs_drecv) {
        if (H->bfs_drecv)
            cudaFree(H->bfs_drecv);
        H->bfs_drecv = NULL;
        H->bfs_drecv_cap = 0;
        size_t nc = (size_t)got;
        ce = padded_malloc((void **)&H->bfs_drecv, nc * sizeof(gm_node_t));
        finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
        H->bfs_drecv_cap = nc;
    }
    if (!H->bfs_tail) {
        ce = padded_malloc((void **)&H->bfs_tail, sizeof *H->bfs_tail);
        finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    }
    unsigned long long t = (unsigned long long)tail;
    ce = cudaMemcpyAsync(H->bfs_drecv, H->bfs_recv, (size_t)got * sizeof(gm_node_t), cudaMemcpyHostToDevice,
                         gs.stream);
    if (ce == cudaSuccess)
        ce = cudaMemcpyAsync(H->bfs_tail, &t, sizeof t, cudaMemcpyHostToDevice, gs.stream);
    if (ce == cudaSuccess) {
        bfs_assign<<<blocks((size_t)got), 256, 0, gs.stream>>>(H->bfs_drecv, got, dev_level, unseen, depth, dev_queue,
                                                               H->bfs_tail);
        ce = cudaGetLastError();
    }
    if (ce == cudaSuccess)
        ce = cudaMemcpyAsync(&t, H->bfs_tail, sizeof t, cudaMemcpyDeviceToHost, gs.stream);
    finish(what, ce != cudaSuccess ? cudaGetErrorString(ce) : NULL);
    if (t > (unsigned long long)H->G->num_owned)
        gmd_abort(3, "gmd_gpu_bfs_claims: the BFS queue overflowed");
    return (int64_t)t;
}
