/* cg_collections.c: Node_Set, Node_Order, Node_Seq, Collection and Map
 * built-ins as libgmrt calls. Inside a parallel region the thread-safe
 * "_par" variants are used (maps: under the map's lock). */
#include "cg_emit.h"

#include <stdlib.h>

#include "builtins.h"

const char *cg_map_field(const gm_type *t)
{
    return t && cg_is_float(t->kind) ? "d" : "i";
}

/* The key as a gmrt_scalar. */
void cg_map_key(cg_emit *em, const gm_type *map, const gm_expr *key)
{
    bool f = cg_is_float(map->key->kind);
    cg_printf(em, f ? "gmrt_sd((double)(" : "gmrt_si((int64_t)(");
    cg_expr(em, key);
    cg_printf(em, "))");
}

static void emit_value_of_scalar(cg_emit *em, const gm_type *t, const char *scalar)
{
    if (t->kind == GMT_BOOL)
        cg_printf(em, "(%s.i != 0)", scalar);
    else
        cg_printf(em, "((%s)%s.%s)", cg_prim_ctype(t->kind), scalar, cg_map_field(t));
}

void cg_map_get(cg_emit *em, const gm_expr *ix)
{
    const gm_type *mt = ix->a->type;
    char *m = cg_expr_str(em, ix->a);
    cg_capture cap;
    cg_capture_begin(em, &cap);
    cg_map_key(em, mt, ix->b);
    char *k = cg_capture_end(em, &cap);
    char *call = cg_strf("gmrt_map_get%s(%s, %s)", em->par_depth ? "_par" : "", m, k);
    emit_value_of_scalar(em, mt->val, call);
    free(call);
    free(k);
    free(m);
}

void cg_map_set(cg_emit *em, const gm_expr *ix, const char *value)
{
    const gm_type *mt = ix->a->type;
    cg_start_line(em);
    cg_printf(em, "gmrt_map_set%s(", em->par_depth ? "_par" : "");
    cg_expr(em, ix->a);
    cg_printf(em, ", ");
    cg_map_key(em, mt, ix->b);
    cg_printf(em, cg_is_float(mt->val->kind) ? ", gmrt_sd((double)(%s)));\n"
                                               : ", gmrt_si((int64_t)(%s)));\n",
               value);
}

static void call1(cg_emit *em, const char *fn, const gm_expr *recv, const gm_expr *arg)
{
    cg_printf(em, "%s(", fn);
    cg_expr(em, recv);
    if (arg) {
        cg_printf(em, ", ");
        cg_expr(em, arg);
    }
    cg_printf(em, ")");
}

static void map_query(cg_emit *em, const gm_expr *e, const char *what, bool key_result)
{
    const gm_type *mt = e->a->type;
    char *m = cg_expr_str(em, e->a);
    char *call = cg_strf("gmrt_map_%s(%s)", what, m);
    emit_value_of_scalar(em, key_result ? mt->key : mt->val, call);
    free(call);
    free(m);
}

void cg_collection_call(cg_emit *em, const gm_expr *e)
{
    const gm_expr *r = e->a, *a0 = e->args;
    bool par = em->par_depth > 0;
    switch ((gm_builtin)e->builtin) {
    case GMB_SET_ADD: call1(em, par ? "gmrt_nodeset_add_par" : "gmrt_nodeset_add", r, a0); return;
    case GMB_SET_REMOVE:
        call1(em, par ? "gmrt_nodeset_remove_par" : "gmrt_nodeset_remove", r, a0);
        return;
    case GMB_SET_HAS: call1(em, "gmrt_nodeset_has", r, a0); return;
    case GMB_SET_UNION: call1(em, "gmrt_nodeset_union", r, a0); return;
    case GMB_SET_INTERSECT: call1(em, "gmrt_nodeset_intersect", r, a0); return;
    case GMB_SET_COMPLEMENT: call1(em, "gmrt_nodeset_complement", r, a0); return;
    case GMB_SET_IS_SUBSET_OF: call1(em, "gmrt_nodeset_is_subset", r, a0); return;
    case GMB_SET_SIZE: cg_printf(em, "((int32_t)"); call1(em, "gmrt_nodeset_size", r, NULL); cg_printf(em, ")"); return;
    case GMB_SET_CLEAR: call1(em, "gmrt_nodeset_clear", r, NULL); return;
    case GMB_ORDER_PUSH_BACK:
        call1(em, par ? "gmrt_nodeorder_push_back_par" : "gmrt_nodeorder_push_back", r, a0);
        return;
    case GMB_ORDER_PUSH_FRONT:
        call1(em, par ? "gmrt_nodeorder_push_front_par" : "gmrt_nodeorder_push_front", r, a0);
        return;
    case GMB_ORDER_POP_BACK:
        call1(em, par ? "gmrt_nodeorder_pop_back_par" : "gmrt_nodeorder_pop_back", r, NULL);
        return;
    case GMB_ORDER_POP_FRONT:
        call1(em, par ? "gmrt_nodeorder_pop_front_par" : "gmrt_nodeorder_pop_front", r, NULL);
        return;
    case GMB_ORDER_HAS: call1(em, "gmrt_nodeorder_has", r, a0); return;
    case GMB_ORDER_SIZE: cg_printf(em, "((int32_t)"); call1(em, "gmrt_nodeorder_size", r, NULL); cg_printf(em, ")"); return;
    case GMB_SEQ_PUSH_BACK:
        call1(em, par ? "gmrt_nodeseq_push_back_par" : "gmrt_nodeseq_push_back", r, a0);
        return;
    case GMB_SEQ_PUSH_FRONT:
        call1(em, par ? "gmrt_nodeseq_push_front_par" : "gmrt_nodeseq_push_front", r, a0);
        return;
    case GMB_SEQ_POP_BACK:
        call1(em, par ? "gmrt_nodeseq_pop_back_par" : "gmrt_nodeseq_pop_back", r, NULL);
        return;
    case GMB_SEQ_POP_FRONT:
        call1(em, par ? "gmrt_nodeseq_pop_front_par" : "gmrt_nodeseq_pop_front", r, NULL);
        return;
    case GMB_SEQ_SIZE: cg_printf(em, "((int32_t)"); call1(em, "gmrt_nodeseq_size", r, NULL); cg_printf(em, ")"); return;
    case GMB_COLL_PUSH_BACK:
        call1(em, par ? "gmrt_collection_push_back_par" : "gmrt_collection_push_back", r, a0);
        return;
    case GMB_COLL_PUSH_FRONT: call1(em, "gmrt_collection_push_front", r, a0); return;
    case GMB_COLL_POP_BACK:
    case GMB_COLL_POP_FRONT:
        /* As a value (not "S = C.PopBack()", which cg_stmt handles): the
         * element is dropped. */
        cg_printf(em, "gmrt_collection_free_elem(%s, ", cg_coll_kind(r->type->elem ? r->type->elem->kind : GMT_NODE_SET));
        call1(em, e->builtin == GMB_COLL_POP_BACK ? "gmrt_collection_pop_back" : "gmrt_collection_pop_front", r, NULL);
        cg_printf(em, ")");
        return;
    case GMB_COLL_SIZE: cg_printf(em, "((int32_t)"); call1(em, "gmrt_collection_size", r, NULL); cg_printf(em, ")"); return;
    case GMB_MAP_SIZE: cg_printf(em, "((int32_t)"); call1(em, "gmrt_map_size", r, NULL); cg_printf(em, ")"); return;
    case GMB_MAP_CLEAR: call1(em, "gmrt_map_clear", r, NULL); return;
    case GMB_MAP_HAS_KEY:
    case GMB_MAP_REMOVE:
    case GMB_MAP_HAS_MAX_VALUE:
    case GMB_MAP_HAS_MIN_VALUE: {
        const char *fn = e->builtin == GMB_MAP_HAS_KEY ? (par ? "gmrt_map_has_par" : "gmrt_map_has")
                         : e->builtin == GMB_MAP_REMOVE ? (par ? "gmrt_map_remove_par" : "gmrt_map_remove")
                         : e->builtin == GMB_MAP_HAS_MAX_VALUE ? "gmrt_map_has_max_value"
                                                               : "gmrt_map_has_min_value";
        cg_printf(em, "%s(", fn);
        cg_expr(em, r);
        cg_printf(em, ", ");
        cg_map_key(em, r->type, a0);
        cg_printf(em, ")");
        return;
    }
    case GMB_MAP_GET_MAX_KEY: map_query(em, e, "max_key", true); return;
    case GMB_MAP_GET_MIN_KEY: map_query(em, e, "min_key", true); return;
    case GMB_MAP_GET_MAX_VALUE: map_query(em, e, "max_value", false); return;
    case GMB_MAP_GET_MIN_VALUE: map_query(em, e, "min_value", false); return;
    default:
        cg_unsupported(em, e->loc, "this built-in function");
        cg_printf(em, "0");
        return;
    }
}
