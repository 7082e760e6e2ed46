/* cg_stmt.c: statements of the core form (see gm_front/desugar.c) as C.
 *
 * Each Green-Marl block is one C block with its own scope; what a scope
 * allocates (temporary properties, collections, maps) is freed when the
 * block ends and at every Return below it. */
#include "cg_emit.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"

void cg_lvalue(cg_emit *em, const gm_expr *lhs)
{
    if (lhs->kind == GME_PROP) {
        em->nil.lvalue = true;
        cg_prop_elem(em, lhs->sym, lhs->a);
    } else {
        cg_expr(em, lhs);
    }
}

static const char *elem_type_of_prop(const gm_type *t)
{
    return cg_prim_ctype(t->elem ? t->elem->kind : GMT_INT);
}

static void decl_collection(cg_emit *em, const gm_type *t, const char *name, const char *graph)
{
    if (t->kind == GMT_MAP) {
        cg_line(em, "gmrt_map *%s = gmrt_map_new(%s, %s);", name, cg_gmrt_type(t->key->kind),
                 cg_gmrt_type(t->val->kind));
    } else if (t->kind == GMT_COLLECTION) {
        cg_line(em, "gmrt_collection *%s = gmrt_collection_new(%s, %s->num_nodes);", name,
                 cg_coll_kind(t->elem ? t->elem->kind : GMT_NODE_SET), graph);
    } else {
        cg_line(em, "%s%s = %s(%s->num_nodes);", cg_ctype(t), name,
                 cg_collection_new_fn(t->kind), graph);
    }
    cg_scope_add_cleanup(em, cg_strf("%s(%s);", cg_collection_free_fn(t->kind), name));
}

/* A collection-valued property: an array of collections, each created. */
static void decl_collection_prop(cg_emit *em, const gm_type *t, const char *name)
{
    char *count = cg_prop_count(em, t);
    const gm_type *el = t->elem;
    const char *g = cg_graph_of(em, t);
    cg_line(em, "%s%s = (%s)_c_alloc((size_t)%s, sizeof *%s);", cg_ctype(t), name, cg_ctype(t),
             count, name);
    char *i = cg_fresh(em, "i");
    if (el->kind == GMT_MAP)
        cg_line(em, "for (int64_t %s = 0; %s < (int64_t)%s; %s++) %s[%s] = gmrt_map_new(%s, %s);",
                 i, i, count, i, name, i, cg_gmrt_type(el->key->kind), cg_gmrt_type(el->val->kind));
    else if (el->kind == GMT_COLLECTION)
        cg_line(em, "for (int64_t %s = 0; %s < (int64_t)%s; %s++) %s[%s] = gmrt_collection_new(%s, %s->num_nodes);",
                 i, i, count, i, name, i, cg_coll_kind(el->elem ? el->elem->kind : GMT_NODE_SET), g);
    else
        cg_line(em, "for (int64_t %s = 0; %s < (int64_t)%s; %s++) %s[%s] = %s(%s->num_nodes);", i, i,
                 count, i, name, i, cg_collection_new_fn(el->kind), g);
    cg_scope_add_cleanup(em, cg_strf("for (int64_t %s = 0; %s < (int64_t)%s; %s++) { %s(%s[%s]); } free(%s);",
                                       i, i, count, i, cg_collection_free_fn(el->kind), name, i, name));
    free(i);
    free(count);
}

void cg_decl_local_graph(cg_emit *em, const gm_symbol *g, bool cxx)
{
    /* gm_comp's `Graph G2;`: always empty (no node, no edge), so it lives in
     * the frame, with a one-entry row-offset array for code that reads
     * begin[0]; nothing to free. */
    const char *name = cg_name(em, g);
    cg_line(em, "/* %s: a local Graph, always empty */", g->name);
    cg_line(em, "gm_edge_t _c_eb_%s[1] = {0};", name);
    cg_line(em, "gm_graph _c_eg_%s;", name);
    cg_line(em, "memset(&_c_eg_%s, 0, sizeof _c_eg_%s);", name, name);
    cg_line(em, "_c_eg_%s.begin = _c_eg_%s.r_begin = _c_eb_%s;", name, name, name);
    /* nvcc warns "set but never used" through a (void) cast */
    if (cxx) {
        cg_line(em, "[[maybe_unused]] gm_graph *%s = &_c_eg_%s;", name, name);
    } else {
        cg_line(em, "gm_graph *%s = &_c_eg_%s;", name, name);
        cg_line(em, "(void)%s;", name);
    }
}

bool cg_prop_of_nodes(const gm_type *prop_type)
{
    return prop_type->elem && (prop_type->elem->kind == GMT_NODE || prop_type->elem->kind == GMT_EDGE);
}

const char *cg_unset_prop_note(const gm_stmt *after_decl, const gm_symbol *prop)
{
    const bool nil = cg_prop_of_nodes(prop->type);
    if (gma_sym_stored(after_decl, true, prop))
        return nil ? "is not shown written before every read: it starts at NIL"
                   : "is not shown written before every read: it starts at zero";
    return nil ? "is never written: it reads as NIL" : "is never written: it reads as zero";
}

static void emit_decl(cg_emit *em, const gm_stmt *s)
{
    const gm_type *t = s->decl_type;
    for (const gm_name *n = s->names; n; n = n->next) {
        const gm_type *st = n->sym ? n->sym->type : t;
        const char *name = n->sym ? cg_name(em, n->sym) : n->name;
        if (st->kind == GMT_GRAPH && n->sym) {
            cg_decl_local_graph(em, n->sym, false);
        } else if (st->kind == GMT_NODE_PROP || st->kind == GMT_EDGE_PROP) {
            if (st->elem && (cg_is_collection(st->elem->kind) || st->elem->kind == GMT_MAP)) {
                decl_collection_prop(em, st, name);
                continue;
            }
            char *count = cg_prop_count(em, st);
            /* read where no statement may have written it (a program's
             * slip): zeroed (NIL for nodes and edges), so an unwritten
             * element reads as an undeclared scalar does, not as whatever
             * the allocator's memory held */
            const bool unset = n->sym && gmo_prop_may_read_unset(s->next, n->sym);
            if (unset)
                cg_line(em, "/* %s %s */", n->sym->name, cg_unset_prop_note(s->next, n->sym));
            const char *alloc = !unset ? "_c_alloc" : cg_prop_of_nodes(st) ? "_c_nil_alloc" : "_c_zalloc";
            cg_line(em, "%s *%s = (%s *)%s((size_t)%s, sizeof(%s));", elem_type_of_prop(st), name,
                     elem_type_of_prop(st), alloc, count, elem_type_of_prop(st));
            cg_scope_add_cleanup(em, cg_strf("free(%s);", name));
            free(count);
            if (s->init)
                cg_unsupported(em, s->loc, "an initialised property declaration");
        } else if (cg_is_collection(st->kind) || st->kind == GMT_MAP) {
            decl_collection(em, st, name, cg_graph_of(em, st));
            if (s->init) {
                char *src = cg_expr_str(em, s->init);
                cg_line(em, "%s_copy(%s, %s);",
                         st->kind == GMT_NODE_SET ? "gmrt_nodeset" : st->kind == GMT_NODE_ORDER ? "gmrt_nodeorder" : "gmrt_nodeseq",
                         name, src);
                free(src);
            }
        } else {
            /* Only stored to, never read: gcc, clang and nvcc's -Wunused
             * want the attribute ((void)x; before the stores is not enough
             * for nvcc). */
            bool mentioned = !n->sym || n->sym->foreign_use || gma_sym_used(s->next, true, n->sym);
            bool read = !n->sym || n->sym->foreign_use || gma_sym_read(s->next, true, n->sym);
            cg_start_line(em);
            cg_printf(em, "%s%s %s = ", mentioned && !read ? "__attribute__((unused)) " : "", cg_ctype(st), name);
            if (s->init && st->kind == GMT_NODE)
                cg_node_value(em, s->init);
            else if (s->init)
                cg_value_in(em, s->init, st->kind);
            else if (st->kind == GMT_NODE)
                cg_printf(em, "GMRT_NIL_NODE");
            else if (st->kind == GMT_EDGE)
                cg_printf(em, "GMRT_NIL_EDGE");
            else if (st->kind == GMT_BOOL)
                cg_printf(em, "false");
            else if (st->kind == GMT_STRING)
                cg_printf(em, "\"\"");
            else
                cg_printf(em, "0");
            cg_printf(em, ";\n");
            if (!mentioned)
                cg_line(em, "(void)%s;", name);
        }
    }
}

static const char *copy_fn(gm_type_kind k)
{
    switch (k) {
    case GMT_NODE_SET: return "gmrt_nodeset_copy";
    case GMT_NODE_ORDER: return "gmrt_nodeorder_copy";
    default: return "gmrt_nodeseq_copy";
    }
}

/* x = e; P[n] = e; M[k] = e; collections are copied (value semantics). */
static void emit_plain_assign(cg_emit *em, const gm_stmt *s)
{
    const gm_expr *lhs = s->lhs, *rhs = s->rhs;
    const gm_type *lt = lhs->type;
    if (lhs->kind == GME_INDEX) {
        char *v = cg_expr_str(em, rhs);
        cg_map_set(em, lhs, v);
        free(v);
        return;
    }
    if (lt && (cg_is_collection(lt->kind) || lt->kind == GMT_MAP)) {
        char *dst = cg_expr_str(em, lhs);
        if (rhs->kind == GME_CALL &&
            (rhs->builtin == GMB_COLL_POP_BACK || rhs->builtin == GMB_COLL_POP_FRONT)) {
            char *c = cg_expr_str(em, rhs->a);
            cg_line(em, "gmrt_collection_pop_%s_into(%s, %s);",
                     rhs->builtin == GMB_COLL_POP_BACK ? "back" : "front", c, dst);
            free(c);
        } else if (lt->kind == GMT_MAP || lt->kind == GMT_COLLECTION) {
            cg_unsupported(em, s->loc, "assigning a whole map or Collection");
        } else {
            char *src = cg_expr_str(em, rhs);
            cg_line(em, "%s(%s, %s);", copy_fn(lt->kind), dst, src);
            free(src);
        }
        free(dst);
        return;
    }
    if (lhs->kind == GME_PROP && em->tg->prop_write(em, s))
        return;
    if (lhs->kind == GME_ID && rhs->kind == GME_ID && lhs->sym && lhs->sym == rhs->sym) {
        /* x = x: nothing to do, and clang's -Wself-assign flags it; the
         * variable still counts as used */
        char *x = cg_expr_str(em, lhs);
        cg_line(em, "(void)%s; /* %s = %s */", x, lhs->sym->name, lhs->sym->name);
        free(x);
        return;
    }
    cg_start_line(em);
    cg_lvalue(em, lhs);
    cg_printf(em, " = ");
    if (lt && lt->kind == GMT_NODE)
        cg_node_value(em, rhs);
    else
        cg_value_in(em, rhs, lt ? lt->kind : GMT_ERROR);
    cg_printf(em, ";\n");
    if (lhs->kind == GME_PROP)
        cg_after_prop_store(em, lhs->sym, lhs->a);
}

void cg_round_loop_open(cg_emit *em, const gm_stmt *loop)
{
    if (loop->kind == GMS_WHILE) {
        cg_start_line(em);
        cg_printf(em, "while (");
        cg_cond(em, loop->cond);
        cg_printf(em, ") {\n");
    } else {
        cg_line(em, "do {");
    }
    em->indent++;
}

void cg_round_loop_close(cg_emit *em, const gm_stmt *loop)
{
    em->indent--;
    if (loop->kind == GMS_WHILE) {
        cg_line(em, "}");
    } else {
        cg_start_line(em);
        cg_printf(em, "} while (");
        cg_cond(em, loop->cond);
        cg_printf(em, ");\n");
    }
}

void cg_after_prop_store(cg_emit *em, const gm_symbol *prop, const gm_expr *index)
{
    if (!em->push_flag || prop != em->push_flag || !index)
        return;
    char *i = cg_expr_str(em, index);
    cg_start_line(em);
    cg_printf(em, em->push_fmt, i);
    cg_printf(em, "\n");
    free(i);
}

/* t.P <= e @ t: the write goes to P's _nxt buffer, published after the loop. */
static void emit_deferred(cg_emit *em, const gm_stmt *s)
{
    const gm_expr *lhs = s->lhs;
    const gm_symbol *target = lhs->sym;
    const char *nxt = gm_symbol_id_below(target, em->nsyms) ? em->deferred[target->id] : NULL;
    if (!nxt) {
        /* Not bound to a loop that prepared a buffer: an ordinary write. */
        emit_plain_assign(em, s);
        return;
    }
    cg_start_line(em);
    if (lhs->kind == GME_PROP) {
        cg_printf(em, "%s[", nxt);
        cg_expr(em, lhs->a);
        cg_printf(em, "] = ");
    } else {
        cg_printf(em, "%s = ", nxt);
    }
    if (lhs->type && lhs->type->kind == GMT_NODE)
        cg_node_value(em, s->rhs);
    else
        cg_expr(em, s->rhs);
    cg_printf(em, ";\n");
}

static void emit_assign(cg_emit *em, const gm_stmt *s)
{
    switch (s->assign_op) {
    case GMA_ASSIGN:
        emit_plain_assign(em, s);
        return;
    case GMA_DEFER:
        emit_deferred(em, s);
        return;
    default:
        if (s->lhs->kind == GME_PROP && em->tg->prop_reduce && em->tg->prop_reduce(em, s))
            return;
        cg_reduce_assign(em, s);
        return;
    }
}

static void emit_return(cg_emit *em, const gm_stmt *s)
{
    const gm_expr *v = s->value;
    cg_line(em, "{");
    em->indent++;
    if (v) {
        cg_start_line(em);
        cg_printf(em, "%s _c_ret = ", cg_ctype(em->proc->ret_type ? em->proc->ret_type : v->type));
        if (v->type && v->type->kind == GMT_NODE)
            cg_node_value(em, v);
        else
            cg_expr(em, v);
        cg_printf(em, ";\n");
    }
    cg_emit_all_cleanups(em);
    cg_line(em, v ? "return _c_ret;" : "return;");
    em->indent--;
    cg_line(em, "}");
}

static void emit_print(cg_emit *em, const gm_stmt *s)
{
    for (const gm_expr *v = s->value; v; v = v->next) {
        gm_type_kind k = v->type ? v->type->kind : GMT_INT;
        const char *fmt = k == GMT_STRING ? "%s" : cg_is_float(k) ? "%.17g" : k == GMT_LONG ? "%lld" : "%d";
        const char *cast = k == GMT_STRING ? "" : cg_is_float(k) ? "(double)" : k == GMT_LONG ? "(long long)" : "(int)";
        cg_start_line(em);
        cg_printf(em, "printf(\"%s%s\", %s(", fmt, v->next ? " " : "\\n", cast);
        cg_expr(em, v);
        cg_printf(em, "));\n");
    }
}

static void emit_foreign_stmt(cg_emit *em, const gm_stmt *s)
{
    cg_start_line(em);
    for (const gm_foreign_seg *f = s->foreign; f; f = f->next) {
        if (f->text)
            cg_printf(em, "%s", f->text);
        else if (f->ref)
            cg_expr(em, f->ref);
    }
    cg_printf(em, ";\n");
}

static bool is_param(const cg_emit *em, const gm_symbol *sym)
{
    for (const gm_param *p = em->proc->params; p; p = p->next)
        if (p->sym == sym)
            return true;
    return false;
}

/* Exchanges two properties' storage: pointers when both are local, the
 * contents when one is the caller's array (the caller keeps its pointer). */
static void emit_swap(cg_emit *em, const gm_stmt *s)
{
    const gm_symbol *a = s->lhs->sym, *b = s->rhs->sym;
    const char *an = cg_name(em, a), *bn = cg_name(em, b);
    const char *ty = cg_ctype(a->type);
    if (!is_param(em, a) && !is_param(em, b)) {
        cg_line(em, "{ %s_c_tmp = %s; %s = %s; %s = _c_tmp; }", ty, an, an, bn, bn);
        return;
    }
    cg_swap_contents(em, s);
}

void cg_swap_contents(cg_emit *em, const gm_stmt *s)
{
    const gm_symbol *a = s->lhs->sym;
    const char *an = cg_name(em, a), *bn = cg_name(em, s->rhs->sym);
    char *count = cg_prop_count(em, a->type);
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "size_t _c_bytes = (size_t)%s * sizeof *%s;", count, an);
    cg_line(em, "void *_c_tmp = _c_alloc(1, _c_bytes);");
    cg_line(em, "memcpy(_c_tmp, %s, _c_bytes);", an);
    cg_line(em, "memcpy(%s, %s, _c_bytes);", an, bn);
    cg_line(em, "memcpy(%s, _c_tmp, _c_bytes);", bn);
    cg_line(em, "free(_c_tmp);");
    em->indent--;
    cg_line(em, "}");
    free(count);
}

void cg_block(cg_emit *em, const gm_stmt *s)
{
    cg_line(em, "{");
    em->indent++;
    cg_scope_push(em);
    if (s && s->kind == GMS_BLOCK)
        cg_stmt_list(em, s->body);
    else if (s)
        cg_stmt(em, s);
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
}

void cg_stmt_list(cg_emit *em, const gm_stmt *list)
{
    for (; list; list = list->next)
        cg_stmt(em, list);
}

static void emit_stmt(cg_emit *em, const gm_stmt *s)
{
    if (em->tg->stmt(em, s))
        return;
    switch (s->kind) {
    case GMS_EMPTY:
        return;
    case GMS_BLOCK:
        cg_block(em, s);
        return;
    case GMS_DECL:
        emit_decl(em, s);
        return;
    case GMS_ASSIGN:
        cg_marker(em, s->loc);
        emit_assign(em, s);
        return;
    case GMS_ARGMINMAX:
        cg_marker(em, s->loc);
        cg_argminmax(em, s);
        return;
    case GMS_IF:
        cg_marker(em, s->loc);
        cg_start_line(em);
        cg_printf(em, "if (");
        cg_cond(em, s->cond);
        cg_printf(em, ")\n");
        cg_block(em, s->then_stmt);
        if (s->else_stmt) {
            cg_line(em, "else");
            cg_block(em, s->else_stmt);
        }
        return;
    case GMS_WHILE:
        cg_marker(em, s->loc);
        if (em->par_depth == 0 && em->tg->round_loop(em, s))
            return;
        cg_start_line(em);
        cg_printf(em, "while (");
        cg_cond(em, s->cond);
        cg_printf(em, ")\n");
        cg_block(em, s->body);
        return;
    case GMS_DO_WHILE:
        cg_marker(em, s->loc);
        if (em->par_depth == 0 && em->tg->round_loop(em, s))
            return;
        cg_line(em, "do");
        cg_block(em, s->body);
        cg_start_line(em);
        cg_printf(em, "while (");
        cg_cond(em, s->cond);
        cg_printf(em, ");\n");
        return;
    case GMS_FOREACH:
        cg_marker(em, s->loc);
        cg_foreach(em, s);
        return;
    case GMS_BFS:
        cg_marker(em, s->loc);
        if (!em->tg->bfs(em, s))
            cg_bfs(em, s);
        return;
    case GMS_DFS:
        cg_marker(em, s->loc);
        cg_dfs(em, s);
        return;
    case GMS_RETURN:
        cg_marker(em, s->loc);
        emit_return(em, s);
        return;
    case GMS_CALL:
        cg_marker(em, s->loc);
        if (s->value->kind == GME_CALL && s->value->builtin < 0) {
            cg_user_call_stmt(em, s->value);
        } else {
            cg_start_line(em);
            cg_printf(em, "(void)");
            cg_expr(em, s->value);
            cg_printf(em, ";\n");
        }
        return;
    case GMS_FOREIGN:
        cg_marker(em, s->loc);
        emit_foreign_stmt(em, s);
        return;
    case GMS_PRINT:
        cg_marker(em, s->loc);
        emit_print(em, s);
        return;
    case GMS_SWAP:
        emit_swap(em, s);
        return;
    }
}

/* Every statement goes through cg_nil.c: the guard of its writes through
 * unchecked Node or Edge values in parallel code, and after a parallel
 * host statement the report of a failed check. */
void cg_stmt(cg_emit *em, const gm_stmt *s)
{
    cg_nil_stmt(em, s, emit_stmt);
}
