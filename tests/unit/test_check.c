/* test_check.c: the checks of gmf_check and the inference of locations.
 *
 * One small program per error class of diag.h that the checker reports
 * and per row of the conflict table (section 7), each asserting the class
 * and the line of the diagnostic and that nothing else is reported; the
 * checker fields of the tree (symbols, bound loops, group assignments,
 * built-in ids); and complete valid programs (PageRank, SSSP, BC,
 * Kosaraju) that must produce no diagnostic at all. */
#include "check_util.h"
#include "builtins.h"
#include "check_internal.h"

/* ------------------------------------------------------------------ */
/* Completeness: every checker field of a valid program is filled      */

typedef struct completeness {
    int exprs, untyped, unresolved, bad_calls, unsized;
} completeness;

static void audit_expr(completeness *c, const gm_expr *e);

static void audit_list(completeness *c, const gm_expr *e)
{
    for (; e; e = e->next)
        audit_expr(c, e);
}

static void audit_iter(completeness *c, const gm_iter *it)
{
    audit_expr(c, it->source);
    audit_expr(c, it->range_arg);
    audit_expr(c, it->filter);
    c->unresolved += it->sym == NULL;
}

static void audit_expr(completeness *c, const gm_expr *e)
{
    if (!e)
        return;
    c->exprs++;
    if (!e->type || e->type->kind == GMT_ERROR)
        c->untyped++;
    else if (e->type->kind == GMT_INF || e->type->kind == GMT_NIL)
        c->unsized++;
    if ((e->kind == GME_ID || e->kind == GME_PROP) && !e->sym && !e->is_discard)
        c->unresolved++;
    if (e->kind == GME_CALL && (e->builtin < 0 ? e->sym == NULL : e->sym != NULL))
        c->bad_calls++;
    if (e->kind == GME_REDUCE)
        audit_iter(c, &e->iter);
    for (const gm_foreign_seg *f = e->foreign; f; f = f->next)
        audit_expr(c, f->ref);
    audit_expr(c, e->a);
    audit_expr(c, e->b);
    audit_expr(c, e->c);
    audit_list(c, e->args);
    audit_list(c, e->out_args);
}

static void audit_stmt(completeness *c, const gm_stmt *s)
{
    for (; s; s = s->next) {
        audit_expr(c, s->init);
        audit_list(c, s->lhs);
        audit_list(c, s->rhs);
        audit_expr(c, s->cond);
        audit_list(c, s->value);
        audit_expr(c, s->root);
        audit_expr(c, s->navigator);
        audit_expr(c, s->rev_filter);
        audit_list(c, s->modified);
        for (const gm_foreign_seg *f = s->foreign; f; f = f->next)
            audit_expr(c, f->ref);
        for (const gm_name *n = s->names; n; n = n->next)
            c->unresolved += n->sym == NULL;
        if (s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS)
            audit_iter(c, &s->iter);
        audit_stmt(c, s->body);
        audit_stmt(c, s->then_stmt);
        audit_stmt(c, s->else_stmt);
        audit_stmt(c, s->rev_body);
    }
}

/* Every expression typed (no INF/NIL left unsized), every name, iterator,
 * parameter and procedure resolved, every call classified. */
static void assert_complete(const gm_program *p)
{
    completeness c = {0};
    for (const gm_proc *q = p->procs; q; q = q->next) {
        c.unresolved += q->sym == NULL;
        for (const gm_param *a = q->params; a; a = a->next)
            c.unresolved += a->sym == NULL;
        audit_stmt(&c, q->body);
    }
    CU_ASSERT(c.exprs > 0);
    CU_ASSERT_EQUAL(c.untyped, 0);
    CU_ASSERT_EQUAL(c.unsized, 0);
    CU_ASSERT_EQUAL(c.unresolved, 0);
    CU_ASSERT_EQUAL(c.bad_calls, 0);
}

/* ------------------------------------------------------------------ */
/* Names and scopes                                                    */

static void test_undefined(void)
{
    check_src("Procedure f(G: Graph) {\n"
              "  Int x = 1;\n"
              "  x = y + 1;\n}\n");
    EXPECT_ERROR("undefined", 3);
    check_src("Procedure f(G: Graph, A: N_P<Int>) {\n"
              "  Foreach (n: G.Nodes) { n.A = 1; }\n"
              "  n.A = 2;\n}\n");
    EXPECT_ERROR("undefined", 3);
    check_src("Procedure f(G: Graph) {\n  Node(H) n;\n  Print n;\n}\n");
    EXPECT_ERROR("undefined", 2);
    /* An initializer cannot see the name it initializes. */
    check_src("Procedure f() {\n  Int x = x + 1;\n  Print x;\n}\n");
    EXPECT_ERROR("undefined", 2);
}

static void test_bad_property(void)
{
    check_src("Procedure f(G: Graph, r: Node) {\n  Int x = r.A;\n  Print x;\n}\n");
    EXPECT_ERROR("bad-property", 2);
    check_src("Procedure f(G: Graph, r: Node, len: E_P<Int>) {\n"
              "  Int x = r.len;\n  Print x;\n}\n");
    EXPECT_ERROR("bad-property", 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "'len' is not a node property"));
    check_src("Procedure f(G: Graph, A: N_P<Int>) {\n"
              "  Foreach (e: G.Edges) { Print e.A; }\n}\n");
    EXPECT_ERROR("bad-property", 2);
    check_src("Procedure f(G: Graph) {\n  G.Z = 0;\n}\n");
    EXPECT_ERROR("bad-property", 2);
    check_src("Procedure f(G: Graph, len: E_P<Int>; S: N_S) {\n  S.len = 0;\n}\n");
    EXPECT_ERROR("bad-property", 2);
}

static void test_redefined(void)
{
    check_src("Procedure f(G: Graph) {\n  Int x;\n  Double x;\n}\n");
    EXPECT_ERROR("redefined", 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "already defined at line 2"));
    /* Shadowing an outer name is an error too. */
    check_src("Procedure f(G: Graph) {\n  Int x = 1;\n  If (x > 0) {\n"
              "    Int x = 2;\n    Print x;\n  }\n}\n");
    EXPECT_ERROR("redefined", 4);
    check_src("Procedure f(G: Graph, x: Int) {\n  Foreach (x: G.Nodes) { }\n}\n");
    EXPECT_ERROR("redefined", 2);
    check_src("Procedure f(G: Graph, x: Int, x: Double) { }\n");
    EXPECT_ERROR("redefined", 1);
    check_src("Procedure f(G: Graph) { }\n\nProcedure f(H: Graph) { }\n");
    EXPECT_ERROR("redefined", 3);
    check_src("Procedure f(G: Graph) {\n  Foreach (n: G.Nodes) {\n"
              "    Foreach (n: n.Nbrs) { }\n  }\n}\n");
    EXPECT_ERROR("redefined", 3);
    check_src("Procedure f(G: Graph, A: N_P<Int>) {\n  N_P<Double> A;\n}\n");
    EXPECT_ERROR("redefined", 2);
    /* Sibling scopes may reuse a name. */
    check_src("Procedure f(G: Graph) {\n"
              "  Foreach (n: G.Nodes) { Int k = 1; Print k; }\n"
              "  Foreach (n: G.Nodes) { Int k = 2; Print k; }\n"
              "  Int c = Count(n: G.Nodes);\n  Print c;\n}\n");
    EXPECT_CLEAN();
}

static void test_namespaces(void)
{
    /* A property and a variable may share a name: n.A is the property,
     * bare A the variable. A property is also usable by its bare name
     * as a whole (a call argument, a group assignment target). */
    gm_program *p = check_src(
        "Local g(G: Graph, A: N_P<Int>): Int { Return Sum(n: G.Nodes) { n.A }; }\n"
        "Procedure f(G: Graph; A: N_P<Int>): Int {\n"
        "  Int A = 3;\n"
        "  G.A = A;\n"
        "  Foreach (n: G.Nodes) { n.A += A; }\n"
        "  Return g(G, A);\n}\n");
    CU_ASSERT_EQUAL(gm_error_count(), 1); /* bare A is the Int: not an N_P argument */
    CU_ASSERT_EQUAL(count_diags("error", "call", 6), 1);
    gm_stmt *group = find_stmt(p, 4, GMS_ASSIGN);
    CU_ASSERT_TRUE(group->lhs->sym->is_property);
    CU_ASSERT_EQUAL(group->rhs->sym->type->kind, GMT_INT);

    p = check_src(
        "Local g(G: Graph, A: N_P<Int>): Int { Return Sum(n: G.Nodes) { n.A }; }\n"
        "Procedure f(G: Graph; B: N_P<Int>): Int {\n"
        "  N_P<Int> C;\n"
        "  G.C = 2;\n"
        "  Return g(G, B) + g(G, C);\n}\n");
    EXPECT_CLEAN();
    gm_expr *call = find_expr(p, 5, 0, GME_CALL, "g");
    CU_ASSERT_PTR_NOT_NULL_FATAL(call);
    CU_ASSERT_EQUAL(call->args->next->type->kind, GMT_NODE_PROP);
    CU_ASSERT_TRUE(call->args->next->sym->is_property);
}

static void test_symbols_filled(void)
{
    gm_program *p = check_src("Procedure f(G: Graph, x: Int; y: Int) {\n"
                              "  Int z = x;\n"
                              "  Foreach (n: G.Nodes) { y += z; }\n}\n");
    EXPECT_CLEAN();
    gm_proc *proc = p->procs;
    CU_ASSERT_PTR_NOT_NULL(proc->sym);
    CU_ASSERT_EQUAL(proc->sym->kind, GMSYM_PROC);
    CU_ASSERT_PTR_EQUAL(proc->sym->proc, proc);
    gm_param *G = proc->params, *x = G->next, *y = x->next;
    CU_ASSERT_EQUAL(G->sym->kind, GMSYM_IN_ARG);
    CU_ASSERT_TRUE(x->sym->readonly);
    CU_ASSERT_EQUAL(y->sym->kind, GMSYM_OUT_ARG);
    CU_ASSERT_FALSE(y->sym->readonly);
    gm_stmt *decl = find_stmt(p, 2, GMS_DECL);
    CU_ASSERT_PTR_EQUAL(decl->init->sym, x->sym);
    CU_ASSERT_EQUAL(decl->names->sym->kind, GMSYM_VAR);
    gm_stmt *loop = find_stmt(p, 3, GMS_FOREACH);
    gm_symbol *n = loop->iter.sym;
    CU_ASSERT_EQUAL(n->kind, GMSYM_ITER);
    CU_ASSERT_TRUE(n->readonly);
    CU_ASSERT_PTR_EQUAL(n->iter_stmt, loop);
    CU_ASSERT_EQUAL(n->iter_range, GMR_NODES);
    CU_ASSERT_PTR_EQUAL(n->iter_source, G->sym);
    CU_ASSERT_EQUAL(n->type->kind, GMT_NODE);
    CU_ASSERT_PTR_EQUAL(n->type->graph, G->sym);
    CU_ASSERT_PTR_EQUAL(loop->iter.source->sym, G->sym);
    gm_stmt *red = find_stmt(p, 3, GMS_ASSIGN);
    CU_ASSERT_PTR_EQUAL(red->lhs->sym, y->sym);
    CU_ASSERT_PTR_EQUAL(red->rhs->sym, decl->names->sym);
    /* Ids grow in source order. */
    CU_ASSERT_TRUE(G->sym->id < decl->names->sym->id && decl->names->sym->id < n->id);
}

/* ------------------------------------------------------------------ */
/* Graph binding                                                       */

static void test_implicit_binding(void)
{
    gm_program *p = check_src("Procedure f(A: N_P<Int>, G: Graph, r: Node; S: N_S) {\n"
                              "  Map<Node, Int> M;\n"
                              "  Collection<N_Q> C;\n"
                              "  M[r] = 1;\n  S.Add(r);\n  Print C.Size();\n}\n");
    EXPECT_CLEAN();
    gm_param *A = p->procs->params, *G = A->next, *r = G->next, *S = r->next;
    CU_ASSERT_PTR_EQUAL(A->type->graph, G->sym);
    CU_ASSERT_PTR_EQUAL(r->type->graph, G->sym);
    CU_ASSERT_PTR_EQUAL(S->type->graph, G->sym);
    gm_stmt *m = find_stmt(p, 2, GMS_DECL);
    CU_ASSERT_PTR_EQUAL(m->decl_type->key->graph, G->sym);
    gm_stmt *c = find_stmt(p, 3, GMS_DECL);
    CU_ASSERT_PTR_EQUAL(c->decl_type->graph, G->sym);
    CU_ASSERT_PTR_EQUAL(c->decl_type->elem->graph, G->sym);
}

static void test_ambiguous_graph(void)
{
    check_src("Procedure f(G: Graph, H: Graph) {\n  N_P<Int> A;\n}\n");
    EXPECT_ERROR("ambiguous-graph", 2);
    check_src("Procedure f(G, H: Graph, r: Node) { }\n");
    EXPECT_ERROR("ambiguous-graph", 1);
    check_src("Procedure f(G: Graph, H: Graph) {\n  Map<Int, Node> M;\n}\n");
    EXPECT_ERROR("ambiguous-graph", 2);
    check_src("Procedure f(x: Int) {\n  Node_Set S;\n}\n");
    EXPECT_ERROR("ambiguous-graph", 2);
    /* Maps without nodes or edges need no graph; explicit names resolve it. */
    check_src("Procedure f(G: Graph, H: Graph, a: Node(G)) {\n"
              "  Map<Int, Double> M;\n  Map<Node(H), Int> MH;\n"
              "  N_P<Int>(G) A;\n  G.A = 1;\n  M[1] = 2.0;\n  Print a.A, MH.Size(), M[1];\n}\n");
    EXPECT_CLEAN();
}

static void test_graph_mismatch(void)
{
    check_src("Procedure f(G: Graph, H: Graph, a: Node(G), B: N_P<Int>(H)) {\n"
              "  Print a.B;\n}\n");
    EXPECT_ERROR("graph-mismatch", 2);
    check_src("Procedure f(G: Graph, H: Graph, a: Node(G), b: Node(H)) {\n"
              "  Print a == b;\n}\n");
    EXPECT_ERROR("graph-mismatch", 2);
    check_src("Procedure f(G: Graph, H: Graph, a: Node(G), b: Node(H)) {\n"
              "  Node(G) c = b;\n  Print c == a;\n}\n");
    EXPECT_ERROR("graph-mismatch", 2);
    check_src("Procedure f(G: Graph, H: Graph, b: Node(H)) {\n"
              "  Map<Node(G), Int> M;\n  M[b] = 1;\n}\n");
    EXPECT_ERROR("graph-mismatch", 3);
    check_src("Procedure f(G: Graph, H: Graph, b: Node(H); S: N_S(G)) {\n  S.Add(b);\n}\n");
    EXPECT_ERROR("graph-mismatch", 2);
    check_src("Procedure f(G: Graph, H: Graph; A: N_P<Int>(G)) {\n  H.A = 0;\n}\n");
    EXPECT_ERROR("graph-mismatch", 2);
}

/* ------------------------------------------------------------------ */
/* Statement rules                                                     */

static void test_readonly(void)
{
    check_src("Procedure f(G: Graph, x: Int) {\n  x = 1;\n}\n");
    EXPECT_ERROR("readonly", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  r = G.PickRandom();\n}\n");
    EXPECT_ERROR("readonly", 2);
    check_src("Procedure f(G: Graph) {\n  Foreach (n: G.Nodes) {\n    n = NIL;\n  }\n}\n");
    EXPECT_ERROR("readonly", 3);
    check_src("Procedure f(G: Graph, x: Int) {\n  x += 1;\n}\n");
    EXPECT_ERROR("readonly", 2);
    check_src("Procedure f(G: Graph, x: Int) {\n  For (i: G.Nodes) { i++; }\n}\n");
    CU_ASSERT_EQUAL(count_diags("error", "readonly", 2), 1);
    /* Properties, collections and outputs are writable. */
    check_src("Procedure f(G: Graph, A: N_P<Int>, S: N_S; y: Int, r: Node) {\n"
              "  G.A = 1;\n  S.Add(G.PickRandom());\n  y = 2;\n  r = NIL;\n}\n");
    EXPECT_CLEAN();
}

static void test_bad_range(void)
{
    check_src("Procedure f(G: Graph, r: Node) {\n  Foreach (n: r.Nodes) { }\n}\n");
    EXPECT_ERROR("bad-range", 2);
    check_src("Procedure f(G: Graph) {\n  Foreach (n: G.Nbrs) { }\n}\n");
    EXPECT_ERROR("bad-range", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  Foreach (n: r.Items) { }\n}\n");
    EXPECT_ERROR("bad-range", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  Foreach (n: r.UpNbrs) { }\n}\n");
    EXPECT_ERROR("bad-range", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n"
              "  InBFS (v: G.Nodes From r) {\n    Foreach (w: r.DownNbrs) { }\n  }\n}\n");
    EXPECT_ERROR("bad-range", 3);
    check_src("Procedure f(G: Graph; S: N_S) {\n  For (n: S-.Items) { }\n}\n");
    EXPECT_ERROR("bad-range", 2);
    check_src("Procedure f(G: Graph, S: N_S) {\n  Int c = Count(n: S.Edges);\n  Print c;\n}\n");
    EXPECT_ERROR("bad-range", 2);
    /* Valid ranges of every kind. */
    check_src("Procedure f(G: Graph, r: Node, S: N_S, O: N_O, Q: N_Q, C: Collection<N_S>,"
              " P: N_P<N_S>) {\n"
              "  For (a: O-.Items) { }\n  For (b: Q-.Items) { }\n"
              "  Foreach (c: C.Items) { Foreach (d: c.Items) { } }\n"
              "  Foreach (e: r.P.Items) { }\n  Foreach (g: r.CommonNbrs(G.PickRandom())) { }\n"
              "  Foreach (h: r.InNbrs) { }\n  Foreach (k: r.OutNbrs) { }\n"
              "  Foreach (m: G.Edges) { Print m.FromNode(), m.ToNode(); }\n"
              "  Foreach (s: S.Items) { }\n}\n");
    EXPECT_CLEAN();
}

static void test_conditions(void)
{
    check_src("Procedure f(x: Int) {\n  If (x) { }\n}\n");
    EXPECT_ERROR("condition", 2);
    check_src("Procedure f(x: Int) {\n  While (x + 1) { }\n}\n");
    EXPECT_ERROR("condition", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  Do { } While (r);\n}\n");
    EXPECT_ERROR("condition", 2);
    check_src("Procedure f(G: Graph, A: N_P<Int>) {\n  Foreach (n: G.Nodes)(n.A) { }\n}\n");
    EXPECT_ERROR("condition", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  InBFS (v: G.Nodes From r)[1] { }\n}\n");
    EXPECT_ERROR("condition", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n"
              "  InBFS (v: G.Nodes From r) { }\n  InReverse (3) { }\n}\n");
    EXPECT_ERROR("condition", 3);
}

static void test_group_assignment(void)
{
    gm_program *p = check_src(
        "Procedure f(G: Graph, r: Node; A: N_P<Int>, S: N_S) {\n"
        "  G.A = (G == r) ? 0 : G.Degree() + G.NumNodes();\n"
        "  S.A = S.A + S.Size();\n}\n");
    EXPECT_CLEAN();
    gm_stmt *s = find_stmt(p, 2, GMS_ASSIGN);
    gm_symbol *G = p->procs->params->sym;
    CU_ASSERT_TRUE(s->is_group);
    CU_ASSERT_EQUAL(s->lhs->a->type->kind, GMT_GRAPH);
    CU_ASSERT_EQUAL(s->lhs->type->kind, GMT_INT);
    /* Inside the right side, G typed Node is the current element... */
    gm_expr *cmp = find_expr(p, 2, 0, GME_BINARY, NULL);
    CU_ASSERT_PTR_EQUAL(cmp->a->sym, G);
    CU_ASSERT_EQUAL(cmp->a->type->kind, GMT_NODE);
    gm_expr *deg = find_expr(p, 2, 0, GME_CALL, "Degree");
    CU_ASSERT_EQUAL(deg->a->type->kind, GMT_NODE);
    CU_ASSERT_EQUAL(deg->builtin, GMB_NODE_NUM_NBRS);
    /* ... and G typed Graph the whole graph. */
    gm_expr *nn = find_expr(p, 2, 0, GME_CALL, "NumNodes");
    CU_ASSERT_EQUAL(nn->a->type->kind, GMT_GRAPH);
    CU_ASSERT_EQUAL(nn->builtin, GMB_GRAPH_NUM_NODES);
    gm_stmt *t = find_stmt(p, 3, GMS_ASSIGN);
    CU_ASSERT_TRUE(t->is_group);
    CU_ASSERT_EQUAL(find_expr(p, 3, 0, GME_PROP, "A")->a->type->kind, GMT_NODE_SET);
    CU_ASSERT_EQUAL(find_expr(p, 3, 0, GME_CALL, "Size")->builtin, GMB_SET_SIZE);

    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  G.A += 1;\n}\n");
    EXPECT_ERROR("group-reduce", 2);
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  G.A min= 1;\n}\n");
    EXPECT_ERROR("group-reduce", 2);
    check_src("Procedure f(G: Graph; A: N_P<Bool>) {\n  G.A = 1;\n}\n");
    EXPECT_ERROR("bool-numeric", 2);
    /* Outside a group assignment G.A is not a value. */
    check_src("Procedure f(G: Graph, A: N_P<Int>) {\n  Int x = G.A;\n  Print x;\n}\n");
    EXPECT_ERROR("type", 2);
}

static void test_reduction_binding(void)
{
    gm_program *p = check_src(
        "Procedure f(G: Graph, B: N_P<Int>; A: N_P<Int>, s: Int) {\n"
        "  Foreach (n: G.Nodes) {\n"
        "    Int local = 0;\n"
        "    Foreach (t: n.Nbrs) {\n"
        "      s += t.B;\n"          /* 5: bound to n, the outermost */
        "      local += 1;\n"        /* 6: declared inside n: bound to t */
        "      n.A max= t.B @ t;\n"  /* 7: explicit */
        "    }\n"
        "    n.A += local;\n"
        "  }\n"
        "  s += 1;\n"                /* 11: sequential: no bound */
        "}\n");
    EXPECT_CLEAN();
    gm_symbol *n = find_stmt(p, 2, GMS_FOREACH)->iter.sym;
    gm_symbol *t = find_stmt(p, 4, GMS_FOREACH)->iter.sym;
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 5, GMS_ASSIGN)->bound, n);
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 6, GMS_ASSIGN)->bound, t);
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 7, GMS_ASSIGN)->bound, t);
    CU_ASSERT_PTR_NULL(find_stmt(p, 11, GMS_ASSIGN)->bound);

    /* A sequential For between does not count; a BFS body does. */
    p = check_src("Procedure f(G: Graph, r: Node; s: Int) {\n"
                  "  For (a: G.Nodes) {\n"
                  "    InBFS (v: G.Nodes From r) {\n      s += 1;\n    }\n  }\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 4, GMS_ASSIGN)->bound, find_stmt(p, 3, GMS_BFS)->iter.sym);

    check_src("Procedure f(G: Graph; s: Int) {\n  Foreach (n: G.Nodes) {\n"
              "    s += 1 @ q;\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 3);
    /* '@' a sequential For: complete at the end of each of its iterations,
     * i.e. bound to the outermost parallel loop inside it, or to none. */
    p = check_src("Procedure f(G: Graph; s: Int) {\n  For (n: G.Nodes) {\n"
                  "    s += 1 @ n;\n  }\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_PTR_NULL(find_stmt(p, 3, GMS_ASSIGN)->bound);
    p = check_src("Procedure f(G: Graph, r: Node; s: Int) {\n"
                  "  For (a: G.Nodes) {\n"
                  "    InBFS (v: G.Nodes From r) {\n      Foreach (t: v.Nbrs) {\n        s += 1 @ a;\n"
                  "      }\n    }\n  }\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 5, GMS_ASSIGN)->bound, find_stmt(p, 3, GMS_BFS)->iter.sym);
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  For (n: G.Nodes) {\n"
              "    Foreach (t: n.Nbrs) { t.A <= 1 @ n; }\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 3);
    check_src("Procedure f(G: Graph) {\n  Foreach (n: G.Nodes) {\n    Int k = 0;\n"
              "    Foreach (t: n.Nbrs) { k += 1 @ n; }\n    Print k;\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 4);
    /* A deferred assignment needs a parallel loop to bind to. */
    check_src("Procedure f(G: Graph; A: N_P<Int>, x: Int) {\n  x <= 1;\n}\n");
    EXPECT_ERROR("reduce-binding", 2);
    /* '@' a Node variable declared outside the parallel loops around the
     * reduction: bound to the outermost of them, or to none. */
    p = check_src("Procedure f(G: Graph; A: N_P<Int>, s: Int) {\n"
                  "  Node r = G.PickRandom();\n"
                  "  Foreach (n: G.Nodes) {\n    Foreach (t: n.Nbrs) {\n"
                  "      s += t.A @ r;\n    }\n  }\n  s += 1 @ r;\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 5, GMS_ASSIGN)->bound, find_stmt(p, 3, GMS_FOREACH)->iter.sym);
    CU_ASSERT_PTR_NULL(find_stmt(p, 8, GMS_ASSIGN)->bound);
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Node r = G.PickRandom();\n"
              "  r.A <= 1 @ r;\n}\n");
    EXPECT_ERROR("reduce-binding", 3);
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Node r = G.PickRandom();\n"
              "  Foreach (n: G.Nodes) {\n    Int k = 0;\n"
              "    Foreach (t: n.Nbrs) { k += 1 @ r; }\n    n.A = k;\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 5);
    check_src("Procedure f(G: Graph; s: Int) {\n  Edge e = NIL;\n  Foreach (n: G.Nodes) {\n"
              "    s += 1 @ e;\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 4);
}

static void test_reduce_two_operators_or_loops(void)
{
    check_src("Procedure f(G: Graph; s: Int) {\n  Foreach (n: G.Nodes) {\n"
              "    s += 1;\n    s max= 2;\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 4);
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    Foreach (t: n.Nbrs) { t.A *= 2; }\n    n.A min= 1;\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 4);
    check_src("Procedure f(G: Graph; s: Int) {\n  Foreach (n: G.Nodes) {\n"
              "    s += 1;\n    Foreach (t: n.Nbrs) { s += 2 @ t; }\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 4);
    /* += -= ++ -- are one operator. */
    check_src("Procedure f(G: Graph; s: Int) {\n  Foreach (n: G.Nodes) {\n"
              "    s += 2;\n    s -= 1;\n    s++;\n    s--;\n  }\n}\n");
    EXPECT_CLEAN();
}

static void test_argminmax(void)
{
    check_src("Procedure f(G: Graph; A: N_P<Int>, B: N_P<Bool>) {\n"
              "  Foreach (n: G.Nodes) {\n"
              "    <n.A; n.B> min= <1; True, 3>;\n  }\n}\n");
    EXPECT_ERROR("argminmax", 3);
    check_src("Procedure f(G: Graph; A: N_P<Int>, B: N_P<Bool>) {\n"
              "  Foreach (n: G.Nodes) { Foreach (t: n.Nbrs) {\n"
              "    <n.A; t.B> min= <1; True>;\n  } }\n}\n");
    EXPECT_ERROR("argminmax", 3);
    check_src("Procedure f(G: Graph; A: N_P<Int>, x: Bool) {\n"
              "  Foreach (n: G.Nodes) {\n"
              "    <n.A; x> max= <1; True>;\n  }\n}\n");
    EXPECT_ERROR("argminmax", 3);
    check_src("Procedure f(G: Graph; x: Bool, y: Int) {\n"
              "  Foreach (n: G.Nodes) {\n"
              "    <x; y> max= <True; 1>;\n  }\n}\n");
    EXPECT_ERROR("argminmax", 3);
    /* Scalars, with a bound and a Node payload. */
    gm_program *p = check_src("Procedure f(G: Graph, A: N_P<Int>; m: Int, who: Node) {\n"
                              "  m = INF;\n"
                              "  Foreach (n: G.Nodes) {\n"
                              "    <m; who> min= <n.A; n>;\n  }\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 4, GMS_ARGMINMAX)->bound,
                        find_stmt(p, 3, GMS_FOREACH)->iter.sym);
}

static void test_returns(void)
{
    check_src("Procedure f(G: Graph): Int {\n  Foreach (n: G.Nodes) {\n    Return 1;\n  }\n"
              "  Return 0;\n}\n");
    EXPECT_ERROR("return-parallel", 3);
    check_src("Procedure f(G: Graph, r: Node): Int {\n  InBFS (v: G.Nodes From r) {\n"
              "    If (v == r) Return 1;\n  }\n  Return 0;\n}\n");
    EXPECT_ERROR("return-parallel", 3);
    check_src("Procedure f(G: Graph, r: Node): Int {\n  InBFS (v: G.Nodes From r) { }\n"
              "  InReverse { Return 2; }\n  Return 0;\n}\n");
    EXPECT_ERROR("return-parallel", 3);
    /* In a sequential For and a DFS, Return is allowed. */
    check_src("Procedure f(G: Graph, r: Node): Int {\n"
              "  For (n: G.Nodes) { If (n == r) Return 1; }\n"
              "  InDFS (v: G.Nodes From r) { If (v != r) Return 2; }\n"
              "  Return 0;\n}\n");
    EXPECT_CLEAN();

    check_src("Procedure f(G: Graph): Node {\n  Return 1;\n}\n");
    EXPECT_ERROR("return-type", 2);
    check_src("Procedure f(G: Graph) {\n  Return 1;\n}\n");
    EXPECT_ERROR("return-type", 2);
    check_src("Procedure f(G: Graph): Int {\n  Return;\n}\n");
    EXPECT_ERROR("return-type", 2);
    check_src("Procedure f(G: Graph): Bool {\n  Return 1;\n}\n");
    EXPECT_ERROR("return-type", 2);
    check_src("Procedure f(G: Graph) {\n  Return;\n}\n");
    EXPECT_CLEAN();
}

static void test_missing_return(void)
{
    check_src("Procedure f(G: Graph): Int {\n  Int x = 1;\n  Print x;\n}\n");
    EXPECT_WARNING("missing-return", 3);
    check_src("Procedure f(x: Int): Int {\n  If (x > 0) {\n    Return 1;\n  }\n}\n");
    EXPECT_WARNING("missing-return", 2);
    check_src("Procedure f(x: Int): Int {\n  While (x > 0) { Return 1; }\n}\n");
    EXPECT_WARNING("missing-return", 2);
    check_src("Procedure f(x: Int): Int {\n  If (x > 0) { Return 1; } Else { { Return 2; } }\n}\n");
    EXPECT_CLEAN();
    check_src("Procedure f(x: Int): Int {\n  If (x > 0) Return 1;\n  Else Return 2;\n  ;\n}\n");
    EXPECT_CLEAN();
}

static void test_nested_traversal(void)
{
    check_src("Procedure f(G: Graph, r: Node) {\n  InBFS (v: G.Nodes From r) {\n"
              "    InBFS (w: G.Nodes From v) { }\n  }\n}\n");
    EXPECT_ERROR("nested-traversal", 3);
    check_src("Procedure f(G: Graph, r: Node) {\n  InDFS (v: G.Nodes From r) {\n"
              "    For (k: G.Nodes) { InBFS (w: G.Nodes From k) { } }\n  }\n}\n");
    EXPECT_ERROR("nested-traversal", 3);
    check_src("Procedure f(G: Graph, r: Node) {\n  InBFS (v: G.Nodes From r) { }\n"
              "  InReverse { InDFS (w: G.Nodes From v) { } }\n}\n");
    EXPECT_ERROR("nested-traversal", 3);
    /* Traversals inside loops, one after another: fine. */
    check_src("Procedure f(G: Graph, r: Node) {\n"
              "  Foreach (s: G.Nodes) { InBFS (v: G.Nodes From s) { } }\n"
              "  InDFS (v: G.Nodes From r) { }\n  InBFS (v: G.Nodes From r) { }\n}\n");
    EXPECT_CLEAN();
}

static void test_builtins(void)
{
    check_src("Procedure f(G: Graph) {\n  Print G.Frobnicate();\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  Print r.NumNodes();\n}\n");
    EXPECT_ERROR("builtin", 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "Graph built-in"));
    check_src("Procedure f(G: Graph, r: Node) {\n  Print r.HasEdgeTo();\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  Print r.HasEdgeTo(3);\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph, r: Node) {\n  Edge e = r.ToEdge();\n  Print e;\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph) {\n  Foreach (n: G.Nodes) { Print n.ToEdge(); }\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph; S: N_S) {\n  Print S.PopBack();\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph) {\n  Print G.Uniform();\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph) {\n  Print Rand(2.5);\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph) {\n  Print Pow(2);\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(x: Int) {\n  Print x.Size();\n}\n");
    EXPECT_ERROR("builtin", 2);
    check_src("Procedure f(G: Graph) {\n  Map<Int, Int> M;\n  Print M.HasKey(G.PickRandom());\n}\n");
    EXPECT_ERROR("map-key", 3);

    /* Every receiver with its built-ins, and their ids. */
    gm_program *p = check_src(
        "Procedure f(G: Graph, r: Node, S: N_S, O: N_O, Q: N_Q, C: Collection<N_S>) {\n"
        "  Foreach (t: r.InNbrs) { Edge e = t.ToEdge(); Print e.FromNode(), e.ToNode(); }\n"
        "  Print r.NumInNbrs(), r.InDegree(), r.OutDegree(), r.NumOutNbrs(), r.NumNbrs();\n"
        "  Print r.IsNbrFrom(r), r.HasEdgeFrom(r), r.PickRandomNbr(), G.NumEdges();\n"
        "  S.Add(r); S.Remove(r); S.Union(S); S.Intersect(S); S.Complement(S);\n"
        "  Print S.IsSubsetOf(S), S.Size(); S.Clear();\n"
        "  O.Push(r); O.PushFront(r); Print O.PopBack(), O.Pop(), O.Has(r), O.Size();\n"
        "  Q.PushBack(r); Q.PushFront(r); Print Q.PopBack(), Q.PopFront(), Q.Size();\n"
        "  C.PushBack(S); C.PushFront(S); Print C.PopBack().Size(), C.Pop().Size(), C.Size();\n"
        "  Map<Node, Double> M;\n"
        "  M.Remove(r); Print M.Size(), M.HasKey(r), M.GetMaxKey(), M.GetMinKey();\n"
        "  Print M.GetMaxValue(), M.GetMinValue(), M.HasMaxValue(r), M.HasMinValue(r);\n"
        "  M.Clear();\n}\n");
    EXPECT_CLEAN();
    assert_complete(p);
    CU_ASSERT_EQUAL(find_expr(p, 2, 0, GME_CALL, "ToEdge")->builtin, GMB_NBR_TO_EDGE);
    CU_ASSERT_EQUAL(find_expr(p, 2, 0, GME_CALL, "ToNode")->builtin, GMB_EDGE_TO_NODE);
    CU_ASSERT_EQUAL(find_expr(p, 3, 0, GME_CALL, "InDegree")->builtin, GMB_NODE_NUM_IN_NBRS);
    CU_ASSERT_EQUAL(find_expr(p, 3, 0, GME_CALL, "NumOutNbrs")->builtin, GMB_NODE_NUM_NBRS);
    CU_ASSERT_EQUAL(find_expr(p, 4, 0, GME_CALL, "HasEdgeFrom")->builtin, GMB_NODE_IS_NBR_FROM);
    CU_ASSERT_EQUAL(find_expr(p, 5, 0, GME_CALL, "Complement")->builtin, GMB_SET_COMPLEMENT);
    CU_ASSERT_EQUAL(find_expr(p, 7, 0, GME_CALL, "Pop")->builtin, GMB_ORDER_POP_FRONT);
    CU_ASSERT_EQUAL(find_expr(p, 7, 0, GME_CALL, "Push")->builtin, GMB_ORDER_PUSH_BACK);
    CU_ASSERT_EQUAL(find_expr(p, 8, 0, GME_CALL, "PopFront")->builtin, GMB_SEQ_POP_FRONT);
    CU_ASSERT_EQUAL(find_expr(p, 9, 0, GME_CALL, "Pop")->builtin, GMB_COLL_POP_FRONT);
    gm_expr *gk = find_expr(p, 11, 0, GME_CALL, "GetMaxKey");
    CU_ASSERT_EQUAL(gk->builtin, GMB_MAP_GET_MAX_KEY);
    CU_ASSERT_EQUAL(gk->type->kind, GMT_NODE);
    CU_ASSERT_EQUAL(find_expr(p, 12, 0, GME_CALL, "GetMinValue")->type->kind, GMT_DOUBLE);
}

static void test_builtin_table(void)
{
    /* The table is indexed by id, every entry has a name and a receiver,
     * and each name resolves back to its entry on its receiver, except the
     * internal ones (made by passes, named with a leading '_'), which no
     * name finds. */
    for (int i = 0; i < GMB_COUNT; i++) {
        const gm_builtin_info *b = gm_builtin_get(i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_EQUAL((int)b->id, i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b->names[0]);
        bool internal = b->names[0][0] == '_';
        for (int k = 0; k < GM_BUILTIN_MAX_NAMES && b->names[k]; k++)
            CU_ASSERT_EQUAL(gm_builtin_find(b->receiver, b->names[k]), internal ? -1 : i);
    }
    CU_ASSERT_EQUAL(gm_builtin_find(GMBR_NODE, "_BFSLevel"), -1);
    CU_ASSERT_EQUAL(gm_builtin_any_receiver("_BFSLevel"), -1);
    CU_ASSERT_PTR_NULL(gm_builtin_get(GMB_COUNT));
    CU_ASSERT_PTR_NULL(gm_builtin_get(-1));
    CU_ASSERT_EQUAL(gm_builtin_find(GMBR_NODE, "NumNodes"), -1);
    CU_ASSERT_EQUAL(gm_builtin_any_receiver("NumNodes"), GMBR_GRAPH);
    CU_ASSERT_EQUAL(gm_builtin_any_receiver("Nope"), -1);
    CU_ASSERT_STRING_EQUAL(gm_builtin_name(GMB_NODE_NUM_NBRS), "NumNbrs");
    CU_ASSERT_TRUE(gm_builtin_get(GMB_SET_ADD)->mutates);
    CU_ASSERT_FALSE(gm_builtin_get(GMB_SET_HAS)->mutates);
}

static void test_procedure_calls(void)
{
    const char *callee =
        "Local g(G: Graph, x: Int, A: N_P<Int>; y: Double, n: Node): Int {\n"
        "  y = x;\n  n = G.PickRandom();\n  Return x + 1;\n}\n";
    char src[1024];
    snprintf(src, sizeof src,
             "%sProcedure f(G: Graph, A: N_P<Int>; d: Double, m: Node): Int {\n"
             "  g(G, 1, A; d, #);\n"
             "  Return g(G, 2, A; #, m);\n}\n", callee);
    gm_program *p = check_src(src);
    EXPECT_CLEAN();
    assert_complete(p);
    gm_expr *call = find_expr(p, 8, 0, GME_CALL, "g");
    CU_ASSERT_EQUAL(call->builtin, -1);
    CU_ASSERT_PTR_EQUAL(call->sym, p->procs->sym);
    CU_ASSERT_EQUAL(call->type->kind, GMT_INT);

    snprintf(src, sizeof src, "%sProcedure f(G: Graph, A: N_P<Int>; d: Double) {\n"
             "  g(G, 1; d, #);\n}\n", callee);
    check_src(src);
    EXPECT_ERROR("call", 7);
    snprintf(src, sizeof src, "%sProcedure f(G: Graph, A: N_P<Int>; d: Double) {\n"
             "  g(G, 1, A; d);\n}\n", callee);
    check_src(src);
    EXPECT_ERROR("call", 7);
    snprintf(src, sizeof src, "%sProcedure f(G: Graph, A: N_P<Int>; d: Double) {\n"
             "  g(G, 1, A; d + 1.0, #);\n}\n", callee);
    check_src(src);
    EXPECT_ERROR("call", 7);
    snprintf(src, sizeof src, "%sProcedure f(G: Graph, A: N_P<Int>; d: Double) {\n"
             "  g(G, True, A; d, #);\n}\n", callee);
    check_src(src);
    EXPECT_ERROR("call", 7);
    snprintf(src, sizeof src, "%sProcedure f(G: Graph, A: N_P<Int>, x: Double) {\n"
             "  g(G, 1, A; x, #);\n}\n", callee);
    check_src(src);
    EXPECT_ERROR("readonly", 7);
    check_src("Procedure f(G: Graph) {\n  h(G);\n}\n");
    EXPECT_ERROR("call", 2);
    /* No calls from a parallel region. */
    snprintf(src, sizeof src, "%sProcedure f(G: Graph, A: N_P<Int>) {\n"
             "  Foreach (t: G.Nodes) { Print g(G, 1, A; #, #); }\n}\n", callee);
    check_src(src);
    EXPECT_ERROR("unsupported", 7);
    /* Arguments bound to one graph parameter must share a graph. */
    snprintf(src, sizeof src, "%sProcedure f(G: Graph, H: Graph, A: N_P<Int>(H)) {\n"
             "  Print g(G, 1, A; #, #);\n}\n", callee);
    check_src(src);
    EXPECT_ERROR("graph-mismatch", 7);
}

static void test_unsupported(void)
{
    /* a local Graph is an empty graph, but not one per parallel iteration */
    check_src("Procedure f(G: Graph) {\n  Foreach (n: G.Nodes) {\n    Graph H;\n  }\n}\n");
    EXPECT_ERROR("unsupported", 3);
}

/* ------------------------------------------------------------------ */
/* Parallel consistency: one program per row of the table              */

static void test_conflict_read_write(void)
{
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    Foreach (t: n.Nbrs) { n.A = t.A; }\n  }\n}\n");
    EXPECT_WARNING("race", 3);
    check_src("Procedure f(G: Graph; x: Int) {\n  Foreach (n: G.Nodes) {\n"
              "    Int y = x;\n    x = y + 1;\n  }\n}\n");
    EXPECT_WARNING("race", 4);
    /* The message names both accesses and the other line. */
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    Int v = Sum(t: n.Nbrs) { t.A };\n"
              "    n.A = v;\n  }\n}\n");
    EXPECT_WARNING("race", 4);
    CU_ASSERT_EQUAL(count_diags("warning", "race", 0), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "write of 'n.A' and the read of 't.A' at line 3"));
}

static void test_conflict_write_write(void)
{
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    Foreach (t: n.Nbrs) { t.A = 1; }\n  }\n}\n");
    EXPECT_WARNING("race", 3);
    check_src("Procedure f(G: Graph; A: N_P<Int>, r: Node) {\n  Foreach (n: G.Nodes) {\n"
              "    r.A = 1;\n    r.A = 2;\n  }\n}\n");
    EXPECT_WARNING("race", 4);
    /* Writes through the loop's own iterator never race. */
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    n.A = 1;\n    n.A = n.A + 1;\n  }\n}\n");
    EXPECT_CLEAN();
}

static void test_conflict_read_reduce(void)
{
    check_src("Procedure f(G: Graph; s: Int) {\n  Foreach (n: G.Nodes) {\n"
              "    s += 1;\n    If (s > 3) { Print 1; }\n  }\n}\n");
    EXPECT_ERROR("conflict", 4);
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    Foreach (t: n.Nbrs) { t.A += 1; }\n    Print n.A;\n  }\n}\n");
    EXPECT_ERROR("conflict", 4);
}

static void test_conflict_write_reduce(void)
{
    check_src("Procedure f(G: Graph; s: Int) {\n  Foreach (n: G.Nodes) {\n"
              "    s += 1;\n    s = 0;\n  }\n}\n");
    CU_ASSERT_EQUAL(count_diags("error", "conflict", 4), 1);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    check_src("Procedure f(G: Graph, B: N_P<Int>; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    Foreach (t: n.Nbrs) { t.A min= n.B; }\n    n.A = 0;\n  }\n}\n");
    EXPECT_ERROR("conflict", 4);
    /* Write after defer. */
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    n.A <= 1 @ n;\n    Foreach (t: n.Nbrs) { t.A = 2; }\n  }\n}\n");
    CU_ASSERT_EQUAL(count_diags("error", "conflict", 4), 1);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
}

static void test_conflict_mutate(void)
{
    /* read/mutate: a warning */
    check_src("Procedure f(G: Graph; S: N_S) {\n  Foreach (n: G.Nodes) {\n"
              "    If (!S.Has(n)) { S.Add(n); }\n  }\n}\n");
    EXPECT_WARNING("race", 3);
    /* mutate/mutate: a warning */
    check_src("Procedure f(G: Graph; S: N_S) {\n  Foreach (n: G.Nodes) {\n"
              "    S.Add(n);\n    S.Remove(n);\n  }\n}\n");
    EXPECT_WARNING("race", 4);
    /* write/mutate: an error */
    check_src("Procedure f(G: Graph; S: N_S, T: N_S) {\n  Foreach (n: G.Nodes) {\n"
              "    S.Add(n);\n    S = T;\n  }\n}\n");
    CU_ASSERT_EQUAL(count_diags("error", "conflict", 4), 1);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    /* A map write is a change of the map. */
    check_src("Procedure f(G: Graph) {\n  Map<Node, Int> M;\n  Foreach (n: G.Nodes) {\n"
              "    M[n] = 1;\n    Print M.Size();\n  }\n}\n");
    EXPECT_WARNING("race", 5);
    /* One Add per iteration alone is fine. */
    check_src("Procedure f(G: Graph; S: N_S) {\n"
              "  Foreach (n: G.Nodes)(n.Degree() > 2) { S.Add(n); }\n}\n");
    EXPECT_CLEAN();
}

static void test_conflict_private_and_deferred(void)
{
    /* Symbols declared inside the region are private to an iteration;
     * deferred writes let every iteration read the old value. */
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    Int k = 0;\n    k = k + 1;\n"
              "    Foreach (t: n.Nbrs) { k += t.A; }\n"
              "    n.A <= k + Sum(t: n.Nbrs) { t.A } @ n;\n  }\n}\n");
    EXPECT_CLEAN();
    /* Two bounds for one deferred target. */
    check_src("Procedure f(G: Graph; A: N_P<Int>) {\n  Foreach (n: G.Nodes) {\n"
              "    n.A <= 1 @ n;\n    Foreach (t: n.Nbrs) { t.A <= 2 @ t; }\n  }\n}\n");
    EXPECT_ERROR("reduce-binding", 4);
}

static void test_conflict_bfs_levels(void)
{
    /* Reading parents through UpNbrs in InBFS and children through
     * DownNbrs in InReverse reaches finished levels: no race. */
    check_src("Procedure f(G: Graph, r: Node; A: N_P<Int>) {\n"
              "  InBFS (v: G.Nodes From r) {\n"
              "    v.A = Sum(w: v.UpNbrs) { w.A };\n  }\n"
              "  InReverse {\n    v.A = Sum(w: v.DownNbrs) { w.A } + 1;\n  }\n}\n");
    EXPECT_CLEAN();
    /* But reading out-neighbours while the level writes them races. */
    check_src("Procedure f(G: Graph, r: Node; A: N_P<Int>) {\n"
              "  InBFS (v: G.Nodes From r) {\n"
              "    v.A = Sum(w: v.Nbrs) { w.A };\n  }\n}\n");
    EXPECT_WARNING("race", 3);
}

static void test_sequential_is_not_a_region(void)
{
    check_src("Procedure f(G: Graph, r: Node; A: N_P<Int>, s: Int) {\n"
              "  For (n: G.Nodes) {\n    s = s + n.A;\n"
              "    Foreach (t: n.Nbrs) { n.A = 1; }\n  }\n"
              "  InDFS (v: G.Nodes From r) {\n    s = s + 1;\n  }\n}\n");
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    /* only the Foreach over t races on n.A (several t write one n) */
    CU_ASSERT_EQUAL(count_diags("warning", "race", 0), 1);
    CU_ASSERT_EQUAL(count_diags("warning", "race", 4), 1);
}

/* ------------------------------------------------------------------ */
/* Warnings and error discipline                                       */

static void test_unused(void)
{
    check_src("Procedure f(G: Graph): Int {\n  Int never;\n  Return G.NumNodes();\n}\n");
    EXPECT_WARNING("unused", 2);
    CU_ASSERT_EQUAL(gm_warning_count(), 1);
}

static void test_several_errors_no_cascade(void)
{
    check_src("Procedure f(G: Graph, x: Int) {\n"
              "  Int a = q;\n"             /* undefined */
              "  Int b = a + q * 2 - a;\n" /* undefined again: once */
              "  x = 1;\n"                 /* readonly */
              "  Bool c = 3;\n"            /* bool-numeric */
              "  Print b, c;\n}\n");
    CU_ASSERT_EQUAL(count_diags("error", "undefined", 2), 1);
    CU_ASSERT_EQUAL(count_diags("error", "undefined", 3), 1);
    CU_ASSERT_EQUAL(count_diags("error", "readonly", 4), 1);
    CU_ASSERT_EQUAL(count_diags("error", "bool-numeric", 5), 1);
    CU_ASSERT_EQUAL(gm_error_count(), 4);
    CU_ASSERT_FALSE(cu_check_ok);
}

/* ------------------------------------------------------------------ */
/* Complete programs that must check without any diagnostic            */

static const char *pagerank_src =
    "Procedure pagerank(G: Graph, e, d: Double, max: Int; pg_rank: N_P<Double>) {\n"
    "  Double diff;\n"
    "  Int cnt = 0;\n"
    "  Double N = G.NumNodes();\n"
    "  G.pg_rank = 1 / N;\n"
    "  Do {\n"
    "    diff = 0.0;\n"
    "    Foreach (t: G.Nodes) {\n"
    "      Double val = (1 - d) / N + d * Sum(w: t.InNbrs) {\n"
    "          w.pg_rank / (Double) w.OutDegree() };\n"
    "      t.pg_rank <= val @ t;\n"
    "      diff += |val - t.pg_rank|;\n"
    "    }\n"
    "    cnt++;\n"
    "  } While ((diff > e) && (cnt < max));\n"
    "}\n";

static void test_valid_pagerank(void)
{
    gm_program *p = check_src(pagerank_src);
    EXPECT_CLEAN();
    assert_complete(p);
    gm_symbol *t = find_stmt(p, 8, GMS_FOREACH)->iter.sym;
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 11, GMS_ASSIGN)->bound, t);
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 12, GMS_ASSIGN)->bound, t);
    CU_ASSERT_PTR_NULL(find_stmt(p, 14, GMS_ASSIGN)->bound);
    CU_ASSERT_TRUE(find_stmt(p, 5, GMS_ASSIGN)->is_group);
}

static void test_valid_sssp(void)
{
    gm_program *p = check_src(
        "Procedure sssp(G: Graph, len: E_P<Int>, root: Node; dist: N_P<Int>) {\n"
        "  N_P<Bool> updated;\n"
        "  N_P<Bool> updated_nxt;\n"
        "  N_P<Int> dist_nxt;\n"
        "  Bool fin = False;\n"
        "  G.dist = (G == root) ? 0 : +INF;\n"
        "  G.updated = (G == root) ? True : False;\n"
        "  G.dist_nxt = G.dist;\n"
        "  G.updated_nxt = G.updated;\n"
        "  While (!fin) {\n"
        "    fin = True;\n"
        "    Foreach (n: G.Nodes)(n.updated) {\n"
        "      Foreach (s: n.Nbrs) {\n"
        "        Edge e = s.ToEdge();\n"
        "        <s.dist_nxt; s.updated_nxt> min= <n.dist + e.len; True>;\n"
        "      }\n"
        "    }\n"
        "    G.dist = G.dist_nxt;\n"
        "    G.updated = G.updated_nxt;\n"
        "    G.updated_nxt = False;\n"
        "    fin = !Exist(n: G.Nodes) { n.updated };\n"
        "  }\n"
        "}\n");
    EXPECT_CLEAN();
    assert_complete(p);
    gm_stmt *am = find_stmt(p, 15, GMS_ARGMINMAX);
    CU_ASSERT_PTR_EQUAL(am->bound, find_stmt(p, 12, GMS_FOREACH)->iter.sym);
    CU_ASSERT_EQUAL(find_expr(p, 6, 0, GME_INF, NULL)->type->kind, GMT_INT);
    CU_ASSERT_EQUAL(find_expr(p, 14, 0, GME_CALL, "ToEdge")->type->kind, GMT_EDGE);
}

static void test_valid_bc(void)
{
    gm_program *p = check_src(
        "Procedure comp_BC(G: Graph; BC: Node_Prop<Float>) {\n"
        "  G.BC = 0;\n"
        "  Foreach (s: G.Nodes) {\n"
        "    Node_Prop<Float> sigma;\n"
        "    Node_Prop<Float> delta;\n"
        "    G.sigma = 0;\n"
        "    s.sigma = 1;\n"
        "    InBFS (v: G.Nodes From s) {\n"
        "      v.sigma = Sum(w: v.UpNbrs) { w.sigma };\n"
        "    }\n"
        "    InReverse (v != s) {\n"
        "      v.delta = Sum(w: v.DownNbrs) { (1 + w.delta) / w.sigma * v.sigma };\n"
        "      v.BC += v.delta @ s;\n"
        "    }\n"
        "  }\n"
        "}\n");
    EXPECT_CLEAN();
    assert_complete(p);
    CU_ASSERT_PTR_EQUAL(find_stmt(p, 13, GMS_ASSIGN)->bound,
                        find_stmt(p, 3, GMS_FOREACH)->iter.sym);
    gm_expr *up = find_expr(p, 9, 0, GME_REDUCE, NULL);
    CU_ASSERT_EQUAL(up->iter.sym->iter_range, GMR_UP_NBRS);
    CU_ASSERT_EQUAL(up->type->kind, GMT_FLOAT);
}

static void test_valid_kosaraju(void)
{
    gm_program *p = check_src(
        "Procedure kosaraju(G: Graph; mem: N_P<Int>): Int {\n"
        "  N_P<Bool> checked;\n"
        "  G.checked = False;\n"
        "  G.mem = -1;\n"
        "  Node_Seq Seq;\n"
        "  For (t: G.Nodes)(!t.checked) {\n"
        "    InDFS (n: G.Nodes From t)[!n.checked] {\n"
        "    }\n"
        "    InPost {\n"
        "      n.checked = True;\n"
        "      Seq.PushFront(n);\n"
        "    }\n"
        "  }\n"
        "  Int compId = 0;\n"
        "  For (t: Seq.Items)(t.mem == -1) {\n"
        "    InBFS (n: G^.Nodes From t)[n.mem == -1] {\n"
        "      n.mem = compId;\n"
        "    }\n"
        "    compId++;\n"
        "  }\n"
        "  Return compId;\n"
        "}\n");
    EXPECT_CLEAN();
    assert_complete(p);
}

static void test_locations(void)
{
    gm_program *p = check_src(pagerank_src);
    EXPECT_CLEAN();
    gmf_infer_locations(p);
    gm_param *G = p->procs->params, *e = G->next, *d = e->next, *max = d->next, *rank = max->next;
    CU_ASSERT_EQUAL(G->sym->location, GM_LOC_BOTH);
    CU_ASSERT_EQUAL(e->sym->location, GM_LOC_CPU);       /* only in the While condition */
    CU_ASSERT_EQUAL(d->sym->location, GM_LOC_BOTH);      /* an argument read in the loop */
    CU_ASSERT_EQUAL(max->sym->location, GM_LOC_CPU);
    CU_ASSERT_EQUAL(rank->sym->location, GM_LOC_BOTH);
    gm_symbol *diff = find_stmt(p, 2, GMS_DECL)->names->sym;
    gm_symbol *cnt = find_stmt(p, 3, GMS_DECL)->names->sym;
    gm_symbol *val = find_stmt(p, 9, GMS_DECL)->names->sym;
    gm_symbol *t = find_stmt(p, 8, GMS_FOREACH)->iter.sym;
    CU_ASSERT_EQUAL(diff->location, GM_LOC_BOTH); /* set on the host, reduced on the device */
    CU_ASSERT_EQUAL(cnt->location, GM_LOC_CPU);
    CU_ASSERT_EQUAL(val->location, GM_LOC_GPU);
    CU_ASSERT_EQUAL(t->location, GM_LOC_GPU);
    CU_ASSERT_EQUAL(p->procs->sym->location, GM_LOC_CPU);

    /* The --dump listing names every symbol with its side. */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gmf_print_locations(f, p);
    fclose(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "pagerank:\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "  val (line 9): GPU\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "  G (line 1): CPU+GPU\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "  cnt (line 3): CPU\n"));
    free(buf);

    /* A local property used only by group assignments and loops: GPU. */
    p = check_src("Procedure f(G: Graph; B: N_P<Int>) {\n  N_P<Int> A;\n  G.A = 1;\n"
                  "  Foreach (n: G.Nodes) { n.B = n.A; }\n}\n");
    EXPECT_CLEAN();
    gmf_infer_locations(p);
    CU_ASSERT_EQUAL(find_stmt(p, 2, GMS_DECL)->names->sym->location, GM_LOC_GPU);
}

/* gm_expr_equal (ast.h): structural, by symbol identity, conservative. */
static gm_expr *rhs_at(gm_program *p, int line)
{
    gm_stmt *s = find_stmt(p, line, GMS_ASSIGN);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    return s->rhs;
}

static void test_expr_equal(void)
{
    gm_program *p = check_src("Procedure t(G: Graph, A: N_P<Int>, B: N_P<Int>) {\n" /* 1 */
                              "  Int y = 0; Double d = 0.0; Node m = NIL;\n"          /* 2 */
                              "  For (n: G.Nodes) {\n"                                /* 3 */
                              "    y = n.A + 2 * n.B;\n"                              /* 4 */
                              "    y = n.A + 2 * n.B;\n"                              /* 5 same as 4 */
                              "    y = n.A + 2 * n.A;\n"                              /* 6 other property */
                              "    y = n.A - 2 * n.B;\n"                              /* 7 other operator */
                              "    y = n.A + 3 * n.B;\n"                              /* 8 other constant */
                              "    d = (n.A > 0) ? 1.5 : -|n.B - 1|;\n"               /* 9 */
                              "    d = (n.A > 0) ? 1.50 : -|n.B - 1|;\n"              /* 10 same as 9 */
                              "    d = (n.A > 0) ? 1.5 : -|n.B - 2|;\n"               /* 11 */
                              "    d = +INF;\n"                                       /* 12 */
                              "    d = -INF;\n"                                       /* 13 */
                              "    d = n.NumNbrs() + (Int) d;\n"                      /* 14 */
                              "    d = n.NumNbrs() + (Int) d;\n"                      /* 15 same as 14 */
                              "    d = n.NumInNbrs() + (Int) d;\n"                    /* 16 other built-in */
                              "    d = n.NumNbrs() + (Long) d;\n"                     /* 17 other cast */
                              "    m = NIL;\n"                                        /* 18 */
                              "    m = NIL;\n"                                        /* 19 */
                              "    If (y > 0) { Int w = 1; y = w; }\n"                /* 20 */
                              "    If (y > 0) { Int w = 1; y = w; }\n"                /* 21 another w */
                              "  }\n"
                              "}\n");
    EXPECT_CLEAN();
    CU_ASSERT_TRUE(gm_expr_equal(rhs_at(p, 4), rhs_at(p, 5)));
    CU_ASSERT_TRUE(gm_expr_equal(rhs_at(p, 4), rhs_at(p, 4)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 4), rhs_at(p, 6)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 4), rhs_at(p, 7)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 4), rhs_at(p, 8)));
    CU_ASSERT_TRUE(gm_expr_equal(rhs_at(p, 9), rhs_at(p, 10)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 9), rhs_at(p, 11)));
    CU_ASSERT_TRUE(gm_expr_equal(rhs_at(p, 12), rhs_at(p, 12)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 12), rhs_at(p, 13)));
    CU_ASSERT_TRUE(gm_expr_equal(rhs_at(p, 14), rhs_at(p, 15)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 14), rhs_at(p, 16)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 14), rhs_at(p, 17)));
    CU_ASSERT_TRUE(gm_expr_equal(rhs_at(p, 18), rhs_at(p, 19)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 20), rhs_at(p, 21))); /* same name, two symbols */
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 4), rhs_at(p, 9)));
    CU_ASSERT_FALSE(gm_expr_equal(rhs_at(p, 4), NULL));
    CU_ASSERT_TRUE(gm_expr_equal(NULL, NULL));
}

int main(void)
{
    static const cu_test tests[] = {
        {"undefined", test_undefined},
        {"bad property", test_bad_property},
        {"redefined", test_redefined},
        {"namespaces", test_namespaces},
        {"symbols filled", test_symbols_filled},
        {"implicit graph binding", test_implicit_binding},
        {"ambiguous graph", test_ambiguous_graph},
        {"graph mismatch", test_graph_mismatch},
        {"readonly", test_readonly},
        {"bad range", test_bad_range},
        {"conditions", test_conditions},
        {"group assignment", test_group_assignment},
        {"reduction binding", test_reduction_binding},
        {"two operators or loops", test_reduce_two_operators_or_loops},
        {"arg-min/max", test_argminmax},
        {"returns", test_returns},
        {"missing return", test_missing_return},
        {"nested traversal", test_nested_traversal},
        {"built-ins", test_builtins},
        {"built-in table", test_builtin_table},
        {"procedure calls", test_procedure_calls},
        {"unsupported", test_unsupported},
        {"conflict read/write", test_conflict_read_write},
        {"conflict write/write", test_conflict_write_write},
        {"conflict read/reduce", test_conflict_read_reduce},
        {"conflict write/reduce", test_conflict_write_reduce},
        {"conflict mutate", test_conflict_mutate},
        {"private and deferred", test_conflict_private_and_deferred},
        {"BFS levels", test_conflict_bfs_levels},
        {"sequential code", test_sequential_is_not_a_region},
        {"unused", test_unused},
        {"several errors, no cascade", test_several_errors_no_cascade},
        {"valid PageRank", test_valid_pagerank},
        {"valid SSSP", test_valid_sssp},
        {"valid BC", test_valid_bc},
        {"valid Kosaraju", test_valid_kosaraju},
        {"locations", test_locations},
        {"expression equality", test_expr_equal},
        {NULL, NULL},
    };
    return run_tests("check", tests);
}
