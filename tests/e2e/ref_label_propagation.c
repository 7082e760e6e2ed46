/* ref_label_propagation.c: reference for apps/label_propagation.gm:
 * synchronous rounds; every node with out-neighbours takes the most
 * frequent label among them (multiplicity counts, smallest label on a tie),
 * found by sorting the neighbours' labels; stops after a round without
 * change or after --max_iter rounds; returns the number of rounds. */
#include <stdlib.h>
#include <string.h>

#include "ref_common.h"

static int cmp_node(const void *a, const void *b)
{
    gm_node_t x = *(const gm_node_t *)a, y = *(const gm_node_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    int32_t max_iter = ref_int_arg(&args, "max_iter");

    gm_node_t n = g->num_nodes;
    gm_node_t *label = ref_alloc((size_t)n, sizeof *label);
    gm_node_t *next = ref_alloc((size_t)n, sizeof *next);
    gm_node_t *buf = ref_alloc((size_t)g->num_edges, sizeof *buf);
    for (gm_node_t v = 0; v < n; v++)
        label[v] = v;
    int32_t rounds = 0;
    bool changed = true;
    while (changed && rounds < max_iter) {
        changed = false;
        for (gm_node_t v = 0; v < n; v++) {
            next[v] = label[v];
            gm_edge_t deg = g->begin[v + 1] - g->begin[v];
            if (deg == 0)
                continue;
            for (gm_edge_t i = 0; i < deg; i++)
                buf[i] = label[g->node_idx[g->begin[v] + i]];
            qsort(buf, (size_t)deg, sizeof *buf, cmp_node);
            /* the first run of maximal length in ascending order is the smallest top label */
            gm_node_t pick = buf[0];
            gm_edge_t best = 0;
            for (gm_edge_t i = 0; i < deg;) {
                gm_edge_t j = i;
                while (j < deg && buf[j] == buf[i])
                    j++;
                if (j - i > best) {
                    best = j - i;
                    pick = buf[i];
                }
                i = j;
            }
            if (pick != label[v]) {
                next[v] = pick;
                changed = true;
            }
        }
        memcpy(label, next, (size_t)n * sizeof *label);
        rounds++;
    }
    ref_print_time();
    ref_print_int("return", rounds);
    ref_write_node(&args, "label", label, n);
    free(buf);
    free(next);
    free(label);
    gmrt_graph_free(g);
    return 0;
}
