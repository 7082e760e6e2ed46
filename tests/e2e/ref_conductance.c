/* ref_conductance.c: reference for apps/conductance.gm: S = nodes whose
 * --member equals --num; cross / min(din, dout), 0 or +inf when the
 * minimum is 0. */
#include <math.h>
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t *member = ref_node_int_input(&args, g, "member");
    int32_t num = ref_int_arg(&args, "num");

    int64_t din = 0, dout = 0, cross = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        int64_t deg = g->begin[u + 1] - g->begin[u];
        if (member[u] != num) {
            dout += deg;
            continue;
        }
        din += deg;
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            if (member[g->node_idx[e]] != num)
                cross++;
    }
    int64_t m = din < dout ? din : dout;
    double result = m == 0 ? (cross == 0 ? 0.0 : INFINITY) : (double)cross / (double)m;
    ref_print_time();
    ref_print_double("return", result);
    free(member);
    gmrt_graph_free(g);
    return 0;
}
