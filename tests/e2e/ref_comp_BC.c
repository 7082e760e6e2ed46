/* ref_comp_BC.c: reference for tests/e2e/apps/comp_BC.gm: the sum of the
 * Brandes dependencies (ref_brandes.c) of the sources listed in --Seeds=FILE
 * (node ids separated by white space, repeats counted again). */
#include <stdio.h>
#include <stdlib.h>

#include "ref_brandes.h"
#include "ref_common.h"

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    const char *path = ref_opt(&args, "Seeds");
    FILE *f = path ? fopen(path, "r") : NULL;
    if (!f) {
        fprintf(stderr, "ref_comp_BC: cannot read --Seeds=%s\n", path ? path : "");
        return 1;
    }

    double *bc = ref_zalloc((size_t)g->num_nodes, sizeof *bc);
    ref_brandes b;
    ref_brandes_init(&b, g);
    long long s;
    int got;
    while ((got = fscanf(f, "%lld", &s)) == 1) {
        if (s < 0 || s >= g->num_nodes) {
            fprintf(stderr, "ref_comp_BC: %lld is not a node id\n", s);
            return 1;
        }
        ref_brandes_source(&b, (gm_node_t)s);
        for (gm_node_t v = 0; v < g->num_nodes; v++)
            bc[v] += b.delta[v];
    }
    if (got != EOF) {
        fprintf(stderr, "ref_comp_BC: %s: not a node id\n", path);
        return 1;
    }
    fclose(f);
    ref_print_time();
    ref_write_double(&args, "BC", bc, g->num_nodes);
    ref_brandes_free(&b);
    free(bc);
    gmrt_graph_free(g);
    return 0;
}
