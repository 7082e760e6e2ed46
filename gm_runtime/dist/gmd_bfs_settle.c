/* gmd_bfs_settle.c: the end of a distributed BFS of many levels, settled
 * rank by rank (gmd.h, gmd_bfs_settle; gmc --distributed's InBFS on graphs
 * of thousands of levels).
 *
 * Contract: the levels are exact up to `depth` and the frontier (the owners
 * at `depth`) is not expanded yet. Each round, every rank runs a BFS of its
 * own over its owners' out-rows from its seeds (the frontier, then the
 * owners that the last exchange lowered), level by level in increasing
 * order, so that each node it reaches gets the shortest distance through
 * this rank's edges from the seeds; ghosts it lowers are not expanded here.
 * Those ghosts then go to their owners (a sparse MIN reduce); the owners
 * they lower seed the next round. Rounds end when no owner is lowered on
 * any rank: every level is then the length of a shortest path from the
 * root (each round carries the shortest paths one more crossing between
 * ranks). A grid cut into row blocks takes a few rounds instead of one
 * exchange per level. */
#include "gmd.h"
#include "gmd_internal.h"

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct settle {
    const gmd_graph *G;
    int32_t *lvl;
    gm_node_t *seeds, *cur, *next; /* owners: the round's seeds, this level's, the next level's */
    size_t nseeds;
    uint8_t *dirty;                /* ghosts lowered this round */
    int32_t *before;               /* owners' levels before the exchange */
    uint64_t *keys;                /* sort_seeds' keys */
} settle;

static int cmp_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The seeds in increasing level order (keys: level, then node). */
static void sort_seeds(settle *s)
{
    for (size_t i = 0; i < s->nseeds; i++)
        s->keys[i] = (uint64_t)(uint32_t)s->lvl[s->seeds[i]] << 32 | (uint32_t)s->seeds[i];
    qsort(s->keys, s->nseeds, sizeof *s->keys, cmp_u64);
    for (size_t i = 0; i < s->nseeds; i++)
        s->seeds[i] = (gm_node_t)(uint32_t)s->keys[i];
}

/* This rank's BFS from its seeds: levels lowered through its out-rows. */
static void local_round(settle *s)
{
    const gm_graph *g = s->G->local;
    const gm_node_t nowned = s->G->num_owned;
    int32_t *lvl = s->lvl;
    sort_seeds(s);
    size_t si = 0, ncur = 0;
    while (si < s->nseeds || ncur > 0) {
        /* this level: the nodes reached at it, and the seeds still at it */
        const int32_t L = ncur > 0 ? lvl[s->cur[0]] : lvl[s->seeds[si]];
        while (si < s->nseeds && lvl[s->seeds[si]] <= L) {
            if (lvl[s->seeds[si]] == L)
                s->cur[ncur++] = s->seeds[si]; /* (a seed reached at L already is walked twice: no change) */
            si++;
        }
        /* a level's nodes in parallel when it is large: every write of the
         * level stores L + 1, and the one whose exchange succeeds queues */
        size_t nnext = 0;
        #pragma omp parallel for schedule(dynamic, 64) if (ncur >= 4096)
        for (size_t k = 0; k < ncur; k++) {
            const gm_node_t u = s->cur[k];
            if (__atomic_load_n(&lvl[u], __ATOMIC_RELAXED) != L)
                continue;
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                const gm_node_t v = g->node_idx[e];
                int32_t old = __atomic_load_n(&lvl[v], __ATOMIC_RELAXED);
                if (old <= L + 1 ||
                    !__atomic_compare_exchange_n(&lvl[v], &old, L + 1, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                    continue; /* (a failed exchange: another thread stored L + 1) */
                if (v < nowned)
                    s->next[__atomic_fetch_add(&nnext, 1, __ATOMIC_RELAXED)] = v;
                else
                    s->dirty[v] = 1;
            }
        }
        gm_node_t *t = s->cur;
        s->cur = s->next;
        s->next = t;
        ncur = nnext;
    }
}

/* The lowered ghosts to their owners; the owners lowered become the next
 * round's seeds. Returns their number on every rank together. */
static int64_t exchange(settle *s)
{
    const gmd_graph *G = s->G;
    memcpy(s->before, s->lvl, (size_t)G->num_owned * sizeof *s->before);
    if (!gmd_sync_reduce_sparse(G, s->lvl, GMRT_T_INT32, GMD_MIN, s->dirty))
        gmd_abort(1, "gmd_bfs_settle: the levels' exchange failed");
    memset(s->dirty + G->num_owned, 0, (size_t)G->num_ghosts);
    s->nseeds = 0;
    for (int p = 0; p < G->size; p++)
        for (gm_node_t k = 0; k < G->send_count[p]; k++) {
            const gm_node_t o = G->send_idx[p][k];
            if (s->lvl[o] < s->before[o]) {
                s->before[o] = s->lvl[o]; /* once, however many peers hold it */
                s->seeds[s->nseeds++] = o;
            }
        }
    int64_t n = (int64_t)s->nseeds;
    gmd_allreduce_int64(&n, GMD_SUM);
    return n;
}

int64_t gmd_bfs_settle(const gmd_graph *G, int32_t *lvl, bool inf_unseen, const gm_node_t *frontier, size_t n,
                       int32_t depth)
{
    const gm_node_t nowned = G->num_owned, nlocal = gmd_num_local(G);
    settle s = {.G = G, .lvl = lvl};
    s.seeds = malloc(((size_t)nowned + 1) * sizeof *s.seeds);
    s.cur = malloc(((size_t)nowned + 1) * sizeof *s.cur);
    s.next = malloc(((size_t)nowned + 1) * sizeof *s.next);
    s.before = malloc(((size_t)nowned + 1) * sizeof *s.before);
    s.keys = malloc(((size_t)nowned + 1) * sizeof *s.keys);
    s.dirty = calloc((size_t)nlocal + 1, 1);
    if (!s.seeds || !s.cur || !s.next || !s.before || !s.keys || !s.dirty)
        gmd_abort(1, "gmd_bfs_settle: out of memory");
    if (!inf_unseen) /* unseen is -1: the MIN reduce needs it above every level */
        for (gm_node_t v = 0; v < nlocal; v++)
            if (lvl[v] < 0)
                lvl[v] = INT32_MAX;
    for (size_t i = 0; i < n; i++) {
        if (frontier[i] < 0 || frontier[i] >= nowned || lvl[frontier[i]] != depth)
            gmd_abort(1, "gmd_bfs_settle: a frontier node is not an owner at the frontier's level");
        s.seeds[i] = frontier[i];
    }
    s.nseeds = n;
    const char *env = getenv("GMD_RANK_TIMES");
    const bool trace = env && *env && strcmp(env, "0") != 0;
    const double t0 = MPI_Wtime();
    int64_t r = 0;
    do {
        local_round(&s);
        r++;
    } while (exchange(&s) > 0);
    free(s.seeds);
    free(s.cur);
    free(s.next);
    free(s.before);
    free(s.keys);
    free(s.dirty);
    /* every ghost its owner's level (a ghost lowered here may still be
     * above it, or unseen where its owner was reached elsewhere) */
    if (!gmd_sync_broadcast(G, lvl, GMRT_T_INT32))
        gmd_abort(1, "gmd_bfs_settle: the levels' broadcast failed");
    if (!inf_unseen)
        for (gm_node_t v = 0; v < nlocal; v++)
            if (lvl[v] == INT32_MAX)
                lvl[v] = -1;
    if (trace) /* GMD_RANK_TIMES=1: where a settled BFS's time went */
        fprintf(stderr, "rank %d: bfs settled from level %d in %lld rounds, %.3f ms\n", G->rank, (int)depth,
                (long long)r, (MPI_Wtime() - t0) * 1e3);
    return r;
}

int64_t gmd_bfs_settle_after(void)
{
    const char *env = getenv("GMD_BFS_SETTLE_AFTER");
    if (!env || !*env)
        return GMD_BFS_SETTLE_AFTER;
    char *end;
    long long v = strtoll(env, &end, 10);
    if (*end)
        return GMD_BFS_SETTLE_AFTER;
    return v < 0 ? INT64_MAX : (int64_t)v;
}
