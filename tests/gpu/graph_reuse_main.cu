/* graph_reuse_main.cu: the driver of tests/gpu/graph_reuse.sh. A program
 * calling a `gmc -t cuda` procedure (apps/bfs.gm's bfs) on one graph after
 * another, each of the same node and edge counts: the device copy of a
 * graph is kept between calls, and must not be taken for the next graph's
 * when that one sits at the same address.
 *   graph_reuse_main A B: A and B two graph files of equal node and edge
 * counts; six rounds alternate them with a copy of each loaded graph in
 * one static struct (the same address every round, by construction),
 * then six with the loaded graphs themselves, each freed after its call
 * (malloc may hand the next one the same address); each call's dist
 * compared with a plain host BFS. Prints a line a check; exit 0 when every
 * check passes, 1 when one fails, 2 on a load error. */
#include "bfs.h"
#include "gmrt_io.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* dist of a BFS from root by the out-edges, INT32_MAX where unreached */
static void host_bfs(const gm_graph *g, gm_node_t root, int32_t *dist)
{
    gm_node_t *queue = (gm_node_t *)malloc(((size_t)g->num_nodes + 1) * sizeof *queue);
    for (gm_node_t v = 0; v < g->num_nodes; v++)
        dist[v] = INT32_MAX;
    size_t head = 0, tail = 0;
    if (g->num_nodes > 0) {
        dist[root] = 0;
        queue[tail++] = root;
    }
    while (head < tail) {
        const gm_node_t u = queue[head++];
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            const gm_node_t w = g->node_idx[e];
            if (dist[w] == INT32_MAX) {
                dist[w] = dist[u] + 1;
                queue[tail++] = w;
            }
        }
    }
    free(queue);
}

static int failures;

/* bfs on the GPU from node 0 against the host's; round and what: the line's words */
static void check(gm_graph *g, const char *file, int round, const char *what)
{
    const size_t n = (size_t)g->num_nodes + 1;
    int32_t *got = (int32_t *)malloc(n * sizeof *got), *want = (int32_t *)malloc(n * sizeof *want);
    bfs(g, 0, got);
    host_bfs(g, 0, want);
    gm_node_t bad = -1;
    for (gm_node_t v = 0; v < g->num_nodes && bad < 0; v++)
        if (got[v] != want[v])
            bad = v;
    if (bad < 0) {
        printf("PASS: %s, round %d, %s: dist equal to the host BFS's\n", file, round, what);
    } else {
        printf("FAIL: %s, round %d, %s: node %lld: dist %d on the GPU, %d by the host BFS\n", file, round, what,
               (long long)bad,
               (int)got[bad], (int)want[bad]);
        failures++;
    }
    free(got);
    free(want);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s GRAPH_A GRAPH_B\n", argv[0]);
        return 2;
    }
    /* phase 1: a copy of each loaded graph in one static struct, so that
     * every call names the same address with the same counts (before
     * gmrt_graph_serial the device copy was taken for the next graph's) */
    static gm_graph slot;
    uintptr_t last = 0; /* the previous loaded graph's address, freed */
    int same_address = 0;
    for (int phase = 1; phase <= 2; phase++)
        for (int round = 0; round < 6; round++) {
            const char *file = argv[1 + round % 2];
            gmrt_error err;
            gmrt_error_clear(&err);
            gm_graph *g = gmrt_graph_load(file, NULL, &err);
            if (!g) {
                fprintf(stderr, "%s: %s\n", argv[0], err.message);
                return 2;
            }
            if (phase == 1) {
                slot = *g; /* the arrays shared; no serial given yet (0) */
                check(&slot, file, round, "a copy at one fixed address");
            } else { /* phase 2: each loaded graph itself, freed after its call */
                same_address += (uintptr_t)g == last;
                last = (uintptr_t)g;
                check(g, file, round, "the loaded graph");
            }
            gmrt_graph_free(g);
        }
    printf("(loaded graphs at the previous one's address: %d of 5)\n", same_address);
    return failures ? 1 : 0;
}
