/* linked.c: the per-thread bitmaps of gmrt_count_linked_nbrs_marked
 * (contract: gmrt_linked.h, "the count with x's row marked").
 *
 * One slot per thread of the team that the generated loop opens, each
 * slot on cache lines of its own (its x and slice change at every row);
 * a slot's bitmap is allocated by its thread on its first
 * gmrt_linked_marks_mine (the generated loops ask once a thread, as their
 * region opens) and zeroed again by clearing only the words its slice set
 * (all of them when the graph changes). */
#include "gmrt_linked.h"

#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Two cache lines: the hot fields of neighbouring slots never share one. */
typedef union marks_slot {
    gmrt_row_marks mk;
    char pad[128];
} marks_slot;

struct gmrt_linked_marks {
    int level;  /* omp_get_level() where made: the loop's team is one deeper */
    int slots;
    marks_slot *slot;
};

/* All the threads' bitmaps together at most this or the graph's edge
 * array, whichever is larger: the count must not need much more memory
 * than the graph it reads. */
#define MARKS_MIN_BUDGET ((size_t)64 << 20)

gmrt_linked_marks *gmrt_linked_marks_new(void)
{
    gmrt_linked_marks *m = malloc(sizeof *m);
    if (!m)
        return NULL;
#ifdef _OPENMP
    m->level = omp_get_level();
    m->slots = omp_get_max_threads();
#else
    m->level = 0;
    m->slots = 1;
#endif
    if (m->slots < 1)
        m->slots = 1;
    m->slot = calloc((size_t)m->slots, sizeof *m->slot);
    if (!m->slot) {
        free(m);
        return NULL;
    }
    for (int i = 0; i < m->slots; i++)
        m->slot[i].mk.x = -1;
    return m;
}

void gmrt_linked_marks_free(gmrt_linked_marks *m)
{
    if (!m)
        return;
    for (int i = 0; i < m->slots; i++)
        free(m->slot[i].mk.bits);
    free(m->slot);
    free(m);
}

/* Clears the slice's words (the only ones set). */
static void clear_slice(gmrt_row_marks *mk)
{
    for (const gm_node_t *p = mk->p; p < mk->pe; p++)
        mk->bits[(uint64_t)*p >> 6] = 0;
    mk->p = mk->pe = NULL;
    mk->x = -1;
    mk->dup = false;
}

gmrt_row_marks *gmrt_linked_marks_mine(gmrt_linked_marks *m, const gm_graph *g)
{
    if (!m)
        return NULL;
    int t = 0;
#ifdef _OPENMP
    /* the loop's own team (thread numbers unique in it), or the thread that
     * made m running the loop itself (no parallel region: a build without
     * OpenMP, or sequential code); nested deeper, two threads of different
     * teams could share a number */
    int level = omp_get_level();
    if (level == m->level + 1)
        t = omp_get_thread_num();
    else if (level != m->level)
        return NULL;
#endif
    if (t >= m->slots)
        return NULL;
    gmrt_row_marks *mk = &m->slot[t].mk;
    if (mk->g == g)
        return mk->bits ? mk : NULL;
    /* first use, or another graph: bits for its ids, all clear (the old
     * graph's slice is not read: that graph may be gone) */
    size_t words = ((size_t)g->num_nodes + 63) / 64 + 1;
    mk->p = mk->pe = NULL;
    mk->x = -1;
    mk->dup = false;
    if (mk->bits && mk->words >= words)
        memset(mk->bits, 0, mk->words * sizeof(uint64_t));
    if (mk->words < words) {
        free(mk->bits);
        mk->bits = NULL;
        mk->words = 0;
        size_t budget = (size_t)g->num_edges * sizeof(gm_node_t);
        if (budget < MARKS_MIN_BUDGET)
            budget = MARKS_MIN_BUDGET;
        if (words <= budget / sizeof(uint64_t) / (size_t)m->slots) {
            mk->bits = calloc(words, sizeof(uint64_t));
            if (mk->bits)
                mk->words = words;
        }
    }
    mk->g = g;
    return mk->bits ? mk : NULL;
}

void gmrt_row_marks_set(gmrt_row_marks *mk, const gm_graph *g, gm_node_t x, const gm_node_t *a,
                        const gm_node_t *a_end)
{
    clear_slice(mk);
    uint64_t *bits = mk->bits;
    gm_node_t prev = -1;
    bool dup = false;
    for (const gm_node_t *p = a; p < a_end; p++) {
        gm_node_t w = *p;
        dup |= w == prev; /* the row is sorted: a repeat is next to its first */
        bits[(uint64_t)w >> 6] |= (uint64_t)1 << ((uint64_t)w & 63);
        prev = w;
    }
    mk->g = g;
    mk->x = x;
    mk->p = a;
    mk->pe = a_end;
    mk->dup = dup;
}
