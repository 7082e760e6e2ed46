/* rt_alloc.h (internal): array allocation with overflow checks, and the
 * pointer test used to free only what a graph owns (not its file mapping). */
#ifndef GMRT_RT_ALLOC_H
#define GMRT_RT_ALLOC_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* malloc(count * size), NULL on overflow or failure; never NULL for count 0. */
static inline void *gmrt_alloc_array(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    size_t bytes = count * size;
    return malloc(bytes ? bytes : 1);
}

static inline void *gmrt_calloc_array(size_t count, size_t size)
{
    return calloc(count ? count : 1, size ? size : 1);
}

#endif
