/* gmrt_rng.h: small, fast, reproducible random numbers.
 *
 * The generator is splitmix64: 64 bits of state, one add and a mixing
 * function per number.  Streams are derived from (seed, stream number) by
 * hashing, so "edge i" or "iteration i" can own a stream and give the same
 * numbers whichever thread runs it: that is how the generators stay
 * deterministic for any thread count.
 *
 * Generated code uses:
 *   gmrt_rng_seed(s)        once, before parallel code: the global seed
 *   gmrt_thread_rng()       the calling OpenMP thread's generator, seeded
 *                           from (global seed, thread number): reproducible
 *                           for a fixed thread count and static schedule
 *   gmrt_rng_stream(k)      a generator for key k (e.g. a loop iteration)
 *                           from the global seed: reproducible for any
 *                           thread count
 *   gmrt_uniform, gmrt_rand, gmrt_pick_random_node, gmrt_pick_random_nbr */
#ifndef GMRT_RNG_H
#define GMRT_RNG_H

#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gmrt_rng {
    uint64_t state;
} gmrt_rng;

/* The splitmix64 output function: a bijective 64-bit mix. */
static inline uint64_t gmrt_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline uint64_t gmrt_rng_next(gmrt_rng *r)
{
    r->state += 0x9E3779B97F4A7C15ull;
    return gmrt_mix64(r->state);
}

/* Independent-looking streams for every (seed, stream) pair. */
static inline gmrt_rng gmrt_rng_make(uint64_t seed, uint64_t stream)
{
    gmrt_rng r;
    r.state = gmrt_mix64(seed ^ gmrt_mix64(stream + 0x632BE59BD9B4E019ull));
    return r;
}

/* A double in [0, 1) with 53 random bits. */
static inline double gmrt_uniform(gmrt_rng *r)
{
    return (double)(gmrt_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* A uniform integer in [0, n), without modulo bias; 0 when n <= 0. */
int64_t gmrt_rand(gmrt_rng *r, int64_t n);

/* A uniform node of g; GMRT_NIL_NODE for an empty graph. */
gm_node_t gmrt_pick_random_node(const gm_graph *g, gmrt_rng *r);
/* A uniform out-edge's destination (parallel edges count as often as they
 * appear); GMRT_NIL_NODE when n has no out-neighbour. */
gm_node_t gmrt_pick_random_nbr(const gm_graph *g, gm_node_t n, gmrt_rng *r);

/* The global seed behind gmrt_thread_rng() and gmrt_rng_stream(); setting it
 * reseeds every thread's generator on its next use.  Call outside parallel
 * regions.  The default seed is fixed, so runs are reproducible anyway. */
void gmrt_rng_seed(uint64_t seed);
uint64_t gmrt_rng_get_seed(void);
gmrt_rng *gmrt_thread_rng(void);
gmrt_rng gmrt_rng_stream(uint64_t key);

#ifdef __cplusplus
}
#endif
#endif
