/* omp_monotone.h: the printing side of the monotone fixpoint loops whose
 * shape gm_analysis/gma_monotone.h recognizes: the relaxation of one node's
 * edges (both targets: cuda_async.c, cuda_priority.c, omp_priority.c) and
 * the OpenMP target's nearest-first buckets (omp_priority.c). */
#ifndef GM_OMP_MONOTONE_H
#define GM_OMP_MONOTONE_H

#include "gma_frontier.h"
#include "gma_monotone.h"
#include "cg_emit.h"

/* With n (the frontier loop's node) and its newest value _c_val in scope:
 * the loop over n's edges; each update that lowers (raises) the target's
 * key _c_key by atomic_fn(&Q[t], _c_key) (true when it stored) runs
 * `lowered` (a format whose one %s is the target node). lowered NULL: no
 * update, the term's |value| summed into _c_gsum and counted in _c_gcnt
 * (the sample that sets a nearest-first schedule's bin width). */
void omp_monotone_edges(cg_emit *em, const gma_monotone *a, const char *atomic_fn, const char *lowered);

/* ---- the OpenMP target (omp_priority.c) */
/* Whether the frontier loop w of `loop` is such a fixpoint with an ordered
 * key; fills a. */
bool omp_priority_possible(const gm_stmt *loop, const gma_frontier *w, gma_monotone *a);
/* Inside omp_worklist_loop's round loop: the rounds up to the fixpoint as
 * one run of nearest-first buckets (gmrt_buckets.h) seeded from the nodes
 * whose flag F is set. */
void omp_priority_fixpoint(cg_emit *em, const gma_monotone *a, const gma_frontier *w);

#endif
