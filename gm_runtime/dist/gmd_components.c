/* gmd_components.c: the minimum-label fixpoint (gm_opt/min_label.c's
 * loops, wcc) on a partitioned graph, for gmc -t omp --distributed.
 * Contract: gmd.h (gmd_min_label_components_i32/i64).
 *
 * A round: the union-find of one process (gmrt_min_label_components) on
 * G->local, owners and ghosts together, so every local label becomes the
 * smallest of its LOCAL component; then each owner takes the min of its
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
 *    between copies of one node) and never grow: the union-find and the
 *    reduce take minima, and the broadcast gives a ghost its owner's value,
 *    which the reduce has just made <= that ghost's copy. So the node whose
 *    owner starts with a component's minimum m keeps m, and no label of the
 *    component ever drops below m;
 *  - a round in which the syncs changed nothing on any rank leaves every
 *    label as the union-find left it: constant on each local component,
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
    const size_t es = gmrt_type_size(t), n = (size_t)gmd_num_local(G);
    void *before = malloc(n * es + 1);
    gmrt_error err;
    gmrt_error_clear(&err);
    if (!before)
        gmrt_error_set(&err, GMRT_E_NOMEM, "out of memory");
    if (!gmd_agree_(before != NULL, &err)) {
        free(before);
        return -1;
    }
    (void)gmd_sync_broadcast(G, label, t); /* the ghosts' copies: their owners' labels */
    int64_t rounds = 0;
    for (;;) {
        rounds++;
        bool ok = t == GMRT_T_INT64 ? gmrt_min_label_components_i64(G->local, label)
                                    : gmrt_min_label_components_i32(G->local, label);
        if (!ok)
            gmrt_error_set(&err, GMRT_E_NOMEM, "out of memory");
        if (!gmd_agree_(ok, &err)) {
            free(before);
            return -1;
        }
        memcpy(before, label, n * es);
        (void)gmd_sync_reduce(G, label, t, GMD_MIN);
        (void)gmd_sync_broadcast(G, label, t);
        bool changed = memcmp(before, label, n * es) != 0;
        gmd_allreduce_bool(&changed, GMD_OR);
        if (!changed)
            break;
    }
    free(before);
    return rounds;
}

int64_t gmd_min_label_components_i32(gmd_graph *G, int32_t *label) { return min_label(G, label, GMRT_T_INT32); }

int64_t gmd_min_label_components_i64(gmd_graph *G, int64_t *label) { return min_label(G, label, GMRT_T_INT64); }
