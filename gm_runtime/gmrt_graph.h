/* gmrt_graph.h: the CSR graph that generated code reads directly, and the
 * queries on it (degrees, edge lookup, common neighbours, reverse edges).
 *
 * Invariants every gm_graph returned by libgmrt satisfies:
 *  - begin[0] == 0, begin is non-decreasing, begin[num_nodes] == num_edges;
 *  - the out-edges of node u are the indices begin[u] .. begin[u+1]-1 and
 *    node_idx[e] is the destination of edge e;
 *  - EACH ROW IS SORTED by destination (ascending; parallel edges are kept
 *    and ordered by weight), so has_edge and common-neighbour queries use
 *    binary search and merging;
 *  - edge properties (weights, E_P arrays of generated code, property files)
 *    are indexed by this sorted forward edge order.  Loaders that read
 *    weights permute them together with the edges.
 * The graph topology is read-only once built.  The reverse CSR and the edge
 * sources are built on demand (before any parallel region that needs them). */
#ifndef GMRT_GRAPH_H
#define GMRT_GRAPH_H

#include "gmrt_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gm_graph {
    gm_node_t num_nodes;
    gm_edge_t num_edges;
    gm_edge_t *begin;      /* num_nodes+1 row offsets */
    gm_node_t *node_idx;   /* num_edges destinations, each row sorted ascending */
    /* built on demand by gmrt_graph_make_reverse(): */
    gm_edge_t *r_begin;    /* num_nodes+1 */
    gm_node_t *r_node_idx; /* sources of in-edges, each row sorted */
    gm_edge_t *r_edge_idx; /* reverse edge index -> forward edge index */
    /* built on demand by gmrt_graph_make_edge_src(): */
    gm_node_t *edge_src;   /* source node of each forward edge */
    /* optional weights read from the file, in sorted forward edge order: */
    double *weights;       /* NULL when the file had none */
    bool weights_integral; /* every weight was an integer in the file */
    /* private to the library: a file mapping some arrays may point into
     * (the own binary format is loaded without copying). */
    void *mapping;
    size_t mapping_len;
    /* the device copy only (libgmrt-cuda's gather order, gmcu.h); NULL here:
     * the position of each node in the order its value is stored in, for
     * out-neighbour walks (gather_*) and in-neighbour walks (r_gather_*),
     * and the edges' other ends as those positions */
    gm_node_t *gather_pos, *gather_idx;
    gm_node_t *r_gather_pos, *r_gather_idx;
    /* the undirected view (gmrt_graph_is_symmetric, graph_symmetric.c):
     * 0 not checked yet, 1 every u->v (u != v) has as many v->u, -1 not;
     * when 1, the number of undirected edges: each pair of directions
     * once, each self-loop once (what UGraph's NumEdges() returns) */
    int symmetric;
    gm_edge_t num_undirected_edges;
    /* true only for the upper copy of gmrt_clique_graph_upper: each
     * undirected edge {u, v} stored once, in the row of its lower end, so
     * a row holds only higher neighbours; gmrt_has_edge and gmrt_linked.h
     * look in the lower end's row */
    bool upper;
    /* this process's number for the graph, 0 until gmrt_graph_serial
     * gives it one: what is kept from a graph between calls (the device
     * copy, verdicts on its shape) is keyed on it, since a freed graph's
     * address may come back holding another graph of the same size */
    uint64_t serial;
} gm_graph;

/* What to do with the edges while a graph is built or loaded.  All false
 * (a zero-initialised struct) keeps the edges as they are. */
typedef struct gmrt_build_options {
    bool symmetrize;      /* add v->u for every u->v (u != v) */
    bool drop_self_loops; /* remove u->u */
    bool dedup;           /* keep one of parallel edges (the smallest weight) */
} gmrt_build_options;

/* A graph with room for n nodes and m edges: begin is zeroed, node_idx and
 * (when with_weights) weights are uninitialised.  For code that fills a CSR
 * itself; gmrt_graph_check() verifies the result. */
gm_graph *gmrt_graph_alloc(gm_node_t n, gm_edge_t m, bool with_weights, gmrt_error *err);
void gmrt_graph_free(gm_graph *g);
/* g's serial (gm_graph.serial), given on the first call: no two graphs of
 * a process get the same one, however their memory is reused (a struct
 * copied keeps its original's). Not for one graph from two threads at once. */
uint64_t gmrt_graph_serial(gm_graph *g);

/* Builds a graph of n nodes from m edges src[i] -> dst[i] (weights w may be
 * NULL), applying opt (may be NULL).  Rows come out sorted.  Every id must be
 * in [0, n).  The result is the same for any number of threads. */
gm_graph *gmrt_graph_from_edges(gm_node_t n, size_t m, const gm_node_t *src,
                                const gm_node_t *dst, const double *w,
                                const gmrt_build_options *opt, gmrt_error *err);

/* A new graph: g with the build options applied (g is left unchanged). */
gm_graph *gmrt_graph_transform(const gm_graph *g, const gmrt_build_options *opt,
                               gmrt_error *err);

/* Checks every invariant listed at the top of this header. */
bool gmrt_graph_check(const gm_graph *g, gmrt_error *err);

/* Same nodes, same edges in the same order, and (when compare_weights) the
 * same weights (a graph without weights equals one whose weights are all 1). */
bool gmrt_graph_equal(const gm_graph *a, const gm_graph *b, bool compare_weights);

/* Reverse CSR (in-edges) and edge sources; idempotent, false when out of
 * memory.  Call them before parallel code: they are not thread-safe. */
bool gmrt_graph_make_reverse(gm_graph *g);
bool gmrt_graph_make_edge_src(gm_graph *g);
/* The reverse CSR without its edge map (r_begin and r_node_idx, the rows
 * gmrt_graph_make_reverse builds; r_edge_idx stays NULL): for a GPU runtime
 * that makes the map on the device.  gmrt_graph_make_reverse afterwards
 * completes it.  Idempotent (true when r_begin exists); false when out of
 * memory. */
bool gmrt_graph_make_reverse_nodes(gm_graph *g);

static inline GMRT_HOST_DEVICE gm_edge_t gmrt_out_degree(const gm_graph *g, gm_node_t n)
{
    return g->begin[n + 1] - g->begin[n];
}
/* Needs gmrt_graph_make_reverse(). */
static inline GMRT_HOST_DEVICE gm_edge_t gmrt_in_degree(const gm_graph *g, gm_node_t n)
{
    return g->r_begin[n + 1] - g->r_begin[n];
}
/* Whether hubs skew one side of the CSR (begin: g->begin or g->r_begin): a
 * row of more than 32 x the mean degree + 64 entries. The one rule behind
 * both runtimes' choices of load balancing and of sweeps over worklists
 * (gmcu_skewed, gmrt_few_rounds). */
bool gmrt_rows_skewed(const gm_edge_t *begin, int64_t num_nodes, int64_t num_edges);

/* Whether g stores an undirected graph (a UGraph): every edge u->v with
 * u != v has as many copies of v->u; a self-loop is stored once.  Checked
 * once, by comparing each out-row with its in-row when the reverse CSR is
 * built (O(m)), else by binary searches (O(m log d)), and cached in g->symmetric, with
 * g->num_undirected_edges; graphs built with symmetrize are marked when
 * built.  Not thread-safe (call it before parallel code). */
bool gmrt_graph_is_symmetric(gm_graph *g);
/* For builders that made g symmetric (symmetrize): sets the cache without
 * the searches, counting the self-loops only. */
void gmrt_graph_mark_symmetric(gm_graph *g);

/* Sparse ids (graph_relabel.c).  The nodes without any edge, in or out
 * (-1 when out of memory): many of them in a file's id range usually mean
 * the ids are labels, not indices. */
int64_t gmrt_graph_count_edgeless(const gm_graph *g);
/* A new graph of the nodes of g with at least one edge, numbered 0..k-1 in
 * increasing id order; *labels gets k entries, labels[i] = the old id of
 * node i + label_base (1 for a 1-based file), ascending; free() it.  Edge
 * order and weights are kept.  NULL (and *labels NULL) when out of memory. */
gm_graph *gmrt_graph_relabel(const gm_graph *g, int64_t label_base, int64_t **labels, gmrt_error *err);
/* The node whose label is label (binary search), or GMRT_NIL_NODE. */
gm_node_t gmrt_node_of_label(const int64_t *labels, gm_node_t n, int64_t label);

/* Degree order (graph_degree_order.c), for loop nests that count node sets
 * and so give the same answer under any renaming of the nodes (the shape
 * of gm_analysis/gma_clique.h).
 * Whether some row holds a node twice (rows are sorted: O(m)). */
bool gmrt_graph_has_parallel_edges(const gm_graph *g);
/* The pairs a nest that walks each node's higher neighbours tries, summed
 * over the nodes (C(k, 2) for k higher neighbours): *by_id under g's ids,
 * *by_degree under the degree order below. O(m). */
void gmrt_degree_order_pairs(const gm_graph *g, double *by_id, double *by_degree);
/* A new unweighted graph: g's nodes renamed by ascending (degree, id),
 * degree counting neighbours other than the node itself; self-loops
 * dropped, rows sorted, edge sources built, marked symmetric when g is
 * known to be (gmrt_linked.h then reads out-rows for in-rows). When
 * old_id is not NULL it gets the old id of each new node (free() it).
 * NULL (err set) when out of memory. */
gm_graph *gmrt_graph_degree_ordered(const gm_graph *g, gm_node_t **old_id, gmrt_error *err);
/* The graph a clique-counting nest over g should run on: the degree-ordered
 * copy when g is symmetric without parallel edges and the copy saves far
 * more pair tests than it costs (gmrt_degree_order_pairs against 8 (n + m),
 * made only where the rows' sum of C(d, 2) exceeds that cost at all);
 * NULL to run on g itself (also when out of memory). The caller frees the
 * copy. Environment: GMRT_DEGREE_ORDER=0 never copies, =1 copies whenever
 * the graph allows it; GMRT_DEGREE_ORDER_LOG=1 says the decision on stderr.
 * Not thread-safe (it may set g's symmetric cache). */
gm_graph *gmrt_clique_graph(gm_graph *g);
/* The same for a nest whose every neighbour loop (and folded count) only
 * walks neighbours above the node it starts from (gma_clique's ascending
 * nests): the copy keeps each edge once, in the row of its lower end
 * (g->upper), half the rows' length. */
gm_graph *gmrt_clique_graph_upper(gm_graph *g);

/* Source of forward edge e: edge_src when built, a binary search otherwise. */
gm_node_t gmrt_edge_source(const gm_graph *g, gm_edge_t e);

/* The first (lowest-index) edge u->v, or GMRT_NIL_EDGE; binary search. */
gm_edge_t gmrt_find_edge(const gm_graph *g, gm_node_t u, gm_node_t v);
/* Is there an edge u->v? */
bool gmrt_has_edge(const gm_graph *g, gm_node_t u, gm_node_t v);

/* Common out-neighbours of u and v, ascending, each node once:
 *     gmrt_common_iter it; gmrt_common_nbrs_init(&it, g, u, v);
 *     for (gm_node_t w; (w = gmrt_common_nbrs_next(&it)) != GMRT_NIL_NODE; ) ...
 * The iterator holds no resources. */
typedef struct gmrt_common_iter {
    const gm_node_t *a, *a_end, *b, *b_end;
} gmrt_common_iter;
void gmrt_common_nbrs_init(gmrt_common_iter *it, const gm_graph *g, gm_node_t u, gm_node_t v);
gm_node_t gmrt_common_nbrs_next(gmrt_common_iter *it);
gm_edge_t gmrt_count_common_nbrs(const gm_graph *g, gm_node_t u, gm_node_t v);

#ifdef __cplusplus
}
#endif
#endif
