/* hubs.cu (libgmrt-cuda): the buffers of the hub-row split of TWC pulls
 * (gmcu_launch_pull). Contract: gmcu_balance.h. */
#include "gmcu_balance.h"
#include "gmcu_device.h"
#include "gmcu_graph.h"

#include <stdlib.h>
#include <string.h>

/* The rows that go to the whole grid. A BFS level or a frontier holds
 * nodes found together, and near a Kronecker graph's root those are the
 * big rows: every row of a block's worth of edges goes (bc_one kron20 from
 * node 2: 1.9 ms; 3.6 with 4,096), and in a launch of fewer blocks than the
 * GPU has multiprocessors every row of a warp's worth (its few warps would
 * walk them one after another). A sweep over all the nodes in id order
 * spreads its big rows over many blocks: only the rows of 4,096 edges or
 * more go (PageRank kron22, 20 iterations: 23.1 ms against 24.6 with 256),
 * the others cost the mark and the walk more than their block saves.
 * GMCU_HUB_MIN_SMALL, GMCU_HUB_MIN and GMCU_HUB_MIN_SWEEP set the three (at
 * least 32: keeps the chunk list small); GMCU_HUBS=0 turns the split off,
 * GMCU_HUBS=all uses it on graphs without hubs too (for tests). */
typedef struct hub_policy {
    gm_edge_t small, frontier, sweep; /* 0: off */
    bool every_graph;
} hub_policy;

static gm_edge_t env_min(const char *name, gm_edge_t dflt)
{
    const char *env = getenv(name);
    if (!env || atol(env) < 1)
        return dflt;
    return (gm_edge_t)atol(env) < 32 ? 32 : (gm_edge_t)atol(env);
}

static const hub_policy *policy(void)
{
    static hub_policy p;
    static bool ready;
    if (!ready) {
        const char *mode = getenv("GMCU_HUBS");
        p.small = env_min("GMCU_HUB_MIN_SMALL", 32);
        p.frontier = env_min("GMCU_HUB_MIN", GMCU_BLOCK);
        p.sweep = env_min("GMCU_HUB_MIN_SWEEP", 4096);
        if (mode && strcmp(mode, "0") == 0)
            p.small = p.frontier = p.sweep = 0;
        p.every_graph = mode && strcmp(mode, "all") == 0;
        ready = true;
    }
    return &p;
}

/* Kept across calls and grown: one pull's three launches finish before the
 * next pull's first one starts (the default stream). `marked`: the key of
 * the MARK whose chunks the buffers hold (0: none known). */
static struct {
    gmcu_chunk *chunks;
    size_t chunks_cap;
    void *part;
    size_t part_cap;
    unsigned long long *count;
    unsigned long long marked;
} buf;

gmcu_hubs gmcu_hubs_for(gm_graph *G, bool in_edges, size_t elem, int scope, int64_t nodes)
{
    gmcu_hubs h = {GMCU_HUBS_MAIN, 0, NULL, NULL, NULL, 0};
    const hub_policy *p = policy();
    const bool sweep = scope != GMCU_PULL_FRONTIER;
    const bool small = !sweep && nodes <= (int64_t)gmcu_info()->sms * GMCU_BLOCK;
    const gm_edge_t min_deg = sweep ? p->sweep : small ? p->small : p->frontier;
    if (min_deg == 0 || G->num_nodes == 0 || (!p->every_graph && !gmcu_skewed(G, in_edges)))
        return h;
    /* a hub row has at least min_deg edges and at most one chunk not full;
     * there are at most `nodes` of them */
    size_t rows = (size_t)(G->num_edges / min_deg);
    if (nodes >= 0 && (size_t)nodes < rows)
        rows = (size_t)nodes;
    const size_t chunks = (size_t)(G->num_edges / GMCU_HUB_CHUNK) + rows + 1;
    const void *had_chunks = buf.chunks, *had_part = buf.part;
    gmcu_grow((void **)&buf.chunks, &buf.chunks_cap, chunks * sizeof(gmcu_chunk));
    gmcu_grow(&buf.part, &buf.part_cap, (size_t)G->num_nodes * elem);
    if (!buf.count)
        buf.count = (unsigned long long *)gmcu_malloc(sizeof *buf.count, "hub chunk count");
    if (buf.chunks != had_chunks || buf.part != had_part)
        buf.marked = 0; /* new buffers: nothing marked in them */
    h.min_deg = min_deg;
    h.chunks = buf.chunks;
    h.count = buf.count;
    h.part = buf.part;
    if (scope == GMCU_PULL_SWEEP_ALL) { /* the rows: the graph's, this direction's, this threshold's */
        unsigned long long k = gmcu_graph_epoch() * 0x9e3779b97f4a7c15ULL;
        k = (k ^ (unsigned long long)min_deg) * 0xbf58476d1ce4e5b9ULL;
        k = (k ^ (in_edges ? 1ULL : 2ULL)) * 0x94d049bb133111ebULL;
        h.rows = k ? k : 1;
    }
    return h;
}

bool gmcu_hubs_marked(unsigned long long key)
{
    static int remark = -1;
    if (remark < 0) {
        const char *env = getenv("GMCU_HUB_REMARK");
        remark = env && *env && *env != '0';
    }
    if (key && !remark && key == buf.marked)
        return true;
    buf.marked = key;
    return false;
}

bool gmcu_hubs_on(void)
{
    return policy()->sweep > 0;
}

unsigned gmcu_hubs_grid(void)
{
    const gmcu_device_info *info = gmcu_info();
    return (unsigned)(info->sms > 0 ? 8 * info->sms : 8);
}
