/* worklist.cu (libgmrt-cuda): data-driven worklists, two device queues of
 * node ids with per-node round marks, and the kernel that builds a queue
 * from flags. Declarations and contracts: gmcu_worklist.h. */
#include "gmcu_bfs.h"
#include "gmcu_device.h"
#include "gmcu_worklist.h"

#include <stdio.h>
#include <stdlib.h>

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
    gmcu_fetch(&n, w->count, sizeof n);
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

/* The first `count` nodes into slots 0.. with their tags, flagged as queued. */
__global__ static void gmcu_aq_seed(gmcu_aq q, const gm_node_t *first, int64_t count)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += (int64_t)gridDim.x * blockDim.x) {
        const gm_node_t v = first[i];
        q.ring[i] = ((unsigned long long)(uint32_t)i << 32) | (uint32_t)v;
        q.inq[v] = 1;
    }
}

void gmcu_aq_init(gmcu_aq *q, int64_t n, const gm_node_t *first, int64_t count)
{
    /* every waiting node and every claim ahead of the appends in its own slot */
    const unsigned long long need = (unsigned long long)n + (unsigned long long)gmcu_info()->sms * 2048;
    unsigned long long cap = 1024;
    while (cap < need)
        cap *= 2;
    q->mask = cap - 1;
    q->ring = (unsigned long long *)gmcu_malloc(cap * sizeof(unsigned long long), "asynchronous worklist");
    q->inq = (int32_t *)gmcu_malloc((size_t)(n + 1) * sizeof(int32_t), "asynchronous worklist flags");
    q->ctr = (unsigned long long *)gmcu_malloc(64 * sizeof(unsigned long long), "asynchronous worklist counters");
    GMCU_CHECK(cudaMemset(q->ring, 0xff, cap * sizeof(unsigned long long)));
    GMCU_CHECK(cudaMemset(q->inq, 0, (size_t)(n + 1) * sizeof(int32_t)));
    GMCU_CHECK(cudaMemset(q->ctr, 0, 64 * sizeof(unsigned long long)));
    if (count > 0) {
        gmcu_aq_seed<<<gmcu_blocks(count), GMCU_BLOCK>>>(*q, first, count);
        GMCU_LAUNCHED("asynchronous worklist seed");
        const unsigned long long c = (unsigned long long)count;
        gmcu_put(&q->ctr[16], &c, sizeof c);
    } else { /* nothing to do: ended before it starts */
        const unsigned long long one = 1;
        gmcu_put(&q->ctr[48], &one, sizeof one);
    }
}

void gmcu_aq_free(gmcu_aq *q)
{
    /* GMCU_STATS=1: what the queue did, on stderr (waits for the kernel) */
    const char *stats = getenv("GMCU_STATS");
    if (stats && *stats && *stats != '0' && q->ctr) {
        unsigned long long c[64];
        GMCU_CHECK(cudaMemcpy(c, q->ctr, sizeof c, cudaMemcpyDeviceToHost));
        fprintf(stderr, "gmcu: asynchronous queue: %llu nodes processed (%llu claimed, %llu finished), "
                        "capacity %llu\n", c[16], c[0], c[32], q->mask + 1);
    }
    gmcu_free(q->ring);
    gmcu_free(q->inq);
    gmcu_free(q->ctr);
}

/* The first pile: the nodes of `first`, generation 0. */
__global__ static void gmcu_nf_seed(gmcu_nf f, const gm_node_t *first, int64_t count)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += (int64_t)gridDim.x * blockDim.x) {
        const gm_node_t v = first[i];
        f.far[0][i] = v;
        f.gen[v] = 0;
    }
}

void gmcu_nf_init(gmcu_nf *f, int64_t n, const gm_node_t *first, int64_t count)
{
    for (int k = 0; k < 2; k++) {
        f->near[k] = (gm_node_t *)gmcu_malloc((size_t)(n + 1) * sizeof(gm_node_t), "near-far queue");
        f->far[k] = (gm_node_t *)gmcu_malloc((size_t)(n + 1) * sizeof(gm_node_t), "near-far pile");
    }
    f->mark = (int32_t *)gmcu_malloc((size_t)(n + 1) * sizeof(int32_t), "near-far marks");
    f->gen = (int32_t *)gmcu_malloc((size_t)(n + 1) * sizeof(int32_t), "near-far generations");
    f->ctr = (unsigned long long *)gmcu_malloc(128 * sizeof(unsigned long long), "near-far counters");
    GMCU_CHECK(cudaMemset(f->mark, 0xff, (size_t)(n + 1) * sizeof(int32_t))); /* -1: never */
    GMCU_CHECK(cudaMemset(f->gen, 0xff, (size_t)(n + 1) * sizeof(int32_t)));
    GMCU_CHECK(cudaMemset(f->ctr, 0, 128 * sizeof(unsigned long long)));
    if (count > 0) {
        gmcu_nf_seed<<<gmcu_blocks(count), GMCU_BLOCK>>>(*f, first, count);
        GMCU_LAUNCHED("near-far seed");
        const unsigned long long c = (unsigned long long)count;
        gmcu_put(&f->ctr[GMCU_NF_FAR], &c, sizeof c);
    }
}

void gmcu_nf_free(gmcu_nf *f)
{
    const char *stats = getenv("GMCU_STATS");
    if (stats && *stats && *stats != '0' && f->ctr) {
        unsigned long long c[128];
        double sum = 0;
        GMCU_CHECK(cudaMemcpy(c, f->ctr, sizeof c, cudaMemcpyDeviceToHost));
        memcpy(&sum, &c[GMCU_NF_SAMPLE], sizeof sum);
        fprintf(stderr, "gmcu: near-far: %llu nodes relaxed in %llu steps, %llu splits; mean |term| %.3g over %llu "
                        "sampled edges\n", c[GMCU_NF_STATS], c[GMCU_NF_STATS + 1], c[GMCU_NF_STATS + 2],
                c[GMCU_NF_SAMPLE + 1] ? sum / (double)c[GMCU_NF_SAMPLE + 1] : 0.0, c[GMCU_NF_SAMPLE + 1]);
    }
    for (int k = 0; k < 2; k++) {
        gmcu_free(f->near[k]);
        gmcu_free(f->far[k]);
    }
    gmcu_free(f->mark);
    gmcu_free(f->gen);
    gmcu_free(f->ctr);
}
