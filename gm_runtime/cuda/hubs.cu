/* hubs.cu (libgmrt-cuda): the buffers of the hub-row split of TWC pulls
 * (gmcu_launch_pull). Contract: gmcu.h. */
#include "gmcu.h"

#include <stdlib.h>
#include <string.h>

/* The rows that go to the whole grid: a block's worth of edges or more,
 * the rows gmcu_twc_reduce would otherwise walk block by block. */
static gm_edge_t hub_min_deg(bool *every_graph)
{
    static gm_edge_t min_deg = -1;
    static bool all;
    if (min_deg < 0) {
        const char *mode = getenv("GMCU_HUBS"), *env = getenv("GMCU_HUB_MIN");
        min_deg = GMCU_BLOCK;
        if (env && atol(env) >= 1)
            min_deg = (gm_edge_t)atol(env) < 32 ? 32 : (gm_edge_t)atol(env); /* keeps the chunk list small */
        if (mode && strcmp(mode, "0") == 0)
            min_deg = 0;
        all = mode && strcmp(mode, "all") == 0; /* for tests: graphs without hubs too */
    }
    *every_graph = all;
    return min_deg;
}

/* Kept across calls and grown: one pull's three launches finish before the
 * next pull's first one starts (the default stream). */
static struct {
    gmcu_chunk *chunks;
    size_t chunks_cap;
    void *part;
    size_t part_cap;
    unsigned long long *count;
} buf;

gmcu_hubs gmcu_hubs_for(gm_graph *G, bool in_edges, size_t elem)
{
    gmcu_hubs h = {GMCU_HUBS_MAIN, 0, NULL, NULL, NULL};
    bool every_graph;
    const gm_edge_t min_deg = hub_min_deg(&every_graph);
    if (min_deg == 0 || G->num_nodes == 0 || (!every_graph && !gmcu_skewed(G, in_edges)))
        return h;
    /* a hub row has at least min_deg edges and at most one chunk not full */
    const size_t chunks = (size_t)(G->num_edges / GMCU_HUB_CHUNK) + (size_t)(G->num_edges / min_deg) + 1;
    gmcu_grow((void **)&buf.chunks, &buf.chunks_cap, chunks * sizeof(gmcu_chunk));
    gmcu_grow(&buf.part, &buf.part_cap, (size_t)G->num_nodes * elem);
    if (!buf.count)
        buf.count = (unsigned long long *)gmcu_malloc(sizeof *buf.count, "hub chunk count");
    h.min_deg = min_deg;
    h.chunks = buf.chunks;
    h.count = buf.count;
    h.part = buf.part;
    return h;
}

unsigned gmcu_hubs_grid(void)
{
    const gmcu_device_info *info = gmcu_info();
    return (unsigned)(info->sms > 0 ? 8 * info->sms : 8);
}
