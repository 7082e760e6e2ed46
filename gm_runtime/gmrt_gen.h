/* gmrt_gen.h: synthetic graphs.  Every generator is deterministic for a given
 * seed whatever the number of OpenMP threads: edge i draws its random numbers
 * from its own stream (gmrt_rng_make(seed, i)), and the CSR build sorts rows. */
#ifndef GMRT_GEN_H
#define GMRT_GEN_H

#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* RMAT / Kronecker: 2^scale nodes, edge_factor * 2^scale directed edges,
 * each placed by descending scale levels of the adjacency matrix with
 * quadrant probabilities a, b, c, d = 1 - a - b - c. */
typedef struct gmrt_rmat_params {
    int scale;          /* 0 .. 30 */
    double edge_factor; /* edges per node */
    double a, b, c;
    uint64_t seed;
    bool permute;       /* scramble node ids (a seeded bijection), so that
                           id and degree are unrelated as in Graph500 */
} gmrt_rmat_params;

/* Graph500 parameters: a = 0.57, b = c = 0.19, edge factor 16, seed 1,
 * ids permuted. */
void gmrt_rmat_defaults(gmrt_rmat_params *p, int scale);

/* b and progress may be NULL. */
gm_graph *gmrt_gen_rmat(const gmrt_rmat_params *p, const gmrt_build_options *b,
                        const gmrt_progress *progress, gmrt_error *err);

/* Erdos-Renyi style G(n, m): m edges with independent uniform endpoints. */
gm_graph *gmrt_gen_uniform(gm_node_t n, int64_t m, uint64_t seed, const gmrt_build_options *b,
                           const gmrt_progress *progress, gmrt_error *err);

/* rows x cols 2-D grid, node r*cols + c, edges to the 4 neighbours in both
 * directions; unweighted. */
gm_graph *gmrt_gen_grid(gm_node_t rows, gm_node_t cols, gmrt_error *err);

/* Road-like graph: a rows x cols grid whose points are randomly displaced;
 * every horizontal street is kept, vertical streets are kept with
 * probability 1/2 (always in the first column, so the graph stays
 * connected), and a few diagonals are added.  Edges go both ways, with
 * integer lengths of 1000 x the displaced distance.  Low degree, large
 * diameter, like the DIMACS road networks. */
gm_graph *gmrt_gen_road(gm_node_t rows, gm_node_t cols, uint64_t seed, gmrt_error *err);

/* Replaces g's weights by random ones in [lo, hi]: integers (each of
 * lo..hi equally likely) or reals in [lo, hi).  Weight of edge e depends
 * only on (seed, e). */
bool gmrt_gen_weights(gm_graph *g, double lo, double hi, bool integral, uint64_t seed, gmrt_error *err);

#ifdef __cplusplus
}
#endif
#endif
