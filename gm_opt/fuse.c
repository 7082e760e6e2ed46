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

/* Pre-order over every statement (gm_opt's walk.h): the walk reads s's
 * successor and bodies after the merges. */
static void visit(gm_stmt *s, void *ctx)
{
    gm_program *p = ctx;
    while (s->next && gmo_can_merge_loops(s, s->next))
        gmo_merge_loops(p, s, s->next, true);
}

void gmo_fuse(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gmo_walk_stmts(proc->body, visit, p);
}
