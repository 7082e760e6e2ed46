/* reduce_seq.c: reductions in a sequential context become plain updates.
 *
 * Contract: after this pass, every reduction assignment (+= *= min= max=
 * &= |=) and arg-min/max whose target is not shared by any parallel region
 * -- no parallel Foreach / InBFS / InReverse body lies between the target's
 * declaration and the statement (For, While, Do and InDFS bodies are
 * sequential) -- is rewritten as ordinary code with bound = NULL:
 *   s += e   ->  s = s + e          s *= e  ->  s = s * e
 *   s &= e   ->  s = s && e         s |= e  ->  s = s || e
 *   s min= e ->  If (e < s) { s = e; }          (max=: >; an e wider than
 *                                                s is compared as (T) e)
 *   <s; a> min= <e; v>  ->  If (e < s) { s = e; a = v; }
 * A right side that is not pure (Uniform(), calls ...) or that the update
 * could change is first stored in a fresh temporary, inside a new block, so
 * it is evaluated exactly once and before any target changes. A target whose
 * place is not pure to evaluate twice (M[f()]) is left alone.
 */
#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "scope_depth.h"
#include "walk.h"

typedef struct rs {
    gm_program *p;
    gmo_depths depths;
} rs;

static gm_type *bool_type(rs *r, gm_loc loc) { return gm_type_new(r->p->arena, GMT_BOOL, loc); }

/* The arithmetic result type of a op b (the wider operand). */
static gm_type *wider(gm_type *a, gm_type *b)
{
    static const gm_type_kind rank[] = {GMT_INT, GMT_LONG, GMT_FLOAT, GMT_DOUBLE};
    int ra = -1, rb = -1;
    for (int i = 0; i < 4; i++) {
        if (a && rank[i] == a->kind)
            ra = i;
        if (b && rank[i] == b->kind)
            rb = i;
    }
    return rb > ra ? b : a;
}

/* A value the rewritten code may evaluate again: e itself when pure and
 * independent of the targets, else a fresh temporary declared in *pre. */
static gm_expr *stable_value(rs *r, gm_expr *e, const gm_expr *targets, gm_stmt **pre)
{
    bool reads_target = false;
    for (const gm_expr *t = targets; t; t = t->next)
        if (gmo_expr_uses(e, gmo_target_sym(t)))
            reads_target = true;
    if (gmo_expr_is_pure(e) && !reads_target && targets->next == NULL)
        return e;
    gm_symbol *tmp = gmo_new_temp(r->p, "r", gm_type_copy(r->p->arena, e->type), e->loc);
    gm_expr *init = e;
    init->next = NULL;
    *pre = gm_stmt_list_append(*pre, gmo_decl(r->p, tmp, init));
    return gm_expr_id(r->p->arena, tmp, e->loc);
}

static gm_stmt *plain(rs *r, gm_expr *lhs, gm_expr *rhs, gm_loc loc)
{
    gm_expr *l = gm_expr_copy(r->p->arena, lhs);
    l->next = NULL;
    return gmo_assign(r->p, l, rhs, loc);
}

/* Rewrites the reduction s in place (keeping s->next). */
static void rewrite(rs *r, gm_stmt *s)
{
    gm_arena *a = r->p->arena;
    gm_loc loc = s->loc;
    gm_stmt *pre = NULL, *result;
    for (gm_expr *l = s->lhs; l; l = l->next)
        if (!gmo_expr_is_pure(l))
            return;

    if (s->kind == GMS_ARGMINMAX || s->assign_op == GMA_MIN || s->assign_op == GMA_MAX) {
        /* collect the stable right values first, in order */
        gm_expr *vals = NULL, *next;
        for (gm_expr *v = s->rhs; v; v = next) {
            next = v->next;
            v->next = NULL;
            gm_expr *sv = stable_value(r, v, s->lhs, &pre);
            sv->next = NULL;
            vals = gm_expr_list_append(vals, sv);
        }
        gm_op cmp = s->assign_op == GMA_MIN ? GMOP_LT : GMOP_GT;
        gm_expr *key = gm_expr_copy(a, vals);
        key->next = NULL;
        /* A key wider than the target (a Long into an Int) is compared as
         * the target will hold it, as the parallel forms compare it (and a
         * Long's low 32 bits do not keep its order) */
        if (key->type && s->lhs->type && wider(s->lhs->type, key->type) != s->lhs->type) {
            gm_expr *cast = gm_expr_new(a, GME_CAST, loc);
            cast->cast_to = s->lhs->type->kind;
            cast->a = key;
            cast->type = s->lhs->type;
            key = cast;
        }
        gm_expr *cur = gm_expr_copy(a, s->lhs);
        cur->next = NULL;
        gm_expr *cond = gmo_typed(gm_expr_binary(a, cmp, key, cur, loc), bool_type(r, loc));
        gm_stmt *sets = NULL;
        gm_expr *l = s->lhs;
        for (gm_expr *v = vals; v && l; l = l->next) {
            gm_expr *vn = v->next;
            v->next = NULL;
            sets = gm_stmt_list_append(sets, plain(r, l, v, loc));
            v = vn;
        }
        gm_stmt *iff = gm_stmt_new(a, GMS_IF, loc);
        iff->cond = cond;
        iff->then_stmt = gmo_block(r->p, sets, loc);
        result = iff;
    } else {
        gm_op op;
        gm_type *t;
        gm_expr *rhs = s->rhs;
        switch (s->assign_op) {
        case GMA_PLUS: op = GMOP_ADD; t = wider(s->lhs->type, rhs->type); break;
        case GMA_MULT: op = GMOP_MUL; t = wider(s->lhs->type, rhs->type); break;
        case GMA_AND: op = GMOP_AND; t = bool_type(r, loc); break;
        case GMA_OR: op = GMOP_OR; t = bool_type(r, loc); break;
        default: return;
        }
        /* && and || would skip an impure right side: evaluate it first */
        if ((op == GMOP_AND || op == GMOP_OR) && !gmo_expr_is_pure(rhs))
            rhs = stable_value(r, rhs, s->lhs, &pre);
        gm_expr *cur = gm_expr_copy(a, s->lhs);
        cur->next = NULL;
        result = plain(r, s->lhs, gmo_typed(gm_expr_binary(a, op, cur, rhs, loc), t), loc);
    }
    if (pre)
        result = gmo_block(r->p, gm_stmt_list_append(pre, result), loc);
    gm_stmt *next = s->next;
    *s = *result;
    s->next = next;
}

static bool is_reduction(const gm_stmt *s)
{
    return s->kind == GMS_ARGMINMAX || (s->kind == GMS_ASSIGN && gmo_is_reduce_op(s->assign_op));
}

/* Whether no parallel region separates the statement from any target's declaration. */
static bool sequential_for_targets(rs *r, const gm_stmt *s, int depth)
{
    for (const gm_expr *l = s->lhs; l; l = l->next)
        if (!gmo_target_sym(l) || depth > gmo_depth_of(&r->depths, gmo_target_sym(l)))
            return false;
    return true;
}

/* The walk: gm_front's gm_walk_hooked (ast_walk.h), counting the parallel
 * regions around each statement; a rewritten reduction's new statements are
 * not visited again. */
typedef struct rs_walk {
    rs *r;
    int depth;
} rs_walk;

static gm_walk_step visit(const gm_stmt *cs, void *ctx)
{
    rs_walk *w = ctx;
    gm_stmt *s = (gm_stmt *)cs;
    if (is_reduction(s) && sequential_for_targets(w->r, s, w->depth)) {
        rewrite(w->r, s);
        return GM_WALK_SKIP;
    }
    w->depth += gmo_is_parallel(s);
    return GM_WALK_ON;
}

static bool leave(const gm_stmt *s, void *ctx)
{
    rs_walk *w = ctx;
    w->depth -= gmo_is_parallel(s);
    return true;
}

void gmo_reduce_seq(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (!proc->body)
            continue;
        rs r = {p, {0}};
        gmo_depths_compute(&r.depths, p, proc);
        static const gm_walk_hooks hooks = {visit, leave, NULL, NULL};
        rs_walk w = {&r, 0};
        gm_walk_hooked(proc->body->body, true, &hooks, &w);
        gmo_depths_free(&r.depths);
    }
}
