/* gen_spec.c: generator specs (gmrt_gen.h), a graph named by the generator
 * that makes it, "gen:rmat,scale=20,seed=1,symmetrize": parsed and checked
 * here once, for the distributed runtime's in-rank generator (gmd_gen.c)
 * and for building the same graph whole in one process (as `gmgraph gen`
 * does, with the same generator calls, so both give one graph). */
#include "gmrt_gen.h"
#include "io_internal.h" /* gmrt_weight_fits */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool gmrt_gen_spec_is(const char *text)
{
    return text && strncmp(text, "gen:", 4) == 0;
}

static bool spec_int(const char *text, const char *key, const char *v, int64_t lo, int64_t hi, int64_t *out,
                     gmrt_error *err)
{
    char *end = NULL;
    errno = 0;
    long long x = v ? strtoll(v, &end, 10) : 0;
    if (!v || !*v || *end || errno || x < lo || x > hi) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': %s=%s: expected an integer from %" PRId64 " to %" PRId64,
                       text, key, v ? v : "", lo, hi);
        return false;
    }
    *out = x;
    return true;
}

static bool spec_real(const char *text, const char *key, const char *v, double *out, gmrt_error *err)
{
    char *end = NULL;
    errno = 0;
    double x = v ? strtod(v, &end) : 0;
    if (!v || !*v || *end || errno || !isfinite(x) || x < 0) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': %s=%s: expected a number >= 0", text, key, v ? v : "");
        return false;
    }
    *out = x;
    return true;
}

/* "int:LO:HI" or "real:LO:HI", as gmgraph gen --weights. */
static bool spec_weights(const char *text, const char *v, gmrt_gen_spec *s, gmrt_error *err)
{
    char kind[8], tail;
    double a, b;
    if (!v || sscanf(v, "%7[a-z]:%lf:%lf%c", kind, &a, &b, &tail) != 3 ||
        (strcmp(kind, "int") != 0 && strcmp(kind, "real") != 0) || !(a <= b)) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': weights=%s: expected int:LO:HI or real:LO:HI with LO <= HI",
                       text, v ? v : "");
        return false;
    }
    s->weighted = true;
    s->w_integral = strcmp(kind, "int") == 0;
    s->w_lo = a;
    s->w_hi = b;
    gmrt_error sub;
    if (!gmrt_gen_weight_range(&s->w_lo, &s->w_hi, s->w_integral, &sub)) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': %s", text, sub.message);
        return false;
    }
    return true;
}

/* One key[=value] of the spec; flags take no value, the others need one. */
static bool spec_item(const char *text, char *item, gmrt_gen_spec *s, double *degree, bool *has_a,
                      gmrt_error *err)
{
    char *v = strchr(item, '=');
    if (v)
        *v++ = '\0';
    const char *k = item;
    bool rmat = s->kind == GMRT_GEN_RMAT;
    static const char *const flags[] = {"symmetrize", "dedup", "no-self-loops", "no-permute"};
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
        if (!strcmp(k, flags[i])) {
            if (v) {
                gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': %s takes no value", text, k);
                return false;
            }
            if (i == 3 && !rmat)
                break;
            if (i == 0)
                s->build.symmetrize = true;
            else if (i == 1)
                s->build.dedup = true;
            else if (i == 2)
                s->build.drop_self_loops = true;
            else
                s->rmat.permute = false;
            return true;
        }
    int64_t x;
    if (!strcmp(k, "seed")) {
        char *end = NULL;
        errno = 0;
        unsigned long long u = v ? strtoull(v, &end, 10) : 0;
        if (!v || !*v || *end || errno || v[0] == '-') {
            gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': seed=%s: expected an integer >= 0", text, v ? v : "");
            return false;
        }
        s->seed = u;
        return true;
    }
    if (!strcmp(k, "weights"))
        return spec_weights(text, v, s, err);
    if (rmat && !strcmp(k, "scale")) {
        if (!spec_int(text, k, v, 0, 30, &x, err))
            return false;
        s->rmat.scale = (int)x;
        return true;
    }
    if (rmat && !strcmp(k, "edge-factor"))
        return spec_real(text, k, v, &s->rmat.edge_factor, err);
    if (rmat && (!strcmp(k, "a") || !strcmp(k, "b") || !strcmp(k, "c"))) {
        *has_a = true;
        return spec_real(text, k, v, k[0] == 'a' ? &s->rmat.a : k[0] == 'b' ? &s->rmat.b : &s->rmat.c, err);
    }
    if (s->kind == GMRT_GEN_GRID && (!strcmp(k, "rows") || !strcmp(k, "cols")))
        return spec_int(text, k, v, 0, GMRT_NODE_MAX, k[0] == 'r' ? &s->rows : &s->cols, err);
    bool uni = s->kind == GMRT_GEN_UNIFORM;
    if (uni && !strcmp(k, "nodes"))
        return spec_int(text, k, v, 0, GMRT_NODE_MAX, &s->nodes, err);
    if (uni && !strcmp(k, "edges"))
        return spec_int(text, k, v, 0, INT64_MAX, &s->edges, err);
    if (uni && !strcmp(k, "degree"))
        return spec_real(text, k, v, degree, err);
    gmrt_error_set(err, GMRT_E_ARG,
                   "generator spec '%s': unknown key '%s' for %s (expected %s, seed, weights, symmetrize, dedup, "
                   "no-self-loops)",
                   text, k, rmat ? "rmat" : uni ? "uniform" : "grid",
                   rmat ? "scale, edge-factor, a, b, c, no-permute" : uni ? "nodes, edges, degree" : "rows, cols");
    return false;
}

bool gmrt_gen_spec_parse(const char *text, gmrt_gen_spec *s, gmrt_error *err)
{
    memset(s, 0, sizeof *s);
    if (!gmrt_gen_spec_is(text)) {
        gmrt_error_set(err, GMRT_E_ARG, "'%s' is not a generator spec (gen:KIND,...)", text ? text : "");
        return false;
    }
    char *copy = strdup(text + 4);
    if (!copy) {
        gmrt_error_set(err, GMRT_E_NOMEM, "out of memory");
        return false;
    }
    char *save = NULL, *kind = strtok_r(copy, ",", &save);
    bool ok = true;
    if (kind && !strcmp(kind, "rmat"))
        s->kind = GMRT_GEN_RMAT;
    else if (kind && !strcmp(kind, "uniform"))
        s->kind = GMRT_GEN_UNIFORM;
    else if (kind && !strcmp(kind, "grid"))
        s->kind = GMRT_GEN_GRID;
    else {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': unknown kind '%s' (expected gen:rmat,..., gen:uniform,... or gen:grid,...)",
                       text, kind ? kind : "");
        ok = false;
    }
    gmrt_rmat_defaults(&s->rmat, 20);
    s->seed = 1;
    s->nodes = s->edges = s->rows = s->cols = -1;
    double degree = -1;
    bool has_a = false;
    for (char *item; ok && (item = strtok_r(NULL, ",", &save)) != NULL;)
        ok = spec_item(text, item, s, &degree, &has_a, err);
    /* an empty item ("a,,b" or a trailing comma) is a typo, not nothing */
    if (ok && (strstr(text, ",,") || text[strlen(text) - 1] == ',')) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': an empty item", text);
        ok = false;
    }
    free(copy);
    if (!ok)
        return false;
    s->rmat.seed = s->seed;
    if (s->kind == GMRT_GEN_RMAT) {
        gmrt_error sub;
        if (!gmrt_rmat_check(&s->rmat, &sub)) {
            gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': %s", text, sub.message);
            return false;
        }
        return true;
    }
    if (s->kind == GMRT_GEN_GRID) {
        if (s->rows < 0 || s->cols < 0) {
            gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': grid needs rows=R and cols=C", text);
            return false;
        }
        if (s->rows * s->cols > GMRT_NODE_MAX || 4 * s->rows * s->cols > GMRT_EDGE_MAX) {
            gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': a grid of %" PRId64 " x %" PRId64 " has too many nodes or edges",
                           text, s->rows, s->cols);
            return false;
        }
        return true;
    }
    if (s->nodes < 0 || (s->edges < 0) == (degree < 0)) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': uniform needs nodes=N and one of edges=M or degree=D", text);
        return false;
    }
    if (s->edges < 0)
        s->edges = (int64_t)(degree * (double)s->nodes + 0.5);
    if (s->edges > GMRT_EDGE_MAX || (s->nodes == 0 && s->edges > 0)) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec '%s': %" PRId64 " edges on %" PRId64 " nodes: expected at most %" PRId64
                       " edges (configure with --enable-edge64 for more) and nodes > 0 when there are edges",
                       text, s->edges, s->nodes, (int64_t)GMRT_EDGE_MAX);
        return false;
    }
    return true;
}

int64_t gmrt_gen_spec_nodes(const gmrt_gen_spec *s)
{
    return s->kind == GMRT_GEN_RMAT ? (int64_t)1 << s->rmat.scale : s->kind == GMRT_GEN_GRID ? s->rows * s->cols : s->nodes;
}

int64_t gmrt_gen_spec_drawn(const gmrt_gen_spec *s)
{
    return s->kind == GMRT_GEN_RMAT ? gmrt_rmat_edge_count(&s->rmat) : s->kind == GMRT_GEN_GRID ? 4 * s->rows * s->cols : s->edges;
}

int64_t gmrt_gen_spec_edges_at_least(const gmrt_gen_spec *s)
{
    /* a grid's edges go both ways, with no self-loop and no parallel edge:
     * every build option keeps each of them */
    if (s->kind == GMRT_GEN_GRID)
        return s->rows > 0 && s->cols > 0 ? 2 * (s->rows * (s->cols - 1) + s->cols * (s->rows - 1)) : 0;
    /* how many edges dedup or no-self-loops drops is known once drawn */
    if (s->build.dedup || s->build.drop_self_loops)
        return 0;
    /* every drawn edge is kept; symmetrize adds the reverse of each but self-loops */
    return gmrt_gen_spec_drawn(s);
}

/* Grid slot i: node i / 4's edge to its right (0) or lower (2) neighbour,
 * or back (1, 3); -1 -1 where the neighbour is off the grid.  The slots
 * hold gmrt_gen_grid's edges (the order does not matter: rows are sorted). */
static void grid_draw(int64_t cols, int64_t rows, int64_t first, size_t count, gm_node_t *src, gm_node_t *dst)
{
    for (size_t k = 0; k < count; k++) {
        int64_t i = first + (int64_t)k, u = i / 4, r = u / cols, c = u % cols;
        int slot = (int)(i % 4);
        int64_t v = slot < 2 ? (c + 1 < cols ? u + 1 : -1) : (r + 1 < rows ? u + cols : -1);
        bool back = slot & 1;
        src[k] = v < 0 ? -1 : (gm_node_t)(back ? v : u);
        dst[k] = v < 0 ? -1 : (gm_node_t)(back ? u : v);
    }
}

bool gmrt_gen_spec_draw(const gmrt_gen_spec *s, int64_t first, size_t count, gm_node_t *src, gm_node_t *dst)
{
    if (s->kind == GMRT_GEN_RMAT)
        return gmrt_rmat_draw(&s->rmat, first, count, src, dst);
    if (s->kind == GMRT_GEN_GRID) {
        grid_draw(s->cols, s->rows, first, count, src, dst);
        return true;
    }
    gmrt_uniform_draw((gm_node_t)s->nodes, s->seed, first, count, src, dst);
    return true;
}

/* Whether the whole graph of s can be built here: the drawn edges (twice
 * with symmetrize) held as a list and as the CSR, as gmrt_check_graph_memory
 * counts a file's, against physical memory and ulimit -v. Refused before
 * drawing anything, with a message pointing at the ranks' own generation:
 * a spec of billions of edges is otherwise minutes of work before the
 * allocation fails, or the kernel's OOM killer. */
static bool spec_fits_memory(const gmrt_gen_spec *s, gmrt_error *err)
{
    double n = (double)gmrt_gen_spec_nodes(s), m = (double)gmrt_gen_spec_drawn(s);
    if (s->build.symmetrize)
        m *= 2;
    double per_edge = 2.0 * ((double)sizeof(gm_node_t) + (s->weighted ? (double)sizeof(double) : 0));
    double need = (n + 1) * 2.0 * (double)sizeof(gm_edge_t) + m * per_edge;
    uint64_t limit = gmrt_memory_limit();
    if (need <= (double)limit)
        return true;
    gmrt_error_set(err, GMRT_E_NOMEM,
                   "generator spec: %.0f nodes and %.0f edges need about %.1f GB to build in one process, more than "
                   "the %.1f GB of memory available (physical memory or ulimit -v); a --distributed program "
                   "generates each rank's part alone (mpirun -np P ./PROGRAM gen:...)",
                   n, m, need / 1e9, (double)limit / 1e9);
    return false;
}

gm_graph *gmrt_gen_spec_graph(const gmrt_gen_spec *s, const gmrt_progress *progress, gmrt_error *err)
{
    if (!spec_fits_memory(s, err))
        return NULL;
    gm_graph *g = NULL;
    if (s->kind == GMRT_GEN_RMAT)
        g = gmrt_gen_rmat(&s->rmat, &s->build, progress, err);
    else if (s->kind == GMRT_GEN_UNIFORM)
        g = gmrt_gen_uniform((gm_node_t)s->nodes, s->edges, s->seed, &s->build, progress, err);
    else {
        g = gmrt_gen_grid((gm_node_t)s->rows, (gm_node_t)s->cols, err);
        const gmrt_build_options *b = &s->build;
        if (g && (b->symmetrize || b->dedup || b->drop_self_loops)) { /* as gmgraph gen grid */
            gm_graph *edited = gmrt_graph_transform(g, b, err);
            gmrt_graph_free(g);
            g = edited;
        }
    }
    if (g && s->weighted && !gmrt_gen_weights(g, s->w_lo, s->w_hi, s->w_integral, s->seed, err)) {
        gmrt_graph_free(g);
        g = NULL;
    }
    return g;
}

bool gmrt_gen_spec_weights_fit(const gmrt_gen_spec *spec, const struct gmrt_load_options *lo, gmrt_error *err)
{
    if (!lo || !lo->weights_as || !spec->weighted)
        return true;
    /* the weights are drawn in [w_lo, w_hi], integers when w_integral: the
     * ends decide for a range of integers; real weights are not integers */
    char expected[96];
    const char *what = lo->weights_for ? lo->weights_for : "the weights";
    bool int_type = lo->weights_as == GMRT_T_INT32 || lo->weights_as == GMRT_T_INT64;
    if (int_type && !spec->w_integral) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec: real weights do not fit %s (%s): give weights=int:LO:HI",
                       what, gmrt_type_name(lo->weights_as));
        return false;
    }
    if (!gmrt_weight_fits(spec->w_lo, lo->weights_as, expected, sizeof expected) ||
        !gmrt_weight_fits(spec->w_hi, lo->weights_as, expected, sizeof expected)) {
        gmrt_error_set(err, GMRT_E_ARG, "generator spec: weights from %g to %g do not fit %s (%s): expected %s",
                       spec->w_lo, spec->w_hi, what, gmrt_type_name(lo->weights_as), expected);
        return false;
    }
    return true;
}
