/* gmcu_device.h: the base of the CUDA runtime (gmcu.h includes it; so does
 * every other gmcu_*.h). Checked CUDA calls (GMCU_CHECK, GMCU_LAUNCHED,
 * gmcu_fail: no GPU or no memory is a message and exit 1), the device's
 * properties, grid sizes, device and host allocation, small copies in
 * stream order (gmcu_put, gmcu_fetch), the scalar slots a kernel's result
 * comes back through, and cooperative launches for persistent kernels.
 * Host functions in gm_runtime/cuda/device.cu and alloc.cu. */
#ifndef GMCU_DEVICE_H
#define GMCU_DEVICE_H

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmrt.h"

#define GMCU_BLOCK 256

/* ---- errors, the device, allocation (gm_runtime/cuda/device.cu) ----------- */

/* Says what failed (out of GPU memory, no usable GPU, another CUDA error)
 * and exits with status 1. */
extern "C" [[noreturn]] void gmcu_fail(cudaError_t err, const char *what, const char *file, int line);

#define GMCU_CHECK(call)                                                       \
    do {                                                                       \
        cudaError_t gmcu_err_ = (call);                                        \
        if (gmcu_err_ != cudaSuccess)                                          \
            gmcu_fail(gmcu_err_, #call, __FILE__, __LINE__);                   \
    } while (0)

/* After a launch: the launch itself, then (with GMCU_SYNC_CHECK) its run. */
#define GMCU_LAUNCHED(what)                                                    \
    do {                                                                       \
        cudaError_t gmcu_err_ = cudaGetLastError();                            \
        if (gmcu_err_ != cudaSuccess)                                          \
            gmcu_fail(gmcu_err_, what, __FILE__, __LINE__);                    \
    } while (0)

typedef struct gmcu_device_info {
    bool ready;
    int sms;
    int max_threads_per_sm;
    int64_t l2_bytes;
} gmcu_device_info;

extern "C" {

/* The properties of device 0 gmcu_init read (one per process). */
gmcu_device_info *gmcu_info(void);

/* The current device's number, name, total and free memory, for the
 * driver's check of a graph against the device before loading it
 * (gmrt_cli_run.device_query, gmrt_cli.h); false, with no message, where
 * no device answers (gmcu_init says why later).  Starts the CUDA context. */
bool gmcu_device_memory(gmrt_device_memory *out);

/* Checks that a GPU is there (once); every entry procedure calls it. */
void gmcu_init(void);

/* Blocks for a grid-stride loop over n items: enough to fill the GPU, no
 * more than the items need. */
unsigned gmcu_blocks(int64_t n);

/* Device memory (at least 8 bytes); out of memory is a message and exit 1.
 * Freed blocks are cached for the next requests of a size they fit
 * (alloc.cu; GMCU_CACHE=0: plain cudaMalloc/cudaFree). */
void *gmcu_malloc(size_t bytes, const char *what);
/* The same, but out of device memory gives NULL (after freeing the cache
 * and trying again) and any other CUDA error *err: for a caller that must
 * stop otherwise (a distributed rank: gmd_abort, not a guard's longjmp
 * while its peers wait in a collective). */
void *gmcu_malloc_try(size_t bytes, cudaError_t *err);
void gmcu_free(void *p); /* NULL: nothing */
/* Bytes gmcu_malloc can still get: the device's free memory and the
 * cached blocks it gives back when a request needs them. */
size_t gmcu_mem_available(void);
/* *buf with room for at least `bytes` (reallocated, contents lost, when *cap is less). */
void *gmcu_grow(void **buf, size_t *cap, size_t bytes);
/* Copies bytes (at most GMCU_PUT_MAX) from host memory to dst on the device,
 * in stream order and without waiting: the bytes travel as a one-thread
 * kernel's argument. A cudaMemcpy from pageable memory would first wait for
 * the kernels before it, leaving the GPU idle until the host launches the
 * next one (a BFS level's counters, a reduction slot's start value). src
 * may be reused as soon as it returns. GMCU_PUT=copy: a plain cudaMemcpy. */
#define GMCU_PUT_MAX 64
void gmcu_put(void *dst, const void *src, size_t bytes);
/* Copies bytes (at most GMCU_PUT_MAX) from src on the device to host memory
 * once the work queued before it is done: a one-thread kernel writes them
 * into mapped host memory and the host spins until they arrive (a
 * cudaMemcpy waits for the copy engine and its completion, several
 * microseconds more: a reduction's result read back every iteration).
 * GMCU_FETCH=copy: a plain cudaMemcpy; GMCU_FETCH=pinned: a copy into pinned
 * memory (for comparisons). */
void gmcu_fetch(void *dst, const void *src, size_t bytes);

/* Host memory; out of memory is a message and exit 1. */
void *gmcu_host_alloc(size_t bytes);

} /* extern "C" */

/* ---- the error slot of checked accesses in kernels ---------------------- */

/* The first failing check's code (_c_nil_ok, gmrt_inline.h), 0 while none
 * failed; gm_cgen/cg_nil.c reads it after a statement whose kernels check
 * an access through a Node or Edge value. */
static __device__ int32_t gmcu_nil_site;

/* The slot's code once the work queued before is done; the slot is cleared
 * for the next call (after an error return from NAME_try). */
static inline int32_t gmcu_nil_take(void)
{
    int32_t *slot = NULL, code = 0;
    GMCU_CHECK(cudaGetSymbolAddress((void **)&slot, gmcu_nil_site));
    gmcu_fetch(&code, slot, sizeof code);
    if (code) {
        const int32_t zero = 0;
        gmcu_put(slot, &zero, sizeof zero);
    }
    return code;
}

/* ---- scalar slots: values a kernel reads back to the host --------------- */

#define GMCU_SLOTS 64

/* Device memory for GMCU_SLOTS slots of 8 bytes (gm_runtime/cuda/device.cu). */
extern "C" char *gmcu_slots_new(void);


template <typename T> static inline T *gmcu_slot(char *slots, int k) { return (T *)(slots + 8 * k); }

template <typename T> static inline void gmcu_slot_put(char *slots, int k, T v)
{
    gmcu_put(slots + 8 * k, &v, sizeof(T));
}

template <typename T> static inline T gmcu_slot_get(char *slots, int k)
{
    T v;
    gmcu_fetch(&v, slots + 8 * k, sizeof(T));
    return v;
}

/* ---- persistent (cooperative) kernels --------------------------------------------- */
/* A kernel that loops over what would be many launches, with grid-wide
 * barriers between the steps, runs as one cooperative launch: every block
 * is resident at once. `per_sm` caps the blocks per SM (fewer blocks make a
 * cheaper barrier; the occupancy of the kernel caps it too). The blocks it
 * got: gmcu_coop_blocks. */
template <typename... P> static inline unsigned gmcu_coop_blocks(void (*kernel)(P...), int per_sm)
{
    int fit = 0;
    GMCU_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kernel, GMCU_BLOCK, 0));
    if (fit > per_sm)
        fit = per_sm;
    if (fit < 1)
        fit = 1;
    return (unsigned)(fit * gmcu_info()->sms);
}

template <typename... P, typename... A>
static inline void gmcu_launch_coop(void (*kernel)(P...), unsigned blocks, const char *what, A... args)
{
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr = {};
    attr.id = cudaLaunchAttributeCooperative;
    attr.val.cooperative = 1;
    cfg.gridDim = dim3(blocks);
    cfg.blockDim = dim3(GMCU_BLOCK);
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    cudaError_t err = cudaLaunchKernelEx(&cfg, kernel, ((P)args)...);
    if (err != cudaSuccess)
        gmcu_fail(err, what, __FILE__, __LINE__);
}

#endif /* GMCU_DEVICE_H */
