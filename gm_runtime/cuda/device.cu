/* device.cu (libgmrt-cuda): errors, the device, allocation, reduction
 * slots and launch seeds. Declarations and contracts: gmcu_device.h
 * (gmcu_graph.h: edge blocking; gmcu_rng.h: launch seeds). */
#include "gmcu_balance.h"
#include "gmcu_device.h"
#include "gmcu_graph.h"
#include "gmcu_rng.h"
#include <math.h>
#include <mutex>

#include "locked.h"
#include <stdlib.h>
#include <string.h>

/* No driver at all reads as cudaErrorInsufficientDriver ("CUDA driver version
 * is insufficient"), which sends users to upgrade a driver they do not have:
 * cudaDriverGetVersion() tells the two apart (0 when no driver is loaded). */
[[noreturn]] static void no_gpu(cudaError_t err)
{
    int driver = 0, runtime = 0;
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    if (err == cudaErrorInsufficientDriver && driver == 0)
        gmrt_fatal("no NVIDIA driver found, so no GPU can be used "
                   "(install the NVIDIA driver, or build for the CPU with gmc -t omp)");
    else if (err == cudaErrorInsufficientDriver)
        gmrt_fatal("the NVIDIA driver (CUDA %d.%d) is older than this program's CUDA runtime (%d.%d): "
                   "update the driver", driver / 1000, driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10);
    else if (err == cudaErrorNoDevice)
        gmrt_fatal("no NVIDIA GPU found (the driver is loaded but sees no device)");
    else
        gmrt_fatal("no CUDA GPU found (%s)", err != cudaSuccess ? cudaGetErrorString(err) : "no device");
}

/* Through gmrt_fatal: exit 1, or back to a NAME_try guard. */
void gmcu_fail(cudaError_t err, const char *what, const char *file, int line)
{
    if (err == cudaErrorMemoryAllocation)
        gmrt_fatal("out of GPU memory (%s at %s:%d)", what, file, line);
    else if (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver)
        no_gpu(err);
    else
        gmrt_fatal("CUDA: %s (%s at %s:%d)", cudaGetErrorString(err), what, file, line);
}

/* The process's one copy (gmcu_init fills it). */
static gmcu_device_info device_info;

gmcu_device_info *gmcu_info(void)
{
    return &device_info;
}

void gmcu_init(void)
{
    gmcu_device_info *info = gmcu_info();
    if (info->ready)
        return;
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0)
        no_gpu(err == cudaSuccess ? cudaErrorNoDevice : err);
    cudaDeviceProp prop;
    GMCU_CHECK(cudaGetDeviceProperties(&prop, 0));
    info->sms = prop.multiProcessorCount;
    info->max_threads_per_sm = prop.maxThreadsPerMultiProcessor;
    info->l2_bytes = prop.l2CacheSize;
    info->ready = true;
}

bool gmcu_device_memory(gmrt_device_memory *out)
{
    int count = 0, dev = 0;
    cudaDeviceProp prop;
    size_t free_b = 0, total = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0 || cudaGetDevice(&dev) != cudaSuccess ||
        cudaGetDeviceProperties(&prop, dev) != cudaSuccess || cudaMemGetInfo(&free_b, &total) != cudaSuccess) {
        (void)cudaGetLastError(); /* not left for a later check to find */
        return false;
    }
    out->index = dev;
    snprintf(out->name, sizeof out->name, "%s", prop.name);
    out->total = total;
    out->free = free_b;
    return true;
}

unsigned gmcu_blocks(int64_t n)
{
    gmcu_device_info *info = gmcu_info();
    int64_t want = (n + GMCU_BLOCK - 1) / GMCU_BLOCK;
    int64_t cap = (int64_t)info->sms * (info->max_threads_per_sm / GMCU_BLOCK) * 4;
    if (cap < 1)
        cap = 1;
    if (want > cap)
        want = cap;
    return (unsigned)(want < 1 ? 1 : want);
}

#ifndef GMCU_EB_L2_SHARE
#define GMCU_EB_L2_SHARE 0.4 /* of the L2 for one segment's gathered values (H200, PageRank on a
                                uniform 2^24-node graph: 6 segments of 22 MB best, 138 ms; 5: 143; 1: 161) */
#endif

int gmcu_eb_segments(gm_graph *G, bool in_edges, size_t elem, bool force)
{
    const int64_t n = G->num_nodes;
    if (n < 2)
        return 1;
    const char *env = getenv("GMCU_EB_SEGMENTS");
    if (env && atoi(env) >= 1)
        return atoi(env) < n ? atoi(env) : (int)n;
    if (!force && !gmcu_scattered(G))
        return 1; /* neighbours' values close together: nothing to gain */
    /* With hubs most gathers hit the hubs' values, which stay in the L2:
     * segments as large as the whole L2 (H200, PageRank RMAT-24: 3 segments
     * 116.9 ms, 6 128.7, unblocked 129.1) ... */
    const bool skewed = gmcu_skewed(G, in_edges);
    const bool split = skewed && gmcu_hubs_on();
    /* ... and larger still once the hub split (hubs.cu) walks the biggest
     * rows with the whole grid: 1.5 times the L2 (PageRank, 20 iterations,
     * H200: RMAT-22 one segment 12.8 ms, two 15.9; kron22 22.1 and 22.8;
     * RMAT-24 two 67.1, one 70.1, three 71.3) */
    const double share = split ? 1.5 : skewed ? 1.0 : GMCU_EB_L2_SHARE;
    const double fit = (double)gmcu_info()->l2_bytes * share;
    /* A 4-byte table is cut as if its values took 8 bytes: on a uniform
     * 2^22-node graph (H100, 20 iterations) Float PageRank ran 40.2 ms in
     * one segment and 36.2 in two (27.0 with its gathers through __ldg,
     * 77.4 in one), an Int pull 36.3 and 28.1, Double 29.0 in its two */
    const double bytes = (double)n * (double)(elem == 4 ? 8 : elem);
    double k = fit > 0 ? ceil(bytes / fit) : 1;
    /* ... without the split, past half the L2 the random gathers already
     * slow down (the H200's rate falls from 32 MB on, perf-anchors.md): two
     * segments at least (PageRank on kron22, 33.5 MB of Double ranks: 32.0 ms
     * against 34.8 in one; RMAT-22 31.1 against 32.5) */
    if (skewed && !split && k < 2 && bytes > 0.5 * fit)
        k = 2;
    if (k > 64)
        k = 64; /* beyond this the partial results cost more than the gathers save */
    /* the cuts (gmcu_eb_cuts: k + 1 offsets a node) in a quarter of the
     * device memory left: kron28 on 2 ranks has 1.8e8 nodes a rank, 1.5 GB
     * an offset each with 64-bit edges, 96 GB for 64 segments */
    const double row = (double)(n + 1) * sizeof(gm_edge_t);
    if (k > 1 && (k + 1) * row > 1e9) {
        const double room = 0.25 * (double)gmcu_mem_available();
        if ((k + 1) * row > room)
            k = floor(room / row) - 1;
        if (k < 2)
            k = 1;
    }
    if (force && k < 2)
        k = 2;
    return (int)k;
}

int gmcu_eb_segments_gather(gm_graph *G, bool in_edges, size_t elem, bool force)
{
    const gm_graph *sh = &gmcu_graph_cache_get()->shadow;
    const bool ordered = gmcu_graph_cached(G) && (in_edges ? sh->r_gather_pos : sh->gather_pos);
    if (ordered && !force && !getenv("GMCU_EB_SEGMENTS"))
        return 1;
    return gmcu_eb_segments(G, in_edges, elem, force);
}

void *gmcu_eb_scratch(size_t bytes)
{
    static void *buf;
    static size_t cap;
    if (bytes > cap) {
        gmcu_free(buf);
        buf = gmcu_malloc(bytes, "edge-blocking partial results");
        cap = bytes;
    }
    return buf;
}

void *gmcu_host_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        gmrt_fatal("out of memory: cannot allocate %zu bytes on the host", bytes);
    return p;
}

char *gmcu_slots_new(void)
{
    return (char *)gmcu_malloc(GMCU_SLOTS * 8, "the reduction slots");
}

/* gmcu_put's bytes, passed by value. */
typedef struct put_payload {
    unsigned char b[GMCU_PUT_MAX];
} put_payload;

__global__ static void gmcu_put_kernel(unsigned char *dst, put_payload p, unsigned bytes)
{
    for (unsigned i = threadIdx.x; i < bytes; i += blockDim.x)
        dst[i] = p.b[i];
}

/* GMCU_PUT=copy: every gmcu_put a plain cudaMemcpy (for comparisons). */
static bool put_by_copy(void)
{
    static int mode = -1;
    if (mode < 0) {
        const char *env = getenv("GMCU_PUT");
        mode = env && strcmp(env, "copy") == 0;
    }
    return mode == 1;
}

void gmcu_put(void *dst, const void *src, size_t bytes)
{
    if (bytes > GMCU_PUT_MAX || put_by_copy()) { /* not for small things: the plain copy */
        GMCU_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
        return;
    }
    put_payload p = {{0}};
    memcpy(p.b, src, bytes);
    gmcu_put_kernel<<<1, 32>>>((unsigned char *)dst, p, (unsigned)bytes);
    GMCU_LAUNCHED("gmcu_put");
}

/* GMCU_FETCH: how gmcu_fetch reads: 'copy' a plain cudaMemcpy, 'pinned' a copy
 * into a pinned buffer, else (the default) a one-thread kernel that writes
 * the bytes and a sequence number into mapped host memory, the host
 * spinning on the number. */
enum { FETCH_KERNEL, FETCH_PINNED, FETCH_COPY };
static int fetch_mode(void)
{
    static int mode = -1;
    if (mode < 0) {
        const char *env = getenv("GMCU_FETCH");
        mode = !env ? FETCH_KERNEL : strcmp(env, "copy") == 0 ? FETCH_COPY : strcmp(env, "pinned") == 0 ? FETCH_PINNED : FETCH_KERNEL;
    }
    return mode;
}

/* The mapped buffer: the bytes, then the sequence number. */
typedef struct fetch_box {
    unsigned char b[GMCU_PUT_MAX];
    unsigned long long seq;
} fetch_box;

__global__ static void gmcu_fetch_kernel(const unsigned char *src, fetch_box *box, unsigned bytes, unsigned long long seq)
{
    for (unsigned i = 0; i < bytes; i++)
        ((volatile unsigned char *)box->b)[i] = src[i];
    __threadfence_system(); /* the bytes before the number */
    *(volatile unsigned long long *)&box->seq = seq;
}

void gmcu_fetch(void *dst, const void *src, size_t bytes)
{
    static std::mutex lock; /* one mapped buffer for the process */
    static fetch_box *box;
    static unsigned long long seq;
    const int mode = fetch_mode();
    if (bytes > GMCU_PUT_MAX || mode == FETCH_COPY) {
        GMCU_CHECK(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
        return;
    }
    gmcu_locked hold(lock);
    if (!box) {
        GMCU_CHECK(cudaHostAlloc((void **)&box, sizeof *box, cudaHostAllocMapped));
        memset(box, 0, sizeof *box);
    }
    if (mode == FETCH_PINNED) {
        GMCU_CHECK(cudaMemcpyAsync(box->b, src, bytes, cudaMemcpyDeviceToHost, 0));
        GMCU_CHECK(cudaStreamSynchronize(0));
        memcpy(dst, box->b, bytes);
        return;
    }
    fetch_box *dbox;
    GMCU_CHECK(cudaHostGetDevicePointer((void **)&dbox, box, 0));
    const unsigned long long want = ++seq;
    gmcu_fetch_kernel<<<1, 1>>>((const unsigned char *)src, dbox, (unsigned)bytes, want);
    GMCU_LAUNCHED("gmcu_fetch");
    /* Spin on the number; now and then ask whether the stream failed (a
     * kernel's error would leave the number unwritten for ever). */
    for (unsigned long spins = 1; *(volatile unsigned long long *)&box->seq != want; spins++) {
        if (spins % 4096 == 0) {
            const cudaError_t err = cudaStreamQuery(0);
            if (err != cudaSuccess && err != cudaErrorNotReady)
                GMCU_CHECK(err);
            if (err == cudaSuccess && *(volatile unsigned long long *)&box->seq != want)
                break; /* done and still not seen: read it after a full wait */
        }
    }
    if (*(volatile unsigned long long *)&box->seq != want)
        GMCU_CHECK(cudaStreamSynchronize(0));
    __sync_synchronize(); /* the number before the bytes */
    memcpy(dst, (const void *)box->b, bytes);
}

/* The process's seed sequence: reproducible from run to run. */
static uint64_t launch_counter = 0x5eed;

uint64_t gmcu_launch_seed(void)
{
    launch_counter += 0x9e3779b97f4a7c15ULL;
    uint64_t z = launch_counter;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    return z ^ (z >> 27);
}
