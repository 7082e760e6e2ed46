/* cmd_check.c: "gmgraph check": is a program's answer on a generated graph
 * right?  The command line; the checks are check_*.c (check.h says how). */
#include "check.h"
#include "cli.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: gmgraph check SPEC --bfs=FILE --root=R [options]\n"
          "       gmgraph check SPEC --wcc=FILE [options]\n"
          "       gmgraph check SPEC --pagerank=FILE --d=D (--e=E --max-iter=M | --iterations=K) [options]\n"
          "\n"
          "Checks the answer a program wrote (--out=DIR) for the graph of a generator\n"
          "spec (gen:rmat,scale=S,...), drawing the spec's edges again as a stream:\n"
          "memory for a few arrays of nodes, never the graph.  Exit status 0 when\n"
          "the answer is right, 1 when it is wrong (the first wrong node or edge\n"
          "is named) or the file cannot be read, 2 for bad usage.\n"
          "\n"
          "  --bfs=FILE          apps/bfs.gm's dist.txt: hop counts from --root,\n"
          "                      2147483647 for unreached nodes\n"
          "  --root=R            the run's root\n"
          "  --wcc=FILE          apps/wcc.gm's comp.txt: each node's component named\n"
          "                      by its smallest id\n"
          "  --pagerank=FILE     apps/pagerank.gm's rank.txt, against the same number\n"
          "                      of iterations computed exactly\n"
          "  --d=D               the run's damping factor\n"
          "  --e=E --max-iter=M  the run's stopping rule (its --e and --max_iter)\n"
          "  --iterations=K      or: exactly K iterations ran\n"
          "  --tolerance=T       largest relative error of a rank (1e-9)\n"
          "  --threads=N         OpenMP threads (OMP_NUM_THREADS)\n"
          "\n"
          "PageRank needs the out-degrees, which under dedup depend on the whole\n"
          "graph: a spec with dedup is refused there (bfs and wcc take it).\n"
          "\n"
          "example: gmgraph check gen:rmat,scale=20,symmetrize --bfs=out/dist.txt --root=0\n",
          out);
}

typedef enum { CHECK_NONE, CHECK_BFS, CHECK_WCC, CHECK_PAGERANK } check_kind;

static bool set_kind(check_kind *kind, check_kind k, const char **file, const char *v)
{
    if (*kind != CHECK_NONE) {
        fprintf(stderr, "gmgraph check: give one of --bfs, --wcc or --pagerank\n");
        return false;
    }
    *kind = k;
    *file = v;
    return true;
}

int cmd_check(int argc, char **argv)
{
    if (argc < 1 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
        usage(argc < 1 ? stderr : stdout);
        return argc < 1 ? EXIT_USAGE : EXIT_OK;
    }
    const char *spec_text = NULL, *file = NULL;
    check_kind kind = CHECK_NONE;
    int64_t root = -1, max_iter = 0, iterations = -1, threads = omp_get_max_threads();
    double d = -1, e = 0, tol = 1e-9;
    bool has_d = false, has_e = false, has_max = false, has_tol = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        int r = 0;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        if (0) {
        }
        CLI_OPTION("--bfs", set_kind(&kind, CHECK_BFS, &file, v))
        CLI_OPTION("--wcc", set_kind(&kind, CHECK_WCC, &file, v))
        CLI_OPTION("--pagerank", set_kind(&kind, CHECK_PAGERANK, &file, v))
        CLI_OPTION("--root", cli_int("--root", v, 0, GMRT_NODE_MAX - 1, &root))
        CLI_OPTION("--d", (has_d = true) && cli_double("--d", v, &d))
        CLI_OPTION("--e", (has_e = true) && cli_double("--e", v, &e))
        CLI_OPTION("--max-iter", (has_max = true) && cli_int("--max-iter", v, INT32_MIN, INT32_MAX, &max_iter))
        CLI_OPTION("--max_iter", (has_max = true) && cli_int("--max_iter", v, INT32_MIN, INT32_MAX, &max_iter))
        CLI_OPTION("--iterations", cli_int("--iterations", v, 1, INT32_MAX, &iterations))
        CLI_OPTION("--tolerance", (has_tol = true) && cli_double("--tolerance", v, &tol))
        CLI_OPTION("--threads", cli_int("--threads", v, 1, 4096, &threads))
        else if (a[0] != '-' && !spec_text)
            spec_text = a;
        else
            return cli_unknown("check", a);
    }
    if (!spec_text) {
        fprintf(stderr, "gmgraph check: no generator spec: give gen:KIND,... (see gmgraph check --help)\n");
        return EXIT_USAGE;
    }
    if (kind == CHECK_NONE) {
        fprintf(stderr, "gmgraph check: what to check: give --bfs=FILE, --wcc=FILE or --pagerank=FILE\n");
        return EXIT_USAGE;
    }
    gmrt_gen_spec spec;
    gmrt_error err = {0};
    if (!gmrt_gen_spec_parse(spec_text, &spec, &err)) {
        fprintf(stderr, "gmgraph check: %s\n", err.message);
        return EXIT_USAGE;
    }
    const int64_t n = gmrt_gen_spec_nodes(&spec);
    /* the options of the other checks are mistakes, not to be ignored */
    bool pr = kind == CHECK_PAGERANK;
    if ((kind != CHECK_BFS && root >= 0) ||
        (!pr && (has_d || has_e || has_max || iterations != -1 || has_tol))) {
        fprintf(stderr, "gmgraph check: --root is for --bfs; --d, --e, --max-iter, --iterations and --tolerance for --pagerank\n");
        return EXIT_USAGE;
    }
    if (kind == CHECK_BFS && root < 0) {
        fprintf(stderr, "gmgraph check: --bfs needs the run's --root=R\n");
        return EXIT_USAGE;
    }
    if (kind == CHECK_BFS && root >= n) {
        fprintf(stderr, "gmgraph check: --root=%" PRId64 ": the graph has %" PRId64 " nodes (0 to %" PRId64 ")\n", root, n, n - 1);
        return EXIT_USAGE;
    }
    if (pr) {
        if (spec.build.dedup) {
            fprintf(stderr,
                    "gmgraph check: --pagerank cannot check a spec with dedup: its out-degrees depend on which edges "
                    "repeat, which only the whole graph tells\n");
            return EXIT_USAGE;
        }
        if (!has_d || !(d >= 0 && d <= 1)) {
            fprintf(stderr, "gmgraph check: --pagerank needs the run's --d=D, from 0 to 1\n");
            return EXIT_USAGE;
        }
        if (iterations > 0 ? has_e || has_max : !has_e || !has_max) {
            fprintf(stderr, "gmgraph check: --pagerank needs the run's --e=E and --max-iter=M, or --iterations=K\n");
            return EXIT_USAGE;
        }
        if (!(tol > 0)) {
            fprintf(stderr, "gmgraph check: --tolerance must be above 0\n");
            return EXIT_USAGE;
        }
    }
    if (n == 0) {
        fprintf(stderr, "gmgraph check: %s has no nodes: nothing to check\n", spec_text);
        return EXIT_USAGE;
    }

    /* the answer: exactly n values (text or libgmrt's binary property file) */
    static const gmrt_type types[] = {[CHECK_BFS] = GMRT_T_INT32, [CHECK_WCC] = GMRT_T_NODE, [CHECK_PAGERANK] = GMRT_T_DOUBLE};
    void *values = chk_alloc((size_t)n * gmrt_type_size(types[kind]));
    if (!values) {
        fprintf(stderr, "gmgraph check: out of memory for %" PRId64 " values\n", n);
        return EXIT_FAIL;
    }
    double t0 = gmrt_time_ms();
    if (!chk_read_values(file, types[kind], values, n, (int)threads, &err)) {
        if (strstr(err.message, "values"))
            fprintf(stderr, "gmgraph check: %s (the graph %s has %" PRId64 " nodes)\n", err.message, spec_text, n);
        else
            fprintf(stderr, "gmgraph check: %s\n", err.message);
        free(values);
        return EXIT_FAIL;
    }
    double t_read = (gmrt_time_ms() - t0) / 1e3;

    chk_stream s = {&spec, n, gmrt_gen_spec_drawn(&spec), spec.build.symmetrize, spec.build.drop_self_loops, (int)threads,
                    cli_progress("check"), 0, 0, 0};
    int status;
    if (kind == CHECK_BFS) {
        status = chk_bfs(&s, values, (gm_node_t)root, stdout);
    } else if (kind == CHECK_WCC) {
        status = chk_wcc(&s, values, stdout);
    } else {
        chk_pagerank_opts o = {d, iterations > 0 ? -1 : e, iterations > 0 ? iterations : max_iter, tol};
        status = chk_pagerank(&s, values, &o, stdout);
    }
    cli_progress_done(&s.progress);
    free(values);
    double draws = (double)s.drawn * (double)s.passes;
    printf("check: read %s in %.2f s; %" PRId64 " pass%s over %" PRId64 " drawn edges in %.2f s, %.2f processor s on %d "
           "threads (%.3g draws a processor second)\n",
           file, t_read, s.passes, s.passes == 1 ? "" : "es", s.drawn, s.wall_s, s.cpu_s, s.threads,
           s.cpu_s > 0 ? draws / s.cpu_s : 0.0);
    return status == 0 ? EXIT_OK : EXIT_FAIL;
}
