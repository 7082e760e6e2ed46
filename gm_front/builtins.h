/* builtins.h: the built-in functions of Green-Marl (section 8 of the reference).
 *
 * One table entry per built-in: the receiver it applies to, its canonical
 * name and synonyms, its arguments and its result. The checker stores the
 * entry's id in gm_expr.builtin for every GME_CALL (-1 for procedure
 * calls), and backends switch on gm_builtin, so synonyms share one id:
 * `Degree()`, `OutDegree()`, `NumOutNbrs()` are all GMB_NODE_NUM_NBRS.
 */
#ifndef GM_BUILTINS_H
#define GM_BUILTINS_H

#include <stdbool.h>

typedef enum gm_builtin {
    /* Graph */
    GMB_GRAPH_NUM_NODES,     /* G.NumNodes() -> Int */
    GMB_GRAPH_NUM_EDGES,     /* G.NumEdges() -> Int */
    GMB_GRAPH_PICK_RANDOM,   /* G.PickRandom() -> Node: a uniformly random node */
    /* Node */
    GMB_NODE_NUM_NBRS,       /* NumNbrs = NumOutNbrs = Degree = OutDegree -> Int */
    GMB_NODE_NUM_IN_NBRS,    /* NumInNbrs = InDegree -> Int */
    GMB_NODE_HAS_EDGE_TO,    /* n.HasEdgeTo(m) -> Bool: an edge n->m exists */
    GMB_NODE_IS_NBR_FROM,    /* n.IsNbrFrom(m) = HasEdgeFrom(m) -> Bool: an edge m->n exists */
    GMB_NODE_PICK_RANDOM_NBR,/* n.PickRandomNbr() -> Node: a uniformly random out-neighbour */
    /* neighbour iterator (Nbrs, InNbrs, UpNbrs, DownNbrs) */
    GMB_NBR_TO_EDGE,         /* t.ToEdge() -> Edge: the edge that led to t */
    /* Edge */
    GMB_EDGE_FROM_NODE,      /* e.FromNode() -> Node */
    GMB_EDGE_TO_NODE,        /* e.ToNode() -> Node */
    /* global functions */
    GMB_UNIFORM,             /* Uniform() -> Double in [0,1) */
    GMB_RAND,                /* Rand(n) -> Long in [0,n): the one argument is the bound */
    GMB_LOG,                 /* Log(x) -> Double, natural logarithm */
    GMB_EXP,                 /* Exp(x) -> Double */
    GMB_POW,                 /* Pow(x, y) -> Double */
    /* Node_Set */
    GMB_SET_ADD,             /* S.Add(n) */
    GMB_SET_REMOVE,          /* S.Remove(n) */
    GMB_SET_HAS,             /* S.Has(n) -> Bool */
    GMB_SET_UNION,           /* S.Union(T): S becomes S u T */
    GMB_SET_INTERSECT,       /* S.Intersect(T): S becomes S n T */
    GMB_SET_COMPLEMENT,      /* S.Complement(T): S becomes S \ T */
    GMB_SET_IS_SUBSET_OF,    /* S.IsSubsetOf(T) -> Bool */
    GMB_SET_SIZE,            /* S.Size() -> Int */
    GMB_SET_CLEAR,           /* S.Clear() */
    /* Node_Order (ordered, no duplicates) */
    GMB_ORDER_PUSH_BACK,     /* PushBack(n) = Push(n) */
    GMB_ORDER_PUSH_FRONT,    /* PushFront(n) */
    GMB_ORDER_POP_BACK,      /* PopBack() -> Node */
    GMB_ORDER_POP_FRONT,     /* PopFront() = Pop() -> Node */
    GMB_ORDER_HAS,           /* Has(n) -> Bool */
    GMB_ORDER_SIZE,          /* Size() -> Int */
    /* Node_Seq (ordered, duplicates allowed) */
    GMB_SEQ_PUSH_BACK,       /* PushBack(n) = Push(n) */
    GMB_SEQ_PUSH_FRONT,      /* PushFront(n) */
    GMB_SEQ_POP_BACK,        /* PopBack() -> Node */
    GMB_SEQ_POP_FRONT,       /* PopFront() = Pop() -> Node */
    GMB_SEQ_SIZE,            /* Size() -> Int */
    /* Collection<C>: elements are node collections of kind C */
    GMB_COLL_PUSH_BACK,      /* PushBack(c) = Push(c) */
    GMB_COLL_PUSH_FRONT,     /* PushFront(c) */
    GMB_COLL_POP_BACK,       /* PopBack() -> C */
    GMB_COLL_POP_FRONT,      /* PopFront() = Pop() -> C */
    GMB_COLL_SIZE,           /* Size() -> Int */
    /* Map<K,V> */
    GMB_MAP_SIZE,            /* Size() -> Int */
    GMB_MAP_CLEAR,           /* Clear() */
    GMB_MAP_HAS_KEY,         /* HasKey(k) -> Bool */
    GMB_MAP_REMOVE,          /* Remove(k) */
    GMB_MAP_GET_MAX_KEY,     /* GetMaxKey() -> K: a key holding the largest value */
    GMB_MAP_GET_MIN_KEY,     /* GetMinKey() -> K: a key holding the smallest value */
    GMB_MAP_GET_MAX_VALUE,   /* GetMaxValue() -> V */
    GMB_MAP_GET_MIN_VALUE,   /* GetMinValue() -> V */
    GMB_MAP_HAS_MAX_VALUE,   /* HasMaxValue(k) -> Bool: k's value is the largest */
    GMB_MAP_HAS_MIN_VALUE,   /* HasMinValue(k) -> Bool: k's value is the smallest */

    /* made by passes only (a name starting with '_' is never looked up) */
    GMB_NODE_BFS_LEVEL,      /* v._BFSLevel() -> Int: v's level in the enclosing BFS */
    GMB_NODE_COUNT_LINKED,   /* x._CountNbrs...(y, z) -> Long: out-edge slots x->w with w
                                compared with y (gm_expr.op, GMOP_NONE: no y) and an edge
                                w->z (gm_expr.bool_val) or z->w (gm_opt/count_linked.c) */
    GMB_COUNT
} gm_builtin;

/* What a built-in is called on. */
typedef enum gm_builtin_receiver {
    GMBR_NONE,        /* global: Uniform(), Rand(n), ... */
    GMBR_GRAPH,
    GMBR_NODE,
    GMBR_NBR_ITER,    /* an iterator over Nbrs/InNbrs/UpNbrs/DownNbrs */
    GMBR_EDGE,
    GMBR_NODE_SET,
    GMBR_NODE_ORDER,
    GMBR_NODE_SEQ,
    GMBR_COLLECTION,
    GMBR_MAP,
} gm_builtin_receiver;

/* An argument's required type, relative to the receiver. */
typedef enum gm_builtin_arg {
    GMBA_NODE,      /* a Node of the receiver's graph */
    GMBA_NUMERIC,   /* any numeric value */
    GMBA_INTEGER,   /* Int or Long */
    GMBA_SAME,      /* a value of the receiver's own type (Union, IsSubsetOf) */
    GMBA_ELEM,      /* an element of the receiving Collection */
    GMBA_MAP_KEY,   /* a key of the receiving Map */
} gm_builtin_arg;

/* The result type, relative to the receiver. */
typedef enum gm_builtin_result {
    GMBT_VOID,
    GMBT_INT,
    GMBT_LONG,
    GMBT_DOUBLE,
    GMBT_BOOL,
    GMBT_NODE,      /* a Node of the receiver's graph */
    GMBT_EDGE,      /* an Edge of the receiver's graph */
    GMBT_ELEM,      /* an element of the receiving Collection */
    GMBT_MAP_KEY,
    GMBT_MAP_VALUE,
} gm_builtin_result;

#define GM_BUILTIN_MAX_ARGS 2
#define GM_BUILTIN_MAX_NAMES 4

typedef struct gm_builtin_info {
    gm_builtin id;
    gm_builtin_receiver receiver;
    const char *names[GM_BUILTIN_MAX_NAMES]; /* canonical first, then synonyms; NULL-ended */
    int nargs;
    gm_builtin_arg args[GM_BUILTIN_MAX_ARGS];
    gm_builtin_result result;
    bool mutates;   /* changes its receiver (for parallel-consistency checks) */
} gm_builtin_info;

/* The entry of a built-in id (NULL when out of range). */
const gm_builtin_info *gm_builtin_get(int id);

/* The built-in of that name (any synonym) for that receiver, or -1. */
int gm_builtin_find(gm_builtin_receiver receiver, const char *name);

/* Some receiver that has a built-in of that name, or -1 when no built-in
 * has it (the checker distinguishes "unknown" from "wrong receiver"). */
int gm_builtin_any_receiver(const char *name);

/* "Graph", "Node", "neighbour iterator", ... for messages. */
const char *gm_builtin_receiver_name(gm_builtin_receiver r);

/* Canonical spelling of a built-in ("NumNbrs"). */
const char *gm_builtin_name(int id);

#endif /* GM_BUILTINS_H */
