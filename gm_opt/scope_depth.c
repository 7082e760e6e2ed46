/* scope_depth.c: parallel nesting depth of every declaration (see scope_depth.h). */
#include <stdlib.h>

#include "scope_depth.h"
#include "oom.h"

bool gmo_is_parallel(const gm_stmt *s)
{
    return (s->kind == GMS_FOREACH && s->parallel) || s->kind == GMS_BFS;
}

void gmo_regions_push(gmo_regions *r, gm_stmt *s)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        gm_stmt **grown = realloc(r->s, (size_t)r->cap * sizeof *grown);
        if (!grown)
            gm_out_of_memory("the optimizer", 0);
        r->s = grown;
    }
    r->s[r->n++] = s;
}

void gmo_regions_free(gmo_regions *r)
{
    free(r->s);
    *r = (gmo_regions){0};
}

void gmo_walk_in_regions(gm_stmt *list, gmo_regions *around, gmo_region_fn fn, void *ctx)
{
    for (gm_stmt *s = list; s; s = s->next) {
        fn(s, around, ctx);
        bool par = gmo_is_parallel(s);
        if (par)
            gmo_regions_push(around, s);
        gmo_walk_in_regions(s->body, around, fn, ctx);
        gmo_walk_in_regions(s->rev_body, around, fn, ctx);
        around->n -= par;
        gmo_walk_in_regions(s->then_stmt, around, fn, ctx);
        gmo_walk_in_regions(s->else_stmt, around, fn, ctx);
    }
}

static void record(gmo_depths *d, const gm_symbol *sym, int depth)
{
    if (gm_symbol_id_below(sym, d->size))
        d->depth[sym->id] = depth;
}

static void visit(gmo_depths *d, gm_stmt *list, int depth)
{
    for (gm_stmt *s = list; s; s = s->next) {
        if (s->kind == GMS_DECL)
            for (gm_name *n = s->names; n; n = n->next)
                record(d, n->sym, depth);
        int inner = depth + (gmo_is_parallel(s) ? 1 : 0);
        if (s->iter.sym)
            record(d, s->iter.sym, inner);
        visit(d, s->body, inner);
        visit(d, s->rev_body, inner);
        visit(d, s->then_stmt, depth);
        visit(d, s->else_stmt, depth);
    }
}

void gmo_depths_compute(gmo_depths *d, const gm_program *p, gm_proc *proc)
{
    d->size = p->next_symbol_id;
    d->depth = calloc((size_t)d->size + 1, sizeof *d->depth);
    if (!d->depth)
        d->size = 0;
    if (proc->body)
        visit(d, proc->body->body, 0);
}

void gmo_depths_free(gmo_depths *d)
{
    free(d->depth);
    d->depth = NULL;
    d->size = 0;
}

int gmo_depth_of(const gmo_depths *d, const gm_symbol *sym)
{
    if (!sym || sym->id < 0 || sym->id >= d->size)
        return 0;
    return d->depth[sym->id];
}

gm_symbol *gmo_target_sym(const gm_expr *lhs)
{
    if (!lhs)
        return NULL;
    if (lhs->kind == GME_ID || lhs->kind == GME_PROP)
        return lhs->sym;
    if (lhs->kind == GME_INDEX)
        return gmo_target_sym(lhs->a);
    return NULL;
}
