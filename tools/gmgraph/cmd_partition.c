/* cmd_partition.c: "gmgraph partition --parts=P GRAPH OUTPREFIX": writes
 * one .gmp part per rank (OUTPREFIX.R.gmp, R = 0..P-1) for libgmrt-dist's
 * gmd_load("OUTPREFIX.gmp") under mpirun -np P.  Runs without MPI: the
 * parts come from libgmrt-dist's MPI-free core (gm_runtime/dist/gmd_part.c),
 * so each equals what gmd_partition computes on that rank.  Two passes over
 * the ranks (ghost tables first, then each part with its send lists), so
 * only one part is in memory at a time.  Each part is written atomically;
 * when one fails, the parts this run already wrote are removed. */
#include "cli.h"
#include "gmd_part.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *out)
{
    fputs("usage: gmgraph partition --parts=P [options] GRAPH OUTPREFIX\n"
          "\n"
          "Partitions GRAPH for P ranks of a distributed program (libgmrt-dist) and\n"
          "writes OUTPREFIX.0.gmp .. OUTPREFIX.(P-1).gmp, one part per rank; the\n"
          "program loads them as OUTPREFIX.gmp (OUTPREFIX may end in .gmp).\n"
          "  --parts=P          number of ranks (1 to 65536)\n"
          "  --policy=POLICY    both (default): out-edges at the source's owner and\n"
          "                     in-edges at the destination's; out; in\n"
          "  --relabel[=SEED]   number the nodes by a random permutation first\n"
          "                     (SEED 0 or none: the runtime's fixed default)\n"
          "  --from FORMAT --one-based --symmetrize --dedup --no-self-loops --no-weights\n"
          "                     how GRAPH is read, as for convert\n",
          out);
}

/* Removes the parts 0..upto-1 written by this run. */
static void remove_parts(const char *prefix, int upto)
{
    for (int r = 0; r < upto; r++) {
        char *p = gmd_gmp_part_path_(prefix, r);
        if (p)
            (void)unlink(p);
        free(p);
    }
}

/* Writes g's P parts as OUTPREFIX.R.gmp (see the top of this file) and a
 * summary line naming `source`; the exit status.  Shared with
 * `gmgraph gen --parts=P`, whose parts are thus those of `gmgraph partition`
 * of the graph it generates.  g stays the caller's; progress (may be NULL
 * or have no fn) is finished here. */
int cli_write_parts(const char *cmd, const gm_graph *g, const char *source, int P, const gmd_load_options *opt,
                    const char *outprefix, gmrt_progress *progress, double t0)
{
    char *prefix = gmd_gmp_prefix_(outprefix);
    int64_t **ghost_gid = calloc((size_t)P, sizeof *ghost_gid);
    gm_node_t **ghost_begin = calloc((size_t)P, sizeof *ghost_begin);
    if (!prefix || !ghost_gid || !ghost_begin) {
        cli_progress_done(progress);
        fprintf(stderr, "gmgraph %s: out of memory\n", cmd);
        free(prefix), free(ghost_gid), free(ghost_begin);
        return EXIT_FAIL;
    }
    gmrt_error err;
    int status = EXIT_FAIL, written = 0;
    gmd_graph *G = NULL;
    char *path = NULL;
    int64_t ghosts = 0;
    uint64_t set_id = gmd_gmp_set_id_(g, P, opt);
    /* pass 1: every rank's ghost table */
    for (int r = 0; r < P; r++) {
        if (progress->fn)
            progress->fn(progress->arg, "ghosts", (double)r / (2.0 * P));
        G = gmd_part_local_(g, r, P, opt, &err);
        if (!G)
            goto fail;
        ghost_gid[r] = G->ghost_gid;
        ghost_begin[r] = G->ghost_begin;
        G->ghost_gid = NULL;
        G->ghost_begin = NULL;
        ghosts += G->num_ghosts;
        gmd_graph_free(G);
        G = NULL;
    }
    /* pass 2: each part with its send lists, written */
    for (int r = 0; r < P; r++) {
        if (progress->fn)
            progress->fn(progress->arg, "writing", (double)(P + r) / (2.0 * P));
        G = gmd_part_local_(g, r, P, opt, &err);
        if (!G || !gmd_part_fill_send_lists_(G, ghost_gid, ghost_begin, &err))
            goto fail;
        path = gmd_gmp_part_path_(prefix, r);
        if (!path) {
            gmrt_error_set(&err, GMRT_E_NOMEM, "out of memory");
            goto fail;
        }
        if (!gmd_gmp_write_(G, opt->relabel_seed, set_id, path, &err))
            goto fail;
        written++;
        free(path);
        path = NULL;
        gmd_graph_free(G);
        G = NULL;
    }
    cli_progress_done(progress);
    fprintf(stdout, "%s -> %s.0.gmp .. %s.%d.gmp: %d parts, policy %s%s, %lld nodes, %lld edges%s; %lld ghosts (%.3f per node); %.2f s\n",
            source, prefix, prefix, P - 1, P, gmd_policy_name(opt->policy), opt->relabel ? ", relabelled" : "",
            (long long)g->num_nodes, (long long)g->num_edges, g->weights ? " (weighted)" : "", (long long)ghosts,
            g->num_nodes ? (double)ghosts / (double)g->num_nodes : 0.0, (gmrt_time_ms() - t0) / 1e3);
    status = EXIT_OK;
    goto done;
fail:
    cli_progress_done(progress);
    fprintf(stderr, "gmgraph %s: %s\n", cmd, err.message);
    remove_parts(prefix, written);
done:
    gmd_graph_free(G);
    for (int r = 0; r < P; r++) {
        free(ghost_gid[r]);
        free(ghost_begin[r]);
    }
    free(ghost_gid);
    free(ghost_begin);
    free(path);
    free(prefix);
    return status;
}

int cmd_partition(int argc, char **argv)
{
    gmrt_load_options lopt = { 0 };
    gmd_load_options opt = { 0 };
    int64_t parts = 0;
    const char *files[2] = { NULL, NULL };
    int nfiles = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        }
        if (strcmp(a, "--relabel") == 0) {
            opt.relabel = true;
            continue;
        }
        if (strncmp(a, "--relabel=", 10) == 0) {
            if (!cli_u64("--relabel", a + 10, &opt.relabel_seed))
                return EXIT_USAGE;
            opt.relabel = true;
            continue;
        }
        int r = cli_value(argc, argv, &i, "--parts", &v);
        if (r < 0)
            return EXIT_USAGE;
        if (r > 0) {
            if (!cli_int("--parts", v, 1, 65536, &parts))
                return EXIT_USAGE;
            continue;
        }
        r = cli_value(argc, argv, &i, "--policy", &v);
        if (r < 0)
            return EXIT_USAGE;
        if (r > 0) {
            int p = gmd_policy_parse(v);
            if (p < 0) {
                fprintf(stderr, "gmgraph partition: --policy '%s': expected both, out or in\n", v);
                return EXIT_USAGE;
            }
            opt.policy = (gmd_policy)p;
            continue;
        }
        r = cli_load_option(argc, argv, &i, &lopt);
        if (r < 0)
            return EXIT_USAGE;
        if (r > 0)
            continue;
        if ((a[0] == '-' && a[1] != '\0') || nfiles == 2)
            return cli_unknown("partition", a);
        files[nfiles++] = a;
    }
    if (nfiles != 2 || parts == 0) {
        if (parts == 0 && nfiles == 2)
            fprintf(stderr, "gmgraph partition: --parts=P is required\n");
        else
            usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(files[1], "-") == 0 || files[1][0] == '\0') {
        fprintf(stderr, "gmgraph partition: OUTPREFIX must name files, not '%s'\n", files[1]);
        return EXIT_USAGE;
    }
    lopt.progress = cli_progress("partition");
    double t0 = gmrt_time_ms();
    gmrt_error err;
    gm_graph *g = gmrt_graph_load(files[0], &lopt, &err);
    if (!g) {
        cli_progress_done(&lopt.progress);
        fprintf(stderr, "gmgraph partition: %s\n", err.message);
        return EXIT_FAIL;
    }
    int status = cli_write_parts("partition", g, files[0], (int)parts, &opt, files[1], &lopt.progress, t0);
    gmrt_graph_free(g);
    return status;
}
