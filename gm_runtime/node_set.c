/* node_set.c: Node_Set as a bitmap plus a member list.
 *
 * The bitmap is the truth and is updated with atomic bit operations, so
 * Add/Remove/Has are safe from many threads.  The list only serves
 * iteration: adds append to it while it is exact; a removal marks it dirty
 * (it then holds a stale entry) and it is rebuilt from the bitmap the next
 * time someone iterates.  Removing the last added node (stack-like use)
 * keeps it exact. */
#include "gmrt_collections.h"
#include "rt_alloc.h"

static size_t words_for(gm_node_t capacity) { return ((size_t)capacity + 63) / 64; }

gmrt_nodeset *gmrt_nodeset_new(gm_node_t capacity)
{
    if (capacity < 0)
        return NULL;
    gmrt_nodeset *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->capacity = capacity;
    s->bits = gmrt_calloc_array(words_for(capacity), sizeof *s->bits);
    s->list = gmrt_alloc_array((size_t)capacity, sizeof *s->list);
    if (!s->bits || !s->list) {
        gmrt_nodeset_free(s);
        return NULL;
    }
    return s;
}

void gmrt_nodeset_free(gmrt_nodeset *s)
{
    if (!s)
        return;
    free(s->bits);
    free(s->list);
    free(s);
}

static inline uint64_t bit_of(gm_node_t n) { return (uint64_t)1 << (n & 63); }

bool gmrt_nodeset_add(gmrt_nodeset *s, gm_node_t n)
{
    if (n < 0 || n >= s->capacity || (s->bits[n >> 6] & bit_of(n)))
        return false;
    s->bits[n >> 6] |= bit_of(n);
    s->size++;
    if (!s->dirty)
        s->list[s->list_len++] = n;
    return true;
}

bool gmrt_nodeset_add_par(gmrt_nodeset *s, gm_node_t n)
{
    if (n < 0 || n >= s->capacity)
        return false;
    uint64_t old = __atomic_fetch_or(&s->bits[n >> 6], bit_of(n), __ATOMIC_RELAXED);
    if (old & bit_of(n))
        return false;
    __atomic_fetch_add(&s->size, 1, __ATOMIC_RELAXED);
    if (!__atomic_load_n(&s->dirty, __ATOMIC_RELAXED)) {
        int64_t at = __atomic_fetch_add(&s->list_len, 1, __ATOMIC_RELAXED);
        if (at < s->capacity)
            s->list[at] = n;
        else /* only possible when a concurrent remove raced us: rebuild later */
            __atomic_store_n(&s->dirty, 1, __ATOMIC_RELAXED);
    }
    return true;
}

bool gmrt_nodeset_remove(gmrt_nodeset *s, gm_node_t n)
{
    if (n < 0 || n >= s->capacity || !(s->bits[n >> 6] & bit_of(n)))
        return false;
    s->bits[n >> 6] &= ~bit_of(n);
    s->size--;
    if (!s->dirty && s->list_len > 0 && s->list[s->list_len - 1] == n)
        s->list_len--;
    else
        s->dirty = 1;
    return true;
}

bool gmrt_nodeset_remove_par(gmrt_nodeset *s, gm_node_t n)
{
    if (n < 0 || n >= s->capacity)
        return false;
    uint64_t old = __atomic_fetch_and(&s->bits[n >> 6], ~bit_of(n), __ATOMIC_RELAXED);
    if (!(old & bit_of(n)))
        return false;
    __atomic_fetch_sub(&s->size, 1, __ATOMIC_RELAXED);
    __atomic_store_n(&s->dirty, 1, __ATOMIC_RELAXED);
    return true;
}

void gmrt_nodeset_clear(gmrt_nodeset *s)
{
    size_t words = words_for(s->capacity);
    if (!s->dirty && (size_t)s->list_len < words) { /* few members: clear their bits */
        for (int64_t i = 0; i < s->list_len; i++)
            s->bits[s->list[i] >> 6] = 0;
    } else {
        memset(s->bits, 0, words * sizeof *s->bits);
    }
    s->size = 0;
    s->list_len = 0;
    s->dirty = 0;
}

/* Rebuilds the list from the bitmap, ascending, and recounts. */
static void rebuild_list(gmrt_nodeset *s)
{
    int64_t len = 0;
    size_t words = words_for(s->capacity);
    for (size_t w = 0; w < words; w++)
        for (uint64_t bits = s->bits[w]; bits; bits &= bits - 1)
            s->list[len++] = (gm_node_t)(w * 64 + (size_t)__builtin_ctzll(bits));
    s->list_len = len;
    s->size = len;
    s->dirty = 0;
}

const gm_node_t *gmrt_nodeset_items(gmrt_nodeset *s, int64_t *count)
{
    if (s->dirty)
        rebuild_list(s);
    *count = s->list_len;
    return s->list;
}

/* Word-wise set algebra over the common capacity; the list is rebuilt
 * lazily afterwards. */
static void combine(gmrt_nodeset *s, const gmrt_nodeset *o, int op)
{
    size_t ws = words_for(s->capacity), wo = words_for(o->capacity);
    int64_t size = 0;
    for (size_t w = 0; w < ws; w++) {
        uint64_t b = w < wo ? o->bits[w] : 0;
        uint64_t v = op == 0 ? (s->bits[w] | b) : op == 1 ? (s->bits[w] & b) : (s->bits[w] & ~b);
        if (w == ws - 1 && (s->capacity & 63)) /* other may be larger */
            v &= bit_of(s->capacity) - 1;
        s->bits[w] = v;
        size += __builtin_popcountll(v);
    }
    s->size = size;
    s->dirty = 1;
}

void gmrt_nodeset_union(gmrt_nodeset *s, const gmrt_nodeset *other) { combine(s, other, 0); }
void gmrt_nodeset_intersect(gmrt_nodeset *s, const gmrt_nodeset *other) { combine(s, other, 1); }
void gmrt_nodeset_complement(gmrt_nodeset *s, const gmrt_nodeset *other) { combine(s, other, 2); }

bool gmrt_nodeset_is_subset(const gmrt_nodeset *s, const gmrt_nodeset *other)
{
    size_t ws = words_for(s->capacity), wo = words_for(other->capacity);
    for (size_t w = 0; w < ws; w++) {
        uint64_t b = w < wo ? other->bits[w] : 0;
        if (s->bits[w] & ~b)
            return false;
    }
    return true;
}

bool gmrt_nodeset_copy(gmrt_nodeset *dst, const gmrt_nodeset *src)
{
    if (dst == src)
        return true;
    if (dst->capacity != src->capacity) {
        uint64_t *bits = gmrt_alloc_array(words_for(src->capacity), sizeof *bits);
        gm_node_t *list = gmrt_alloc_array((size_t)src->capacity, sizeof *list);
        if (!bits || !list) {
            free(bits);
            free(list);
            return false;
        }
        free(dst->bits);
        free(dst->list);
        dst->bits = bits;
        dst->list = list;
        dst->capacity = src->capacity;
    }
    memcpy(dst->bits, src->bits, words_for(src->capacity) * sizeof *src->bits);
    memcpy(dst->list, src->list, (size_t)src->list_len * sizeof *src->list);
    dst->list_len = src->list_len;
    dst->size = src->size;
    dst->dirty = src->dirty;
    return true;
}
