/* check_stmts.c: the statement walk of the checker.
 *
 * Visits a procedure body in source order, opening a scope for every block,
 * loop and traversal, keeping the stack of enclosing loops that the rules
 * need (reduction binding, Return, UpNbrs, nested traversals), and
 * classifying group assignments.
 */
#include <stdlib.h>

#include "check_internal.h"
#include "oom.h"
#include "types.h"

void gmc_push_loop(gm_checker *ck, gm_stmt *s, gm_symbol *iter, gmc_loop_kind kind)
{
    if (ck->nloops == ck->cap_loops) {
        ck->cap_loops = ck->cap_loops ? 2 * ck->cap_loops : 16;
        ck->loops = gm_xrealloc(ck->loops, (size_t)ck->cap_loops, sizeof *ck->loops, "the loop stack");
    }
    ck->loops[ck->nloops++] = (gmc_loop){.stmt = s, .iter = iter, .kind = kind};
}

void gmc_pop_loop(gm_checker *ck)
{
    if (ck->nloops > 0)
        ck->nloops--;
}

/* A statement that is not a block (`If (c) Int x;`) still gets its own
 * scope, so a declaration never leaks out of a branch or loop body. */
static void check_scoped(gm_checker *ck, gm_stmt *s)
{
    if (!s)
        return;
    gm_symtab_push(ck->scope);
    gmc_check_stmt(ck, s);
    gm_symtab_pop(ck->scope);
}

static void check_decl(gm_checker *ck, gm_stmt *s)
{
    gm_type *t = s->decl_type;
    gmc_check_decl_type(ck, t);
    /* `Graph G2;` (gm_comp accepts it): an empty graph, which the types of
     * later declarations can name. Its storage lives in the procedure's
     * frame, so it cannot be made per iteration of a parallel loop. */
    if (t && t->kind == GMT_GRAPH) {
        bool in_group;
        if (s->init)
            gm_error(s->init->loc, GMD_TYPE, "a local Graph is always empty: it cannot be "
                     "initialized");
        else if (gmc_parallel_loop(ck, &in_group))
            gm_error(s->loc, GMD_UNSUPPORTED, "a local Graph inside a parallel loop");
    }
    /* The initializer is checked before the name exists: `Int x = x;` is
     * an undefined name, not a self-reference. */
    if (s->init)
        gmc_check_expr(ck, s->init, t);
    for (gm_name *n = s->names; n; n = n->next)
        n->sym = gmc_declare(ck, n->name, n->loc, t, GMSYM_VAR);
    if (s->init && s->names)
        gmc_check_store(ck, t, s->init,
                        gm_arena_printf(ck->arena, "'%s'", s->names->name), GMD_TYPE);
}

/* `G.A = e` / `S.A = e`: the left side names a whole graph or node
 * collection. Returns false when lhs is an ordinary property access. */
static bool is_group_target(gm_checker *ck, const gm_expr *lhs)
{
    if (!lhs || lhs->kind != GME_PROP || !lhs->a || lhs->a->kind != GME_ID)
        return false;
    gm_symbol *base = gm_symtab_lookup(ck->scope, GM_NS_VAR, lhs->a->name);
    if (!base || !base->type || base == ck->group_sym)
        return false;
    gm_type_kind k = base->type->kind;
    return k == GMT_GRAPH || gmt_is_collection(k);
}

static void check_group_assign(gm_checker *ck, gm_stmt *s)
{
    gm_expr *lhs = s->lhs, *base = lhs->a;
    s->is_group = true;
    gm_type *bt = gmc_check_whole(ck, base);
    gm_symbol *gsym = base->sym;
    gm_symbol *prop = gmc_lookup_prop(ck, lhs->name);
    lhs->sym = prop;
    bool over_graph = bt->kind == GMT_GRAPH;
    bool edges = over_graph && prop && prop->type->kind == GMT_EDGE_PROP;
    /* The current element, which the right side sees as the base's name;
     * it exists even when the property is wrong, to avoid cascades. */
    gm_type *elem = bt->kind == GMT_COLLECTION
                        ? gmc_prim(ck, GMT_ERROR)
                        : gmc_graph_type(ck, edges ? GMT_EDGE : GMT_NODE,
                                         over_graph ? gsym : bt->graph, base->loc);
    bool ok = false;
    if (bt->kind == GMT_COLLECTION) {
        gm_error(lhs->loc, GMD_TYPE, "a group assignment needs a graph or a node collection; "
                 "the elements of '%s' are collections", base->name);
    } else if (!prop) {
        gm_error(lhs->loc, GMD_BAD_PROPERTY, "undefined property '%s'", lhs->name);
    } else if (!over_graph && prop->type->kind != GMT_NODE_PROP) {
        gm_error(lhs->loc, GMD_BAD_PROPERTY, "'%s' is not a node property (it is %s)", lhs->name,
                 gmc_spell(ck, prop->type));
    } else if (prop->type->graph && elem->graph && prop->type->graph != elem->graph) {
        gm_error(lhs->loc, GMD_GRAPH_MISMATCH, "property '%s' belongs to graph '%s' but the "
                 "elements of '%s' to graph '%s'", lhs->name, prop->type->graph->name,
                 base->name, elem->graph->name);
    } else {
        ok = true;
    }
    lhs->type = ok && prop->type->elem ? prop->type->elem : gmc_prim(ck, GMT_ERROR);

    if (s->assign_op != GMA_ASSIGN)
        gm_error(s->loc, GMD_GROUP_REDUCE, "a group assignment to '%s.%s' cannot use '%s': "
                 "write the reduction in a Foreach", base->name, lhs->name,
                 gm_assign_op_spelling(s->assign_op));
    if (!s->rhs)
        return;
    gm_symbol *saved_sym = ck->group_sym;
    gm_type *saved_elem = ck->group_elem;
    ck->group_sym = gsym;
    ck->group_elem = elem;
    gmc_check_expr(ck, s->rhs, lhs->type);
    ck->group_sym = saved_sym;
    ck->group_elem = saved_elem;
    gmc_check_store(ck, lhs->type, s->rhs, gmc_describe(ck, lhs), GMD_TYPE);
}

static bool is_reduction_op(gm_assign_op op)
{
    return op != GMA_ASSIGN && op != GMA_DEFER;
}

static void check_assign(gm_checker *ck, gm_stmt *s)
{
    if (is_group_target(ck, s->lhs)) {
        check_group_assign(ck, s);
        return;
    }
    gm_type *lt = gmc_check_expr(ck, s->lhs, NULL);
    gmc_check_target(ck, s->lhs);
    const char *what = gmc_describe(ck, s->lhs);
    gm_assign_op op = s->assign_op;
    if (s->rhs)
        gmc_check_expr(ck, s->rhs, lt);
    if (lt && lt->kind != GMT_ERROR) {
        if (lt->kind == GMT_GRAPH || gmt_is_property(lt->kind)) {
            gm_error(s->lhs->loc, GMD_TYPE, "cannot assign to %s as a whole (it is %s)%s", what,
                     gmc_spell(ck, lt),
                     gmt_is_property(lt->kind) ? "; write a group assignment G.P = ..." : "");
        } else if (op == GMA_AND || op == GMA_OR) {
            if (lt->kind != GMT_BOOL)
                gm_error(s->loc, GMD_TYPE, "'%s' needs a Bool target; %s is %s",
                         gm_assign_op_spelling(op), what, gmc_spell(ck, lt));
            else
                gmc_check_store(ck, lt, s->rhs, what, GMD_TYPE);
        } else if (is_reduction_op(op)) {
            if (!gmt_is_numeric(lt->kind))
                gm_error(s->loc, lt->kind == GMT_BOOL ? GMD_BOOL_NUMERIC : GMD_TYPE,
                         "'%s' needs a numeric target; %s is %s", gm_assign_op_spelling(op),
                         what, gmc_spell(ck, lt));
            else
                gmc_check_store(ck, lt, s->rhs, what, GMD_TYPE);
        } else {
            gmc_check_store(ck, lt, s->rhs, what, GMD_TYPE);
        }
    }
    if (op != GMA_ASSIGN)
        gmc_bind_reduction(ck, s);
}

static void check_foreach(gm_checker *ck, gm_stmt *s)
{
    gm_symtab_push(ck->scope);
    gmc_check_iter(ck, &s->iter, s, NULL);
    gmc_push_loop(ck, s, s->iter.sym, s->parallel ? GMC_LOOP_FOREACH : GMC_LOOP_FOR);
    if (s->iter.filter)
        gmc_check_cond(ck, s->iter.filter, "a loop filter");
    check_scoped(ck, s->body);
    gmc_pop_loop(ck);
    gm_symtab_pop(ck->scope);
}

static void check_traversal(gm_checker *ck, gm_stmt *s)
{
    bool bfs = s->kind == GMS_BFS;
    const char *name = bfs ? "InBFS" : "InDFS";
    const gmc_loop *outer = gmc_traversal_loop(ck);
    if (outer)
        gm_error(s->loc, GMD_NESTED_TRAVERSAL, "%s inside the body of another traversal (over "
                 "'%s', line %d) is not supported", name, outer->iter ? outer->iter->name : "?",
                 outer->stmt->loc.line);

    /* The root is evaluated before the traversal, outside its scope. */
    gm_type *rt = s->root ? gmc_check_expr(ck, s->root, NULL) : NULL;
    gm_symtab_push(ck->scope);
    gmc_check_iter(ck, &s->iter, s, NULL);
    gm_symbol *g = gmc_graph_of(s->iter.source);
    if (rt && rt->kind != GMT_ERROR) {
        if (rt->kind != GMT_NODE)
            gm_error(s->root->loc, GMD_TYPE, "the root of %s must be a Node, not %s", name,
                     gmc_spell(ck, rt));
        else if (rt->graph && g && rt->graph != g)
            gm_error(s->root->loc, GMD_GRAPH_MISMATCH, "the root of %s belongs to graph '%s', "
                     "not '%s'", name, rt->graph->name, g->name);
    }
    gmc_push_loop(ck, s, s->iter.sym, bfs ? GMC_LOOP_BFS : GMC_LOOP_DFS);
    if (s->navigator)
        gmc_check_cond(ck, s->navigator, "a navigator");
    if (s->iter.filter)
        gmc_check_cond(ck, s->iter.filter, "a traversal filter");
    check_scoped(ck, s->body);
    gmc_pop_loop(ck);
    gmc_push_loop(ck, s, s->iter.sym, bfs ? GMC_LOOP_REVERSE : GMC_LOOP_POST);
    if (s->rev_filter)
        gmc_check_cond(ck, s->rev_filter, bfs ? "an InReverse filter" : "an InPost filter");
    check_scoped(ck, s->rev_body);
    gmc_pop_loop(ck);
    gm_symtab_pop(ck->scope);
}

static void check_foreign(gm_checker *ck, gm_stmt *s)
{
    for (gm_foreign_seg *f = s->foreign; f; f = f->next)
        if (f->ref)
            gmc_check_expr(ck, f->ref, NULL);
    gmc_foreign_text_uses(ck, s->foreign);
    for (gm_expr *m = s->modified; m; m = m->next) {
        gmc_check_expr(ck, m, NULL);
        gmc_check_target(ck, m);
    }
}

void gmc_check_stmt(gm_checker *ck, gm_stmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case GMS_EMPTY:
        break;
    case GMS_BLOCK:
        gm_symtab_push(ck->scope);
        for (gm_stmt *c = s->body; c; c = c->next)
            gmc_check_stmt(ck, c);
        gm_symtab_pop(ck->scope);
        break;
    case GMS_DECL:
        check_decl(ck, s);
        break;
    case GMS_ASSIGN:
        check_assign(ck, s);
        break;
    case GMS_ARGMINMAX:
        gmc_check_argminmax(ck, s);
        break;
    case GMS_IF:
        gmc_check_cond(ck, s->cond, "the condition of If");
        check_scoped(ck, s->then_stmt);
        check_scoped(ck, s->else_stmt);
        break;
    case GMS_WHILE:
        gmc_check_cond(ck, s->cond, "the condition of While");
        check_scoped(ck, s->body);
        break;
    case GMS_DO_WHILE:
        check_scoped(ck, s->body);
        gmc_check_cond(ck, s->cond, "the condition of Do-While");
        break;
    case GMS_FOREACH:
        check_foreach(ck, s);
        break;
    case GMS_BFS:
    case GMS_DFS:
        check_traversal(ck, s);
        break;
    case GMS_RETURN:
        gmc_check_return(ck, s);
        break;
    case GMS_CALL:
        if (s->value) {
            gmc_check_expr(ck, s->value, NULL);
            if (s->value->kind != GME_CALL && s->value->kind != GME_FOREIGN)
                gm_error(s->value->loc, GMD_TYPE, "this expression is not a statement");
        }
        break;
    case GMS_FOREIGN:
        check_foreign(ck, s);
        break;
    case GMS_PRINT:
        for (gm_expr *e = s->value; e; e = e->next)
            gmc_check_expr(ck, e, NULL);
        break;
    case GMS_SWAP:
        /* Only passes make it; checked for completeness. */
        gmc_check_expr(ck, s->lhs, NULL);
        gmc_check_expr(ck, s->rhs, NULL);
        break;
    }
}
