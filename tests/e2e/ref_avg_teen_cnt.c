/* ref_avg_teen_cnt.c: reference for apps/avg_teen_cnt.gm: teen_cnt[v] =
 * number of edges u -> v with 13 <= age[u] <= 19 (scanning out-edges), and
 * the mean of teen_cnt over the nodes older than --K (0 when none). */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t *age = ref_node_int_input(&args, g, "age");
    int32_t K = ref_int_arg(&args, "K");

    int32_t *teen = ref_zalloc((size_t)g->num_nodes, sizeof *teen);
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        if (age[u] >= 13 && age[u] <= 19)
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
                teen[g->node_idx[e]]++;
    int64_t sum = 0, older = 0;
    for (gm_node_t v = 0; v < g->num_nodes; v++)
        if (age[v] > K) {
            sum += teen[v];
            older++;
        }
    ref_print_time();
    ref_print_double("return", older ? (double)sum / (double)older : 0.0);
    ref_write_int(&args, "teen_cnt", teen, g->num_nodes);
    free(teen);
    free(age);
    gmrt_graph_free(g);
    return 0;
}
