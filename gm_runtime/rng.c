/* rng.c: bounded random integers, random nodes and neighbours, and the
 * per-thread generators behind gmrt_thread_rng(). */
#include "gmrt_rng.h"

#include <omp.h>

int64_t gmrt_rand(gmrt_rng *r, int64_t n)
{
    if (n <= 0)
        return 0;
    uint64_t un = (uint64_t)n;
    /* reject the top partial block of 2^64 so every residue is equally likely */
    uint64_t limit = UINT64_MAX - (UINT64_MAX % un + 1) % un;
    uint64_t x;
    do
        x = gmrt_rng_next(r);
    while (x > limit);
    return (int64_t)(x % un);
}

gm_node_t gmrt_pick_random_node(const gm_graph *g, gmrt_rng *r)
{
    return g->num_nodes > 0 ? (gm_node_t)gmrt_rand(r, g->num_nodes) : GMRT_NIL_NODE;
}

gm_node_t gmrt_pick_random_nbr(const gm_graph *g, gm_node_t n, gmrt_rng *r)
{
    gm_edge_t deg = g->begin[n + 1] - g->begin[n];
    if (deg <= 0)
        return GMRT_NIL_NODE;
    return g->node_idx[g->begin[n] + (gm_edge_t)gmrt_rand(r, deg)];
}

/* The global seed and a generation counter: a thread whose cached epoch
 * differs reseeds its generator.  Both change only outside parallel code,
 * but are read from every thread, hence the atomics. */
static uint64_t global_seed = 0x243F6A8885A308D3ull;
static uint64_t global_epoch = 1;

/* One generator per OpenMP thread number (not per OS thread), so that a
 * given thread count and static schedule give the same numbers every run
 * even if the runtime maps thread numbers to other OS threads.  Thread
 * numbers past the table (or of nested teams) fall back to thread-local
 * generators. */
#define RNG_SLOTS 256
typedef struct thread_rng {
    _Alignas(64) gmrt_rng rng; /* one cache line each: no false sharing */
    uint64_t epoch;
} thread_rng;
static thread_rng slots[RNG_SLOTS];
static _Thread_local thread_rng tls_rng;

void gmrt_rng_seed(uint64_t seed)
{
    __atomic_store_n(&global_seed, seed, __ATOMIC_RELAXED);
    __atomic_fetch_add(&global_epoch, 1, __ATOMIC_RELEASE);
}

uint64_t gmrt_rng_get_seed(void) { return __atomic_load_n(&global_seed, __ATOMIC_RELAXED); }

gmrt_rng *gmrt_thread_rng(void)
{
    int t = omp_get_thread_num();
    thread_rng *slot = (omp_get_level() <= 1 && t < RNG_SLOTS) ? &slots[t] : &tls_rng;
    uint64_t epoch = __atomic_load_n(&global_epoch, __ATOMIC_ACQUIRE);
    if (slot->epoch != epoch) {
        slot->rng = gmrt_rng_make(gmrt_rng_get_seed(), 0x7468726561640000ull + (uint64_t)t);
        slot->epoch = epoch;
    }
    return &slot->rng;
}

gmrt_rng gmrt_rng_stream(uint64_t key) { return gmrt_rng_make(gmrt_rng_get_seed(), key); }
