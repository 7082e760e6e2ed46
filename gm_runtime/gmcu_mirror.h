/* gmcu_mirror.h: property mirrors. A property is a host array and a device
 * array with flags saying which side holds the current values: kernels make
 * the device side current (gmcu_to_device), host code the host side
 * (gmcu_to_host); gmcu_get/gmcu_set read or write one element where it
 * lives. A caller's device array is used in place. Also the account of bulk
 * host-device copies and gmcu_discard (`_` outputs). Host functions in
 * gm_runtime/cuda/mirror.cu. */
#ifndef GMCU_MIRROR_H
#define GMCU_MIRROR_H

#include "gmcu_device.h"

/* ---- property mirrors (gm_runtime/cuda/mirror.cu) ---------------------------- */

typedef struct gmcu_mirror {
    void *h, *d;
    void *caller_d;  /* the caller's array when it is device memory, else NULL */
    size_t n, elem;
    bool hv, dv;     /* the host / device side holds the current values */
    bool own_h;      /* h was allocated here (not the caller's array) */
    bool own_d;      /* d was allocated here (not the caller's array) */
} gmcu_mirror;

extern "C" {

/* A caller's array: current on the host, or, when the caller passed device
 * memory (cudaMalloc), current on the device and used in place: nothing is
 * copied either way, and the results stay there for the caller. */
void gmcu_mirror_param(gmcu_mirror *m, void *a, size_t n, size_t elem);

/* At a procedure's exit: the caller's array receives the current values
 * (from the device to a host array; to a device array from wherever they
 * are), then the mirror is freed. */
void gmcu_mirror_return(gmcu_mirror *m);

/* gmcu_mirror_return where only the first count elements are meaningful to
 * the caller (gmc -t cuda --distributed: a node property's owners, the
 * ghosts after them are never output): a caller's host array receives
 * those only (the rest keep what they held); a caller's device array, as
 * gmcu_mirror_return. */
void gmcu_mirror_return_first(gmcu_mirror *m, size_t count);

/* A procedure's own property (undefined values): nothing is allocated until
 * the first gmcu_to_device, gmcu_to_device_overwrite or gmcu_to_host. */
void gmcu_mirror_local(gmcu_mirror *m, size_t n, size_t elem);

void gmcu_mirror_free(gmcu_mirror *m);

/* Makes the device side current; returns it. */
void *gmcu_to_device(gmcu_mirror *m);

/* The device side, for a kernel that writes every element before anything
 * reads it: the host's values are dead, so nothing is copied in. The caller
 * marks the write (gmcu_device_wrote) after the launch as for any kernel. */
void *gmcu_to_device_overwrite(gmcu_mirror *m);

/* Makes the host side current; returns it. */
void *gmcu_to_host(gmcu_mirror *m);

/* Time and bytes of the bulk copies between host and device (property
 * arguments both ways, the graph's upload) since the last reset: the
 * generated main reports them apart from the call's time, which includes
 * them. The clock starts after the device's earlier work has finished. */
void gmcu_transfers_reset(void);
double gmcu_transfer_ms(void);
double gmcu_transfer_mb(void);

void gmcu_device_wrote(gmcu_mirror *m); /* the device side is now the current one */
void gmcu_host_wrote(gmcu_mirror *m);   /* the host side is now the current one */

/* dst = src on the device (the deferred-write buffers, whole copies). */
void gmcu_mirror_copy(gmcu_mirror *dst, gmcu_mirror *src);

/* Exchanges two properties' values: device pointers when possible. The host
 * arrays stay with their owners (a caller's array stays the caller's). */
void gmcu_mirror_swap(gmcu_mirror *a, gmcu_mirror *b);

} /* extern "C" */

/* One element, read where it is current. */
template <typename T> static inline T gmcu_get(gmcu_mirror *m, int64_t i)
{
    T v = T();
    if (m->hv)
        v = ((T *)m->h)[i];
    else if (m->dv)
        gmcu_fetch(&v, (T *)m->d + i, sizeof(T));
    return v;
}

/* One element, written on every side that is current. */
template <typename T> static inline void gmcu_set(gmcu_mirror *m, int64_t i, T v)
{
    if (!m->hv && !m->dv)
        gmcu_to_device(m);
    if (m->hv)
        ((T *)m->h)[i] = v;
    if (m->dv)
        gmcu_put((T *)m->d + i, &v, sizeof(T));
}


/* Where a discarded procedure output goes (`_` in a call). */
template <typename T> static inline T *gmcu_discard(void)
{
    static thread_local T sink;
    return &sink;
}

#endif /* GMCU_MIRROR_H */
