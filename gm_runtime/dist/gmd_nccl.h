/* gmd_nccl.h: the NCCL transport of libgmrt-dist (libgmrt-dist-nccl): the
 * owner<->ghost syncs and scalar allreduces of gmd.h on properties held in
 * GPU memory, GPU to GPU (NVLink, PCIe, InfiniBand or sockets, as NCCL
 * chooses), never staged through the host.  Design: distributed.md
 * sections 4 and 5.2 (issue 31).
 *
 * Contract:
 *  - One rank per GPU: gmd_nccl_init picks the device gmd_local_rank() of
 *    the rank's host and refuses (on every rank, with a message naming
 *    --comm=mpi) when a host runs more ranks than it has GPUs, since NCCL
 *    cannot put two ranks on one GPU.  Call it after gmd_init, before any
 *    other function here; gmd_nccl_finalize before gmd_finalize.
 *  - The communicator is bootstrapped over MPI (rank 0's ncclUniqueId is
 *    broadcast with MPI_Bcast): MPI launches, NCCL moves GPU data.
 *  - Every function marked COLLECTIVE must be called by every rank in the
 *    same order (gmd.h's rule).  Properties are device arrays of
 *    gmd_num_local(G) elements laid out as gmd.h says (owners, then the
 *    ghosts of each peer as one contiguous slice).
 *  - Broadcast receives straight into each peer's ghost slice and reduce
 *    sends straight from it (no copy); owners' values are packed and
 *    contributions applied by kernels on the rank's device.  Contributions
 *    are applied peer by peer in rank order, as gmd_sync_reduce does on the
 *    host, so both give the same bits (floating sums included).
 *  - Work is queued on a stream of its own that orders with the legacy
 *    default stream (kernels launched before a sync on stream 0 finish
 *    first; those launched after wait for it); each call returns when its
 *    transfers are done, and their time counts in gmd_get_counters(). */
#ifndef GMD_NCCL_H
#define GMD_NCCL_H

#include "gmd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* COLLECTIVE. false (message in err, on every rank) when a host has more
 * ranks than GPUs, CUDA finds no device, or NCCL cannot start. */
bool gmd_nccl_init(gmrt_error *err);
/* COLLECTIVE. Destroys the communicator (a no-op when not initialized). */
void gmd_nccl_finalize(void);
/* The CUDA device this rank uses (-1 before gmd_nccl_init). */
int gmd_nccl_device(void);

/* A graph's send lists on the device, computed once per graph. */
typedef struct gmd_nccl_graph gmd_nccl_graph;
/* COLLECTIVE. NULL (message in err, on every rank) when out of GPU memory. */
gmd_nccl_graph *gmd_nccl_attach(const gmd_graph *G, gmrt_error *err);
void gmd_nccl_detach(gmd_nccl_graph *H);

/* COLLECTIVE. count values of type t in device memory, in place: every
 * rank's values become op over all ranks (gmd_allreduce's types and
 * operators; false for an op the type has no meaning for). */
bool gmd_nccl_allreduce(void *dev_values, size_t count, gmrt_type t, gmd_op op);
/* COLLECTIVE. Every ghost of dev_prop gets its owner's value. */
bool gmd_nccl_sync_broadcast(gmd_nccl_graph *H, void *dev_prop, gmrt_type t);
/* COLLECTIVE. Every owner combines with op the values its ghosts hold on
 * the other ranks (SUM/MIN/MAX for numbers, AND/OR for Bool); the ghosts
 * keep their values.  false for an op the type has no meaning for. */
bool gmd_nccl_sync_reduce(gmd_nccl_graph *H, void *dev_prop, gmrt_type t, gmd_op op);

#ifdef __cplusplus
}
#endif
#endif
