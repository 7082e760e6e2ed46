/* tests/mpi/test_sparse.c: libgmrt-dist's sparse syncs under mpirun -np P
 * (driver: tests/mpi/sparse.sh, P = 1..5), judged by the dense syncs
 * (themselves checked against MPI_Allreduce by test_partition).  For the
 * awkward graphs of graphs.h, every type (Int, Long, Float, Double, Bool,
 * Node) and every operator (SUM, MIN, MAX, AND, OR; the combinations with
 * no meaning must be refused), with no, some and all entries dirty:
 *   broadcast: owners first synced densely, then the dirty ones change;
 *     the sparse broadcast must leave every local value as a dense one does;
 *   reduce: dirty ghosts hold new values, clean ones op's identity (SUM) or
 *     the owner's value (MIN/MAX/AND/OR); the sparse reduce must give the
 *     owners what the dense one gives, bit for bit, and leave ghosts alone;
 * and the bytes sent are those of the smaller message per peer (pairs of
 * index and value, or the dense block), after one count per peer.
 * Usage: test_sparse DIR. Exit 0 when every rank passed. */
#include "gmd.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graphs.h"
#include "mpi_check.h"

static const gmrt_type types[] = { GMRT_T_INT32, GMRT_T_INT64, GMRT_T_FLOAT, GMRT_T_DOUBLE, GMRT_T_BOOL, GMRT_T_NODE };
static const char *type_names[] = { "Int", "Long", "Float", "Double", "Bool", "Node" };
static const gmd_op ops[] = { GMD_SUM, GMD_MIN, GMD_MAX, GMD_AND, GMD_OR };
static const char *op_names[] = { "SUM", "MIN", "MAX", "AND", "OR" };

/* Element i of a property of type t set from a small integer x. */
static void put(void *a, gmrt_type t, size_t i, int64_t x)
{
    switch (t) {
    case GMRT_T_INT32: ((int32_t *)a)[i] = (int32_t)x; break;
    case GMRT_T_NODE: ((gm_node_t *)a)[i] = (gm_node_t)(x < 0 ? -x : x); break;
    case GMRT_T_INT64: ((int64_t *)a)[i] = x * ((int64_t)1 << 34) + x; break;
    case GMRT_T_FLOAT: ((float *)a)[i] = (float)x * 0.375f; break;
    case GMRT_T_DOUBLE: ((double *)a)[i] = (double)x * 0.1; break;
    case GMRT_T_BOOL: ((bool *)a)[i] = (x & 1) != 0; break;
    case GMRT_T_EDGE: ((gm_edge_t *)a)[i] = (gm_edge_t)x; break;
    }
}

static bool meaningful(gmrt_type t, gmd_op op)
{
    if (t == GMRT_T_BOOL)
        return op != GMD_SUM;
    return op == GMD_SUM || op == GMD_MIN || op == GMD_MAX;
}

/* A deterministic per-(rank, local node, round) pseudo-random number. */
static uint64_t h3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xBF58476D1CE4E5B9ull ^ c;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 29);
}

/* Dirty flags: density 0 none, 1 about one in five, 2 all. */
static void make_dirty(const gmd_graph *G, uint8_t *dirty, int density, uint64_t salt)
{
    for (gm_node_t l = 0; l < gmd_num_local(G); l++)
        dirty[l] = density == 2 || (density == 1 && h3((uint64_t)rank_, (uint64_t)gmd_global_id(G, l), salt) % 5 == 0);
}

/* The bytes a sparse sync sends from this rank: 8 per peer sharing a
 * non-empty list, then per peer min(pairs, dense) as the runtime decides. */
static uint64_t expected_bytes(const gmd_graph *G, const uint8_t *dirty, size_t es, bool reduce)
{
    uint64_t b = 0;
    for (int p = 0; p < G->size; p++) {
        size_t n = reduce ? (size_t)(G->ghost_begin[p + 1] - G->ghost_begin[p]) : (size_t)G->send_count[p], k = 0;
        for (size_t i = 0; i < n; i++)
            k += dirty[reduce ? G->ghost_begin[p] + (gm_node_t)i : G->send_idx[p][i]] != 0;
        if (p == G->rank || n == 0)
            continue;
        b += 8;
        b += k * (4 + es) < n * es ? k * (4 + es) : n * es;
    }
    return b;
}

static void check_type(const gmd_graph *G, int ti, int density, uint64_t salt)
{
    gmrt_type t = types[ti];
    size_t es = gmrt_type_size(t);
    gm_node_t nl = gmd_num_local(G), no = G->num_owned;
    char *a = malloc((size_t)nl * es + 8), *b = malloc((size_t)nl * es + 8);
    uint8_t *dirty = malloc((size_t)nl + 1);
    make_dirty(G, dirty, density, salt);
    char buf[200];

    /* broadcast: the old values everywhere, then the dirty owners change */
    snprintf(buf, sizeof buf, "broadcast %s, density %d", type_names[ti], density);
    what_ = buf;
    for (gm_node_t l = 0; l < nl; l++)
        put(a, t, (size_t)l, l < no ? 3 * gmd_global_id(G, l) - 7 : -999);
    CHECK(gmd_sync_broadcast(G, a, t));
    for (gm_node_t l = 0; l < no; l++)
        if (dirty[l])
            put(a, t, (size_t)l, (int64_t)(h3(salt, (uint64_t)gmd_global_id(G, l), 1) % 1000) - 500);
    memcpy(b, a, (size_t)nl * es);
    gmd_reset_counters();
    CHECK(gmd_sync_broadcast_sparse(G, a, t, dirty));
    gmd_counters c = gmd_get_counters();
    CHECK(c.bytes_sent == expected_bytes(G, dirty, es, false));
    CHECK(gmd_sync_broadcast(G, b, t));
    CHECK(nl == 0 || !memcmp(a, b, (size_t)nl * es));

    /* reduce, each operator */
    for (int oi = 0; oi < 5; oi++) {
        gmd_op op = ops[oi];
        snprintf(buf, sizeof buf, "reduce %s %s, density %d", type_names[ti], op_names[oi], density);
        what_ = buf;
        if (!meaningful(t, op)) { /* refused on every rank, no message */
            CHECK(!gmd_sync_reduce_sparse(G, a, t, op, dirty));
            CHECK(!gmd_sync_reduce(G, a, t, op));
            continue;
        }
        for (gm_node_t l = 0; l < nl; l++) {
            int64_t gid = gmd_global_id(G, l);
            int64_t owner_value = 5 * gid - 11 + (gid % 3 == 0 ? 1 : 0);
            if (l < no || !dirty[l])
                put(a, t, (size_t)l, l >= no && op == GMD_SUM ? 0 : owner_value);
            else
                put(a, t, (size_t)l, (int64_t)(h3((uint64_t)rank_ + salt, (uint64_t)gid, 2) % 2001) - 1000);
        }
        memcpy(b, a, (size_t)nl * es);
        gmd_reset_counters();
        CHECK(gmd_sync_reduce_sparse(G, a, t, op, dirty));
        gmd_counters c2 = gmd_get_counters();
        CHECK(c2.bytes_sent == expected_bytes(G, dirty, es, true));
        CHECK(gmd_sync_reduce(G, b, t, op));
        CHECK(nl == 0 || !memcmp(a, b, (size_t)nl * es));
    }
    free(a), free(b), free(dirty);
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
        /* policy both everywhere; out and in (and a relabelling) on the hub
         * and the weighted random graph, where ghosts are many */
        for (int pol = 0; pol < 3; pol++)
            for (int rl = 0; rl < 2; rl++) {
                if ((pol != GMD_POLICY_BOTH || rl) && k != 3 && k != 9)
                    continue;
                gmd_load_options opt = { .policy = (gmd_policy)pol, .relabel = rl, .relabel_seed = 7 };
                gmd_graph *G = gmd_partition(g, &opt, &err);
                what_ = name;
                CHECK(G != NULL);
                if (!G)
                    continue;
                for (int ti = 0; ti < 6; ti++)
                    for (int density = 0; density < 3; density++, cases++)
                        check_type(G, ti, density, (uint64_t)(k * 100 + pol * 10 + rl));
                gmd_graph_free(G);
            }
        gmrt_graph_free(g);
    }
    char summary[160];
    snprintf(summary, sizeof summary, "%d ranks, %d graphs, %d type/density cases", size_, graphs, cases);
    return mpi_test_finish("test_sparse", summary);
}
