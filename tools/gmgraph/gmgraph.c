/* gmgraph.c: the gmgraph command: generate, convert, inspect and partition
 * graph files with libgmrt, and check answers on generated graphs.  This file only dispatches to the subcommands. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void usage(FILE *out)
{
    fputs("usage: gmgraph COMMAND [options]\n"
          "\n"
          "Generate, convert and inspect graphs for programs compiled by gmc.\n"
          "\n"
          "commands:\n"
          "  gen rmat|uniform|grid|road ... -o FILE   generate a graph\n"
          "  convert IN OUT                           convert between formats\n"
          "  info FILE                                nodes, edges, degrees, self-loops,\n"
          "                                           duplicates, symmetry\n"
          "  partition --parts=P GRAPH OUTPREFIX      one .gmp part per rank for the\n"
          "                                           distributed runtime (libgmrt-dist)\n"
          "  check SPEC --bfs|--wcc|--pagerank=FILE   check a program's answer on a\n"
          "                                           generated graph, drawing its edges\n"
          "                                           again (no graph in memory)\n"
          "\n"
          "formats (by magic or extension; --from/--to override):\n"
          "  gm-binary (.bin)   the original Green-Marl binary CSR (big-endian)\n"
          "  gm-binary-le       its legacy little-endian variant\n"
          "  edge-list (.el .txt .edges .snap)   'src dst [weight]' lines\n"
          "  mtx (.mtx)         Matrix Market coordinate\n"
          "  dimacs (.gr)       9th DIMACS challenge shortest-path\n"
          "  gmb (.gmb)         libgmrt's own binary format (fastest to load)\n"
          "any input may be gzip-compressed (FILE.gz, or told by its bytes), and\n"
          "'-' reads the input from standard input\n"
          "\n"
          "Run 'gmgraph COMMAND --help' for the options of a command.\n"
          "A progress line is drawn on stderr when it is a terminal.\n",
          out);
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    if (gmrt_edge_size() != (int)sizeof(gm_edge_t)) {
        fprintf(stderr, "gmgraph: built for %d-byte edge indices but libgmrt uses %d\n", (int)sizeof(gm_edge_t),
                gmrt_edge_size());
        return EXIT_FAIL;
    }
    if (strcmp(cmd, "gen") == 0)
        return cmd_gen(argc - 2, argv + 2);
    if (strcmp(cmd, "convert") == 0)
        return cmd_convert(argc - 2, argv + 2);
    if (strcmp(cmd, "info") == 0)
        return cmd_info(argc - 2, argv + 2);
    if (strcmp(cmd, "partition") == 0)
        return cmd_partition(argc - 2, argv + 2);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 2, argv + 2);
    fprintf(stderr, "gmgraph: unknown command '%s' (expected gen, convert, info, partition or check)\n", cmd);
    return EXIT_USAGE;
}

int main(int argc, char **argv)
{
    int status = dispatch(argc, argv);
    /* what was printed is output too: a full disk must not pass for success */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "gmgraph: cannot write the output: %s\n", strerror(errno));
        if (status == EXIT_OK)
            status = EXIT_FAIL;
    }
    return status;
}
