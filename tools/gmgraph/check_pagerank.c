/* check_pagerank.c: are the ranks apps/pagerank.gm's after its K
 * iterations?  The app starts from 1/N and computes, for all v at once,
 *   rank'[v] = (1 - d) / N + d * sum over edges w -> v of rank[w] / outdeg(w)
 * (a node without out-edges gives nothing: its rank is lost), stopping
 * after the first iteration whose sum of |rank' - rank| is <= e, or after
 * max_iter (at least one).  Here: one pass over the edges for the
 * out-degrees (parallel edges and self-loops count, as in the app), then
 * one pass an iteration.
 *
 * The sums are exact: each contribution rank[w] / outdeg(w), a double in
 * [0, 1], is added as a 128-bit fixed-point number (unit 2^-126, exact for
 * contributions above 2^-73) by two 64-bit atomic adds, the low word's
 * carry passed to the high word; integer addition is associative, so the
 * total is the same in any order and on any number of threads, and it is
 * rounded to a double once.  So the reference is the exact iteration up
 * to one rounding a node a step, and the verdict cannot depend on the
 * threads.  Memory: 52 bytes a node (the file's ranks, the iterate, the
 * fixed-point contributions and sums, the degrees).
 *
 * The comparison is per node: |file - reference| <= tol * reference (every
 * reference is at least (1 - d) / N > 0), so one wrong node is seen
 * however many there are.  The run's own rounding: a sum of n positive
 * doubles is off by at most (n - 1) u relatively (u = 2^-53), typically
 * sqrt(n) u, and an iteration does not amplify earlier relative errors
 * (a positive weighted sum); the default tol, 1e-9, is thousands of times
 * the typical error of 50 iterations with in-degrees of 10^7. */
#include "check.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

/* A 128-bit fixed-point number, unit 2^-126, in two words updated by
 * atomic adds (16-byte aligned: one cache line). */
typedef struct fx {
    uint64_t lo, hi;
} __attribute__((aligned(16))) fx;

static inline u128 to_fx(double c) /* 0 <= c < 4 */
{
    return (u128)ldexp(c, 126);
}

static inline double fx_value(const fx *a)
{
    return ldexp((double)((u128)a->hi << 64 | a->lo), -126);
}

static inline void fx_add(fx *to, const fx *a)
{
    uint64_t old = __atomic_fetch_add(&to->lo, a->lo, __ATOMIC_RELAXED);
    uint64_t carry = old + a->lo < old;
    if (a->hi + carry)
        __atomic_fetch_add(&to->hi, a->hi + carry, __ATOMIC_RELAXED);
}

typedef struct pr_ctx {
    const chk_stream *s;
    uint32_t *deg;
    fx *contrib, *sum;
    uint64_t directed;
} pr_ctx;

static void degree_chunk(void *ctx, int64_t first, size_t count, const gm_node_t *src, const gm_node_t *dst)
{
    (void)first;
    pr_ctx *c = ctx;
    uint64_t directed = 0;
    for (size_t k = 0; k < count; k++) {
        int copies = chk_copies(c->s, src[k], dst[k]);
        if (copies >= 1)
            __atomic_fetch_add(&c->deg[src[k]], 1, __ATOMIC_RELAXED);
        if (copies == 2)
            __atomic_fetch_add(&c->deg[dst[k]], 1, __ATOMIC_RELAXED);
        directed += (uint64_t)copies;
    }
    __atomic_fetch_add(&c->directed, directed, __ATOMIC_RELAXED);
}

static void iterate_chunk(void *ctx, int64_t first, size_t count, const gm_node_t *src, const gm_node_t *dst)
{
    (void)first;
    pr_ctx *c = ctx;
    for (size_t k = 0; k < count; k++) {
        gm_node_t w = src[k], v = dst[k];
        int copies = chk_copies(c->s, w, v);
        if (copies >= 1)
            fx_add(&c->sum[v], &c->contrib[w]);
        if (copies == 2)
            fx_add(&c->sum[w], &c->contrib[v]);
    }
}

/* Sums over nodes in a fixed order whatever the threads: blocks of BLOCK
 * nodes summed in parallel, each in order, then the blocks in order. */
#define BLOCK 4096

/* The reference's agreement with the file. */
typedef struct verdict {
    int64_t first_bad; /* first node off by more than tol; n: none */
    int64_t worst;     /* node of the largest relative error */
    double worst_err, l1; /* that error; sum |file - ref| / sum ref */
} verdict;

static double rel_err(double got, double ref)
{
    double e = fabs(got - ref) / ref;
    return e == e ? e : INFINITY; /* NaN (a NaN rank, or 0 / 0): wrong */
}

static verdict compare(const chk_stream *s, const double *rank, const double *ref, double tol, double *block_a,
                       double *block_b)
{
    const int64_t n = s->nodes, blocks = (n + BLOCK - 1) / BLOCK;
    verdict v = {n, 0, 0.0, 0.0};
    int64_t first_bad = n;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) reduction(min : first_bad) schedule(static)
    for (int64_t b = 0; b < blocks; b++) {
        double dsum = 0, rsum = 0;
        for (int64_t i = b * BLOCK; i < n && i < (b + 1) * BLOCK; i++) {
            double e = rel_err(rank[i], ref[i]);
            if (!(e <= tol) && i < first_bad)
                first_bad = i;
            dsum += fabs(rank[i] - ref[i]);
            rsum += ref[i];
        }
        block_a[b] = dsum;
        block_b[b] = rsum;
    }
    double dsum = 0, rsum = 0;
    for (int64_t b = 0; b < blocks; b++) {
        dsum += block_a[b];
        rsum += block_b[b];
    }
    /* the worst node: the first of the largest errors (a serial scan would
     * cost seconds at 2^29 nodes: per block, then over the blocks) */
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) schedule(static)
    for (int64_t b = 0; b < blocks; b++) {
        double w = -1;
        int64_t at = b * BLOCK;
        for (int64_t i = b * BLOCK; i < n && i < (b + 1) * BLOCK; i++) {
            double e = rel_err(rank[i], ref[i]);
            if (e > w) {
                w = e;
                at = i;
            }
        }
        block_a[b] = w;
        block_b[b] = (double)at;
    }
    for (int64_t b = 0; b < blocks; b++)
        if (block_a[b] > v.worst_err) {
            v.worst_err = block_a[b];
            v.worst = (int64_t)block_b[b];
        }
    v.first_bad = first_bad;
    v.l1 = rsum > 0 ? dsum / rsum : dsum;
    if (v.l1 != v.l1)
        v.l1 = INFINITY;
    return v;
}

int chk_pagerank(chk_stream *s, const double *rank, const chk_pagerank_opts *o, FILE *out)
{
    const int64_t n = s->nodes, blocks = (n + BLOCK - 1) / BLOCK;
    const size_t nn = (size_t)(n > 0 ? n : 1);
    pr_ctx c = {s, chk_alloc(nn * sizeof(uint32_t)), chk_alloc(nn * sizeof(fx)), chk_alloc(nn * sizeof(fx)), 0};
    double *x = chk_alloc(nn * sizeof *x), *block_a = malloc((size_t)(blocks + 1) * sizeof(double)),
           *block_b = malloc((size_t)(blocks + 1) * sizeof(double));
    int status = 1;
    if (!c.deg || !c.contrib || !c.sum || !x || !block_a || !block_b) {
        fprintf(stderr, "gmgraph check: out of memory for %" PRId64 " nodes' PageRank arrays (52 bytes a node)\n", n);
        goto done;
    }
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES)
    for (int64_t v = 0; v < n; v++)
        c.deg[v] = 0;
    if (!chk_stream_run(s, "degrees", degree_chunk, &c, NULL))
        goto done;
    uint64_t degsum = 0;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) reduction(+ : degsum)
    for (int64_t v = 0; v < n; v++)
        degsum += c.deg[v];
    if (degsum != c.directed) { /* a 32-bit count wrapped */
        fprintf(stderr, "gmgraph check: a node has 2^32 or more out-edges: not supported\n");
        goto done;
    }

    const double N = (double)n, base = (1 - o->d) / N, band = 2 * o->tol;
    const int64_t kmax = o->max_iter < 1 ? 1 : o->max_iter;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES)
    for (int64_t v = 0; v < n; v++)
        x[v] = 1 / N;
    char phase[32];
    verdict vd = {n, 0, 0, 0};
    int64_t k = 0;
    bool near_e = false; /* the stopping test was within rounding of e */
    double diff = 0;
    for (k = 1; k <= kmax; k++) {
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES)
        for (int64_t v = 0; v < n; v++) {
            fx z = {0, 0};
            u128 f = c.deg[v] ? to_fx(x[v] / (double)c.deg[v]) : 0; /* the app's w.rank / (Double) w.OutDegree() */
            c.contrib[v].lo = (uint64_t)f;
            c.contrib[v].hi = (uint64_t)(f >> 64);
            c.sum[v] = z;
        }
        snprintf(phase, sizeof phase, "iteration %" PRId64, k);
        if (!chk_stream_run(s, phase, iterate_chunk, &c, NULL))
            goto done;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) schedule(static)
        for (int64_t b = 0; b < blocks; b++) {
            double part = 0;
            for (int64_t v = b * BLOCK; v < n && v < (b + 1) * BLOCK; v++) {
                double y = base + o->d * fx_value(&c.sum[v]);
                part += fabs(y - x[v]);
                x[v] = y;
            }
            block_a[b] = part;
        }
        diff = 0;
        for (int64_t b = 0; b < blocks; b++)
            diff += block_a[b];
        /* The run stopped here if its diff was <= e.  Its ranks are within
         * tol of these (relatively; they sum to at most 1), so its diff is
         * within 2 tol of this one: beyond that band the decision is
         * certain; inside it, either way: a match here ends the check, no
         * match goes on to the next iteration. */
        bool sure = k == kmax || diff <= o->e - band, maybe = diff <= o->e + band;
        if (!sure && !maybe)
            continue;
        vd = compare(s, rank, x, o->tol, block_a, block_b);
        near_e = !sure;
        if (vd.first_bad == n || sure)
            break;
    }
    if (vd.first_bad < n) {
        int64_t b = vd.first_bad;
        fprintf(stderr,
                "gmgraph check: WRONG: node %" PRId64 " has rank %.17g, but after %" PRId64 " iteration%s it is %.17g "
                "(relative error %.3g > tolerance %g); largest relative error %.3g at node %" PRId64 ", L1 relative error %.3g\n",
                b, rank[b], k, k == 1 ? "" : "s", x[b], rel_err(rank[b], x[b]), o->tol, vd.worst_err, vd.worst, vd.l1);
        goto done;
    }
    fprintf(out,
            "pagerank: right: %" PRId64 " iteration%s (d = %g; last change %.3g%s), largest relative error %.3g at node %" PRId64
            ", L1 relative error %.3g (tolerance %g); %" PRId64 " edges drawn (%" PRIu64 " directed)\n",
            k, k == 1 ? "" : "s", o->d, diff, near_e ? ", within rounding of e: the run may have stopped here or gone on" : "",
            vd.worst_err, vd.worst, vd.l1, o->tol, s->drawn, c.directed);
    status = 0;
done:
    free(c.deg);
    free(c.contrib);
    free(c.sum);
    free(x);
    free(block_a);
    free(block_b);
    return status;
}
