/* fuse_across.c: loops over one range that only scalar code separates become one loop.
 *
 * Contract: for two parallel Foreach loops A and B over the same G.Nodes,
 * G.Edges or S.Items with only scalar statements S1..Sk between them
 * (declarations of scalars and assignments to scalars, with pure values;
 * at most 16), each Si moves up before A when it shares nothing with A
 * (and with the statements that stay below it), else down after B when it
 * shares nothing with B (and with the statements that go up past it), and
 * A and B are then joined as fuse.c joins adjacent loops (loop_merge.c
 * decides legality the same way). "Shares nothing" means: no symbol that
 * one of the two writes, reduces or declares and the other touches, and no
 * declared name that the other declares too. When some Si can move
 * neither way, or the joined loop would be illegal, nothing changes.
 * Repeats, so a run of such loops (conductance's three sums over G.Nodes,
 * SSSP's round-end copy and its Exist) becomes one sweep.
 */
#include <stdlib.h>
#include <string.h>

#include "loop_merge.h"
#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "walk.h"
#include "oom.h"

enum { MAX_BETWEEN = 16 };

/* Every symbol a subtree touches, and which of them it changes. */
typedef struct footprint {
    gm_symbol **syms;
    bool *changes;
    int n, cap;
    const char *names[32]; /* names declared in the subtree */
    int nnames;
    bool opaque;
} footprint;

static void add(footprint *f, gm_symbol *sym, bool changes)
{
    for (int i = 0; i < f->n; i++)
        if (f->syms[i] == sym) {
            f->changes[i] |= changes;
            return;
        }
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 16;
        gm_symbol **s = realloc(f->syms, (size_t)f->cap * sizeof *s);
        bool *c = s ? realloc(f->changes, (size_t)f->cap * sizeof *c) : NULL;
        if (!s || !c)
            gm_out_of_memory("the optimizer", 0);
        f->syms = s;
        f->changes = c;
    }
    f->syms[f->n] = sym;
    f->changes[f->n++] = changes;
}

static void on_access(const gmo_access *acc, void *ctx)
{
    footprint *f = ctx;
    if (acc->kind == GMO_OPAQUE)
        f->opaque = true;
    else if (acc->sym)
        add(f, acc->sym, acc->kind != GMO_READ);
}

static void on_decl(gm_stmt *s, void *ctx)
{
    footprint *f = ctx;
    if (s->kind != GMS_DECL)
        return;
    for (gm_name *n = s->names; n; n = n->next) {
        if (n->sym)
            add(f, n->sym, true);
        if (f->nnames < 32)
            f->names[f->nnames++] = n->name;
        else
            f->opaque = true; /* too many to compare: treat as unknown */
    }
}

static void footprint_of(footprint *f, gm_stmt *s)
{
    memset(f, 0, sizeof *f);
    gm_stmt *next = s->next;
    s->next = NULL;
    gmo_walk_accesses(s, on_access, f);
    gmo_walk_stmts(s, on_decl, f);
    s->next = next;
}

static void footprint_free(footprint *f)
{
    free(f->syms);
    free(f->changes);
}

static bool independent(const footprint *x, const footprint *y)
{
    if (x->opaque || y->opaque)
        return false;
    for (int i = 0; i < x->n; i++)
        for (int j = 0; j < y->n; j++)
            if (x->syms[i] == y->syms[j] && (x->changes[i] || y->changes[j]))
                return false;
    for (int i = 0; i < x->nnames; i++)
        for (int j = 0; j < y->nnames; j++)
            if (strcmp(x->names[i], y->names[j]) == 0)
                return false;
    return true;
}

static bool is_scalar_type(const gm_type *t)
{
    if (!t)
        return false;
    switch (t->kind) {
    case GMT_INT: case GMT_LONG: case GMT_FLOAT: case GMT_DOUBLE: case GMT_BOOL:
    case GMT_NODE: case GMT_EDGE:
        return true;
    default:
        return false;
    }
}

/* A statement that may move across a loop: scalar declaration or
 * assignment whose value has no effect of its own. */
static bool is_movable(const gm_stmt *s)
{
    if (s->kind == GMS_DECL) {
        if (!is_scalar_type(s->decl_type) || !gmo_expr_is_pure(s->init))
            return false;
        for (const gm_name *n = s->names; n; n = n->next)
            if (!n->sym)
                return false;
        return true;
    }
    if (s->kind == GMS_ASSIGN)
        return s->lhs && s->lhs->kind == GME_ID && s->lhs->sym && !s->lhs->sym->is_property &&
               is_scalar_type(s->lhs->type) && s->assign_op != GMA_DEFER &&
               gmo_expr_is_pure(s->rhs);
    return false;
}

static bool is_loop(const gm_stmt *s)
{
    return s->kind == GMS_FOREACH && s->parallel && s->iter.sym;
}

/* Tries to join loop a with the next loop after the scalar statements
 * that follow it; *link points at a. Returns whether it did. */
static bool join_next(gm_program *p, gm_stmt **link)
{
    gm_stmt *a = *link;
    gm_stmt *between[MAX_BETWEEN];
    int k = 0;
    gm_stmt *b = a->next;
    while (b && !is_loop(b)) {
        if (k == MAX_BETWEEN || !is_movable(b))
            return false;
        between[k++] = b;
        b = b->next;
    }
    if (!b || k == 0 || !gmo_can_merge_loops(a, b))
        return false;

    footprint fa, fb, fs[MAX_BETWEEN];
    footprint_of(&fa, a);
    footprint_of(&fb, b);
    for (int i = 0; i < k; i++)
        footprint_of(&fs[i], between[i]);
    bool up[MAX_BETWEEN];
    bool ok = true;
    for (int i = 0; ok && i < k; i++) {
        up[i] = independent(&fs[i], &fa);
        for (int j = 0; up[i] && j < i; j++)
            if (!up[j] && !independent(&fs[i], &fs[j]))
                up[i] = false;
        if (!up[i])
            ok = independent(&fs[i], &fb);
    }
    footprint_free(&fa);
    footprint_free(&fb);
    for (int i = 0; i < k; i++)
        footprint_free(&fs[i]);
    if (!ok)
        return false;

    /* Relink: the up statements, a, b, the down statements, then what followed b. */
    gm_stmt *rest = b->next;
    gm_stmt *ups = NULL, *downs = NULL;
    for (int i = 0; i < k; i++) {
        between[i]->next = NULL;
        if (up[i])
            ups = gm_stmt_list_append(ups, between[i]);
        else
            downs = gm_stmt_list_append(downs, between[i]);
    }
    a->next = b;
    b->next = downs ? gm_stmt_list_append(downs, rest) : rest;
    gmo_merge_loops(p, a, b, true);
    if (ups) {
        *link = gm_stmt_list_append(ups, a);
    }
    return true;
}

/* Pre-order (gm_front's gm_rewrite): a loop takes in what it can of the
 * loops after it before its body is visited. */
static gm_rewrite_step visit(gm_stmt ***link, void *ctx)
{
    gm_program *p = ctx;
    if (is_loop(**link)) {
        gm_stmt *loop = **link;
        while (join_next(p, *link))
            *link = gmo_link_of(*link, loop); /* statements moved up in front of it */
    }
    return GM_REWRITE_ON;
}

void gmo_fuse_across(gm_program *p)
{
    static const gm_rewrite_hooks hooks = {visit, NULL};
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gm_rewrite(&proc->body->body, &hooks, p);
}
