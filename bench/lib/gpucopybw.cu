/* gpucopybw.cu: bench_gpucopybw, the GPU's device-to-device copy bandwidth,
 * against which bench/run rates the CUDA sweeps (PageRank, conductance).
 *
 *   bench_gpucopybw [MIB]     (array size, default 1024 MiB)
 *
 * Copies one device array into another with cudaMemcpy five times, timed
 * with CUDA events, and prints "gpu_copy_gbs = X" for the fastest, counting
 * the bytes read and the bytes written (as bench_copybw does). */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

static int fail(const char *what, cudaError_t e)
{
    fprintf(stderr, "bench_gpucopybw: %s: %s\n", what, cudaGetErrorString(e));
    return 1;
}

int main(int argc, char **argv)
{
    long mib = argc > 1 ? atol(argv[1]) : 1024;
    if (argc > 2 || mib < 1) {
        fprintf(stderr, "usage: %s [MIB]\n", argv[0]);
        return 2;
    }
    size_t bytes = (size_t)mib * 1024 * 1024;
    void *a, *b;
    cudaError_t e;
    if ((e = cudaMalloc(&a, bytes)) != cudaSuccess || (e = cudaMalloc(&b, bytes)) != cudaSuccess)
        return fail("cudaMalloc", e);
    if ((e = cudaMemset(a, 1, bytes)) != cudaSuccess || (e = cudaMemset(b, 0, bytes)) != cudaSuccess)
        return fail("cudaMemset", e);
    cudaEvent_t t0, t1;
    cudaEventCreate(&t0);
    cudaEventCreate(&t1);
    float best = 0;
    for (int r = 0; r < 6; r++) { /* the first one warms up */
        cudaEventRecord(t0);
        if ((e = cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice)) != cudaSuccess)
            return fail("cudaMemcpy", e);
        cudaEventRecord(t1);
        cudaEventSynchronize(t1);
        float ms = 0;
        cudaEventElapsedTime(&ms, t0, t1);
        if (r > 0 && (best == 0 || ms < best))
            best = ms;
    }
    printf("gpu_copy_gbs = %.1f\n", 2.0 * (double)bytes / (best * 1e-3) / 1e9);
    cudaFree(a);
    cudaFree(b);
    return 0;
}
