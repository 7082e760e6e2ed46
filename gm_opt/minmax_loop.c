/* minmax_loop.c: a sequential loop that only keeps a running minimum (or maximum) is a min= (max=) reduction loop.
 *
 * Contract: `For (t: RANGE) { If (E < m) { m = E; } }` (also `m > E`, and
 * `>` / `<` for a maximum), where m is a local scalar (not a property, not
 * an iterator) of E's type and E is pure and does not read m, becomes
 * `Foreach (t: RANGE) { m min= E @ t; }` (max= for a maximum). Why it is
 * the same: whatever the order, m ends as the smaller of its start and the
 * smallest E, and a strict comparison never stores an equal value. A
 * parallel reduction loop is what the backends balance over threads (the
 * CUDA TWC pull): apps/wcc.gm's label loops over a hub's 100,000 neighbours
 * were one thread's work.
 */
#include "builtins.h"
#include "opt.h"
#include "passes.h"
#include "walk.h"

static const gm_stmt *single(const gm_stmt *s)
{
    while (s && s->kind == GMS_BLOCK && s->body && !s->body->next)
        s = s->body;
    return s && s->kind == GMS_BLOCK ? NULL : s;
}

static bool is_local_scalar(const gm_symbol *m)
{
    return m && m->kind == GMSYM_VAR && !m->is_property && m->type &&
           (m->type->kind == GMT_INT || m->type->kind == GMT_LONG || m->type->kind == GMT_FLOAT ||
            m->type->kind == GMT_DOUBLE || m->type->kind == GMT_NODE);
}

/* Whether cond compares E against m (E < m or m > E: a minimum; E > m or
 * m < E: a maximum); sets *e and *op. */
static bool as_compare(const gm_expr *cond, const gm_symbol *m, const gm_expr **e, gm_assign_op *op)
{
    if (!cond || cond->kind != GME_BINARY || (cond->op != GMOP_LT && cond->op != GMOP_GT))
        return false;
    bool lt = cond->op == GMOP_LT;
    if (cond->b && cond->b->kind == GME_ID && cond->b->sym == m) {
        *e = cond->a; /* E < m: min */
        *op = lt ? GMA_MIN : GMA_MAX;
        return true;
    }
    if (cond->a && cond->a->kind == GME_ID && cond->a->sym == m) {
        *e = cond->b; /* m > E: min */
        *op = lt ? GMA_MAX : GMA_MIN;
        return true;
    }
    return false;
}

static void try_loop(gm_stmt *s)
{
    if (s->kind != GMS_FOREACH || s->parallel || !s->iter.sym || s->iter.filter || s->iter.reverse || !s->body ||
        s->body->kind != GMS_BLOCK)
        return;
    const gm_stmt *guard = single(s->body);
    if (!guard || guard->kind != GMS_IF || guard->else_stmt)
        return;
    gm_stmt *set = (gm_stmt *)single(guard->then_stmt);
    if (!set || set->kind != GMS_ASSIGN || set->assign_op != GMA_ASSIGN || !set->lhs ||
        set->lhs->kind != GME_ID || !is_local_scalar(set->lhs->sym))
        return;
    gm_symbol *m = set->lhs->sym;
    const gm_expr *e;
    gm_assign_op op;
    if (!as_compare(guard->cond, m, &e, &op) || !gm_expr_equal(e, set->rhs) || !gmo_expr_is_pure(set->rhs) ||
        gmo_expr_uses(set->rhs, m) || !set->rhs->type || set->rhs->type->kind != m->type->kind)
        return;
    set->assign_op = op;
    set->bound = s->iter.sym;
    set->bound_name = s->iter.sym->name;
    s->parallel = true;
    s->body->body = set; /* the block keeps only the reduction */
    set->next = NULL;
}

static void visit(gm_stmt *s, void *ctx)
{
    (void)ctx;
    try_loop(s);
}

void gmo_minmax_loop(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gmo_walk_stmts(proc->body->body, visit, NULL);
}
