/* cmd_gen.c: "gmgraph gen": RMAT, uniform, grid and road-like graphs. */
#include "cli.h"
#include "gmd.h"

#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: gmgraph gen KIND [options] -o FILE\n"
          "\n"
          "kinds and their options:\n"
          "  rmat     --scale S (20)  --edge-factor E (16)  --a A --b B --c C\n"
          "           (Graph500: 0.57 0.19 0.19)  --no-permute (keep hub ids low)\n"
          "  uniform  --nodes N  (--edges M | --degree D)\n"
          "  grid     --rows R --cols C      (4 neighbours, unweighted)\n"
          "  road     --rows R --cols C      (perturbed grid, integer lengths)\n"
          "\n"
          "common options:\n"
          "  --seed X            random seed (1); the output depends only on it\n"
          "  --weights int:LO:HI | real:LO:HI   random edge weights\n"
          "  --symmetrize --dedup --no-self-loops   edit the edges\n"
          "  -o, --output FILE   where to write (format from the extension)\n"
          "  --to FORMAT         output format (gm-binary, edge-list, mtx, dimacs, gmb)\n"
          "  --parts=P           write the P parts of `gmgraph partition --parts=P` of\n"
          "                      the graph instead (-o OUTPREFIX: OUTPREFIX.R.gmp),\n"
          "                      with no whole-graph file in between\n"
          "\n"
          "example: gmgraph gen rmat --scale 20 --edge-factor 16 --seed 1 -o g.gmb\n",
          out);
}

/* "int:1:100" or "real:0:1". */
static bool parse_weights(const char *spec, bool *integral, double *lo, double *hi)
{
    char kind[8];
    double a, b;
    char tail;
    if (sscanf(spec, "%7[a-z]:%lf:%lf%c", kind, &a, &b, &tail) != 3 ||
        (strcmp(kind, "int") != 0 && strcmp(kind, "real") != 0) || !(a <= b)) {
        fprintf(stderr, "gmgraph gen: --weights '%s': expected int:LO:HI or real:LO:HI with LO <= HI\n", spec);
        return false;
    }
    *integral = strcmp(kind, "int") == 0;
    *lo = a;
    *hi = b;
    return true;
}

static bool nonnegative(const char *option, double v)
{
    if (v >= 0)
        return true;
    fprintf(stderr, "gmgraph gen: %s must not be negative\n", option);
    return false;
}

static bool output_format(const char *name, gmrt_format *to)
{
    *to = gmrt_format_parse(name);
    if (*to != GMRT_FMT_AUTO)
        return true;
    fprintf(stderr, "gmgraph gen: --to '%s': expected gm-binary, gm-binary-le, edge-list, mtx, dimacs or gmb\n", name);
    return false;
}

int cmd_gen(int argc, char **argv)
{
    if (argc < 1 || strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0) {
        usage(argc < 1 ? stderr : stdout);
        return argc < 1 ? EXIT_USAGE : EXIT_OK;
    }
    const char *kind = argv[0];
    bool is_rmat = strcmp(kind, "rmat") == 0, is_uniform = strcmp(kind, "uniform") == 0,
         is_grid = strcmp(kind, "grid") == 0, is_road = strcmp(kind, "road") == 0;
    if (!is_rmat && !is_uniform && !is_grid && !is_road) {
        fprintf(stderr, "gmgraph gen: unknown kind '%s' (expected rmat, uniform, grid or road)\n", kind);
        return EXIT_USAGE;
    }
    gmrt_rmat_params rp;
    gmrt_rmat_defaults(&rp, 20);
    gmrt_build_options build = {0};
    int64_t nodes = -1, edges = -1, rows = -1, cols = -1, scale = 20, parts = 0;
    double degree = -1; /* -1: not given */
    uint64_t seed = 1;
    const char *out = NULL, *weights = NULL;
    gmrt_format to = GMRT_FMT_AUTO;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        int r = 0;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        if (cli_flag(a, "--no-permute"))
            rp.permute = false;
        CLI_OPTION("--scale", cli_int("--scale", v, 0, 30, &scale))
        CLI_OPTION("--edge-factor", cli_double("--edge-factor", v, &rp.edge_factor) && nonnegative("--edge-factor", rp.edge_factor))
        CLI_OPTION("--a", cli_double("--a", v, &rp.a))
        CLI_OPTION("--b", cli_double("--b", v, &rp.b))
        CLI_OPTION("--c", cli_double("--c", v, &rp.c))
        CLI_OPTION("--nodes", cli_int("--nodes", v, 0, GMRT_NODE_MAX, &nodes))
        CLI_OPTION("--edges", cli_int("--edges", v, 0, GMRT_EDGE_MAX, &edges))
        CLI_OPTION("--degree", cli_double("--degree", v, &degree) && nonnegative("--degree", degree))
        CLI_OPTION("--rows", cli_int("--rows", v, 0, GMRT_NODE_MAX, &rows))
        CLI_OPTION("--cols", cli_int("--cols", v, 0, GMRT_NODE_MAX, &cols))
        CLI_OPTION("--seed", cli_u64("--seed", v, &seed))
        CLI_OPTION("--weights", (weights = v) != NULL)
        CLI_OPTION("--output", (out = v) != NULL)
        CLI_OPTION("-o", (out = v) != NULL)
        CLI_OPTION("--to", output_format(v, &to))
        CLI_OPTION("--parts", cli_int("--parts", v, 1, 65536, &parts))
        else if (!cli_build_option(a, &build))
            return cli_unknown("gen", a);
    }
    if (!out) {
        fprintf(stderr, "gmgraph gen: no output file: give -o FILE\n");
        return EXIT_USAGE;
    }
    if (parts > 0 && (to != GMRT_FMT_AUTO || strcmp(out, "-") == 0)) {
        fprintf(stderr, "gmgraph gen: --parts=P writes .gmp parts named by -o OUTPREFIX: no --to, no '-'\n");
        return EXIT_USAGE;
    }
    int bad_out = parts > 0 ? 0 : cli_check_output("gen", out, to);
    if (bad_out)
        return bad_out;
    bool w_integral = false;
    double w_lo = 0, w_hi = 0;
    if (weights && !parse_weights(weights, &w_integral, &w_lo, &w_hi))
        return EXIT_USAGE;
    if ((is_grid || is_road) && (rows < 0 || cols < 0)) {
        fprintf(stderr, "gmgraph gen %s: give --rows R and --cols C\n", kind);
        return EXIT_USAGE;
    }
    if (is_uniform) {
        if (nodes < 0 || (edges < 0) == (degree < 0)) {
            fprintf(stderr, "gmgraph gen uniform: give --nodes N and one of --edges M or --degree D\n");
            return EXIT_USAGE;
        }
        if (edges < 0)
            edges = (int64_t)(degree * (double)nodes + 0.5);
    }

    gmrt_error err = {0};
    gmrt_progress progress = cli_progress("gen");
    double t0 = gmrt_time_ms();
    gm_graph *g = NULL;
    if (is_rmat) {
        rp.scale = (int)scale;
        rp.seed = seed;
        g = gmrt_gen_rmat(&rp, &build, &progress, &err);
    } else if (is_uniform) {
        g = gmrt_gen_uniform((gm_node_t)nodes, edges, seed, &build, &progress, &err);
    } else if (is_grid) {
        g = gmrt_gen_grid((gm_node_t)rows, (gm_node_t)cols, &err);
    } else {
        g = gmrt_gen_road((gm_node_t)rows, (gm_node_t)cols, seed, &err);
    }
    if (g && (is_grid || is_road) && (build.symmetrize || build.dedup || build.drop_self_loops)) {
        gm_graph *edited = gmrt_graph_transform(g, &build, &err);
        gmrt_graph_free(g);
        g = edited;
    }
    if (g && weights && !gmrt_gen_weights(g, w_lo, w_hi, w_integral, seed, &err)) {
        gmrt_graph_free(g);
        g = NULL;
    }
    double t_gen = gmrt_time_ms() - t0;
    if (!g) {
        cli_progress_done(&progress);
        fprintf(stderr, "gmgraph gen: %s\n", err.message);
        return EXIT_FAIL;
    }
    if (parts > 0) { /* the parts straight from memory, as `gmgraph partition` writes them */
        gmd_load_options popt = {0};
        int status = cli_write_parts("gen", g, "generated graph", (int)parts, &popt, out, &progress, t0);
        gmrt_graph_free(g);
        return status;
    }
    gmrt_progress saving = progress;
    if (saving.fn)
        saving.fn(saving.arg, "writing", 0.0);
    double t1 = gmrt_time_ms();
    bool ok = gmrt_graph_save(g, out, to, &err);
    double t_save = gmrt_time_ms() - t1;
    cli_progress_done(&progress);
    if (!ok) {
        fprintf(stderr, "gmgraph gen: %s\n", err.message);
        gmrt_graph_free(g);
        return EXIT_FAIL;
    }
    fprintf(cli_summary_stream(out), "%s: %lld nodes, %lld edges%s; generated in %.2f s, written in %.2f s\n", out, (long long)g->num_nodes,
           (long long)g->num_edges, g->weights ? " (weighted)" : "", t_gen / 1e3, t_save / 1e3);
    gmrt_graph_free(g);
    return EXIT_OK;
}
