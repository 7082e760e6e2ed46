/* test_analysis.c: unit tests of gm_analysis/ on programs taken through
 * gmc's stages (check, desugar, every gm_opt pass): the frontier and
 * monotone-fixpoint shapes both backends test (accepted and refused
 * variants), the clique-counting nest (gma_clique.h), and what the shared walk counts as a use of a symbol. */
#include "check_util.h"

#include "gma_clique.h"
#include "gma_frontier.h"
#include "gma_monotone.h"
#include "gma_walk.h"
#include "opt.h"

/* The program as the backends get it. */
static gm_program *lowered(const char *src)
{
    gm_program *p = check_src(src);
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    gmf_infer_locations(p);
    gmf_desugar(p);
    gmo_run(p, NULL, NULL, NULL);
    gmf_infer_locations(p);
    CU_ASSERT_EQUAL_FATAL(gm_error_count(), 0);
    return p;
}

static bool first_while(const gm_stmt *s, void *ctx)
{
    const gm_stmt **found = ctx;
    if (s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE) {
        *found = s;
        return false;
    }
    return true;
}

/* The first While/Do loop of the first procedure. */
static const gm_stmt *the_loop(const gm_program *p)
{
    const gm_stmt *loop = NULL;
    gma_walk(p->procs->body, true, first_while, NULL, &loop);
    CU_ASSERT_PTR_NOT_NULL_FATAL(loop);
    return loop;
}

/* SSSP by Bellman-Ford with a frontier (apps/sssp.gm without comments). */
static const char *sssp =
    "Procedure sssp(G: Graph, len: E_P<Int>, root: Node; dist: N_P<Int>)\n"
    "{\n"
    "    N_P<Bool> updated;\n"
    "    N_P<Bool> updated_nxt;\n"
    "    N_P<Int> dist_nxt;\n"
    "    G.dist = (G == root) ? 0 : +INF;\n"
    "    G.updated = (G == root);\n"
    "    G.dist_nxt = G.dist;\n"
    "    G.updated_nxt = False;\n"
    "    Bool fin = False;\n"
    "    While (!fin) {\n"
    "        Foreach (n: G.Nodes)(n.updated) {\n"
    "            Foreach (s: n.Nbrs) {\n"
    "                Edge e = s.ToEdge();\n"
    "                <s.dist_nxt; s.updated_nxt> min= <n.dist + e.len; True>;\n"
    "            }\n"
    "        }\n"
    "        G.dist = G.dist_nxt;\n"
    "        G.updated = G.updated_nxt;\n"
    "        G.updated_nxt = False;\n"
    "        fin = !Exist(n: G.Nodes) { n.updated };\n"
    "    }\n"
    "}\n";

static void test_sssp_is_frontier_and_monotone(void)
{
    const gm_program *p = lowered(sssp);
    const gm_stmt *loop = the_loop(p);
    gma_frontier w;
    CU_ASSERT_TRUE_FATAL(gma_frontier_shape(loop, &w));
    CU_ASSERT_STRING_EQUAL(w.flag->name, "updated");
    CU_ASSERT_STRING_EQUAL(w.next->name, "updated_nxt");
    gma_monotone a;
    CU_ASSERT_TRUE_FATAL(gma_monotone_shape(loop, w.l1, w.l2, w.flag, w.next, &a));
    CU_ASSERT_STRING_EQUAL(a.q->name, "dist_nxt");
    CU_ASSERT_STRING_EQUAL(a.x->name, "dist");
    CU_ASSERT_EQUAL(a.op, GMOP_ADD);
    CU_ASSERT_TRUE(a.x_left);
    CU_ASSERT_PTR_NOT_NULL(a.g);
    CU_ASSERT_TRUE(gma_monotone_orderable(&a));
}

/* The round end also counts rounds at every node: not the frontier shape
 * (tests/cuda/worklist/no_extra_write.gm). */
static void test_extra_write_is_no_frontier(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, root: Node; hops, seen: N_P<Int>)\n"
                                  "{\n"
                                  "    N_P<Bool> front;\n"
                                  "    N_P<Bool> front_nxt;\n"
                                  "    N_P<Int> hops_nxt;\n"
                                  "    G.hops = (G == root) ? 0 : +INF;\n"
                                  "    G.hops_nxt = G.hops;\n"
                                  "    G.seen = 0;\n"
                                  "    G.front = (G == root);\n"
                                  "    G.front_nxt = False;\n"
                                  "    Bool more = True;\n"
                                  "    While (more) {\n"
                                  "        Foreach (n: G.Nodes)(n.front) {\n"
                                  "            Foreach (t: n.Nbrs) {\n"
                                  "                <t.hops_nxt; t.front_nxt> min= <n.hops + 1; True>;\n"
                                  "            }\n"
                                  "        }\n"
                                  "        Bool any = False;\n"
                                  "        Foreach (m: G.Nodes) {\n"
                                  "            m.front = m.front_nxt;\n"
                                  "            m.hops = m.hops_nxt;\n"
                                  "            m.front_nxt = False;\n"
                                  "            m.seen = m.seen + 1;\n"
                                  "            any |= m.front;\n"
                                  "        }\n"
                                  "        more = any;\n"
                                  "    }\n"
                                  "}\n");
    gma_frontier w;
    CU_ASSERT_FALSE(gma_frontier_shape(the_loop(p), &w));
}

/* A frontier loop whose round counter carries a value from one round to
 * the next: its rounds are observable, so no monotone fixpoint. */
static void test_round_counter_is_not_monotone(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, root: Node; hops: N_P<Int>) : Int\n"
                                  "{\n"
                                  "    N_P<Bool> front;\n"
                                  "    N_P<Bool> front_nxt;\n"
                                  "    N_P<Int> hops_nxt;\n"
                                  "    G.hops = (G == root) ? 0 : +INF;\n"
                                  "    G.hops_nxt = G.hops;\n"
                                  "    G.front = (G == root);\n"
                                  "    G.front_nxt = False;\n"
                                  "    Bool more = True;\n"
                                  "    Int rounds = 0;\n"
                                  "    While (more) {\n"
                                  "        Foreach (n: G.Nodes)(n.front) {\n"
                                  "            Foreach (t: n.Nbrs) {\n"
                                  "                <t.hops_nxt; t.front_nxt> min= <n.hops + 1; True>;\n"
                                  "            }\n"
                                  "        }\n"
                                  "        Bool any = False;\n"
                                  "        Foreach (m: G.Nodes) {\n"
                                  "            m.hops = m.hops_nxt;\n"
                                  "            m.front = m.front_nxt;\n"
                                  "            m.front_nxt = False;\n"
                                  "            any |= m.front;\n"
                                  "        }\n"
                                  "        more = any;\n"
                                  "        rounds = rounds + 1;\n"
                                  "    }\n"
                                  "    Return rounds;\n"
                                  "}\n");
    const gm_stmt *loop = the_loop(p);
    gma_frontier w;
    CU_ASSERT_TRUE_FATAL(gma_frontier_shape(loop, &w));
    gma_monotone a;
    CU_ASSERT_FALSE(gma_monotone_shape(loop, w.l1, w.l2, w.flag, w.next, &a));
}

static bool find_foreach(const gm_stmt *s, void *ctx)
{
    const gm_stmt **found = ctx;
    if (s->kind == GMS_FOREACH && !*found && s->iter.range_arg) {
        *found = s;
        return false;
    }
    return true;
}

/* A node used only as CommonNbrs' argument is used; a neighbour iterator
 * used only as ToEdge()'s receiver is not (the C code names the edge). */
static void test_sym_used(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, a: Node, w: E_P<Int>) : Int\n"
                                  "{\n"
                                  "    Int c = 0;\n"
                                  "    Foreach (n: G.Nodes) {\n"
                                  "        Foreach (x: n.CommonNbrs(a))\n"
                                  "            c += 1;\n"
                                  "        Foreach (s: n.Nbrs) {\n"
                                  "            Edge e = s.ToEdge();\n"
                                  "            c += e.w;\n"
                                  "        }\n"
                                  "    }\n"
                                  "    Return c;\n"
                                  "}\n");
    const gm_stmt *common = NULL;
    gma_walk(p->procs->body, true, find_foreach, NULL, &common);
    CU_ASSERT_PTR_NOT_NULL_FATAL(common);
    const gm_symbol *a = common->iter.range_arg->sym;
    CU_ASSERT_STRING_EQUAL(a->name, "a");
    CU_ASSERT_TRUE(gma_sym_used(common, false, a));
    CU_ASSERT_TRUE(gma_sym_used(p->procs->body, true, a));
    /* s: the neighbour loop after the CommonNbrs loop */
    const gm_stmt *nbrs = common->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(nbrs);
    CU_ASSERT_EQUAL_FATAL(nbrs->kind, GMS_FOREACH);
    CU_ASSERT_FALSE(gma_sym_used(nbrs->body, false, nbrs->iter.sym));
    CU_ASSERT_FALSE(gma_sym_used(p->procs->body, true, nbrs->iter.sym));
    CU_ASSERT_FALSE(gma_sym_read(p->procs->body, true, nbrs->iter.sym));
}

static bool count_a(const gm_expr *e, void *ctx)
{
    int *n = ctx;
    if (e->kind == GME_ID && e->sym && strcmp(e->sym->name, "a") == 0)
        ++*n;
    return true;
}

/* The shared walk visits a reduction expression's range argument (before
 * desugaring turns the reduction into a loop). */
static void test_walk_reduce_range_arg(void)
{
    const gm_program *p = check_src("Procedure f(G: Graph, a: Node) : Int\n"
                                    "{\n"
                                    "    Int c = 0;\n"
                                    "    Foreach (n: G.Nodes)\n"
                                    "        c += Sum(x: n.CommonNbrs(a)) { 1 };\n"
                                    "    Return c;\n"
                                    "}\n");
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    int n = 0;
    CU_ASSERT_TRUE(gm_walk(p->procs->body, true, NULL, count_a, &n));
    CU_ASSERT_EQUAL(n, 1);
}

/* The first statement of the first procedure that is a Foreach over nodes. */
static bool first_node_loop(const gm_stmt *s, void *ctx)
{
    const gm_stmt **found = ctx;
    if (s->kind == GMS_FOREACH && s->iter.range == GMR_NODES) {
        *found = s;
        return false;
    }
    return true;
}

/* Whether the nest in the procedure body of src is a clique count; its k. */
static int clique_k(const char *body)
{
    char src[2048];
    snprintf(src, sizeof src,
             "Procedure f(G: Graph, p: N_P<Int>, a: Node) : Long\n{\n    Long T = 0;\n%s\n    Return T;\n}\n", body);
    const gm_program *p = lowered(src);
    const gm_stmt *loop = NULL;
    gma_walk(p->procs->body, true, first_node_loop, NULL, &loop);
    CU_ASSERT_PTR_NOT_NULL_FATAL(loop);
    gma_clique c;
    return gma_clique_shape(loop, &c) ? c.k : 0;
}

/* apps/triangle_count.gm and the variants of the same meaning. */
static void test_clique_accepted(void)
{
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) { Foreach (u: v.Nbrs)(u > v) { Foreach (w: v.Nbrs)(w > u) {\n"
                             "    If (w.HasEdgeTo(u)) T += 1; } } }"), 3);
    /* the filters written as Ifs, the comparisons as <, the test the other way round */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs) If (v < u) Foreach (w: v.Nbrs)\n"
                             "    If (u < w && u.HasEdgeTo(w)) T += 2;"), 3);
    /* a descending chain, the third iterator walked from the second */
    CU_ASSERT_EQUAL(clique_k("For (v: G.Nodes) Foreach (u: v.Nbrs)(u < v) Foreach (w: u.Nbrs)(w < u)\n"
                             "    If (v.HasEdgeTo(w)) T += 1;"), 3);
    /* edges: every pair adjacent by its loop; any constant (-= 1 is += -1) */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) T += 1;"), 2);
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) T -= 1;"), 2);
    /* four-cliques */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) Foreach (w: v.Nbrs)(w > u)\n"
                             "  If (w.HasEdgeTo(u)) Foreach (x: v.Nbrs)(x > w)\n"
                             "    If (x.HasEdgeTo(u) && x.HasEdgeTo(w)) T += 1;"), 4);
}

/* Nests whose count depends on the ids or is no clique count. */
static void test_clique_refused(void)
{
    /* w > v only: u and w unordered (each triangle twice: still invariant,
     * but no total order, so refused) */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) Foreach (w: v.Nbrs)(w > v)\n"
                             "    If (w.HasEdgeTo(u)) T += 1;"), 0);
    /* no test between u and w: paths of length 2, not triangles */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) Foreach (w: v.Nbrs)(w > u)\n"
                             "    T += 1;"), 0);
    /* a non-strict comparison: a node may pair with itself */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u >= v) T += 1;"), 0);
    /* the count reads a property: it depends on which node is lowest */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) T += v.p;"), 0);
    /* a filter on the node loop, another statement in the nest */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes)(v.p > 0) Foreach (u: v.Nbrs)(u > v) T += 1;"), 0);
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) { T += 1; v.p = 1; }"), 0);
    /* a comparison with a node that is no iterator; in-neighbours */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > a) T += 1;"), 0);
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.InNbrs)(u > v) T += 1;"), 0);
    /* an Else; a product */
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs) If (u > v) T += 1; Else T += 2;"), 0);
    CU_ASSERT_EQUAL(clique_k("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) T *= 2;"), 0);
}

int main(void)
{
    static const cu_test tests[] = {
        {"sssp: frontier and monotone fixpoint", test_sssp_is_frontier_and_monotone},
        {"an extra write at the round end: no frontier", test_extra_write_is_no_frontier},
        {"a round counter: not monotone", test_round_counter_is_not_monotone},
        {"what counts as a use of a symbol", test_sym_used},
        {"the walk visits a reduction's range argument", test_walk_reduce_range_arg},
        {"clique counts: accepted nests", test_clique_accepted},
        {"clique counts: refused nests", test_clique_refused},
        {NULL, NULL},
    };
    return run_tests("analysis", tests);
}
