/* flip_edges.c: edge flipping between pull and push neighbour loops.
 *
 *   pull:  Foreach (n: G.Nodes) { Foreach (t: n.InNbrs) { n.A += t.B; } }
 *   push:  Foreach (t: G.Nodes) { Foreach (n: t.Nbrs)   { n.A += t.B; } }
 *
 * Both visit every edge t -> n once and combine the same values into n.A.
 * Only loop pairs of exactly that shape are touched: a parallel Foreach over
 * G.Nodes whose body is just one parallel neighbour Foreach, whose body holds
 * only reduction assignments to properties of the target-side node n
 * (possibly under If). `t.ToEdge()` in the pull form names the same edge as
 * `n.ToEdge()` in the push form, and is rewritten accordingly.
 *
 * Which direction we prefer, and why:
 *   - pull needs the reverse CSR (InNbrs) but no atomics: n.A is private to
 *     the outer iteration; push needs no reverse edges but every update of
 *     n.A is a random-access reduction (atomics, or contention).
 *   - Building the reverse CSR costs a pass over all edges plus memory of
 *     the size of the graph, once per call; atomics cost on every update of
 *     every iteration. So pull is the better steady state, and push only
 *     pays when it saves the reverse CSR altogether.
 *   Hence: a pull loop becomes push when it is the procedure's only use of
 *   reverse edges (InNbrs, InEdges, UpNbrs, InDegree / NumInNbrs, G^); a push
 *   loop becomes pull when the procedure needs reverse edges anyway for
 *   something else. Otherwise loops stay as written.
 *
 * Contract: the loops keep their statements and symbols; after a flip the
 * reductions are bound to the new inner loop (reduce_bound may move them out)
 * and every iterator's iter_range / iter_source / iter_stmt is updated.
 */
#include "builtins.h"
#include "opt.h"
#include "passes.h"
#include "walk.h"

/* ---- counting what needs reverse edges ---------------------------------- */

static bool range_needs_reverse(gm_range_kind r)
{
    return r == GMR_IN_NBRS || r == GMR_IN_EDGES || r == GMR_UP_NBRS;
}

static void count_expr(gm_expr *e, void *ctx)
{
    int *n = ctx;
    if (e->kind == GME_REDUCE && range_needs_reverse(e->iter.range))
        (*n)++;
    if (e->kind == GME_CALL && e->builtin == GMB_NODE_NUM_IN_NBRS)
        (*n)++;
}

static void count_stmt(gm_stmt *s, void *ctx)
{
    int *n = ctx;
    if (s->kind == GMS_FOREACH && range_needs_reverse(s->iter.range))
        (*n)++;
    if ((s->kind == GMS_BFS || s->kind == GMS_DFS) && s->iter.transposed)
        (*n)++;
}

static int reverse_uses(gm_stmt *list)
{
    int n = 0;
    gmo_walk_stmts(list, count_stmt, &n);
    gmo_walk_exprs_list(list, count_expr, &n);
    return n;
}

/* ---- recognising the shape ---------------------------------------------- */

/* Whether every statement of the list is a reduction to target.P (or an If
 * / block of such), none of them arg-min/max. */
static bool only_reductions_to(gm_stmt *list, const gm_symbol *target)
{
    for (gm_stmt *s = list; s; s = s->next) {
        switch (s->kind) {
        case GMS_ASSIGN:
            if (!gmo_is_reduce_op(s->assign_op) || s->lhs->kind != GME_PROP ||
                !gmo_is_linear(s->lhs->a, target))
                return false;
            break;
        case GMS_IF:
            if (!only_reductions_to(s->then_stmt ? s->then_stmt->body : NULL, target) ||
                !only_reductions_to(s->else_stmt ? s->else_stmt->body : NULL, target))
                return false;
            break;
        case GMS_BLOCK:
            if (!only_reductions_to(s->body, target))
                return false;
            break;
        case GMS_EMPTY:
            break;
        default:
            return false;
        }
    }
    return true;
}

/* The single neighbour loop forming o's whole body, or NULL. */
static gm_stmt *neighbour_loop(gm_stmt *o)
{
    if (o->kind != GMS_FOREACH || !o->parallel || o->iter.range != GMR_NODES || !o->iter.sym ||
        !o->iter.source || o->iter.source->kind != GME_ID || !o->body)
        return NULL;
    gm_stmt *b = o->body->body;
    while (b && b->kind == GMS_BLOCK && !b->next)
        b = b->body;
    if (!b || b->next || b->kind != GMS_FOREACH || !b->parallel || !b->iter.sym)
        return NULL;
    if (b->iter.range != GMR_NBRS && b->iter.range != GMR_IN_NBRS)
        return NULL;
    if (!b->iter.source || b->iter.source->kind != GME_ID || b->iter.source->sym != o->iter.sym ||
        b->iter.range_arg || b->iter.filter || !b->body)
        return NULL;
    return b;
}

/* ---- the flip ----------------------------------------------------------- */

typedef struct to_edge {
    gm_symbol *from, *to;
} to_edge;

static void retarget_to_edge(gm_expr *e, void *ctx)
{
    to_edge *t = ctx;
    if (e->kind == GME_CALL && e->builtin == GMB_NBR_TO_EDGE && e->a && e->a->kind == GME_ID &&
        e->a->sym == t->from) {
        e->a->sym = t->to;
        e->a->name = t->to->name;
        e->a->type = t->to->type;
    }
}

static void rebind(gm_stmt *s, void *ctx)
{
    if (s->kind == GMS_ASSIGN && gmo_is_reduce_op(s->assign_op)) {
        s->bound = ctx;
        if (s->bound_name)
            s->bound_name = s->bound->name;
    }
}

static void flip(gm_program *p, gm_stmt *o, gm_stmt *in)
{
    gm_symbol *x = o->iter.sym, *y = in->iter.sym;
    gm_range_kind new_range = in->iter.range == GMR_IN_NBRS ? GMR_NBRS : GMR_IN_NBRS;
    /* the pull form's t and the push form's n are the neighbour iterators
     * ToEdge() may be called on; the edge itself is the same */
    to_edge te = {y, x};
    gmo_walk_exprs_list(in->body, retarget_to_edge, &te);

    o->iter.sym = y;
    o->iter.name = y->name;
    y->iter_range = GMR_NODES;
    y->iter_source = o->iter.source->sym;
    y->iter_stmt = o;

    in->iter.sym = x;
    in->iter.name = x->name;
    in->iter.source = gm_expr_id(p->arena, y, in->iter.source->loc);
    in->iter.range = new_range;
    x->iter_range = new_range;
    x->iter_source = y;
    x->iter_stmt = in;

    gmo_walk_stmts(in->body, rebind, x);
}

typedef struct flipper {
    gm_program *p;
    int reverse;  /* reverse-edge uses in the procedure */
} flipper;

static void visit(gm_stmt *s, void *ctx)
{
    flipper *f = ctx;
    gm_stmt *in = neighbour_loop(s);
    if (!in)
        return;
    bool pull = in->iter.range == GMR_IN_NBRS;
    /* the reduction target is the outer iterator in pull form, the inner one in push form */
    gm_symbol *target = pull ? s->iter.sym : in->iter.sym;
    if (!only_reductions_to(in->body->body, target))
        return;
    if (pull && f->reverse == 1) {
        flip(f->p, s, in);
        f->reverse--;
    } else if (!pull && f->reverse >= 1) {
        flip(f->p, s, in);
        f->reverse++;
    }
}

void gmo_flip_edges(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (!proc->body)
            continue;
        flipper f = {p, reverse_uses(proc->body->body)};
        gmo_walk_stmts(proc->body->body, visit, &f);
    }
}
