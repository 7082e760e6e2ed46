/* tests/mpi/graphs.h: the small awkward graphs the MPI tests share (the
 * same on every rank): empty, isolated nodes only, self-loops and duplicate
 * edges (weighted), a hub, a long path, two nodes, one node with a
 * self-loop, random multigraphs (one weighted) and sparse ids.  Header-only
 * (static functions) for the test programs of tests/mpi. */
#ifndef TESTS_MPI_GRAPHS_H
#define TESTS_MPI_GRAPHS_H

#include "gmrt_io.h"

#include <stdio.h>
#include <stdlib.h>


static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static gm_graph *from_pairs(gm_node_t n, size_t m, const gm_node_t *src, const gm_node_t *dst, const double *w)
{
    gmrt_error err;
    gm_graph *g = gmrt_graph_from_edges(n, m, src, dst, w, NULL, &err);
    if (!g) {
        fprintf(stderr, "cannot build a test graph: %s\n", err.message);
        exit(99);
    }
    return g;
}

/* Test graph number k (NULL past the last), named in *name. */
static gm_graph *test_graph(int k, const char **name)
{
    gm_node_t s[400] = { 0 }, d[400] = { 0 };
    double w[400] = { 0 };
    size_t m = 0;
    uint64_t seed = 1234 + (uint64_t)k;
    switch (k) {
    case 0: *name = "empty"; return from_pairs(0, 0, s, d, NULL);
    case 1: *name = "isolated nodes"; return from_pairs(3, 0, s, d, NULL);
    case 2: { /* self-loops and parallel edges, weighted */
        *name = "self-loops and duplicates";
        static const gm_node_t p[][2] = { { 0, 0 }, { 0, 0 }, { 1, 2 }, { 1, 2 }, { 1, 2 }, { 2, 1 }, { 3, 3 },
                                          { 4, 0 }, { 0, 4 }, { 4, 0 }, { 2, 2 } };
        for (size_t i = 0; i < sizeof p / sizeof p[0]; i++, m++) {
            s[m] = p[i][0];
            d[m] = p[i][1];
            w[m] = (double)(i % 3) + 0.5;
        }
        return from_pairs(6, m, s, d, w); /* node 5 is isolated */
    }
    case 3: /* a hub: 0 <-> everyone */
        *name = "hub";
        for (gm_node_t v = 1; v < 40; v++) {
            s[m] = 0, d[m++] = v;
            s[m] = v, d[m++] = 0;
        }
        s[m] = 0, d[m++] = 0;
        return from_pairs(40, m, s, d, NULL);
    case 4:
        *name = "long path";
        for (gm_node_t v = 0; v + 1 < 60; v++)
            s[m] = v, d[m++] = v + 1;
        return from_pairs(60, m, s, d, NULL);
    case 5:
        *name = "two nodes";
        s[0] = 1, d[0] = 0;
        return from_pairs(2, 1, s, d, NULL);
    case 6:
        *name = "one node with a self-loop";
        s[0] = 0, d[0] = 0;
        return from_pairs(1, 1, s, d, NULL);
    case 10: { /* sparse ids: a few nodes with edges among 3000 isolated ones */
        *name = "sparse ids";
        static const gm_node_t p[][2] = { { 0, 2999 }, { 2999, 0 }, { 1500, 1500 }, { 1500, 7 }, { 7, 2999 },
                                          { 2999, 2999 }, { 1234, 0 }, { 1234, 0 } };
        for (size_t i = 0; i < sizeof p / sizeof p[0]; i++, m++)
            s[m] = p[i][0], d[m] = p[i][1];
        return from_pairs(3000, m, s, d, NULL);
    }
    case 7: case 8: case 9: { /* random multigraphs, the last weighted, isolated nodes at the end */
        *name = k == 7 ? "random 1" : k == 8 ? "random 2" : "random weighted";
        gm_node_t n = 20 + 15 * (k - 7), used = n - 3;
        m = 60 + 70 * (size_t)(k - 7);
        for (size_t i = 0; i < m; i++) {
            s[i] = (gm_node_t)(lcg(&seed) % (uint64_t)used);
            d[i] = (gm_node_t)(lcg(&seed) % (uint64_t)used);
            w[i] = (double)(lcg(&seed) % 1000) / 8.0;
        }
        return from_pairs(n, m, s, d, k == 9 ? w : NULL);
    }
    }
    return NULL;
}

#endif
