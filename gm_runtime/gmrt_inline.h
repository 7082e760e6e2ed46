/* gmrt_inline.h: the small helpers gmc's generated files call (allocation
 * that never returns NULL, the chunk of a dynamic schedule, wrapping Int and
 * Long arithmetic, checked division, saturating float to integer
 * conversion, atomic updates by compare-and-swap, per-element spin
 * locks), all static inline; every
 * generated .c and .cu includes it. Install location: <gmc/gmrt_inline.h>.
 * Their names start with _c_ and GMC_, which gmc keeps for itself (a
 * Green-Marl name never becomes one), so they are not for other code. */
#ifndef GMRT_INLINE_H
#define GMRT_INLINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "gmrt_base.h"
#include "gmrt_fatal.h"

/* Allocation that never returns NULL (an empty array still gets a valid pointer):
 * out of memory names the size and ends the call, a run-time error (gmrt_fatal:
 * exit 1, or an error return from NAME_try). */
static inline __attribute__((unused)) void _c_no_memory(size_t n, size_t size)
{
    gmrt_fatal("out of memory: cannot allocate %zu x %zu bytes (%.3g GB)", n, size,
               (double)n * (double)size / 1e9);
}

/* The index of a property element that host code reaches through a Node or
 * Edge value (not a loop's own): v itself when it names an element of the
 * n, else a run-time error naming where (NIL from G.PickRandom() on an empty
 * graph or n.PickRandomNbr() with no neighbour, an id past the end from the
 * caller): a write there would corrupt memory and a read give garbage. */
#ifdef __CUDACC__
#define GMC_HOST_DEVICE __host__ __device__
#else
#define GMC_HOST_DEVICE
#endif
static inline GMC_HOST_DEVICE __attribute__((unused)) int64_t _c_index_at(int64_t v, int64_t n, const char *where)
{
    if (v < 0 || v >= n) {
#ifdef __CUDA_ARCH__
        (void)where;
        __trap(); /* no slot in scope (gm_cgen/cg_nil.c's fallback): the kernel fails */
#else
        gmrt_fatal("%s: %s", where, v < 0 ? "the node or edge is NIL" : "not a node or edge of the graph");
#endif
    }
    return v;
}

/* Int and Long arithmetic wraps modulo 2^32 / 2^64 (two's complement), as
 * gmc's constant folding computes it and as docs/green-marl-language.md
 * defines it: generated code does + - * and unary - on Int and Long through
 * these, in unsigned arithmetic, so that no compiler or flag (-O3 without
 * -fwrapv, nvcc's device compiler) may treat an overflow as impossible. The
 * conversion back to the signed type is modular on gcc, clang and nvcc. */
#define GMC_WRAP_OPS(S, T, U)                                                                              \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_add_##S(T a, T b) { return (T)((U)a + (U)b); } \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_sub_##S(T a, T b) { return (T)((U)a - (U)b); } \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_mul_##S(T a, T b) { return (T)((U)a * (U)b); } \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_neg_##S(T a) { return (T)((U)0 - (U)a); }      \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_abs_##S(T a) { return a < 0 ? _c_neg_##S(a) : a; }
GMC_WRAP_OPS(i32, int32_t, uint32_t)
GMC_WRAP_OPS(i64, int64_t, uint64_t)
#undef GMC_WRAP_OPS

/* Stores code in *slot (the host's _c_nil or the device's gmcu_nil_site)
 * unless an earlier failure is there already: the first one is reported. */
static inline GMC_HOST_DEVICE __attribute__((unused)) void _c_site_store(int32_t code, int32_t *slot)
{
#ifdef __CUDA_ARCH__
    atomicCAS((int *)slot, 0, (int)code);
#else
    int32_t none = 0;
    __atomic_compare_exchange_n(slot, &none, code, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
#endif
}

/* A division or remainder by zero (where: "pr.gm:12"): a run-time error
 * (gmrt_fatal: exit 1, or an error return from NAME_try); device code
 * without an error slot in scope (gm_cgen/cg_expr.c) makes the kernel fail. */
static inline GMC_HOST_DEVICE __attribute__((unused)) void _c_div_zero(const char *where, bool mod)
{
#ifdef __CUDA_ARCH__
    (void)where;
    (void)mod;
    __trap();
#else
    gmrt_fatal("%s: integer %s by zero", where, mod ? "modulo" : "division");
#endif
}

/* Int and Long / and % (docs/green-marl-language.md, section 6): truncating
 * toward zero, as C; by zero a run-time error naming where; the one
 * overflowing quotient wraps (INT_MIN / -1 is INT_MIN, INT_MIN % -1 is 0),
 * where C's operators trap (SIGFPE on x86). The _slot forms, for CUDA
 * kernels, record code in slot instead (reported by the host after the
 * statement, gm_cgen/cg_nil.c) and give 0. Both tests are branches a CPU
 * predicts: the divide costs far more. */
#define GMC_DIV_OPS(S, T)                                                                                        \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_div_##S(T a, T b, const char *where)             \
    {                                                                                                             \
        if (__builtin_expect(b == 0, 0)) {                                                                        \
            _c_div_zero(where, false);                                                                            \
            return 0;                                                                                             \
        }                                                                                                         \
        return b == -1 ? _c_neg_##S(a) : a / b;                                                                   \
    }                                                                                                             \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_mod_##S(T a, T b, const char *where)             \
    {                                                                                                             \
        if (__builtin_expect(b == 0, 0)) {                                                                        \
            _c_div_zero(where, true);                                                                             \
            return 0;                                                                                             \
        }                                                                                                         \
        return b == -1 ? 0 : a % b;                                                                               \
    }                                                                                                             \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_div_##S##_slot(T a, T b, int32_t code, int32_t *slot) \
    {                                                                                                             \
        if (__builtin_expect(b == 0, 0)) {                                                                        \
            _c_site_store(code, slot);                                                                            \
            return 0;                                                                                             \
        }                                                                                                         \
        return b == -1 ? _c_neg_##S(a) : a / b;                                                                   \
    }                                                                                                             \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T _c_mod_##S##_slot(T a, T b, int32_t code, int32_t *slot) \
    {                                                                                                             \
        if (__builtin_expect(b == 0, 0)) {                                                                        \
            _c_site_store(code, slot);                                                                            \
            return 0;                                                                                             \
        }                                                                                                         \
        return b == -1 ? 0 : a % b;                                                                               \
    }
GMC_DIV_OPS(i32, int32_t)
GMC_DIV_OPS(i64, int64_t)
#undef GMC_DIV_OPS

/* A floating division by a literal zero (x / 0 in a program: IEEE's
 * infinity or NaN), through a function: gcc's -Wdiv-by-zero and nvcc's
 * division-by-zero check (#39-D) look at a constant divisor only in place. */
static inline GMC_HOST_DEVICE __attribute__((unused)) double _c_fdiv(double a, double b)
{
    return a / b;
}
static inline GMC_HOST_DEVICE __attribute__((unused)) float _c_fdivf(float a, float b)
{
    return a / b;
}

/* Float and Double to Int and Long (casts, and stores of a floating value
 * into an integer place): truncation toward zero; a value beyond the
 * type's range gives its limit (INF included) and NaN gives 0, as CUDA's
 * conversion does, where C leaves the conversion undefined (x86 gives
 * INT_MIN). The limits are exact powers of two in either floating type. */
#define GMC_CONV_OP(NAME, F, T, MIN, MAX, TWO_POW)                                        \
    static inline GMC_HOST_DEVICE __attribute__((unused)) T NAME(F x)                     \
    {                                                                                     \
        return x != x ? 0 : x >= (F)(TWO_POW) ? MAX : x <= -(F)(TWO_POW) ? MIN : (T)x;    \
    }
GMC_CONV_OP(_c_f2i32, float, int32_t, INT32_MIN, INT32_MAX, 2147483648.0)
GMC_CONV_OP(_c_d2i32, double, int32_t, INT32_MIN, INT32_MAX, 2147483648.0)
GMC_CONV_OP(_c_f2i64, float, int64_t, INT64_MIN, INT64_MAX, 9223372036854775808.0)
GMC_CONV_OP(_c_d2i64, double, int64_t, INT64_MIN, INT64_MAX, 9223372036854775808.0)
#undef GMC_CONV_OP

/* The same check in parallel code (gm_cgen/cg_nil.c), which cannot stop
 * there: true when v names an element of the n; else the first failing
 * check of the loop stores its code (site, an even number, plus 1 when v is
 * past the end rather than NIL) in *slot (the host's variable or the
 * device's gmcu_nil_site) and the access is skipped. */
static inline GMC_HOST_DEVICE __attribute__((unused)) bool _c_nil_ok(int64_t v, int64_t n, int32_t site, int32_t *slot)
{
    if (__builtin_expect((uint64_t)v < (uint64_t)n, 1))
        return true;
    _c_site_store(site + (v >= 0), slot);
    return false;
}

/* After the parallel statement: a run-time error naming the first failing
 * check's site (sites[code / 2 - 1]), as _c_index_at's; nothing for 0. A
 * site that starts with '!' is the whole message (a division by zero in a
 * kernel, _c_div_i32_slot). */
static inline __attribute__((unused)) void _c_nil_report(int32_t code, const char *const *sites)
{
    if (code && sites[code / 2 - 1][0] == '!')
        gmrt_fatal("%s", sites[code / 2 - 1] + 1);
    if (code)
        gmrt_fatal("%s: %s", sites[code / 2 - 1], code & 1 ? "not a node or edge of the graph" : "the node or edge is NIL");
}

/* n elements of size bytes; for n == 0 still one element (not one byte), as
 * _c_zalloc: gcc -O2 warns (-Warray-bounds) on a loop over a zero-node
 * property (a local empty Graph's) that it sees indexing a 1-byte block. */
static inline __attribute__((unused)) void *_c_alloc(size_t n, size_t size)
{
    void *p = gmrt_alloc_big_array(n, size); /* big ones on huge pages */
    if (!p)
        _c_no_memory(n, size);
    return p;
}

static inline __attribute__((unused)) void *_c_zalloc(size_t n, size_t size)
{
    void *p = gmrt_zalloc_big_array(n, size); /* big ones on huge pages */
    if (!p)
        _c_no_memory(n, size);
    return p;
}

/* n nodes or edges, each NIL (GMRT_NIL_NODE and GMRT_NIL_EDGE: all bits
 * set), for a property that may be read before it is written. */
static inline __attribute__((unused)) void *_c_nil_alloc(size_t n, size_t size)
{
    void *p = _c_alloc(n, size);
    memset(p, 0xff, (n ? n : 1) * (size ? size : 1));
    return p;
}

/* The chunk of a dynamic schedule over n iterations: about 64 chunks per
 * thread (few grabs of the shared counter, still enough to even out skewed
 * degrees), 64 to 4096 iterations (smaller chunks made the thousands of
 * small BFS levels of a road grid pay a grab per 16 nodes). */
static inline __attribute__((unused)) int _c_chunk(int64_t n)
{
#ifdef _OPENMP
    int64_t c = n / ((int64_t)omp_get_max_threads() * 64);
#else
    int64_t c = n / 64;
#endif
    return c < 64 ? 64 : c > 4096 ? 4096 : (int)c;
}

/* Atomic updates of a shared value: compare-and-swap loops where no
 * single instruction exists. min/max return whether they stored v. */
#define GMC_ATOMIC_OPS(S, T, ADD, MUL)                                                  \
    static inline __attribute__((unused)) void _c_atomic_add_##S(T *p, T v)                               \
    {                                                                            \
        T old, upd;                                                              \
        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \
        do {                                                                     \
            upd = ADD(old, v);                                                   \
        } while (!__atomic_compare_exchange(p, &old, &upd, true, __ATOMIC_RELAXED,\
                                            __ATOMIC_RELAXED));                  \
    }                                                                            \
    static inline __attribute__((unused)) void _c_atomic_mul_##S(T *p, T v)                               \
    {                                                                            \
        T old, upd;                                                              \
        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \
        do {                                                                     \
            upd = MUL(old, v);                                                   \
        } while (!__atomic_compare_exchange(p, &old, &upd, true, __ATOMIC_RELAXED,\
                                            __ATOMIC_RELAXED));                  \
    }                                                                            \
    static inline __attribute__((unused)) bool _c_atomic_min_##S(T *p, T v)                               \
    {                                                                            \
        T old;                                                                   \
        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \
        while (v < old)                                                          \
            if (__atomic_compare_exchange(p, &old, &v, true, __ATOMIC_RELAXED,     \
                                          __ATOMIC_RELAXED))                     \
                return true;                                                     \
        return false;                                                            \
    }                                                                            \
    static inline __attribute__((unused)) bool _c_atomic_max_##S(T *p, T v)                               \
    {                                                                            \
        T old;                                                                   \
        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \
        while (v > old)                                                          \
            if (__atomic_compare_exchange(p, &old, &v, true, __ATOMIC_RELAXED,     \
                                          __ATOMIC_RELAXED))                     \
                return true;                                                     \
        return false;                                                            \
    }
#define GMC_FADD(a, b) ((a) + (b))
#define GMC_FMUL(a, b) ((a) * (b))
GMC_ATOMIC_OPS(i32, int32_t, _c_add_i32, _c_mul_i32) /* wrapping, as above */
GMC_ATOMIC_OPS(i64, int64_t, _c_add_i64, _c_mul_i64)
GMC_ATOMIC_OPS(f32, float, GMC_FADD, GMC_FMUL)
GMC_ATOMIC_OPS(f64, double, GMC_FADD, GMC_FMUL)
#undef GMC_ATOMIC_OPS
#undef GMC_FADD
#undef GMC_FMUL

/* Per-element spin locks for arg-min/max with several non-constant values. */
static inline __attribute__((unused)) void _c_lock_acquire(int32_t *l)
{
    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE)) {
        while (__atomic_load_n(l, __ATOMIC_RELAXED)) {
        }
    }
}

static inline __attribute__((unused)) void _c_lock_release(int32_t *l)
{
    __atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

#endif
