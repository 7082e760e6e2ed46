/* check.h: `gmgraph check`, an answer checker for graphs named by a
 * generator spec (gmrt_gen.h) too big for one process to hold: the spec's
 * edges are drawn again as a stream (edge i depends only on the spec and
 * i, so any thread can draw any range), and each check keeps O(nodes)
 * arrays.  Only the draw is shared with the generator (it defines the
 * graph); the edits (symmetrize, no-self-loops) are applied here, per
 * edge, and nothing of the distributed runtime's partition or CSR code is
 * used, so a bug there cannot hide itself.
 *
 * check_stream.c: the stream over the threads; check_read.c: the answer
 * file; check_bfs.c, check_wcc.c, check_pagerank.c: the three checks;
 * cmd_check.c: the command line. */
#ifndef GMGRAPH_CHECK_H
#define GMGRAPH_CHECK_H

#include "gmrt.h"

#include <stdio.h>

/* What a check streams: the spec, its node count, the number of edges it
 * draws, the threads, and the progress line (fn may be NULL). */
typedef struct chk_stream {
    const gmrt_gen_spec *spec;
    int64_t nodes, drawn;
    bool sym, drop; /* the spec's symmetrize and no-self-loops */
    int threads;
    gmrt_progress progress;
    double cpu_s, wall_s; /* processor and wall seconds of the passes so far */
    int64_t passes;       /* full passes so far */
} chk_stream;

/* Node loops run on the threads from this many nodes on (below, the
 * threads' start costs more than the loop). */
#define CHK_PAR_NODES 65536

/* The directed edges drawn edge (u, v) gives: 0 (a grid slot without an
 * edge, u < 0, or a dropped self-loop), 1 (u -> v) or 2 (u -> v and v -> u,
 * symmetrized; a self-loop is never doubled).  The graph's definition,
 * written again here rather than taken from the CSR build. */
static inline int chk_copies(const chk_stream *s, gm_node_t u, gm_node_t v)
{
    if (u < 0)
        return 0;
    if (u == v)
        return s->drop ? 0 : 1;
    return s->sym ? 2 : 1;
}

/* One chunk of the draw: edges first .. first+count-1, drawn into src and
 * dst.  Called on many threads at once. */
typedef void (*chk_chunk_fn)(void *ctx, int64_t first, size_t count, const gm_node_t *src, const gm_node_t *dst);

/* Draws every edge of the spec once, in chunks spread over s->threads
 * threads, calling fn on each.  stop_at (may be NULL): a chunk starting
 * after *stop_at is skipped (a check that found a bad edge lowers it with
 * chk_lower: no later chunk can hold an earlier bad edge, so the smallest
 * bad index found is the first of the whole stream, whatever the threads).
 * phase names the pass on the progress line.  false when memory fails. */
bool chk_stream_run(chk_stream *s, const char *phase, chk_chunk_fn fn, void *ctx, const int64_t *stop_at);

/* *at = min(*at, i), atomically. */
static inline void chk_lower(int64_t *at, int64_t i)
{
    int64_t cur = __atomic_load_n(at, __ATOMIC_RELAXED);
    while (i < cur && !__atomic_compare_exchange_n(at, &cur, i, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

/* Drawn edge i alone (for messages). */
void chk_edge(const chk_stream *s, int64_t i, gm_node_t *u, gm_node_t *v);

/* size bytes for an array the edges index at random, on 2 MiB pages where
 * the kernel allows (madvise; an RMAT stream's accesses at 2^28 nodes
 * would otherwise miss the TLB on nearly every edge); not initialised.
 * Freed with free(); NULL when memory fails. */
void *chk_alloc(size_t size);

/* Reads the answer file (text, one value a line, or libgmrt's binary
 * property file) into values[0..n) as gmrt_prop_load does, with the same
 * verdict and messages, on threads when the file is large plain text
 * (check_read.c). */
bool chk_read_values(const char *path, gmrt_type t, void *values, int64_t n, int threads, gmrt_error *err);

/* Processor seconds of this process so far. */
double chk_cpu_seconds(void);

/* The checks: 0 when the answer is right (a summary on out), 1 with a
 * message on stderr when it is wrong or cannot be checked (memory).
 * The answer arrays hold s->nodes values, as read from the program's file. */
int chk_bfs(chk_stream *s, const int32_t *level, gm_node_t root, FILE *out);
int chk_wcc(chk_stream *s, const gm_node_t *label, FILE *out);

typedef struct chk_pagerank_opts {
    double d;         /* damping, as the run's --d */
    double e;         /* the run's --e; < 0 (with --iterations): never stop early */
    int64_t max_iter; /* the run's --max_iter (or --iterations) */
    double tol;       /* per-node relative tolerance */
} chk_pagerank_opts;
int chk_pagerank(chk_stream *s, const double *rank, const chk_pagerank_opts *o, FILE *out);

#endif
