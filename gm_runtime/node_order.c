/* node_order.c: Node_Order, an ordered sequence without duplicates: a ring
 * buffer for the order and a bitmap for membership (Has in O(1)). */
#include "rt_deque.h"
#include "rt_alloc.h"
#include "rt_lock.h"

gmrt_nodeorder *gmrt_nodeorder_new(gm_node_t capacity)
{
    if (capacity < 0)
        return NULL;
    gmrt_nodeorder *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->capacity = capacity;
    o->bits = gmrt_calloc_array(((size_t)capacity + 63) / 64, sizeof *o->bits);
    if (!o->bits) {
        free(o);
        return NULL;
    }
    return o;
}

void gmrt_nodeorder_free(gmrt_nodeorder *o)
{
    if (!o)
        return;
    gmrt_deque_free(&o->q);
    free(o->bits);
    free(o);
}

static bool push(gmrt_nodeorder *o, gm_node_t n, bool back)
{
    if (n < 0 || n >= o->capacity || gmrt_nodeorder_has(o, n))
        return false;
    if (!(back ? gmrt_deque_push_back(&o->q, n) : gmrt_deque_push_front(&o->q, n)))
        return false;
    __atomic_fetch_or(&o->bits[n >> 6], (uint64_t)1 << (n & 63), __ATOMIC_RELAXED);
    return true;
}

static gm_node_t pop(gmrt_nodeorder *o, bool back)
{
    gm_node_t n = back ? gmrt_deque_pop_back(&o->q) : gmrt_deque_pop_front(&o->q);
    if (n != GMRT_NIL_NODE)
        __atomic_fetch_and(&o->bits[n >> 6], ~((uint64_t)1 << (n & 63)), __ATOMIC_RELAXED);
    return n;
}

bool gmrt_nodeorder_push_back(gmrt_nodeorder *o, gm_node_t n) { return push(o, n, true); }
bool gmrt_nodeorder_push_front(gmrt_nodeorder *o, gm_node_t n) { return push(o, n, false); }
gm_node_t gmrt_nodeorder_pop_front(gmrt_nodeorder *o) { return pop(o, false); }
gm_node_t gmrt_nodeorder_pop_back(gmrt_nodeorder *o) { return pop(o, true); }

bool gmrt_nodeorder_push_back_par(gmrt_nodeorder *o, gm_node_t n)
{
    gmrt_spin_lock(&o->lock);
    bool added = push(o, n, true);
    gmrt_spin_unlock(&o->lock);
    return added;
}

bool gmrt_nodeorder_push_front_par(gmrt_nodeorder *o, gm_node_t n)
{
    gmrt_spin_lock(&o->lock);
    bool added = push(o, n, false);
    gmrt_spin_unlock(&o->lock);
    return added;
}

gm_node_t gmrt_nodeorder_pop_front_par(gmrt_nodeorder *o)
{
    gmrt_spin_lock(&o->lock);
    gm_node_t n = pop(o, false);
    gmrt_spin_unlock(&o->lock);
    return n;
}

gm_node_t gmrt_nodeorder_pop_back_par(gmrt_nodeorder *o)
{
    gmrt_spin_lock(&o->lock);
    gm_node_t n = pop(o, true);
    gmrt_spin_unlock(&o->lock);
    return n;
}

void gmrt_nodeorder_clear(gmrt_nodeorder *o)
{
    for (int64_t i = 0; i < o->q.len; i++) {
        gm_node_t n = gmrt_nodeorder_at(o, i);
        o->bits[n >> 6] &= ~((uint64_t)1 << (n & 63));
    }
    o->q.head = o->q.len = 0;
}

bool gmrt_nodeorder_copy(gmrt_nodeorder *dst, const gmrt_nodeorder *src)
{
    if (dst == src)
        return true;
    size_t words = ((size_t)src->capacity + 63) / 64;
    if (dst->capacity != src->capacity) {
        uint64_t *bits = gmrt_alloc_array(words, sizeof *bits);
        if (!bits)
            return false;
        free(dst->bits);
        dst->bits = bits;
        dst->capacity = src->capacity;
    }
    if (!gmrt_deque_copy(&dst->q, &src->q))
        return false;
    memcpy(dst->bits, src->bits, words * sizeof *dst->bits);
    return true;
}
