/* collection.c: Collection<C>, an ordered sequence of node collections of
 * one kind, with value semantics: a push stores a copy. */
#include "gmrt_collections.h"
#include "rt_alloc.h"
#include "rt_lock.h"

gmrt_collection *gmrt_collection_new(gmrt_coll_kind kind, gm_node_t capacity)
{
    if (capacity < 0 || kind < GMRT_COLL_SET || kind > GMRT_COLL_SEQ)
        return NULL;
    gmrt_collection *c = calloc(1, sizeof *c);
    if (c) {
        c->kind = kind;
        c->capacity = capacity;
    }
    return c;
}

void gmrt_collection_free_elem(gmrt_coll_kind kind, void *elem)
{
    switch (kind) {
    case GMRT_COLL_SET: gmrt_nodeset_free(elem); break;
    case GMRT_COLL_ORDER: gmrt_nodeorder_free(elem); break;
    case GMRT_COLL_SEQ: gmrt_nodeseq_free(elem); break;
    }
}

void gmrt_collection_clear(gmrt_collection *c)
{
    for (int64_t i = 0; i < c->len; i++)
        gmrt_collection_free_elem(c->kind, gmrt_collection_at(c, i));
    c->head = c->len = 0;
}

void gmrt_collection_free(gmrt_collection *c)
{
    if (!c)
        return;
    gmrt_collection_clear(c);
    free(c->buf);
    free(c);
}

/* A new collection of c's kind holding a copy of elem. */
static void *clone(const gmrt_collection *c, const void *elem)
{
    switch (c->kind) {
    case GMRT_COLL_SET: {
        const gmrt_nodeset *src = elem;
        gmrt_nodeset *s = gmrt_nodeset_new(src->capacity);
        if (s && !gmrt_nodeset_copy(s, src)) {
            gmrt_nodeset_free(s);
            s = NULL;
        }
        return s;
    }
    case GMRT_COLL_ORDER: {
        const gmrt_nodeorder *src = elem;
        gmrt_nodeorder *o = gmrt_nodeorder_new(src->capacity);
        if (o && !gmrt_nodeorder_copy(o, src)) {
            gmrt_nodeorder_free(o);
            o = NULL;
        }
        return o;
    }
    case GMRT_COLL_SEQ: {
        const gmrt_nodeseq *src = elem;
        gmrt_nodeseq *q = gmrt_nodeseq_new(src->capacity);
        if (q && !gmrt_nodeseq_copy(q, src)) {
            gmrt_nodeseq_free(q);
            q = NULL;
        }
        return q;
    }
    }
    return NULL;
}

static bool grow(gmrt_collection *c)
{
    int64_t cap = c->cap ? 2 * c->cap : 8;
    void **buf = gmrt_alloc_array((size_t)cap, sizeof *buf);
    if (!buf)
        return false;
    for (int64_t i = 0; i < c->len; i++)
        buf[i] = gmrt_collection_at(c, i);
    free(c->buf);
    c->buf = buf;
    c->cap = cap;
    c->head = 0;
    return true;
}

static bool push(gmrt_collection *c, const void *elem, bool back)
{
    void *copy = clone(c, elem);
    if (!copy || (c->len == c->cap && !grow(c))) {
        gmrt_collection_free_elem(c->kind, copy);
        return false;
    }
    if (back) {
        c->buf[(c->head + c->len) & (c->cap - 1)] = copy;
    } else {
        c->head = (c->head - 1) & (c->cap - 1);
        c->buf[c->head] = copy;
    }
    c->len++;
    return true;
}

bool gmrt_collection_push_back(gmrt_collection *c, const void *elem) { return push(c, elem, true); }
bool gmrt_collection_push_front(gmrt_collection *c, const void *elem) { return push(c, elem, false); }

bool gmrt_collection_push_back_par(gmrt_collection *c, const void *elem)
{
    void *copy = clone(c, elem); /* copy outside the lock */
    if (!copy)
        return false;
    gmrt_spin_lock(&c->lock);
    bool ok = c->len < c->cap || grow(c);
    if (ok) {
        c->buf[(c->head + c->len) & (c->cap - 1)] = copy;
        c->len++;
    }
    gmrt_spin_unlock(&c->lock);
    if (!ok)
        gmrt_collection_free_elem(c->kind, copy);
    return ok;
}

void *gmrt_collection_pop_back(gmrt_collection *c)
{
    if (c->len == 0)
        return NULL;
    c->len--;
    return c->buf[(c->head + c->len) & (c->cap - 1)];
}

void *gmrt_collection_pop_front(gmrt_collection *c)
{
    if (c->len == 0)
        return NULL;
    void *e = c->buf[c->head];
    c->head = (c->head + 1) & (c->cap - 1);
    c->len--;
    return e;
}

static bool pop_into(gmrt_collection *c, void *dst, void *elem)
{
    bool ok = elem != NULL;
    switch (c->kind) {
    case GMRT_COLL_SET:
        if (ok)
            ok = gmrt_nodeset_copy(dst, elem);
        else
            gmrt_nodeset_clear(dst);
        break;
    case GMRT_COLL_ORDER:
        if (ok)
            ok = gmrt_nodeorder_copy(dst, elem);
        else
            gmrt_nodeorder_clear(dst);
        break;
    case GMRT_COLL_SEQ:
        if (ok)
            ok = gmrt_nodeseq_copy(dst, elem);
        else
            gmrt_nodeseq_clear(dst);
        break;
    }
    if (elem)
        gmrt_collection_free_elem(c->kind, elem);
    return ok;
}

bool gmrt_collection_pop_back_into(gmrt_collection *c, void *dst)
{
    return pop_into(c, dst, gmrt_collection_pop_back(c));
}

bool gmrt_collection_pop_front_into(gmrt_collection *c, void *dst)
{
    return pop_into(c, dst, gmrt_collection_pop_front(c));
}
