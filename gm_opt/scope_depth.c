/* scope_depth.c: parallel nesting depth of every declaration (see scope_depth.h). */
#include <stdlib.h>

#include "ast_walk.h"
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

/* Both walks below are gm_front's gm_walk_hooked (ast_walk.h): a parallel
 * statement's region is entered after its visitor ran (which may have
 * rewritten it) and left after its bodies. Expressions are not visited: a
 * reduction expression is a loop only after desugaring, and then it is a
 * statement. */
typedef struct region_walk {
    gmo_regions *around;
    gmo_region_fn fn;
    void *ctx;
} region_walk;

static gm_walk_step region_enter(const gm_stmt *cs, void *vctx)
{
    region_walk *w = vctx;
    gm_stmt *s = (gm_stmt *)cs; /* the walk reads s's children after fn returned */
    w->fn(s, w->around, w->ctx);
    if (gmo_is_parallel(s))
        gmo_regions_push(w->around, s);
    return GM_WALK_ON;
}

static bool region_leave(const gm_stmt *s, void *vctx)
{
    region_walk *w = vctx;
    if (w->around->n > 0 && w->around->s[w->around->n - 1] == s)
        w->around->n--;
    return true;
}

void gmo_walk_in_regions(gm_stmt *list, gmo_regions *around, gmo_region_fn fn, void *ctx)
{
    static const gm_walk_hooks hooks = {region_enter, region_leave, NULL, NULL};
    region_walk w = {around, fn, ctx};
    gm_walk_hooked(list, true, &hooks, &w);
}

static void record(gmo_depths *d, const gm_symbol *sym, int depth)
{
    if (gm_symbol_id_below(sym, d->size))
        d->depth[sym->id] = depth;
}

typedef struct depth_walk {
    gmo_depths *d;
    int depth; /* the parallel regions around the statement entered */
} depth_walk;

static gm_walk_step depth_enter(const gm_stmt *s, void *vctx)
{
    depth_walk *w = vctx;
    if (s->kind == GMS_DECL)
        for (gm_name *n = s->names; n; n = n->next)
            record(w->d, n->sym, w->depth);
    w->depth += gmo_is_parallel(s);
    if (s->iter.sym) /* a loop's iterator lies inside its region */
        record(w->d, s->iter.sym, w->depth);
    return GM_WALK_ON;
}

static bool depth_leave(const gm_stmt *s, void *vctx)
{
    depth_walk *w = vctx;
    w->depth -= gmo_is_parallel(s);
    return true;
}

void gmo_depths_compute(gmo_depths *d, const gm_program *p, gm_proc *proc)
{
    d->size = p->next_symbol_id;
    d->depth = calloc((size_t)d->size + 1, sizeof *d->depth);
    if (!d->depth)
        d->size = 0;
    static const gm_walk_hooks hooks = {depth_enter, depth_leave, NULL, NULL};
    depth_walk w = {d, 0};
    if (proc->body)
        gm_walk_hooked(proc->body->body, true, &hooks, &w);
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
