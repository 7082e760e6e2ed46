/* ref_cliques.c: reference for the clique-counting nests of
 * tests/e2e/cliques/ on a graph stored both ways without parallel edges
 * (what the degree-ordered copy requires; the test gives it only such
 * graphs): the number of k-cliques of the undirected graph, k from --k
 * (3 or 4), self-loops ignored, printed as "return = N".
 *
 * Counted by brute force along ids, the plainest way there is: for each
 * node a, its neighbours above a (sorted); every pair b < c of them that is
 * adjacent is a triangle, and for k = 4 every d above c adjacent to a, b and
 * c adds one. Adjacency is a binary search in the sorted rows, so this is
 * independent of gmc's copy, orientation and intersection code. */
#include <stdio.h>
#include <stdlib.h>

#include "ref_common.h"

static bool adjacent(const gm_graph *g, gm_node_t x, gm_node_t y)
{
    gm_edge_t lo = g->begin[x], hi = g->begin[x + 1];
    while (lo < hi) {
        gm_edge_t mid = lo + (hi - lo) / 2;
        if (g->node_idx[mid] == y)
            return true;
        if (g->node_idx[mid] < y)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

int main(int argc, char **argv)
{
    ref_args args;
    ref_parse_args(argc, argv, &args);
    gm_graph *g = ref_load_graph(&args);
    const char *ks = ref_opt(&args, "k");
    int k = ks ? atoi(ks) : 3;
    if (k != 3 && k != 4) {
        fprintf(stderr, "%s: --k must be 3 or 4\n", args.prog);
        return 2;
    }
    int64_t count = 0;
    for (gm_node_t a = 0; a < g->num_nodes; a++)
        for (gm_edge_t e1 = g->begin[a]; e1 < g->begin[a + 1]; e1++) {
            gm_node_t b = g->node_idx[e1];
            if (b <= a)
                continue;
            for (gm_edge_t e2 = e1 + 1; e2 < g->begin[a + 1]; e2++) {
                gm_node_t c = g->node_idx[e2]; /* rows are sorted: c > b */
                if (c == b || !adjacent(g, b, c))
                    continue;
                if (k == 3) {
                    count++;
                    continue;
                }
                for (gm_edge_t e3 = e2 + 1; e3 < g->begin[a + 1]; e3++) {
                    gm_node_t d = g->node_idx[e3];
                    count += d != c && adjacent(g, b, d) && adjacent(g, c, d);
                }
            }
        }
    ref_print_time();
    ref_print_int("return", count);
    gmrt_graph_free(g);
    return 0;
}
