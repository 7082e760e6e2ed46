/* test_linked.c: gmrt_count_linked_nbrs (as shipped, and with every row
 * intersected or every row searched) and gmrt_count_linked_nbrs_marked
 * (with one bitmap kept across all the calls, as a thread of a generated
 * loop keeps it, and without one; and its _from form, x's row searched
 * after a slot of y's) against the loop they replace (one
 * has_edge per out-edge slot, filtered by the comparison), for every node
 * triple of small awkward graphs and sampled triples of random multigraphs
 * with hubs, each comparison and both directions, with the reverse CSR built
 * and (for the w->z direction) without it, on a symmetric graph marked
 * so (out-rows read for in-rows), and on degree-ordered upper copies (the
 * counts above x their callers make). The bitmap's calls come in the
 * orders that reuse, grow and replace its marked slice. */
#include "rt_test.h"

#include <stdlib.h>

static bool passes(int cmp, gm_node_t w, gm_node_t y)
{
    switch (cmp) {
    case GMRT_NBR_ABOVE: return w > y;
    case GMRT_NBR_AT_LEAST: return w >= y;
    case GMRT_NBR_BELOW: return w < y;
    case GMRT_NBR_AT_MOST: return w <= y;
    default: return true;
    }
}

/* Foreach (w: x.Nbrs)(w cmp y) { If (w->z or z->w) T += 1; } */
static gm_edge_t reference(const gm_graph *g, gm_node_t x, int cmp, gm_node_t y, gm_node_t z, bool to)
{
    gm_edge_t n = 0;
    for (gm_edge_t e = g->begin[x]; e < g->begin[x + 1]; e++) {
        gm_node_t w = g->node_idx[e];
        if (passes(cmp, w, y) && (to ? gmrt_has_edge(g, w, z) : gmrt_has_edge(g, z, w)))
            n++;
    }
    return n;
}

static int failures;
/* the bitmap the marked calls share, as one thread's in a generated loop */
static gmrt_linked_marks *marks;

static void check_triple(const gm_graph *g, gm_node_t x, gm_node_t y, gm_node_t z)
{
    for (int cmp = GMRT_ANY_NBR; cmp <= GMRT_NBR_AT_MOST; cmp++)
        for (int to = 0; to < 2; to++) {
            gm_edge_t want = reference(g, x, cmp, y, z, to);
            /* as shipped, every row intersected, every row searched per
             * neighbour; marked with the shared bitmap, and without one */
            gm_edge_t got[5] = {gmrt_count_linked_nbrs(g, x, cmp, y, z, to),
                                gmrt_count_linked_nbrs_with(g, x, cmp, y, z, to, 0),
                                gmrt_count_linked_nbrs_with(g, x, cmp, y, z, to, GMRT_EDGE_MAX),
                                gmrt_count_linked_nbrs_marked(g, gmrt_linked_marks_mine(marks, g), x, cmp, y, z, to),
                                gmrt_count_linked_nbrs_marked(g, NULL, x, cmp, y, z, to)};
            for (int k = 0; k < 5; k++) {
                if (got[k] != want && failures++ < 5)
                    fprintf(stderr, "x=%d cmp=%d y=%d z=%d to=%d way %d: %ld, want %ld\n", (int)x, cmp, (int)y,
                            (int)z, to, k, (long)got[k], (long)want);
                CU_ASSERT_EQUAL(got[k], want);
            }
        }
}

/* Foreach (y: x.Nbrs) { ... Count(w: x.Nbrs)(w > y) ... }: x's row searched
 * from the slot after y's edge e (gmrt_count_linked_nbrs_marked_from, as the
 * generated loops call it), with the shared bitmap and without one; a row
 * with y's parallel edges after e must not count them. */
static void check_slot(const gm_graph *g, gm_node_t x, gm_edge_t e, gm_node_t z)
{
    gm_node_t y = g->node_idx[e];
    for (int to = 0; to < 2; to++) {
        gm_edge_t want = reference(g, x, GMRT_NBR_ABOVE, y, z, to);
        gmrt_row_marks *mk = gmrt_linked_marks_mine(marks, g);
        gm_edge_t got[2] = {gmrt_count_linked_nbrs_marked_from(g, mk, x, GMRT_NBR_ABOVE, y, z, to, e + 1),
                            gmrt_count_linked_nbrs_marked_from(g, NULL, x, GMRT_NBR_ABOVE, y, z, to, e + 1)};
        for (int k = 0; k < 2; k++) {
            if (got[k] != want && failures++ < 5)
                fprintf(stderr, "from slot %ld: x=%d y=%d z=%d to=%d way %d: %ld, want %ld\n", (long)(e + 1),
                        (int)x, (int)y, (int)z, to, k, (long)got[k], (long)want);
            CU_ASSERT_EQUAL(got[k], want);
        }
    }
}

/* Every triple, with the in-rows missing first (w->z asks each row) and then
 * built; a symmetric graph also marked so first (its out-rows read for its
 * in-rows). */
static void check_all(gm_graph *g)
{
    if (gmrt_graph_is_symmetric(g)) {
        for (gm_node_t x = 0; x < g->num_nodes; x++)
            for (gm_node_t y = 0; y < g->num_nodes; y++)
                for (gm_node_t z = 0; z < g->num_nodes; z++)
                    check_triple(g, x, y, z);
        for (gm_node_t x = 0; x < g->num_nodes; x++)
            for (gm_edge_t e = g->begin[x]; e < g->begin[x + 1]; e++)
                for (gm_node_t z = 0; z < g->num_nodes; z++)
                    check_slot(g, x, e, z);
    }
    g->symmetric = 0; /* forget it: the other ways below */
    for (int rev = 0; rev < 2; rev++) {
        if (rev)
            CU_ASSERT_FATAL(gmrt_graph_make_reverse(g));
        for (gm_node_t x = 0; x < g->num_nodes; x++)
            for (gm_node_t y = 0; y < g->num_nodes; y++)
                for (gm_node_t z = 0; z < g->num_nodes; z++)
                    check_triple(g, x, y, z);
        for (gm_node_t x = 0; x < g->num_nodes; x++)
            for (gm_edge_t e = g->begin[x]; e < g->begin[x + 1]; e++)
                for (gm_node_t z = 0; z < g->num_nodes; z++)
                    check_slot(g, x, e, z);
    }
}

static void test_small_awkward(void)
{
    /* self-loops (2->2, 3->3), parallel edges (0->1 three times, 1->2 twice,
     * 2->1), a node with only in-edges (4), an isolated node (5) */
    const gm_node_t pairs[] = {0, 1, 0, 1, 0, 1, 0, 2, 0, 3, 0, 4, 1, 2, 1, 2, 2, 1,
                               2, 2, 2, 3, 3, 3, 3, 0, 1, 4, 3, 1, 2, 0};
    gm_graph *g = rt_graph(6, sizeof pairs / sizeof pairs[0] / 2, pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    check_all(g);
    /* the same symmetrized (parallel edges kept): in-rows read from out-rows */
    gmrt_build_options sym = {.symmetrize = true};
    gm_graph *s = gmrt_graph_transform(g, &sym, NULL);
    CU_ASSERT_FATAL(s != NULL);
    CU_ASSERT_TRUE(gmrt_graph_is_symmetric(s));
    check_all(s);
    gmrt_graph_free(s);
    gmrt_graph_free(g);
    gm_graph *empty = rt_graph(3, 0, NULL, NULL);
    CU_ASSERT_FATAL(empty != NULL);
    check_all(empty);
    gmrt_graph_free(empty);
}

static void test_clique_and_path(void)
{
    /* a symmetric 7-clique (every triangle) beside a directed path */
    enum { K = 7, N = 12 };
    gm_node_t pairs[2 * (K * (K - 1) + N)];
    size_t m = 0;
    for (gm_node_t i = 0; i < K; i++)
        for (gm_node_t j = 0; j < K; j++)
            if (i != j) {
                pairs[2 * m] = i;
                pairs[2 * m + 1] = j;
                m++;
            }
    for (gm_node_t i = K; i + 1 < N; i++) {
        pairs[2 * m] = i;
        pairs[2 * m + 1] = i + 1;
        m++;
    }
    gm_graph *g = rt_graph(N, m, pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    check_all(g);
    gmrt_graph_free(g);
}

static void test_random_with_hubs(void)
{
    /* hubs 0 and 1 linked to most nodes, so rows of very different lengths
     * meet (the galloping side switches), plus random multi-edges */
    enum { N = 3000 };
    for (uint64_t seed = 1; seed <= 2; seed++) {
        gm_graph *r = rt_random_graph(N, 6 * N, seed, false, false);
        CU_ASSERT_FATAL(r != NULL);
        size_t m = (size_t)r->num_edges, cap = m + 4 * N;
        gm_node_t *pairs = malloc(2 * cap * sizeof *pairs);
        CU_ASSERT_FATAL(pairs != NULL);
        size_t k = 0;
        for (gm_node_t u = 0; u < N; u++)
            for (gm_edge_t e = r->begin[u]; e < r->begin[u + 1]; e++, k++) {
                pairs[2 * k] = u;
                pairs[2 * k + 1] = r->node_idx[e];
            }
        for (gm_node_t v = 2; v < N; v++) {
            if (v % 3) {
                pairs[2 * k] = 0, pairs[2 * k + 1] = v, k++;
                pairs[2 * k] = v, pairs[2 * k + 1] = 0, k++;
            }
            if (v % 5 == 0) {
                pairs[2 * k] = 1, pairs[2 * k + 1] = v, k++;
                pairs[2 * k] = v, pairs[2 * k + 1] = 1, k++;
            }
        }
        gm_graph *g = rt_graph(N, k, pairs, NULL);
        CU_ASSERT_FATAL(g != NULL);
        for (int rev = 0; rev < 2; rev++) {
            if (rev)
                CU_ASSERT_FATAL(gmrt_graph_make_reverse(g));
            uint64_t s = seed * 0x9e3779b97f4a7c15ULL;
            for (int i = 0; i < 4000; i++) {
                s = s * 6364136223846793005ULL + 1442695040888963407ULL;
                gm_node_t x = (gm_node_t)((s >> 33) % N), y = (gm_node_t)((s >> 13) % N);
                gm_node_t z = (gm_node_t)((s >> 45) % N);
                if (i % 4 == 0)
                    x = i % 8 ? 0 : 1; /* a hub's row against small ones */
                if (i % 4 == 1)
                    z = i % 8 == 1 ? 0 : 1; /* a small row against a hub's */
                check_triple(g, x, y, z);
                gm_edge_t d = g->begin[x + 1] - g->begin[x];
                if (d > 0) /* a slot of x's row: y its node */
                    check_slot(g, x, g->begin[x] + (gm_edge_t)((s >> 7) % (uint64_t)d), z);
            }
        }
        gmrt_graph_free(g);
        gmrt_graph_free(r);
        free(pairs);
    }
}

/* Foreach (w: x.Nbrs)(w > y) { If (w.HasEdgeTo(y)) ... } as the triangle
 * nest asks it on an upper copy (w above x: the copy holds only those), for
 * every edge x -> y of each row in order (the bitmap's slice shrinks), and
 * for ABOVE and AT_LEAST with any y >= x and any z. */
static void check_upper(const gm_graph *u)
{
    CU_ASSERT_FATAL(u->upper);
    for (gm_node_t x = 0; x < u->num_nodes; x++) {
        for (gm_edge_t e = u->begin[x]; e < u->begin[x + 1]; e++) {
            gm_node_t y = u->node_idx[e];
            gm_edge_t want = reference(u, x, GMRT_NBR_ABOVE, y, y, true);
            CU_ASSERT_EQUAL(gmrt_count_linked_nbrs_marked(u, gmrt_linked_marks_mine(marks, u), x, GMRT_NBR_ABOVE,
                                                          y, y, true), want);
            CU_ASSERT_EQUAL(gmrt_count_linked_nbrs(u, x, GMRT_NBR_ABOVE, y, y, true), want);
            CU_ASSERT_EQUAL(gmrt_count_linked_nbrs_marked_from(u, gmrt_linked_marks_mine(marks, u), x,
                                                               GMRT_NBR_ABOVE, y, y, true, e + 1), want);
            for (gm_node_t z = 0; z < u->num_nodes; z++) /* z above y too: per neighbour, each pair's lower end */
                check_slot(u, x, e, z);
        }
        for (gm_node_t y = x; y < u->num_nodes; y++)
            for (gm_node_t z = 0; z < u->num_nodes; z++)
                for (int cmp = GMRT_NBR_ABOVE; cmp <= GMRT_NBR_AT_LEAST; cmp++)
                    for (int to = 0; to < 2; to++) {
                        gm_edge_t want = reference(u, x, cmp, y, z, to);
                        gm_edge_t got = gmrt_count_linked_nbrs_marked(u, gmrt_linked_marks_mine(marks, u), x, cmp,
                                                                      y, z, to);
                        if (got != want && failures++ < 5)
                            fprintf(stderr, "upper x=%d cmp=%d y=%d z=%d to=%d: %ld, want %ld\n", (int)x, cmp,
                                    (int)y, (int)z, to, (long)got, (long)want);
                        CU_ASSERT_EQUAL(got, want);
                    }
    }
}

static void test_upper_copies(void)
{
    /* a 7-clique, a hub linked to every other node, and random edges: rows
     * long and short in the degree order, both the bitmap and the
     * galloping sides taken */
    enum { N = 60 };
    gm_node_t pairs[2 * 4000];
    size_t m = 0;
    for (gm_node_t i = 0; i < 7; i++)
        for (gm_node_t j = i + 1; j < 7; j++)
            pairs[2 * m] = i, pairs[2 * m + 1] = j, m++;
    for (gm_node_t v = 1; v < N; v++)
        pairs[2 * m] = 0, pairs[2 * m + 1] = v, m++;
    uint64_t s = 7;
    for (int i = 0; i < 400; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        pairs[2 * m] = (gm_node_t)((s >> 33) % N), pairs[2 * m + 1] = (gm_node_t)((s >> 13) % N), m++;
    }
    gm_graph *d = rt_graph(N, m, pairs, NULL);
    CU_ASSERT_FATAL(d != NULL);
    gmrt_build_options simple = {.symmetrize = true, .dedup = true, .drop_self_loops = true};
    gm_graph *g = gmrt_graph_transform(d, &simple, NULL);
    CU_ASSERT_FATAL(g != NULL);
    setenv("GMRT_DEGREE_ORDER", "1", 1); /* taken whatever the pairs saved */
    gm_graph *u = gmrt_clique_graph_upper(g);
    unsetenv("GMRT_DEGREE_ORDER");
    CU_ASSERT_FATAL(u != NULL);
    check_upper(u);
    gmrt_graph_free(u);
    gmrt_graph_free(g);
    gmrt_graph_free(d);
}

static void test_gallop(void)
{
    const gm_node_t row[] = {1, 3, 3, 3, 7, 8, 20, 21, 22, 40};
    const gm_node_t *end = row + 10;
    for (gm_node_t key = 0; key <= 41; key++)
        for (int from = 0; from <= 10; from++) {
            const gm_node_t *want = row + from;
            while (want < end && *want < key)
                want++;
            CU_ASSERT_EQUAL(gmrt_gallop(row + from, end, key) - row, want - row);
        }
}

int main(void)
{
    marks = gmrt_linked_marks_new();
    if (!marks)
        return 1;
    static const CU_TestInfo tests[] = {
        {"galloping search", test_gallop},
        {"self-loops, parallel edges, isolated and empty", test_small_awkward},
        {"a clique and a path", test_clique_and_path},
        {"random multigraphs with hubs", test_random_with_hubs},
        {"degree-ordered upper copies", test_upper_copies},
        CU_TEST_INFO_NULL,
    };
    int st = rt_run("linked", tests);
    gmrt_linked_marks_free(marks);
    return st;
}
