/* ref_potential_friends.c: reference for apps/potential_friends.gm:
 * friends[v] = { w != v : no edge v -> w, and at least --k out-edge slots
 * v -> x have an edge x -> w }, counted with a per-v counter array. */
#include <stdlib.h>

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
    int32_t k = ref_int_arg(&args, "k");

    gm_node_t n = g->num_nodes;
    int64_t *count = ref_zalloc((size_t)n, sizeof *count);
    gm_node_t *touched = ref_alloc((size_t)n, sizeof *touched);
    bool *is_nbr = ref_zalloc((size_t)n, sizeof *is_nbr);
    int64_t *start = ref_alloc((size_t)n + 1, sizeof *start);
    int64_t cap = 1024, used = 0;
    gm_node_t *members = ref_alloc((size_t)cap, sizeof *members);

    for (gm_node_t v = 0; v < n; v++) {
        start[v] = used;
        int64_t ntouched = 0;
        for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++)
            is_nbr[g->node_idx[e]] = true;
        for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++) {
            gm_node_t x = g->node_idx[e];
            for (gm_edge_t f = g->begin[x]; f < g->begin[x + 1]; f++) {
                gm_node_t w = g->node_idx[f];
                if (f > g->begin[x] && g->node_idx[f - 1] == w)
                    continue; /* x -> w counts once per slot v -> x */
                if (count[w]++ == 0)
                    touched[ntouched++] = w;
            }
        }
        int64_t first = used;
        for (int64_t i = 0; i < ntouched; i++) {
            gm_node_t w = touched[i];
            if (w != v && !is_nbr[w] && count[w] >= k) {
                if (used == cap) {
                    cap *= 2;
                    members = ref_realloc(members, (size_t)cap, sizeof *members);
                }
                members[used++] = w;
            }
            count[w] = 0;
        }
        qsort(members + first, (size_t)(used - first), sizeof *members, cmp_node);
        for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++)
            is_nbr[g->node_idx[e]] = false;
    }
    start[n] = used;
    ref_print_time();
    ref_write_node_sets(&args, "friends", start, members, n);
    free(members);
    free(start);
    free(is_nbr);
    free(touched);
    free(count);
    gmrt_graph_free(g);
    return 0;
}
