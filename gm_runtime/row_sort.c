/* row_sort.c: introsort for CSR rows (see row_sort.h).  One macro writes the
 * three variants so the comparison and the swap inline into each.  Long
 * rows of plain node ids (RMAT hubs) use an LSD radix sort instead: a few
 * linear passes beat log2(degree) quicksort passes. */
#include "row_sort.h"

#include <string.h>

#define INSERTION_CUTOFF 24

/* DEFINE_ROW_SORT(name, K, P, HAS_P, LESS): sorts keys k[0..n) with payload p.
 * LESS(i, j) compares positions i and j of the arrays. */
#define DEFINE_ROW_SORT(name, K, P, HAS_P, LESS)                                  \
    static inline void name##_swap(K *k, P *p, size_t i, size_t j)                \
    {                                                                             \
        K tk = k[i]; k[i] = k[j]; k[j] = tk;                                      \
        if (HAS_P) { P tp = p[i]; p[i] = p[j]; p[j] = tp; }                       \
    }                                                                             \
    static void name##_insertion(K *k, P *p, size_t lo, size_t hi)                \
    {                                                                             \
        for (size_t i = lo + 1; i < hi; i++)                                      \
            for (size_t j = i; j > lo && LESS(j, j - 1); j--)                     \
                name##_swap(k, p, j, j - 1);                                      \
    }                                                                             \
    static void name##_sift(K *k, P *p, size_t base, size_t root, size_t n)       \
    {                                                                             \
        for (;;) {                                                                \
            size_t child = 2 * root + 1;                                          \
            if (child >= n)                                                       \
                return;                                                           \
            if (child + 1 < n && LESS(base + child, base + child + 1))            \
                child++;                                                          \
            if (!LESS(base + root, base + child))                                 \
                return;                                                           \
            name##_swap(k, p, base + root, base + child);                         \
            root = child;                                                         \
        }                                                                         \
    }                                                                             \
    static void name##_heapsort(K *k, P *p, size_t lo, size_t hi)                \
    {                                                                             \
        size_t n = hi - lo;                                                       \
        for (size_t i = n / 2; i-- > 0;)                                          \
            name##_sift(k, p, lo, i, n);                                          \
        for (size_t end = n; end-- > 1;) {                                        \
            name##_swap(k, p, lo, lo + end);                                      \
            name##_sift(k, p, lo, 0, end);                                        \
        }                                                                         \
    }                                                                             \
    static void name##_intro(K *k, P *p, size_t lo, size_t hi, int depth)         \
    {                                                                             \
        while (hi - lo > INSERTION_CUTOFF) {                                      \
            if (depth-- == 0) {                                                   \
                name##_heapsort(k, p, lo, hi);                                    \
                return;                                                           \
            }                                                                     \
            /* median of three moved to lo, then Hoare partition */              \
            size_t mid = lo + (hi - lo) / 2, last = hi - 1;                       \
            if (LESS(mid, lo)) name##_swap(k, p, mid, lo);                        \
            if (LESS(last, lo)) name##_swap(k, p, last, lo);                      \
            if (LESS(last, mid)) name##_swap(k, p, last, mid);                    \
            name##_swap(k, p, lo, mid);                                           \
            size_t i = lo, j = hi;                                                \
            for (;;) {                                                            \
                do i++; while (LESS(i, lo));                                      \
                do j--; while (LESS(lo, j));                                      \
                if (i >= j)                                                       \
                    break;                                                        \
                name##_swap(k, p, i, j);                                          \
            }                                                                     \
            name##_swap(k, p, lo, j);                                             \
            /* recurse on the smaller side to bound the stack */                 \
            if (j - lo < hi - (j + 1)) {                                          \
                name##_intro(k, p, lo, j, depth);                                 \
                lo = j + 1;                                                       \
            } else {                                                              \
                name##_intro(k, p, j + 1, hi, depth);                             \
                hi = j;                                                           \
            }                                                                     \
        }                                                                         \
        name##_insertion(k, p, lo, hi);                                           \
    }                                                                             \
    static void name##_run(K *k, P *p, size_t n)                                  \
    {                                                                             \
        size_t i = 1;                                                             \
        while (i < n && !LESS(i, i - 1)) /* already sorted: common on reload */   \
            i++;                                                                  \
        if (i >= n)                                                               \
            return;                                                               \
        int depth = 0;                                                            \
        for (size_t m = n; m > 1; m >>= 1)                                        \
            depth += 2;                                                           \
        name##_intro(k, p, 0, n, depth);                                          \
    }

#define LESS_KEY(i, j) (k[i] < k[j])
#define LESS_KEY_W(i, j) (k[i] < k[j] || (k[i] == k[j] && p[i] < p[j]))

DEFINE_ROW_SORT(nodes, gm_node_t, char, 0, LESS_KEY)
DEFINE_ROW_SORT(nodes_w, gm_node_t, double, 1, LESS_KEY_W)
DEFINE_ROW_SORT(edges_n, gm_edge_t, gm_node_t, 1, LESS_KEY)

void gmrt_sort_nodes(gm_node_t *a, size_t n) { nodes_run(a, NULL, n); }
void gmrt_sort_nodes_weights(gm_node_t *a, double *w, size_t n) { nodes_w_run(a, w, n); }
void gmrt_sort_edges_nodes(gm_edge_t *e, gm_node_t *payload, size_t n) { edges_n_run(e, payload, n); }

void gmrt_sort_nodes_scratch(gm_node_t *a, size_t n, gm_node_t *scratch, int key_bits)
{
    if (!scratch || n < GMRT_RADIX_MIN_ROW) {
        gmrt_sort_nodes(a, n);
        return;
    }
    size_t i = 1;
    while (i < n && a[i] >= a[i - 1])
        i++;
    if (i >= n)
        return;
    /* smaller digits for shorter rows: the histogram must stay cheap */
    const int digit = n < 4096 ? 8 : 11;
    const uint32_t mask = (1u << digit) - 1;
    size_t count[1 << 11];
    gm_node_t *from = a, *to = scratch;
    for (int shift = 0; shift < key_bits; shift += digit) {
        memset(count, 0, ((size_t)mask + 1) * sizeof count[0]);
        for (size_t k = 0; k < n; k++)
            count[((uint32_t)from[k] >> shift) & mask]++;
        size_t sum = 0;
        for (size_t d = 0; d <= mask; d++) {
            size_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (size_t k = 0; k < n; k++) /* stable: keeps the previous digits' order */
            to[count[((uint32_t)from[k] >> shift) & mask]++] = from[k];
        gm_node_t *t = from;
        from = to;
        to = t;
    }
    if (from != a)
        memcpy(a, from, n * sizeof *a);
}
