/* validate.c: e2e_validate, validity checks for the apps with several right
 * answers (random choices, unspecified tie-breaking):
 *
 *   e2e_validate APP GRAPH --out=DIR [--NAME=VALUE ...]
 *
 * reads the DIR/NAME.txt files and DIR/stdout.txt written by a run of APP on GRAPH with
 * the same --NAME=VALUE inputs and checks the properties its header
 * promises.  Exit 0 when valid, 1 with a message otherwise, 2 on usage.
 *   luby_mis            in_mis is independent and maximal; return = size
 *   bipartite_matching  match is a matching of left -> right edges, maximal;
 *                       return = number of pairs
 *   vertex_cover        every edge has a selected end; every selected node
 *                       has a selected partner (or a self-loop), as the ends
 *                       of a matching do; return = number selected
 *   random_walk         visits >= 0 summing to num_steps; with restart 0
 *                       every visit after the first is explained by a visit
 *                       to an in-neighbour or a jump from a node without
 *                       out-edges
 *   bc_sampled          BC >= 0; BC[v] <= k * max_s delta_s(v) and
 *                       k * min_s S_s <= sum BC <= k * max_s S_s, S_s being
 *                       sum_v delta_s(v) (exact per-source Brandes; only the
 *                       sign and finiteness on very large graphs)
 *   bc_random(_at)      picked >= 0 sums to k; BC equals the sum over the
 *                       nodes s of picked[s] * delta_s (exact Brandes) within
 *                       the Float tolerance (1e-4 relative + 1e-3 absolute)
 *   graph_coloring      the colouring is proper (self-loops ignored)
 *   node_values         (tests/mpi/node_values.gm) best[v] = the largest of
 *                       v and its out-neighbours; mark[v] = 7, 14 at root;
 *                       return = a node of the largest in-degree (which one
 *                       of several is unspecified: a parallel arg-max) */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_files.h"
#include "ref_brandes.h"
#include "ref_common.h"

static const char *g_app;
static int g_errors;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
    if (g_errors++ >= 5)
        return;
    va_list ap;
    va_start(ap, fmt);
    printf("  %s: ", g_app);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* Exactly n numbers from DIR/NAME.txt; exits 1 when missing or malformed. */
static double *read_prop(const ref_args *a, const char *name, int64_t n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.txt", a->out_dir, name);
    int64_t count;
    char **lines = e2e_read_lines(path, &count);
    if (!lines) {
        printf("  %s: %s was not written\n", g_app, path);
        exit(1);
    }
    if (count != n) {
        printf("  %s: %s has %lld lines, expected %lld\n", g_app, path, (long long)count, (long long)n);
        exit(1);
    }
    double *v = ref_alloc((size_t)n, sizeof *v);
    for (int64_t i = 0; i < n; i++)
        if (!e2e_parse_real(lines[i], &v[i])) {
            printf("  %s: %s line %lld: not a number: '%s'\n", g_app, path, (long long)i + 1, lines[i]);
            exit(1);
        }
    e2e_free_lines(lines, count);
    return v;
}

static void check_return(const ref_args *a, int64_t expected)
{
    char *s = e2e_stdout_value(a->out_dir, "return");
    int64_t got;
    if (!s || !e2e_parse_int(s, &got))
        fail("no integer 'return = ...' line");
    else if (got != expected)
        fail("return = %lld, but the output holds %lld", (long long)got, (long long)expected);
    free(s);
}

/* Has v a neighbour other than itself in set, by an out- or an in-edge
 * ("edge directions are ignored, and so are self-loops")? */
static bool has_undirected_nbr_in(const gm_graph *g, gm_node_t v, const double *set)
{
    for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++)
        if (g->node_idx[e] != v && set[g->node_idx[e]] != 0)
            return true;
    for (gm_edge_t e = g->r_begin[v]; e < g->r_begin[v + 1]; e++)
        if (g->r_node_idx[e] != v && set[g->r_node_idx[e]] != 0)
            return true;
    return false;
}

static void luby_mis(const ref_args *a, const gm_graph *g)
{
    double *in = read_prop(a, "in_mis", g->num_nodes);
    int64_t size = 0;
    for (gm_node_t v = 0; v < g->num_nodes; v++) {
        if (in[v] != 0) {
            size++;
            if (has_undirected_nbr_in(g, v, in))
                fail("nodes %d and a neighbour are both in the set", v);
        } else if (!has_undirected_nbr_in(g, v, in)) {
            fail("node %d is outside the set and has no neighbour in it (not maximal)", v);
        }
    }
    check_return(a, size);
    free(in);
}

static void bipartite_matching(const ref_args *a, const gm_graph *g)
{
    bool *left = ref_node_bool_input(a, g, "is_left");
    double *match = read_prop(a, "match", g->num_nodes);
    int64_t pairs = 0;
    for (gm_node_t v = 0; v < g->num_nodes; v++) {
        if (match[v] == -1)
            continue;
        if (match[v] < 0 || match[v] >= g->num_nodes || match[v] != floor(match[v])) {
            fail("match[%d] = %g is not a node", v, match[v]);
            continue;
        }
        gm_node_t w = (gm_node_t)match[v];
        if (match[w] != v)
            fail("match[%d] = %d but match[%d] = %g", v, w, w, match[w]);
        if (left[v] == left[w])
            fail("pair %d-%d does not join a left and a right node", v, w);
        else if (left[v] && !gmrt_has_edge(g, v, w))
            fail("pair %d-%d is not an edge left -> right", v, w);
        if (left[v])
            pairs++;
    }
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        if (left[u] && match[u] == -1)
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                gm_node_t v = g->node_idx[e];
                if (!left[v] && match[v] == -1)
                    fail("edge %d -> %d joins two unmatched nodes (not maximal)", u, v);
            }
    check_return(a, pairs);
    free(match);
    free(left);
}

static void vertex_cover(const ref_args *a, const gm_graph *g)
{
    double *sel = read_prop(a, "select", g->num_nodes);
    int64_t count = 0;
    for (gm_node_t u = 0; u < g->num_nodes; u++)
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            if (sel[u] == 0 && sel[g->node_idx[e]] == 0)
                fail("edge %d -> %d is not covered", u, g->node_idx[e]);
    for (gm_node_t v = 0; v < g->num_nodes; v++) {
        if (sel[v] == 0)
            continue;
        count++;
        if (!gmrt_has_edge(g, v, v) && !has_undirected_nbr_in(g, v, sel))
            fail("selected node %d has no selected partner: not the ends of a matching", v);
    }
    check_return(a, count);
    free(sel);
}

static void random_walk(const ref_args *a, const gm_graph *g)
{
    int64_t steps = ref_int_arg(a, "num_steps");
    double restart = ref_double_arg(a, "restart");
    double *visits = read_prop(a, "visits", g->num_nodes);
    double sum = 0, jumps = 0;
    for (gm_node_t v = 0; v < g->num_nodes; v++) {
        if (visits[v] < 0 || visits[v] != floor(visits[v]))
            fail("visits[%d] = %g", v, visits[v]);
        sum += visits[v];
        if (g->begin[v + 1] == g->begin[v])
            jumps += visits[v];
    }
    double expected = g->num_nodes > 0 && steps > 0 ? (double)steps : 0.0;
    if (sum != expected)
        fail("the visits sum to %.0f, expected %.0f", sum, expected);
    if (restart == 0.0)
        for (gm_node_t v = 0; v < g->num_nodes; v++) {
            double arrivals = 1 + jumps;
            for (gm_edge_t e = g->r_begin[v]; e < g->r_begin[v + 1]; e++) {
                gm_node_t u = g->r_node_idx[e];
                bool repeat = e > g->r_begin[v] && g->r_node_idx[e - 1] == u;
                if (!repeat && g->begin[u + 1] > g->begin[u])
                    arrivals += visits[u];
            }
            if (visits[v] > arrivals)
                fail("node %d visited %.0f times, but at most %.0f steps can lead there", v, visits[v], arrivals);
        }
    free(visits);
}

static void bc_sampled(const ref_args *a, const gm_graph *g)
{
    int64_t k = ref_int_arg(a, "k");
    gm_node_t n = g->num_nodes;
    double *bc = read_prop(a, "BC", n);
    double total = 0;
    for (gm_node_t v = 0; v < n; v++) {
        if (!isfinite(bc[v]) || bc[v] < -1e-9)
            fail("BC[%d] = %g", v, bc[v]);
        total += bc[v];
    }
    if ((double)n * (double)g->num_edges <= 3e7 && n > 0) {
        double *vmax = ref_zalloc((size_t)n, sizeof *vmax);
        double smin = INFINITY, smax = 0;
        ref_brandes b;
        ref_brandes_init(&b, g);
        for (gm_node_t s = 0; s < n; s++) {
            ref_brandes_source(&b, s);
            double ss = 0;
            for (gm_node_t v = 0; v < n; v++) {
                ss += b.delta[v];
                vmax[v] = fmax(vmax[v], b.delta[v]);
            }
            smin = fmin(smin, ss);
            smax = fmax(smax, ss);
        }
        for (gm_node_t v = 0; v < n; v++)
            if (bc[v] > k * vmax[v] * (1 + 1e-9) + 1e-9)
                fail("BC[%d] = %.17g exceeds k times its largest dependency %.17g", v, bc[v], vmax[v]);
        double tol = 1e-9 * fmax(1.0, k * smax);
        if (total < k * smin - tol || total > k * smax + tol)
            fail("the BC values sum to %.17g, outside [%.17g, %.17g]", total, k * smin, k * smax);
        ref_brandes_free(&b);
        free(vmax);
    }
    free(bc);
}

static void graph_coloring(const ref_args *a, const gm_graph *g)
{
    double *color = read_prop(a, "color", g->num_nodes);
    double top = -1;
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        top = fmax(top, color[u]);
        if (color[u] < 0)
            fail("node %d is not coloured", u);
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++)
            if (g->node_idx[e] != u && color[g->node_idx[e]] == color[u])
                fail("edge %d -> %d joins two nodes of colour %g", u, g->node_idx[e], color[u]);
    }
    check_return(a, (int64_t)top + 1);
    free(color);
}

static void node_values(const ref_args *a, const gm_graph *g)
{
    gm_node_t n = g->num_nodes;
    int64_t root = ref_int_arg(a, "root");
    double *best = read_prop(a, "best", n);
    double *mark = read_prop(a, "mark", n);
    int64_t top = -1;
    for (gm_node_t v = 0; v < n; v++) {
        gm_node_t want = v;
        for (gm_edge_t e = g->begin[v]; e < g->begin[v + 1]; e++)
            if (g->node_idx[e] > want)
                want = g->node_idx[e];
        if (best[v] != want)
            fail("best[%d] = %g, expected %d", v, best[v], want);
        if (mark[v] != (v == root ? 14 : 7))
            fail("mark[%d] = %g, expected %d", v, mark[v], v == root ? 14 : 7);
        int64_t in = (int64_t)(g->r_begin[v + 1] - g->r_begin[v]);
        if (in > top)
            top = in;
    }
    char *s = e2e_stdout_value(a->out_dir, "return");
    int64_t got;
    if (!s || !e2e_parse_int(s, &got))
        fail("no integer 'return = ...' line");
    else if (n == 0 ? got != -1 : got < 0 || got >= n)
        fail("return = %lld: not %s", (long long)got, n == 0 ? "NIL (-1) on an empty graph" : "a node");
    else if (n > 0 && (int64_t)(g->r_begin[got + 1] - g->r_begin[got]) != top)
        fail("return = %lld has in-degree %lld, the largest is %lld", (long long)got,
             (long long)(g->r_begin[got + 1] - g->r_begin[got]), (long long)top);
    free(s);
    free(mark);
    free(best);
}

static void bc_random(const ref_args *a, const gm_graph *g)
{
    int64_t k = ref_int_arg(a, "k");
    gm_node_t n = g->num_nodes;
    double *bc = read_prop(a, "BC", n);
    double *picked = read_prop(a, "picked", n);
    double *want = ref_zalloc((size_t)n, sizeof *want);
    double draws = 0;
    ref_brandes b;
    ref_brandes_init(&b, g);
    for (gm_node_t s = 0; s < n; s++) {
        if (picked[s] < 0 || picked[s] != (double)(int64_t)picked[s])
            fail("picked[%d] = %g", s, picked[s]);
        if (picked[s] <= 0)
            continue;
        draws += picked[s];
        ref_brandes_source(&b, s);
        for (gm_node_t v = 0; v < n; v++)
            want[v] += picked[s] * b.delta[v];
    }
    if (draws != (double)k)
        fail("picked sums to %g draws, not k = %lld", draws, (long long)k);
    for (gm_node_t v = 0; v < n; v++)
        if (!e2e_reals_close(bc[v], want[v], 1e-4, 1e-3))
            fail("BC[%d] = %.9g, the picked sources give %.9g", v, bc[v], want[v]);
    ref_brandes_free(&b);
    free(want);
    free(picked);
    free(bc);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: e2e_validate APP GRAPH --out=DIR [--NAME=VALUE ...]\n");
        return 2;
    }
    g_app = argv[1];
    ref_args a;
    ref_parse_args(argc - 1, argv + 1, &a);
    if (!a.out_dir) {
        fprintf(stderr, "e2e_validate: --out=DIR is required\n");
        return 2;
    }
    gm_graph *g = ref_load_graph(&a);
    static const struct {
        const char *name;
        void (*check)(const ref_args *, const gm_graph *);
    } checks[] = {
        {"luby_mis", luby_mis},         {"bipartite_matching", bipartite_matching},
        {"vertex_cover", vertex_cover}, {"random_walk", random_walk},
        {"bc_sampled", bc_sampled},     {"graph_coloring", graph_coloring},
        {"bc_random", bc_random},       {"bc_random_at", bc_random},
        {"node_values", node_values},
    };
    bool known = false;
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (strcmp(checks[i].name, g_app) == 0) {
            checks[i].check(&a, g);
            known = true;
        }
    gmrt_graph_free(g);
    if (!known) {
        fprintf(stderr, "e2e_validate: no validity check for '%s'\n", g_app);
        return 2;
    }
    if (g_errors > 5)
        printf("  %s: %d problems in all\n", g_app, g_errors);
    return g_errors ? 1 : 0;
}
