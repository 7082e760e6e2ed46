/* dead_scalar.c: dead-scalar removal.
 *
 * Contract: a local scalar variable (Int, Long, Float, Double, Bool, Node,
 * Edge declared in the procedure, not a parameter) that nothing reads -- no
 * expression, no foreign code (with $ or by its name), no procedure call -- loses every assignment,
 * reduction and arg-min/max (all of whose targets are dead) whose right side
 * is pure (no Uniform(), Rand(), PickRandom(), Pop..., procedure call or
 * foreign code), and then its declaration once no statement mentions it
 * (when the initialiser is pure). Loops over G.Nodes / G.Edges / a
 * neighbourhood / a collection and If statements left with empty bodies and
 * pure headers go too, as do empty blocks. Repeats until nothing changes, so
 * chains (a = ..; b = a; with b unread) disappear entirely.
 */
#include <stdlib.h>

#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "scope_depth.h"
#include "walk.h"
#include "oom.h"

typedef struct ds {
    int size;
    int *reads;    /* by symbol id: reads of it */
    int *mentions; /* by symbol id: any access, declarations excluded */
} ds;

static bool in_range(const ds *d, const gm_symbol *sym)
{
    return gm_symbol_id_below(sym, d->size);
}

static void count(const gmo_access *acc, void *ctx)
{
    ds *d = ctx;
    if (!in_range(d, acc->sym))
        return;
    if (acc->kind == GMO_READ || acc->kind == GMO_MUTATE)
        d->reads[acc->sym->id]++;
    if (acc->stmt->kind != GMS_DECL)
        d->mentions[acc->sym->id]++;
}

static bool is_candidate(const gm_symbol *sym)
{
    if (!sym || sym->kind != GMSYM_VAR || sym->is_property || !sym->type)
        return false;
    switch (sym->type->kind) {
    case GMT_INT: case GMT_LONG: case GMT_FLOAT: case GMT_DOUBLE: case GMT_BOOL:
    case GMT_NODE: case GMT_EDGE:
        return true;
    default:
        return false;
    }
}

static bool dead(const ds *d, const gm_symbol *sym)
{
    /* Foreign code that names it without $ may read it. */
    return is_candidate(sym) && !sym->foreign_use && in_range(d, sym) && d->reads[sym->id] == 0;
}

static bool all_pure(const gm_expr *list)
{
    for (; list; list = list->next)
        if (!gmo_expr_is_pure(list))
            return false;
    return true;
}

static bool dead_update(const ds *d, const gm_stmt *s)
{
    if (s->kind != GMS_ASSIGN && s->kind != GMS_ARGMINMAX)
        return false;
    for (const gm_expr *l = s->lhs; l; l = l->next)
        if (l->kind != GME_ID || !dead(d, l->sym))
            return false;
    return all_pure(s->rhs);
}

static bool empty_list(const gm_stmt *list)
{
    for (; list; list = list->next)
        if (list->kind != GMS_EMPTY && !(list->kind == GMS_BLOCK && empty_list(list->body)))
            return false;
    return true;
}

static bool empty_body(const gm_stmt *b)
{
    return !b || (b->kind == GMS_BLOCK ? empty_list(b->body) : b->kind == GMS_EMPTY);
}

static bool removable(const ds *d, gm_stmt *s)
{
    switch (s->kind) {
    case GMS_EMPTY:
        return true;
    case GMS_BLOCK:
        return empty_list(s->body);
    case GMS_ASSIGN:
    case GMS_ARGMINMAX:
        return dead_update(d, s);
    case GMS_DECL:
        if (!s->names || s->names->next || !dead(d, s->names->sym))
            return false;
        return d->mentions[s->names->sym->id] == 0 && gmo_expr_is_pure(s->init);
    case GMS_IF:
        return empty_body(s->then_stmt) && empty_body(s->else_stmt) && gmo_expr_is_pure(s->cond);
    case GMS_FOREACH:
        return empty_body(s->body) && gmo_expr_is_pure(s->iter.source) &&
               gmo_expr_is_pure(s->iter.range_arg);
    default:
        return false;
    }
}

/* Drops dead names from a multi-name declaration without initialiser. */
static bool prune_names(const ds *d, gm_stmt *s)
{
    if (s->kind != GMS_DECL || s->init || !s->names || !s->names->next)
        return false;
    bool changed = false;
    for (gm_name **pn = &s->names; *pn;) {
        gm_name *n = *pn;
        if (dead(d, n->sym) && d->mentions[n->sym->id] == 0 && (s->names != n || n->next)) {
            *pn = n->next;
            changed = true;
        } else {
            pn = &n->next;
        }
    }
    return changed;
}

/* The sweep is gm_front's gm_rewrite (ast_walk.h), post-order: a
 * statement's bodies are swept before it is judged (a loop left empty goes
 * in the same sweep). Only members of statement lists go: the procedure's,
 * a block's. The block in a body slot (then, else, a loop's body) stays,
 * however empty: `parents` says whose bodies the walk is in, and a link that
 * is one of a non-block parent's slots holds such a block. */
typedef struct sweep_ctx {
    const ds *d;
    const gm_stmt **parents; /* the statements whose bodies the walk is in */
    int depth, cap;
    bool changed;
} sweep_ctx;

static gm_rewrite_step sweep_pre(gm_stmt ***link, void *ctx)
{
    sweep_ctx *c = ctx;
    if (c->depth == c->cap) {
        int cap = c->cap ? 2 * c->cap : 32;
        const gm_stmt **p = realloc(c->parents, (size_t)cap * sizeof *p);
        if (!p)
            gm_out_of_memory("the optimizer", 0);
        c->parents = p;
        c->cap = cap;
    }
    c->parents[c->depth++] = **link;
    return GM_REWRITE_ON;
}

static gm_rewrite_step sweep_post(gm_stmt ***link, void *ctx)
{
    sweep_ctx *c = ctx;
    gm_stmt *s = **link;
    c->depth--;
    const gm_stmt *parent = c->depth ? c->parents[c->depth - 1] : NULL;
    if (parent && parent->kind != GMS_BLOCK &&
        (*link == &parent->body || *link == &parent->then_stmt || *link == &parent->else_stmt ||
         *link == &parent->rev_body))
        return GM_REWRITE_ON; /* a body slot: its block stays */
    c->changed |= prune_names(c->d, s);
    if (removable(c->d, s)) {
        **link = s->next;
        c->changed = true;
        return GM_REWRITE_AGAIN; /* the statement after it is at link now */
    }
    return GM_REWRITE_ON;
}

static bool sweep(const ds *d, gm_stmt **list)
{
    static const gm_rewrite_hooks hooks = {sweep_pre, sweep_post};
    sweep_ctx c = {.d = d};
    gm_rewrite(list, &hooks, &c);
    free(c.parents);
    return c.changed;
}

void gmo_dead_scalar(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (!proc->body)
            continue;
        bool changed = true;
        while (changed) {
            ds d = {p->next_symbol_id, calloc((size_t)p->next_symbol_id + 1, sizeof(int)),
                    calloc((size_t)p->next_symbol_id + 1, sizeof(int))};
            if (!d.reads || !d.mentions)
                gm_out_of_memory("the optimizer", 0);
            gmo_walk_accesses(proc->body->body, count, &d);
            changed = sweep(&d, &proc->body->body);
            free(d.reads);
            free(d.mentions);
        }
    }
}
