/* hand_common.c: see hand_common.h. */
#include "hand_common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <omp.h>

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s GRAPH [--NAME=VALUE ...] [--out=DIR] [--threads=N] [--repeat=K] [--seed=S]\n",
            prog);
    exit(2);
}

static int64_t parse_i64(const char *prog, const char *name, const char *s, int64_t lo, int64_t hi)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (errno || end == s || *end || x < lo || x > hi) {
        fprintf(stderr, "%s: bad value '%s' for --%s: expected an integer in [%lld, %lld]\n", prog, s, name,
                (long long)lo, (long long)hi);
        exit(1);
    }
    return x;
}

void hand_parse(int argc, char **argv, hand_args *a)
{
    memset(a, 0, sizeof *a);
    a->prog = argv[0];
    a->repeat = 1;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strncmp(s, "--", 2) != 0) {
            if (a->graph_path)
                usage(a->prog);
            a->graph_path = s;
            continue;
        }
        const char *eq = strchr(s, '=');
        if (!eq || eq == s + 2)
            usage(a->prog);
        if (strncmp(s, "--out=", 6) == 0)
            a->out_dir = eq + 1;
        else if (strncmp(s, "--threads=", 10) == 0)
            omp_set_num_threads((int)parse_i64(a->prog, "threads", eq + 1, 1, 4096));
        else if (strncmp(s, "--repeat=", 9) == 0)
            a->repeat = parse_i64(a->prog, "repeat", eq + 1, 1, 1000000);
        else if (strncmp(s, "--seed=", 7) == 0)
            gmrt_rng_seed((uint64_t)parse_i64(a->prog, "seed", eq + 1, 0, INT64_MAX));
        else if (a->num_opts == HAND_MAX_OPTS)
            usage(a->prog);
        else {
            a->names[a->num_opts] = s + 2;
            a->values[a->num_opts] = eq + 1;
            a->num_opts++;
        }
    }
    if (!a->graph_path)
        usage(a->prog);
}

gm_graph *hand_load(const hand_args *a)
{
    gmrt_error err;
    gmrt_error_clear(&err);
    gm_graph *g = gmrt_graph_load(a->graph_path, NULL, &err);
    if (!g) {
        fprintf(stderr, "%s: %s\n", a->prog, err.message);
        exit(1);
    }
    if (!gmrt_graph_make_reverse(g)) {
        fprintf(stderr, "%s: out of memory\n", a->prog);
        exit(1);
    }
    return g;
}

static const char *opt(const hand_args *a, const char *name)
{
    size_t len = strlen(name);
    for (int i = 0; i < a->num_opts; i++)
        if (strncmp(a->names[i], name, len) == 0 && a->names[i][len] == '=')
            return a->values[i];
    fprintf(stderr, "%s: missing --%s=VALUE\n", a->prog, name);
    exit(2);
}

int32_t hand_int_arg(const hand_args *a, const char *name)
{
    return (int32_t)parse_i64(a->prog, name, opt(a, name), INT32_MIN, INT32_MAX);
}

double hand_double_arg(const hand_args *a, const char *name)
{
    const char *s = opt(a, name);
    char *end;
    double x = strtod(s, &end);
    if (end == s || *end) {
        fprintf(stderr, "%s: bad value '%s' for --%s: expected a number\n", a->prog, s, name);
        exit(1);
    }
    return x;
}

gm_node_t hand_node_arg(const hand_args *a, const gm_graph *g, const char *name)
{
    return (gm_node_t)parse_i64(a->prog, name, opt(a, name), 0, (int64_t)g->num_nodes - 1);
}

void *hand_alloc(size_t count, size_t size)
{
    void *p = malloc(count && size ? count * size : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

int32_t *hand_edge_int_input(const hand_args *a, const gm_graph *g, const char *name)
{
    int32_t *v = hand_alloc((size_t)g->num_edges, sizeof *v);
    if (g->weights) {
        for (gm_edge_t e = 0; e < g->num_edges; e++)
            v[e] = (int32_t)g->weights[e];
        return v;
    }
    gmrt_error err;
    gmrt_error_clear(&err);
    if (!gmrt_prop_load(opt(a, name), GMRT_T_INT32, v, (size_t)g->num_edges, &err)) {
        fprintf(stderr, "%s: %s\n", a->prog, err.message);
        exit(1);
    }
    return v;
}

void hand_print_time(double best_ms)
{
    printf("time_ms = %.3f\n", best_ms);
}

void hand_write(const hand_args *a, const char *name, gmrt_type t, const void *v, int64_t n)
{
    if (!a->out_dir)
        return;
    mkdir(a->out_dir, 0777);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.txt", a->out_dir, name);
    gmrt_error err;
    gmrt_error_clear(&err);
    if (!gmrt_prop_save_text(path, t, v, (size_t)n, &err)) {
        fprintf(stderr, "%s: %s\n", a->prog, err.message);
        exit(1);
    }
}
