/* omp_monotone.h: a frontier loop that computes the fixpoint of a monotone
 * relaxation, so that its rounds can go (both targets: the CUDA target's
 * asynchronous and near-far kernels, cuda_async.c and cuda_priority.c; the
 * OpenMP target's nearest-first buckets, omp_priority.c).
 *
 * The shape, within the frontier idiom of omp_frontier.h:
 *
 *   While (c) {
 *     Foreach (n: G.Nodes)(n.F)
 *       Foreach (s: n.Nbrs)            // or InNbrs; no filter
 *         { decls; <s.Q; s.F2> min= <f; True>; }    // or max=
 *     ...round end L2: m.X = m.Q; m.F = m.F2; m.F2 = False; x |= m.F...
 *     ...scalar statements...
 *   }
 *
 * with f = n.X, n.X + g, g + n.X or n.X - g, where g (and the decls) read
 * nothing the loop writes, and every scalar the loop writes assigned in each
 * round before it is read (so no counter carries the round structure out).
 * Then the loop computes a fixpoint of a monotone relaxation: min over every
 * walk from the first frontier of the values f composes along it, which
 * does not depend on the order of the relaxations (f is non-decreasing in
 * n.X, and rounding keeps it so). A target may relax a node's edges with
 * the newest Q[n] whenever Q[n] was lowered, in any order, until no node
 * waits; then Q is that fixpoint. Run after the first round and followed by
 * one more round as written (which lowers nothing, copies Q into X, clears
 * the flags and assigns the scalars as the original's last round does), the
 * loop ends in the state the original ends in. */
#ifndef GM_OMP_MONOTONE_H
#define GM_OMP_MONOTONE_H

#include "omp_emit.h"
#include "omp_frontier.h"

typedef struct omp_monotone {
    const gm_stmt *l1;        /* the frontier loop */
    const gm_stmt *inner;     /* its neighbour loop */
    const gm_stmt *argmin;    /* <s.Q; s.F2> min= <f; True> */
    const gm_symbol *x, *q;   /* f reads n.X; the arg-min lowers s.Q */
    const gm_expr *g;         /* f = n.X op g (NULL: f = n.X) */
    gm_op op;                 /* GMOP_ADD or GMOP_SUB */
    bool x_left;              /* n.X is f's left operand */
} omp_monotone;

/* Built-ins that only read the graph or compute: the same in any order and
 * on either target (no random numbers, no BFS level, no collections). */
bool omp_builtin_graph_query(int b);

/* Whether a worklist loop (its frontier loop l1, round end l2, flags F and
 * F2) has the shape above; fills a. */
bool omp_monotone_shape(const gm_stmt *loop, const gm_stmt *l1, const gm_stmt *l2, const gm_symbol *flag,
                        const gm_symbol *next, omp_monotone *a);

/* With n (the frontier loop's node) and its newest value _c_val in scope:
 * the loop over n's edges; each update that lowers (raises) the target's
 * key _c_key by atomic_fn(&Q[t], _c_key) (true when it stored) runs
 * `lowered` (a format whose one %s is the target node). lowered NULL: no
 * update, the term's |value| summed into _c_gsum and counted in _c_gcnt
 * (the sample that sets a nearest-first schedule's bin width). */
void omp_monotone_edges(omp_emit *em, const omp_monotone *a, const char *atomic_fn, const char *lowered);

/* Whether its key has a nearest-first order: a number (not a node id), and
 * a term g that moves it. */
bool omp_monotone_orderable(const omp_monotone *a);

/* ---- the OpenMP target (omp_priority.c) */
/* Whether the frontier loop w of `loop` is such a fixpoint with an ordered
 * key; fills a. */
bool omp_priority_possible(const gm_stmt *loop, const omp_frontier *w, omp_monotone *a);
/* Inside omp_worklist_loop's round loop: the rounds up to the fixpoint as
 * one run of nearest-first buckets (gmrt_buckets.h) seeded from the nodes
 * whose flag F is set. */
void omp_priority_fixpoint(omp_emit *em, const omp_monotone *a, const omp_frontier *w);

#endif
