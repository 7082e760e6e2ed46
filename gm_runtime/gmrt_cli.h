/* gmrt_cli.h: the command line and the output of the programs gmc --main
 * generates (cli.c).
 *
 * A generated main() declares a table of its own options (one per input of
 * its procedure), calls gmrt_cli_parse(), which adds the options every
 * program has (--out, --out-format, --json, --threads, --repeat, --seed,
 * --relabel and gmgraph convert's load options --from, --one-based,
 * --symmetrize, --dedup, --no-self-loops), loads the graph with
 * gmrt_cli_load(), runs its procedure, reports with gmrt_cli_time() and
 * gmrt_cli_value_*(), writes properties with gmrt_cli_write() or the
 * gmrt_cli_out row functions, and returns gmrt_cli_finish().
 *
 * Command line: "--name=value" and "--name value" alike; '-' and '_' in
 * option names match each other (--random_len is --random-len); an unknown
 * option names the closest known one (edit distance); --help (-h) prints
 * the usage and one line per option on stdout.  Exit statuses: 2 for bad
 * usage (unknown, missing or malformed options), 1 for run-time errors
 * (files, memory), 0 for success and --help.  Messages go to stderr,
 * prefixed with the program's name.
 *
 * Output: plain text prints "graph = N nodes, M edges", "load_ms = T",
 * "time_ms = T" (the fastest repeat) and "NAME = V" lines; --json prints
 * one JSON object instead (see gmrt_cli_finish), in which NaN and
 * infinities are written as null.  --out=DIR writes one file per
 * property: --out-format=values, DIR/NAME.txt (one value per line, line i
 * for node or edge i), tsv or csv, DIR/NAME.tsv or DIR/NAME.csv (a header
 * line, then the node id, or its label under --relabel, or the edge index,
 * and the value).  Under --relabel, node
 * values and collection members are written as labels.
 *
 * Not thread-safe: one gmrt_cli_run per program, used by its main thread. */
#ifndef GMRT_CLI_H
#define GMRT_CLI_H

#include "gmrt_base.h"
#include "gmrt_file.h"
#include "gmrt_graph.h"
#include "gmrt_io.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gmrt_cli_kind {
    GMRT_CLI_FLAG,   /* --name, no value: dest is bool *, set to true */
    GMRT_CLI_INT,    /* dest int64_t *: an integer in [lo, hi] */
    GMRT_CLI_FLOAT,  /* dest double *: a finite number */
    GMRT_CLI_BOOL,   /* dest bool *: 0, 1, true, false, True, False */
    GMRT_CLI_STRING, /* dest const char **: the text */
    GMRT_CLI_FILE,   /* dest const char **: a file read later; it must exist
                        and not be a folder ("-" is standard input) */
    GMRT_CLI_NODE    /* dest const char **: a node, read by gmrt_cli_node()
                        once the graph is loaded */
} gmrt_cli_kind;

/* One option.  Positional initialisers work in C and C++ (nvcc) alike. */
typedef struct gmrt_cli_opt {
    const char *name; /* without the leading "--" */
    gmrt_cli_kind kind;
    const char *meta; /* the value's name in usage lines; NULL: VALUE, NODE or FILE */
    const char *help; /* one line */
    void *dest;
    int64_t lo, hi;   /* GMRT_CLI_INT */
    bool required;    /* "missing --name=META" when absent */
} gmrt_cli_opt;

typedef enum gmrt_out_format { GMRT_OUT_VALUES, GMRT_OUT_TSV, GMRT_OUT_CSV } gmrt_out_format;

/* ---- GPU memory: a device program refuses a graph that cannot fit ----
 *
 * A device target's main() (gmc -t cuda --main) sets, before
 * gmrt_cli_load, the device bytes its arrays take at least per node, per
 * edge and in all (run.device_need: what it uploads for certain) and how
 * to ask the device for its memory (run.device_query).  gmrt_cli_load then
 * compares that need with the device's memory twice: before the expensive
 * work where the counts are known early (a generator spec's, a binary
 * file's header), and on the loaded graph (a text format's counts are
 * known only then) before anything is uploaded.  More than the device's
 * total memory is refused (one message naming the counts, the GB, the
 * device and a --distributed build; exit 1); more than its free memory
 * only warns (another process may free it).  Counts known before the load
 * are lower bounds (what dedup or no-self-loops may drop is not counted),
 * so a graph that would fit is never refused.  GMCU_DEVICE_MEMORY=BYTES in
 * the environment pretends the device has that much memory (a testing
 * aid).  Host C only: the device runtime supplies the query. */
typedef struct gmrt_device_need {
    uint64_t per_node, per_edge, fixed; /* bytes */
} gmrt_device_need;

typedef struct gmrt_device_memory {
    int index;            /* the device's number */
    char name[256];       /* as cudaDeviceProp.name */
    uint64_t total, free; /* bytes */
} gmrt_device_memory;

/* Fills *out; false when there is no device to ask (then nothing is
 * checked: the program's first device call says what is wrong). */
typedef bool (*gmrt_device_query)(gmrt_device_memory *out);

typedef enum gmrt_fit_verdict {
    GMRT_FIT_OK,       /* within the free memory */
    GMRT_FIT_NOT_FREE, /* within the total, not the free memory: a warning */
    GMRT_FIT_REFUSED   /* more than the total */
} gmrt_fit_verdict;

/* need's bytes for a graph of nodes and edges (saturating at UINT64_MAX). */
uint64_t gmrt_device_need_bytes(const gmrt_device_need *need, int64_t nodes, int64_t edges);

/* The verdict on a graph of nodes and edges (edges a lower bound unless
 * edges_exact) that program prog reads from graph (its GRAPH argument,
 * for the --distributed suggestion) on dev; unless GMRT_FIT_OK, msg gets
 * the refusal or the warning, one line without a newline. */
gmrt_fit_verdict gmrt_device_fit(const char *prog, const char *graph, const gmrt_device_need *need, int64_t nodes,
                                 int64_t edges, bool edges_exact, const gmrt_device_memory *dev, char *msg,
                                 size_t size);

/* GMCU_DEVICE_MEMORY's text (NULL or empty: unset, true) applied to *dev:
 * its total becomes that many bytes (digits, optionally followed by K, M, G
 * or T: powers of 1000), its free memory at most that.  False, with msg
 * saying why, for any other text. */
bool gmrt_device_memory_override(const char *text, gmrt_device_memory *dev, char *msg, size_t size);

/* One run of a program: its common options and what it reports. */
typedef struct gmrt_cli_run {
    const char *prog;           /* argv[0] */
    const char *graph;          /* the GRAPH argument */
    const char *out_dir;        /* --out, or NULL */
    gmrt_out_format out_format; /* --out-format */
    bool json;                  /* --json */
    int64_t threads;            /* --threads, 0 when not given */
    int64_t repeat;             /* --repeat, 1 when not given */
    int64_t seed;               /* --seed, -1 when not given */
    bool relabel;               /* --relabel */
    gmrt_load_options load;     /* --from ... --no-self-loops; the program may
                                   add its own settings before gmrt_cli_load */
    int64_t *labels;            /* after gmrt_cli_load with --relabel: node v's label */
    int64_t nodes, edges;       /* the loaded graph's counts */
    double load_ms;
    double *times;              /* gmrt_cli_time(), in call order */
    int64_t n_times;
    char *json_values;          /* the "outputs" members so far */
    size_t json_len, json_cap;
    bool json_has_return;
    double json_return;         /* when numeric */
    char json_return_text[32];
    bool json_transfer;
    double transfer_ms, transfer_mb;
    bool failed;                /* out of memory while recording */
    gmrt_device_need device_need;   /* a device program's, set before gmrt_cli_load */
    gmrt_device_query device_query; /* NULL: no device memory check */
    bool device_warned;             /* the free-memory warning was given */
} gmrt_cli_run;

/* Reads argv into run (cleared first) and the program's own options.
 * Returns -1 when the program goes on, else the status to exit with
 * (0 after --help; 2 after a usage error; 1 when a file is missing), after
 * the message.  usage_args is what follows "usage: PROG GRAPH" in the
 * usage line (the program's own options), or NULL. */
int gmrt_cli_parse(gmrt_cli_run *run, const gmrt_cli_opt *opts, size_t n_opts, const char *usage_args,
                   int argc, char **argv);

/* Loads run->graph with run->load (a progress line on stderr when it is a
 * terminal), relabels it under --relabel (run->labels), warns when most ids
 * are unused without it, records the counts and load_ms (printed at once in
 * plain output).  With run->device_query, refuses a graph that cannot fit
 * the device (above: "GPU memory"), before the load where its counts are
 * known early.  NULL after a message: exit 1. */
gm_graph *gmrt_cli_load(gmrt_cli_run *run);

/* A node option's value: an id in [0, n), or a label under --relabel.
 * Returns -1 with *v set, else the exit status after a message (1: the
 * graph has no nodes, 2: not a node). */
int gmrt_cli_node(const gmrt_cli_run *run, const gm_graph *g, const char *name, const char *text, gm_node_t *v);

/* Value parsers with the messages of the program (false after one). */
bool gmrt_cli_int(const char *prog, const char *name, const char *text, int64_t lo, int64_t hi, int64_t *v);
bool gmrt_cli_float(const char *prog, const char *name, const char *text, double *v);
bool gmrt_cli_bool(const char *prog, const char *name, const char *text, bool *v);
/* --random-NAME=LO:HI: finite, LO <= HI. */
bool gmrt_cli_range(const char *prog, const char *name, const char *text, double *lo, double *hi);
/* Whether path can be read (stat, so that a FIFO is read once, later). */
bool gmrt_cli_readable(const char *prog, const char *path);

/* gmgraph convert's load flags, shared with gmgraph: name without "--"
 * ("one-based", "symmetrize", "dedup", "no-self-loops", "no-weights");
 * true when it was one of them (and opt updated). */
bool gmrt_cli_load_flag(const char *name, gmrt_load_options *opt);
/* --from FORMAT: false after "PREFIX: --from 'X': expected ..." */
bool gmrt_cli_format(const char *prefix, const char *text, gmrt_format *f);

/* A progress line drawn on stderr while it is a terminal ({NULL, NULL}
 * otherwise); gmrt_cli_progress_done() clears it. */
gmrt_progress gmrt_cli_progress(const char *what);
void gmrt_cli_progress_done(gmrt_progress *p);

/* Reporting.  Plain output prints each at once; --json collects them. */
void gmrt_cli_time(gmrt_cli_run *run, double ms);        /* one repeat */
void gmrt_cli_times_done(gmrt_cli_run *run);             /* "time_ms = fastest" */
void gmrt_cli_transfer(gmrt_cli_run *run, double ms, double mb); /* device copies */
/* name "return" is the procedure's return value. */
void gmrt_cli_value_i64(gmrt_cli_run *run, const char *name, int64_t v);
void gmrt_cli_value_f64(gmrt_cli_run *run, const char *name, double v);
void gmrt_cli_value_node(gmrt_cli_run *run, const char *name, int64_t v); /* label under --relabel */

/* Output files, DIR/NAME.txt in --out-format; each appears whole or not at
 * all (gmrt_file.h).  Node-keyed rows (node props) print the node's label
 * under --relabel; edge-keyed ones the edge index. */
typedef struct gmrt_cli_out {
    const gmrt_cli_run *run;
    gmrt_file file;
    FILE *f;
    const char *name;
    bool edge_keyed;
    int64_t items; /* in the current row */
} gmrt_cli_out;

/* Creates DIR (and its parents) now: false (exit 1) after a message. */
bool gmrt_cli_out_dir(const gmrt_cli_run *run);
bool gmrt_cli_out_open(gmrt_cli_out *o, const gmrt_cli_run *run, const char *name, bool edge_keyed);
void gmrt_cli_out_row(gmrt_cli_out *o, int64_t i);       /* starts node (edge) i's row */
void gmrt_cli_out_node(gmrt_cli_out *o, int64_t node);   /* a collection member */
void gmrt_cli_out_end_row(gmrt_cli_out *o);
bool gmrt_cli_out_close(gmrt_cli_out *o);                /* false after a message */

/* A whole property: n values of type t (GMRT_T_NODE values are written as
 * labels under --relabel, NIL as -1). */
bool gmrt_cli_write(const gmrt_cli_run *run, const char *name, gmrt_type t, const void *v, int64_t n,
                    bool edge_keyed);

/* DIR/labels.txt under --relabel: line i is node i's label (any format). */
bool gmrt_cli_write_labels(const gmrt_cli_run *run);

/* Ends the run: with --json prints the object
 *   {"graph": {"nodes": N, "edges": M}, "load_ms": T,
 *    "time_ms": {"runs": [...], "min": T, "median": T, "max": T},
 *    "return": V, "outputs": {"NAME": V, ...}}
 * ("return" only for a procedure with a return value, "transfer_ms" and
 * "transfer_mb" for a device program); checks that stdout was written,
 * frees run's memory; returns the status to exit with (status, or 1). */
int gmrt_cli_finish(gmrt_cli_run *run, int status);

#ifdef __cplusplus
}
#endif

#endif
