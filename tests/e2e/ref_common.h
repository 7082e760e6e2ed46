/* ref_common.h: what every reference program of the end-to-end tests shares:
 * the command line of a gmc-generated driver (GRAPH --NAME=VALUE ... --out=DIR),
 * graph loading through libgmrt, input properties, and writing results in the
 * driver's formats (NAME = VALUE lines on stdout, DIR/NAME.txt files).
 *
 * The references use libgmrt only to load the graph; every algorithm is
 * written out in the reference itself.  Any bad input prints a message on
 * stderr and exits with status 1 (2 for usage), like the generated driver. */
#ifndef REF_COMMON_H
#define REF_COMMON_H

#include <stdbool.h>
#include <stdint.h>

#include "gmrt_graph.h"

#define REF_INT_INF INT32_MAX
#define REF_MAX_OPTS 32

typedef struct ref_args {
    const char *prog;
    const char *graph_path;
    const char *out_dir; /* NULL: write no property files */
    int num_opts;
    const char *names[REF_MAX_OPTS];
    const char *values[REF_MAX_OPTS];
} ref_args;

/* Parses argv; exits 2 on a usage error.  --threads and --repeat are
 * accepted and ignored (the references are sequential). */
void ref_parse_args(int argc, char **argv, ref_args *args);

/* Loads args->graph_path with the reverse CSR built; exits 1 on failure. */
gm_graph *ref_load_graph(const ref_args *args);

/* The value of --NAME=..., or NULL. */
const char *ref_opt(const ref_args *args, const char *name);
/* Required scalar inputs; exit 1 when missing or malformed. */
int32_t ref_int_arg(const ref_args *args, const char *name);
double ref_double_arg(const ref_args *args, const char *name);
/* A node id in [0, num_nodes). */
gm_node_t ref_node_arg(const ref_args *args, const gm_graph *g, const char *name);

/* Input node properties read from --NAME=FILE (one value per line). */
int32_t *ref_node_int_input(const ref_args *args, const gm_graph *g, const char *name);
bool *ref_node_bool_input(const ref_args *args, const gm_graph *g, const char *name);
/* An Int edge property: the graph file's weight column when it has one,
 * otherwise --NAME=FILE.  Indexed in sorted forward edge order. */
int32_t *ref_edge_int_input(const ref_args *args, const gm_graph *g, const char *name);

/* Output properties as DIR/NAME.txt (nothing without --out). */
void ref_write_int(const ref_args *args, const char *name, const int32_t *v, int64_t n);
void ref_write_double(const ref_args *args, const char *name, const double *v, int64_t n);
void ref_write_bool(const ref_args *args, const char *name, const bool *v, int64_t n);
void ref_write_node(const ref_args *args, const char *name, const gm_node_t *v, int64_t n);
/* A Node_Set per node: line i holds the members of set i, ascending,
 * separated by one space (an empty line for an empty set).  members of
 * node i are members[start[i] .. start[i+1]-1], already sorted. */
void ref_write_node_sets(const ref_args *args, const char *name, const int64_t *start,
                         const gm_node_t *members, int64_t n);

/* "time_ms = 0" and the scalar result lines. */
void ref_print_time(void);
void ref_print_int(const char *name, int64_t v);
void ref_print_double(const char *name, double v);

/* malloc/calloc that exit 1 on failure. */
void *ref_alloc(size_t count, size_t size);
void *ref_zalloc(size_t count, size_t size);
void *ref_realloc(void *p, size_t count, size_t size);

/* A small deterministic random generator (splitmix64) for the randomized
 * apps, whose references only need some valid answer. */
typedef struct ref_rng {
    uint64_t state;
} ref_rng;
double ref_uniform(ref_rng *r);          /* [0, 1) */
int64_t ref_rand_below(ref_rng *r, int64_t n); /* [0, n) */

#endif
