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

/* ---- pieces of the generators, for generating a graph in parts (the
 * distributed runtime's in-rank generator): the same edges, by index ---- */

/* The checks gmrt_gen_rmat makes on p (message in err). */
bool gmrt_rmat_check(const gmrt_rmat_params *p, gmrt_error *err);
/* The number of edges gmrt_gen_rmat draws (before any build option). */
int64_t gmrt_rmat_edge_count(const gmrt_rmat_params *p);
/* Edges first .. first+count-1 of gmrt_gen_rmat's draw (src[k], dst[k] for
 * edge first + k); false when memory fails. */
bool gmrt_rmat_draw(const gmrt_rmat_params *p, int64_t first, size_t count, gm_node_t *src, gm_node_t *dst);
/* The same for gmrt_gen_uniform's draw. */
void gmrt_uniform_draw(gm_node_t n, uint64_t seed, int64_t first, size_t count, gm_node_t *src, gm_node_t *dst);
/* gmrt_gen_weights' range normalisation and checks (integral: lo rounded
 * up, hi down), then the weight it gives edge e for that range. */
bool gmrt_gen_weight_range(double *lo, double *hi, bool integral, gmrt_error *err);
double gmrt_gen_weight_of(double lo, double hi, bool integral, uint64_t seed, int64_t e);

/* ---- generator specs: a graph named by its generator (gen_spec.c) -----
 *
 *   gen:rmat[,scale=S][,edge-factor=E][,a=A,b=B,c=C][,no-permute]
 *   gen:uniform,nodes=N,edges=M | degree=D
 *   gen:grid,rows=R,cols=C
 *   common: [,seed=X][,weights=int:LO:HI|real:LO:HI][,symmetrize][,dedup][,no-self-loops]
 *
 * The keys are `gmgraph gen`'s options without "--", with its defaults
 * (scale 20, edge factor 16, Graph500 a b c, seed 1), and the graph is the
 * one `gmgraph gen KIND --KEY VALUE ...` writes. */
typedef enum gmrt_gen_kind { GMRT_GEN_RMAT = 1, GMRT_GEN_UNIFORM, GMRT_GEN_GRID } gmrt_gen_kind;
typedef struct gmrt_gen_spec {
    gmrt_gen_kind kind;
    gmrt_rmat_params rmat;   /* kind rmat (its seed is seed) */
    int64_t nodes, edges;    /* kind uniform */
    int64_t rows, cols;      /* kind grid */
    uint64_t seed;
    gmrt_build_options build;
    bool weighted, w_integral;
    double w_lo, w_hi;       /* normalised (gmrt_gen_weight_range) */
} gmrt_gen_spec;

/* Whether text is a generator spec (starts with "gen:"). */
bool gmrt_gen_spec_is(const char *text);
/* Parses and checks a spec; false with a message naming the bad part. */
bool gmrt_gen_spec_parse(const char *text, gmrt_gen_spec *spec, gmrt_error *err);
/* Whether every weight the spec draws is a value of lo->weights_as (a
 * program's Int or Float edge input read from the weights), as the file
 * loaders check each weight: real weights for an Int input, or a range
 * beyond the type, are refused, not truncated. True without weights_as or
 * without weights (the program says so then). */
struct gmrt_load_options;
bool gmrt_gen_spec_weights_fit(const gmrt_gen_spec *spec, const struct gmrt_load_options *lo, gmrt_error *err);
/* 2^scale or nodes; the number of edges drawn (before the build options). */
int64_t gmrt_gen_spec_nodes(const gmrt_gen_spec *spec);
int64_t gmrt_gen_spec_drawn(const gmrt_gen_spec *spec);
/* The fewest edges the spec's graph can have, known without drawing them
 * (0 under dedup or no-self-loops, except for a grid): for checks made
 * before generating it (a program's device memory, gmrt_cli.h). */
int64_t gmrt_gen_spec_edges_at_least(const gmrt_gen_spec *spec);
/* Edges first .. first+count-1 of the spec's draw; a grid's slots off the
 * grid are -1 -1 (no edge). */
bool gmrt_gen_spec_draw(const gmrt_gen_spec *spec, int64_t first, size_t count, gm_node_t *src, gm_node_t *dst);
/* The whole graph in this process, as `gmgraph gen` builds it. */
gm_graph *gmrt_gen_spec_graph(const gmrt_gen_spec *spec, const gmrt_progress *progress, gmrt_error *err);

#ifdef __cplusplus
}
#endif
#endif
