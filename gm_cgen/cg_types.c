/* cg_types.c: the C type of every Green-Marl type, and the runtime's names
 * for value types and collections. */
#include "cg_emit.h"

#include <stdlib.h>

bool cg_is_prim(gm_type_kind k)
{
    return k == GMT_INT || k == GMT_LONG || k == GMT_FLOAT || k == GMT_DOUBLE || k == GMT_BOOL;
}

bool cg_is_float(gm_type_kind k)
{
    return k == GMT_FLOAT || k == GMT_DOUBLE || k == GMT_INF;
}

bool cg_is_collection(gm_type_kind k)
{
    return k == GMT_NODE_SET || k == GMT_NODE_ORDER || k == GMT_NODE_SEQ || k == GMT_COLLECTION;
}

const char *cg_prim_ctype(gm_type_kind k)
{
    switch (k) {
    case GMT_INT: return "int32_t";
    case GMT_LONG: return "int64_t";
    case GMT_FLOAT: return "float";
    case GMT_DOUBLE: return "double";
    case GMT_INF: return "double"; /* an INF the context did not size */
    case GMT_BOOL: return "bool";
    case GMT_NODE: return "gm_node_t";
    case GMT_EDGE: return "gm_edge_t";
    case GMT_STRING: return "const char *";
    case GMT_GRAPH: return "gm_graph *";
    case GMT_NODE_SET: return "gmrt_nodeset *";
    case GMT_NODE_ORDER: return "gmrt_nodeorder *";
    case GMT_NODE_SEQ: return "gmrt_nodeseq *";
    case GMT_COLLECTION: return "gmrt_collection *";
    case GMT_MAP: return "gmrt_map *";
    case GMT_NIL: return "gm_node_t";
    default: return "int";
    }
}

/* Property arrays: "T *"; a collection-valued property is an array of
 * collection pointers. The strings are interned in a small static table
 * (read-only after first use; the generator is single-threaded). */
const char *cg_ctype(const gm_type *t)
{
    if (!t)
        return "int";
    if (t->kind == GMT_NODE_PROP || t->kind == GMT_EDGE_PROP) {
        switch (t->elem ? t->elem->kind : GMT_INT) {
        case GMT_INT: return "int32_t *";
        case GMT_LONG: return "int64_t *";
        case GMT_FLOAT: return "float *";
        case GMT_DOUBLE: return "double *";
        case GMT_BOOL: return "bool *";
        case GMT_NODE: return "gm_node_t *";
        case GMT_EDGE: return "gm_edge_t *";
        case GMT_NODE_SET: return "gmrt_nodeset **";
        case GMT_NODE_ORDER: return "gmrt_nodeorder **";
        case GMT_NODE_SEQ: return "gmrt_nodeseq **";
        case GMT_COLLECTION: return "gmrt_collection **";
        case GMT_MAP: return "gmrt_map **";
        default: return "int32_t *";
        }
    }
    return cg_prim_ctype(t->kind);
}

const char *cg_gmrt_type(gm_type_kind k)
{
    switch (k) {
    case GMT_INT: return "GMRT_T_INT32";
    case GMT_LONG: return "GMRT_T_INT64";
    case GMT_FLOAT: return "GMRT_T_FLOAT";
    case GMT_DOUBLE: return "GMRT_T_DOUBLE";
    case GMT_BOOL: return "GMRT_T_BOOL";
    case GMT_NODE: return "GMRT_T_NODE";
    case GMT_EDGE: return "GMRT_T_EDGE";
    default: return "GMRT_T_INT64";
    }
}

const char *cg_collection_free_fn(gm_type_kind k)
{
    switch (k) {
    case GMT_NODE_SET: return "gmrt_nodeset_free";
    case GMT_NODE_ORDER: return "gmrt_nodeorder_free";
    case GMT_NODE_SEQ: return "gmrt_nodeseq_free";
    case GMT_COLLECTION: return "gmrt_collection_free";
    case GMT_MAP: return "gmrt_map_free";
    default: return "free";
    }
}

const char *cg_collection_new_fn(gm_type_kind k)
{
    switch (k) {
    case GMT_NODE_SET: return "gmrt_nodeset_new";
    case GMT_NODE_ORDER: return "gmrt_nodeorder_new";
    case GMT_NODE_SEQ: return "gmrt_nodeseq_new";
    case GMT_COLLECTION: return "gmrt_collection_new";
    default: return "gmrt_nodeset_new";
    }
}

const char *cg_coll_kind(gm_type_kind k)
{
    switch (k) {
    case GMT_NODE_ORDER: return "GMRT_COLL_ORDER";
    case GMT_NODE_SEQ: return "GMRT_COLL_SEQ";
    default: return "GMRT_COLL_SET";
    }
}

const char *cg_graph_of(cg_emit *em, const gm_type *t)
{
    if (t && t->graph)
        return cg_name(em, t->graph);
    /* Every graph-bound type has its graph after checking; a procedure
     * has at least one graph parameter when it uses one. */
    for (const gm_param *p = em->proc ? em->proc->params : NULL; p; p = p->next)
        if (p->type->kind == GMT_GRAPH)
            return cg_name(em, p->sym);
    return "G";
}

char *cg_prop_count(cg_emit *em, const gm_type *prop_type)
{
    return cg_strf("%s->%s", cg_graph_of(em, prop_type),
                    prop_type->kind == GMT_EDGE_PROP ? "num_edges" : "num_nodes");
}
