/* gmrt_components.h: weakly connected components for generated code.
 * Install location: <gmc/gmrt_components.h>. */
#ifndef GMRT_COMPONENTS_H
#define GMRT_COMPONENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The fixpoint of minimum-label propagation over both edge directions
 * (gm_opt/min_label.c): every label[v] becomes the smallest starting label
 * in v's weakly connected component. Union-find over the edges, linking
 * the larger root under the smaller, in parallel (OpenMP). false: out of
 * memory, label unchanged. */
bool gmrt_min_label_components_i32(const gm_graph *g, int32_t *label);
bool gmrt_min_label_components_i64(const gm_graph *g, int64_t *label);

/* Every one of n labels (l32 or l64, the other NULL) becomes the smallest
 * label among the nodes of its group, the nodes with the same root[v]
 * (root[r] == r for each group's own r), in place. Both runtimes' last
 * step of a union-find (this one's over a whole graph, libgmrt-dist's over
 * a rank's part). */
void gmrt_min_label_by_root(gm_node_t n, const gm_node_t *root, int32_t *l32, int64_t *l64);

/* The root (smallest node id) of every node's weakly connected component:
 * parent[v] for n = g->num_nodes nodes. */
void gmrt_component_roots(const gm_graph *g, gm_node_t *parent);

/* Every parent[v] of a forest with parent[v] <= v becomes the root its
 * chain ends at (the last step of gmrt_component_roots; no link may run
 * meanwhile). */
void gmrt_flatten_roots(gm_node_t *parent, gm_node_t n);

/* The id that occurs most often among ids[0, count) (sorted in place; the
 * smallest such id on a tie; -1 when count is 0): the component most
 * sampled nodes fell in, for both runtimes' union-find. */
gm_node_t gmrt_most_frequent_node(gm_node_t *ids, int count);

#ifdef __cplusplus
}
#endif

#endif
