/* test_components.c: gmrt_min_label_components and gmrt_component_roots
 * against a plain reference (repeated minimum-label rounds over both edge
 * directions, one thread), on awkward graphs, with and without reverse
 * edges (the Afforest skip and the plain walk), for 1 to 4 threads. */
#include "rt_test.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* The fixpoint of label propagation over both directions, by rounds. */
static void reference(const gm_graph *g, int64_t *lab)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (gm_node_t u = 0; u < g->num_nodes; u++)
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                gm_node_t v = g->node_idx[e];
                int64_t m = lab[u] < lab[v] ? lab[u] : lab[v];
                if (lab[u] != m || lab[v] != m) {
                    lab[u] = lab[v] = m;
                    changed = true;
                }
            }
    }
}

/* Both label widths, node ids and scrambled labels, against the reference. */
static void check_graph(gm_graph *g, bool with_reverse)
{
    if (with_reverse)
        CU_ASSERT_FATAL(gmrt_graph_make_reverse(g));
    const gm_node_t n = g->num_nodes;
    int64_t *want = malloc(((size_t)n + 1) * sizeof *want);
    int64_t *l64 = malloc(((size_t)n + 1) * sizeof *l64);
    int32_t *l32 = malloc(((size_t)n + 1) * sizeof *l32);
    gm_node_t *roots = malloc(((size_t)n + 1) * sizeof *roots);
    CU_ASSERT_FATAL(want && l64 && l32 && roots);
    for (int scramble = 0; scramble < 2; scramble++) {
        for (gm_node_t v = 0; v < n; v++) {
            /* node ids, or labels that do not follow them (negative and past 2^32 too) */
            want[v] = scramble ? (int64_t)((v * 7919 + 13) % 1000) - 500 : v;
            l32[v] = (int32_t)want[v];
            l64[v] = scramble ? want[v] * 10000000000LL : want[v];
        }
        CU_ASSERT(gmrt_min_label_components_i32(g, l32));
        CU_ASSERT(gmrt_min_label_components_i64(g, l64));
        reference(g, want);
        for (gm_node_t v = 0; v < n; v++) {
            CU_ASSERT_EQUAL(l32[v], (int32_t)want[v]);
            CU_ASSERT_EQUAL(l64[v], scramble ? want[v] * 10000000000LL : want[v]);
        }
    }
    /* roots: the smallest node id of each component */
    for (gm_node_t v = 0; v < n; v++)
        want[v] = v;
    reference(g, want);
    gmrt_component_roots(g, roots);
    for (gm_node_t v = 0; v < n; v++)
        CU_ASSERT_EQUAL(roots[v], (gm_node_t)want[v]);
    free(want);
    free(l64);
    free(l32);
    free(roots);
}

static void check_both(const gm_node_t *pairs, gm_node_t n, size_t m)
{
    for (int rev = 0; rev < 2; rev++) {
        gm_graph *g = rt_graph(n, m, pairs, NULL);
        CU_ASSERT_FATAL(g != NULL);
        check_graph(g, rev);
        gmrt_graph_free(g);
    }
}

static void test_empty_and_isolated(void)
{
    check_both(NULL, 0, 0);
    check_both(NULL, 5, 0);
}

static void test_self_loops_and_duplicates(void)
{
    /* 0 = 1 twice, 2 -> 2, 3 -> 1 only an in-edge of 1, 4 alone */
    const gm_node_t pairs[] = {0, 1, 0, 1, 2, 2, 3, 1, 1, 0};
    check_both(pairs, 5, 5);
}

static void test_long_path_backwards(void)
{
    /* i+1 -> i: every node's only out-edge points down, the sampled edges
     * chain the whole path; plus a second path of in-edges only */
    enum { N = 3000 };
    gm_node_t *pairs = malloc(2 * N * sizeof *pairs);
    CU_ASSERT_FATAL(pairs != NULL);
    size_t m = 0;
    for (gm_node_t i = 0; i + 1 < N / 2; i++) {
        pairs[2 * m] = i + 1;
        pairs[2 * m + 1] = i;
        m++;
    }
    for (gm_node_t i = N / 2; i + 1 < N; i++) {
        pairs[2 * m] = i;
        pairs[2 * m + 1] = i + 1;
        m++;
    }
    check_both(pairs, N, m);
    free(pairs);
}

static void test_hub_and_small_components(void)
{
    /* a hub (node 7) with 500 in- and out-edges, and pairs beside it */
    enum { N = 1200 };
    gm_node_t *pairs = malloc(4 * N * sizeof *pairs);
    CU_ASSERT_FATAL(pairs != NULL);
    size_t m = 0;
    for (gm_node_t i = 0; i < 500; i++) {
        pairs[2 * m] = 7;
        pairs[2 * m + 1] = 100 + i;
        m++;
        pairs[2 * m] = 600 + i;
        pairs[2 * m + 1] = 7;
        m++;
    }
    for (gm_node_t i = 1100; i + 1 < N; i += 2) {
        pairs[2 * m] = i + 1;
        pairs[2 * m + 1] = i;
        m++;
    }
    check_both(pairs, N, m);
    free(pairs);
}

static void test_random_any_threads(void)
{
    /* sparse random multigraphs: many components of all sizes */
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int t = 1; t <= 4; t++) {
            omp_set_num_threads(t);
            for (int rev = 0; rev < 2; rev++) {
                gm_graph *g = rt_random_graph(4000, 2600 + 700 * seed, seed, false, false);
                CU_ASSERT_FATAL(g != NULL);
                check_graph(g, rev);
                gmrt_graph_free(g);
            }
        }
}

/* Graphs of mean degree above GMRT_FEW_ROUNDS_DEGREE take the other
 * sampling (both edges of a node in one pass through unite; the sparse ones
 * above link one edge a round and flatten): dense blocks of random edges,
 * each its own component, plus isolated nodes, for 1 to 4 threads. */
static void test_dense_blocks(void)
{
    enum { BLOCKS = 3, SIZE = 150, PER = 2000, N = BLOCKS * SIZE + 10 };
    gm_node_t *pairs = malloc(2 * (size_t)BLOCKS * PER * sizeof *pairs);
    CU_ASSERT_FATAL(pairs != NULL);
    for (int t = 1; t <= 4; t++) {
        omp_set_num_threads(t);
        uint64_t x = 99 + (uint64_t)t;
        size_t m = 0;
        for (int b = 0; b < BLOCKS; b++)
            for (int i = 0; i < PER; i++) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                /* block b holds nodes b, b + BLOCKS, b + 2 BLOCKS, ...: interleaved ids */
                pairs[2 * m] = (gm_node_t)(b + BLOCKS * (gm_node_t)((x >> 33) % SIZE));
                pairs[2 * m + 1] = (gm_node_t)(b + BLOCKS * (gm_node_t)((x >> 13) % SIZE));
                m++;
            }
        CU_ASSERT((double)m / N > GMRT_FEW_ROUNDS_DEGREE);
        check_both(pairs, N, m);
    }
    free(pairs);
}

/* Flattening a long chain (parent[v] = v - 1) with more threads than
 * cores: a thread climbing from its block's first node passes through the
 * blocks below while their threads write the root there; no entry may end
 * pointing anywhere but at node 0 (a halving store racing the owner's root
 * left a stale parent, one wrong label of a union-find under load). */
static void test_flatten_chain(void)
{
    enum { N = 1 << 20 };
    gm_node_t *parent = malloc(N * sizeof *parent);
    CU_ASSERT_FATAL(parent != NULL);
    for (int t = 2; t <= 8; t *= 2) {
        omp_set_num_threads(t);
        for (int round = 0; round < 8; round++) {
            for (gm_node_t v = 0; v < N; v++)
                parent[v] = v > 0 ? v - 1 : 0;
            gmrt_flatten_roots(parent, N);
            gm_node_t wrong = 0;
            for (gm_node_t v = 0; v < N; v++)
                wrong += parent[v] != 0;
            CU_ASSERT_EQUAL(wrong, 0);
        }
    }
    omp_set_num_threads(1);
    free(parent);
}

static void test_most_frequent(void)
{
    gm_node_t ids[] = {9, 4, 7, 4, 9, 4, 1};
    CU_ASSERT_EQUAL(gmrt_most_frequent_node(ids, 7), 4);
    gm_node_t tie[] = {8, 3, 8, 3, 5};
    CU_ASSERT_EQUAL(gmrt_most_frequent_node(tie, 5), 3); /* the smallest of the most frequent */
    gm_node_t one[] = {6};
    CU_ASSERT_EQUAL(gmrt_most_frequent_node(one, 1), 6);
    CU_ASSERT_EQUAL(gmrt_most_frequent_node(NULL, 0), -1);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"empty graph, isolated nodes", test_empty_and_isolated},
        {"self-loops, duplicates, in-edges only", test_self_loops_and_duplicates},
        {"long paths both ways", test_long_path_backwards},
        {"a hub and small components", test_hub_and_small_components},
        {"random graphs, 1..4 threads", test_random_any_threads},
        {"dense blocks (one-pass sampling), 1..4 threads", test_dense_blocks},
        {"flattening a long chain, 2..8 threads", test_flatten_chain},
        {"most frequent sampled root", test_most_frequent},
        CU_TEST_INFO_NULL,
    };
    return rt_run("components", tests);
}
