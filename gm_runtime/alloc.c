/* alloc.c: gmrt_alloc_big_array (gmrt_base.h), the allocation of the
 * generated code's node- and edge-sized arrays (_c_alloc, gmrt_inline.h):
 * a procedure that runs a traversal per source (BC from k sources) gets
 * fresh pages for its queues at every one, and faulting them in 4 KiB at a
 * time was an eighth of a 4096^2 grid's BC at 2 threads. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#endif
#include "gmrt_base.h"
#include "rt_alloc.h"

void *gmrt_alloc_big_array(size_t n, size_t size)
{
    return gmrt_alloc_big(n ? n : 1, size ? size : 1);
}
