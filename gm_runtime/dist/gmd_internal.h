/* gmd_internal.h: what libgmrt-dist's modules share and programs do not see
 * (the communicator, the counters, error agreement). */
#ifndef GMD_INTERNAL_H
#define GMD_INTERNAL_H

#include <mpi.h>

#include "gmd.h"

MPI_Comm gmd_comm_(void);
MPI_Datatype gmd_mpi_type_(gmrt_type t);
/* Adds the time since t0 (MPI_Wtime) and the traffic to the counters. */
void gmd_count_(double t0, uint64_t bytes, uint64_t messages, uint64_t collectives);
/* COLLECTIVE. true when ok is true on every rank; otherwise false on every
 * rank, and err (on every rank) gets the message of the lowest failing rank,
 * prefixed with its rank when P > 1. */
bool gmd_agree_(bool ok, gmrt_error *err);

#endif
