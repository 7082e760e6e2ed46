/* test_collections.c: Node_Set, Node_Order, Node_Seq and Collection:
 * each operation against a brute-force model under random operations, the
 * PushFront order of Node_Seq, and the thread-safe variants under OpenMP. */
#include "rt_test.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ Node_Set */

static bool set_matches(gmrt_nodeset *s, const bool *model, gm_node_t n)
{
    int64_t count = 0, members = 0;
    for (gm_node_t v = 0; v < n; v++) {
        members += model[v];
        if (gmrt_nodeset_has(s, v) != model[v])
            return false;
    }
    const gm_node_t *items = gmrt_nodeset_items(s, &count);
    if (count != members || gmrt_nodeset_size(s) != members)
        return false;
    bool *seen = calloc(n, 1);
    bool ok = true;
    for (int64_t i = 0; i < count; i++) {
        ok = ok && items[i] >= 0 && items[i] < n && model[items[i]] && !seen[items[i]];
        if (items[i] >= 0 && items[i] < n)
            seen[items[i]] = true;
    }
    free(seen);
    return ok;
}

static void test_set_random_operations(void)
{
    const gm_node_t n = 300;
    gmrt_nodeset *s = gmrt_nodeset_new(n), *t = gmrt_nodeset_new(n);
    bool ms[300] = {0}, mt[300] = {0};
    gmrt_rng r = gmrt_rng_make(1, 2);
    int mismatches = 0;
    for (int step = 0; step < 20000; step++) {
        gm_node_t v = (gm_node_t)gmrt_rand(&r, n);
        switch (gmrt_rand(&r, 10)) {
        case 0: case 1: case 2:
            mismatches += gmrt_nodeset_add(s, v) != !ms[v];
            ms[v] = true;
            break;
        case 3: case 4:
            mismatches += gmrt_nodeset_remove(s, v) != ms[v];
            ms[v] = false;
            break;
        case 5: {
            gmrt_nodeset_add(t, v);
            mt[v] = true;
            gm_node_t x = (gm_node_t)gmrt_rand(&r, n);
            mismatches += gmrt_nodeset_remove(t, x) != mt[x];
            mt[x] = false;
            break;
        }
        case 6:
            if (gmrt_rand(&r, 50) == 0) {
                int op = (int)gmrt_rand(&r, 3);
                if (op == 0)
                    gmrt_nodeset_union(s, t);
                else if (op == 1)
                    gmrt_nodeset_intersect(s, t);
                else
                    gmrt_nodeset_complement(s, t);
                for (gm_node_t w = 0; w < n; w++)
                    ms[w] = op == 0 ? (ms[w] || mt[w]) : op == 1 ? (ms[w] && mt[w]) : (ms[w] && !mt[w]);
            }
            break;
        case 7: {
            bool subset = true;
            for (gm_node_t w = 0; w < n; w++)
                subset = subset && (!ms[w] || mt[w]);
            mismatches += gmrt_nodeset_is_subset(s, t) != subset;
            break;
        }
        case 8:
            if (gmrt_rand(&r, 200) == 0) {
                gmrt_nodeset_clear(s);
                memset(ms, 0, sizeof ms);
            }
            break;
        default:
            if (step % 97 == 0)
                mismatches += !set_matches(s, ms, n);
        }
    }
    mismatches += !set_matches(s, ms, n);
    mismatches += !set_matches(t, mt, n);
    CU_ASSERT_EQUAL(mismatches, 0);
    gmrt_nodeset_free(s);
    gmrt_nodeset_free(t);
}

static void test_set_items_order_and_bounds(void)
{
    gmrt_nodeset *s = gmrt_nodeset_new(100);
    CU_ASSERT(!gmrt_nodeset_add(s, -1)); /* NIL is never a member */
    CU_ASSERT(!gmrt_nodeset_add(s, 100));
    CU_ASSERT(!gmrt_nodeset_has(s, GMRT_NIL_NODE));
    gmrt_nodeset_add(s, 70);
    gmrt_nodeset_add(s, 5);
    gmrt_nodeset_add(s, 33);
    int64_t count;
    const gm_node_t *items = gmrt_nodeset_items(s, &count);
    CU_ASSERT_EQUAL(count, 3);
    CU_ASSERT(items[0] == 70 && items[1] == 5 && items[2] == 33); /* insertion order */
    gmrt_nodeset_remove(s, 5);
    gmrt_nodeset_add(s, 90);
    items = gmrt_nodeset_items(s, &count);
    CU_ASSERT_EQUAL(count, 3);
    CU_ASSERT(items[0] == 33 && items[1] == 70 && items[2] == 90); /* rebuilt ascending */

    gmrt_nodeset *big = gmrt_nodeset_new(1000), *copy = gmrt_nodeset_new(3);
    gmrt_nodeset_add(big, 999);
    gmrt_nodeset_union(s, big); /* other's members beyond our capacity are ignored */
    CU_ASSERT_EQUAL(gmrt_nodeset_size(s), 3);
    CU_ASSERT(gmrt_nodeset_copy(copy, big));
    CU_ASSERT(gmrt_nodeset_has(copy, 999));
    CU_ASSERT_EQUAL(gmrt_nodeset_size(copy), 1);
    gmrt_nodeset_free(copy);
    gmrt_nodeset_free(big);
    gmrt_nodeset_free(s);
}

static void test_set_parallel(void)
{
    const gm_node_t n = 100000;
    gmrt_nodeset *s = gmrt_nodeset_new(n);
    int64_t added = 0;
#pragma omp parallel for num_threads(4) reduction(+ : added)
    for (int i = 0; i < 400000; i++)
        added += gmrt_nodeset_add_par(s, (gm_node_t)((i * 7) % 50000));
    CU_ASSERT_EQUAL(added, 50000);
    CU_ASSERT_EQUAL(gmrt_nodeset_size(s), 50000);
    int64_t removed = 0;
#pragma omp parallel for num_threads(4) reduction(+ : removed)
    for (int i = 0; i < 100000; i++)
        removed += gmrt_nodeset_remove_par(s, (gm_node_t)(i % 25000));
    CU_ASSERT_EQUAL(removed, 25000);
    int64_t count;
    const gm_node_t *items = gmrt_nodeset_items(s, &count);
    CU_ASSERT_EQUAL(count, 25000);
    int bad = 0;
    for (int64_t i = 0; i < count; i++)
        bad += items[i] != 25000 + i; /* ascending after removals */
    CU_ASSERT_EQUAL(bad, 0);
    gmrt_nodeset_free(s);
}

/* ------------------------------------------------- Node_Order / Node_Seq */

static void test_order(void)
{
    gmrt_nodeorder *o = gmrt_nodeorder_new(50);
    CU_ASSERT(gmrt_nodeorder_push_back(o, 3));
    CU_ASSERT(gmrt_nodeorder_push_back(o, 7));
    CU_ASSERT(gmrt_nodeorder_push_front(o, 9));
    CU_ASSERT(!gmrt_nodeorder_push_back(o, 3)); /* no duplicates */
    CU_ASSERT(!gmrt_nodeorder_push_front(o, 7));
    CU_ASSERT(!gmrt_nodeorder_push_back(o, 50));
    CU_ASSERT_EQUAL(gmrt_nodeorder_size(o), 3);
    const gm_node_t fwd[] = {9, 3, 7};
    for (int64_t i = 0; i < 3; i++)
        CU_ASSERT_EQUAL(gmrt_nodeorder_at(o, i), fwd[i]);
    CU_ASSERT(gmrt_nodeorder_has(o, 9) && !gmrt_nodeorder_has(o, 8));
    CU_ASSERT_EQUAL(gmrt_nodeorder_pop_front(o), 9);
    CU_ASSERT(!gmrt_nodeorder_has(o, 9));
    CU_ASSERT(gmrt_nodeorder_push_back(o, 9)); /* may come back after a pop */
    CU_ASSERT_EQUAL(gmrt_nodeorder_pop_back(o), 9);
    CU_ASSERT_EQUAL(gmrt_nodeorder_pop_back(o), 7);
    CU_ASSERT_EQUAL(gmrt_nodeorder_pop_back(o), 3);
    CU_ASSERT_EQUAL(gmrt_nodeorder_pop_back(o), GMRT_NIL_NODE);
    CU_ASSERT_EQUAL(gmrt_nodeorder_pop_front(o), GMRT_NIL_NODE);
    for (gm_node_t v = 0; v < 50; v++)
        gmrt_nodeorder_push_front(o, v);
    gmrt_nodeorder *c = gmrt_nodeorder_new(50);
    CU_ASSERT(gmrt_nodeorder_copy(c, o));
    gmrt_nodeorder_clear(o);
    CU_ASSERT_EQUAL(gmrt_nodeorder_size(o), 0);
    CU_ASSERT(!gmrt_nodeorder_has(o, 10));
    CU_ASSERT_EQUAL(gmrt_nodeorder_size(c), 50);
    int bad = 0;
    for (int64_t i = 0; i < 50; i++)
        bad += gmrt_nodeorder_at(c, i) != 49 - i || !gmrt_nodeorder_has(c, (gm_node_t)i);
    CU_ASSERT_EQUAL(bad, 0);
    gmrt_nodeorder_free(c);
    gmrt_nodeorder_free(o);
}

static void test_seq_push_front_order(void)
{
    /* the old compiler iterated a PushFront-only sequence backwards; here a
     * sequence filled with PushFront 1, 2, 3 reads 3, 2, 1 forwards */
    gmrt_nodeseq *q = gmrt_nodeseq_new(10);
    gmrt_nodeseq_push_front(q, 1);
    gmrt_nodeseq_push_front(q, 2);
    gmrt_nodeseq_push_front(q, 3);
    CU_ASSERT_EQUAL(gmrt_nodeseq_size(q), 3);
    CU_ASSERT(gmrt_nodeseq_at(q, 0) == 3 && gmrt_nodeseq_at(q, 1) == 2 && gmrt_nodeseq_at(q, 2) == 1);
    /* reverse iteration reads them in push order */
    gm_node_t rev[3];
    int k = 0;
    for (int64_t i = gmrt_nodeseq_size(q); i-- > 0;)
        rev[k++] = gmrt_nodeseq_at(q, i);
    CU_ASSERT(rev[0] == 1 && rev[1] == 2 && rev[2] == 3);
    CU_ASSERT_EQUAL(gmrt_nodeseq_pop_front(q), 3);
    CU_ASSERT_EQUAL(gmrt_nodeseq_pop_back(q), 1);
    gmrt_nodeseq_free(q);
}

static void test_seq_against_model(void)
{
    /* a deque model with room on both sides */
    enum { CAP = 40000 };
    static gm_node_t model[2 * CAP];
    int64_t head = CAP, tail = CAP;
    gmrt_nodeseq *q = gmrt_nodeseq_new(1000);
    gmrt_rng r = gmrt_rng_make(4, 4);
    int bad = 0;
    for (int step = 0; step < 30000; step++) {
        gm_node_t v = (gm_node_t)gmrt_rand(&r, 1000);
        switch (gmrt_rand(&r, 6)) {
        case 0: case 1:
            gmrt_nodeseq_push_back(q, v);
            model[tail++] = v;
            break;
        case 2: case 3:
            gmrt_nodeseq_push_front(q, v);
            model[--head] = v;
            break;
        case 4:
            bad += gmrt_nodeseq_pop_front(q) != (head < tail ? model[head] : GMRT_NIL_NODE);
            if (head < tail)
                head++;
            break;
        default:
            bad += gmrt_nodeseq_pop_back(q) != (head < tail ? model[tail - 1] : GMRT_NIL_NODE);
            if (head < tail)
                tail--;
        }
        if (step % 1000 == 0) {
            bad += gmrt_nodeseq_size(q) != tail - head;
            for (int64_t i = 0; i < tail - head; i++)
                bad += gmrt_nodeseq_at(q, i) != model[head + i];
        }
    }
    gmrt_nodeseq *c = gmrt_nodeseq_new(1000);
    CU_ASSERT(gmrt_nodeseq_copy(c, q));
    bad += gmrt_nodeseq_size(c) != tail - head;
    for (int64_t i = 0; i < tail - head; i++)
        bad += gmrt_nodeseq_at(c, i) != model[head + i];
    CU_ASSERT_EQUAL(bad, 0);
    gmrt_nodeseq_clear(q);
    CU_ASSERT_EQUAL(gmrt_nodeseq_size(q), 0);
    CU_ASSERT_EQUAL(gmrt_nodeseq_pop_back(q), GMRT_NIL_NODE);
    gmrt_nodeseq_free(c);
    gmrt_nodeseq_free(q);
}

static void test_parallel_push(void)
{
    gmrt_nodeseq *q = gmrt_nodeseq_new(1000);
    gmrt_nodeorder *o = gmrt_nodeorder_new(1000);
    int64_t added = 0;
#pragma omp parallel for num_threads(4) reduction(+ : added)
    for (int i = 0; i < 20000; i++) {
        if (i % 2)
            gmrt_nodeseq_push_back_par(q, (gm_node_t)(i % 1000));
        else
            gmrt_nodeseq_push_front_par(q, (gm_node_t)(i % 1000));
        added += (i % 3 ? gmrt_nodeorder_push_back_par(o, (gm_node_t)(i % 1000))
                        : gmrt_nodeorder_push_front_par(o, (gm_node_t)(i % 1000)));
    }
    CU_ASSERT_EQUAL(gmrt_nodeseq_size(q), 20000);
    CU_ASSERT_EQUAL(added, 1000);
    CU_ASSERT_EQUAL(gmrt_nodeorder_size(o), 1000);
    int counts[1000] = {0}, bad = 0;
    for (int64_t i = 0; i < gmrt_nodeseq_size(q); i++)
        counts[gmrt_nodeseq_at(q, i)]++;
    for (int v = 0; v < 1000; v++)
        bad += counts[v] != 20;
    memset(counts, 0, sizeof counts);
    for (int64_t i = 0; i < gmrt_nodeorder_size(o); i++)
        counts[gmrt_nodeorder_at(o, i)]++;
    for (int v = 0; v < 1000; v++)
        bad += counts[v] != 1;
    CU_ASSERT_EQUAL(bad, 0);
    int64_t popped = 0;
#pragma omp parallel for num_threads(4) reduction(+ : popped)
    for (int i = 0; i < 30000; i++)
        popped += (i % 2 ? gmrt_nodeseq_pop_front_par(q) : gmrt_nodeseq_pop_back_par(q)) != GMRT_NIL_NODE;
    CU_ASSERT_EQUAL(popped, 20000);
    gmrt_nodeseq_free(q);
    gmrt_nodeorder_free(o);
}

/* ---------------------------------------------------------- Collection */

static void test_collection(void)
{
    gmrt_collection *c = gmrt_collection_new(GMRT_COLL_SET, 100);
    gmrt_nodeset *s = gmrt_nodeset_new(100);
    gmrt_nodeset_add(s, 1);
    CU_ASSERT(gmrt_collection_push_back(c, s));
    gmrt_nodeset_add(s, 2); /* value semantics: the stored copy keeps {1} */
    CU_ASSERT(gmrt_collection_push_front(c, s));
    CU_ASSERT_EQUAL(gmrt_collection_size(c), 2);
    const gmrt_nodeset *first = gmrt_collection_at(c, 0), *second = gmrt_collection_at(c, 1);
    CU_ASSERT_EQUAL(gmrt_nodeset_size(first), 2);
    CU_ASSERT_EQUAL(gmrt_nodeset_size(second), 1);
    gmrt_nodeset *out = gmrt_nodeset_new(100);
    CU_ASSERT(gmrt_collection_pop_back_into(c, out));
    CU_ASSERT(gmrt_nodeset_has(out, 1) && !gmrt_nodeset_has(out, 2));
    gmrt_nodeset *owned = gmrt_collection_pop_front(c);
    CU_ASSERT_FATAL(owned != NULL);
    CU_ASSERT(gmrt_nodeset_has(owned, 2));
    gmrt_collection_free_elem(GMRT_COLL_SET, owned);
    CU_ASSERT(gmrt_collection_pop_front(c) == NULL);
    CU_ASSERT(!gmrt_collection_pop_front_into(c, out)); /* empty: out is cleared */
    CU_ASSERT_EQUAL(gmrt_nodeset_size(out), 0);
    gmrt_nodeset_free(out);
    gmrt_nodeset_free(s);
    gmrt_collection_free(c);

    /* a collection of sequences keeps each one's order; many pushes grow it */
    gmrt_collection *cq = gmrt_collection_new(GMRT_COLL_SEQ, 10);
    gmrt_nodeseq *q = gmrt_nodeseq_new(10);
    for (int i = 0; i < 100; i++) {
        gmrt_nodeseq_push_front(q, (gm_node_t)(i % 10));
        CU_ASSERT(gmrt_collection_push_back(cq, q));
    }
    CU_ASSERT_EQUAL(gmrt_collection_size(cq), 100);
    const gmrt_nodeseq *last = gmrt_collection_at(cq, 99);
    CU_ASSERT_EQUAL(gmrt_nodeseq_size(last), 100);
    CU_ASSERT_EQUAL(gmrt_nodeseq_at(last, 0), 9);
    CU_ASSERT_EQUAL(gmrt_nodeseq_size((const gmrt_nodeseq *)gmrt_collection_at(cq, 0)), 1);
    gmrt_collection_clear(cq);
    CU_ASSERT_EQUAL(gmrt_collection_size(cq), 0);
    gmrt_nodeseq_free(q);
    gmrt_collection_free(cq);

    gmrt_collection *co = gmrt_collection_new(GMRT_COLL_ORDER, 10);
    gmrt_nodeorder *o = gmrt_nodeorder_new(10);
    gmrt_nodeorder_push_back(o, 4);
#pragma omp parallel for num_threads(4)
    for (int i = 0; i < 64; i++)
        gmrt_collection_push_back_par(co, o);
    CU_ASSERT_EQUAL(gmrt_collection_size(co), 64);
    gmrt_nodeorder *oo = gmrt_nodeorder_new(10);
    CU_ASSERT(gmrt_collection_pop_back_into(co, oo));
    CU_ASSERT(gmrt_nodeorder_has(oo, 4));
    gmrt_nodeorder_free(oo);
    gmrt_nodeorder_free(o);
    gmrt_collection_free(co);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"Node_Set against a model", test_set_random_operations},
        {"Node_Set items and bounds", test_set_items_order_and_bounds},
        {"Node_Set thread-safe add/remove", test_set_parallel},
        {"Node_Order", test_order},
        {"Node_Seq PushFront order", test_seq_push_front_order},
        {"Node_Seq against a model", test_seq_against_model},
        {"thread-safe pushes and pops", test_parallel_push},
        {"Collection", test_collection},
        CU_TEST_INFO_NULL,
    };
    return rt_run("collections", tests);
}
