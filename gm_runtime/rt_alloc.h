/* rt_alloc.h (internal): array allocation with overflow checks, and the
 * pointer test used to free only what a graph owns (not its file mapping). */
#ifndef GMRT_RT_ALLOC_H
#define GMRT_RT_ALLOC_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* malloc(count * size), NULL on overflow or failure; never NULL for count 0. */
static inline void *gmrt_alloc_array(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    size_t bytes = count * size;
    return malloc(bytes ? bytes : 1);
}

/* gmrt_alloc_array for a big array about to be filled by many threads
 * (an edge list, a CSR being built): from 2 MiB up it is 2 MiB-aligned and
 * asks for transparent huge pages (the kernel's "madvise" mode), so its
 * first touch faults once per 2 MiB instead of once per 4 KiB.  A hint
 * only; freed with free(). */
#define GMRT_BIG_ALIGN ((size_t)2 << 20)
static inline void *gmrt_alloc_big(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    size_t bytes = count * size;
    if (bytes < GMRT_BIG_ALIGN || bytes > SIZE_MAX - GMRT_BIG_ALIGN)
        return malloc(bytes ? bytes : 1);
    bytes = (bytes + GMRT_BIG_ALIGN - 1) & ~(GMRT_BIG_ALIGN - 1);
    void *p = NULL;
    if (posix_memalign(&p, GMRT_BIG_ALIGN, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

static inline void *gmrt_calloc_array(size_t count, size_t size)
{
    return calloc(count ? count : 1, size ? size : 1);
}

#endif
