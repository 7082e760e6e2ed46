/* cg_monotone.h: the printing side of the monotone fixpoint loops whose
 * shape gm_analysis/gma_monotone.h recognizes: the relaxation of one node's
 * edges, which both targets print (cuda_async.c, cuda_priority.c,
 * omp_priority.c); the OpenMP target's nearest-first buckets are
 * gm_backend_omp/omp_emit.h's. */
#ifndef GM_CG_MONOTONE_H
#define GM_CG_MONOTONE_H

#include "gma_frontier.h"
#include "gma_monotone.h"
#include "cg_emit.h"

/* With n (the frontier loop's node) and its newest value _c_val in scope:
 * the loop over n's edges; each update that lowers (raises) the target's
 * key _c_key by atomic_fn(&Q[t], _c_key) (true when it stored) runs
 * `lowered` (a format whose one %s is the target node). lowered NULL: no
 * update, the term's |value| summed into _c_gsum and counted in _c_gcnt
 * (the sample that sets a nearest-first schedule's bin width). */
void cg_monotone_edges(cg_emit *em, const gma_monotone *a, const char *atomic_fn, const char *lowered);

#endif
