/* ref_clock.c: times the plain-C references of tests/e2e for bench/run.
 *
 * The references print "time_ms = 0": they are correctness oracles, not
 * timed.  bench/run compiles ref_APP.c with its input calls renamed
 * (-Dref_load_graph=bench_ref_load_graph, ... see bench/run) to these
 * wrappers, which call the real functions of ref_common.c and restart a
 * clock after each, so that the clock covers the algorithm only, as in the
 * generated driver: not the load, not the reading of input files.  The
 * loaded graph is read through once so that its mapped pages are resident
 * (the generated code's timed repetition finds them so too).
 * ref_rand_below draws from the runtime's generator the way
 * gmrt_pick_random_node does on the master thread, so bc_sampled picks the
 * same sources as the generated code for the same seed and the results can
 * be compared exactly rather than only validated. */
#include <stdio.h>

#include "gmrt.h"
#include "ref_common.h"

static double t_start;

static void restart(void)
{
    t_start = gmrt_time_ms();
}

static void touch(const void *p, size_t bytes, volatile unsigned *sink)
{
    const unsigned char *c = p;
    unsigned s = 0;
    for (size_t i = 0; i < bytes; i += 4096)
        s += c[i];
    *sink += s;
}

gm_graph *bench_ref_load_graph(const ref_args *args);
gm_graph *bench_ref_load_graph(const ref_args *args)
{
    gm_graph *g = ref_load_graph(args);
    volatile unsigned sink = 0;
    size_t n1 = (size_t)g->num_nodes + 1, m = (size_t)g->num_edges;
    touch(g->begin, n1 * sizeof *g->begin, &sink);
    touch(g->node_idx, m * sizeof *g->node_idx, &sink);
    touch(g->r_begin, n1 * sizeof *g->r_begin, &sink);
    touch(g->r_node_idx, m * sizeof *g->r_node_idx, &sink);
    if (g->weights)
        touch(g->weights, m * sizeof *g->weights, &sink);
    restart();
    return g;
}

int32_t *bench_ref_edge_int_input(const ref_args *args, const gm_graph *g, const char *name);
int32_t *bench_ref_edge_int_input(const ref_args *args, const gm_graph *g, const char *name)
{
    int32_t *v = ref_edge_int_input(args, g, name);
    restart();
    return v;
}

int32_t *bench_ref_node_int_input(const ref_args *args, const gm_graph *g, const char *name);
int32_t *bench_ref_node_int_input(const ref_args *args, const gm_graph *g, const char *name)
{
    int32_t *v = ref_node_int_input(args, g, name);
    restart();
    return v;
}

bool *bench_ref_node_bool_input(const ref_args *args, const gm_graph *g, const char *name);
bool *bench_ref_node_bool_input(const ref_args *args, const gm_graph *g, const char *name)
{
    bool *v = ref_node_bool_input(args, g, name);
    restart();
    return v;
}

void bench_ref_print_time(void);
void bench_ref_print_time(void)
{
    printf("time_ms = %.3f\n", gmrt_time_ms() - t_start);
}

int64_t bench_ref_rand_below(ref_rng *r, int64_t n);
int64_t bench_ref_rand_below(ref_rng *r, int64_t n)
{
    (void)r;
    return gmrt_rand(gmrt_thread_rng(), n);
}
