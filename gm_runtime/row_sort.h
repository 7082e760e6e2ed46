/* row_sort.h (internal): sorting one CSR row, optionally moving a parallel
 * payload array with it.  Rows are often tiny and sometimes huge (RMAT hubs),
 * so the sort is an introsort: insertion sort below a cutoff, quicksort above,
 * heapsort when quicksort degenerates. */
#ifndef GMRT_ROW_SORT_H
#define GMRT_ROW_SORT_H

#include "gmrt_base.h"

/* Ascending node ids. */
void gmrt_sort_nodes(gm_node_t *a, size_t n);
/* Rows at least this long are worth a radix sort. */
#define GMRT_RADIX_MIN_ROW 192
/* Ascending node ids, all in [0, 2^key_bits): an LSD radix sort through
 * scratch (room for n ids) for long rows, introsort otherwise. */
void gmrt_sort_nodes_scratch(gm_node_t *a, size_t n, gm_node_t *scratch, int key_bits);
/* Ascending (node, weight) pairs; w moves with a. */
void gmrt_sort_nodes_weights(gm_node_t *a, double *w, size_t n);
/* Ascending edge ids; the node payload moves with them. */
void gmrt_sort_edges_nodes(gm_edge_t *e, gm_node_t *payload, size_t n);

#endif
