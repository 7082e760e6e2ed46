/* gma_clique.h: a loop nest that counts the cliques of an undirected graph,
 * each from one ordering of its nodes, so that its answer does not depend
 * on the node ids (the OpenMP target then runs it on a copy of the graph
 * renamed by degree: gm_backend_omp/omp_clique.c, gmrt_clique_graph).
 * Contract: the test only looks at the tree and fills the record.
 *
 * The shape (k >= 2 iterators, at most GMA_CLIQUE_MAX):
 *
 *   Foreach (x1: G.Nodes)                     // or For; no filter
 *     Foreach (x2: xa.Nbrs)(c2)               // xa an outer iterator
 *       ...
 *         Foreach (xk: xb.Nbrs)(ck)
 *           If (c) T += K;                    // or T += K; K an integer literal
 *
 * or, the innermost loop folded by gm_opt/count_linked.c, ending in
 *   T += xa._CountNbrsAboveWithEdgeTo(y, z)   // (or Below, or ...From)
 * which counts one iterator more: the neighbours w of xa with w > y (< y)
 * adjacent to z.
 *
 * each loop body being that one statement (a filter may also be written
 * as a sole If without Else around the rest), and the conditions together
 * (filters, Ifs) a conjunction of atoms, each either a strict comparison
 * of two iterators (x2 > x1, x1 < x2) or a.HasEdgeTo(b) of two iterators;
 * T an integer scalar declared outside the nest (the nest, each body one
 * statement, declares nothing).
 *
 * Sound because: (1) the comparisons order every pair of iterators the
 * same way in every tuple that passes (their transitive closure is a
 * strict total order), so a passing tuple is k distinct nodes listed in
 * the one order the comparisons allow; (2) every pair of iterators is
 * adjacent, either by a loop (x2 in x1's row) or by a HasEdgeTo atom.
 * On a graph whose every edge is stored both ways with no parallel copies
 * (the runtime checks: gmrt_clique_graph), a row entry and HasEdgeTo both
 * mean "adjacent", each adjacent pair counted once, so the nest adds K
 * for each set of k pairwise adjacent nodes: the number of k-cliques, the
 * same under any renaming of the nodes. On any other graph the program
 * must run as written (a parallel edge makes a tuple count twice from its
 * lowest node only, which renaming changes). */
#ifndef GM_GMA_CLIQUE_H
#define GM_GMA_CLIQUE_H

#include <stdbool.h>

#include "ast.h"

#define GMA_CLIQUE_MAX 8

typedef struct gma_clique {
    int k;                                  /* nodes of each clique: iterators, outermost
                                               first, and the counted neighbour if any */
    int loops;                              /* loops of the nest: loop[0..loops) */
    const gm_stmt *loop[GMA_CLIQUE_MAX];
    const gm_symbol *iter[GMA_CLIQUE_MAX];  /* NULL for the counted neighbour */
    const gm_symbol *graph;                 /* the graph of the node loop */
    const gm_symbol *count;                 /* T */
    const gm_stmt *add;                     /* T += K */
    bool ascending;                         /* every neighbour walked (each loop's and the
                                               folded count's) is above the node whose
                                               row it comes from: the nest never needs a
                                               row's lower part (an upper copy serves it) */
} gma_clique;

/* Whether the Foreach s is such a nest; fills c. */
bool gma_clique_shape(const gm_stmt *s, gma_clique *c);

#endif /* GM_GMA_CLIQUE_H */
