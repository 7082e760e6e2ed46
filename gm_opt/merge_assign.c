/* merge_assign.c: adjacent group-assignment loops become one loop.
 *
 * Contract: a run of adjacent parallel loops over the same G.Nodes /
 * G.Edges / S.Items whose bodies hold nothing but plain assignments to
 * properties of the loop's own element (what desugaring makes of
 * `G.A = 0; G.B = 1;`) is one loop whose body lists all those assignments in
 * their original order, whenever loop_merge.c finds the merge legal (a later
 * right side reading a property that an earlier one writes is fine through
 * the same element, not through another node).
 */
#include "loop_merge.h"
#include "opt.h"
#include "passes.h"
#include "walk.h"

static bool only_own_assignments(const gm_stmt *loop)
{
    if (loop->kind != GMS_FOREACH || !loop->body || !loop->body->body)
        return false;
    for (const gm_stmt *s = loop->body->body; s; s = s->next)
        if (s->kind != GMS_ASSIGN || s->assign_op != GMA_ASSIGN || s->lhs->kind != GME_PROP ||
            !gmo_is_linear(s->lhs->a, loop->iter.sym))
            return false;
    return true;
}

/* Pre-order over every statement (gm_opt's walk.h): the walk reads s's
 * successor and bodies after the merges. */
static void visit(gm_stmt *s, void *ctx)
{
    gm_program *p = ctx;
    while (s->next && only_own_assignments(s) && only_own_assignments(s->next) &&
           gmo_can_merge_loops(s, s->next))
        gmo_merge_loops(p, s, s->next, false);
}

void gmo_merge_assign(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gmo_walk_stmts(proc->body, visit, p);
}
