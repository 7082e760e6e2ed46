/* cli.h: what the gmgraph subcommands share: option matching, number
 * parsing, the terminal progress display, and loading with the common
 * loader options. */
#ifndef GMGRAPH_CLI_H
#define GMGRAPH_CLI_H

#include "gmrt.h"

/* Exit codes of gmgraph. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

/* Matches argv[*i] against "--name VALUE" or "--name=VALUE": 1 and *value
 * set on a match (with *i moved past the value), 0 when it is another
 * option, -1 (after a message) when the value is missing. */
int cli_value(int argc, char **argv, int *i, const char *name, const char **value);
bool cli_flag(const char *arg, const char *name);

/* One arm of a subcommand's option chain `if (...) ... CLI_OPTION(...)`:
 * when argv[i] is option name (cli_value, in a loop over i with locals
 * `const char *v` and `int r`), parse_ok is evaluated with the value in v;
 * a missing value or a false parse_ok returns EXIT_USAGE from the caller. */
#define CLI_OPTION(name, parse_ok)                           \
    else if ((r = cli_value(argc, argv, &i, name, &v)) != 0) \
    {                                                        \
        if (r < 0 || !(parse_ok))                            \
            return EXIT_USAGE;                               \
    }

/* Strict number parsing; false (after a message naming the option) when
 * the text is not a number in [lo, hi]. */
bool cli_int(const char *option, const char *text, int64_t lo, int64_t hi, int64_t *out);
bool cli_double(const char *option, const char *text, double *out);
bool cli_u64(const char *option, const char *text, uint64_t *out);

/* Reports an unknown option or a surplus argument; returns EXIT_USAGE. */
int cli_unknown(const char *cmd, const char *arg);

/* A progress callback that draws on stderr, or none when stderr is not a
 * terminal.  cli_progress_done() clears the line. */
gmrt_progress cli_progress(const char *what);
void cli_progress_done(gmrt_progress *p);

/* Options every command that reads a graph accepts:
 *   --from FORMAT --one-based --symmetrize --dedup --no-self-loops --no-weights
 * returns 1 when argv[*i] was one of them, 0 when not, -1 on a bad value. */
int cli_load_option(int argc, char **argv, int *i, gmrt_load_options *opt);
/* The same build options for generators. */
int cli_build_option(const char *arg, gmrt_build_options *b);

/* Whether path is "-" (standard input), a pipe, a device or a file without
 * a size (/proc): something to read once, as a stream. */
bool cli_is_stream(const char *path);
/* Reads all of path ("-": standard input) into a malloc'd buffer; false
 * after a message naming the file. */
bool cli_read_all(const char *cmd, const char *path, unsigned char **data, size_t *len);

/* OUT "-" is standard output: its format must be named (--to: there is no
 * extension to tell it by) and a binary one is not written to a terminal.
 * 0 when out can be written, else EXIT_USAGE after a message. */
int cli_check_output(const char *cmd, const char *out, gmrt_format to);
/* Where a command's summary line goes: stderr when the graph itself goes
 * to standard output, stdout otherwise. */
FILE *cli_summary_stream(const char *out);

/* Writes g's P parts for the distributed runtime as `gmgraph partition`
 * does (cmd_partition.c), with opt's policy and relabelling; the exit
 * status.  progress is finished here. */
struct gmd_load_options;
int cli_write_parts(const char *cmd, const gm_graph *g, const char *source, int P, const struct gmd_load_options *opt,
                    const char *outprefix, gmrt_progress *progress, double t0);

int cmd_gen(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_partition(int argc, char **argv);
int cmd_check(int argc, char **argv);

#endif
