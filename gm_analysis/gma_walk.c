/* gma_walk.c: the walk of gma_walk.h (gm_front's gm_walk) and the
 * symbol-use queries on it (which reductions a loop holds, whether it has
 * neighbour loops, what it writes). */
#include "gma_walk.h"

#include "builtins.h"

bool gma_walk(const gm_stmt *s, bool list, gma_stmt_visit sv, gma_expr_visit ev, void *ctx)
{
    return gm_walk(s, list, sv, ev, ctx);
}

/* Counts references to a symbol; a neighbour iterator used only as the
 * receiver of ToEdge() is not referenced in C (the edge index is). */
typedef struct use_ctx {
    const gm_symbol *sym;
    int refs, to_edge;
} use_ctx;

static bool count_refs(const gm_expr *e, void *vctx)
{
    use_ctx *c = vctx;
    if ((e->kind == GME_ID || (e->kind == GME_CALL && e->builtin < 0)) && e->sym == c->sym)
        c->refs++;
    if (e->kind == GME_PROP && e->sym == c->sym)
        c->refs++;
    if (e->kind == GME_CALL && e->builtin == GMB_NBR_TO_EDGE && e->a && e->a->kind == GME_ID &&
        e->a->sym == c->sym)
        c->to_edge++;
    return true;
}

static bool count_swaps(const gm_stmt *s, void *vctx)
{
    use_ctx *c = vctx;
    if (s->kind == GMS_SWAP && ((s->lhs && s->lhs->sym == c->sym) || (s->rhs && s->rhs->sym == c->sym)))
        c->refs++;
    return true;
}

bool gma_sym_used(const gm_stmt *s, bool list, const gm_symbol *sym)
{
    use_ctx c = {sym, 0, 0};
    gma_walk(s, list, count_swaps, count_refs, &c);
    return c.refs > c.to_edge;
}

static bool count_stores(const gm_stmt *s, void *vctx)
{
    use_ctx *c = vctx;
    if (s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN && s->lhs && s->lhs->kind == GME_ID &&
        s->lhs->sym == c->sym)
        c->to_edge++; /* a plain store: not a read */
    return true;
}

/* A procedure call's output argument: a store, not a read. */
static bool count_outputs(const gm_expr *e, void *vctx)
{
    use_ctx *c = vctx;
    if (e->kind == GME_CALL && e->builtin < 0)
        for (const gm_expr *o = e->out_args; o; o = o->next)
            if (o->kind == GME_ID && o->sym == c->sym)
                c->to_edge++;
    return true;
}

bool gma_sym_read(const gm_stmt *s, bool list, const gm_symbol *sym)
{
    use_ctx c = {sym, 0, 0};
    gma_walk(s, list, count_swaps, count_refs, &c);
    int refs = c.refs - c.to_edge;
    c.to_edge = 0;
    gma_walk(s, list, count_stores, count_outputs, &c);
    return refs > c.to_edge;
}

typedef struct store_ctx {
    const gm_symbol *sym;
    bool found;
} store_ctx;

static bool lists_sym(const gm_expr *list, const gm_symbol *sym)
{
    for (const gm_expr *l = list; l; l = l->next)
        if (l->sym == sym)
            return true;
    return false;
}

static bool find_store(const gm_stmt *s, void *vctx)
{
    store_ctx *c = vctx;
    if (((s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX) && lists_sym(s->lhs, c->sym)) ||
        (s->kind == GMS_SWAP && ((s->lhs && s->lhs->sym == c->sym) || (s->rhs && s->rhs->sym == c->sym))) ||
        (s->kind == GMS_FOREIGN && lists_sym(s->modified, c->sym)) || s->levels_in == c->sym ||
        s->min_label == c->sym)
        c->found = true;
    return !c->found;
}

/* A procedure's call may write its arguments (outputs): any mention counts. */
static bool find_call_arg(const gm_expr *e, void *vctx)
{
    store_ctx *c = vctx;
    if (e->kind == GME_CALL && e->builtin < 0) {
        gm_stmt tmp = {.kind = GMS_CALL, .value = (gm_expr *)e};
        use_ctx u = {c->sym, 0, 0};
        gma_walk(&tmp, false, count_swaps, count_refs, &u);
        c->found = c->found || u.refs > 0;
    }
    return !c->found;
}

bool gma_sym_stored(const gm_stmt *s, bool list, const gm_symbol *sym)
{
    if (sym->foreign_use) /* foreign code names it: it may write it */
        return true;
    store_ctx c = {sym, false};
    gma_walk(s, list, find_store, find_call_arg, &c);
    return c.found;
}

bool gma_sym_used_expr(const gm_expr *e, const gm_symbol *sym)
{
    gm_stmt tmp = {.kind = GMS_CALL, .value = (gm_expr *)e};
    return gma_sym_used(&tmp, false, sym);
}

bool gma_walk_expr(const gm_expr *e, gma_expr_visit ev, void *ctx)
{
    return gm_walk_expr(e, true, ev, ctx);
}

typedef struct within_ctx {
    const gm_stmt *want;
    bool found;
} within_ctx;

static bool find_stmt(const gm_stmt *s, void *vctx)
{
    within_ctx *f = vctx;
    if (s == f->want)
        f->found = true;
    return !f->found;
}

bool gma_stmt_within(const gm_stmt *outer, const gm_stmt *s)
{
    within_ctx f = {s, false};
    if (s)
        gma_walk(outer, false, find_stmt, NULL, &f);
    return f.found;
}
