/* mem_limit.c: refusing a graph that cannot fit before allocating for it.
 *
 * A text format names its node count only through its largest id (or a
 * header), so a 13-byte edge list "0 2000000000" asks for two billion rows.
 * gmrt_check_graph_memory() estimates the CSR's size and compares it with
 * the machine's physical memory and the address-space limit (ulimit -v),
 * and refuses with a message that names the largest id and suggests
 * relabelling, rather than swapping, being killed, or failing deep inside
 * the build. */
#include "io_internal.h"

#include <inttypes.h>
#include <sys/resource.h>
#include <unistd.h>

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

bool gmrt_check_graph_memory(int64_t n, int64_t m, bool weighted, const char *name, gmrt_error *err)
{
    /* the build holds the row offsets and a cursor per row, and the edges
     * twice (the collected list and the CSR) */
    double per_edge = 2.0 * (sizeof(gm_node_t) + (weighted ? sizeof(double) : 0));
    double need = (double)(n + 1) * 2.0 * sizeof(gm_edge_t) + (double)m * per_edge;
    uint64_t limit = gmrt_memory_limit();
    if (need <= (double)limit)
        return true;
    gmrt_error_set(err, GMRT_E_NOMEM,
                   "%s: the largest node id is %" PRId64 ", so the graph needs %" PRId64 " nodes and about %.1f GB, "
                   "more than the %.1f GB of memory available (physical memory or ulimit -v); if the ids are sparse, "
                   "relabel them to 0..N-1 (gmgraph convert --relabel)",
                   name, n - 1, n, need / 1e9, (double)limit / 1e9);
    return false;
}
