/* gma_walk.c: the pre-order walk of gma_walk.h over statements and
 * expressions, and the symbol-use queries on it (which reductions a loop
 * holds, whether it has neighbour loops, what it writes). */
#include "gma_walk.h"

#include "builtins.h"

static bool walk_expr(const gm_expr *e, gma_expr_visit ev, void *ctx)
{
    for (; e; e = NULL) {
        if (ev && !ev(e, ctx))
            return false;
        if (e->a && !walk_expr(e->a, ev, ctx))
            return false;
        if (e->b && !walk_expr(e->b, ev, ctx))
            return false;
        if (e->c && !walk_expr(e->c, ev, ctx))
            return false;
        for (const gm_expr *x = e->args; x; x = x->next)
            if (!walk_expr(x, ev, ctx))
                return false;
        for (const gm_expr *x = e->out_args; x; x = x->next)
            if (!walk_expr(x, ev, ctx))
                return false;
        if (e->kind == GME_REDUCE) {
            if (e->iter.source && !walk_expr(e->iter.source, ev, ctx))
                return false;
            if (e->iter.filter && !walk_expr(e->iter.filter, ev, ctx))
                return false;
        }
        for (const gm_foreign_seg *f = e->foreign; f; f = f->next)
            if (f->ref && !walk_expr(f->ref, ev, ctx))
                return false;
    }
    return true;
}

static bool walk_list(const gm_expr *list, gma_expr_visit ev, void *ctx)
{
    for (; list; list = list->next)
        if (!walk_expr(list, ev, ctx))
            return false;
    return true;
}

bool gma_walk(const gm_stmt *s, bool list, gma_stmt_visit sv, gma_expr_visit ev, void *ctx)
{
    for (; s; s = list ? s->next : NULL) {
        if (sv && !sv(s, ctx))
            return false;
        if (s->init && !walk_expr(s->init, ev, ctx))
            return false;
        if (s->lhs && !walk_list(s->lhs, ev, ctx))
            return false;
        if (s->rhs && !walk_list(s->rhs, ev, ctx))
            return false;
        if (s->cond && !walk_expr(s->cond, ev, ctx))
            return false;
        if (s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS) {
            if (s->iter.source && !walk_expr(s->iter.source, ev, ctx))
                return false;
            if (s->iter.range_arg && !walk_expr(s->iter.range_arg, ev, ctx))
                return false;
            if (s->iter.filter && !walk_expr(s->iter.filter, ev, ctx))
                return false;
        }
        if (s->root && !walk_expr(s->root, ev, ctx))
            return false;
        if (s->navigator && !walk_expr(s->navigator, ev, ctx))
            return false;
        if (s->rev_filter && !walk_expr(s->rev_filter, ev, ctx))
            return false;
        if (s->value && !walk_list(s->value, ev, ctx))
            return false;
        if (s->modified && !walk_list(s->modified, ev, ctx))
            return false;
        for (const gm_foreign_seg *f = s->foreign; f; f = f->next)
            if (f->ref && !walk_expr(f->ref, ev, ctx))
                return false;
        if (s->body && !gma_walk(s->body, true, sv, ev, ctx))
            return false;
        if (s->then_stmt && !gma_walk(s->then_stmt, false, sv, ev, ctx))
            return false;
        if (s->else_stmt && !gma_walk(s->else_stmt, false, sv, ev, ctx))
            return false;
        if (s->rev_body && !gma_walk(s->rev_body, false, sv, ev, ctx))
            return false;
    }
    return true;
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

bool gma_sym_read(const gm_stmt *s, bool list, const gm_symbol *sym)
{
    use_ctx c = {sym, 0, 0};
    gma_walk(s, list, count_swaps, count_refs, &c);
    int refs = c.refs - c.to_edge;
    c.to_edge = 0;
    gma_walk(s, list, count_stores, NULL, &c);
    return refs > c.to_edge;
}

bool gma_sym_used_expr(const gm_expr *e, const gm_symbol *sym)
{
    gm_stmt tmp = {.kind = GMS_CALL, .value = (gm_expr *)e};
    return gma_sym_used(&tmp, false, sym);
}

bool gma_walk_expr(const gm_expr *e, gma_expr_visit ev, void *ctx)
{
    gm_stmt tmp = {.kind = GMS_CALL, .value = (gm_expr *)e};
    return gma_walk(&tmp, false, NULL, ev, ctx);
}
