/* test_parser.c: unit tests of the grammar (gm_front/parser.y): every
 * statement, iteration range and expression form of sections 2 to 6 of the
 * language reference, the trees they build, and syntax errors: their
 * position and wording, recovery after several errors, foreign code versus
 * BFS navigators versus map indexing, and limits (deep nesting, long input). */
#include <stdint.h>

#include "syntax_util.h"

/* Wraps statements in a procedure with a few useful declarations. */
static gm_program *parse_body(const char *body)
{
    char *src = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&src, &len);
    fprintf(f, "Procedure p(G: Graph, r: Node; x: Int) {\n%s\n}\n", body);
    fclose(f);
    gm_program *p = parse_ok(src);
    free(src);
    return p;
}

/* Parses "x = <expr>;" and returns the expression. */
static gm_expr *parse_rhs(const char *expr_text, gm_program **owner)
{
    char *body = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&body, &len);
    fprintf(f, "x = %s;", expr_text);
    fclose(f);
    *owner = parse_body(body);
    free(body);
    gm_stmt *s = first_stmt(*owner);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL_FATAL(s->kind, GMS_ASSIGN);
    return s->rhs;
}

/* ------------------------------------------------------------------ */
/* Program structure */

static void test_empty_file(void)
{
    gm_program *p = parse_ok("");
    CU_ASSERT_PTR_NULL(p->procs);
    gm_program_free(p);
    p = parse_ok("  // only a comment\n/* and another */\n");
    CU_ASSERT_PTR_NULL(p->procs);
    gm_program_free(p);
}

static void test_procedures(void)
{
    gm_program *p = parse_ok("Procedure a(G: Graph) { }\n"
                             "Proc b(G: Graph, x, y: Int; z: Double, w: N_P<Int>(G)) : Int { Return x; }\n"
                             "Local c() : Node { Return NIL; }\n"
                             "Proc d(; o: Long) { }\n");
    gm_proc *a = p->procs, *b = a->next, *c = b->next, *d = c->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_PTR_NULL(d->next);
    CU_ASSERT_STRING_EQUAL(a->name, "a");
    CU_ASSERT_FALSE(a->is_local);
    CU_ASSERT_PTR_NULL(a->ret_type);
    CU_ASSERT_EQUAL(a->body->kind, GMS_BLOCK);
    CU_ASSERT_PTR_NULL(a->body->body);
    CU_ASSERT_EQUAL(a->loc.line, 1);
    CU_ASSERT_EQUAL(a->loc.col, 1);

    /* b: G, x, y inputs; z, w outputs */
    const char *names[] = {"G", "x", "y", "z", "w"};
    const gm_type_kind kinds[] = {GMT_GRAPH, GMT_INT, GMT_INT, GMT_DOUBLE, GMT_NODE_PROP};
    const bool outs[] = {false, false, false, true, true};
    int i = 0;
    for (gm_param *q = b->params; q; q = q->next, i++) {
        CU_ASSERT_FATAL(i < 5);
        CU_ASSERT_STRING_EQUAL(q->name, names[i]);
        CU_ASSERT_EQUAL(q->type->kind, kinds[i]);
        CU_ASSERT_EQUAL(q->is_output, outs[i]);
    }
    CU_ASSERT_EQUAL(i, 5);
    /* "x, y: Int" gives each its own type object */
    CU_ASSERT_PTR_NOT_EQUAL(b->params->next->type, b->params->next->next->type);
    CU_ASSERT_EQUAL(b->ret_type->kind, GMT_INT);
    CU_ASSERT_EQUAL(b->loc.line, 2);
    CU_ASSERT_TRUE(c->is_local);
    CU_ASSERT_EQUAL(c->ret_type->kind, GMT_NODE);
    CU_ASSERT_TRUE(d->params->is_output);
    CU_ASSERT_EQUAL(d->params->type->kind, GMT_LONG);
    gm_program_free(p);
}

static void test_types(void)
{
    gm_program *p = parse_ok(
        "Proc t(G: Graph, H: DGraph, U: UGraph) {\n"
        "  Node(G) n; Edge e; Node_Property<Int>(G) a; Node_Prop<Double> b; N_P<N_S>(G) c;\n"
        "  Edge_Property<Long>(H) d; Edge_Prop<Bool> f; E_P<Edge>(G) g;\n"
        "  Node_Set(G) s; N_S s2; Node_Order o; N_O(G) o2; Node_Seq q; Node_Sequence q2; N_Q(G) q3;\n"
        "  Collection<N_S>(G) k; Map<Int, Double> m; Map<Node, Edge(G)> m2;\n"
        "  Long l; Float fl; Bool bo; N_P<Node(G)>(G) par;\n"
        "}\n");
    gm_param *U = p->procs->params->next->next;
    CU_ASSERT_EQUAL(p->procs->params->next->type->kind, GMT_GRAPH);
    CU_ASSERT_FALSE(p->procs->params->next->type->undirected);
    CU_ASSERT_TRUE(U->type->undirected);
    struct {
        gm_type_kind kind, elem;
        const char *graph;
    } want[] = {
        {GMT_NODE, GMT_ERROR, "G"},       {GMT_EDGE, GMT_ERROR, NULL},
        {GMT_NODE_PROP, GMT_INT, "G"},    {GMT_NODE_PROP, GMT_DOUBLE, NULL},
        {GMT_NODE_PROP, GMT_NODE_SET, "G"}, {GMT_EDGE_PROP, GMT_LONG, "H"},
        {GMT_EDGE_PROP, GMT_BOOL, NULL},  {GMT_EDGE_PROP, GMT_EDGE, "G"},
        {GMT_NODE_SET, GMT_ERROR, "G"},   {GMT_NODE_SET, GMT_ERROR, NULL},
        {GMT_NODE_ORDER, GMT_ERROR, NULL}, {GMT_NODE_ORDER, GMT_ERROR, "G"},
        {GMT_NODE_SEQ, GMT_ERROR, NULL},  {GMT_NODE_SEQ, GMT_ERROR, NULL},
        {GMT_NODE_SEQ, GMT_ERROR, "G"},   {GMT_COLLECTION, GMT_NODE_SET, "G"},
        {GMT_MAP, GMT_ERROR, NULL},       {GMT_MAP, GMT_ERROR, NULL},
        {GMT_LONG, GMT_ERROR, NULL},      {GMT_FLOAT, GMT_ERROR, NULL},
        {GMT_BOOL, GMT_ERROR, NULL},      {GMT_NODE_PROP, GMT_NODE, "G"},
    };
    int i = 0;
    for (gm_stmt *s = first_stmt(p); s; s = s->next, i++) {
        CU_ASSERT_FATAL(i < (int)(sizeof want / sizeof want[0]));
        CU_ASSERT_EQUAL(s->kind, GMS_DECL);
        CU_ASSERT_EQUAL(s->decl_type->kind, want[i].kind);
        if (want[i].elem != GMT_ERROR) {
            CU_ASSERT_PTR_NOT_NULL_FATAL(s->decl_type->elem);
            CU_ASSERT_EQUAL(s->decl_type->elem->kind, want[i].elem);
        }
        if (want[i].graph) {
            CU_ASSERT_PTR_NOT_NULL_FATAL(s->decl_type->graph_name);
            CU_ASSERT_STRING_EQUAL(s->decl_type->graph_name, want[i].graph);
        } else {
            CU_ASSERT_PTR_NULL(s->decl_type->graph_name);
        }
    }
    CU_ASSERT_EQUAL(i, (int)(sizeof want / sizeof want[0]));
    /* Map<Node, Edge(G)>: key and value types */
    gm_stmt *m2 = first_stmt(p);
    for (int k = 0; k < 17; k++)
        m2 = m2->next;
    CU_ASSERT_EQUAL(m2->decl_type->key->kind, GMT_NODE);
    CU_ASSERT_EQUAL(m2->decl_type->val->kind, GMT_EDGE);
    CU_ASSERT_STRING_EQUAL(m2->decl_type->val->graph_name, "G");
    gm_program_free(p);
}

static void test_declarations(void)
{
    gm_program *p = parse_body("Int a, b, c; Double d = 0.5; N_P<Int> A;\n x = 1; Int late = x;");
    gm_stmt *s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_DECL);
    CU_ASSERT_STRING_EQUAL(s->names->name, "a");
    CU_ASSERT_STRING_EQUAL(s->names->next->next->name, "c");
    CU_ASSERT_PTR_NULL(s->names->next->next->next);
    CU_ASSERT_PTR_NULL(s->init);
    CU_ASSERT_EQUAL(s->names->next->loc.col, 8);
    s = s->next;
    CU_ASSERT_EQUAL(s->init->kind, GME_FLOAT);
    CU_ASSERT_DOUBLE_EQUAL(s->init->float_val, 0.5, 0);
    CU_ASSERT_STRING_EQUAL(s->init->text, "0.5");
    CU_ASSERT_EQUAL(s->next->next->next->kind, GMS_DECL); /* declarations anywhere */
    gm_program_free(p);

    /* an initializer only with a single name */
    const char *d;
    p = parse_capture("Proc p() {\n  Int a, b = 3;\n}", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 2, 12, "unexpected '=', expected ';' or ','");
    gm_program_free(p);
    /* "Int min=3;": min= is one token */
    p = parse_capture("Proc p() {\n  Int min=3;\n  Int min = 3;\n}", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 2, 7, "unexpected 'min=', expected identifier");
    gm_program_free(p);
}

/* ------------------------------------------------------------------ */
/* Statements */

static void test_assignments(void)
{
    gm_program *p = parse_body("x = 1; x += 2; x -= 3; x *= 4; x min= 5; x max= 6;\n"
                               "b &= c; b |= c; b &&= c; b ||= c; x++; x--;\n"
                               "r.A <= 1 @ r; x += 1 @ n; cnt++ @ t; M[k] = 3; G.A = 0;");
    const gm_assign_op ops[] = {GMA_ASSIGN, GMA_PLUS, GMA_MINUS, GMA_MULT, GMA_MIN, GMA_MAX,
                                GMA_AND,    GMA_OR,   GMA_AND,   GMA_OR,   GMA_INC, GMA_DEC,
                                GMA_DEFER,  GMA_PLUS, GMA_INC,   GMA_ASSIGN, GMA_ASSIGN};
    int i = 0;
    for (gm_stmt *s = first_stmt(p); s; s = s->next, i++) {
        CU_ASSERT_FATAL(i < 17);
        CU_ASSERT_EQUAL(s->kind, GMS_ASSIGN);
        CU_ASSERT_EQUAL(s->assign_op, ops[i]);
        if (ops[i] == GMA_INC || ops[i] == GMA_DEC) {
            CU_ASSERT_PTR_NULL(s->rhs);
        } else {
            CU_ASSERT_PTR_NOT_NULL(s->rhs);
        }
    }
    CU_ASSERT_EQUAL(i, 17);
    gm_stmt *s = first_stmt(p);
    for (int k = 0; k < 12; k++)
        s = s->next;
    /* r.A <= 1 @ r */
    CU_ASSERT_EQUAL(s->lhs->kind, GME_PROP);
    CU_ASSERT_STRING_EQUAL(s->lhs->name, "A");
    CU_ASSERT_STRING_EQUAL(s->lhs->a->name, "r");
    CU_ASSERT_STRING_EQUAL(s->bound_name, "r");
    CU_ASSERT_EQUAL(s->bound_loc.line, 4);
    CU_ASSERT_EQUAL(s->bound_loc.col, 12);
    CU_ASSERT_STRING_EQUAL(s->next->next->bound_name, "t");
    /* M[k] = 3 */
    gm_stmt *m = s->next->next->next;
    CU_ASSERT_EQUAL(m->lhs->kind, GME_INDEX);
    CU_ASSERT_STRING_EQUAL(m->lhs->a->name, "M");
    CU_ASSERT_STRING_EQUAL(m->lhs->b->name, "k");
    /* a group assignment parses as an ordinary one */
    CU_ASSERT_EQUAL(m->next->lhs->kind, GME_PROP);
    CU_ASSERT_STRING_EQUAL(m->next->lhs->a->name, "G");
    CU_ASSERT_PTR_NULL(first_stmt(p)->bound_name);
    gm_program_free(p);
}

static void test_argminmax(void)
{
    gm_program *p = parse_body("<s.dist; s.updated, s.prev> min= <n.dist + e.len; True, n>;\n"
                               "<m> max= <(a > b) ? 1 : 2> @ n;\n"
                               "<a; b> min= <c < d; e >= f>;");
    gm_stmt *s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_ARGMINMAX);
    CU_ASSERT_EQUAL(s->assign_op, GMA_MIN);
    CU_ASSERT_EQUAL(gm_expr_list_len(s->lhs), 3);
    CU_ASSERT_EQUAL(gm_expr_list_len(s->rhs), 3);
    CU_ASSERT_STRING_EQUAL(s->lhs->next->next->name, "prev");
    CU_ASSERT_EQUAL(s->rhs->kind, GME_BINARY);
    CU_ASSERT_EQUAL(s->rhs->next->kind, GME_BOOL);
    CU_ASSERT_PTR_NULL(s->bound_name);
    s = s->next;
    CU_ASSERT_EQUAL(s->assign_op, GMA_MAX);
    CU_ASSERT_EQUAL(gm_expr_list_len(s->lhs), 1);
    CU_ASSERT_EQUAL(s->rhs->kind, GME_TERNARY);
    CU_ASSERT_EQUAL(s->rhs->a->op, GMOP_GT); /* parenthesized '>' inside the list */
    CU_ASSERT_STRING_EQUAL(s->bound_name, "n");
    s = s->next;
    CU_ASSERT_EQUAL(s->rhs->op, GMOP_LT);
    CU_ASSERT_EQUAL(s->rhs->next->op, GMOP_GE);
    gm_program_free(p);

    /* a '>' compares unless ';' or '@' follows it (then it closes the
     * list), as in gm_comp */
    const char *d;
    p = parse_capture("Proc p() {\n <x; y> min= <a > b; c > d /* */ > 1>;\n}", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_ARGMINMAX);
    CU_ASSERT_EQUAL(s->rhs->op, GMOP_GT);
    CU_ASSERT_EQUAL(s->rhs->next->op, GMOP_GT);
    CU_ASSERT_EQUAL(s->rhs->next->a->op, GMOP_GT);
    gm_program_free(p);
    /* ... so a comparison cut short before ';' is a syntax error there */
    p = parse_capture("Proc p() {\n x = a >;\n}", &d);
    CU_ASSERT(gm_error_count() >= 1);
    CHECK_ERROR_AT(d, 2, 8, "unexpected '>'");
    gm_program_free(p);
}

static void test_if_else(void)
{
    gm_program *p = parse_body("If (x > 0) x = 1;\n"
                               "If (x > 0) { x = 1; } Else x = 2;\n"
                               "If (a) If (b) x = 1; Else x = 2;\n"
                               "If (a) x = 1; Else If (b) x = 2; Else { x = 3; }");
    gm_stmt *s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_IF);
    CU_ASSERT_EQUAL(s->cond->op, GMOP_GT);
    CU_ASSERT_EQUAL(s->then_stmt->kind, GMS_ASSIGN);
    CU_ASSERT_PTR_NULL(s->else_stmt);
    s = s->next;
    CU_ASSERT_EQUAL(s->then_stmt->kind, GMS_BLOCK);
    CU_ASSERT_EQUAL(s->else_stmt->kind, GMS_ASSIGN);
    s = s->next;
    /* dangling Else: binds to the nearest If */
    CU_ASSERT_PTR_NULL(s->else_stmt);
    CU_ASSERT_EQUAL(s->then_stmt->kind, GMS_IF);
    CU_ASSERT_PTR_NOT_NULL(s->then_stmt->else_stmt);
    s = s->next;
    CU_ASSERT_EQUAL(s->else_stmt->kind, GMS_IF);
    CU_ASSERT_EQUAL(s->else_stmt->else_stmt->kind, GMS_BLOCK);
    gm_program_free(p);
}

static void test_loops(void)
{
    gm_program *p = parse_body("While (x < 10) { x++; }\n"
                               "Do { x--; } While (x > 0);\n"
                               "Foreach (n: G.Nodes)(n.A > 0) n.B = 1;\n"
                               "For (n: G.Nodes) { }\n"
                               "Foreach (n: G.Nodes) Foreach (t: n.Nbrs) { }");
    gm_stmt *s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_WHILE);
    CU_ASSERT_EQUAL(s->cond->op, GMOP_LT);
    CU_ASSERT_EQUAL(s->body->kind, GMS_BLOCK);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, GMS_DO_WHILE);
    CU_ASSERT_EQUAL(s->body->kind, GMS_BLOCK);
    CU_ASSERT_EQUAL(s->cond->op, GMOP_GT);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, GMS_FOREACH);
    CU_ASSERT_TRUE(s->parallel);
    CU_ASSERT_STRING_EQUAL(s->iter.name, "n");
    CU_ASSERT_EQUAL(s->iter.loc.col, 10);
    CU_ASSERT_STRING_EQUAL(s->iter.source->name, "G");
    CU_ASSERT_EQUAL(s->iter.range, GMR_NODES);
    CU_ASSERT_EQUAL(s->iter.filter->op, GMOP_GT);
    CU_ASSERT_EQUAL(s->body->kind, GMS_ASSIGN);
    s = s->next;
    CU_ASSERT_FALSE(s->parallel);
    CU_ASSERT_PTR_NULL(s->iter.filter);
    s = s->next;
    CU_ASSERT_EQUAL(s->body->kind, GMS_FOREACH);
    CU_ASSERT_EQUAL(s->body->iter.range, GMR_NBRS);
    gm_program_free(p);

    /* While and Do bodies must be blocks */
    const char *d;
    p = parse_capture("Proc p() {\n While (x) x = 1;\n}", &d);
    CU_ASSERT(gm_error_count() >= 1);
    CHECK_ERROR_AT(d, 2, 12, "unexpected identifier 'x', expected '{'");
    gm_program_free(p);
}

static void test_iteration_ranges(void)
{
    struct {
        const char *src;
        gm_range_kind range;
        const char *source, *prop;
        bool reverse, transposed, has_arg;
    } cases[] = {
        {"G.Nodes", GMR_NODES, "G", NULL, false, false, false},
        {"G.Edges", GMR_EDGES, "G", NULL, false, false, false},
        {"n.Nbrs", GMR_NBRS, "n", NULL, false, false, false},
        {"n.OutNbrs", GMR_NBRS, "n", NULL, false, false, false},
        {"n.InNbrs", GMR_IN_NBRS, "n", NULL, false, false, false},
        {"v.UpNbrs", GMR_UP_NBRS, "v", NULL, false, false, false},
        {"v.DownNbrs", GMR_DOWN_NBRS, "v", NULL, false, false, false},
        {"n.CommonNbrs(m)", GMR_COMMON_NBRS, "n", NULL, false, false, true},
        {"S.Items", GMR_ITEMS, "S", NULL, false, false, false},
        {"n.P.Items", GMR_ITEMS, "n", "P", false, false, false},
        {"S-.Items", GMR_ITEMS, "S", NULL, true, false, false},
        {"S+.Items", GMR_ITEMS, "S", NULL, false, false, false},
        {"O^.Items", GMR_ITEMS, "O", NULL, true, false, false},
        {"n.P-.Items", GMR_ITEMS, "n", "P", true, false, false},
        {"n.OutEdges", GMR_OUT_EDGES, "n", NULL, false, false, false},
        {"n.InEdges", GMR_IN_EDGES, "n", NULL, false, false, false},
        {"G^.Nodes", GMR_NODES, "G", NULL, false, true, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char body[128];
        snprintf(body, sizeof body, "For (i: %s) { }\nx = Sum(j: %s){ 1 };", cases[i].src,
                 cases[i].src);
        gm_program *p = parse_body(body);
        gm_stmt *s = first_stmt(p);
        CU_ASSERT_PTR_NOT_NULL_FATAL(s);
        const gm_iter *its[2] = {&s->iter, &s->next->rhs->iter};
        for (int k = 0; k < 2; k++) {
            const gm_iter *it = its[k];
            CU_ASSERT_EQUAL(it->range, cases[i].range);
            CU_ASSERT_EQUAL(it->reverse, cases[i].reverse);
            CU_ASSERT_EQUAL(it->transposed, cases[i].transposed);
            if (cases[i].prop) {
                CU_ASSERT_EQUAL_FATAL(it->source->kind, GME_PROP);
                CU_ASSERT_STRING_EQUAL(it->source->name, cases[i].prop);
                CU_ASSERT_STRING_EQUAL(it->source->a->name, cases[i].source);
            } else {
                CU_ASSERT_EQUAL_FATAL(it->source->kind, GME_ID);
                CU_ASSERT_STRING_EQUAL(it->source->name, cases[i].source);
            }
            if (cases[i].has_arg) {
                CU_ASSERT_PTR_NOT_NULL_FATAL(it->range_arg);
                CU_ASSERT_STRING_EQUAL(it->range_arg->name, "m");
            } else {
                CU_ASSERT_PTR_NULL(it->range_arg);
            }
        }
        gm_program_free(p);
    }
    /* a range word must follow the source ("G.Foo" could start "G.Foo.Items") */
    const char *d;
    gm_program *p = parse_capture("Proc p() {\n Foreach (n: G.Foo) { }\n}", &d);
    CHECK_ERROR_AT(d, 2, 19, "unexpected ')', expected '.', '+', '-' or '^'");
    gm_program_free(p);
    p = parse_capture("Proc p() {\n Foreach (n: G) { }\n}", &d);
    CHECK_ERROR_AT(d, 2, 15, "unexpected ')', expected '.', '+', '-' or '^'");
    gm_program_free(p);
}

static void test_bfs_dfs(void)
{
    gm_program *p = parse_body(
        "InBFS (v: G.Nodes From r) { x++; }\n"
        "InBFS (v: G.Nodes; r)[v.A > 0](v.B) { } InReverse (v != r) { v.C = 1; }\n"
        "InBFS (v: G^.Nodes From r)(v.B)[v.A] { } InReverse { }\n"
        "InDFS (t: G.Nodes; r)[!t.X] { } InPost { t.Y = 1; }\n"
        "InDFS (t: G.Nodes From r) { }");
    gm_stmt *s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_BFS);
    CU_ASSERT_STRING_EQUAL(s->iter.name, "v");
    CU_ASSERT_STRING_EQUAL(s->iter.source->name, "G");
    CU_ASSERT_EQUAL(s->iter.range, GMR_NODES);
    CU_ASSERT_STRING_EQUAL(s->root->name, "r");
    CU_ASSERT_PTR_NULL(s->navigator);
    CU_ASSERT_PTR_NULL(s->iter.filter);
    CU_ASSERT_EQUAL(s->body->kind, GMS_BLOCK);
    CU_ASSERT_PTR_NULL(s->rev_body);
    CU_ASSERT_TRUE(s->parallel);
    s = s->next;
    CU_ASSERT_EQUAL(s->navigator->op, GMOP_GT);
    CU_ASSERT_EQUAL(s->iter.filter->kind, GME_PROP);
    CU_ASSERT_EQUAL(s->rev_filter->op, GMOP_NE);
    CU_ASSERT_EQUAL(s->rev_body->kind, GMS_BLOCK);
    CU_ASSERT_PTR_NOT_NULL(s->rev_body->body);
    s = s->next;
    CU_ASSERT_TRUE(s->iter.transposed);
    CU_ASSERT_STRING_EQUAL(s->iter.filter->name, "B"); /* either order */
    CU_ASSERT_STRING_EQUAL(s->navigator->name, "A");
    CU_ASSERT_PTR_NOT_NULL(s->rev_body);
    CU_ASSERT_PTR_NULL(s->rev_filter);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, GMS_DFS);
    CU_ASSERT_FALSE(s->parallel);
    CU_ASSERT_EQUAL(s->navigator->op, GMOP_NOT);
    CU_ASSERT_EQUAL(s->rev_body->body->kind, GMS_ASSIGN);
    s = s->next;
    CU_ASSERT_PTR_NULL(s->rev_body);
    gm_program_free(p);
}

static void test_return_print_calls(void)
{
    gm_program *p = parse_body("Return;\nReturn x + 1;\nPrint x, \"a\\tb\", 1.5;\n"
                               "S.Add(n);\nf(a, b; x, #);\ng();\nM.Remove(k);\n"
                               "x = n.NumNbrs() + G.NumNodes() + Uniform() + f(1; #) + h(;x);");
    gm_stmt *s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_RETURN);
    CU_ASSERT_PTR_NULL(s->value);
    s = s->next;
    CU_ASSERT_EQUAL(s->value->op, GMOP_ADD);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, GMS_PRINT);
    CU_ASSERT_EQUAL(gm_expr_list_len(s->value), 3);
    CU_ASSERT_EQUAL(s->value->next->kind, GME_STRING);
    CU_ASSERT_STRING_EQUAL(s->value->next->text, "a\\tb");
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, GMS_CALL);
    CU_ASSERT_EQUAL(s->value->kind, GME_CALL);
    CU_ASSERT_STRING_EQUAL(s->value->name, "Add");
    CU_ASSERT_STRING_EQUAL(s->value->a->name, "S");
    CU_ASSERT_STRING_EQUAL(s->value->args->name, "n");
    CU_ASSERT_EQUAL(s->value->builtin, -1);
    s = s->next;
    /* procedure call with outputs; '#' discards one */
    gm_expr *c = s->value;
    CU_ASSERT_PTR_NULL(c->a);
    CU_ASSERT_STRING_EQUAL(c->name, "f");
    CU_ASSERT_EQUAL(gm_expr_list_len(c->args), 2);
    CU_ASSERT_TRUE(c->has_out_args);
    CU_ASSERT_EQUAL(gm_expr_list_len(c->out_args), 2);
    CU_ASSERT_STRING_EQUAL(c->out_args->name, "x");
    CU_ASSERT_FALSE(c->out_args->is_discard);
    CU_ASSERT_EQUAL(c->out_args->next->kind, GME_ID);
    CU_ASSERT_TRUE(c->out_args->next->is_discard);
    s = s->next;
    CU_ASSERT_PTR_NULL(s->value->args);
    CU_ASSERT_FALSE(s->value->has_out_args);
    s = s->next->next;
    /* calls inside expressions */
    gm_expr *e = s->rhs; /* (((a + b) + c) + d) + e */
    CU_ASSERT_EQUAL(e->b->kind, GME_CALL);
    CU_ASSERT_STRING_EQUAL(e->b->name, "h");
    CU_ASSERT_PTR_NULL(e->b->args);
    CU_ASSERT_TRUE(e->b->has_out_args);
    CU_ASSERT_TRUE(e->a->b->out_args->is_discard);
    CU_ASSERT_PTR_NULL(e->a->a->b->a);
    CU_ASSERT_STRING_EQUAL(e->a->a->b->name, "Uniform");
    CU_ASSERT_STRING_EQUAL(e->a->a->a->a->name, "NumNbrs");
    CU_ASSERT_STRING_EQUAL(e->a->a->a->a->a->name, "n");
    gm_program_free(p);

    /* a bare expression is not a statement; '#' only among outputs */
    const char *d;
    p = parse_capture("Proc p() {\n  n.A;\n  f(#);\n  x + 1;\n}", &d);
    CHECK_ERROR_AT(d, 2, 3, "not a statement");
    CHECK_ERROR_AT(d, 3, 5, "unexpected '#'");
    CHECK_ERROR_AT(d, 4, 5, "unexpected '+'");
    gm_program_free(p);
}

/* ------------------------------------------------------------------ */
/* Foreign code versus navigators versus map indexing */

static void test_foreign_code(void)
{
    gm_program *p = parse_body(
        "[ printf(\"%d] [\\n\", $x) ];\n"
        "[ $n.A = f($y, a[i][j]) ] :: [a, n.A];\n"
        "x = [ foo($x) ] + 1;\n"
        "M[k] = M[[ 3 ]];\n"
        "InBFS (v: G.Nodes From r)[v.A > [ $v ]] { }\n"
        "[];");
    gm_stmt *s = first_stmt(p);
    CU_ASSERT_EQUAL(s->kind, GMS_FOREIGN);
    gm_foreign_seg *g = s->foreign;
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_STRING_EQUAL(g->text, " printf(\"%d] [\\n\", ");
    CU_ASSERT_PTR_NOT_NULL_FATAL(g->next);
    CU_ASSERT_PTR_NULL(g->next->text);
    CU_ASSERT_EQUAL(g->next->ref->kind, GME_ID);
    CU_ASSERT_STRING_EQUAL(g->next->ref->name, "x");
    CU_ASSERT_EQUAL(g->next->ref->loc.line, 2);
    CU_ASSERT_EQUAL(g->next->ref->loc.col, 21);
    CU_ASSERT_STRING_EQUAL(g->next->next->text, ") ");
    CU_ASSERT_PTR_NULL(g->next->next->next);
    CU_ASSERT_PTR_NULL(s->modified);

    s = s->next;
    g = s->foreign;
    CU_ASSERT_STRING_EQUAL(g->text, " ");
    CU_ASSERT_EQUAL(g->next->ref->kind, GME_PROP);
    CU_ASSERT_STRING_EQUAL(g->next->ref->name, "A");
    CU_ASSERT_STRING_EQUAL(g->next->ref->a->name, "n");
    CU_ASSERT_STRING_EQUAL(g->next->next->text, " = f(");
    CU_ASSERT_STRING_EQUAL(g->next->next->next->ref->name, "y");
    CU_ASSERT_STRING_EQUAL(g->next->next->next->next->text, ", a[i][j]) ");
    CU_ASSERT_EQUAL(gm_expr_list_len(s->modified), 2);
    CU_ASSERT_STRING_EQUAL(s->modified->name, "a");
    CU_ASSERT_EQUAL(s->modified->next->kind, GME_PROP);

    s = s->next;
    CU_ASSERT_EQUAL(s->rhs->op, GMOP_ADD);
    CU_ASSERT_EQUAL(s->rhs->a->kind, GME_FOREIGN);
    CU_ASSERT_STRING_EQUAL(s->rhs->a->foreign->text, " foo(");

    s = s->next; /* M[k] = M[[ 3 ]]: an index whose value is foreign code */
    CU_ASSERT_EQUAL(s->lhs->kind, GME_INDEX);
    CU_ASSERT_EQUAL(s->rhs->kind, GME_INDEX);
    CU_ASSERT_EQUAL(s->rhs->b->kind, GME_FOREIGN);
    CU_ASSERT_STRING_EQUAL(s->rhs->b->foreign->text, " 3 ");

    s = s->next; /* the navigator is an ordinary expression, holding foreign code */
    CU_ASSERT_EQUAL(s->kind, GMS_BFS);
    CU_ASSERT_EQUAL(s->navigator->op, GMOP_GT);
    CU_ASSERT_EQUAL(s->navigator->b->kind, GME_FOREIGN);
    CU_ASSERT_STRING_EQUAL(s->navigator->b->foreign->next->ref->name, "v");

    s = s->next; /* empty foreign code */
    CU_ASSERT_EQUAL(s->kind, GMS_FOREIGN);
    CU_ASSERT_PTR_NULL(s->foreign);
    gm_program_free(p);

    /* unterminated: one error at the '[' and no hang */
    const char *d;
    p = parse_capture("Proc p() {\n  x = 1;\n  [ printf(\"%d\", $x);\n}\n", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 3, 3, "unterminated foreign code");
    gm_program_free(p);

    /* a NUL byte cannot be copied verbatim into the output */
    static const char with_nul[] = "Proc p() {\n  [ a\0b ];\n}\n";
    diag_capture_begin();
    p = gmf_parse_buffer("t.gm", with_nul, sizeof with_nul - 1);
    d = diag_capture_end();
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 2, 6, "unexpected character '\\x00'");
    gm_program_free(p);

    /* the same for a comment that never ends: one error, at its start */
    p = parse_capture("Proc p() {\n  x = 1; /* oops\n  x = 2;\n}\n", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 2, 10, "unterminated comment");
    gm_program_free(p);
}

/* ------------------------------------------------------------------ */
/* Expressions */

static void test_precedence(void)
{
    gm_program *p;
    gm_expr *e = parse_rhs("a + b * c", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_ADD);
    CU_ASSERT_EQUAL(e->b->op, GMOP_MUL);
    gm_program_free(p);

    e = parse_rhs("a - b - c", &p); /* left-associative */
    CU_ASSERT_EQUAL(e->op, GMOP_SUB);
    CU_ASSERT_EQUAL(e->a->op, GMOP_SUB);
    CU_ASSERT_STRING_EQUAL(e->b->name, "c");
    gm_program_free(p);

    e = parse_rhs("a || b && c Or d And e", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_OR);
    CU_ASSERT_EQUAL(e->a->op, GMOP_OR);
    CU_ASSERT_EQUAL(e->a->b->op, GMOP_AND);
    CU_ASSERT_EQUAL(e->b->op, GMOP_AND);
    gm_program_free(p);

    e = parse_rhs("a == b < c + 1", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_EQ);
    CU_ASSERT_EQUAL(e->b->op, GMOP_LT);
    CU_ASSERT_EQUAL(e->b->b->op, GMOP_ADD);
    gm_program_free(p);

    e = parse_rhs("a != b && c >= d", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_AND);
    CU_ASSERT_EQUAL(e->a->op, GMOP_NE);
    CU_ASSERT_EQUAL(e->b->op, GMOP_GE);
    gm_program_free(p);

    e = parse_rhs("-a.P * 2 % 3 / 4", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_DIV);
    CU_ASSERT_EQUAL(e->a->op, GMOP_MOD);
    CU_ASSERT_EQUAL(e->a->a->op, GMOP_MUL);
    CU_ASSERT_EQUAL(e->a->a->a->kind, GME_UNARY);
    CU_ASSERT_EQUAL(e->a->a->a->op, GMOP_NEG);
    CU_ASSERT_EQUAL(e->a->a->a->a->kind, GME_PROP);
    gm_program_free(p);

    e = parse_rhs("!a && b", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_AND);
    CU_ASSERT_EQUAL(e->a->op, GMOP_NOT);
    gm_program_free(p);

    e = parse_rhs("(Int) x + 1", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_ADD);
    CU_ASSERT_EQUAL(e->a->kind, GME_CAST);
    CU_ASSERT_EQUAL(e->a->cast_to, GMT_INT);
    gm_program_free(p);

    e = parse_rhs("(Double) (x + 1)", &p);
    CU_ASSERT_EQUAL(e->kind, GME_CAST);
    CU_ASSERT_EQUAL(e->cast_to, GMT_DOUBLE);
    CU_ASSERT_EQUAL(e->a->op, GMOP_ADD);
    gm_program_free(p);

    e = parse_rhs("c ? a : d ? b : e", &p); /* right-associative */
    CU_ASSERT_EQUAL(e->kind, GME_TERNARY);
    CU_ASSERT_STRING_EQUAL(e->a->name, "c");
    CU_ASSERT_EQUAL(e->c->kind, GME_TERNARY);
    gm_program_free(p);

    e = parse_rhs("a || b ? 1 : 2", &p);
    CU_ASSERT_EQUAL(e->kind, GME_TERNARY);
    CU_ASSERT_EQUAL(e->a->op, GMOP_OR);
    gm_program_free(p);

    e = parse_rhs("|a - b| * 2", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_MUL);
    CU_ASSERT_EQUAL(e->a->kind, GME_ABS);
    CU_ASSERT_EQUAL(e->a->a->op, GMOP_SUB);
    gm_program_free(p);

    e = parse_rhs("(a + b) * c", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_MUL);
    CU_ASSERT_EQUAL(e->a->op, GMOP_ADD);
    gm_program_free(p);

    e = parse_rhs("M[k + 1].x", &p);
    CU_ASSERT_EQUAL(e->kind, GME_PROP);
    CU_ASSERT_EQUAL(e->a->kind, GME_INDEX);
    CU_ASSERT_EQUAL(e->a->b->op, GMOP_ADD);
    gm_program_free(p);

    e = parse_rhs("n.ToEdge().FromNode().A", &p);
    CU_ASSERT_EQUAL(e->kind, GME_PROP);
    CU_ASSERT_EQUAL(e->a->kind, GME_CALL);
    CU_ASSERT_STRING_EQUAL(e->a->name, "FromNode");
    CU_ASSERT_STRING_EQUAL(e->a->a->name, "ToEdge");
    gm_program_free(p);

    e = parse_rhs("- - x", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_NEG);
    CU_ASSERT_EQUAL(e->a->op, GMOP_NEG);
    gm_program_free(p);
}

static void test_literals(void)
{
    gm_program *p;
    gm_expr *e = parse_rhs("9223372036854775807", &p);
    CU_ASSERT_EQUAL(e->kind, GME_INT);
    CU_ASSERT_EQUAL(e->int_val, INT64_MAX);
    gm_program_free(p);
    e = parse_rhs("-3", &p);
    CU_ASSERT_EQUAL(e->kind, GME_UNARY);
    CU_ASSERT_EQUAL(e->a->int_val, 3);
    gm_program_free(p);
    e = parse_rhs("1.", &p);
    CU_ASSERT_EQUAL(e->kind, GME_FLOAT);
    CU_ASSERT_STRING_EQUAL(e->text, "1.");
    gm_program_free(p);
    const char *kinds[] = {"True", "False", "NIL", "INF", "+INF", "-INF", "\"s\""};
    const gm_expr_kind want[] = {GME_BOOL, GME_BOOL, GME_NIL, GME_INF, GME_INF, GME_INF, GME_STRING};
    for (int i = 0; i < 7; i++) {
        e = parse_rhs(kinds[i], &p);
        CU_ASSERT_EQUAL(e->kind, want[i]);
        if (i < 2) {
            CU_ASSERT_EQUAL(e->bool_val, i == 0);
        }
        if (want[i] == GME_INF) {
            CU_ASSERT_EQUAL(e->negative, i == 5);
        }
        gm_program_free(p);
    }
    e = parse_rhs("x + INF", &p);
    CU_ASSERT_EQUAL(e->b->kind, GME_INF);
    gm_program_free(p);
    e = parse_rhs("x - -INF", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_SUB);
    CU_ASSERT_TRUE(e->b->negative);
    gm_program_free(p);

    /* "x+INF" is x followed by the token +INF: a syntax error, as in gm_comp */
    const char *d;
    p = parse_capture("Proc p() {\n  y = x+INF;\n}", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 2, 8, "unexpected '+INF'");
    gm_program_free(p);
    p = parse_capture("Proc p() {\n  y = .5;\n}", &d);
    CHECK_ERROR_AT(d, 2, 7, "unexpected '.'");
    gm_program_free(p);
    p = parse_capture("Proc p() {\n  y = 99999999999999999999;\n}", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 2, 7, "integer literal too large");
    gm_program_free(p);
}

static void test_reductions(void)
{
    gm_program *p;
    gm_expr *e = parse_rhs("Sum(n: G.Nodes)(n.A > 0){ n.B * 2 }", &p);
    CU_ASSERT_EQUAL(e->kind, GME_REDUCE);
    CU_ASSERT_EQUAL(e->reduce_op, GMRED_SUM);
    CU_ASSERT_STRING_EQUAL(e->iter.name, "n");
    CU_ASSERT_EQUAL(e->iter.range, GMR_NODES);
    CU_ASSERT_EQUAL(e->iter.filter->op, GMOP_GT);
    CU_ASSERT_EQUAL(e->a->op, GMOP_MUL);
    gm_program_free(p);

    const char *names[] = {"Sum", "Product", "Min", "Max", "Avg", "All", "Exist", "Any"};
    const gm_reduce_op ops[] = {GMRED_SUM, GMRED_PRODUCT, GMRED_MIN, GMRED_MAX,
                                GMRED_AVG, GMRED_ALL,     GMRED_EXIST, GMRED_EXIST};
    for (int i = 0; i < 8; i++) {
        char src[80];
        snprintf(src, sizeof src, "%s(t: n.Nbrs){ t.A }", names[i]);
        e = parse_rhs(src, &p);
        CU_ASSERT_EQUAL(e->reduce_op, ops[i]);
        CU_ASSERT_PTR_NULL(e->iter.filter);
        CU_ASSERT_PTR_NOT_NULL(e->a);
        gm_program_free(p);
    }

    e = parse_rhs("Count(t: n.InNbrs)(t.A == 1)", &p);
    CU_ASSERT_EQUAL(e->reduce_op, GMRED_COUNT);
    CU_ASSERT_PTR_NULL(e->a);
    CU_ASSERT_EQUAL(e->iter.filter->op, GMOP_EQ);
    gm_program_free(p);
    e = parse_rhs("Count(t: G.Nodes) + 1", &p);
    CU_ASSERT_EQUAL(e->op, GMOP_ADD);
    CU_ASSERT_EQUAL(e->a->reduce_op, GMRED_COUNT);
    gm_program_free(p);

    /* nesting */
    e = parse_rhs("Sum(n: G.Nodes){ Max(m: n.Nbrs){ m.B } }", &p);
    CU_ASSERT_EQUAL(e->a->kind, GME_REDUCE);
    CU_ASSERT_EQUAL(e->a->reduce_op, GMRED_MAX);
    CU_ASSERT_STRING_EQUAL(e->a->iter.source->name, "n");
    gm_program_free(p);

    /* the body is required except for Count, which has none */
    const char *d;
    p = parse_capture("Proc p() {\n  x = Sum(n: G.Nodes);\n}", &d);
    CHECK_ERROR_AT(d, 2, 22, "unexpected ';', expected '{'");
    gm_program_free(p);
    p = parse_capture("Proc p() {\n  x = Count(n: G.Nodes){ 1 };\n}", &d);
    CHECK_ERROR_AT(d, 2, 24, "unexpected '{'");
    gm_program_free(p);
}

/* ------------------------------------------------------------------ */
/* Errors and limits */

static void test_error_positions_and_wording(void)
{
    const char *d;
    gm_program *p = parse_capture("Procedure p(G: Graph) {\n"
                                  "    Foreach (n: G.Nodes) {\n"
                                  "        n.A += 1\n"
                                  "    }\n"
                                  "}\n",
                                  &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CHECK_ERROR_AT(d, 4, 5, "syntax error: unexpected '}', expected ';'");
    /* the source line and a caret under the column */
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "\n     }\n     ^\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "[syntax]"));
    gm_program_free(p);

    p = parse_capture("Proc p(G: Graph) {\n\tx = (1 + 2;\n}", &d);
    CHECK_ERROR_AT(d, 2, 12, "unexpected ';', expected ')'");
    gm_program_free(p);

    p = parse_capture("Proc p(G: Graph) {\n  x = 1 +;\n}", &d);
    CHECK_ERROR_AT(d, 2, 10, "unexpected ';', expected an expression");
    gm_program_free(p);

    p = parse_capture("Proc p(G Graph) { }", &d);
    CHECK_ERROR_AT(d, 1, 10, "unexpected 'Graph', expected ',' or ':'");
    gm_program_free(p);

    p = parse_capture("Proc p() {\n  x = 1;\n", &d);
    CHECK_ERROR_AT(d, 3, 1, "unexpected end of file, expected a statement or '}'");
    gm_program_free(p);

    p = parse_capture("Procedure Foreach() { }", &d);
    CHECK_ERROR_AT(d, 1, 11, "unexpected 'Foreach', expected identifier");
    gm_program_free(p);

    p = parse_capture("Proc p() { x = 1; } }", &d);
    CHECK_ERROR_AT(d, 1, 21, "unexpected '}', expected end of file, 'Procedure' or 'Local'");
    gm_program_free(p);

    /* reserved words are not names */
    p = parse_capture("Proc p() { Int To; x = InRBFS; }", &d);
    CHECK_ERROR_AT(d, 1, 16, "unexpected 'To', expected identifier");
    CHECK_ERROR_AT(d, 1, 24, "unexpected 'InRBFS'");
    gm_program_free(p);

    p = parse_capture("Proc p() { x = a -> b; }", &d);
    CHECK_ERROR_AT(d, 1, 18, "unexpected '->'");
    gm_program_free(p);

    /* the spelling used is quoted, not the canonical one */
    p = parse_capture("Proc p() { Int Proc; }", &d);
    CHECK_ERROR_AT(d, 1, 16, "unexpected 'Proc'");
    gm_program_free(p);
}

static void test_error_recovery(void)
{
    const char *d;
    gm_program *p = parse_capture("Procedure p(G: Graph, x: Int) {\n"   /* 1 */
                                  "    Int a, b = 3;\n"                   /* 2: error */
                                  "    x = 1 +;\n"                        /* 3: error */
                                  "    If (x > ) { x = 2; }\n"            /* 4: error */
                                  "    Foreach (n: G.Nodes) {\n"          /* 5 */
                                  "        n.A = = 1;\n"                  /* 6: error */
                                  "    }\n"                               /* 7 */
                                  "    x = 3\n"                           /* 8 */
                                  "}\n"                                   /* 9: error */
                                  "Procedure q(G: Graph) {\n"             /* 10 */
                                  "    Int y = 2 * ;\n"                   /* 11: error */
                                  "}\n"
                                  "Procedure r() { Return; }\n",
                                  &d);
    CU_ASSERT_EQUAL(gm_error_count(), 6);
    CHECK_ERROR_AT(d, 2, 14, "unexpected '='");
    CHECK_ERROR_AT(d, 3, 12, "unexpected ';'");
    CHECK_ERROR_AT(d, 4, 13, "unexpected ')'");
    CHECK_ERROR_AT(d, 6, 15, "unexpected '='");
    CHECK_ERROR_AT(d, 9, 1, "unexpected '}'");
    CHECK_ERROR_AT(d, 11, 17, "unexpected ';'");
    /* all three procedures are still there */
    CU_ASSERT_PTR_NOT_NULL_FATAL(p->procs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p->procs->next);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p->procs->next->next);
    CU_ASSERT_STRING_EQUAL(p->procs->next->next->name, "r");
    /* the good statements of p survive: the Foreach */
    int foreach_seen = 0;
    for (gm_stmt *s = p->procs->body->body; s; s = s->next)
        foreach_seen += s->kind == GMS_FOREACH;
    CU_ASSERT_EQUAL(foreach_seen, 1);
    gm_program_free(p);

    /* an error in a header does not lose the body */
    p = parse_capture("Proc p(G: Graph, 3) {\n  x = ;\n}\nProc q(,) { }\n", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 3);
    CHECK_ERROR_AT(d, 1, 18, "unexpected integer literal '3'");
    CHECK_ERROR_AT(d, 2, 7, "unexpected ';'");
    CHECK_ERROR_AT(d, 4, 8, "unexpected ','");
    gm_program_free(p);

    /* garbage between procedures */
    p = parse_capture("Proc a() { } ) ] 42 Proc b() { }", &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CU_ASSERT_PTR_NOT_NULL(p->procs->next);
    gm_program_free(p);
}

static char *repeat(const char *unit, int n, const char *middle, const char *closing)
{
    size_t u = strlen(unit), m = strlen(middle), c = strlen(closing);
    char *s = malloc((u + c) * (size_t)n + m + 64);
    char *w = s;
    w += sprintf(w, "Proc p() { x = ");
    for (int i = 0; i < n; i++, w += u)
        memcpy(w, unit, u);
    memcpy(w, middle, m);
    w += m;
    for (int i = 0; i < n; i++, w += c)
        memcpy(w, closing, c);
    sprintf(w, "; }");
    return s;
}

static void test_deep_nesting(void)
{
    const char *d;
    /* right-nested: bison's stack limit */
    char *src = repeat("(", 20000, "1", ")");
    gm_program *p = parse_capture(src, &d);
    CU_ASSERT(gm_error_count() >= 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "nesting too deep"));
    gm_program_free(p);
    free(src);

    /* left-nested chains build deep trees on a shallow stack: the depth guard */
    src = repeat("1 + ", 5000, "1", "");
    p = parse_capture(src, &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "nesting too deep"));
    gm_program_free(p);
    free(src);

    src = repeat("- ", 5000, "1", "");
    p = parse_capture(src, &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "nesting too deep"));
    gm_program_free(p);
    free(src);

    /* deep but reasonable nesting is fine */
    src = repeat("(", 300, "1", ")");
    p = parse_capture(src, &d);
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    gm_program_free(p);
    free(src);

    /* nested blocks */
    size_t n = 30000;
    src = malloc(2 * n + 32);
    char *w = src + sprintf(src, "Proc p() ");
    for (size_t i = 0; i < n; i++)
        *w++ = '{';
    for (size_t i = 0; i < n; i++)
        *w++ = '}';
    *w = '\0';
    p = parse_capture(src, &d);
    CU_ASSERT(gm_error_count() >= 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "nesting too deep"));
    gm_program_free(p);
    free(src);
}

static void test_long_inputs(void)
{
    /* many statements in one block (linear time) and a very long line */
    size_t n = 100000;
    char *src = malloc(n * 8 + 64);
    char *w = src + sprintf(src, "Proc p() {");
    for (size_t i = 0; i < n; i++)
        w += sprintf(w, " x = 1;");
    sprintf(w, " }");
    const char *d;
    gm_program *p = parse_capture(src, &d);
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    size_t count = 0;
    for (gm_stmt *s = p->procs->body->body; s; s = s->next)
        count++;
    CU_ASSERT_EQUAL(count, n);
    gm_program_free(p);

    /* an error far along a long line is located exactly */
    w[-2] = '+'; /* the last "x = 1;" becomes "x = +;" */
    p = parse_capture(src, &d);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    char where[64];
    snprintf(where, sizeof where, "t.gm:1:%zu: error", strlen(src) - 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(d, where));
    gm_program_free(p);
    free(src);
}

static void test_parse_file(void)
{
    char path[] = "/tmp/gmc-test-parse-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("Proc p(G: Graph) {\n  Int x = 1;\n}\n", f);
    fclose(f);
    diag_capture_begin();
    gm_program *p = gmf_parse_file(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    CU_ASSERT_STRING_EQUAL(p->filename, path);
    CU_ASSERT_STRING_EQUAL(p->procs->name, "p");
    gm_program_free(p);
    remove(path);

    diag_capture_begin();
    p = gmf_parse_file("/nonexistent/dir/x.gm");
    const char *d = diag_capture_end();
    CU_ASSERT_PTR_NULL(p);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "/nonexistent/dir/x.gm: error: cannot open"));
    CU_ASSERT_PTR_NOT_NULL(strstr(d, "[io]"));
}

int main(void)
{
    static const test_entry tests[] = {
        {"empty file", test_empty_file},
        {"procedures and parameters", test_procedures},
        {"types", test_types},
        {"declarations", test_declarations},
        {"assignments", test_assignments},
        {"arg-min / arg-max", test_argminmax},
        {"If / Else", test_if_else},
        {"loops", test_loops},
        {"iteration ranges", test_iteration_ranges},
        {"InBFS / InDFS", test_bfs_dfs},
        {"Return, Print, calls", test_return_print_calls},
        {"foreign code vs navigator vs index", test_foreign_code},
        {"precedence", test_precedence},
        {"literals", test_literals},
        {"reductions", test_reductions},
        {"error positions and wording", test_error_positions_and_wording},
        {"error recovery", test_error_recovery},
        {"deep nesting", test_deep_nesting},
        {"long inputs", test_long_inputs},
        {"parse a file", test_parse_file},
        {NULL, NULL},
    };
    return run_suite("parser", tests);
}
