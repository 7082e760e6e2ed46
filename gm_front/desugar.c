/* desugar.c: lowers a checked program to the core form.
 *
 * Guarantees to every later stage:
 *   - every If branch, loop body and traversal body is a GMS_BLOCK;
 *   - no loop or traversal has a filter (it became an If at the top of the body);
 *   - no group assignment (G.A = e became Foreach over G.Nodes / G.Edges / S.Items);
 *   - no reduction expression (Sum, Product, Min, Max, Count, Exist, All, Avg) outside
 *     a BFS navigator: each became a temporary, its initialisation and a Foreach with a
 *     reduction assignment bound to that loop, inserted before the statement using it;
 *   - no ++, --, -= (they became += 1, += -1, += -(e));
 *   - in an InBFS forward body over v, `v.P = R(w: v.UpNbrs) {...}` (a reduction
 *     over the parents as the whole right side) is under If (v != root): the
 *     root keeps P, as the original compiler's push to the children does.
 * The program stays checked: new symbols, types and bindings are filled in.
 */
#include <string.h>

#include "ast_walk.h"
#include "diag.h"
#include "front.h"

typedef struct desugar {
    gm_program *p;
    gm_arena *a;
} desugar;

/* ---- small builders -------------------------------------------------- */

static gm_type *prim_type(desugar *d, gm_type_kind k, gm_loc loc)
{
    return gm_type_new(d->a, k, loc);
}

static gm_symbol *new_temp(desugar *d, const char *prefix, gm_type *type, gm_loc loc)
{
    const char *name = gm_arena_printf(d->a, "_%s%d", prefix, d->p->next_temp_id++);
    return gm_symbol_new(d->p, name, loc, type, GMSYM_VAR);
}

static gm_stmt *decl_of(desugar *d, gm_symbol *sym, gm_expr *init)
{
    gm_stmt *s = gm_stmt_new(d->a, GMS_DECL, sym->loc);
    s->decl_type = gm_type_copy(d->a, sym->type);
    s->names = gm_name_new(d->a, sym->name, sym->loc);
    s->names->sym = sym;
    s->init = init;
    return s;
}

static gm_stmt *assign_of(desugar *d, gm_expr *lhs, gm_assign_op op, gm_expr *rhs,
                          gm_symbol *bound, gm_loc loc)
{
    gm_stmt *s = gm_stmt_new(d->a, GMS_ASSIGN, loc);
    s->lhs = lhs;
    s->rhs = rhs;
    s->assign_op = op;
    s->bound = bound;
    return s;
}

static gm_stmt *block_of(desugar *d, gm_stmt *list, gm_loc loc)
{
    gm_stmt *b = gm_stmt_new(d->a, GMS_BLOCK, loc);
    b->body = list;
    return b;
}

static gm_stmt *if_of(desugar *d, gm_expr *cond, gm_stmt *then_block, gm_loc loc)
{
    gm_stmt *s = gm_stmt_new(d->a, GMS_IF, loc);
    s->cond = cond;
    s->then_stmt = then_block;
    return s;
}

static gm_expr *typed(gm_expr *e, gm_type *t)
{
    e->type = t;
    return e;
}

/* The literal that starts a reduction of kind op on values of type t. */
static gm_expr *identity_of(desugar *d, gm_reduce_op op, gm_type *t, gm_loc loc)
{
    gm_expr *e;
    switch (op) {
    case GMRED_PRODUCT:
        e = gm_expr_int(d->a, 1, loc);
        break;
    case GMRED_MIN:
    case GMRED_MAX:
        e = gm_expr_new(d->a, GME_INF, loc);
        e->negative = op == GMRED_MAX;
        break;
    case GMRED_EXIST:
        e = gm_expr_bool(d->a, false, loc);
        break;
    case GMRED_ALL:
        e = gm_expr_bool(d->a, true, loc);
        break;
    default:
        e = gm_expr_int(d->a, 0, loc);
        break;
    }
    if (e->kind == GME_INT && (t->kind == GMT_FLOAT || t->kind == GMT_DOUBLE)) {
        e->kind = GME_FLOAT;
        e->float_val = (double)e->int_val;
        e->text = e->int_val ? "1.0" : "0.0";
    }
    return typed(e, t);
}

static gm_assign_op assign_op_of(gm_reduce_op op)
{
    switch (op) {
    case GMRED_PRODUCT: return GMA_MULT;
    case GMRED_MIN: return GMA_MIN;
    case GMRED_MAX: return GMA_MAX;
    case GMRED_EXIST: return GMA_OR;
    case GMRED_ALL: return GMA_AND;
    default: return GMA_PLUS;
    }
}

/* ---- normalisation: blocks everywhere, filters to If ------------------ */

static gm_stmt *as_block(desugar *d, gm_stmt *s, gm_loc loc)
{
    if (!s)
        return block_of(d, NULL, loc);
    if (s->kind == GMS_BLOCK)
        return s;
    s->next = NULL;
    return block_of(d, s, s->loc);
}

/* Moves "(filter)" into the body as "If (filter) { body }". */
static gm_stmt *filter_to_if(desugar *d, gm_expr **filter, gm_stmt *body)
{
    if (!*filter)
        return body;
    gm_stmt *guarded = if_of(d, *filter, body, (*filter)->loc);
    *filter = NULL;
    return block_of(d, guarded, body->loc);
}

static void normalize(desugar *d, gm_stmt *s)
{
    switch (s->kind) {
    case GMS_IF:
        s->then_stmt = as_block(d, s->then_stmt, s->loc);
        if (s->else_stmt)
            s->else_stmt = as_block(d, s->else_stmt, s->loc);
        break;
    case GMS_WHILE:
    case GMS_DO_WHILE:
        s->body = as_block(d, s->body, s->loc);
        break;
    case GMS_FOREACH:
    case GMS_BFS:
    case GMS_DFS:
        s->body = filter_to_if(d, &s->iter.filter, as_block(d, s->body, s->loc));
        if (s->rev_body || s->rev_filter)
            s->rev_body = filter_to_if(d, &s->rev_filter, as_block(d, s->rev_body, s->loc));
        break;
    default:
        break;
    }
}

/* ---- ++, --, -= ------------------------------------------------------- */

static void lower_increments(desugar *d, gm_stmt *s)
{
    if (s->kind != GMS_ASSIGN)
        return;
    gm_type *t = s->lhs->type;
    if (s->assign_op == GMA_INC || s->assign_op == GMA_DEC) {
        gm_expr *one = typed(gm_expr_int(d->a, s->assign_op == GMA_INC ? 1 : -1, s->loc), t);
        s->rhs = one;
        s->assign_op = GMA_PLUS;
    } else if (s->assign_op == GMA_MINUS) {
        gm_expr *neg = gm_expr_new(d->a, GME_UNARY, s->rhs->loc);
        neg->op = GMOP_NEG;
        neg->a = s->rhs;
        s->rhs = typed(neg, s->rhs->type);
        s->assign_op = GMA_PLUS;
    }
}

/* ---- group assignment ------------------------------------------------- */

/* Replaces, in e, uses of the group's source that stand for the current
 * element (the checker typed them Node or Edge) by the new iterator. */
typedef struct element_sub {
    gm_symbol *source, *it;
} element_sub;

static bool substitute_one(const gm_expr *ce, void *ctx)
{
    const element_sub *x = ctx;
    gm_expr *e = (gm_expr *)ce; /* the walk reads e's children after this */
    if (e->kind == GME_ID && e->sym == x->source && e->type &&
        (e->type->kind == GMT_NODE || e->type->kind == GMT_EDGE)) {
        e->sym = x->it;
        e->name = x->it->name;
        e->type = x->it->type;
    }
    return true;
}

/* Every use of source typed as its element (Node or Edge) in e and the list
 * after it becomes a use of it (gm_walk_expr). A foreign $reference names a
 * variable as such (typed Graph or a collection), never an element. */
static void substitute_element(gm_expr *e, gm_symbol *source, gm_symbol *it)
{
    element_sub x = {source, it};
    gm_walk_expr(e, true, substitute_one, &x);
}

/* G.A = e  ->  Foreach (_g: G.Nodes) { _g.A = e[G := _g]; } (Edges for an
 * edge property, S.Items for a collection S). */
static void lower_group(desugar *d, gm_stmt *s)
{
    if (s->kind != GMS_ASSIGN || !s->is_group)
        return;
    gm_expr *lhs = s->lhs;           /* GME_PROP whose base is the graph or collection */
    gm_expr *base = lhs->a;
    gm_symbol *source = base->sym;
    bool edge_prop = lhs->sym && lhs->sym->type && lhs->sym->type->kind == GMT_EDGE_PROP;
    gm_range_kind range = source->type->kind == GMT_GRAPH ? (edge_prop ? GMR_EDGES : GMR_NODES)
                                                          : GMR_ITEMS;
    gm_type *it_type = prim_type(d, edge_prop ? GMT_EDGE : GMT_NODE, s->loc);
    it_type->graph = source->type->kind == GMT_GRAPH ? source : source->type->graph;
    it_type->graph_name = it_type->graph ? it_type->graph->name : NULL;
    gm_symbol *it = new_temp(d, edge_prop ? "e" : "g", it_type, s->loc);
    it->kind = GMSYM_ITER;
    it->readonly = true;
    it->iter_range = range;
    it->iter_source = source;

    gm_stmt *loop = gm_stmt_new(d->a, GMS_FOREACH, s->loc);
    loop->parallel = true;
    loop->iter.name = it->name;
    loop->iter.loc = s->loc;
    loop->iter.source = gm_expr_id(d->a, source, base->loc);
    loop->iter.range = range;
    loop->iter.sym = it;
    it->iter_stmt = loop;

    substitute_element(s->rhs, source, it);
    gm_expr *target = gm_expr_prop(d->a, gm_expr_id(d->a, it, base->loc), lhs->sym, lhs->loc);
    target->type = lhs->type;
    gm_stmt *body = assign_of(d, target, GMA_ASSIGN, s->rhs, NULL, s->loc);
    loop->body = block_of(d, body, s->loc);

    /* Turn s itself into the loop so the enclosing list needs no relinking. */
    gm_stmt *next = s->next;
    *s = *loop;
    s->next = next;
    it->iter_stmt = s;
}

/* ---- reduction expressions ------------------------------------------- */

typedef struct hoisted {
    gm_stmt *head, *tail;
} hoisted;

static void emit(hoisted *h, gm_stmt *s)
{
    if (h->tail)
        h->tail->next = s;
    else
        h->head = s;
    h->tail = s;
    while (h->tail->next)
        h->tail = h->tail->next;
}

/* Builds the loop for one reduction, feeding each element's value to the
 * assignments in body_of_loop; returns the Foreach. */
static gm_stmt *reduction_loop(desugar *d, gm_expr *r, gm_stmt *assignments)
{
    gm_stmt *loop = gm_stmt_new(d->a, GMS_FOREACH, r->loc);
    loop->parallel = true;
    loop->iter = r->iter;
    loop->iter.filter = NULL;
    gm_stmt *body = assignments;
    if (r->iter.filter)
        body = if_of(d, r->iter.filter, block_of(d, assignments, r->loc), r->iter.filter->loc);
    loop->body = block_of(d, body, r->loc);
    if (loop->iter.sym) {
        loop->iter.sym->iter_stmt = loop;
        loop->iter.sym->iter_expr = NULL;
    }
    return loop;
}

/* Replaces reduction expression r (in place) by a read of a temporary and
 * appends the statements computing it to h. */
static void hoist_reduction(desugar *d, gm_expr *r, hoisted *h)
{
    gm_loc loc = r->loc;
    gm_symbol *it = r->iter.sym;
    gm_type *result = r->type ? r->type : prim_type(d, GMT_INT, loc);

    if (r->reduce_op == GMRED_AVG) {
        /* Avg = Sum / Count, 0.0 on an empty range. */
        gm_type *dbl = prim_type(d, GMT_DOUBLE, loc);
        gm_type *lng = prim_type(d, GMT_LONG, loc);
        gm_symbol *sum = new_temp(d, "avg_sum", dbl, loc);
        gm_symbol *cnt = new_temp(d, "avg_cnt", lng, loc);
        gm_symbol *avg = new_temp(d, "avg", dbl, loc);
        emit(h, decl_of(d, sum, identity_of(d, GMRED_SUM, dbl, loc)));
        emit(h, decl_of(d, cnt, identity_of(d, GMRED_SUM, lng, loc)));
        gm_stmt *add = assign_of(d, gm_expr_id(d->a, sum, loc), GMA_PLUS, r->a, it, loc);
        add->next = assign_of(d, gm_expr_id(d->a, cnt, loc), GMA_PLUS,
                              typed(gm_expr_int(d->a, 1, loc), lng), it, loc);
        emit(h, reduction_loop(d, r, add));
        gm_expr *is_empty = typed(gm_expr_binary(d->a, GMOP_EQ, gm_expr_id(d->a, cnt, loc),
                                                 typed(gm_expr_int(d->a, 0, loc), lng), loc),
                                  prim_type(d, GMT_BOOL, loc));
        gm_expr *quot = typed(gm_expr_binary(d->a, GMOP_DIV, gm_expr_id(d->a, sum, loc),
                                             gm_expr_id(d->a, cnt, loc), loc),
                              dbl);
        gm_expr *pick = gm_expr_new(d->a, GME_TERNARY, loc);
        pick->a = is_empty;
        pick->b = identity_of(d, GMRED_SUM, dbl, loc);
        pick->c = quot;
        emit(h, decl_of(d, avg, typed(pick, dbl)));
        gm_expr *next = r->next;
        *r = *gm_expr_id(d->a, avg, loc);
        r->next = next;
        return;
    }

    static const char *const prefix[] = {
        [GMRED_SUM] = "sum", [GMRED_PRODUCT] = "prod", [GMRED_MIN] = "min",
        [GMRED_MAX] = "max", [GMRED_COUNT] = "cnt", [GMRED_EXIST] = "exist",
        [GMRED_ALL] = "all",
    };
    gm_symbol *tmp = new_temp(d, prefix[r->reduce_op] ? prefix[r->reduce_op] : "red", result, loc);
    emit(h, decl_of(d, tmp, identity_of(d, r->reduce_op, result, loc)));
    gm_expr *value = r->reduce_op == GMRED_COUNT ? typed(gm_expr_int(d->a, 1, loc), result) : r->a;
    gm_stmt *acc = assign_of(d, gm_expr_id(d->a, tmp, loc), assign_op_of(r->reduce_op), value, it,
                             loc);
    emit(h, reduction_loop(d, r, acc));
    gm_expr *next = r->next;
    *r = *gm_expr_id(d->a, tmp, loc);
    r->next = next;
}

typedef struct hoist_ctx {
    desugar *d;
    hoisted *h;
} hoist_ctx;

static bool hoist_one(const gm_expr *ce, void *ctx)
{
    hoist_ctx *c = ctx;
    if (ce->kind == GME_REDUCE)
        hoist_reduction(c->d, (gm_expr *)ce, c->h); /* it is a variable now: no children */
    return true;
}

/* Hoists the outermost reduction expressions of e and its list successors
 * (gm_walk_expr: pre-order, so a reduction nested inside another is never
 * reached: hoist_reduction turns the outer one into its temporary before
 * the walk reads its children, and the inner one moves with its body and is
 * lowered there). */
static void hoist_in_expr(desugar *d, gm_expr *e, hoisted *h)
{
    hoist_ctx c = {d, h};
    gm_walk_expr(e, true, hoist_one, &c);
}

static bool not_reduction(const gm_expr *e, void *ctx)
{
    (void)ctx;
    return e->kind != GME_REDUCE; /* false: found one, stop */
}

/* Whether e (or a list member after it) holds a reduction expression. */
static bool has_reduction(const gm_expr *e)
{
    return !gm_walk_expr(e, true, not_reduction, NULL);
}

/* While (c) B, with a reduction in c  ->
 *   Bool _wc = True; While (_wc) { _wc = c; If (_wc) B }
 * Do B While (c), with a reduction in c  ->  Bool _wc; Do { B; _wc = c; } While (_wc);
 * The assignment _wc = c is then lowered like any other statement. */
static gm_stmt *lower_loop_condition(desugar *d, gm_stmt *s)
{
    gm_loc loc = s->cond->loc;
    gm_type *boolean = prim_type(d, GMT_BOOL, loc);
    gm_symbol *flag = new_temp(d, "wc", boolean, loc);
    gm_stmt *set = assign_of(d, gm_expr_id(d->a, flag, loc), GMA_ASSIGN, s->cond, NULL, loc);
    if (s->kind == GMS_WHILE) {
        set->next = if_of(d, gm_expr_id(d->a, flag, loc), s->body, loc);
        s->body = block_of(d, set, s->body->loc);
    } else {
        s->body->body = gm_stmt_list_append(s->body->body, set);
    }
    s->cond = gm_expr_id(d->a, flag, loc);
    gm_expr *init = s->kind == GMS_WHILE ? typed(gm_expr_bool(d->a, true, loc), boolean) : NULL;
    return decl_of(d, flag, init);
}

/* ---- pulls over UpNbrs leave the root as it was ----------------------- */

/* Whether e is `v != r` or `r != v` (v the BFS iterator, r the root symbol). */
static bool is_not_root(const gm_expr *e, const gm_symbol *v, const gm_symbol *r)
{
    if (!e || e->kind != GME_BINARY || e->op != GMOP_NE || !e->a || !e->b ||
        e->a->kind != GME_ID || e->b->kind != GME_ID)
        return false;
    return (e->a->sym == v && e->b->sym == r) || (e->a->sym == r && e->b->sym == v);
}

/* `v.P = R(w: v.UpNbrs) {...}`: an assignment to v's property of a reduction
 * over v's parents, as a whole. */
static bool is_root_pull(const gm_stmt *s, const gm_symbol *v)
{
    const gm_expr *l = s->lhs, *r = s->rhs;
    return s->kind == GMS_ASSIGN && !s->is_group && s->assign_op == GMA_ASSIGN && l &&
           l->kind == GME_PROP && l->a && l->a->kind == GME_ID && l->a->sym == v && r &&
           r->kind == GME_REDUCE && r->iter.range == GMR_UP_NBRS && r->iter.source &&
           r->iter.source->kind == GME_ID && r->iter.source->sym == v;
}

static bool assigns_not(const gm_stmt *s, void *ctx)
{
    for (const gm_expr *l = s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX ? s->lhs : NULL; l;
         l = s->kind == GMS_ARGMINMAX ? l->next : NULL)
        if (l->kind == GME_ID && l->sym == ctx)
            return false; /* found: stop */
    return true;
}

/* Whether the statements of list s (nested ones too) assign the scalar sym
 * (gm_walk, stopped at the first). */
static bool assigns(const gm_stmt *s, const gm_symbol *sym)
{
    return !gm_walk(s, true, assigns_not, NULL, (void *)sym);
}

/* Finds (root NULL) or guards with `If (v != root)` (root set) the pulls of
 * the statements of list not already under such a guard; returns whether
 * one was found. */
static bool guard_pulls(desugar *d, gm_stmt **list, const gm_symbol *v, gm_symbol *root)
{
    bool found = false;
    for (gm_stmt **pp = list; *pp; pp = &(*pp)->next) {
        gm_stmt *s = *pp;
        if (is_root_pull(s, v)) {
            found = true;
            if (root) {
                gm_expr *ne = gm_expr_binary(d->a, GMOP_NE, gm_expr_id(d->a, (gm_symbol *)v, s->loc),
                                             gm_expr_id(d->a, root, s->loc), s->loc);
                gm_stmt *next = s->next;
                s->next = NULL;
                gm_stmt *guard = if_of(d, typed(ne, prim_type(d, GMT_BOOL, s->loc)),
                                       block_of(d, s, s->loc), s->loc);
                guard->next = next;
                *pp = guard;
            }
            continue;
        }
        if (s->kind == GMS_IF && root && is_not_root(s->cond, v, root)) {
            if (s->else_stmt)
                found |= guard_pulls(d, &s->else_stmt, v, root);
            continue;
        }
        if (s->kind == GMS_BLOCK || s->kind == GMS_FOREACH || s->kind == GMS_WHILE ||
            s->kind == GMS_DO_WHILE)
            found |= guard_pulls(d, &s->body, v, root);
        if (s->kind == GMS_IF) {
            found |= guard_pulls(d, &s->then_stmt, v, root);
            found |= guard_pulls(d, &s->else_stmt, v, root);
        }
    }
    return found;
}

/* InBFS (v: ... From r) { ... v.P = Sum(w: v.UpNbrs) {...}; ... } leaves
 * r.P as it was: the root has no parents, and Green-Marl means the pull as
 * the push from every node to its children (which never reaches the root).
 * The pull gets `If (v != r)`; a root that is not a variable, or one the
 * body assigns, is first evaluated into a temporary (appended to h). */
static void guard_root_pulls(desugar *d, gm_stmt *s, hoisted *h)
{
    gm_symbol *v = s->iter.sym;
    if (!v || !s->root || !s->body || !guard_pulls(d, &s->body, v, NULL))
        return;
    gm_symbol *root = s->root->kind == GME_ID ? s->root->sym : NULL;
    if (!root || assigns(s->body, root) || assigns(s->rev_body, root)) {
        gm_type *t = s->root->type ? s->root->type : v->type;
        gm_symbol *tmp = new_temp(d, "root", gm_type_copy(d->a, t), s->root->loc);
        emit(h, decl_of(d, tmp, s->root));
        s->root = gm_expr_id(d->a, tmp, tmp->loc);
        root = tmp;
    }
    guard_pulls(d, &s->body, v, root);
}

/* The expressions evaluated by s itself (not by its sub-statements). */
static void hoist_own_expressions(desugar *d, gm_stmt *s, hoisted *h)
{
    switch (s->kind) {
    case GMS_DECL:
        hoist_in_expr(d, s->init, h);
        break;
    case GMS_ASSIGN:
    case GMS_ARGMINMAX:
        hoist_in_expr(d, s->lhs, h);
        hoist_in_expr(d, s->rhs, h);
        break;
    case GMS_IF:
        hoist_in_expr(d, s->cond, h);
        break;
    case GMS_FOREACH:
        hoist_in_expr(d, s->iter.range_arg, h);
        break;
    case GMS_BFS:
    case GMS_DFS:
        hoist_in_expr(d, s->root, h);
        if (s->kind == GMS_BFS && !h->head)
            guard_root_pulls(d, s, h);
        if (has_reduction(s->navigator))
            gm_error(s->navigator->loc, GMD_UNSUPPORTED,
                     "a reduction expression inside a traversal navigator is not supported; "
                     "compute it in the traversal body instead");
        break;
    case GMS_RETURN:
    case GMS_CALL:
    case GMS_PRINT:
        hoist_in_expr(d, s->value, h);
        break;
    default:
        break;
    }
}

/* The walk is gm_front's gm_rewrite (ast_walk.h) over every statement list:
 * each statement is lowered before the bodies it holds (its reductions are
 * hoisted out in front of it first, and those new statements are visited in
 * turn: their loop bodies may hold reductions nested in the ones just
 * lowered). A body slot (then, else, a loop body) is a block after
 * normalize; the walk visits that block, which has nothing to lower itself,
 * then its list. */
static gm_rewrite_step desugar_stmt(gm_stmt ***link, void *ctx)
{
    desugar *d = ctx;
    gm_stmt *s = **link;
    normalize(d, s);
    lower_increments(d, s);
    lower_group(d, s);

    hoisted h = {0};
    if ((s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE) && has_reduction(s->cond))
        emit(&h, lower_loop_condition(d, s));
    else
        hoist_own_expressions(d, s, &h);
    if (!h.head)
        return GM_REWRITE_ON;
    h.tail->next = s;
    **link = h.head;
    return GM_REWRITE_AGAIN;
}

void gmf_desugar(gm_program *p)
{
    static const gm_rewrite_hooks hooks = {desugar_stmt, NULL};
    desugar d = {p, p->arena};
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gm_rewrite(&proc->body->body, &hooks, &d);
}
