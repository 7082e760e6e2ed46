/* ref_heap.c: the binary heap and the Dijkstra of the references. */
#include "ref_heap.h"

#include <stdlib.h>

#include "ref_common.h"

void ref_heap_init(ref_heap *h)
{
    h->size = 0;
    h->cap = 64;
    h->items = ref_alloc((size_t)h->cap, sizeof *h->items);
}

void ref_heap_free(ref_heap *h)
{
    free(h->items);
    h->items = NULL;
}

static bool less(const ref_heap_item *a, const ref_heap_item *b)
{
    return a->key < b->key || (a->key == b->key && a->node < b->node);
}

void ref_heap_push(ref_heap *h, int64_t key, gm_node_t node)
{
    if (h->size == h->cap) {
        h->cap *= 2;
        h->items = ref_realloc(h->items, (size_t)h->cap, sizeof *h->items);
    }
    int64_t i = h->size++;
    h->items[i] = (ref_heap_item){key, node};
    while (i > 0) {
        int64_t parent = (i - 1) / 2;
        if (!less(&h->items[i], &h->items[parent]))
            break;
        ref_heap_item t = h->items[i];
        h->items[i] = h->items[parent];
        h->items[parent] = t;
        i = parent;
    }
}

bool ref_heap_pop(ref_heap *h, ref_heap_item *out)
{
    if (h->size == 0)
        return false;
    *out = h->items[0];
    h->items[0] = h->items[--h->size];
    int64_t i = 0;
    for (;;) {
        int64_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < h->size && less(&h->items[l], &h->items[m]))
            m = l;
        if (r < h->size && less(&h->items[r], &h->items[m]))
            m = r;
        if (m == i)
            break;
        ref_heap_item t = h->items[i];
        h->items[i] = h->items[m];
        h->items[m] = t;
        i = m;
    }
    return true;
}

void ref_dijkstra(const gm_graph *g, const int32_t *len, gm_node_t src, bool reverse, int64_t *dist)
{
    for (gm_node_t v = 0; v < g->num_nodes; v++)
        dist[v] = INT64_MAX;
    ref_heap h;
    ref_heap_init(&h);
    dist[src] = 0;
    ref_heap_push(&h, 0, src);
    ref_heap_item it;
    while (ref_heap_pop(&h, &it)) {
        gm_node_t u = it.node;
        if (it.key != dist[u])
            continue; /* stale entry */
        const gm_edge_t *beg = reverse ? g->r_begin : g->begin;
        const gm_node_t *adj = reverse ? g->r_node_idx : g->node_idx;
        for (gm_edge_t k = beg[u]; k < beg[u + 1]; k++) {
            gm_edge_t fwd = reverse ? g->r_edge_idx[k] : k;
            gm_node_t v = adj[k];
            int64_t alt = dist[u] + len[fwd];
            if (alt < dist[v]) {
                dist[v] = alt;
                ref_heap_push(&h, alt, v);
            }
        }
    }
    ref_heap_free(&h);
}
