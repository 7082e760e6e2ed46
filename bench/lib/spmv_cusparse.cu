/* spmv_cusparse.cu: bench_spmv_cusparse, the cuSPARSE anchor for one pull
 * iteration of PageRank (issue 33: a Float PageRank iteration against
 * cuSPARSE's SpMV on the same card and graph).
 *
 *   bench_spmv_cusparse GRAPH [RUNS]     (any graph format gmrt loads; RUNS default 20)
 *
 * y = A x with A the in-edge rows of GRAPH (row t holds the sources w of
 * the edges w -> t, each value 1.0f) and x[w] = (1/N) / outdeg(w) (0 for a
 * node without out-edges): the sum PageRank's pull takes at every node, in
 * single precision. Each algorithm cuSPARSE offers for CSR (ALG1, ALG2)
 * runs RUNS times after a warm-up, timed with CUDA events; prints
 * "spmv_ms ALG = fastest / median" per call and checks y against the same
 * sums taken on the host in double precision (relative error per row under
 * 1e-4, else exit 1). Setup (upload, buffer) is outside the clock. */
#include <cuda_runtime.h>
#include <cusparse.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmrt.h"

/* A failed CUDA or cuSPARSE call: its text and the library's message, exit 1. */
static void stop_unless(bool ok, const char *call, const char *why)
{
    if (ok)
        return;
    fprintf(stderr, "bench_spmv_cusparse: %s: %s\n", call, why);
    exit(1);
}
#define CUDA_OK(call)                                                        \
    do {                                                                     \
        cudaError_t e_ = (call);                                             \
        stop_unless(e_ == cudaSuccess, #call, cudaGetErrorString(e_));       \
    } while (0)
#define SPARSE_OK(call)                                                      \
    do {                                                                     \
        cusparseStatus_t s_ = (call);                                        \
        stop_unless(s_ == CUSPARSE_STATUS_SUCCESS, #call, cusparseGetErrorString(s_)); \
    } while (0)

static int cmp_float(const void *a, const void *b)
{
    const float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Times RUNS calls of one algorithm; fills *best and *median (ms). */
static void time_alg(cusparseHandle_t h, cusparseSpMVAlg_t alg, cusparseSpMatDescr_t A, cusparseDnVecDescr_t x,
                     cusparseDnVecDescr_t y, int runs, float *best, float *median)
{
    const float one = 1.0f, zero = 0.0f;
    size_t bytes = 0;
    SPARSE_OK(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, &zero, y, CUDA_R_32F, alg, &bytes));
    void *buf = NULL;
    CUDA_OK(cudaMalloc(&buf, bytes ? bytes : 1));
    SPARSE_OK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, &zero, y, CUDA_R_32F, alg, buf));
    cudaEvent_t t0, t1;
    CUDA_OK(cudaEventCreate(&t0));
    CUDA_OK(cudaEventCreate(&t1));
    float *ms = (float *)malloc(sizeof *ms * (size_t)runs);
    for (int r = 0; r < runs; r++) {
        CUDA_OK(cudaEventRecord(t0));
        SPARSE_OK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, x, &zero, y, CUDA_R_32F, alg, buf));
        CUDA_OK(cudaEventRecord(t1));
        CUDA_OK(cudaEventSynchronize(t1));
        CUDA_OK(cudaEventElapsedTime(&ms[r], t0, t1));
    }
    qsort(ms, (size_t)runs, sizeof *ms, cmp_float);
    *best = ms[0];
    *median = ms[runs / 2];
    free(ms);
    CUDA_OK(cudaFree(buf));
    CUDA_OK(cudaEventDestroy(t0));
    CUDA_OK(cudaEventDestroy(t1));
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3 || (argc == 3 && atoi(argv[2]) < 1)) {
        fprintf(stderr, "usage: %s GRAPH [RUNS]\n", argv[0]);
        return 2;
    }
    const int runs = argc == 3 ? atoi(argv[2]) : 20;
    gmrt_error err;
    gm_graph *g = gmrt_graph_load(argv[1], NULL, &err);
    if (!g) {
        fprintf(stderr, "bench_spmv_cusparse: %s\n", err.message);
        return 1;
    }
    if (!gmrt_graph_make_reverse(g)) {
        fprintf(stderr, "bench_spmv_cusparse: out of memory building the in-edge rows\n");
        return 1;
    }
    const int64_t n = g->num_nodes, m = g->num_edges;
    if (n < 1 || m < 1) {
        fprintf(stderr, "bench_spmv_cusparse: %s has no edges\n", argv[1]);
        return 1;
    }
    float *x = (float *)malloc(sizeof *x * (size_t)n), *vals = (float *)malloc(sizeof *vals * (size_t)m);
    float *y = (float *)malloc(sizeof *y * (size_t)n);
    if (!x || !vals || !y) {
        fprintf(stderr, "bench_spmv_cusparse: out of memory\n");
        return 1;
    }
    for (int64_t v = 0; v < n; v++) {
        const int64_t d = (int64_t)(g->begin[v + 1] - g->begin[v]);
        x[v] = d > 0 ? (float)(1.0 / (double)n / (double)d) : 0.0f;
    }
    for (int64_t e = 0; e < m; e++)
        vals[e] = 1.0f;

    /* cuSPARSE's 32-bit index type for both offsets and columns: gm_edge_t
     * and gm_node_t are 32-bit in the default build */
    if (sizeof(gm_edge_t) != 4 || sizeof(gm_node_t) != 4) {
        fprintf(stderr, "bench_spmv_cusparse: built with 64-bit edge indices; use the default build\n");
        return 1;
    }
    int *d_off, *d_col;
    float *d_val, *d_x, *d_y;
    CUDA_OK(cudaMalloc(&d_off, sizeof(int) * (size_t)(n + 1)));
    CUDA_OK(cudaMalloc(&d_col, sizeof(int) * (size_t)m));
    CUDA_OK(cudaMalloc(&d_val, sizeof(float) * (size_t)m));
    CUDA_OK(cudaMalloc(&d_x, sizeof(float) * (size_t)n));
    CUDA_OK(cudaMalloc(&d_y, sizeof(float) * (size_t)n));
    CUDA_OK(cudaMemcpy(d_off, g->r_begin, sizeof(int) * (size_t)(n + 1), cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_col, g->r_node_idx, sizeof(int) * (size_t)m, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_val, vals, sizeof(float) * (size_t)m, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemcpy(d_x, x, sizeof(float) * (size_t)n, cudaMemcpyHostToDevice));

    cusparseHandle_t h;
    SPARSE_OK(cusparseCreate(&h));
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t vx, vy;
    SPARSE_OK(cusparseCreateCsr(&A, n, n, m, d_off, d_col, d_val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    SPARSE_OK(cusparseCreateDnVec(&vx, n, d_x, CUDA_R_32F));
    SPARSE_OK(cusparseCreateDnVec(&vy, n, d_y, CUDA_R_32F));

    int cardno = 0;
    cudaDeviceProp prop;
    CUDA_OK(cudaGetDevice(&cardno));
    CUDA_OK(cudaGetDeviceProperties(&prop, cardno));
    printf("card = %s\nnodes = %lld\nedges = %lld\n", prop.name, (long long)n, (long long)m);
    const struct { cusparseSpMVAlg_t alg; const char *name; } algs[] = {
        {CUSPARSE_SPMV_CSR_ALG1, "CSR_ALG1"}, {CUSPARSE_SPMV_CSR_ALG2, "CSR_ALG2"}};
    int bad = 0;
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        float best, median;
        CUDA_OK(cudaMemset(d_y, 0, sizeof(float) * (size_t)n));
        time_alg(h, algs[a].alg, A, vx, vy, runs, &best, &median);
        CUDA_OK(cudaMemcpy(y, d_y, sizeof(float) * (size_t)n, cudaMemcpyDeviceToHost));
        double worst = 0;
        for (int64_t t = 0; t < n; t++) {
            double s = 0;
            for (gm_edge_t e = g->r_begin[t]; e < g->r_begin[t + 1]; e++)
                s += (double)x[g->r_node_idx[e]];
            const double rel = fabs((double)y[t] - s) / (s > 1e-30 ? s : 1e-30);
            if (s != 0 || y[t] != 0)
                worst = rel > worst ? rel : worst;
        }
        printf("spmv_ms %s = %.4f / %.4f (fastest / median of %d)\n", algs[a].name, best, median, runs);
        printf("check %s = %s (largest relative error %.2g)\n", algs[a].name, worst < 1e-4 ? "ok" : "WRONG", worst);
        bad |= worst >= 1e-4;
    }
    cusparseDestroySpMat(A);
    cusparseDestroyDnVec(vx);
    cusparseDestroyDnVec(vy);
    cusparseDestroy(h);
    gmrt_graph_free(g);
    return bad;
}
