/* gmd_components.c: the minimum-label fixpoint (gm_opt/min_label.c's
 * loops, wcc) on a partitioned graph, for gmc -t omp --distributed.
 * Contract: gmd.h (gmd_min_label_components_i32/i64).
 *
 * A round: every local label (owners and ghosts together) becomes the
 * smallest of its LOCAL component, the components of G->local found once
 * by the single-process union-find (gmrt_component_roots, as
 * gmrt_min_label_components does: the local graph does not change between
 * rounds, so later rounds only take the minima again, O(local nodes)
 * instead of O(local edges)); then each owner takes the min of its
 * ghosts' copies (gmd_sync_reduce) and the ghosts take their owner's value
 * back (gmd_sync_broadcast). The rounds stop when, on every rank, the two
 * syncs changed no label (one allreduce).
 *
 * Why that is the fixpoint of the loop (every label = the smallest starting
 * label of its global weakly connected component):
 *  - every global edge is a forward edge of G->local on at least one rank
 *    (policy OUT: at its source's owner; IN: at its destination's, as a
 *    row of the source's ghost; BOTH: both), so uniting the local edges of
 *    every rank unites every global edge;
 *  - values only move between nodes of one component (along local edges, or
 *    between copies of one node) and never grow: the local minima and the
 *    reduce are minima, and the broadcast gives a ghost its owner's value,
 *    which the reduce has just made <= that ghost's copy. So the node whose
 *    owner starts with a component's minimum m keeps m, and no label of the
 *    component ever drops below m;
 *  - a round in which the syncs changed nothing on any rank leaves every
 *    label as the local minima left it: constant on each local component,
 *    and every ghost equal to its owner. Then for every global edge (u, v),
 *    on a rank holding it, label[u] == label[v] and both are the owners'
 *    values: the owners' labels are constant on every global component,
 *    and that constant is m;
 *  - a round that goes on lowered at least one copy of a label, so the
 *    rounds end (in practice after about as many rounds as a component's
 *    path crosses rank boundaries; one rank: one round).
 * The ghosts' values on entry are not read: a broadcast comes first. */
#include "gmd.h"
#include "gmd_internal.h"
#include "gmrt_components.h"

#include <stdlib.h>
#include <string.h>

static int64_t min_label(gmd_graph *G, void *label, gmrt_type t)
{
    const gm_node_t n = gmd_num_local(G);
    const size_t es = gmrt_type_size(t);
    int32_t *l32 = t == GMRT_T_INT64 ? NULL : label;
    int64_t *l64 = t == GMRT_T_INT64 ? label : NULL;
    void *before = malloc((size_t)n * es + 1);
    gm_node_t *root = malloc(((size_t)n + 1) * sizeof *root);
    const bool ok = before && root;
    gmrt_error err;
    gmrt_error_clear(&err);
    if (!ok)
        gmrt_error_set(&err, GMRT_E_NOMEM, "out of memory");
    int64_t rounds = -1;
    if (!gmd_agree_(ok, &err))
        goto done;
    /* the union-find once: the local graph, so its components, stay the
     * same from round to round; each round only takes the minima again */
    gmrt_component_roots(G->local, root);
    (void)gmd_sync_broadcast(G, label, t); /* the ghosts' copies: their owners' labels */
    rounds = 0;
    for (;;) {
        rounds++;
        gmrt_min_label_by_root(n, root, l32, l64);
        memcpy(before, label, (size_t)n * es);
        (void)gmd_sync_reduce(G, label, t, GMD_MIN);
        (void)gmd_sync_broadcast(G, label, t);
        bool changed = memcmp(before, label, (size_t)n * es) != 0;
        gmd_allreduce_bool(&changed, GMD_OR);
        if (!changed)
            break;
    }
done:
    free(before);
    free(root);
    return rounds;
}

int64_t gmd_min_label_components_i32(gmd_graph *G, int32_t *label) { return min_label(G, label, GMRT_T_INT32); }

int64_t gmd_min_label_components_i64(gmd_graph *G, int64_t *label) { return min_label(G, label, GMRT_T_INT64); }
