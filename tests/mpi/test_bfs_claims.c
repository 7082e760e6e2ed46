/* tests/mpi/test_bfs_claims.c: libgmrt-dist's BFS claims (gmd_bfs_claims)
 * under mpirun -np P (driver: tests/mpi/bfs_claims.sh, P = 1..5), on the
 * awkward graphs of graphs.h (empty, isolated nodes, self-loops and
 * duplicates, a hub, a long path, ranks with no owners at P = 5 on the
 * small ones), policies out and both, with and without relabelling:
 *  1. claims alone: every rank claims a pattern of its ghosts (none, every
 *     third, all); each owner must receive exactly the claims made for it,
 *     once per claiming rank, in rank order (judged by an MPI_Allgatherv of
 *     every rank's claimed global ids), and no claim at all when no rank
 *     claims (an empty level);
 *  2. a whole level-synchronous BFS from several roots built on it (the
 *     protocol gmc --distributed emits: expand the owners of the frontier,
 *     claim unseen ghosts, the owners assign the level, a sparse broadcast
 *     of the new levels, an allreduce of the next frontier's size): every
 *     owner's level must equal a sequential BFS's on the global graph, and
 *     every ghost's level its owner's.
 * Usage: test_bfs_claims DIR. Exit 0 when every rank passed. */
#include "gmd.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graphs.h"
#include "mpi_check.h"

/* 1. claims of every stride-th ghost (0: none) against an all-gather. */
static void check_claims(const gmd_graph *G, int stride)
{
    gm_node_t *mine = malloc(((size_t)G->num_ghosts + 1) * sizeof *mine);
    int64_t *gids = malloc(((size_t)G->num_ghosts + 1) * sizeof *gids);
    size_t n = 0;
    for (gm_node_t g = 0; stride && g < G->num_ghosts; g++)
        if ((g + rank_) % stride == 0) { /* another pattern on every rank */
            mine[n] = G->num_owned + g;
            gids[n++] = G->ghost_gid[g];
        }
    int cnt = (int)n, *cnts = malloc((size_t)size_ * sizeof *cnts), *offs = malloc((size_t)size_ * sizeof *offs);
    MPI_Allgather(&cnt, 1, MPI_INT, cnts, 1, MPI_INT, MPI_COMM_WORLD);
    int total = 0;
    for (int p = 0; p < size_; p++) {
        offs[p] = total;
        total += cnts[p];
    }
    int64_t *all = malloc(((size_t)total + 1) * sizeof *all);
    MPI_Allgatherv(gids, cnt, MPI_INT64_T, all, cnts, offs, MPI_INT64_T, MPI_COMM_WORLD);
    gm_node_t *recv = NULL;
    size_t cap = 0;
    int64_t got = gmd_bfs_claims(G, mine, n, &recv, &cap);
    /* the expected list: every rank's claims of my owners, in rank order */
    int64_t k = 0;
    for (int i = 0; i < total; i++) {
        int64_t gid = all[i];
        if (gid < G->block[rank_] || gid >= G->block[rank_ + 1])
            continue;
        CHECK(k < got);
        if (k < got)
            CHECK(recv[k] == (gm_node_t)(gid - G->block[rank_]));
        k++;
    }
    CHECK(k == got);
    if (stride == 0)
        CHECK(got == 0);
    free(recv);
    free(all);
    free(cnts);
    free(offs);
    free(gids);
    free(mine);
}

/* Sequential levels of the global graph from root (-1: not reached). */
static int32_t *seq_levels(const gm_graph *g, gm_node_t root)
{
    int32_t *lv = malloc(((size_t)g->num_nodes + 1) * sizeof *lv);
    gm_node_t *q = malloc(((size_t)g->num_nodes + 1) * sizeof *q);
    for (gm_node_t v = 0; v < g->num_nodes; v++)
        lv[v] = -1;
    size_t h = 0, t = 0;
    if (root < g->num_nodes) {
        lv[root] = 0;
        q[t++] = root;
    }
    while (h < t) {
        gm_node_t u = q[h++];
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            if (lv[g->node_idx[e]] < 0) {
                lv[g->node_idx[e]] = lv[u] + 1;
                q[t++] = g->node_idx[e];
            }
    }
    free(q);
    return lv;
}

/* 2. the distributed BFS from root (a global id of the partitioned graph). */
static void check_bfs(const gm_graph *g, const gmd_graph *G, int64_t root_file)
{
    gm_node_t nl = gmd_num_local(G), no = G->num_owned;
    int64_t root = gmd_gid_of_file_id(G, root_file);
    int32_t *lv = malloc(((size_t)nl + 1) * sizeof *lv);
    uint8_t *dirty = calloc((size_t)nl + 1, 1);
    gm_node_t *front = malloc(((size_t)no + 1) * sizeof *front), *next = malloc(((size_t)no + 1) * sizeof *next);
    gm_node_t *claims = malloc(((size_t)G->num_ghosts + 1) * sizeof *claims), *recv = NULL;
    size_t cap = 0;
    for (gm_node_t v = 0; v < nl; v++)
        lv[v] = -1;
    int64_t nf = 0, levels = 0;
    gm_node_t r = root >= 0 ? gmd_local_id(G, root) : GMRT_NIL_NODE;
    if (r != GMRT_NIL_NODE && r < no) {
        lv[r] = 0;
        front[nf++] = r;
        dirty[r] = 1;
    }
    (void)gmd_sync_broadcast_sparse(G, lv, GMRT_T_INT32, dirty);
    if (nf)
        dirty[r] = 0;
    for (int32_t depth = 0;; depth++) {
        int64_t total = nf;
        gmd_allreduce_int64(&total, GMD_SUM);
        if (total == 0)
            break;
        levels++;
        int64_t nn = 0;
        size_t nc = 0;
        for (int64_t i = 0; i < nf; i++) {
            gm_node_t u = front[i];
            for (gm_edge_t e = G->local->begin[u]; e < G->local->begin[u + 1]; e++) {
                gm_node_t t = G->local->node_idx[e];
                if (lv[t] != -1)
                    continue;
                lv[t] = depth + 1;
                if (t < no)
                    next[nn++] = t;
                else
                    claims[nc++] = t;
            }
        }
        int64_t got = gmd_bfs_claims(G, claims, nc, &recv, &cap);
        for (int64_t i = 0; i < got; i++)
            if (lv[recv[i]] == -1) {
                lv[recv[i]] = depth + 1;
                next[nn++] = recv[i];
            }
        for (int64_t i = 0; i < nn; i++)
            dirty[next[i]] = 1;
        (void)gmd_sync_broadcast_sparse(G, lv, GMRT_T_INT32, dirty);
        for (int64_t i = 0; i < nn; i++)
            dirty[next[i]] = 0;
        gm_node_t *t = front;
        front = next;
        next = t;
        nf = nn;
    }
    int32_t *want = seq_levels(g, (gm_node_t)(root_file < g->num_nodes ? root_file : g->num_nodes));
    for (gm_node_t v = 0; v < nl; v++) {
        int64_t gid = gmd_global_id(G, v);
        int64_t file = gmd_file_id_of_gid(G, gid);
        CHECK(file >= 0 && file < g->num_nodes);
        if (file >= 0 && file < g->num_nodes)
            CHECK(lv[v] == want[file]);
    }
    (void)levels;
    free(want);
    free(recv);
    free(claims);
    free(front);
    free(next);
    free(dirty);
    free(lv);
}

int main(int argc, char **argv)
{
    if (!mpi_test_start(&argc, &argv))
        return 1;
    gmrt_error err;
    int graphs = 0, cases = 0;
    const char *name;
    gm_graph *g;
    for (int k = 0; (g = test_graph(k, &name)) != NULL; k++, graphs++) {
        for (int pol = 0; pol < 2; pol++)
            for (int rl = 0; rl < 2; rl++) {
                /* BFS walks out-edges: policies both and out */
                gmd_load_options opt = { .policy = pol ? GMD_POLICY_OUT : GMD_POLICY_BOTH, .relabel = rl,
                                         .relabel_seed = 11 };
                gmd_graph *G = gmd_partition(g, &opt, &err);
                what_ = name;
                CHECK(G != NULL);
                if (!G)
                    continue;
                for (int stride = 0; stride < 4; stride++, cases++)
                    check_claims(G, stride);
                int64_t roots[] = { 0, g->num_nodes / 2, g->num_nodes - 1 };
                for (int i = 0; i < 3; i++, cases++)
                    if (g->num_nodes > 0)
                        check_bfs(g, G, roots[i]);
                gmd_graph_free(G);
            }
        gmrt_graph_free(g);
    }
    char summary[160];
    snprintf(summary, sizeof summary, "%d ranks, %d graphs, %d cases", size_, graphs, cases);
    return mpi_test_finish("test_bfs_claims", summary);
}
