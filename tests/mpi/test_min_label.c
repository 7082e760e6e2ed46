/* tests/mpi/test_min_label.c: libgmrt-dist's gmd_min_label_components
 * (the distributed minimum-label fixpoint, wcc) under mpirun -np P
 * (driver: tests/mpi/min_label.sh, P = 1..5). For every awkward graph of
 * graphs.h, every policy (out, in, both) and with and without a random
 * relabelling:
 *   i32: labels start as each owner's global id (wcc's G.comp = G), the
 *     ghosts' as INT32_MIN (they must not be read); after the call every
 *     owner holds the smallest global id of its weakly connected component
 *     and every ghost its owner's value (checked against a union-find over
 *     the whole graph on every rank);
 *   i64: labels start as keys above 2^32 in no order of the ids; every
 *     owner ends with the smallest key of its component;
 *   rounds: one with one rank; on the path (ids in order, no relabelling)
 *     at most P (the smallest label crosses one block boundary a round).
 * Usage: test_min_label DIR. Exit 0 when every rank passed. */
#include "gmd.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graphs.h"
#include "mpi_check.h"

static gm_node_t find(gm_node_t *parent, gm_node_t x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* key of global id x for the Long labels */
static int64_t key_of(int64_t x) { return ((int64_t)1 << 33) + (x * 7919 + 13) % 1009 * 4096 + x; }

/* best[v] for every node v of g (file ids): the smallest of val(gid(u))
 * over u in v's component (long: key_of, else the gid). */
static int64_t *reference(const gm_graph *g, const gmd_graph *G, bool wide)
{
    gm_node_t n = g->num_nodes;
    gm_node_t *parent = malloc(((size_t)n + 1) * sizeof *parent);
    int64_t *best = malloc(((size_t)n + 1) * sizeof *best);
    if (!parent || !best)
        exit(99);
    for (gm_node_t v = 0; v < n; v++)
        parent[v] = v;
    for (gm_node_t u = 0; u < n; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t a = find(parent, u), b = find(parent, g->node_idx[e]);
            if (a != b)
                parent[a > b ? a : b] = a > b ? b : a;
        }
    for (gm_node_t v = 0; v < n; v++)
        best[v] = INT64_MAX;
    for (gm_node_t v = 0; v < n; v++) {
        int64_t gid = gmd_gid_of_file_id(G, v), x = wide ? key_of(gid) : gid;
        gm_node_t r = find(parent, v);
        if (x < best[r])
            best[r] = x;
    }
    for (gm_node_t v = 0; v < n; v++)
        best[v] = best[find(parent, v)];
    free(parent);
    return best;
}

static void check_graph(const gm_graph *g, const gmd_graph *G, bool is_path)
{
    const gm_node_t nl = gmd_num_local(G);
    for (int wide = 0; wide < 2; wide++) {
        int64_t *best = reference(g, G, wide);
        int32_t *l32 = malloc(((size_t)nl + 1) * sizeof *l32);
        int64_t *l64 = malloc(((size_t)nl + 1) * sizeof *l64);
        if (!l32 || !l64)
            exit(99);
        for (gm_node_t l = 0; l < nl; l++) {
            int64_t gid = gmd_global_id(G, l);
            bool owner = l < G->num_owned;
            l32[l] = owner ? (int32_t)gid : INT32_MIN;
            l64[l] = owner ? key_of(gid) : INT64_MIN;
        }
        int64_t rounds = wide ? gmd_min_label_components_i64((gmd_graph *)G, l64)
                              : gmd_min_label_components_i32((gmd_graph *)G, l32);
        CHECK(rounds >= 1);
        if (G->size == 1)
            CHECK(rounds == 1);
        if (is_path && !G->new_of_old)
            CHECK(rounds <= G->size);
        int64_t all = rounds;
        gmd_allreduce_int64(&all, GMD_MAX);
        CHECK(all == rounds); /* every rank saw the same rounds */
        for (gm_node_t l = 0; l < nl; l++) {
            int64_t file = gmd_file_id_of_gid(G, gmd_global_id(G, l));
            int64_t got = wide ? l64[l] : l32[l];
            CHECK(file >= 0 && got == best[file]);
        }
        free(best);
        free(l32);
        free(l64);
    }
}

int main(int argc, char **argv)
{
    if (!mpi_test_start(&argc, &argv))
        return 1;
    gmrt_error err;
    int graphs = 0, cases = 0;
    const char *name;
    gm_graph *g;
    for (int k = 0; (g = test_graph(k, &name)) != NULL; k++, graphs++) {
        for (int pol = 0; pol < 3; pol++)
            for (int rl = 0; rl < 2; rl++, cases++) {
                gmd_load_options opt = { .policy = (gmd_policy)pol, .relabel = rl, .relabel_seed = 11 };
                gmd_graph *G = gmd_partition(g, &opt, &err);
                what_ = name;
                CHECK(G != NULL);
                if (!G)
                    continue;
                check_graph(g, G, strcmp(name, "long path") == 0);
                gmd_graph_free(G);
            }
        gmrt_graph_free(g);
    }
    char summary[160];
    snprintf(summary, sizeof summary, "%d ranks, %d graphs, %d policy/relabelling cases", size_, graphs, cases);
    return mpi_test_finish("test_min_label", summary);
}
