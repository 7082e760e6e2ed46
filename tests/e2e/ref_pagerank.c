/* ref_pagerank.c: reference for apps/pagerank.gm and apps/pagerank_push.gm (same output): PageRank power iteration,
 * rank'[v] = (1-d)/N + d * sum over edges w->v of rank[w]/outdeg(w), from
 * rank = 1/N, until the L1 change of an iteration is <= --e or --max_iter
 * iterations ran (at least one).  Written edge by edge over the forward
 * CSR, independently of the app's pull-style loop. */
#include <math.h>
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    double eps = ref_double_arg(&args, "e");
    double damp = ref_double_arg(&args, "d");
    int32_t max_iter = ref_int_arg(&args, "max_iter");

    gm_node_t n = g->num_nodes;
    double N = (double)n;
    double *rank = ref_alloc((size_t)n, sizeof *rank);
    double *acc = ref_alloc((size_t)n, sizeof *acc);
    for (gm_node_t v = 0; v < n; v++)
        rank[v] = 1.0 / N;
    int32_t iter = 0;
    double diff;
    do {
        for (gm_node_t v = 0; v < n; v++)
            acc[v] = 0.0;
        for (gm_node_t w = 0; w < n; w++) {
            gm_edge_t deg = g->begin[w + 1] - g->begin[w];
            for (gm_edge_t e = g->begin[w]; e < g->begin[w + 1]; e++)
                acc[g->node_idx[e]] += rank[w] / (double)deg;
        }
        diff = 0.0;
        for (gm_node_t v = 0; v < n; v++) {
            double next = (1.0 - damp) / N + damp * acc[v];
            diff += fabs(next - rank[v]);
            rank[v] = next;
        }
        iter++;
    } while (diff > eps && iter < max_iter);

    ref_print_time();
    ref_write_double(&args, "rank", rank, n);
    free(acc);
    free(rank);
    gmrt_graph_free(g);
    return 0;
}
