/* ref_heap.h: a binary min-heap of (distance, node) pairs for the Dijkstra
 * references.  Entries are never decreased in place: callers push a new
 * pair and skip stale ones when they pop (lazy deletion). */
#ifndef REF_HEAP_H
#define REF_HEAP_H

#include <stdbool.h>
#include <stdint.h>

#include "gmrt_base.h"

typedef struct ref_heap_item {
    int64_t key;
    gm_node_t node;
} ref_heap_item;

typedef struct ref_heap {
    ref_heap_item *items;
    int64_t size, cap;
} ref_heap;

void ref_heap_init(ref_heap *h);
void ref_heap_free(ref_heap *h);
void ref_heap_push(ref_heap *h, int64_t key, gm_node_t node);
/* Removes the smallest pair into *out; false when the heap is empty. */
bool ref_heap_pop(ref_heap *h, ref_heap_item *out);

/* Dijkstra from src over out-edges (reverse = false) or in-edges
 * (reverse = true) with non-negative lengths len[] in forward edge order;
 * dist[v] = INT64_MAX when unreachable. */
struct gm_graph;
void ref_dijkstra(const struct gm_graph *g, const int32_t *len, gm_node_t src, bool reverse, int64_t *dist);

#endif
