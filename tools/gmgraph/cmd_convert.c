/* cmd_convert.c: "gmgraph convert IN OUT": read any format, write any. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: gmgraph convert [options] IN OUT\n"
          "\n"
          "Reads IN and writes OUT; formats come from magic/extension unless given.\n"
          "IN may be gzip-compressed; IN '-' is standard input.\n"
          "  --from FORMAT      format of IN (gm-binary, edge-list, mtx, dimacs, gmb)\n"
          "  --to FORMAT        format of OUT (also gm-binary-le)\n"
          "  --one-based        IN is an edge list with ids starting at 1\n"
          "  --symmetrize       add the reverse of every edge\n"
          "  --dedup            keep one of parallel edges (the smallest weight)\n"
          "  --no-self-loops    drop u->u edges\n"
          "  --no-weights       drop the weights of IN\n"
          "  --relabel          IN's ids are labels: number the nodes with edges 0..n-1 in\n"
          "                     increasing label order; OUT.labels gets node i's label on line i\n",
          out);
}

int cmd_convert(int argc, char **argv)
{
    gmrt_load_options opt = {0};
    gmrt_format to = GMRT_FMT_AUTO;
    const char *files[2] = {NULL, NULL};
    int nfiles = 0;
    bool relabel = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        if (strcmp(a, "--relabel") == 0) {
            relabel = true;
            continue;
        }
        int r = cli_load_option(argc, argv, &i, &opt);
        if (r < 0)
            return EXIT_USAGE;
        if (r > 0)
            continue;
        r = cli_value(argc, argv, &i, "--to", &v);
        if (r < 0)
            return EXIT_USAGE;
        if (r > 0) {
            to = gmrt_format_parse(v);
            if (to == GMRT_FMT_AUTO) {
                fprintf(stderr, "gmgraph convert: --to '%s': expected gm-binary, gm-binary-le, edge-list, mtx, dimacs or gmb\n", v);
                return EXIT_USAGE;
            }
            continue;
        }
        if ((a[0] == '-' && a[1] != '\0') || nfiles == 2)
            return cli_unknown("convert", a);
        files[nfiles++] = a;
    }
    if (nfiles != 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    int bad_out = cli_check_output("convert", files[1], to);
    if (bad_out)
        return bad_out;
    gmrt_error err;
    opt.progress = cli_progress("convert");
    double t0 = gmrt_time_ms();
    int64_t *labels = NULL;
    /* --relabel numbers the nodes while loading: a small file with huge
     * ids needs no row for every id up to the largest */
    gm_graph *g = relabel ? gmrt_graph_load_relabelled(files[0], &opt, &labels, &err)
                          : gmrt_graph_load(files[0], &opt, &err);
    double t_load = gmrt_time_ms() - t0;
    if (!g) {
        cli_progress_done(&opt.progress);
        fprintf(stderr, "gmgraph convert: %s\n", err.message);
        return EXIT_FAIL;
    }
    if (relabel) { /* the map goes to OUT.labels, one label per line */
        char path[4096];
        snprintf(path, sizeof path, "%s.labels", files[1]);
        bool saved = gmrt_prop_save_text(path, GMRT_T_INT64, labels, (size_t)g->num_nodes, &err);
        free(labels);
        if (!saved) {
            cli_progress_done(&opt.progress);
            fprintf(stderr, "gmgraph convert: %s\n", err.message);
            gmrt_graph_free(g);
            return EXIT_FAIL;
        }
    }
    if (opt.progress.fn)
        opt.progress.fn(opt.progress.arg, "writing", 0.0);
    double t1 = gmrt_time_ms();
    bool ok = gmrt_graph_save(g, files[1], to, &err);
    double t_save = gmrt_time_ms() - t1;
    cli_progress_done(&opt.progress);
    if (!ok) {
        fprintf(stderr, "gmgraph convert: %s\n", err.message);
        gmrt_graph_free(g);
        return EXIT_FAIL;
    }
    fprintf(cli_summary_stream(files[1]), "%s -> %s: %lld nodes, %lld edges%s; read in %.2f s, written in %.2f s\n", files[0], files[1],
           (long long)g->num_nodes, (long long)g->num_edges, g->weights ? " (weighted)" : "", t_load / 1e3,
           t_save / 1e3);
    gmrt_graph_free(g);
    return EXIT_OK;
}
