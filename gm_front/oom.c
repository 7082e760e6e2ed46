/* oom.c: gmc's reaction to a failed allocation (oom.h). */
#include "oom.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

void gm_out_of_memory(const char *what, size_t bytes)
{
    if (bytes)
        fprintf(stderr, "gmc: out of memory: cannot allocate %zu bytes for %s\n", bytes, what);
    else
        fprintf(stderr, "gmc: out of memory in %s\n", what);
    exit(1);
}

void *gm_xrealloc(void *p, size_t n, size_t elem, const char *what)
{
    if (elem && n > SIZE_MAX / elem)
        gm_out_of_memory(what, SIZE_MAX);
    size_t bytes = n * elem;
    if (bytes == 0)
        bytes = 1;
    void *q = realloc(p, bytes);
    if (!q)
        gm_out_of_memory(what, bytes);
    return q;
}
