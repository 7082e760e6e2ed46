/* gma_frontier.h: the frontier idiom, for the data-driven worklists of both
 * targets (gm_backend_cuda/cuda_worklist.c, gm_backend_omp/omp_worklist.c).
 * Contract: gma_frontier_shape only looks at the tree (checked, desugared,
 * optimized) and fills the record; it prints nothing and decides nothing
 * about the target: a backend that finds the shape may walk a worklist.
 *
 * The loop it recognizes (SSSP by Bellman-Ford with updated flags, and
 * label propagation written the same way):
 *
 *   While (c) {
 *     Foreach (n: G.Nodes) { If (n.F) { ... s.F2 = True / <s.Q; s.F2> min= <v; True> ... } }  // L1
 *     ...scalar statements...
 *     Foreach (m: G.Nodes) { m.X = m.Y; m.F = m.F2; m.F2 = False; x |= m.F; }                 // L2
 *     ...scalar statements...
 *   }
 *
 * F is the frontier, F2 the next one. Every store of True into F2 in L1 also
 * appends that node to the next worklist (once per round: a per-node round
 * mark), so L1 then walks only the frontier, and L2 only the nodes whose
 * flags or copied values can change: the old frontier and the new one.
 * Why this is the same computation, from the second round on (the first
 * round runs over every node and builds the worklist from F):
 *  - F is true exactly on the worklist and F2 false everywhere at a round's
 *    start (L2 set F = F2 and cleared F2 on every node that L1 flagged);
 *  - X == Y everywhere at a round's start (after the first, full L2), L1
 *    writes no X, and writes Y only at nodes it flags (Y is the key or a
 *    payload of the arg-min that sets F2, at the same node), so the copy
 *    changes nothing elsewhere;
 *  - the reductions of L2 are `x |= m.F`, false on every node left out.
 * The other statements of the loop touch no property.
 */
#ifndef GM_GMA_FRONTIER_H
#define GM_GMA_FRONTIER_H

#include <stdbool.h>

#include "ast.h"

typedef struct gma_frontier {
    const gm_stmt *l1, *l2;
    const gm_symbol *flag, *next;  /* F, F2 */
    const gm_symbol *y[16];        /* the props L1 may write at flagged nodes */
    int ny;
    bool ok;
} gma_frontier;

/* Whether the While/Do loop has the shape above; fills w. */
bool gma_frontier_shape(const gm_stmt *loop, gma_frontier *w);

#endif /* GM_GMA_FRONTIER_H */
