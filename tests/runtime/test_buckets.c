/* test_buckets.c: gmrt_buckets (the OpenMP target's nearest-first fixpoint)
 * driven by hand, one step at a time as the generated code drives it: every
 * entry comes out once, bins in order, near and far entries clamped, the
 * ring reused past its length, several threads' bins merged; bin fusion
 * (gmrt_bk_fuse); the 8-byte entries of 4-byte keys; and the bin width's
 * rule. */
#include "rt_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One step for a team of nt threads, run in turn; false at the fixpoint. */
static bool step(gmrt_buckets *b, int nt)
{
    for (int t = 0; t < nt; t++)
        gmrt_bk_local_min(b, t);
    if (!gmrt_bk_plan(b))
        return false;
    for (int t = 0; t < nt; t++)
        gmrt_bk_gather(b, t);
    return true;
}

/* Random priorities from 3 threads: each entry once, in the bin of its
 * priority, bins in increasing order. */
static void test_order(void)
{
    enum { N = 5000, NT = 3 };
    gmrt_buckets b;
    CU_ASSERT_FATAL(gmrt_bk_init(&b, NT, 10.0, 2.5));
    int *seen = calloc(N, sizeof *seen);
    CU_ASSERT_FATAL(seen != NULL);
    uint64_t x = 12345;
    double prio[N];
    for (int i = 0; i < N; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        prio[i] = 10.0 + (double)(x >> 40) / (double)(1 << 24) * 2000.0; /* [10, 2010): bins 0 .. 799 */
        gmrt_bk_push(&b, i % NT, (gm_node_t)i, (double)i * 0.5, prio[i]);
    }
    int64_t last = -1, got = 0;
    while (step(&b, NT)) {
        CU_ASSERT(b.cur > last);
        last = b.cur;
        for (int64_t k = 0; k < b.nfront; k++) {
            gm_node_t v = b.front[k].node;
            CU_ASSERT_FATAL(v >= 0 && v < N);
            seen[v]++;
            CU_ASSERT_EQUAL(b.front[k].key, (double)v * 0.5);
            CU_ASSERT_EQUAL((int64_t)floor((prio[v] - 10.0) / 2.5), b.cur);
        }
        got += b.nfront;
    }
    CU_ASSERT_EQUAL(got, N);
    for (int i = 0; i < N; i++)
        CU_ASSERT_EQUAL(seen[i], 1);
    CU_ASSERT_EQUAL(b.nfront, 0);
    free(seen);
    gmrt_bk_free(&b);
}

/* An entry nearer than the current bin (or NaN) goes into the current bin;
 * one past the ring into its farthest bin; the ring wraps around as the
 * current bin moves on (entries pushed during a step, as a relaxation does). */
static void test_clamp_and_wrap(void)
{
    gmrt_buckets b;
    CU_ASSERT_FATAL(gmrt_bk_init(&b, 1, 0.0, 1.0));
    gmrt_bk_push(&b, 0, 1, 0, 5.0);
    CU_ASSERT_FATAL(step(&b, 1));
    CU_ASSERT_EQUAL(b.cur, 5);
    CU_ASSERT_EQUAL(b.nfront, 1);
    /* during bin 5's step: below it, NaN, and far past the ring */
    gmrt_bk_push(&b, 0, 2, 0, -100.0);
    gmrt_bk_push(&b, 0, 3, 0, NAN);
    gmrt_bk_push(&b, 0, 4, 0, 1e12);
    gmrt_bk_push(&b, 0, 5, 0, 5.0 + GMRT_BK_RING - 1.5); /* the ring's second-farthest bin */
    CU_ASSERT_FATAL(step(&b, 1));
    CU_ASSERT_EQUAL(b.cur, 5); /* the current bin again */
    CU_ASSERT_EQUAL(b.nfront, 2);
    CU_ASSERT_FATAL(step(&b, 1));
    CU_ASSERT_EQUAL(b.cur, 5 + GMRT_BK_RING - 2);
    CU_ASSERT_EQUAL(b.front[0].node, 5);
    CU_ASSERT_FATAL(step(&b, 1));
    CU_ASSERT_EQUAL(b.cur, 5 + GMRT_BK_RING - 1);
    CU_ASSERT_EQUAL(b.front[0].node, 4);
    /* 3 ring lengths on, bin by bin: each pushed one bin ahead of the current */
    int64_t start = b.cur;
    for (int64_t i = 1; i <= 3 * GMRT_BK_RING; i++) {
        gmrt_bk_push(&b, 0, (gm_node_t)(i % 1000), (double)i, (double)(b.cur + 1) + 0.5);
        CU_ASSERT_FATAL(step(&b, 1));
        CU_ASSERT_EQUAL(b.cur, start + i);
        CU_ASSERT_EQUAL(b.nfront, 1);
        CU_ASSERT_EQUAL(b.front[0].key, (double)i);
    }
    CU_ASSERT_FALSE(step(&b, 1));
    gmrt_bk_free(&b);
}

/* A bin that grew large is emptied and its memory freed, then refilled. */
static void test_large_bin(void)
{
    gmrt_buckets b;
    CU_ASSERT_FATAL(gmrt_bk_init(&b, 2, 0.0, 0.0)); /* delta 0: taken as 1 */
    CU_ASSERT_EQUAL(b.delta, 1.0);
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 3000; i++)
            gmrt_bk_push(&b, i & 1, (gm_node_t)i, (double)round, 7.25);
        CU_ASSERT_FATAL(step(&b, 2));
        CU_ASSERT_EQUAL(b.cur, 7);
        CU_ASSERT_EQUAL(b.nfront, 3000);
        int64_t sum = 0;
        for (int64_t k = 0; k < b.nfront; k++)
            sum += b.front[k].node;
        CU_ASSERT_EQUAL(sum, 2999 * 3000 / 2);
        CU_ASSERT_FALSE(step(&b, 2));
    }
    gmrt_bk_free(&b);
}


/* Bin fusion: after a step's gather, the entries a thread pushes into the
 * current bin are its own to relax at once while fewer than
 * GMRT_BK_FUSE_MAX: fuse hands them over once (its pending count drops),
 * pushes made while relaxing them land in the bin, not in the list being
 * read, and are handed over by the next call; a bin of GMRT_BK_FUSE_MAX or
 * more stays for the next step; a later bin is never fused. */
static void test_fuse(void)
{
    gmrt_buckets b;
    CU_ASSERT_FATAL(gmrt_bk_init(&b, 2, 0.0, 10.0));
    gmrt_bk_push(&b, 0, 1, 5.0, 5.0);
    CU_ASSERT_FATAL(step(&b, 2));
    CU_ASSERT_EQUAL(b.cur, 0);
    CU_ASSERT_EQUAL(gmrt_bk_fuse(&b, 0), 0); /* nothing pushed since the gather */
    for (int i = 0; i < 3; i++)
        gmrt_bk_push(&b, 0, (gm_node_t)(10 + i), 1.0 + i, 1.0 + i); /* bin 0: the current one */
    gmrt_bk_push(&b, 0, 99, 25.0, 25.0);                            /* bin 2: later */
    gmrt_bk_push(&b, 1, 50, 3.0, 3.0);                              /* thread 1's */
    CU_ASSERT_EQUAL(b.local[0].pending, 4);
    int64_t n = gmrt_bk_fuse(&b, 0);
    CU_ASSERT_EQUAL_FATAL(n, 3);
    CU_ASSERT_EQUAL(b.local[0].pending, 1);
    const gmrt_bk_entry *list = b.local[0].fused.e;
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_EQUAL(list[i].node, 10 + i);
        CU_ASSERT_EQUAL(list[i].key, 1.0 + i);
    }
    /* relaxing them pushes into the current bin again: not into list */
    gmrt_bk_push(&b, 0, 20, 4.0, 4.0);
    CU_ASSERT_EQUAL(list[0].node, 10);
    CU_ASSERT_EQUAL(gmrt_bk_fuse(&b, 0), 1);
    CU_ASSERT_EQUAL(b.local[0].fused.e[0].node, 20);
    CU_ASSERT_EQUAL(gmrt_bk_fuse(&b, 0), 0); /* empty now; bin 2's entry stays */
    CU_ASSERT_EQUAL(b.local[0].pending, 1);
    /* too many for one thread: left for the team's next step */
    for (int i = 0; i < GMRT_BK_FUSE_MAX; i++)
        gmrt_bk_push(&b, 0, (gm_node_t)(1000 + i), 2.0, 2.0);
    CU_ASSERT_EQUAL(gmrt_bk_fuse(&b, 0), 0);
    CU_ASSERT_EQUAL(b.local[0].pending, 1 + GMRT_BK_FUSE_MAX);
    /* the next steps still see every entry left: bin 0 (thread 0's many and
     * thread 1's one), then bin 2 */
    CU_ASSERT_FATAL(step(&b, 2));
    CU_ASSERT_EQUAL(b.cur, 0);
    CU_ASSERT_EQUAL(b.nfront, GMRT_BK_FUSE_MAX + 1);
    CU_ASSERT_FATAL(step(&b, 2));
    CU_ASSERT_EQUAL(b.cur, 2);
    CU_ASSERT_EQUAL(b.nfront, 1);
    CU_ASSERT_EQUAL(b.front[0].node, 99);
    CU_ASSERT_FALSE(step(&b, 2));
    gmrt_bk_free(&b);
}

/* The 8-byte entries of 4-byte keys (gmrt_bk_init_sized, gmrt_bk_push_i32
 * and _f32): from 3 threads, more entries than a bin's first buffer holds,
 * each comes out once with its exact key (Int keys past a Float's 24 bits,
 * Float keys with fractions, negative ones), bins in order; the gather lays
 * the threads' entries side by side at the entry's own size; fusion hands a
 * thread's own entries over in the same layout. */
static void test_small_entries(void)
{
    enum { N = 3000, NT = 3 };
    for (int kind = 0; kind < 2; kind++) {
        gmrt_buckets b;
        CU_ASSERT_FATAL(gmrt_bk_init_sized(&b, NT, 0.0, 4.0,
                                           kind ? sizeof(gmrt_bk_entry_f32) : sizeof(gmrt_bk_entry_i32)));
        CU_ASSERT_EQUAL(b.esize, 8);
        int *seen = calloc(N, sizeof *seen);
        CU_ASSERT_FATAL(seen != NULL);
        for (int i = 0; i < N; i++) {
            const double prio = (double)((i * 7919) % 997); /* bins 0 .. 249 */
            if (kind)
                gmrt_bk_push_f32(&b, i % NT, (gm_node_t)i, (float)i * 0.25f - 100.0f, prio);
            else
                gmrt_bk_push_i32(&b, i % NT, (gm_node_t)i, 16777216 * 64 + i, prio);
        }
        int64_t last = -1, got = 0;
        while (step(&b, NT)) {
            CU_ASSERT(b.cur > last);
            last = b.cur;
            for (int64_t k = 0; k < b.nfront; k++) {
                const gm_node_t v = kind ? b.front_f32[k].node : b.front_i32[k].node;
                CU_ASSERT_FATAL(v >= 0 && v < N);
                seen[v]++;
                if (kind) {
                    CU_ASSERT_EQUAL(b.front_f32[k].key, (float)v * 0.25f - 100.0f);
                } else {
                    CU_ASSERT_EQUAL(b.front_i32[k].key, 16777216 * 64 + v);
                }
                CU_ASSERT_EQUAL(((v * 7919) % 997) / 4, b.cur);
            }
            got += b.nfront;
        }
        CU_ASSERT_EQUAL(got, N);
        for (int i = 0; i < N; i++)
            CU_ASSERT_EQUAL(seen[i], 1);
        /* fusion: a thread's own entries of the current bin, same layout */
        if (kind)
            gmrt_bk_push_f32(&b, 1, 7, 1.5f, 2000.0);
        else
            gmrt_bk_push_i32(&b, 1, 7, -3, 2000.0);
        CU_ASSERT_FATAL(step(&b, NT));
        for (int i = 0; i < 5; i++) {
            if (kind)
                gmrt_bk_push_f32(&b, 1, (gm_node_t)(20 + i), 2.5f + (float)i, 2000.0);
            else
                gmrt_bk_push_i32(&b, 1, (gm_node_t)(20 + i), -40 - i, 2000.0);
        }
        CU_ASSERT_EQUAL_FATAL(gmrt_bk_fuse(&b, 1), 5);
        for (int i = 0; i < 5; i++) {
            if (kind) {
                CU_ASSERT_EQUAL(b.local[1].fused.e_f32[i].node, 20 + i);
                CU_ASSERT_EQUAL(b.local[1].fused.e_f32[i].key, 2.5f + (float)i);
            } else {
                CU_ASSERT_EQUAL(b.local[1].fused.e_i32[i].node, 20 + i);
                CU_ASSERT_EQUAL(b.local[1].fused.e_i32[i].key, -40 - i);
            }
        }
        CU_ASSERT_FALSE(step(&b, NT));
        free(seen);
        gmrt_bk_free(&b);
    }
}

/* The bin width: mean term x GMRT_BK_SCALE (road-like graphs) or
 * GMRT_BK_SCALE_FEW (dense or skewed ones) over the mean degree, the
 * environment's factor, and 1 for an empty or zero sample; the nearest-first
 * run is taken unless GMRT_PRIORITY=0. */
static void test_delta(void)
{
    const gm_node_t pairs[] = {0, 1, 1, 2, 2, 3, 3, 0, 0, 2, 1, 3, 2, 0, 3, 1}; /* 4 nodes, mean degree 2 */
    gm_graph *g = rt_graph(4, 8, pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    unsetenv("GMRT_BK_SCALE");
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta(30.0, 10, g), 3.0 * GMRT_BK_SCALE / 2.0, 1e-12);
    CU_ASSERT_EQUAL(gmrt_bk_delta(0.0, 10, g), 1.0);
    CU_ASSERT_EQUAL(gmrt_bk_delta(5.0, 0, g), 1.0);
    setenv("GMRT_BK_SCALE", "4", 1);
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta(30.0, 10, g), 6.0, 1e-12);
    setenv("GMRT_BK_SCALE", "x", 1); /* not a number: the default */
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta(30.0, 10, g), 3.0 * GMRT_BK_SCALE / 2.0, 1e-12);
    unsetenv("GMRT_BK_SCALE");
    unsetenv("GMRT_PRIORITY");
    CU_ASSERT(gmrt_bk_wanted(g)); /* nearest-first unless the environment says no */
    setenv("GMRT_PRIORITY", "1", 1);
    CU_ASSERT(gmrt_bk_wanted(g));
    setenv("GMRT_PRIORITY", "0", 1);
    CU_ASSERT_FALSE(gmrt_bk_wanted(g));
    unsetenv("GMRT_PRIORITY");
    gmrt_graph_free(g);
    /* a graph whose frontiers take few rounds (mean degree 9 > 8): the
     * narrower bins of GMRT_BK_SCALE_FEW; the environment still overrides */
    gm_node_t k10[2 * 90];
    int e = 0;
    for (gm_node_t u = 0; u < 10; u++)
        for (gm_node_t v = 0; v < 10; v++)
            if (u != v) {
                k10[e++] = u;
                k10[e++] = v;
            }
    gm_graph *dense = rt_graph(10, 90, k10, NULL);
    CU_ASSERT_FATAL(dense != NULL);
    CU_ASSERT(gmrt_few_rounds(dense));
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta(30.0, 10, dense), 3.0 * GMRT_BK_SCALE_FEW / 9.0, 1e-12);
    CU_ASSERT(gmrt_bk_wanted(dense));
    setenv("GMRT_BK_SCALE", "4", 1);
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta(30.0, 10, dense), 3.0 * 4.0 / 9.0, 1e-12);
    unsetenv("GMRT_BK_SCALE");
    gmrt_graph_free(dense);
}

/* The width capped at GMRT_BK_MIN_STEPS lightest terms: a sample whose
 * least term is light (a grid's length 1) gets the cap, one whose least term
 * is near its mean (a road graph's) the width as before; no cap for a
 * least term of 0 or none (HUGE_VAL: an empty sample), nor under the
 * environment's GMRT_BK_SCALE (the width asked for). */
static void test_delta_min(void)
{
    const gm_node_t pairs[] = {0, 1, 1, 2, 2, 3, 3, 0, 0, 2, 1, 3, 2, 0, 3, 1}; /* mean degree 2 */
    gm_graph *g = rt_graph(4, 8, pairs, NULL);
    CU_ASSERT_FATAL(g != NULL);
    unsetenv("GMRT_BK_SCALE");
    const double wide = gmrt_bk_delta(1280.0, 10, g); /* mean term 128: 128 x 32 / 2 */
    CU_ASSERT_DOUBLE_EQUAL(wide, 128.0 * GMRT_BK_SCALE / 2.0, 1e-9);
    CU_ASSERT(wide > GMRT_BK_MIN_STEPS * 1.0);
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta_min(1280.0, 10, 1.0, g), GMRT_BK_MIN_STEPS * 1.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta_min(1280.0, 10, 0.5, g), GMRT_BK_MIN_STEPS * 0.5, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta_min(1280.0, 10, 100.0, g), wide, 1e-9); /* 25,600 > 2,048 */
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta_min(1280.0, 10, 0.0, g), wide, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta_min(1280.0, 10, HUGE_VAL, g), wide, 1e-9);
    CU_ASSERT_EQUAL(gmrt_bk_delta_min(0.0, 0, HUGE_VAL, g), 1.0);
    setenv("GMRT_BK_SCALE", "32", 1);
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta_min(1280.0, 10, 1.0, g), 128.0 * 32.0 / 2.0, 1e-9);
    setenv("GMRT_BK_SCALE", "x", 1); /* not a number: as if unset, so capped */
    CU_ASSERT_DOUBLE_EQUAL(gmrt_bk_delta_min(1280.0, 10, 1.0, g), GMRT_BK_MIN_STEPS * 1.0, 1e-9);
    unsetenv("GMRT_BK_SCALE");
    gmrt_graph_free(g);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"order", test_order},
        {"clamp_and_wrap", test_clamp_and_wrap},
        {"large_bin", test_large_bin},
        {"fuse", test_fuse},
        {"small_entries", test_small_entries},
        {"delta", test_delta},
        {"delta_min", test_delta_min},
        CU_TEST_INFO_NULL,
    };
    return rt_run("buckets", tests);
}
