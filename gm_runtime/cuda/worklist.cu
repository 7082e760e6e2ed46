/* worklist.cu (libgmrt-cuda): data-driven worklists, two device queues of
 * node ids with per-node round marks, and the kernel that builds a queue
 * from flags. Declarations and contracts: gmcu.h. */
#include "gmcu.h"

/* The nodes whose flag is set, as a queue. */
__global__ static void gmcu_wl_compact(const bool *flag, int64_t n, gm_node_t *q, unsigned long long *count)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x)
        if (flag[i])
            gmcu_push(q, count, (gm_node_t)i);
}

void gmcu_wl_init(gmcu_wl *w, int64_t n)
{
    for (int k = 0; k < 2; k++)
        w->q[k] = (gm_node_t *)gmcu_malloc((size_t)(n + 1) * sizeof(gm_node_t), "worklist");
    w->mark = (int32_t *)gmcu_malloc((size_t)(n + 1) * sizeof(int32_t), "worklist marks");
    w->count = (unsigned long long *)gmcu_malloc(sizeof(unsigned long long), "worklist length");
    gmcu_fill_i32<<<gmcu_blocks(n + 1), GMCU_BLOCK>>>(w->mark, n + 1, -1);
    GMCU_LAUNCHED("worklist marks");
    GMCU_CHECK(cudaMemset(w->count, 0, sizeof(unsigned long long)));
    w->cur = 0;
    w->ncur = 0;
}

void gmcu_wl_free(gmcu_wl *w)
{
    gmcu_free(w->q[0]);
    gmcu_free(w->q[1]);
    gmcu_free(w->mark);
    gmcu_free(w->count);
}

int64_t gmcu_wl_next_size(gmcu_wl *w)
{
    unsigned long long n = 0;
    GMCU_CHECK(cudaMemcpy(&n, w->count, sizeof n, cudaMemcpyDeviceToHost));
    return (int64_t)n;
}

void gmcu_wl_advance(gmcu_wl *w, int64_t next_size)
{
    w->cur ^= 1;
    w->ncur = next_size;
    GMCU_CHECK(cudaMemset(w->count, 0, sizeof(unsigned long long)));
}

void gmcu_wl_from_flags(gmcu_wl *w, const bool *flag, int64_t n)
{
    if (n > 0) {
        gmcu_wl_compact<<<gmcu_blocks(n), GMCU_BLOCK>>>(flag, n, w->q[w->cur ^ 1], w->count);
        GMCU_LAUNCHED("worklist from flags");
    }
    gmcu_wl_advance(w, gmcu_wl_next_size(w));
}
