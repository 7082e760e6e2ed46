/* check_calls.c: built-in calls (section 8) and procedure calls (spec v0.5).
 *
 * A call with a receiver (`S.Add(n)`) is a built-in of the receiver's kind;
 * a call without one is a procedure of this file or a global built-in
 * (`Uniform()`). Sets e->builtin (-1 for procedure calls) and e->sym (the
 * callee procedure).
 */
#include <string.h>

#include "builtins.h"
#include "check_internal.h"
#include "types.h"

static gm_type *set(gm_expr *e, gm_type *t)
{
    e->type = t;
    return t;
}

static bool is_error(const gm_type *t) { return !t || t->kind == GMT_ERROR; }

/* Types every argument without a context, so that a failed call still
 * leaves typed sub-expressions. */
static void check_args_loosely(gm_checker *ck, gm_expr *list)
{
    for (gm_expr *a = list; a; a = a->next)
        if (!a->is_discard)
            gmc_check_expr(ck, a, NULL);
        else
            a->type = gmc_prim(ck, GMT_VOID);
}

static bool is_nbr_iterator(const gm_expr *e)
{
    if (!e || e->kind != GME_ID || !e->sym || e->sym->kind != GMSYM_ITER)
        return false;
    gm_range_kind r = e->sym->iter_range;
    return r == GMR_NBRS || r == GMR_IN_NBRS || r == GMR_UP_NBRS || r == GMR_DOWN_NBRS;
}

static bool receiver_kind(const gm_type *t, gm_builtin_receiver *out)
{
    switch (t->kind) {
    case GMT_GRAPH: *out = GMBR_GRAPH; return true;
    case GMT_NODE: *out = GMBR_NODE; return true;
    case GMT_EDGE: *out = GMBR_EDGE; return true;
    case GMT_NODE_SET: *out = GMBR_NODE_SET; return true;
    case GMT_NODE_ORDER: *out = GMBR_NODE_ORDER; return true;
    case GMT_NODE_SEQ: *out = GMBR_NODE_SEQ; return true;
    case GMT_COLLECTION: *out = GMBR_COLLECTION; return true;
    case GMT_MAP: *out = GMBR_MAP; return true;
    default: return false;
    }
}

/* Checks one argument of a built-in against what the entry asks for; name:
 * the built-in as the program spells it (a synonym such as Pop for PopFront). */
static void check_builtin_arg(gm_checker *ck, const char *name, gm_builtin_arg want,
                              gm_expr *arg, int index, const gm_type *rt, gm_symbol *graph)
{
    if (arg->is_discard) {
        arg->type = gmc_prim(ck, GMT_VOID);
        gm_error(arg->loc, GMD_CALL, "'#' is only allowed among the outputs of a procedure call");
        return;
    }
    if (want == GMBA_MAP_KEY) {
        gmc_check_map_key(ck, rt, arg);
        return;
    }
    /* The context type also sizes INF / NIL arguments. */
    const gm_type *expected;
    if (want == GMBA_NODE)
        expected = gmc_graph_type(ck, GMT_NODE, graph, arg->loc);
    else if (want == GMBA_SAME)
        expected = rt;
    else if (want == GMBA_ELEM)
        expected = rt ? rt->elem : NULL;
    else
        expected = gmc_prim(ck, want == GMBA_INTEGER ? GMT_LONG : GMT_DOUBLE);
    gm_type *t = gmc_check_expr(ck, arg, expected);
    if (is_error(t))
        return;
    bool ok;
    switch (want) {
    case GMBA_NUMERIC:
        ok = gmt_is_numeric(t->kind);
        break;
    case GMBA_INTEGER:
        ok = gmt_is_integer(t->kind);
        break;
    default: {
        gmt_compat c = gmt_assignable(expected, t, false);
        if (c == GMT_COMPAT_GRAPH_MISMATCH) {
            gm_error(arg->loc, GMD_GRAPH_MISMATCH, "argument %d of %s() belongs to another "
                     "graph than its receiver", index, name);
            return;
        }
        ok = c == GMT_COMPAT_OK && t->kind != GMT_NIL;
        break;
    }
    }
    if (!ok) {
        const char *need = want == GMBA_NUMERIC ? "a numeric value"
                           : want == GMBA_INTEGER ? "an integer (Int or Long)"
                                                  : gmc_spell(ck, expected);
        gm_error(arg->loc, GMD_BUILTIN, "argument %d of %s() must be %s, not %s", index, name,
                 need, gmc_spell(ck, t));
    }
}

/* The type of a built-in's result, relative to its receiver. */
static gm_type *builtin_result(gm_checker *ck, const gm_builtin_info *b, const gm_type *rt,
                               gm_symbol *graph, gm_loc loc)
{
    gm_type *err = gmc_prim(ck, GMT_ERROR);
    switch (b->result) {
    case GMBT_VOID: return gmc_prim(ck, GMT_VOID);
    case GMBT_INT: return gmc_prim(ck, GMT_INT);
    case GMBT_LONG: return gmc_prim(ck, GMT_LONG);
    case GMBT_DOUBLE: return gmc_prim(ck, GMT_DOUBLE);
    case GMBT_BOOL: return gmc_prim(ck, GMT_BOOL);
    case GMBT_NODE: return gmc_graph_type(ck, GMT_NODE, graph, loc);
    case GMBT_EDGE: return gmc_graph_type(ck, GMT_EDGE, graph, loc);
    case GMBT_ELEM: return rt && rt->elem ? rt->elem : err;
    case GMBT_MAP_KEY: return rt && rt->key ? rt->key : err;
    case GMBT_MAP_VALUE: return rt && rt->val ? rt->val : err;
    }
    return err;
}

static gm_type *check_builtin(gm_checker *ck, gm_expr *e, int id, const gm_type *rt,
                              gm_symbol *graph)
{
    const gm_builtin_info *b = gm_builtin_get(id);
    const char *name = e->name ? e->name : b->names[0]; /* as written: Pop, not PopFront */
    e->builtin = id;
    int n = gm_expr_list_len(e->args);
    if (e->has_out_args || e->out_args) {
        gm_error(e->loc, GMD_BUILTIN, "%s() has no output arguments", name);
        check_args_loosely(ck, e->out_args);
    }
    if (n != b->nargs) {
        gm_error(e->loc, GMD_BUILTIN, "%s() takes %d argument%s, not %d", name, b->nargs,
                 b->nargs == 1 ? "" : "s", n);
        check_args_loosely(ck, e->args);
    } else {
        int i = 0;
        for (gm_expr *a = e->args; a; a = a->next, i++)
            check_builtin_arg(ck, name, b->args[i], a, i + 1, rt, graph);
    }
    return set(e, builtin_result(ck, b, rt, graph, e->loc));
}

static gm_type *builtin_misuse(gm_checker *ck, gm_expr *e, const char *recv_desc,
                               gm_builtin_receiver have)
{
    int other = gm_builtin_any_receiver(e->name);
    if (other < 0)
        gm_error(e->loc, GMD_BUILTIN, "unknown built-in '%s'", e->name);
    else if (strcmp(e->name, "ToEdge") == 0 && have == GMBR_NODE)
        gm_error(e->loc, GMD_BUILTIN, "ToEdge() only applies to an iterator over Nbrs, "
                 "InNbrs, UpNbrs or DownNbrs; %s is not one", recv_desc);
    else if (other == GMBR_NONE)
        gm_error(e->loc, GMD_BUILTIN, "%s() is a global function: call it without a receiver",
                 e->name);
    else
        gm_error(e->loc, GMD_BUILTIN, "%s() is a %s built-in; %s is not a %s", e->name,
                 gm_builtin_receiver_name((gm_builtin_receiver)other), recv_desc,
                 gm_builtin_receiver_name((gm_builtin_receiver)other));
    check_args_loosely(ck, e->args);
    check_args_loosely(ck, e->out_args);
    return set(e, gmc_prim(ck, GMT_ERROR));
}

/* Inside a group assignment `G.A = ...`, `G.NumNodes()` is the graph's
 * built-in while `G.Degree()` is the current node's. */
static bool receiver_is_whole_group(gm_checker *ck, const gm_expr *recv, const char *name)
{
    if (!ck->group_sym || recv->kind != GME_ID || !ck->group_sym->type)
        return false;
    gm_symbol *sym = gm_symtab_lookup(ck->scope, GM_NS_VAR, recv->name);
    gm_builtin_receiver whole;
    return sym == ck->group_sym && receiver_kind(sym->type, &whole) &&
           gm_builtin_find(whole, name) >= 0;
}

static gm_type *check_method(gm_checker *ck, gm_expr *e)
{
    gm_expr *recv = e->a;
    gm_type *rt = receiver_is_whole_group(ck, recv, e->name) ? gmc_check_whole(ck, recv)
                                                               : gmc_check_expr(ck, recv, NULL);
    if (is_error(rt)) {
        check_args_loosely(ck, e->args);
        check_args_loosely(ck, e->out_args);
        return set(e, gmc_prim(ck, GMT_ERROR));
    }
    const char *desc = gm_arena_printf(ck->arena, "%s (%s)", gmc_describe(ck, recv),
                                       gmc_spell(ck, rt));
    gm_builtin_receiver kind;
    if (!receiver_kind(rt, &kind))
        return builtin_misuse(ck, e, desc, GMBR_NONE);
    int id = -1;
    if (kind == GMBR_NODE && is_nbr_iterator(recv))
        id = gm_builtin_find(GMBR_NBR_ITER, e->name);
    if (id < 0)
        id = gm_builtin_find(kind, e->name);
    if (id < 0)
        return builtin_misuse(ck, e, desc, kind);
    return check_builtin(ck, e, id, rt, gmc_graph_of(recv));
}

/* ---------------------------------------------------------------- */
/* Procedure calls                                                    */

/* Which caller graph each graph parameter of the callee stands for. */
typedef struct graph_map {
    gm_symbol *callee[16], *caller[16];
    int n;
} graph_map;

/* Records or checks that callee graph g is caller graph h; false on a
 * contradiction. Unknown graphs (after errors) always agree. */
static bool map_graph(graph_map *m, gm_symbol *g, gm_symbol *h)
{
    if (!g || !h)
        return true;
    for (int i = 0; i < m->n; i++)
        if (m->callee[i] == g)
            return m->caller[i] == h;
    if (m->n < 16) {
        m->callee[m->n] = g;
        m->caller[m->n++] = h;
    }
    return true;
}

static gm_symbol *mapped(const graph_map *m, gm_symbol *g)
{
    for (int i = 0; i < m->n; i++)
        if (m->callee[i] == g)
            return m->caller[i];
    return NULL;
}

static int count_params(const gm_proc *p, bool outputs)
{
    int n = 0;
    for (gm_param *q = p->params; q; q = q->next)
        n += q->is_output == outputs;
    return n;
}

/* The n-th parameter (0-based) among inputs or outputs. */
static gm_param *nth_param(const gm_proc *p, bool outputs, int n)
{
    for (gm_param *q = p->params; q; q = q->next)
        if (q->is_output == outputs && n-- == 0)
            return q;
    return NULL;
}

static void check_in_arg(gm_checker *ck, gm_expr *arg, gm_param *q, int index, const char *callee,
                         graph_map *gm)
{
    if (arg->is_discard) {
        arg->type = gmc_prim(ck, GMT_VOID);
        gm_error(arg->loc, GMD_CALL, "'#' is only allowed among the outputs of a procedure call");
        return;
    }
    gm_type *t = gmc_check_expr(ck, arg, q->type);
    if (is_error(t) || is_error(q->type))
        return;
    const char *what = gm_arena_printf(ck->arena, "argument %d ('%s') of '%s'", index, q->name,
                                       callee);
    gmt_compat c = gmt_assignable(q->type, t, true);
    if (c == GMT_COMPAT_NARROWING) {
        gmc_check_store(ck, q->type, arg, what, GMD_CALL); /* gives the warning */
    } else if (c != GMT_COMPAT_OK) {
        gm_error(arg->loc, GMD_CALL, "cannot pass %s as %s of type %s", gmc_spell(ck, t), what,
                 gmc_spell(ck, q->type));
        return;
    }
    gm_symbol *g = q->type->kind == GMT_GRAPH ? q->sym : q->type->graph;
    if (!map_graph(gm, g, gmc_graph_of(arg)))
        gm_error(arg->loc, GMD_GRAPH_MISMATCH, "%s belongs to another graph than the other "
                 "arguments bound to graph '%s'", what, g->name);
}

static void check_out_arg(gm_checker *ck, gm_expr *arg, gm_param *q, int index,
                          const char *callee, graph_map *gm)
{
    if (arg->is_discard) {
        arg->type = q->type ? q->type : gmc_prim(ck, GMT_VOID);
        return;
    }
    gm_type *t = gmc_check_expr(ck, arg, NULL);
    if (arg->kind != GME_ID && arg->kind != GME_PROP && arg->kind != GME_INDEX) {
        gm_error(arg->loc, GMD_CALL, "output %d of '%s' must be a variable, a property access "
                 "or a map element (or '#')", index, callee);
        return;
    }
    gmc_check_target(ck, arg);
    if (is_error(t) || is_error(q->type))
        return;
    gmt_compat c = gmt_assignable(t, q->type, true);
    if (c == GMT_COMPAT_NARROWING) {
        gm_warning(arg->loc, GMD_W_NARROWING, "output '%s' of '%s' (%s) stored in %s of type %s "
                   "may lose precision", q->name, callee, gmc_spell(ck, q->type),
                   gmc_describe(ck, arg), gmc_spell(ck, t));
    } else if (c != GMT_COMPAT_OK) {
        gm_error(arg->loc, GMD_CALL, "output '%s' of '%s' is %s and cannot be stored in %s of "
                 "type %s", q->name, callee, gmc_spell(ck, q->type), gmc_describe(ck, arg),
                 gmc_spell(ck, t));
        return;
    }
    gm_symbol *g = q->type->graph;
    if (!map_graph(gm, g, t->graph))
        gm_error(arg->loc, GMD_GRAPH_MISMATCH, "output %d of '%s' belongs to another graph than "
                 "the arguments bound to graph '%s'", index, callee, g->name);
}

static gm_type *check_proc_call(gm_checker *ck, gm_expr *e, gm_symbol *psym)
{
    gm_proc *callee = psym->proc;
    e->sym = psym;
    e->builtin = -1;
    bool in_group;
    const gmc_loop *par = gmc_parallel_loop(ck, &in_group);
    if (par || in_group)
        gm_error(e->loc, GMD_UNSUPPORTED, "procedure calls inside a parallel region are not "
                 "supported (call '%s' outside the %s)", e->name,
                 in_group ? "group assignment" : "parallel loop");
    graph_map gm = {.n = 0};
    int nin = count_params(callee, false), nout = count_params(callee, true);
    int gin = gm_expr_list_len(e->args), gout = gm_expr_list_len(e->out_args);
    bool counts_ok = true;
    if (gin != nin) {
        gm_error(e->loc, GMD_CALL, "'%s' takes %d input argument%s, not %d", e->name, nin,
                 nin == 1 ? "" : "s", gin);
        counts_ok = false;
    }
    if (gout != nout) {
        gm_error(e->loc, GMD_CALL, "'%s' has %d output argument%s but %d %s given (use '#' to "
                 "discard one)", e->name, nout, nout == 1 ? "" : "s", gout,
                 gout == 1 ? "is" : "are");
        counts_ok = false;
    }
    if (!counts_ok) {
        check_args_loosely(ck, e->args);
        check_args_loosely(ck, e->out_args);
    } else {
        /* Graph arguments first, so the other arguments are checked against
         * the graphs they are bound to. */
        for (int pass = 0; pass < 2; pass++) {
            int i = 0;
            for (gm_expr *a = e->args; a; a = a->next, i++) {
                gm_param *q = nth_param(callee, false, i);
                bool graph = q->type && q->type->kind == GMT_GRAPH;
                if (graph == (pass == 0))
                    check_in_arg(ck, a, q, i + 1, e->name, &gm);
            }
        }
        int i = 0;
        for (gm_expr *a = e->out_args; a; a = a->next, i++)
            check_out_arg(ck, a, nth_param(callee, true, i), i + 1, e->name, &gm);
    }
    gm_type *rt = callee->ret_type;
    if (!rt)
        return set(e, gmc_prim(ck, GMT_VOID));
    if (rt->kind == GMT_NODE || rt->kind == GMT_EDGE)
        return set(e, gmc_graph_type(ck, rt->kind, mapped(&gm, rt->graph), e->loc));
    return set(e, gmc_prim(ck, rt->kind));
}

gm_type *gmc_check_call(gm_checker *ck, gm_expr *e, const gm_type *expected)
{
    (void)expected;
    e->builtin = -1;
    if (e->a)
        return check_method(ck, e);
    gm_symbol *psym = gm_symtab_lookup(ck->procs, GM_NS_PROC, e->name);
    if (psym && psym->proc)
        return check_proc_call(ck, e, psym);
    int id = gm_builtin_find(GMBR_NONE, e->name);
    if (id >= 0)
        return check_builtin(ck, e, id, NULL, NULL);
    int other = gm_builtin_any_receiver(e->name);
    if (other >= 0)
        gm_error(e->loc, GMD_BUILTIN, "%s() is a %s built-in: call it on one, as in x.%s()",
                 e->name, gm_builtin_receiver_name((gm_builtin_receiver)other), e->name);
    else
        gm_error(e->loc, GMD_CALL, "no procedure or built-in function named '%s'", e->name);
    check_args_loosely(ck, e->args);
    check_args_loosely(ck, e->out_args);
    return set(e, gmc_prim(ck, GMT_ERROR));
}
