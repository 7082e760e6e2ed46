/* gmrt_buckets.h: the priority buckets of the OpenMP target's nearest-first
 * fixpoint (gm_backend_omp/omp_priority.c), a delta-stepping schedule.
 * Install location: <gmc/gmrt_buckets.h>.
 *
 * Every entry is a node and the key it was lowered to. Bin b holds the
 * entries whose priority p (the key for min=, minus the key for max=) has
 * floor((p - base) / delta) == b; an entry nearer than the current bin goes
 * into the current bin and one past GMRT_BK_RING bins ahead into the
 * farthest (any order gives the same fixpoint; this one only saves work).
 * Each thread appends to its own bins, so pushes take no lock. A step of
 * the team, in this order, with a barrier after each line:
 *
 *   gmrt_bk_local_min(b, tid);     every thread: its nearest non-empty bin
 *   gmrt_bk_plan(b);               one thread: the team's nearest, the new front
 *   gmrt_bk_gather(b, tid);        every thread: its entries of that bin into front
 *   ... relax front[0 .. nfront), pushing with gmrt_bk_push(b, tid, ...)
 *   ... then, no barrier: while gmrt_bk_fuse(b, tid) > 0, relax the fused
 *       entries the same way (the thread's own few of the current bin)
 *
 * until gmrt_bk_plan leaves nfront == 0. A front entry whose key is no longer
 * the node's key is stale: the node was lowered again and has a newer entry.
 */
#ifndef GMRT_BUCKETS_H
#define GMRT_BUCKETS_H

#include <stdbool.h>
#include <stdint.h>

#include "gmrt_base.h"
#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GMRT_BK_RING 4096 /* bins kept apart ahead of the current one */

typedef struct gmrt_bk_entry {
    gm_node_t node;
    double key; /* the node's key when it was pushed */
} gmrt_bk_entry;

/* Entries of half the size for 4-byte keys (Int, Float), the key exact as
 * in gmrt_bk_entry: a bin's entries are written once and read twice (the
 * gather, the relaxation), so their bytes are much of a step's traffic
 * (SSSP on a 4096 x 4096 grid, 2 threads: 6-9% of its time). A run's
 * buckets hold one kind (gmrt_bk_init_sized), read through the matching
 * member of the unions below. */
typedef struct gmrt_bk_entry_i32 {
    gm_node_t node;
    int32_t key;
} gmrt_bk_entry_i32;
typedef struct gmrt_bk_entry_f32 {
    gm_node_t node;
    float key;
} gmrt_bk_entry_f32;

typedef struct gmrt_bk_bin {
    union {
        gmrt_bk_entry *e;
        gmrt_bk_entry_i32 *e_i32;
        gmrt_bk_entry_f32 *e_f32;
    };
    int64_t n, cap;
} gmrt_bk_bin;

/* One thread's bins (one cache line apart from the next thread's). */
typedef struct gmrt_bk_local {
    gmrt_bk_bin *ring;  /* bin b at ring[b % GMRT_BK_RING] */
    int64_t pending;    /* entries in its bins */
    int64_t nearest;    /* its nearest non-empty bin (gmrt_bk_local_min), or INT64_MAX */
    int64_t offset;     /* where its entries of the current bin go in front */
    gmrt_bk_bin fused;  /* the entries gmrt_bk_fuse took, relaxed by this thread alone */
    char pad[128 - sizeof(gmrt_bk_bin *) - 3 * sizeof(int64_t) - sizeof(gmrt_bk_bin)];
} gmrt_bk_local;

typedef struct gmrt_buckets {
    int nthreads;
    size_t esize;        /* the bytes of an entry: sizeof one of the three kinds */
    gmrt_bk_local *local;
    double base, delta;  /* bin of priority p: floor((p - base) / delta) */
    int64_t cur;         /* the bin being relaxed */
    union {
        gmrt_bk_entry *front;
        gmrt_bk_entry_i32 *front_i32;
        gmrt_bk_entry_f32 *front_f32;
    };
    int64_t nfront, cap;
    int64_t steps;       /* steps taken (bins relaxed, counting repeats) */
} gmrt_buckets;

/* The bin width: the mean |term| (sum / count, over the edges of about
 * GMRT_BK_SAMPLE_NODES nodes) times a factor over g's mean degree: the factor
 * is GMRT_BK_SCALE on graphs whose frontiers take many rounds (road-like:
 * low degree, no hubs) and GMRT_BK_SCALE_FEW on the others (gmrt_few_rounds:
 * a high mean degree or hubs), where narrower bins relax fewer nodes twice;
 * the environment's GMRT_BK_SCALE, a positive number, overrides both. 1 when
 * the sample is empty or all zero. The factors were measured (bench/RESULTS.md,
 * Session 19: SSSP on kron20, uniform20 and road1m at 2 and 16 threads). */
#define GMRT_BK_SAMPLE_NODES 1024
#ifndef GMRT_BK_SCALE
#define GMRT_BK_SCALE 32.0
#endif
#ifndef GMRT_BK_SCALE_FEW
#define GMRT_BK_SCALE_FEW 2.0
#endif
double gmrt_bk_delta(double sum, int64_t count, const gm_graph *g);
/* gmrt_bk_delta, but no wider than GMRT_BK_MIN_STEPS times the sample's
 * least |term| (min) when that is above 0: a bin holds a chain of at most so
 * many of the lightest steps, each of which may lower its nodes again (a
 * 4096 x 4096 grid with lengths 1..255: width 1024 -> 256, 1000 -> 880 ms
 * at 2 threads; road graphs, whose lightest length is a third of the mean,
 * and the few-rounds graphs, whose bins are narrower, are not capped). The
 * environment's GMRT_BK_SCALE sets the width as gmrt_bk_delta does, uncapped. */
#ifndef GMRT_BK_MIN_STEPS
#define GMRT_BK_MIN_STEPS 256.0
#endif
double gmrt_bk_delta_min(double sum, int64_t count, double min, const gm_graph *g);

/* Whether a frontier loop on g takes the nearest-first run: the
 * environment's GMRT_PRIORITY=1 or 0 decides, else yes (on every graph it
 * was measured on it did no worse than rounds, and up to 2.8x better). */
bool gmrt_bk_wanted(const gm_graph *g);

/* Empty buckets for nthreads threads (ids 0 .. nthreads - 1); delta <= 0 or
 * not finite is taken as 1. gmrt_bk_init's entries are gmrt_bk_entry
 * (gmrt_bk_push); gmrt_bk_init_sized's are entry_size bytes, the size of
 * one of the entry kinds, pushed by its push (sizeof(gmrt_bk_entry_i32):
 * gmrt_bk_push_i32). False: out of memory (nothing to free). */
bool gmrt_bk_init(gmrt_buckets *b, int nthreads, double base, double delta);
bool gmrt_bk_init_sized(gmrt_buckets *b, int nthreads, double base, double delta, size_t entry_size);
void gmrt_bk_free(gmrt_buckets *b);

/* The slow path of the pushes: room for one more entry (exits the program
 * with a message when memory runs out). */
void gmrt_bk_grow(const gmrt_buckets *b, gmrt_bk_bin *bin);

/* The bin of priority prio in thread tid's ring, with room for one more
 * entry, counted as pending: the pushes' common part. */
static inline gmrt_bk_bin *gmrt_bk_bin_for(gmrt_buckets *b, int tid, double prio)
{
    const double x = (prio - b->base) / b->delta;
    int64_t bin = b->cur;
    if (x > (double)b->cur) /* false for NaN: the current bin */
        bin = x < (double)(b->cur + GMRT_BK_RING - 1) ? (int64_t)x : b->cur + GMRT_BK_RING - 1;
    gmrt_bk_local *l = &b->local[tid];
    gmrt_bk_bin *r = &l->ring[bin % GMRT_BK_RING];
    if (r->n == r->cap)
        gmrt_bk_grow(b, r);
    l->pending++;
    return r;
}

/* Thread tid queues node v, just lowered to key, at priority prio. */
static inline void gmrt_bk_push(gmrt_buckets *b, int tid, gm_node_t v, double key, double prio)
{
    gmrt_bk_bin *r = gmrt_bk_bin_for(b, tid, prio);
    r->e[r->n].node = v;
    r->e[r->n].key = key;
    r->n++;
}
static inline void gmrt_bk_push_i32(gmrt_buckets *b, int tid, gm_node_t v, int32_t key, double prio)
{
    gmrt_bk_bin *r = gmrt_bk_bin_for(b, tid, prio);
    r->e_i32[r->n].node = v;
    r->e_i32[r->n].key = key;
    r->n++;
}
static inline void gmrt_bk_push_f32(gmrt_buckets *b, int tid, gm_node_t v, float key, double prio)
{
    gmrt_bk_bin *r = gmrt_bk_bin_for(b, tid, prio);
    r->e_f32[r->n].node = v;
    r->e_f32[r->n].key = key;
    r->n++;
}

/* Bin fusion: after its share of the front, a thread relaxes the entries it
 * pushed into the current bin itself, at once, while they are few (fewer
 * than GMRT_BK_FUSE_MAX): a step's barriers and gather cost more than such
 * a handful of relaxations (delta-stepping's bin fusion, as in Beamer et
 * al.'s GAP benchmark suite). The order of relaxations does not change the
 * fixpoint. Returns how many entries it moved from tid's current bin into
 * b->local[tid].fused.e (0: none, or too many: they wait for the next step,
 * where the whole team shares them). */
#define GMRT_BK_FUSE_MAX 1000
int64_t gmrt_bk_fuse(gmrt_buckets *b, int tid);

void gmrt_bk_local_min(gmrt_buckets *b, int tid);
/* false (and nfront == 0) when no thread holds an entry: the fixpoint. */
bool gmrt_bk_plan(gmrt_buckets *b);
void gmrt_bk_gather(gmrt_buckets *b, int tid);

#ifdef __cplusplus
}
#endif

#endif
