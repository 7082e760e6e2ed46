/* gen_rmat.c: RMAT / Kronecker graphs with Graph500 parameters.
 *
 * Each level of an edge needs one choice among four quadrants.  Two levels
 * at once are one choice among 16 quadrant pairs, which a table of 2^16
 * entries answers for a 16-bit random number (pair probabilities rounded to
 * 1/65536, far below the model's own noise); a 64-bit draw thus places 8
 * levels, and scale 24 costs 3 draws per edge.  Node ids are optionally scrambled by a seeded
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

/* table[r] for a 16-bit r: bits 3..2 are the source bits and bits 1..0 the
 * destination bits of two consecutive levels (high level first), drawn with
 * probability p(q1) * p(q2) for quadrants q1, q2 in (a, b, c, d). */
static void fill_pair_table(unsigned char *table, double a, double b, double c)
{
    const double q[4] = {a, b, c, 1.0 - a - b - c};
    /* quadrant k: source bit k >> 1, destination bit k & 1 */
    double cum = 0;
    size_t at = 0;
    for (int k1 = 0; k1 < 4; k1++)
        for (int k2 = 0; k2 < 4; k2++) {
            cum += q[k1] * q[k2];
            size_t end = (k1 == 3 && k2 == 3) ? 65536 : (size_t)llround(cum * 65536.0);
            if (end > 65536)
                end = 65536;
            unsigned char code = (unsigned char)(((k1 >> 1) << 3) | ((k2 >> 1) << 2) | ((k1 & 1) << 1) | (k2 & 1));
            for (; at < end; at++)
                table[at] = code;
        }
}

/* What every edge's draw needs: the pair table and the id scramble. */
typedef struct rmat_drawer {
    unsigned char table[65536];
    id_scramble sc;
    int scale;
    bool permute;
    uint64_t seed;
} rmat_drawer;

static void drawer_init(rmat_drawer *dr, const gmrt_rmat_params *p)
{
    fill_pair_table(dr->table, p->a, p->b, p->c);
    scramble_init(&dr->sc, p->scale, p->seed);
    dr->scale = p->scale;
    dr->permute = p->permute;
    dr->seed = p->seed;
}

/* Edge i of the graph: a function of (parameters, i) only. */
static inline void draw_edge(const rmat_drawer *dr, uint64_t i, gm_node_t *src, gm_node_t *dst)
{
    gmrt_rng r = gmrt_rng_make(dr->seed, i);
    uint64_t u = 0, v = 0;
    int level = 0;
    const int scale = dr->scale;
    while (level + 1 < scale) { /* pairs of levels, 4 pairs a draw */
        uint64_t x = gmrt_rng_next(&r);
        for (int part = 0; part < 4 && level + 1 < scale; part++, level += 2, x >>= 16) {
            unsigned code = dr->table[x & 0xFFFF];
            u = (u << 2) | (code >> 2);
            v = (v << 2) | (code & 3);
        }
    }
    if (level < scale) { /* an odd scale: the high level of one more pair */
        unsigned code = dr->table[gmrt_rng_next(&r) & 0xFFFF];
        u = (u << 1) | (code >> 3);
        v = (v << 1) | ((code >> 1) & 1);
    }
    if (dr->permute) {
        u = scramble(&dr->sc, u);
        v = scramble(&dr->sc, v);
    }
    *src = (gm_node_t)u;
    *dst = (gm_node_t)v;
}

bool gmrt_rmat_check(const gmrt_rmat_params *p, gmrt_error *err)
{
    double d = 1.0 - p->a - p->b - p->c;
    if (p->scale < 0 || p->scale > 30) {
        gmrt_error_set(err, GMRT_E_ARG, "RMAT scale %d, expected 0 to 30 (node ids are 32-bit)", p->scale);
        return false;
    }
    if (!(p->a >= 0 && p->b >= 0 && p->c >= 0 && d >= -1e-12)) {
        gmrt_error_set(err, GMRT_E_ARG, "RMAT probabilities a=%g b=%g c=%g: expected non-negative values summing to at most 1",
                       p->a, p->b, p->c);
        return false;
    }
    double mf = p->edge_factor * (double)((int64_t)1 << p->scale);
    if (!(p->edge_factor >= 0) || mf > (double)GMRT_EDGE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE, "RMAT edge factor %g at scale %d gives %.0f edges: expected 0 to %" PRId64
                       " (configure with --enable-edge64 for more)",
                       p->edge_factor, p->scale, mf, (int64_t)GMRT_EDGE_MAX);
        return false;
    }
    return true;
}

int64_t gmrt_rmat_edge_count(const gmrt_rmat_params *p)
{
    return (int64_t)llround(p->edge_factor * (double)((int64_t)1 << p->scale));
}

bool gmrt_rmat_draw(const gmrt_rmat_params *p, int64_t first, size_t count, gm_node_t *src, gm_node_t *dst)
{
    rmat_drawer *dr = malloc(sizeof *dr);
    if (!dr)
        return false;
    drawer_init(dr, p);
#pragma omp parallel for schedule(static) if (count >= 65536)
    for (size_t k = 0; k < count; k++)
        draw_edge(dr, (uint64_t)first + k, &src[k], &dst[k]);
    free(dr);
    return true;
}

gm_graph *gmrt_gen_rmat(const gmrt_rmat_params *p, const gmrt_build_options *b,
                        const gmrt_progress *progress, gmrt_error *err)
{
    if (!gmrt_rmat_check(p, err))
        return NULL;
    gm_node_t n = (gm_node_t)((int64_t)1 << p->scale);
    size_t m = (size_t)gmrt_rmat_edge_count(p);
    gm_node_t *src = gmrt_alloc_big(m, sizeof *src);
    gm_node_t *dst = gmrt_alloc_big(m, sizeof *dst);
    rmat_drawer *dr = malloc(sizeof *dr);
    if (!src || !dst || !dr) {
        free(src);
        free(dst);
        free(dr);
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory for %zu RMAT edges", m);
        return NULL;
    }
    drawer_init(dr, p);

    gmrt_report(progress, "generating", 0.0);
#pragma omp parallel
    {
        bool reporter = omp_get_thread_num() == 0 && progress && progress->fn;
        size_t done = 0, share = m / (size_t)omp_get_num_threads() + 1;
#pragma omp for schedule(static)
        for (size_t i = 0; i < m; i++) {
            draw_edge(dr, i, &src[i], &dst[i]);
            if (reporter && ++done % (1u << 22) == 0)
                progress->fn(progress->arg, "generating", (double)done / (double)share);
        }
    }
    free(dr);
    gmrt_report(progress, "generating", 1.0);
    gmrt_report(progress, "building", 0.0);
    gm_graph *g = gmrt_graph_from_edges(n, m, src, dst, NULL, b, err);
    gmrt_report(progress, "building", 1.0);
    free(src);
    free(dst);
    return g;
}
