/* gma_sync_place.c: the placement walk of the sync analysis (gma_sync.h,
 * distributed.md section 7). It walks one procedure's host statements with
 * a state vector (gma_sync_internal.h), applies each parallel loop's access
 * record (gma_plan.h) and each host statement's owner reads and writes, and
 * places syncs lazily, just before the first use that needs them:
 *   - a loop reading P through a neighbour needs FRESH: BROADCAST (after a
 *     REDUCE when PARTIAL);
 *   - a linear read or write, a host read and the procedure's end (for its
 *     node property parameters) need owners complete: REDUCE when PARTIAL;
 *   - a loop reducing P through a neighbour makes it PARTIAL(op), after a
 *     RESET of the ghost slice unless the ghosts already hold values the op
 *     may keep (PARTIAL(op), or FRESH/DOM(op) for an idempotent op);
 *   - a loop writing or reducing an outer scalar: ALLREDUCE after it.
 * At control-flow joins (If, the heads of While, Do-While and host For) a
 * PARTIAL that the other edge does not share is reduced on its own edge (at
 * the end of its branch or body, or before the statement), so every join
 * point has one state. Loops run to a fixpoint in dry walks (record false),
 * then once more recording. */
#include "gma_sync_internal.h"

#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "builtins.h"
#include "oom.h"

#define NBR_IX                                                                                  \
    ((1u << GMA_IX_OUT_NBR) | (1u << GMA_IX_IN_NBR) | (1u << GMA_IX_UP_NBR) |                     \
     (1u << GMA_IX_DOWN_NBR) | (1u << GMA_IX_EDGE_SRC) | (1u << GMA_IX_EDGE_DST))
#define OWN_IX (1u << GMA_IX_OWNER)

static void walk_list(sync_ctx *c, const gm_stmt *s, rvec *v);
static void walk_stmt(sync_ctx *c, const gm_stmt *s, rvec *v);

static bool is_node_prop(const gm_symbol *sym)
{
    return sym && sym->type && sym->type->kind == GMT_NODE_PROP;
}

static int slot(sync_ctx *c, const gm_symbol *sym)
{
    if (!is_node_prop(sym) || !gm_symbol_id_below(sym, c->n))
        return -1;
    c->syms[sym->id] = sym;
    return sym->id;
}

/* ------------------------------------------------------------------ */
/* Placing                                                             */

int sync_order_of(const sync_ctx *c, const gm_stmt *s)
{
    for (int i = 0; i < c->norder; i++)
        if (c->order[i] == s)
            return i;
    return c->norder;
}

void sync_place(sync_ctx *c, gma_sync_kind kind, const gm_symbol *sym, gma_redop op, sync_edge e,
                bool sparse, gm_loc loc)
{
    if (!c->record || !e.at)
        return;
    sync_plan_full *f = c->sp;
    gma_sync_plan *p = &f->pub;
    if (p->n == f->sync_cap) {
        f->sync_cap = f->sync_cap ? 2 * f->sync_cap : 16;
        p->syncs = gm_xrealloc(p->syncs, (size_t)f->sync_cap, sizeof *p->syncs, "the sync plan");
        f->sync_order = gm_xrealloc(f->sync_order, (size_t)f->sync_cap, sizeof *f->sync_order, "the sync plan");
    }
    p->syncs[p->n] = (gma_sync){kind, sym, op, e.at, e.after, sparse, loc};
    f->sync_order[p->n] = sync_order_of(c, e.at);
    p->n++;
}

static void place_span(sync_ctx *c, const gm_stmt *loop, gma_span span)
{
    if (!c->record || span == GMA_SPAN_OWNERS)
        return;
    sync_plan_full *f = c->sp;
    gma_sync_plan *p = &f->pub;
    if (p->nspans == f->span_cap) {
        f->span_cap = f->span_cap ? 2 * f->span_cap : 8;
        p->span_loops = gm_xrealloc(p->span_loops, (size_t)f->span_cap, sizeof *p->span_loops, "the sync plan");
        p->spans = gm_xrealloc(p->spans, (size_t)f->span_cap, sizeof *p->spans, "the sync plan");
        f->span_order = gm_xrealloc(f->span_order, (size_t)f->span_cap, sizeof *f->span_order, "the sync plan");
    }
    p->span_loops[p->nspans] = loop;
    p->spans[p->nspans] = span;
    f->span_order[p->nspans] = sync_order_of(c, loop);
    p->nspans++;
}

static void reduce_one(sync_ctx *c, rvec *v, int id, sync_edge e, gm_loc loc)
{
    rstate *s = &v->s[id];
    if (s->kind != RS_PARTIAL)
        return;
    sync_place(c, GMA_SYNC_REDUCE, c->syms[id], (gma_redop)s->op, e, s->sparse, loc);
    *s = rs_reduced(*s);
}

void sync_reduce_slot(sync_ctx *c, rvec *v, int id, sync_edge e, gm_loc loc)
{
    if (v->dead || id < 0 || v->s[id].kind != RS_PARTIAL)
        return;
    int key = v->s[id].key >= 0 ? v->s[id].key : id;
    reduce_one(c, v, key, e, loc); /* the key first: payloads follow its winners */
    for (int i = 0; i < c->n; i++)
        if (v->s[i].kind == RS_PARTIAL && v->s[i].key == key)
            reduce_one(c, v, i, e, loc);
}

/* Joins b into a; a PARTIAL that one side does not share is reduced on that
 * side's edge (ea or eb; an edge with no statement must not need one: the
 * callers reduce such sides before the statement). */
static void join_into(sync_ctx *c, rvec *a, sync_edge ea, rvec *b, sync_edge eb, gm_loc loc)
{
    if (b->dead)
        return;
    if (a->dead) {
        rv_set(c, a, b);
        return;
    }
    for (int i = 0; i < c->n; i++) {
        if (rs_needs_reduce(a->s[i], b->s[i]))
            sync_reduce_slot(c, a, i, ea, loc);
        if (rs_needs_reduce(b->s[i], a->s[i]))
            sync_reduce_slot(c, b, i, eb, loc);
    }
    for (int i = 0; i < c->n; i++)
        a->s[i] = rs_join(a->s[i], b->s[i]);
}

/* ------------------------------------------------------------------ */
/* Host reads and writes                                               */

typedef struct host_reads {
    sync_ctx *c;
    rvec *v;
    sync_edge e;
    gm_loc loc;
} host_reads;

static bool host_read_expr(const gm_expr *x, void *vctx)
{
    host_reads *h = vctx;
    if (x->kind == GME_PROP && is_node_prop(x->sym))
        sync_reduce_slot(h->c, h->v, slot(h->c, x->sym), h->e, h->loc); /* owner read: owners complete */
    return true;
}

/* Every node property the host expressions e (a list when list) read needs
 * owners complete before s. */
static void host_reads_of(sync_ctx *c, rvec *v, const gm_stmt *s, const gm_expr *e, bool list)
{
    host_reads h = {c, v, {s, false}, s->loc};
    if (e)
        gm_walk_expr(e, list, host_read_expr, &h);
}

/* x.P = e on the host: the owner of x writes, the ghosts go stale. */
static void host_write(sync_ctx *c, rvec *v, const gm_stmt *s, const gm_expr *t, gm_assign_op op)
{
    if (!t || t->kind != GME_PROP || !is_node_prop(t->sym))
        return;
    int id = slot(c, t->sym);
    if (id < 0)
        return;
    if (op != GMA_ASSIGN) /* x.P += e reads the owner too */
        host_reads_of(c, v, s, t, false);
    else
        sync_reduce_slot(c, v, id, (sync_edge){s, false}, s->loc);
    rstate *st = &v->s[id];
    bool sparse = st->kind == RS_FRESH || st->sparse; /* one node changed */
    *st = rs_make(RS_STALE, GMA_OP_NONE, sparse, -1);
}

/* ------------------------------------------------------------------ */
/* Parallel loops                                                      */

typedef struct prop_use {
    int id;
    bool rd_nbr, rd_own, wr_own, wr_nbr;
    gma_redop red_own, red_nbr; /* NONE: no reduction */
    int key;                    /* a payload's key id, else -1 */
} prop_use;

static unsigned uses_of(const gma_access *a, gma_mode mode, gma_redop *op)
{
    unsigned ix = 0;
    for (int i = 0; i < a->nuses; i++)
        if (a->uses[i].mode == mode) {
            ix |= a->uses[i].index;
            if (op && *op == GMA_OP_NONE)
                *op = a->uses[i].op;
        }
    return ix;
}

typedef struct key_find {
    const gm_symbol *payload;
    const gm_symbol *key;
} key_find;

static bool find_key(const gm_stmt *s, void *vctx)
{
    key_find *k = vctx;
    if (s->kind != GMS_ARGMINMAX || !s->lhs)
        return true;
    for (const gm_expr *t = s->lhs->next; t; t = t->next)
        if (t->kind == GME_PROP && t->sym == k->payload && s->lhs->kind == GME_PROP) {
            k->key = s->lhs->sym;
            return false;
        }
    return true;
}

static prop_use prop_use_of(sync_ctx *c, const gma_record *r, const gma_access *a)
{
    prop_use u = {slot(c, a->sym), false, false, false, false, GMA_OP_NONE, GMA_OP_NONE, -1};
    unsigned rd = uses_of(a, GMA_READ, NULL), wr = uses_of(a, GMA_WRITE, NULL);
    u.rd_nbr = rd & NBR_IX;
    u.rd_own = rd & OWN_IX;
    u.wr_nbr = wr & NBR_IX;
    u.wr_own = wr & OWN_IX;
    for (int i = 0; i < a->nuses; i++) {
        const gma_use *x = &a->uses[i];
        if (x->mode == GMA_REDUCE && x->op == GMA_OP_DEFER) { /* <= the passes left: a store */
            u.wr_nbr = u.wr_nbr || (x->index & NBR_IX);
            u.wr_own = u.wr_own || (x->index & OWN_IX);
            continue;
        }
        if (x->mode != GMA_REDUCE)
            continue;
        if ((x->index & NBR_IX) && u.red_nbr == GMA_OP_NONE)
            u.red_nbr = x->op;
        if ((x->index & OWN_IX) && u.red_own == GMA_OP_NONE)
            u.red_own = x->op;
    }
    if ((u.red_nbr == GMA_OP_ARGMIN || u.red_nbr == GMA_OP_ARGMAX) && r->stmt) {
        key_find k = {a->sym, NULL};
        gm_walk(r->stmt, false, find_key, NULL, &k);
        u.key = k.key ? slot(c, k.key) : -1;
    }
    return u;
}

/* ALL_LOCAL: every statement's reads are of properties FRESH at entry or
 * written unconditionally before it in the body. */
typedef struct local_ctx {
    sync_ctx *c;
    const rvec *v;
    const gm_symbol *own;
    bool *written; /* by id */
    bool ok;
    const gm_expr *target; /* the plain-store target of the statement being walked */
} local_ctx;

static bool local_expr(const gm_expr *x, void *vctx)
{
    local_ctx *l = vctx;
    if (x == l->target) /* n.P = e does not read n.P */
        return l->ok;
    switch (x->kind) {
    case GME_PROP:
        if (x->sym && x->sym->type && x->sym->type->kind == GMT_EDGE_PROP)
            l->ok = false;
        else if (is_node_prop(x->sym)) {
            int id = slot(l->c, x->sym);
            if (id < 0 || (l->v->s[id].kind != RS_FRESH && !l->written[id]))
                l->ok = false;
        }
        break;
    case GME_REDUCE:
    case GME_FOREIGN:
    case GME_INDEX:
        l->ok = false;
        break;
    case GME_CALL:
        /* randomness and procedures: a ghost would not compute its owner's value;
         * degrees are global at ghosts too (distributed.md 5.1) */
        if (x->builtin == -1 || x->builtin == GMB_UNIFORM || x->builtin == GMB_RAND ||
            x->builtin == GMB_GRAPH_PICK_RANDOM || x->builtin == GMB_NODE_PICK_RANDOM_NBR ||
            /* a ghost has no edges here: adjacency queries run at owners */
            x->builtin == GMB_NODE_HAS_EDGE_TO || x->builtin == GMB_NODE_IS_NBR_FROM ||
            x->builtin == GMB_NODE_COUNT_LINKED)
            l->ok = false;
        break;
    default:
        break;
    }
    return l->ok;
}

static bool local_stmt(const gm_stmt *s, void *vctx)
{
    local_ctx *l = vctx;
    l->target = s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN ? s->lhs : NULL;
    switch (s->kind) {
    case GMS_FOREACH: case GMS_BFS: case GMS_DFS: case GMS_RETURN: case GMS_CALL:
    case GMS_FOREIGN: case GMS_PRINT: case GMS_SWAP: case GMS_WHILE: case GMS_DO_WHILE:
        l->ok = false;
        break;
    case GMS_ASSIGN:
    case GMS_ARGMINMAX:
        /* reduced targets are read too; plain targets are not */
        for (const gm_expr *t = s->lhs; t; t = t->next)
            if (t->kind == GME_PROP && (s->kind == GMS_ARGMINMAX || s->assign_op != GMA_ASSIGN))
                local_expr(t, l);
        break;
    default:
        break;
    }
    return l->ok;
}

static void local_check_stmt(local_ctx *l, const gm_stmt *s)
{
    if (!l->ok)
        return;
    if (s->kind == GMS_ASSIGN && s->lhs && s->lhs->kind == GME_PROP) {
        /* the target's base is the own node (the record said so); its value
         * is not read by a plain store */
        if (s->assign_op != GMA_ASSIGN)
            local_expr(s->lhs, l);
        if (s->rhs)
            gm_walk_expr(s->rhs, false, local_expr, l);
        return;
    }
    gm_walk(s, false, local_stmt, local_expr, l);
}

static bool all_local(sync_ctx *c, const gma_record *r, const rvec *v)
{
    if (r->space != GMA_SPACE_NODES || !r->stmt || r->nscalars || r->nwhy)
        return false;
    bool writes = false;
    for (int i = 0; i < r->nprops; i++) {
        const gma_access *a = &r->props[i];
        if (a->edge)
            return false;
        for (int j = 0; j < a->nuses; j++) {
            if (a->uses[j].index != OWN_IX)
                return false;
            if (a->uses[j].mode != GMA_READ)
                writes = true;
        }
    }
    if (!writes)
        return false;
    local_ctx l = {c, v, r->own, calloc((size_t)(c->n ? c->n : 1), sizeof(bool)), true, NULL};
    if (!l.written)
        gm_out_of_memory("the sync plan", (size_t)c->n);
    if (r->stmt->iter.filter)
        gm_walk_expr(r->stmt->iter.filter, false, local_expr, &l);
    const gm_stmt *body = r->stmt->body;
    const gm_stmt *list = body && body->kind == GMS_BLOCK ? body->body : body;
    for (const gm_stmt *s = list; s && l.ok; s = s->next) {
        local_check_stmt(&l, s);
        if (s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN && s->lhs && s->lhs->kind == GME_PROP) {
            int id = slot(c, s->lhs->sym);
            if (id >= 0)
                l.written[id] = true;
        }
    }
    bool ok = l.ok;
    free(l.written);
    return ok;
}

static bool reads_node_prop(const gm_expr *x, void *vctx)
{
    if (x->kind == GME_PROP && is_node_prop(x->sym))
        *(bool *)vctx = true;
    return true;
}

/* A frontier: the loop's filter reads a node property (n.updated), so only
 * the nodes a previous round touched run; a filter on degrees is no frontier. */
static bool frontier(const gma_record *r)
{
    bool reads = false;
    if (r->filter)
        gm_walk_expr(r->filter, false, reads_node_prop, &reads);
    return reads;
}

/* 0 or 1 when e is that constant (through casts), else NONE. */
static int const_class(const gm_expr *e)
{
    while (e && e->kind == GME_CAST)
        e = e->a;
    if (e && e->kind == GME_INT && (e->int_val == 0 || e->int_val == 1))
        return e->int_val ? RS_IDENT_ONE : RS_IDENT_ZERO;
    if (e && e->kind == GME_FLOAT && (e->float_val == 0.0 || e->float_val == 1.0))
        return e->float_val != 0.0 ? RS_IDENT_ONE : RS_IDENT_ZERO;
    return RS_IDENT_NONE;
}

typedef struct store_find {
    const gm_symbol *sym;
    bool found;
} store_find;

static bool find_store(const gm_stmt *s, void *vctx)
{
    store_find *f = vctx;
    if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX)
        for (const gm_expr *t = s->lhs; t; t = t->next)
            if (t->kind == GME_PROP && t->sym == f->sym)
                f->found = true;
    return !f->found;
}

/* What an unfiltered all-local loop leaves in every replica of P: 0 or 1
 * when its body's last store to P is an unconditional top-level `n.P = 0`
 * (or 1), else NONE. */
static int const_store(const gma_record *r, const gm_symbol *sym)
{
    if (r->filter || !r->stmt)
        return RS_IDENT_NONE;
    const gm_stmt *body = r->stmt->body;
    int ident = RS_IDENT_NONE;
    for (const gm_stmt *s = body && body->kind == GMS_BLOCK ? body->body : body; s; s = s->next) {
        if (s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN && s->lhs && s->lhs->kind == GME_PROP &&
            s->lhs->sym == sym) {
            ident = const_class(s->rhs);
            continue;
        }
        store_find f = {sym, false};
        gm_walk(s, false, find_store, NULL, &f);
        if (f.found)
            ident = RS_IDENT_NONE;
    }
    return ident;
}

/* The syncs a parallel loop s with record r needs before it, its span, the
 * state it leaves and the scalars to combine after it. */
static void apply_record(sync_ctx *c, const gm_stmt *s, const gma_record *r, rvec *v)
{
    if (v->dead)
        return;
    sync_edge before = {s, false};
    int np = r->nprops;
    prop_use *u = gm_xrealloc(NULL, (size_t)(np ? np : 1), sizeof *u, "the sync plan");
    for (int i = 0; i < np; i++)
        u[i] = r->props[i].edge ? (prop_use){.id = -1} : prop_use_of(c, r, &r->props[i]);

    /* 1. reductions: owners complete before a read or a write that would not commute */
    for (int i = 0; i < np; i++) {
        if (u[i].id < 0)
            continue;
        rstate st = v->s[u[i].id];
        if (st.kind != RS_PARTIAL)
            continue;
        bool keep = !u[i].rd_nbr && !u[i].rd_own && !u[i].wr_own && !u[i].wr_nbr;
        if (u[i].red_nbr != GMA_OP_NONE && (u[i].red_nbr != st.op || u[i].key != st.key))
            keep = false;
        if (u[i].red_own != GMA_OP_NONE && u[i].red_own != st.op)
            keep = false;
        if (!keep)
            sync_reduce_slot(c, v, u[i].id, before, r->loc);
    }
    /* 2. broadcasts: ghosts fresh before a read through a neighbour */
    for (int i = 0; i < np; i++) {
        if (u[i].id < 0 || !u[i].rd_nbr)
            continue;
        rstate *st = &v->s[u[i].id];
        if (st->kind != RS_FRESH) {
            sync_place(c, GMA_SYNC_BROADCAST, c->syms[u[i].id], GMA_OP_NONE, before, st->sparse, r->loc);
            *st = rs_make(RS_FRESH, GMA_OP_NONE, true, -1);
        }
    }
    /* 3. resets: ghost slices start at the identity of a non-kept op */
    for (int i = 0; i < np; i++) {
        gma_redop op = u[i].red_nbr;
        if (u[i].id < 0 || op == GMA_OP_NONE || op == GMA_OP_ARGMIN || op == GMA_OP_ARGMAX)
            continue;
        rstate st = v->s[u[i].id];
        bool keep = (st.kind == RS_PARTIAL && st.op == op) || (st.kind == RS_FRESH && rs_idempotent(op)) ||
                    (st.kind == RS_DOM && st.op == op) ||
                    /* every ghost already holds the identity (an all-local G.P = 0) */
                    (st.kind == RS_FRESH && (op == GMA_OP_SUM || op == GMA_OP_SUB) && st.ident == RS_IDENT_ZERO) ||
                    (st.kind == RS_FRESH && op == GMA_OP_MUL && st.ident == RS_IDENT_ONE);
        if (!keep)
            sync_place(c, GMA_SYNC_RESET, c->syms[u[i].id], op, before, false, r->loc);
    }

    gma_span span = r->stmt && all_local(c, r, v) ? GMA_SPAN_ALL_LOCAL : GMA_SPAN_OWNERS;
    if (r->stmt)
        place_span(c, r->stmt, span);

    /* the states the loop leaves */
    bool filtered = frontier(r);
    for (int i = 0; i < np; i++) {
        if (u[i].id < 0)
            continue;
        rstate *st = &v->s[u[i].id];
        rstate old = *st;
        if (u[i].red_nbr != GMA_OP_NONE || u[i].wr_nbr) {
            gma_redop op = u[i].red_nbr != GMA_OP_NONE ? u[i].red_nbr : GMA_OP_NONE;
            bool was = old.kind == RS_PARTIAL && old.op == op;
            *st = rs_make(RS_PARTIAL, op, (was ? old.sparse : true) && filtered, u[i].key);
        } else if ((u[i].wr_own || u[i].red_own != GMA_OP_NONE) && span == GMA_SPAN_ALL_LOCAL) {
            *st = rs_make(RS_FRESH, GMA_OP_NONE, true, -1);
            st->ident = (unsigned char)const_store(r, c->syms[u[i].id]);
        } else if (u[i].wr_own) {
            bool sparse = filtered && (old.kind == RS_FRESH || old.sparse);
            *st = rs_make(RS_STALE, GMA_OP_NONE, sparse, -1);
        } else if (u[i].red_own != GMA_OP_NONE) {
            gma_redop op = u[i].red_own;
            bool sparse = filtered && (old.kind == RS_FRESH || old.sparse);
            if (old.kind == RS_PARTIAL && old.op == op)
                ; /* owners and ghosts keep combining with op */
            else if (rs_idempotent(op) && (old.kind == RS_FRESH || (old.kind == RS_DOM && old.op == op)))
                *st = rs_make(RS_DOM, op, sparse, -1);
            else
                *st = rs_make(RS_STALE, GMA_OP_NONE, sparse, -1);
        }
    }
    free(u);

    /* host scalars stay equal on every rank */
    if (!r->stmt)
        return;
    for (int i = 0; i < r->nscalars; i++) {
        const gma_access *a = &r->scalars[i];
        gma_redop op = GMA_OP_NONE;
        bool changed = false;
        for (int j = 0; j < a->nuses; j++) {
            if (a->uses[j].mode == GMA_REDUCE && op == GMA_OP_NONE && a->uses[j].op != GMA_OP_DEFER)
                op = a->uses[j].op; /* a deferred write (<=) left by the passes: any writer's */
            if (a->uses[j].mode != GMA_READ)
                changed = true;
        }
        if (changed)
            sync_place(c, GMA_SYNC_ALLREDUCE, a->sym, op, (sync_edge){s, true}, false, r->loc);
    }
}

/* ------------------------------------------------------------------ */
/* InBFS / InReverse (run level by level over each level's owners)     */

/* Before the traversal: owners complete for every property its bodies
 * touch, and ghosts FRESH for those read through a neighbour that the
 * per-level broadcasts do not cover. After each forward level (a sync
 * after s->body, sparse: that level's nodes only): a BROADCAST of what the
 * forward body writes and either body reads through a neighbour (Up
 * neighbours were visited at earlier levels, Down ones in InReverse at
 * later levels, so each read finds its value sent). After each InReverse
 * level (after s->rev_body): the same for what the reverse body writes and
 * reads through a Down neighbour. What a body writes leaves STALE. The
 * levels themselves travel in the runtime's claims and level broadcasts. */
static void apply_bfs(sync_ctx *c, const gm_stmt *s, rvec *v)
{
    if (v->dead)
        return;
    sync_edge before = {s, false};
    const gma_record *rec[2] = {gma_plan_find(c->plan, s, false),
                                s->rev_body ? gma_plan_find(c->plan, s, true) : NULL};
    enum { UP = 1u << GMA_IX_UP_NBR, DOWN = 1u << GMA_IX_DOWN_NBR };
    /* per property id: written in body b, read through a neighbour in b (up, down, other) */
    int n = c->n;
    unsigned char *flags = gm_xrealloc(NULL, (size_t)n + 1, 8, "the sync plan");
    memset(flags, 0, ((size_t)n + 1) * 8);
    unsigned char *wr = flags, *rd_up = flags + 2 * (n + 1), *rd_down = flags + 4 * (n + 1),
                  *rd_other = flags + 6 * (n + 1);
    for (int b = 0; b < 2; b++) {
        const gma_record *r = rec[b];
        for (int i = 0; r && i < r->nprops; i++) {
            const gma_access *a = &r->props[i];
            int id = a->edge ? -1 : slot(c, a->sym);
            if (id < 0)
                continue;
            sync_reduce_slot(c, v, id, before, r->loc); /* owners complete first */
            for (int j = 0; j < a->nuses; j++) {
                const gma_use *u = &a->uses[j];
                if (u->mode != GMA_READ) {
                    wr[2 * id + b] = 1;
                    continue;
                }
                if (u->index & UP)
                    rd_up[2 * id + b] = 1;
                if (u->index & DOWN)
                    rd_down[2 * id + b] = 1;
                if (u->index & NBR_IX & ~(unsigned)(UP | DOWN))
                    rd_other[2 * id + b] = 1;
            }
        }
    }
    for (int id = 0; id < n; id++) {
        bool fwd_w = wr[2 * id], rev_w = wr[2 * id + 1];
        bool any_rd = rd_up[2 * id] || rd_down[2 * id] || rd_other[2 * id] || rd_up[2 * id + 1] ||
                      rd_down[2 * id + 1] || rd_other[2 * id + 1];
        if (!any_rd)
            continue;
        /* covered: every neighbour read finds a value a per-level broadcast sent */
        bool covered = !rd_other[2 * id] && !rd_other[2 * id + 1] && !rd_down[2 * id];
        if (rd_up[2 * id] && !fwd_w)
            covered = false;
        if ((rd_up[2 * id + 1] || rd_down[2 * id + 1]) && !fwd_w && !(rev_w && !rd_up[2 * id + 1]))
            covered = false;
        gm_loc loc = rec[0] ? rec[0]->loc : s->loc;
        if (!covered && v->s[id].kind != RS_FRESH) {
            sync_place(c, GMA_SYNC_BROADCAST, c->syms[id], GMA_OP_NONE, before, v->s[id].sparse, loc);
            v->s[id] = rs_make(RS_FRESH, GMA_OP_NONE, true, -1);
        }
        if (fwd_w)
            sync_place(c, GMA_SYNC_BROADCAST, c->syms[id], GMA_OP_NONE, (sync_edge){s->body, true}, true, loc);
        if (rev_w && rd_down[2 * id + 1])
            sync_place(c, GMA_SYNC_BROADCAST, c->syms[id], GMA_OP_NONE, (sync_edge){s->rev_body, true}, true,
                       rec[1] ? rec[1]->loc : loc);
    }
    for (int id = 0; id < n; id++)
        if (wr[2 * id] || wr[2 * id + 1])
            v->s[id] = rs_make(RS_STALE, GMA_OP_NONE, true, -1);
    free(flags);
}

/* ------------------------------------------------------------------ */
/* Structured control flow                                             */

/* The statement a body ends with (descending into blocks); NULL: empty. */
static const gm_stmt *last_stmt(const gm_stmt *s)
{
    while (s && s->kind == GMS_BLOCK) {
        const gm_stmt *l = s->body;
        if (!l)
            return NULL;
        while (l->next)
            l = l->next;
        s = l;
    }
    return s;
}

static sync_edge end_edge(const gm_stmt *body)
{
    return (sync_edge){last_stmt(body), true};
}

static bool cond_read(const gm_expr *x, void *vctx)
{
    int *id = vctx;
    if (x->kind == GME_PROP && x->sym && x->sym->id == *id)
        *id = -1; /* found */
    return *id >= 0;
}

/* Whether the loop condition cond reads the node property of slot id. */
static bool cond_reads(const gm_expr *cond, int id)
{
    int probe = id;
    if (cond)
        gm_walk_expr(cond, false, cond_read, &probe);
    return probe < 0;
}

/* A loop head: entry joins the state at the end of the body. The entry's
 * PARTIALs that the back edge does not share are reduced before the loop
 * statement; the back edge's, after the body's last statement. Returns the
 * head state in head; end receives the body's final state (with its
 * back-edge reduces applied). do_while: the body runs before the first test. */
static void loop_fixpoint(sync_ctx *c, const gm_stmt *s, const gm_stmt *body, rvec *v, rvec *head,
                          rvec *end)
{
    bool record = c->record;
    c->record = false;
    sync_edge before = {s, false}, back = end_edge(body);
    rvec entry = rv_copy(c, v);
    rv_set(c, head, &entry);
    for (int iter = 0;; iter++) {
        rv_set(c, end, head);
        walk_stmt(c, body, end);
        rvec e2 = rv_copy(c, &entry), b2 = rv_copy(c, end);
        if (!back.at) /* an empty body: nothing to reduce after */
            for (int i = 0; i < c->n; i++)
                if (rs_needs_reduce(e2.s[i], b2.s[i]) || rs_needs_reduce(b2.s[i], e2.s[i])) {
                    sync_reduce_slot(c, &e2, i, before, s->loc);
                    sync_reduce_slot(c, &b2, i, before, s->loc);
                }
        /* the condition, read at every test, needs owners complete there:
         * no PARTIAL it reads may cross the head */
        for (int i = 0; i < c->n; i++)
            if ((e2.s[i].kind == RS_PARTIAL || b2.s[i].kind == RS_PARTIAL) && cond_reads(s->cond, i)) {
                sync_reduce_slot(c, &e2, i, before, s->loc);
                sync_reduce_slot(c, &b2, i, back.at ? back : before, s->loc);
            }
        join_into(c, &e2, before, &b2, back, s->loc);
        bool same = rv_equal(c, &e2, head);
        if (!same && iter > 40) /* cannot happen (the lattice is finite); stay safe */
            for (int i = 0; i < c->n; i++)
                if (e2.s[i].kind != head->s[i].kind || e2.s[i].op != head->s[i].op)
                    e2.s[i] = rs_make(RS_STALE, GMA_OP_NONE, false, -1);
        rv_set(c, head, &e2);
        rv_free(&e2);
        rv_free(&b2);
        if (same)
            break;
    }
    c->record = record;
    /* the entry edge's reduces, the recording walk, the back edge's */
    for (int i = 0; i < c->n; i++)
        if (rs_needs_reduce(v->s[i], head->s[i]))
            sync_reduce_slot(c, v, i, before, s->loc);
    rv_set(c, end, head);
    walk_stmt(c, body, end);
    if (!end->dead)
        for (int i = 0; i < c->n; i++)
            if (rs_needs_reduce(end->s[i], head->s[i]))
                sync_reduce_slot(c, end, i, back.at ? back : before, s->loc);
    rv_free(&entry);
}

static void walk_loop(sync_ctx *c, const gm_stmt *s, rvec *v, bool do_while)
{
    rvec head = rv_new(c), end = rv_new(c);
    if (s->kind == GMS_FOREACH) /* host For: the iteration's source is read at the head */
        host_reads_of(c, v, s, s->iter.source, false);
    loop_fixpoint(c, s, s->body, v, &head, &end);
    /* a While or For leaves from its head; a Do-While after its body and
     * condition. The condition's host reads: owners complete (no PARTIAL
     * reaches a head unless entry and back edge share it, and then the
     * condition reads owners only after that REDUCE) */
    if (do_while) {
        rv_set(c, v, &end);
        v->dead = false; /* a Return inside: the loop may still end normally */
        if (end.dead)
            rv_set(c, v, &head);
    } else {
        rv_set(c, v, &head);
    }
    host_reads_of(c, v, s, s->cond, false);
    rv_free(&head);
    rv_free(&end);
}

static void walk_if(sync_ctx *c, const gm_stmt *s, rvec *v)
{
    host_reads_of(c, v, s, s->cond, false);
    sync_edge before = {s, false};
    sync_edge te = end_edge(s->then_stmt), ee = end_edge(s->else_stmt);
    /* an empty branch has no end to reduce after: such joins reduce before the If */
    bool record = c->record;
    c->record = false;
    rvec t = rv_new(c), e = rv_new(c);
    for (bool again = true; again && !v->dead;) {
        again = false;
        rv_set(c, &t, v);
        walk_stmt(c, s->then_stmt, &t);
        rv_set(c, &e, v);
        if (s->else_stmt)
            walk_stmt(c, s->else_stmt, &e);
        for (int i = 0; i < c->n; i++) {
            bool need = (!te.at && !t.dead && (rs_needs_reduce(t.s[i], e.s[i]) || rs_needs_reduce(e.s[i], t.s[i]))) ||
                        (!ee.at && !e.dead && (rs_needs_reduce(e.s[i], t.s[i]) || rs_needs_reduce(t.s[i], e.s[i])));
            if (need && v->s[i].kind == RS_PARTIAL) {
                c->record = record;
                sync_reduce_slot(c, v, i, before, s->loc);
                c->record = false;
                again = true;
            }
        }
    }
    c->record = record;
    rv_set(c, &t, v);
    walk_stmt(c, s->then_stmt, &t);
    rv_set(c, &e, v);
    if (s->else_stmt)
        walk_stmt(c, s->else_stmt, &e);
    join_into(c, &t, te.at ? te : before, &e, ee.at ? ee : before, s->loc);
    rv_set(c, v, &t);
    rv_free(&t);
    rv_free(&e);
}

/* Every node property parameter leaves with owners complete. */
static void proc_end(sync_ctx *c, rvec *v, sync_edge e)
{
    if (v->dead || !e.at)
        return;
    for (const gm_param *p = c->proc->params; p; p = p->next)
        if (p->sym && is_node_prop(p->sym))
            sync_reduce_slot(c, v, slot(c, p->sym), e, p->sym->loc);
}

static void walk_stmt(sync_ctx *c, const gm_stmt *s, rvec *v)
{
    if (!s || v->dead)
        return;
    switch (s->kind) {
    case GMS_BLOCK:
        walk_list(c, s->body, v);
        break;
    case GMS_DECL:
        host_reads_of(c, v, s, s->init, false);
        for (const gm_name *n = s->names; n; n = n->next) {
            int id = slot(c, n->sym);
            if (id >= 0) /* a local property: nothing valid anywhere yet */
                v->s[id] = rs_make(RS_STALE, GMA_OP_NONE, false, -1);
        }
        break;
    case GMS_ASSIGN:
        host_reads_of(c, v, s, s->rhs, false);
        if (s->lhs && s->lhs->kind == GME_PROP)
            host_reads_of(c, v, s, s->lhs->a, false);
        host_write(c, v, s, s->lhs, s->assign_op);
        break;
    case GMS_ARGMINMAX:
        host_reads_of(c, v, s, s->rhs, true);
        for (const gm_expr *t = s->lhs; t; t = t->next)
            host_write(c, v, s, t, GMA_MIN);
        break;
    case GMS_IF:
        walk_if(c, s, v);
        break;
    case GMS_WHILE:
        walk_loop(c, s, v, false);
        break;
    case GMS_DO_WHILE:
        walk_loop(c, s, v, true);
        break;
    case GMS_FOREACH:
        if (s->parallel) {
            const gma_record *r = gma_plan_find(c->plan, s, false);
            if (r)
                apply_record(c, s, r, v);
        } else {
            walk_loop(c, s, v, false);
        }
        break;
    case GMS_RETURN:
        host_reads_of(c, v, s, s->value, false);
        proc_end(c, v, (sync_edge){s, false});
        v->dead = true;
        break;
    case GMS_CALL:
        host_reads_of(c, v, s, s->value, false);
        break;
    case GMS_PRINT:
        host_reads_of(c, v, s, s->value, true);
        break;
    case GMS_SWAP: {
        int a = s->lhs ? slot(c, s->lhs->sym) : -1, b = s->rhs ? slot(c, s->rhs->sym) : -1;
        if (a >= 0 && b >= 0) { /* the storage moves, and its replica state with it */
            rstate t = v->s[a];
            v->s[a] = v->s[b];
            v->s[b] = t;
            for (int i = 0; i < c->n; i++) /* payloads follow their key's storage */
                if (v->s[i].kind == RS_PARTIAL && v->s[i].key == a)
                    v->s[i].key = b;
                else if (v->s[i].kind == RS_PARTIAL && v->s[i].key == b)
                    v->s[i].key = a;
        }
        break;
    }
    case GMS_BFS:
        host_reads_of(c, v, s, s->root, false);
        apply_bfs(c, s, v);
        break;
    default: /* DFS, foreign code: rejected by gma_sync_check.c */
        break;
    }
}

static void walk_list(sync_ctx *c, const gm_stmt *s, rvec *v)
{
    for (; s; s = s->next)
        walk_stmt(c, s, v);
}

static bool note_order(const gm_stmt *s, void *vctx)
{
    sync_ctx *c = vctx;
    if (c->norder == c->order_cap) {
        c->order_cap = c->order_cap ? 2 * c->order_cap : 64;
        c->order = gm_xrealloc(c->order, (size_t)c->order_cap, sizeof *c->order, "the sync plan");
    }
    c->order[c->norder++] = s;
    return true;
}

void sync_walk_proc(sync_ctx *c, const gm_proc *proc)
{
    c->proc = proc;
    /* order keys keep growing over the procedures: one sort for all */
    gm_walk(proc->body, false, note_order, NULL, c);
    rvec v = rv_new(c);
    c->record = true;
    walk_stmt(c, proc->body, &v);
    proc_end(c, &v, end_edge(proc->body));
    rv_free(&v);
}
