/* ast_walk.c: the pre-order walk of ast_walk.h (with post-order leave hooks). */
#include "ast_walk.h"

/* The expression visitors of one walk: pre-order and post-order. */
typedef struct expr_hooks {
    gm_expr_visit pre, post;
} expr_hooks;

static bool walk_expr(const gm_expr *e, bool list, const expr_hooks *x, void *ctx);

static bool walk_iter(const gm_iter *it, const expr_hooks *x, void *ctx)
{
    return walk_expr(it->source, false, x, ctx) && walk_expr(it->range_arg, false, x, ctx) &&
           walk_expr(it->filter, false, x, ctx);
}

static bool walk_foreign(const gm_foreign_seg *f, const expr_hooks *x, void *ctx)
{
    for (; f; f = f->next)
        if (!walk_expr(f->ref, false, x, ctx))
            return false;
    return true;
}

static bool walk_expr(const gm_expr *e, bool list, const expr_hooks *x, void *ctx)
{
    for (; e; e = list ? e->next : NULL) {
        if (x->pre && !x->pre(e, ctx))
            return false;
        if (!walk_expr(e->a, false, x, ctx) || !walk_expr(e->b, false, x, ctx) ||
            !walk_expr(e->c, false, x, ctx) || !walk_expr(e->args, true, x, ctx) ||
            !walk_expr(e->out_args, true, x, ctx) || !walk_iter(&e->iter, x, ctx) ||
            !walk_foreign(e->foreign, x, ctx))
            return false;
        if (x->post && !x->post(e, ctx))
            return false;
    }
    return true;
}

bool gm_walk_expr(const gm_expr *e, bool list, gm_expr_visit ev, void *ctx)
{
    const expr_hooks x = {ev, NULL};
    return walk_expr(e, list, &x, ctx);
}

bool gm_walk_expr_hooked(const gm_expr *e, bool list, const gm_walk_hooks *h, void *ctx)
{
    const expr_hooks x = {h->expr, h->expr_leave};
    return walk_expr(e, list, &x, ctx);
}

/* s's own expressions, in the order of the contract. */
static bool walk_stmt_exprs(const gm_stmt *s, const expr_hooks *x, void *ctx)
{
    return walk_expr(s->init, false, x, ctx) && walk_expr(s->lhs, true, x, ctx) &&
           walk_expr(s->rhs, true, x, ctx) && walk_expr(s->cond, false, x, ctx) &&
           walk_iter(&s->iter, x, ctx) && walk_expr(s->root, false, x, ctx) &&
           walk_expr(s->navigator, false, x, ctx) && walk_expr(s->rev_filter, false, x, ctx) &&
           walk_expr(s->value, true, x, ctx) && walk_expr(s->modified, true, x, ctx) &&
           walk_foreign(s->foreign, x, ctx);
}

bool gm_walk(const gm_stmt *s, bool list, gm_stmt_visit sv, gm_expr_visit ev, void *ctx)
{
    const expr_hooks x = {ev, NULL};
    for (; s; s = list ? s->next : NULL) {
        if (sv && !sv(s, ctx))
            return false;
        if (!walk_stmt_exprs(s, &x, ctx))
            return false;
        if (!gm_walk(s->body, true, sv, ev, ctx) || !gm_walk(s->then_stmt, true, sv, ev, ctx) ||
            !gm_walk(s->else_stmt, true, sv, ev, ctx) || !gm_walk(s->rev_body, true, sv, ev, ctx))
            return false;
    }
    return true;
}

bool gm_walk_hooked(const gm_stmt *s, bool list, const gm_walk_hooks *h, void *ctx)
{
    const expr_hooks x = {h->expr, h->expr_leave};
    for (; s; s = list ? s->next : NULL) {
        gm_walk_step step = h->enter ? h->enter(s, ctx) : GM_WALK_ON;
        if (step == GM_WALK_STOP)
            return false;
        if (step == GM_WALK_SKIP)
            continue;
        if (!walk_stmt_exprs(s, &x, ctx))
            return false;
        if (!gm_walk_hooked(s->body, true, h, ctx) || !gm_walk_hooked(s->then_stmt, true, h, ctx) ||
            !gm_walk_hooked(s->else_stmt, true, h, ctx) || !gm_walk_hooked(s->rev_body, true, h, ctx))
            return false;
        if (h->leave && !h->leave(s, ctx))
            return false;
    }
    return true;
}

void gm_rewrite(gm_stmt **list, const gm_rewrite_hooks *h, void *ctx)
{
    for (gm_stmt **link = list; *link;) {
        gm_rewrite_step step = h->pre ? h->pre(&link, ctx) : GM_REWRITE_ON;
        if (step == GM_REWRITE_AGAIN)
            continue;
        gm_stmt *s = *link;
        if (step == GM_REWRITE_ON) {
            gm_rewrite(&s->body, h, ctx);
            gm_rewrite(&s->then_stmt, h, ctx);
            gm_rewrite(&s->else_stmt, h, ctx);
            gm_rewrite(&s->rev_body, h, ctx);
            if (h->post && h->post(&link, ctx) == GM_REWRITE_AGAIN)
                continue;
        }
        link = &(*link)->next;
    }
}
