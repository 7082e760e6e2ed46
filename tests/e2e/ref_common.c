/* ref_common.c: argument parsing, input properties and output writing for
 * the reference programs (see ref_common.h). */
#include "ref_common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmrt_io.h"

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s GRAPH [--NAME=VALUE ...] [--out=DIR] [--threads=N] [--repeat=K]\n", prog);
    exit(2);
}

void ref_parse_args(int argc, char **argv, ref_args *args)
{
    memset(args, 0, sizeof *args);
    args->prog = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            if (args->graph_path)
                usage(args->prog);
            args->graph_path = a;
            continue;
        }
        const char *eq = strchr(a, '=');
        if (!eq || eq == a + 2)
            usage(args->prog);
        if (strncmp(a, "--out=", 6) == 0) {
            args->out_dir = eq + 1;
        } else if (strncmp(a, "--threads=", 10) == 0 || strncmp(a, "--repeat=", 9) == 0) {
            /* sequential references: nothing to do */
        } else {
            if (args->num_opts == REF_MAX_OPTS)
                usage(args->prog);
            /* names point into argv: the '=' ends them, so keep the length */
            args->names[args->num_opts] = a + 2;
            args->values[args->num_opts] = eq + 1;
            args->num_opts++;
        }
    }
    if (!args->graph_path)
        usage(args->prog);
}

void *ref_alloc(size_t count, size_t size)
{
    void *p = malloc(count ? count * size : 1);
    if (!p) {
        fprintf(stderr, "reference: out of memory\n");
        exit(1);
    }
    return p;
}

void *ref_zalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size);
    if (!p) {
        fprintf(stderr, "reference: out of memory\n");
        exit(1);
    }
    return p;
}

void *ref_realloc(void *p, size_t count, size_t size)
{
    void *q = realloc(p, count ? count * size : 1);
    if (!q) {
        fprintf(stderr, "reference: out of memory\n");
        exit(1);
    }
    return q;
}

gm_graph *ref_load_graph(const ref_args *args)
{
    gmrt_error err;
    gmrt_error_clear(&err);
    gm_graph *g = gmrt_graph_load(args->graph_path, NULL, &err);
    if (!g) {
        fprintf(stderr, "%s: %s\n", args->prog, err.message);
        exit(1);
    }
    if (!gmrt_graph_make_reverse(g)) {
        fprintf(stderr, "%s: out of memory\n", args->prog);
        exit(1);
    }
    return g;
}

const char *ref_opt(const ref_args *args, const char *name)
{
    size_t len = strlen(name);
    for (int i = 0; i < args->num_opts; i++)
        if (strncmp(args->names[i], name, len) == 0 && args->names[i][len] == '=')
            return args->values[i];
    return NULL;
}

static const char *required(const ref_args *args, const char *name)
{
    const char *v = ref_opt(args, name);
    if (!v) {
        fprintf(stderr, "%s: missing --%s=VALUE\n", args->prog, name);
        exit(1);
    }
    return v;
}

static int64_t parse_integer(const ref_args *args, const char *name, int64_t lo, int64_t hi)
{
    const char *v = required(args, name);
    char *end;
    errno = 0;
    long long x = strtoll(v, &end, 10);
    if (errno || end == v || *end || x < lo || x > hi) {
        fprintf(stderr, "%s: bad value '%s' for --%s\n", args->prog, v, name);
        exit(1);
    }
    return x;
}

int32_t ref_int_arg(const ref_args *args, const char *name)
{
    return (int32_t)parse_integer(args, name, INT32_MIN, INT32_MAX);
}

double ref_double_arg(const ref_args *args, const char *name)
{
    const char *v = required(args, name);
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end) {
        fprintf(stderr, "%s: bad value '%s' for --%s\n", args->prog, v, name);
        exit(1);
    }
    return x;
}

gm_node_t ref_node_arg(const ref_args *args, const gm_graph *g, const char *name)
{
    return (gm_node_t)parse_integer(args, name, 0, (int64_t)g->num_nodes - 1);
}

/* Reads exactly n whitespace-separated values of a file with strtod, so
 * the same reader serves Int, Bool (0/1) and Double files. */
static double *read_values(const ref_args *args, const char *name, int64_t n)
{
    const char *path = required(args, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: cannot open %s for --%s\n", args->prog, path, name);
        exit(1);
    }
    double *v = ref_alloc((size_t)n, sizeof *v);
    int64_t i = 0;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\0')
            continue;
        char *end;
        double x = strtod(p, &end);
        if (end == p || i >= n) {
            fprintf(stderr, "%s: %s: bad or extra value on line %lld\n", args->prog, path, (long long)i + 1);
            exit(1);
        }
        v[i++] = x;
    }
    fclose(f);
    if (i != n) {
        fprintf(stderr, "%s: %s holds %lld values, expected %lld\n", args->prog, path, (long long)i,
                (long long)n);
        exit(1);
    }
    return v;
}

int32_t *ref_node_int_input(const ref_args *args, const gm_graph *g, const char *name)
{
    double *d = read_values(args, name, g->num_nodes);
    int32_t *v = ref_alloc((size_t)g->num_nodes, sizeof *v);
    for (gm_node_t i = 0; i < g->num_nodes; i++)
        v[i] = (int32_t)d[i];
    free(d);
    return v;
}

bool *ref_node_bool_input(const ref_args *args, const gm_graph *g, const char *name)
{
    double *d = read_values(args, name, g->num_nodes);
    bool *v = ref_alloc((size_t)g->num_nodes, sizeof *v);
    for (gm_node_t i = 0; i < g->num_nodes; i++)
        v[i] = d[i] != 0.0;
    free(d);
    return v;
}

int32_t *ref_edge_int_input(const ref_args *args, const gm_graph *g, const char *name)
{
    int32_t *v = ref_alloc((size_t)g->num_edges, sizeof *v);
    if (g->weights) {
        for (gm_edge_t e = 0; e < g->num_edges; e++)
            v[e] = (int32_t)g->weights[e];
        return v;
    }
    double *d = read_values(args, name, g->num_edges);
    for (gm_edge_t e = 0; e < g->num_edges; e++)
        v[e] = (int32_t)d[e];
    free(d);
    return v;
}

static FILE *open_output(const ref_args *args, const char *name)
{
    if (!args->out_dir)
        return NULL;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.txt", args->out_dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s\n", args->prog, path);
        exit(1);
    }
    return f;
}

static void close_output(const ref_args *args, FILE *f)
{
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: write error in %s\n", args->prog, args->out_dir);
        exit(1);
    }
}

void ref_write_int(const ref_args *args, const char *name, const int32_t *v, int64_t n)
{
    FILE *f = open_output(args, name);
    if (!f)
        return;
    for (int64_t i = 0; i < n; i++)
        fprintf(f, "%d\n", (int)v[i]);
    close_output(args, f);
}

void ref_write_double(const ref_args *args, const char *name, const double *v, int64_t n)
{
    FILE *f = open_output(args, name);
    if (!f)
        return;
    for (int64_t i = 0; i < n; i++)
        fprintf(f, "%.17g\n", v[i]);
    close_output(args, f);
}

void ref_write_bool(const ref_args *args, const char *name, const bool *v, int64_t n)
{
    FILE *f = open_output(args, name);
    if (!f)
        return;
    for (int64_t i = 0; i < n; i++)
        fprintf(f, "%d\n", v[i] ? 1 : 0);
    close_output(args, f);
}

void ref_write_node(const ref_args *args, const char *name, const gm_node_t *v, int64_t n)
{
    FILE *f = open_output(args, name);
    if (!f)
        return;
    for (int64_t i = 0; i < n; i++)
        fprintf(f, "%lld\n", (long long)v[i]);
    close_output(args, f);
}

void ref_write_node_sets(const ref_args *args, const char *name, const int64_t *start,
                         const gm_node_t *members, int64_t n)
{
    FILE *f = open_output(args, name);
    if (!f)
        return;
    for (int64_t i = 0; i < n; i++) {
        for (int64_t j = start[i]; j < start[i + 1]; j++)
            fprintf(f, j == start[i] ? "%lld" : " %lld", (long long)members[j]);
        fputc('\n', f);
    }
    close_output(args, f);
}

void ref_print_time(void)
{
    printf("time_ms = 0\n");
}

void ref_print_int(const char *name, int64_t v)
{
    printf("%s = %lld\n", name, (long long)v);
}

void ref_print_double(const char *name, double v)
{
    printf("%s = %.17g\n", name, v);
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double ref_uniform(ref_rng *r)
{
    return (double)(splitmix64(&r->state) >> 11) * 0x1.0p-53;
}

int64_t ref_rand_below(ref_rng *r, int64_t n)
{
    return n <= 0 ? 0 : (int64_t)(splitmix64(&r->state) % (uint64_t)n);
}
