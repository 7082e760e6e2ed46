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

static void consider(gm_stmt *s, const gmo_regions *around, void *ctx)
{
    const gmo_depths *depths = ctx;
    if (s->kind != GMS_ASSIGN || !gmo_is_reduce_op(s->assign_op))
        return;
    gm_symbol *target = gmo_target_sym(s->lhs);
    if (!target || !s->bound)
        return;
    int d = gmo_depth_of(depths, target);
    if (d >= around->n)
        return;
    gm_stmt *outer = around->s[d];
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

void gmo_reduce_bound(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (!proc->body)
            continue;
        gmo_depths depths = {0};
        gmo_regions around = {0};
        gmo_depths_compute(&depths, p, proc);
        gmo_walk_in_regions(proc->body->body, &around, consider, &depths);
        gmo_depths_free(&depths);
        gmo_regions_free(&around);
    }
}
