/* sssp.c: hand-written OpenMP version of apps/sssp.gm: Bellman-Ford rounds
 * over an active-node frontier.  A round relaxes the out-edges of the nodes
 * whose distance changed in the previous round into dist_nxt (atomic min),
 * flagging the nodes it lowers; then dist takes dist_nxt and the flags move
 * on, in one sweep that also tells whether another round is needed. */
#include <stdlib.h>

#include "hand_common.h"

static void sssp(const gm_graph *g, const int32_t *len, gm_node_t root, int32_t *dist)
{
    gm_node_t n = g->num_nodes;
    int32_t *nxt = hand_alloc((size_t)n, sizeof *nxt);
    unsigned char *upd = hand_alloc((size_t)n, 1), *upd_nxt = hand_alloc((size_t)n, 1);
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++) {
        dist[v] = nxt[v] = v == root ? 0 : INT32_MAX;
        upd[v] = v == root;
        upd_nxt[v] = 0;
    }
    bool more = true;
    while (more) {
#pragma omp parallel for schedule(dynamic, 256)
        for (gm_node_t u = 0; u < n; u++) {
            if (!upd[u])
                continue;
            int32_t du = dist[u];
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                gm_node_t w = g->node_idx[e];
                int32_t cand = du + len[e];
                int32_t old = __atomic_load_n(&nxt[w], __ATOMIC_RELAXED);
                while (cand < old) {
                    if (__atomic_compare_exchange_n(&nxt[w], &old, cand, true, __ATOMIC_RELAXED,
                                                    __ATOMIC_RELAXED)) {
                        __atomic_store_n(&upd_nxt[w], 1, __ATOMIC_RELAXED);
                        break;
                    }
                }
            }
        }
        more = false;
#pragma omp parallel for schedule(static) reduction(|| : more)
        for (gm_node_t v = 0; v < n; v++) {
            dist[v] = nxt[v];
            upd[v] = upd_nxt[v];
            upd_nxt[v] = 0;
            more = more || upd[v];
        }
    }
    free(nxt);
    free(upd);
    free(upd_nxt);
}

int main(int argc, char **argv)
{
    hand_args a;
    hand_parse(argc, argv, &a);
    gm_graph *g = hand_load(&a);
    int32_t *len = hand_edge_int_input(&a, g, "len");
    gm_node_t root = hand_node_arg(&a, g, "root");
    int32_t *dist = hand_alloc((size_t)g->num_nodes, sizeof *dist);
    double best = 0;
    for (int64_t r = 0; r < a.repeat; r++) {
        double t0 = gmrt_time_ms();
        sssp(g, len, root, dist);
        double t = gmrt_time_ms() - t0;
        if (r == 0 || t < best)
            best = t;
    }
    hand_print_time(best);
    hand_write(&a, "dist", GMRT_T_INT32, dist, g->num_nodes);
    free(dist);
    free(len);
    gmrt_graph_free(g);
    return 0;
}
