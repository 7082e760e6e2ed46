/* mem_limit.c: refusing a graph before allocating for it, when it cannot
 * fit or when the file cannot justify its size.
 *
 * A text format names its node count only through its largest id (or a
 * header), so a 13-byte edge list "0 2000000000" asks for two billion rows.
 * gmrt_check_sparse_ids() refuses a large node count of which almost every
 * node is isolated (the ids are labels, or the header is wrong), even on a
 * machine that could hold it: 32 GB of empty rows is never what was meant,
 * and relabelling (or GMRT_ALLOW_SPARSE=1) says what is.
 * gmrt_check_graph_memory() estimates the CSR's size and compares it with
 * the machine's physical memory and the address-space limit (ulimit -v).
 * Both refuse with a message that names the largest id and suggests
 * relabelling, rather than swapping, being killed, or failing deep inside
 * the build. */
#include "io_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

/* Below this many nodes (about 270 MB of row offsets while building) any
 * count is accepted; above it, at least one node in 32 must have an edge. */
#define SPARSE_MIN_NODES ((int64_t)1 << 24)
#define SPARSE_MAX_RATIO 32

/* "the largest node id is X" or "the file declares N nodes", for messages. */
static void describe_count(char *buf, size_t size, int64_t n, int64_t max_id, int base)
{
    if (max_id + 1 == n)
        snprintf(buf, size, "the largest node id is %" PRId64, max_id + base);
    else if (max_id < 0)
        snprintf(buf, size, "the file declares %" PRId64 " nodes and has no edge", n);
    else
        snprintf(buf, size, "the file declares %" PRId64 " nodes (its largest node id is %" PRId64 ")", n,
                 max_id + base);
}

bool gmrt_sparse_allowed(const gmrt_load_options *opt)
{
    if (opt && opt->allow_sparse)
        return true;
    const char *env = getenv("GMRT_ALLOW_SPARSE");
    return env && env[0] && strcmp(env, "0") != 0;
}

static const char *relabel_hint(const gmrt_load_options *opt)
{
    return opt && opt->relabel_hint ? opt->relabel_hint : "--relabel";
}

bool gmrt_check_sparse_ids(int64_t n, int64_t m, int64_t max_id, const char *name, const gmrt_load_options *opt,
                           gmrt_error *err)
{
    /* each edge gives at most two nodes an edge */
    if (n <= SPARSE_MIN_NODES || n / SPARSE_MAX_RATIO <= 2 * m || gmrt_sparse_allowed(opt))
        return true;
    char what[160], touch[96] = "";
    describe_count(what, sizeof what, n, max_id, opt ? opt->index_base : 0);
    if (m > 0)
        snprintf(touch, sizeof touch, ", but its %" PRId64 " edge%s at most %" PRId64 " nodes", m,
                 m == 1 ? " touches" : "s touch", 2 * m);
    gmrt_error_set(err, GMRT_E_RANGE,
                   "%s: %s%s: loading it as it is needs %" PRId64 " nodes (about %.1f GB), nearly all isolated; "
                   "if the ids are labels, relabel them to 0..N-1 (%s); to load it as it is, set "
                   "GMRT_ALLOW_SPARSE=1",
                   name, what, touch, n, (double)(n + 1) * 2.0 * sizeof(gm_edge_t) / 1e9, relabel_hint(opt));
    return false;
}

uint64_t gmrt_memory_limit(void)
{
    uint64_t limit = UINT64_MAX;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0)
        limit = (uint64_t)pages * (uint64_t)page;
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && (uint64_t)rl.rlim_cur < limit)
        limit = (uint64_t)rl.rlim_cur;
    return limit;
}

bool gmrt_check_graph_memory(int64_t n, int64_t m, bool weighted, int64_t max_id, const char *name,
                             const gmrt_load_options *opt, gmrt_error *err)
{
    /* the build holds the row offsets and a cursor per row, and the edges
     * twice (the collected list and the CSR) */
    double per_edge = 2.0 * (sizeof(gm_node_t) + (weighted ? sizeof(double) : 0));
    double need = (double)(n + 1) * 2.0 * sizeof(gm_edge_t) + (double)m * per_edge;
    uint64_t limit = gmrt_memory_limit();
    if (need <= (double)limit)
        return true;
    char what[160];
    describe_count(what, sizeof what, n, max_id, opt ? opt->index_base : 0);
    gmrt_error_set(err, GMRT_E_NOMEM,
                   "%s: %s, so the graph needs %" PRId64 " nodes and about %.1f GB, "
                   "more than the %.1f GB of memory available (physical memory or ulimit -v); if the ids are sparse, "
                   "relabel them to 0..N-1 (%s)",
                   name, what, n, need / 1e9, (double)limit / 1e9, relabel_hint(opt));
    return false;
}
