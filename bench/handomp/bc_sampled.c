/* bc_sampled.c: hand-written OpenMP version of apps/bc_sampled.gm: Brandes
 * dependencies summed over --k sources drawn with the runtime's generator
 * exactly as the generated code draws them (gmrt_pick_random_node on the
 * master thread's gmrt_thread_rng), so both pick the same sources for the
 * same --seed and --repeat.  Per source: a top-down BFS that records levels
 * and the level boundaries of its queue, path counts pulled level by level
 * from the parents, then dependencies pushed back level by level from the
 * deepest one, each level a parallel loop without atomics. */
#include <stdlib.h>
#include <string.h>

#include "hand_common.h"

#define BUF 256

typedef struct work {
    int32_t *level;
    gm_node_t *queue;
    int64_t *start; /* start[l] .. start[l+1]-1: the queue slots of level l */
    double *sigma, *delta;
} work;

/* Fills w->level, w->queue and w->start; returns the number of levels. */
static int64_t bfs_levels(const gm_graph *g, gm_node_t s, work *w)
{
    gm_node_t n = g->num_nodes;
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++)
        w->level[v] = -1;
    w->level[s] = 0;
    w->queue[0] = s;
    w->start[0] = 0;
    int64_t head = 0, tail = 1, nlevels = 0;
    for (int32_t depth = 1; head < tail; depth++) {
        w->start[++nlevels] = tail;
        int64_t next = tail;
#pragma omp parallel
        {
            gm_node_t buf[BUF];
            int nb = 0;
#pragma omp for schedule(dynamic, 64) nowait
            for (int64_t i = head; i < tail; i++) {
                gm_node_t u = w->queue[i];
                for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                    gm_node_t x = g->node_idx[e];
                    int32_t unseen = -1;
                    if (__atomic_load_n(&w->level[x], __ATOMIC_RELAXED) != -1 ||
                        !__atomic_compare_exchange_n(&w->level[x], &unseen, depth, false, __ATOMIC_RELAXED,
                                                     __ATOMIC_RELAXED))
                        continue;
                    buf[nb++] = x;
                    if (nb == BUF) {
                        int64_t at = __atomic_fetch_add(&next, nb, __ATOMIC_RELAXED);
                        memcpy(w->queue + at, buf, sizeof buf);
                        nb = 0;
                    }
                }
            }
            int64_t at = __atomic_fetch_add(&next, nb, __ATOMIC_RELAXED);
            memcpy(w->queue + at, buf, (size_t)nb * sizeof *buf);
        }
        head = tail;
        tail = next;
    }
    return nlevels;
}

static void bc_sampled(const gm_graph *g, int32_t k, double *bc)
{
    gm_node_t n = g->num_nodes;
    work w = {
        .level = hand_alloc((size_t)n, sizeof(int32_t)),
        .queue = hand_alloc((size_t)n, sizeof(gm_node_t)),
        .start = hand_alloc((size_t)n + 2, sizeof(int64_t)),
        .sigma = hand_alloc((size_t)n, sizeof(double)),
        .delta = hand_alloc((size_t)n, sizeof(double)),
    };
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++)
        bc[v] = 0;
    for (int32_t i = 0; i < k; i++) {
        gm_node_t s = gmrt_pick_random_node(g, gmrt_thread_rng());
#pragma omp parallel for schedule(static)
        for (gm_node_t v = 0; v < n; v++)
            w.sigma[v] = 0;
        w.sigma[s] = 1;
        int64_t nlevels = bfs_levels(g, s, &w);
        for (int64_t l = 1; l < nlevels; l++) {
#pragma omp parallel for schedule(dynamic, 64)
            for (int64_t q = w.start[l]; q < w.start[l + 1]; q++) {
                gm_node_t v = w.queue[q];
                double sum = 0;
                for (gm_edge_t e = g->r_begin[v]; e < g->r_begin[v + 1]; e++)
                    if (w.level[g->r_node_idx[e]] == l - 1)
                        sum += w.sigma[g->r_node_idx[e]];
                w.sigma[v] = sum;
            }
        }
        for (int64_t l = nlevels - 1; l >= 1; l--) {
#pragma omp parallel for schedule(dynamic, 64)
            for (int64_t q = w.start[l]; q < w.start[l + 1]; q++) {
                gm_node_t v = w.queue[q];
                double sum = 0;
                for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++) {
                    gm_node_t x = g->node_idx[e];
                    if (w.level[x] == l + 1)
                        sum += w.sigma[v] / w.sigma[x] * (1 + w.delta[x]);
                }
                w.delta[v] = sum;
                bc[v] += sum;
            }
        }
    }
    free(w.level);
    free(w.queue);
    free(w.start);
    free(w.sigma);
    free(w.delta);
}

int main(int argc, char **argv)
{
    hand_args a;
    hand_parse(argc, argv, &a);
    gm_graph *g = hand_load(&a);
    int32_t k = hand_int_arg(&a, "k");
    double *bc = hand_alloc((size_t)g->num_nodes, sizeof *bc);
    double best = 0;
    for (int64_t r = 0; r < a.repeat; r++) {
        double t0 = gmrt_time_ms();
        bc_sampled(g, k, bc);
        double t = gmrt_time_ms() - t0;
        if (r == 0 || t < best)
            best = t;
    }
    hand_print_time(best);
    hand_write(&a, "BC", GMRT_T_DOUBLE, bc, g->num_nodes);
    free(bc);
    gmrt_graph_free(g);
    return 0;
}
