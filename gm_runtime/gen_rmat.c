/* gen_rmat.c: RMAT / Kronecker graphs with Graph500 parameters.
 *
 * Each level of an edge needs one choice among four quadrants; a 64-bit
 * random number feeds two levels with 32-bit thresholds, so scale 24 costs
 * 12 draws per edge.  Node ids are optionally scrambled by a seeded
 * bijection of [0, 2^scale), computed per id (no permutation table), so the
 * whole generation is one parallel pass over the edges. */
#include "gmrt_gen.h"
#include "gmrt_rng.h"
#include "rt_alloc.h"
#include "rt_progress.h"

#include <inttypes.h>
#include <math.h>
#include <omp.h>

void gmrt_rmat_defaults(gmrt_rmat_params *p, int scale)
{
    p->scale = scale;
    p->edge_factor = 16;
    p->a = 0.57;
    p->b = 0.19;
    p->c = 0.19;
    p->seed = 1;
    p->permute = true;
}

/* x -> ((x * m0 + a0) xorshift) * m1 + a1 ... within `bits` bits: each step
 * is invertible modulo 2^bits, so the whole map is a permutation. */
typedef struct id_scramble {
    uint64_t mask, mul[3], add[3];
    int shift;
} id_scramble;

static void scramble_init(id_scramble *s, int bits, uint64_t seed)
{
    gmrt_rng r = gmrt_rng_make(seed, 0x7065726D75746531ull);
    s->mask = bits >= 64 ? UINT64_MAX : (((uint64_t)1 << bits) - 1);
    s->shift = bits / 2 + 1;
    for (int i = 0; i < 3; i++) {
        s->mul[i] = gmrt_rng_next(&r) | 1; /* odd: invertible */
        s->add[i] = gmrt_rng_next(&r);
    }
}

static inline uint64_t scramble(const id_scramble *s, uint64_t x)
{
    for (int i = 0; i < 3; i++) {
        x = (x * s->mul[i] + s->add[i]) & s->mask;
        x ^= x >> s->shift;
    }
    return x;
}

gm_graph *gmrt_gen_rmat(const gmrt_rmat_params *p, const gmrt_build_options *b,
                        const gmrt_progress *progress, gmrt_error *err)
{
    double d = 1.0 - p->a - p->b - p->c;
    if (p->scale < 0 || p->scale > 30) {
        gmrt_error_set(err, GMRT_E_ARG, "RMAT scale %d, expected 0 to 30 (node ids are 32-bit)", p->scale);
        return NULL;
    }
    if (!(p->a >= 0 && p->b >= 0 && p->c >= 0 && d >= -1e-12)) {
        gmrt_error_set(err, GMRT_E_ARG, "RMAT probabilities a=%g b=%g c=%g: expected non-negative values summing to at most 1",
                       p->a, p->b, p->c);
        return NULL;
    }
    gm_node_t n = (gm_node_t)((int64_t)1 << p->scale);
    double mf = p->edge_factor * (double)n;
    if (!(p->edge_factor >= 0) || mf > (double)GMRT_EDGE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE, "RMAT edge factor %g at scale %d gives %.0f edges: expected 0 to %" PRId64
                       " (configure with --enable-edge64 for more)",
                       p->edge_factor, p->scale, mf, (int64_t)GMRT_EDGE_MAX);
        return NULL;
    }
    size_t m = (size_t)llround(mf);
    gm_node_t *src = gmrt_alloc_array(m, sizeof *src);
    gm_node_t *dst = gmrt_alloc_array(m, sizeof *dst);
    if (!src || !dst) {
        free(src);
        free(dst);
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory for %zu RMAT edges", m);
        return NULL;
    }
    const double two32 = 4294967296.0;
    const uint64_t ta = (uint64_t)(p->a * two32), tab = (uint64_t)((p->a + p->b) * two32),
                   tabc = (uint64_t)((p->a + p->b + p->c) * two32);
    id_scramble sc;
    scramble_init(&sc, p->scale, p->seed);
    const int scale = p->scale;
    const bool permute = p->permute;

    gmrt_report(progress, "generating", 0.0);
#pragma omp parallel
    {
        bool reporter = omp_get_thread_num() == 0 && progress && progress->fn;
        size_t done = 0, share = m / (size_t)omp_get_num_threads() + 1;
#pragma omp for schedule(static)
        for (size_t i = 0; i < m; i++) {
            gmrt_rng r = gmrt_rng_make(p->seed, i);
            uint64_t u = 0, v = 0;
            for (int level = 0; level < scale; level += 2) {
                uint64_t x = gmrt_rng_next(&r);
                for (int half = 0; half < 2 && level + half < scale; half++) {
                    uint64_t t = half ? x >> 32 : x & 0xFFFFFFFFu;
                    uint64_t ge_a = t >= ta, ge_ab = t >= tab, ge_abc = t >= tabc;
                    u = (u << 1) | ge_ab;
                    v = (v << 1) | ((ge_a & !ge_ab) | ge_abc);
                }
            }
            if (permute) {
                u = scramble(&sc, u);
                v = scramble(&sc, v);
            }
            src[i] = (gm_node_t)u;
            dst[i] = (gm_node_t)v;
            if (reporter && ++done % (1u << 22) == 0)
                progress->fn(progress->arg, "generating", (double)done / (double)share);
        }
    }
    gmrt_report(progress, "generating", 1.0);
    gmrt_report(progress, "building", 0.0);
    gm_graph *g = gmrt_graph_from_edges(n, m, src, dst, NULL, b, err);
    gmrt_report(progress, "building", 1.0);
    free(src);
    free(dst);
    return g;
}
