/* test_map.c: Map<K,V>: defaults per type, Get/Set/Has/Remove and the
 * min/max queries against a brute-force model under random operations,
 * tie-breaking, key normalisation, priority-queue use, and the locked
 * variants under OpenMP. */
#include "rt_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_defaults_and_basics(void)
{
    gmrt_map *m = gmrt_map_new(GMRT_T_NODE, GMRT_T_NODE);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL(gmrt_map_get_ii(m, 5), GMRT_NIL_NODE); /* missing Node value: NIL */
    CU_ASSERT_EQUAL(gmrt_map_min_key_i(m), GMRT_NIL_NODE);  /* empty map: key default */
    CU_ASSERT(!gmrt_map_has_min_value_i(m, 5));
    CU_ASSERT(gmrt_map_set_ii(m, 5, 7));
    CU_ASSERT(gmrt_map_has_i(m, 5));
    CU_ASSERT_EQUAL(gmrt_map_get_ii(m, 5), 7);
    CU_ASSERT(gmrt_map_set_ii(m, 5, 8)); /* overwrite */
    CU_ASSERT_EQUAL(gmrt_map_size(m), 1);
    CU_ASSERT_EQUAL(gmrt_map_get_ii(m, 5), 8);
    CU_ASSERT(gmrt_map_remove_i(m, 5));
    CU_ASSERT(!gmrt_map_remove_i(m, 5));
    CU_ASSERT_EQUAL(gmrt_map_size(m), 0);
    gmrt_map_free(m);

    m = gmrt_map_new(GMRT_T_INT32, GMRT_T_DOUBLE);
    CU_ASSERT_EQUAL(gmrt_map_get_id(m, 3), 0.0);
    gmrt_map_set_id(m, 3, 2.5);
    CU_ASSERT_EQUAL(gmrt_map_get_id(m, 3), 2.5);
    gmrt_map_clear(m);
    CU_ASSERT(!gmrt_map_has_i(m, 3));
    gmrt_map_free(m);

    m = gmrt_map_new(GMRT_T_EDGE, GMRT_T_BOOL);
    CU_ASSERT_EQUAL(gmrt_map_get_ii(m, 1), 0);
    gmrt_map_set_ii(m, 1, 42); /* a Bool stores true */
    CU_ASSERT_EQUAL(gmrt_map_get_ii(m, 1), 1);
    gmrt_map_free(m);

    m = gmrt_map_new(GMRT_T_DOUBLE, GMRT_T_FLOAT);
    gmrt_map_set_dd(m, -0.0, 0.1); /* -0.0 and 0.0 are one key; Float rounds */
    CU_ASSERT(gmrt_map_has_d(m, 0.0));
    CU_ASSERT_EQUAL(gmrt_map_get_dd(m, 0.0), (double)0.1f);
    gmrt_map_set_dd(m, NAN, 1);
    gmrt_map_set_dd(m, -NAN, 2);
    CU_ASSERT_EQUAL(gmrt_map_size(m), 2);
    CU_ASSERT_EQUAL(gmrt_map_get_dd(m, NAN), 2);
    gmrt_map_free(m);

    CU_ASSERT(gmrt_map_new((gmrt_type)0, GMRT_T_INT32) == NULL);
    CU_ASSERT(gmrt_map_new(GMRT_T_INT32, (gmrt_type)99) == NULL);
}

/* Brute-force extremes over the model (keys 0..K-1 present where has[]). */
static void model_extremes(const bool *has, const int64_t *val, int k, int64_t *min_key, int64_t *max_key)
{
    *min_key = *max_key = -1;
    for (int i = 0; i < k; i++) {
        if (!has[i])
            continue;
        if (*min_key < 0 || val[i] < val[*min_key])
            *min_key = i; /* strict: the smallest key wins ties */
        if (*max_key < 0 || val[i] > val[*max_key])
            *max_key = i;
    }
}

static void test_min_max_against_model(void)
{
    enum { K = 500 };
    bool has[K] = {0};
    int64_t val[K];
    gmrt_map *m = gmrt_map_new(GMRT_T_INT64, GMRT_T_INT64);
    gmrt_rng r = gmrt_rng_make(8, 8);
    int bad = 0;
    for (int step = 0; step < 50000; step++) {
        int64_t k = gmrt_rand(&r, K);
        int op = (int)gmrt_rand(&r, 8);
        if (op < 3) {
            int64_t v = gmrt_rand(&r, 60) - 30; /* many ties */
            gmrt_map_set_ii(m, k, v);
            has[k] = true;
            val[k] = v;
        } else if (op < 5) {
            bad += gmrt_map_remove_i(m, k) != has[k];
            has[k] = false;
        } else if (op == 5) {
            bad += gmrt_map_get_ii(m, k) != (has[k] ? val[k] : 0);
            bad += gmrt_map_has_i(m, k) != has[k];
        } else if (step > 2000 || op == 6) { /* heaps appear lazily, then stay */
            int64_t mn, mx;
            model_extremes(has, val, K, &mn, &mx);
            if (mn < 0) {
                bad += gmrt_map_size(m) != 0;
                continue;
            }
            bad += gmrt_map_min_key_i(m) != mn;
            bad += gmrt_map_max_key_i(m) != mx;
            bad += gmrt_map_min_value_i(m) != val[mn];
            bad += gmrt_map_max_value_i(m) != val[mx];
            bad += gmrt_map_has_min_value_i(m, k) != (has[k] && val[k] == val[mn]);
            bad += gmrt_map_has_max_value_i(m, k) != (has[k] && val[k] == val[mx]);
        }
        if (step % 5000 == 0) {
            int count = 0;
            for (int i = 0; i < K; i++)
                count += has[i];
            bad += gmrt_map_size(m) != count;
            /* iteration sees each entry once with its value */
            for (int64_t i = 0; i < gmrt_map_size(m); i++) {
                int64_t key = gmrt_map_key_at(m, i).i;
                bad += key < 0 || key >= K || !has[key] || gmrt_map_value_at(m, i).i != val[key];
            }
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    gmrt_map_free(m);
}

static void test_priority_queue(void)
{
    /* Dijkstra's pattern: repeatedly take the node of minimum distance */
    gmrt_map *m = gmrt_map_new(GMRT_T_NODE, GMRT_T_DOUBLE);
    gmrt_rng r = gmrt_rng_make(3, 1);
    const int n = 20000;
    for (int i = 0; i < n; i++)
        gmrt_map_set_id(m, i, gmrt_uniform(&r));
    CU_ASSERT_EQUAL(gmrt_map_min_key_i(m) >= 0, 1);
    for (int i = 0; i < n; i += 3) /* decrease-key on some */
        gmrt_map_set_id(m, i, gmrt_map_get_id(m, i) / 2);
    double last = -1;
    int bad = 0, taken = 0;
    while (gmrt_map_size(m) > 0) {
        int64_t k = gmrt_map_min_key_i(m);
        double v = gmrt_map_min_value_d(m);
        bad += v < last || gmrt_map_get_id(m, k) != v || !gmrt_map_has_min_value_i(m, k);
        last = v;
        gmrt_map_remove_i(m, k);
        taken++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(taken, n);
    gmrt_map_free(m);
}

static void test_real_keys_and_nan_values(void)
{
    gmrt_map *m = gmrt_map_new(GMRT_T_DOUBLE, GMRT_T_DOUBLE);
    gmrt_map_set_dd(m, 1.5, 3);
    gmrt_map_set_dd(m, -2.25, -INFINITY);
    gmrt_map_set_dd(m, 7, NAN);
    gmrt_map_set_dd(m, 8, 3);
    CU_ASSERT_EQUAL(gmrt_map_min_key_d(m), -2.25);
    CU_ASSERT(isinf(gmrt_map_min_value_d(m)));
    CU_ASSERT_EQUAL(gmrt_map_max_key_d(m), 7); /* NaN sorts above every number */
    gmrt_map_remove_d(m, 7);
    CU_ASSERT_EQUAL(gmrt_map_max_key_d(m), 1.5); /* tie 3 vs 3: the smaller key */
    CU_ASSERT(gmrt_map_has_max_value_d(m, 8));
    gmrt_map_free(m);
}

static void test_parallel_set(void)
{
    gmrt_map *m = gmrt_map_new(GMRT_T_INT64, GMRT_T_INT64);
#pragma omp parallel for num_threads(4)
    for (int i = 0; i < 40000; i++)
        gmrt_map_set_par(m, gmrt_si(i % 10000), gmrt_si(i % 10000 * 2));
    CU_ASSERT_EQUAL(gmrt_map_size(m), 10000);
    int bad = 0;
#pragma omp parallel for num_threads(4) reduction(+ : bad)
    for (int i = 0; i < 10000; i++)
        bad += gmrt_map_get_par(m, gmrt_si(i)).i != 2 * i || !gmrt_map_has_par(m, gmrt_si(i));
    CU_ASSERT_EQUAL(bad, 0);
    int removed = 0;
#pragma omp parallel for num_threads(4) reduction(+ : removed)
    for (int i = 0; i < 20000; i++)
        removed += gmrt_map_remove_par(m, gmrt_si(i));
    CU_ASSERT_EQUAL(removed, 10000);
    CU_ASSERT_EQUAL(gmrt_map_size(m), 0);
    gmrt_map_free(m);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"defaults and basic operations", test_defaults_and_basics},
        {"min/max queries against a model", test_min_max_against_model},
        {"priority queue (Dijkstra)", test_priority_queue},
        {"real keys, NaN values, ties", test_real_keys_and_nan_values},
        {"locked variants under OpenMP", test_parallel_set},
        CU_TEST_INFO_NULL,
    };
    return rt_run("map", tests);
}
