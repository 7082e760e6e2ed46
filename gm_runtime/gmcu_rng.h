/* gmcu_rng.h: random numbers on the device. Counter-based (a hash of the
 * launch seed, the thread and a counter): no state lives between launches.
 * Uniform doubles and integers, a random node, a random neighbour; the seed
 * per launch comes from the host's reproducible generator
 * (gmcu_launch_seed, gm_runtime/cuda/device.cu). */
#ifndef GMCU_RNG_H
#define GMCU_RNG_H

#include "gmcu_device.h"

/* ---- random numbers on the device ------------------------------------------------- */
/* Counter-based: a thread's stream is a hash of the launch seed, the thread
 * and a counter, so no state lives between launches. */

typedef struct gmcu_rng {
    uint64_t key, ctr;
} gmcu_rng;

__device__ static inline uint64_t gmcu_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

__device__ static inline gmcu_rng gmcu_rng_make(uint64_t seed)
{
    gmcu_rng r;
    r.key = gmcu_mix64(seed ^ gmcu_mix64((uint64_t)blockIdx.x * blockDim.x + threadIdx.x + 1));
    r.ctr = 0;
    return r;
}

__device__ static inline uint64_t gmcu_next(gmcu_rng *r)
{
    return gmcu_mix64(r->key + 0x9e3779b97f4a7c15ULL * ++r->ctr);
}

__device__ static inline double gmcu_uniform(gmcu_rng *r)
{
    return (double)(gmcu_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

__device__ static inline int64_t gmcu_rand(gmcu_rng *r, int64_t n)
{
    return n <= 0 ? 0 : (int64_t)(gmcu_next(r) % (uint64_t)n);
}

__device__ static inline gm_node_t gmcu_pick_random_node(const gm_graph *g, gmcu_rng *r)
{
    return g->num_nodes ? (gm_node_t)gmcu_rand(r, g->num_nodes) : GMRT_NIL_NODE;
}

__device__ static inline gm_node_t gmcu_pick_random_nbr(const gm_graph *g, gm_node_t n, gmcu_rng *r)
{
    gm_edge_t d = g->begin[n + 1] - g->begin[n];
    return d ? g->node_idx[g->begin[n] + gmcu_rand(r, d)] : GMRT_NIL_NODE;
}

/* A fresh seed per launch, from the host's reproducible generator
 * (gm_runtime/cuda/device.cu). */
extern "C" uint64_t gmcu_launch_seed(void);

#endif /* GMCU_RNG_H */
