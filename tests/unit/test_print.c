/* test_print.c: unit tests of the printer (gm_front/print.c) and of the
 * AST helpers it leans on (gm_front/ast.c): round trips print(parse(x))
 * == print(parse(print(parse(x)))) over every program of the tree and many
 * snippets, exact output for parentheses, canonical spellings and layout,
 * and trees that only passes build (negative literals, temporaries, bound
 * symbols, an If whose Else would otherwise change owner). */
#include <glob.h>
#include <math.h>
#include <stdint.h>

#include "syntax_util.h"

/* print(parse(src)) must parse again and print identically. Returns the
 * first print (malloc'd), or NULL when src itself has errors. */
static char *check_round_trip(const char *name, const char *src)
{
    const char *d;
    gm_program *p = parse_capture(src, &d);
    if (gm_error_count() != 0) {
        gm_program_free(p);
        return NULL;
    }
    char *once = print_program_str(p);
    gm_program_free(p);
    p = parse_capture(once, &d);
    if (gm_error_count() != 0)
        fprintf(stderr, "\n%s: the printed program does not parse:\n%s\n%s", name, once, d);
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    char *twice = print_program_str(p);
    gm_program_free(p);
    if (strcmp(once, twice) != 0)
        fprintf(stderr, "\n%s: print is not stable:\n%s---\n%s", name, once, twice);
    CU_ASSERT_STRING_EQUAL(once, twice);
    free(twice);
    return once;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, n, m);
    fclose(m);
    fclose(f);
    return buf;
}

static int round_trip_glob(const char *pattern)
{
    glob_t g;
    int done = 0;
    if (glob(pattern, 0, NULL, &g) != 0)
        return 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *src = read_file(g.gl_pathv[i]);
        if (!src)
            continue;
        char *out = check_round_trip(g.gl_pathv[i], src);
        done += out != NULL;
        free(out);
        free(src);
    }
    globfree(&g);
    return done;
}

static void test_round_trip_tree_programs(void)
{
    const char *top = getenv("GMC_SRCDIR");
    if (!top)
        top = ".";
    const char *patterns[] = {"%s/apps/*.gm", "%s/tests/*/*.gm", "%s/tests/*/*/*.gm",
                              "%s/tests/*/*/*/*.gm"};
    int done = 0;
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        char pat[1024];
        snprintf(pat, sizeof pat, patterns[i], top);
        done += round_trip_glob(pat);
    }
    /* the shipped applications must all be there and parse */
    char pat[1024];
    snprintf(pat, sizeof pat, "%s/apps/*.gm", top);
    glob_t g;
    size_t apps = glob(pat, 0, NULL, &g) == 0 ? g.gl_pathc : 0;
    if (apps)
        globfree(&g);
    CU_ASSERT((size_t)done >= apps);
    fprintf(stderr, "(%d programs) ", done);
}

static const char *snippets[] = {
    "Procedure f(G: Graph, M: Map<Int, Double>, r: Node; S: N_S(G), O: N_O) : Int {\n"
    "    [ printf(\"%d\\n\", $x) ];\n"
    "    [ $n.A = f($y, a[i], \"]\") ] :: [a, n.P];\n"
    "    Int z = [ foo($z) ] + M[3];\n"
    "    M[[1]] = 2.0;\n"
    "    InBFS (v: G.Nodes From r)[v.A > [ 1 ]](v.B) { S.Add(v); }\n"
    "    InReverse (v != r) { v.x = Sum(w: v.DownNbrs){ w.x } + 1; }\n"
    "    InDFS (t: G^.Nodes; r) { ; } InPost { t.y++ @ t; }\n"
    "    For (o: O-.Items) { Print o, \"x\"; }\n"
    "    Foreach (o: O^.Items)(o.k) { o.q <= 1 @ o; }\n"
    "    Foreach (n: G.Nodes) Foreach (e: n.OutEdges) If (e.w > 0) If (n.a) n.b = 1; Else n.c = 2;\n"
    "    Foreach (n: n.P.Items) {}\n"
    "    Foreach (k: n.CommonNbrs(r)) { k.A max= 3; }\n"
    "    z = f(1, 2; a, #) + g(;x) + Uniform() + (Int) 3.5 * |z - 1| + (z > 1 ? 2 : 3);\n"
    "    <a; b, c> max= <(x > 1); y + 1, n>;\n"
    "    n.P &&= True; n.P ||= False; cnt--; x -= 1;\n"
    "    Double d = -INF; d = - -d; d = -(-d); d = - INF; d = -(INF);\n"
    "    G.A = G == r ? 0 : +INF;\n"
    "    Return Count(n: G.Nodes)(n.A > 3) + Avg(n: G.Nodes){n.A}"
    " + (All(n: G.Nodes){ Any(m: n.InNbrs){m == n} } ? 1 : 0);\n"
    "}\n"
    "Local g(;x: Int) { Return; }\n",

    "Proc p(G: UGraph, H: DGraph) {\n"
    "  If (a) { If (b) x = 1; } Else x = 2;\n"
    "  If (a) x = 1; Else If (b) x = 2; Else { x = 3; }\n"
    "  If (a) Foreach (n: G.Nodes) If (b) x = 1; Else x = 2;\n"
    "  If (a) {} Else {}\n"
    "  While (x < 3 && !(y || z)) { x++; }\n"
    "  Do { x--; } While ((x > 0) == True);\n"
    "  x = ((a)) + ((b * c)) - (d - e) - (f + g) * (h % i) / -j;\n"
    "  x = (a ? b : c) ? (d ? e : f) : g ? h : i;\n"
    "  x = | |a| - | |b| | | + |-c|;\n"
    "  x = (Float) (Int) -x + (Bool) y;\n"
    "  x = M[k].P + f(g(h(1)), 2).Q[3];\n"
    "  x = 1. + 2.50 + 1.5e-3 + 3.E2 + 0.0;\n"
    "  x = 9223372036854775807 + 0;\n"
    "  x = a < b == c > d != (e <= f) >= g;\n"
    "  Map<Node(G), Edge> m; N_P<N_S>(G) P; Collection<N_O>(H) c; Node_Property<Node(G)> par;\n"
    "  InBFS (v: G.Nodes From r)(v.B)[v.A] { } InReverse { }\n"
    "  InDFS (v: G.Nodes; r) { } \n"
    "  <x> min= <y>;\n"
    "  <s.d; s.p> min= <(a > b) ? 1 : 2; c == d>;\n"
    "  ;;{;}\n"
    "}\n",

    "", /* an empty file prints as nothing */
};

static void test_round_trip_snippets(void)
{
    for (size_t i = 0; i < sizeof snippets / sizeof snippets[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "snippet %zu", i);
        char *out = check_round_trip(name, snippets[i]);
        CU_ASSERT_PTR_NOT_NULL(out);
        free(out);
    }
}

/* The printed form of one statement of a small procedure. */
static char *print_body_stmt(const char *body)
{
    char src[1024];
    snprintf(src, sizeof src, "Proc p(G: Graph) {\n%s\n}\n", body);
    gm_program *p = parse_ok(src);
    char *s = print_stmt_str(first_stmt(p));
    gm_program_free(p);
    return s;
}

static void expect_stmt(const char *body, const char *want)
{
    char *got = print_body_stmt(body);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n'%s' printed as\n%s\nexpected\n%s\n", body, got, want);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
}

static void test_minimal_parentheses(void)
{
    expect_stmt("x = (a + b) * c;", "x = (a + b) * c;\n");
    expect_stmt("x = a + (b * c);", "x = a + b * c;\n");
    expect_stmt("x = (a - b) - c;", "x = a - b - c;\n");
    expect_stmt("x = a - (b - c);", "x = a - (b - c);\n");
    expect_stmt("x = a / (b * c) % d;", "x = a / (b * c) % d;\n");
    expect_stmt("x = (a || b) && c;", "x = (a || b) && c;\n");
    expect_stmt("x = a || (b && c);", "x = a || b && c;\n");
    expect_stmt("x = (a == b) == c;", "x = a == b == c;\n");
    expect_stmt("x = a == (b == c);", "x = a == (b == c);\n");
    expect_stmt("x = (a < b) == (c < d);", "x = a < b == c < d;\n");
    expect_stmt("x = -(a + b);", "x = -(a + b);\n");
    expect_stmt("x = -(-a);", "x = - -a;\n");
    expect_stmt("x = - -INF;", "x = - -INF;\n");
    expect_stmt("x = - INF;", "x = - INF;\n");
    expect_stmt("x = !(a && b);", "x = !(a && b);\n");
    expect_stmt("x = !!a;", "x = !!a;\n");
    expect_stmt("x = (Int) (a + b);", "x = (Int) (a + b);\n");
    expect_stmt("x = ((Int) a) + b;", "x = (Int) a + b;\n");
    expect_stmt("x = (c ? a : b) ? d : e;", "x = (c ? a : b) ? d : e;\n");
    expect_stmt("x = c ? (a ? b : d) : (e ? f : g);", "x = c ? a ? b : d : e ? f : g;\n");
    expect_stmt("x = (a ? b : c) + 1;", "x = (a ? b : c) + 1;\n");
    expect_stmt("x = |(|a|)|;", "x = | |a| |;\n");
    expect_stmt("x = |a| * |(b - c)|;", "x = |a| * |b - c|;\n");
    expect_stmt("x = (M[k]).P;", "x = M[k].P;\n");
    expect_stmt("x = (a + b).P;", "x = (a + b).P;\n");
    expect_stmt("x = Sum(n: G.Nodes)(n.A > 0){ n.B } * 2;", "x = Sum(n: G.Nodes)(n.A > 0){ n.B } * 2;\n");
    /* a top-level '>' inside arg-min/max lists gets parentheses */
    expect_stmt("<a; b> min= <(x > 1); (y > 2) && z>;", "<a; b> min= <(x > 1); (y > 2 && z)>;\n");
    expect_stmt("<a; b> min= <x + 1; -y>;", "<a; b> min= <x + 1; -y>;\n");
}

static void test_canonical_spellings(void)
{
    gm_program *p = parse_ok(
        "Proc p(G: DGraph, U: UGraph, A: Node_Property<Int>(G), B: Edge_Prop<Double>, S: Node_Set(G),\n"
        "       O: Node_Order, Q: Node_Sequence, C: Collection<Node_Seq>(G), M: Map<Node, Long>; n: Node(G)) {\n"
        "  Foreach (t: n.OutNbrs) { t.X &&= t.Y And t.Z; t.W ||= t.Y Or False; }\n"
        "  For (t: O+.Items) { }\n"
        "  InBFS (v: G.Nodes; n) { x = Any(w: v.UpNbrs){ True }; }\n"
        "}\n");
    char *out = print_program_str(p);
    const char *want =
        "Procedure p(G: Graph, U: UGraph, A: N_P<Int>(G), B: E_P<Double>, S: N_S(G), O: N_O, Q: N_Q, "
        "C: Collection<N_Q>(G), M: Map<Node, Long>; n: Node(G)) {\n"
        "    Foreach (t: n.Nbrs) {\n"
        "        t.X &= t.Y && t.Z;\n"
        "        t.W |= t.Y || False;\n"
        "    }\n"
        "    For (t: O.Items) {\n"
        "    }\n"
        "    InBFS (v: G.Nodes From n) {\n"
        "        x = Exist(w: v.UpNbrs){ True };\n"
        "    }\n"
        "}\n";
    if (strcmp(out, want) != 0)
        fprintf(stderr, "\ngot:\n%s\nwant:\n%s", out, want);
    CU_ASSERT_STRING_EQUAL(out, want);
    free(out);
    gm_program_free(p);
}

static void test_layout(void)
{
    gm_program *p = parse_ok("Proc a(G: Graph; x: Int) : Int {\n"
                             "If (x > 0) x = 1; Else { x = 2; }\n"
                             "If (x > 0) { x = 1; } Else If (x < 0) x = 2; Else x = 3;\n"
                             "Foreach (n: G.Nodes)(n.A) n.B += 1 @ n;\n"
                             "Do { x++; } While (x < 3);\n"
                             "InDFS (t: G.Nodes From r)[t.Z] { } InPost (t.Y) { t.C = 0; }\n"
                             "Return x;\n"
                             "}\n"
                             "Local b() { }\n");
    char *out = print_program_str(p);
    const char *want = "Procedure a(G: Graph; x: Int) : Int {\n"
                       "    If (x > 0)\n"
                       "        x = 1;\n"
                       "    Else {\n"
                       "        x = 2;\n"
                       "    }\n"
                       "    If (x > 0) {\n"
                       "        x = 1;\n"
                       "    } Else If (x < 0)\n"
                       "        x = 2;\n"
                       "    Else\n"
                       "        x = 3;\n"
                       "    Foreach (n: G.Nodes)(n.A)\n"
                       "        n.B += 1 @ n;\n"
                       "    Do {\n"
                       "        x++;\n"
                       "    } While (x < 3);\n"
                       "    InDFS (t: G.Nodes From r)[t.Z] {\n"
                       "    } InPost(t.Y) {\n"
                       "        t.C = 0;\n"
                       "    }\n"
                       "    Return x;\n"
                       "}\n"
                       "\n"
                       "Local b() {\n"
                       "}\n";
    if (strcmp(out, want) != 0)
        fprintf(stderr, "\ngot:\n%s\nwant:\n%s", out, want);
    CU_ASSERT_STRING_EQUAL(out, want);
    free(out);
    gm_program_free(p);
}

/* ------------------------------------------------------------------ */
/* Trees built by passes */

static gm_expr *id(gm_arena *a, const char *name)
{
    gm_expr *e = gm_expr_new(a, GME_ID, (gm_loc){0, 0});
    e->name = name;
    return e;
}

static void expect_expr(const gm_expr *e, const char *want)
{
    char *got = print_expr_str(e);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\nprinted '%s', expected '%s'\n", got, want);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(got);
}

static void test_pass_built_expressions(void)
{
    gm_program *p = gm_program_new("pass.gm");
    gm_arena *a = p->arena;
    gm_loc nowhere = {0, 0};

    gm_expr *neg5 = gm_expr_int(a, -5, nowhere);
    expect_expr(neg5, "-5");
    expect_expr(gm_expr_binary(a, GMOP_SUB, id(a, "x"), neg5, nowhere), "x - -5");
    expect_expr(gm_expr_binary(a, GMOP_MUL, neg5, id(a, "x"), nowhere), "-5 * x");
    gm_expr *u = gm_expr_new(a, GME_UNARY, nowhere);
    u->op = GMOP_NEG;
    u->a = gm_expr_int(a, -5, nowhere);
    expect_expr(u, "- -5");
    gm_expr *prop = gm_expr_new(a, GME_PROP, nowhere);
    prop->a = gm_expr_int(a, 3, nowhere);
    prop->name = "P";
    expect_expr(prop, "(3).P");
    prop->a = gm_expr_int(a, -3, nowhere);
    expect_expr(prop, "(-3).P");
    expect_expr(gm_expr_binary(a, GMOP_ADD, gm_expr_int(a, INT64_MIN, nowhere), id(a, "y"), nowhere),
                "-9223372036854775807 - 1 + y");
    expect_expr(gm_expr_binary(a, GMOP_MUL, gm_expr_int(a, INT64_MIN, nowhere), id(a, "y"), nowhere),
                "(-9223372036854775807 - 1) * y");

    /* floats without a spelling: shortest exact form, always with a '.' */
    const struct {
        double v;
        const char *s;
    } floats[] = {{2.0, "2.0"}, {0.1, "0.1"}, {1e300, "1.0e+300"}, {-2.5, "-2.5"},
                  {1.5e-7, "1.5e-07"}, {123456.75, "123456.75"}};
    for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++) {
        gm_expr *f = gm_expr_new(a, GME_FLOAT, nowhere);
        f->float_val = floats[i].v;
        expect_expr(f, floats[i].s);
    }

    /* temporaries, discards, strings, casts */
    expect_expr(id(a, "_t3"), "_t3");
    gm_expr *disc = gm_expr_new(a, GME_ID, nowhere);
    disc->is_discard = true;
    expect_expr(disc, "#");
    gm_expr *str = gm_expr_new(a, GME_STRING, nowhere);
    str->text = "a\\n";
    expect_expr(str, "\"a\\n\"");

    /* an id built from a symbol */
    gm_type *t = gm_type_new(a, GMT_INT, nowhere);
    gm_symbol *sym = gm_symbol_new(p, "cnt", nowhere, t, GMSYM_VAR);
    gm_expr *ref = gm_expr_id(a, sym, nowhere);
    CU_ASSERT_PTR_EQUAL(ref->type, t);
    CU_ASSERT_PTR_EQUAL(ref->sym, sym);
    expect_expr(ref, "cnt");
    gm_symbol *sym2 = gm_symbol_new(p, "other", nowhere, t, GMSYM_VAR);
    CU_ASSERT_EQUAL(sym2->id, sym->id + 1);
    CU_ASSERT_EQUAL(p->next_symbol_id, 2);
    gm_expr *cmp = gm_expr_binary(a, GMOP_LT, ref, gm_expr_int(a, 1, nowhere), nowhere);
    CU_ASSERT_EQUAL(cmp->type->kind, GMT_BOOL);
    gm_program_free(p);
}

static void test_pass_built_statements(void)
{
    gm_program *p = gm_program_new("pass.gm");
    gm_arena *a = p->arena;
    gm_loc nowhere = {0, 0};

    /* "@ it" printed from the bound symbol when no name was written */
    gm_symbol *n = gm_symbol_new(p, "n", nowhere, gm_type_new(a, GMT_NODE, nowhere), GMSYM_ITER);
    gm_stmt *s = gm_stmt_new(a, GMS_ASSIGN, nowhere);
    s->lhs = id(a, "sum");
    s->assign_op = GMA_PLUS;
    s->rhs = gm_expr_int(a, 1, nowhere);
    s->bound = n;
    char *out = print_stmt_str(s);
    CU_ASSERT_STRING_EQUAL(out, "sum += 1 @ n;\n");
    free(out);

    /* a type bound by the checker prints its graph */
    gm_symbol *g = gm_symbol_new(p, "G", nowhere, gm_type_new(a, GMT_GRAPH, nowhere), GMSYM_IN_ARG);
    gm_stmt *decl = gm_stmt_new(a, GMS_DECL, nowhere);
    decl->decl_type = gm_type_new(a, GMT_NODE_PROP, nowhere);
    decl->decl_type->elem = gm_type_new(a, GMT_DOUBLE, nowhere);
    decl->decl_type->graph = g;
    decl->names = gm_name_new(a, "_tmp0", nowhere);
    out = print_stmt_str(decl);
    CU_ASSERT_STRING_EQUAL(out, "N_P<Double>(G) _tmp0;\n");
    free(out);

    /* If (c) [If (d) x = 1;] Else x = 2; : the inner If needs braces, or
     * the Else would move to it when read back */
    gm_stmt *inner = gm_stmt_new(a, GMS_IF, nowhere);
    inner->cond = id(a, "d");
    inner->then_stmt = gm_stmt_new(a, GMS_ASSIGN, nowhere);
    inner->then_stmt->lhs = id(a, "x");
    inner->then_stmt->rhs = gm_expr_int(a, 1, nowhere);
    gm_stmt *outer = gm_stmt_new(a, GMS_IF, nowhere);
    outer->cond = id(a, "c");
    outer->then_stmt = inner;
    outer->else_stmt = gm_stmt_new(a, GMS_ASSIGN, nowhere);
    outer->else_stmt->lhs = id(a, "x");
    outer->else_stmt->rhs = gm_expr_int(a, 2, nowhere);
    out = print_stmt_str(outer);
    CU_ASSERT_STRING_EQUAL(out, "If (c) {\n    If (d)\n        x = 1;\n} Else\n    x = 2;\n");
    /* and it reads back with the Else on the outer If */
    char src[512];
    snprintf(src, sizeof src, "Proc q() {\n%s}\n", out);
    gm_program *back = parse_ok(src);
    gm_stmt *b = first_stmt(back);
    CU_ASSERT_PTR_NOT_NULL(b->else_stmt);
    CU_ASSERT_EQUAL(b->then_stmt->kind, GMS_BLOCK);
    CU_ASSERT_PTR_NULL(b->then_stmt->body->else_stmt);
    gm_program_free(back);
    free(out);

    /* the same If inside a loop inside the then-branch */
    gm_stmt *loop = gm_stmt_new(a, GMS_FOREACH, nowhere);
    loop->parallel = true;
    loop->iter.name = "i";
    loop->iter.source = id(a, "G");
    loop->iter.range = GMR_NODES;
    loop->body = inner;
    outer->then_stmt = loop;
    out = print_stmt_str(outer);
    CU_ASSERT_STRING_EQUAL(out, "If (c) {\n    Foreach (i: G.Nodes)\n        If (d)\n            x = 1;\n"
                                "} Else\n    x = 2;\n");
    free(out);
    gm_program_free(p);
}

/* ------------------------------------------------------------------ */
/* ast.c: deep copies and list helpers */

static void test_deep_copy_prints_the_same(void)
{
    gm_program *p = parse_ok(snippets[0]);
    gm_program *q = parse_ok(snippets[1]);
    gm_program *progs[] = {p, q};
    for (int k = 0; k < 2; k++) {
        gm_proc *proc = progs[k]->procs;
        char *before = print_stmt_str(proc->body);
        gm_stmt *copy = gm_stmt_copy(progs[k]->arena, proc->body);
        CU_ASSERT_PTR_NOT_EQUAL(copy, proc->body);
        CU_ASSERT_PTR_NOT_EQUAL(copy->body, proc->body->body);
        char *after = print_stmt_str(copy);
        CU_ASSERT_STRING_EQUAL(before, after);
        /* the copy is independent: changing it leaves the original alone */
        copy->body->kind = GMS_EMPTY;
        char *again = print_stmt_str(proc->body);
        CU_ASSERT_STRING_EQUAL(before, again);
        free(before);
        free(after);
        free(again);
    }
    /* expression copies: the list variant keeps the list, the single one cuts it */
    gm_stmt *print = NULL;
    for (gm_stmt *s = first_stmt(p); s; s = s->next)
        if (s->kind == GMS_FOREACH && !s->parallel)
            print = s->body->body; /* For (o: O-.Items) { Print o, "x"; } */
    CU_ASSERT_PTR_NOT_NULL_FATAL(print);
    CU_ASSERT_EQUAL(print->kind, GMS_PRINT);
    gm_expr *list = gm_expr_list_copy(p->arena, print->value);
    CU_ASSERT_EQUAL(gm_expr_list_len(list), 2);
    CU_ASSERT_PTR_NOT_EQUAL(list, print->value);
    gm_expr *single = gm_expr_copy(p->arena, print->value);
    CU_ASSERT_PTR_NULL(single->next);
    CU_ASSERT_EQUAL(gm_expr_list_len(gm_expr_list_append(single, list)), 3);
    CU_ASSERT_EQUAL(gm_expr_list_len(NULL), 0);
    CU_ASSERT_PTR_EQUAL(gm_expr_list_append(NULL, single), single);

    gm_stmt *s1 = gm_stmt_new(p->arena, GMS_EMPTY, (gm_loc){1, 1});
    gm_stmt *s2 = gm_stmt_new(p->arena, GMS_EMPTY, (gm_loc){2, 1});
    CU_ASSERT_PTR_EQUAL(gm_stmt_list_append(NULL, s1), s1);
    CU_ASSERT_PTR_EQUAL(gm_stmt_list_append(s1, s2), s1);
    CU_ASSERT_PTR_EQUAL(s1->next, s2);
    gm_type *t = gm_type_new(p->arena, GMT_MAP, (gm_loc){0, 0});
    t->key = gm_type_new(p->arena, GMT_NODE, (gm_loc){0, 0});
    t->val = gm_type_new(p->arena, GMT_INT, (gm_loc){0, 0});
    gm_type *tc = gm_type_copy(p->arena, t);
    CU_ASSERT_PTR_NOT_EQUAL(tc->key, t->key);
    CU_ASSERT_EQUAL(tc->key->kind, GMT_NODE);
    gm_program_free(p);
    gm_program_free(q);
}

static void test_spelling_tables(void)
{
    CU_ASSERT_STRING_EQUAL(gm_type_kind_name(GMT_NODE_PROP), "N_P");
    CU_ASSERT_STRING_EQUAL(gm_type_kind_name(GMT_NODE_SEQ), "N_Q");
    CU_ASSERT_STRING_EQUAL(gm_type_kind_name(GMT_LONG), "Long");
    CU_ASSERT_STRING_EQUAL(gm_op_spelling(GMOP_AND), "&&");
    CU_ASSERT_STRING_EQUAL(gm_op_spelling(GMOP_MOD), "%");
    CU_ASSERT_STRING_EQUAL(gm_assign_op_spelling(GMA_MIN), "min=");
    CU_ASSERT_STRING_EQUAL(gm_assign_op_spelling(GMA_DEFER), "<=");
    CU_ASSERT_STRING_EQUAL(gm_assign_op_spelling(GMA_OR), "|=");
    CU_ASSERT_STRING_EQUAL(gm_reduce_op_name(GMRED_EXIST), "Exist");
    CU_ASSERT_STRING_EQUAL(gm_range_name(GMR_NBRS), "Nbrs");
    CU_ASSERT_STRING_EQUAL(gm_range_name(GMR_COMMON_NBRS), "CommonNbrs");

    /* the arena: zeroed, aligned, big blocks fine */
    gm_arena *a = gm_arena_new();
    for (int i = 0; i < 1000; i++) {
        size_t size = (size_t)(i * 37 % 5000) + 1;
        unsigned char *m = gm_arena_alloc(a, size);
        CU_ASSERT_EQUAL((uintptr_t)m % _Alignof(max_align_t), 0);
        CU_ASSERT_EQUAL(m[0], 0);
        CU_ASSERT_EQUAL(m[size - 1], 0);
        memset(m, 0xAB, size);
    }
    char *big = gm_arena_alloc(a, 1 << 20);
    CU_ASSERT_EQUAL(big[(1 << 20) - 1], 0);
    CU_ASSERT_STRING_EQUAL(gm_arena_printf(a, "%s-%d", "t", 42), "t-42");
    CU_ASSERT_STRING_EQUAL(gm_arena_strndup(a, "abcdef", 3), "abc");
    gm_arena_free(a);
}

int main(void)
{
    static const test_entry tests[] = {
        {"round trip: programs of the tree", test_round_trip_tree_programs},
        {"round trip: snippets", test_round_trip_snippets},
        {"minimal parentheses", test_minimal_parentheses},
        {"canonical spellings", test_canonical_spellings},
        {"layout", test_layout},
        {"pass-built expressions", test_pass_built_expressions},
        {"pass-built statements", test_pass_built_statements},
        {"deep copies and lists", test_deep_copy_prints_the_same},
        {"spelling tables and arena", test_spelling_tables},
        {NULL, NULL},
    };
    return run_suite("printer", tests);
}
