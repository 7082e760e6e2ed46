/* omp_expr.c: Green-Marl expressions as C expressions.
 *
 * Every compound expression is parenthesised, so C precedence never
 * changes the meaning. Literals keep their full value: 64-bit integers get
 * INT64_C, doubles print with 17 significant digits, floats with 9 and an
 * f suffix (the old compiler rounded them to 6 decimals: section 12).
 */
#include "omp_emit.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "cident.h"
#include "oom.h"

bool omp_is_literal(const gm_expr *e)
{
    return e->kind == GME_INT || e->kind == GME_FLOAT || e->kind == GME_BOOL ||
           e->kind == GME_NIL || e->kind == GME_INF;
}

void omp_float_literal(omp_emit *em, double v, bool is_float)
{
    if (isinf(v)) {
        omp_printf(em, v < 0 ? "(-INFINITY)" : "INFINITY");
        return;
    }
    char buf[64];
    if (is_float)
        snprintf(buf, sizeof buf, "%.9g", (double)(float)v);
    else
        snprintf(buf, sizeof buf, "%.17g", v);
    /* "1" is an integer in C: keep the literal floating. */
    if (!strpbrk(buf, ".eEn"))
        strcat(buf, ".0");
    omp_printf(em, "%s%s", buf, is_float ? "f" : "");
}

void omp_inf(omp_emit *em, gm_type_kind k, bool negative)
{
    switch (k) {
    case GMT_INT: omp_printf(em, negative ? "INT32_MIN" : "INT32_MAX"); break;
    case GMT_LONG: omp_printf(em, negative ? "INT64_MIN" : "INT64_MAX"); break;
    case GMT_FLOAT: omp_printf(em, negative ? "(-INFINITY)" : "INFINITY"); break;
    default: omp_printf(em, negative ? "(-(double)INFINITY)" : "((double)INFINITY)"); break;
    }
}

static const char *op_text(gm_op op)
{
    switch (op) {
    case GMOP_ADD: return "+";
    case GMOP_SUB: return "-";
    case GMOP_MUL: return "*";
    case GMOP_DIV: return "/";
    case GMOP_MOD: return "%";
    case GMOP_LT: return "<";
    case GMOP_GT: return ">";
    case GMOP_LE: return "<=";
    case GMOP_GE: return ">=";
    case GMOP_EQ: return "==";
    case GMOP_NE: return "!=";
    case GMOP_AND: return "&&";
    case GMOP_OR: return "||";
    default: return "?";
    }
}

static void emit_abs(omp_emit *em, const gm_expr *e)
{
    gm_type_kind k = e->type ? e->type->kind : GMT_DOUBLE;
    const char *fn = k == GMT_INT ? "abs" : k == GMT_LONG ? "llabs" : k == GMT_FLOAT ? "fabsf" : "fabs";
    omp_printf(em, "%s(", fn);
    omp_expr(em, e->a);
    omp_printf(em, ")");
}

/* A property read: P[i]; inside a loop whose deferred writes target P, the
 * reads still see the current array P. */
static void emit_prop(omp_emit *em, const gm_expr *e)
{
    if (em->hooks && em->hooks->prop_read && !em->in_kernel && em->host_direct == 0 &&
        em->hooks->prop_read(em, e))
        return;
    omp_prop_elem(em, e->sym, e->a);
}

void omp_prop_elem(omp_emit *em, const gm_symbol *prop, const gm_expr *index)
{
    if (em->in_kernel && em->hooks && em->hooks->prop_elem && em->hooks->prop_elem(em, prop, index))
        return;
    omp_printf(em, "%s[", omp_name(em, prop));
    omp_expr(em, index);
    omp_printf(em, "]");
}

const char *omp_nbr_ids(omp_emit *em, const gm_symbol *iter, bool reverse)
{
    if (em->in_kernel && em->hooks && em->hooks->nbr_ids)
        return em->hooks->nbr_ids(em, iter, reverse);
    return reverse ? "r_node_idx" : "node_idx";
}

/* A reduction expression survives desugaring only inside a BFS navigator;
 * it becomes a GNU statement expression with a sequential loop. */
static void emit_reduce_expr(omp_emit *em, const gm_expr *e)
{
    const gm_iter *it = &e->iter;
    const char *ty = omp_ctype(e->type);
    char *acc = omp_fresh(em, "red");
    omp_printf(em, "({ %s %s = ", ty, acc);
    switch (e->reduce_op) {
    case GMRED_PRODUCT: omp_printf(em, "1"); break;
    case GMRED_MIN: omp_inf(em, e->type->kind, false); break;
    case GMRED_MAX: omp_inf(em, e->type->kind, true); break;
    case GMRED_ALL: omp_printf(em, "true"); break;
    default: omp_printf(em, "0"); break;
    }
    omp_printf(em, "; ");
    const char *g = omp_graph_of(em, it->sym->type);
    const char *v = omp_name(em, it->sym);
    char *src = omp_expr_str(em, it->source);
    char *ed = omp_fresh(em, "e");
    switch (it->range) {
    case GMR_NODES:
        omp_printf(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++) { ", v, v, g, v);
        break;
    case GMR_NBRS:
        omp_printf(em, "for (gm_edge_t %s = %s->begin[%s]; %s < %s->begin[%s + 1]; %s++) { "
                       "gm_node_t %s = %s->node_idx[%s]; ",
                   ed, g, src, ed, g, src, ed, v, g, ed);
        break;
    case GMR_IN_NBRS:
        omp_printf(em, "for (gm_edge_t %s = %s->r_begin[%s]; %s < %s->r_begin[%s + 1]; %s++) { "
                       "gm_node_t %s = %s->r_node_idx[%s]; ",
                   ed, g, src, ed, g, src, ed, v, g, ed);
        break;
    default:
        omp_unsupported(em, e->loc, "this range in a reduction inside a BFS navigator");
        omp_printf(em, "{ gm_node_t %s = 0; ", v);
        break;
    }
    if (it->filter) {
        omp_printf(em, "if (!(");
        omp_expr(em, it->filter);
        omp_printf(em, ")) continue; ");
    }
    char *val = e->a ? omp_expr_str(em, e->a) : omp_strf("1");
    switch (e->reduce_op) {
    case GMRED_SUM:
    case GMRED_COUNT:
    case GMRED_AVG: omp_printf(em, "%s += %s; ", acc, val); break;
    case GMRED_PRODUCT: omp_printf(em, "%s *= %s; ", acc, val); break;
    case GMRED_MIN: omp_printf(em, "if (%s < %s) %s = %s; ", val, acc, acc, val); break;
    case GMRED_MAX: omp_printf(em, "if (%s > %s) %s = %s; ", val, acc, acc, val); break;
    case GMRED_EXIST: omp_printf(em, "%s = %s || %s; ", acc, acc, val); break;
    case GMRED_ALL: omp_printf(em, "%s = %s && %s; ", acc, acc, val); break;
    default: break;
    }
    omp_printf(em, "} %s; })", acc);
    free(val);
    free(src);
    free(ed);
    free(acc);
}

static void emit_foreign(omp_emit *em, const gm_foreign_seg *f)
{
    for (; f; f = f->next) {
        if (f->text)
            omp_printf(em, "%s", f->text);
        else if (f->ref)
            omp_expr(em, f->ref);
    }
}

void omp_expr(omp_emit *em, const gm_expr *e)
{
    gm_type_kind k = e->type ? e->type->kind : GMT_ERROR;
    switch (e->kind) {
    case GME_INT:
        if (k == GMT_FLOAT || k == GMT_DOUBLE)
            omp_float_literal(em, (double)e->int_val, k == GMT_FLOAT);
        else if (e->int_val > INT32_MAX || e->int_val < INT32_MIN)
            omp_printf(em, "INT64_C(%" PRId64 ")", e->int_val);
        else
            omp_printf(em, "%" PRId64, e->int_val);
        break;
    case GME_FLOAT:
        omp_float_literal(em, e->float_val, k == GMT_FLOAT);
        break;
    case GME_BOOL:
        omp_printf(em, e->bool_val ? "true" : "false");
        break;
    case GME_INF:
        omp_inf(em, k, e->negative);
        break;
    case GME_NIL:
        omp_printf(em, k == GMT_EDGE ? "GMRT_NIL_EDGE" : "GMRT_NIL_NODE");
        break;
    case GME_STRING:
        omp_printf(em, "\"%s\"", e->text ? e->text : "");
        break;
    case GME_ID:
        omp_printf(em, "%s", e->sym ? omp_name(em, e->sym) : e->name);
        break;
    case GME_PROP:
        emit_prop(em, e);
        break;
    case GME_INDEX:
        omp_map_get(em, e);
        break;
    case GME_UNARY:
        omp_printf(em, "(%s", e->op == GMOP_NOT ? "!" : "-");
        omp_expr(em, e->a);
        omp_printf(em, ")");
        break;
    case GME_BINARY:
        if ((e->op == GMOP_DIV || e->op == GMOP_MOD) && e->b && e->b->kind == GME_INT &&
            e->b->int_val == 0) {
            /* An integer division by a constant zero: -Wdiv-by-zero would
             * warn; the zero comes from a volatile, so it still traps at run
             * time as written. */
            omp_printf(em, "(");
            omp_expr(em, e->a);
            omp_printf(em, " %s ({ volatile int64_t _c_zero = 0; _c_zero; }))", op_text(e->op));
            break;
        }
        omp_printf(em, "(");
        omp_expr(em, e->a);
        omp_printf(em, " %s ", op_text(e->op));
        omp_expr(em, e->b);
        omp_printf(em, ")");
        break;
    case GME_TERNARY:
        omp_printf(em, "(");
        omp_expr(em, e->a);
        omp_printf(em, " ? ");
        omp_expr(em, e->b);
        omp_printf(em, " : ");
        omp_expr(em, e->c);
        omp_printf(em, ")");
        break;
    case GME_ABS:
        emit_abs(em, e);
        break;
    case GME_CAST:
        omp_printf(em, "((%s)", omp_prim_ctype(e->cast_to));
        omp_expr(em, e->a);
        omp_printf(em, ")");
        break;
    case GME_CALL:
        if (e->builtin >= 0)
            omp_builtin_call(em, e);
        else
            omp_user_call(em, e);
        break;
    case GME_REDUCE:
        emit_reduce_expr(em, e);
        break;
    case GME_FOREIGN:
        omp_printf(em, "(");
        emit_foreign(em, e->foreign);
        omp_printf(em, ")");
        break;
    }
}

/* A condition: the outermost parentheses are left out, because "if ((a == b))"
 * reads as a mistaken assignment to clang's -Wparentheses-equality. */
void omp_cond(omp_emit *em, const gm_expr *e)
{
    if (e->kind == GME_BINARY) {
        omp_expr(em, e->a);
        omp_printf(em, " %s ", op_text(e->op));
        omp_expr(em, e->b);
    } else {
        omp_expr(em, e);
    }
}

char *omp_expr_str(omp_emit *em, const gm_expr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem)
        gm_out_of_memory("code generation", 0);
    FILE *saved = em->out;
    em->out = mem;
    omp_expr(em, e);
    em->out = saved;
    fclose(mem);
    return buf;
}

/* The graph a node or edge expression belongs to. */
static const char *graph_of_expr(omp_emit *em, const gm_expr *e)
{
    return omp_graph_of(em, e ? e->type : NULL);
}

void omp_builtin_call(omp_emit *em, const gm_expr *e)
{
    const gm_expr *r = e->a;
    const gm_expr *a0 = e->args;
    const gm_expr *a1 = a0 ? a0->next : NULL;
    switch ((gm_builtin)e->builtin) {
    case GMB_GRAPH_NUM_NODES:
        omp_printf(em, "%s->num_nodes", omp_name(em, r->sym));
        return;
    case GMB_GRAPH_NUM_EDGES: /* a UGraph's undirected edges (set by the entry's check) */
        omp_printf(em, "%s->%s", omp_name(em, r->sym),
                   r->sym->type && r->sym->type->undirected ? "num_undirected_edges" : "num_edges");
        return;
    case GMB_GRAPH_PICK_RANDOM:
        if (em->in_kernel)
            omp_printf(em, "gmcu_pick_random_node(%s, &_c_rng)", omp_name(em, r->sym));
        else
            omp_printf(em, "gmrt_pick_random_node(%s, gmrt_thread_rng())", omp_name(em, r->sym));
        return;
    case GMB_NODE_NUM_NBRS:
        omp_printf(em, "((int32_t)gmrt_out_degree(%s, ", graph_of_expr(em, r));
        omp_expr(em, r);
        omp_printf(em, "))");
        return;
    case GMB_NODE_NUM_IN_NBRS:
        omp_printf(em, "((int32_t)gmrt_in_degree(%s, ", graph_of_expr(em, r));
        omp_expr(em, r);
        omp_printf(em, "))");
        return;
    case GMB_NODE_HAS_EDGE_TO:
    case GMB_NODE_IS_NBR_FROM: {
        bool to = e->builtin == GMB_NODE_HAS_EDGE_TO;
        omp_printf(em, "%s_has_edge(%s, ", em->in_kernel ? "gmcu" : "gmrt", graph_of_expr(em, r));
        omp_expr(em, to ? r : a0);
        omp_printf(em, ", ");
        omp_expr(em, to ? a0 : r);
        omp_printf(em, ")");
        return;
    }
    case GMB_NODE_COUNT_LINKED: { /* gm_opt/count_linked.c; gmrt_linked.h on both sides */
        const gm_expr *y = e->op != GMOP_NONE ? a0 : NULL, *z = y ? a0->next : a0;
        const char *cmp = e->op == GMOP_GT   ? "GMRT_NBR_ABOVE"
                          : e->op == GMOP_GE ? "GMRT_NBR_AT_LEAST"
                          : e->op == GMOP_LT ? "GMRT_NBR_BELOW"
                          : e->op == GMOP_LE ? "GMRT_NBR_AT_MOST"
                                             : "GMRT_ANY_NBR";
        omp_printf(em, "((int64_t)gmrt_count_linked_nbrs(%s, ", graph_of_expr(em, r));
        omp_expr(em, r);
        omp_printf(em, ", %s, ", cmp);
        if (y)
            omp_expr(em, y);
        else
            omp_printf(em, "0");
        omp_printf(em, ", ");
        omp_expr(em, z);
        omp_printf(em, ", %s))", e->bool_val ? "true" : "false");
        return;
    }
    case GMB_NODE_PICK_RANDOM_NBR:
        omp_printf(em, "%s_pick_random_nbr(%s, ", em->in_kernel ? "gmcu" : "gmrt",
                   graph_of_expr(em, r));
        omp_expr(em, r);
        omp_printf(em, em->in_kernel ? ", &_c_rng)" : ", gmrt_thread_rng())");
        return;
    case GMB_NODE_BFS_LEVEL: /* bfs_level.c: only in a BFS body */
        if (!em->bfs) {
            omp_unsupported(em, e->loc, "a BFS level outside a BFS");
            omp_printf(em, "0");
            return;
        }
        omp_printf(em, "%s[", em->bfs->level);
        omp_expr(em, r);
        omp_printf(em, "]");
        return;
    case GMB_NBR_TO_EDGE:
        if (gm_symbol_id_below(r->sym, em->nsyms) && em->edge_of[r->sym->id])
            omp_printf(em, "%s", em->edge_of[r->sym->id]);
        else {
            omp_unsupported(em, e->loc, "ToEdge() on this iterator");
            omp_printf(em, "GMRT_NIL_EDGE");
        }
        return;
    case GMB_EDGE_FROM_NODE:
        omp_printf(em, "%s->edge_src[", graph_of_expr(em, r));
        omp_expr(em, r);
        omp_printf(em, "]");
        return;
    case GMB_EDGE_TO_NODE:
        omp_printf(em, "%s->node_idx[", graph_of_expr(em, r));
        omp_expr(em, r);
        omp_printf(em, "]");
        return;
    case GMB_UNIFORM:
        omp_printf(em, em->in_kernel ? "gmcu_uniform(&_c_rng)" : "gmrt_uniform(gmrt_thread_rng())");
        return;
    case GMB_RAND:
        /* Rand(n): the one argument is the bound (section 12). */
        omp_printf(em, em->in_kernel ? "gmcu_rand(&_c_rng, (int64_t)(" : "gmrt_rand(gmrt_thread_rng(), (int64_t)(");
        omp_expr(em, a0);
        omp_printf(em, "))");
        return;
    case GMB_LOG:
    case GMB_EXP:
        omp_printf(em, "%s((double)(", e->builtin == GMB_LOG ? "log" : "exp");
        omp_expr(em, a0);
        omp_printf(em, "))");
        return;
    case GMB_POW:
        omp_printf(em, "pow((double)(");
        omp_expr(em, a0);
        omp_printf(em, "), (double)(");
        omp_expr(em, a1);
        omp_printf(em, "))");
        return;
    default:
        omp_collection_call(em, e);
        return;
    }
}

/* f(G, in...; out...): outputs by pointer, "#" into a compound literal. */
void omp_user_call(omp_emit *em, const gm_expr *e)
{
    const gm_proc *callee = e->sym ? e->sym->proc : NULL;
    if (!callee) {
        omp_unsupported(em, e->loc, "a call to an unknown procedure");
        omp_printf(em, "0");
        return;
    }
    char *fn = cident_name(callee->name);
    omp_printf(em, "%s(", fn);
    free(fn);
    const gm_param *p = callee->params;
    bool first = true;
    for (const gm_expr *a = e->args; a && p; a = a->next, p = p->next) {
        omp_printf(em, first ? "" : ", ");
        first = false;
        omp_expr(em, a);
    }
    for (const gm_expr *a = e->out_args; a && p; a = a->next, p = p->next) {
        omp_printf(em, first ? "" : ", ");
        first = false;
        if (a->is_discard || (a->kind != GME_ID && a->kind != GME_PROP && a->kind != GME_INDEX)) {
            if (em->target) /* C++ (CUDA): no compound literals */
                omp_printf(em, "gmcu_discard<%s>()", omp_ctype(p->type));
            else
                omp_printf(em, "&(%s){0}", omp_ctype(p->type));
        } else if (omp_is_prim(p->type->kind) || p->type->kind == GMT_NODE ||
                   p->type->kind == GMT_EDGE) {
            omp_printf(em, "&");
            omp_lvalue(em, a);
        } else {
            omp_expr(em, a);
        }
    }
    omp_printf(em, ")");
}
