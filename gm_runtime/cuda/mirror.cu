/* mirror.cu (libgmrt-cuda): property mirrors, a host and a device array
 * with flags saying which side is current. Declarations and contracts:
 * gmcu.h. */
#include "gmcu.h"

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

void gmcu_mirror_param(gmcu_mirror *m, void *h, size_t n, size_t elem)
{
    m->h = h;
    m->d = NULL;
    m->n = n;
    m->elem = elem;
    m->hv = true;
    m->dv = false;
    m->own_h = false;
}

void gmcu_mirror_local(gmcu_mirror *m, size_t n, size_t elem)
{
    m->h = NULL;
    m->d = gmcu_malloc(n * elem, "a property");
    m->n = n;
    m->elem = elem;
    m->hv = false;
    m->dv = true;
    m->own_h = true;
}

void gmcu_mirror_free(gmcu_mirror *m)
{
    gmcu_free(m->d);
    if (m->own_h)
        free(m->h);
    m->h = m->d = NULL;
}

void *gmcu_to_device(gmcu_mirror *m)
{
    if (!m->d)
        m->d = gmcu_malloc(m->n * m->elem, "a property");
    if (!m->dv) {
        if (m->hv && m->n)
            gmcu_copy_counted(m->d, m->h, m->n * m->elem, cudaMemcpyHostToDevice);
        m->dv = true;
    }
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
    a->hv = b->hv = false;
}
