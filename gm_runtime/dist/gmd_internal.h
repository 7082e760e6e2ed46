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

/* COLLECTIVE. G's send lists from every rank's ghost table (gmd_graph.c). */
bool gmd_exchange_send_lists_(gmd_graph *G, gmrt_error *err);
/* COLLECTIVE. gmd_load of a generator spec "gen:..." (gmrt_gen.h): every
 * rank generates its part (gmd_gen.c). */
gmd_graph *gmd_generate_(const char *spec, const gmd_load_options *opt, gmrt_error *err);

#endif
