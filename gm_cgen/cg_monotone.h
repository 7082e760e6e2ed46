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
 * (the sample that sets a nearest-first schedule's bin width), and, where
 * min_var names a double, its least |value| kept there. */
void cg_monotone_edges(cg_emit *em, const gma_monotone *a, const char *atomic_fn, const char *lowered,
                       const char *min_var);

/* The statements of a round (list), as written, but the frontier loop l1
 * under `if (!done)`: in the round after a run to the fixpoint (done set;
 * run names it in the comment, "nearest-first", "asynchronous") the loop
 * lowers nothing (gma_monotone.h), so only the round's end runs (on kron20
 * the loop re-relaxed every edge of the first frontier). l1 NULL: every
 * statement as written. */
void cg_round_after_fixpoint(cg_emit *em, const gm_stmt *list, const gm_stmt *l1, const char *done,
                             const char *run);

#endif
