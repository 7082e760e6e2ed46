/* node_deque.c: the ring buffer shared by Node_Order and Node_Seq. */
#include "rt_deque.h"
#include "rt_alloc.h"

/* Doubles the buffer, unrolling the ring so the front lands at slot 0. */
static bool grow(gmrt_node_deque *q)
{
    int64_t cap = q->cap ? 2 * q->cap : 16;
    gm_node_t *buf = gmrt_alloc_array((size_t)cap, sizeof *buf);
    if (!buf)
        return false;
    for (int64_t i = 0; i < q->len; i++)
        buf[i] = q->buf[(q->head + i) & (q->cap - 1)];
    free(q->buf);
    q->buf = buf;
    q->cap = cap;
    q->head = 0;
    return true;
}

bool gmrt_deque_push_back(gmrt_node_deque *q, gm_node_t n)
{
    if (q->len == q->cap && !grow(q))
        return false;
    q->buf[(q->head + q->len) & (q->cap - 1)] = n;
    q->len++;
    return true;
}

bool gmrt_deque_push_front(gmrt_node_deque *q, gm_node_t n)
{
    if (q->len == q->cap && !grow(q))
        return false;
    /* the new front goes one slot before the old one: iteration from index
     * 0 then sees the most recent PushFront first */
    q->head = (q->head - 1) & (q->cap - 1);
    q->buf[q->head] = n;
    q->len++;
    return true;
}

gm_node_t gmrt_deque_pop_back(gmrt_node_deque *q)
{
    if (q->len == 0)
        return GMRT_NIL_NODE;
    q->len--;
    return q->buf[(q->head + q->len) & (q->cap - 1)];
}

gm_node_t gmrt_deque_pop_front(gmrt_node_deque *q)
{
    if (q->len == 0)
        return GMRT_NIL_NODE;
    gm_node_t n = q->buf[q->head];
    q->head = (q->head + 1) & (q->cap - 1);
    q->len--;
    return n;
}

bool gmrt_deque_copy(gmrt_node_deque *dst, const gmrt_node_deque *src)
{
    if (dst == src)
        return true;
    if (dst->cap < src->len) {
        int64_t cap = 16;
        while (cap < src->len)
            cap *= 2;
        gm_node_t *buf = gmrt_alloc_array((size_t)cap, sizeof *buf);
        if (!buf)
            return false;
        free(dst->buf);
        dst->buf = buf;
        dst->cap = cap;
    }
    for (int64_t i = 0; i < src->len; i++)
        dst->buf[i] = src->buf[(src->head + i) & (src->cap - 1)];
    dst->head = 0;
    dst->len = src->len;
    return true;
}

void gmrt_deque_free(gmrt_node_deque *q)
{
    free(q->buf);
    q->buf = NULL;
    q->head = q->len = q->cap = 0;
}
