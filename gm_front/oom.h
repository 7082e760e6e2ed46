/* oom.h: what gmc does when an allocation fails: it names what it could not
 * allocate and how much, and exits with status 1 (a run-time error), instead
 * of abort() and its core dump (exit 134). */
#ifndef GM_OOM_H
#define GM_OOM_H

#include <stddef.h>

/* Prints "gmc: out of memory: cannot allocate BYTES bytes for WHAT" (or, with
 * BYTES 0 when the size is not known, "gmc: out of memory in WHAT") and exits 1. */
_Noreturn void gm_out_of_memory(const char *what, size_t bytes);

/* realloc(p, n * elem), or gm_out_of_memory(what, ...) on failure or overflow. */
void *gm_xrealloc(void *p, size_t n, size_t elem, const char *what);

#endif
