/* map.c: Map<K,V> as a hash index over a dense entry array, plus two
 * indexed binary heaps (by smallest and by largest value) that are built
 * on the first min/max query and maintained from then on.
 *
 * Entries live in a dense array (cheap iteration and Clear); removal moves
 * the last entry into the hole and fixes its hash slot and heap positions.
 * The hash uses linear probing with backward-shift deletion, so there are
 * no tombstones to accumulate in a priority-queue workload. */
#include "gmrt_map.h"
#include "gmrt_rng.h"
#include "rt_alloc.h"
#include "rt_lock.h"

#include <math.h>

typedef struct entry {
    gmrt_scalar key, val;
    int64_t pos[2]; /* positions in the min (0) and max (1) heaps */
} entry;

struct gmrt_map {
    gmrt_type key_type, value_type;
    bool key_real, value_real; /* compared as doubles */
    entry *e;
    int64_t n, cap;
    int64_t *slots; /* entry index + 1, 0 when empty */
    int64_t nslots; /* power of two, at least 2 * n */
    int64_t *heap[2];
    bool heap_on[2];
    int lock;
};

static bool type_ok(gmrt_type t) { return t >= GMRT_T_INT32 && t <= GMRT_T_EDGE; }
static bool is_real(gmrt_type t) { return t == GMRT_T_FLOAT || t == GMRT_T_DOUBLE; }

/* The stored form of a value of type t: one representation per value, so
 * that equal keys hash equally (-0.0 is 0.0, every NaN is the same). */
static gmrt_scalar normalize(gmrt_type t, gmrt_scalar s)
{
    switch (t) {
    case GMRT_T_INT32:
    case GMRT_T_NODE:
        s.i = (int32_t)s.i;
        break;
    case GMRT_T_BOOL:
        s.i = s.i != 0;
        break;
    case GMRT_T_FLOAT:
        s.d = (float)s.d;
        /* fall through */
    case GMRT_T_DOUBLE:
        if (s.d == 0)
            s.d = 0.0;
        else if (isnan(s.d))
            s.d = NAN;
        break;
    case GMRT_T_INT64:
    case GMRT_T_EDGE:
        break;
    }
    return s;
}

static gmrt_scalar default_of(gmrt_type t)
{
    if (is_real(t))
        return gmrt_sd(0.0);
    return gmrt_si(t == GMRT_T_NODE || t == GMRT_T_EDGE ? -1 : 0);
}

/* A total order: NaN after every number. */
static int compare(bool real, gmrt_scalar a, gmrt_scalar b)
{
    if (!real)
        return (a.i > b.i) - (a.i < b.i);
    if (isnan(a.d) || isnan(b.d))
        return isnan(a.d) - isnan(b.d);
    return (a.d > b.d) - (a.d < b.d);
}

static uint64_t bits_of(gmrt_scalar s)
{
    uint64_t b;
    memcpy(&b, &s, sizeof b);
    return b;
}

gmrt_map *gmrt_map_new(gmrt_type key_type, gmrt_type value_type)
{
    if (!type_ok(key_type) || !type_ok(value_type))
        return NULL;
    gmrt_map *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->key_type = key_type;
    m->value_type = value_type;
    m->key_real = is_real(key_type);
    m->value_real = is_real(value_type);
    return m;
}

void gmrt_map_free(gmrt_map *m)
{
    if (!m)
        return;
    free(m->e);
    free(m->slots);
    free(m->heap[0]);
    free(m->heap[1]);
    free(m);
}

int64_t gmrt_map_size(const gmrt_map *m) { return m->n; }

void gmrt_map_clear(gmrt_map *m)
{
    m->n = 0;
    if (m->slots)
        memset(m->slots, 0, (size_t)m->nslots * sizeof *m->slots);
}

/* ------------------------------------------------------------------ hash */

/* The slot holding key (found) or the empty slot where it would go. */
static int64_t probe(const gmrt_map *m, gmrt_scalar key, bool *found)
{
    uint64_t kb = bits_of(key);
    int64_t mask = m->nslots - 1;
    for (int64_t s = (int64_t)(gmrt_mix64(kb) & (uint64_t)mask);; s = (s + 1) & mask) {
        int64_t at = m->slots[s];
        if (at == 0) {
            *found = false;
            return s;
        }
        if (bits_of(m->e[at - 1].key) == kb) {
            *found = true;
            return s;
        }
    }
}

static bool rehash(gmrt_map *m, int64_t nslots)
{
    int64_t *slots = gmrt_calloc_array((size_t)nslots, sizeof *slots);
    if (!slots)
        return false;
    free(m->slots);
    m->slots = slots;
    m->nslots = nslots;
    for (int64_t i = 0; i < m->n; i++) {
        bool found;
        slots[probe(m, m->e[i].key, &found)] = i + 1;
    }
    return true;
}

/* Backward-shift deletion: later members of the probe run move up so that
 * no lookup meets a hole before its key. */
static void delete_slot(gmrt_map *m, int64_t hole)
{
    int64_t mask = m->nslots - 1;
    for (int64_t j = (hole + 1) & mask; m->slots[j] != 0; j = (j + 1) & mask) {
        int64_t home = (int64_t)(gmrt_mix64(bits_of(m->e[m->slots[j] - 1].key)) & (uint64_t)mask);
        /* may j's entry move to the hole?  yes unless its home lies
         * cyclically in (hole, j] */
        bool home_between = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!home_between) {
            m->slots[hole] = m->slots[j];
            hole = j;
        }
    }
    m->slots[hole] = 0;
}

/* ----------------------------------------------------------------- heaps */

/* Does entry a come before entry b in heap h (0: min, 1: max)?  Ties on
 * the value go to the smaller key in both heaps. */
static bool before(const gmrt_map *m, int h, int64_t a, int64_t b)
{
    int c = compare(m->value_real, m->e[a].val, m->e[b].val);
    if (h == 1)
        c = -c;
    if (c != 0)
        return c < 0;
    return compare(m->key_real, m->e[a].key, m->e[b].key) < 0;
}

static inline void heap_put(gmrt_map *m, int h, int64_t pos, int64_t idx)
{
    m->heap[h][pos] = idx;
    m->e[idx].pos[h] = pos;
}

static void sift_up(gmrt_map *m, int h, int64_t pos)
{
    int64_t idx = m->heap[h][pos];
    while (pos > 0) {
        int64_t parent = (pos - 1) / 2;
        if (!before(m, h, idx, m->heap[h][parent]))
            break;
        heap_put(m, h, pos, m->heap[h][parent]);
        pos = parent;
    }
    heap_put(m, h, pos, idx);
}

static void sift_down(gmrt_map *m, int h, int64_t pos, int64_t len)
{
    int64_t idx = m->heap[h][pos];
    for (;;) {
        int64_t child = 2 * pos + 1;
        if (child >= len)
            break;
        if (child + 1 < len && before(m, h, m->heap[h][child + 1], m->heap[h][child]))
            child++;
        if (!before(m, h, m->heap[h][child], idx))
            break;
        heap_put(m, h, pos, m->heap[h][child]);
        pos = child;
    }
    heap_put(m, h, pos, idx);
}

static bool heap_ensure(gmrt_map *m, int h)
{
    if (m->heap_on[h])
        return true;
    int64_t *heap = gmrt_alloc_array((size_t)(m->cap ? m->cap : 1), sizeof *heap);
    if (!heap)
        return false;
    free(m->heap[h]);
    m->heap[h] = heap;
    for (int64_t i = 0; i < m->n; i++)
        heap_put(m, h, i, i);
    for (int64_t i = m->n / 2; i-- > 0;)
        sift_down(m, h, i, m->n);
    m->heap_on[h] = true;
    return true;
}

/* Entry idx's value changed: restore the heap order around it. */
static void heap_fix(gmrt_map *m, int h, int64_t idx)
{
    sift_up(m, h, m->e[idx].pos[h]);
    sift_down(m, h, m->e[idx].pos[h], m->n);
}

/* Takes entry idx out of heap h, whose length is len. */
static void heap_remove(gmrt_map *m, int h, int64_t idx, int64_t len)
{
    int64_t pos = m->e[idx].pos[h], last = m->heap[h][len - 1];
    if (last == idx)
        return;
    heap_put(m, h, pos, last);
    sift_up(m, h, pos);
    sift_down(m, h, m->e[last].pos[h], len - 1);
}

/* ------------------------------------------------------------ operations */

static bool grow(gmrt_map *m)
{
    int64_t cap = m->cap ? 2 * m->cap : 16;
    entry *e = realloc(m->e, (size_t)cap * sizeof *e);
    if (!e)
        return false;
    m->e = e;
    for (int h = 0; h < 2; h++) {
        if (!m->heap_on[h])
            continue;
        int64_t *heap = realloc(m->heap[h], (size_t)cap * sizeof *heap);
        if (!heap)
            return false;
        m->heap[h] = heap;
    }
    m->cap = cap;
    return true;
}

bool gmrt_map_set(gmrt_map *m, gmrt_scalar key, gmrt_scalar value)
{
    key = normalize(m->key_type, key);
    value = normalize(m->value_type, value);
    if (2 * (m->n + 1) > m->nslots && !rehash(m, m->nslots ? 2 * m->nslots : 32))
        return false;
    bool found;
    int64_t s = probe(m, key, &found);
    if (found) {
        int64_t idx = m->slots[s] - 1;
        m->e[idx].val = value;
        for (int h = 0; h < 2; h++)
            if (m->heap_on[h])
                heap_fix(m, h, idx);
        return true;
    }
    if (m->n == m->cap && !grow(m))
        return false;
    int64_t idx = m->n++;
    m->e[idx].key = key;
    m->e[idx].val = value;
    m->slots[s] = idx + 1;
    for (int h = 0; h < 2; h++) {
        if (m->heap_on[h]) {
            heap_put(m, h, idx, idx);
            sift_up(m, h, idx);
        }
    }
    return true;
}

static int64_t index_of(const gmrt_map *m, gmrt_scalar key)
{
    if (m->n == 0)
        return -1;
    bool found;
    int64_t s = probe(m, normalize(m->key_type, key), &found);
    return found ? m->slots[s] - 1 : -1;
}

gmrt_scalar gmrt_map_get(const gmrt_map *m, gmrt_scalar key)
{
    int64_t idx = index_of(m, key);
    return idx >= 0 ? m->e[idx].val : default_of(m->value_type);
}

bool gmrt_map_has(const gmrt_map *m, gmrt_scalar key) { return index_of(m, key) >= 0; }

bool gmrt_map_remove(gmrt_map *m, gmrt_scalar key)
{
    if (m->n == 0)
        return false;
    bool found;
    int64_t s = probe(m, normalize(m->key_type, key), &found);
    if (!found)
        return false;
    int64_t idx = m->slots[s] - 1, last = m->n - 1;
    for (int h = 0; h < 2; h++)
        if (m->heap_on[h])
            heap_remove(m, h, idx, m->n);
    delete_slot(m, s);
    if (idx != last) { /* move the last entry into the hole */
        m->e[idx] = m->e[last];
        bool moved_found;
        int64_t ms = probe(m, m->e[idx].key, &moved_found);
        m->slots[ms] = idx + 1;
        for (int h = 0; h < 2; h++)
            if (m->heap_on[h])
                m->heap[h][m->e[idx].pos[h]] = idx;
    }
    m->n--;
    return true;
}

/* The entry at the top of heap h, or -1 when empty (or out of memory). */
static int64_t top(gmrt_map *m, int h)
{
    if (m->n == 0 || !heap_ensure(m, h))
        return -1;
    return m->heap[h][0];
}

gmrt_scalar gmrt_map_min_key(gmrt_map *m)
{
    int64_t t = top(m, 0);
    return t >= 0 ? m->e[t].key : default_of(m->key_type);
}

gmrt_scalar gmrt_map_max_key(gmrt_map *m)
{
    int64_t t = top(m, 1);
    return t >= 0 ? m->e[t].key : default_of(m->key_type);
}

gmrt_scalar gmrt_map_min_value(gmrt_map *m)
{
    int64_t t = top(m, 0);
    return t >= 0 ? m->e[t].val : default_of(m->value_type);
}

gmrt_scalar gmrt_map_max_value(gmrt_map *m)
{
    int64_t t = top(m, 1);
    return t >= 0 ? m->e[t].val : default_of(m->value_type);
}

static bool holds_extreme(gmrt_map *m, int h, gmrt_scalar key)
{
    int64_t idx = index_of(m, key), t = top(m, h);
    return idx >= 0 && t >= 0 && compare(m->value_real, m->e[idx].val, m->e[t].val) == 0;
}

bool gmrt_map_has_min_value(gmrt_map *m, gmrt_scalar key) { return holds_extreme(m, 0, key); }
bool gmrt_map_has_max_value(gmrt_map *m, gmrt_scalar key) { return holds_extreme(m, 1, key); }

gmrt_scalar gmrt_map_key_at(const gmrt_map *m, int64_t i) { return m->e[i].key; }
gmrt_scalar gmrt_map_value_at(const gmrt_map *m, int64_t i) { return m->e[i].val; }

void gmrt_map_lock(gmrt_map *m) { gmrt_spin_lock(&m->lock); }
void gmrt_map_unlock(gmrt_map *m) { gmrt_spin_unlock(&m->lock); }

bool gmrt_map_set_par(gmrt_map *m, gmrt_scalar key, gmrt_scalar value)
{
    gmrt_spin_lock(&m->lock);
    bool ok = gmrt_map_set(m, key, value);
    gmrt_spin_unlock(&m->lock);
    return ok;
}

gmrt_scalar gmrt_map_get_par(gmrt_map *m, gmrt_scalar key)
{
    gmrt_spin_lock(&m->lock);
    gmrt_scalar v = gmrt_map_get(m, key);
    gmrt_spin_unlock(&m->lock);
    return v;
}

bool gmrt_map_has_par(gmrt_map *m, gmrt_scalar key)
{
    gmrt_spin_lock(&m->lock);
    bool has = gmrt_map_has(m, key);
    gmrt_spin_unlock(&m->lock);
    return has;
}

bool gmrt_map_remove_par(gmrt_map *m, gmrt_scalar key)
{
    gmrt_spin_lock(&m->lock);
    bool removed = gmrt_map_remove(m, key);
    gmrt_spin_unlock(&m->lock);
    return removed;
}
