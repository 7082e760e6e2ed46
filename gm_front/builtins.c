/* builtins.c: the table of built-in functions (section 8 of the reference). */
#include "builtins.h"

#include <stddef.h>
#include <string.h>

#define A0 0, {GMBA_NODE, GMBA_NODE}
#define A1(a) 1, {a, GMBA_NODE}
#define A2(a, b) 2, {a, b}

/* Indexed by gm_builtin; the order must follow the enum (checked by the
 * unit tests through gm_builtin_get). */
static const gm_builtin_info table[GMB_COUNT] = {
    {GMB_GRAPH_NUM_NODES, GMBR_GRAPH, {"NumNodes"}, A0, GMBT_INT, false},
    {GMB_GRAPH_NUM_EDGES, GMBR_GRAPH, {"NumEdges"}, A0, GMBT_INT, false},
    {GMB_GRAPH_PICK_RANDOM, GMBR_GRAPH, {"PickRandom"}, A0, GMBT_NODE, false},

    {GMB_NODE_NUM_NBRS, GMBR_NODE, {"NumNbrs", "NumOutNbrs", "Degree", "OutDegree"}, A0, GMBT_INT, false},
    {GMB_NODE_NUM_IN_NBRS, GMBR_NODE, {"NumInNbrs", "InDegree"}, A0, GMBT_INT, false},
    {GMB_NODE_HAS_EDGE_TO, GMBR_NODE, {"HasEdgeTo"}, A1(GMBA_NODE), GMBT_BOOL, false},
    {GMB_NODE_IS_NBR_FROM, GMBR_NODE, {"IsNbrFrom", "HasEdgeFrom"}, A1(GMBA_NODE), GMBT_BOOL, false},
    {GMB_NODE_PICK_RANDOM_NBR, GMBR_NODE, {"PickRandomNbr"}, A0, GMBT_NODE, false},

    {GMB_NBR_TO_EDGE, GMBR_NBR_ITER, {"ToEdge"}, A0, GMBT_EDGE, false},

    {GMB_EDGE_FROM_NODE, GMBR_EDGE, {"FromNode"}, A0, GMBT_NODE, false},
    {GMB_EDGE_TO_NODE, GMBR_EDGE, {"ToNode"}, A0, GMBT_NODE, false},

    {GMB_UNIFORM, GMBR_NONE, {"Uniform"}, A0, GMBT_DOUBLE, false},
    {GMB_RAND, GMBR_NONE, {"Rand"}, A1(GMBA_INTEGER), GMBT_LONG, false},
    {GMB_LOG, GMBR_NONE, {"Log"}, A1(GMBA_NUMERIC), GMBT_DOUBLE, false},
    {GMB_EXP, GMBR_NONE, {"Exp"}, A1(GMBA_NUMERIC), GMBT_DOUBLE, false},
    {GMB_POW, GMBR_NONE, {"Pow"}, A2(GMBA_NUMERIC, GMBA_NUMERIC), GMBT_DOUBLE, false},

    {GMB_SET_ADD, GMBR_NODE_SET, {"Add"}, A1(GMBA_NODE), GMBT_VOID, true},
    {GMB_SET_REMOVE, GMBR_NODE_SET, {"Remove"}, A1(GMBA_NODE), GMBT_VOID, true},
    {GMB_SET_HAS, GMBR_NODE_SET, {"Has"}, A1(GMBA_NODE), GMBT_BOOL, false},
    {GMB_SET_UNION, GMBR_NODE_SET, {"Union"}, A1(GMBA_SAME), GMBT_VOID, true},
    {GMB_SET_INTERSECT, GMBR_NODE_SET, {"Intersect"}, A1(GMBA_SAME), GMBT_VOID, true},
    {GMB_SET_COMPLEMENT, GMBR_NODE_SET, {"Complement"}, A1(GMBA_SAME), GMBT_VOID, true},
    {GMB_SET_IS_SUBSET_OF, GMBR_NODE_SET, {"IsSubsetOf"}, A1(GMBA_SAME), GMBT_BOOL, false},
    {GMB_SET_SIZE, GMBR_NODE_SET, {"Size"}, A0, GMBT_INT, false},
    {GMB_SET_CLEAR, GMBR_NODE_SET, {"Clear"}, A0, GMBT_VOID, true},

    {GMB_ORDER_PUSH_BACK, GMBR_NODE_ORDER, {"PushBack", "Push"}, A1(GMBA_NODE), GMBT_VOID, true},
    {GMB_ORDER_PUSH_FRONT, GMBR_NODE_ORDER, {"PushFront"}, A1(GMBA_NODE), GMBT_VOID, true},
    {GMB_ORDER_POP_BACK, GMBR_NODE_ORDER, {"PopBack"}, A0, GMBT_NODE, true},
    {GMB_ORDER_POP_FRONT, GMBR_NODE_ORDER, {"PopFront", "Pop"}, A0, GMBT_NODE, true},
    {GMB_ORDER_HAS, GMBR_NODE_ORDER, {"Has"}, A1(GMBA_NODE), GMBT_BOOL, false},
    {GMB_ORDER_SIZE, GMBR_NODE_ORDER, {"Size"}, A0, GMBT_INT, false},

    {GMB_SEQ_PUSH_BACK, GMBR_NODE_SEQ, {"PushBack", "Push"}, A1(GMBA_NODE), GMBT_VOID, true},
    {GMB_SEQ_PUSH_FRONT, GMBR_NODE_SEQ, {"PushFront"}, A1(GMBA_NODE), GMBT_VOID, true},
    {GMB_SEQ_POP_BACK, GMBR_NODE_SEQ, {"PopBack"}, A0, GMBT_NODE, true},
    {GMB_SEQ_POP_FRONT, GMBR_NODE_SEQ, {"PopFront", "Pop"}, A0, GMBT_NODE, true},
    {GMB_SEQ_SIZE, GMBR_NODE_SEQ, {"Size"}, A0, GMBT_INT, false},

    {GMB_COLL_PUSH_BACK, GMBR_COLLECTION, {"PushBack", "Push"}, A1(GMBA_ELEM), GMBT_VOID, true},
    {GMB_COLL_PUSH_FRONT, GMBR_COLLECTION, {"PushFront"}, A1(GMBA_ELEM), GMBT_VOID, true},
    {GMB_COLL_POP_BACK, GMBR_COLLECTION, {"PopBack"}, A0, GMBT_ELEM, true},
    {GMB_COLL_POP_FRONT, GMBR_COLLECTION, {"PopFront", "Pop"}, A0, GMBT_ELEM, true},
    {GMB_COLL_SIZE, GMBR_COLLECTION, {"Size"}, A0, GMBT_INT, false},

    {GMB_MAP_SIZE, GMBR_MAP, {"Size"}, A0, GMBT_INT, false},
    {GMB_MAP_CLEAR, GMBR_MAP, {"Clear"}, A0, GMBT_VOID, true},
    {GMB_MAP_HAS_KEY, GMBR_MAP, {"HasKey"}, A1(GMBA_MAP_KEY), GMBT_BOOL, false},
    {GMB_MAP_REMOVE, GMBR_MAP, {"Remove"}, A1(GMBA_MAP_KEY), GMBT_VOID, true},
    {GMB_MAP_GET_MAX_KEY, GMBR_MAP, {"GetMaxKey"}, A0, GMBT_MAP_KEY, false},
    {GMB_MAP_GET_MIN_KEY, GMBR_MAP, {"GetMinKey"}, A0, GMBT_MAP_KEY, false},
    {GMB_MAP_GET_MAX_VALUE, GMBR_MAP, {"GetMaxValue"}, A0, GMBT_MAP_VALUE, false},
    {GMB_MAP_GET_MIN_VALUE, GMBR_MAP, {"GetMinValue"}, A0, GMBT_MAP_VALUE, false},
    {GMB_MAP_HAS_MAX_VALUE, GMBR_MAP, {"HasMaxValue"}, A1(GMBA_MAP_KEY), GMBT_BOOL, false},
    {GMB_MAP_HAS_MIN_VALUE, GMBR_MAP, {"HasMinValue"}, A1(GMBA_MAP_KEY), GMBT_BOOL, false},

    {GMB_NODE_BFS_LEVEL, GMBR_NODE, {"_BFSLevel"}, A0, GMBT_INT, false},
    {GMB_NODE_COUNT_LINKED, GMBR_NODE, {"_CountLinkedNbrs"}, A2(GMBA_NODE, GMBA_NODE), GMBT_LONG, false},
};

const gm_builtin_info *gm_builtin_get(int id)
{
    return (id >= 0 && id < GMB_COUNT) ? &table[id] : NULL;
}

static bool has_name(const gm_builtin_info *b, const char *name)
{
    if (b->names[0][0] == '_') /* internal: made by passes, not callable */
        return false;
    for (int i = 0; i < GM_BUILTIN_MAX_NAMES && b->names[i]; i++)
        if (strcmp(b->names[i], name) == 0)
            return true;
    return false;
}

int gm_builtin_find(gm_builtin_receiver receiver, const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < GMB_COUNT; i++)
        if (table[i].receiver == receiver && has_name(&table[i], name))
            return i;
    return -1;
}

int gm_builtin_any_receiver(const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < GMB_COUNT; i++)
        if (has_name(&table[i], name))
            return (int)table[i].receiver;
    return -1;
}

const char *gm_builtin_receiver_name(gm_builtin_receiver r)
{
    switch (r) {
    case GMBR_NONE: return "global function";
    case GMBR_GRAPH: return "Graph";
    case GMBR_NODE: return "Node";
    case GMBR_NBR_ITER: return "neighbour iterator";
    case GMBR_EDGE: return "Edge";
    case GMBR_NODE_SET: return "Node_Set";
    case GMBR_NODE_ORDER: return "Node_Order";
    case GMBR_NODE_SEQ: return "Node_Seq";
    case GMBR_COLLECTION: return "Collection";
    case GMBR_MAP: return "Map";
    }
    return "?";
}

const char *gm_builtin_name(int id)
{
    const gm_builtin_info *b = gm_builtin_get(id);
    return b ? b->names[0] : "?";
}
