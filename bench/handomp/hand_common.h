/* hand_common.h: the command line and I/O shared by the hand-written OpenMP
 * baselines in bench/handomp.  Each program takes the command line of a
 * gmc --main driver (GRAPH --NAME=VALUE ... [--out=DIR] [--threads=N]
 * [--repeat=K] [--seed=S]), times only the algorithm, reports the fastest of
 * K runs as "time_ms = T" and writes the same output files, so bench/run
 * and e2e_compare treat it exactly like generated code.  Bad input: a
 * message on stderr and exit status 1 (2 for usage). */
#ifndef HAND_COMMON_H
#define HAND_COMMON_H

#include <stdint.h>

#include "gmrt.h"

#define HAND_MAX_OPTS 16

typedef struct hand_args {
    const char *prog;
    const char *graph_path;
    const char *out_dir; /* NULL: no output files */
    int64_t repeat;
    int num_opts;
    const char *names[HAND_MAX_OPTS]; /* "NAME=VALUE": the name ends at '=' */
    const char *values[HAND_MAX_OPTS];
} hand_args;

/* Parses argv, applies --threads and --seed; exits 2 on a usage error. */
void hand_parse(int argc, char **argv, hand_args *a);
/* Loads the graph with its reverse CSR built (outside the timed region, as
 * the generated code's second and later calls find it). */
gm_graph *hand_load(const hand_args *a);

int32_t hand_int_arg(const hand_args *a, const char *name);
double hand_double_arg(const hand_args *a, const char *name);
gm_node_t hand_node_arg(const hand_args *a, const gm_graph *g, const char *name);
/* An Int edge input from the graph's weight column, or --NAME=FILE. */
int32_t *hand_edge_int_input(const hand_args *a, const gm_graph *g, const char *name);

/* Allocation that exits 1 on failure. */
void *hand_alloc(size_t count, size_t size);

/* The time line and the outputs, in the generated driver's formats. */
void hand_print_time(double best_ms);
void hand_write(const hand_args *a, const char *name, gmrt_type t, const void *v, int64_t n);

#endif
