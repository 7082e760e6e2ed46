/* test_analysis.c: unit tests of gm_analysis/ on programs taken through
 * gmc's stages (check, desugar, every gm_opt pass): the frontier and
 * monotone-fixpoint shapes both backends test (accepted and refused
 * variants), the clique-counting nest (gma_clique.h), what the shared walk
 * counts as a use of a symbol, the loop plan's records (index kinds,
 * operators, what they visit) and the decision lists kept beside them. */
#include "lower_util.h"

#include "gma_clique.h"
#include "gma_decision.h"
#include "gma_frontier.h"
#include "gma_monotone.h"
#include "gma_plan.h"
#include "gma_walk.h"

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

static void test_sssp_is_frontier_and_monotone(void)
{
    const gm_program *p = lowered(sssp_src);
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

/* gma_stmt_within: a statement is within itself and its enclosing
 * statements, not within a sibling or a statement it encloses. */
static void test_stmt_within(void)
{
    const gm_program *p = lowered(sssp_src);
    const gm_stmt *loop = the_loop(p);
    const gm_stmt *inner = loop->body->kind == GMS_BLOCK ? loop->body->body : loop->body;
    CU_ASSERT_PTR_NOT_NULL_FATAL(inner);
    CU_ASSERT_TRUE(gma_stmt_within(loop, loop));
    CU_ASSERT_TRUE(gma_stmt_within(loop, inner));
    CU_ASSERT_TRUE(gma_stmt_within(p->procs->body, inner));
    CU_ASSERT_FALSE(gma_stmt_within(inner, loop));
    CU_ASSERT_FALSE(gma_stmt_within(loop, p->procs->body));
    CU_ASSERT_FALSE(gma_stmt_within(loop, NULL));
    const gm_stmt *first = p->procs->body->kind == GMS_BLOCK ? p->procs->body->body : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(first);
    CU_ASSERT_TRUE(first != loop);
    CU_ASSERT_FALSE(gma_stmt_within(loop, first)); /* a statement before the loop */
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

/* gm_walk_hooked: the enter hook sees statements in gm_walk's order, a
 * skipped statement's expressions and bodies are not visited and it gets no
 * leave call, leave runs after a statement's bodies, and STOP stops. */
typedef struct hook_log {
    char buf[256];
    size_t n;
    gm_stmt_kind skip, stop;
} hook_log;

static void log_char(hook_log *h, char ch)
{
    if (h->n + 1 < sizeof h->buf) {
        h->buf[h->n++] = ch;
        h->buf[h->n] = '\0';
    }
}

static char kind_char(const gm_stmt *s)
{
    switch (s->kind) {
    case GMS_BLOCK: return 'B';
    case GMS_FOREACH: return 'F';
    case GMS_ASSIGN: return 'A';
    case GMS_IF: return 'I';
    default: return '?';
    }
}

static gm_walk_step log_enter(const gm_stmt *s, void *ctx)
{
    hook_log *h = ctx;
    log_char(h, kind_char(s));
    if (s->kind == h->stop)
        return GM_WALK_STOP;
    return s->kind == h->skip ? GM_WALK_SKIP : GM_WALK_ON;
}

static bool log_leave(const gm_stmt *s, void *ctx)
{
    hook_log *h = ctx;
    log_char(h, '/');
    log_char(h, kind_char(s));
    return true;
}

static bool log_prop(const gm_expr *e, void *ctx)
{
    if (e->kind == GME_PROP)
        log_char(ctx, 'p');
    return true;
}

static void test_walk_hooked(void)
{
    const gm_program *p = check_src("Procedure f(G: Graph; A: N_P<Int>)\n"
                                    "{\n"
                                    "    Foreach (n: G.Nodes) {\n"
                                    "        If (n.A > 0)\n"
                                    "            n.A = 1;\n"
                                    "    }\n"
                                    "    Foreach (n: G.Nodes)\n"
                                    "        n.A = 2;\n"
                                    "}\n");
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    const gm_walk_hooks hooks = {log_enter, log_leave, log_prop, NULL};
    hook_log h = {.skip = GMS_EMPTY, .stop = GMS_EMPTY};
    CU_ASSERT_TRUE(gm_walk_hooked(p->procs->body, false, &hooks, &h));
    CU_ASSERT_STRING_EQUAL(h.buf, "BFBIpAp/A/I/B/FFAp/A/F/B");
    hook_log skip = {.skip = GMS_IF, .stop = GMS_EMPTY};
    CU_ASSERT_TRUE(gm_walk_hooked(p->procs->body, false, &hooks, &skip));
    CU_ASSERT_STRING_EQUAL(skip.buf, "BFBI/B/FFAp/A/F/B");
    hook_log stop = {.skip = GMS_EMPTY, .stop = GMS_IF};
    CU_ASSERT_FALSE(gm_walk_hooked(p->procs->body, false, &hooks, &stop));
    CU_ASSERT_STRING_EQUAL(stop.buf, "BFBI");
}

/* The expression leave hook runs after an expression's children (post-order)
 * and pairs with the enter visitor; a false from it stops the walk. */
static char expr_char(const gm_expr *e)
{
    switch (e->kind) {
    case GME_ID: return 'i';
    case GME_INT: return '1';
    case GME_BINARY: return '+';
    case GME_PROP: return 'p';
    case GME_REDUCE: return 'R';
    default: return '?';
    }
}

static bool log_expr_enter(const gm_expr *e, void *ctx)
{
    log_char(ctx, expr_char(e));
    return true;
}

static bool log_expr_leave(const gm_expr *e, void *ctx)
{
    hook_log *h = ctx;
    log_char(h, '/');
    log_char(h, expr_char(e));
    return e->kind != GME_REDUCE || h->stop != GMS_ASSIGN;
}

static void test_walk_expr_leave(void)
{
    const gm_program *p = check_src("Procedure f(G: Graph, a: Node; A: N_P<Int>)\n"
                                    "{\n"
                                    "    Int c = a.A + Sum(x: a.Nbrs) { 1 };\n"
                                    "    c = 2;\n"
                                    "}\n");
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    const gm_walk_hooks hooks = {NULL, NULL, log_expr_enter, log_expr_leave};
    hook_log h = {.stop = GMS_EMPTY};
    CU_ASSERT_TRUE(gm_walk_hooked(p->procs->body, false, &hooks, &h));
    /* a.A: the property, then its base; the reduction: its body (a), then
     * its iteration's source; then the assignment's target and value */
    CU_ASSERT_STRING_EQUAL(h.buf, "+pi/i/pR1/1i/i/R/+i/i1/1");
    hook_log stop = {.stop = GMS_ASSIGN};
    CU_ASSERT_FALSE(gm_walk_hooked(p->procs->body, false, &hooks, &stop));
    CU_ASSERT_STRING_EQUAL(stop.buf, "+pi/i/pR1/1i/i/R");
    hook_log only = {.stop = GMS_EMPTY};
    CU_ASSERT_TRUE(gm_walk_expr_hooked(p->procs->body->body->init, false, &hooks, &only));
    CU_ASSERT_STRING_EQUAL(only.buf, "+pi/i/pR1/1i/i/R/+");
}

/* gm_rewrite: AGAIN stands on the link again (a statement inserted in front
 * is visited, then the old one), OVER enters nothing and gets no post call,
 * ON enters the bodies, then post. */
typedef struct rw_log {
    hook_log log;
    gm_program *p;
    bool inserted;
} rw_log;

static char rw_char(const gm_stmt *s)
{
    switch (s->kind) {
    case GMS_DECL: return 'D';
    case GMS_WHILE: return 'W';
    case GMS_EMPTY: return 'E';
    default: return kind_char(s);
    }
}

static gm_rewrite_step rw_pre(gm_stmt ***link, void *ctx)
{
    rw_log *r = ctx;
    gm_stmt *s = **link;
    log_char(&r->log, rw_char(s));
    if (s->kind == GMS_DECL && !r->inserted) {
        gm_stmt *e = gm_stmt_new(r->p->arena, GMS_EMPTY, s->loc);
        e->next = s;
        **link = e;
        r->inserted = true;
        return GM_REWRITE_AGAIN;
    }
    return s->kind == GMS_IF ? GM_REWRITE_OVER : GM_REWRITE_ON;
}

static gm_rewrite_step rw_post(gm_stmt ***link, void *ctx)
{
    rw_log *r = ctx;
    log_char(&r->log, '/');
    log_char(&r->log, rw_char(**link));
    return GM_REWRITE_ON;
}

/* A post hook that unlinks each assignment of 2: the walk stands on the
 * link again, so the statement after it is still visited. */
static gm_rewrite_step rw_unlink_post(gm_stmt ***link, void *ctx)
{
    rw_log *r = ctx;
    gm_stmt *s = **link;
    log_char(&r->log, rw_char(s));
    if (s->kind == GMS_ASSIGN && s->rhs && s->rhs->kind == GME_INT && s->rhs->int_val == 2) {
        **link = s->next;
        return GM_REWRITE_AGAIN;
    }
    return GM_REWRITE_ON;
}

static void test_rewrite_walk(void)
{
    gm_program *p = check_src("Procedure f(G: Graph)\n"
                              "{\n"
                              "    Int x = 0;\n"
                              "    If (x > 0) { x = 1; }\n"
                              "    While (x < 3) { x += 1; }\n"
                              "}\n");
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    const gm_rewrite_hooks hooks = {rw_pre, rw_post};
    rw_log r = {.p = p};
    gm_rewrite(&p->procs->body->body, &hooks, &r);
    CU_ASSERT_STRING_EQUAL(r.log.buf, "DE/ED/DIWBA/A/B/W");
    CU_ASSERT_EQUAL(p->procs->body->body->kind, GMS_EMPTY);
    CU_ASSERT_EQUAL(p->procs->body->body->next->kind, GMS_DECL);

    p = check_src("Procedure f(G: Graph)\n"
                  "{\n"
                  "    Int x = 0;\n"
                  "    x = 2;\n"
                  "    x = 2;\n"
                  "    While (x < 3) { x = 2; }\n"
                  "    x = 2;\n"
                  "}\n");
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    const gm_rewrite_hooks unlink = {NULL, rw_unlink_post};
    rw_log u = {.p = p};
    gm_rewrite(&p->procs->body->body, &unlink, &u);
    CU_ASSERT_STRING_EQUAL(u.log.buf, "DAAABWA");
    const gm_stmt *l = p->procs->body->body;
    CU_ASSERT_EQUAL(l->kind, GMS_DECL);
    CU_ASSERT_EQUAL_FATAL(l->next->kind, GMS_WHILE);
    CU_ASSERT_PTR_NULL(l->next->next);
    CU_ASSERT_PTR_NULL(l->next->body->body);
}

/* The access of the property or scalar named name in r (NULL: none). */
static const gma_access *acc(const gma_record *r, const char *name)
{
    for (int i = 0; i < r->nprops; i++)
        if (strcmp(r->props[i].sym->name, name) == 0)
            return &r->props[i];
    for (int i = 0; i < r->nscalars; i++)
        if (strcmp(r->scalars[i].sym->name, name) == 0)
            return &r->scalars[i];
    return NULL;
}

/* Index kinds: owner, out-/in-neighbour, the edges to them, a Node variable
 * (remote), a Node-valued property (remote), a Node variable declared in
 * the loop from a neighbour (that neighbour) or assigned again (remote). */
static void test_plan_index_kinds(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, root: Node, len: E_P<Int>, A: N_P<Int>, par: N_P<Node>;\n"
                            "          B: N_P<Int>, C: N_P<Int>, W: E_P<Int>)\n"
                            "{\n"
                            "    Foreach (n: G.Nodes) {\n"
                            "        Int s = n.A;\n"
                            "        Foreach (t: n.Nbrs) {\n"
                            "            Edge e = t.ToEdge();\n"
                            "            s += e.len;\n"
                            "        }\n"
                            "        Foreach (u: n.InNbrs) {\n"
                            "            Edge f = u.ToEdge();\n"
                            "            f.W += u.A;\n"
                            "        }\n"
                            "        Node q = n.par;\n"
                            "        n.B = s + root.A + q.A;\n"
                            "        Foreach (v: n.Nbrs) {\n"
                            "            If (v.HasEdgeTo(n))\n"
                            "                n.B += 1;\n"
                            "            Node x = v;\n"
                            "            x.C max= 1;\n"
                            "            Node y = v;\n"
                            "            y = n.par;\n"
                            "            y.C max= 0;\n"
                            "        }\n"
                            "    }\n"
                            "}\n");
    gma_plan *plan = gma_plan_build(p);
    CU_ASSERT_EQUAL_FATAL(plan->n, 1);
    const gma_record *r = &plan->recs[0];
    CU_ASSERT_EQUAL(r->space, GMA_SPACE_NODES);
    CU_ASSERT_STRING_EQUAL(r->own->name, "n");
    CU_ASSERT_EQUAL(r->nwhy, 0);
    const gma_access *a = acc(r, "A");
    CU_ASSERT_TRUE(gma_access_has(a, GMA_READ, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(a, GMA_READ, GMA_OP_NONE, GMA_IX_IN_NBR));
    CU_ASSERT_TRUE(gma_access_has(a, GMA_READ, GMA_OP_NONE, GMA_IX_REMOTE));
    CU_ASSERT_FALSE(gma_access_has(a, GMA_READ, GMA_OP_NONE, GMA_IX_OUT_NBR));
    CU_ASSERT_FALSE(gma_access_has(a, GMA_WRITE, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "len"), GMA_READ, GMA_OP_NONE, GMA_IX_OUT_EDGE));
    CU_ASSERT_TRUE(acc(r, "len")->edge);
    CU_ASSERT_TRUE(gma_access_has(acc(r, "W"), GMA_REDUCE, GMA_OP_SUM, GMA_IX_IN_EDGE));
    CU_ASSERT_FALSE(gma_access_has(acc(r, "W"), GMA_READ, GMA_OP_NONE, GMA_IX_IN_EDGE));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "B"), GMA_WRITE, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_FALSE(gma_access_has(acc(r, "B"), GMA_READ, GMA_OP_NONE, GMA_IX_OWNER)); /* targets */
    CU_ASSERT_TRUE(gma_access_has(acc(r, "B"), GMA_REDUCE, GMA_OP_SUM, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "C"), GMA_REDUCE, GMA_OP_MAX, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "C"), GMA_REDUCE, GMA_OP_MAX, GMA_IX_REMOTE));
    CU_ASSERT_FALSE(gma_access_has(acc(r, "C"), GMA_REDUCE, GMA_OP_MAX, GMA_IX_OWNER));
    CU_ASSERT_EQUAL(acc(r, "C")->nuses, 1);
    CU_ASSERT_TRUE(gma_access_has(acc(r, "par"), GMA_READ, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_PTR_NULL(acc(r, "s")); /* declared in the loop */
    gma_plan_free(plan);
}

/* Each reduction operator, on properties through a neighbour and on
 * scalars declared outside the loop; arg-min payloads. */
static void test_plan_operators(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, A: N_P<Int>; S: N_P<Int>, P: N_P<Double>, Lo: N_P<Int>,\n"
                            "          Hi: N_P<Int>, E: N_P<Bool>, O: N_P<Bool>, K: N_P<Int>, Par: N_P<Node>) : Int\n"
                            "{\n"
                            "    Int c = 0;\n"
                            "    Double m = 1.0;\n"
                            "    Int lo = 0;\n"
                            "    Bool any = False;\n"
                            "    Node who;\n"
                            "    Foreach (n: G.Nodes) {\n"
                            "        Foreach (t: n.Nbrs) {\n"
                            "            t.S += n.A;\n"
                            "            t.P *= 2.0;\n"
                            "            t.Lo min= n.A;\n"
                            "            t.Hi max= n.A;\n"
                            "            t.E &= n.A > 0;\n"
                            "            t.O |= n.A > 0;\n"
                            "            <t.K; t.Par> min= <n.A; n>;\n"
                            "        }\n"
                            "        c += n.A;\n"
                            "        m *= 2.0;\n"
                            "        any |= n.A > 1;\n"
                            "        <lo; who> max= <n.A; n>;\n"
                            "    }\n"
                            "    Return c + lo + (Int) m + (any ? 1 : 0);\n"
                            "}\n");
    gma_plan *plan = gma_plan_build(p);
    CU_ASSERT_EQUAL_FATAL(plan->n, 1);
    const gma_record *r = &plan->recs[0];
    CU_ASSERT_TRUE(gma_access_has(acc(r, "S"), GMA_REDUCE, GMA_OP_SUM, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "P"), GMA_REDUCE, GMA_OP_MUL, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "Lo"), GMA_REDUCE, GMA_OP_MIN, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "Hi"), GMA_REDUCE, GMA_OP_MAX, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "E"), GMA_REDUCE, GMA_OP_AND, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "O"), GMA_REDUCE, GMA_OP_OR, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "K"), GMA_REDUCE, GMA_OP_MIN, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "Par"), GMA_REDUCE, GMA_OP_ARGMIN, GMA_IX_OUT_NBR));
    CU_ASSERT_FALSE(gma_access_has(acc(r, "Par"), GMA_REDUCE, GMA_OP_MIN, GMA_IX_OUT_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "A"), GMA_READ, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "c"), GMA_REDUCE, GMA_OP_SUM, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "m"), GMA_REDUCE, GMA_OP_MUL, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "any"), GMA_REDUCE, GMA_OP_OR, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "lo"), GMA_REDUCE, GMA_OP_MAX, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(r, "who"), GMA_REDUCE, GMA_OP_ARGMAX, GMA_IX_OWNER));
    CU_ASSERT_EQUAL(r->nscalars, 5);
    CU_ASSERT_STRING_EQUAL(gma_redop_name(GMA_OP_ARGMIN), "argmin-payload");
    CU_ASSERT_STRING_EQUAL(gma_redop_name(GMA_OP_AND), "&&=");
    gma_plan_free(plan);
}

/* Records: one per outermost parallel loop, in order, nested loops inside
 * theirs; InBFS and InReverse apart, with their filters; an edge loop's
 * endpoints; a reduction's range argument and filter are visited; the
 * sequential For around a BFS makes no record. */
static void test_plan_records(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, root: Node, w: E_P<Int>, A: N_P<Int>, mate: N_P<Node>;\n"
                            "          B: N_P<Int>, D: N_P<Int>, Z: N_P<Int>)\n"
                            "{\n"
                            "    Foreach (e: G.Edges)\n"
                            "        e.ToNode().D min= e.w + e.FromNode().A;\n"
                            "    For (s: G.Nodes) {\n"
                            "        InBFS (v: G.Nodes From s)(v != s) {\n"
                            "            v.B = Sum(u: v.UpNbrs) { u.B + u.ToEdge().w };\n"
                            "        } InReverse (v.A > 0) {\n"
                            "            v.Z += Sum(u: v.DownNbrs) { u.Z };\n"
                            "        }\n"
                            "    }\n"
                            "    Foreach (n: G.Nodes)\n"
                            "        n.Z = Count(x: n.CommonNbrs(n.mate))(x.A > 1);\n"
                            "}\n");
    gma_plan *plan = gma_plan_build(p);
    CU_ASSERT_EQUAL_FATAL(plan->n, 4);
    const gma_record *r = plan->recs;
    CU_ASSERT_EQUAL(r[0].space, GMA_SPACE_EDGES);
    CU_ASSERT_TRUE(gma_access_has(acc(&r[0], "D"), GMA_REDUCE, GMA_OP_MIN, GMA_IX_EDGE_DST));
    CU_ASSERT_TRUE(gma_access_has(acc(&r[0], "A"), GMA_READ, GMA_OP_NONE, GMA_IX_EDGE_SRC));
    CU_ASSERT_TRUE(gma_access_has(acc(&r[0], "w"), GMA_READ, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_EQUAL(r[1].space, GMA_SPACE_BFS);
    CU_ASSERT_PTR_NOT_NULL(r[1].filter);
    CU_ASSERT_TRUE(gma_access_has(acc(&r[1], "B"), GMA_READ, GMA_OP_NONE, GMA_IX_UP_NBR));
    CU_ASSERT_TRUE(gma_access_has(acc(&r[1], "B"), GMA_WRITE, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(&r[1], "w"), GMA_READ, GMA_OP_NONE, GMA_IX_UP_EDGE));
    CU_ASSERT_PTR_NULL(acc(&r[1], "Z"));
    CU_ASSERT_EQUAL(r[2].space, GMA_SPACE_BFS_REVERSE);
    CU_ASSERT_PTR_NOT_NULL(r[2].filter);
    CU_ASSERT_TRUE(gma_access_has(acc(&r[2], "A"), GMA_READ, GMA_OP_NONE, GMA_IX_OWNER)); /* its filter */
    CU_ASSERT_TRUE(gma_access_has(acc(&r[2], "Z"), GMA_READ, GMA_OP_NONE, GMA_IX_DOWN_NBR));
    CU_ASSERT_PTR_NULL(acc(&r[2], "B"));
    CU_ASSERT_EQUAL(r[3].space, GMA_SPACE_NODES);
    CU_ASSERT_TRUE(gma_access_has(acc(&r[3], "mate"), GMA_READ, GMA_OP_NONE, GMA_IX_OWNER)); /* range argument */
    CU_ASSERT_TRUE(gma_access_has(acc(&r[3], "A"), GMA_READ, GMA_OP_NONE, GMA_IX_COMMON_NBR));
    CU_ASSERT_EQUAL(r[3].nwhy, 1);
    CU_ASSERT_EQUAL(r[0].nwhy + r[1].nwhy + r[2].nwhy, 0);
    CU_ASSERT_TRUE(r[0].loc.line < r[1].loc.line && r[1].loc.line < r[2].loc.line && r[2].loc.line < r[3].loc.line);
    CU_ASSERT_PTR_EQUAL(gma_plan_find(plan, r[0].stmt, false), &r[0]);
    CU_ASSERT_PTR_EQUAL(gma_plan_find(plan, r[1].stmt, false), &r[1]);
    CU_ASSERT_PTR_EQUAL(gma_plan_find(plan, r[1].stmt, true), &r[2]);
    CU_ASSERT_PTR_NULL(gma_plan_find(plan, r[0].stmt, true));
    CU_ASSERT_PTR_NULL(gma_plan_find(plan, p->procs->body, false));
    gma_plan_free(plan);
}

/* A reduction over the nodes written on the host is a record of its own
 * (on the checked tree: desugaring makes it a loop); one nested in it is not. */
static void test_plan_host_reduction(void)
{
    const gm_program *p = check_src("Procedure f(G: Graph, A: N_P<Int>) : Int\n"
                              "{\n"
                              "    Int s = Sum(n: G.Nodes)(n.A > 0) { Count(m: G.Nodes)(m.A < n.A) };\n"
                              "    Return s + Max(n: G.Nodes) { n.A };\n"
                              "}\n");
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    gma_plan *plan = gma_plan_build(p);
    CU_ASSERT_EQUAL_FATAL(plan->n, 2);
    CU_ASSERT_PTR_NOT_NULL(plan->recs[0].reduce);
    CU_ASSERT_PTR_NOT_NULL(plan->recs[0].filter);
    CU_ASSERT_TRUE(gma_access_has(acc(&plan->recs[0], "A"), GMA_READ, GMA_OP_NONE, GMA_IX_OWNER));
    CU_ASSERT_TRUE(gma_access_has(acc(&plan->recs[0], "A"), GMA_READ, GMA_OP_NONE, GMA_IX_REMOTE));
    CU_ASSERT_EQUAL(plan->recs[1].reduce->reduce_op, GMRED_MAX);
    gma_plan_free(plan);
}

/* Why a loop stays on one rank; each reason once. */
static void test_plan_not_distributable(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, S: Node_Set, A: N_P<Int>; B: N_P<Int>)\n"
                            "{\n"
                            "    Foreach (x: S.Items)\n"
                            "        x.B = 1;\n"
                            "    Foreach (n: G.Nodes) {\n"
                            "        Foreach (t: n.Nbrs) {\n"
                            "            Foreach (u: t.Nbrs)\n"
                            "                u.B += 1;\n"
                            "            Foreach (u: t.InNbrs)\n"
                            "                u.B += 1;\n"
                            "        }\n"
                            "    }\n"
                            "    Foreach (n: G.Nodes) {\n"
                            "        Node m = n.PickRandomNbr();\n"
                            "        m.B += 1;\n"
                            "    }\n"
                            "    Foreach (n: G.Nodes) {\n"
                            "        Map<Int, Int> M;\n"
                            "        M[1] = n.A;\n"
                            "        n.B = M[1];\n"
                            "    }\n"
                            "    Foreach (n: G.Nodes) {\n"
                            "        Foreach (t: n.Nbrs) {\n"
                            "            Foreach (u: n.InNbrs) {\n"
                            "                If (u.IsNbrFrom(t))\n"
                            "                    n.B += 1;\n"
                            "            }\n"
                            "        }\n"
                            "    }\n"
                            "    InDFS (v: G.Nodes From G.PickRandom()) {\n"
                            "        v.B = 2;\n"
                            "    }\n"
                            "}\n");
    gma_plan *plan = gma_plan_build(p);
    CU_ASSERT_EQUAL_FATAL(plan->n, 6);
    const gma_record *r = plan->recs;
    CU_ASSERT_EQUAL(r[0].space, GMA_SPACE_COLLECTION);
    CU_ASSERT_EQUAL_FATAL(r[0].nwhy, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r[0].why[0], "collection"));
    CU_ASSERT_EQUAL_FATAL(r[1].nwhy, 1); /* two 2-hop loops, one reason */
    CU_ASSERT_PTR_NOT_NULL(strstr(r[1].why[0], "adjacency"));
    CU_ASSERT_TRUE(gma_access_has(acc(&r[1], "B"), GMA_REDUCE, GMA_OP_SUM, GMA_IX_REMOTE));
    CU_ASSERT_EQUAL_FATAL(r[2].nwhy, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r[2].why[0], "PickRandomNbr"));
    CU_ASSERT_EQUAL(r[3].nwhy, 0); /* a map of the iteration's own */
    CU_ASSERT_EQUAL_FATAL(r[4].nwhy, 1); /* an edge between two neighbours */
    CU_ASSERT_PTR_NOT_NULL(strstr(r[4].why[0], "adjacency query"));
    CU_ASSERT_EQUAL(r[5].space, GMA_SPACE_DFS);
    CU_ASSERT_EQUAL_FATAL(r[5].nwhy, 1);
    CU_ASSERT_STRING_EQUAL(r[5].why[0], "DFS");
    gma_plan_free(plan);
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

/* 1 when the nest in body is an ascending clique count (gma_clique.h:
 * only neighbours above their row's node), -1 another clique count, 0 none. */
static int clique_ascending(const char *body)
{
    char src[2048];
    snprintf(src, sizeof src, "Procedure f(G: Graph) : Long\n{\n    Long T = 0;\n%s\n    Return T;\n}\n", body);
    const gm_program *p = lowered(src);
    const gm_stmt *loop = NULL;
    gma_walk(p->procs->body, true, first_node_loop, NULL, &loop);
    CU_ASSERT_PTR_NOT_NULL_FATAL(loop);
    gma_clique c;
    return !gma_clique_shape(loop, &c) ? 0 : c.ascending ? 1 : -1;
}

/* Which nests an upper copy (each edge in its lower end's row) can serve. */
static void test_clique_ascending(void)
{
    /* apps/triangle_count.gm (its inner loop folded into a count above u) */
    CU_ASSERT_EQUAL(clique_ascending("Foreach (v: G.Nodes) { Foreach (u: v.Nbrs)(u > v) { Foreach (w: v.Nbrs)(w > u) {\n"
                                     "    If (w.HasEdgeTo(u)) T += 1; } } }"), 1);
    /* a path v < u < w, each step upwards */
    CU_ASSERT_EQUAL(clique_ascending("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) Foreach (w: u.Nbrs)(w > u)\n"
                                     "    If (w.HasEdgeTo(v)) T += 1;"), 1);
    /* descending: every loop walks the lower part of a row */
    CU_ASSERT_EQUAL(clique_ascending("For (v: G.Nodes) Foreach (u: v.Nbrs)(u < v) Foreach (w: u.Nbrs)(w < u)\n"
                                     "    If (v.HasEdgeTo(w)) T += 1;"), -1);
    /* v < w < u, but w comes from u's row below u */
    CU_ASSERT_EQUAL(clique_ascending("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) Foreach (w: u.Nbrs)(w > v && w < u)\n"
                                     "    If (v.HasEdgeTo(w)) T += 1;"), -1);
    /* w walks u's row below u (the other bound is v) */
    CU_ASSERT_EQUAL(clique_ascending("Foreach (v: G.Nodes) Foreach (u: v.Nbrs)(u > v) Foreach (w: u.Nbrs)(w < u)\n"
                                     "    If (w.HasEdgeTo(v) && w > v) T += 1;"), -1);
}

/* apps/triangle_count.gm and the variants of the same meaning. */
/* gma_decision.h: a list per record, found by the loop's statement (an
 * InBFS's InReverse apart), keys that repeat, the first value wins, and the
 * --dump=plan text with the decisions under their record. */
static void test_decisions(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph, s: Node; A: N_P<Int>, B: N_P<Int>)\n"
                                  "{\n"
                                  "    Foreach (n: G.Nodes)\n"
                                  "        Foreach (t: n.Nbrs)\n"
                                  "            t.A += 1;\n"
                                  "    InBFS (v: G.Nodes From s) {\n"
                                  "        v.B = 1;\n"
                                  "    } InReverse {\n"
                                  "        v.A += v.B;\n"
                                  "    }\n"
                                  "}\n");
    gma_plan *plan = gma_plan_build(p);
    CU_ASSERT_EQUAL_FATAL(plan->n, 3);
    gma_decided *d = gma_decided_new(plan, "test");
    const gm_stmt *loop = plan->recs[0].stmt, *bfs = plan->recs[1].stmt;
    gma_decisions *l = gma_decisions_of(d, loop, false);
    gma_decisions *fwd = gma_decisions_of(d, bfs, false), *rev = gma_decisions_of(d, bfs, true);
    CU_ASSERT_PTR_EQUAL(l, &d->recs[0]);
    CU_ASSERT_PTR_EQUAL(fwd, &d->recs[1]);
    CU_ASSERT_PTR_EQUAL(rev, &d->recs[2]);
    CU_ASSERT_PTR_NULL(gma_decisions_of(d, loop, true)); /* a Foreach has no InReverse */
    CU_ASSERT_PTR_NULL(gma_decisions_of(NULL, loop, false));
    CU_ASSERT_PTR_NULL(gma_decision(l, "balance"));
    gma_decide(l, "balance", "auto(thread|%s)", "edge");
    gma_decide(l, "atomics", "native(%s +=)", "A");
    gma_decide(l, "atomics", "none(B +=)");
    gma_decide(NULL, "ignored", "x"); /* no record: nothing */
    gma_decide(rev, "schedule", "static");
    CU_ASSERT_STRING_EQUAL(gma_decision(l, "balance"), "auto(thread|edge)");
    CU_ASSERT_STRING_EQUAL(gma_decision(l, "atomics"), "native(A +=)");
    CU_ASSERT_EQUAL(l->n, 3);
    CU_ASSERT_TRUE(gma_decision_is(rev, "schedule", "static"));
    CU_ASSERT_FALSE(gma_decision_is(fwd, "schedule", "static"));
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    gma_decided_print(out, d, "f.gm");
    fclose(out);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "// ---- f.gm: plan, -t test decisions ----\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "    test balance=auto(thread|edge)\n    test atomics=native(A +=)\n"
                                        "    test atomics=none(B +=)\nloop 2 at "));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "bfs-reverse, InReverse (v)\n"));
    CU_ASSERT_TRUE(len > 0 && strcmp(text + len - strlen("    test schedule=static\n"), "    test schedule=static\n") == 0);
    free(text);
    gma_decisions_clear(l);
    CU_ASSERT_EQUAL(l->n, 0);
    CU_ASSERT_PTR_NULL(gma_decision(l, "balance"));
    gma_decided_free(d);
    gma_plan_free(plan);
}

/* gma_decide_at: a choice about one statement, found from any record by
 * the statement and its key; a quiet one stays off the --report line and
 * shows in --dump=plan with its statement's line. */
static void test_decisions_at(void)
{
    const gm_program *p = lowered("Procedure f(G: Graph; A: N_P<Int>, B: N_P<Int>)\n"
                                  "{\n"
                                  "    Foreach (n: G.Nodes) {\n"
                                  "        n.B += 1;\n"
                                  "        Foreach (t: n.Nbrs)\n"
                                  "            t.A += 1;\n"
                                  "    }\n"
                                  "}\n");
    gma_plan *plan = gma_plan_build(p);
    CU_ASSERT_EQUAL_FATAL(plan->n, 1);
    gma_decided *d = gma_decided_new(plan, "test");
    gma_decisions *l = &d->recs[0];
    const gm_stmt *own = plan->recs[0].stmt->body->body; /* n.B += 1 */
    CU_ASSERT_EQUAL_FATAL(own->kind, GMS_ASSIGN);
    const gm_stmt *nbr = own->next->body->body; /* t.A += 1 */
    CU_ASSERT_EQUAL_FATAL(nbr->kind, GMS_ASSIGN);
    CU_ASSERT_PTR_NULL(gma_decision_at(d, own, "update"));
    gma_decide(l, "schedule", "static");
    gma_decide_at(l, own, true, "update", "plain");
    gma_decide_at(l, nbr, true, "update", "%s", "atomic");
    gma_decide_at(l, nbr, false, "atomics", "native(A +=)");
    CU_ASSERT_STRING_EQUAL(gma_decision_at(d, own, "update"), "plain");
    CU_ASSERT_STRING_EQUAL(gma_decision_at(d, nbr, "update"), "atomic");
    CU_ASSERT_STRING_EQUAL(gma_decision_at(d, nbr, "atomics"), "native(A +=)");
    CU_ASSERT_PTR_NULL(gma_decision_at(d, own, "atomics"));
    CU_ASSERT_PTR_NULL(gma_decision_at(NULL, own, "update"));
    CU_ASSERT_PTR_NULL(gma_decision_at(d, NULL, "update"));
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    gma_decisions_line(out, l);
    fclose(out);
    CU_ASSERT_STRING_EQUAL(text, "schedule=static, atomics=native(A +=)");
    free(text);
    out = open_memstream(&text, &len);
    gma_decided_print(out, d, "f.gm");
    fclose(out);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "    test schedule=static\n    test update(line 4)=plain\n"
                                        "    test update(line 6)=atomic\n    test atomics=native(A +=)\n"));
    free(text);
    /* a list of quiet choices only: an empty line */
    gma_decisions q = {0};
    gma_decide_at(&q, own, true, "update", "plain");
    out = open_memstream(&text, &len);
    gma_decisions_line(out, &q);
    fclose(out);
    CU_ASSERT_STRING_EQUAL(text, "");
    free(text);
    gma_decisions_clear(&q);
    gma_decided_free(d);
    gma_plan_free(plan);
}

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
        {"a statement within another (gma_stmt_within)", test_stmt_within},
        {"clique nests: ascending", test_clique_ascending},
        {"an extra write at the round end: no frontier", test_extra_write_is_no_frontier},
        {"a round counter: not monotone", test_round_counter_is_not_monotone},
        {"what counts as a use of a symbol", test_sym_used},
        {"the walk visits a reduction's range argument", test_walk_reduce_range_arg},
        {"the hooked walk: order, skip, leave, stop", test_walk_hooked},
        {"the hooked walk: expression leave hooks, post-order", test_walk_expr_leave},
        {"the rewriting walk: again, over, on and post", test_rewrite_walk},
        {"plan: index kinds", test_plan_index_kinds},
        {"plan: reduction operators", test_plan_operators},
        {"plan: records, filters, range arguments", test_plan_records},
        {"plan: host-level reductions", test_plan_host_reduction},
        {"plan: not distributable", test_plan_not_distributable},
        {"decisions: per record, repeated keys, text", test_decisions},
        {"decisions: per statement, quiet ones", test_decisions_at},
        {"clique counts: accepted nests", test_clique_accepted},
        {"clique counts: refused nests", test_clique_refused},
        {NULL, NULL},
    };
    return run_tests("analysis", tests);
}
