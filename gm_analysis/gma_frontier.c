/* gma_frontier.c: the frontier idiom of round-based loops (Bellman-Ford
 * with updated flags, label propagation written the same way), recognized
 * for the data-driven worklists of both targets. The shape and why a
 * worklist computes the same: gma_frontier.h. */
#include "gma_frontier.h"

#include "gma_shape.h"
#include "gma_walk.h"

#include <stdlib.h>
#include <string.h>

static bool is_true(const gm_expr *e) { return e && e->kind == GME_BOOL && e->bool_val; }
static bool is_false(const gm_expr *e) { return e && e->kind == GME_BOOL && !e->bool_val; }

/* L1: Foreach (n: G.Nodes) whose work is all under n.F; F: a Bool node property. */
static const gm_symbol *frontier_of(const gm_stmt *l)
{
    if (l->kind != GMS_FOREACH || !l->parallel || l->iter.range != GMR_NODES || !l->body)
        return NULL;
    const gm_symbol *n = l->iter.sym, *f = NULL;
    if (l->iter.filter) {
        f = gma_prop_of(l->iter.filter, n);
    } else {
        const gm_stmt *b = gma_only_stmt(l->body);
        if (b && b->kind == GMS_IF && !b->else_stmt)
            f = gma_prop_of(b->cond, n);
    }
    return f && f->type->elem && f->type->elem->kind == GMT_BOOL ? f : NULL;
}

static bool has_y(const gma_frontier *w, const gm_symbol *p)
{
    for (int i = 0; i < w->ny; i++)
        if (w->y[i] == p)
            return true;
    return false;
}

/* L1's stores: F2 only as True, the arg-min that sets it writes its other
 * targets at the same node (those become Y-candidates), F never. */
static bool check_l1(const gm_stmt *s, void *vctx)
{
    gma_frontier *w = vctx;
    if (s->kind == GMS_ARGMINMAX && s->lhs && s->lhs->kind == GME_PROP) {
        const gm_expr *base = s->lhs->a;
        bool sets_next = false;
        const gm_expr *r = s->rhs;
        for (const gm_expr *l = s->lhs; l; l = l->next, r = r ? r->next : NULL)
            if (l->sym == w->next)
                sets_next = is_true(r);
        for (const gm_expr *l = s->lhs; l; l = l->next) {
            if (l->kind != GME_PROP || !l->a || l->a->kind != GME_ID || !base || base->kind != GME_ID ||
                l->a->sym != base->sym || l->sym == w->flag || (l->sym == w->next && !sets_next)) {
                w->ok = false;
                break;
            }
            if (sets_next && l->sym != w->next && w->ny < 16)
                w->y[w->ny++] = l->sym;
            else if (!sets_next)
                w->ok = false; /* a property written at a node nobody appends */
        }
    } else if (s->kind == GMS_ASSIGN && s->lhs && s->lhs->kind == GME_PROP) {
        if (s->lhs->sym == w->flag || (s->lhs->sym == w->next && !(s->assign_op == GMA_ASSIGN && is_true(s->rhs))))
            w->ok = false;
        else if (s->lhs->sym != w->next)
            w->ok = false; /* other stores: the sparse round end could miss them */
    } else if (s->kind == GMS_FOREIGN || s->kind == GMS_BFS || s->kind == GMS_DFS) {
        w->ok = false;
    }
    return w->ok;
}

/* L2: the round end over every node. */
static bool check_l2(gma_frontier *w, const gm_stmt *l)
{
    if (l->kind != GMS_FOREACH || !l->parallel || l->iter.range != GMR_NODES || l->iter.filter || !l->body)
        return false;
    const gm_symbol *m = l->iter.sym;
    const gm_stmt *list = l->body->kind == GMS_BLOCK ? l->body->body : l->body;
    bool shifted = false, cleared = false;
    for (const gm_stmt *s = list; s; s = s->next) {
        if (s->kind != GMS_ASSIGN || !s->lhs)
            return false;
        const gm_symbol *lp = gma_prop_of(s->lhs, m);
        if (s->assign_op == GMA_OR && s->lhs->kind == GME_ID && gma_prop_of(s->rhs, m) == w->flag)
            continue; /* x |= m.F */
        if (s->assign_op != GMA_ASSIGN || !lp)
            return false;
        if (lp == w->flag) {
            if (gma_prop_of(s->rhs, m) != w->next || cleared)
                return false;
            shifted = true;
        } else if (lp == w->next) {
            if (!is_false(s->rhs) || !shifted)
                return false;
            cleared = true;
        } else {
            /* m.X = m.Y: L1 writes Y only where it sets F2 (check_l1), X
             * never (copies_ok) */
            const gm_symbol *y = gma_prop_of(s->rhs, m);
            if (!y || y == w->flag || y == w->next)
                return false;
        }
    }
    return shifted && cleared;
}

typedef struct touch_ctx {
    bool props;
} touch_ctx;

static bool touches_prop_stmt(const gm_stmt *s, void *vctx)
{
    touch_ctx *t = vctx;
    if (s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS || s->kind == GMS_FOREIGN ||
        s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE || s->kind == GMS_SWAP)
        t->props = true;
    return !t->props;
}

static bool touches_prop_expr(const gm_expr *e, void *vctx)
{
    touch_ctx *t = vctx;
    if (e->kind == GME_PROP || e->kind == GME_REDUCE || e->kind == GME_FOREIGN ||
        (e->kind == GME_CALL && e->builtin < 0) || e->kind == GME_INDEX)
        t->props = true;
    return !t->props;
}

/* X of L2's copies is written nowhere in L1; no Y is written in L1 except at
 * flagged nodes (checked by check_l1: every L1 store is at a flagged node). */
static bool copies_ok(const gma_frontier *w)
{
    const gm_symbol *m = w->l2->iter.sym;
    const gm_stmt *list = w->l2->body->kind == GMS_BLOCK ? w->l2->body->body : w->l2->body;
    for (const gm_stmt *s = list; s; s = s->next) {
        const gm_symbol *x = gma_prop_of(s->lhs, m);
        if (!x || x == w->flag || x == w->next)
            continue;
        if (has_y(w, x))
            return false; /* L1 writes the copy's target */
    }
    return true;
}

bool gma_frontier_shape(const gm_stmt *loop, gma_frontier *w)
{
    memset(w, 0, sizeof *w);
    const gm_stmt *list = loop->body && loop->body->kind == GMS_BLOCK ? loop->body->body : loop->body;
    for (const gm_stmt *s = list; s; s = s->next) {
        if (!w->l1 && frontier_of(s)) {
            w->l1 = s;
            w->flag = frontier_of(s);
            continue;
        }
        if (w->l1 && !w->l2 && s->kind == GMS_FOREACH) {
            w->l2 = s;
            continue;
        }
        /* everything else: scalar code only */
        touch_ctx t = {false};
        gma_walk(s, false, touches_prop_stmt, touches_prop_expr, &t);
        if (t.props)
            return false;
    }
    if (!w->l1 || !w->l2 || w->l1->iter.sym->type->graph != w->l2->iter.sym->type->graph)
        return false;
    /* F2: what L2 shifts into F. */
    const gm_symbol *m = w->l2->iter.sym;
    const gm_stmt *l2list = w->l2->body->kind == GMS_BLOCK ? w->l2->body->body : w->l2->body;
    for (const gm_stmt *s = l2list; s; s = s->next)
        if (s->kind == GMS_ASSIGN && gma_prop_of(s->lhs, m) == w->flag)
            w->next = gma_prop_of(s->rhs, m);
    if (!w->next || w->next == w->flag || !w->next->type->elem || w->next->type->elem->kind != GMT_BOOL)
        return false;
    w->ok = true;
    gma_walk(w->l1->body, false, check_l1, NULL, w);
    return w->ok && check_l2(w, w->l2) && copies_ok(w);
}
