/* test_sync.c: unit tests of the sync analysis' API (gm_analysis/gma_sync.h)
 * on programs taken through gmc's stages, as the --distributed code
 * generator uses it: gma_syncs_at finds a statement's syncs as one
 * contiguous group in the order they must run (reduce before broadcast
 * before reset, a payload after its key), gma_sync_span tells the loops
 * that run over ghosts, and constructs it cannot distribute are errors of
 * class [dist-unsupported] with a NULL plan. The placement itself is
 * pinned by the golden tests of tests/sync/. */
#include "lower_util.h"

#include "ast_walk.h"
#include "gma_plan.h"
#include "gma_sync.h"

/* The n-th (from 0) parallel Foreach of the first procedure's body, in
 * preorder at host level. */
typedef struct nth_loop {
    int n;
    const gm_stmt *found;
} nth_loop;

static gm_walk_step find_loop(const gm_stmt *s, void *ctx)
{
    nth_loop *l = ctx;
    if (s->kind == GMS_FOREACH && s->parallel) {
        if (l->n-- == 0) {
            l->found = s;
            return GM_WALK_STOP;
        }
        return GM_WALK_SKIP;
    }
    return GM_WALK_ON;
}

static const gm_stmt *loop_of(const gm_program *p, int n)
{
    nth_loop l = {n, NULL};
    gm_walk_hooks h = {find_loop, NULL, NULL, NULL};
    gm_walk_hooked(p->procs->body, false, &h, &l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l.found);
    return l.found;
}

/* Every sync lies in the group gma_syncs_at returns for its point. */
static void assert_groups(const gma_sync_plan *sp)
{
    for (int i = 0; i < sp->n; i++) {
        int n = 0;
        const gma_sync *g = gma_syncs_at(sp, sp->syncs[i].at, sp->syncs[i].after, &n);
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        CU_ASSERT_TRUE(g <= &sp->syncs[i] && &sp->syncs[i] < g + n);
        for (int k = 0; k < n; k++)
            CU_ASSERT_TRUE(g[k].at == sp->syncs[i].at && g[k].after == sp->syncs[i].after);
    }
}

static const char *pagerank =
    "Procedure pr(G: Graph, e, d: Double, max_iter: Int; rank: N_P<Double>)\n"
    "{\n"
    "    Double N = G.NumNodes();\n"
    "    Double diff;\n"
    "    Int cnt = 0;\n"
    "    G.rank = 1 / N;\n"
    "    Do {\n"
    "        diff = 0.0;\n"
    "        Foreach (t: G.Nodes) {\n"
    "            Double val = (1 - d) / N + d * Sum(w: t.InNbrs) { w.rank / (Double) w.OutDegree() };\n"
    "            t.rank <= val @ t;\n"
    "            diff += |val - t.rank|;\n"
    "        }\n"
    "        cnt++;\n"
    "    } While ((diff > e) && (cnt < max_iter));\n"
    "}\n";

static void test_pagerank_api(void)
{
    const gm_program *p = lowered(pagerank);
    gma_plan *plan = gma_plan_build(p);
    gma_sync_plan *sp = gma_sync_build(p, plan);
    CU_ASSERT_PTR_NOT_NULL_FATAL(sp);
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    /* loops: G.rank = 1/N, the hoisted rank/OutDegree, the pull */
    const gm_stmt *init = loop_of(p, 0), *hoist = loop_of(p, 1), *pull = loop_of(p, 2);
    CU_ASSERT_EQUAL(gma_sync_span(sp, init), GMA_SPAN_ALL_LOCAL);
    CU_ASSERT_EQUAL(gma_sync_span(sp, hoist), GMA_SPAN_OWNERS);
    CU_ASSERT_EQUAL(gma_sync_span(sp, pull), GMA_SPAN_OWNERS);
    int n = -1;
    const gma_sync *b = gma_syncs_at(sp, pull, false, &n);
    CU_ASSERT_EQUAL_FATAL(n, 1);
    CU_ASSERT_EQUAL(b[0].kind, GMA_SYNC_BROADCAST);
    CU_ASSERT_EQUAL(strncmp(b[0].sym->name, "_hoisted", 8), 0);
    CU_ASSERT_FALSE(b[0].sparse);
    const gma_sync *a = gma_syncs_at(sp, pull, true, &n);
    CU_ASSERT_EQUAL_FATAL(n, 1);
    CU_ASSERT_EQUAL(a[0].kind, GMA_SYNC_ALLREDUCE);
    CU_ASSERT_STRING_EQUAL(a[0].sym->name, "diff");
    CU_ASSERT_EQUAL(a[0].op, GMA_OP_SUM);
    CU_ASSERT_PTR_NULL(gma_syncs_at(sp, hoist, false, &n));
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_EQUAL(sp->n, 2); /* nothing else in the whole program */
    assert_groups(sp);
    CU_ASSERT_EQUAL(gma_sync_span(NULL, pull), GMA_SPAN_OWNERS);
    CU_ASSERT_PTR_NULL(gma_syncs_at(NULL, pull, false, &n));
    CU_ASSERT_STRING_EQUAL(gma_sync_kind_name(GMA_SYNC_RESET), "reset");
    gma_sync_free(sp);
    gma_plan_free(plan);
}

/* One point needing a reduce, a broadcast and a reset: they come in that
 * order, the broadcast of P after P's reduce. */
static void test_order_at_one_point(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph; P: N_P<Int>, Q: N_P<Int>, R: N_P<Int>)\n"
                                  "{\n"
                                  "    Foreach (n: G.Nodes)(n.OutDegree() > 1) {\n"
                                  "        Foreach (t: n.Nbrs) { t.P += 1; }\n"
                                  "    }\n"
                                  "    Foreach (n: G.Nodes) {\n"
                                  "        n.R = Sum(t: n.InNbrs) { t.P };\n"
                                  "        Foreach (t: n.Nbrs) { t.Q += n.R; }\n"
                                  "    }\n"
                                  "}\n");
    gma_plan *plan = gma_plan_build(p);
    gma_sync_plan *sp = gma_sync_build(p, plan);
    CU_ASSERT_PTR_NOT_NULL_FATAL(sp);
    int n = 0;
    const gma_sync *g = gma_syncs_at(sp, loop_of(p, 1), false, &n);
    CU_ASSERT_EQUAL_FATAL(n, 3);
    CU_ASSERT_EQUAL(g[0].kind, GMA_SYNC_REDUCE);
    CU_ASSERT_STRING_EQUAL(g[0].sym->name, "P");
    CU_ASSERT_EQUAL(g[0].op, GMA_OP_SUM);
    CU_ASSERT_EQUAL(g[1].kind, GMA_SYNC_BROADCAST);
    CU_ASSERT_STRING_EQUAL(g[1].sym->name, "P");
    CU_ASSERT_EQUAL(g[2].kind, GMA_SYNC_RESET);
    CU_ASSERT_STRING_EQUAL(g[2].sym->name, "Q");
    /* Q is an output still pending at the end: reduced after the loop */
    g = gma_syncs_at(sp, loop_of(p, 1), true, &n);
    CU_ASSERT_EQUAL_FATAL(n, 1);
    CU_ASSERT_EQUAL(g[0].kind, GMA_SYNC_REDUCE);
    CU_ASSERT_STRING_EQUAL(g[0].sym->name, "Q");
    assert_groups(sp);
    gma_sync_free(sp);
    gma_plan_free(plan);
}

/* sssp's round: dist_nxt's reduce (min=) comes before its payload's, both
 * sparse (the loop runs over a frontier), and dist is never broadcast. */
static void test_payload_follows_key(void)
{
    const gm_program *p = lowered(sssp_src);
    gma_plan *plan = gma_plan_build(p);
    gma_sync_plan *sp = gma_sync_build(p, plan);
    CU_ASSERT_PTR_NOT_NULL_FATAL(sp);
    int reduces = 0, allreduces = 0;
    for (int i = 0; i < sp->n; i++) {
        const gma_sync *y = &sp->syncs[i];
        CU_ASSERT_NOT_EQUAL(y->kind, GMA_SYNC_BROADCAST);
        CU_ASSERT_NOT_EQUAL(y->kind, GMA_SYNC_RESET); /* min= keeps fresh or dominated ghosts */
        if (y->kind == GMA_SYNC_REDUCE) {
            CU_ASSERT_STRING_EQUAL(y->sym->name, reduces == 0 ? "dist_nxt" : "updated_nxt");
            CU_ASSERT_EQUAL(y->op, reduces == 0 ? GMA_OP_MIN : GMA_OP_ARGMIN);
            CU_ASSERT_TRUE(y->sparse);
            reduces++;
        }
        if (y->kind == GMA_SYNC_ALLREDUCE) {
            CU_ASSERT_EQUAL(y->op, GMA_OP_OR);
            CU_ASSERT_TRUE(y->after);
            allreduces++;
        }
    }
    CU_ASSERT_EQUAL(reduces, 2);
    CU_ASSERT_EQUAL(allreduces, 1);
    assert_groups(sp);
    gma_sync_free(sp);
    gma_plan_free(plan);
}

/* A construct that cannot be distributed: a located [dist-unsupported]
 * error naming it, and no plan. */
static void test_unsupported(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, root: Node; x: N_P<Int>)\n"
                                  "{\n"
                                  "    G.x = 0;\n"
                                  "    InDFS (v: G.Nodes From root) {\n"
                                  "        v.x = 1;\n"
                                  "    }\n"
                                  "}\n");
    gma_plan *plan = gma_plan_build(p);
    gma_sync_plan *sp = gma_sync_build(p, plan);
    CU_ASSERT_PTR_NULL(sp);
    CU_ASSERT_EQUAL(count_diags("error", "dist-unsupported", 4), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "InDFS"));
    gma_plan_free(plan);
}

int main(void)
{
    static const cu_test tests[] = {
        {"pagerank: groups, spans, lookups", test_pagerank_api},
        {"reduce, broadcast, reset at one point", test_order_at_one_point},
        {"an arg-min payload follows its key", test_payload_follows_key},
        {"dist-unsupported: an error and no plan", test_unsupported},
        {NULL, NULL},
    };
    return run_tests("sync", tests);
}
