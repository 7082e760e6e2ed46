/* mirror.cu (libgmrt-cuda): property mirrors, a host and a device array
 * with flags saying which side is current. Declarations and contracts:
 * gmcu_mirror.h. */
#include "gmcu_device.h"
#include "gmcu_graph.h"
#include "gmcu_mirror.h"

/* The copies' account (gmcu_transfer_ms); one per process, like the graph cache. */
static double transfer_ms, transfer_bytes;

void gmcu_transfers_reset(void)
{
    transfer_ms = transfer_bytes = 0;
}

double gmcu_transfer_ms(void) { return transfer_ms; }
double gmcu_transfer_mb(void) { return transfer_bytes / 1e6; }

void gmcu_copy_counted(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind)
{
    GMCU_CHECK(cudaDeviceSynchronize()); /* the copy would wait for it anyway: not its time */
    double t0 = gmrt_time_ms();
    GMCU_CHECK(cudaMemcpy(dst, src, bytes, kind));
    transfer_ms += gmrt_time_ms() - t0;
    transfer_bytes += (double)bytes;
}

/* Whether a is device memory (cudaMalloc); host and managed memory are not. */
static bool is_device_memory(const void *a)
{
    cudaPointerAttributes at;
    if (!a || cudaPointerGetAttributes(&at, a) != cudaSuccess) {
        (void)cudaGetLastError(); /* an unknown pointer: host memory */
        return false;
    }
    return at.type == cudaMemoryTypeDevice;
}

void gmcu_mirror_param(gmcu_mirror *m, void *a, size_t n, size_t elem)
{
    bool dev = is_device_memory(a);
    m->h = dev ? NULL : a;
    m->d = dev ? a : NULL;
    m->caller_d = dev ? a : NULL;
    m->n = n;
    m->elem = elem;
    m->hv = !dev;
    m->dv = dev;
    m->own_h = false;
    m->own_d = false;
}

void gmcu_mirror_return(gmcu_mirror *m)
{
    if (!m->caller_d) {
        gmcu_to_host(m);
    } else {
        void *d = gmcu_to_device(m);
        /* after a swap (gmcu_mirror_swap) the values may sit in the buffer of
         * a local property, which is dead now */
        if (d != m->caller_d && m->n)
            GMCU_CHECK(cudaMemcpy(m->caller_d, d, m->n * m->elem, cudaMemcpyDeviceToDevice));
    }
    gmcu_mirror_free(m);
}

void gmcu_mirror_local(gmcu_mirror *m, size_t n, size_t elem)
{
    /* no side allocated yet: the first gmcu_to_device/_overwrite or
     * gmcu_to_host makes it (a property the translation never touches, as
     * wcc's deferred copy once its loop became a union-find, costs nothing);
     * neither side current: the values are undefined until written */
    m->h = NULL;
    m->d = NULL;
    m->caller_d = NULL;
    m->n = n;
    m->elem = elem;
    m->hv = false;
    m->dv = false;
    m->own_h = false;
    m->own_d = false;
}

void gmcu_mirror_return_first(gmcu_mirror *m, size_t count)
{
    if (count > m->n)
        count = m->n;
    if (!m->caller_d && m->h) {
        /* the caller's host array: only its first count values come back
         * (none on a rank that owns no node) */
        if (!m->hv && m->dv && count)
            gmcu_copy_counted(m->h, m->d, count * m->elem, cudaMemcpyDeviceToHost);
        gmcu_mirror_free(m);
        return;
    }
    gmcu_mirror_return(m);
}

void gmcu_mirror_free(gmcu_mirror *m)
{
    if (m->own_d)
        gmcu_free(m->d);
    if (m->own_h)
        free(m->h);
    m->h = m->d = NULL;
}

/* The device buffer, allocated at first need. */
static void *device_side(gmcu_mirror *m)
{
    if (!m->d) {
        m->d = gmcu_malloc(m->n * m->elem, "a property");
        m->own_d = true;
    }
    return m->d;
}

void *gmcu_to_device(gmcu_mirror *m)
{
    device_side(m);
    if (!m->dv) {
        if (m->hv && m->n)
            gmcu_copy_counted(m->d, m->h, m->n * m->elem, cudaMemcpyHostToDevice);
        m->dv = true;
    }
    return m->d;
}

void *gmcu_to_device_overwrite(gmcu_mirror *m)
{
    device_side(m);
    m->dv = true;
    return m->d;
}

void *gmcu_to_host(gmcu_mirror *m)
{
    if (!m->h) {
        m->h = gmcu_host_alloc(m->n * m->elem);
        m->own_h = true;
    }
    if (!m->hv) {
        if (m->dv && m->n)
            gmcu_copy_counted(m->h, m->d, m->n * m->elem, cudaMemcpyDeviceToHost);
        m->hv = true;
    }
    return m->h;
}

void gmcu_device_wrote(gmcu_mirror *m)
{
    m->dv = true;
    m->hv = false;
}

void gmcu_host_wrote(gmcu_mirror *m)
{
    m->hv = true;
    m->dv = false;
}

void gmcu_mirror_copy(gmcu_mirror *dst, gmcu_mirror *src)
{
    void *s = gmcu_to_device(src);
    void *d = gmcu_to_device(dst);
    if (src->n)
        GMCU_CHECK(cudaMemcpy(d, s, src->n * src->elem, cudaMemcpyDeviceToDevice));
    gmcu_device_wrote(dst);
}

void gmcu_mirror_swap(gmcu_mirror *a, gmcu_mirror *b)
{
    gmcu_to_device(a);
    gmcu_to_device(b);
    void *t = a->d;
    a->d = b->d;
    b->d = t;
    bool own = a->own_d; /* each buffer is freed by whichever mirror holds it */
    a->own_d = b->own_d;
    b->own_d = own;
    a->hv = b->hv = false;
}
