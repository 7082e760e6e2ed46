/* rt_test.h: helpers shared by the libgmrt CUnit tests: a private temporary
 * directory, writing files, building small graphs, and running a suite. */
#ifndef RT_TEST_H
#define RT_TEST_H

#include "gmrt.h"

#include <CUnit/CUnit.h>

/* A fresh directory for this test program, removed at exit. */
const char *rt_tmpdir(void);
/* rt_tmpdir()/name, in one of a few rotating static buffers. */
const char *rt_path(const char *name);
/* Writes len bytes (or strlen(data) when len is (size_t)-1) to path. */
void rt_write(const char *path, const void *data, size_t len);
/* Writes text to rt_path(name) and loads it with opt. */
gm_graph *rt_load_text(const char *name, const char *text, const gmrt_load_options *opt, gmrt_error *err);
/* A graph of n nodes from pairs {u0, v0, u1, v1, ...}, no options. */
gm_graph *rt_graph(gm_node_t n, size_t m, const gm_node_t *pairs, const double *w);
/* A random multigraph with self-loops, parallel edges, isolated nodes at
 * the end, and (when weighted) integer or real weights. */
gm_graph *rt_random_graph(gm_node_t n, size_t m, uint64_t seed, bool weighted, bool integral);

/* Does haystack contain needle?  Prints both on failure. */
bool rt_contains(const char *haystack, const char *needle);
#define RT_ASSERT_MSG(err, needle) CU_ASSERT(rt_contains((err).message, (needle)))

/* Sends stdout and stderr to a file until rt_capture_end, which flushes,
 * restores them and reads what was written into buf (NUL-terminated). */
typedef struct rt_capture {
    int out, err;
    const char *path;
} rt_capture;
rt_capture rt_capture_begin(void);
void rt_capture_end(rt_capture c, char *buf, size_t size);

/* Registers the tests under one suite, runs them, returns the exit code. */
int rt_run(const char *suite, const CU_TestInfo *tests);

#endif
