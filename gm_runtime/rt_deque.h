/* rt_deque.h (internal): ring-buffer operations behind Node_Order and
 * Node_Seq.  Capacity doubles when full and stays a power of two, so an
 * index maps to a slot with one mask. */
#ifndef GMRT_RT_DEQUE_H
#define GMRT_RT_DEQUE_H

#include "gmrt_collections.h"

bool gmrt_deque_push_back(gmrt_node_deque *q, gm_node_t n);
bool gmrt_deque_push_front(gmrt_node_deque *q, gm_node_t n);
/* GMRT_NIL_NODE when empty */
gm_node_t gmrt_deque_pop_back(gmrt_node_deque *q);
gm_node_t gmrt_deque_pop_front(gmrt_node_deque *q);
bool gmrt_deque_copy(gmrt_node_deque *dst, const gmrt_node_deque *src);
void gmrt_deque_free(gmrt_node_deque *q);

#endif
