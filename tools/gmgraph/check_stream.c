/* check_stream.c: the edges of a generator spec drawn again as a stream,
 * in chunks handed out to the threads (check.h). */
#include "check.h"

#include <omp.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

/* Edges a chunk: below gmrt_rmat_draw's and gmrt_uniform_draw's threshold
 * (65536) for a parallel region of their own, so every thread draws its
 * chunk alone; large enough that the per-call set-up of the RMAT draw (its
 * 64 KiB quadrant table) costs a few per cent. */
#define CHK_CHUNK 65000

void *chk_alloc(size_t size)
{
    const size_t huge = (size_t)2 << 20;
    if (size < huge)
        return malloc(size > 0 ? size : 1);
    size = (size + huge - 1) / huge * huge; /* aligned_alloc wants a multiple */
    void *p = aligned_alloc(huge, size);
#ifdef MADV_HUGEPAGE
    if (p)
        madvise(p, size, MADV_HUGEPAGE); /* a hint: no huge pages is fine */
#endif
    return p;
}

double chk_cpu_seconds(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0)
        return 0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void chk_edge(const chk_stream *s, int64_t i, gm_node_t *u, gm_node_t *v)
{
    if (!gmrt_gen_spec_draw(s->spec, i, 1, u, v))
        *u = *v = -1;
}

bool chk_stream_run(chk_stream *s, const char *phase, chk_chunk_fn fn, void *ctx, const int64_t *stop_at)
{
    const int64_t chunks = (s->drawn + CHK_CHUNK - 1) / CHK_CHUNK;
    int64_t done = 0;
    bool ok = true;
    int threads = (int64_t)s->threads < chunks ? s->threads : chunks > 0 ? (int)chunks : 1;
    double c0 = chk_cpu_seconds(), w0 = gmrt_time_ms();
    if (s->progress.fn)
        s->progress.fn(s->progress.arg, phase, 0.0);
#pragma omp parallel num_threads(threads)
    {
        gm_node_t *src = malloc(CHK_CHUNK * sizeof *src), *dst = malloc(CHK_CHUNK * sizeof *dst);
        bool mine = src && dst;
        if (!mine)
            __atomic_store_n(&ok, false, __ATOMIC_RELAXED);
        const bool reporter = omp_get_thread_num() == 0 && s->progress.fn;
#pragma omp for schedule(dynamic, 1)
        for (int64_t c = 0; c < chunks; c++) {
            int64_t first = c * CHK_CHUNK;
            if (!mine || (stop_at && first > __atomic_load_n(stop_at, __ATOMIC_RELAXED)))
                continue;
            size_t count = (size_t)(s->drawn - first < CHK_CHUNK ? s->drawn - first : CHK_CHUNK);
            if (!gmrt_gen_spec_draw(s->spec, first, count, src, dst)) {
                __atomic_store_n(&ok, false, __ATOMIC_RELAXED);
                mine = false;
                continue;
            }
            fn(ctx, first, count, src, dst);
            int64_t d = __atomic_add_fetch(&done, 1, __ATOMIC_RELAXED);
            if (reporter && d % 64 == 0)
                s->progress.fn(s->progress.arg, phase, (double)d / (double)chunks);
        }
        free(src);
        free(dst);
    }
    s->cpu_s += chk_cpu_seconds() - c0;
    s->wall_s += (gmrt_time_ms() - w0) / 1e3;
    s->passes++;
    if (!ok)
        fprintf(stderr, "gmgraph check: out of memory for the draw buffers\n");
    return ok;
}
