/* defer_lower.c: deferred assignments to properties become double buffering.
 *
 * Contract: for every parallel Foreach L that is not itself inside a
 * parallel region, each property P with deferred assignments `x.P <= v @ L`
 * gets a fresh property `_P_nxtK` of the same type, and
 *   - every `x.P <= v @ L` becomes the plain write `x._P_nxtK = v;`, so every
 *     read of P inside L still sees the old values;
 *   - unless every iteration of L writes its own element (one unconditional
 *     `it.P <= v` at the top of the body of a loop over all of P's nodes or
 *     edges), a copy loop `_P_nxtK = P` runs just before L so that elements
 *     nobody writes keep their value;
 *   - after L, the new values become P's: a GMS_SWAP of the two properties
 *     when P is a procedure-local temporary (the backend exchanges pointers;
 *     _P_nxtK is declared right after P so both live exactly as long), and a
 *     copy loop `P = _P_nxtK` when P is caller-owned (a parameter: swapping
 *     would leave the caller's array holding the old values).
 * Deferred assignments to scalars, ones bound to traversals, and loops that
 * also write or reduce P (the checker forbids it) or run foreign code are
 * left for the backend, which handles `<=` itself.
 */
#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "scope_depth.h"
#include "walk.h"

typedef struct defer_scan {
    gm_symbol *it;   /* the loop's iterator */
    gm_symbol *prop; /* the property being examined (NULL while collecting) */
    gm_symbol *props[16];
    int nprops;
    bool opaque;
    bool other_access; /* prop written or reduced in L */
} defer_scan;

static void collect(const gmo_access *acc, void *ctx)
{
    defer_scan *d = ctx;
    if (acc->kind == GMO_OPAQUE)
        d->opaque = true;
    if (acc->kind == GMO_DEFER && acc->stmt->bound == d->it && acc->sym && acc->sym->is_property &&
        acc->stmt->lhs->kind == GME_PROP) {
        for (int i = 0; i < d->nprops; i++)
            if (d->props[i] == acc->sym)
                return;
        if (d->nprops < 16)
            d->props[d->nprops++] = acc->sym;
    }
}

static void other_accesses(const gmo_access *acc, void *ctx)
{
    defer_scan *d = ctx;
    if (acc->sym != d->prop || acc->kind == GMO_READ)
        return;
    if (acc->kind != GMO_DEFER || acc->stmt->bound != d->it || acc->stmt->lhs->kind != GME_PROP)
        d->other_access = true;
}

/* Whether one unconditional it.P <= v at the top of L's body writes every element. */
static bool writes_everything(gm_stmt *loop, gm_symbol *prop)
{
    gm_range_kind whole = prop->type->kind == GMT_EDGE_PROP ? GMR_EDGES : GMR_NODES;
    if (loop->iter.range != whole || !loop->iter.source || loop->iter.source->sym != prop->type->graph)
        return false;
    for (gm_stmt *s = loop->body->body; s; s = s->next)
        if (s->kind == GMS_ASSIGN && s->assign_op == GMA_DEFER && s->lhs->sym == prop &&
            gmo_is_linear(s->lhs->a, loop->iter.sym))
            return true;
    return false;
}

typedef struct retarget {
    gm_symbol *it, *prop, *nxt;
} retarget;

static void to_plain_write(gm_stmt *s, void *ctx)
{
    retarget *r = ctx;
    if (s->kind == GMS_ASSIGN && s->assign_op == GMA_DEFER && s->bound == r->it &&
        s->lhs->kind == GME_PROP && s->lhs->sym == r->prop) {
        s->lhs->sym = r->nxt;
        s->lhs->name = r->nxt->name;
        s->assign_op = GMA_ASSIGN;
        s->bound = NULL;
        s->bound_name = NULL;
    }
}

/* Foreach (_g: G.Nodes|Edges) { _g.dst = _g.src; } */
static gm_stmt *copy_loop(gm_program *p, gm_symbol *dst, gm_symbol *src, gm_loc loc)
{
    bool edge = dst->type->kind == GMT_EDGE_PROP;
    gm_type *it_type = gm_type_new(p->arena, edge ? GMT_EDGE : GMT_NODE, loc);
    it_type->graph = dst->type->graph;
    it_type->graph_name = it_type->graph ? it_type->graph->name : NULL;
    gm_symbol *it;
    gm_stmt *loop = gmo_foreach(p, dst->type->graph, edge ? GMR_EDGES : GMR_NODES, it_type, &it, loc);
    gm_expr *l = gm_expr_prop(p->arena, gm_expr_id(p->arena, it, loc), dst, loc);
    l->type = dst->type->elem;
    gm_expr *r = gm_expr_prop(p->arena, gm_expr_id(p->arena, it, loc), src, loc);
    r->type = src->type->elem;
    loop->body->body = gmo_assign(p, l, r, loc);
    return loop;
}

/* Finds the declaration statement of sym in the subtree. */
static gm_stmt **decl_link(gm_stmt **list, gm_symbol *sym)
{
    for (gm_stmt **pp = list; *pp; pp = &(*pp)->next) {
        gm_stmt *s = *pp;
        if (s->kind == GMS_DECL)
            for (gm_name *n = s->names; n; n = n->next)
                if (n->sym == sym)
                    return pp;
        gm_stmt **found = NULL;
        if (s->body && (found = decl_link(&s->body, sym)))
            return found;
        if (s->rev_body && (found = decl_link(&s->rev_body, sym)))
            return found;
        if (s->then_stmt && (found = decl_link(&s->then_stmt, sym)))
            return found;
        if (s->else_stmt && (found = decl_link(&s->else_stmt, sym)))
            return found;
    }
    return NULL;
}

/* Lowers the deferred writes of loop *pp (in its list); returns the link
 * after the last statement it inserted. */
static gm_stmt **lower_loop(gm_program *p, gm_proc *proc, gm_stmt **pp)
{
    gm_stmt *loop = *pp;
    defer_scan d = {.it = loop->iter.sym};
    gmo_walk_accesses(loop->body, collect, &d);
    if (d.opaque)
        return &loop->next;
    gm_stmt *after = loop;
    for (int i = 0; i < d.nprops; i++) {
        gm_symbol *prop = d.props[i];
        d.prop = prop;
        d.other_access = false;
        gmo_walk_accesses(loop->body, other_accesses, &d);
        if (d.other_access || !prop->type->graph || !prop->type->elem)
            continue;
        bool local = prop->kind == GMSYM_VAR;
        gm_stmt **decl_at = local ? decl_link(&proc->body->body, prop) : NULL;
        if (local && !decl_at)
            continue;

        const char *name = gm_arena_printf(p->arena, "_%s_nxt%d", prop->name, p->next_temp_id++);
        gm_symbol *nxt = gm_symbol_new(p, name, loop->loc, gm_type_copy(p->arena, prop->type),
                                       GMSYM_VAR);
        nxt->is_property = true;
        nxt->location = prop->location;
        gm_stmt *decl = gmo_decl(p, nxt, NULL);
        if (local) {
            decl->next = (*decl_at)->next;
            (*decl_at)->next = decl;
        } else {
            decl->next = proc->body->body;
            proc->body->body = decl;
        }

        bool full = writes_everything(loop, prop);
        retarget r = {loop->iter.sym, prop, nxt};
        gmo_walk_stmts(loop->body, to_plain_write, &r);
        if (!full) {
            gm_stmt *init = copy_loop(p, nxt, prop, loop->loc);
            /* pp may have moved if the decl went in front of it */
            gm_stmt **link = gmo_link_of(pp, loop);
            if (!link)
                link = pp;
            init->next = loop;
            *link = init;
            pp = &init->next;
        }
        gm_stmt *publish;
        if (local) {
            publish = gm_stmt_new(p->arena, GMS_SWAP, loop->loc);
            publish->lhs = gm_expr_id(p->arena, prop, loop->loc);
            publish->rhs = gm_expr_id(p->arena, nxt, loop->loc);
        } else {
            publish = copy_loop(p, prop, nxt, loop->loc);
        }
        publish->next = after->next;
        after->next = publish;
        after = publish;
    }
    return &after->next;
}

typedef struct lowering {
    gm_program *p;
    gm_proc *proc;
} lowering;

/* The walk (gm_front's gm_rewrite) goes into every statement outside the
 * parallel regions, a DFS's InPost body included: that body is sequential
 * host code like the DFS body. */
static gm_rewrite_step visit(gm_stmt ***link, void *ctx)
{
    lowering *l = ctx;
    gm_stmt *s = **link;
    if (s->kind == GMS_FOREACH && s->parallel && s->iter.sym) {
        *link = lower_loop(l->p, l->proc, *link); /* the link after what it made */
        return GM_REWRITE_AGAIN;
    }
    return gmo_is_parallel(s) ? GM_REWRITE_OVER : GM_REWRITE_ON; /* nothing inside a parallel region */
}

void gmo_defer_lower(gm_program *p)
{
    static const gm_rewrite_hooks hooks = {visit, NULL};
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        lowering l = {p, proc};
        if (proc->body)
            gm_rewrite(&proc->body->body, &hooks, &l);
    }
}
