/* cmd_info.c: "gmgraph info FILE": size, degree statistics, self-loops,
 * duplicate edges, symmetry and weights of a graph file. */
#include "cli.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: gmgraph info [options] FILE\n"
          "\n"
          "Prints nodes, edges, out/in-degree statistics (the largest degree's\n"
          "smallest node id too: a root with edges), self-loops, duplicate\n"
          "edges (parallel copies beyond the first), whether every edge has its\n"
          "reverse (symmetric), the weight range, and the load time.\n"
          "FILE may be gzip-compressed; FILE '-' is standard input.\n"
          "  --from FORMAT  --one-based  --symmetrize  --dedup  --no-self-loops  --no-weights\n"
          "                 as for 'gmgraph convert'\n",
          out);
}

typedef struct degree_stats {
    int64_t min, max, zero;
    int64_t max_node; /* the smallest id of degree max: a root with edges (bench/run's choice) */
    double mean, stddev;
} degree_stats;

static degree_stats degrees(const gm_graph *g, const gm_edge_t *begin)
{
    degree_stats s = {0, 0, 0, -1, 0, 0};
    int64_t n = g->num_nodes, lo = INT64_MAX, hi = 0, zero = 0;
    double sum_sq = 0;
#pragma omp parallel for reduction(min : lo) reduction(max : hi) reduction(+ : zero, sum_sq)
    for (int64_t u = 0; u < n; u++) {
        int64_t d = (int64_t)(begin[u + 1] - begin[u]);
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
        zero += d == 0;
        sum_sq += (double)d * (double)d;
    }
    if (n > 0) {
        s.min = lo;
        s.max = hi;
        s.zero = zero;
        s.mean = (double)g->num_edges / (double)n;
        double var = sum_sq / (double)n - s.mean * s.mean;
        s.stddev = var > 0 ? sqrt(var) : 0;
        for (int64_t u = 0; u < n && s.max_node < 0; u++)
            if ((int64_t)(begin[u + 1] - begin[u]) == hi)
                s.max_node = u;
    }
    return s;
}

/* " (node X)" after the largest degree, or nothing for an empty graph */
static const char *max_at(char *buf, size_t len, const degree_stats *s)
{
    if (s->max_node < 0)
        return "";
    snprintf(buf, len, " (node %lld)", (long long)s->max_node);
    return buf;
}

int cmd_info(int argc, char **argv)
{
    gmrt_load_options opt = {0};
    const char *file = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        int r = cli_load_option(argc, argv, &i, &opt);
        if (r < 0)
            return EXIT_USAGE;
        if (r > 0)
            continue;
        if ((a[0] == '-' && a[1] != '\0') || file)
            return cli_unknown("info", a);
        file = a;
    }
    if (!file) {
        usage(stderr);
        return EXIT_USAGE;
    }
    gmrt_error err;
    opt.progress = cli_progress("info");
    double t0 = gmrt_time_ms();
    /* a pipe cannot be opened again to name the format: read it once */
    unsigned char *stream = NULL;
    size_t stream_len = 0;
    if (cli_is_stream(file) && !cli_read_all("info", file, &stream, &stream_len))
        return EXIT_FAIL;
    gm_graph *g = stream ? gmrt_graph_load_mem(stream, stream_len, file, &opt, &err)
                         : gmrt_graph_load(file, &opt, &err);
    double t_load = gmrt_time_ms() - t0;
    if (!g) {
        cli_progress_done(&opt.progress);
        fprintf(stderr, "gmgraph info: %s\n", err.message);
        free(stream);
        return EXIT_FAIL;
    }
    if (opt.progress.fn)
        opt.progress.fn(opt.progress.arg, "analysing", 0.0);
    bool have_reverse = gmrt_graph_make_reverse(g);
    int64_t self_loops = 0, duplicates = 0, unmatched = 0;
    int64_t n = g->num_nodes;
#pragma omp parallel for schedule(dynamic, 1024) reduction(+ : self_loops, duplicates, unmatched)
    for (int64_t u = 0; u < n; u++) {
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t v = g->node_idx[e];
            self_loops += v == u;
            duplicates += e > g->begin[u] && v == g->node_idx[e - 1];
            unmatched += !gmrt_has_edge(g, v, (gm_node_t)u);
        }
    }
    cli_progress_done(&opt.progress);

    /* the head names the format; a gzip file's needs enough bytes to
     * decompress the inner format's first line */
    gmrt_format f = opt.format ? opt.format : GMRT_FMT_AUTO;
    unsigned char head[4096];
    size_t got = 0;
    if (stream) {
        got = stream_len < sizeof head ? stream_len : sizeof head;
        memcpy(head, stream, got);
    } else {
        FILE *in = fopen(file, "rb");
        got = in ? fread(head, 1, sizeof head, in) : 0;
        if (in)
            fclose(in);
    }
    if (f == GMRT_FMT_AUTO)
        f = gmrt_format_detect(head, got, file);
    bool gz = got >= 2 && head[0] == 0x1f && head[1] == 0x8b;
    printf("file:            %s (%s%s)\n", strcmp(file, "-") == 0 ? "<stdin>" : file, gmrt_format_name(f),
           gz ? ", gzip" : "");
    printf("nodes:           %lld\n", (long long)g->num_nodes);
    printf("edges:           %lld\n", (long long)g->num_edges);
    degree_stats out = degrees(g, g->begin);
    char at[48];
    printf("out-degree:      min %lld, max %lld%s, mean %.3f, stddev %.3f, %lld nodes without out-edges\n",
           (long long)out.min, (long long)out.max, max_at(at, sizeof at, &out), out.mean, out.stddev, (long long)out.zero);
    if (have_reverse) {
        degree_stats in = degrees(g, g->r_begin);
        printf("in-degree:       min %lld, max %lld%s, stddev %.3f, %lld nodes without in-edges\n",
               (long long)in.min, (long long)in.max, max_at(at, sizeof at, &in), in.stddev, (long long)in.zero);
    }
    printf("self-loops:      %lld\n", (long long)self_loops);
    printf("duplicate edges: %lld\n", (long long)duplicates);
    printf("symmetric:       %s", unmatched == 0 ? "yes\n" : "no");
    if (unmatched)
        printf(" (%lld edges without their reverse)\n", (long long)unmatched);
    if (g->weights) {
        double lo = INFINITY, hi = -INFINITY;
        for (gm_edge_t e = 0; e < g->num_edges; e++) {
            lo = fmin(lo, g->weights[e]);
            hi = fmax(hi, g->weights[e]);
        }
        printf("weights:         %s, from %g to %g\n", g->weights_integral ? "integers" : "reals", lo, hi);
    } else {
        printf("weights:         none\n");
    }
    printf("load time:       %.3f s\n", t_load / 1e3);
    gmrt_graph_free(g);
    free(stream);
    return EXIT_OK;
}
