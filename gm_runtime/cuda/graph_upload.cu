/* graph_upload.cu (libgmrt-cuda): the device copy of the graph (one per
 * process, kept between calls) and the degree-skew statistic.
 * Declarations and contracts: gmcu_graph.h. */
#include "gmcu_device.h"
#include "gmcu_graph.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gmcu_graph_cache graph_cache;
static unsigned long long graph_epoch = 1;

gmcu_graph_cache *gmcu_graph_cache_get(void)
{
    return &graph_cache;
}

bool gmcu_graph_cached(const gm_graph *G)
{
    return G && G->serial != 0 && graph_cache.host == G && graph_cache.serial == G->serial;
}

unsigned long long gmcu_graph_epoch(void)
{
    return graph_epoch;
}

/* The device graph changed (gmcu_graph.h: gmcu_graph_epoch). */
void gmcu_graph_changed(void)
{
    graph_epoch++;
}

void *gmcu_upload(const void *src, size_t bytes, const char *what)
{
    void *d = gmcu_malloc(bytes, what);
    if (bytes)
        gmcu_copy_counted(d, src, bytes, cudaMemcpyHostToDevice);
    return d;
}

void gmcu_graph_release(void)
{
    gmcu_graph_cache *c = gmcu_graph_cache_get();
    if (!c->host)
        return;
    /* reverse rows that are the forward ones (a symmetric graph) go once */
    gmcu_free(c->shadow.r_begin == c->shadow.begin ? NULL : c->shadow.r_begin);
    gmcu_free(c->shadow.r_node_idx == c->shadow.node_idx ? NULL : c->shadow.r_node_idx);
    gmcu_free(c->shadow.begin);
    gmcu_free(c->shadow.node_idx);
    gmcu_free(c->shadow.r_edge_idx);
    gmcu_free(c->shadow.edge_src);
    gmcu_free(c->shadow.gather_pos);
    gmcu_free(c->shadow.gather_idx == c->shadow.node_idx ? NULL : c->shadow.gather_idx);
    gmcu_free(c->shadow.r_gather_pos);
    gmcu_free(c->shadow.r_gather_idx == c->shadow.r_node_idx ? NULL : c->shadow.r_gather_idx);
    gmcu_free(c->dev);
    memset(c, 0, sizeof *c);
    gmcu_graph_changed();
}

[[noreturn]] static void out_of_memory(void)
{
    gmrt_fatal("out of memory: uploading the graph");
}

/* The first index in idx[lo, hi) (sorted ascending) holding a value >= key. */
__device__ static gm_edge_t gmcu_lower_bound(const gm_node_t *idx, gm_edge_t lo, gm_edge_t hi, gm_node_t key)
{
    while (lo < hi) {
        const gm_edge_t mid = lo + (hi - lo) / 2;
        if (idx[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The reverse edge map from the rows: reverse edge i of row v from source
 * u is u's forward edge to v, the k-th of u's parallel edges to v when it
 * is the k-th u of v's row (rows in forward edge order, gmrt_graph.h), so
 * begin[u] + (u's first edge to v) + k, found by a binary search in u's
 * sorted row.  A forward row out of order (the search lands on another
 * destination) sets *bad: the host's map is used then. */
__global__ static void reverse_map_kernel(const gm_edge_t *begin, const gm_node_t *node_idx, const gm_edge_t *r_begin,
                                          const gm_node_t *r_node_idx, int64_t n, int64_t m, gm_edge_t *r_edge_idx,
                                          int *bad)
{
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (int64_t)gridDim.x * blockDim.x) {
        int64_t lo = 0, hi = n; /* v: the last row starting at or before i */
        while (hi - lo > 1) {
            const int64_t mid = lo + (hi - lo) / 2;
            if ((int64_t)r_begin[mid] <= i)
                lo = mid;
            else
                hi = mid;
        }
        const gm_node_t v = (gm_node_t)lo, u = r_node_idx[i];
        int64_t k = 0;
        while (i - k > (int64_t)r_begin[v] && r_node_idx[i - k - 1] == u)
            k++;
        const gm_edge_t e = gmcu_lower_bound(node_idx, begin[u], begin[u + 1], v) + (gm_edge_t)k;
        if (e >= begin[u + 1] || node_idx[e] != v)
            *bad = 1;
        r_edge_idx[i] = e;
    }
}

static gm_edge_t *reverse_map_on_device(gm_graph *G, const gm_edge_t *d_begin, const gm_node_t *d_node_idx,
                                        const gm_edge_t *d_r_begin, const gm_node_t *d_r_node_idx)
{
    const size_t bytes = (size_t)G->num_edges * sizeof(gm_edge_t);
    gm_edge_t *d = (gm_edge_t *)gmcu_malloc(bytes, "the reverse edge map");
    int *bad = (int *)gmcu_malloc(sizeof(int), "a flag");
    GMCU_CHECK(cudaMemset(bad, 0, sizeof(int)));
    if (G->num_edges > 0) {
        reverse_map_kernel<<<gmcu_blocks(G->num_edges), GMCU_BLOCK>>>(d_begin, d_node_idx, d_r_begin, d_r_node_idx,
                                                                       (int64_t)G->num_nodes, (int64_t)G->num_edges,
                                                                       d, bad);
        GMCU_LAUNCHED("the reverse edge map");
    }
    int h = 0;
    GMCU_CHECK(cudaMemcpy(&h, bad, sizeof h, cudaMemcpyDeviceToHost));
    gmcu_free(bad);
    if (h) { /* rows out of order: the host's map (the same rows) */
        if (!gmrt_graph_make_reverse(G))
            out_of_memory();
        gmcu_copy_counted(d, G->r_edge_idx, bytes, cudaMemcpyHostToDevice);
    }
    return d;
}

/* Each forward edge's source: the last row starting at or before it (the
 * one holding it; empty rows start there too), one thread an edge so that
 * hubs cost no more than other rows. */
__global__ static void edge_src_kernel(const gm_edge_t *begin, int64_t n, int64_t m, gm_node_t *src)
{
    for (int64_t e = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; e < m; e += (int64_t)gridDim.x * blockDim.x) {
        int64_t lo = 0, hi = n;
        while (hi - lo > 1) {
            const int64_t mid = lo + (hi - lo) / 2;
            if ((int64_t)begin[mid] <= e)
                lo = mid;
            else
                hi = mid;
        }
        src[e] = (gm_node_t)lo;
    }
}

static gm_node_t *edge_src_on_device(const gm_graph *G, const gm_edge_t *d_begin)
{
    gm_node_t *d = (gm_node_t *)gmcu_malloc((size_t)G->num_edges * sizeof(gm_node_t), "the edge sources");
    if (G->num_edges > 0) {
        edge_src_kernel<<<gmcu_blocks(G->num_edges), GMCU_BLOCK>>>(d_begin, (int64_t)G->num_nodes,
                                                                   (int64_t)G->num_edges, d);
        GMCU_LAUNCHED("the edge sources");
    }
    return d;
}

/* Whether the device's reverse rows may be the forward arrays: G's in-rows
 * equal its out-rows element for element. A symmetric G has that (each
 * in-row and out-row holds the same ends with the same repeats, both
 * sorted); gmrt_graph_is_symmetric settles it for a graph not known
 * symmetric (a search an undirected pair, no memory; building the host
 * reverse rows to compare them took 150 s a rank of kron28 at P = 2), and
 * the alias rests on that. The upper copy of a clique graph holds each edge
 * once: never. */
static bool reverse_is_forward(gm_graph *G)
{
    const char *env = getenv("GMCU_REVERSE_ALIAS");
    if ((env && strcmp(env, "0") == 0) || G->upper)
        return false;
    if (G->symmetric == 0) /* the searches, or the rows compared when the host has the reverse ones */
        (void)gmrt_graph_is_symmetric(G);
    return G->symmetric > 0;
}

static double mb(size_t bytes) { return (double)bytes / 1e6; }

/* GMCU_STATS=1: the device graph's arrays and their bytes, on stderr. */
static void report_graph(const gmcu_graph_cache *c)
{
    const char *st = getenv("GMCU_STATS");
    if (!st || !*st || strcmp(st, "0") == 0)
        return;
    const gm_graph *sh = &c->shadow;
    const size_t nb = ((size_t)sh->num_nodes + 1) * sizeof(gm_edge_t), eb = (size_t)sh->num_edges * sizeof(gm_node_t);
    const size_t mapb = (size_t)sh->num_edges * sizeof(gm_edge_t);
    const bool alias = sh->r_begin && sh->r_begin == sh->begin;
    size_t total = nb + eb;
    char rev[64], map[32], src[32];
    if (!sh->r_begin)
        snprintf(rev, sizeof rev, "none");
    else if (alias)
        snprintf(rev, sizeof rev, "the forward rows (symmetric)");
    else
        snprintf(rev, sizeof rev, "%.1f MB", mb(nb + eb)), total += nb + eb;
    if (sh->r_edge_idx)
        snprintf(map, sizeof map, "%.1f MB", mb(mapb)), total += mapb;
    else
        snprintf(map, sizeof map, "none");
    if (sh->edge_src)
        snprintf(src, sizeof src, "%.1f MB", mb(eb)), total += eb;
    else
        snprintf(src, sizeof src, "none");
    size_t free_b = 0, all_b = 0;
    GMCU_CHECK(cudaMemGetInfo(&free_b, &all_b));
    fprintf(stderr,
            "gmcu: device graph: %lld nodes, %lld edges: forward rows %.1f MB, reverse rows %s, reverse edge map %s, "
            "edge sources %s; %.1f MB in all; device memory in use %.1f of %.1f MB\n",
            (long long)sh->num_nodes, (long long)sh->num_edges, mb(nb + eb), rev, map, src, mb(total),
            mb(all_b - free_b), mb(all_b));
}

const gm_graph *gmcu_graph(gm_graph *G, unsigned what)
{
    gmcu_init();
    gmcu_graph_cache *c = gmcu_graph_cache_get();
    const uint64_t serial = gmrt_graph_serial(G);
    if (c->host && (c->host != G || c->serial != serial || c->num_nodes != G->num_nodes ||
                    c->num_edges != G->num_edges))
        gmcu_graph_release();
    const bool map = (what & GMCU_GRAPH_REVERSE_MAP) != 0;
    const bool reverse = map || (what & GMCU_GRAPH_REVERSE) != 0;
    const bool edge_src = (what & GMCU_GRAPH_EDGE_SRC) != 0;
    size_t nb = ((size_t)G->num_nodes + 1) * sizeof(gm_edge_t);
    size_t eb = (size_t)G->num_edges * sizeof(gm_node_t);
    bool changed = false;
    if (!c->host) {
        c->host = G;
        c->serial = serial;
        c->num_nodes = G->num_nodes;
        c->num_edges = G->num_edges;
        c->shadow.num_nodes = G->num_nodes;
        c->shadow.num_edges = G->num_edges;
        c->shadow.begin = (gm_edge_t *)gmcu_upload(G->begin, nb, "the graph's offsets");
        c->shadow.node_idx = (gm_node_t *)gmcu_upload(G->node_idx, eb, "the graph's edges");
        c->shadow.gather_idx = c->shadow.node_idx; /* id order until gmcu_gather_order */
        c->dev = (gm_graph *)gmcu_malloc(sizeof(gm_graph), "the graph");
        changed = true;
    }
    if (c->shadow.symmetric != G->symmetric) { /* a UGraph's NumEdges() in kernels */
        c->shadow.symmetric = G->symmetric;
        c->shadow.num_undirected_edges = G->num_undirected_edges;
        changed = true;
    }
    if (reverse && !c->shadow.r_begin) {
        if (reverse_is_forward(G)) { /* the same rows: no second copy */
            c->shadow.r_begin = c->shadow.begin;
            c->shadow.r_node_idx = c->shadow.node_idx;
        } else {
            /* the host builds the rows (or has them), the device the map
             * when asked and the host has none: host memory then holds no
             * 8-byte-an-edge map */
            if (!gmrt_graph_make_reverse_nodes(G))
                out_of_memory();
            c->shadow.r_begin = (gm_edge_t *)gmcu_upload(G->r_begin, nb, "the reverse offsets");
            c->shadow.r_node_idx = (gm_node_t *)gmcu_upload(G->r_node_idx, eb, "the reverse edges");
        }
        c->shadow.r_gather_idx = c->shadow.r_node_idx;
        c->shadow.symmetric = G->symmetric; /* the check may have settled it */
        c->shadow.num_undirected_edges = G->num_undirected_edges;
        changed = true;
    }
    if (map && !c->shadow.r_edge_idx) {
        if (G->r_edge_idx)
            c->shadow.r_edge_idx = (gm_edge_t *)gmcu_upload(
                G->r_edge_idx, (size_t)G->num_edges * sizeof(gm_edge_t), "the reverse edge map");
        else
            c->shadow.r_edge_idx = reverse_map_on_device(G, c->shadow.begin, c->shadow.node_idx, c->shadow.r_begin,
                                                         c->shadow.r_node_idx);
        changed = true;
    }
    if (edge_src && !c->shadow.edge_src && !G->edge_src) { /* made on the device: none on the host */
        c->shadow.edge_src = edge_src_on_device(G, c->shadow.begin);
        changed = true;
    }
    if (edge_src && !c->shadow.edge_src) {
        c->shadow.edge_src = (gm_node_t *)gmcu_upload(G->edge_src, eb, "the edge sources");
        changed = true;
    }
    if (changed) {
        GMCU_CHECK(cudaMemcpy(c->dev, &c->shadow, sizeof(gm_graph), cudaMemcpyHostToDevice));
        gmcu_graph_changed();
        report_graph(c);
    }
    return c->dev;
}

void gmcu_graph_need(gmrt_device_need *need, unsigned what)
{
    /* a lower bound: the reverse rows cost nothing where G is symmetric
     * (the forward arrays serve, gmcu_graph), which the counts alone do
     * not tell */
    need->per_node += sizeof(gm_edge_t); /* begin: n + 1 */
    need->fixed += sizeof(gm_edge_t) + sizeof(gm_graph);
    need->per_edge += sizeof(gm_node_t); /* node_idx */
    if (what & GMCU_GRAPH_REVERSE_MAP)
        need->per_edge += sizeof(gm_edge_t); /* r_edge_idx */
    if (what & GMCU_GRAPH_EDGE_SRC)
        need->per_edge += sizeof(gm_node_t); /* edge_src */
}

/* The graph gmcu_skewed last saw (its serial), and its verdicts (out, in;
 * -1: not yet). */
static uint64_t skew_seen;
static int skew_verdict[2];

bool gmcu_skewed(gm_graph *G, bool in_edges)
{
    if (skew_seen != gmrt_graph_serial(G)) {
        skew_seen = G->serial;
        skew_verdict[0] = skew_verdict[1] = -1;
    }
    int *v = &skew_verdict[in_edges ? 1 : 0];
    if (*v < 0) {
        /* a symmetric graph's in-rows are its out-rows: no host rows for them */
        const bool in_rows = in_edges && !(G->symmetric > 0 && !G->upper);
        if (in_rows && !gmrt_graph_make_reverse_nodes(G)) /* the offsets only */
            out_of_memory();
        *v = gmrt_rows_skewed(in_rows ? G->r_begin : G->begin, G->num_nodes, G->num_edges);
    }
    return *v != 0;
}

/* The graph gmcu_scattered last saw (its serial), and its verdict (-1: not yet). */
static uint64_t scatter_seen;
static int scatter_verdict = -1;

bool gmcu_scattered(gm_graph *G)
{
    if (scatter_seen != gmrt_graph_serial(G)) {
        scatter_seen = G->serial;
        scatter_verdict = -1;
    }
    if (scatter_verdict < 0) {
        /* 4096 edges evenly spaced in the edge order, each edge's source by
         * a binary search of the row offsets */
        const int64_t m = G->num_edges, picks = m < 4096 ? m : 4096;
        double gap = 0;
        for (int64_t i = 0; i < picks; i++) {
            const gm_edge_t e = (gm_edge_t)(i * m / picks);
            gm_node_t lo = 0, hi = G->num_nodes - 1; /* the last row whose start is <= e */
            while (lo < hi) {
                const gm_node_t mid = lo + (hi - lo + 1) / 2;
                if (G->begin[mid] <= e)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            gap += fabs((double)G->node_idx[e] - (double)lo);
        }
        scatter_verdict = picks > 0 && gap / (double)picks > (double)G->num_nodes / 64.0;
    }
    return scatter_verdict != 0;
}

bool gmcu_few_rounds(gm_graph *G)
{
    const double mean = G->num_nodes ? (double)G->num_edges / G->num_nodes : 0;
    return mean > GMRT_FEW_ROUNDS_DEGREE || gmcu_skewed(G, false); /* gmrt_few_rounds's rule, cached */
}


/* cuts[s * (n + 1) + v] for every row v and boundary s (rows are sorted). */
__global__ static void gmcu_eb_cut_rows(const gm_graph *g, bool in_edges, bool gather, int nseg, int64_t seglen,
                                        gm_edge_t *cuts)
{
    const gm_edge_t *b = in_edges ? g->r_begin : g->begin;
    const gm_node_t *idx = in_edges ? (gather ? g->r_gather_idx : g->r_node_idx) : (gather ? g->gather_idx : g->node_idx);
    const int64_t n = g->num_nodes;
    for (int64_t v = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; v <= n; v += (int64_t)gridDim.x * blockDim.x) {
        if (v == n) { /* the padding column: empty rows */
            for (int s = 0; s <= nseg; s++)
                cuts[s * (n + 1) + n] = b[n];
            continue;
        }
        gm_edge_t lo = b[v];
        const gm_edge_t hi = b[v + 1];
        cuts[v] = lo;
        for (int s = 1; s < nseg; s++) {
            lo = gmcu_lower_bound(idx, lo, hi, (gm_node_t)(s * seglen));
            cuts[s * (n + 1) + v] = lo;
        }
        cuts[nseg * (n + 1) + v] = hi;
    }
}

/* The cuts gmcu_eb_cuts last built, and what for: the graph (its serial)
 * and its device arrays as they were (the epoch changes with every upload,
 * release and gather order, so it also tells which rows were cut). */
static struct {
    uint64_t serial;
    unsigned long long epoch;
    bool in_edges, gather;
    int nseg;
    int64_t seglen;
    gm_edge_t *cuts;
} eb_cuts;

static const gm_edge_t *eb_cuts_of(gm_graph *G, bool in_edges, bool gather, int nseg, int64_t seglen)
{
    const gm_graph *dg = gmcu_graph(G, in_edges ? GMCU_GRAPH_REVERSE : GMCU_GRAPH_FORWARD); /* current first */
    if (eb_cuts.cuts && eb_cuts.serial == G->serial && eb_cuts.epoch == gmcu_graph_epoch() &&
        eb_cuts.in_edges == in_edges && eb_cuts.gather == gather && eb_cuts.nseg == nseg && eb_cuts.seglen == seglen)
        return eb_cuts.cuts;
    gmcu_free(eb_cuts.cuts);
    const int64_t n = G->num_nodes;
    eb_cuts.cuts = (gm_edge_t *)gmcu_malloc((size_t)(nseg + 1) * (size_t)(n + 1) * sizeof(gm_edge_t),
                                            "edge-blocking segment cuts");
    gmcu_eb_cut_rows<<<gmcu_blocks(n + 1), GMCU_BLOCK>>>(dg, in_edges, gather, nseg, seglen, eb_cuts.cuts);
    GMCU_LAUNCHED("edge-blocking segment cuts");
    eb_cuts.serial = G->serial;
    eb_cuts.epoch = gmcu_graph_epoch();
    eb_cuts.in_edges = in_edges;
    eb_cuts.gather = gather;
    eb_cuts.nseg = nseg;
    eb_cuts.seglen = seglen;
    return eb_cuts.cuts;
}

const gm_edge_t *gmcu_eb_cuts(gm_graph *G, bool in_edges, int nseg, int64_t seglen)
{
    return eb_cuts_of(G, in_edges, false, nseg, seglen);
}

const gm_edge_t *gmcu_eb_cuts_gather(gm_graph *G, bool in_edges, int nseg, int64_t seglen)
{
    return eb_cuts_of(G, in_edges, true, nseg, seglen);
}
