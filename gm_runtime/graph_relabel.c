/* graph_relabel.c: sparse or 1-based node ids as labels.  A file whose ids
 * run up to millions with a few thousand of them used is read as a graph
 * of millions of isolated nodes (every answer that counts nodes, such as
 * PageRank's 1/N, is off); relabelling keeps the nodes with at least one
 * edge, numbered 0..k-1 in increasing id order, and keeps each one's old
 * id as its label.  The map is increasing, so sorted rows stay sorted and
 * the edge order (and with it every edge property) is unchanged. */
#include "gmrt_graph.h"
#include "rt_alloc.h"

#include <inttypes.h>

/* 1 for each node with an edge, in either direction. */
static unsigned char *used_nodes(const gm_graph *g)
{
    unsigned char *used = gmrt_calloc_array((size_t)g->num_nodes + 1, 1);
    if (!used)
        return NULL;
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        if (g->begin[u + 1] > g->begin[u])
            used[u] = 1;
    for (gm_edge_t e = 0; e < g->num_edges; e++)
        used[g->node_idx[e]] = 1;
    return used;
}

int64_t gmrt_graph_count_edgeless(const gm_graph *g)
{
    unsigned char *used = used_nodes(g);
    if (!used)
        return -1;
    int64_t k = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        k += !used[u];
    free(used);
    return k;
}

gm_graph *gmrt_graph_relabel(const gm_graph *g, int64_t label_base, int64_t **labels_out, gmrt_error *err)
{
    *labels_out = NULL;
    unsigned char *used = used_nodes(g);
    gm_node_t *map = gmrt_alloc_array((size_t)g->num_nodes + 1, sizeof *map);
    if (!used || !map)
        goto nomem;
    gm_node_t k = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        map[u] = used[u] ? k++ : GMRT_NIL_NODE;
    gm_graph *out = gmrt_graph_alloc(k, g->num_edges, g->weights != NULL, err);
    int64_t *labels = gmrt_alloc_array((size_t)k + 1, sizeof *labels);
    if (!out || !labels) {
        gmrt_graph_free(out);
        free(labels);
        goto nomem;
    }
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        if (map[u] != GMRT_NIL_NODE) {
            labels[map[u]] = (int64_t)u + label_base;
            out->begin[map[u] + 1] = g->begin[u + 1];
        }
    for (gm_edge_t e = 0; e < g->num_edges; e++) {
        out->node_idx[e] = map[g->node_idx[e]];
        if (g->weights)
            out->weights[e] = g->weights[e];
    }
    out->weights_integral = g->weights_integral;
    if (g->symmetric > 0) /* the same edges under new names */
        gmrt_graph_mark_symmetric(out);
    free(used);
    free(map);
    *labels_out = labels;
    return out;
nomem:
    free(used);
    free(map);
    gmrt_error_set(err, GMRT_E_NOMEM, "out of memory relabelling a graph of %" PRId64 " nodes", (int64_t)g->num_nodes);
    return NULL;
}

gm_node_t gmrt_node_of_label(const int64_t *labels, gm_node_t n, int64_t label)
{
    gm_node_t lo = 0, hi = n;
    while (lo < hi) {
        gm_node_t mid = lo + (hi - lo) / 2;
        if (labels[mid] < label)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && labels[lo] == label ? lo : GMRT_NIL_NODE;
}
