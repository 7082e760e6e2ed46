/* walk.c: tree walks, access summaries and builders shared by the passes. */
#include <string.h>

#include "ast_walk.h"
#include "builtins.h"
#include "walk.h"

/* ---- expression and statement walks ------------------------------------ */

/* gm_front's walk (ast_walk.h) under gm_opt's callbacks, which return
 * nothing and may rewrite what they are given. */
typedef struct gmo_adapter {
    gmo_expr_fn efn;
    gmo_stmt_fn sfn;
    void *ctx;
} gmo_adapter;

static bool expr_adapter(const gm_expr *e, void *vctx)
{
    gmo_adapter *a = vctx;
    a->efn((gm_expr *)e, a->ctx);
    return true;
}

static bool stmt_adapter(const gm_stmt *s, void *vctx)
{
    gmo_adapter *a = vctx;
    a->sfn((gm_stmt *)s, a->ctx);
    return true;
}

void gmo_walk_expr(gm_expr *e, gmo_expr_fn fn, void *ctx)
{
    gmo_adapter a = {fn, NULL, ctx};
    gm_walk_expr(e, true, expr_adapter, &a);
}

void gmo_walk_exprs_stmt(gm_stmt *s, gmo_expr_fn fn, void *ctx)
{
    gmo_adapter a = {fn, NULL, ctx};
    gm_walk(s, false, NULL, expr_adapter, &a);
}

void gmo_walk_exprs_list(gm_stmt *list, gmo_expr_fn fn, void *ctx)
{
    gmo_adapter a = {fn, NULL, ctx};
    gm_walk(list, true, NULL, expr_adapter, &a);
}

void gmo_walk_stmts(gm_stmt *list, gmo_stmt_fn fn, void *ctx)
{
    gmo_adapter a = {NULL, fn, ctx};
    gm_walk(list, true, stmt_adapter, NULL, &a);
}

/* ---- accesses ----------------------------------------------------------- */

typedef struct access_walk {
    gmo_access_fn fn;
    void *ctx;
    gm_stmt *stmt;
} access_walk;

static void report(access_walk *w, gmo_access_kind kind, gm_symbol *sym, gm_expr *base)
{
    gmo_access acc = {kind, sym, base, w->stmt};
    w->fn(&acc, w->ctx);
}

/* The symbol an expression names as a whole: x, n.P (the property), M. */
static gm_symbol *named_symbol(const gm_expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == GME_ID || e->kind == GME_PROP)
        return e->sym;
    if (e->kind == GME_INDEX)
        return named_symbol(e->a);
    return NULL;
}

static void read_expr_one(gm_expr *e, void *ctx)
{
    access_walk *w = ctx;
    switch (e->kind) {
    case GME_ID:
        if (e->sym)
            report(w, GMO_READ, e->sym, NULL);
        break;
    case GME_PROP:
        if (e->sym)
            report(w, GMO_READ, e->sym, e->a);
        break;
    case GME_CALL:
        if (e->builtin < 0) {
            report(w, GMO_OPAQUE, NULL, NULL);
            for (gm_expr *o = e->out_args; o; o = o->next)
                if (named_symbol(o))
                    report(w, GMO_WRITE, named_symbol(o), o->kind == GME_PROP ? o->a : NULL);
        } else {
            const gm_builtin_info *info = gm_builtin_get(e->builtin);
            if (info && info->mutates && named_symbol(e->a))
                report(w, GMO_MUTATE, named_symbol(e->a), e->a->kind == GME_PROP ? e->a->a : NULL);
        }
        break;
    case GME_FOREIGN:
        report(w, GMO_OPAQUE, NULL, NULL);
        break;
    default:
        break;
    }
}

static void read_expr(access_walk *w, gm_expr *e)
{
    gmo_walk_expr(e, read_expr_one, w);
}

/* A write target: reports the write, and the reads its sub-expressions make. */
static void target(access_walk *w, gmo_access_kind kind, gm_expr *lhs)
{
    if (!lhs)
        return;
    gm_expr *next = lhs->next;
    lhs->next = NULL; /* the list members are reported by the caller */
    if (lhs->kind == GME_PROP) {
        report(w, kind, lhs->sym, lhs->a);
        read_expr(w, lhs->a);
    } else if (lhs->kind == GME_INDEX) {
        report(w, kind == GMO_READ ? GMO_READ : GMO_MUTATE, named_symbol(lhs->a), NULL);
        read_expr(w, lhs->b);
    } else if (lhs->kind == GME_ID) {
        report(w, kind, lhs->sym, NULL);
    } else {
        read_expr(w, lhs);
    }
    lhs->next = next;
}

/* The accesses of s's own expressions, by their role in s (a target is
 * written, not read); the statements inside s get their own call from the
 * walk (gm_front's gm_walk, pre-order). */
static bool own_accesses(const gm_stmt *cs, void *vctx)
{
    const access_walk *outer = vctx;
    gm_stmt *s = (gm_stmt *)cs;
    access_walk w = {outer->fn, outer->ctx, s};
    switch (s->kind) {
    case GMS_DECL:
        read_expr(&w, s->init);
        if (s->init)
            for (gm_name *n = s->names; n; n = n->next)
                if (n->sym)
                    report(&w, GMO_WRITE, n->sym, NULL);
        break;
    case GMS_ASSIGN: {
        gmo_access_kind k = s->assign_op == GMA_ASSIGN ? GMO_WRITE
                            : s->assign_op == GMA_DEFER ? GMO_DEFER
                                                        : GMO_REDUCE;
        target(&w, k, s->lhs);
        read_expr(&w, s->rhs);
        break;
    }
    case GMS_ARGMINMAX:
        for (gm_expr *l = s->lhs; l; l = l->next)
            target(&w, GMO_REDUCE, l);
        read_expr(&w, s->rhs);
        break;
    case GMS_FOREIGN:
        report(&w, GMO_OPAQUE, NULL, NULL);
        for (gm_foreign_seg *f = s->foreign; f; f = f->next)
            read_expr(&w, f->ref);
        for (gm_expr *m = s->modified; m; m = m->next)
            target(&w, GMO_WRITE, m);
        break;
    case GMS_SWAP:
        target(&w, GMO_WRITE, s->lhs);
        target(&w, GMO_WRITE, s->rhs);
        break;
    default:
        read_expr(&w, s->cond);
        read_expr(&w, s->iter.source);
        read_expr(&w, s->iter.range_arg);
        read_expr(&w, s->iter.filter);
        read_expr(&w, s->root);
        read_expr(&w, s->navigator);
        read_expr(&w, s->rev_filter);
        read_expr(&w, s->value);
        break;
    }
    return true;
}

void gmo_walk_accesses_stmt(gm_stmt *s, gmo_access_fn fn, void *ctx)
{
    access_walk w = {fn, ctx, NULL};
    gm_walk(s, false, own_accesses, NULL, &w);
}

void gmo_walk_accesses(gm_stmt *list, gmo_access_fn fn, void *ctx)
{
    access_walk w = {fn, ctx, NULL};
    gm_walk(list, true, own_accesses, NULL, &w);
}

bool gmo_is_linear(const gm_expr *base, const gm_symbol *it)
{
    return base && base->kind == GME_ID && base->sym == it;
}

/* ---- purity and uses ---------------------------------------------------- */

static bool builtin_is_pure(int id)
{
    switch (id) {
    case GMB_GRAPH_PICK_RANDOM:
    case GMB_NODE_PICK_RANDOM_NBR:
    case GMB_UNIFORM:
    case GMB_RAND:
        return false;
    default: {
        const gm_builtin_info *info = gm_builtin_get(id);
        return info && !info->mutates;
    }
    }
}

typedef struct purity {
    bool pure;
} purity;

static void purity_one(gm_expr *e, void *ctx)
{
    purity *p = ctx;
    if (e->kind == GME_FOREIGN || e->kind == GME_REDUCE ||
        (e->kind == GME_CALL && (e->builtin < 0 || !builtin_is_pure(e->builtin))))
        p->pure = false;
}

bool gmo_expr_is_pure(const gm_expr *e)
{
    purity p = {true};
    if (!e)
        return true;
    /* walk only e itself, not the list it heads */
    gm_expr copy = *e;
    copy.next = NULL;
    gmo_walk_expr(&copy, purity_one, &p);
    return p.pure;
}

typedef struct uses {
    const gm_symbol *sym;
    bool found;
} uses;

static void uses_one(gm_expr *e, void *ctx)
{
    uses *u = ctx;
    if ((e->kind == GME_ID || e->kind == GME_PROP) && e->sym == u->sym)
        u->found = true;
}

bool gmo_expr_uses(const gm_expr *e, const gm_symbol *sym)
{
    uses u = {sym, false};
    if (!e)
        return false;
    gm_expr copy = *e;
    copy.next = NULL;
    gmo_walk_expr(&copy, uses_one, &u);
    return u.found;
}

/* ---- substitution ------------------------------------------------------- */

typedef struct subst {
    gm_symbol *from, *to;
} subst;

static void subst_expr(gm_expr *e, void *ctx)
{
    subst *s = ctx;
    if (e->kind == GME_ID && e->sym == s->from) {
        e->sym = s->to;
        e->name = s->to->name;
    }
}

static void subst_stmt(gm_stmt *st, void *ctx)
{
    subst *s = ctx;
    if (st->bound == s->from) {
        st->bound = s->to;
        if (st->bound_name)
            st->bound_name = s->to->name;
    }
    if (st->iter.sym && st->iter.sym->iter_source == s->from)
        st->iter.sym->iter_source = s->to;
}

void gmo_subst_sym(gm_stmt *s, gm_symbol *from, gm_symbol *to)
{
    subst ctx = {from, to};
    gm_stmt *next = s->next;
    s->next = NULL;
    gmo_walk_exprs_stmt(s, subst_expr, &ctx);
    gmo_walk_stmts(s, subst_stmt, &ctx);
    s->next = next;
}

bool gmo_is_reduce_op(gm_assign_op op)
{
    switch (op) {
    case GMA_PLUS:
    case GMA_MULT:
    case GMA_MIN:
    case GMA_MAX:
    case GMA_AND:
    case GMA_OR:
        return true;
    default:
        return false;
    }
}

/* ---- builders ----------------------------------------------------------- */

gm_symbol *gmo_new_temp(gm_program *p, const char *stem, gm_type *type, gm_loc loc)
{
    const char *name = gm_arena_printf(p->arena, "_%s%d", stem, p->next_temp_id++);
    gm_symbol *sym = gm_symbol_new(p, name, loc, type, GMSYM_VAR);
    sym->is_property = type && (type->kind == GMT_NODE_PROP || type->kind == GMT_EDGE_PROP);
    sym->location = GM_LOC_CPU;
    return sym;
}

gm_stmt *gmo_decl(gm_program *p, gm_symbol *sym, gm_expr *init)
{
    gm_stmt *s = gm_stmt_new(p->arena, GMS_DECL, sym->loc);
    s->decl_type = gm_type_copy(p->arena, sym->type);
    s->names = gm_name_new(p->arena, sym->name, sym->loc);
    s->names->sym = sym;
    s->init = init;
    return s;
}

gm_stmt *gmo_block(gm_program *p, gm_stmt *list, gm_loc loc)
{
    gm_stmt *b = gm_stmt_new(p->arena, GMS_BLOCK, loc);
    b->body = list;
    return b;
}

gm_stmt *gmo_assign(gm_program *p, gm_expr *lhs, gm_expr *rhs, gm_loc loc)
{
    gm_stmt *s = gm_stmt_new(p->arena, GMS_ASSIGN, loc);
    s->lhs = lhs;
    s->rhs = rhs;
    s->assign_op = GMA_ASSIGN;
    return s;
}

gm_expr *gmo_typed(gm_expr *e, gm_type *t)
{
    e->type = t;
    return e;
}

gm_stmt *gmo_foreach(gm_program *p, gm_symbol *source, gm_range_kind range, gm_type *it_type,
                     gm_symbol **it_out, gm_loc loc)
{
    gm_symbol *it = gmo_new_temp(p, it_type->kind == GMT_EDGE ? "e" : "g", it_type, loc);
    it->kind = GMSYM_ITER;
    it->readonly = true;
    it->iter_range = range;
    it->iter_source = source;
    gm_stmt *loop = gm_stmt_new(p->arena, GMS_FOREACH, loc);
    loop->parallel = true;
    loop->iter.name = it->name;
    loop->iter.loc = loc;
    loop->iter.source = gm_expr_id(p->arena, source, loc);
    loop->iter.range = range;
    loop->iter.sym = it;
    loop->body = gmo_block(p, NULL, loc);
    it->iter_stmt = loop;
    *it_out = it;
    return loop;
}

gm_stmt **gmo_link_of(gm_stmt **list, gm_stmt *s)
{
    for (gm_stmt **pp = list; *pp; pp = &(*pp)->next)
        if (*pp == s)
            return pp;
    return NULL;
}
