/* alloc.c: gmrt_alloc_big_array and gmrt_zalloc_big_array (gmrt_base.h), the
 * allocation of the generated code's node- and edge-sized arrays (_c_alloc
 * and _c_zalloc, gmrt_inline.h).
 *
 * A procedure that runs a traversal per source (BC from k sources) gets
 * fresh pages for its queues at every one, and faulting them in 4 KiB at a
 * time was an eighth of a 4096^2 grid's BC at 2 threads; on huge pages its
 * properties' random reads also miss the TLB less. The block is malloc's,
 * not 2 MiB-aligned: only its whole 2 MiB pages inside are advised. Arrays
 * that all start on a 2 MiB boundary (posix_memalign) and sit on huge
 * pages have the same low 21 bits physically too, so a BFS's two queues
 * fell into the same cache sets: kron20's BFS took 23-25 ms instead of
 * 12-13 in one process in three, at random. (Not a guarantee: where
 * malloc maps a block of its own and the kernel places such mappings on
 * 2 MiB boundaries, the blocks share their offsets again.) */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#endif
#include "gmrt_base.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#define HUGE_PAGE ((uintptr_t)2 << 20)

/* Advises the whole 2 MiB pages inside a block of bytes from 4 MiB up. */
static void advise_huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    if (p && bytes >= 2 * HUGE_PAGE) {
        const uintptr_t lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
        const uintptr_t hi = ((uintptr_t)p + bytes) & ~(HUGE_PAGE - 1);
        if (hi > lo)
            (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* a hint only */
    }
#else
    (void)p;
    (void)bytes;
#endif
}

/* n * size, with 0 counted as 1 for each; 0 when that overflows. */
static size_t array_bytes(size_t n, size_t size)
{
    n = n ? n : 1;
    size = size ? size : 1;
    return n > SIZE_MAX / size ? 0 : n * size;
}

void *gmrt_alloc_big_array(size_t n, size_t size)
{
    const size_t bytes = array_bytes(n, size);
    void *p = bytes ? malloc(bytes) : NULL;
    advise_huge_pages(p, bytes);
    return p;
}

void *gmrt_zalloc_big_array(size_t n, size_t size)
{
    const size_t bytes = array_bytes(n, size);
    void *p = bytes ? calloc(1, bytes) : NULL; /* a big block comes as fresh zero pages, untouched */
    advise_huge_pages(p, bytes);
    return p;
}
