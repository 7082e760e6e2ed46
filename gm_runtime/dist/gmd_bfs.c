/* gmd_bfs.c: the sparse claims of a level-synchronous distributed BFS
 * (gmd.h, gmd_bfs_claims; gmc -t omp --distributed's InBFS).
 *
 * Contract: a rank hands over the ghosts it discovered at this level (local
 * ids, each once); each goes to its owner as the owner's local id, and every
 * rank gets back the ids of its owners that any rank claimed (an id once
 * per claiming rank, in rank order).  Only the claimed ids travel: one
 * exchange of per-peer counts, then one of the ids. */
#include "gmd.h"
#include "gmd_internal.h"

#include <stdlib.h>
#include <string.h>

/* The peer owning ghost local id v: ghost_begin[p] <= v < ghost_begin[p+1]. */
static int ghost_peer(const gmd_graph *G, gm_node_t v)
{
    int lo = 0, hi = G->size; /* ghost_begin[lo] <= v < ghost_begin[hi] */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (G->ghost_begin[mid] <= v)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

int64_t gmd_bfs_claims(const gmd_graph *G, const gm_node_t *ghosts, size_t n, gm_node_t **recv, size_t *cap)
{
    int P = G->size;
    size_t *cnt = calloc((size_t)P * 6, sizeof *cnt);
    gm_node_t *send = malloc((n ? n : 1) * sizeof *send);
    int *peer = malloc((n ? n : 1) * sizeof *peer);
    if (!cnt || !send || !peer)
        gmd_abort(1, "gmd_bfs_claims: out of memory");
    size_t *send_count = cnt, *send_off = cnt + P, *recv_count = cnt + 2 * P, *recv_off = cnt + 3 * P;
    size_t *ones = cnt + 4 * P, *offs = cnt + 5 * P;
    for (size_t i = 0; i < n; i++) {
        gm_node_t v = ghosts[i];
        if (v < G->num_owned || v >= gmd_num_local(G))
            gmd_abort(1, "gmd_bfs_claims: a claimed id is not a ghost");
        peer[i] = ghost_peer(G, v);
        send_count[peer[i]]++;
    }
    for (int p = 0, off = 0; p < P; p++) {
        send_off[p] = (size_t)off;
        off += (int)send_count[p];
        ones[p] = 1;
        offs[p] = (size_t)p;
    }
    /* counting sort by owner; the owner's local id is gid - B[owner] */
    size_t *fill = calloc((size_t)P, sizeof *fill);
    if (!fill)
        gmd_abort(1, "gmd_bfs_claims: out of memory");
    for (size_t i = 0; i < n; i++) {
        int p = peer[i];
        int64_t gid = G->ghost_gid[ghosts[i] - G->num_owned];
        send[send_off[p] + fill[p]++] = (gm_node_t)(gid - G->block[p]);
    }
    free(fill);
    free(peer);
    gmd_exchange(send_count, ones, offs, recv_count, ones, offs, sizeof(size_t));
    size_t total = 0;
    for (int p = 0; p < P; p++) {
        recv_off[p] = total;
        total += recv_count[p];
    }
    if (total > *cap || !*recv) {
        size_t nc = total > 2 * *cap ? total : 2 * *cap;
        gm_node_t *r = realloc(*recv, (nc ? nc : 1) * sizeof *r);
        if (!r)
            gmd_abort(1, "gmd_bfs_claims: out of memory");
        *recv = r;
        *cap = nc ? nc : 1;
    }
    gmd_exchange(send, send_count, send_off, *recv, recv_count, recv_off, sizeof(gm_node_t));
    for (size_t i = 0; i < total; i++)
        if ((*recv)[i] < 0 || (*recv)[i] >= G->num_owned)
            gmd_abort(1, "gmd_bfs_claims: a peer claimed a node this rank does not own");
    free(send);
    free(cnt);
    return (int64_t)total;
}
