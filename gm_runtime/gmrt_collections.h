/* gmrt_collections.h: Node_Set, Node_Order, Node_Seq and Collection for
 * generated code (language reference, section 8).
 *
 * All are bound to a graph of `capacity` nodes; node ids outside
 * [0, capacity) (NIL included) are never members.  Plain operations are
 * sequential; the "_par" variants may be called concurrently from OpenMP
 * threads.  Iteration (Items) is by index:
 *     for (int64_t i = 0; i < gmrt_nodeseq_size(q); i++) n = gmrt_nodeseq_at(q, i);
 *     for (int64_t i = gmrt_nodeseq_size(q); i-- > 0;)  n = gmrt_nodeseq_at(q, i);  (reverse)
 * and for a set through gmrt_nodeset_items(), which returns a plain array.
 * Nothing may modify a collection while a loop walks it. */
#ifndef GMRT_COLLECTIONS_H
#define GMRT_COLLECTIONS_H

#include "gmrt_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ Node_Set
 * A bitmap (membership, thread-safe) plus a member list for iteration.
 * Members are listed in insertion order until a removal; after one, the
 * next gmrt_nodeset_items() rebuilds the list in ascending order. */
typedef struct gmrt_nodeset {
    gm_node_t capacity;
    uint64_t *bits;
    gm_node_t *list;  /* members while !dirty */
    int64_t list_len;
    int64_t size;
    int dirty;        /* the list has stale or missing entries */
} gmrt_nodeset;

gmrt_nodeset *gmrt_nodeset_new(gm_node_t capacity);
void gmrt_nodeset_free(gmrt_nodeset *s);
static inline bool gmrt_nodeset_has(const gmrt_nodeset *s, gm_node_t n)
{
    if (n < 0 || n >= s->capacity)
        return false;
    uint64_t word = __atomic_load_n(&s->bits[n >> 6], __ATOMIC_RELAXED);
    return (word >> (n & 63)) & 1;
}
/* true when n was not a member before */
bool gmrt_nodeset_add(gmrt_nodeset *s, gm_node_t n);
bool gmrt_nodeset_add_par(gmrt_nodeset *s, gm_node_t n);
/* true when n was a member before */
bool gmrt_nodeset_remove(gmrt_nodeset *s, gm_node_t n);
bool gmrt_nodeset_remove_par(gmrt_nodeset *s, gm_node_t n);
static inline int64_t gmrt_nodeset_size(const gmrt_nodeset *s)
{
    return __atomic_load_n(&s->size, __ATOMIC_RELAXED);
}
void gmrt_nodeset_clear(gmrt_nodeset *s);
/* s = s | other;  s = s & other;  s = s - other (Complement);  s <= other? */
void gmrt_nodeset_union(gmrt_nodeset *s, const gmrt_nodeset *other);
void gmrt_nodeset_intersect(gmrt_nodeset *s, const gmrt_nodeset *other);
void gmrt_nodeset_complement(gmrt_nodeset *s, const gmrt_nodeset *other);
bool gmrt_nodeset_is_subset(const gmrt_nodeset *s, const gmrt_nodeset *other);
/* dst becomes a copy of src (dst's capacity is adjusted). */
bool gmrt_nodeset_copy(gmrt_nodeset *dst, const gmrt_nodeset *src);
/* The members as an array of *count nodes, valid until the next change. */
const gm_node_t *gmrt_nodeset_items(gmrt_nodeset *s, int64_t *count);

/* ------------------------------------------------- Node_Order / Node_Seq
 * A ring buffer of nodes; index 0 is the front. */
typedef struct gmrt_node_deque {
    gm_node_t *buf;
    int64_t head, len, cap; /* cap is 0 or a power of two */
} gmrt_node_deque;

/* Node_Order: no duplicates (a bitmap remembers the members). */
typedef struct gmrt_nodeorder {
    gmrt_node_deque q;
    uint64_t *bits;
    gm_node_t capacity;
    int lock;
} gmrt_nodeorder;

gmrt_nodeorder *gmrt_nodeorder_new(gm_node_t capacity);
void gmrt_nodeorder_free(gmrt_nodeorder *o);
static inline bool gmrt_nodeorder_has(const gmrt_nodeorder *o, gm_node_t n)
{
    if (n < 0 || n >= o->capacity)
        return false;
    uint64_t word = __atomic_load_n(&o->bits[n >> 6], __ATOMIC_RELAXED);
    return (word >> (n & 63)) & 1;
}
/* false (and no change) when n is already in the order or out of range */
bool gmrt_nodeorder_push_back(gmrt_nodeorder *o, gm_node_t n);
bool gmrt_nodeorder_push_front(gmrt_nodeorder *o, gm_node_t n);
bool gmrt_nodeorder_push_back_par(gmrt_nodeorder *o, gm_node_t n);
bool gmrt_nodeorder_push_front_par(gmrt_nodeorder *o, gm_node_t n);
/* GMRT_NIL_NODE when empty */
gm_node_t gmrt_nodeorder_pop_front(gmrt_nodeorder *o);
gm_node_t gmrt_nodeorder_pop_back(gmrt_nodeorder *o);
gm_node_t gmrt_nodeorder_pop_front_par(gmrt_nodeorder *o);
gm_node_t gmrt_nodeorder_pop_back_par(gmrt_nodeorder *o);
static inline int64_t gmrt_nodeorder_size(const gmrt_nodeorder *o) { return o->q.len; }
static inline gm_node_t gmrt_nodeorder_at(const gmrt_nodeorder *o, int64_t i)
{
    return o->q.buf[(o->q.head + i) & (o->q.cap - 1)];
}
void gmrt_nodeorder_clear(gmrt_nodeorder *o);
bool gmrt_nodeorder_copy(gmrt_nodeorder *dst, const gmrt_nodeorder *src);

/* Node_Seq: duplicates allowed. */
typedef struct gmrt_nodeseq {
    gmrt_node_deque q;
    gm_node_t capacity;
    int lock;
} gmrt_nodeseq;

gmrt_nodeseq *gmrt_nodeseq_new(gm_node_t capacity);
void gmrt_nodeseq_free(gmrt_nodeseq *q);
/* false only when n is out of range or memory runs out */
bool gmrt_nodeseq_push_back(gmrt_nodeseq *q, gm_node_t n);
bool gmrt_nodeseq_push_front(gmrt_nodeseq *q, gm_node_t n);
bool gmrt_nodeseq_push_back_par(gmrt_nodeseq *q, gm_node_t n);
bool gmrt_nodeseq_push_front_par(gmrt_nodeseq *q, gm_node_t n);
gm_node_t gmrt_nodeseq_pop_front(gmrt_nodeseq *q);
gm_node_t gmrt_nodeseq_pop_back(gmrt_nodeseq *q);
gm_node_t gmrt_nodeseq_pop_front_par(gmrt_nodeseq *q);
gm_node_t gmrt_nodeseq_pop_back_par(gmrt_nodeseq *q);
static inline int64_t gmrt_nodeseq_size(const gmrt_nodeseq *q) { return q->q.len; }
static inline gm_node_t gmrt_nodeseq_at(const gmrt_nodeseq *q, int64_t i)
{
    return q->q.buf[(q->q.head + i) & (q->q.cap - 1)];
}
void gmrt_nodeseq_clear(gmrt_nodeseq *q);
bool gmrt_nodeseq_copy(gmrt_nodeseq *dst, const gmrt_nodeseq *src);

/* ---------------------------------------------------------- Collection
 * An ordered sequence of node collections of one kind.  Push copies the
 * given collection (value semantics: changing it later does not change the
 * element); pop hands an element over. */
typedef enum gmrt_coll_kind { GMRT_COLL_SET, GMRT_COLL_ORDER, GMRT_COLL_SEQ } gmrt_coll_kind;

typedef struct gmrt_collection {
    gmrt_coll_kind kind;
    gm_node_t capacity;
    void **buf;
    int64_t head, len, cap;
    int lock;
} gmrt_collection;

gmrt_collection *gmrt_collection_new(gmrt_coll_kind kind, gm_node_t capacity);
void gmrt_collection_free(gmrt_collection *c);
/* elem points to a gmrt_nodeset / gmrt_nodeorder / gmrt_nodeseq of c's kind */
bool gmrt_collection_push_back(gmrt_collection *c, const void *elem);
bool gmrt_collection_push_front(gmrt_collection *c, const void *elem);
bool gmrt_collection_push_back_par(gmrt_collection *c, const void *elem);
/* The removed element, owned by the caller (free it with
 * gmrt_collection_free_elem), or NULL when empty. */
void *gmrt_collection_pop_back(gmrt_collection *c);
void *gmrt_collection_pop_front(gmrt_collection *c);
/* Pops into an existing collection dst (copied, the element is freed);
 * false and dst emptied when c is empty. */
bool gmrt_collection_pop_back_into(gmrt_collection *c, void *dst);
bool gmrt_collection_pop_front_into(gmrt_collection *c, void *dst);
static inline int64_t gmrt_collection_size(const gmrt_collection *c) { return c->len; }
static inline void *gmrt_collection_at(const gmrt_collection *c, int64_t i)
{
    return c->buf[(c->head + i) & (c->cap - 1)];
}
void gmrt_collection_clear(gmrt_collection *c);
void gmrt_collection_free_elem(gmrt_coll_kind kind, void *elem);

#ifdef __cplusplus
}
#endif
#endif
