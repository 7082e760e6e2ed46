/* gma_monotone.h: a frontier loop that computes the fixpoint of a monotone
 * relaxation, so that its rounds can go (both targets: the CUDA target's
 * asynchronous and near-far kernels, gm_backend_cuda/cuda_async.c and
 * cuda_priority.c; the OpenMP target's nearest-first buckets,
 * gm_backend_omp/omp_priority.c). Contract: the tests only look at the tree
 * and fill the record; printing the relaxation is the backends' job
 * (gm_cgen/cg_monotone.h).
 *
 * The shape, within the frontier idiom of gma_frontier.h:
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
 * nothing the loop writes, X and Q declared outside the loop (one declared
 * in it starts afresh each round), and every scalar the loop writes
 * assigned in each round before it is read (so no counter carries the round
 * structure out).
 * Then the loop computes a fixpoint of a monotone relaxation: min over every
 * walk from the first frontier of the values f composes along it, which
 * does not depend on the order of the relaxations (f is non-decreasing in
 * n.X, and rounding keeps it so). A target may relax a node's edges with
 * the newest Q[n] whenever Q[n] was lowered, in any order, until no node
 * waits; then Q is that fixpoint. Run after the first round and followed by
 * one more round as written (which lowers nothing, copies Q into X, clears
 * the flags and assigns the scalars as the original's last round does), the
 * loop ends in the state the original ends in. */
#ifndef GM_GMA_MONOTONE_H
#define GM_GMA_MONOTONE_H

#include <stdbool.h>

#include "ast.h"

typedef struct gma_monotone {
    const gm_stmt *l1;        /* the frontier loop */
    const gm_stmt *inner;     /* its neighbour loop */
    const gm_stmt *argmin;    /* <s.Q; s.F2> min= <f; True> */
    const gm_symbol *x, *q;   /* f reads n.X; the arg-min lowers s.Q */
    const gm_expr *g;         /* f = n.X op g (NULL: f = n.X) */
    gm_op op;                 /* GMOP_ADD or GMOP_SUB */
    bool x_left;              /* n.X is f's left operand */
} gma_monotone;

/* Built-ins that only read the graph or compute: the same in any order and
 * on either target (no random numbers, no BFS level, no collections). */
bool gma_builtin_graph_query(int b);

/* Whether a worklist loop (its frontier loop l1, round end l2, flags F and
 * F2: gma_frontier.h) has the shape above; fills a. */
bool gma_monotone_shape(const gm_stmt *loop, const gm_stmt *l1, const gm_stmt *l2, const gm_symbol *flag,
                        const gm_symbol *next, gma_monotone *a);

/* Whether its key has a nearest-first order: a number (not a node id), and
 * a term g that moves it. */
bool gma_monotone_orderable(const gma_monotone *a);

#endif /* GM_GMA_MONOTONE_H */
