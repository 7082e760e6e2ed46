/* omp_linked.c: a parallel node loop that counts the linked neighbours of
 * its own node (gm_opt/count_linked.c's x._CountNbrs...(y, z) with x the
 * loop's iterator: the triangle nest, per-node triangle counts) keeps x's
 * row marked in a per-thread bitmap from one count to the next
 * (gmrt_linked.h, "the count with x's row marked"): one gmrt_linked_marks
 * made before the loop and freed after it, each thread's bitmap asked for
 * once as the loop's region opens (em->thread_decl; inside a count where
 * the loop took another form). Every call of the marked count gives the plain
 * count's value, so only the cost depends on x staying the same from call
 * to call, which it does in the loop's own iterations (and over a node's
 * run of edges when the loop runs over edges).
 * OpenMP target: its parallel_loop hook (host code outside parallel
 * regions) and its builtin hook; the decision linked=marks(x) is
 * omp_decide's. */
#include "omp_emit.h"

#include <stdlib.h>

#include "builtins.h"
#include "gma_walk.h"

typedef struct counts_ctx {
    const gm_symbol *x;
    bool found;
} counts_ctx;

static bool is_count_of(const gm_expr *e, const gm_symbol *x)
{
    return e->kind == GME_CALL && e->builtin == GMB_NODE_COUNT_LINKED && e->a && e->a->kind == GME_ID &&
           e->a->sym == x;
}

static bool find_count(const gm_expr *e, void *vctx)
{
    counts_ctx *c = vctx;
    c->found = c->found || is_count_of(e, c->x);
    return !c->found;
}

bool omp_linked_marks_possible(const gm_stmt *s)
{
    if (s->kind != GMS_FOREACH || !s->parallel || !s->iter.sym || !s->iter.sym->type ||
        s->iter.sym->type->kind != GMT_NODE)
        return false;
    counts_ctx c = {s->iter.sym, false};
    if (s->body)
        gma_walk(s->body, false, NULL, find_count, &c);
    if (!c.found && s->iter.filter)
        gma_walk_expr(s->iter.filter, find_count, &c);
    return c.found;
}

bool omp_linked_loop(cg_emit *em, const gm_stmt *s)
{
    omp_state *st = omp_st(em);
    if (em->par_depth > 0 || em->bfs || st->marks_loop == s)
        return false;
    const gma_decisions *ds = gma_decisions_of(em->decided, s, false);
    if (ds ? !gma_decision(ds, "linked") : !omp_linked_marks_possible(s))
        return false;
    char *marks = cg_fresh(em, "marks");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "/* each thread's bitmap of %s's row, kept across its counts (gmrt_linked.h) */",
            s->iter.sym->name);
    cg_line(em, "gmrt_linked_marks *%s = gmrt_linked_marks_new();", marks);
    const gm_stmt *outer_loop = st->marks_loop;
    const char *outer = st->marks, *outer_thread = st->thread_marks;
    st->marks_loop = s;
    st->marks = marks;
    /* each thread finds its bitmap once, before its iterations: asked per
     * count (two OpenMP calls), it took a quarter of a 4096^2 grid's
     * triangle count */
    char *mine = cg_fresh(em, "mk");
    char *decl = cg_strf("gmrt_row_marks *%s = gmrt_linked_marks_mine(%s, %s);", mine, marks,
                         cg_graph_of(em, s->iter.sym->type));
    const gm_stmt *outer_thread_loop = em->thread_loop;
    const char *outer_thread_decl = em->thread_decl;
    const bool outer_made = em->thread_decl_made;
    em->thread_loop = s;
    em->thread_decl = decl;
    em->thread_decl_made = false;
    st->thread_marks = mine;
    cg_foreach(em, s);
    em->thread_loop = outer_thread_loop;
    em->thread_decl = outer_thread_decl;
    em->thread_decl_made = outer_made;
    st->marks_loop = outer_loop;
    st->marks = outer;
    st->thread_marks = outer_thread;
    cg_line(em, "gmrt_linked_marks_free(%s);", marks);
    em->indent--;
    cg_line(em, "}");
    free(decl);
    free(mine);
    free(marks);
    return true;
}

bool omp_linked_builtin(cg_emit *em, const gm_expr *e)
{
    const omp_state *st = omp_st(em);
    if (!st->marks || em->par_depth == 0 || !is_count_of(e, st->marks_loop->iter.sym))
        return false;
    if (em->thread_decl_made && st->thread_marks) {
        cg_count_linked(em, e, st->thread_marks);
        return true;
    }
    /* the loop took a form without the per-thread declaration: asked here */
    char *mine = cg_strf("gmrt_linked_marks_mine(%s, %s)", st->marks, cg_graph_of(em, e->a->type));
    cg_count_linked(em, e, mine);
    free(mine);
    return true;
}
