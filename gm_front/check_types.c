/* check_types.c: typing of expressions (section 6 of the reference).
 *
 * Every expression gets a type. An operand typed GMT_ERROR (after an error
 * was reported) makes its parent GMT_ERROR silently, so one mistake gives
 * one message. INF and NIL take the type their context gives them.
 */
#include <limits.h>

#include "builtins.h"
#include "check_internal.h"
#include "types.h"

static gm_type *typeof_expr(gm_checker *ck, gm_expr *e, const gm_type *expected);

static gm_type *set(gm_expr *e, gm_type *t)
{
    e->type = t;
    return t;
}

static bool is_error(const gm_type *t) { return !t || t->kind == GMT_ERROR; }

bool gmc_is_literal(const gm_expr *e)
{
    if (!e)
        return false;
    if (e->kind == GME_INT || e->kind == GME_FLOAT)
        return true;
    return e->kind == GME_UNARY && e->op == GMOP_NEG && gmc_is_literal(e->a);
}

bool gmc_is_inf(const gm_expr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case GME_INF: return true;
    case GME_CAST: return gmc_is_inf(e->a);
    case GME_TERNARY: return gmc_is_inf(e->b) || gmc_is_inf(e->c);
    default: return false;
    }
}

/* The value of an integer literal, or of a negated one. */
static bool literal_int_value(const gm_expr *e, int64_t *v)
{
    if (e->kind == GME_INT) {
        *v = e->int_val;
        return true;
    }
    if (e->kind == GME_UNARY && e->op == GMOP_NEG && e->a && literal_int_value(e->a, v)) {
        *v = -*v;
        return true;
    }
    return false;
}

/* A literal stored where it fits exactly does not deserve a narrowing
 * warning: `Float f = 0.5;`, `Int i = -3;`. */
static bool literal_fits(const gm_expr *e, gm_type_kind target)
{
    if (!gmc_is_literal(e))
        return false;
    int64_t v;
    if (literal_int_value(e, &v))
        return target != GMT_INT || (v >= INT32_MIN && v <= INT32_MAX);
    return gmt_is_floating(target); /* a floating literal into Float */
}

void gmc_settle(gm_checker *ck, gm_expr *e, const gm_type *target)
{
    if (!e || !e->type || !target)
        return;
    gm_type_kind k = e->type->kind;
    if (k == GMT_INF && gmt_is_numeric(target->kind)) {
        if (e->kind == GME_TERNARY) {
            gmc_settle(ck, e->b, target);
            gmc_settle(ck, e->c, target);
        }
        e->type = gmc_prim(ck, target->kind);
    } else if (k == GMT_NIL && (target->kind == GMT_NODE || target->kind == GMT_EDGE)) {
        if (e->kind == GME_TERNARY) {
            gmc_settle(ck, e->b, target);
            gmc_settle(ck, e->c, target);
        }
        e->type = (gm_type *)target;
    }
}

gm_type *gmc_check_expr(gm_checker *ck, gm_expr *e, const gm_type *expected)
{
    if (!e)
        return gmc_prim(ck, GMT_ERROR);
    gm_type *t = typeof_expr(ck, e, expected);
    if (t->kind == GMT_INF || t->kind == GMT_NIL) {
        if (expected)
            gmc_settle(ck, e, expected);
        /* With no numeric context at all, INF is a Double. */
        if (!expected && e->type->kind == GMT_INF)
            gmc_settle(ck, e, gmc_prim(ck, GMT_DOUBLE));
    }
    return e->type;
}

gm_type *gmc_check_whole(gm_checker *ck, gm_expr *e)
{
    if (e && e->kind == GME_ID && ck->group_sym) {
        gm_symbol *sym = gmc_resolve_name(ck, e->name, e->loc);
        e->sym = sym;
        return set(e, sym && sym->type ? sym->type : gmc_prim(ck, GMT_ERROR));
    }
    return gmc_check_expr(ck, e, NULL);
}

void gmc_check_cond(gm_checker *ck, gm_expr *e, const char *what)
{
    if (!e)
        return;
    gm_type *t = gmc_check_expr(ck, e, gmc_prim(ck, GMT_BOOL));
    if (!is_error(t) && t->kind != GMT_BOOL)
        gm_error(e->loc, GMD_CONDITION, "%s must be Bool, not %s", what, gmc_spell(ck, t));
}

/* A Float or Double value stored into an Int or Long place becomes an
 * explicit cast (value is rewritten in place, keeping its list link), so
 * that code generation converts it as a cast, with gmrt_inline.h's
 * saturating helpers (docs/green-marl-language.md, section 6), and not by
 * C's implicit conversion, undefined out of range. */
static void explicit_conversion(gm_checker *ck, const gm_type *target, gm_expr *value)
{
    if (!gmt_is_integer(target->kind) || !gmt_is_floating(value->type->kind))
        return;
    gm_expr *inner = gm_expr_new(ck->arena, GME_CAST, value->loc);
    *inner = *value;
    inner->next = NULL;
    gm_expr *next = value->next;
    gm_expr *cast = gm_expr_new(ck->arena, GME_CAST, value->loc);
    cast->cast_to = target->kind;
    cast->type = gmc_prim(ck, target->kind);
    cast->a = inner;
    cast->next = next;
    *value = *cast;
}

void gmc_check_store(gm_checker *ck, const gm_type *target, gm_expr *value, const char *what,
                     gm_diag_class mismatch)
{
    if (!value || is_error(target) || is_error(value->type))
        return;
    const char *vt = gmc_spell(ck, value->type), *tt = gmc_spell(ck, target);
    switch (gmt_assignable(target, value->type, false)) {
    case GMT_COMPAT_OK:
        break;
    case GMT_COMPAT_NARROWING:
        if (!literal_fits(value, target->kind))
            gm_warning(value->loc, GMD_W_NARROWING, "assigning %s to %s of type %s may lose "
                       "precision", vt, what, tt);
        explicit_conversion(ck, target, value);
        break;
    case GMT_COMPAT_BOOL_NUMERIC:
        gm_error(value->loc, mismatch == GMD_TYPE ? GMD_BOOL_NUMERIC : mismatch,
                 "cannot assign %s to %s of type %s: Bool and numeric values do not mix", vt,
                 what, tt);
        break;
    case GMT_COMPAT_GRAPH_MISMATCH:
        gm_error(value->loc, GMD_GRAPH_MISMATCH,
                 "cannot assign %s to %s of type %s: they belong to different graphs", vt, what,
                 tt);
        break;
    case GMT_COMPAT_INCOMPATIBLE:
        gm_error(value->loc, mismatch, "cannot assign %s to %s of type %s", vt, what, tt);
        break;
    }
}

void gmc_check_map_key(gm_checker *ck, const gm_type *map, gm_expr *key)
{
    gm_type *kt = gmc_check_expr(ck, key, map ? map->key : NULL);
    if (!map || is_error(map->key) || is_error(kt))
        return;
    gmt_compat c = gmt_assignable(map->key, kt, false);
    if (c == GMT_COMPAT_OK && gmc_is_inf(key))
        c = GMT_COMPAT_INCOMPATIBLE; /* INF is never a key */
    switch (c) {
    case GMT_COMPAT_OK:
        break;
    case GMT_COMPAT_NARROWING:
    case GMT_COMPAT_BOOL_NUMERIC:
    case GMT_COMPAT_INCOMPATIBLE:
        gm_error(key->loc, GMD_MAP_KEY, "map key must be %s, not %s", gmc_spell(ck, map->key),
                 gmc_spell(ck, kt));
        break;
    case GMT_COMPAT_GRAPH_MISMATCH:
        gm_error(key->loc, GMD_GRAPH_MISMATCH, "map key %s belongs to another graph than the "
                 "map's keys (%s)", gmc_spell(ck, kt), gmc_spell(ck, map->key));
        break;
    }
}

/* ---------------------------------------------------------------- */

static gm_type *check_id(gm_checker *ck, gm_expr *e)
{
    gm_symbol *sym = gmc_resolve_name(ck, e->name, e->loc);
    e->sym = sym;
    if (!sym || !sym->type)
        return set(e, gmc_prim(ck, GMT_ERROR));
    if (sym == ck->group_sym)
        return set(e, ck->group_elem);
    return set(e, sym->type);
}

static gm_type *check_prop(gm_checker *ck, gm_expr *e)
{
    gm_type *bt = typeof_expr(ck, e->a, NULL);
    gm_symbol *prop = gmc_lookup_prop(ck, e->name);
    e->sym = prop;
    if (is_error(bt))
        return set(e, gmc_prim(ck, GMT_ERROR));
    const char *base = gmc_describe(ck, e->a);
    if (bt->kind != GMT_NODE && bt->kind != GMT_EDGE) {
        if (bt->kind == GMT_GRAPH || gmt_is_collection(bt->kind))
            gm_error(e->loc, GMD_TYPE, "%s.%s reads every element: it is only allowed as the "
                     "target of a group assignment", base, e->name);
        else
            gm_error(e->loc, GMD_TYPE, "cannot read property '%s' of %s: it is %s, not a Node "
                     "or Edge", e->name, base, gmc_spell(ck, bt));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (!prop) {
        gm_error(e->loc, GMD_BAD_PROPERTY, "undefined property '%s'", e->name);
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    gm_type_kind want = bt->kind == GMT_NODE ? GMT_NODE_PROP : GMT_EDGE_PROP;
    if (prop->type->kind != want) {
        gm_error(e->loc, GMD_BAD_PROPERTY, "'%s' is not %s property (it is %s)", e->name,
                 want == GMT_NODE_PROP ? "a node" : "an edge", gmc_spell(ck, prop->type));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (bt->graph && prop->type->graph && bt->graph != prop->type->graph) {
        gm_error(e->loc, GMD_GRAPH_MISMATCH, "%s belongs to graph '%s' but property '%s' to "
                 "graph '%s'", base, bt->graph->name, e->name, prop->type->graph->name);
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    return set(e, prop->type->elem ? prop->type->elem : gmc_prim(ck, GMT_ERROR));
}

static gm_type *check_index(gm_checker *ck, gm_expr *e)
{
    gm_type *bt = typeof_expr(ck, e->a, NULL);
    if (is_error(bt)) {
        typeof_expr(ck, e->b, NULL);
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (bt->kind != GMT_MAP) {
        typeof_expr(ck, e->b, NULL);
        gm_error(e->loc, GMD_TYPE, "%s is %s, not a Map: it cannot be indexed",
                 gmc_describe(ck, e->a), gmc_spell(ck, bt));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    gmc_check_map_key(ck, bt, e->b);
    return set(e, bt->val ? bt->val : gmc_prim(ck, GMT_ERROR));
}

/* Section 6: a non-literal integer operand mixed with a floating one is
 * promoted, with a warning (a cast says it is intended). */
static void warn_promotion(gm_checker *ck, gm_expr *ie, gm_type_kind fk)
{
    if (!gmc_is_literal(ie))
        gm_warning(ie->loc, GMD_W_PROMOTION, "%s operand %s is promoted to %s (write a cast "
                   "if this is intended)", gmc_spell(ck, ie->type), gmc_describe(ck, ie),
                   gm_type_kind_name(fk));
}

/* Result of mixing two numeric operands, with the promotion warning. */
static gm_type_kind numeric_mix(gm_checker *ck, gm_expr *a, gm_expr *b)
{
    gm_type_kind ka = a->type->kind, kb = b->type->kind, r = gmt_arith_result(ka, kb);
    if (gmt_is_integer(ka) && gmt_is_floating(kb))
        warn_promotion(ck, a, kb);
    else if (gmt_is_floating(ka) && gmt_is_integer(kb))
        warn_promotion(ck, b, ka);
    return r;
}

static bool is_arith(gm_op op)
{
    return op == GMOP_ADD || op == GMOP_SUB || op == GMOP_MUL || op == GMOP_DIV ||
           op == GMOP_MOD;
}

static bool is_order(gm_op op)
{
    return op == GMOP_LT || op == GMOP_GT || op == GMOP_LE || op == GMOP_GE;
}

static gm_type *check_unary(gm_checker *ck, gm_expr *e)
{
    gm_type *t = typeof_expr(ck, e->a, NULL);
    if (is_error(t))
        return set(e, gmc_prim(ck, GMT_ERROR));
    if (e->op == GMOP_NOT) {
        if (t->kind != GMT_BOOL) {
            gm_error(e->loc, GMD_TYPE, "operator ! needs a Bool operand, not %s",
                     gmc_spell(ck, t));
            return set(e, gmc_prim(ck, GMT_ERROR));
        }
        return set(e, gmc_prim(ck, GMT_BOOL));
    }
    if (gmc_is_inf(e->a)) {
        gm_error(e->loc, GMD_INF_ARITH, "arithmetic on INF is not allowed (write -INF)");
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (!gmt_is_numeric(t->kind)) {
        gm_error(e->loc, GMD_TYPE, "unary - needs a numeric operand, not %s", gmc_spell(ck, t));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    return set(e, gmc_prim(ck, t->kind));
}

/* Both operands of a comparison; INF and NIL take the other side's type. */
static void settle_pair(gm_checker *ck, gm_expr *a, gm_expr *b)
{
    gm_type_kind ka = a->type->kind, kb = b->type->kind;
    if ((ka == GMT_INF || ka == GMT_NIL) && kb != GMT_INF && kb != GMT_NIL)
        gmc_settle(ck, a, b->type);
    else if ((kb == GMT_INF || kb == GMT_NIL) && ka != GMT_INF && ka != GMT_NIL)
        gmc_settle(ck, b, a->type);
    else if (ka == GMT_INF && kb == GMT_INF) {
        gmc_settle(ck, a, gmc_prim(ck, GMT_DOUBLE));
        gmc_settle(ck, b, gmc_prim(ck, GMT_DOUBLE));
    }
}

static gm_type *binary_error(gm_checker *ck, gm_expr *e, const char *need)
{
    gm_error(e->loc, GMD_TYPE, "operator %s needs %s, not %s and %s", gm_op_spelling(e->op),
             need, gmc_spell(ck, e->a->type), gmc_spell(ck, e->b->type));
    return set(e, gmc_prim(ck, GMT_ERROR));
}

static gm_type *check_binary(gm_checker *ck, gm_expr *e)
{
    gm_type *ta = typeof_expr(ck, e->a, NULL);
    gm_type *tb = typeof_expr(ck, e->b, NULL);
    if (is_error(ta) || is_error(tb))
        return set(e, gmc_prim(ck, GMT_ERROR));

    if (is_arith(e->op)) {
        if (gmc_is_inf(e->a) || gmc_is_inf(e->b)) {
            gm_error(e->loc, GMD_INF_ARITH, "arithmetic on INF is not allowed");
            return set(e, gmc_prim(ck, GMT_ERROR));
        }
        if (!gmt_is_numeric(ta->kind) || !gmt_is_numeric(tb->kind))
            return binary_error(ck, e, "numeric operands");
        if (e->op == GMOP_MOD && (!gmt_is_integer(ta->kind) || !gmt_is_integer(tb->kind)))
            return binary_error(ck, e, "integer operands");
        return set(e, gmc_prim(ck, numeric_mix(ck, e->a, e->b)));
    }
    if (e->op == GMOP_AND || e->op == GMOP_OR) {
        if (ta->kind != GMT_BOOL || tb->kind != GMT_BOOL)
            return binary_error(ck, e, "Bool operands");
        return set(e, gmc_prim(ck, GMT_BOOL));
    }

    /* Comparisons. */
    settle_pair(ck, e->a, e->b);
    ta = e->a->type;
    tb = e->b->type;
    gm_type_kind ka = ta->kind, kb = tb->kind;
    bool ok = false;
    if (gmt_is_numeric(ka) && gmt_is_numeric(kb)) {
        numeric_mix(ck, e->a, e->b);
        ok = true;
    } else if ((ka == GMT_NODE && kb == GMT_NODE) || (ka == GMT_EDGE && kb == GMT_EDGE)) {
        if (ta->graph && tb->graph && ta->graph != tb->graph) {
            gm_error(e->loc, GMD_GRAPH_MISMATCH, "cannot compare %s with %s: they belong to "
                     "different graphs", gmc_spell(ck, ta), gmc_spell(ck, tb));
            return set(e, gmc_prim(ck, GMT_ERROR));
        }
        ok = true;
    } else if (!is_order(e->op)) {
        /* == and != also take Bool, NIL and matching collections. */
        ok = (ka == GMT_BOOL && kb == GMT_BOOL) || (ka == GMT_STRING && kb == GMT_STRING) ||
             (ka == GMT_NIL && (kb == GMT_NODE || kb == GMT_EDGE || kb == GMT_NIL)) ||
             (kb == GMT_NIL && (ka == GMT_NODE || ka == GMT_EDGE));
    }
    if (!ok)
        return binary_error(ck, e, is_order(e->op) ? "numeric, Node or Edge operands"
                                                   : "operands of compatible types");
    return set(e, gmc_prim(ck, GMT_BOOL));
}

static gm_type *check_ternary(gm_checker *ck, gm_expr *e, const gm_type *expected)
{
    gmc_check_cond(ck, e->a, "the condition of ?:");
    gm_type *tb = typeof_expr(ck, e->b, expected);
    gm_type *tc = typeof_expr(ck, e->c, expected);
    if (is_error(tb) || is_error(tc))
        return set(e, gmc_prim(ck, GMT_ERROR));
    settle_pair(ck, e->b, e->c);
    tb = e->b->type;
    tc = e->c->type;
    if (tb->kind == tc->kind && (tb->kind == GMT_INF || tb->kind == GMT_NIL))
        return set(e, tb); /* the parent's context sizes both */
    if (gmt_is_numeric(tb->kind) && gmt_is_numeric(tc->kind))
        return set(e, gmc_prim(ck, gmt_arith_result(tb->kind, tc->kind)));
    switch (gmt_assignable(tb, tc, false)) {
    case GMT_COMPAT_OK:
        return set(e, tb);
    case GMT_COMPAT_GRAPH_MISMATCH:
        gm_error(e->loc, GMD_GRAPH_MISMATCH, "the branches of ?: belong to different graphs "
                 "(%s and %s)", gmc_spell(ck, tb), gmc_spell(ck, tc));
        return set(e, gmc_prim(ck, GMT_ERROR));
    default:
        gm_error(e->loc, GMD_TYPE, "the branches of ?: have incompatible types %s and %s",
                 gmc_spell(ck, tb), gmc_spell(ck, tc));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
}

static gm_type *check_abs(gm_checker *ck, gm_expr *e)
{
    gm_type *t = typeof_expr(ck, e->a, NULL);
    if (is_error(t))
        return set(e, gmc_prim(ck, GMT_ERROR));
    if (gmc_is_inf(e->a)) {
        gm_error(e->loc, GMD_INF_ARITH, "|INF| is arithmetic on INF");
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (!gmt_is_numeric(t->kind)) {
        gm_error(e->loc, GMD_TYPE, "|e| needs a numeric operand, not %s", gmc_spell(ck, t));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    return set(e, gmc_prim(ck, t->kind));
}

static gm_type *check_cast(gm_checker *ck, gm_expr *e)
{
    gm_type *t = typeof_expr(ck, e->a, NULL);
    if (is_error(t))
        return set(e, gmc_prim(ck, GMT_ERROR));
    if (!gmt_cast_ok(e->cast_to, t->kind)) {
        gm_error(e->loc, GMD_CAST, "cannot cast %s to %s", gmc_spell(ck, t),
                 gm_type_kind_name(e->cast_to));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (t->kind == GMT_INF)
        gmc_settle(ck, e->a, gmc_prim(ck, e->cast_to));
    return set(e, gmc_prim(ck, e->cast_to));
}

static gm_type *check_reduce(gm_checker *ck, gm_expr *e)
{
    gm_symtab_push(ck->scope);
    gmc_check_iter(ck, &e->iter, NULL, e);
    if (e->iter.filter)
        gmc_check_cond(ck, e->iter.filter, "a filter");
    gm_type *bt = e->a ? gmc_check_expr(ck, e->a, NULL) : NULL;
    gm_symtab_pop(ck->scope);

    const char *name = gm_reduce_op_name(e->reduce_op);
    if (e->reduce_op == GMRED_COUNT) {
        if (e->a)
            gm_error(e->a->loc, GMD_TYPE, "Count takes no body, only a filter");
        return set(e, gmc_prim(ck, GMT_INT));
    }
    if (!e->a) {
        gm_error(e->loc, GMD_TYPE, "%s needs a body { ... }", name);
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (is_error(bt))
        return set(e, gmc_prim(ck, GMT_ERROR));
    if (e->reduce_op == GMRED_EXIST || e->reduce_op == GMRED_ALL) {
        if (bt->kind != GMT_BOOL) {
            gm_error(e->a->loc, GMD_TYPE, "the body of %s must be Bool, not %s", name,
                     gmc_spell(ck, bt));
            return set(e, gmc_prim(ck, GMT_ERROR));
        }
        return set(e, gmc_prim(ck, GMT_BOOL));
    }
    if (gmc_is_inf(e->a)) {
        gm_error(e->a->loc, GMD_INF_ARITH, "the body of %s cannot be INF", name);
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (!gmt_is_numeric(bt->kind)) {
        gm_error(e->a->loc, GMD_TYPE, "the body of %s must be numeric, not %s", name,
                 gmc_spell(ck, bt));
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    if (e->reduce_op == GMRED_AVG)
        return set(e, gmc_prim(ck, GMT_DOUBLE));
    return set(e, gmc_prim(ck, bt->kind));
}

static gm_type *check_foreign(gm_checker *ck, gm_expr *e, const gm_type *expected)
{
    for (gm_foreign_seg *s = e->foreign; s; s = s->next)
        if (s->ref)
            gmc_check_expr(ck, s->ref, NULL);
    gmc_foreign_text_uses(ck, e->foreign);
    /* Foreign code is opaque: it is whatever its context needs. */
    return set(e, expected ? (gm_type *)expected : gmc_prim(ck, GMT_VOID));
}

static gm_type *typeof_expr(gm_checker *ck, gm_expr *e, const gm_type *expected)
{
    if (!e)
        return gmc_prim(ck, GMT_ERROR);
    if (e->kind != GME_CALL)
        e->builtin = -1;
    switch (e->kind) {
    case GME_INT:
        return set(e, gmc_prim(ck, (e->int_val >= INT32_MIN && e->int_val <= INT32_MAX)
                                       ? GMT_INT : GMT_LONG));
    case GME_FLOAT: return set(e, gmc_prim(ck, GMT_DOUBLE));
    case GME_BOOL: return set(e, gmc_prim(ck, GMT_BOOL));
    case GME_STRING: return set(e, gmc_prim(ck, GMT_STRING));
    case GME_INF:
        if (expected && gmt_is_numeric(expected->kind))
            return set(e, gmc_prim(ck, expected->kind));
        return set(e, gmc_prim(ck, GMT_INF));
    case GME_NIL:
        if (expected && (expected->kind == GMT_NODE || expected->kind == GMT_EDGE))
            return set(e, (gm_type *)expected);
        return set(e, gmc_prim(ck, GMT_NIL));
    case GME_ID: return check_id(ck, e);
    case GME_PROP: return check_prop(ck, e);
    case GME_INDEX: return check_index(ck, e);
    case GME_UNARY: return check_unary(ck, e);
    case GME_BINARY: return check_binary(ck, e);
    case GME_TERNARY: return check_ternary(ck, e, expected);
    case GME_ABS: return check_abs(ck, e);
    case GME_CAST: return check_cast(ck, e);
    case GME_CALL: return gmc_check_call(ck, e, expected);
    case GME_REDUCE: return check_reduce(ck, e);
    case GME_FOREIGN: return check_foreign(ck, e, expected);
    }
    return set(e, gmc_prim(ck, GMT_ERROR));
}
