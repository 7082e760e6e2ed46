/* gmd_gpu.h: node properties in GPU memory for distributed programs
 * (libgmrt-dist-cuda): the owner<->ghost syncs and scalar allreduces of
 * gmd.h on device arrays, over one of two transports (design:
 * distributed.md sections 4 and 5.2, issue 31):
 *   nccl  GPU to GPU through NCCL (NVLink, PCIe, InfiniBand or sockets, as
 *         NCCL chooses), never staged through the host; one rank per GPU;
 *   mpi   staged through pinned host memory over libgmrt-dist's MPI
 *         exchange: for more ranks than GPUs (ranks share a GPU) and for
 *         builds or machines without NCCL.
 *
 * Contract:
 *  - gmd_gpu_init after gmd_init and before any other function here (and
 *    gmd_gpu_finalize before gmd_finalize). Rank r of a host uses GPU
 *    (r mod GPUs of the host). GMD_COMM_AUTO takes nccl when it was built
 *    and every host has a GPU per rank, else mpi; GMD_COMM_NCCL where that
 *    cannot be is refused on every rank with a message naming --comm=mpi.
 *  - NCCL's communicator is bootstrapped over MPI (rank 0's ncclUniqueId
 *    goes out with MPI_Bcast): MPI launches, NCCL moves GPU data.
 *  - COLLECTIVE functions: every rank, same order (gmd.h's rule).
 *    Properties are device arrays of gmd_num_local(G) elements laid out as
 *    gmd.h says (owners, then each peer's ghosts as one contiguous slice).
 *  - Broadcast packs the owners' values on the device and (nccl) receives
 *    straight into each peer's ghost slice (a table in positions,
 *    gmd_gpu_sync_broadcast_at: into a buffer, then scattered); reduce sends the ghost slices
 *    as they are and applies the contributions on the device peer by peer
 *    in rank order, as gmd_sync_reduce does on the host, so all three give
 *    the same bits (floating sums included).
 *  - Work goes on a stream of its own that orders with the legacy default
 *    stream (kernels launched on stream 0 before a sync finish first; those
 *    launched after wait for it); each call returns when its transfers are
 *    done, and their time and bytes count in gmd_get_counters(). A CUDA or
 *    NCCL failure in the middle of a sync stops every rank (gmd_abort):
 *    the peers are mid-exchange and cannot go on alone. */
#ifndef GMD_GPU_H
#define GMD_GPU_H

#include "gmd.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gmd_comm {
    GMD_COMM_AUTO = 0, /* nccl when possible, else mpi */
    GMD_COMM_NCCL,
    GMD_COMM_MPI,
} gmd_comm;
/* "auto", "nccl", "mpi"; parse gives -1 for an unknown name. */
const char *gmd_comm_name(gmd_comm c);
int gmd_comm_parse(const char *name);
/* Whether this build has the nccl transport. */
bool gmd_gpu_have_nccl(void);

/* COLLECTIVE. false (message in err, on every rank) when a rank finds no
 * GPU, nccl was asked for and cannot be (not built, more ranks than GPUs
 * on a host), or NCCL cannot start. Once up (a later run of a --batch): true
 * for auto or the transport in use, false for the other one. */
bool gmd_gpu_init(gmd_comm comm, gmrt_error *err);
/* COLLECTIVE. A no-op when not initialized. */
void gmd_gpu_finalize(void);
/* The transport in use (GMD_COMM_NCCL or GMD_COMM_MPI) and this rank's
 * CUDA device; -1 before gmd_gpu_init. */
int gmd_gpu_comm(void);
int gmd_gpu_device(void);

/* A graph's send lists on the device, computed once per graph. */
typedef struct gmd_gpu_graph gmd_gpu_graph;
/* COLLECTIVE. NULL (message in err, on every rank) when out of memory. */
gmd_gpu_graph *gmd_gpu_attach(const gmd_graph *G, gmrt_error *err);
void gmd_gpu_detach(gmd_gpu_graph *H);
/* COLLECTIVE at G's first call: G's send lists and device copies of its
 * ghost ids and global degrees, made once and kept with G (freed by
 * gmd_graph_free, which must come before gmd_gpu_finalize), so that every
 * call of a procedure after the first finds them at no cost. Later calls
 * return the same handle without communicating (every rank calls it for
 * the same graphs in the same order). NULL as gmd_gpu_attach. */
gmd_gpu_graph *gmd_gpu_graph_of(gmd_graph *G, gmrt_error *err);
/* Device arrays of a handle from gmd_gpu_graph_of: G's num_ghosts ghost
 * ids (ghost_gid) and gmd_num_local(G) global out- and in-degrees. */
const int64_t *gmd_gpu_ghost_gid(const gmd_gpu_graph *H);
const gm_edge_t *gmd_gpu_out_degree(const gmd_gpu_graph *H);
const gm_edge_t *gmd_gpu_in_degree(const gmd_gpu_graph *H);
/* Whether no rank holds a ghost (one rank, or no edge crosses ranks): then
 * every sync is a no-op on every rank (the same answer on every rank). */
bool gmd_gpu_no_ghosts(const gmd_gpu_graph *H);

/* COLLECTIVE. count values of type t in device memory, in place: every
 * rank's values become op over all ranks (gmd_allreduce's types and
 * operators; false for an op the type has no meaning for). */
bool gmd_gpu_allreduce(void *dev_values, size_t count, gmrt_type t, gmd_op op);
/* COLLECTIVE. Every ghost of dev_prop gets its owner's value. */
bool gmd_gpu_sync_broadcast(gmd_gpu_graph *H, void *dev_prop, gmrt_type t);
/* COLLECTIVE. The same for a table kept in positions (the one-GPU gather
 * order of G->local, gmcu_graph.h): local id v's value is at
 * dev_prop[dev_pos[v]], dev_pos a device permutation of the
 * gmd_num_local(G) local ids. Each rank passes its own positions (NULL: id
 * order, gmd_gpu_sync_broadcast; ranks may differ): a sender packs owner v
 * from its pos[v], a receiver puts ghost g's value at its pos[g]. The ghosts
 * arrive in a receive buffer (device, num_ghosts of the widest type, made at
 * the first such call and kept with H; out of device memory there stops
 * every rank) and a kernel scatters them; NULL receives straight into the
 * ghost slice. */
bool gmd_gpu_sync_broadcast_at(gmd_gpu_graph *H, void *dev_prop, gmrt_type t, const gm_node_t *dev_pos);
/* COLLECTIVE. Every owner combines with op the values its ghosts hold on
 * the other ranks (SUM/MIN/MAX for numbers, AND/OR for Bool); the ghosts
 * keep their values.  false for an op the type has no meaning for. */
bool gmd_gpu_sync_reduce(gmd_gpu_graph *H, void *dev_prop, gmrt_type t, gmd_op op);

/* The most payloads gmd_gpu_sync_reduce_arg takes (gmc falls back to the
 * host's gmd_sync_reduce_arg beyond). */
#define GMD_GPU_MAX_PAYLOADS 8
/* COLLECTIVE. gmd_sync_reduce_arg (gmd.h) on device arrays: every owner
 * takes, of the copies its ghosts hold on the other ranks, the key strictly
 * better (is_min: lower) than its own, the lowest rank's among equals,
 * together with that copy's npay payloads (device arrays dev_pay[j] of type
 * pt[j], gmd_num_local elements); the ghosts keep their values. Only the
 * ghost slices travel (nccl: GPU to GPU in one group; mpi: staged through
 * the pinned host buffers, as gmd_gpu_sync_reduce), and the peers'
 * contributions are applied on the device in rank order, so the result is
 * the host's, bit for bit. A device buffer for the payloads' contributions
 * is made at the first call and kept with H (out of device memory there
 * stops every rank). false for a type of no size or npay outside
 * 0..GMD_GPU_MAX_PAYLOADS. */
bool gmd_gpu_sync_reduce_arg(gmd_gpu_graph *H, void *dev_key, gmrt_type kt, bool is_min, int npay,
                             void *const *dev_pay, const gmrt_type *pt);

/* COLLECTIVE. One level of a distributed BFS on the device (gmc -t cuda
 * --distributed's InBFS): the n ghosts (local ids, each once) in
 * dev_claims that this rank's expansion claimed go to their owners; each
 * owner sets dev_level[v] = depth on those of its owners still at unseen
 * (an atomic CAS: a node also found here or claimed twice joins once) and
 * appends them to dev_queue from position tail. Returns the new tail.
 * dev_queue must hold num_owned entries. Two forms, the same on every rank
 * (an allreduce of the largest claim count picks): sparse, the claimed ids
 * staged through the host (gmd_bfs_claims), whatever the transport, for
 * levels that claim few; dense, a flag per local id set at the claims and
 * reduced like a Bool property (gmd_gpu_sync_reduce, OR) for levels that
 * claim many (at least 1/1024 of the largest rank's local ids, and 4,096);
 * GMD_BFS_DENSE=0 or 1 forces one. A CUDA failure stops every rank. */
int64_t gmd_gpu_bfs_claims(gmd_gpu_graph *H, const gm_node_t *dev_claims, size_t n, int32_t *dev_level,
                           int32_t unseen, int32_t depth, gm_node_t *dev_queue, int64_t tail);

/* COLLECTIVE. gmd_bfs_settle (gmd.h) with the levels in GPU memory
 * (gmd_gpu_bfs_settle.cu): dev_level holds gmd_num_local(G) levels (unseen:
 * -1 or INT32_MAX), exact up to depth; dev_queue[head, tail) this rank's
 * owners at depth, not expanded yet. Each round walks the seeds to a local
 * fixpoint (gmcu_bfs_relax, libgmrt-cuda: link it), reduces the levels
 * with MIN (gmd_gpu_sync_reduce) and seeds the next round with the owners
 * that lowered, until none is on any rank; then a broadcast gives every
 * ghost its owner's level. Returns the new tail: dev_queue[head, tail')
 * holds this rank's owners at depth or deeper (reached), in no order.
 * dev_queue must hold num_owned entries. A CUDA failure, out of device
 * memory included, stops every rank. */
int64_t gmd_gpu_bfs_settle(gmd_graph *G, int32_t *dev_level, int32_t unseen, gm_node_t *dev_queue, int64_t head,
                           int64_t tail, int32_t depth);

/* COLLECTIVE. gmd_min_label_components (gmd.h) with the labels in GPU
 * memory: dev_label holds gmd_num_local(G) labels (the owners' read, the
 * ghosts' overwritten). The local components come once from the one-GPU
 * union-find (gmcu_component_roots, libgmrt-cuda: link it) on the device
 * copy of G->local; after a first broadcast, each round takes every label's
 * local-component minimum, ends the rounds when that changed no label on
 * any rank (one allreduce of a flag), else runs gmd_gpu_sync_reduce (MIN)
 * and gmd_gpu_sync_broadcast. Where no rank holds a ghost
 * (gmd_gpu_no_ghosts: one rank) it is the one-GPU fixpoint
 * (gmcu_min_label_components) on G->local and nothing else, one round.
 * Returns the number of rounds; -1 (on every rank) when gmd_gpu_graph_of
 * fails; a CUDA failure, out of device memory for its arrays included,
 * stops every rank (gmd_abort; libgmrt-cuda's own failures inside the
 * union-find end the process as they do on one GPU). Its scratch arrays
 * come from libgmrt-cuda's cache (gmcu_malloc_try): a later call on a graph
 * of the same size allocates nothing. */
int64_t gmd_gpu_min_label_components_i32(gmd_graph *G, int32_t *dev_label);
int64_t gmd_gpu_min_label_components_i64(gmd_graph *G, int64_t *dev_label);

#ifdef __cplusplus
}
#endif
#endif
