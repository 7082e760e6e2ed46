/* pagerank.c: hand-written OpenMP version of apps/pagerank.gm: pull-style
 * power iteration.  Each iteration first stores every node's contribution
 * rank/outdeg once, then each node sums its in-neighbours' contributions;
 * the new ranks go to a second array and the two are swapped. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hand_common.h"

static void pagerank(const gm_graph *g, double eps, double d, int32_t max_iter, double *out)
{
    gm_node_t n = g->num_nodes;
    double N = (double)n;
    double *rank = out, *nxt = hand_alloc((size_t)n, sizeof *nxt);
    double *contrib = hand_alloc((size_t)n, sizeof *contrib);
#pragma omp parallel for schedule(static)
    for (gm_node_t v = 0; v < n; v++)
        rank[v] = 1 / N;
    int32_t cnt = 0;
    double diff;
    do {
        /* nodes without out-edges are never read: no in-edge comes from them */
#pragma omp parallel for schedule(static)
        for (gm_node_t w = 0; w < n; w++)
            contrib[w] = rank[w] / (double)gmrt_out_degree(g, w);
        diff = 0;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : diff)
        for (gm_node_t t = 0; t < n; t++) {
            double sum = 0;
            for (gm_edge_t e = g->r_begin[t]; e < g->r_begin[t + 1]; e++)
                sum += contrib[g->r_node_idx[e]];
            double val = (1 - d) / N + d * sum;
            nxt[t] = val;
            diff += fabs(val - rank[t]);
        }
        double *tmp = rank;
        rank = nxt;
        nxt = tmp;
        cnt++;
    } while (diff > eps && cnt < max_iter);
    if (rank != out) {
        memcpy(out, rank, (size_t)n * sizeof *out);
        nxt = rank;
    }
    free(nxt);
    free(contrib);
}

int main(int argc, char **argv)
{
    hand_args a;
    hand_parse(argc, argv, &a);
    gm_graph *g = hand_load(&a);
    double eps = hand_double_arg(&a, "e"), d = hand_double_arg(&a, "d");
    int32_t max_iter = hand_int_arg(&a, "max_iter");
    double *rank = hand_alloc((size_t)g->num_nodes, sizeof *rank);
    double best = 0;
    for (int64_t r = 0; r < a.repeat; r++) {
        double t0 = gmrt_time_ms();
        pagerank(g, eps, d, max_iter, rank);
        double t = gmrt_time_ms() - t0;
        if (r == 0 || t < best)
            best = t;
    }
    hand_print_time(best);
    hand_write(&a, "rank", GMRT_T_DOUBLE, rank, g->num_nodes);
    free(rank);
    gmrt_graph_free(g);
    return 0;
}
