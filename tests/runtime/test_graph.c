/* test_graph.c: the CSR graph: building from edges (sorting, options,
 * determinism), validation, reverse edges, edge sources, edge lookup and
 * common neighbours, each checked against a brute-force computation. */
#include "rt_test.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

static void test_rows_sorted_and_offsets(void)
{
    /* edges given out of order; node 4 isolated at the end */
    const gm_node_t pairs[] = {2, 0, 0, 3, 0, 1, 2, 1, 0, 2, 3, 3, 1, 0};
    gm_graph *g = rt_graph(5, 7, pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    const gm_edge_t begin[] = {0, 3, 4, 6, 7, 7};
    const gm_node_t idx[] = {1, 2, 3, 0, 0, 1, 3};
    CU_ASSERT_EQUAL(g->num_nodes, 5);
    CU_ASSERT_EQUAL(g->num_edges, 7);
    CU_ASSERT(memcmp(g->begin, begin, sizeof begin) == 0);
    CU_ASSERT(memcmp(g->node_idx, idx, sizeof idx) == 0);
    CU_ASSERT(g->weights == NULL);
    CU_ASSERT(g->r_begin == NULL && g->edge_src == NULL);
    gmrt_error err = {0};
    CU_ASSERT(gmrt_graph_check(g, &err));
    CU_ASSERT_EQUAL(gmrt_out_degree(g, 0), 3);
    CU_ASSERT_EQUAL(gmrt_out_degree(g, 4), 0);
    gmrt_graph_free(g);
}

static void test_weights_follow_edges(void)
{
    /* parallel edges 0->1 get ordered by weight; weights move with edges */
    const gm_node_t pairs[] = {0, 2, 0, 1, 1, 0, 0, 1};
    const double w[] = {7.5, 3, 4, 1};
    gm_graph *g = rt_graph(3, 4, pairs, w);
    CU_ASSERT_FATAL(g != NULL && g->weights != NULL);
    const gm_node_t idx[] = {1, 1, 2, 0};
    const double ws[] = {1, 3, 7.5, 4};
    CU_ASSERT(memcmp(g->node_idx, idx, sizeof idx) == 0);
    CU_ASSERT(memcmp(g->weights, ws, sizeof ws) == 0);
    CU_ASSERT(!g->weights_integral);
    gmrt_graph_free(g);
}

static void test_build_options(void)
{
    const gm_node_t pairs[] = {0, 1, 0, 1, 1, 1, 2, 0, 1, 0};
    const double w[] = {5, 2, 9, 4, 6};
    gm_node_t src[5], dst[5];
    for (int i = 0; i < 5; i++) {
        src[i] = pairs[2 * i];
        dst[i] = pairs[2 * i + 1];
    }
    gmrt_error err = {0};
    gmrt_build_options dedup = {.dedup = true};
    gm_graph *g = gmrt_graph_from_edges(3, 5, src, dst, w, &dedup, &err);
    CU_ASSERT_FATAL(g != NULL);
    /* 0->1 twice: the smaller weight (2) survives */
    const gm_edge_t b1[] = {0, 1, 3, 4};
    const gm_node_t i1[] = {1, 0, 1, 0};
    const double w1[] = {2, 6, 9, 4};
    CU_ASSERT_EQUAL(g->num_edges, 4);
    CU_ASSERT(memcmp(g->begin, b1, sizeof b1) == 0);
    CU_ASSERT(memcmp(g->node_idx, i1, sizeof i1) == 0);
    CU_ASSERT(memcmp(g->weights, w1, sizeof w1) == 0);
    gmrt_graph_free(g);

    gmrt_build_options noloops = {.drop_self_loops = true};
    g = gmrt_graph_from_edges(3, 5, src, dst, NULL, &noloops, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_edges, 4);
    CU_ASSERT(!gmrt_has_edge(g, 1, 1));
    gmrt_graph_free(g);

    /* symmetrize adds v->u for u != v (not a second self-loop); with dedup
     * and without self-loops it gives the simple undirected graph */
    gmrt_build_options sym = {.symmetrize = true};
    g = gmrt_graph_from_edges(3, 5, src, dst, NULL, &sym, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_edges, 9);
    gmrt_graph_free(g);
    gmrt_build_options all = {.symmetrize = true, .dedup = true, .drop_self_loops = true};
    g = gmrt_graph_from_edges(3, 5, src, dst, NULL, &all, &err);
    CU_ASSERT_FATAL(g != NULL);
    const gm_edge_t b2[] = {0, 2, 3, 4};
    const gm_node_t i2[] = {1, 2, 0, 0};
    CU_ASSERT_EQUAL(g->num_edges, 4);
    CU_ASSERT(memcmp(g->begin, b2, sizeof b2) == 0);
    CU_ASSERT(memcmp(g->node_idx, i2, sizeof i2) == 0);
    gmrt_graph_free(g);
}

static void test_bad_endpoints(void)
{
    gm_node_t src[] = {0, 3}, dst[] = {1, 0};
    gmrt_error err = {0};
    CU_ASSERT(gmrt_graph_from_edges(3, 2, src, dst, NULL, NULL, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_RANGE);
    RT_ASSERT_MSG(err, "edge 1 (3 -> 0) has an endpoint outside [0, 3)");
    gmrt_error_clear(&err);
    src[1] = -1;
    CU_ASSERT(gmrt_graph_from_edges(3, 2, src, dst, NULL, NULL, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_RANGE);
}

static void test_check_finds_violations(void)
{
    gmrt_error err = {0};
    gm_graph *g = gmrt_graph_alloc(3, 3, false, &err);
    CU_ASSERT_FATAL(g != NULL);
    const gm_edge_t begin[] = {0, 2, 2, 3};
    memcpy(g->begin, begin, sizeof begin);
    g->node_idx[0] = 2;
    g->node_idx[1] = 1; /* row 0 out of order */
    g->node_idx[2] = 0;
    CU_ASSERT(!gmrt_graph_check(g, &err));
    RT_ASSERT_MSG(err, "row of node 0 not sorted");
    g->node_idx[0] = 1;
    g->node_idx[1] = 5; /* out of range */
    gmrt_error_clear(&err);
    CU_ASSERT(!gmrt_graph_check(g, &err));
    RT_ASSERT_MSG(err, "leads to node 5");
    g->node_idx[1] = 2;
    g->begin[2] = 1; /* not monotone */
    gmrt_error_clear(&err);
    CU_ASSERT(!gmrt_graph_check(g, &err));
    RT_ASSERT_MSG(err, "not monotone");
    g->begin[2] = 2;
    gmrt_error_clear(&err);
    CU_ASSERT(gmrt_graph_check(g, &err));
    gmrt_graph_free(g);
}

static void test_reverse_against_brute_force(void)
{
    gm_graph *g = rt_random_graph(200, 3000, 11, true, true);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(gmrt_graph_make_reverse(g));
    CU_ASSERT(gmrt_graph_make_reverse(g)); /* idempotent */
    gm_node_t n = g->num_nodes;
    int ok_rows = 0;
    for (gm_node_t v = 0; v < n; v++) {
        /* brute force: every forward edge into v, in forward order */
        gm_edge_t expect = 0;
        bool same = true;
        gm_edge_t k = g->r_begin[v];
        for (gm_node_t u = 0; u < n; u++)
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
                if (g->node_idx[e] == v) {
                    expect++;
                    same = same && k < g->r_begin[v + 1] && g->r_edge_idx[k] == e && g->r_node_idx[k] == u;
                    k++;
                }
        same = same && g->r_begin[v + 1] - g->r_begin[v] == expect;
        ok_rows += same;
        if (expect)
            CU_ASSERT_EQUAL(gmrt_in_degree(g, v), expect);
    }
    CU_ASSERT_EQUAL(ok_rows, n);
    CU_ASSERT_EQUAL(g->r_begin[n], g->num_edges);
    gmrt_graph_free(g);
}

/* The blocked transpose over many blocks (blocks of 1024 nodes or more):
 * 5000 nodes with a hub whose ~2000 in-edges (parallel ones among them)
 * fill its block, self-loops, and a node range past the last full block;
 * both builds at 1, 2, 3 and 5 threads equal a serial counting sort of the
 * edges by target, each row in forward order. */
static void test_reverse_blocks(void)
{
    const gm_node_t n = 5000;
    enum { M = 30000 };
    static gm_node_t pairs[2 * M];
    uint64_t x = 77;
    for (int i = 0; i < M; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        gm_node_t u = (gm_node_t)((x >> 33) % (uint64_t)n), v = (gm_node_t)((x >> 13) % (uint64_t)n);
        if (i % 15 == 0)
            v = 4321; /* the hub */
        if (i % 97 == 0)
            v = u; /* a self-loop */
        pairs[2 * i] = u, pairs[2 * i + 1] = v;
    }
    gm_graph *ref = rt_graph(n, M, pairs, NULL);
    CU_ASSERT_FATAL(ref != NULL);
    gm_edge_t *rb = calloc((size_t)n + 1, sizeof *rb), *cur = malloc(((size_t)n + 1) * sizeof *cur);
    gm_node_t *rn = malloc(M * sizeof *rn);
    gm_edge_t *re = malloc(M * sizeof *re);
    CU_ASSERT_FATAL(rb && cur && rn && re);
    for (gm_edge_t e = 0; e < M; e++)
        rb[ref->node_idx[e] + 1]++;
    for (gm_node_t v = 0; v < n; v++)
        rb[v + 1] += rb[v];
    memcpy(cur, rb, ((size_t)n + 1) * sizeof *cur);
    for (gm_node_t u = 0; u < n; u++)
        for (gm_edge_t e = ref->begin[u]; e < ref->begin[u + 1]; e++) {
            gm_edge_t p = cur[ref->node_idx[e]]++;
            rn[p] = u, re[p] = e;
        }
    CU_ASSERT(rb[4322] - rb[4321] >= 1900);
    const int threads[] = {1, 2, 3, 5};
    for (int k = 0; k < 4; k++) {
        omp_set_num_threads(threads[k]);
        for (int map = 0; map < 2; map++) {
            gm_graph *g = rt_graph(n, M, pairs, NULL);
            CU_ASSERT_FATAL(g != NULL);
            CU_ASSERT_FATAL(map ? gmrt_graph_make_reverse(g) : gmrt_graph_make_reverse_nodes(g));
            CU_ASSERT(memcmp(g->r_begin, rb, ((size_t)n + 1) * sizeof *rb) == 0);
            CU_ASSERT(memcmp(g->r_node_idx, rn, M * sizeof *rn) == 0);
            if (map)
                CU_ASSERT(memcmp(g->r_edge_idx, re, M * sizeof *re) == 0);
            gmrt_graph_free(g);
        }
    }
    omp_set_num_threads(omp_get_num_procs());
    free(rb);
    free(cur);
    free(rn);
    free(re);
    gmrt_graph_free(ref);
}

/* gmrt_graph_make_reverse_nodes: the rows gmrt_graph_make_reverse builds,
 * without the map (what a GPU upload keeps on the host), at any thread
 * count; gmrt_graph_make_reverse afterwards completes the same map. Rows of
 * ~15 and ~400 in-edges, parallel edges. */
static void test_reverse_rows_only(void)
{
    const gm_node_t ns[2] = {200, 50};
    for (int k = 0; k < 2; k++)
        for (int threads = 1; threads <= 3; threads += 2) {
            omp_set_num_threads(threads);
            gm_graph *ref = rt_random_graph(ns[k], 20000 / (k ? 1 : 7), 23 + k, false, false);
            gm_graph *g = rt_random_graph(ns[k], 20000 / (k ? 1 : 7), 23 + k, false, false);
            CU_ASSERT_FATAL(ref && g);
            CU_ASSERT_FATAL(gmrt_graph_make_reverse(ref));
            CU_ASSERT_FATAL(gmrt_graph_make_reverse_nodes(g));
            CU_ASSERT(gmrt_graph_make_reverse_nodes(g)); /* idempotent */
            CU_ASSERT(g->r_edge_idx == NULL);
            size_t nb = ((size_t)g->num_nodes + 1) * sizeof(gm_edge_t);
            CU_ASSERT(memcmp(ref->r_begin, g->r_begin, nb) == 0);
            CU_ASSERT(memcmp(ref->r_node_idx, g->r_node_idx, (size_t)g->num_edges * sizeof(gm_node_t)) == 0);
            CU_ASSERT_FATAL(gmrt_graph_make_reverse(g)); /* completes the map */
            CU_ASSERT_FATAL(g->r_edge_idx != NULL);
            CU_ASSERT(memcmp(ref->r_begin, g->r_begin, nb) == 0);
            CU_ASSERT(memcmp(ref->r_node_idx, g->r_node_idx, (size_t)g->num_edges * sizeof(gm_node_t)) == 0);
            CU_ASSERT(memcmp(ref->r_edge_idx, g->r_edge_idx, (size_t)g->num_edges * sizeof(gm_edge_t)) == 0);
            gm_edge_t longest = 0;
            for (gm_node_t v = 0; v < g->num_nodes; v++)
                longest = gmrt_in_degree(g, v) > longest ? gmrt_in_degree(g, v) : longest;
            CU_ASSERT(k == 0 ? longest < 192 : longest >= 192); /* short and long rows */
            gmrt_graph_free(ref);
            gmrt_graph_free(g);
        }
    omp_set_num_threads(omp_get_num_procs());
}

static void test_edge_sources(void)
{
    gm_graph *g = rt_random_graph(100, 800, 5, false, false);
    CU_ASSERT_FATAL(g != NULL);
    int bad = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            bad += gmrt_edge_source(g, e) != u; /* binary search */
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_FATAL(gmrt_graph_make_edge_src(g));
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            bad += g->edge_src[e] != u || gmrt_edge_source(g, e) != u;
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(gmrt_edge_source(g, -1), GMRT_NIL_NODE);
    CU_ASSERT_EQUAL(gmrt_edge_source(g, g->num_edges), GMRT_NIL_NODE);
    gmrt_graph_free(g);
}

static void test_has_edge_and_common_nbrs(void)
{
    gm_graph *g = rt_random_graph(60, 700, 3, false, false);
    CU_ASSERT_FATAL(g != NULL);
    gm_node_t n = g->num_nodes;
    bool *adj = calloc((size_t)n * n, 1);
    for (gm_node_t u = 0; u < n; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            adj[(size_t)u * n + g->node_idx[e]] = true;
    int wrong_has = 0, wrong_find = 0, wrong_common = 0;
    for (gm_node_t u = 0; u < n; u++)
        for (gm_node_t v = 0; v < n; v++) {
            wrong_has += gmrt_has_edge(g, u, v) != adj[(size_t)u * n + v];
            gm_edge_t e = gmrt_find_edge(g, u, v);
            if (adj[(size_t)u * n + v])
                wrong_find += e < g->begin[u] || e >= g->begin[u + 1] || g->node_idx[e] != v ||
                              (e > g->begin[u] && g->node_idx[e - 1] == v); /* the first copy */
            else
                wrong_find += e != GMRT_NIL_EDGE;
            /* common neighbours ascending, each once */
            gmrt_common_iter it;
            gmrt_common_nbrs_init(&it, g, u, v);
            gm_edge_t count = 0;
            for (gm_node_t w = 0; w < n; w++) {
                if (!(adj[(size_t)u * n + w] && adj[(size_t)v * n + w]))
                    continue;
                count++;
                wrong_common += gmrt_common_nbrs_next(&it) != w;
            }
            wrong_common += gmrt_common_nbrs_next(&it) != GMRT_NIL_NODE;
            wrong_common += gmrt_count_common_nbrs(g, u, v) != count;
        }
    CU_ASSERT_EQUAL(wrong_has, 0);
    CU_ASSERT_EQUAL(wrong_find, 0);
    CU_ASSERT_EQUAL(wrong_common, 0);
    CU_ASSERT(!gmrt_has_edge(g, -1, 0));
    CU_ASSERT(!gmrt_has_edge(g, n, 0));
    free(adj);
    gmrt_graph_free(g);
}

static void test_same_result_for_any_thread_count(void)
{
    gm_graph *ref = NULL;
    for (int threads = 1; threads <= 4; threads++) {
        omp_set_num_threads(threads);
        gm_graph *g = rt_random_graph(5000, 60000, 99, true, false);
        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(gmrt_graph_make_reverse(g));
        if (!ref) {
            ref = g;
            continue;
        }
        CU_ASSERT(gmrt_graph_equal(ref, g, true));
        CU_ASSERT(memcmp(ref->r_begin, g->r_begin, (size_t)(g->num_nodes + 1) * sizeof(gm_edge_t)) == 0);
        CU_ASSERT(memcmp(ref->r_edge_idx, g->r_edge_idx, (size_t)g->num_edges * sizeof(gm_edge_t)) == 0);
        gmrt_graph_free(g);
    }
    gmrt_graph_free(ref);
    omp_set_num_threads(omp_get_num_procs());
}

static void test_transform_and_equal(void)
{
    gm_graph *g = rt_random_graph(300, 4000, 8, true, true);
    CU_ASSERT_FATAL(g != NULL);
    gmrt_error err = {0};
    gm_graph *same = gmrt_graph_transform(g, NULL, &err);
    CU_ASSERT_FATAL(same != NULL);
    CU_ASSERT(gmrt_graph_equal(g, same, true));
    CU_ASSERT(same->weights_integral);
    same->weights[0] += 1;
    CU_ASSERT(!gmrt_graph_equal(g, same, true));
    CU_ASSERT(gmrt_graph_equal(g, same, false));
    gmrt_build_options sym = {.symmetrize = true, .dedup = true};
    gm_graph *s = gmrt_graph_transform(g, &sym, &err);
    CU_ASSERT_FATAL(s != NULL);
    int asym = 0, missing = 0;
    for (gm_node_t u = 0; u < s->num_nodes; u++)
        for (gm_edge_t e = s->begin[u]; e < s->begin[u + 1]; e++) {
            asym += !gmrt_has_edge(s, s->node_idx[e], u);
            missing += e > s->begin[u] && s->node_idx[e] == s->node_idx[e - 1]; /* no duplicates */
        }
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            missing += !gmrt_has_edge(s, u, g->node_idx[e]);
    CU_ASSERT_EQUAL(asym, 0);
    CU_ASSERT_EQUAL(missing, 0);
    gmrt_graph_free(s);
    gmrt_graph_free(same);
    gmrt_graph_free(g);
}

/* The UGraph contract: both directions with equal multiplicity, self-loops
 * once; a mismatch in multiplicity alone is not symmetric. */
static void test_symmetric(void)
{
    /* 0-1 twice, 1-2, a self-loop at 2, node 3 isolated */
    const gm_node_t sym_pairs[] = {0, 1, 1, 0, 0, 1, 1, 0, 1, 2, 2, 1, 2, 2};
    gm_graph *g = rt_graph(4, 7, sym_pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->symmetric, 0);
    CU_ASSERT(gmrt_graph_is_symmetric(g));
    CU_ASSERT_EQUAL(g->num_undirected_edges, 4);
    gmrt_graph_free(g);

    const gm_node_t twice_once[] = {0, 1, 0, 1, 1, 0};
    g = rt_graph(2, 3, twice_once, NULL);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(!gmrt_graph_is_symmetric(g));
    CU_ASSERT(!gmrt_graph_is_symmetric(g)); /* cached */
    CU_ASSERT_EQUAL(g->symmetric, -1);
    gmrt_graph_free(g);

    gmrt_build_options symmetrize = {.symmetrize = true};
    gmrt_error err = {0};
    const gm_node_t src[] = {0, 1, 2}, dst[] = {1, 2, 2};
    g = gmrt_graph_from_edges(3, 3, src, dst, NULL, &symmetrize, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->symmetric, 1); /* marked by the builder */
    CU_ASSERT_EQUAL(g->num_edges, 5);
    CU_ASSERT_EQUAL(g->num_undirected_edges, 3);
    gmrt_graph_free(g);

    g = rt_graph(0, 0, NULL, NULL);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(gmrt_graph_is_symmetric(g));
    CU_ASSERT_EQUAL(g->num_undirected_edges, 0);
    gmrt_graph_free(g);
}

/* The answer and the undirected edge count of g, checked by the searches
 * and, on a second copy with its reverse CSR, by comparing rows: both must
 * say want (and, when symmetric, undirected). */
static void check_symmetric_both_ways(gm_node_t n, size_t m, const gm_node_t *pairs, bool want,
                                      gm_edge_t undirected)
{
    for (int rev = 0; rev < 2; rev++) {
        gm_graph *g = rt_graph(n, m, pairs, NULL);
        CU_ASSERT_FATAL(g != NULL);
        if (rev)
            CU_ASSERT_FATAL(gmrt_graph_make_reverse(g));
        CU_ASSERT_EQUAL(gmrt_graph_is_symmetric(g), want);
        CU_ASSERT_EQUAL(g->symmetric, want ? 1 : -1);
        if (want)
            CU_ASSERT_EQUAL(g->num_undirected_edges, undirected);
        gmrt_graph_free(g);
    }
}

/* The same answers with and without the reverse CSR: graphs whose degrees
 * all match yet are not symmetric, multiplicities that differ, self-loops,
 * and random graphs before and after symmetrizing. */
static void test_symmetric_by_rows(void)
{
    const gm_node_t cycle[] = {0, 1, 1, 2, 2, 0}; /* in- and out-degree 1 everywhere */
    check_symmetric_both_ways(3, 3, cycle, false, 0);
    const gm_node_t twice_once[] = {0, 1, 0, 1, 1, 0};
    check_symmetric_both_ways(2, 3, twice_once, false, 0);
    const gm_node_t twice_twice[] = {0, 1, 0, 1, 1, 0, 1, 0, 2, 2, 2, 2, 1, 2, 2, 1};
    check_symmetric_both_ways(4, 8, twice_twice, true, 5); /* 2 + 1 + 2 self-loops */
    const gm_node_t swapped[] = {0, 1, 1, 0, 0, 2, 2, 3, 3, 2, 3, 0}; /* 0-2 and 3-0 each one way */
    check_symmetric_both_ways(4, 6, swapped, false, 0);
    check_symmetric_both_ways(5, 0, NULL, true, 0);
    const gm_node_t down_only[] = {1, 0};
    check_symmetric_both_ways(2, 1, down_only, false, 0);
    const gm_node_t once_twice[] = {0, 1, 1, 0, 1, 0}; /* the up edge once, its reverse twice */
    check_symmetric_both_ways(2, 3, once_twice, false, 0);
    const gm_node_t extra_down[] = {0, 1, 1, 0, 2, 0}; /* every up edge mirrored, one more down */
    check_symmetric_both_ways(3, 3, extra_down, false, 0);
    /* small multigraphs, mirrored then perhaps one more edge, against a
     * count matrix: symmetric exactly when every c(u, v) == c(v, u) */
    for (unsigned seed = 1; seed <= 40; seed++) {
        enum { N = 6, PAIRS = 12 };
        gm_node_t pairs[2 * (2 * PAIRS + 1)];
        int count[N][N] = {{0}};
        size_t m = 0;
        unsigned x = seed * 2654435761u;
        for (int k = 0; k < PAIRS; k++) {
            x = x * 1103515245u + 12345u;
            gm_node_t u = (gm_node_t)((x >> 8) % N), v = (gm_node_t)((x >> 16) % N);
            pairs[2 * m] = u, pairs[2 * m + 1] = v, m++, count[u][v]++;
            if (u != v)
                pairs[2 * m] = v, pairs[2 * m + 1] = u, m++, count[v][u]++;
        }
        if (seed % 2) {
            x = x * 1103515245u + 12345u;
            gm_node_t u = (gm_node_t)((x >> 8) % N), v = (gm_node_t)((x >> 20) % N);
            pairs[2 * m] = u, pairs[2 * m + 1] = v, m++, count[u][v]++;
        }
        bool want = true;
        gm_edge_t loops = 0;
        for (int u = 0; u < N; u++) {
            loops += count[u][u];
            for (int v = 0; v < N; v++)
                want = want && count[u][v] == count[v][u];
        }
        check_symmetric_both_ways(N, m, pairs, want, ((gm_edge_t)m - loops) / 2 + loops);
    }
    gmrt_build_options sym = {.symmetrize = true};
    for (uint64_t seed = 1; seed <= 3; seed++) {
        gm_graph *r = rt_random_graph(200, 900, seed, false, false);
        CU_ASSERT_FATAL(r != NULL);
        gm_graph *s = gmrt_graph_transform(r, &sym, NULL);
        CU_ASSERT_FATAL(s != NULL);
        for (int k = 0; k < 2; k++) {
            gm_graph *g = k ? s : r;
            size_t m = (size_t)g->num_edges;
            gm_node_t *pairs = malloc((2 * m + 1) * sizeof *pairs);
            CU_ASSERT_FATAL(pairs != NULL);
            for (gm_node_t u = 0; u < g->num_nodes; u++)
                for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
                    pairs[2 * e] = u, pairs[2 * e + 1] = g->node_idx[e];
            gm_edge_t loops = 0;
            for (size_t e = 0; e < m; e++)
                loops += pairs[2 * e] == pairs[2 * e + 1];
            check_symmetric_both_ways(g->num_nodes, m, pairs, k == 1, ((gm_edge_t)m - loops) / 2 + loops);
            free(pairs);
        }
        gmrt_graph_free(s);
        gmrt_graph_free(r);
    }
}

static void test_empty_graph(void)
{
    gm_graph *g = rt_graph(0, 0, NULL, NULL);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 0);
    CU_ASSERT_EQUAL(g->begin[0], 0);
    CU_ASSERT(gmrt_graph_make_reverse(g));
    CU_ASSERT(gmrt_graph_make_edge_src(g));
    gmrt_error err = {0};
    CU_ASSERT(gmrt_graph_check(g, &err));
    gmrt_graph_free(g);
}

/* A graph of n nodes where node 0 has `hub` out-edges (to 1, 2, ...) and
 * every node v has `each` more (to v+1, v+2, ... mod n). */
static gm_graph *hub_graph(gm_node_t n, int hub, int each)
{
    size_t m = (size_t)hub + (size_t)n * (size_t)each, at = 0;
    gm_node_t *pairs = malloc(2 * (m ? m : 1) * sizeof *pairs);
    for (int k = 0; k < hub; k++, at++) {
        pairs[2 * at] = 0;
        pairs[2 * at + 1] = (gm_node_t)(1 + k % (n - 1));
    }
    for (gm_node_t v = 0; v < n; v++)
        for (int k = 1; k <= each; k++, at++) {
            pairs[2 * at] = v;
            pairs[2 * at + 1] = (gm_node_t)((v + k) % n);
        }
    gm_graph *g = rt_graph(n, m, pairs, NULL);
    free(pairs);
    return g;
}

static void test_skew_and_few_rounds(void)
{
    /* 100 nodes, a hub of k edges: skewed when k > 32 k / 100 + 64, k >= 95 */
    gm_graph *g = hub_graph(100, 94, 0);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(!gmrt_rows_skewed(g->begin, g->num_nodes, g->num_edges));
    CU_ASSERT(!gmrt_few_rounds(g));
    gmrt_graph_free(g);
    g = hub_graph(100, 95, 0);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(gmrt_rows_skewed(g->begin, g->num_nodes, g->num_edges));
    CU_ASSERT(gmrt_few_rounds(g));
    CU_ASSERT(gmrt_graph_make_reverse(g)); /* in-rows: at most 2 each */
    CU_ASSERT(!gmrt_rows_skewed(g->r_begin, g->num_nodes, g->num_edges));
    gmrt_graph_free(g);
    /* no hub: a mean degree of 8 sweeps no rounds away, 9 does */
    g = hub_graph(20, 0, 8);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(!gmrt_few_rounds(g));
    gmrt_graph_free(g);
    g = hub_graph(20, 0, 9);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(!gmrt_rows_skewed(g->begin, g->num_nodes, g->num_edges));
    CU_ASSERT(gmrt_few_rounds(g));
    gmrt_graph_free(g);
    g = rt_graph(0, 0, NULL, NULL);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(!gmrt_rows_skewed(g->begin, 0, 0));
    CU_ASSERT(gmrt_few_rounds(g)); /* nothing to list */
    gmrt_graph_free(g);
}

static int cmp_node(const void *a, const void *b)
{
    gm_node_t x = *(const gm_node_t *)a, y = *(const gm_node_t *)b;
    return (x > y) - (x < y);
}

static void test_long_rows(void)
{
    /* rows of 100, 1000 and 50000 edges (the long ones take the radix path),
     * with duplicates; the result must be the sorted multiset */
    const size_t lens[] = {100, 1000, 50000};
    size_t m = 0;
    for (int i = 0; i < 3; i++)
        m += lens[i];
    gm_node_t *src = malloc(m * sizeof *src), *dst = malloc(m * sizeof *dst), *expect = malloc(m * sizeof *expect);
    gmrt_rng r = gmrt_rng_make(6, 6);
    const gm_node_t n = 3000000; /* ids need 22 bits: several radix digits */
    size_t at = 0;
    for (int row = 0; row < 3; row++)
        for (size_t k = 0; k < lens[row]; k++, at++) {
            src[at] = row;
            dst[at] = k % 10 == 0 ? 7 : (gm_node_t)gmrt_rand(&r, n);
            expect[at] = dst[at];
        }
    gmrt_error err;
    gm_graph *g = gmrt_graph_from_edges(n, m, src, dst, NULL, NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    at = 0;
    for (int row = 0; row < 3; row++) {
        qsort(expect + at, lens[row], sizeof *expect, cmp_node);
        CU_ASSERT_EQUAL(gmrt_out_degree(g, row), (gm_edge_t)lens[row]);
        CU_ASSERT(memcmp(g->node_idx + g->begin[row], expect + at, lens[row] * sizeof *expect) == 0);
        at += lens[row];
    }
    CU_ASSERT(gmrt_graph_check(g, &err));
    gmrt_graph_free(g);
    free(src);
    free(dst);
    free(expect);
}

static void test_edge_size_agrees(void)
{
    /* the library and this program were built with the same edge type */
    CU_ASSERT_EQUAL(gmrt_edge_size(), (int)sizeof(gm_edge_t));
#ifdef GMRT_EDGE64
    CU_ASSERT_EQUAL(sizeof(gm_edge_t), 8);
#else
    CU_ASSERT_EQUAL(sizeof(gm_edge_t), 4);
#endif
}

/* Degree order (graph_degree_order.c): a symmetric graph with a hub, a
 * self-loop, an isolated node and ties in degree. */
static void test_degree_order(void)
{
    /* undirected: 0-1 0-2 0-3 0-4 1-2 3-4, self-loop 2-2; node 5 isolated */
    const gm_node_t pairs[] = {0, 1, 1, 0, 0, 2, 2, 0, 0, 3, 3, 0, 0, 4, 4, 0,
                               1, 2, 2, 1, 3, 4, 4, 3, 2, 2};
    gm_graph *g = rt_graph(6, sizeof pairs / sizeof pairs[0] / 2, pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_TRUE(gmrt_graph_is_symmetric(g));
    CU_ASSERT_FALSE(gmrt_graph_has_parallel_edges(g));
    gmrt_error err = {0};
    gm_node_t *old = NULL;
    gm_graph *c = gmrt_graph_degree_ordered(g, &old, &err);
    CU_ASSERT_FATAL(c != NULL && old != NULL);
    /* degrees without self-loops: 4 2 2 2 2 0: 5 first, then 1 2 3 4 by id, the hub last */
    const gm_node_t want_old[] = {5, 1, 2, 3, 4, 0};
    for (int r = 0; r < 6; r++)
        CU_ASSERT_EQUAL(old[r], want_old[r]);
    CU_ASSERT_EQUAL(c->num_edges, 12); /* the self-loop dropped */
    CU_ASSERT_TRUE(c->symmetric > 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c->edge_src);
    for (gm_node_t r = 0; r < c->num_nodes; r++)
        for (gm_edge_t e = c->begin[r]; e < c->begin[r + 1]; e++) {
            CU_ASSERT_EQUAL(c->edge_src[e], r);
            if (e > c->begin[r])
                CU_ASSERT_TRUE(c->node_idx[e - 1] < c->node_idx[e]);
            /* the same edges under the new names */
            CU_ASSERT_TRUE(gmrt_has_edge(g, old[r], old[c->node_idx[e]]));
        }
    CU_ASSERT_TRUE(gmrt_graph_is_symmetric(c));
    /* the same copy built by sorting rows (a graph not known symmetric)
     * as by handing out entries (known symmetric) */
    gm_graph *unchecked = rt_graph(6, sizeof pairs / sizeof pairs[0] / 2, pairs, NULL);
    CU_ASSERT_FATAL(unchecked != NULL && unchecked->symmetric == 0);
    gm_graph *c2 = gmrt_graph_degree_ordered(unchecked, NULL, &err);
    CU_ASSERT_FATAL(c2 != NULL);
    CU_ASSERT_EQUAL(c2->num_edges, c->num_edges);
    for (gm_node_t r = 0; r <= c->num_nodes; r++)
        CU_ASSERT_EQUAL(c2->begin[r], c->begin[r]);
    for (gm_edge_t e = 0; e < c->num_edges; e++) {
        CU_ASSERT_EQUAL(c2->node_idx[e], c->node_idx[e]);
        CU_ASSERT_EQUAL(c2->edge_src[e], c->edge_src[e]);
    }
    gmrt_graph_free(c2);
    gmrt_graph_free(unchecked);
    gmrt_graph_free(c);
    free(old);
    /* the pairs a higher-neighbour nest tries: by id node 0 has 4 higher
     * neighbours (6 pairs), 1 and 3 one each (none); by degree the hub has
     * none, 1 has 2 and the hub above it (1 pair), 3 has 4 and the hub (1) */
    double by_id, by_degree;
    gmrt_degree_order_pairs(g, &by_id, &by_degree);
    CU_ASSERT_DOUBLE_EQUAL(by_id, 6, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(by_degree, 2, 1e-9);
    gmrt_graph_free(g);
    /* parallel edges found; a graph that is not symmetric gets no copy */
    const gm_node_t dup[] = {0, 1, 0, 1, 1, 0, 1, 0};
    gm_graph *d = rt_graph(2, 4, dup, NULL);
    CU_ASSERT_FATAL(d != NULL);
    CU_ASSERT_TRUE(gmrt_graph_has_parallel_edges(d));
    CU_ASSERT_PTR_NULL(gmrt_clique_graph(d));
    gmrt_graph_free(d);
    const gm_node_t one_way[] = {0, 1, 1, 2};
    gm_graph *o = rt_graph(3, 2, one_way, NULL);
    CU_ASSERT_FATAL(o != NULL);
    CU_ASSERT_PTR_NULL(gmrt_clique_graph(o));
    gmrt_graph_free(o);
}

/* gmrt_alloc_big_array: usable memory of the size asked for (big ones
 * advised to be huge pages), NULL on overflow, one element for 0. */
static void test_alloc_big_array(void)
{
    int32_t *small = gmrt_alloc_big_array(0, sizeof(int32_t));
    CU_ASSERT_PTR_NOT_NULL_FATAL(small);
    small[0] = 7; /* one element, writable */
    CU_ASSERT_EQUAL(small[0], 7);
    free(small);
    size_t n = ((size_t)3 << 20) + 5; /* 12 MiB and a bit of int32_t */
    int32_t *big = gmrt_alloc_big_array(n, sizeof(int32_t));
    CU_ASSERT_PTR_NOT_NULL_FATAL(big);
    for (size_t i = 0; i < n; i += 1024)
        big[i] = (int32_t)i; /* every page of it writable */
    CU_ASSERT_EQUAL(big[1024 * 3], 1024 * 3);
    big[0] = 1;
    big[n - 1] = 2; /* the last element is in the block */
    CU_ASSERT_EQUAL(big[0] + big[n - 1], 3);
    free(big);
    CU_ASSERT_PTR_NULL(gmrt_alloc_big_array(SIZE_MAX / 2, 4));
}

/* gmrt_zalloc_big_array: the same, every element zero, also where a freed
 * block of junk is handed back (a small one from malloc's free list, and a
 * big one), NULL on overflow. */
static void test_zalloc_big_array(void)
{
    const size_t sizes[] = {0, 100, ((size_t)3 << 20) + 5};
    for (int k = 0; k < 3; k++) {
        const size_t n = sizes[k] ? sizes[k] : 1;
        int32_t *junk = gmrt_alloc_big_array(n, sizeof(int32_t));
        CU_ASSERT_PTR_NOT_NULL_FATAL(junk);
        for (size_t i = 0; i < n; i++)
            junk[i] = 12345;
        free(junk);
        int32_t *z = gmrt_zalloc_big_array(sizes[k], sizeof(int32_t));
        CU_ASSERT_PTR_NOT_NULL_FATAL(z);
        size_t nonzero = 0;
        for (size_t i = 0; i < n; i++)
            nonzero += z[i] != 0;
        CU_ASSERT_EQUAL(nonzero, 0);
        z[n - 1] = 3; /* the last element is in the block */
        CU_ASSERT_EQUAL(z[n - 1], 3);
        free(z);
    }
    CU_ASSERT_PTR_NULL(gmrt_zalloc_big_array(SIZE_MAX / 2, 4));
}

/* Serials (what the device copy and the shape verdicts are keyed on): a
 * graph keeps its own; a graph built where a freed one was gets another,
 * as does a struct made by hand; graphs numbered from several threads at
 * once all differ. */
static void test_serials(void)
{
    const gm_node_t pairs[] = {0, 1, 1, 2};
    gm_graph *g = rt_graph(3, 2, pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->serial, 0); /* none until asked */
    const uint64_t s1 = gmrt_graph_serial(g);
    CU_ASSERT(s1 != 0);
    CU_ASSERT_EQUAL(gmrt_graph_serial(g), s1);
    gmrt_graph_free(g);
    for (int i = 0; i < 8; i++) { /* the same size again: malloc often hands back the same block */
        gm_graph *h = rt_graph(3, 2, pairs, NULL);
        CU_ASSERT_FATAL(h != NULL);
        const uint64_t s2 = gmrt_graph_serial(h);
        CU_ASSERT(s2 != 0 && s2 != s1);
        CU_ASSERT(s2 > s1 + (uint64_t)i); /* each new graph a new number */
        gmrt_graph_free(h);
    }
    gm_graph by_hand;
    memset(&by_hand, 0, sizeof by_hand);
    const uint64_t s3 = gmrt_graph_serial(&by_hand);
    CU_ASSERT(s3 > s1);
    enum { N = 64 };
    static gm_graph many[N];
    memset(many, 0, sizeof many);
    uint64_t got[N];
#pragma omp parallel for num_threads(4) schedule(static, 1)
    for (int i = 0; i < N; i++)
        got[i] = gmrt_graph_serial(&many[i]);
    int dup = 0;
    for (int i = 0; i < N; i++) {
        CU_ASSERT(got[i] > s3);
        for (int j = 0; j < i; j++)
            dup += got[i] == got[j];
    }
    CU_ASSERT_EQUAL(dup, 0);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"rows sorted, offsets right", test_rows_sorted_and_offsets},
        {"weights follow their edges", test_weights_follow_edges},
        {"dedup, self-loops, symmetrize", test_build_options},
        {"endpoints out of range", test_bad_endpoints},
        {"check finds violations", test_check_finds_violations},
        {"reverse CSR vs brute force", test_reverse_against_brute_force},
        {"reverse rows without the map", test_reverse_rows_only},
        {"reverse rows over many blocks", test_reverse_blocks},
        {"edge sources", test_edge_sources},
        {"has_edge, find_edge, common nbrs", test_has_edge_and_common_nbrs},
        {"same result for 1..4 threads", test_same_result_for_any_thread_count},
        {"transform and equal", test_transform_and_equal},
        {"empty graph", test_empty_graph},
        {"symmetric (UGraph) check", test_symmetric},
        {"symmetric check by rows (reverse CSR built)", test_symmetric_by_rows},
        {"edge index size agrees with the library", test_edge_size_agrees},
        {"long rows (radix sort)", test_long_rows},
        {"hubs and the few-rounds rule", test_skew_and_few_rounds},
        {"degree order", test_degree_order},
        {"serials", test_serials},
        {"big arrays", test_alloc_big_array},
        {"big arrays, zeroed", test_zalloc_big_array},
        CU_TEST_INFO_NULL,
    };
    return rt_run("graph", tests);
}
