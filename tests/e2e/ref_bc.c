/* ref_bc.c: reference for apps/bc.gm: exact betweenness centrality, the
 * sum of every source's Brandes dependencies (ref_brandes.c). */
#include <stdlib.h>

#include "ref_brandes.h"
#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);

    double *bc = ref_zalloc((size_t)g->num_nodes, sizeof *bc);
    ref_brandes b;
    ref_brandes_init(&b, g);
    for (gm_node_t s = 0; s < g->num_nodes; s++) {
        ref_brandes_source(&b, s);
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
