/* gma_sync_state.c: the replica-state lattice of the sync analysis
 * (gma_sync_internal.h): state vectors, their join, and what a REDUCE
 * leaves behind. Every node property starts STALE (inputs: owners valid,
 * ghosts not loaded; outputs and locals: nothing valid at ghosts). */
#include "gma_sync_internal.h"

#include <stdlib.h>
#include <string.h>

#include "oom.h"

static const rstate stale = {RS_STALE, GMA_OP_NONE, false, -1, RS_IDENT_NONE};

rvec rv_new(const sync_ctx *c)
{
    rvec v = {gm_xrealloc(NULL, (size_t)(c->n ? c->n : 1), sizeof(rstate), "the sync plan"), false};
    for (int i = 0; i < c->n; i++)
        v.s[i] = stale;
    return v;
}

rvec rv_copy(const sync_ctx *c, const rvec *v)
{
    rvec r = rv_new(c);
    rv_set(c, &r, v);
    return r;
}

void rv_set(const sync_ctx *c, rvec *dst, const rvec *src)
{
    if (dst == src)
        return;
    memcpy(dst->s, src->s, (size_t)c->n * sizeof(rstate));
    dst->dead = src->dead;
}

void rv_free(rvec *v)
{
    free(v->s);
    v->s = NULL;
}

bool rv_equal(const sync_ctx *c, const rvec *a, const rvec *b)
{
    if (a->dead != b->dead)
        return false;
    if (a->dead)
        return true;
    for (int i = 0; i < c->n; i++) {
        const rstate *x = &a->s[i], *y = &b->s[i];
        if (x->kind != y->kind || x->op != y->op || x->sparse != y->sparse || x->key != y->key ||
            x->ident != y->ident)
            return false;
    }
    return true;
}

bool rs_idempotent(gma_redop op)
{
    return op == GMA_OP_MIN || op == GMA_OP_MAX || op == GMA_OP_AND || op == GMA_OP_OR;
}

rstate rs_reduced(rstate s)
{
    if (s.kind != RS_PARTIAL)
        return s;
    /* after min=, a ghost holds min(its value, contributions) >= the
     * owner's new value: reducing it again with min= is harmless */
    if (rs_idempotent((gma_redop)s.op))
        return rs_make(RS_DOM, s.op, s.sparse, -1);
    return rs_make(RS_STALE, GMA_OP_NONE, s.sparse, -1);
}

bool rs_needs_reduce(rstate a, rstate b)
{
    if (a.kind != RS_PARTIAL)
        return false;
    return b.kind != RS_PARTIAL || b.op != a.op || b.key != a.key;
}

rstate rs_join(rstate a, rstate b)
{
    bool sparse = a.sparse && b.sparse;
    if (a.kind == RS_PARTIAL || b.kind == RS_PARTIAL) /* equal PARTIALs (callers reduce others) */
        return rs_make(RS_PARTIAL, a.op, sparse, a.key);
    if (a.kind == RS_FRESH && b.kind == RS_FRESH) {
        rstate f = rs_make(RS_FRESH, GMA_OP_NONE, true, -1);
        f.ident = a.ident == b.ident ? a.ident : RS_IDENT_NONE;
        return f;
    }
    if (a.kind == RS_FRESH && b.kind == RS_DOM)
        return rs_make(RS_DOM, b.op, sparse, -1);
    if (b.kind == RS_FRESH && a.kind == RS_DOM)
        return rs_make(RS_DOM, a.op, sparse, -1);
    if (a.kind == RS_DOM && b.kind == RS_DOM && a.op == b.op)
        return rs_make(RS_DOM, a.op, sparse, -1);
    return rs_make(RS_STALE, GMA_OP_NONE, sparse, -1);
}
