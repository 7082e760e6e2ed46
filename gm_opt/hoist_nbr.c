/* hoist_nbr.c: work that depends only on a neighbour is done once per node, not once per edge.
 *
 * Contract: in a parallel Foreach L over G.Nodes that is not inside a
 * parallel region, an expression X inside the body of a neighbour loop
 * `Foreach (w: x.Nbrs|InNbrs)` nested in L becomes `w._hoistedK`, where
 * `N_P<T>(G) _hoistedK` is a new temporary filled by
 * `Foreach (_g: G.Nodes) { _g._hoistedK = X[w := _g]; }` placed just before
 * L, when
 *   - X reads w, and otherwise only properties of w, G's node and edge
 *     counts, degrees of w, Log/Exp/Pow and scalars that are not iterators;
 *   - L writes, reduces and defers none of the symbols X reads, and runs no
 *     foreign code or procedure call (so X has the same value before L as
 *     at any point inside it);
 *   - X has no integer division or modulo (it is now evaluated for every
 *     node, also ones that are nobody's neighbour, and must not trap);
 *   - X costs more than one read per edge: counting a property read or a
 *     degree as 1 and a division, Log, Exp or Pow as 2, at least 2 (a bare
 *     w.P or w.OutDegree() gains nothing from the extra sweep).
 * X is the largest such subexpression of an assignment's or declaration's
 * value or an If condition. An edge of L's neighbour loops is visited once
 * per outer iteration, a node once by the new loop, so with more edges than
 * nodes the division and degree reads of PageRank's `w.rank / w.OutDegree()`
 * run per node instead of per edge.
 */
#include "builtins.h"
#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "scope_depth.h"
#include "walk.h"

/* What the loop L changes, and what the candidate expression needs. */
typedef struct hoist_scan {
    gm_symbol *changed[64];
    int nchanged;
    bool overflow; /* more changed symbols than the table holds: hoist nothing */
    bool opaque;
} hoist_scan;

static void note_change(const gmo_access *acc, void *ctx)
{
    hoist_scan *h = ctx;
    if (acc->kind == GMO_OPAQUE) {
        h->opaque = true;
        return;
    }
    if (acc->kind == GMO_READ || !acc->sym)
        return;
    for (int i = 0; i < h->nchanged; i++)
        if (h->changed[i] == acc->sym)
            return;
    if (h->nchanged < 64)
        h->changed[h->nchanged++] = acc->sym;
    else
        h->overflow = true;
}

/* Declarations without an initialiser report no write, but what they
 * declare inside L is per-iteration state all the same. */
static void note_decl(gm_stmt *s, void *ctx)
{
    hoist_scan *h = ctx;
    if (s->kind != GMS_DECL)
        return;
    for (gm_name *n = s->names; n; n = n->next) {
        gmo_access acc = {GMO_WRITE, n->sym, NULL, s};
        if (n->sym)
            note_change(&acc, h);
    }
}

static bool changed_in_loop(const hoist_scan *h, const gm_symbol *sym)
{
    for (int i = 0; i < h->nchanged; i++)
        if (h->changed[i] == sym)
            return true;
    return false;
}

static bool is_value_type(const gm_type *t)
{
    if (!t)
        return false;
    switch (t->kind) {
    case GMT_INT: case GMT_LONG: case GMT_FLOAT: case GMT_DOUBLE: case GMT_BOOL:
        return true;
    default:
        return false;
    }
}

static bool is_integer_type(const gm_type *t)
{
    return t && (t->kind == GMT_INT || t->kind == GMT_LONG);
}

/* Built-ins whose value depends on their receiver and arguments only. */
static bool builtin_is_per_node(int id)
{
    switch (id) {
    case GMB_GRAPH_NUM_NODES: case GMB_GRAPH_NUM_EDGES:
    case GMB_NODE_NUM_NBRS: case GMB_NODE_NUM_IN_NBRS:
    case GMB_LOG: case GMB_EXP: case GMB_POW:
        return true;
    default:
        return false;
    }
}

typedef struct candidate {
    const hoist_scan *loop;
    const gm_symbol *w;
    bool ok;
    bool uses_w;
    int cost; /* memory reads and divisions per evaluation, roughly */
} candidate;

static void inspect(gm_expr *e, void *ctx)
{
    candidate *c = ctx;
    switch (e->kind) {
    case GME_INT: case GME_FLOAT: case GME_BOOL: case GME_INF:
        break;
    case GME_ID:
        if (e->sym == c->w)
            c->uses_w = true;
        else if (!e->sym || e->sym->kind == GMSYM_ITER || e->sym->is_property ||
                 changed_in_loop(c->loop, e->sym))
            c->ok = false;
        break;
    case GME_PROP:
        /* only w.P; the base is inspected as an ID next */
        if (!e->sym || !e->a || e->a->kind != GME_ID || e->a->sym != c->w ||
            changed_in_loop(c->loop, e->sym))
            c->ok = false;
        c->cost++;
        break;
    case GME_CALL:
        if (e->builtin < 0 || !builtin_is_per_node(e->builtin))
            c->ok = false;
        /* a degree reads the row bounds; Log/Exp/Pow cost like a division */
        c->cost += e->builtin == GMB_NODE_NUM_NBRS || e->builtin == GMB_NODE_NUM_IN_NBRS ||
                           e->builtin == GMB_GRAPH_NUM_NODES || e->builtin == GMB_GRAPH_NUM_EDGES
                       ? 1
                       : 2;
        break;
    case GME_BINARY:
        if (e->op == GMOP_DIV || e->op == GMOP_MOD) {
            if (is_integer_type(e->type) || is_integer_type(e->a ? e->a->type : NULL))
                c->ok = false;
            c->cost += 2;
        }
        break;
    case GME_CAST:
        /* a float out of range (a division by zero for a node nobody
         * reads) must not reach an integer conversion */
        if (is_integer_type(e->type) && e->a && !is_integer_type(e->a->type))
            c->ok = false;
        break;
    case GME_UNARY: case GME_TERNARY: case GME_ABS:
        break;
    default: /* reductions, maps, foreign code, NIL, strings */
        c->ok = false;
        break;
    }
}

static bool worth_hoisting(const hoist_scan *loop, const gm_symbol *w, const gm_expr *e)
{
    if (!e || !is_value_type(e->type) || e->kind == GME_PROP || e->kind == GME_ID)
        return false;
    candidate c = {loop, w, true, false, 0};
    gm_expr copy = *e;
    copy.next = NULL; /* only e, not the list it heads */
    gmo_walk_expr(&copy, inspect, &c);
    return c.ok && c.uses_w && gmo_expr_is_pure(e) &&
           c.cost >= 2;
}

typedef struct hoister {
    gm_program *p;
    gm_stmt *loop;     /* L */
    gm_symbol *graph;  /* L's graph */
    hoist_scan scan;
    gm_stmt *before;   /* declarations and fill loops to insert before L, in order */
} hoister;

/* Replaces *slot by w._hoistedK and queues the declaration and the fill loop. */
static void hoist(hoister *h, gm_symbol *w, gm_expr **slot)
{
    gm_program *p = h->p;
    gm_expr *x = *slot;
    gm_loc loc = x->loc;
    gm_type *prop_type = gm_type_new(p->arena, GMT_NODE_PROP, loc);
    prop_type->elem = gm_type_copy(p->arena, x->type);
    prop_type->graph = h->graph;
    prop_type->graph_name = h->graph->name;
    gm_symbol *prop = gmo_new_temp(p, "hoisted", prop_type, loc);
    prop->location = w->location | h->loop->iter.sym->location;

    gm_type *it_type = gm_type_new(p->arena, GMT_NODE, loc);
    it_type->graph = h->graph;
    it_type->graph_name = h->graph->name;
    gm_symbol *it;
    gm_stmt *fill = gmo_foreach(p, h->graph, GMR_NODES, it_type, &it, loc);
    gm_expr *value = gm_expr_copy(p->arena, x);
    value->next = NULL;
    gm_expr *target = gmo_typed(gm_expr_prop(p->arena, gm_expr_id(p->arena, it, loc), prop, loc),
                                prop_type->elem);
    fill->body->body = gmo_assign(p, target, value, loc);
    gmo_subst_sym(fill->body->body, w, it);

    gm_stmt *decl = gmo_decl(p, prop, NULL);
    decl->next = fill;
    h->before = gm_stmt_list_append(h->before, decl);

    gm_expr *use = gmo_typed(gm_expr_prop(p->arena, gm_expr_id(p->arena, w, loc), prop, loc),
                             prop_type->elem);
    use->next = x->next;
    *slot = use;
}

/* Hoists the largest qualifying subexpressions of the expression *slot. */
static void hoist_expr(hoister *h, gm_symbol *w, gm_expr **slot)
{
    gm_expr *e = *slot;
    if (!e)
        return;
    if (worth_hoisting(&h->scan, w, e)) {
        hoist(h, w, slot);
        return;
    }
    switch (e->kind) {
    case GME_BINARY: case GME_TERNARY:
        hoist_expr(h, w, &e->a);
        hoist_expr(h, w, &e->b);
        hoist_expr(h, w, &e->c);
        break;
    case GME_UNARY: case GME_ABS: case GME_CAST:
        hoist_expr(h, w, &e->a);
        break;
    default:
        break;
    }
}

typedef struct nbr_visit {
    hoister *h;
    gm_symbol *w;
} nbr_visit;

/* The values a statement of the neighbour loop's body computes. */
static void hoist_stmt(gm_stmt *s, void *ctx)
{
    nbr_visit *v = ctx;
    switch (s->kind) {
    case GMS_ASSIGN:
    case GMS_ARGMINMAX:
        for (gm_expr **slot = &s->rhs; *slot; slot = &(*slot)->next)
            hoist_expr(v->h, v->w, slot);
        break;
    case GMS_DECL:
        hoist_expr(v->h, v->w, &s->init);
        break;
    case GMS_IF:
        hoist_expr(v->h, v->w, &s->cond);
        break;
    default:
        break;
    }
}

static bool is_neighbour_loop(const gm_stmt *s, const gm_symbol *graph)
{
    return s->kind == GMS_FOREACH && s->iter.sym && s->body &&
           (s->iter.range == GMR_NBRS || s->iter.range == GMR_IN_NBRS) &&
           s->iter.sym->type && s->iter.sym->type->kind == GMT_NODE &&
           s->iter.sym->type->graph == graph;
}

static void visit_nbr_loops(gm_stmt *s, void *ctx)
{
    hoister *h = ctx;
    if (!is_neighbour_loop(s, h->graph))
        return;
    nbr_visit v = {h, s->iter.sym};
    gmo_walk_stmts(s->body->body, hoist_stmt, &v);
}

static bool is_node_loop(const gm_stmt *s)
{
    return s->kind == GMS_FOREACH && s->parallel && s->iter.sym && s->body &&
           s->iter.range == GMR_NODES && !s->iter.range_arg && s->iter.source &&
           s->iter.source->kind == GME_ID && s->iter.source->sym &&
           s->iter.source->sym->type && s->iter.source->sym->type->kind == GMT_GRAPH;
}

/* Processes loop *pp; returns the link of the statement after it. */
static gm_stmt **process_loop(gm_program *p, gm_stmt **pp)
{
    gm_stmt *loop = *pp;
    hoister h = {.p = p, .loop = loop, .graph = loop->iter.source->sym};
    gmo_walk_accesses(loop->body, note_change, &h.scan);
    gmo_walk_stmts(loop->body, note_decl, &h.scan);
    if (h.scan.opaque || h.scan.overflow)
        return &loop->next;
    gmo_walk_stmts(loop->body->body, visit_nbr_loops, &h);
    if (h.before) {
        *pp = gm_stmt_list_append(h.before, loop);
    }
    return &loop->next;
}

/* The walk (gm_front's gm_rewrite) goes into every statement outside the
 * parallel regions, a DFS's InPost body included. */
static gm_rewrite_step visit(gm_stmt ***link, void *ctx)
{
    gm_stmt *s = **link;
    if (is_node_loop(s)) {
        *link = process_loop(ctx, *link); /* the link after the loop */
        return GM_REWRITE_AGAIN;
    }
    return gmo_is_parallel(s) ? GM_REWRITE_OVER : GM_REWRITE_ON; /* nothing inside a parallel region */
}

void gmo_hoist_nbr(gm_program *p)
{
    static const gm_rewrite_hooks hooks = {visit, NULL};
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gm_rewrite(&proc->body->body, &hooks, p);
}
