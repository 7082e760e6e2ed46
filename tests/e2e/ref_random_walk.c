/* ref_random_walk.c: reference for apps/random_walk.gm: a walk of
 * --num_steps steps from a random node; after each step it restarts at a
 * random node with probability --restart or at a node without out-edges,
 * otherwise moves to a random out-edge's head.  Random, so the app is
 * checked by the validator, not against this output. */
#include <stdlib.h>

#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t steps = ref_int_arg(&args, "num_steps");
    double restart = ref_double_arg(&args, "restart");

    gm_node_t n = g->num_nodes;
    int32_t *visits = ref_zalloc((size_t)n, sizeof *visits);
    ref_rng rng = {777};
    if (n > 0) {
        gm_node_t cur = (gm_node_t)ref_rand_below(&rng, n);
        for (int32_t s = 0; s < steps; s++) {
            visits[cur]++;
            gm_edge_t deg = g->begin[cur + 1] - g->begin[cur];
            if (deg == 0 || ref_uniform(&rng) < restart)
                cur = (gm_node_t)ref_rand_below(&rng, n);
            else
                cur = g->node_idx[g->begin[cur] + ref_rand_below(&rng, deg)];
        }
    }
    ref_print_time();
    ref_write_int(&args, "visits", visits, n);
    free(visits);
    gmrt_graph_free(g);
    return 0;
}
