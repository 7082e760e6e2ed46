/* test_cli.c: gmrt_cli (the command line and output of generated programs):
 * --name=value and --name value, '-' and '_' alike, the closest name for an
 * unknown option, --help on stdout with status 0, the statuses of bad
 * values, missing options and missing files, gmgraph's load flags, the
 * tsv/csv/values writers with and without labels, and the JSON object
 * (NaN as null, min/median/max). */
#include "rt_test.h"

#include <omp.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char captured[8192];

/* Runs parse with stdout and stderr sent to a file; the text in captured. */
static int parse_captured(gmrt_cli_run *run, const gmrt_cli_opt *opts, size_t n, int argc, char **argv)
{
    rt_capture cap = rt_capture_begin();
    int st = gmrt_cli_parse(run, opts, n, "--k=VALUE", argc, argv);
    rt_capture_end(cap, captured, sizeof captured);
    return st;
}

typedef struct inputs {
    int64_t k;
    double d;
    bool b;
    const char *root, *len, *random_len;
    const char *file;
} inputs;

static size_t table(inputs *in, gmrt_cli_opt *o)
{
    memset(in, 0, sizeof *in);
    const gmrt_cli_opt t[] = {
        {"k", GMRT_CLI_INT, NULL, "Int k", &in->k, -5, 5, true},
        {"d", GMRT_CLI_FLOAT, NULL, "Double d", &in->d, 0, 0, false},
        {"flag_b", GMRT_CLI_BOOL, NULL, "Bool flag_b", &in->b, 0, 0, false},
        {"root", GMRT_CLI_NODE, NULL, "Node root", &in->root, 0, 0, false},
        {"edge_len", GMRT_CLI_FILE, NULL, "E_P<Int> edge_len", &in->len, 0, 0, false},
        {"random-edge_len", GMRT_CLI_STRING, "LO:HI", "random", &in->random_len, 0, 0, false},
    };
    memcpy(o, t, sizeof t);
    return sizeof t / sizeof *t;
}

#define ARGV(...)                                                                                                      \
    char *argv[] = {(char *)"prog", __VA_ARGS__};                                                                     \
    int argc = (int)(sizeof argv / sizeof *argv)

static void test_forms(void)
{
    const char *g = rt_path("g.el");
    rt_write(g, "0 1\n", (size_t)-1);
    inputs in;
    gmrt_cli_opt o[8];
    size_t n = table(&in, o);
    gmrt_cli_run run;
    ARGV((char *)g, (char *)"--k", (char *)"-3", (char *)"--d=2.5", (char *)"--flag-b", (char *)"true",
         (char *)"--random_edge-len=1:9", (char *)"--root", (char *)"4", (char *)"--threads=2", (char *)"--one_based",
         (char *)"--dedup", (char *)"--no-self-loops", (char *)"--symmetrize", (char *)"--from", (char *)"edge-list",
         (char *)"--out-format", (char *)"csv", (char *)"--out", (char *)rt_path("out/deep"), (char *)"--json",
         (char *)"--repeat=3", (char *)"--seed=9", (char *)"--relabel");
    CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), -1);
    CU_ASSERT_STRING_EQUAL(captured, "");
    CU_ASSERT_STRING_EQUAL(run.graph, g);
    CU_ASSERT_EQUAL(in.k, -3);
    CU_ASSERT_EQUAL(in.d, 2.5);
    CU_ASSERT(in.b);
    CU_ASSERT_STRING_EQUAL(in.random_len, "1:9");
    CU_ASSERT_STRING_EQUAL(in.root, "4");
    CU_ASSERT_EQUAL(run.threads, 2);
    CU_ASSERT_EQUAL(run.repeat, 3);
    CU_ASSERT_EQUAL(run.seed, 9);
    CU_ASSERT(run.relabel && run.json);
    CU_ASSERT_EQUAL(run.out_format, GMRT_OUT_CSV);
    CU_ASSERT_EQUAL(run.load.index_base, 1);
    CU_ASSERT(run.load.build.dedup && run.load.build.drop_self_loops && run.load.build.symmetrize);
    CU_ASSERT_EQUAL(run.load.format, GMRT_FMT_EDGE_LIST);
    CU_ASSERT(access(rt_path("out/deep"), W_OK) == 0); /* --out made, parents too, before the load */
    run.json = false; /* nothing to print here */
    gmrt_cli_finish(&run, 0);
}

static void test_errors(void)
{
    const char *g = rt_path("g.el");
    rt_write(g, "0 1\n", (size_t)-1);
    inputs in;
    gmrt_cli_opt o[8];
    size_t n = table(&in, o);
    gmrt_cli_run run;
    {
        ARGV((char *)g, (char *)"--kk=1");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "prog: unknown option '--kk=1'; did you mean '--k'?"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--rando-edge-len=1:2");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "did you mean '--random-edge_len'?"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--one-baesd");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "did you mean '--one-based'?"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--frobnicate");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "unknown option '--frobnicate' (see prog --help)"));
    }
    {
        ARGV((char *)g, (char *)"--k=6");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "bad value '6' for --k: expected an integer in [-5, 5]"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--d=nan");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "bad value 'nan' for --d: expected a finite number"));
    }
    {
        ARGV((char *)g);
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "missing --k=VALUE"));
        CU_ASSERT(rt_contains(captured, "usage: prog GRAPH --k=VALUE"));
    }
    {
        ARGV((char *)g, (char *)"--k");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "--k needs a value"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--relabel=yes");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "--relabel takes no value"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--out-format=xml", (char *)"--out=x");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "bad value 'xml' for --out-format: expected values, tsv or csv"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--from=xml");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "--from 'xml': expected gm-binary"));
    }
    {
        ARGV((char *)g, (char *)"other.el", (char *)"--k=1");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "more than one graph file"));
    }
    {
        ARGV((char *)rt_path("none.el"), (char *)"--k=1");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 1);
        CU_ASSERT(rt_contains(captured, "cannot open"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--edge-len", (char *)rt_path("none.txt"));
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 1);
        CU_ASSERT(rt_contains(captured, "none.txt"));
    }
    {
        ARGV((char *)g, (char *)"--k=1", (char *)"--out=");
        CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
        CU_ASSERT(rt_contains(captured, "--out needs a folder"));
    }
}

static void test_help(void)
{
    inputs in;
    gmrt_cli_opt o[8];
    size_t n = table(&in, o);
    gmrt_cli_run run;
    ARGV((char *)"--kk", (char *)"--help");
    /* --help wins over the errors before it?  No: the unknown option comes first. */
    CU_ASSERT_EQUAL(parse_captured(&run, o, n, argc, argv), 2);
    char *argv2[] = {(char *)"prog", (char *)"--help"};
    CU_ASSERT_EQUAL(parse_captured(&run, o, n, 2, argv2), 0);
    CU_ASSERT(rt_contains(captured, "usage: prog GRAPH --k=VALUE"));
    CU_ASSERT(rt_contains(captured, "--k=VALUE"));
    CU_ASSERT(rt_contains(captured, "--random-edge_len=LO:HI"));
    CU_ASSERT(rt_contains(captured, "--one-based"));
    CU_ASSERT(rt_contains(captured, "--out-format=values|tsv|csv"));
    CU_ASSERT(rt_contains(captured, "--json"));
    /* on stdout: the same run with stderr elsewhere still shows it */
    fflush(stdout);
    int out = dup(1);
    int fd = open(rt_path("help_stdout.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    close(fd);
    int st = gmrt_cli_parse(&run, o, n, "--k=VALUE", 2, argv2);
    fflush(stdout);
    dup2(out, 1);
    close(out);
    CU_ASSERT_EQUAL(st, 0);
    FILE *f = fopen(rt_path("help_stdout.txt"), "r");
    char buf[256] = {0};
    CU_ASSERT(f && fgets(buf, sizeof buf, f));
    CU_ASSERT(rt_contains(buf, "usage: prog GRAPH"));
    if (f)
        fclose(f);
}

static char *slurp(const char *path)
{
    static char buf[4096];
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    buf[n] = '\0';
    if (f)
        fclose(f);
    return buf;
}

static void test_writers(void)
{
    gmrt_cli_run run;
    memset(&run, 0, sizeof run);
    run.prog = "prog";
    run.out_dir = rt_tmpdir();
    int32_t v[3] = {5, -1, 7};
    gm_node_t nodes[3] = {2, GMRT_NIL_NODE, 0};
    double d[2] = {0.5, 2};
    CU_ASSERT(gmrt_cli_write(&run, "v", GMRT_T_INT32, v, 3, false));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("v.txt")), "5\n-1\n7\n");
    run.out_format = GMRT_OUT_TSV;
    CU_ASSERT(gmrt_cli_write(&run, "v", GMRT_T_INT32, v, 3, false));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("v.tsv")), "node\tv\n0\t5\n1\t-1\n2\t7\n");
    run.out_format = GMRT_OUT_CSV;
    CU_ASSERT(gmrt_cli_write(&run, "w", GMRT_T_DOUBLE, d, 2, true));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("w.csv")), "edge,w\n0,0.5\n1,2\n");
    /* labels: node keys and node values, not edge keys */
    int64_t labels[3] = {10, 20, 30};
    run.labels = labels;
    run.nodes = 3;
    CU_ASSERT(gmrt_cli_write(&run, "p", GMRT_T_NODE, nodes, 3, false));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("p.csv")), "node,p\n10,30\n20,-1\n30,10\n");
    CU_ASSERT(gmrt_cli_write(&run, "w", GMRT_T_DOUBLE, d, 2, true));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("w.csv")), "edge,w\n0,0.5\n1,2\n");
    run.out_format = GMRT_OUT_VALUES;
    CU_ASSERT(gmrt_cli_write(&run, "p", GMRT_T_NODE, nodes, 3, false));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("p.txt")), "30\n-1\n10\n");
    CU_ASSERT(gmrt_cli_write_labels(&run));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("labels.txt")), "10\n20\n30\n");
    /* a collection row: members as labels */
    gmrt_cli_out o;
    run.out_format = GMRT_OUT_TSV;
    CU_ASSERT_FATAL(gmrt_cli_out_open(&o, &run, "s", false));
    for (int i = 0; i < 2; i++) {
        gmrt_cli_out_row(&o, i);
        for (int k = 0; k <= i; k++)
            gmrt_cli_out_node(&o, 2 - k);
        gmrt_cli_out_end_row(&o);
    }
    CU_ASSERT(gmrt_cli_out_close(&o));
    CU_ASSERT_STRING_EQUAL(slurp(rt_path("s.tsv")), "node\ts\n10\t30\n20\t30 20\n");
    run.labels = NULL;
    /* a folder that cannot be written: a message, false */
    run.out_dir = "/proc/no/such";
    CU_ASSERT(!gmrt_cli_write(&run, "v", GMRT_T_INT32, v, 3, false));
}

/* The whole file, or NULL (malloc'd, NUL-terminated; *len its size). */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *b = malloc((size_t)size + 1);
    *len = b ? fread(b, 1, (size_t)size, f) : 0;
    if (b)
        b[*len] = '\0';
    fclose(f);
    return b;
}

/* More rows than one chunk of the parallel writer (several chunks and a
 * partial one), at 1 and 3 threads, each format, against the same rows
 * printed one at a time here: the same bytes. */
static void test_writer_many_rows(void)
{
    enum { N = 200003 };
    int64_t *i64 = malloc(N * sizeof *i64), *labels = malloc(N * sizeof *labels);
    double *d = malloc(N * sizeof *d);
    gm_node_t *nodes = malloc(N * sizeof *nodes);
    CU_ASSERT_FATAL(i64 && labels && d && nodes);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int64_t i = 0; i < N; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        i64[i] = (int64_t)x;
        d[i] = i % 7 == 0 ? -1.0 / 3.0 * (double)i : (double)(x >> 11) * 1e-300 * (i % 5 ? 1 : 1e290);
        labels[i] = 1000000007LL * i;
        nodes[i] = i % 9 == 0 ? GMRT_NIL_NODE : (gm_node_t)(x % N);
    }
    gmrt_cli_run run;
    memset(&run, 0, sizeof run);
    run.prog = "prog";
    run.out_dir = rt_tmpdir();
    run.nodes = N;
    for (int fmt = 0; fmt < 3; fmt++)
        for (int threads = 1; threads <= 3; threads += 2) {
            omp_set_num_threads(threads);
            run.out_format = fmt == 0 ? GMRT_OUT_VALUES : fmt == 1 ? GMRT_OUT_TSV : GMRT_OUT_CSV;
            run.labels = fmt == 1 ? labels : NULL;
            const char *ext = fmt == 0 ? "txt" : fmt == 1 ? "tsv" : "csv";
            char sep = fmt == 2 ? ',' : '\t';
            for (int ty = 0; ty < 3; ty++) {
                char *want = NULL;
                size_t want_len = 0;
                FILE *m = open_memstream(&want, &want_len);
                CU_ASSERT_FATAL(m != NULL);
                if (fmt)
                    fprintf(m, "node%c%s\n", sep, "x");
                for (int64_t i = 0; i < N; i++) {
                    if (fmt)
                        fprintf(m, "%lld%c", (long long)(run.labels ? labels[i] : i), sep);
                    if (ty == 0)
                        fprintf(m, "%lld\n", (long long)i64[i]);
                    else if (ty == 1)
                        fprintf(m, "%.17g\n", d[i]);
                    else
                        fprintf(m, "%lld\n", (long long)(run.labels && nodes[i] >= 0 ? labels[nodes[i]] : nodes[i]));
                }
                fclose(m);
                const gmrt_type t = ty == 0 ? GMRT_T_INT64 : ty == 1 ? GMRT_T_DOUBLE : GMRT_T_NODE;
                const void *v = ty == 0 ? (const void *)i64 : ty == 1 ? (const void *)d : (const void *)nodes;
                CU_ASSERT(gmrt_cli_write(&run, "x", t, v, N, false));
                char path[64];
                snprintf(path, sizeof path, "x.%s", ext);
                size_t got_len = 0;
                char *got = read_all(rt_path(path), &got_len);
                CU_ASSERT_FATAL(got != NULL);
                CU_ASSERT_EQUAL(got_len, want_len);
                CU_ASSERT(got_len == want_len && memcmp(got, want, got_len) == 0);
                free(got);
                free(want);
            }
        }
    omp_set_num_threads(omp_get_num_procs());
    free(i64);
    free(labels);
    free(d);
    free(nodes);
}

static void test_json(void)
{
    const char *path = rt_path("json.txt");
    fflush(stdout);
    int out = dup(1);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    close(fd);
    gmrt_cli_run run;
    memset(&run, 0, sizeof run);
    run.prog = "prog";
    run.json = true;
    run.nodes = 4;
    run.edges = 6;
    run.load_ms = 1.5;
    gmrt_cli_time(&run, 3);
    gmrt_cli_time(&run, 1);
    gmrt_cli_time(&run, 2);
    gmrt_cli_time(&run, 10);
    gmrt_cli_times_done(&run);
    gmrt_cli_value_i64(&run, "return", 42);
    gmrt_cli_value_f64(&run, "x", 0.0 / 0.0);
    gmrt_cli_value_f64(&run, "y", 1.0 / 0.0);
    gmrt_cli_value_f64(&run, "z", 0.25);
    gmrt_cli_value_node(&run, "n", 3);
    int st = gmrt_cli_finish(&run, 0);
    fflush(stdout);
    dup2(out, 1);
    close(out);
    CU_ASSERT_EQUAL(st, 0);
    CU_ASSERT_STRING_EQUAL(slurp(path),
                           "{\"graph\": {\"nodes\": 4, \"edges\": 6}, \"load_ms\": 1.500, \"time_ms\": {\"runs\": [3.000, 1.000, "
                           "2.000, 10.000], \"min\": 1.000, \"median\": 2.500, \"max\": 10.000}, \"return\": 42, \"outputs\": {\"x\": null, "
                           "\"y\": null, \"z\": 0.25, \"n\": 3}}\n");
}

/* An input named like an option every program has: the old ones (--out)
 * win, as they always did; the newer load options give way (--from). */
static void test_shadowing(void)
{
    const char *g = rt_path("g.el");
    rt_write(g, "0 1\n", (size_t)-1);
    const char *from = NULL, *out = NULL;
    const gmrt_cli_opt o[] = {
        {"from", GMRT_CLI_NODE, NULL, "Node from", &from, 0, 0, true},
        {"out", GMRT_CLI_FILE, NULL, "N_P<Int> out", &out, 0, 0, false},
    };
    gmrt_cli_run run;
    ARGV((char *)g, (char *)"--from=3", (char *)"--out", (char *)rt_path("o"));
    CU_ASSERT_EQUAL(parse_captured(&run, o, 2, argc, argv), -1);
    CU_ASSERT(from && !strcmp(from, "3"));
    CU_ASSERT_EQUAL(run.load.format, GMRT_FMT_AUTO);
    CU_ASSERT(out == NULL && run.out_dir && !strcmp(run.out_dir, rt_path("o")));
    char *argv2[] = {(char *)"prog", (char *)"--help"};
    CU_ASSERT_EQUAL(parse_captured(&run, o, 2, 2, argv2), 0);
    CU_ASSERT(rt_contains(captured, "--from=NODE"));
    CU_ASSERT(!strstr(captured, "--from=FORMAT") && !strstr(captured, "--out=FILE"));
}

/* A required input named like an old option (the original forestfire.gm's
 * Node seed) is --input-NAME: before, the program could never be run (the
 * value went to --seed and the input was always missing). */
static void test_shadowed_input(void)
{
    const char *g = rt_path("g.el");
    rt_write(g, "0 1\n", (size_t)-1);
    const char *seed = NULL;
    const gmrt_cli_opt o[] = {
        {"seed", GMRT_CLI_NODE, NULL, "Node seed", &seed, 0, 0, true},
    };
    gmrt_cli_run run;
    ARGV((char *)g, (char *)"--seed=5", (char *)"--input_seed", (char *)"1");
    CU_ASSERT_EQUAL(parse_captured(&run, o, 1, argc, argv), -1);
    CU_ASSERT(seed && !strcmp(seed, "1"));
    CU_ASSERT_EQUAL(run.seed, 5);
    seed = NULL;
    char *argv2[] = {(char *)"prog", (char *)g, (char *)"--seed=1"};
    CU_ASSERT_EQUAL(parse_captured(&run, o, 1, 3, argv2), 2);
    CU_ASSERT(seed == NULL && rt_contains(captured, "missing --input-seed=NODE"));
    char *argv3[] = {(char *)"prog", (char *)"--help"};
    CU_ASSERT_EQUAL(parse_captured(&run, o, 1, 2, argv3), 0);
    CU_ASSERT(rt_contains(captured, "--input-seed=NODE") && rt_contains(captured, "--seed=S"));
    /* a bad value is reported under the name it was given by, not the
     * program's own option's (before: "bad value 'abc' for --threads") */
    int64_t threads = 0;
    const gmrt_cli_opt t[] = {
        {"threads", GMRT_CLI_INT, NULL, "Int threads", &threads, INT32_MIN, INT32_MAX, true},
    };
    char *argv4[] = {(char *)"prog", (char *)g, (char *)"--input-threads=abc"};
    CU_ASSERT_EQUAL(parse_captured(&run, t, 1, 3, argv4), 2);
    CU_ASSERT(rt_contains(captured, "bad value 'abc' for --input-threads"));
    char *argv5[] = {(char *)"prog", (char *)g, (char *)"--input-threads"};
    CU_ASSERT_EQUAL(parse_captured(&run, t, 1, 3, argv5), 2);
    CU_ASSERT(rt_contains(captured, "--input-threads needs a value"));
}

static void test_load_flags(void)
{
    gmrt_load_options o;
    memset(&o, 0, sizeof o);
    CU_ASSERT(gmrt_cli_load_flag("one-based", &o) && o.index_base == 1);
    CU_ASSERT(gmrt_cli_load_flag("dedup", &o) && o.build.dedup);
    CU_ASSERT(gmrt_cli_load_flag("no-self-loops", &o) && o.build.drop_self_loops);
    CU_ASSERT(gmrt_cli_load_flag("symmetrize", &o) && o.build.symmetrize);
    CU_ASSERT(gmrt_cli_load_flag("no-weights", &o) && o.ignore_weights);
    CU_ASSERT(!gmrt_cli_load_flag("relabel", &o));
    gmrt_format f;
    CU_ASSERT(gmrt_cli_format("t", "mtx", &f) && f == GMRT_FMT_MATRIX_MARKET);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"--name=value, --name value, - and _ alike", test_forms},
        {"errors: suggestions, values, missing, files", test_errors},
        {"--help on stdout, status 0", test_help},
        {"values, tsv, csv, labels, collections", test_writers},
        {"many rows: the parallel writer's bytes", test_writer_many_rows},
        {"--json: one object, NaN as null, median", test_json},
        {"gmgraph's load flags", test_load_flags},
        {"inputs named like common options", test_shadowing},
        {"an input named like an old option: --input-NAME", test_shadowed_input},
        CU_TEST_INFO_NULL,
    };
    return rt_run("cli", tests);
}
