/* test_generators.c: RMAT, uniform, grid and road generators and random
 * weights: sizes, degree-distribution sanity against the model's own
 * probabilities, structure, and determinism across thread counts. */
#include "rt_test.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

static gm_graph *rmat(int scale, double ef, uint64_t seed, bool permute)
{
    gmrt_rmat_params p;
    gmrt_rmat_defaults(&p, scale);
    p.edge_factor = ef;
    p.seed = seed;
    p.permute = permute;
    gmrt_error err;
    gm_graph *g = gmrt_gen_rmat(&p, NULL, NULL, &err);
    if (!g)
        fprintf(stderr, "rmat: %s\n", err.message);
    return g;
}

static int cmp_edge(const void *a, const void *b)
{
    gm_edge_t x = *(const gm_edge_t *)a, y = *(const gm_edge_t *)b;
    return (x > y) - (x < y);
}

static void test_rmat_shape(void)
{
    gm_graph *g = rmat(14, 16, 7, false);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 1 << 14);
    CU_ASSERT_EQUAL(g->num_edges, 16 << 14);
    gmrt_error err;
    CU_ASSERT(gmrt_graph_check(g, &err));
    /* Without permutation, the top bit of the source is 0 with probability
     * a + b = 0.76 and that of the destination with a + c = 0.76. */
    int64_t m = g->num_edges, half = g->num_nodes / 2, src_low = 0, dst_low = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            src_low += u < half;
            dst_low += g->node_idx[e] < half;
        }
    CU_ASSERT(fabs((double)src_low / (double)m - 0.76) < 0.01);
    CU_ASSERT(fabs((double)dst_low / (double)m - 0.76) < 0.01);
    /* the expected out-degree of node 0 is m * 0.76^14 (all bits 0) */
    double expect0 = (double)m * pow(0.76, 14);
    CU_ASSERT(fabs((double)gmrt_out_degree(g, 0) - expect0) < 5 * sqrt(expect0));
    /* skewed: hubs far above the mean, many nodes without out-edges */
    gm_edge_t max_deg = 0, zero = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        gm_edge_t d = gmrt_out_degree(g, u);
        max_deg = d > max_deg ? d : max_deg;
        zero += d == 0;
    }
    CU_ASSERT(max_deg > 20 * 16);
    CU_ASSERT(zero > g->num_nodes / 10);
    gmrt_graph_free(g);
}

static void test_rmat_permutation_is_relabelling(void)
{
    gm_graph *plain = rmat(12, 8, 3, false), *perm = rmat(12, 8, 3, true);
    CU_ASSERT_FATAL(plain != NULL && perm != NULL);
    CU_ASSERT_EQUAL(plain->num_edges, perm->num_edges);
    CU_ASSERT(!gmrt_graph_equal(plain, perm, false));
    /* same degree multiset: the permutation only renames nodes */
    gm_node_t n = plain->num_nodes;
    gm_edge_t *d1 = malloc(n * sizeof *d1), *d2 = malloc(n * sizeof *d2);
    for (gm_node_t u = 0; u < n; u++) {
        d1[u] = gmrt_out_degree(plain, u);
        d2[u] = gmrt_out_degree(perm, u);
    }
    qsort(d1, n, sizeof *d1, cmp_edge);
    qsort(d2, n, sizeof *d2, cmp_edge);
    CU_ASSERT(memcmp(d1, d2, n * sizeof *d1) == 0);
    /* and the hub is no longer node 0 */
    CU_ASSERT(gmrt_out_degree(perm, 0) < d2[n - 1]);
    free(d1);
    free(d2);
    gmrt_graph_free(plain);
    gmrt_graph_free(perm);
}

static void test_rmat_deterministic_for_any_thread_count(void)
{
    gm_graph *ref = NULL;
    for (int threads = 1; threads <= 4; threads++) {
        omp_set_num_threads(threads);
        gm_graph *g = rmat(13, 16, 42, true);
        CU_ASSERT_FATAL(g != NULL);
        if (!ref)
            ref = g;
        else {
            CU_ASSERT(gmrt_graph_equal(ref, g, false));
            gmrt_graph_free(g);
        }
    }
    omp_set_num_threads(omp_get_num_procs());
    gm_graph *other = rmat(13, 16, 43, true);
    CU_ASSERT(!gmrt_graph_equal(ref, other, false));
    gmrt_graph_free(other);
    gmrt_graph_free(ref);
}

static void test_rmat_options_and_errors(void)
{
    gmrt_rmat_params p;
    gmrt_rmat_defaults(&p, 10);
    CU_ASSERT(p.a == 0.57 && p.b == 0.19 && p.c == 0.19 && p.edge_factor == 16);
    gmrt_build_options b = {.symmetrize = true, .dedup = true, .drop_self_loops = true};
    gmrt_error err;
    gm_graph *g = gmrt_gen_rmat(&p, &b, NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    int bad = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            bad += g->node_idx[e] == u || !gmrt_has_edge(g, g->node_idx[e], u) ||
                   (e > g->begin[u] && g->node_idx[e] == g->node_idx[e - 1]);
    CU_ASSERT_EQUAL(bad, 0);
    gmrt_graph_free(g);

    p.scale = 31;
    CU_ASSERT(gmrt_gen_rmat(&p, NULL, NULL, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_ARG);
    RT_ASSERT_MSG(err, "RMAT scale 31, expected 0 to 30");
    gmrt_rmat_defaults(&p, 4);
    p.a = 0.9;
    gmrt_error_clear(&err);
    CU_ASSERT(gmrt_gen_rmat(&p, NULL, NULL, &err) == NULL);
    RT_ASSERT_MSG(err, "expected non-negative values summing to at most 1");
    /* scale 0: one node, all edges are self-loops */
    gmrt_rmat_defaults(&p, 0);
    g = gmrt_gen_rmat(&p, NULL, NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 1);
    CU_ASSERT_EQUAL(g->num_edges, 16);
    gmrt_graph_free(g);
}

static void test_uniform(void)
{
    gmrt_error err;
    gm_graph *g = gmrt_gen_uniform(10000, 100000, 5, NULL, NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 10000);
    CU_ASSERT_EQUAL(g->num_edges, 100000);
    /* degrees are Binomial(1e5, 1e-4), about Poisson(10): no hubs, few
     * nodes without edges (expected 10000 * e^-10 = 0.45) */
    gm_edge_t max_deg = 0, zero = 0;
    int64_t low_half = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        gm_edge_t d = gmrt_out_degree(g, u);
        max_deg = d > max_deg ? d : max_deg;
        zero += d == 0;
        low_half += u < 5000 ? d : 0;
    }
    CU_ASSERT(max_deg < 40);
    CU_ASSERT(zero < 10);
    CU_ASSERT(fabs((double)low_half / 100000.0 - 0.5) < 0.01);
    omp_set_num_threads(1);
    gm_graph *one = gmrt_gen_uniform(10000, 100000, 5, NULL, NULL, &err);
    omp_set_num_threads(omp_get_num_procs());
    CU_ASSERT_FATAL(one != NULL);
    CU_ASSERT(gmrt_graph_equal(g, one, false));
    gmrt_graph_free(one);
    gmrt_graph_free(g);

    CU_ASSERT(gmrt_gen_uniform(0, 5, 1, NULL, NULL, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_ARG);
    g = gmrt_gen_uniform(0, 0, 1, NULL, NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    gmrt_graph_free(g);
}

static void test_grid(void)
{
    gmrt_error err;
    gm_graph *g = gmrt_gen_grid(3, 4, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 12);
    CU_ASSERT_EQUAL(g->num_edges, 2 * (3 * 3 + 2 * 4));
    CU_ASSERT_EQUAL(gmrt_out_degree(g, 0), 2);  /* corner */
    CU_ASSERT_EQUAL(gmrt_out_degree(g, 1), 3);  /* border */
    CU_ASSERT_EQUAL(gmrt_out_degree(g, 5), 4);  /* inside: (1,1) */
    CU_ASSERT(gmrt_has_edge(g, 5, 4) && gmrt_has_edge(g, 5, 6) && gmrt_has_edge(g, 5, 1) && gmrt_has_edge(g, 5, 9));
    CU_ASSERT(!gmrt_has_edge(g, 3, 4)); /* no wrap-around between rows */
    CU_ASSERT(g->weights == NULL);
    gmrt_graph_free(g);
    CU_ASSERT(gmrt_gen_grid(100000, 100000, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_ARG);
}

/* BFS levels from node 0; returns the number of nodes reached and the depth. */
static gm_node_t bfs(const gm_graph *g, int *depth_out)
{
    gm_node_t n = g->num_nodes, *queue = malloc(n * sizeof *queue);
    int *level = malloc(n * sizeof *level);
    for (gm_node_t i = 0; i < n; i++)
        level[i] = -1;
    gm_node_t head = 0, tail = 0;
    queue[tail++] = 0;
    level[0] = 0;
    int depth = 0;
    while (head < tail) {
        gm_node_t u = queue[head++];
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t v = g->node_idx[e];
            if (level[v] < 0) {
                level[v] = level[u] + 1;
                depth = level[v] > depth ? level[v] : depth;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
    free(level);
    *depth_out = depth;
    return tail;
}

static void test_road(void)
{
    gmrt_error err;
    gm_graph *g = gmrt_gen_road(60, 80, 9, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 4800);
    CU_ASSERT_FATAL(g->weights != NULL);
    CU_ASSERT(g->weights_integral);
    int depth;
    CU_ASSERT_EQUAL(bfs(g, &depth), 4800); /* connected */
    CU_ASSERT(depth >= 79);                /* at least the long side */
    int bad = 0;
    gm_edge_t max_deg = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        max_deg = gmrt_out_degree(g, u) > max_deg ? gmrt_out_degree(g, u) : max_deg;
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_edge_t back = gmrt_find_edge(g, g->node_idx[e], u);
            bad += back == GMRT_NIL_EDGE || g->weights[back] != g->weights[e]; /* same length both ways */
            bad += g->weights[e] < 1 || g->weights[e] != floor(g->weights[e]);
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(max_deg <= 6);
    double mean = (double)g->num_edges / g->num_nodes;
    CU_ASSERT(mean > 2.5 && mean < 3.6);
    omp_set_num_threads(1);
    gm_graph *again = gmrt_gen_road(60, 80, 9, &err);
    omp_set_num_threads(omp_get_num_procs());
    CU_ASSERT(gmrt_graph_equal(g, again, true));
    gm_graph *other = gmrt_gen_road(60, 80, 10, &err);
    CU_ASSERT(!gmrt_graph_equal(g, other, true));
    gmrt_graph_free(other);
    gmrt_graph_free(again);
    gmrt_graph_free(g);
}

static void test_weights(void)
{
    gmrt_error err;
    gm_graph *g = gmrt_gen_uniform(1000, 50000, 1, NULL, NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(gmrt_gen_weights(g, 1, 10, true, 77, &err));
    CU_ASSERT(g->weights_integral);
    int counts[11] = {0}, bad = 0;
    for (gm_edge_t e = 0; e < g->num_edges; e++) {
        double w = g->weights[e];
        if (w < 1 || w > 10 || w != floor(w))
            bad++;
        else
            counts[(int)w]++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    for (int v = 1; v <= 10; v++) /* about 5000 each */
        CU_ASSERT(counts[v] > 4500 && counts[v] < 5500);
    double *copy = malloc(g->num_edges * sizeof *copy);
    memcpy(copy, g->weights, g->num_edges * sizeof *copy);
    omp_set_num_threads(3);
    CU_ASSERT(gmrt_gen_weights(g, 1, 10, true, 77, &err));
    omp_set_num_threads(omp_get_num_procs());
    CU_ASSERT(memcmp(copy, g->weights, g->num_edges * sizeof *copy) == 0);
    free(copy);

    CU_ASSERT(gmrt_gen_weights(g, -0.5, 0.5, false, 3, &err));
    CU_ASSERT(!g->weights_integral);
    double sum = 0;
    bad = 0;
    for (gm_edge_t e = 0; e < g->num_edges; e++) {
        bad += g->weights[e] < -0.5 || g->weights[e] >= 0.5;
        sum += g->weights[e];
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(fabs(sum / g->num_edges) < 0.01);
    CU_ASSERT(!gmrt_gen_weights(g, 5, 1, true, 3, &err));
    CU_ASSERT_EQUAL(err.code, GMRT_E_ARG);
    gmrt_graph_free(g);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"RMAT sizes and degree distribution", test_rmat_shape},
        {"RMAT permutation only renames", test_rmat_permutation_is_relabelling},
        {"RMAT same for 1..4 threads", test_rmat_deterministic_for_any_thread_count},
        {"RMAT options and errors", test_rmat_options_and_errors},
        {"uniform random", test_uniform},
        {"2-D grid", test_grid},
        {"road-like", test_road},
        {"random weights", test_weights},
        CU_TEST_INFO_NULL,
    };
    return rt_run("generators", tests);
}
