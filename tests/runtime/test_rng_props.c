/* test_rng_props.c: random numbers (ranges, uniformity, reproducibility,
 * per-thread streams), random node and neighbour picks, the timer, and
 * node/edge property files (text and binary, every type, error paths). */
#include "rt_test.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void test_uniform_and_rand(void)
{
    gmrt_rng r = gmrt_rng_make(1, 0);
    double sum = 0;
    int out_of_range = 0, counts[10] = {0};
    for (int i = 0; i < 100000; i++) {
        double u = gmrt_uniform(&r);
        out_of_range += u < 0 || u >= 1;
        sum += u;
        int64_t k = gmrt_rand(&r, 10);
        out_of_range += k < 0 || k >= 10;
        if (k >= 0 && k < 10)
            counts[k]++;
    }
    CU_ASSERT_EQUAL(out_of_range, 0);
    CU_ASSERT(fabs(sum / 100000 - 0.5) < 0.01);
    double chi2 = 0; /* 9 degrees of freedom: 27.9 is the 0.1% tail */
    for (int k = 0; k < 10; k++)
        chi2 += (counts[k] - 10000.0) * (counts[k] - 10000.0) / 10000.0;
    CU_ASSERT(chi2 < 27.9);
    CU_ASSERT_EQUAL(gmrt_rand(&r, 0), 0);
    CU_ASSERT_EQUAL(gmrt_rand(&r, -5), 0);
    CU_ASSERT_EQUAL(gmrt_rand(&r, 1), 0);
    /* a huge bound still stays below it */
    int64_t big = INT64_MAX - 7;
    int bad = 0;
    for (int i = 0; i < 1000; i++)
        bad += gmrt_rand(&r, big) >= big;
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_streams_reproducible(void)
{
    gmrt_rng a = gmrt_rng_make(5, 9), b = gmrt_rng_make(5, 9), c = gmrt_rng_make(5, 10), d = gmrt_rng_make(6, 9);
    int same = 0, differ_c = 0, differ_d = 0;
    for (int i = 0; i < 100; i++) {
        uint64_t x = gmrt_rng_next(&a);
        same += x == gmrt_rng_next(&b);
        differ_c += x != gmrt_rng_next(&c);
        differ_d += x != gmrt_rng_next(&d);
    }
    CU_ASSERT_EQUAL(same, 100);
    CU_ASSERT_EQUAL(differ_c, 100);
    CU_ASSERT_EQUAL(differ_d, 100);

    gmrt_rng_seed(1234);
    CU_ASSERT_EQUAL(gmrt_rng_get_seed(), 1234);
    gmrt_rng s1 = gmrt_rng_stream(77);
    uint64_t first = gmrt_rng_next(gmrt_thread_rng());
    gmrt_rng_next(gmrt_thread_rng());
    gmrt_rng_seed(1234); /* reseeding restarts every thread's generator */
    CU_ASSERT_EQUAL(gmrt_rng_next(gmrt_thread_rng()), first);
    gmrt_rng s2 = gmrt_rng_stream(77);
    CU_ASSERT_EQUAL(gmrt_rng_next(&s1), gmrt_rng_next(&s2));

    /* threads get different streams, the same ones on every run */
    uint64_t run1[4], run2[4];
    for (int run = 0; run < 2; run++) {
        gmrt_rng_seed(99);
        uint64_t *out = run ? run2 : run1;
#pragma omp parallel num_threads(4)
        {
            int t = omp_get_thread_num();
            out[t] = gmrt_rng_next(gmrt_thread_rng());
        }
    }
    CU_ASSERT(memcmp(run1, run2, sizeof run1) == 0);
    int distinct = 0;
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++)
            distinct += run1[i] != run1[j];
    CU_ASSERT_EQUAL(distinct, 6);
}

static void test_random_node_and_neighbour(void)
{
    /* node 0 -> 1, 2, 2, 3 (2 twice); node 1 has no out-edges */
    const gm_node_t pairs[] = {0, 1, 0, 2, 0, 2, 0, 3, 2, 0};
    gm_graph *g = rt_graph(4, 5, pairs, NULL);
    gmrt_rng r = gmrt_rng_make(2, 2);
    int counts[4] = {0}, bad = 0;
    for (int i = 0; i < 40000; i++) {
        gm_node_t v = gmrt_pick_random_nbr(g, 0, &r);
        if (v >= 0 && v < 4)
            counts[v]++;
        else
            bad++;
        gm_node_t n = gmrt_pick_random_node(g, &r);
        bad += n < 0 || n >= 4;
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(counts[0], 0);
    CU_ASSERT(abs(counts[1] - 10000) < 600);
    CU_ASSERT(abs(counts[2] - 20000) < 800); /* a parallel edge counts twice */
    CU_ASSERT(abs(counts[3] - 10000) < 600);
    CU_ASSERT_EQUAL(gmrt_pick_random_nbr(g, 1, &r), GMRT_NIL_NODE);
    CU_ASSERT_EQUAL(gmrt_pick_random_nbr(g, 2, &r), 0);
    gmrt_graph_free(g);
    gm_graph *empty = rt_graph(0, 0, NULL, NULL);
    CU_ASSERT_EQUAL(gmrt_pick_random_node(empty, &r), GMRT_NIL_NODE);
    gmrt_graph_free(empty);
}

static void test_timer(void)
{
    double a = gmrt_time_ms();
    struct timespec ts = {0, 20 * 1000 * 1000};
    nanosleep(&ts, NULL);
    double b = gmrt_time_ms();
    CU_ASSERT(b - a >= 19.0);
    CU_ASSERT(b - a < 2000.0);
}

/* ------------------------------------------------------- property files */

static void round_trip_all(bool binary)
{
    const int32_t i32[] = {0, -1, INT32_MAX, INT32_MIN, 42};
    const int64_t i64[] = {INT64_MIN, INT64_MAX, 0, -7, 1234567890123};
    const float f[] = {0.1f, -3.5f, INFINITY, 1e-30f, NAN};
    const double d[] = {0.1, -INFINITY, 1e300, 2.0 / 3.0, NAN};
    const bool b[] = {true, false, false, true, true};
    const gm_node_t nodes[] = {GMRT_NIL_NODE, 0, 17, GMRT_NODE_MAX - 1, 3};
    const gm_edge_t edges[] = {GMRT_NIL_EDGE, 0, 99, GMRT_EDGE_MAX - 1, 5};
    const struct {
        gmrt_type t;
        const void *v;
    } cases[] = {{GMRT_T_INT32, i32}, {GMRT_T_INT64, i64}, {GMRT_T_FLOAT, f},  {GMRT_T_DOUBLE, d},
                 {GMRT_T_BOOL, b},    {GMRT_T_NODE, nodes}, {GMRT_T_EDGE, edges}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        gmrt_error err;
        char name[64];
        snprintf(name, sizeof name, "prop-%s.%s", gmrt_type_name(cases[c].t), binary ? "bin" : "txt");
        const char *path = rt_path(name);
        size_t size = gmrt_type_size(cases[c].t);
        bool saved = binary ? gmrt_prop_save_binary(path, cases[c].t, cases[c].v, 5, &err)
                            : gmrt_prop_save_text(path, cases[c].t, cases[c].v, 5, &err);
        CU_ASSERT_FATAL(saved);
        unsigned char back[5 * 8];
        memset(back, 0xAB, sizeof back);
        CU_ASSERT_FATAL(gmrt_prop_load(path, cases[c].t, back, 5, &err));
        /* bitwise equal, NaN included (both are the default quiet NaN) */
        if (memcmp(back, cases[c].v, 5 * size) != 0)
            fprintf(stderr, "\n    %s differs after the round trip\n", name);
        CU_ASSERT(memcmp(back, cases[c].v, 5 * size) == 0);
        /* the explicit loader agrees with the detecting one */
        bool again = binary ? gmrt_prop_load_binary(path, cases[c].t, back, 5, &err)
                            : gmrt_prop_load_text(path, cases[c].t, back, 5, &err);
        CU_ASSERT(again);
    }
}

static void test_props_text(void) { round_trip_all(false); }
static void test_props_binary(void) { round_trip_all(true); }

static void expect_prop_error(const char *name, const char *text, gmrt_type t, size_t count, gmrt_status code,
                              const char *needle)
{
    const char *path = rt_path(name);
    rt_write(path, text, (size_t)-1);
    int64_t values[16];
    gmrt_error err;
    CU_ASSERT(!gmrt_prop_load(path, t, values, count, &err));
    CU_ASSERT_EQUAL(err.code, code);
    CU_ASSERT(rt_contains(err.message, path));
    CU_ASSERT(rt_contains(err.message, needle));
}

static void test_props_errors(void)
{
    expect_prop_error("p1.txt", "1\n2\n", GMRT_T_INT32, 3, GMRT_E_FORMAT, ":3: truncated: expected 3 values, found 2");
    expect_prop_error("p2.txt", "1\n2\n3\n", GMRT_T_INT32, 2, GMRT_E_FORMAT, ":3: more values than the 2 expected");
    expect_prop_error("p3.txt", "1\nabc\n", GMRT_T_INT64, 2, GMRT_E_FORMAT, ":2: expected an integer int64 value, found 'abc'");
    expect_prop_error("p4.txt", "3000000000\n", GMRT_T_INT32, 1, GMRT_E_RANGE, ":1: int32 value '3000000000' out of range");
    expect_prop_error("p5.txt", "2\n", GMRT_T_BOOL, 1, GMRT_E_FORMAT, ":1: expected a bool value (0, 1, true or false), found '2'");
    expect_prop_error("p6.txt", "-2\n", GMRT_T_NODE, 1, GMRT_E_RANGE, ":1: node value '-2' out of range: expected -1 to");
    expect_prop_error("p7.txt", "1.5 2\n", GMRT_T_DOUBLE, 1, GMRT_E_FORMAT, ":1: expected the end of the line after the value, found '2'");
    expect_prop_error("p8.txt", "1e39\n", GMRT_T_FLOAT, 1, GMRT_E_RANGE, ":1: value '1e39' out of range for float");

    /* text comments, blank lines and true/false are accepted */
    const char *path = rt_path("ok.txt");
    rt_write(path, "# flags\ntrue\n\nFALSE\n1\n", (size_t)-1);
    bool flags[3];
    gmrt_error err;
    CU_ASSERT(gmrt_prop_load(path, GMRT_T_BOOL, flags, 3, &err));
    CU_ASSERT(flags[0] && !flags[1] && flags[2]);

    /* binary: wrong type, wrong count, truncated, bad bool */
    const double d[3] = {1, 2, 3};
    path = rt_path("d.bin");
    CU_ASSERT_FATAL(gmrt_prop_save_binary(path, GMRT_T_DOUBLE, d, 3, &err));
    double back[4];
    CU_ASSERT(!gmrt_prop_load(path, GMRT_T_FLOAT, back, 3, &err));
    RT_ASSERT_MSG(err, "byte 12: values of type double (8 bytes), expected float (4 bytes)");
    CU_ASSERT(!gmrt_prop_load(path, GMRT_T_DOUBLE, back, 4, &err));
    RT_ASSERT_MSG(err, "byte 24: 3 values, expected 4");
    FILE *f = fopen(path, "rb");
    unsigned char raw[64];
    size_t len = fread(raw, 1, sizeof raw, f);
    fclose(f);
    CU_ASSERT_EQUAL(len, 32 + 24);
    rt_write(rt_path("short.bin"), raw, len - 1);
    CU_ASSERT(!gmrt_prop_load(rt_path("short.bin"), GMRT_T_DOUBLE, back, 3, &err));
    RT_ASSERT_MSG(err, "file size 55, expected 56 for 3 values");
    const bool bools[2] = {true, false};
    path = rt_path("b.bin");
    CU_ASSERT_FATAL(gmrt_prop_save_binary(path, GMRT_T_BOOL, bools, 2, &err));
    f = fopen(path, "rb");
    len = fread(raw, 1, sizeof raw, f);
    fclose(f);
    raw[33] = 7;
    rt_write(path, raw, len);
    bool bb[2];
    CU_ASSERT(!gmrt_prop_load(path, GMRT_T_BOOL, bb, 2, &err));
    RT_ASSERT_MSG(err, "byte 33: bool value 7, expected 0 or 1");
    CU_ASSERT(!gmrt_prop_load(rt_path("none.txt"), GMRT_T_BOOL, bb, 2, &err));
    CU_ASSERT_EQUAL(err.code, GMRT_E_IO);

    /* from memory: the same parser, named in messages */
    int32_t three[3];
    CU_ASSERT(gmrt_prop_load_mem("4\n-5\n6", 6, "mem", GMRT_T_INT32, three, 3, &err));
    CU_ASSERT(three[0] == 4 && three[1] == -5 && three[2] == 6);
    CU_ASSERT(!gmrt_prop_load_mem("4\n-5\n6", 6, "mem", GMRT_T_INT32, three, 2, &err));
    RT_ASSERT_MSG(err, "mem:3: more values than the 2 expected");
}

static void test_graph_property_helpers(void)
{
    gm_graph *g = rt_random_graph(50, 300, 2, false, false);
    double *rank = malloc(g->num_nodes * sizeof *rank), *back = malloc(g->num_nodes * sizeof *back);
    int32_t *len = malloc(g->num_edges * sizeof *len), *lback = malloc(g->num_edges * sizeof *lback);
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        rank[u] = 1.0 / (u + 1);
    for (gm_edge_t e = 0; e < g->num_edges; e++)
        len[e] = (int32_t)(e * 3);
    gmrt_error err;
    CU_ASSERT(gmrt_node_prop_save_text(g, rt_path("rank.txt"), GMRT_T_DOUBLE, rank, &err));
    CU_ASSERT(gmrt_edge_prop_save_text(g, rt_path("len.txt"), GMRT_T_INT32, len, &err));
    CU_ASSERT(gmrt_node_prop_load(g, rt_path("rank.txt"), GMRT_T_DOUBLE, back, &err));
    CU_ASSERT(gmrt_edge_prop_load(g, rt_path("len.txt"), GMRT_T_INT32, lback, &err));
    CU_ASSERT(memcmp(rank, back, g->num_nodes * sizeof *rank) == 0);
    CU_ASSERT(memcmp(len, lback, g->num_edges * sizeof *len) == 0);
    /* a node property does not load as an edge property */
    CU_ASSERT(!gmrt_edge_prop_load(g, rt_path("rank.txt"), GMRT_T_DOUBLE, back, &err));
    free(rank);
    free(back);
    free(len);
    free(lback);
    gmrt_graph_free(g);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"uniform and rand", test_uniform_and_rand},
        {"streams and per-thread generators", test_streams_reproducible},
        {"random node and neighbour", test_random_node_and_neighbour},
        {"timer", test_timer},
        {"property text round trips", test_props_text},
        {"property binary round trips", test_props_binary},
        {"property file errors", test_props_errors},
        {"node and edge property helpers", test_graph_property_helpers},
        CU_TEST_INFO_NULL,
    };
    return rt_run("rng and properties", tests);
}
