/* ref_brandes.h: one source's Brandes dependencies, shared by the bc and
 * bc_sampled references (and by the bc_sampled validator): delta[v] = sum
 * over t != v, t != s reachable from s of sigma_st(v) / sigma_st, where
 * paths are edge sequences (parallel edges count), delta[s] = 0. */
#ifndef REF_BRANDES_H
#define REF_BRANDES_H

#include "gmrt_graph.h"

typedef struct ref_brandes {
    const gm_graph *g;
    int64_t *level;    /* BFS depth, -1 unreached */
    double *sigma;     /* number of shortest paths from s */
    gm_node_t *order;  /* nodes in BFS order */
    double *delta;
} ref_brandes;

void ref_brandes_init(ref_brandes *b, const gm_graph *g);
void ref_brandes_free(ref_brandes *b);
/* Fills b->delta for source s (every node: 0 when unreachable). */
void ref_brandes_source(ref_brandes *b, gm_node_t s);

#endif
