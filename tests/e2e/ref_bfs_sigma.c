/* ref_bfs_sigma.c: reference for tests/e2e/apps/bfs_sigma.gm: Brandes'
 * path counts from --root (sigma, twice: sigma and sigma_up) and
 * dependencies (delta), with delta at the root the sum over its children
 * (ref_brandes.c leaves it 0). */
#include <stdlib.h>

#include "ref_brandes.h"
#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    gm_node_t root = ref_node_arg(&args, g, "root");

    ref_brandes b;
    ref_brandes_init(&b, g);
    ref_brandes_source(&b, root);
    double d = 0;
    for (gm_edge_t e = g->begin[root]; e < g->begin[root + 1]; e++) {
        gm_node_t c = g->node_idx[e];
        if (b.level[c] == 1)
            d += b.sigma[root] / b.sigma[c] * (1 + b.delta[c]);
    }
    b.delta[root] = d;
    ref_print_time();
    ref_write_double(&args, "sigma", b.sigma, g->num_nodes);
    ref_write_double(&args, "sigma_up", b.sigma, g->num_nodes);
    ref_write_double(&args, "delta", b.delta, g->num_nodes);
    ref_brandes_free(&b);
    gmrt_graph_free(g);
    return 0;
}
