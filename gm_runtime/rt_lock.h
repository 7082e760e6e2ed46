/* rt_lock.h (internal): the spin lock guarding the thread-safe ("_par")
 * variants of collection operations.  Critical sections are a few
 * instructions long, so spinning beats sleeping. */
#ifndef GMRT_RT_LOCK_H
#define GMRT_RT_LOCK_H

static inline void gmrt_spin_lock(int *l)
{
    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(l, __ATOMIC_RELAXED))
            ;
}

static inline void gmrt_spin_unlock(int *l) { __atomic_store_n(l, 0, __ATOMIC_RELEASE); }

#endif
