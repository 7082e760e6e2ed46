/* bfs.c: hand-written OpenMP version of apps/bfs.gm (hop distance from
 * --root, INF = INT32_MAX when unreachable).  Level-synchronous top-down
 * BFS: the frontier is an array, a thread claims an unvisited node with a
 * compare-and-swap and collects its finds in a small private buffer that it
 * appends to the next frontier in blocks (one atomic add per block). */
#include <stdlib.h>
#include <string.h>

#include "hand_common.h"

#define BUF 256

static void bfs(const gm_graph *g, gm_node_t root, int32_t *dist)
{
    gm_node_t n = g->num_nodes;
    gm_node_t *cur = hand_alloc((size_t)n, sizeof *cur);
    gm_node_t *next = hand_alloc((size_t)n, sizeof *next);
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++)
        dist[v] = INT32_MAX;
    dist[root] = 0;
    cur[0] = root;
    int64_t ncur = 1;
    for (int32_t depth = 1; ncur > 0; depth++) {
        int64_t nnext = 0;
#pragma omp parallel
        {
            gm_node_t buf[BUF];
            int nb = 0;
#pragma omp for schedule(dynamic, 64) nowait
            for (int64_t i = 0; i < ncur; i++) {
                gm_node_t u = cur[i];
                for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                    gm_node_t w = g->node_idx[e];
                    int32_t unseen = INT32_MAX;
                    if (__atomic_load_n(&dist[w], __ATOMIC_RELAXED) != INT32_MAX ||
                        !__atomic_compare_exchange_n(&dist[w], &unseen, depth, false, __ATOMIC_RELAXED,
                                                     __ATOMIC_RELAXED))
                        continue;
                    buf[nb++] = w;
                    if (nb == BUF) {
                        int64_t at = __atomic_fetch_add(&nnext, nb, __ATOMIC_RELAXED);
                        memcpy(next + at, buf, sizeof buf);
                        nb = 0;
                    }
                }
            }
            int64_t at = __atomic_fetch_add(&nnext, nb, __ATOMIC_RELAXED);
            memcpy(next + at, buf, (size_t)nb * sizeof *buf);
        }
        gm_node_t *t = cur;
        cur = next;
        next = t;
        ncur = nnext;
    }
    free(cur);
    free(next);
}

int main(int argc, char **argv)
{
    hand_args a;
    hand_parse(argc, argv, &a);
    gm_graph *g = hand_load(&a);
    gm_node_t root = hand_node_arg(&a, g, "root");
    int32_t *dist = hand_alloc((size_t)g->num_nodes, sizeof *dist);
    double best = 0;
    for (int64_t r = 0; r < a.repeat; r++) {
        double t0 = gmrt_time_ms();
        bfs(g, root, dist);
        double t = gmrt_time_ms() - t0;
        if (r == 0 || t < best)
            best = t;
    }
    hand_print_time(best);
    hand_write(&a, "dist", GMRT_T_INT32, dist, g->num_nodes);
    free(dist);
    gmrt_graph_free(g);
    return 0;
}
