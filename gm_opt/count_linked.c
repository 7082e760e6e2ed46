/* count_linked.c: a neighbour loop that only counts the neighbours linked to
 * a node becomes one call that intersects two sorted rows.
 *
 * Contract: the loop
 *     Foreach (w: x.Nbrs) {                (For too; the filter may be in
 *         If (w > y) {                      the header, in nested Ifs or
 *             If (w.HasEdgeTo(z))           joined by &&, in any order)
 *                 T += 1;
 *         }
 *     }
 * with x, y, z node variables other than w, at most one comparison of w
 * with y (< <= > >=, either side), exactly one link test (w.HasEdgeTo(z),
 * z.IsNbrFrom(w): an edge w->z; z.HasEdgeTo(w), w.IsNbrFrom(z): z->w), and
 * a numeric scalar T (T = T + 1 too), becomes
 *     T += x._CountNbrsAboveWithEdgeTo(y, z);
 * (the name spells the comparison and the direction for dumps; backends
 * read gm_expr.op and gm_expr.bool_val), a Long that gmrt_linked.h computes
 * as an intersection of x's row with z's in-row (or out-row) in
 * O(min * log(max / min)) instead of one search per neighbour of x: the
 * loop that counts triangles is quadratic in a hub's degree without it.
 * Why the value is the same: the loop adds 1 once per out-edge slot x->w
 * whose w passes both tests, and nothing else in it has an effect (the
 * tests are pure reads of the graph, y, z and w); the count is that number.
 * The reduction keeps its binding. When it was bound to the loop itself
 * (the sum complete when the loop ends): if no parallel loop inside T's
 * scope encloses it, T is not shared and the update is the plain
 * T = T + count; otherwise it is bound to the innermost enclosing Foreach,
 * whose other iterations add to T concurrently anyway, so nothing could
 * have read T between the two points where the sum was complete.
 */
#include "builtins.h"
#include "opt.h"
#include "passes.h"
#include "scope_depth.h"
#include "walk.h"

/* A node variable (not w) read as a plain name. */
static gm_symbol *other_node(const gm_expr *e, const gm_symbol *w)
{
    if (!e || e->kind != GME_ID || !e->sym || e->sym == w || !e->sym->type || e->sym->type->kind != GMT_NODE)
        return NULL;
    return e->sym;
}

static bool is_id(const gm_expr *e, const gm_symbol *sym) { return e && e->kind == GME_ID && e->sym == sym; }

typedef struct match {
    const gm_symbol *w;
    gm_op cmp;       /* w cmp y; GMOP_NONE: no comparison */
    gm_symbol *y, *z;
    bool to;         /* the link is w->z */
    bool plain;      /* the count is written T = T + 1 */
    bool bad;
} match;

static gm_op mirrored(gm_op op)
{
    switch (op) {
    case GMOP_LT: return GMOP_GT;
    case GMOP_GT: return GMOP_LT;
    case GMOP_LE: return GMOP_GE;
    case GMOP_GE: return GMOP_LE;
    default: return GMOP_NONE;
    }
}

/* One condition of the chain: a comparison, a link test, or a && of them. */
static void conjunct(match *m, const gm_expr *e)
{
    if (!e) {
        m->bad = true;
        return;
    }
    if (e->kind == GME_BINARY && e->op == GMOP_AND) {
        conjunct(m, e->a);
        conjunct(m, e->b);
        return;
    }
    if (e->kind == GME_BINARY && mirrored(e->op) != GMOP_NONE && m->cmp == GMOP_NONE) {
        if (is_id(e->a, m->w) && (m->y = other_node(e->b, m->w))) {
            m->cmp = e->op;
            return;
        }
        if (is_id(e->b, m->w) && (m->y = other_node(e->a, m->w))) {
            m->cmp = mirrored(e->op);
            return;
        }
    }
    if (e->kind == GME_CALL && !m->z && e->args && !e->args->next &&
        (e->builtin == GMB_NODE_HAS_EDGE_TO || e->builtin == GMB_NODE_IS_NBR_FROM)) {
        bool has_to = e->builtin == GMB_NODE_HAS_EDGE_TO;
        if (is_id(e->a, m->w) && (m->z = other_node(e->args, m->w))) {
            m->to = has_to; /* w.HasEdgeTo(z): w->z; w.IsNbrFrom(z): z->w */
            return;
        }
        if (is_id(e->args, m->w) && (m->z = other_node(e->a, m->w))) {
            m->to = !has_to; /* z.HasEdgeTo(w): z->w; z.IsNbrFrom(w): w->z */
            return;
        }
    }
    m->bad = true;
}

/* The only statement of a body (nested blocks opened), or NULL. */
static gm_stmt *single(gm_stmt *list)
{
    gm_stmt *only = NULL;
    for (gm_stmt *s = list; s; s = s->next) {
        if (s->kind == GMS_EMPTY)
            continue;
        if (only)
            return NULL;
        only = s->kind == GMS_BLOCK ? single(s->body) : s;
        if (!only)
            return NULL;
    }
    return only;
}

static bool is_one(const gm_expr *e) { return e && e->kind == GME_INT && e->int_val == 1; }

static bool numeric(gm_type_kind k)
{
    return k == GMT_INT || k == GMT_LONG || k == GMT_FLOAT || k == GMT_DOUBLE;
}

/* The `T += 1` (or T = T + 1) at the end of loop's chain of Ifs, filling m; or NULL. */
static gm_stmt *counting_loop(gm_stmt *loop, match *m)
{
    if (loop->kind != GMS_FOREACH || loop->iter.range != GMR_NBRS || !loop->iter.sym || loop->iter.reverse)
        return NULL;
    const gm_symbol *x = loop->iter.source && loop->iter.source->kind == GME_ID ? loop->iter.source->sym : NULL;
    if (!x || !x->type || x->type->kind != GMT_NODE)
        return NULL;
    *m = (match){loop->iter.sym, GMOP_NONE, NULL, NULL, false, false, false};
    if (loop->iter.filter)
        conjunct(m, loop->iter.filter);
    gm_stmt *s = single(loop->body);
    while (s && s->kind == GMS_IF && !s->else_stmt && !m->bad) {
        conjunct(m, s->cond);
        s = single(s->then_stmt);
    }
    if (!s || m->bad || !m->z || s->kind != GMS_ASSIGN || !s->lhs || s->lhs->kind != GME_ID || !s->lhs->sym ||
        s->lhs->sym->is_property || !s->lhs->sym->type || !numeric(s->lhs->sym->type->kind) || !s->rhs)
        return NULL;
    if (s->assign_op == GMA_PLUS && is_one(s->rhs))
        return s;
    /* T = T + 1, as reduce_seq leaves T += 1 outside parallel loops */
    const gm_expr *r = s->rhs;
    if (s->assign_op == GMA_ASSIGN && r->kind == GME_BINARY && r->op == GMOP_ADD &&
        ((is_id(r->a, s->lhs->sym) && is_one(r->b)) || (is_one(r->a) && is_id(r->b, s->lhs->sym)))) {
        m->plain = true;
        return s;
    }
    return NULL;
}

static const char *range_word(gm_op cmp)
{
    switch (cmp) {
    case GMOP_GT: return "Above";
    case GMOP_GE: return "AtLeast";
    case GMOP_LT: return "Below";
    case GMOP_LE: return "AtMost";
    default: return "";
    }
}

/* x._CountNbrs<range>WithEdge<To|From>([y,] z), a Long. */
static gm_expr *count_call(gm_program *p, gm_stmt *loop, const match *m)
{
    gm_loc loc = loop->loc;
    gm_expr *c = gm_expr_new(p->arena, GME_CALL, loc);
    c->a = gm_expr_copy(p->arena, loop->iter.source);
    c->builtin = GMB_NODE_COUNT_LINKED;
    c->name = gm_arena_printf(p->arena, "_CountNbrs%sWithEdge%s", range_word(m->cmp), m->to ? "To" : "From");
    c->op = m->cmp;
    c->bool_val = m->to;
    gm_expr *zarg = gm_expr_id(p->arena, m->z, loc);
    c->args = m->y ? gm_expr_list_append(gm_expr_id(p->arena, m->y, loc), zarg) : zarg;
    c->type = gm_type_new(p->arena, GMT_LONG, loc);
    return c;
}

typedef struct cl {
    gm_program *p;
    gmo_depths depths;
} cl;

static void try_rewrite(gm_stmt *loop, const gmo_regions *around, void *ctx)
{
    cl *c = ctx;
    match m;
    gm_stmt *add = counting_loop(loop, &m);
    if (!add)
        return;
    gm_symbol *T = add->lhs->sym;
    gm_symbol *bound = add->bound;
    bool plain = m.plain; /* T = T + count */
    if (!plain && bound == m.w) { /* the sum was complete when the loop ended */
        if (gmo_depth_of(&c->depths, T) >= around->n) {
            plain = true; /* no parallel loop shares T */
        } else {
            gm_stmt *inner = around->s[around->n - 1];
            if (inner->kind != GMS_FOREACH || !inner->iter.sym)
                return;
            bound = inner->iter.sym;
        }
    }
    gm_expr *count = count_call(c->p, loop, &m);
    if (T->type->kind != GMT_LONG) {
        gm_expr *cast = gm_expr_new(c->p->arena, GME_CAST, loop->loc);
        cast->cast_to = T->type->kind;
        cast->a = count;
        cast->type = T->type;
        count = cast;
    }
    /* the loop statement becomes the update, in place (its links stay) */
    gm_stmt *next = loop->next;
    gm_loc loc = loop->loc;
    *loop = (gm_stmt){0};
    loop->kind = GMS_ASSIGN;
    loop->loc = loc;
    loop->next = next;
    loop->lhs = gm_expr_id(c->p->arena, T, loc);
    if (plain) {
        loop->assign_op = GMA_ASSIGN;
        loop->rhs = gmo_typed(gm_expr_binary(c->p->arena, GMOP_ADD, gm_expr_id(c->p->arena, T, loc), count, loc),
                              T->type);
    } else {
        loop->assign_op = GMA_PLUS;
        loop->rhs = count;
        loop->bound = bound;
        loop->bound_name = add->bound_name ? bound->name : NULL;
        loop->bound_loc = add->bound_loc;
    }
}

void gmo_count_linked(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (!proc->body)
            continue;
        cl c = {p, {0}};
        gmo_regions around = {0};
        gmo_depths_compute(&c.depths, p, proc);
        gmo_walk_in_regions(proc->body->body, &around, try_rewrite, &c);
        gmo_depths_free(&c.depths);
        gmo_regions_free(&around);
    }
}
