/* fold.c: constant folding.
 *
 * Contract: every unary, binary, ?:, |.| and cast expression whose operands
 * are Int/Long/Float/Double/Bool literals is replaced by the literal of its
 * value, computed in the expression's own type exactly as the generated C
 * does (Int wraps at 32 bits, Long at 64: the language's rule,
 * docs/green-marl-language.md section 6, which the generated code keeps
 * through gmrt_inline.h's unsigned helpers; Float arithmetic in single
 * precision). `c ? a : b` with a literal condition becomes the chosen
 * branch (cast to the ?: type when the branch's type differs), and
 * `False && x`, `True || x`, `True && x`, `False || x` are simplified.
 * Integer / and % follow the language, as gmrt_inline.h's helpers do:
 * INT_MIN / -1 wraps to INT_MIN and INT_MIN % -1 is 0; a Float or Double
 * cast to an integer saturates at the type's limits (NaN gives 0).
 * Never folded: anything involving INF or NIL, and an integer division or
 * modulo by zero (a run-time error, which the generated code reports at
 * the line if it is reached). Types stay as the checker set.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "walk.h"

typedef struct value {
    gm_type_kind kind; /* GMT_INT, GMT_LONG, GMT_FLOAT, GMT_DOUBLE, GMT_BOOL */
    int64_t i;
    double f;
    bool b;
} value;

static bool is_integer(gm_type_kind k) { return k == GMT_INT || k == GMT_LONG; }
static bool is_floating(gm_type_kind k) { return k == GMT_FLOAT || k == GMT_DOUBLE; }

/* The literal value of e, when e is a literal of a primitive type. */
static bool literal_of(const gm_expr *e, value *v)
{
    if (!e || !e->type)
        return false;
    gm_type_kind k = e->type->kind;
    switch (e->kind) {
    case GME_INT:
        if (is_integer(k)) {
            *v = (value){.kind = k, .i = e->int_val};
            return true;
        }
        if (is_floating(k)) { /* an integer literal in a floating context */
            *v = (value){.kind = k, .f = (double)e->int_val};
            return true;
        }
        return false;
    case GME_FLOAT:
        if (!is_floating(k))
            return false;
        *v = (value){.kind = k, .f = k == GMT_FLOAT ? (double)(float)e->float_val : e->float_val};
        return true;
    case GME_BOOL:
        *v = (value){.kind = GMT_BOOL, .b = e->bool_val};
        return true;
    default:
        return false;
    }
}

/* Converts v to kind k as the generated code does (a floating value to an
 * integer saturates, NaN gives 0: gmrt_inline.h's _c_d2i32 ...). */
static bool convert(value *v, gm_type_kind k)
{
    if (v->kind == k)
        return true;
    if (v->kind == GMT_BOOL || k == GMT_BOOL)
        return false; /* the checker forbids Bool <-> numeric */
    if (is_integer(v->kind) && is_floating(k)) {
        v->f = k == GMT_FLOAT ? (double)(float)v->i : (double)v->i;
    } else if (is_floating(v->kind) && is_integer(k)) {
        double lim = k == GMT_INT ? 2147483648.0 : 9223372036854775808.0; /* 2^31, 2^63 */
        if (isnan(v->f))
            v->i = 0;
        else if (v->f >= lim)
            v->i = k == GMT_INT ? INT32_MAX : INT64_MAX;
        else if (v->f <= -lim)
            v->i = k == GMT_INT ? INT32_MIN : INT64_MIN;
        else
            v->i = (int64_t)v->f;
    } else if (is_integer(v->kind)) {
        if (k == GMT_INT)
            v->i = (int32_t)(uint32_t)(uint64_t)v->i; /* two's complement truncation */
    } else {
        v->f = k == GMT_FLOAT ? (double)(float)v->f : v->f;
    }
    v->kind = k;
    return true;
}

/* Wraps an integer result to the width of k. */
static int64_t wrap(gm_type_kind k, uint64_t u)
{
    return k == GMT_INT ? (int64_t)(int32_t)(uint32_t)u : (int64_t)u;
}

static gm_type_kind common_kind(gm_type_kind a, gm_type_kind b)
{
    static const gm_type_kind rank[] = {GMT_INT, GMT_LONG, GMT_FLOAT, GMT_DOUBLE};
    int ra = 0, rb = 0;
    for (int i = 0; i < 4; i++) {
        if (rank[i] == a)
            ra = i;
        if (rank[i] == b)
            rb = i;
    }
    return rank[ra > rb ? ra : rb];
}

static bool fold_arith(gm_op op, value a, value b, gm_type_kind k, value *out)
{
    if (!convert(&a, k) || !convert(&b, k))
        return false;
    out->kind = k;
    if (is_integer(k)) {
        uint64_t x = (uint64_t)a.i, y = (uint64_t)b.i;
        int64_t min = k == GMT_INT ? INT32_MIN : INT64_MIN;
        switch (op) {
        case GMOP_ADD: out->i = wrap(k, x + y); return true;
        case GMOP_SUB: out->i = wrap(k, x - y); return true;
        case GMOP_MUL: out->i = wrap(k, x * y); return true;
        case GMOP_DIV:
        case GMOP_MOD:
            if (b.i == 0)
                return false;
            if (a.i == min && b.i == -1) /* the one overflowing quotient: wraps */
                out->i = op == GMOP_DIV ? min : 0;
            else
                out->i = op == GMOP_DIV ? a.i / b.i : a.i % b.i;
            return true;
        default: return false;
        }
    }
    double r;
    switch (op) {
    case GMOP_ADD: r = a.f + b.f; break;
    case GMOP_SUB: r = a.f - b.f; break;
    case GMOP_MUL: r = a.f * b.f; break;
    case GMOP_DIV:
        if (b.f == 0.0)
            return false; /* keep the generated code's own inf/nan */
        r = a.f / b.f;
        break;
    default: return false;
    }
    if (k == GMT_FLOAT) {
        float fa = (float)a.f, fb = (float)b.f;
        r = op == GMOP_ADD ? fa + fb : op == GMOP_SUB ? fa - fb : op == GMOP_MUL ? fa * fb : fa / fb;
    }
    if (!isfinite(r))
        return false;
    out->f = r;
    return true;
}

static bool fold_compare(gm_op op, value a, value b, value *out)
{
    int c;
    if (a.kind == GMT_BOOL || b.kind == GMT_BOOL) {
        if (a.kind != b.kind || (op != GMOP_EQ && op != GMOP_NE))
            return false;
        c = (int)a.b - (int)b.b;
    } else {
        gm_type_kind k = common_kind(a.kind, b.kind);
        if (!convert(&a, k) || !convert(&b, k))
            return false;
        if (is_integer(k))
            c = a.i < b.i ? -1 : a.i > b.i;
        else {
            if (isnan(a.f) || isnan(b.f))
                return false;
            c = a.f < b.f ? -1 : a.f > b.f;
        }
    }
    out->kind = GMT_BOOL;
    switch (op) {
    case GMOP_LT: out->b = c < 0; break;
    case GMOP_GT: out->b = c > 0; break;
    case GMOP_LE: out->b = c <= 0; break;
    case GMOP_GE: out->b = c >= 0; break;
    case GMOP_EQ: out->b = c == 0; break;
    case GMOP_NE: out->b = c != 0; break;
    default: return false;
    }
    return true;
}

/* Overwrites e with the literal v (e keeps its type and list link). */
static void become_literal(gm_program *p, gm_expr *e, value v)
{
    gm_expr *next = e->next;
    gm_type *type = e->type;
    gm_loc loc = e->loc;
    memset(e, 0, sizeof *e);
    e->loc = loc;
    e->next = next;
    e->type = type;
    e->builtin = -1;
    if (v.kind == GMT_BOOL) {
        e->kind = GME_BOOL;
        e->bool_val = v.b;
    } else if (is_integer(v.kind)) {
        e->kind = GME_INT;
        e->int_val = v.i;
    } else {
        e->kind = GME_FLOAT;
        e->float_val = v.f;
        e->text = gm_arena_printf(p->arena, "%.17g", v.f);
        if (!strpbrk(e->text, ".en"))
            e->text = gm_arena_printf(p->arena, "%s.0", e->text);
    }
}

/* Replaces e by sub (keeping e's list link), wrapped in a cast when their
 * types differ. Returns false when that cannot be expressed. */
static bool become(gm_program *p, gm_expr *e, gm_expr *sub)
{
    gm_expr *next = e->next;
    if (sub->type && e->type && sub->type->kind != e->type->kind) {
        gm_type_kind to = e->type->kind;
        gm_type_kind from = sub->type->kind;
        bool numeric = (is_integer(to) || is_floating(to)) && (is_integer(from) || is_floating(from));
        if (!numeric)
            return false;
        gm_expr *cast = gm_expr_new(p->arena, GME_CAST, e->loc);
        cast->cast_to = to;
        cast->type = e->type;
        cast->a = sub;
        cast->builtin = -1;
        sub = cast;
    }
    *e = *sub;
    e->next = next;
    return true;
}

static void fold_one(gm_program *p, gm_expr *e)
{
    value a = {0}, b = {0}, r = {0};
    if (!e->type)
        return;
    gm_type_kind k = e->type->kind;
    switch (e->kind) {
    case GME_UNARY:
        if (!literal_of(e->a, &a))
            return;
        if (e->op == GMOP_NOT && a.kind == GMT_BOOL) {
            r = (value){.kind = GMT_BOOL, .b = !a.b};
        } else if (e->op == GMOP_NEG && a.kind != GMT_BOOL && convert(&a, k)) {
            r = a;
            if (is_integer(k))
                r.i = wrap(k, (uint64_t)0 - (uint64_t)a.i);
            else
                r.f = -a.f;
        } else {
            return;
        }
        become_literal(p, e, r);
        return;
    case GME_ABS:
        if (!literal_of(e->a, &a) || a.kind == GMT_BOOL || !convert(&a, k))
            return;
        r = a;
        if (is_integer(k))
            r.i = a.i < 0 ? wrap(k, (uint64_t)0 - (uint64_t)a.i) : a.i;
        else
            r.f = fabs(a.f);
        become_literal(p, e, r);
        return;
    case GME_CAST:
        if (!literal_of(e->a, &a) || !convert(&a, k))
            return;
        become_literal(p, e, a);
        return;
    case GME_TERNARY:
        if (literal_of(e->a, &a) && a.kind == GMT_BOOL) {
            gm_expr *pick = a.b ? e->b : e->c;
            if (literal_of(pick, &b) && b.kind != GMT_BOOL && convert(&b, k))
                become_literal(p, e, b);
            else
                become(p, e, pick);
        }
        return;
    case GME_BINARY:
        break;
    default:
        return;
    }
    bool la = literal_of(e->a, &a), lb = literal_of(e->b, &b);
    if (e->op == GMOP_AND || e->op == GMOP_OR) {
        bool absorbing = e->op == GMOP_OR; /* True for ||, False for && */
        if (la && a.kind == GMT_BOOL) {
            if (a.b == absorbing) /* the right side is never evaluated */
                become_literal(p, e, a);
            else
                become(p, e, e->b);
        } else if (lb && b.kind == GMT_BOOL && b.b != absorbing) {
            become(p, e, e->a); /* x && True == x */
        }
        return;
    }
    if (!la || !lb)
        return;
    switch (e->op) {
    case GMOP_ADD:
    case GMOP_SUB:
    case GMOP_MUL:
    case GMOP_DIV:
    case GMOP_MOD:
        if (a.kind == GMT_BOOL || b.kind == GMT_BOOL || (!is_integer(k) && !is_floating(k)))
            return;
        if (!fold_arith(e->op, a, b, k, &r))
            return;
        break;
    default:
        if (!fold_compare(e->op, a, b, &r))
            return;
        break;
    }
    become_literal(p, e, r);
}

/* Post-order (an expression after its operands): gm_front's gm_walk_hooked
 * (ast_walk.h) with an expression leave hook, over every expression of every
 * statement. Assignment targets and foreign references are walked too:
 * folding only rewrites operators, so a place (x, n.P, M[k]) stays a place
 * while what it is made of (a map index) is folded. */
static bool fold_leave(const gm_expr *e, void *ctx)
{
    fold_one(ctx, (gm_expr *)e); /* the walk reads e->next after this */
    return true;
}

void gmo_fold(gm_program *p)
{
    static const gm_walk_hooks fold_hooks = {NULL, NULL, NULL, fold_leave};
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gm_walk_hooked(proc->body, true, &fold_hooks, p);
}
