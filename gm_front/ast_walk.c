/* ast_walk.c: the pre-order walk of ast_walk.h. */
#include "ast_walk.h"

static bool walk_iter(const gm_iter *it, gm_expr_visit ev, void *ctx)
{
    return gm_walk_expr(it->source, false, ev, ctx) && gm_walk_expr(it->range_arg, false, ev, ctx) &&
           gm_walk_expr(it->filter, false, ev, ctx);
}

static bool walk_foreign(const gm_foreign_seg *f, gm_expr_visit ev, void *ctx)
{
    for (; f; f = f->next)
        if (!gm_walk_expr(f->ref, false, ev, ctx))
            return false;
    return true;
}

bool gm_walk_expr(const gm_expr *e, bool list, gm_expr_visit ev, void *ctx)
{
    for (; e; e = list ? e->next : NULL) {
        if (ev && !ev(e, ctx))
            return false;
        if (!gm_walk_expr(e->a, false, ev, ctx) || !gm_walk_expr(e->b, false, ev, ctx) ||
            !gm_walk_expr(e->c, false, ev, ctx) || !gm_walk_expr(e->args, true, ev, ctx) ||
            !gm_walk_expr(e->out_args, true, ev, ctx) || !walk_iter(&e->iter, ev, ctx) ||
            !walk_foreign(e->foreign, ev, ctx))
            return false;
    }
    return true;
}

/* s's own expressions, in the order of the contract. */
static bool walk_stmt_exprs(const gm_stmt *s, gm_expr_visit ev, void *ctx)
{
    return gm_walk_expr(s->init, false, ev, ctx) && gm_walk_expr(s->lhs, true, ev, ctx) &&
           gm_walk_expr(s->rhs, true, ev, ctx) && gm_walk_expr(s->cond, false, ev, ctx) &&
           walk_iter(&s->iter, ev, ctx) && gm_walk_expr(s->root, false, ev, ctx) &&
           gm_walk_expr(s->navigator, false, ev, ctx) && gm_walk_expr(s->rev_filter, false, ev, ctx) &&
           gm_walk_expr(s->value, true, ev, ctx) && gm_walk_expr(s->modified, true, ev, ctx) &&
           walk_foreign(s->foreign, ev, ctx);
}

bool gm_walk(const gm_stmt *s, bool list, gm_stmt_visit sv, gm_expr_visit ev, void *ctx)
{
    for (; s; s = list ? s->next : NULL) {
        if (sv && !sv(s, ctx))
            return false;
        if (!walk_stmt_exprs(s, ev, ctx))
            return false;
        if (!gm_walk(s->body, true, sv, ev, ctx) || !gm_walk(s->then_stmt, true, sv, ev, ctx) ||
            !gm_walk(s->else_stmt, true, sv, ev, ctx) || !gm_walk(s->rev_body, true, sv, ev, ctx))
            return false;
    }
    return true;
}

bool gm_walk_hooked(const gm_stmt *s, bool list, const gm_walk_hooks *h, void *ctx)
{
    for (; s; s = list ? s->next : NULL) {
        gm_walk_step step = h->enter ? h->enter(s, ctx) : GM_WALK_ON;
        if (step == GM_WALK_STOP)
            return false;
        if (step == GM_WALK_SKIP)
            continue;
        if (!walk_stmt_exprs(s, h->expr, ctx))
            return false;
        if (!gm_walk_hooked(s->body, true, h, ctx) || !gm_walk_hooked(s->then_stmt, true, h, ctx) ||
            !gm_walk_hooked(s->else_stmt, true, h, ctx) || !gm_walk_hooked(s->rev_body, true, h, ctx))
            return false;
        if (h->leave && !h->leave(s, ctx))
            return false;
    }
    return true;
}
