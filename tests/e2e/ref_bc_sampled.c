/* ref_bc_sampled.c: reference for apps/bc_sampled.gm: the sum of the Brandes
 * dependencies of --k sources drawn uniformly with replacement.  The
 * sources are random, so the runner checks the app with the validator
 * (validate.c) rather than against this output. */
#include <stdlib.h>

#include "ref_brandes.h"
#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t k = ref_int_arg(&args, "k");

    double *bc = ref_zalloc((size_t)g->num_nodes, sizeof *bc);
    ref_brandes b;
    ref_brandes_init(&b, g);
    ref_rng rng = {12345};
    for (int32_t i = 0; i < k && g->num_nodes > 0; i++) {
        ref_brandes_source(&b, (gm_node_t)ref_rand_below(&rng, g->num_nodes));
        for (gm_node_t v = 0; v < g->num_nodes; v++)
            bc[v] += b.delta[v];
    }
    ref_print_time();
    ref_write_double(&args, "BC", bc, g->num_nodes);
    ref_brandes_free(&b);
    free(bc);
    gmrt_graph_free(g);
    return 0;
}
