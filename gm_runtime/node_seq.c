/* node_seq.c: Node_Seq, an ordered sequence with duplicates (a ring buffer).
 * PushFront puts the node before every other one, so a sequence filled only
 * with PushFront iterates from the last pushed node to the first (the old
 * compiler got this backwards, which broke Kosaraju's SCC). */
#include "rt_deque.h"
#include "rt_alloc.h"
#include "rt_lock.h"

gmrt_nodeseq *gmrt_nodeseq_new(gm_node_t capacity)
{
    if (capacity < 0)
        return NULL;
    gmrt_nodeseq *q = calloc(1, sizeof *q);
    if (q)
        q->capacity = capacity;
    return q;
}

void gmrt_nodeseq_free(gmrt_nodeseq *q)
{
    if (!q)
        return;
    gmrt_deque_free(&q->q);
    free(q);
}

static bool in_range(const gmrt_nodeseq *q, gm_node_t n) { return n >= 0 && n < q->capacity; }

bool gmrt_nodeseq_push_back(gmrt_nodeseq *q, gm_node_t n)
{
    return in_range(q, n) && gmrt_deque_push_back(&q->q, n);
}

bool gmrt_nodeseq_push_front(gmrt_nodeseq *q, gm_node_t n)
{
    return in_range(q, n) && gmrt_deque_push_front(&q->q, n);
}

gm_node_t gmrt_nodeseq_pop_front(gmrt_nodeseq *q) { return gmrt_deque_pop_front(&q->q); }
gm_node_t gmrt_nodeseq_pop_back(gmrt_nodeseq *q) { return gmrt_deque_pop_back(&q->q); }

bool gmrt_nodeseq_push_back_par(gmrt_nodeseq *q, gm_node_t n)
{
    gmrt_spin_lock(&q->lock);
    bool ok = gmrt_nodeseq_push_back(q, n);
    gmrt_spin_unlock(&q->lock);
    return ok;
}

bool gmrt_nodeseq_push_front_par(gmrt_nodeseq *q, gm_node_t n)
{
    gmrt_spin_lock(&q->lock);
    bool ok = gmrt_nodeseq_push_front(q, n);
    gmrt_spin_unlock(&q->lock);
    return ok;
}

gm_node_t gmrt_nodeseq_pop_front_par(gmrt_nodeseq *q)
{
    gmrt_spin_lock(&q->lock);
    gm_node_t n = gmrt_deque_pop_front(&q->q);
    gmrt_spin_unlock(&q->lock);
    return n;
}

gm_node_t gmrt_nodeseq_pop_back_par(gmrt_nodeseq *q)
{
    gmrt_spin_lock(&q->lock);
    gm_node_t n = gmrt_deque_pop_back(&q->q);
    gmrt_spin_unlock(&q->lock);
    return n;
}

void gmrt_nodeseq_clear(gmrt_nodeseq *q) { q->q.head = q->q.len = 0; }

bool gmrt_nodeseq_copy(gmrt_nodeseq *dst, const gmrt_nodeseq *src)
{
    if (!gmrt_deque_copy(&dst->q, &src->q))
        return false;
    dst->capacity = src->capacity;
    return true;
}
