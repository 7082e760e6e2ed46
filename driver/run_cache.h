/* run_cache.h: `gmc run FILE.gm GRAPH [ARGS...]`: compile once, run. */
#ifndef GMC_RUN_CACHE_H
#define GMC_RUN_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "options.h"

/* Builds opt->input with --main -x into the cache unless an identical
 * build is there, then replaces gmc with the program. Returns only on
 * failure, with the exit status. */
int gmc_run(const gmc_options *opt);

/* 64-bit FNV-1a, continued from h (start with GMC_HASH_INIT). */
#define GMC_HASH_INIT UINT64_C(0xcbf29ce484222325)
uint64_t gmc_hash(uint64_t h, const void *data, size_t len);

#endif
