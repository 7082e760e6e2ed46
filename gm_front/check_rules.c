/* check_rules.c: the rules of the checker that are not about types.
 *
 * Iteration ranges (bad-range), writes to read-only names (readonly),
 * binding of reductions and deferred assignments to loops ('@' an
 * iterator or a Node variable: reduce-binding), arg-min/max shape
 * (argminmax), and Return
 * (return-parallel, return-type; missing-return uses gmc_stmt_returns).
 */
#include <string.h>

#include "check_internal.h"
#include "types.h"

static bool is_parallel(gmc_loop_kind k)
{
    return k == GMC_LOOP_FOREACH || k == GMC_LOOP_BFS || k == GMC_LOOP_REVERSE;
}

static const char *loop_word(gmc_loop_kind k)
{
    switch (k) {
    case GMC_LOOP_FOREACH: return "Foreach";
    case GMC_LOOP_FOR: return "For";
    case GMC_LOOP_BFS: return "InBFS";
    case GMC_LOOP_REVERSE: return "InReverse";
    case GMC_LOOP_DFS: return "InDFS";
    case GMC_LOOP_POST: return "InPost";
    }
    return "loop";
}

const gmc_loop *gmc_parallel_loop(const gm_checker *ck, bool *in_group)
{
    if (in_group)
        *in_group = ck->group_sym != NULL;
    for (int i = ck->nloops - 1; i >= 0; i--)
        if (is_parallel(ck->loops[i].kind))
            return &ck->loops[i];
    return NULL;
}

const gmc_loop *gmc_traversal_loop(const gm_checker *ck)
{
    for (int i = ck->nloops - 1; i >= 0; i--)
        if (ck->loops[i].kind >= GMC_LOOP_BFS)
            return &ck->loops[i];
    return NULL;
}

/* ---------------------------------------------------------------- */
/* Iterations                                                         */

/* Whether sym is the iterator of an InBFS that encloses the current point. */
static bool is_enclosing_bfs_iter(const gm_checker *ck, const gm_symbol *sym)
{
    for (int i = 0; i < ck->nloops; i++)
        if ((ck->loops[i].kind == GMC_LOOP_BFS || ck->loops[i].kind == GMC_LOOP_REVERSE) &&
            ck->loops[i].iter == sym)
            return true;
    return false;
}

/* The symbol an iteration source names: G, n, S, or the property of n.P. */
static gm_symbol *source_symbol(const gm_expr *src)
{
    return src ? src->sym : NULL;
}

/* it.NAME() on the iterator, unchecked. */
static gm_expr *iter_call(gm_checker *ck, const gm_iter *it, const char *name)
{
    gm_expr *call = gm_expr_new(ck->arena, GME_CALL, it->loc);
    call->name = name;
    call->a = gm_expr_new(ck->arena, GME_ID, it->loc);
    call->a->name = it->name;
    return call;
}

/* A UGraph stores both directions of each edge (a self-loop once), and its
 * Edges range visits every undirected edge once: the stored direction
 * from the lower id, "(e.FromNode() <= e.ToNode()) && filter".  Added
 * before the caller checks the filter, so the checker types it; group
 * assignments to an edge property (desugared later) still reach both
 * directions. */
static void undirected_edges_once(gm_checker *ck, gm_iter *it)
{
    gm_expr *once = gm_expr_new(ck->arena, GME_BINARY, it->loc);
    once->op = GMOP_LE;
    once->a = iter_call(ck, it, "FromNode");
    once->b = iter_call(ck, it, "ToNode");
    if (it->filter) {
        gm_expr *both = gm_expr_new(ck->arena, GME_BINARY, it->loc);
        both->op = GMOP_AND;
        both->a = once;
        both->b = it->filter;
        once = both;
    }
    it->filter = once;
}

void gmc_check_iter(gm_checker *ck, gm_iter *it, gm_stmt *owner_stmt, gm_expr *owner_expr)
{
    gm_expr *src = it->source;
    gm_range_kind r = it->range;
    const char *range = gm_range_name(r);
    gm_type *st;
    if (r == GMR_NODES || r == GMR_EDGES || r == GMR_ITEMS)
        st = gmc_check_whole(ck, src);
    else
        st = gmc_check_expr(ck, src, NULL);
    const char *sname = gmc_describe(ck, src);
    gm_type *iter_type = gmc_prim(ck, GMT_ERROR);
    bool ok = st && st->kind != GMT_ERROR;

    if (ok) {
        switch (r) {
        case GMR_NODES:
        case GMR_EDGES:
            if (st->kind != GMT_GRAPH) {
                gm_error(src->loc, GMD_BAD_RANGE, "%s.%s: %s is %s, not a graph", sname, range,
                         sname, gmc_spell(ck, st));
                break;
            }
            iter_type = gmc_graph_type(ck, r == GMR_NODES ? GMT_NODE : GMT_EDGE, src->sym,
                                       it->loc);
            break;
        case GMR_UP_NBRS:
        case GMR_DOWN_NBRS:
            if (st->kind != GMT_NODE || src->kind != GME_ID ||
                !is_enclosing_bfs_iter(ck, src->sym)) {
                gm_error(src->loc, GMD_BAD_RANGE, "%s.%s: %s only applies to the iterator of an "
                         "enclosing InBFS", sname, range, range);
                break;
            }
            iter_type = gmc_graph_type(ck, GMT_NODE, st->graph, it->loc);
            break;
        case GMR_NBRS:
        case GMR_IN_NBRS:
        case GMR_COMMON_NBRS:
        case GMR_OUT_EDGES:
        case GMR_IN_EDGES:
            if (st->kind != GMT_NODE) {
                gm_error(src->loc, GMD_BAD_RANGE, "%s.%s: %s is %s, not a node", sname, range,
                         sname, gmc_spell(ck, st));
                break;
            }
            iter_type = gmc_graph_type(ck, (r == GMR_OUT_EDGES || r == GMR_IN_EDGES) ? GMT_EDGE
                                                                                     : GMT_NODE,
                                       st->graph, it->loc);
            break;
        case GMR_ITEMS:
            if (!gmt_is_collection(st->kind)) {
                gm_error(src->loc, GMD_BAD_RANGE, "%s.Items: %s is %s, not a collection", sname,
                         sname, gmc_spell(ck, st));
                break;
            }
            if ((it->reverse || it->transposed) && st->kind == GMT_NODE_SET) {
                gm_error(src->loc, GMD_BAD_RANGE, "reverse iteration over %s needs a Node_Order "
                         "or Node_Seq; a Node_Set has no order", sname);
                break;
            }
            iter_type = st->kind == GMT_COLLECTION
                            ? (st->elem ? st->elem : gmc_prim(ck, GMT_ERROR))
                            : gmc_graph_type(ck, GMT_NODE, st->graph, it->loc);
            break;
        }
        if (it->reverse && r != GMR_ITEMS)
            gm_error(src->loc, GMD_BAD_RANGE, "reverse order only applies to Items of a "
                     "Node_Order or Node_Seq");
    }
    if (r == GMR_COMMON_NBRS) {
        gm_type *at = gmc_check_expr(ck, it->range_arg, NULL);
        if (ok && at->kind != GMT_ERROR) {
            if (at->kind != GMT_NODE)
                gm_error(it->range_arg->loc, GMD_TYPE, "CommonNbrs needs a Node, not %s",
                         gmc_spell(ck, at));
            else if (at->graph && st->graph && at->graph != st->graph)
                gm_error(it->range_arg->loc, GMD_GRAPH_MISMATCH, "CommonNbrs of nodes of "
                         "different graphs");
        }
    } else if (it->range_arg) {
        gmc_check_expr(ck, it->range_arg, NULL);
    }

    gm_symbol *sym = gmc_declare(ck, it->name, it->loc, iter_type, GMSYM_ITER);
    sym->iter_stmt = owner_stmt;
    sym->iter_expr = owner_expr;
    sym->iter_range = r;
    sym->iter_source = source_symbol(src);
    it->sym = sym;
    if (r == GMR_EDGES && ok && st->kind == GMT_GRAPH && st->undirected)
        undirected_edges_once(ck, it);
}

/* ---------------------------------------------------------------- */
/* Writes                                                             */

gm_symbol *gmc_target_symbol(const gm_expr *lhs)
{
    if (!lhs)
        return NULL;
    switch (lhs->kind) {
    case GME_ID:
    case GME_PROP:
        return lhs->sym;
    case GME_INDEX:
        return gmc_target_symbol(lhs->a);
    default:
        return NULL;
    }
}

void gmc_check_target(gm_checker *ck, gm_expr *lhs)
{
    if (!lhs)
        return;
    switch (lhs->kind) {
    case GME_ID: {
        gm_symbol *sym = lhs->sym;
        if (!sym || !sym->readonly)
            return;
        if (sym->kind == GMSYM_ITER)
            gm_error(lhs->loc, GMD_READONLY, "cannot write to iterator '%s': iterators are "
                     "read-only", sym->name);
        else
            gm_error(lhs->loc, GMD_READONLY, "cannot write to input argument '%s': %s inputs "
                     "are read-only", sym->name, gmc_spell(ck, sym->type));
        return;
    }
    case GME_PROP:
    case GME_INDEX:
        return;
    default:
        if (lhs->type && lhs->type->kind != GMT_ERROR)
            gm_error(lhs->loc, GMD_TYPE, "only a variable, a property access n.P or a map "
                     "element M[k] can be assigned");
        return;
    }
}

/* ---------------------------------------------------------------- */
/* Reductions                                                         */

/* '@ x' with x a Node variable, not an iterator (the original compiler's
 * sampled BC: 'Node s = G.PickRandom(); ... v.BC += v.delta @ s'). x must
 * be declared outside every parallel loop enclosing the statement; the
 * reduction is then complete when the outermost of them ends (that loop
 * lies inside x's scope), or is an ordinary update when there is none. */
static void bind_to_node_var(gm_checker *ck, gm_stmt *s, const gm_symbol *target, bool defer,
                             gm_loc at)
{
    const char *name = s->bound_name;
    gm_symbol *x = gm_symtab_lookup(ck->scope, GM_NS_VAR, name);
    if (!x) {
        if (gm_symtab_lookup(ck->scope, GM_NS_PROP, name))
            gm_error(at, GMD_REDUCE_BINDING, "'@ %s' names a property; '@' takes the iterator "
                     "of an enclosing loop or a Node variable", name);
        else
            gm_error(at, GMD_REDUCE_BINDING, "'@ %s': undefined name; '@' takes the iterator "
                     "of an enclosing loop or a Node variable", name);
        return;
    }
    gmc_mark_used(ck, x);
    if (x->kind == GMSYM_ITER) {
        gm_error(at, GMD_REDUCE_BINDING, "'@ %s' does not name the iterator of an enclosing "
                 "loop", name);
        return;
    }
    if (!x->type || x->type->kind != GMT_NODE) {
        if (!x->type || x->type->kind != GMT_ERROR)
            gm_error(at, GMD_REDUCE_BINDING, "'@ %s' names a variable of type %s; '@' takes the "
                     "iterator of an enclosing loop or a Node variable", name,
                     gmc_spell(ck, x->type));
        return;
    }
    const gmc_loop *outer = NULL;
    for (int i = 0; i < ck->nloops && !outer; i++)
        if (is_parallel(ck->loops[i].kind) && ck->loops[i].iter)
            outer = &ck->loops[i];
    for (int i = 0; i < ck->nloops; i++) {
        const gmc_loop *l = &ck->loops[i];
        if (is_parallel(l->kind) && l->iter && x->id > l->iter->id) {
            gm_error(at, GMD_REDUCE_BINDING, "'@ %s' names a Node declared inside the %s over "
                     "'%s' (line %d) that encloses this statement; it must be declared outside "
                     "every parallel loop around the reduction", name, loop_word(l->kind),
                     l->iter->name, l->stmt->loc.line);
            return;
        }
    }
    if (!outer) {
        if (defer)
            gm_error(at, GMD_REDUCE_BINDING, "'@ %s': a deferred assignment needs an enclosing "
                     "Foreach or InBFS/InReverse to bind to", name);
        return;
    }
    if (target && target->id > outer->iter->id) {
        gm_error(at, GMD_REDUCE_BINDING, "'%s' is declared inside the %s over '%s' (line %d), "
                 "so it cannot be bound to '@ %s', which ends after that loop", target->name,
                 loop_word(outer->kind), outer->iter->name, outer->stmt->loc.line, name);
        return;
    }
    s->bound = outer->iter;
}

void gmc_bind_reduction(gm_checker *ck, gm_stmt *s)
{
    /* Arg-min/max: the first target decides (all share one driver). */
    gm_symbol *target = gmc_target_symbol(s->lhs);
    bool defer = s->assign_op == GMA_DEFER;
    s->bound = NULL;
    if (s->bound_name) {
        const gmc_loop *found = NULL;
        for (int i = ck->nloops - 1; i >= 0 && !found; i--)
            if (ck->loops[i].iter && strcmp(ck->loops[i].iter->name, s->bound_name) == 0)
                found = &ck->loops[i];
        gm_loc at = s->bound_loc.line ? s->bound_loc : s->loc;
        if (!found) {
            bind_to_node_var(ck, s, target, defer, at);
            return;
        }
        if (!is_parallel(found->kind) && defer) {
            gm_error(at, GMD_REDUCE_BINDING, "'@ %s' names the iterator of a sequential %s; "
                     "a deferred assignment can only be bound to a Foreach or InBFS/InReverse",
                     s->bound_name, loop_word(found->kind));
            return;
        }
        if (target && target->id > found->iter->id) {
            gm_error(at, GMD_REDUCE_BINDING, "'%s' is declared inside the loop over '%s' "
                     "(line %d), so it cannot be bound to it", target->name, s->bound_name,
                     found->stmt->loc.line);
            return;
        }
        if (!is_parallel(found->kind)) {
            /* Complete at the end of each iteration of the sequential loop:
             * bound to the outermost parallel loop inside it, or, with none,
             * an ordinary update. */
            s->bound = NULL;
            for (int i = (int)(found - ck->loops) + 1; i < ck->nloops && !s->bound; i++)
                if (is_parallel(ck->loops[i].kind) && ck->loops[i].iter)
                    s->bound = ck->loops[i].iter;
            return;
        }
        s->bound = found->iter;
        return;
    }
    /* Inferred: the outermost parallel loop entered after the target was
     * declared (its iterator was created later, so its id is larger). */
    for (int i = 0; i < ck->nloops; i++) {
        const gmc_loop *l = &ck->loops[i];
        if (is_parallel(l->kind) && l->iter && (!target || l->iter->id > target->id)) {
            s->bound = l->iter;
            break;
        }
    }
    if (defer && !s->bound && target)
        gm_error(s->loc, GMD_REDUCE_BINDING, "deferred assignment to '%s' needs an enclosing "
                 "parallel loop to bind to", target->name);
}

void gmc_check_argminmax(gm_checker *ck, gm_stmt *s)
{
    int nl = 0, nr = 0;
    gm_expr *l, *r;
    /* Each value is typed in the context of its target. */
    for (l = s->lhs; l; l = l->next, nl++)
        gmc_check_expr(ck, l, NULL);
    for (l = s->lhs, r = s->rhs; r; r = r->next, nr++) {
        gmc_check_expr(ck, r, l ? l->type : NULL);
        if (l)
            l = l->next;
    }
    for (l = s->lhs; l; l = l->next)
        gmc_check_target(ck, l);
    const char *op = gm_assign_op_spelling(s->assign_op);
    bool shape_ok = true;
    if (nl != nr || nl == 0) {
        gm_error(s->loc, GMD_ARGMINMAX, "%s needs as many values as targets: %d target%s, %d "
                 "value%s", op, nl, nl == 1 ? "" : "s", nr, nr == 1 ? "" : "s");
        shape_ok = false;
    }
    /* All scalars, or all properties of one driver node. */
    bool all_ids = true, all_props = true;
    gm_symbol *driver = NULL;
    bool one_driver = true;
    for (l = s->lhs; l; l = l->next) {
        all_ids &= l->kind == GME_ID;
        all_props &= l->kind == GME_PROP;
        if (l->kind == GME_PROP) {
            gm_symbol *d = l->a && l->a->kind == GME_ID ? l->a->sym : NULL;
            if (l == s->lhs)
                driver = d;
            else if (d != driver)
                one_driver = false;
        }
    }
    if (s->lhs && !(all_ids || (all_props && one_driver))) {
        gm_error(s->lhs->loc, GMD_ARGMINMAX, "the targets of %s must be all scalars or all "
                 "properties of one node", op);
        shape_ok = false;
    }
    if (shape_ok) {
        gm_expr *l0 = s->lhs, *r0 = s->rhs;
        bool lerr = !l0->type || l0->type->kind == GMT_ERROR;
        bool rerr = !r0->type || r0->type->kind == GMT_ERROR;
        if (!lerr && !gmt_is_numeric(l0->type->kind))
            gm_error(l0->loc, GMD_ARGMINMAX, "the first target of %s must be numeric, not %s", op,
                     gmc_spell(ck, l0->type));
        else if (!rerr && !gmt_is_numeric(r0->type->kind))
            gm_error(r0->loc, GMD_ARGMINMAX, "the first value of %s must be numeric, not %s", op,
                     gmc_spell(ck, r0->type));
        else
            for (l = s->lhs, r = s->rhs; l && r; l = l->next, r = r->next)
                gmc_check_store(ck, l->type, r, gmc_describe(ck, l), GMD_TYPE);
    }
    gmc_bind_reduction(ck, s);
}

/* ---------------------------------------------------------------- */
/* Return                                                             */

void gmc_check_return(gm_checker *ck, gm_stmt *s)
{
    bool in_group;
    const gmc_loop *par = gmc_parallel_loop(ck, &in_group);
    if (par)
        gm_error(s->loc, GMD_RETURN_PARALLEL, "Return inside a parallel region (the %s over "
                 "'%s', line %d)", loop_word(par->kind), par->iter ? par->iter->name : "?",
                 par->stmt->loc.line);
    gm_type *ret = ck->proc->ret_type;
    const char *pname = ck->proc->name;
    if (s->value) {
        gmc_check_expr(ck, s->value, ret);
        if (!ret)
            gm_error(s->value->loc, GMD_RETURN_TYPE, "procedure '%s' has no return type, so "
                     "Return cannot give a value", pname);
        else
            gmc_check_store(ck, ret, s->value,
                            gm_arena_printf(ck->arena, "the result of '%s'", pname),
                            GMD_RETURN_TYPE);
    } else if (ret && ret->kind != GMT_ERROR) {
        gm_error(s->loc, GMD_RETURN_TYPE, "procedure '%s' returns %s: Return needs a value",
                 pname, gmc_spell(ck, ret));
    }
}

static const gm_stmt *last_statement(const gm_stmt *list)
{
    const gm_stmt *last = NULL;
    for (const gm_stmt *s = list; s; s = s->next)
        if (s->kind != GMS_EMPTY)
            last = s;
    return last;
}

bool gmc_stmt_returns(const gm_stmt *s)
{
    if (!s)
        return false;
    switch (s->kind) {
    case GMS_RETURN:
        return true;
    case GMS_BLOCK:
        return gmc_stmt_returns(last_statement(s->body));
    case GMS_IF:
        return gmc_stmt_returns(s->then_stmt) && gmc_stmt_returns(s->else_stmt);
    default:
        return false;
    }
}
