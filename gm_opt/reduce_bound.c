/* reduce_bound.c: bind each reduction to the outermost legal parallel loop.
 *
 * Contract: a reduction assignment (+= *= min= max= &= |=) bound to a
 * parallel loop B is re-bound to L, the outermost parallel Foreach that
 * encloses it inside its target's scope (the first parallel region entered
 * after the target's declaration), when L != B and L's whole body accesses
 * the target only through reductions with the same operator. The value is
 * then complete when L finishes instead of when each run of B finishes;
 * since nothing in L reads it in between, no one can tell the difference,
 * and the backend can privatise the reduction once per L instead of once per
 * inner loop. Arg-min/max statements and loops inside an InBFS body whose
 * target is outside it (L would be the traversal) are left alone.
 */
#include "opt.h"
#include "passes.h"
#include "scope_depth.h"
#include "walk.h"

typedef struct rb {
    gmo_depths depths;
    gmo_regions around; /* enclosing parallel regions, outermost first */
} rb;

typedef struct legality {
    gm_symbol *target;
    gm_assign_op op;
    bool ok;
} legality;

static void check_access(const gmo_access *acc, void *ctx)
{
    legality *l = ctx;
    if (acc->kind == GMO_OPAQUE) {
        l->ok = false;
        return;
    }
    if (acc->sym != l->target)
        return;
    if (acc->kind != GMO_REDUCE || acc->stmt->kind != GMS_ASSIGN || acc->stmt->assign_op != l->op)
        l->ok = false;
}

static void consider(rb *r, gm_stmt *s)
{
    gm_symbol *target = gmo_target_sym(s->lhs);
    if (!target || !s->bound)
        return;
    int d = gmo_depth_of(&r->depths, target);
    if (d >= r->around.n)
        return;
    gm_stmt *outer = r->around.s[d];
    if (outer->kind != GMS_FOREACH || !outer->iter.sym || outer->iter.sym == s->bound)
        return;
    legality l = {target, s->assign_op, true};
    gmo_walk_accesses(outer->body, check_access, &l);
    if (!l.ok)
        return;
    s->bound = outer->iter.sym;
    if (s->bound_name)
        s->bound_name = s->bound->name;
}

static void visit(rb *r, gm_stmt *list)
{
    for (gm_stmt *s = list; s; s = s->next) {
        if (s->kind == GMS_ASSIGN && gmo_is_reduce_op(s->assign_op))
            consider(r, s);
        bool par = gmo_is_parallel(s);
        if (par)
            gmo_regions_push(&r->around, s);
        visit(r, s->body);
        visit(r, s->rev_body);
        r->around.n -= par;
        visit(r, s->then_stmt);
        visit(r, s->else_stmt);
    }
}

void gmo_reduce_bound(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (!proc->body)
            continue;
        rb r = {{0}, {0}};
        gmo_depths_compute(&r.depths, p, proc);
        visit(&r, proc->body->body);
        gmo_depths_free(&r.depths);
        gmo_regions_free(&r.around);
    }
}
