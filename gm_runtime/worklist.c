/* worklist.c: the node worklist of the OpenMP target's frontier loops.
 * Contract: gmrt_worklist.h. */
#include "gmrt_worklist.h"

#include <stdlib.h>

#include "gmrt_base.h"

__thread gmrt_wl_chunk gmrt_wl_mine;

/* Ids for gmrt_wl_init: a list's address can come back in a later call. */
static int64_t next_id;

bool gmrt_wl_init(gmrt_wl *wl, int64_t n)
{
    size_t k = n > 0 ? (size_t)n : 1;
    wl->cap = (int64_t)k + (int64_t)GMRT_WL_CHUNK * GMRT_WL_THREADS;
    wl->cur = malloc((size_t)wl->cap * sizeof *wl->cur);
    wl->next = malloc((size_t)wl->cap * sizeof *wl->next);
    wl->mark = malloc(k * sizeof *wl->mark);
    wl->ncur = wl->nnext = 0;
    wl->round = 0;
    wl->id = __atomic_add_fetch(&next_id, 1, __ATOMIC_RELAXED);
    if (!wl->cur || !wl->next || !wl->mark) {
        gmrt_wl_free(wl);
        return false;
    }
    for (int64_t i = 0; i < n; i++)
        wl->mark[i] = -1;
    return true;
}

void gmrt_wl_reserve(gmrt_wl *wl)
{
    gmrt_wl_chunk *c = &gmrt_wl_mine;
    int64_t want = GMRT_WL_CHUNK;
    int64_t k = __atomic_fetch_add(&wl->nnext, want, __ATOMIC_RELAXED);
    if (k + want > wl->cap) {
        /* more threads than GMRT_WL_THREADS: one slot at a time (every node
         * is appended at most once a round, so one always fits) */
        __atomic_fetch_sub(&wl->nnext, want, __ATOMIC_RELAXED);
        want = 1;
        k = __atomic_fetch_add(&wl->nnext, 1, __ATOMIC_RELAXED);
    }
    for (int64_t i = 0; i < want; i++)
        wl->next[k + i] = GMRT_NIL_NODE;
    c->id = wl->id;
    c->round = wl->round;
    c->at = wl->next + k;
    c->end = c->at + want;
}

void gmrt_wl_free(gmrt_wl *wl)
{
    free(wl->cur);
    free(wl->next);
    free(wl->mark);
    wl->cur = wl->next = NULL;
    wl->mark = NULL;
}

void gmrt_wl_from_flags(gmrt_wl *wl, const bool *flag, int64_t n)
{
    int64_t k = 0;
    for (int64_t v = 0; v < n; v++)
        if (flag[v])
            wl->cur[k++] = (gm_node_t)v;
    wl->ncur = k;
    wl->nnext = 0;
    wl->round++; /* a round number no mark holds yet */
}

void gmrt_wl_advance(gmrt_wl *wl)
{
    gm_node_t *t = wl->cur;
    wl->cur = wl->next;
    wl->next = t;
    wl->ncur = wl->nnext;
    wl->nnext = 0;
    wl->round++;
}

bool gmrt_few_rounds(const gm_graph *g)
{
    if (g->num_nodes <= 0)
        return true;
    return (double)g->num_edges / (double)g->num_nodes > GMRT_FEW_ROUNDS_DEGREE ||
           gmrt_rows_skewed(g->begin, g->num_nodes, g->num_edges);
}
