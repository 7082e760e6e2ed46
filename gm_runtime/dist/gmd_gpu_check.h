/* gmd_gpu_check.h: the CUDA checks of libgmrt-dist-cuda's separate members
 * (gmd_gpu_components.cu, gmd_gpu_bfs_settle.cu): a CUDA failure, out of
 * device memory included, stops every rank (gmd_abort, exit 3) with a
 * message naming the caller `who` and the step `what`; a rank must not
 * end alone while its peers wait in a collective. */
#ifndef GMD_GPU_CHECK_H
#define GMD_GPU_CHECK_H

#include <cuda_runtime.h>
#include <stdio.h>

#include "gmcu_device.h"
#include "gmd.h"

static inline void gmd_gpu_check(cudaError_t ce, const char *who, const char *what)
{
    if (ce != cudaSuccess) {
        char msg[256];
        snprintf(msg, sizeof msg, "%s: %s: %s", who, what, cudaGetErrorString(ce));
        gmd_abort(3, msg);
    }
}

/* Device scratch from libgmrt-cuda's cache (gmcu_malloc_try: a later
 * request of a size it fits reuses it; give it back with gmcu_free). */
static inline void *gmd_gpu_scratch(size_t bytes, const char *who)
{
    cudaError_t ce = cudaSuccess;
    void *p = gmcu_malloc_try(bytes, &ce);
    if (!p)
        gmd_gpu_check(ce == cudaSuccess ? cudaErrorMemoryAllocation : ce, who, "device memory");
    return p;
}

#endif
