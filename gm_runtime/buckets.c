/* buckets.c: the priority buckets of the OpenMP target's nearest-first
 * fixpoint. Contract: gmrt_buckets.h. */
#include "gmrt_buckets.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmrt_fatal.h"
#include "gmrt_worklist.h"
#include "rt_alloc.h"

/* A bin's buffer above this many entries is freed once gathered, so that a
 * long run keeps only the memory its pending entries need. */
#define KEEP_ENTRIES 256

/* The environment's GMRT_BK_SCALE when it is a positive number, else 0. */
static double env_scale(void)
{
    const char *env = getenv("GMRT_BK_SCALE");
    if (!env || !*env)
        return 0;
    char *end;
    double v = strtod(env, &end);
    return *end == '\0' && isfinite(v) && v > 0 ? v : 0;
}

double gmrt_bk_delta(double sum, int64_t count, const gm_graph *g)
{
    double scale = env_scale();
    if (scale == 0)
        scale = gmrt_few_rounds(g) ? GMRT_BK_SCALE_FEW : GMRT_BK_SCALE;
    double degree = g->num_nodes > 0 ? (double)g->num_edges / (double)g->num_nodes : 1;
    double d = count > 0 ? sum / (double)count * scale / (degree > 1 ? degree : 1) : 0;
    return isfinite(d) && d > 0 ? d : 1;
}

double gmrt_bk_delta_min(double sum, int64_t count, double min, const gm_graph *g)
{
    const double d = gmrt_bk_delta(sum, count, g);
    if (env_scale() > 0) /* the width asked for */
        return d;
    const double cap = GMRT_BK_MIN_STEPS * min;
    return isfinite(cap) && cap > 0 && cap < d ? cap : d;
}

bool gmrt_bk_wanted(const gm_graph *g)
{
    const char *env = getenv("GMRT_PRIORITY");
    (void)g;
    if (env && *env)
        return strcmp(env, "0") != 0;
    return true;
}

bool gmrt_bk_init(gmrt_buckets *b, int nthreads, double base, double delta)
{
    return gmrt_bk_init_sized(b, nthreads, base, delta, sizeof(gmrt_bk_entry));
}

bool gmrt_bk_init_sized(gmrt_buckets *b, int nthreads, double base, double delta, size_t entry_size)
{
    memset(b, 0, sizeof *b);
    b->esize = entry_size > 0 ? entry_size : sizeof(gmrt_bk_entry);
    b->nthreads = nthreads > 0 ? nthreads : 1;
    b->base = isfinite(base) ? base : 0;
    b->delta = isfinite(delta) && delta > 0 ? delta : 1;
    b->local = gmrt_calloc_array((size_t)b->nthreads, sizeof *b->local);
    if (!b->local)
        return false;
    for (int t = 0; t < b->nthreads; t++) {
        b->local[t].ring = gmrt_calloc_array(GMRT_BK_RING, sizeof(gmrt_bk_bin));
        if (!b->local[t].ring) {
            gmrt_bk_free(b);
            return false;
        }
    }
    return true;
}

void gmrt_bk_free(gmrt_buckets *b)
{
    for (int t = 0; b->local && t < b->nthreads; t++) {
        for (int i = 0; b->local[t].ring && i < GMRT_BK_RING; i++)
            free(b->local[t].ring[i].e);
        free(b->local[t].ring);
        free(b->local[t].fused.e);
    }
    free(b->local);
    free(b->front);
    memset(b, 0, sizeof *b);
}

static void out_of_memory(void)
{
    gmrt_fatal("out of memory: the nearest-first buckets of a fixpoint");
}

void gmrt_bk_grow(const gmrt_buckets *b, gmrt_bk_bin *bin)
{
    int64_t cap = bin->cap ? 2 * bin->cap : 64;
    void *e = cap <= (int64_t)(SIZE_MAX / b->esize) ? realloc(bin->e, (size_t)cap * b->esize) : NULL;
    if (!e)
        out_of_memory();
    bin->e = e;
    bin->cap = cap;
}

int64_t gmrt_bk_fuse(gmrt_buckets *b, int tid)
{
    gmrt_bk_local *l = &b->local[tid];
    gmrt_bk_bin *r = &l->ring[b->cur % GMRT_BK_RING];
    if (r->n == 0 || r->n >= GMRT_BK_FUSE_MAX)
        return 0;
    /* the bin's buffer becomes the fused list and the last fused list's
     * buffer the bin's (empty): the pushes of the fused relaxations land
     * in the bin, not in the list being read */
    gmrt_bk_bin taken = *r;
    r->e = l->fused.e;
    r->cap = l->fused.cap;
    r->n = 0;
    l->fused = taken;
    l->pending -= taken.n;
    return taken.n;
}

void gmrt_bk_local_min(gmrt_buckets *b, int tid)
{
    gmrt_bk_local *l = &b->local[tid];
    l->nearest = INT64_MAX;
    if (l->pending == 0)
        return;
    for (int64_t k = b->cur; k < b->cur + GMRT_BK_RING; k++)
        if (l->ring[k % GMRT_BK_RING].n) {
            l->nearest = k;
            return;
        }
}

bool gmrt_bk_plan(gmrt_buckets *b)
{
    int64_t best = INT64_MAX;
    for (int t = 0; t < b->nthreads; t++)
        if (b->local[t].nearest < best)
            best = b->local[t].nearest;
    b->nfront = 0;
    if (best == INT64_MAX)
        return false;
    b->cur = best;
    int64_t total = 0;
    for (int t = 0; t < b->nthreads; t++) {
        b->local[t].offset = total;
        total += b->local[t].ring[best % GMRT_BK_RING].n;
    }
    if (total > b->cap) {
        int64_t cap = total > 2 * b->cap ? total : 2 * b->cap;
        void *f = gmrt_alloc_array((size_t)cap, b->esize);
        if (!f)
            out_of_memory();
        free(b->front);
        b->front = f;
        b->cap = cap;
    }
    b->nfront = total;
    b->steps++;
    return true;
}

void gmrt_bk_gather(gmrt_buckets *b, int tid)
{
    gmrt_bk_local *l = &b->local[tid];
    gmrt_bk_bin *r = &l->ring[b->cur % GMRT_BK_RING];
    if (r->n)
        memcpy((char *)b->front + (size_t)l->offset * b->esize, r->e, (size_t)r->n * b->esize);
    l->pending -= r->n;
    r->n = 0;
    if (r->cap > KEEP_ENTRIES) {
        free(r->e);
        r->e = NULL;
        r->cap = 0;
    }
}
