/* fuse.c: fusion of adjacent independent Foreach loops.
 *
 * Contract: two adjacent parallel Foreach loops over the same G.Nodes,
 * G.Edges or S.Items are one loop whose body runs the first body and then
 * the second for the same element, whenever loop_merge.c finds it legal:
 * the loops share no symbol except for reads, or properties accessed by
 * both only through their own iterator with plain reads and writes (so a
 * value written by the first for element i is read by the second only for
 * element i). Any random access, reduction or deferred write to a shared
 * symbol, foreign code or procedure call blocks fusion. Each body keeps its
 * own block scope when it declares names. Runs repeatedly, so k loops in a
 * row can become one.
 */
#include "loop_merge.h"
#include "opt.h"
#include "passes.h"
#include "walk.h"

static void visit(gm_program *p, gm_stmt *list)
{
    for (gm_stmt *s = list; s; s = s->next) {
        while (s->next && gmo_can_merge_loops(s, s->next))
            gmo_merge_loops(p, s, s->next, true);
        visit(p, s->body);
        visit(p, s->rev_body);
        visit(p, s->then_stmt);
        visit(p, s->else_stmt);
    }
}

void gmo_fuse(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            visit(p, proc->body);
}
