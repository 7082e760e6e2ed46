/* row_sort.h (internal): sorting one CSR row, optionally moving a parallel
 * payload array with it.  Rows are often tiny and sometimes huge (RMAT hubs),
 * so the sort is an introsort: insertion sort below a cutoff, quicksort above,
 * heapsort when quicksort degenerates. */
#ifndef GMRT_ROW_SORT_H
#define GMRT_ROW_SORT_H

#include "gmrt_base.h"

/* Ascending node ids. */
void gmrt_sort_nodes(gm_node_t *a, size_t n);
/* Ascending (node, weight) pairs; w moves with a. */
void gmrt_sort_nodes_weights(gm_node_t *a, double *w, size_t n);
/* Ascending edge ids; the node payload moves with them. */
void gmrt_sort_edges_nodes(gm_edge_t *e, gm_node_t *payload, size_t n);

#endif
