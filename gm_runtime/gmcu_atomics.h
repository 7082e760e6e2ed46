/* gmcu_atomics.h: device atomics for every reduction operator and type
 * (CAS loops where the GPU has no instruction) and per-element spin locks;
 * packed arg-min/max (gmcu_kp: a key and its payload changed by one
 * compare-and-swap); warp and block combines (gmcu_warp_combine,
 * gmcu_block_combine, the gmcu_op_* operators) and the scalar reductions
 * at the end of a kernel (gmcu_reduce_*). Device code only. */
#ifndef GMCU_ATOMICS_H
#define GMCU_ATOMICS_H

#include "gmcu_device.h"

/* ---- wrapping Int and Long arithmetic ------------------------------------------ */

/* + and * in the combines and CAS products below: Int and Long wrap modulo
 * 2^32 / 2^64, through unsigned arithmetic, as the host's (gmrt_inline.h's
 * _c_add_i32 ...; docs/green-marl-language.md, section 6); other types use
 * their own operators. */
template <typename T> __device__ static inline T gmcu_add(T a, T b) { return a + b; }
template <typename T> __device__ static inline T gmcu_mul(T a, T b) { return a * b; }
template <> __device__ inline int32_t gmcu_add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
template <> __device__ inline int64_t gmcu_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
template <> __device__ inline int32_t gmcu_mul(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }
template <> __device__ inline int64_t gmcu_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* ---- device atomics ------------------------------------------------------------ */

__device__ static inline void gmcu_atomic_add(int32_t *p, int32_t v) { atomicAdd((int *)p, (int)v); }
__device__ static inline void gmcu_atomic_add(int64_t *p, int64_t v)
{
    atomicAdd((unsigned long long *)p, (unsigned long long)v);
}
__device__ static inline void gmcu_atomic_add(float *p, float v) { atomicAdd(p, v); }
__device__ static inline void gmcu_atomic_add(double *p, double v) { atomicAdd(p, v); }

/* min= and max= on Int and Long: a plain read first, the atomic only where
 * it would change the element. The read is a no-op min at the moment it
 * sees the value, so the answer is the same; most relaxations of a sweep
 * lose (SSSP on kron20: 1.90 ms against 2.47 with every one atomic, H200),
 * and a read costs the L2 less than an atomic that returns its value. */
__device__ static inline bool gmcu_atomic_min(int32_t *p, int32_t v)
{
    return v < *(volatile int32_t *)p && v < atomicMin((int *)p, (int)v);
}
__device__ static inline bool gmcu_atomic_max(int32_t *p, int32_t v)
{
    return v > *(volatile int32_t *)p && v > atomicMax((int *)p, (int)v);
}
__device__ static inline bool gmcu_atomic_min(int64_t *p, int64_t v)
{
    return v < *(volatile int64_t *)p && v < (int64_t)atomicMin((long long *)p, (long long)v);
}
__device__ static inline bool gmcu_atomic_max(int64_t *p, int64_t v)
{
    return v > *(volatile int64_t *)p && v > (int64_t)atomicMax((long long *)p, (long long)v);
}

/* Float and double: compare-and-swap on the bits. */
__device__ static inline bool gmcu_atomic_min(float *p, float v)
{
    int *ip = (int *)p;
    int old = *ip;
    while (v < __int_as_float(old)) {
        int seen = atomicCAS(ip, old, __float_as_int(v));
        if (seen == old)
            return true;
        old = seen;
    }
    return false;
}
__device__ static inline bool gmcu_atomic_max(float *p, float v)
{
    int *ip = (int *)p;
    int old = *ip;
    while (v > __int_as_float(old)) {
        int seen = atomicCAS(ip, old, __float_as_int(v));
        if (seen == old)
            return true;
        old = seen;
    }
    return false;
}
__device__ static inline bool gmcu_atomic_min(double *p, double v)
{
    unsigned long long *ip = (unsigned long long *)p;
    unsigned long long old = *ip;
    while (v < __longlong_as_double((long long)old)) {
        unsigned long long seen = atomicCAS(ip, old, (unsigned long long)__double_as_longlong(v));
        if (seen == old)
            return true;
        old = seen;
    }
    return false;
}
__device__ static inline bool gmcu_atomic_max(double *p, double v)
{
    unsigned long long *ip = (unsigned long long *)p;
    unsigned long long old = *ip;
    while (v > __longlong_as_double((long long)old)) {
        unsigned long long seen = atomicCAS(ip, old, (unsigned long long)__double_as_longlong(v));
        if (seen == old)
            return true;
        old = seen;
    }
    return false;
}

/* Products have no instruction on any type. */
template <typename T> __device__ static inline void gmcu_atomic_mul(T *p, T v)
{
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "4- or 8-byte values");
    if (sizeof(T) == 4) {
        unsigned *ip = (unsigned *)p;
        unsigned old = *ip, seen;
        do {
            T cur;
            memcpy(&cur, &old, 4);
            T upd = gmcu_mul(cur, v);
            unsigned bits;
            memcpy(&bits, &upd, 4);
            seen = atomicCAS(ip, old, bits);
            if (seen == old)
                return;
            old = seen;
        } while (true);
    } else {
        unsigned long long *ip = (unsigned long long *)p;
        unsigned long long old = *ip, seen;
        do {
            T cur;
            memcpy(&cur, &old, 8);
            T upd = gmcu_mul(cur, v);
            unsigned long long bits;
            memcpy(&bits, &upd, 8);
            seen = atomicCAS(ip, old, bits);
            if (seen == old)
                return;
            old = seen;
        } while (true);
    }
}

/* Bool &= / |=: only the value that breaks the identity is ever stored, so
 * a plain store is race-free in effect (atomic elimination). */
__device__ static inline void gmcu_store_and(bool *p, bool v) { if (!v) *(volatile bool *)p = false; }
__device__ static inline void gmcu_store_or(bool *p, bool v) { if (v) *(volatile bool *)p = true; }

/* Per-element spin locks (arg-min/max with several non-constant values).
 * Volta and later schedule diverged threads independently, so a thread
 * spinning does not starve the lock holder of its own warp. */
__device__ static inline void gmcu_lock_acquire(int32_t *l)
{
    while (atomicCAS((int *)l, 0, 1) != 0) {
    }
    __threadfence();
}
__device__ static inline void gmcu_lock_release(int32_t *l)
{
    __threadfence();
    atomicExch((int *)l, 0);
}

/* ---- packed arg-min/max on properties ------------------------------------------- */
/* <t.key; t.pay> min= <k; p>: the key and its one payload side by side in a
 * shadow element, both changed by one compare-and-swap of the whole element
 * (8 bytes when both fit 4, else 16: sm_90's 128-bit atomicCAS), so no lock
 * is taken and no reader ever sees a key with another candidate's payload.
 * The launch copies the two properties into the shadow before the kernel and
 * back after it. Before sm_90 a 16-byte element falls back to the
 * per-element locks. */
template <typename K, typename P>
struct alignas(sizeof(K) + sizeof(P) <= 8 ? 8 : 16) gmcu_kp {
    K key;
    P pay;
};

template <typename K, typename P>
__global__ static void gmcu_kp_pack(gmcu_kp<K, P> *s, const K *key, const P *pay, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        gmcu_kp<K, P> e{};
        e.key = key[i];
        e.pay = pay[i];
        s[i] = e;
    }
}

template <typename K, typename P>
__global__ static void gmcu_kp_unpack(const gmcu_kp<K, P> *s, K *key, P *pay, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        gmcu_kp<K, P> e = s[i];
        key[i] = e.key;
        pay[i] = e.pay;
    }
}

/* Several payloads that are not literals: the shadow pairs the key with a
 * ticket instead, the slot of the payload buffers where the update that set
 * the key wrote its payloads (each update has a slot of its own: its node,
 * or the node count plus its edge). Unpack copies the winning slot's
 * payloads; elements no update won (ticket -1) keep their properties. */
template <typename P> struct gmcu_kt_pay {
    P *dst;
    const P *src;
};

template <typename K>
__global__ static void gmcu_kt_pack(gmcu_kp<K, int64_t> *s, const K *key, int64_t n)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        gmcu_kp<K, int64_t> e{};
        e.key = key[i];
        e.pay = -1;
        s[i] = e;
    }
}

template <typename K, typename... P>
__global__ static void gmcu_kt_unpack(const gmcu_kp<K, int64_t> *s, K *key, int64_t n, gmcu_kt_pay<P>... pays)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
        gmcu_kp<K, int64_t> e = s[i];
        if (e.pay < 0)
            continue;
        key[i] = e.key;
        ((pays.dst[i] = pays.src[e.pay]), ...);
    }
}

/* Whether k beats the element's key (strictly: ties keep the first). */
template <bool MIN, typename K> __device__ static inline bool gmcu_kp_beats(K k, K cur)
{
    return MIN ? k < cur : k > cur;
}

/* Lowers (MIN) or raises the element to <k; p> when k beats its key; true
 * when this call changed it. */
template <bool MIN, typename K, typename P>
__device__ static inline bool gmcu_kp_update(gmcu_kp<K, P> *at, K k, P p, int32_t *lock)
{
    gmcu_kp<K, P> want{};
    want.key = k;
    want.pay = p;
    if constexpr (sizeof(gmcu_kp<K, P>) == 8) {
        (void)lock;
        unsigned long long *w = (unsigned long long *)at;
        unsigned long long old = *w, nw;
        memcpy(&nw, &want, 8);
        for (;;) {
            gmcu_kp<K, P> cur;
            memcpy(&cur, &old, 8);
            if (!gmcu_kp_beats<MIN>(k, cur.key))
                return false;
            unsigned long long seen = atomicCAS(w, old, nw);
            if (seen == old)
                return true;
            old = seen;
        }
    } else {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
        (void)lock;
        /* A 16-byte read may come in two halves; the key's half is whole, and keys
         * only move one way, so a stale key that k does not beat is not beaten by
         * the current one either. A torn pair just fails the CAS. */
        unsigned __int128 *w = (unsigned __int128 *)at;
        unsigned __int128 old = *w, nw;
        memcpy(&nw, &want, 16);
        for (;;) {
            gmcu_kp<K, P> cur;
            memcpy(&cur, &old, 16);
            if (!gmcu_kp_beats<MIN>(k, cur.key))
                return false;
            unsigned __int128 seen = atomicCAS(w, old, nw);
            if (seen == old)
                return true;
            old = seen;
        }
#else
        gmcu_lock_acquire(lock);
        bool won = gmcu_kp_beats<MIN>(k, ((volatile gmcu_kp<K, P> *)at)->key);
        if (won) {
            ((volatile gmcu_kp<K, P> *)at)->key = k;
            ((volatile gmcu_kp<K, P> *)at)->pay = p;
        }
        gmcu_lock_release(lock);
        return won;
#endif
    }
}

/* ---- scalar reductions at the end of a kernel ---------------------------------- */
/* Every thread of the block calls these once, at the same point: the warp
 * combines its values with shuffles, the block combines its warps through
 * shared memory, and one thread per block applies the atomic. */

template <typename T> __device__ static inline T gmcu_shfl_down(T v, int d)
{
    return __shfl_down_sync(0xffffffffu, v, d);
}
template <> __device__ inline bool gmcu_shfl_down<bool>(bool v, int d)
{
    return (bool)__shfl_down_sync(0xffffffffu, (int)v, d);
}
template <typename T> __device__ static inline T gmcu_shfl(T v, int lane)
{
    return __shfl_sync(0xffffffffu, v, lane);
}
template <> __device__ inline bool gmcu_shfl<bool>(bool v, int lane)
{
    return (bool)__shfl_sync(0xffffffffu, (int)v, lane);
}
template <typename T> __device__ static inline T gmcu_shfl_up(T v, int d)
{
    return __shfl_up_sync(0xffffffffu, v, d);
}
template <> __device__ inline bool gmcu_shfl_up<bool>(bool v, int d)
{
    return (bool)__shfl_up_sync(0xffffffffu, (int)v, d);
}

template <typename T, typename Op> __device__ static inline T gmcu_warp_combine(T v, Op op)
{
    for (int d = 16; d > 0; d /= 2)
        v = op(v, gmcu_shfl_down(v, d));
    return v; /* complete in lane 0 */
}

/* The block's combined value, complete in thread 0. */
template <typename T, typename Op> __device__ static inline T gmcu_block_combine(T v, Op op, T id)
{
    __shared__ T part[GMCU_BLOCK / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = gmcu_warp_combine(v, op);
    if (lane == 0)
        part[warp] = v;
    __syncthreads();
    if (warp == 0) {
        const int nw = (blockDim.x + 31) >> 5;
        T w = lane < nw ? part[lane] : id;
        v = gmcu_warp_combine(w, op);
    }
    __syncthreads(); /* part[] may be reused by the caller's next combine */
    return v;
}

struct gmcu_op_add { template <typename T> __device__ T operator()(T a, T b) const { return gmcu_add(a, b); } };
struct gmcu_op_mul { template <typename T> __device__ T operator()(T a, T b) const { return gmcu_mul(a, b); } };
struct gmcu_op_min { template <typename T> __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
struct gmcu_op_max { template <typename T> __device__ T operator()(T a, T b) const { return b > a ? b : a; } };
struct gmcu_op_and { __device__ bool operator()(bool a, bool b) const { return a && b; } };
struct gmcu_op_or { __device__ bool operator()(bool a, bool b) const { return a || b; } };

template <typename T> __device__ static inline void gmcu_reduce_add(T *slot, T v)
{
    v = gmcu_block_combine(v, gmcu_op_add(), T(0));
    if (threadIdx.x == 0 && v != T(0))
        gmcu_atomic_add(slot, v);
}
template <typename T> __device__ static inline void gmcu_reduce_mul(T *slot, T v)
{
    v = gmcu_block_combine(v, gmcu_op_mul(), T(1));
    if (threadIdx.x == 0 && v != T(1))
        gmcu_atomic_mul(slot, v);
}
template <typename T> __device__ static inline void gmcu_reduce_min(T *slot, T v)
{
    v = gmcu_block_combine(v, gmcu_op_min(), gmcu_shfl(v, 0));
    if (threadIdx.x == 0)
        gmcu_atomic_min(slot, v);
}
template <typename T> __device__ static inline void gmcu_reduce_max(T *slot, T v)
{
    v = gmcu_block_combine(v, gmcu_op_max(), gmcu_shfl(v, 0));
    if (threadIdx.x == 0)
        gmcu_atomic_max(slot, v);
}
__device__ static inline void gmcu_reduce_and(bool *slot, bool v)
{
    if (!__syncthreads_and(v) && threadIdx.x == 0)
        *(volatile bool *)slot = false;
}
__device__ static inline void gmcu_reduce_or(bool *slot, bool v)
{
    if (__syncthreads_or(v) && threadIdx.x == 0)
        *(volatile bool *)slot = true;
}

#endif /* GMCU_ATOMICS_H */
