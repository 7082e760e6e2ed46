/* alloc.cu (libgmrt-cuda): device allocation with a cache of freed blocks.
 * Contract: gmcu_device.h.
 *
 * A procedure call allocates its device arrays (property copies, queues,
 * levels) and frees them at the end; a program that calls it again (every
 * benchmark, every iterative user) would pay cudaMalloc and the device-wide
 * synchronisation of cudaFree each time, a large share of a call on a 1M-node
 * graph. Freed blocks are kept instead (at most GMCU_CACHE_BLOCKS of them
 * and GMCU_CACHE_SHARE of the device's memory) and handed out again for a
 * request of at least half their size. Reuse is safe without a
 * synchronisation: every kernel and copy runs on the default stream, so work
 * queued on a block before its free finishes before work queued after its
 * reuse. GMCU_CACHE=0 turns the cache off. */
#include "gmcu_device.h"

#include <mutex>

#include "locked.h"
#include <stdio.h>
#include <stdlib.h>

#define GMCU_CACHE_BLOCKS 64
#define GMCU_CACHE_SHARE 0.25

typedef struct block {
    void *p;
    size_t bytes;
} block;

/* The process's allocations: the live ones (to know a freed block's size)
 * and the cached ones. */
static struct {
    std::mutex lock;
    block *live;
    size_t nlive, caplive;
    block cached[GMCU_CACHE_BLOCKS];
    int ncached;
    size_t cached_bytes, limit;
    int enabled; /* -1: not decided yet */
} pool = {{}, NULL, 0, 0, {}, 0, 0, 0, -1};

static void decide(void)
{
    if (pool.enabled >= 0)
        return;
    const char *env = getenv("GMCU_CACHE");
    pool.enabled = !(env && *env == '0');
    size_t free_b = 0, total = 0;
    if (cudaMemGetInfo(&free_b, &total) == cudaSuccess)
        pool.limit = (size_t)((double)total * GMCU_CACHE_SHARE);
}

static void release_cached(void)
{
    for (int i = 0; i < pool.ncached; i++)
        cudaFree(pool.cached[i].p);
    pool.ncached = 0;
    pool.cached_bytes = 0;
}

/* A cached block of bytes..2*bytes (the smallest such), its size in *got. */
static void *take_cached(size_t bytes, size_t *got_bytes)
{
    int best = -1;
    for (int i = 0; i < pool.ncached; i++) {
        const size_t b = pool.cached[i].bytes;
        if (b >= bytes && b / 2 <= bytes && (best < 0 || b < pool.cached[best].bytes))
            best = i;
    }
    if (best < 0)
        return NULL;
    block got = pool.cached[best];
    pool.cached[best] = pool.cached[--pool.ncached];
    pool.cached_bytes -= got.bytes;
    *got_bytes = got.bytes;
    return got.p;
}

static void note_live(void *p, size_t bytes)
{
    if (pool.nlive == pool.caplive) {
        size_t cap = pool.caplive ? 2 * pool.caplive : 64;
        block *grown = (block *)realloc(pool.live, cap * sizeof(block));
        if (!grown) { /* without a record the block is freed, not cached */
            return;
        }
        pool.live = grown;
        pool.caplive = cap;
    }
    pool.live[pool.nlive++] = {p, bytes};
}

/* A block from the cache or cudaMalloc; cudaSuccess or the error (the
 * sticky state cleared for out of memory). */
static cudaError_t alloc_block(size_t bytes, void **out)
{
    /* whole 16-byte units: NCCL reads a buffer's last word whole
     * (gm_runtime/dist/gmd_gpu.cu, padded_malloc) */
    bytes = bytes ? (bytes + 15) / 16 * 16 : 16;
    cudaError_t err = cudaSuccess;
    void *p = NULL;
    {
        gmcu_locked hold(pool.lock);
        decide();
        size_t got = bytes;
        p = pool.enabled ? take_cached(bytes, &got) : NULL;
        if (!p) {
            err = cudaMalloc(&p, bytes);
            if (err == cudaErrorMemoryAllocation && pool.ncached > 0) {
                (void)cudaGetLastError(); /* the failure is not sticky: free the cache, try again */
                release_cached();
                err = cudaMalloc(&p, bytes);
            }
        }
        if (err == cudaSuccess && pool.enabled)
            note_live(p, got);
    }
    if (err == cudaErrorMemoryAllocation)
        (void)cudaGetLastError();
    *out = err == cudaSuccess ? p : NULL;
    return err;
}

void *gmcu_malloc(size_t bytes, const char *what)
{
    void *p = NULL;
    cudaError_t err = alloc_block(bytes, &p);
    /* the lock released: an out-of-memory may go back to a NAME_try guard */
    if (err == cudaErrorMemoryAllocation)
        gmrt_fatal("out of GPU memory allocating %zu bytes for %s", bytes ? bytes : 8, what);
    if (err != cudaSuccess)
        gmcu_fail(err, what, __FILE__, __LINE__);
    return p;
}

void *gmcu_malloc_try(size_t bytes, cudaError_t *err)
{
    void *p = NULL;
    cudaError_t e = alloc_block(bytes, &p);
    if (err)
        *err = e;
    return p;
}

void gmcu_free(void *p)
{
    if (!p)
        return;
    gmcu_locked hold(pool.lock);
    size_t bytes = 0;
    for (size_t i = pool.nlive; i-- > 0;)
        if (pool.live[i].p == p) {
            bytes = pool.live[i].bytes;
            pool.live[i] = pool.live[--pool.nlive];
            break;
        }
    if (!pool.enabled || !bytes || bytes > pool.limit) {
        GMCU_CHECK(cudaFree(p));
        return;
    }
    while (pool.ncached > 0 && (pool.ncached == GMCU_CACHE_BLOCKS || pool.cached_bytes + bytes > pool.limit)) {
        /* make room: a cached block goes */
        GMCU_CHECK(cudaFree(pool.cached[0].p));
        pool.cached_bytes -= pool.cached[0].bytes;
        pool.cached[0] = pool.cached[--pool.ncached];
    }
    pool.cached[pool.ncached++] = {p, bytes};
    pool.cached_bytes += bytes;
}

size_t gmcu_mem_available(void)
{
    size_t free_b = 0, total = 0;
    GMCU_CHECK(cudaMemGetInfo(&free_b, &total));
    gmcu_locked hold(pool.lock);
    return free_b + pool.cached_bytes; /* a failed cudaMalloc frees the cache and tries again */
}

void *gmcu_grow(void **buf, size_t *cap, size_t bytes)
{
    if (bytes > *cap) {
        gmcu_free(*buf);
        *buf = gmcu_malloc(bytes, "a scratch buffer");
        *cap = bytes;
    }
    return *buf;
}
