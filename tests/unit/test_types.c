/* test_types.c: the type rules (section 6 of the reference).
 *
 * First the pure functions of gm_front/types.c on hand-built types, then
 * small programs run through the parser and the checker, asserting the
 * type given to expressions and the diagnostics: widening, promotion,
 * narrowing, Bool/numeric, %, casts, INF/-INF sizing, NIL, comparisons,
 * ?:, map access, reduction expressions and built-in results. */
#include "check_util.h"
#include "builtins.h"
#include "types.h"

/* ------------------------------------------------------------------ */
/* Pure rules                                                          */

static void test_classification(void)
{
    CU_ASSERT_TRUE(gmt_is_integer(GMT_INT) && gmt_is_integer(GMT_LONG));
    CU_ASSERT_FALSE(gmt_is_integer(GMT_FLOAT) || gmt_is_integer(GMT_BOOL));
    CU_ASSERT_TRUE(gmt_is_floating(GMT_FLOAT) && gmt_is_floating(GMT_DOUBLE));
    CU_ASSERT_TRUE(gmt_is_numeric(GMT_LONG) && !gmt_is_numeric(GMT_BOOL) && !gmt_is_numeric(GMT_NODE));
    CU_ASSERT_TRUE(gmt_is_primitive(GMT_BOOL) && !gmt_is_primitive(GMT_EDGE));
    CU_ASSERT_TRUE(gmt_is_collection(GMT_COLLECTION) && gmt_is_node_collection(GMT_NODE_SEQ));
    CU_ASSERT_FALSE(gmt_is_node_collection(GMT_COLLECTION) || gmt_is_collection(GMT_MAP));
    CU_ASSERT_TRUE(gmt_is_ordered_collection(GMT_NODE_ORDER) && !gmt_is_ordered_collection(GMT_NODE_SET));
    CU_ASSERT_TRUE(gmt_is_map_component(GMT_EDGE) && !gmt_is_map_component(GMT_NODE_SET));
    gm_type set = {.kind = GMT_NODE_SET}, graph = {.kind = GMT_GRAPH};
    CU_ASSERT_TRUE(gmt_is_property_value(&set));
    CU_ASSERT_FALSE(gmt_is_property_value(&graph));
}

static void test_needs_graph(void)
{
    gm_type i = {.kind = GMT_INT}, n = {.kind = GMT_NODE}, g = {.kind = GMT_GRAPH};
    gm_type m1 = {.kind = GMT_MAP, .key = &i, .val = &i};
    gm_type m2 = {.kind = GMT_MAP, .key = &i, .val = &n};
    CU_ASSERT_TRUE(gmt_needs_graph(&n));
    CU_ASSERT_FALSE(gmt_needs_graph(&i) || gmt_needs_graph(&g) || gmt_needs_graph(&m1));
    CU_ASSERT_TRUE(gmt_needs_graph(&m2));
}

static void test_arith_result(void)
{
    CU_ASSERT_EQUAL(gmt_arith_result(GMT_INT, GMT_INT), GMT_INT);
    CU_ASSERT_EQUAL(gmt_arith_result(GMT_INT, GMT_LONG), GMT_LONG);
    CU_ASSERT_EQUAL(gmt_arith_result(GMT_LONG, GMT_INT), GMT_LONG);
    CU_ASSERT_EQUAL(gmt_arith_result(GMT_FLOAT, GMT_DOUBLE), GMT_DOUBLE);
    /* An integer with a floating value gives the floating kind. */
    CU_ASSERT_EQUAL(gmt_arith_result(GMT_LONG, GMT_FLOAT), GMT_FLOAT);
    CU_ASSERT_EQUAL(gmt_arith_result(GMT_DOUBLE, GMT_INT), GMT_DOUBLE);
}

static void test_narrowing(void)
{
    CU_ASSERT_TRUE(gmt_is_narrowing(GMT_INT, GMT_LONG));
    CU_ASSERT_TRUE(gmt_is_narrowing(GMT_INT, GMT_DOUBLE));
    CU_ASSERT_TRUE(gmt_is_narrowing(GMT_LONG, GMT_FLOAT));
    CU_ASSERT_TRUE(gmt_is_narrowing(GMT_FLOAT, GMT_DOUBLE));
    CU_ASSERT_FALSE(gmt_is_narrowing(GMT_LONG, GMT_INT));
    CU_ASSERT_FALSE(gmt_is_narrowing(GMT_DOUBLE, GMT_LONG));
    CU_ASSERT_FALSE(gmt_is_narrowing(GMT_FLOAT, GMT_INT));
    CU_ASSERT_FALSE(gmt_is_narrowing(GMT_BOOL, GMT_INT));
}

static void test_assignable(void)
{
    gm_symbol g = {.name = "G"}, h = {.name = "H"};
    gm_type i = {.kind = GMT_INT}, d = {.kind = GMT_DOUBLE}, b = {.kind = GMT_BOOL};
    gm_type inf = {.kind = GMT_INF}, nil = {.kind = GMT_NIL}, err = {.kind = GMT_ERROR};
    gm_type ng = {.kind = GMT_NODE, .graph = &g}, nh = {.kind = GMT_NODE, .graph = &h};
    gm_type eg = {.kind = GMT_EDGE, .graph = &g};
    gm_type pg = {.kind = GMT_NODE_PROP, .elem = &i, .graph = &g};
    gm_type ph = {.kind = GMT_NODE_PROP, .elem = &i, .graph = &h};
    gm_type pd = {.kind = GMT_NODE_PROP, .elem = &d, .graph = &g};
    CU_ASSERT_EQUAL(gmt_assignable(&d, &i, false), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&i, &d, false), GMT_COMPAT_NARROWING);
    CU_ASSERT_EQUAL(gmt_assignable(&i, &b, false), GMT_COMPAT_BOOL_NUMERIC);
    CU_ASSERT_EQUAL(gmt_assignable(&b, &d, false), GMT_COMPAT_BOOL_NUMERIC);
    CU_ASSERT_EQUAL(gmt_assignable(&b, &b, false), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&i, &inf, false), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&b, &inf, false), GMT_COMPAT_BOOL_NUMERIC);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &inf, false), GMT_COMPAT_INCOMPATIBLE);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &nil, false), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&eg, &nil, false), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&i, &nil, false), GMT_COMPAT_INCOMPATIBLE);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &ng, false), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &nh, false), GMT_COMPAT_GRAPH_MISMATCH);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &nh, true), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &eg, false), GMT_COMPAT_INCOMPATIBLE);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &i, false), GMT_COMPAT_INCOMPATIBLE);
    CU_ASSERT_EQUAL(gmt_assignable(&pg, &ph, false), GMT_COMPAT_GRAPH_MISMATCH);
    CU_ASSERT_EQUAL(gmt_assignable(&pg, &pd, false), GMT_COMPAT_INCOMPATIBLE);
    /* Errors never cascade. */
    CU_ASSERT_EQUAL(gmt_assignable(&err, &b, false), GMT_COMPAT_OK);
    CU_ASSERT_EQUAL(gmt_assignable(&ng, &err, false), GMT_COMPAT_OK);
    CU_ASSERT_TRUE(gmt_same(&pg, &pg));
    CU_ASSERT_FALSE(gmt_same(&pg, &ph));
}

static void test_casts(void)
{
    CU_ASSERT_TRUE(gmt_cast_ok(GMT_INT, GMT_DOUBLE));
    CU_ASSERT_TRUE(gmt_cast_ok(GMT_FLOAT, GMT_LONG));
    CU_ASSERT_TRUE(gmt_cast_ok(GMT_BOOL, GMT_BOOL));
    CU_ASSERT_FALSE(gmt_cast_ok(GMT_INT, GMT_BOOL));
    CU_ASSERT_FALSE(gmt_cast_ok(GMT_BOOL, GMT_DOUBLE));
    CU_ASSERT_FALSE(gmt_cast_ok(GMT_INT, GMT_NODE));
    CU_ASSERT_FALSE(gmt_cast_ok(GMT_NODE, GMT_INT));
    CU_ASSERT_TRUE(gmt_cast_ok(GMT_DOUBLE, GMT_INF));
    CU_ASSERT_FALSE(gmt_cast_ok(GMT_BOOL, GMT_INF));
}

static void test_spell(void)
{
    char buf[64];
    gm_symbol g = {.name = "G"};
    gm_type i = {.kind = GMT_INT}, n = {.kind = GMT_NODE};
    gm_type p = {.kind = GMT_NODE_PROP, .elem = &i, .graph = &g};
    gm_type m = {.kind = GMT_MAP, .key = &n, .val = &i};
    gm_type ng = {.kind = GMT_NODE, .graph_name = "H"};
    CU_ASSERT_STRING_EQUAL(gmt_spell(&i, buf, sizeof buf), "Int");
    CU_ASSERT_STRING_EQUAL(gmt_spell(&p, buf, sizeof buf), "N_P<Int>(G)");
    CU_ASSERT_STRING_EQUAL(gmt_spell(&m, buf, sizeof buf), "Map<Node, Int>");
    CU_ASSERT_STRING_EQUAL(gmt_spell(&ng, buf, sizeof buf), "Node(H)");
    /* A short buffer truncates without overflowing. */
    char tiny[5];
    CU_ASSERT_STRING_EQUAL(gmt_spell(&p, tiny, sizeof tiny), "N_P<");
}

/* ------------------------------------------------------------------ */
/* Typing programs                                                     */

/* The type kind of the initializer of the declaration on that line. */
static gm_type_kind init_kind(gm_program *p, int line)
{
    gm_stmt *s = find_stmt(p, line, GMS_DECL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s->init);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s->init->type);
    return s->init->type->kind;
}

static void test_literals_and_widening(void)
{
    gm_program *p = check_src(
        "Procedure f(i: Int, l: Long, x: Float, d: Double) {\n"
        "  Int a = 3;\n"                  /* 2 */
        "  Long b = 3000000000;\n"        /* 3: a 64-bit literal is Long */
        "  Long c = i + l;\n"             /* 4 */
        "  Double e = x + d;\n"           /* 5 */
        "  Float g = x * 2;\n"            /* 6: literals mix silently */
        "  Double h = 2.5;\n"             /* 7 */
        "  Int k = i / 2 - -i % 3;\n"     /* 8 */
        "  Long m = |l|;\n"               /* 9 */
        "  Print a, b, c, e, g, h, k, m;\n"
        "}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(init_kind(p, 2), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 3), GMT_LONG);
    CU_ASSERT_EQUAL(init_kind(p, 4), GMT_LONG);
    CU_ASSERT_EQUAL(init_kind(p, 5), GMT_DOUBLE);
    CU_ASSERT_EQUAL(init_kind(p, 6), GMT_FLOAT);
    CU_ASSERT_EQUAL(init_kind(p, 7), GMT_DOUBLE);
    CU_ASSERT_EQUAL(init_kind(p, 8), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 9), GMT_LONG);
}

static void test_promotion_warning(void)
{
    gm_program *p = check_src(
        "Procedure f(i: Int, d: Double): Double {\n"
        "  Double r = i * d;\n"           /* 2: non-literal Int with Double */
        "  Double s = 2 * d + 1.5;\n"     /* 3: literals: no warning */
        "  Double t = (Double) i * d;\n"  /* 4: a cast says it is intended */
        "  Return r + s + t;\n"
        "}\n");
    EXPECT_WARNING("promotion", 2);
    CU_ASSERT_EQUAL(count_diags("warning", "promotion", 0), 1);
    CU_ASSERT_EQUAL(init_kind(p, 2), GMT_DOUBLE);
    gm_expr *cmp = find_expr(check_src("Procedure f(l: Long, x: Float): Bool {\n"
                                       "  Return l < x;\n}\n"),
                             2, 0, GME_BINARY, NULL);
    EXPECT_WARNING("promotion", 2);
    CU_ASSERT_EQUAL(cmp->type->kind, GMT_BOOL);
}

static void test_mod_integers_only(void)
{
    check_src("Procedure f(x: Double, i: Int): Double {\n"
              "  Return x % 2.0;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(x: Double, i: Int): Int {\n"
              "  Int a = 7 % i;\n"
              "  Return i % 2 + a;\n}\n");
    EXPECT_CLEAN();
    check_src("Procedure f(x: Double, i: Int): Double {\n"
              "  Return i % x;\n}\n");
    EXPECT_ERROR("type", 2);
}

static void test_logic_and_comparisons(void)
{
    gm_program *p = check_src(
        "Procedure f(G: Graph, a, b: Node, i: Int, c: Bool): Bool {\n"
        "  Bool r = a < b || a == b && !c;\n"    /* 2 */
        "  Bool s = i >= 2 And c Or i != 3;\n"   /* 3 */
        "  Return r && s;\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(init_kind(p, 2), GMT_BOOL);
    CU_ASSERT_EQUAL(init_kind(p, 3), GMT_BOOL);

    check_src("Procedure f(i: Int): Bool {\n  Return i && True;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(b: Bool): Bool {\n  Return b < True;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(i: Int): Bool {\n  Return !i;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(b: Bool): Bool {\n  Return b == 1;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(G: Graph, n: Node): Bool {\n  Return n == 1;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(G: Graph, n: Node): Int {\n  Return n + 1;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(b: Bool): Int {\n  Return -b;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(b: Bool): Int {\n  Return |b|;\n}\n");
    EXPECT_ERROR("type", 2);
}

static void test_assignment_rules(void)
{
    check_src("Procedure f(d: Double, l: Long) {\n"
              "  Int a = d;\n"           /* 2: narrowing */
              "  Int b = l;\n"           /* 3: narrowing */
              "  Float c = d;\n"         /* 4: narrowing */
              "  Float e = 0.1;\n"       /* a literal: fine */
              "  Int g = -2147483648;\n" /* fits an Int: fine */
              "  Long h = a;\n"          /* widening: fine */
              "  Double k = h;\n"        /* integer to floating: fine */
              "  Print a, b, c, e, g, h, k;\n}\n");
    CU_ASSERT_EQUAL(count_diags("warning", "narrowing", 2), 1);
    CU_ASSERT_EQUAL(count_diags("warning", "narrowing", 3), 1);
    CU_ASSERT_EQUAL(count_diags("warning", "narrowing", 4), 1);
    CU_ASSERT_EQUAL(gm_warning_count(), 3);
    CU_ASSERT_EQUAL(gm_error_count(), 0);

    check_src("Procedure f() {\n  Int big = 3000000000;\n  Print big;\n}\n");
    EXPECT_WARNING("narrowing", 2);
    check_src("Procedure f() {\n  Int x = 2.5;\n  Print x;\n}\n");
    EXPECT_WARNING("narrowing", 2);

    check_src("Procedure f(i: Int) {\n  Bool b;\n  b = i;\n  Print b;\n}\n");
    EXPECT_ERROR("bool-numeric", 3);
    check_src("Procedure f(b: Bool) {\n  Double x = 1.0;\n  x = b;\n  Print x;\n}\n");
    EXPECT_ERROR("bool-numeric", 3);
    check_src("Procedure f(G: Graph, n: Node) {\n  Int x = n;\n  Print x;\n}\n");
    EXPECT_ERROR("type", 2);
    /* The message names the value type, the target and its type. */
    check_src("Procedure f() {\n  Int x = True;\n  Print x;\n}\n");
    CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "cannot assign Bool to 'x' of type Int"));
}

static void test_casts_in_programs(void)
{
    gm_program *p = check_src("Procedure f(d: Double, b: Bool): Int {\n"
                              "  Int a = (Int) d;\n"
                              "  Bool c = (Bool) b;\n"
                              "  Float e = (Float) a;\n"
                              "  If (c) Return a;\n"
                              "  Return (Int) e;\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(init_kind(p, 2), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 4), GMT_FLOAT);
    check_src("Procedure f(b: Bool): Int {\n  Return (Int) b;\n}\n");
    EXPECT_ERROR("cast", 2);
    check_src("Procedure f(i: Int): Bool {\n  Return (Bool) i;\n}\n");
    EXPECT_ERROR("cast", 2);
    check_src("Procedure f(G: Graph, n: Node): Long {\n  Return (Long) n;\n}\n");
    EXPECT_ERROR("cast", 2);
}

static void test_inf(void)
{
    gm_program *p = check_src(
        "Procedure f(G: Graph, r: Node; dist: N_P<Int>, w: N_P<Double>) {\n"
        "  G.dist = (G == r) ? 0 : +INF;\n"        /* 2: INF sized by the property */
        "  Long l = -INF;\n"                       /* 3 */
        "  Float x = INF;\n"                       /* 4 */
        "  Foreach (n: G.Nodes) {\n"
        "    If (n.w < INF) { n.w = -INF; }\n"     /* 6: by comparison, assignment */
        "  }\n"
        "  Print l, x;\n"
        "}\n");
    EXPECT_CLEAN();
    gm_expr *inf = find_expr(p, 2, 0, GME_INF, NULL);
    CU_ASSERT_EQUAL(inf->type->kind, GMT_INT);
    CU_ASSERT_FALSE(inf->negative);
    CU_ASSERT_EQUAL(find_expr(p, 2, 0, GME_TERNARY, NULL)->type->kind, GMT_INT);
    inf = find_expr(p, 3, 0, GME_INF, NULL);
    CU_ASSERT_EQUAL(inf->type->kind, GMT_LONG);
    CU_ASSERT_TRUE(inf->negative);
    CU_ASSERT_EQUAL(find_expr(p, 4, 0, GME_INF, NULL)->type->kind, GMT_FLOAT);
    gm_expr *cmp = find_expr(p, 6, 0, GME_BINARY, NULL);
    CU_ASSERT_EQUAL(cmp->b->type->kind, GMT_DOUBLE);
    gm_stmt *as = find_stmt(p, 6, GMS_ASSIGN);
    CU_ASSERT_EQUAL(as->rhs->type->kind, GMT_DOUBLE);

    check_src("Procedure f(): Int {\n  Int x = INF + 1;\n  Return x;\n}\n");
    EXPECT_ERROR("inf-arith", 2);
    check_src("Procedure f(x: Double): Double {\n  Return x * -INF;\n}\n");
    EXPECT_ERROR("inf-arith", 2);
    check_src("Procedure f(c: Bool): Int {\n  Return (c ? INF : 0) - 1;\n}\n");
    EXPECT_ERROR("inf-arith", 2);
    check_src("Procedure f() {\n  Bool b = INF;\n  Print b;\n}\n");
    EXPECT_ERROR("bool-numeric", 2);
    /* Without context INF is a Double. */
    p = check_src("Procedure f() {\n  Print INF;\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(find_expr(p, 2, 0, GME_INF, NULL)->type->kind, GMT_DOUBLE);
    /* Min/max reductions size INF too. */
    p = check_src("Procedure f(G: Graph; m: Long) {\n  m = INF;\n"
                  "  Foreach (n: G.Nodes) { m min= INF; }\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(find_expr(p, 3, 0, GME_INF, NULL)->type->kind, GMT_LONG);
}

static void test_nil(void)
{
    gm_program *p = check_src("Procedure f(G: Graph, r: Node): Node {\n"
                              "  Node n = NIL;\n"
                              "  Edge e = NIL;\n"
                              "  If (n == NIL && NIL != r) { n = r; }\n"
                              "  If (e == NIL) Return NIL;\n"
                              "  Return n;\n}\n");
    EXPECT_CLEAN();
    gm_expr *nil = find_expr(p, 2, 0, GME_NIL, NULL);
    CU_ASSERT_EQUAL(nil->type->kind, GMT_NODE);
    CU_ASSERT_PTR_NOT_NULL(nil->type->graph);
    CU_ASSERT_EQUAL(find_expr(p, 3, 0, GME_NIL, NULL)->type->kind, GMT_EDGE);
    CU_ASSERT_EQUAL(find_expr(p, 5, 0, GME_NIL, NULL)->type->kind, GMT_EDGE);
    check_src("Procedure f() {\n  Int x = NIL;\n  Print x;\n}\n");
    EXPECT_ERROR("type", 2);
}

static void test_ternary(void)
{
    gm_program *p = check_src("Procedure f(c: Bool, i: Int, d: Double, G: Graph, a: Node) {\n"
                              "  Double x = c ? i : d;\n"
                              "  Node n = c ? a : NIL;\n"
                              "  Print x, n;\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(init_kind(p, 2), GMT_DOUBLE);
    CU_ASSERT_EQUAL(init_kind(p, 3), GMT_NODE);
    check_src("Procedure f(c: Bool, i: Int) {\n  Int x = c ? i : True;\n  Print x;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(i: Int) {\n  Int x = i ? 1 : 2;\n  Print x;\n}\n");
    EXPECT_ERROR("condition", 2);
}

static void test_map_access(void)
{
    gm_program *p = check_src("Procedure f(G: Graph, r: Node) {\n"
                              "  Map<Node, Double> M;\n"
                              "  Map<Long, Bool> B;\n"
                              "  M[r] = 1.5;\n"
                              "  B[3] = M[r] > 1.0;\n"  /* Int key widens to Long */
                              "  Print M[r], B[7];\n}\n");
    EXPECT_CLEAN();
    gm_expr *idx = find_expr(p, 5, 0, GME_INDEX, NULL);
    CU_ASSERT_EQUAL(idx->type->kind, GMT_BOOL);
    CU_ASSERT_EQUAL(find_expr(p, 6, 0, GME_INDEX, NULL)->type->kind, GMT_DOUBLE);
    check_src("Procedure f(G: Graph) {\n  Map<Node, Int> M;\n  M[3] = 1;\n}\n");
    EXPECT_ERROR("map-key", 3);
    check_src("Procedure f(G: Graph, r: Node) {\n  Map<Int, Int> M;\n  M[r] = 1;\n}\n");
    EXPECT_ERROR("map-key", 3);
    check_src("Procedure f() {\n  Map<Int, Int> M;\n  M[2.5] = 1;\n}\n");
    EXPECT_ERROR("map-key", 3);
    check_src("Procedure f(x: Int) {\n  Print x[1];\n}\n");
    EXPECT_ERROR("type", 2);
}

static void test_reduction_expressions(void)
{
    gm_program *p = check_src(
        "Procedure f(G: Graph, A: N_P<Int>, B: N_P<Float>, C: N_P<Bool>) {\n"
        "  Int s = Sum(n: G.Nodes) { n.A };\n"           /* 2 */
        "  Float pr = Product(n: G.Nodes) { n.B };\n"    /* 3 */
        "  Int mn = Min(n: G.Nodes)(n.C) { n.A };\n"     /* 4 */
        "  Double av = Avg(n: G.Nodes) { n.A };\n"      /* 5 */
        "  Int cn = Count(n: G.Nodes)(n.A > 0);\n"       /* 6 */
        "  Bool ex = Exist(n: G.Nodes) { n.C };\n"       /* 7 */
        "  Bool al = All(n: G.Nodes) { n.A > 1 };\n"     /* 8 */
        "  Int nest = Sum(n: G.Nodes) { Max(m: n.Nbrs) { m.A } };\n" /* 9 */
        "  Print s, pr, mn, av, cn, ex, al, nest;\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(init_kind(p, 2), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 3), GMT_FLOAT);
    CU_ASSERT_EQUAL(init_kind(p, 4), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 5), GMT_DOUBLE);
    CU_ASSERT_EQUAL(init_kind(p, 6), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 7), GMT_BOOL);
    CU_ASSERT_EQUAL(init_kind(p, 8), GMT_BOOL);
    CU_ASSERT_EQUAL(init_kind(p, 9), GMT_INT);
    check_src("Procedure f(G: Graph, C: N_P<Bool>) {\n"
              "  Int s = Sum(n: G.Nodes) { n.C };\n  Print s;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(G: Graph, A: N_P<Int>) {\n"
              "  Bool b = Exist(n: G.Nodes) { n.A };\n  Print b;\n}\n");
    EXPECT_ERROR("type", 2);
    check_src("Procedure f(G: Graph, A: N_P<Int>) {\n"
              "  Int c = Count(n: G.Nodes)(n.A);\n  Print c;\n}\n");
    EXPECT_ERROR("condition", 2);
}

static void test_builtin_results(void)
{
    gm_program *p = check_src(
        "Procedure f(G: Graph, r: Node; S: N_S) {\n"
        "  Int nn = G.NumNodes();\n"     /* 2 */
        "  Long x = Rand(nn);\n"         /* 3 */
        "  Double u = Uniform();\n"      /* 4 */
        "  Node p = G.PickRandom();\n"   /* 5 */
        "  Bool h = S.Has(r);\n"         /* 6 */
        "  Int dg = r.Degree();\n"       /* 7 */
        "  Double lg = Log(2) + Exp(u) + Pow(u, 2);\n" /* 8 */
        "  S.Add(p);\n"
        "  Print nn, x, u, h, dg, lg;\n}\n");
    EXPECT_CLEAN();
    CU_ASSERT_EQUAL(init_kind(p, 2), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 3), GMT_LONG);
    CU_ASSERT_EQUAL(init_kind(p, 4), GMT_DOUBLE);
    CU_ASSERT_EQUAL(init_kind(p, 5), GMT_NODE);
    CU_ASSERT_PTR_NOT_NULL(find_stmt(p, 5, GMS_DECL)->init->type->graph);
    CU_ASSERT_EQUAL(init_kind(p, 6), GMT_BOOL);
    CU_ASSERT_EQUAL(init_kind(p, 7), GMT_INT);
    CU_ASSERT_EQUAL(init_kind(p, 8), GMT_DOUBLE);
    CU_ASSERT_EQUAL(find_expr(p, 7, 0, GME_CALL, "Degree")->builtin, GMB_NODE_NUM_NBRS);
    CU_ASSERT_EQUAL(find_expr(p, 3, 0, GME_CALL, "Rand")->builtin, GMB_RAND);
}

static void test_every_expression_typed(void)
{
    /* Even after errors, every expression has a type (GMT_ERROR there). */
    gm_program *p = check_src("Procedure f(G: Graph, x: Int) {\n"
                              "  Int y = (q + 1) * x - Sum(n: G.Nodes){ n.Z };\n"
                              "  Print y;\n}\n");
    CU_ASSERT_EQUAL(gm_error_count(), 2); /* q undefined, Z undefined: nothing else */
    gm_stmt *s = find_stmt(p, 2, GMS_DECL);
    CU_ASSERT_EQUAL(s->init->type->kind, GMT_ERROR);
    CU_ASSERT_EQUAL(s->init->a->b->type->kind, GMT_INT);  /* x */
}

int main(void)
{
    static const cu_test tests[] = {
        {"classification", test_classification},
        {"needs graph", test_needs_graph},
        {"arithmetic result", test_arith_result},
        {"narrowing", test_narrowing},
        {"assignability", test_assignable},
        {"casts", test_casts},
        {"spelling", test_spell},
        {"literals and widening", test_literals_and_widening},
        {"promotion warning", test_promotion_warning},
        {"% on integers only", test_mod_integers_only},
        {"logic and comparisons", test_logic_and_comparisons},
        {"assignment rules", test_assignment_rules},
        {"casts in programs", test_casts_in_programs},
        {"INF", test_inf},
        {"NIL", test_nil},
        {"?:", test_ternary},
        {"map access", test_map_access},
        {"reduction expressions", test_reduction_expressions},
        {"built-in results", test_builtin_results},
        {"every expression typed", test_every_expression_typed},
        {NULL, NULL},
    };
    return run_tests("types", tests);
}
