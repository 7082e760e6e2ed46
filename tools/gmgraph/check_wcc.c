/* check_wcc.c: are C apps/wcc.gm's labels, each node's weakly connected
 * component named by its smallest node id?  The stream checks that every
 * edge joins equal labels (so each component has one label) and builds a
 * union-find of the components (4 bytes a node); then every node's label
 * must be its component's smallest id, which also makes the labels of
 * distinct components distinct.
 *
 * The union-find runs on all threads at once without locks: a root is
 * linked under a smaller root by a compare-and-swap that fails if another
 * thread linked it first (then the union is retried from the new roots),
 * and finds halve paths with plain atomic stores (any ancestor is a valid
 * parent).  Links go from larger to smaller ids, so parent[x] <= x always,
 * there are no cycles, and each tree's root is its smallest id: the
 * structure's final partition and roots do not depend on the threads. */
#include "check.h"

#include <inttypes.h>
#include <stdlib.h>

typedef struct wcc_ctx {
    const chk_stream *s;
    const gm_node_t *label;
    gm_node_t *parent;
    int64_t bad; /* first drawn edge joining two labels */
} wcc_ctx;

static inline gm_node_t uf_find(gm_node_t *parent, gm_node_t x)
{
    for (;;) {
        gm_node_t p = __atomic_load_n(&parent[x], __ATOMIC_RELAXED);
        if (p == x)
            return x;
        gm_node_t g = __atomic_load_n(&parent[p], __ATOMIC_RELAXED);
        if (g == p)
            return p;
        __atomic_store_n(&parent[x], g, __ATOMIC_RELAXED); /* path halving */
        x = g;
    }
}

static inline void uf_union(gm_node_t *parent, gm_node_t u, gm_node_t v)
{
    for (;;) {
        u = uf_find(parent, u);
        v = uf_find(parent, v);
        if (u == v)
            return;
        gm_node_t hi = u > v ? u : v, lo = u > v ? v : u, expected = hi;
        if (__atomic_compare_exchange_n(&parent[hi], &expected, lo, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
            return;
    }
}

static void wcc_chunk(void *ctx, int64_t first, size_t count, const gm_node_t *src, const gm_node_t *dst)
{
    wcc_ctx *c = ctx;
    for (size_t k = 0; k < count; k++) {
        gm_node_t u = src[k], v = dst[k];
        if (chk_copies(c->s, u, v) == 0 || u == v) /* the reverse edge joins the same two nodes */
            continue;
        if (c->label[u] != c->label[v]) {
            chk_lower(&c->bad, first + (int64_t)k);
            return;
        }
        if (__atomic_load_n(&c->parent[u], __ATOMIC_RELAXED) != __atomic_load_n(&c->parent[v], __ATOMIC_RELAXED))
            uf_union(c->parent, u, v);
    }
}

int chk_wcc(chk_stream *s, const gm_node_t *label, FILE *out)
{
    const int64_t n = s->nodes;
    int64_t first = n;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) reduction(min : first)
    for (int64_t v = 0; v < n; v++)
        if (label[v] < 0 || label[v] >= n)
            first = v < first ? v : first;
    if (first < n) {
        fprintf(stderr, "gmgraph check: WRONG: node %" PRId64 " has label %" PRId32 ", which is not a node (0 to %" PRId64 ")\n",
                first, label[first], n - 1);
        return 1;
    }
    wcc_ctx c = {s, label, chk_alloc((size_t)n * sizeof(gm_node_t)), s->drawn};
    if (!c.parent) {
        fprintf(stderr, "gmgraph check: out of memory for %" PRId64 " nodes' union-find\n", n);
        return 1;
    }
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES)
    for (int64_t v = 0; v < n; v++)
        c.parent[v] = (gm_node_t)v;
    if (!chk_stream_run(s, "edges", wcc_chunk, &c, &c.bad)) {
        free(c.parent);
        return 1;
    }
    if (c.bad < s->drawn) {
        gm_node_t u, v;
        chk_edge(s, c.bad, &u, &v);
        fprintf(stderr,
                "gmgraph check: WRONG: edge %" PRId32 " -> %" PRId32 " (drawn edge %" PRId64 ") joins node %" PRId32
                " labelled %" PRId32 " and node %" PRId32 " labelled %" PRId32 ": one component with two labels\n",
                u, v, c.bad, u, label[u], v, label[v]);
        free(c.parent);
        return 1;
    }
    /* every label its component's smallest id, the root */
    int64_t wrong = n, components = 0;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) reduction(min : wrong) reduction(+ : components)
    for (int64_t v = 0; v < n; v++) {
        gm_node_t r = uf_find(c.parent, (gm_node_t)v);
        components += r == v;
        if (label[v] != r)
            wrong = v < wrong ? v : wrong;
    }
    if (wrong < n) {
        gm_node_t x = label[wrong], r = uf_find(c.parent, (gm_node_t)wrong), rx = uf_find(c.parent, x);
        if (rx != r)
            fprintf(stderr,
                    "gmgraph check: WRONG: node %" PRId64 " has label %" PRId32 ", a node of another component (node %" PRId64
                    "'s smallest id is %" PRId32 ", node %" PRId32 "'s is %" PRId32 "): two components share a label\n",
                    wrong, x, wrong, r, x, rx);
        else
            fprintf(stderr,
                    "gmgraph check: WRONG: node %" PRId64 " has label %" PRId32 ", but the smallest id of its component is %" PRId32
                    " (apps/wcc.gm names a component by its smallest id)\n",
                    wrong, x, r);
        free(c.parent);
        return 1;
    }
    free(c.parent);
    fprintf(out, "wcc: right: %" PRId64 " weakly connected components of %" PRId64 " nodes, each labelled by its smallest id; %" PRId64
            " edges drawn\n",
            components, n, s->drawn);
    return 0;
}
