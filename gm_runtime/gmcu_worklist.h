/* gmcu_worklist.h: queues of node ids on the device. gmcu_push (one atomic
 * per group of threads); data-driven worklists of rounds (gmcu_wl); the
 * asynchronous queue of a monotone fixpoint (gmcu_aq, -fcuda-async);
 * near-far buckets, nearest keys first (gmcu_nf, -fcuda-priority). Host
 * functions in gm_runtime/cuda/worklist.cu. */
#ifndef GMCU_WORKLIST_H
#define GMCU_WORKLIST_H

#include <cooperative_groups.h>
#include <float.h>

#include "gmcu_device.h"

/* Appends v to a queue whose length lives on the device: the threads that
 * arrive together take one atomic for all of them (warp aggregation). */
__device__ static inline void gmcu_push(gm_node_t *queue, unsigned long long *tail, gm_node_t v)
{
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    unsigned long long base = 0;
    if (g.thread_rank() == 0)
        base = atomicAdd(tail, (unsigned long long)g.size());
    base = g.shfl(base, 0);
    queue[base + g.thread_rank()] = v;
}

/* ---- data-driven worklists (gm_runtime/cuda/worklist.cu) ------------------------- */
/* Two device queues of node ids (this round's and the next), the next one's
 * length on the device, and a per-node mark holding the last round that
 * appended the node, so a node enters the next queue at most once per round:
 * the queues never hold more than the graph's nodes and cannot overflow. */
typedef struct gmcu_wl {
    gm_node_t *q[2];
    int cur;                    /* q[cur] is this round's */
    int64_t ncur;               /* its length */
    unsigned long long *count;  /* the next queue's length (device) */
    int32_t *mark;              /* last round that appended each node, -1: never */
} gmcu_wl;

__device__ static inline void gmcu_wl_push(gm_node_t *next, unsigned long long *count, int32_t *mark,
                                           int32_t round, gm_node_t v)
{
    if (mark[v] != round && atomicExch((int *)&mark[v], round) != round)
        gmcu_push(next, count, v);
}

/* ---- asynchronous worklists (-fcuda-async; gm_runtime/cuda/worklist.cu) ---------- */
/* One shared queue for a whole monotone fixpoint, with no rounds (as Atos
 * runs SSSP): every thread of a persistent kernel takes the next index of
 * the queue, waits for a node to be written there, relaxes its edges and
 * appends every node it lowers, until every appended node has been
 * processed. Claiming is one atomicAdd per group of threads that arrive
 * together (no compare-and-swap loop: a contended CAS made the queue
 * serial); a thread may claim an index before its node is appended and
 * then waits on that slot alone.
 * A per-node flag keeps a node in the queue at most once, so at most n
 * nodes wait, and at most one claim per resident thread runs ahead of the
 * appends: the ring holds n + that many (gmcu_aq_init). A slot holds (the low 32
 * bits of its index << 32) | node, or GMCU_AQ_EMPTY: a reader waits for its
 * own index's tag, a writer for an empty slot.
 * Counters, each on its own 128-byte line: ctr[0] claimed, ctr[16]
 * appended, ctr[32] finished, ctr[48] the end flag. The thread whose finish
 * makes finished == appended (read in that order; an item appends before it
 * counts itself finished, so the equality is final) sets the end flag and
 * writes GMCU_AQ_END into every claimed slot no node will fill. */
#define GMCU_AQ_EMPTY 0xffffffffffffffffull
#define GMCU_AQ_END 0xfffffffeu
typedef struct gmcu_aq {
    unsigned long long *ring;
    unsigned long long mask;   /* capacity - 1 (a power of two) */
    int32_t *inq;              /* 1 while the node waits in the ring */
    unsigned long long *ctr;
} gmcu_aq;

#ifndef GMCU_AQ_PER_SM
#define GMCU_AQ_PER_SM 3 /* blocks of the asynchronous kernel per SM (H200, road SSSP: 1, 2, 3, 4, 8 gave 1976, 1123, 1014, 1168, 1865 ms) */
#endif
#ifndef GMCU_AQ_MAX_SLEEP
#define GMCU_AQ_MAX_SLEEP 1024 /* ns: the longest back-off of a waiting thread */
#endif

/* The calling thread's next node; false once the fixpoint is reached. */
__device__ static inline bool gmcu_aq_next(const gmcu_aq *q, gm_node_t *out)
{
    volatile unsigned long long *end = (volatile unsigned long long *)&q->ctr[48];
    if (*end)
        return false;
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    unsigned long long base = 0;
    if (g.thread_rank() == 0)
        base = atomicAdd(&q->ctr[0], (unsigned long long)g.size());
    const unsigned long long i = g.shfl(base, 0) + g.thread_rank();
    __threadfence();
    if (*end)
        return false; /* claimed after the end: nobody fills or ends this slot */
    volatile unsigned long long *slot = (volatile unsigned long long *)&q->ring[i & q->mask];
    const unsigned long long tag = (unsigned long long)(uint32_t)i << 32;
    unsigned sleep = 32, polls = 0;
    unsigned long long v;
    while (((v = *slot) & 0xffffffff00000000ull) != tag || (uint32_t)v == 0xffffffffu) {
        if (++polls % 64 == 0 && *end)
            return false; /* the end, in case its mark went to a slot another claim shares */
        __nanosleep(sleep);
        sleep = sleep < GMCU_AQ_MAX_SLEEP ? 2 * sleep : GMCU_AQ_MAX_SLEEP;
    }
    if ((uint32_t)v == GMCU_AQ_END)
        return false;
    *slot = GMCU_AQ_EMPTY;
    const gm_node_t n = (gm_node_t)(uint32_t)v;
    *(volatile int32_t *)&q->inq[n] = 0; /* a lowering from now on appends n again */
    __threadfence();                     /* ... and the caller reads n's value after this */
    *out = n;
    return true;
}

/* Appends v after the caller lowered its value, unless v already waits. */
__device__ static inline void gmcu_aq_push(const gmcu_aq *q, gm_node_t v)
{
    __threadfence(); /* the lowered value before the flag */
    if (*(volatile int32_t *)&q->inq[v] != 0 || atomicExch((int *)&q->inq[v], 1) != 0)
        return;
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    unsigned long long base = 0;
    if (g.thread_rank() == 0)
        base = atomicAdd(&q->ctr[16], (unsigned long long)g.size());
    const unsigned long long i = g.shfl(base, 0) + g.thread_rank();
    const unsigned long long want = ((unsigned long long)(uint32_t)i << 32) | (uint32_t)v;
    while (atomicCAS(&q->ring[i & q->mask], GMCU_AQ_EMPTY, want) != GMCU_AQ_EMPTY)
        __nanosleep(32);
}

/* After the caller's node: counted finished once its appends are visible;
 * the last one ends the queue. */
__device__ static inline void gmcu_aq_done(const gmcu_aq *q)
{
    __threadfence();
    cooperative_groups::coalesced_group g = cooperative_groups::coalesced_threads();
    if (g.thread_rank() != 0)
        return;
    const unsigned long long fin = atomicAdd(&q->ctr[32], (unsigned long long)g.size()) + g.size();
    __threadfence();
    const unsigned long long tail = *(volatile unsigned long long *)&q->ctr[16];
    if (fin != tail)
        return;
    *(volatile unsigned long long *)&q->ctr[48] = 1;
    __threadfence();
    const unsigned long long head = atomicAdd(&q->ctr[0], 0ull);
    for (unsigned long long i = tail; i < head; i++)
        *(volatile unsigned long long *)&q->ring[i & q->mask] = ((unsigned long long)(uint32_t)i << 32) | GMCU_AQ_END;
}

/* ---- near-far buckets (-fcuda-priority; gm_runtime/cuda/worklist.cu) ------------- */
/* The same monotone fixpoint as gmcu_aq, relaxed nearest keys first (the
 * near-far order of Davidson et al., "Work-efficient parallel GPU methods
 * for single-source shortest paths", 2014): one persistent kernel takes
 * steps separated by grid barriers. A step relaxes the near queue, the nodes
 * whose key is at most the bound T (at least it for max=); a node lowered to
 * a key past T goes to the far pile instead. When the near queue runs dry the
 * bound moves to the nearest far key plus delta and the pile is split into
 * the next near queue and a new pile.
 * near[2]: this step's queue and the next one's, with the worklist's
 * per-step mark (a node enters a step's queue once). far[2]: the pile and
 * the one the next split writes. gen[v]: the pile generation holding v's
 * entry (-1: none): a node has at most one entry per pile, so no queue
 * outgrows the nodes. Counters, each on its own 128-byte line: ctr[0],
 * ctr[16], ctr[32] the near appends of a step (three in turn: one barrier
 * per step), ctr[48] and ctr[64] the piles' lengths, ctr[80] two cells for
 * the nearest far key, ctr[96] the delta sample (sum of |term|, as double,
 * and count), ctr[112] statistics (nodes relaxed, steps, splits). */
typedef struct gmcu_nf {
    gm_node_t *near[2];
    gm_node_t *far[2];
    int32_t *mark;
    int32_t *gen;
    unsigned long long *ctr;
} gmcu_nf;

#define GMCU_NF_NEAR 0
#define GMCU_NF_FAR 48
#define GMCU_NF_BEST 80
#define GMCU_NF_SAMPLE 96
#define GMCU_NF_STATS 112
#ifndef GMCU_NF_PER_SM
#define GMCU_NF_PER_SM 1 /* blocks of the near-far kernel per SM (H200, SSSP road 4500^2: 1: 163 ms, 2: 188, 4: 205) */
#endif
#ifndef GMCU_NF_SCALE
#define GMCU_NF_SCALE 256 /* delta = mean |term| x this / mean degree (Davidson et al. use a warp's width, 32;
                            H200, SSSP road 4500^2 at 1 block/SM: 32: 165 ms, 64: 155, 128: 147, 256: 140) */
#endif
#ifndef GMCU_NF_SAMPLE_NODES
#define GMCU_NF_SAMPLE_NODES 65536 /* nodes whose edges sample the term */
#endif

/* The largest and the lowest value of a key type. */
template <typename K> __device__ static inline K gmcu_type_max();
template <typename K> __device__ static inline K gmcu_type_min();
template <> __device__ inline int32_t gmcu_type_max<int32_t>() { return INT32_MAX; }
template <> __device__ inline int32_t gmcu_type_min<int32_t>() { return INT32_MIN; }
template <> __device__ inline int64_t gmcu_type_max<int64_t>() { return INT64_MAX; }
template <> __device__ inline int64_t gmcu_type_min<int64_t>() { return INT64_MIN; }
template <> __device__ inline float gmcu_type_max<float>() { return FLT_MAX; }
template <> __device__ inline float gmcu_type_min<float>() { return -FLT_MAX; }
template <> __device__ inline double gmcu_type_max<double>() { return DBL_MAX; }
template <> __device__ inline double gmcu_type_min<double>() { return -DBL_MAX; }

/* Whether a key is near: not past the bound (at most it for min=, at least it
 * for max=). Inclusive, so the nearest far key always becomes near even when
 * adding delta rounds back to it (a Float key above 2^24 plus 1), and every
 * split makes progress. */
template <bool MIN, typename K> __device__ static inline bool gmcu_nf_near(K key, K bound)
{
    return MIN ? key <= bound : key >= bound;
}

/* The next bound: the nearest key plus delta (minus for max=), saturated. */
template <bool MIN, typename K> __device__ static inline K gmcu_nf_bound(K best, K delta)
{
    const double lim = MIN ? (double)gmcu_type_max<K>() : (double)gmcu_type_min<K>();
    const double b = MIN ? (double)best + (double)delta : (double)best - (double)delta;
    if (MIN ? b >= lim : b <= lim)
        return MIN ? gmcu_type_max<K>() : gmcu_type_min<K>();
    return MIN ? best + delta : best - delta;
}

/* delta from the sampled mean |term| (at least 1 for integer keys; for
 * floating keys what the sample gives, 0 included: the inclusive near test
 * still takes the nearest keys). */
template <typename K> __device__ static inline K gmcu_nf_delta(const gmcu_nf *f, double mean_degree)
{
    const double sum = *(volatile double *)&f->ctr[GMCU_NF_SAMPLE];
    const unsigned long long cnt = *(volatile unsigned long long *)&f->ctr[GMCU_NF_SAMPLE + 1];
    double d = cnt ? sum / (double)cnt * GMCU_NF_SCALE / (mean_degree > 1 ? mean_degree : 1) : 0;
    if (d > (double)gmcu_type_max<K>() / 4)
        d = (double)gmcu_type_max<K>() / 4;
    const K k = (K)d;
    const bool integer = (K)0.5 == (K)0;
    return k > (K)0 || !integer ? k : (K)1;
}

/* Appends v to the far pile of generation gen (the pile being filled),
 * unless v already has an entry there. */
__device__ static inline void gmcu_nf_far(const gmcu_nf *f, int fc, int32_t gen, gm_node_t v)
{
    if (*(volatile int32_t *)&f->gen[v] != gen && atomicExch((int *)&f->gen[v], gen) != gen)
        gmcu_push(f->far[fc], &f->ctr[GMCU_NF_FAR + 16 * fc], v);
}

/* After a near step lowered v to `key`: v joins the next near queue (near
 * queue nc ^ 1, counted in near counter k, marked with the step) when the
 * key is not past the bound, the far pile (fc, generation gen) otherwise. */
template <bool MIN, typename K>
__device__ static inline void gmcu_nf_lowered(const gmcu_nf *f, K key, K bound, int nc, int k, int32_t step, int fc,
                                              int32_t gen, gm_node_t v)
{
    if (gmcu_nf_near<MIN>(key, bound))
        gmcu_wl_push(f->near[nc ^ 1], &f->ctr[GMCU_NF_NEAR + 16 * k], f->mark, step, v);
    else
        gmcu_nf_far(f, fc, gen, v);
}

extern "C" {

/* Allocates the queues and marks for n nodes; both queues start empty. */
void gmcu_wl_init(gmcu_wl *w, int64_t n);

/* Frees them (also a worklist never initialized: all NULL). */
void gmcu_wl_free(gmcu_wl *w);

/* The next queue's length (waits for the kernels that append). */
int64_t gmcu_wl_next_size(gmcu_wl *w);

/* The next queue becomes this round's; the next one starts empty. */
void gmcu_wl_advance(gmcu_wl *w, int64_t next_size);

/* This round's queue from the flags (after a topology-driven round). */
void gmcu_wl_from_flags(gmcu_wl *w, const bool *flag, int64_t n);

/* An asynchronous queue for n nodes holding the `count` nodes of `first`
 * (device) at the start. */
void gmcu_aq_init(gmcu_aq *q, int64_t n, const gm_node_t *first, int64_t count);

/* Frees it. */
void gmcu_aq_free(gmcu_aq *q);

/* Near-far buckets for n nodes whose first far pile (generation 0) holds
 * the `count` nodes of `first` (device). */
void gmcu_nf_init(gmcu_nf *f, int64_t n, const gm_node_t *first, int64_t count);

/* Frees them (GMCU_STATS=1: what they did, on stderr). */
void gmcu_nf_free(gmcu_nf *f);

} /* extern "C" */

#endif /* GMCU_WORKLIST_H */
