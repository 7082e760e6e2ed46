/* gmd_nccl.cu: the NCCL transport of libgmrt-dist (gmd_nccl.h): the
 * communicator bootstrapped over MPI, device send lists per graph, and the
 * dense owner<->ghost syncs and allreduces on device arrays. */
#include <mpi.h>
#include <nccl.h>
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" {
#include "gmd_internal.h"
}
#include "gmd_nccl.h"

/* The transport's state: one communicator per process, as MPI's. */
static struct {
    bool up;
    int device;
    ncclComm_t comm;
    cudaStream_t stream;
} nc = {false, -1, NULL, NULL};

struct gmd_nccl_graph {
    const gmd_graph *G;
    gm_node_t *idx;      /* device: send_idx of every peer, concatenated in rank order */
    size_t *off;         /* host, size+1: peer p's entries are idx[off[p] .. off[p+1]) */
    void *buf;           /* device: total entries of the widest type */
    size_t total;
};

int gmd_nccl_device(void) { return nc.up ? nc.device : -1; }

/* Agreement on a failure: every rank learns the lowest failing rank's message. */
static bool agree(bool ok, gmrt_error *err) { return gmd_agree_(ok, err); }

bool gmd_nccl_init(gmrt_error *err)
{
    if (nc.up)
        return true;
    gmrt_error local;
    gmrt_error *e = err ? err : &local;
    MPI_Comm host;
    int host_ranks = 1, ndev = 0;
    MPI_Comm_split_type(gmd_comm_(), MPI_COMM_TYPE_SHARED, gmd_rank(), MPI_INFO_NULL, &host);
    MPI_Comm_size(host, &host_ranks);
    MPI_Comm_free(&host);
    cudaError_t ce = cudaGetDeviceCount(&ndev);
    bool ok = true;
    if (ce != cudaSuccess || ndev == 0) {
        gmrt_error_set(e, GMRT_E_UNSUPPORTED, "no CUDA device for the NCCL transport (%s)",
                       ce != cudaSuccess ? cudaGetErrorString(ce) : "none found");
        ok = false;
    } else if (host_ranks > ndev) {
        gmrt_error_set(e, GMRT_E_UNSUPPORTED,
                       "%d ranks on this host but %d GPU%s: NCCL needs a GPU per rank "
                       "(use fewer ranks, or --comm=mpi to stage through the host)",
                       host_ranks, ndev, ndev == 1 ? "" : "s");
        ok = false;
    } else {
        nc.device = gmd_local_rank();
        ce = cudaSetDevice(nc.device);
        if (ce == cudaSuccess)
            ce = cudaStreamCreate(&nc.stream);
        if (ce != cudaSuccess) {
            gmrt_error_set(e, GMRT_E_UNSUPPORTED, "GPU %d: %s", nc.device, cudaGetErrorString(ce));
            ok = false;
        }
    }
    if (!agree(ok, e))
        return false;
    ncclUniqueId id;
    ncclResult_t r = ncclSuccess;
    if (gmd_rank() == 0)
        r = ncclGetUniqueId(&id);
    if (!agree(r == ncclSuccess, e)) { /* only rank 0 can fail here; agree carries its message */
        return false;
    }
    MPI_Bcast(&id, (int)sizeof id, MPI_BYTE, 0, gmd_comm_());
    r = ncclCommInitRank(&nc.comm, gmd_size(), id, gmd_rank());
    if (r != ncclSuccess)
        gmrt_error_set(e, GMRT_E_UNSUPPORTED, "NCCL: %s", ncclGetErrorString(r));
    if (!agree(r == ncclSuccess, e)) {
        if (r == ncclSuccess)
            ncclCommDestroy(nc.comm);
        cudaStreamDestroy(nc.stream);
        return false;
    }
    nc.up = true;
    return true;
}

void gmd_nccl_finalize(void)
{
    if (!nc.up)
        return;
    cudaStreamSynchronize(nc.stream);
    ncclCommDestroy(nc.comm);
    cudaStreamDestroy(nc.stream);
    nc.up = false;
    nc.device = -1;
}

/* NCCL's reduction type and operator for t and op; false when op has no
 * meaning for t (as gmd_allreduce: no SUM on Bool, no AND/OR on numbers). */
static bool nccl_kind(gmrt_type t, gmd_op op, ncclDataType_t *dt, ncclRedOp_t *ro)
{
    switch (t) {
    case GMRT_T_INT32: case GMRT_T_NODE: *dt = ncclInt32; break;
    case GMRT_T_INT64: *dt = ncclInt64; break;
    case GMRT_T_EDGE: *dt = sizeof(gm_edge_t) == 8 ? ncclInt64 : ncclInt32; break;
    case GMRT_T_FLOAT: *dt = ncclFloat32; break;
    case GMRT_T_DOUBLE: *dt = ncclFloat64; break;
    case GMRT_T_BOOL: /* bytes 0/1: AND is min, OR is max */
        *dt = ncclUint8;
        if (op == GMD_AND || op == GMD_MIN)
            *ro = ncclMin;
        else if (op == GMD_OR || op == GMD_MAX)
            *ro = ncclMax;
        else
            return false;
        return sizeof(bool) == 1;
    default: return false;
    }
    switch (op) {
    case GMD_SUM: *ro = ncclSum; return true;
    case GMD_MIN: *ro = ncclMin; return true;
    case GMD_MAX: *ro = ncclMax; return true;
    default: return false;
    }
}

/* Waits for the queued transfers; a CUDA or NCCL failure here is not
 * something a rank can recover from alone (its peers are mid-exchange). */
static void finish(const char *what, ncclResult_t r)
{
    cudaError_t ce = cudaStreamSynchronize(nc.stream);
    if (r != ncclSuccess || ce != cudaSuccess) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s: %s", what,
                 r != ncclSuccess ? ncclGetErrorString(r) : cudaGetErrorString(ce));
        gmd_abort(3, msg);
    }
}

bool gmd_nccl_allreduce(void *dev_values, size_t count, gmrt_type t, gmd_op op)
{
    ncclDataType_t dt;
    ncclRedOp_t ro;
    if (!nc.up || !nccl_kind(t, op, &dt, &ro))
        return false;
    double t0 = MPI_Wtime();
    ncclResult_t r = ncclAllReduce(dev_values, dev_values, count, dt, ro, nc.comm, nc.stream);
    finish("gmd_nccl_allreduce", r);
    gmd_count_(t0, count * gmrt_type_size(t), 0, 1);
    return true;
}

gmd_nccl_graph *gmd_nccl_attach(const gmd_graph *G, gmrt_error *err)
{
    gmrt_error local;
    gmrt_error *e = err ? err : &local;
    gmd_nccl_graph *H = (gmd_nccl_graph *)calloc(1, sizeof *H);
    size_t *off = (size_t *)malloc((size_t)(G->size + 1) * sizeof *off);
    bool ok = nc.up && H && off;
    if (!nc.up)
        gmrt_error_set(e, GMRT_E_ARG, "gmd_nccl_attach before gmd_nccl_init");
    else if (!ok)
        gmrt_error_set(e, GMRT_E_NOMEM, "gmd_nccl_attach: out of memory");
    gm_node_t *host_idx = NULL;
    if (ok) {
        off[0] = 0;
        for (int p = 0; p < G->size; p++)
            off[p + 1] = off[p] + (size_t)G->send_count[p];
        /* a reduce receives as many values as a broadcast sends */
        size_t total = off[G->size];
        host_idx = (gm_node_t *)malloc((total + 1) * sizeof *host_idx);
        ok = host_idx != NULL;
        for (int p = 0; ok && p < G->size; p++)
            memcpy(host_idx + off[p], G->send_idx[p], (size_t)G->send_count[p] * sizeof *host_idx);
        cudaError_t ce = cudaSuccess;
        if (ok)
            ce = cudaMalloc((void **)&H->idx, (total + 1) * sizeof *H->idx);
        if (ok && ce == cudaSuccess)
            ce = cudaMalloc(&H->buf, (total + 1) * sizeof(double) > (total + 1) * sizeof(int64_t)
                                          ? (total + 1) * sizeof(double)
                                          : (total + 1) * sizeof(int64_t));
        if (ok && ce == cudaSuccess)
            ce = cudaMemcpy(H->idx, host_idx, total * sizeof *host_idx, cudaMemcpyHostToDevice);
        if (!ok || ce != cudaSuccess) {
            gmrt_error_set(e, GMRT_E_NOMEM, "gmd_nccl_attach: %s",
                           ok ? cudaGetErrorString(ce) : "out of memory");
            ok = false;
        }
        H->total = total;
    }
    free(host_idx);
    if (H) {
        H->G = G;
        H->off = off;
    }
    if (!agree(ok, e)) {
        gmd_nccl_detach(H);
        return NULL;
    }
    return H;
}

void gmd_nccl_detach(gmd_nccl_graph *H)
{
    if (!H)
        return;
    if (H->idx)
        cudaFree(H->idx);
    if (H->buf)
        cudaFree(H->buf);
    free(H->off);
    free(H);
}

/* ---- kernels ---- */

template <typename T> __global__ void pack(T *out, const T *prop, const gm_node_t *idx, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = prop[idx[i]];
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

template <typename T> static void launch_pack(gmd_nccl_graph *H, const void *prop)
{
    if (H->total)
        pack<T><<<blocks(H->total), 256, 0, nc.stream>>>((T *)H->buf, (const T *)prop, H->idx, H->total);
}

template <typename T>
static void launch_apply(void *prop, const gm_node_t *idx, const void *v, size_t n, apply_op op)
{
    T *d = (T *)prop;
    const T *w = (const T *)v;
    unsigned b = blocks(n);
    switch (op) {
    case APPLY_SUM: apply<T, APPLY_SUM><<<b, 256, 0, nc.stream>>>(d, idx, w, n); break;
    case APPLY_MIN: apply<T, APPLY_MIN><<<b, 256, 0, nc.stream>>>(d, idx, w, n); break;
    case APPLY_MAX: apply<T, APPLY_MAX><<<b, 256, 0, nc.stream>>>(d, idx, w, n); break;
    case APPLY_AND: apply<T, APPLY_AND><<<b, 256, 0, nc.stream>>>(d, idx, w, n); break;
    case APPLY_OR: apply<T, APPLY_OR><<<b, 256, 0, nc.stream>>>(d, idx, w, n); break;
    }
}

/* The element width's kernels for t: integer types share a width. */
static void pack_any(gmd_nccl_graph *H, const void *prop, size_t es)
{
    switch (es) {
    case 1: launch_pack<uint8_t>(H, prop); break;
    case 4: launch_pack<uint32_t>(H, prop); break;
    default: launch_pack<uint64_t>(H, prop); break;
    }
}

/* Grouped point-to-point: to every peer p, sends[p] bytes from send_at(p);
 * from every peer, recvs[p] bytes into recv_at(p).  Returns the bytes sent
 * and the messages counted into n_msgs. */
static ncclResult_t exchange(const gmd_graph *G, char *const *send_at, const size_t *send_bytes,
                             char *const *recv_at, const size_t *recv_bytes, uint64_t *bytes,
                             uint64_t *msgs)
{
    ncclResult_t r = ncclGroupStart();
    for (int p = 0; p < G->size && r == ncclSuccess; p++) {
        if (p == G->rank)
            continue;
        if (send_bytes[p]) {
            r = ncclSend(send_at[p], send_bytes[p], ncclChar, p, nc.comm, nc.stream);
            *bytes += send_bytes[p];
            (*msgs)++;
        }
        if (r == ncclSuccess && recv_bytes[p])
            r = ncclRecv(recv_at[p], recv_bytes[p], ncclChar, p, nc.comm, nc.stream);
    }
    ncclResult_t r2 = ncclGroupEnd();
    return r != ncclSuccess ? r : r2;
}

/* Per-peer pointers and byte counts of the two sides of a sync. */
typedef struct sides {
    char **owned_at, **ghost_at;
    size_t *owned_bytes, *ghost_bytes;
} sides;

static bool sides_of(gmd_nccl_graph *H, void *prop, size_t es, sides *s)
{
    const gmd_graph *G = H->G;
    size_t P = (size_t)G->size;
    s->owned_at = (char **)malloc(2 * P * sizeof(char *));
    s->owned_bytes = (size_t *)malloc(2 * P * sizeof(size_t));
    if (!s->owned_at || !s->owned_bytes) {
        free(s->owned_at);
        free(s->owned_bytes);
        return false;
    }
    s->ghost_at = s->owned_at + P;
    s->ghost_bytes = s->owned_bytes + P;
    for (int p = 0; p < G->size; p++) {
        s->owned_at[p] = (char *)H->buf + H->off[p] * es;
        s->owned_bytes[p] = (H->off[p + 1] - H->off[p]) * es;
        s->ghost_at[p] = (char *)prop + (size_t)G->ghost_begin[p] * es;
        s->ghost_bytes[p] = (size_t)(G->ghost_begin[p + 1] - G->ghost_begin[p]) * es;
    }
    return true;
}

bool gmd_nccl_sync_broadcast(gmd_nccl_graph *H, void *dev_prop, gmrt_type t)
{
    size_t es = gmrt_type_size(t);
    sides s;
    if (!nc.up || !H || es == 0)
        return false;
    if (!sides_of(H, dev_prop, es, &s))
        gmd_abort(3, "gmd_nccl_sync_broadcast: out of memory");
    double t0 = MPI_Wtime();
    uint64_t bytes = 0, msgs = 0;
    pack_any(H, dev_prop, es);
    /* owners' values packed in each peer's ghost order; ghosts receive in place */
    ncclResult_t r = exchange(H->G, s.owned_at, s.owned_bytes, s.ghost_at, s.ghost_bytes, &bytes, &msgs);
    finish("gmd_nccl_sync_broadcast", r);
    gmd_count_(t0, bytes, msgs, 0);
    free(s.owned_at);
    free(s.owned_bytes);
    return true;
}

bool gmd_nccl_sync_reduce(gmd_nccl_graph *H, void *dev_prop, gmrt_type t, gmd_op op)
{
    size_t es = gmrt_type_size(t);
    bool boolean = t == GMRT_T_BOOL;
    if (!nc.up || !H || es == 0 || (boolean && op == GMD_SUM) || (!boolean && (op == GMD_AND || op == GMD_OR)) ||
        op < GMD_SUM || op > GMD_OR)
        return false;
    apply_op ap = boolean ? (op == GMD_AND || op == GMD_MIN ? APPLY_AND : APPLY_OR)
                          : (op == GMD_SUM ? APPLY_SUM : op == GMD_MIN ? APPLY_MIN : APPLY_MAX);
    sides s;
    if (!sides_of(H, dev_prop, es, &s))
        gmd_abort(3, "gmd_nccl_sync_reduce: out of memory");
    double t0 = MPI_Wtime();
    uint64_t bytes = 0, msgs = 0;
    /* ghosts sent in place; each owner's contributions land in the pack buffer */
    ncclResult_t r = exchange(H->G, s.ghost_at, s.ghost_bytes, s.owned_at, s.owned_bytes, &bytes, &msgs);
    if (r == ncclSuccess) {
        const gmd_graph *G = H->G;
        for (int p = 0; p < G->size; p++) { /* rank order: the host sync's order, the same bits */
            size_t n = H->off[p + 1] - H->off[p];
            if (n == 0 || p == G->rank)
                continue;
            const gm_node_t *idx = H->idx + H->off[p];
            const void *v = s.owned_at[p];
            switch (t) {
            case GMRT_T_INT32: case GMRT_T_NODE: launch_apply<int32_t>(dev_prop, idx, v, n, ap); break;
            case GMRT_T_INT64: launch_apply<int64_t>(dev_prop, idx, v, n, ap); break;
            case GMRT_T_EDGE: launch_apply<gm_edge_t>(dev_prop, idx, v, n, ap); break;
            case GMRT_T_FLOAT: launch_apply<float>(dev_prop, idx, v, n, ap); break;
            case GMRT_T_DOUBLE: launch_apply<double>(dev_prop, idx, v, n, ap); break;
            case GMRT_T_BOOL: launch_apply<bool>(dev_prop, idx, v, n, ap); break;
            }
        }
    }
    finish("gmd_nccl_sync_reduce", r);
    gmd_count_(t0, bytes, msgs, 0);
    free(s.owned_at);
    free(s.owned_bytes);
    return true;
}
