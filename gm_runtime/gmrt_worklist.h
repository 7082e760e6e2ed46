/* gmrt_worklist.h: the node worklist of the OpenMP target's frontier loops
 * (gm_backend_omp/omp_worklist.c; the shape: gm_analysis/gma_frontier.h).
 * Install location: <gmc/gmrt_worklist.h>.
 *
 * A round walks `cur` (ncur entries); the nodes it flags for the next round
 * are appended to `next`, each once per round: mark[v] holds the round in
 * which v was last appended. Each thread appends into a chunk of
 * GMRT_WL_CHUNK slots it reserved with one atomic add (one shared counter
 * bumped per append made two threads slower than one); slots a thread did
 * not fill by the round's end hold GMRT_NIL_NODE, which readers skip.
 * gmrt_wl_advance makes next the current list.
 */
#ifndef GMRT_WORKLIST_H
#define GMRT_WORKLIST_H

#include <stdbool.h>
#include <stdint.h>

#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GMRT_WL_CHUNK 64
/* Room past the node count for the partly filled chunks of a round: one per
 * thread, up to this many threads (more would share single slots). */
#define GMRT_WL_THREADS 4096

typedef struct gmrt_wl {
    gm_node_t *cur, *next; /* entries, GMRT_NIL_NODE in unfilled slots */
    int64_t ncur, nnext;   /* entries in use (nnext: reserved so far) */
    int64_t cap;           /* room in each list */
    int32_t *mark;         /* the round v was last appended in; -1: never */
    int32_t round;         /* the round being run (1 for the first listed one) */
    int64_t id;            /* unique per gmrt_wl_init: tells the threads' chunks apart */
} gmrt_wl;

/* A thread's chunk of the next list: valid for one list and round. */
typedef struct gmrt_wl_chunk {
    int64_t id;
    int32_t round;
    gm_node_t *at, *end;
} gmrt_wl_chunk;

extern __thread gmrt_wl_chunk gmrt_wl_mine;

/* Empty lists for n nodes; false: out of memory (nothing to free). */
bool gmrt_wl_init(gmrt_wl *wl, int64_t n);
void gmrt_wl_free(gmrt_wl *wl);

/* cur = the nodes whose flag is set, in id order; a new round starts (after
 * gmrt_wl_init the first, numbered 1). */
void gmrt_wl_from_flags(gmrt_wl *wl, const bool *flag, int64_t n);

/* next becomes cur; the next round starts. */
void gmrt_wl_advance(gmrt_wl *wl);

/* A new chunk for this thread (the slow path of gmrt_wl_push). */
void gmrt_wl_reserve(gmrt_wl *wl);

/* Appends v to next unless this round already did (any thread). */
static inline void gmrt_wl_push(gmrt_wl *wl, gm_node_t v)
{
    const int32_t r = wl->round;
    if (__atomic_load_n(&wl->mark[v], __ATOMIC_RELAXED) == r ||
        __atomic_exchange_n(&wl->mark[v], r, __ATOMIC_RELAXED) == r)
        return;
    gmrt_wl_chunk *c = &gmrt_wl_mine;
    if (c->id != wl->id || c->round != r || c->at == c->end)
        gmrt_wl_reserve(wl);
    *c->at++ = v;
}

/* Whether a frontier started anywhere reaches most of g in a few rounds, so
 * that sweeping every node each round beats a worklist: a mean out-degree
 * above GMRT_FEW_ROUNDS_DEGREE or hubs (gmrt_rows_skewed on out-edges); the
 * CUDA runtime's gmcu_few_rounds applies the same rule. Road networks and
 * meshes are the opposite: thousands of rounds over small frontiers. */
#define GMRT_FEW_ROUNDS_DEGREE 8.0
bool gmrt_few_rounds(const gm_graph *g);

#ifdef __cplusplus
}
#endif

#endif
