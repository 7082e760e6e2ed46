/* gmd_gen.c: the in-rank generator (gmd_load of a "gen:..." spec,
 * gmrt_gen.h).  Every rank draws its share of the spec's edges (edge i
 * depends only on the spec and i), and builds exactly the gmd_graph that
 * gmd_partition builds on that rank from the whole generated graph, without
 * any process holding the whole graph:
 *
 *  1. draw: rank r draws edges [m0 r/P, m0 (r+1)/P) in rounds of ROUND
 *     edges and sends each (with its reverse under symmetrize, none for a
 *     dropped self-loop) to the rank owning its source in an even split of
 *     the ids ("staging" ranges, n r/P), by MPI_Alltoallv, grouped by the
 *     bucket of its source (runs of 2^sb ids of the range, about 4096
 *     (rank, bucket) groups in all), so that each round and sender is a
 *     segment of the receiver's array holding one piece per bucket;
 *  2. stage: each bucket by one thread: a counting sort of its pieces by
 *     source (no atomics: the bucket's row counters fit the thread's
 *     caches), then each row sorted by destination, dropping parallel
 *     edges under dedup, and closed up to the bucket's front (buckets keep
 *     the room of their dropped edges: no pass over the whole array closes
 *     them up).  These are the global CSR's rows of the range, so the
 *     global edge index of each edge is the exclusive scan of the edge
 *     counts plus its place; the in-degrees are the out-degrees under
 *     symmetrize (every edge has its reverse), else a histogram reduced
 *     onto the ranges (MPI_Reduce_scatter);
 *  3. blocks: gmd_part.c's balanced blocks (first id whose prefix weight
 *     reaches each target), one candidate per rank and an MPI_MIN;
 *  4. route: every edge goes to the rank(s) the policy gives it (source's
 *     owner for out, destination's for in, both for both), in rounds, as
 *     (source, destination, global edge index) records, point to point into
 *     the sender's slice of the receiver's array: the records arrive sorted
 *     as the global CSR; weights are recomputed from the index; the owners'
 *     degrees move as ranges.  Every record's place is counted first (one
 *     exchange of counts), then the master thread exchanges a round while
 *     the other threads pack the next one and fault in its pages;
 *  5. local: ghosts, the local CSR (the owners' rows in front, rows
 *     sorted as gmd_part.c's cmp_ledge), send lists (gmd_graph.c's
 *     exchange) and the ghosts' degrees (a broadcast sync).
 * Every pass over edges or ids runs on the rank's OpenMP threads, and the
 * result does not depend on their number (each thread a slice, slices
 * kept in order; a bucket's pieces taken in segment order; the routed
 * records' pieces fixed).  The big arrays take huge pages and are faulted
 * in (zeroed by the kernel) on the threads that fill them or before MPI
 * fills them, and a rank's share for itself goes on the threads, not by
 * MPI.
 * Memory per rank (S staged edges, K stored; S ~ K under out or in): 8
 * bytes per drawn staged edge while drawing (in an address range of 32
 * under both, 20 under out or in, untouched beyond them), 12 while
 * bucketing (plus 4 bytes per segment and
 * bucket: the pieces' offsets); the routed 16-byte records then take the
 * staged pairs' pages first, and the staged destinations are released
 * behind the rounds (from the first), so routing holds at most the larger
 * of 12 S and 16 K; the records then move into the graph's arrays from the
 * back, shrinking behind.  So the peak is the largest of 12 S, 16 K and the
 * graph's own 8 K (12 K with 64-bit edges; 8 K more weighted), plus 64
 * ROUND bytes of round buffers, O(n) arrays of 4 bytes per global node
 * (the id map; 8 more for the in-degree histogram unless symmetrized) and
 * O(local nodes) ones; big arrays are rounded up to huge pages (2 MiB).
 * Measured (peak RSS of the larger rank, rmat scale 22, edge factor 16,
 * symmetrize; P = 2, policy both, 32-bit edges): 1643 MiB (before the
 * bucketed staging: 1683); scale 23: 3232 (3348).  GMD_GEN_TRACE=1 prints each
 * pass's time and the peak RSS so far.  Relabelling is refused
 * (RMAT already scrambles ids; uniform ids carry no order).  Every failure
 * is agreed on, so all ranks return NULL together. */
#include "gmd.h"
#include "gmd_internal.h"
#include "gmd_part.h" /* gmd_part_mark_symmetric_ */
#include "gmrt_gen.h"
#include "rt_alloc.h" /* gmrt_alloc_big */
#include "row_sort.h" /* libgmrt's row sort (introsort), as the whole-graph build sorts rows */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h> /* sysconf */
#ifdef _OPENMP
#include <omp.h>
#endif

/* Edges drawn or routed per rank and round: 2^21, or GMD_GEN_ROUND when set
 * (tests force small rounds so that every exchange takes several); every
 * rank must see the same value.  A peer's share of a round is at most
 * 2 ROUND records, far below MPI's int counts. */
static int64_t gen_round(void)
{
    const char *v = getenv("GMD_GEN_ROUND");
    char *end = NULL;
    long long x = v ? strtoll(v, &end, 10) : 0;
    return v && *v && !*end && x > 0 && x <= ((int64_t)1 << 26) ? (int64_t)x : (int64_t)1 << 21;
}

/* Work below which a pass runs on one thread: 65536 items, or 1 while
 * GMD_GEN_ROUND is set, so that the tests' small graphs take the threaded
 * paths too. */
static int64_t par_min(void)
{
    return getenv("GMD_GEN_ROUND") ? 1 : 65536;
}

static int threads_max(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

static int thread_num(void)
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

static int threads_now(void)
{
#ifdef _OPENMP
    return omp_get_num_threads();
#else
    return 1;
#endif
}

/* Page size for first touches (4 KiB: a huge page is touched by each of
 * its 4 KiB steps too, which costs little once the first one faulted). */
#define TOUCH_STEP 4096

/* Writes one byte in each page of [p, p + bytes), on the threads: the
 * kernel zeroes a page in the thread that first writes it, so arrays that
 * MPI or a single copy would fill are faulted in by all threads first
 * (a serial first touch of tens of GB costs seconds). */
static void touch_pages(void *p, size_t bytes)
{
    char *c = p;
    size_t pages = (bytes + TOUCH_STEP - 1) / TOUCH_STEP;
    #pragma omp parallel for schedule(static) if ((int64_t)pages >= par_min() / 16)
    for (size_t k = 0; k < pages; k++)
        c[k * TOUCH_STEP] = 0;
}

/* memcpy (or memset to 0 with src NULL) of non-overlapping arrays on the
 * threads, in slices of 1 MiB. */
static void par_copy(void *dst, const void *src, size_t bytes)
{
    const size_t slice = (size_t)1 << 20;
    size_t k = (bytes + slice - 1) / slice;
    #pragma omp parallel for schedule(static) if (bytes >= ((size_t)4 << 20))
    for (size_t i = 0; i < k; i++) {
        size_t a = i * slice, z = a + slice < bytes ? a + slice : bytes;
        if (src)
            memcpy((char *)dst + a, (const char *)src + a, z - a);
        else
            memset((char *)dst + a, 0, z - a);
    }
}

/* GMD_GEN_TRACE=1: each rank prints each pass's seconds, the processor
 * seconds its threads spent in it (user + system, and system alone: page
 * faults, MPI's single-copy transfers), its peak RSS so far and the pass's
 * page faults (one a huge page where the kernel gives them) on stderr (for
 * measuring the generator; off by default).  A clock holds the previous
 * pass's end. */
typedef struct pclock {
    double wall, user, sys;
    long faults;
} pclock;

static void clock_now(pclock *c)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    c->wall = MPI_Wtime();
    c->user = (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec;
    c->sys = (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec;
    c->faults = ru.ru_minflt + ru.ru_majflt;
}

/* The resident set now, MB (/proc/self/statm; 0 where there is none). */
static double rss_now_mb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long long size = 0, resident = 0;
    bool ok = f && fscanf(f, "%llu %llu", &size, &resident) == 2;
    if (f)
        fclose(f);
    return ok ? (double)resident * (double)sysconf(_SC_PAGESIZE) / 1048576.0 : 0;
}

static void trace(const char *pass, pclock *c)
{
    const char *v = getenv("GMD_GEN_TRACE");
    if (!v || *v != '1')
        return;
    pclock now;
    clock_now(&now);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    fprintf(stderr, "gmd_gen: rank %d: %-8s %8.3f s, cpu %8.3f s (sys %7.3f), peak rss %.1f MB, rss %.1f MB, %ld page faults\n",
            gmd_rank(), pass, now.wall - c->wall, now.user + now.sys - c->user - c->sys, now.sys - c->sys,
            (double)ru.ru_maxrss / 1024.0, rss_now_mb(), now.faults - c->faults);
    *c = now;
}

typedef struct grec {
    int32_t u, v;
    int64_t e; /* global edge index */
} grec;

/* The rank whose range [b[r], b[r+1]) holds x (b has P+1 entries). */
static int range_of(const int64_t *b, int P, int64_t x)
{
    int lo = 0, hi = P;
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (b[mid] <= x)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* A growing receive buffer of elements of `size` bytes. */
typedef struct rbuf {
    char *p;
    size_t len, cap, size;
} rbuf;

static bool rbuf_reserve(rbuf *b, size_t more)
{
    if (b->len + more <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : b->len + more; /* the first reserve is exact */
    while (cap < b->len + more)
        cap *= 2;
    /* the first (the expected share) with huge pages; growing keeps them */
    char *p = b->p ? realloc(b->p, cap * b->size) : gmrt_alloc_big(cap, b->size);
    if (!p)
        return false;
    b->p = p;
    b->cap = cap;
    return true;
}

/* A local edge while its row is sorted: gmd_part.c's order (destination,
 * weight, global index). */
typedef struct lent {
    gm_node_t dst;
    int64_t e;
    double w;
} lent;

static inline bool lent_less(const lent *x, const lent *y)
{
    if (x->dst != y->dst)
        return x->dst < y->dst;
    if (x->w != y->w)
        return x->w < y->w;
    return x->e < y->e;
}

static int cmp_lent(const void *a, const void *b)
{
    const lent *x = a, *y = b;
    return lent_less(x, y) ? -1 : lent_less(y, x) ? 1 : 0;
}

/* Most rows are short: insertion sort there, qsort for the long ones. */
static void sort_lents(lent *a, size_t n)
{
    if (n > 32) {
        qsort(a, n, sizeof *a, cmp_lent);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        lent x = a[i];
        size_t j = i;
        for (; j > 0 && lent_less(&x, &a[j - 1]); j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

/* The staging ranges' result: rows of ids [tl, th) of the global CSR,
 * numbered from 0 (row x is id tl + x).  Rows go in buckets of 2^sb
 * consecutive rows; a bucket's edges are contiguous in dst, rows in order,
 * but a bucket keeps the room its dropped duplicates left at its end (no
 * pass closes the buckets up), so the edge numbered i (global index
 * e0 + i) of row x lies at dst[i + gap[x >> sb]] (staged_at). */
typedef struct stage {
    int64_t tl, th;
    int64_t *begin;   /* th - tl + 1 row starts, edge numbers (no gaps) */
    int32_t *dst;     /* destinations, rows sorted */
    int64_t *gap;     /* per bucket: its edges' place in dst minus their numbers */
    int sb;           /* a bucket's rows: 2^sb */
    int64_t *indeg;   /* th - tl global in-degrees */
    void *spare;      /* the staged pairs' memory, partly faulted in: the routed records take it */
    size_t spare_bytes;
    int64_t e0;       /* global index of this range's first edge */
    int64_t m;        /* global edge count */
} stage;

/* Where staged edge i (of row x) lies in st->dst. */
static inline int64_t staged_at(const stage *st, int64_t x, int64_t i)
{
    return i + st->gap[x >> st->sb];
}

/* The buckets: runs of 2^sb rows of a staging range, the same sb on every
 * rank (senders group pairs by (rank, bucket)).  At most about 4096 groups
 * in all, so that a drawing thread's group counters and open cache lines
 * fit its caches (and a bucket's rows fit a core's: 2^16 rows at 2^27 a
 * range and P = 2); as many as that, so that the buckets keep the threads
 * busy.  *most gets the number of buckets of the largest range (at least
 * 1). */
static int bucket_bits(int64_t n, int P, int64_t *most)
{
    int64_t rows = n / P + (n % P != 0), target = P >= 4096 ? 1 : 4096 / P;
    int sb = 0;
    while (((rows + ((int64_t)1 << sb) - 1) >> sb) > target)
        sb++;
    *most = rows ? (rows + ((int64_t)1 << sb) - 1) >> sb : 1;
    return sb;
}

/* The group (staging rank p, bucket) of source x. */
static inline size_t group_of(const int64_t *tb, int P, int sb, int64_t Bm, int64_t x)
{
    int p = range_of(tb, P, x);
    return (size_t)p * (size_t)Bm + (size_t)((x - tb[p]) >> sb);
}

/* The staged pairs while they arrive: each round appends one segment per
 * sender, and a segment holds its pairs grouped by this rank's buckets
 * (bucket j of segment s: pairs at + off[s (Bm + 1) + j] up to the next). */
typedef struct segs {
    rbuf got;        /* the pairs, source << 32 | destination */
    size_t n;        /* segments so far */
    int64_t *at;     /* per segment: its first pair in got */
    uint32_t *off;   /* per segment: Bm + 1 bucket offsets */
} segs;

/* COLLECTIVE. One round of the draw's exchange: send holds this rank's pairs
 * grouped by (rank, bucket), grp[p Bm + j] of them for bucket j of rank p;
 * each peer's arrive as one segment of sg (in sender order).  cnt (4 P
 * ints) and rgrp (P Bm) are scratch.  ok: this rank's state going in; false
 * on every rank afterwards when any rank failed (memory). */
static bool route_pairs(const uint64_t *send, const int *grp, int64_t Bm, int *cnt, int *rgrp, segs *sg, bool ok,
                        gmrt_error *err)
{
    int P = gmd_size(), r = gmd_rank();
    MPI_Comm comm = gmd_comm_();
    if (!gmd_agree_(ok, err))
        return false;
    int *sc = cnt, *sd = cnt + P, *rc = cnt + 2 * P, *rd = cnt + 3 * P;
    double t0 = MPI_Wtime();
    MPI_Alltoall(grp, (int)Bm, MPI_INT, rgrp, (int)Bm, MPI_INT, comm);
    int64_t total = 0;
    for (int p = 0; p < P; p++) {
        int64_t k = 0, q = 0;
        for (int64_t j = 0; j < Bm; j++) {
            k += grp[(size_t)p * Bm + j];
            q += rgrp[(size_t)p * Bm + j];
        }
        sc[p] = (int)k;
        sd[p] = p ? sd[p - 1] + sc[p - 1] : 0;
        rc[p] = (int)q;
        rd[p] = (int)total;
        total += q;
    }
    rbuf *out = &sg->got;
    ok = total <= INT32_MAX && rbuf_reserve(out, (size_t)total);
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "in-rank generator: out of memory for %lld routed edges (rank %d)",
                       (long long)(out->len + (size_t)total), r);
    if (!gmd_agree_(ok, err))
        return false;
    /* faulted in on the threads, not by MPI's copy; this rank's own share
     * copied on the threads, not by MPI */
    uint64_t *at = (uint64_t *)out->p + out->len;
    touch_pages(at, (size_t)total * sizeof *at);
    par_copy(at + rd[r], send + sd[r], (size_t)sc[r] * sizeof *at);
    sc[r] = rc[r] = 0;
    MPI_Alltoallv(send, sc, sd, MPI_UINT64_T, at, rc, rd, MPI_UINT64_T, comm);
    uint64_t sent = 0;
    for (int p = 0; p < P; p++)
        sent += (uint64_t)sc[p] * sizeof *at;
    gmd_count_(t0, sent, (uint64_t)P, 3);
    for (int p = 0; p < P; p++) {
        size_t s = sg->n++;
        uint32_t *o = sg->off + s * ((size_t)Bm + 1);
        sg->at[s] = (int64_t)out->len + rd[p];
        o[0] = 0;
        for (int64_t j = 0; j < Bm; j++)
            o[j + 1] = o[j] + (uint32_t)rgrp[(size_t)p * Bm + j];
    }
    out->len += (size_t)total;
    return true;
}

/* Steps 1 and 2. */
static bool draw_and_stage(const gmrt_gen_spec *s, int64_t n, gmd_policy policy, stage *st, gmrt_error *err)
{
    int P = gmd_size(), r = gmd_rank();
    MPI_Comm comm = gmd_comm_();
    int64_t m0 = gmrt_gen_spec_drawn(s), ROUND = gen_round();
    if (ROUND > INT32_MAX / 2 / P) /* a round's records for this rank (< 2 ROUND from each rank) in int counts */
        ROUND = INT32_MAX / 2 / P;
    int T = threads_max();
    int64_t Bm;
    int sb = bucket_bits(n, P, &Bm);
    size_t F = (size_t)P * (size_t)Bm; /* (rank, bucket) groups */
    int64_t rounds = (m0 / P + 1 + ROUND - 1) / ROUND; /* the same on every rank: a share is at most m0/P + 1 */
    size_t nseg = (size_t)rounds * (size_t)P;
    int64_t *tb = malloc(((size_t)P + 1) * sizeof *tb);
    /* huge pages (a 4 KiB page's fault costs about what a huge page's does) */
    gm_node_t *src = gmrt_alloc_big((size_t)ROUND, sizeof *src), *dst = gmrt_alloc_big((size_t)ROUND, sizeof *dst);
    /* (and the threads write F streams at once) */
    uint64_t *send = gmrt_alloc_big((size_t)ROUND * 2, sizeof *send);
    int *cnt = malloc((size_t)P * 4 * sizeof *cnt);
    int *fill = gmrt_alloc_array((size_t)T * F, sizeof *fill); /* per thread and group: count, then slot */
    int *grp = gmrt_alloc_array(F * 3, sizeof *grp);           /* per group: sent, first slot, received */
    segs sg = { .got = { .size = sizeof(uint64_t) } };
    sg.at = gmrt_alloc_array(nseg, sizeof *sg.at);
    sg.off = nseg <= SIZE_MAX / ((size_t)Bm + 1) ? gmrt_alloc_array(nseg * ((size_t)Bm + 1), sizeof *sg.off) : NULL;
    bool ok = tb && src && dst && send && cnt && fill && grp && sg.at && sg.off;
    /* the expected share (ids are scrambled, the ranges get about as much),
     * reserved at once so that growing rarely copies; with the address
     * space of the routed records where there is room (only what is
     * written takes memory: 16 bytes a stored edge, about as many as staged
     * under out or in, at most about twice as many under both), so that
     * they take the pages these pairs faulted in */
    size_t guess = (size_t)((double)m0 / P * (s->build.symmetrize ? 2 : 1) * 1.05) + 1024;
    size_t room = policy == GMD_POLICY_BOTH ? guess * 4 : guess * 5 / 2;
    if (ok && guess <= SIZE_MAX / 32 && rbuf_reserve(&sg.got, room))
        ;
    else if (ok && !rbuf_reserve(&sg.got, guess))
        sg.got.cap = 0; /* no room for the guess: grow as it comes */
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "in-rank generator: out of memory (rank %d)", r);
    for (int p = 0; tb && p <= P; p++)
        tb[p] = (int64_t)((__int128)n * p / P);
    int64_t first = (int64_t)((__int128)m0 * r / P), last = (int64_t)((__int128)m0 * (r + 1) / P);
    bool sym = s->build.symmetrize, drop = s->build.drop_self_loops;
    pclock t;
    clock_now(&t);
    for (int64_t k = 0; k < rounds; k++) {
        int64_t a = first + k * ROUND, z = a + ROUND < last ? a + ROUND : last;
        size_t cnt_k = ok && a < z ? (size_t)(z - a) : 0;
        if (cnt_k && !gmrt_gen_spec_draw(s, a, cnt_k, src, dst)) {
            gmrt_error_set(err, GMRT_E_NOMEM, "in-rank generator: out of memory (rank %d)", r);
            ok = false;
            cnt_k = 0;
        }
        /* grouped by (staging rank, bucket), each thread a slice of the
         * round: counts, then each group's slots (the threads' runs in
         * order), then the pairs */
        #pragma omp parallel num_threads(T) if (ok && (int64_t)cnt_k >= par_min())
        if (ok) {
            int nt = threads_now(), th = thread_num();
            int *c = fill + (size_t)th * F, *gfirst = grp + F;
            size_t i0 = cnt_k * (size_t)th / (size_t)nt, i1 = cnt_k * ((size_t)th + 1) / (size_t)nt;
            memset(c, 0, F * sizeof *c);
            for (size_t i = i0; i < i1; i++) {
                if ((src[i] == dst[i] && drop) || src[i] < 0) /* < 0: a grid slot without an edge */
                    continue;
                c[group_of(tb, P, sb, Bm, src[i])]++;
                if (sym && src[i] != dst[i])
                    c[group_of(tb, P, sb, Bm, dst[i])]++;
            }
            #pragma omp barrier
            #pragma omp for schedule(static)
            for (size_t g = 0; g < F; g++) {
                int sum = 0;
                for (int u = 0; u < nt; u++)
                    sum += fill[(size_t)u * F + g];
                grp[g] = sum;
            }
            #pragma omp single
            {
                int pos = 0;
                for (size_t g = 0; g < F; g++) {
                    gfirst[g] = pos;
                    pos += grp[g];
                }
            }
            #pragma omp for schedule(static)
            for (size_t g = 0; g < F; g++) {
                int pos = gfirst[g];
                for (int u = 0; u < nt; u++) {
                    int k = fill[(size_t)u * F + g];
                    fill[(size_t)u * F + g] = pos;
                    pos += k;
                }
            }
            for (size_t i = i0; i < i1; i++) {
                uint64_t u = (uint32_t)src[i], v = (uint32_t)dst[i];
                if ((u == v && drop) || src[i] < 0)
                    continue;
                send[c[group_of(tb, P, sb, Bm, (int64_t)u)]++] = u << 32 | v;
                if (sym && u != v)
                    send[c[group_of(tb, P, sb, Bm, (int64_t)v)]++] = v << 32 | u;
            }
        }
        if (!route_pairs(send, grp, Bm, cnt, grp + 2 * F, &sg, ok, err)) {
            ok = false;
            break;
        }
    }
    free(src);
    free(dst);
    free(send);
    free(cnt);
    free(fill);
    free(grp);
    trace("draw", &t);
    if (!ok) {
        free(tb);
        free(sg.got.p);
        free(sg.at);
        free(sg.off);
        return false;
    }

    /* the rows of [tl, th): each bucket by a thread, from its pieces of
     * every segment: a counting sort by row (its rows' counters fit the
     * thread's caches; no atomics), then each row sorted by destination
     * (and its duplicates dropped) while the bucket is in cache, the
     * bucket's rows closed up to its front */
    st->tl = tb[r];
    st->th = tb[r + 1];
    free(tb);
    size_t rows = (size_t)(st->th - st->tl), len = sg.got.len;
    const uint64_t *pairs = (const uint64_t *)sg.got.p;
    int64_t nb = rows ? (int64_t)((rows - 1) >> sb) + 1 : 0, brows = (int64_t)1 << sb;
    size_t nsg = sg.n, stride = (size_t)Bm + 1;
    st->sb = sb;
    /* huge pages, first written by the thread of each bucket */
    st->begin = gmrt_alloc_big(rows + 2, sizeof *st->begin);
    st->dst = gmrt_alloc_big(len + 1, sizeof *st->dst);
    st->gap = malloc(((size_t)nb + 1) * sizeof *st->gap);
    st->indeg = gmrt_alloc_big(rows + 1, sizeof *st->indeg);
    int64_t *bat = malloc(((size_t)nb + 1) * 2 * sizeof *bat); /* per bucket: place in dst, edges kept */
    /* in-degrees: a histogram over every id reduced onto the ranges, but
     * a symmetrized graph's are its out-degrees (each edge has its reverse) */
    bool sym_deg = s->build.symmetrize;
    int64_t *hist = sym_deg ? NULL : gmrt_alloc_big((size_t)n + 1, sizeof *hist);
    ok = st->begin && st->dst && st->gap && st->indeg && bat && (sym_deg || hist);
    if (ok && hist)
        par_copy(hist, NULL, ((size_t)n + 1) * sizeof *hist);
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "in-rank generator: out of memory for %zu staged edges (rank %d)", len, r);
    if (!gmd_agree_(ok, err)) {
        free(sg.got.p);
        free(sg.at);
        free(sg.off);
        free(hist);
        free(bat);
        return false;
    }
    int64_t *bkept = bat + nb + 1;
    #pragma omp parallel for schedule(static) if (nb * (int64_t)nsg >= par_min())
    for (int64_t j = 0; j < nb; j++) {
        int64_t sum = 0;
        for (size_t g = 0; g < nsg; g++)
            sum += sg.off[g * stride + (size_t)j + 1] - sg.off[g * stride + (size_t)j];
        bat[j + 1] = sum;
    }
    bat[0] = 0;
    for (int64_t j = 0; j < nb; j++)
        bat[j + 1] += bat[j];
    int64_t *kept = st->indeg; /* the in-degrees' room holds the rows' kept edges until the reduce */
    bool dedup = s->build.dedup, failed = false;
    int key_bits = 1;
    while (key_bits < 31 && ((int64_t)1 << key_bits) < n)
        key_bits++;
    #pragma omp parallel if ((int64_t)len >= par_min())
    {
        int64_t *c = malloc(((size_t)brows + 2) * sizeof *c);
        gm_node_t *scratch = NULL; /* a radix sort's, grown to the longest row seen */
        size_t scap = 0;
        if (!c) {
            #pragma omp atomic write
            failed = true;
        }
        #pragma omp for schedule(dynamic, 1)
        for (int64_t j = 0; j < nb; j++) {
            if (!c)
                continue;
            int64_t x0 = j << sb, nr = (int64_t)rows - x0 < brows ? (int64_t)rows - x0 : brows;
            uint64_t base = (uint64_t)(st->tl + x0);
            int32_t *d = st->dst + bat[j];
            memset(c, 0, ((size_t)nr + 2) * sizeof *c);
            for (size_t g = 0; g < nsg; g++) {
                const uint64_t *q = pairs + sg.at[g];
                for (uint32_t i = sg.off[g * stride + (size_t)j], e = sg.off[g * stride + (size_t)j + 1]; i < e; i++)
                    c[(q[i] >> 32) - base + 2]++;
            }
            for (int64_t x = 0; x < nr; x++)
                c[x + 2] += c[x + 1];
            for (size_t g = 0; g < nsg; g++) {
                const uint64_t *q = pairs + sg.at[g];
                for (uint32_t i = sg.off[g * stride + (size_t)j], e = sg.off[g * stride + (size_t)j + 1]; i < e; i++)
                    d[c[(q[i] >> 32) - base + 1]++] = (int32_t)(uint32_t)q[i];
            }
            /* now c[x] .. c[x+1] is row x */
            int64_t w = 0;
            for (int64_t x = 0; x < nr; x++) {
                int64_t b = c[x], e = c[x + 1], o = w;
                size_t len_x = (size_t)(e - b);
                if (len_x >= GMRT_RADIX_MIN_ROW && len_x > scap) {
                    free(scratch); /* NULL (no room): introsort, slower, the same order */
                    scratch = malloc(len_x * sizeof *scratch);
                    scap = scratch ? len_x : 0;
                }
                gmrt_sort_nodes_scratch(d + b, len_x, len_x <= scap ? scratch : NULL, key_bits);
                for (int64_t i = b; i < e; i++)
                    if (!dedup || i == b || d[i] != d[o - 1])
                        d[o++] = d[i];
                kept[x0 + x] = o - w;
                w = o;
            }
            bkept[j] = w;
            if (hist)
                for (int64_t i = 0; i < w; i++) {
                    #pragma omp atomic
                    hist[d[i]]++;
                }
        }
        free(c);
        free(scratch);
    }
    st->spare = sg.got.p; /* its pages are in: the routed records take them (route_edges) */
    st->spare_bytes = sg.got.cap * sizeof(uint64_t);
    free(sg.at);
    free(sg.off);
    if (!gmd_agree_(!failed, err)) {
        free(hist);
        free(bat);
        return false;
    }
    trace("bucket", &t);
    /* the rows' edge numbers: each bucket's first, then its rows'; a
     * bucket's gap is where its edges lie past their numbers */
    int64_t out = 0;
    for (int64_t j = 0; j < nb; j++) {
        st->gap[j] = bat[j] - out;
        out += bkept[j];
        bkept[j] = out - bkept[j];
    }
    #pragma omp parallel for schedule(static) if ((int64_t)rows >= par_min())
    for (int64_t j = 0; j < nb; j++) {
        int64_t x0 = j << sb, x1 = x0 + brows < (int64_t)rows ? x0 + brows : (int64_t)rows, at = bkept[j];
        for (int64_t x = x0; x < x1; x++) {
            st->begin[x] = at;
            at += kept[x];
        }
    }
    st->begin[rows] = out;
    free(bat);
    trace("rows", &t);
    /* the global in-degrees onto the ranges; the edge count and offsets */
    int *rc = malloc((size_t)P * sizeof *rc);
    ok = rc != NULL;
    if (!gmd_agree_(ok, err)) {
        free(hist);
        free(rc);
        return false;
    }
    for (int p = 0; p < P; p++)
        rc[p] = (int)((int64_t)((__int128)n * (p + 1) / P) - (int64_t)((__int128)n * p / P));
    double t0 = MPI_Wtime();
    if (hist)
        MPI_Reduce_scatter(hist, st->indeg, rc, MPI_INT64_T, MPI_SUM, comm);
    /* else st->indeg holds the rows' kept edges: the out-degrees */
    int64_t mine = out, before = 0, total = 0;
    MPI_Exscan(&mine, &before, 1, MPI_INT64_T, MPI_SUM, comm);
    MPI_Allreduce(&mine, &total, 1, MPI_INT64_T, MPI_SUM, comm);
    gmd_count_(t0, hist ? (uint64_t)n * sizeof *hist : 0, 0, hist ? 3 : 2);
    free(hist);
    free(rc);
    trace("indeg", &t);
    st->e0 = r ? before : 0;
    st->m = total;
    if (total > (int64_t)GMRT_EDGE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE,
                       "in-rank generator: %" PRId64 " edges do not fit in %d-bit edge indices (configure with --enable-edge64)",
                       total, (int)(8 * sizeof(gm_edge_t)));
        return false; /* every rank has the same total */
    }
    return true;
}

/* A staged row's weight in the blocks: the node, and the edges the policy
 * stores with it. */
static inline int64_t row_weight(const stage *st, bool out, bool in, int64_t x)
{
    return 1 + (out ? st->begin[x + 1] - st->begin[x] : 0) + (in ? st->indeg[x] : 0);
}

/* Step 3: gmd_part.c's make_blocks over the staged ranges: each thread
 * sums a slice of the rows, then each target's first row is looked for in
 * the one slice that reaches it. */
static void make_blocks(gmd_graph *G, const stage *st, int64_t n)
{
    int P = G->size, T = threads_max();
    bool out = G->policy != GMD_POLICY_IN, in = G->policy != GMD_POLICY_OUT;
    int64_t total = n + (out ? st->m : 0) + (in ? st->m : 0), rows = st->th - st->tl;
    int64_t *cw = calloc((size_t)T + 2, sizeof *cw); /* cw[t]: the rows before slice t */
    if (!cw)
        gmd_abort(3, "in-rank generator: out of memory");
    int nts = 1;
    #pragma omp parallel num_threads(T) if (rows >= par_min())
    {
        int nt = threads_now(), t = thread_num();
        int64_t x0 = rows * t / nt, x1 = rows * (t + 1) / nt, sum = 0;
        for (int64_t x = x0; x < x1; x++)
            sum += row_weight(st, out, in, x);
        cw[t + 1] = sum;
        if (t == 0)
            nts = nt;
    }
    for (int t = 0; t < nts; t++)
        cw[t + 1] += cw[t];
    int64_t w = cw[nts], acc = 0;
    MPI_Exscan(&w, &acc, 1, MPI_INT64_T, MPI_SUM, gmd_comm_());
    if (G->rank == 0)
        acc = 0;
    /* B[j] = the first id k (k <= n) whose prefix weight reaches target j:
     * this rank's candidates are k in [tl, th] */
    int64_t *cand = G->block; /* B[1..P-1] */
    #pragma omp parallel for schedule(dynamic, 1) num_threads(T) if (P > 2 && rows >= par_min())
    for (int j = 1; j < P; j++) {
        int64_t target = (int64_t)((__int128)total * j / P);
        cand[j] = n;
        if (acc >= target) {
            cand[j] = st->tl;
            continue;
        }
        int t = 0;
        while (t < nts && acc + cw[t + 1] < target)
            t++;
        if (t == nts)
            continue; /* not reached in this range */
        int64_t a = acc + cw[t];
        for (int64_t x = rows * t / nts; x < rows * (t + 1) / nts; x++) {
            a += row_weight(st, out, in, x);
            if (a >= target) {
                cand[j] = st->tl + x + 1;
                break;
            }
        }
    }
    free(cw);
    G->block[0] = 0;
    G->block[P] = n;
    if (P > 1)
        MPI_Allreduce(MPI_IN_PLACE, G->block + 1, P - 1, MPI_INT64_T, MPI_MIN, gmd_comm_());
    gmd_count_(MPI_Wtime(), 0, 0, 2);
}

/* The staged row holding edge i (the last row starting at or before i). */
static int64_t row_of(const stage *st, int64_t i)
{
    int64_t lo = 0, hi = st->th - st->tl;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (st->begin[mid] <= i)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Step 4 (edges): every staged edge to the rank(s) the policy gives it.
 * Each sender's records for a peer are in the global CSR's order, and land
 * in that sender's slice of *Rp (slices in rank order), so *Rp comes out
 * sorted by (source, destination, index).  Round k takes chunk k of this
 * rank's staged edges (chunks of ROUND edges, cut in pieces of PIECE:
 * fixed, so nothing depends on the threads), and slices fill from their
 * starts; the staged destinations are released behind the rounds, and *Rp
 * takes the staged pairs' memory (st->spare) so that its first pages are
 * in already.  A first pass counts every piece's records for each peer, so
 * every record's place, here and at its peer, is known before any is sent
 * (one exchange of the rounds' counts).  Then the rounds are a pipeline:
 * while the master thread exchanges round k-1 (MPI, funneled: the only
 * thread that calls it), the others pack round k's pieces (this rank's own
 * records straight into its slice, the peers' into one of two send
 * buffers) and fault in the pages where round k's records will arrive (the
 * kernel zeroes a page on the thread that first writes it; MPI's copy
 * would do that serially); the master joins them when its exchange is
 * done. */
#define PIECE ((int64_t)32768)

/* Records of the staged edges [a, z) for each peer, counted (c != NULL:
 * c[p] += ...) or stored (at[p]: where peer p's next one goes). */
static void pack_piece(const gmd_graph *G, const stage *st, int64_t a, int64_t z, int *c, grec **at)
{
    int P = G->size;
    bool out = G->policy != GMD_POLICY_IN, in = G->policy != GMD_POLICY_OUT;
    if (a >= z)
        return;
    int64_t x = row_of(st, a);
    int ou = range_of(G->block, P, st->tl + x);
    const int32_t *d = st->dst + staged_at(st, x, 0);
    for (int64_t i = a; i < z; i++) {
        if (st->begin[x + 1] <= i) {
            do
                x++;
            while (st->begin[x + 1] <= i);
            ou = range_of(G->block, P, st->tl + x);
            d = st->dst + staged_at(st, x, 0);
        }
        int ov = in ? range_of(G->block, P, d[i]) : ou;
        bool to_u = out, to_v = in && (!out || ov != ou);
        if (c) {
            c[ou] += to_u;
            c[ov] += to_v;
        } else {
            grec g = { (int32_t)(st->tl + x), d[i], st->e0 + i };
            if (to_u)
                *at[ou]++ = g;
            if (to_v)
                *at[ov]++ = g;
        }
    }
}

/* Frees the pages of the staged destinations before edge a (the rounds
 * before a are packed): the whole huge pages of st->dst from *held (the
 * address up to which they are freed) to edge a; the pointer stays. */
static void release_staged(stage *st, int64_t a, uintptr_t *held)
{
    uintptr_t to = (uintptr_t)(st->dst + staged_at(st, row_of(st, a), a)) & ~(uintptr_t)(GMRT_BIG_ALIGN - 1);
    if (to > *held) {
        (void)madvise((void *)*held, to - *held, MADV_DONTNEED);
        *held = to;
    }
}

static bool route_edges(gmd_graph *G, stage *st, grec **Rp, size_t *Kp, gmrt_error *err)
{
    int P = G->size, r = G->rank, T = threads_max();
    int64_t ROUND = gen_round(), piece = ROUND < PIECE ? ROUND : PIECE;
    MPI_Comm comm = gmd_comm_();
    int64_t rows = st->th - st->tl, mine = st->begin[rows];
    int64_t chunks = (mine + ROUND - 1) / ROUND, rounds = chunks, npc = (ROUND + piece - 1) / piece;
    MPI_Allreduce(MPI_IN_PLACE, &rounds, 1, MPI_INT64_T, MPI_MAX, comm);
    size_t np = (size_t)chunks * (size_t)npc, PR = (size_t)P * (size_t)rounds;
    /* per piece and peer: records, then the first one's place (own: in
     * the round's part of this rank's slice; peers: in the send buffer) */
    int *pc = gmrt_alloc_array(np * (size_t)P, sizeof *pc);
    /* [p rounds + k]: records for p in round k, from p, the send buffer's
     * place of p's, and where p's arrive in R */
    int64_t *cnt = gmrt_alloc_array(PR * 4, sizeof *cnt);
    MPI_Request *req = malloc((size_t)P * 2 * sizeof *req);
    if (!pc || !cnt || !req) /* O(P rounds + P chunks), small */
        gmd_abort(3, "in-rank generator: out of memory");
    int64_t *scnt = cnt, *rcnt = cnt + PR, *soff = cnt + 2 * PR, *rpos = cnt + 3 * PR;
    double t0 = MPI_Wtime();
    #pragma omp parallel for schedule(dynamic, 1) num_threads(T) if (mine >= par_min())
    for (size_t q = 0; q < np; q++) {
        int64_t ch = (int64_t)q / npc, a = ch * ROUND + ((int64_t)q % npc) * piece;
        int64_t end = (ch + 1) * ROUND < mine ? (ch + 1) * ROUND : mine, z = a + piece < end ? a + piece : end;
        int *c = pc + q * (size_t)P;
        memset(c, 0, (size_t)P * sizeof *c);
        pack_piece(G, st, a, z, c, NULL);
    }
    /* each round's counts per peer, and the pieces' places */
    int64_t most = 0; /* the largest send buffer a round needs */
    #pragma omp parallel for schedule(static) num_threads(T) reduction(max : most) if ((int64_t)np >= par_min() / 64)
    for (int64_t k = 0; k < rounds; k++) {
        int64_t ch = k < chunks ? k : -1, pos = 0;
        for (int p = 0; p < P; p++) {
            int64_t sum = 0;
            for (int64_t j = 0; ch >= 0 && j < npc; j++) {
                int *c = pc + ((size_t)ch * (size_t)npc + (size_t)j) * (size_t)P + p;
                int n = *c;
                *c = (int)(p == r ? sum : pos + sum);
                sum += n;
            }
            scnt[(size_t)p * rounds + k] = sum;
            soff[(size_t)p * rounds + k] = pos;
            if (p != r)
                pos += sum;
        }
        most = pos > most ? pos : most;
    }
    MPI_Alltoall(scnt, (int)rounds, MPI_INT64_T, rcnt, (int)rounds, MPI_INT64_T, comm);
    int64_t K = 0;
    for (int p = 0; p < P; p++) {
        int64_t len = 0;
        for (int64_t k = 0; k < rounds; k++)
            len += rcnt[(size_t)p * rounds + k];
        K += len;
        for (int64_t k = 0, at = K - len; k < rounds; k++) {
            rpos[(size_t)p * rounds + k] = at;
            at += rcnt[(size_t)p * rounds + k];
        }
    }
    double count_s = MPI_Wtime() - t0;
    /* the staged pairs' memory first: 8 bytes a staged edge that are faulted
     * in already, which the records fill first (slices from their starts,
     * rounds from the first), while the staged destinations shrink behind
     * them; so the rank holds at most the larger of the bucket pass's 12
     * bytes a staged edge and the records' 16 bytes a stored one */
    grec *R = NULL;
    if (st->spare && (size_t)K + 1 <= st->spare_bytes / sizeof *R)
        R = st->spare; /* (no realloc: it could move the pages off their huge-page alignment) */
    else {
        free(st->spare);
        R = gmrt_alloc_big((size_t)K + 1, sizeof *R);
    }
    st->spare = NULL;
    grec *sbuf[2] = { gmrt_alloc_big((size_t)most + 1, sizeof(grec)), gmrt_alloc_big((size_t)most + 1, sizeof(grec)) };
    bool ok = R && sbuf[0] && sbuf[1];
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "in-rank generator: out of memory for %" PRId64 " edges (rank %d)", K, r);
    if (!gmd_agree_(ok, err)) {
        free(pc);
        free(cnt);
        free(req);
        free(sbuf[0]);
        free(sbuf[1]);
        free(R);
        return false;
    }
    MPI_Datatype dt;
    MPI_Type_contiguous((int)sizeof(grec), MPI_BYTE, &dt);
    MPI_Type_commit(&dt);
    /* (an array below a huge page has none to free) */
    uintptr_t held = ((uintptr_t)st->dst + GMRT_BIG_ALIGN - 1) & ~(uintptr_t)(GMRT_BIG_ALIGN - 1);
    bool failed = false;
    /* a step's tasks: round k's pieces to pack, then blocks of TOUCH_BLOCK
     * bytes of the places its records from the peers arrive in */
    const size_t TOUCH_BLOCK = (size_t)4 << 20;
    int64_t next[2] = { 0, 0 };
    double mpi_s = 0, step_s = 0;
    #pragma omp parallel num_threads(T) if (T > 1 && (mine >= par_min() || K >= par_min()))
    {
        int th = thread_num();
        grec **at = malloc((size_t)P * sizeof *at);
        if (!at) {
            #pragma omp atomic write
            failed = true;
        }
        for (int64_t k = 0; k <= rounds; k++) {
            double ts = MPI_Wtime();
            if (th == 0) {
                next[(k + 1) & 1] = 0;
                if (k > 0) { /* round k - 1: records to and from the peers */
                    int64_t j = k - 1, ch = j < chunks ? j : -1;
                    int nreq = 0;
                    uint64_t sent = 0;
                    for (int p = 0; p < P; p++)
                        if (p != r && rcnt[(size_t)p * rounds + j])
                            MPI_Irecv(R + rpos[(size_t)p * rounds + j], (int)rcnt[(size_t)p * rounds + j], dt, p, 0, comm,
                                      &req[nreq++]);
                    for (int p = 0; p < P; p++)
                        if (p != r && scnt[(size_t)p * rounds + j]) {
                            MPI_Isend(sbuf[j & 1] + soff[(size_t)p * rounds + j], (int)scnt[(size_t)p * rounds + j], dt, p,
                                      0, comm, &req[nreq++]);
                            sent += (uint64_t)scnt[(size_t)p * rounds + j] * sizeof(grec);
                        }
                    MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
                    gmd_count_(ts, sent, (uint64_t)nreq, 0);
                    if (ch >= 0) /* its staged edges are packed: their destinations go */
                        release_staged(st, (ch + 1) * ROUND < mine ? (ch + 1) * ROUND : mine, &held);
                    mpi_s += MPI_Wtime() - ts;
                }
            }
            int64_t ch = k < chunks ? k : -1;
            size_t npk = k < rounds && ch >= 0 ? (size_t)npc : 0, ntouch = 0;
            for (int p = 0; k < rounds && p < P; p++)
                if (p != r)
                    ntouch += ((size_t)rcnt[(size_t)p * rounds + k] * sizeof(grec) + TOUCH_BLOCK - 1) / TOUCH_BLOCK;
            while (at && k < rounds) {
                int64_t task;
                #pragma omp atomic capture
                task = next[k & 1]++;
                if ((size_t)task < npk) {
                    size_t q = (size_t)ch * (size_t)npc + (size_t)task;
                    int64_t a = ch * ROUND + task * piece;
                    int64_t end = (ch + 1) * ROUND < mine ? (ch + 1) * ROUND : mine, z = a + piece < end ? a + piece : end;
                    for (int p = 0; p < P; p++)
                        at[p] = (p == r ? R + rpos[(size_t)p * rounds + k] : sbuf[k & 1]) + pc[q * (size_t)P + (size_t)p];
                    pack_piece(G, st, a, z, NULL, at);
                } else if ((size_t)task < npk + ntouch) {
                    size_t b = (size_t)task - npk;
                    for (int p = 0; p < P; p++) {
                        if (p == r)
                            continue;
                        size_t bytes = (size_t)rcnt[(size_t)p * rounds + k] * sizeof(grec);
                        size_t nb = (bytes + TOUCH_BLOCK - 1) / TOUCH_BLOCK;
                        if (b < nb) {
                            size_t from = b * TOUCH_BLOCK, len = bytes - from < TOUCH_BLOCK ? bytes - from : TOUCH_BLOCK;
                            char *c = (char *)(R + rpos[(size_t)p * rounds + k]) + from;
                            for (size_t o = 0; o < len; o += TOUCH_STEP)
                                c[o] = 0;
                            break;
                        }
                        b -= nb;
                    }
                } else
                    break;
            }
            #pragma omp barrier
            if (th == 0)
                step_s += MPI_Wtime() - ts;
        }
        free(at);
    }
    MPI_Type_free(&dt);
    if (getenv("GMD_GEN_TRACE") && *getenv("GMD_GEN_TRACE") == '1')
        fprintf(stderr, "gmd_gen: rank %d: route: counts %.3f s; %" PRId64 " rounds %.3f s, the master thread in MPI %.3f s of them\n",
                r, count_s, rounds, step_s, mpi_s);
    free(sbuf[0]);
    free(sbuf[1]);
    free(pc);
    free(cnt);
    free(req);
    if (failed) /* a thread's P pointers: O(P) */
        gmd_abort(3, "in-rank generator: out of memory");
    *Rp = R;
    *Kp = (size_t)K;
    return true;
}

/* Step 4 (degrees): the owners' global degrees, from the ranges overlapping
 * this rank's block.  The staged rows' starts become their out-degrees (the
 * last use of them), so that both go out of the stage's own arrays and
 * arrive in outd and ind: no buffer besides. */
static void route_degrees(gmd_graph *G, stage *st, int64_t *outd, int64_t *ind, int64_t n)
{
    int P = G->size, T = threads_max();
    int *c = malloc((size_t)P * 4 * sizeof *c);
    int64_t *edge = malloc(((size_t)T + 1) * sizeof *edge);
    if (!c || !edge) /* O(P + T) */
        gmd_abort(3, "in-rank generator: out of memory for the degrees");
    int *sc = c, *sd = c + P, *rc = c + 2 * P, *rd = c + 3 * P;
    int64_t lo = G->block[G->rank], hi = G->block[G->rank + 1];
    for (int p = 0; p < P; p++) {
        int64_t a = st->tl > G->block[p] ? st->tl : G->block[p], z = st->th < G->block[p + 1] ? st->th : G->block[p + 1];
        sc[p] = a < z ? (int)(z - a) : 0;
        sd[p] = a < z ? (int)(a - st->tl) : 0;
        int64_t ta = (int64_t)((__int128)n * p / P), tz = (int64_t)((__int128)n * (p + 1) / P);
        int64_t ra = ta > lo ? ta : lo, rz = tz < hi ? tz : hi;
        rc[p] = ra < rz ? (int)(rz - ra) : 0;
        rd[p] = ra < rz ? (int)(ra - lo) : 0;
    }
    /* begin[x] = begin[x+1] - begin[x] in place: each thread a slice, its
     * last row's end read before any thread writes */
    int64_t rows = st->th - st->tl, *b = st->begin;
    #pragma omp parallel num_threads(T) if (rows >= par_min())
    {
        int nt = threads_now(), t = thread_num();
        int64_t x0 = rows * t / nt, x1 = rows * (t + 1) / nt;
        edge[t] = b[x1];
        #pragma omp barrier
        for (int64_t x = x0; x < x1; x++)
            b[x] = (x + 1 < x1 ? b[x + 1] : edge[t]) - b[x];
    }
    /* faulted in on the threads, not in MPI's copy */
    touch_pages(outd, (size_t)G->num_owned * sizeof *outd);
    touch_pages(ind, (size_t)G->num_owned * sizeof *ind);
    double t0 = MPI_Wtime();
    MPI_Alltoallv(b, sc, sd, MPI_INT64_T, outd, rc, rd, MPI_INT64_T, gmd_comm_());
    MPI_Alltoallv(st->indeg, sc, sd, MPI_INT64_T, ind, rc, rd, MPI_INT64_T, gmd_comm_());
    gmd_count_(t0, (uint64_t)(st->th - st->tl) * 16, (uint64_t)P * 2, 2);
    free(c);
    free(edge);
}

/* Reverses R[a, z) on this thread. */
static void reverse_range(grec *R, size_t a, size_t z)
{
    for (; z > a + 1; a++, z--) {
        grec t = R[a];
        R[a] = R[z - 1];
        R[z - 1] = t;
    }
}

/* The first record of R[0, K) (sorted by source) whose source is >= x. */
static size_t first_source(const grec *R, size_t K, int64_t x)
{
    size_t a = 0, z = K;
    while (a < z) {
        size_t mid = a + (z - a) / 2;
        if (R[mid].u < x)
            a = mid + 1;
        else
            z = mid;
    }
    return a;
}

/* The record of local edge j when the records [na, nb) (the owners' rows)
 * come first, then [0, na), then the rest. */
static inline size_t rec_of(size_t j, size_t na, size_t nb)
{
    return j < nb - na ? j + na : j < nb ? j - (nb - na) : j;
}

/* Step 5: the local part from the routed edges, R sorted by global
 * (source, destination, index) as route_edges leaves it. */
static bool build_local(gmd_graph *G, const gmrt_gen_spec *s, grec **Rp, size_t K, int64_t n, bool keep_gid,
                        gmrt_error *err)
{
    grec *R = *Rp;
    int64_t lo = G->block[G->rank], hi = G->block[G->rank + 1];
    int T = threads_max();
    gm_node_t *lmap = gmrt_alloc_big((size_t)n + 1, sizeof *lmap);
    size_t *tn = calloc((size_t)T + 1, sizeof *tn);
    if (!lmap || !tn)
        goto nomem;
    par_copy(lmap, NULL, ((size_t)n + 1) * sizeof *lmap);
    #pragma omp parallel for schedule(static) if ((int64_t)K >= par_min())
    for (size_t i = 0; i < K; i++) {
        if (R[i].u < lo || R[i].u >= hi) {
            #pragma omp atomic write
            lmap[R[i].u] = 1;
        }
        if (R[i].v < lo || R[i].v >= hi) {
            #pragma omp atomic write
            lmap[R[i].v] = 1;
        }
    }
    /* the ghosts in id order: each thread counts, then numbers, its slice of ids */
    G->num_owned = (gm_node_t)(hi - lo);
    int nts = 1;
    #pragma omp parallel num_threads(T) if (n >= par_min())
    {
        int nt = threads_now(), t = thread_num();
        int64_t x0 = n * t / nt, x1 = n * (t + 1) / nt;
        size_t k = 0;
        for (int64_t x = x0; x < x1; x++)
            k += (x < lo || x >= hi) && lmap[x];
        tn[t + 1] = k;
        #pragma omp barrier
        #pragma omp single
        {
            nts = nt;
            for (int i = 0; i < nt; i++)
                tn[i + 1] += tn[i];
            G->ghost_gid = gmrt_alloc_big(tn[nt] + 1, sizeof *G->ghost_gid);
        }
        size_t gi = tn[t];
        for (int64_t x = x0; x < x1; x++)
            if (x >= lo && x < hi)
                lmap[x] = (gm_node_t)(x - lo);
            else if (lmap[x] && G->ghost_gid) {
                G->ghost_gid[gi] = x;
                lmap[x] = G->num_owned + (gm_node_t)gi++;
            }
    }
    size_t ng = tn[nts];
    free(tn);
    tn = NULL;
    if (!G->ghost_gid)
        goto nomem;
    G->num_ghosts = (gm_node_t)ng;
    for (int p = 0; p <= G->size; p++) {
        int64_t key = p < G->size ? G->block[p] : INT64_MAX;
        size_t a = 0, z = ng;
        while (a < z) {
            size_t mid = a + (z - a) / 2;
            if (G->ghost_gid[mid] < key)
                a = mid + 1;
            else
                z = mid;
        }
        G->ghost_begin[p] = G->num_owned + (gm_node_t)a;
    }
    gm_node_t nl = G->num_owned + G->num_ghosts;
    G->out_degree = gmrt_alloc_big((size_t)nl + 1, sizeof *G->out_degree);
    G->in_degree = gmrt_alloc_big((size_t)nl + 1, sizeof *G->in_degree);
    gm_edge_t *rows = gmrt_alloc_big((size_t)nl + 2, sizeof *rows);
    if (!G->out_degree || !G->in_degree || !rows) {
        free(rows);
        goto nomem;
    }
    /* The records become the local rows in place (no second copy of the
     * edges): ends to local ids.  Sorted by local source, the owners' rows
     * (sources in [lo, hi), records [na, nb)) come before the ghosts' rows
     * below lo (records [0, na)): the local CSR's edge j is record
     * rec_of(j) (no pass moves them; they go to their places in the
     * graph's arrays at the end). */
    size_t na = first_source(R, K, lo), nb = first_source(R, K, hi);
    #pragma omp parallel for schedule(static) if ((int64_t)K >= par_min())
    for (size_t i = 0; i < K; i++) {
        R[i].u = lmap[R[i].u];
        R[i].v = lmap[R[i].v];
    }
    free(lmap);
    lmap = NULL;
    /* rows[x] = the first local edge whose source is >= x */
    #pragma omp parallel for schedule(static) if ((int64_t)K >= par_min())
    for (size_t j = 0; j < K; j++)
        for (gm_node_t x = j ? R[rec_of(j - 1, na, nb)].u + 1 : 0; x <= R[rec_of(j, na, nb)].u; x++)
            rows[x] = (gm_edge_t)j;
    for (gm_node_t x = K ? R[rec_of(K - 1, na, nb)].u + 1 : 0; x <= nl; x++)
        rows[x] = (gm_edge_t)K;
    /* rows in gmd_part.c's order: destination, weight, global index */
    bool wts = s->weighted, sort_failed = false;
    #pragma omp parallel if ((int64_t)K >= par_min())
    {
        lent *buf = NULL;
        size_t cap = 0;
        #pragma omp for schedule(dynamic, 256)
        for (gm_node_t x = 0; x < nl; x++) {
            /* a row's records are contiguous (no row spans two of the
             * three runs) */
            gm_edge_t b = rows[x], e = rows[x + 1];
            if (e - b < 2)
                continue;
            e = (gm_edge_t)rec_of((size_t)b, na, nb) + (e - b);
            b = (gm_edge_t)rec_of((size_t)b, na, nb);
            /* the row is in global destination order: ghosts below lo
             * (local ids from num_owned up), owners (below num_owned),
             * ghosts from hi up; the owners' run goes first (a rotation,
             * linear, instead of a sort) */
            gm_edge_t k = b;
            while (k < e && R[k].v >= G->num_owned)
                k++;
            if (k > b && k < e) {
                gm_edge_t z = k;
                while (z < e && R[z].v < G->num_owned)
                    z++;
                reverse_range(R, (size_t)b, (size_t)k);
                reverse_range(R, (size_t)k, (size_t)z);
                reverse_range(R, (size_t)b, (size_t)z);
            }
            /* already in order (every row of an owner-only part): nothing
             * to sort; equal destinations are ordered by weight first */
            gm_edge_t i = b + 1;
            while (i < e && (R[i - 1].v < R[i].v || (!wts && R[i - 1].v == R[i].v && R[i - 1].e < R[i].e)))
                i++;
            if (i == e)
                continue;
            if ((size_t)(e - b) > cap) {
                lent *nb = realloc(buf, (size_t)(e - b) * sizeof *buf);
                if (!nb) {
                    #pragma omp atomic write
                    sort_failed = true;
                    continue;
                }
                buf = nb;
                cap = (size_t)(e - b);
            }
            for (i = b; i < e; i++)
                buf[i - b] = (lent){ R[i].v, R[i].e,
                                     wts ? gmrt_gen_weight_of(s->w_lo, s->w_hi, s->w_integral, s->seed, R[i].e) : 0 };
            sort_lents(buf, (size_t)(e - b));
            for (i = b; i < e; i++) {
                R[i].v = buf[i - b].dst;
                R[i].e = buf[i - b].e;
            }
        }
        free(buf);
    }
    G->local = sort_failed ? NULL : gmrt_graph_alloc(nl, (gm_edge_t)K, wts, err);
    if (!G->local) {
        free(rows);
        goto nomem;
    }
    free(G->local->begin); /* the rows are the graph's (huge pages, no copy) */
    G->local->begin = rows;
    G->edge_gid = keep_gid ? gmrt_alloc_big(K + 1, sizeof *G->edge_gid) : NULL;
    if (keep_gid && !G->edge_gid)
        goto nomem;
    gm_node_t *ni = G->local->node_idx;
    gm_edge_t *eg = G->edge_gid;
    double *lw = G->local->weights;
    if (lw)
        G->local->weights_integral = s->w_integral;
    /* The records move to the graph's arrays from the last ones back, and
     * their memory shrinks behind them, so that the records and the arrays
     * together hold at most the larger of the records' 16 bytes an edge and
     * the arrays' own: node_idx and edge_gid take 8 (4 + 4), with 64-bit
     * edges 12 (4 without edge_gid: no_edge_gid); the weights 8 more. */
    size_t chunk = (size_t)gen_round() * 2;
    for (size_t z = K; z > 0;) {
        size_t a = z > chunk ? z - chunk : 0;
        #pragma omp parallel for schedule(static) if ((int64_t)(z - a) >= par_min())
        for (size_t i = a; i < z; i++) {
            size_t j = i < na ? i + (nb - na) : i < nb ? i - na : i; /* rec_of(j, na, nb) == i */
            ni[j] = R[i].v;
            if (eg)
                eg[j] = (gm_edge_t)R[i].e;
            if (lw)
                lw[j] = gmrt_gen_weight_of(s->w_lo, s->w_hi, s->w_integral, s->seed, R[i].e);
        }
        z = a;
        grec *shrunk = realloc(R, (a + 1) * sizeof *R);
        if (shrunk)
            R = shrunk;
    }
    free(R);
    *Rp = NULL;
    return true;
nomem:
    free(lmap);
    free(tn);
    gmrt_error_set(err, GMRT_E_NOMEM, "in-rank generator: out of memory for the local graph (rank %d, %zu edges)",
                   G->rank, K);
    return false;
}

gmd_graph *gmd_generate_(const char *text, const gmd_load_options *opt, gmrt_error *err)
{
    gmrt_gen_spec s;
    bool ok = gmrt_gen_spec_parse(text, &s, err) && gmrt_gen_spec_weights_fit(&s, opt ? opt->graph_options : NULL, err);
    if (ok && opt && opt->relabel) {
        gmrt_error_set(err, GMRT_E_ARG, "%s: --relabel is not supported with a generated graph (rmat ids are already "
                       "scrambled; use a file to relabel)", text);
        ok = false;
    }
    if (!gmd_agree_(ok, err))
        return NULL;
    int P = gmd_size(), r = gmd_rank();
    int64_t n = gmrt_gen_spec_nodes(&s);
    stage st = { 0 };
    gmd_graph *G = NULL;
    int64_t *outd = NULL, *ind = NULL;
    if (!draw_and_stage(&s, n, opt ? opt->policy : GMD_POLICY_BOTH, &st, err))
        goto fail;
    G = calloc(1, sizeof *G);
    if (G) {
        G->rank = r;
        G->size = P;
        G->policy = opt ? opt->policy : GMD_POLICY_BOTH;
        G->global_nodes = n;
        G->global_edges = st.m;
        G->block = calloc((size_t)P + 1, sizeof *G->block);
        G->ghost_begin = calloc((size_t)P + 1, sizeof *G->ghost_begin);
        G->send_idx = calloc((size_t)P, sizeof *G->send_idx);
        G->send_count = calloc((size_t)P, sizeof *G->send_count);
    }
    ok = G && G->block && G->ghost_begin && G->send_idx && G->send_count;
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "in-rank generator: out of memory (rank %d)", r);
    if (!gmd_agree_(ok, err))
        goto fail;
    pclock t;
    clock_now(&t);
    make_blocks(G, &st, n);
    trace("blocks", &t);
    G->num_owned = (gm_node_t)(G->block[r + 1] - G->block[r]);
    grec *recs = NULL;
    size_t K = 0;
    if (!route_edges(G, &st, &recs, &K, err))
        goto fail;
    free(st.dst); /* (what the rounds left of it) */
    st.dst = NULL;
    outd = gmrt_alloc_big((size_t)G->num_owned + 1, sizeof *outd);
    ind = gmrt_alloc_big((size_t)G->num_owned + 1, sizeof *ind);
    if (!outd || !ind) /* O(n/P) */
        gmd_abort(3, "in-rank generator: out of memory for the degrees");
    trace("route", &t);
    route_degrees(G, &st, outd, ind, n);
    free(st.begin);
    free(st.dst);
    free(st.gap);
    free(st.indeg);
    free(st.spare);
    st.begin = NULL;
    st.dst = NULL;
    st.gap = NULL;
    st.indeg = NULL;
    ok = build_local(G, &s, &recs, K, n, !(opt && opt->no_edge_gid), err);
    free(recs); /* NULL unless build_local failed */
    if (ok) /* symmetrize (dedup and dropped self-loops keep it) */
        gmd_part_mark_symmetric_(G, s.build.symmetrize);
    trace("local", &t);
    if (!gmd_agree_(ok, err) || !gmd_exchange_send_lists_(G, err))
        goto fail;
    #pragma omp parallel for schedule(static) if ((int64_t)G->num_owned >= par_min())
    for (gm_node_t x = 0; x < G->num_owned; x++) {
        G->out_degree[x] = (gm_edge_t)outd[x];
        G->in_degree[x] = (gm_edge_t)ind[x];
    }
    free(outd);
    free(ind);
    outd = ind = NULL;
    trace("sends", &t);
    /* the ghosts' degrees from their owners */
    if (!gmd_sync_broadcast(G, G->out_degree, GMRT_T_EDGE) || !gmd_sync_broadcast(G, G->in_degree, GMRT_T_EDGE)) {
        gmrt_error_set(err, GMRT_E_ARG, "in-rank generator: the degree sync failed");
        goto fail;
    }
    trace("ghostdeg", &t);
    return G;
fail:
    free(st.begin);
    free(st.dst);
    free(st.gap);
    free(st.indeg);
    free(st.spare);
    free(outd);
    free(ind);
    gmd_graph_free(G);
    return NULL;
}

double gmd_max_peak_rss_mb(void)
{
    struct rusage ru;
    double mb = getrusage(RUSAGE_SELF, &ru) == 0 ? (double)ru.ru_maxrss / 1024.0 : 0; /* Linux: KB */
    gmd_allreduce_double(&mb, GMD_MAX);
    return mb;
}
