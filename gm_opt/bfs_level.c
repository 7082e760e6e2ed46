/* bfs_level.c: a BFS body that recomputes the hop count from its parents reads the level instead.
 *
 * Contract: in
 *     r.P = K;                       (K an integer literal; then no write of
 *     ...                             P or r and no foreign code or call)
 *     InBFS (v: G.Nodes From r) {    (no navigator, not G^)
 *         If (v != r) {              (or the traversal's filter v != r)
 *             T m = +INF;            (-INF with max=)
 *             Foreach (u: v.UpNbrs) { m min= u.P; }      (or max=)
 *             v.P = m + C;           (m, m + C, C + m or m - C; C a literal)
 *         }
 *     }
 * with P an Int or Long node property and T its type, the three statements
 * become `v.P = K + C * v._BFSLevel()` (the traversal's level of v, 0 at r).
 * Why it is the same: r's level is 0 and P[r] = K. A node of level L > 0
 * has at least one parent (the node that discovered it), every parent has
 * level L - 1 and, by induction over the levels (each level's body runs
 * after the previous level's), P = K + C * (L - 1); their minimum (or
 * maximum) is that value, so P[v] = K + C * L. The UpNbrs loop rescans
 * every in-edge of every visited node; the level is one read. This is how
 * Green-Marl's hop-distance BFS (apps/bfs.gm) is usually written.
 *
 * Also: when K = 0, C = 1, P is Int, the seed directly follows `G.P = +INF`
 * (G the traversal's graph) and there is no InReverse, P is +INF on every
 * unvisited node and the level on every visited one for the whole
 * traversal; the BFS is marked (levels_in = P) so that a backend may keep
 * its levels in P itself and skip the body (gmo_bfs_levels_prop).
 */
#include <stdlib.h>

#include "ast_walk.h"
#include "builtins.h"
#include "oom.h"
#include "opt.h"
#include "passes.h"
#include "walk.h"

/* A seed `r.P = K` still valid at the current statement. */
typedef struct seed {
    gm_symbol *root;
    gm_symbol *prop;
    int64_t value;
    bool live;
    gm_symbol *all_inf_on; /* the graph when `G.P = +INF` came right before */
} seed;

#define MAX_SEEDS 8

typedef struct seeds {
    seed s[MAX_SEEDS];
    int n;
} seeds;

static bool int_literal(const gm_expr *e, int64_t *out)
{
    if (e && e->kind == GME_INT) {
        *out = e->int_val;
        return true;
    }
    if (e && e->kind == GME_UNARY && e->op == GMOP_NEG && e->a && e->a->kind == GME_INT) {
        *out = -e->a->int_val;
        return true;
    }
    return false;
}

static bool is_int_prop(const gm_symbol *p)
{
    return p && p->is_property && p->type && p->type->kind == GMT_NODE_PROP && p->type->elem &&
           (p->type->elem->kind == GMT_INT || p->type->elem->kind == GMT_LONG);
}

/* `r.P = K` with r a Node variable (not an iterator) and P an integer property. */
static bool as_seed(const gm_stmt *s, seed *out)
{
    if (s->kind != GMS_ASSIGN || s->assign_op != GMA_ASSIGN || s->is_group || !s->lhs ||
        s->lhs->kind != GME_PROP || !s->lhs->a || s->lhs->a->kind != GME_ID)
        return false;
    gm_symbol *r = s->lhs->a->sym;
    if (!r || r->kind == GMSYM_ITER || !r->type || r->type->kind != GMT_NODE || !is_int_prop(s->lhs->sym))
        return false;
    int64_t k;
    if (!int_literal(s->rhs, &k))
        return false;
    *out = (seed){r, s->lhs->sym, k, true, NULL};
    return true;
}

static bool is_plus_inf(const gm_expr *e)
{
    return e && e->kind == GME_INF && !e->negative;
}

/* The graph G when s is `G.P = +INF` (as written, or desugared to a Foreach over G.Nodes). */
static gm_symbol *all_inf_graph(const gm_stmt *s, const gm_symbol *p)
{
    if (!s)
        return NULL;
    if (s->kind == GMS_ASSIGN && s->is_group && s->assign_op == GMA_ASSIGN && s->lhs &&
        s->lhs->kind == GME_PROP && s->lhs->sym == p && s->lhs->a && s->lhs->a->kind == GME_ID &&
        s->lhs->a->sym && s->lhs->a->sym->type && s->lhs->a->sym->type->kind == GMT_GRAPH &&
        is_plus_inf(s->rhs))
        return s->lhs->a->sym;
    if (s->kind != GMS_FOREACH || s->iter.range != GMR_NODES || s->iter.filter || !s->iter.source ||
        s->iter.source->kind != GME_ID || !s->iter.sym || !s->body)
        return NULL;
    const gm_stmt *set = s->body;
    while (set && set->kind == GMS_BLOCK && set->body && !set->body->next)
        set = set->body;
    if (!set || set->next || set->kind != GMS_ASSIGN || set->assign_op != GMA_ASSIGN || !set->lhs ||
        set->lhs->kind != GME_PROP || set->lhs->sym != p || !set->lhs->a || set->lhs->a->kind != GME_ID ||
        set->lhs->a->sym != s->iter.sym || !is_plus_inf(set->rhs))
        return NULL;
    return s->iter.source->sym;
}

/* Statements after a seed end it when they change P or r, or might. */
typedef struct kill_scan {
    seeds *ss;
} kill_scan;

static void kill_one(const gmo_access *acc, void *ctx)
{
    seeds *ss = ((kill_scan *)ctx)->ss;
    for (int i = 0; i < ss->n; i++) {
        seed *sd = &ss->s[i];
        if (acc->kind == GMO_OPAQUE)
            sd->live = false;
        else if (acc->kind != GMO_READ && (acc->sym == sd->prop || acc->sym == sd->root))
            sd->live = false;
    }
}

static bool is_id(const gm_expr *e, const gm_symbol *sym)
{
    return e && e->kind == GME_ID && e->sym == sym;
}

/* v != r in either order. */
static bool is_not_root(const gm_expr *e, const gm_symbol *v, const gm_symbol *r)
{
    return e && e->kind == GME_BINARY && e->op == GMOP_NE &&
           ((is_id(e->a, v) && is_id(e->b, r)) || (is_id(e->a, r) && is_id(e->b, v)));
}

static const gm_stmt *only_stmt(const gm_stmt *s)
{
    while (s && s->kind == GMS_BLOCK) {
        if (!s->body || s->body->next)
            return s;
        s = s->body;
    }
    return s;
}

/* The block holding the three statements, NULL when the body has another shape. */
static gm_stmt *guarded_block(gm_stmt *bfs, const gm_symbol *r)
{
    gm_symbol *v = bfs->iter.sym;
    gm_stmt *body = bfs->body;
    if (!body || body->kind != GMS_BLOCK)
        return NULL;
    if (bfs->iter.filter)
        return is_not_root(bfs->iter.filter, v, r) ? body : NULL;
    gm_stmt *guard = (gm_stmt *)only_stmt(body);
    if (!guard || guard->kind != GMS_IF || guard->else_stmt || !is_not_root(guard->cond, v, r) ||
        !guard->then_stmt || guard->then_stmt->kind != GMS_BLOCK)
        return NULL;
    return guard->then_stmt;
}

/* m + C, C + m, m - C or m: sets *c. */
static bool as_offset(const gm_expr *e, const gm_symbol *m, int64_t *c)
{
    if (is_id(e, m)) {
        *c = 0;
        return true;
    }
    if (!e || e->kind != GME_BINARY || (e->op != GMOP_ADD && e->op != GMOP_SUB))
        return false;
    int64_t k;
    if (is_id(e->a, m) && int_literal(e->b, &k)) {
        *c = e->op == GMOP_ADD ? k : -k;
        return true;
    }
    if (e->op == GMOP_ADD && is_id(e->b, m) && int_literal(e->a, &k)) {
        *c = k;
        return true;
    }
    return false;
}

/* Whether block is `T m = +-INF; Foreach (u: v.UpNbrs) { m min|max= u.P; } v.P = m + C;`. */
static bool is_hop_count(const gm_stmt *block, const gm_symbol *v, const gm_symbol *p, int64_t *c)
{
    const gm_stmt *decl = block->body;
    const gm_stmt *loop = decl ? decl->next : NULL;
    const gm_stmt *set = loop ? loop->next : NULL;
    if (!set || set->next)
        return false;
    if (decl->kind != GMS_DECL || !decl->names || decl->names->next || !decl->init ||
        decl->init->kind != GME_INF)
        return false;
    gm_symbol *m = decl->names->sym;
    if (!m || !m->type || m->type->kind != p->type->elem->kind)
        return false;
    if (loop->kind != GMS_FOREACH || loop->iter.range != GMR_UP_NBRS || !is_id(loop->iter.source, v) ||
        loop->iter.filter || !loop->iter.sym)
        return false;
    const gm_stmt *red = only_stmt(loop->body);
    gm_assign_op want = decl->init->negative ? GMA_MAX : GMA_MIN;
    if (!red || red->kind != GMS_ASSIGN || red->assign_op != want || !is_id(red->lhs, m) || !red->rhs ||
        red->rhs->kind != GME_PROP || red->rhs->sym != p || !is_id(red->rhs->a, loop->iter.sym))
        return false;
    return set->kind == GMS_ASSIGN && set->assign_op == GMA_ASSIGN && set->lhs &&
           set->lhs->kind == GME_PROP && set->lhs->sym == p && is_id(set->lhs->a, v) &&
           as_offset(set->rhs, m, c);
}

static gm_expr *typed_int(gm_program *p, int64_t v, gm_type *t, gm_loc loc)
{
    return gmo_typed(gm_expr_int(p->arena, v, loc), t);
}

/* K + C * v._BFSLevel() in the property's type. */
static gm_expr *level_value(gm_program *p, gm_symbol *v, gm_type *t, int64_t k, int64_t c, gm_loc loc)
{
    gm_type *int_type = gm_type_new(p->arena, GMT_INT, loc);
    gm_expr *lvl = gm_expr_new(p->arena, GME_CALL, loc);
    lvl->a = gm_expr_id(p->arena, v, loc);
    lvl->name = gm_builtin_name(GMB_NODE_BFS_LEVEL);
    lvl->builtin = GMB_NODE_BFS_LEVEL;
    lvl->type = int_type;
    gm_expr *term = lvl;
    if (t->kind != GMT_INT) {
        term = gm_expr_new(p->arena, GME_CAST, loc);
        term->cast_to = t->kind;
        term->a = lvl;
        term->type = t;
    }
    if (c == 0)
        return typed_int(p, k, t, loc);
    if (c != 1)
        term = gmo_typed(gm_expr_binary(p->arena, GMOP_MUL, typed_int(p, c, t, loc), term, loc), t);
    if (k != 0)
        term = gmo_typed(gm_expr_binary(p->arena, GMOP_ADD, typed_int(p, k, t, loc), term, loc), t);
    return term;
}

/* Rewrites bfs when one of the live seeds matches it. */
static void try_bfs(gm_program *p, gm_stmt *bfs, const seeds *ss)
{
    if (bfs->navigator || bfs->iter.transposed || !bfs->iter.sym || !bfs->root ||
        bfs->root->kind != GME_ID)
        return;
    for (int i = 0; i < ss->n; i++) {
        const seed *sd = &ss->s[i];
        if (!sd->live || bfs->root->sym != sd->root)
            continue;
        gm_stmt *block = guarded_block(bfs, sd->root);
        int64_t c;
        if (!block || !is_hop_count(block, bfs->iter.sym, sd->prop, &c))
            continue;
        gm_stmt *set = block->body->next->next;
        gm_type *t = sd->prop->type->elem;
        set->rhs = level_value(p, bfs->iter.sym, t, sd->value, c, set->rhs->loc);
        block->body = set;
        if (sd->value == 0 && c == 1 && t->kind == GMT_INT && !bfs->rev_body && !bfs->rev_filter &&
            sd->all_inf_on && bfs->iter.source && bfs->iter.source->kind == GME_ID &&
            bfs->iter.source->sym == sd->all_inf_on)
            bfs->levels_in = sd->prop;
        return;
    }
}

/* The walk is gm_front's gm_rewrite (ast_walk.h). Seeds hold within one
 * statement list, from the seed on: each list (the procedure's, a block's,
 * a body slot's) starts with none. A frame per statement whose bodies the
 * walk is in; a link that is one of the frame's statement's slots starts a
 * list of its own. */
typedef struct frame {
    const gm_stmt *owner; /* NULL: the procedure's list */
    seeds ss;
    gm_stmt *prev;        /* the statement before, in the current list */
} frame;

typedef struct level_walk {
    gm_program *p;
    frame *f;
    int depth, cap;
} level_walk;

static gm_rewrite_step level_pre(gm_stmt ***link, void *ctx)
{
    level_walk *w = ctx;
    frame *top = &w->f[w->depth - 1];
    const gm_stmt *o = top->owner;
    if (o && (*link == &o->body || *link == &o->then_stmt || *link == &o->else_stmt || *link == &o->rev_body)) {
        top->ss.n = 0; /* a list of its own */
        top->prev = NULL;
    }
    gm_stmt *s = **link;
    if (s->kind == GMS_BFS)
        try_bfs(w->p, s, &top->ss);
    kill_scan k = {&top->ss};
    gmo_walk_accesses_stmt(s, kill_one, &k);
    seed sd;
    if (as_seed(s, &sd)) {
        sd.all_inf_on = all_inf_graph(top->prev, sd.prop);
        if (top->ss.n == MAX_SEEDS)
            top->ss.n = 0; /* forget the old ones: only a missed rewrite */
        top->ss.s[top->ss.n++] = sd;
    }
    top->prev = s;
    if (w->depth == w->cap) {
        int cap = 2 * w->cap;
        frame *f = realloc(w->f, (size_t)cap * sizeof *f);
        if (!f)
            gm_out_of_memory("the optimizer", 0);
        w->f = f;
        w->cap = cap;
    }
    w->f[w->depth++] = (frame){.owner = s};
    return GM_REWRITE_ON;
}

static gm_rewrite_step level_post(gm_stmt ***link, void *ctx)
{
    (void)link;
    ((level_walk *)ctx)->depth--;
    return GM_REWRITE_ON;
}

void gmo_bfs_level(gm_program *p)
{
    static const gm_rewrite_hooks hooks = {level_pre, level_post};
    level_walk w = {p, calloc(16, sizeof(frame)), 1, 16};
    if (!w.f)
        gm_out_of_memory("the optimizer", 0);
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body) {
            w.f[0] = (frame){0};
            w.depth = 1;
            gm_rewrite(&proc->body->body, &hooks, &w);
        }
    free(w.f);
}

/* The body bfs_level left for a marked BFS: `v.P = v._BFSLevel()`, alone,
 * maybe under `If (v != r)` or the filter v != r. */
gm_symbol *gmo_bfs_levels_prop(const gm_stmt *bfs)
{
    gm_symbol *p = bfs->levels_in;
    if (!p || bfs->kind != GMS_BFS || bfs->rev_body || bfs->navigator || !bfs->root ||
        bfs->root->kind != GME_ID)
        return NULL;
    gm_stmt *block = guarded_block((gm_stmt *)bfs, bfs->root->sym);
    const gm_stmt *set = block ? block->body : NULL;
    if (!set || set->next || set->kind != GMS_ASSIGN || set->assign_op != GMA_ASSIGN || !set->lhs ||
        set->lhs->kind != GME_PROP || set->lhs->sym != p || !is_id(set->lhs->a, bfs->iter.sym))
        return NULL;
    const gm_expr *r = set->rhs;
    return r && r->kind == GME_CALL && r->builtin == GMB_NODE_BFS_LEVEL && is_id(r->a, bfs->iter.sym) ? p
                                                                                                   : NULL;
}
