/* gmd_part.c: the MPI-free core of the partitioning (gmd_part.h): policy
 * names, id translation, optional random relabelling, owner blocks balanced
 * on nodes + stored edges, the local CSR over owners then ghosts with global
 * degrees, and send lists derived from the peers' ghost tables.  Used by
 * gmd_graph.c (each rank its own part, send lists then exchanged) and by
 * `gmgraph partition` (every part in one process). */
#include "gmd.h"
#include "gmd_part.h"
#include "gmrt_io.h"
#include "gmrt_rng.h"

#include <stdlib.h>
#include <string.h>

const char *gmd_policy_name(gmd_policy p)
{
    switch (p) {
    case GMD_POLICY_BOTH: return "both";
    case GMD_POLICY_OUT: return "out";
    case GMD_POLICY_IN: return "in";
    }
    return "?";
}

int gmd_policy_parse(const char *name)
{
    if (!name)
        return -1;
    if (!strcmp(name, "both"))
        return GMD_POLICY_BOTH;
    if (!strcmp(name, "out"))
        return GMD_POLICY_OUT;
    if (!strcmp(name, "in"))
        return GMD_POLICY_IN;
    return -1;
}

void gmd_graph_free(gmd_graph *G)
{
    if (!G)
        return;
    if (G->gpu && G->gpu_free)
        G->gpu_free(G->gpu);
    gmrt_graph_free(G->local);
    free(G->block);
    free(G->ghost_gid);
    free(G->ghost_begin);
    if (G->send_idx)
        for (int p = 0; p < G->size; p++)
            free(G->send_idx[p]);
    free(G->send_idx);
    free(G->send_count);
    free(G->out_degree);
    free(G->in_degree);
    free(G->edge_gid);
    free(G->new_of_old);
    free(G->old_of_new);
    free(G);
}

int gmd_owner(const gmd_graph *G, int64_t gid)
{
    /* the last r with B[r] <= gid (empty blocks are skipped that way) */
    int lo = 0, hi = G->size; /* B[lo] <= gid < B[hi] */
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        if (G->block[mid] <= gid)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

int64_t gmd_global_id(const gmd_graph *G, gm_node_t local)
{
    if (local < G->num_owned)
        return G->block[G->rank] + local;
    return G->ghost_gid[local - G->num_owned];
}

/* First index i in a[0..n) with a[i] >= key. */
static size_t lower_bound64(const int64_t *a, size_t n, int64_t key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

gm_node_t gmd_local_id(const gmd_graph *G, int64_t gid)
{
    int64_t lo = G->block[G->rank], hi = G->block[G->rank + 1];
    if (gid >= lo && gid < hi)
        return (gm_node_t)(gid - lo);
    size_t i = lower_bound64(G->ghost_gid, (size_t)G->num_ghosts, gid);
    if (i < (size_t)G->num_ghosts && G->ghost_gid[i] == gid)
        return (gm_node_t)(G->num_owned + (gm_node_t)i);
    return GMRT_NIL_NODE;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* One local edge while the CSR is built: rows are sorted by destination,
 * parallel edges by weight then global edge index (deterministic). */
typedef struct ledge {
    gm_node_t dst;
    gm_edge_t egid;
    double w;
} ledge;

static int cmp_ledge(const void *a, const void *b)
{
    const ledge *x = a, *y = b;
    if (x->dst != y->dst)
        return (x->dst > y->dst) - (x->dst < y->dst);
    if (x->w != y->w)
        return (x->w > y->w) - (x->w < y->w);
    return (x->egid > y->egid) - (x->egid < y->egid);
}

/* Random permutation of [0, n) (Fisher-Yates from one seeded stream): the
 * same on every rank for the same seed. */
static bool make_relabelling(gmd_graph *G, gm_node_t n, uint64_t seed)
{
    G->new_of_old = malloc(((size_t)n + 1) * sizeof *G->new_of_old);
    G->old_of_new = malloc(((size_t)n + 1) * sizeof *G->old_of_new);
    if (!G->new_of_old || !G->old_of_new)
        return false;
    for (gm_node_t i = 0; i < n; i++)
        G->old_of_new[i] = i;
    gmrt_rng rng = gmrt_rng_make(seed ? seed : 0x6D64u, 0x72656C6162656Cull);
    for (gm_node_t i = n - 1; i > 0; i--) {
        gm_node_t j = (gm_node_t)gmrt_rand(&rng, (int64_t)i + 1);
        gm_node_t t = G->old_of_new[i];
        G->old_of_new[i] = G->old_of_new[j];
        G->old_of_new[j] = t;
    }
    for (gm_node_t i = 0; i < n; i++)
        G->new_of_old[G->old_of_new[i]] = i;
    return true;
}

/* B[]: contiguous blocks whose weights (1 + the edges each node stores)
 * are as even as a cut between nodes allows. */
static void make_blocks(gmd_graph *G, const gm_graph *g, const gm_edge_t *indeg)
{
    int P = G->size;
    gm_node_t n = g->num_nodes;
    bool out = G->policy != GMD_POLICY_IN, in = G->policy != GMD_POLICY_OUT;
    int64_t total = n + (out ? (int64_t)g->num_edges : 0) + (in ? (int64_t)g->num_edges : 0);
    int64_t acc = 0;
    gm_node_t k = 0;
    G->block[0] = 0;
    for (int r = 1; r < P; r++) {
        int64_t target = (int64_t)((__int128)total * r / P);
        while (k < n && acc < target) {
            gm_node_t o = G->old_of_new ? G->old_of_new[k] : k;
            acc += 1 + (out ? gmrt_out_degree(g, o) : 0) + (in ? indeg[o] : 0);
            k++;
        }
        G->block[r] = k;
    }
    G->block[P] = n;
}

/* The local part of the partition: everything but the send lists.
 * Communication-free, so a failure here is agreed on before any exchange. */
static bool build_local(gmd_graph *G, const gm_graph *g, gmrt_error *err)
{
    gm_node_t n = g->num_nodes;
    const gm_node_t *nw = G->new_of_old, *od = G->old_of_new;
#define NEW(x) (nw ? nw[x] : (x))
#define OLD(x) (od ? od[x] : (x))
    bool ok = false;
    gm_edge_t *indeg = calloc((size_t)n + 1, sizeof *indeg);
    gm_node_t *esrc = NULL, *edst = NULL;
    gm_edge_t *eid = NULL;
    ledge *rows = NULL;
    gm_edge_t *pos = NULL;
    if (!indeg)
        goto nomem;
    for (gm_edge_t e = 0; e < g->num_edges; e++)
        indeg[g->node_idx[e]]++;
    make_blocks(G, g, indeg);

    int64_t lo = G->block[G->rank], hi = G->block[G->rank + 1];
    G->num_owned = (gm_node_t)(hi - lo);
    bool out = G->policy != GMD_POLICY_IN, in = G->policy != GMD_POLICY_OUT;
    /* Count, then list this rank's edges as global (new) ids. */
    gm_edge_t ml = 0;
    if (out)
        for (int64_t v = lo; v < hi; v++)
            ml += gmrt_out_degree(g, OLD((gm_node_t)v));
    if (in)
        for (gm_node_t u = 0; u < n; u++) {
            bool src_owned = NEW(u) >= lo && NEW(u) < hi;
            if (out && src_owned)
                continue; /* already counted as an out-edge */
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                gm_node_t v = NEW(g->node_idx[e]);
                ml += v >= lo && v < hi;
            }
        }
    size_t mls = (size_t)ml + 1;
    esrc = malloc(mls * sizeof *esrc);
    edst = malloc(mls * sizeof *edst);
    eid = malloc(mls * sizeof *eid);
    if (!esrc || !edst || !eid)
        goto nomem;
    gm_edge_t k = 0;
    if (out)
        for (int64_t v = lo; v < hi; v++) {
            gm_node_t o = OLD((gm_node_t)v);
            for (gm_edge_t e = g->begin[o]; e < g->begin[o + 1]; e++) {
                esrc[k] = (gm_node_t)v;
                edst[k] = NEW(g->node_idx[e]);
                eid[k++] = e;
            }
        }
    if (in)
        for (gm_node_t u = 0; u < n; u++) {
            gm_node_t nu = NEW(u);
            if (out && nu >= lo && nu < hi)
                continue;
            for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
                gm_node_t v = NEW(g->node_idx[e]);
                if (v >= lo && v < hi) {
                    esrc[k] = nu;
                    edst[k] = v;
                    eid[k++] = e;
                }
            }
        }

    /* Ghosts: the other ends outside the block, sorted, once each. */
    int64_t *gh = malloc(2 * mls * sizeof *gh);
    if (!gh)
        goto nomem;
    size_t ng = 0;
    for (gm_edge_t i = 0; i < ml; i++) {
        if (esrc[i] < lo || esrc[i] >= hi)
            gh[ng++] = esrc[i];
        if (edst[i] < lo || edst[i] >= hi)
            gh[ng++] = edst[i];
    }
    qsort(gh, ng, sizeof *gh, cmp_i64);
    size_t u = 0;
    for (size_t i = 0; i < ng; i++)
        if (u == 0 || gh[i] != gh[u - 1])
            gh[u++] = gh[i];
    G->ghost_gid = realloc(gh, (u ? u : 1) * sizeof *gh);
    if (!G->ghost_gid) {
        G->ghost_gid = gh;
        goto nomem;
    }
    G->num_ghosts = (gm_node_t)u;
    gm_node_t nl = G->num_owned + G->num_ghosts;
    for (int p = 0; p <= G->size; p++)
        G->ghost_begin[p] =
            G->num_owned + (gm_node_t)lower_bound64(G->ghost_gid, u, p < G->size ? G->block[p] : INT64_MAX);

    /* Local CSR: rows by counting, then each row sorted. */
    bool wts = g->weights != NULL;
    G->local = gmrt_graph_alloc(nl, ml, wts, err);
    rows = malloc(mls * sizeof *rows);
    pos = malloc(((size_t)nl + 1) * sizeof *pos);
    G->edge_gid = malloc(mls * sizeof *G->edge_gid);
    G->out_degree = malloc(((size_t)nl + 1) * sizeof *G->out_degree);
    G->in_degree = malloc(((size_t)nl + 1) * sizeof *G->in_degree);
    if (!G->local || !rows || !pos || !G->edge_gid || !G->out_degree || !G->in_degree)
        goto nomem;
    gm_edge_t *begin = G->local->begin;
    for (gm_edge_t i = 0; i < ml; i++) {
        esrc[i] = gmd_local_id(G, esrc[i]);
        edst[i] = gmd_local_id(G, edst[i]);
        begin[esrc[i] + 1]++;
    }
    for (gm_node_t v = 0; v < nl; v++)
        begin[v + 1] += begin[v];
    memcpy(pos, begin, (size_t)nl * sizeof *pos);
    for (gm_edge_t i = 0; i < ml; i++) {
        ledge *le = &rows[pos[esrc[i]]++];
        le->dst = edst[i];
        le->egid = eid[i];
        le->w = wts ? g->weights[eid[i]] : 0;
    }
    for (gm_node_t v = 0; v < nl; v++)
        qsort(rows + begin[v], (size_t)(begin[v + 1] - begin[v]), sizeof *rows, cmp_ledge);
    for (gm_edge_t i = 0; i < ml; i++) {
        G->local->node_idx[i] = rows[i].dst;
        G->edge_gid[i] = rows[i].egid;
        if (wts)
            G->local->weights[i] = rows[i].w;
    }
    G->local->weights_integral = g->weights_integral;
    for (gm_node_t v = 0; v < nl; v++) {
        gm_node_t o = OLD((gm_node_t)gmd_global_id(G, v));
        G->out_degree[v] = gmrt_out_degree(g, o);
        G->in_degree[v] = indeg[o];
    }
    ok = true;
    goto done;
nomem:
    gmrt_error_set(err, GMRT_E_NOMEM, "gmd_partition: out of memory (rank %d, %lld nodes, %lld edges)", G->rank,
                   (long long)n, (long long)g->num_edges);
done:
    free(indeg);
    free(esrc);
    free(edst);
    free(eid);
    free(rows);
    free(pos);
    return ok;
#undef NEW
#undef OLD
}

gmd_graph *gmd_part_local_(const gm_graph *g, int rank, int size, const gmd_load_options *opt, gmrt_error *err)
{
    gmd_load_options dflt = { 0 };
    if (!opt)
        opt = &dflt;
    if (opt->policy < GMD_POLICY_BOTH || opt->policy > GMD_POLICY_IN) {
        gmrt_error_set(err, GMRT_E_ARG, "gmd_partition: unknown policy %d", (int)opt->policy);
        return NULL;
    }
    if (size < 1 || rank < 0 || rank >= size) {
        gmrt_error_set(err, GMRT_E_ARG, "gmd_partition: rank %d of %d ranks", rank, size);
        return NULL;
    }
    gmd_graph *G = calloc(1, sizeof *G);
    if (!G) {
        gmrt_error_set(err, GMRT_E_NOMEM, "gmd_partition: out of memory");
        return NULL;
    }
    G->rank = rank;
    G->size = size;
    G->policy = opt->policy;
    G->global_nodes = g->num_nodes;
    G->global_edges = g->num_edges;
    G->block = calloc((size_t)size + 1, sizeof *G->block);
    G->ghost_begin = calloc((size_t)size + 1, sizeof *G->ghost_begin);
    G->send_idx = calloc((size_t)size, sizeof *G->send_idx);
    G->send_count = calloc((size_t)size, sizeof *G->send_count);
    bool ok = G->block && G->ghost_begin && G->send_idx && G->send_count;
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "gmd_partition: out of memory (rank %d)", rank);
    if (ok && opt->relabel && !make_relabelling(G, g->num_nodes, opt->relabel_seed)) {
        gmrt_error_set(err, GMRT_E_NOMEM, "gmd_partition: out of memory for the relabelling (rank %d)", rank);
        ok = false;
    }
    if (ok)
        ok = build_local(G, g, err);
    if (!ok) {
        gmd_graph_free(G);
        return NULL;
    }
    return G;
}

bool gmd_part_fill_send_lists_(gmd_graph *G, int64_t *const *ghost_gid, gm_node_t *const *ghost_begin,
                               gmrt_error *err)
{
    int r = G->rank;
    int64_t lo = G->block[r], hi = G->block[r + 1];
    for (int q = 0; q < G->size; q++) {
        /* q's ghosts owned here: the slice r of q's ghost table, in q's order */
        gm_node_t b = ghost_begin[q][r] - ghost_begin[q][0], e = ghost_begin[q][r + 1] - ghost_begin[q][0];
        free(G->send_idx[q]);
        G->send_count[q] = e - b;
        G->send_idx[q] = malloc(((size_t)(e - b) + 1) * sizeof **G->send_idx);
        if (!G->send_idx[q]) {
            gmrt_error_set(err, GMRT_E_NOMEM, "gmd_partition: out of memory for the send lists (rank %d)", r);
            return false;
        }
        for (gm_node_t i = b; i < e; i++) {
            int64_t gid = ghost_gid[q][i];
            if (gid < lo || gid >= hi) {
                gmrt_error_set(err, GMRT_E_FORMAT, "gmd_partition: rank %d holds as ghost node %lld, not owned by rank %d",
                               q, (long long)gid, r);
                return false;
            }
            G->send_idx[q][i - b] = (gm_node_t)(gid - lo);
        }
    }
    return true;
}
