/* gma_monotone.c: whether a worklist loop computes the fixpoint of a
 * monotone relaxation whose rounds nothing observes (gma_monotone.h says
 * the shape and why the order of relaxations is then free). */
#include "gma_monotone.h"

#include "builtins.h"
#include "gma_shape.h"
#include "gma_walk.h"

#include <stdlib.h>
#include <string.h>

static const gm_stmt *first_of(const gm_stmt *s) { return s && s->kind == GMS_BLOCK ? s->body : s; }

static bool is_prop_of(const gm_expr *e, const gm_symbol *n, const gm_symbol *p)
{
    return p && gma_prop_of(e, n) == p;
}

/* ---- what the loop writes ------------------------------------------------ */

#define ASYNC_MAX_SYMS 64

typedef struct sym_set {
    const gm_symbol *s[ASYNC_MAX_SYMS];
    int n;
    bool full;
} sym_set;

static bool set_has(const sym_set *set, const gm_symbol *s)
{
    for (int i = 0; i < set->n; i++)
        if (set->s[i] == s)
            return true;
    return false;
}

static void set_add(sym_set *set, const gm_symbol *s)
{
    if (!s || set_has(set, s))
        return;
    if (set->n == ASYNC_MAX_SYMS)
        set->full = true;
    else
        set->s[set->n++] = s;
}

/* Every property and scalar the loop body assigns (declared names too). */
static bool collect_written(const gm_stmt *s, void *vctx)
{
    sym_set *w = vctx;
    if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX) {
        for (const gm_expr *l = s->lhs; l; l = l->next)
            set_add(w, l->sym);
    } else if (s->kind == GMS_DECL) {
        for (const gm_name *nm = s->names; nm; nm = nm->next)
            set_add(w, nm->sym);
    } else if (s->kind == GMS_SWAP) {
        set_add(w, s->lhs ? s->lhs->sym : NULL);
        set_add(w, s->rhs ? s->rhs->sym : NULL);
    }
    return true;
}

static bool collect_declared(const gm_stmt *s, void *vctx)
{
    if (s->kind == GMS_DECL)
        for (const gm_name *nm = s->names; nm; nm = nm->next)
            set_add(vctx, nm->sym);
    return true;
}

static void set_remove(sym_set *set, const gm_symbol *s)
{
    for (int i = 0; i < set->n; i++)
        if (set->s[i] == s) {
            set->s[i] = set->s[--set->n];
            return;
        }
}

/* An expression that reads nothing in `w` and has no effect or hidden input. */
typedef struct pure_ctx {
    const sym_set *w;
    bool ok;
} pure_ctx;

static bool pure_visit(const gm_expr *e, void *vctx)
{
    pure_ctx *p = vctx;
    if ((e->kind == GME_ID || e->kind == GME_PROP) && set_has(p->w, e->sym))
        p->ok = false;
    if (e->kind == GME_CALL && !gma_builtin_graph_query(e->builtin))
        p->ok = false; /* random numbers, collections, user procedures */
    if (e->kind == GME_REDUCE || e->kind == GME_FOREIGN || e->kind == GME_INDEX || e->kind == GME_STRING)
        p->ok = false;
    return p->ok;
}

static bool pure(const gm_expr *e, const sym_set *w)
{
    pure_ctx p = {w, true};
    if (e)
        gma_walk_expr(e, pure_visit, &p);
    return p.ok;
}

/* ---- no scalar carries a value from one round to the next ----------------- */

typedef struct killed_ctx {
    const sym_set *written;
    sym_set *assigned;
    bool ok;
} killed_ctx;

static bool read_visit(const gm_expr *e, void *vctx)
{
    killed_ctx *k = vctx;
    if (e->kind == GME_ID && e->sym && !e->sym->is_property && set_has(k->written, e->sym) &&
        !set_has(k->assigned, e->sym))
        k->ok = false;
    return k->ok;
}

/* Each top-level statement but L1 and L2 is a declaration or a plain scalar
 * assignment that reads only scalars already assigned this round; L2's
 * reductions go into scalars already assigned this round. */
static bool rounds_unobservable(const gm_stmt *loop, const gm_stmt *l1, const gm_stmt *l2, const sym_set *written)
{
    sym_set assigned = {{0}, 0, false};
    killed_ctx k = {written, &assigned, true};
    for (const gm_stmt *s = first_of(loop->body); s && k.ok; s = s->next) {
        if (s == l1)
            continue; /* writes properties only (checked by the caller) */
        if (s == l2) {
            const gm_stmt *list = first_of(l2->body);
            for (const gm_stmt *t = list; t; t = t->next)
                if (t->lhs && t->lhs->kind == GME_ID && !set_has(&assigned, t->lhs->sym))
                    return false;
            continue;
        }
        if (s->kind == GMS_DECL) {
            if (s->init)
                gma_walk_expr(s->init, read_visit, &k);
            for (const gm_name *nm = s->names; nm; nm = nm->next)
                set_add(&assigned, nm->sym);
        } else if (s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN && s->lhs && s->lhs->kind == GME_ID) {
            gma_walk_expr(s->rhs, read_visit, &k);
            set_add(&assigned, s->lhs->sym);
        } else {
            return false;
        }
    }
    if (!k.ok || assigned.full)
        return false;
    for (int i = 0; i < written->n; i++)
        if (!written->s[i]->is_property && !set_has(&assigned, written->s[i]))
            return false; /* a scalar written inside a loop of the body only */
    return true;
}

/* ---- the shape ------------------------------------------------------------ */

/* The candidate f of the arg-min: n.X alone or combined with g by + or -. */
static bool monotone_key(gma_monotone *a, const gm_expr *f, const gm_symbol *n, const sym_set *w)
{
    a->x = NULL;
    a->g = NULL;
    a->op = GMOP_NONE;
    if (f->kind == GME_PROP && f->a && f->a->kind == GME_ID && f->a->sym == n) {
        a->x = f->sym;
        return true;
    }
    if (f->kind != GME_BINARY || (f->op != GMOP_ADD && f->op != GMOP_SUB))
        return false;
    const gm_expr *l = f->a, *r = f->b;
    if (l->kind == GME_PROP && l->a && l->a->kind == GME_ID && l->a->sym == n) {
        a->x = l->sym;
        a->g = r;
        a->x_left = true;
    } else if (f->op == GMOP_ADD && r->kind == GME_PROP && r->a && r->a->kind == GME_ID && r->a->sym == n) {
        a->x = r->sym;
        a->g = l;
        a->x_left = false;
    } else {
        return false;
    }
    a->op = f->op;
    return pure(a->g, w);
}

bool gma_monotone_shape(const gm_stmt *loop, const gm_stmt *l1, const gm_stmt *l2, const gm_symbol *flag,
                      const gm_symbol *next, gma_monotone *a)
{
    memset(a, 0, sizeof *a);
    a->l1 = l1;
    sym_set w = {{0}, 0, false}, local = {{0}, 0, false};
    gma_walk(loop->body, false, collect_written, NULL, &w);
    /* Names declared in the frontier loop are its iterations' own values
     * (their initial values are checked below). */
    gma_walk(l1, false, collect_declared, NULL, &local);
    if (w.full || local.full)
        return false;
    for (int i = 0; i < local.n; i++)
        set_remove(&w, local.s[i]);
    /* L1: the work under n.F is one neighbour loop of n. */
    const gm_symbol *n = l1->iter.sym;
    const gm_stmt *work = gma_only_stmt(l1->body);
    if (!l1->iter.filter) {
        if (!work || work->kind != GMS_IF)
            return false;
        work = gma_only_stmt(work->then_stmt);
    }
    if (!work || work->kind != GMS_FOREACH || work->iter.filter ||
        (work->iter.range != GMR_NBRS && work->iter.range != GMR_IN_NBRS) || !work->iter.source ||
        work->iter.source->kind != GME_ID || work->iter.source->sym != n)
        return false;
    a->inner = work;
    const gm_symbol *s = work->iter.sym;
    /* Its body: declarations of pure values, then the one arg-min. */
    for (const gm_stmt *t = first_of(work->body); t; t = t->next) {
        if (t->kind == GMS_DECL && !a->argmin) {
            if (!t->init || !pure(t->init, &w))
                return false;
            continue;
        }
        if (t->kind != GMS_ARGMINMAX || a->argmin || t->next)
            return false;
        a->argmin = t;
    }
    const gm_stmt *m = a->argmin;
    if (!m || (m->assign_op != GMA_MIN && m->assign_op != GMA_MAX))
        return false;
    const gm_expr *lq = m->lhs, *lf = lq ? lq->next : NULL;
    const gm_expr *rq = m->rhs, *rf = rq ? rq->next : NULL;
    if (!lf || lf->next || !rf || rf->next || rf->kind != GME_BOOL || !rf->bool_val)
        return false;
    a->q = lq->sym;
    if (!is_prop_of(lq, s, a->q) || !is_prop_of(lf, s, next) || a->q == flag || a->q == next)
        return false;
    if (!monotone_key(a, rq, n, &w))
        return false;
    /* L2 copies Q into X (the value f reads): X == Q at every round's end. */
    bool copies = false;
    const gm_symbol *mi = l2->iter.sym;
    for (const gm_stmt *t = first_of(l2->body); t; t = t->next)
        if (t->kind == GMS_ASSIGN && is_prop_of(t->lhs, mi, a->x)) {
            if (!is_prop_of(t->rhs, mi, a->q))
                return false; /* X also gets another value */
            copies = true;
        }
    if (!copies || a->x == a->q || a->x == flag || a->x == next)
        return false;
    /* Q and X live across rounds: one declared in the loop body starts
     * afresh each round, and then Q is not X at the next round's start. */
    sym_set in_loop = {{0}, 0, false};
    gma_walk(loop->body, false, collect_declared, NULL, &in_loop);
    if (in_loop.full || set_has(&in_loop, a->q) || set_has(&in_loop, a->x))
        return false;
    return rounds_unobservable(loop, l1, l2, &w);
}


bool gma_builtin_graph_query(int b)
{
    switch ((gm_builtin)b) {
    case GMB_GRAPH_NUM_NODES:
    case GMB_GRAPH_NUM_EDGES:
    case GMB_NODE_NUM_NBRS:
    case GMB_NODE_NUM_IN_NBRS:
    case GMB_NODE_HAS_EDGE_TO:
    case GMB_NODE_IS_NBR_FROM:
    case GMB_NODE_COUNT_LINKED:
    case GMB_NBR_TO_EDGE:
    case GMB_EDGE_FROM_NODE:
    case GMB_EDGE_TO_NODE:
    case GMB_LOG:
    case GMB_EXP:
    case GMB_POW:
        return true;
    default:
        return false;
    }
}

bool gma_monotone_orderable(const gma_monotone *a)
{
    gm_type_kind k = a->q->type->elem->kind;
    return a->g && (k == GMT_INT || k == GMT_LONG || k == GMT_FLOAT || k == GMT_DOUBLE);
}
