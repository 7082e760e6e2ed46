/* prop_scalar.c: a temporary node property that lives within one iteration of one loop is a local scalar.
 *
 * Contract: a node property Q declared in the procedure (not a parameter)
 * becomes a scalar `T _Q_v;` declared first in the body of a parallel
 * Foreach L (t: G.Nodes), every `t.Q` in L becoming that scalar, and Q's
 * declaration goes, when
 *   - every reference to Q in the procedure is in L, as `t.Q`, in a
 *     statement of L's own body (through blocks and Ifs, not inside a nested
 *     loop or a reduction expression: another thread may run those);
 *   - the first statement of L's body (in order, through blocks only) that
 *     refers to Q is `t.Q = e` with e not reading Q: each iteration writes
 *     its own t.Q before anything reads it, so no value crosses iterations;
 *   - the procedure runs no foreign code or procedure call.
 * This is what PageRank's deferred update leaves after defer_lower and fuse:
 * `t._rank_nxt = val; ... t.rank = t._rank_nxt;` in one sweep. The scalar
 * saves a store and a load of a whole node array per iteration.
 */
#include <string.h>

#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "scope_depth.h"
#include "walk.h"

/* Every reference to Q in a subtree: how many, and how many are t.Q. */
typedef struct refs {
    const gm_symbol *q;
    const gm_symbol *t;
    int all;
    int linear;
    bool opaque;
} refs;

static void count_ref(gm_expr *e, void *ctx)
{
    refs *r = ctx;
    if (e->kind == GME_FOREIGN || (e->kind == GME_CALL && e->builtin < 0))
        r->opaque = true;
    if ((e->kind != GME_ID && e->kind != GME_PROP) || e->sym != r->q)
        return;
    r->all++;
    if (e->kind == GME_PROP && e->a && e->a->kind == GME_ID && e->a->sym == r->t)
        r->linear++;
}

static bool stmt_opaque(gm_stmt *s)
{
    return s->kind == GMS_FOREIGN || (s->kind == GMS_CALL && s->value && s->value->builtin < 0);
}

static void note_opaque(gm_stmt *s, void *ctx)
{
    if (stmt_opaque(s))
        ((refs *)ctx)->opaque = true;
}

/* References to Q in L's body outside nested loops and reductions: the
 * statements reached through blocks and Ifs, and their expressions except
 * reduction expressions. */
static void reduce_refs(gm_expr *e, void *ctx)
{
    if (e->kind == GME_REDUCE && gmo_expr_uses(e, ((refs *)ctx)->q))
        ((refs *)ctx)->opaque = true; /* read by the reduction's iterations */
}

static void direct_refs(gm_stmt *list, refs *r)
{
    for (gm_stmt *s = list; s; s = s->next) {
        switch (s->kind) {
        case GMS_BLOCK:
            direct_refs(s->body, r);
            break;
        case GMS_IF:
            gmo_walk_expr(s->cond, count_ref, r);
            direct_refs(s->then_stmt, r);
            direct_refs(s->else_stmt, r);
            break;
        case GMS_DECL: case GMS_ASSIGN: case GMS_ARGMINMAX: case GMS_RETURN: case GMS_PRINT: {
            gm_stmt copy = *s;
            copy.next = NULL;
            gmo_walk_exprs_stmt(&copy, count_ref, r);
            gmo_walk_exprs_stmt(&copy, reduce_refs, r);
            break;
        }
        default: /* loops and the rest: a reference in there is not direct */
            break;
        }
    }
}

/* Finds the first statement of list (through blocks) that refers to Q.
 * Returns 1 when it is `t.Q = e` with e not reading Q, 0 when it is
 * something else, -1 when no statement refers to Q. */
static int first_is_write(gm_stmt *list, const gm_symbol *q, const gm_symbol *t)
{
    for (gm_stmt *s = list; s; s = s->next) {
        if (s->kind == GMS_BLOCK) {
            int r = first_is_write(s->body, q, t);
            if (r >= 0)
                return r;
            continue;
        }
        refs r = {q, t, 0, 0, false};
        gm_stmt copy = *s;
        copy.next = NULL;
        gmo_walk_exprs_stmt(&copy, count_ref, &r);
        if (r.all == 0)
            continue;
        return s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN && s->lhs && s->lhs->kind == GME_PROP &&
               s->lhs->sym == q && s->lhs->a && s->lhs->a->kind == GME_ID && s->lhs->a->sym == t &&
               !gmo_expr_uses(s->rhs, q);
    }
    return -1;
}

/* t.Q -> the scalar, in place. */
typedef struct to_scalar {
    const gm_symbol *q;
    gm_symbol *v;
} to_scalar;

static void replace_ref(gm_expr *e, void *ctx)
{
    to_scalar *ts = ctx;
    if (e->kind != GME_PROP || e->sym != ts->q)
        return;
    e->kind = GME_ID;
    e->a = NULL;
    e->sym = ts->v;
    e->name = ts->v->name;
}

/* Removes Q from its declaration (the whole statement when it names only Q). */
static bool drop_decl(gm_stmt **list, const gm_symbol *q)
{
    for (gm_stmt **pp = list; *pp; pp = &(*pp)->next) {
        gm_stmt *s = *pp;
        if (s->kind == GMS_DECL) {
            for (gm_name **np = &s->names; *np; np = &(*np)->next) {
                if ((*np)->sym != q)
                    continue;
                *np = (*np)->next;
                if (!s->names)
                    *pp = s->next;
                return true;
            }
        }
        if ((s->body && drop_decl(&s->body, q)) || (s->then_stmt && drop_decl(&s->then_stmt, q)) ||
            (s->else_stmt && drop_decl(&s->else_stmt, q)) || (s->rev_body && drop_decl(&s->rev_body, q)))
            return true;
    }
    return false;
}

typedef struct ctx {
    gm_program *p;
    gm_proc *proc;
    gm_stmt *loop;
    gm_symbol *cand[32];
    int ncand;
} ctx;

/* The local node properties L's body writes directly. */
static void collect(gm_expr *e, void *vc)
{
    ctx *c = vc;
    gm_symbol *q = e->kind == GME_PROP ? e->sym : NULL;
    if (!q || q->kind != GMSYM_VAR || !q->type || q->type->kind != GMT_NODE_PROP)
        return;
    for (int i = 0; i < c->ncand; i++)
        if (c->cand[i] == q)
            return;
    if (c->ncand < 32)
        c->cand[c->ncand++] = q;
}

static void try_prop(ctx *c, gm_symbol *q)
{
    gm_stmt *L = c->loop;
    gm_symbol *t = L->iter.sym;
    refs whole = {q, t, 0, 0, false};
    gmo_walk_exprs_list(c->proc->body, count_ref, &whole);
    gmo_walk_stmts(c->proc->body, note_opaque, &whole);
    refs direct = {q, t, 0, 0, false};
    direct_refs(L->body, &direct);
    if (whole.opaque || direct.opaque || direct.all != whole.all || direct.linear != direct.all ||
        first_is_write(L->body, q, t) != 1)
        return;
    const char *stem = gm_arena_printf(c->p->arena, "%s_v", q->name[0] == '_' ? q->name + 1 : q->name);
    gm_symbol *v = gmo_new_temp(c->p, stem, gm_type_copy(c->p->arena, q->type->elem), q->loc);
    v->location = t->location;
    to_scalar ts = {q, v};
    gmo_walk_exprs_stmt(L->body, replace_ref, &ts);
    gm_stmt *decl = gmo_decl(c->p, v, NULL);
    decl->next = L->body->body;
    L->body->body = decl;
    drop_decl(&c->proc->body->body, q);
}

static bool is_node_loop(const gm_stmt *s)
{
    return s->kind == GMS_FOREACH && s->parallel && s->iter.sym && s->body && s->body->kind == GMS_BLOCK &&
           s->iter.range == GMR_NODES && !s->iter.range_arg;
}

/* The outermost node loops, through gm_front's gm_walk_hooked (ast_walk.h):
 * nothing inside a parallel region is a candidate. */
static gm_walk_step visit(const gm_stmt *cs, void *vctx)
{
    ctx *c = vctx;
    gm_stmt *s = (gm_stmt *)cs;
    if (is_node_loop(s)) {
        c->loop = s;
        c->ncand = 0;
        gmo_walk_exprs_stmt(s, collect, c);
        for (int i = 0; i < c->ncand; i++)
            try_prop(c, c->cand[i]);
        return GM_WALK_SKIP;
    }
    return gmo_is_parallel(s) ? GM_WALK_SKIP : GM_WALK_ON;
}

void gmo_prop_scalar(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (!proc->body)
            continue;
        ctx c = {.p = p, .proc = proc};
        static const gm_walk_hooks hooks = {visit, NULL, NULL, NULL};
        gm_walk_hooked(proc->body->body, true, &hooks, &c);
    }
}
