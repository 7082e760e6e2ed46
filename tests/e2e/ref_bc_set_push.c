/* ref_bc_set_push.c: reference for tests/e2e/apps/bc_set_push.gm: the sum of
 * the Brandes dependencies (ref_brandes.c) of the sources whose id is 1
 * modulo 3, and as the return value the sum of all of them plus the number
 * of sources. */
#include <stdlib.h>

#include "ref_brandes.h"
#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    double *bc = ref_zalloc((size_t)g->num_nodes, sizeof *bc);
    double total = 0;
    ref_brandes b;
    ref_brandes_init(&b, g);
    for (gm_node_t s = 1; s < g->num_nodes; s += 3) {
        ref_brandes_source(&b, s);
        for (gm_node_t v = 0; v < g->num_nodes; v++) {
            bc[v] += b.delta[v];
            total += b.delta[v];
        }
        total += 1;
    }
    ref_print_time();
    ref_print_double("return", total);
    ref_write_double(&args, "BC", bc, g->num_nodes);
    ref_brandes_free(&b);
    free(bc);
    gmrt_graph_free(g);
    return 0;
}
