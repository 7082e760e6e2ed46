/* cg_expr.c: Green-Marl expressions as C expressions.
 *
 * Every compound expression is parenthesised, so C precedence never
 * changes the meaning. Literals keep their full value: 64-bit integers get
 * INT64_C, doubles print with 17 significant digits, floats with 9 and an
 * f suffix (the old compiler rounded them to 6 decimals: section 12).
 * Int and Long + - * and negation wrap (docs/green-marl-language.md,
 * section 6): they go through gmrt_inline.h's unsigned helpers, never C's
 * signed operators, whose overflow is undefined; an integer literal is
 * printed with its own C type (INT64_C for a Long), so C computes in the
 * width the checker gave the expression. Integer / and % and Float or
 * Double to integer casts go through helpers too (emit_div, emit_cast):
 * C leaves a zero divisor, INT_MIN / -1 and an out-of-range conversion
 * undefined.
 */
#include "cg_emit.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "cg_ident.h"

bool cg_is_literal(const gm_expr *e)
{
    return e->kind == GME_INT || e->kind == GME_FLOAT || e->kind == GME_BOOL ||
           e->kind == GME_NIL || e->kind == GME_INF;
}

void cg_float_literal(cg_emit *em, double v, bool is_float)
{
    if (isinf(v)) {
        cg_printf(em, v < 0 ? "(-INFINITY)" : "INFINITY");
        return;
    }
    char buf[64];
    if (is_float)
        snprintf(buf, sizeof buf, "%.9g", (double)(float)v);
    else
        snprintf(buf, sizeof buf, "%.17g", v);
    /* "1" is an integer in C: keep the literal floating. */
    if (!strpbrk(buf, ".eEn"))
        strcat(buf, ".0");
    cg_printf(em, "%s%s", buf, is_float ? "f" : "");
}

/* An integer constant's value: a literal, its negation, or INF of an
 * integer type (the type's bound). */
static bool int_constant(const gm_expr *e, int64_t *v)
{
    if (!e || !e->type || (e->type->kind != GMT_INT && e->type->kind != GMT_LONG))
        return false;
    if (e->kind == GME_INT) {
        *v = e->int_val;
        return true;
    }
    if (e->kind == GME_INF) {
        const bool l = e->type->kind == GMT_LONG;
        *v = e->negative ? (l ? INT64_MIN : INT32_MIN) : (l ? INT64_MAX : INT32_MAX);
        return true;
    }
    if (e->kind == GME_UNARY && e->op == GMOP_NEG && int_constant(e->a, v) && *v != INT64_MIN) {
        *v = -*v;
        return true;
    }
    return false;
}

/* A literal zero, Int or floating, or its negation: a divisor the
 * compilers flag. */
static bool zero_constant(const gm_expr *e)
{
    if (e && e->kind == GME_UNARY && e->op == GMOP_NEG)
        return zero_constant(e->a);
    return e && ((e->kind == GME_INT && e->int_val == 0) || (e->kind == GME_FLOAT && e->float_val == 0));
}

/* Whether an integer constant needs spelling as a floating one where C
 * converts it to kind k: its value changes in the conversion (2147483647
 * into a Float), or it is a floating division's zero divisor. */
static bool float_spelling(int64_t v, gm_type_kind k, bool divisor)
{
    if (k != GMT_FLOAT && k != GMT_DOUBLE)
        return false;
    const double d = k == GMT_FLOAT ? (double)(float)v : (double)v;
    return (divisor && v == 0) || !(d >= -9223372036854775808.0 && d < 9223372036854775808.0 && (int64_t)d == v);
}

/* e where C converts it to kind k: an integer constant that the conversion
 * would change (or a zero divisor) spelled as the floating value it
 * becomes, which is the value the program means; clang's
 * -Wimplicit-const-int-float-conversion and gcc's -Wdiv-by-zero then have
 * nothing to flag; a Long constant past Int's range into an Int, cast. A
 * conditional into a floating k, arm by arm. Anything else as cg_expr
 * prints it. */
static void value_in(cg_emit *em, const gm_expr *e, gm_type_kind k, bool divisor)
{
    int64_t v;
    if (em->nil.nguard > 0 && cg_nil_subst(em, e)) /* printed, as cg_expr would */
        return;
    if (int_constant(e, &v) && float_spelling(v, k, divisor)) {
        cg_float_literal(em, (double)v, k == GMT_FLOAT);
    } else if (int_constant(e, &v) && k == GMT_INT && (v < INT32_MIN || v > INT32_MAX)) {
        /* a Long constant into an Int (gmc warned: narrowing): the cast
         * says so, as gcc's -Woverflow wants; the value wraps as before */
        cg_printf(em, "((int32_t)");
        cg_expr(em, e);
        cg_printf(em, ")");
    } else if (e && e->kind == GME_TERNARY && (k == GMT_FLOAT || k == GMT_DOUBLE)) {
        /* clang follows a conditional's arms to where the value goes */
        cg_printf(em, "(");
        cg_expr(em, e->a);
        cg_printf(em, " ? ");
        value_in(em, e->b, k, false);
        cg_printf(em, " : ");
        value_in(em, e->c, k, false);
        cg_printf(em, ")");
    } else {
        cg_expr(em, e);
    }
}

void cg_value_in(cg_emit *em, const gm_expr *e, gm_type_kind k)
{
    value_in(em, e, k, false);
}

void cg_inf(cg_emit *em, gm_type_kind k, bool negative)
{
    switch (k) {
    case GMT_INT: cg_printf(em, negative ? "INT32_MIN" : "INT32_MAX"); break;
    case GMT_LONG: cg_printf(em, negative ? "INT64_MIN" : "INT64_MAX"); break;
    case GMT_FLOAT: cg_printf(em, negative ? "(-INFINITY)" : "INFINITY"); break;
    default: cg_printf(em, negative ? "(-(double)INFINITY)" : "((double)INFINITY)"); break;
    }
}

const char *cg_wrap_fn(int op, gm_type_kind k)
{
    bool i64 = k == GMT_LONG;
    if (k != GMT_INT && !i64)
        return NULL;
    switch (op) {
    case GMOP_ADD: return i64 ? "_c_add_i64" : "_c_add_i32";
    case GMOP_SUB: return i64 ? "_c_sub_i64" : "_c_sub_i32";
    case GMOP_MUL: return i64 ? "_c_mul_i64" : "_c_mul_i32";
    case GMOP_NEG: return i64 ? "_c_neg_i64" : "_c_neg_i32";
    default: return NULL;
    }
}

/* An integer literal: a Long one as INT64_C(v) even when it fits 32 bits
 * (a folded `a + (Long)1` is `a + 1` typed Long: as int, C would add in 32
 * bits), and the most negative values by name (-2147483648 is a long in C). */
static void emit_int_literal(cg_emit *em, int64_t v, gm_type_kind k)
{
    if (v == INT64_MIN)
        cg_printf(em, "INT64_MIN");
    else if (k == GMT_LONG || v > INT32_MAX || v < INT32_MIN)
        cg_printf(em, "INT64_C(%" PRId64 ")", v);
    else if (v == INT32_MIN)
        cg_printf(em, "INT32_MIN");
    else
        cg_printf(em, "%" PRId64, v);
}

static void emit_abs(cg_emit *em, const gm_expr *e)
{
    gm_type_kind k = e->type ? e->type->kind : GMT_DOUBLE;
    const char *fn = k == GMT_INT ? "_c_abs_i32" : k == GMT_LONG ? "_c_abs_i64" : k == GMT_FLOAT ? "fabsf" : "fabs";
    cg_printf(em, "%s(", fn);
    cg_expr(em, e->a);
    cg_printf(em, ")");
}

/* Int and Long / and % (docs/green-marl-language.md, section 6) through
 * gmrt_inline.h's helpers, which stop the run on a zero divisor naming the
 * .gm line and wrap INT_MIN / -1; a literal divisor other than 0 and -1
 * needs neither, and stays C's operator. In a CUDA kernel the error is
 * recorded in the device slot and reported after the statement (cg_nil.c).
 * False: not an integer division. */
static bool emit_div(cg_emit *em, const gm_expr *e, gm_type_kind k)
{
    if ((e->op != GMOP_DIV && e->op != GMOP_MOD) || (k != GMT_INT && k != GMT_LONG))
        return false;
    if (e->b->kind == GME_INT && e->b->int_val != 0 && e->b->int_val != -1)
        return false;
    const bool mod = e->op == GMOP_MOD;
    const char *fn = mod ? (k == GMT_LONG ? "_c_mod_i64" : "_c_mod_i32") : (k == GMT_LONG ? "_c_div_i64" : "_c_div_i32");
    int code = 0;
    const char *slot = cg_nil_message_site(em, cg_strf("%s:%d: integer %s by zero", em->src_base, e->loc.line,
                                                       mod ? "modulo" : "division"), &code);
    cg_printf(em, "%s%s(", fn, slot ? "_slot" : "");
    cg_expr(em, e->a);
    cg_printf(em, ", ");
    cg_expr(em, e->b);
    if (slot)
        cg_printf(em, ", %d, %s)", code, slot);
    else
        cg_printf(em, ", \"%s:%d\")", em->src_base, e->loc.line);
    return true;
}

/* A cast: Float and Double to Int and Long through gmrt_inline.h's
 * saturating helpers (section 6: C leaves an out-of-range conversion
 * undefined), C's cast otherwise. */
static void emit_cast(cg_emit *em, const gm_expr *e)
{
    gm_type_kind from = e->a->type ? e->a->type->kind : GMT_ERROR, to = e->cast_to;
    if ((from == GMT_FLOAT || from == GMT_DOUBLE) && (to == GMT_INT || to == GMT_LONG)) {
        cg_printf(em, "_c_%c2i%s(", from == GMT_FLOAT ? 'f' : 'd', to == GMT_INT ? "32" : "64");
        cg_expr(em, e->a);
        cg_printf(em, ")");
        return;
    }
    cg_printf(em, "((%s)", cg_prim_ctype(e->cast_to));
    cg_expr(em, e->a);
    cg_printf(em, ")");
}

/* A property read: P[i]; inside a loop whose deferred writes target P, the
 * reads still see the current array P. */
static void emit_prop(cg_emit *em, const gm_expr *e)
{
    if (em->tg->prop_read(em, e))
        return;
    cg_prop_elem(em, e->sym, e->a);
}

/* Host code reaching an element through a Node or Edge value that is not a
 * loop's own iterator (a variable, an argument, a built-in's answer): the
 * value may be NIL or out of range, so it is checked (once per access;
 * iterators are in range by construction). Parallel code checks through
 * cg_nil.c; this form is there only its fallback where no error slot is in
 * scope (it ends the process from inside the region). */
static bool checked_index(const cg_emit *em, const gm_expr *index)
{
    if (em->par_depth > 0)
        return cg_nil_needed(em, index);
    if (!index || !index->type)
        return false;
    if (index->type->kind != GMT_NODE && index->type->kind != GMT_EDGE)
        return false;
    return !(index->kind == GME_ID && index->sym && index->sym->kind == GMSYM_ITER);
}

void cg_prop_elem(cg_emit *em, const gm_symbol *prop, const gm_expr *index)
{
    const bool target = em->nil.lvalue; /* a write's target: its statement checked it (cg_nil.c) */
    em->nil.lvalue = false;
    if (!target && cg_nil_read(em, prop, index))
        return;
    if (em->tg->prop_elem(em, prop, index))
        return;
    cg_printf(em, "%s[", cg_name(em, prop));
    if (checked_index(em, index)) {
        char *count = cg_prop_count(em, prop->type);
        cg_printf(em, "_c_index_at(");
        cg_expr(em, index);
        cg_printf(em, ", %s, \"%s:%d: %s.%s\")", count, em->src_base, index->loc.line,
                  index->kind == GME_ID && index->sym ? index->sym->name : "a node", prop->name);
        free(count);
    } else {
        cg_expr(em, index);
    }
    cg_printf(em, "]");
}

const char *cg_nbr_ids(cg_emit *em, const gm_symbol *iter, bool reverse)
{
    return em->tg->nbr_ids(em, iter, reverse);
}

/* A reduction expression survives desugaring only inside a BFS navigator;
 * it becomes a GNU statement expression with a sequential loop. */
static void emit_reduce_expr(cg_emit *em, const gm_expr *e)
{
    const gm_iter *it = &e->iter;
    const char *ty = cg_ctype(e->type);
    char *acc = cg_fresh(em, "red");
    cg_printf(em, "({ %s %s = ", ty, acc);
    switch (e->reduce_op) {
    case GMRED_PRODUCT: cg_printf(em, "1"); break;
    case GMRED_MIN: cg_inf(em, e->type->kind, false); break;
    case GMRED_MAX: cg_inf(em, e->type->kind, true); break;
    case GMRED_ALL: cg_printf(em, "true"); break;
    default: cg_printf(em, "0"); break;
    }
    cg_printf(em, "; ");
    const char *g = cg_graph_of(em, it->sym->type);
    const char *v = cg_name(em, it->sym);
    char *src = cg_expr_str(em, it->source);
    char *ed = cg_fresh(em, "e");
    switch (it->range) {
    case GMR_NODES:
        cg_printf(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++) { ", v, v, g, v);
        break;
    case GMR_NBRS:
        cg_printf(em, "for (gm_edge_t %s = %s->begin[%s]; %s < %s->begin[%s + 1]; %s++) { "
                       "gm_node_t %s = %s->node_idx[%s]; ",
                   ed, g, src, ed, g, src, ed, v, g, ed);
        break;
    case GMR_IN_NBRS:
        cg_printf(em, "for (gm_edge_t %s = %s->r_begin[%s]; %s < %s->r_begin[%s + 1]; %s++) { "
                       "gm_node_t %s = %s->r_node_idx[%s]; ",
                   ed, g, src, ed, g, src, ed, v, g, ed);
        break;
    default:
        cg_unsupported(em, e->loc, "this range in a reduction inside a BFS navigator");
        cg_printf(em, "{ gm_node_t %s = 0; ", v);
        break;
    }
    if (it->filter) {
        cg_printf(em, "if (!(");
        cg_expr(em, it->filter);
        cg_printf(em, ")) continue; ");
    }
    char *val = e->a ? cg_expr_str(em, e->a) : cg_strf("1");
    const char *wrap = cg_wrap_fn(e->reduce_op == GMRED_PRODUCT ? GMOP_MUL : GMOP_ADD, e->type->kind);
    switch (e->reduce_op) {
    case GMRED_SUM:
    case GMRED_COUNT:
    case GMRED_PRODUCT:
        if (wrap) {
            cg_printf(em, "%s = %s(%s, %s); ", acc, wrap, acc, val);
            break;
        }
        cg_printf(em, "%s %s= %s; ", acc, e->reduce_op == GMRED_PRODUCT ? "*" : "+", val);
        break;
    case GMRED_AVG: cg_printf(em, "%s += %s; ", acc, val); break;
    case GMRED_MIN: cg_printf(em, "if (%s < %s) %s = %s; ", val, acc, acc, val); break;
    case GMRED_MAX: cg_printf(em, "if (%s > %s) %s = %s; ", val, acc, acc, val); break;
    case GMRED_EXIST: cg_printf(em, "%s = %s || %s; ", acc, acc, val); break;
    case GMRED_ALL: cg_printf(em, "%s = %s && %s; ", acc, acc, val); break;
    default: break;
    }
    cg_printf(em, "} %s; })", acc);
    free(val);
    free(src);
    free(ed);
    free(acc);
}

static void emit_foreign(cg_emit *em, const gm_foreign_seg *f)
{
    for (; f; f = f->next) {
        if (f->text)
            cg_printf(em, "%s", f->text);
        else if (f->ref)
            cg_expr(em, f->ref);
    }
}

/* A comparison of two Node values: both sides are printed as values. */
static bool node_compare(const gm_expr *e)
{
    return e->op >= GMOP_LT && e->op <= GMOP_NE && e->a && e->b && e->a->type && e->b->type &&
           e->a->type->kind == GMT_NODE && e->b->type->kind == GMT_NODE;
}

/* A comparison of a non-floating value with itself (`b < b`, a program's
 * own choice): its right side gets " + 0", which gcc's and clang's
 * -Wtautological-compare do not see through, so the generated code stays
 * free of warnings; the value and the result are the same. (Floating
 * sides are left alone: x != x is the NaN test, and neither compiler
 * warns on it.) */
static bool self_compare(const gm_expr *e)
{
    if (!(e->op >= GMOP_LT && e->op <= GMOP_NE) || !e->a || !e->a->type)
        return false;
    gm_type_kind k = e->a->type->kind;
    return k != GMT_FLOAT && k != GMT_DOUBLE && gm_expr_equal(e->a, e->b);
}

/* An integer constant outside Int's range. */
static bool out_of_int(const gm_expr *e)
{
    int64_t v;
    return int_constant(e, &v) && (v < INT32_MIN || v > INT32_MAX);
}

/* A comparison of an integer value with an integer constant: the value's
 * side (a or b), else NULL. */
static const gm_expr *compared_with_constant(const gm_expr *c)
{
    int64_t v;
    if (!c || c->kind != GME_BINARY || !(c->op >= GMOP_LT && c->op <= GMOP_NE))
        return NULL;
    const gm_expr *x = int_constant(c->b, &v) ? c->a : int_constant(c->a, &v) ? c->b : NULL;
    return x && x->type && (x->type->kind == GMT_INT || x->type->kind == GMT_LONG) && !int_constant(x, &v) ? x
                                                                                                         : NULL;
}

/* x > 2 && x < 2, x == 1 || x != 1 (a program's own): both sides compare
 * the same value with constants and the result is the same for every
 * value, which clang's -Wtautological-overlap-compare flags; the second
 * side's value is written x + 0, which it does not follow (the same
 * value). Whether the comparison's side holds at x: */
static int64_t constant_of(const gm_expr *c, bool *right)
{
    int64_t k = 0;
    *right = int_constant(c->b, &k); /* x OP k, else k OP x */
    if (!*right)
        (void)int_constant(c->a, &k);
    return k;
}

static bool holds(const gm_expr *c, int64_t x)
{
    bool right;
    const int64_t k = constant_of(c, &right);
    const int64_t l = right ? x : k, r = right ? k : x;
    switch (c->op) {
    case GMOP_LT: return l < r;
    case GMOP_GT: return l > r;
    case GMOP_LE: return l <= r;
    case GMOP_GE: return l >= r;
    case GMOP_EQ: return l == r;
    default: return l != r;
    }
}

static bool overlap_pair(const gm_expr *e)
{
    const gm_expr *x = compared_with_constant(e->a), *y = compared_with_constant(e->b);
    if (!(e->op == GMOP_AND || e->op == GMOP_OR) || !x || !y || !gm_expr_equal(x, y))
        return false;
    /* constant over every value: the truth of each side changes only at
     * its constant, so its neighbours and the ends decide */
    int64_t pts[8];
    int n = 0;
    pts[n++] = INT64_MIN;
    pts[n++] = INT64_MAX;
    for (int i = 0; i < 2; i++) {
        bool right;
        const int64_t k = constant_of(i ? e->b : e->a, &right);
        pts[n++] = k;
        if (k > INT64_MIN)
            pts[n++] = k - 1;
        if (k < INT64_MAX)
            pts[n++] = k + 1;
    }
    const bool and = e->op == GMOP_AND;
    const bool first = and ? holds(e->a, pts[0]) && holds(e->b, pts[0]) : holds(e->a, pts[0]) || holds(e->b, pts[0]);
    for (int i = 1; i < n; i++)
        if ((and ? holds(e->a, pts[i]) && holds(e->b, pts[i]) : holds(e->a, pts[i]) || holds(e->b, pts[i])) != first)
            return false;
    return true;
}

static void emit_sides(cg_emit *em, const gm_expr *e);

/* A binary expression's sides and operator, without parentheses (the
 * sides of a node comparison as node values). */
static void emit_sides(cg_emit *em, const gm_expr *e)
{
    if (node_compare(e)) { /* the target's node values (tg->node_value) */
        cg_node_value(em, e->a);
        cg_printf(em, " %s ", gm_op_spelling(e->op));
        cg_node_value(em, e->b);
    } else {
        /* the kind C converts both sides to: the floating one's, if any */
        gm_type_kind ka = e->a && e->a->type ? e->a->type->kind : GMT_ERROR;
        gm_type_kind kb = e->b && e->b->type ? e->b->type->kind : GMT_ERROR;
        gm_type_kind k = ka == GMT_DOUBLE || kb == GMT_DOUBLE ? GMT_DOUBLE
                         : ka == GMT_FLOAT || kb == GMT_FLOAT ? GMT_FLOAT : GMT_ERROR;
        /* an Int compared with a constant past Int's range (always true or
         * always false: a program's own choice) is widened first, in a
         * form gcc's -Wtype-limits does not follow */
        if (overlap_pair(e)) {
            const gm_expr *c = e->b, *x = compared_with_constant(c);
            /* an Int against a constant past its range: widened, as below */
            const bool wide = x->type->kind == GMT_INT && out_of_int(c->a == x ? c->b : c->a);
            value_in(em, e->a, k, false);
            cg_printf(em, " %s (%s", gm_op_spelling(e->op), c->a == x && wide ? "(int64_t)" : "");
            cg_expr(em, c->a);
            cg_printf(em, "%s %s %s", c->a == x ? " + 0" : "", gm_op_spelling(c->op), c->b == x && wide ? "(int64_t)" : "");
            cg_expr(em, c->b);
            cg_printf(em, "%s)", c->b == x ? " + 0" : "");
            return;
        }
        const bool cmp = e->op >= GMOP_LT && e->op <= GMOP_NE;
        const bool wide_a = cmp && ka == GMT_INT && out_of_int(e->b), wide_b = cmp && kb == GMT_INT && out_of_int(e->a);
        if (wide_a)
            cg_printf(em, "(int64_t)");
        value_in(em, e->a, k, false);
        cg_printf(em, "%s %s ", wide_a ? " + 0" : "", gm_op_spelling(e->op));
        if (wide_b)
            cg_printf(em, "(int64_t)");
        value_in(em, e->b, k, e->op == GMOP_DIV);
        if (wide_b)
            cg_printf(em, " + 0");
    }
    if (self_compare(e))
        cg_printf(em, " + 0");
}

void cg_expr(cg_emit *em, const gm_expr *e)
{
    if (em->nil.nguard > 0 && cg_nil_subst(em, e))
        return;
    gm_type_kind k = e->type ? e->type->kind : GMT_ERROR;
    switch (e->kind) {
    case GME_INT:
        if (k == GMT_FLOAT || k == GMT_DOUBLE)
            cg_float_literal(em, (double)e->int_val, k == GMT_FLOAT);
        else
            emit_int_literal(em, e->int_val, k);
        break;
    case GME_FLOAT:
        cg_float_literal(em, e->float_val, k == GMT_FLOAT);
        break;
    case GME_BOOL:
        cg_printf(em, e->bool_val ? "true" : "false");
        break;
    case GME_INF:
        cg_inf(em, k, e->negative);
        break;
    case GME_NIL:
        cg_printf(em, k == GMT_EDGE ? "GMRT_NIL_EDGE" : "GMRT_NIL_NODE");
        break;
    case GME_STRING:
        cg_printf(em, "\"%s\"", e->text ? e->text : "");
        break;
    case GME_ID:
        cg_printf(em, "%s", e->sym ? cg_name(em, e->sym) : e->name);
        break;
    case GME_PROP:
        emit_prop(em, e);
        break;
    case GME_INDEX:
        cg_map_get(em, e);
        break;
    case GME_UNARY:
        if (e->op == GMOP_NEG && cg_wrap_fn(GMOP_NEG, k) &&
            !(e->a->kind == GME_INT && e->a->int_val > INT64_MIN)) { /* -3 cannot overflow */
            cg_printf(em, "%s(", cg_wrap_fn(GMOP_NEG, k));
            cg_expr(em, e->a);
            cg_printf(em, ")");
            break;
        }
        cg_printf(em, "(%s", e->op == GMOP_NOT ? "!" : "-");
        cg_expr(em, e->a);
        cg_printf(em, ")");
        break;
    case GME_BINARY:
        if (emit_div(em, e, k))
            break;
        if (e->op == GMOP_DIV && (k == GMT_FLOAT || k == GMT_DOUBLE) && zero_constant(e->b)) {
            cg_printf(em, "%s(", k == GMT_FLOAT ? "_c_fdivf" : "_c_fdiv"); /* gmrt_inline.h */
            value_in(em, e->a, k, false);
            cg_printf(em, ", ");
            value_in(em, e->b, k, true);
            cg_printf(em, ")");
            break;
        }
        if (cg_wrap_fn(e->op, k)) {
            cg_printf(em, "%s(", cg_wrap_fn(e->op, k));
            value_in(em, e->a, k, false);
            cg_printf(em, ", ");
            value_in(em, e->b, k, false);
            cg_printf(em, ")");
            break;
        }
        cg_printf(em, "(");
        emit_sides(em, e);
        cg_printf(em, ")");
        break;
    case GME_TERNARY:
        cg_printf(em, "(");
        cg_expr(em, e->a);
        cg_printf(em, " ? ");
        cg_value_in(em, e->b, k);
        cg_printf(em, " : ");
        cg_value_in(em, e->c, k);
        cg_printf(em, ")");
        break;
    case GME_ABS:
        emit_abs(em, e);
        break;
    case GME_CAST:
        emit_cast(em, e);
        break;
    case GME_CALL:
        if (e->builtin >= 0)
            cg_builtin_call(em, e);
        else
            cg_user_call(em, e);
        break;
    case GME_REDUCE:
        emit_reduce_expr(em, e);
        break;
    case GME_FOREIGN:
        cg_printf(em, "(");
        emit_foreign(em, e->foreign);
        cg_printf(em, ")");
        break;
    }
}

/* A condition: the outermost parentheses are left out, because "if ((a == b))"
 * reads as a mistaken assignment to clang's -Wparentheses-equality. */
void cg_node_value(cg_emit *em, const gm_expr *e)
{
    if (!em->tg->node_value(em, e))
        cg_expr(em, e);
}

void cg_cond(cg_emit *em, const gm_expr *e)
{
    if (e->kind == GME_BINARY) {
        emit_sides(em, e);
    } else {
        cg_expr(em, e);
    }
}

char *cg_node_value_str(cg_emit *em, const gm_expr *e)
{
    cg_capture c;
    cg_capture_begin(em, &c);
    cg_node_value(em, e);
    return cg_capture_end(em, &c);
}

char *cg_expr_str(cg_emit *em, const gm_expr *e)
{
    cg_capture c;
    cg_capture_begin(em, &c);
    cg_expr(em, e);
    return cg_capture_end(em, &c);
}

char *cg_lvalue_str(cg_emit *em, const gm_expr *e)
{
    cg_capture c;
    cg_capture_begin(em, &c);
    cg_lvalue(em, e);
    return cg_capture_end(em, &c);
}

/* The graph a node or edge expression belongs to. */
static const char *graph_of_expr(cg_emit *em, const gm_expr *e)
{
    return cg_graph_of(em, e ? e->type : NULL);
}

/* When y is the iterator of an enclosing `Foreach (y: x.Nbrs)` over x's
 * out-row, the edge (slot of x's row) that holds y now, else NULL: the
 * rows are sorted, so no slot before the next one holds a node above y
 * (as cg_loops.c's bound_edge starts such a loop after it). It relies on
 * edge_of of an Nbrs iterator being its ToEdge(), a forward slot of x's
 * row in the graph the count reads, as every host loop sets it; only the
 * marked (host, OpenMP) count asks, never device code, whose loops may
 * set other slots (the CUDA backend's gather order). */
static const char *slot_of_nbr(const cg_emit *em, const gm_expr *x, const gm_expr *y)
{
    if (!x || x->kind != GME_ID || !x->sym || !y || y->kind != GME_ID || !y->sym)
        return NULL;
    const gm_symbol *it = y->sym;
    if (it->kind != GMSYM_ITER || it->iter_range != GMR_NBRS || it->iter_source != x->sym ||
        !gm_symbol_id_below(it, em->nsyms))
        return NULL;
    return em->edge_of[it->id];
}

void cg_count_linked(cg_emit *em, const gm_expr *e, const char *marks)
{
    const gm_expr *r = e->a, *a0 = e->args;
    const gm_expr *y = e->op != GMOP_NONE ? a0 : NULL, *z = y ? a0->next : a0;
    const char *cmp = e->op == GMOP_GT   ? "GMRT_NBR_ABOVE"
                      : e->op == GMOP_GE ? "GMRT_NBR_AT_LEAST"
                      : e->op == GMOP_LT ? "GMRT_NBR_BELOW"
                      : e->op == GMOP_LE ? "GMRT_NBR_AT_MOST"
                                         : "GMRT_ANY_NBR";
    const char *g = graph_of_expr(em, r);
    const char *after = marks && e->op == GMOP_GT ? slot_of_nbr(em, r, y) : NULL;
    if (after)
        cg_printf(em, "((int64_t)gmrt_count_linked_nbrs_marked_from(%s, %s, ", g, marks);
    else if (marks)
        cg_printf(em, "((int64_t)gmrt_count_linked_nbrs_marked(%s, %s, ", g, marks);
    else
        cg_printf(em, "((int64_t)gmrt_count_linked_nbrs(%s, ", g);
    cg_expr(em, r);
    cg_printf(em, ", %s, ", cmp);
    if (y)
        cg_expr(em, y);
    else
        cg_printf(em, "0");
    cg_printf(em, ", ");
    cg_expr(em, z);
    cg_printf(em, ", %s", e->bool_val ? "true" : "false");
    if (after) /* x's row searched after y's slot */
        cg_printf(em, ", (%s) + 1", after);
    cg_printf(em, "))");
}

void cg_builtin_call(cg_emit *em, const gm_expr *e)
{
    const gm_expr *r = e->a;
    const gm_expr *a0 = e->args;
    const gm_expr *a1 = a0 ? a0->next : NULL;
    if (cg_nil_call(em, e)) /* a Node or Edge value that may be NIL: checked first */
        return;
    if (em->tg->builtin(em, e))
        return;
    switch ((gm_builtin)e->builtin) {
    case GMB_GRAPH_NUM_NODES:
        cg_printf(em, "%s->num_nodes", cg_name(em, r->sym));
        return;
    case GMB_GRAPH_NUM_EDGES: /* a UGraph's undirected edges (set by the entry's check) */
        cg_printf(em, "%s->%s", cg_name(em, r->sym),
                   r->sym->type && r->sym->type->undirected ? "num_undirected_edges" : "num_edges");
        return;
    case GMB_GRAPH_PICK_RANDOM:
        cg_printf(em, "%s_pick_random_node(%s, %s)", em->tg->runtime(em), cg_name(em, r->sym), em->tg->rng(em));
        return;
    case GMB_NODE_NUM_NBRS:
        cg_printf(em, "((int32_t)gmrt_out_degree(%s, ", graph_of_expr(em, r));
        cg_expr(em, r);
        cg_printf(em, "))");
        return;
    case GMB_NODE_NUM_IN_NBRS:
        cg_printf(em, "((int32_t)gmrt_in_degree(%s, ", graph_of_expr(em, r));
        cg_expr(em, r);
        cg_printf(em, "))");
        return;
    case GMB_NODE_HAS_EDGE_TO:
    case GMB_NODE_IS_NBR_FROM: {
        bool to = e->builtin == GMB_NODE_HAS_EDGE_TO;
        cg_printf(em, "%s_has_edge(%s, ", em->tg->runtime(em), graph_of_expr(em, r));
        cg_expr(em, to ? r : a0);
        cg_printf(em, ", ");
        cg_expr(em, to ? a0 : r);
        cg_printf(em, ")");
        return;
    }
    case GMB_NODE_COUNT_LINKED: /* gm_opt/count_linked.c; gmrt_linked.h on both sides */
        cg_count_linked(em, e, NULL);
        return;
    case GMB_NODE_PICK_RANDOM_NBR:
        cg_printf(em, "%s_pick_random_nbr(%s, ", em->tg->runtime(em), graph_of_expr(em, r));
        cg_expr(em, r);
        cg_printf(em, ", %s)", em->tg->rng(em));
        return;
    case GMB_NODE_BFS_LEVEL: /* bfs_level.c: only in a BFS body */
        if (!em->bfs) {
            cg_unsupported(em, e->loc, "a BFS level outside a BFS");
            cg_printf(em, "0");
            return;
        }
        cg_printf(em, "%s[", em->bfs->level);
        cg_expr(em, r);
        cg_printf(em, "]");
        return;
    case GMB_NBR_TO_EDGE:
        if (gm_symbol_id_below(r->sym, em->nsyms) && em->edge_of[r->sym->id])
            cg_printf(em, "%s", em->edge_of[r->sym->id]);
        else {
            cg_unsupported(em, e->loc, "ToEdge() on this iterator");
            cg_printf(em, "GMRT_NIL_EDGE");
        }
        return;
    case GMB_EDGE_FROM_NODE:
        cg_printf(em, "%s->edge_src[", graph_of_expr(em, r));
        cg_expr(em, r);
        cg_printf(em, "]");
        return;
    case GMB_EDGE_TO_NODE:
        cg_printf(em, "%s->node_idx[", graph_of_expr(em, r));
        cg_expr(em, r);
        cg_printf(em, "]");
        return;
    case GMB_UNIFORM:
        cg_printf(em, "%s_uniform(%s)", em->tg->runtime(em), em->tg->rng(em));
        return;
    case GMB_RAND:
        /* Rand(n): the one argument is the bound (section 12). */
        cg_printf(em, "%s_rand(%s, (int64_t)(", em->tg->runtime(em), em->tg->rng(em));
        cg_expr(em, a0);
        cg_printf(em, "))");
        return;
    case GMB_LOG:
    case GMB_EXP:
        cg_printf(em, "%s((double)(", e->builtin == GMB_LOG ? "log" : "exp");
        cg_expr(em, a0);
        cg_printf(em, "))");
        return;
    case GMB_POW:
        cg_printf(em, "pow((double)(");
        cg_expr(em, a0);
        cg_printf(em, "), (double)(");
        cg_expr(em, a1);
        cg_printf(em, "))");
        return;
    default:
        cg_collection_call(em, e);
        return;
    }
}

/* Whether output argument a of parameter p is stored into a variable of
 * another primitive type than p's (cg_user_call_stmt). */
static bool out_converts(const gm_param *p, const gm_expr *a)
{
    return !a->is_discard && (a->kind == GME_ID || a->kind == GME_PROP || a->kind == GME_INDEX) &&
           cg_is_prim(p->type->kind) && a->type && cg_is_prim(a->type->kind) && a->type->kind != p->type->kind;
}

static void emit_user_call(cg_emit *em, const gm_expr *e, bool temps);

/* f(G, in...; out...): outputs by pointer, "#" into a compound literal. */
void cg_user_call(cg_emit *em, const gm_expr *e)
{
    emit_user_call(em, e, false);
}

void cg_user_call_stmt(cg_emit *em, const gm_expr *e)
{
    const gm_proc *callee = e->sym ? e->sym->proc : NULL;
    bool any = false;
    const gm_param *p = callee ? callee->params : NULL;
    for (const gm_expr *a = e->args; a && p; a = a->next)
        p = p->next;
    for (const gm_expr *a = e->out_args; a && p; a = a->next, p = p->next)
        any = any || out_converts(p, a);
    cg_start_line(em);
    if (!any) {
        emit_user_call(em, e, false);
        cg_printf(em, ";\n");
        return;
    }
    cg_printf(em, "{\n");
    em->indent++;
    p = callee->params;
    for (const gm_expr *a = e->args; a && p; a = a->next)
        p = p->next;
    int k = 0;
    for (const gm_expr *a = e->out_args; a && p; a = a->next, p = p->next, k++)
        if (out_converts(p, a))
            cg_line(em, "%s _c_out%d; /* the output as '%s' returns it */", cg_prim_ctype(p->type->kind), k,
                    callee->name);
    cg_start_line(em);
    emit_user_call(em, e, true);
    cg_printf(em, ";\n");
    p = callee->params;
    for (const gm_expr *a = e->args; a && p; a = a->next)
        p = p->next;
    k = 0;
    for (const gm_expr *a = e->out_args; a && p; a = a->next, p = p->next, k++) {
        if (!out_converts(p, a))
            continue;
        gm_type_kind from = p->type->kind, to = a->type->kind;
        cg_start_line(em);
        cg_lvalue(em, a);
        if ((from == GMT_FLOAT || from == GMT_DOUBLE) && (to == GMT_INT || to == GMT_LONG))
            cg_printf(em, " = _c_%c2i%s(_c_out%d);\n", from == GMT_FLOAT ? 'f' : 'd', to == GMT_INT ? "32" : "64", k);
        else
            cg_printf(em, " = (%s)_c_out%d;\n", cg_prim_ctype(to), k);
    }
    em->indent--;
    cg_line(em, "}");
}

static void emit_user_call(cg_emit *em, const gm_expr *e, bool temps)
{
    const gm_proc *callee = e->sym ? e->sym->proc : NULL;
    if (!callee) {
        cg_unsupported(em, e->loc, "a call to an unknown procedure");
        cg_printf(em, "0");
        return;
    }
    char *fn = cg_ident_name(callee->name);
    cg_printf(em, "%s(", fn);
    free(fn);
    const gm_param *p = callee->params;
    bool first = true;
    for (const gm_expr *a = e->args; a && p; a = a->next, p = p->next) {
        cg_printf(em, first ? "" : ", ");
        first = false;
        cg_expr(em, a);
    }
    int k = 0;
    for (const gm_expr *a = e->out_args; a && p; a = a->next, p = p->next, k++) {
        cg_printf(em, first ? "" : ", ");
        first = false;
        if (out_converts(p, a)) {
            if (temps)
                cg_printf(em, "&_c_out%d", k);
            else /* in an expression: no statement to convert it after */
                cg_unsupported(em, a->loc, "an output of a procedure call stored into a variable of another "
                                           "type inside an expression (call it as a statement, or give the "
                                           "variable the output's type)");
        } else if (a->is_discard || (a->kind != GME_ID && a->kind != GME_PROP && a->kind != GME_INDEX)) {
            em->tg->discard_arg(em, p->type);
        } else if (cg_is_prim(p->type->kind) || p->type->kind == GMT_NODE ||
                   p->type->kind == GMT_EDGE) {
            cg_printf(em, "&");
            cg_lvalue(em, a);
        } else {
            cg_expr(em, a);
        }
    }
    cg_printf(em, ")");
}
