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
#ifdef _OPENMP
#include <omp.h>
#endif

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

/* One local edge while a row that is out of order is sorted: rows are
 * sorted by local destination, parallel edges by weight then global edge
 * index (deterministic). */
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
    #pragma omp parallel for schedule(static) if (n >= (1 << 16))
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

/* The global in-degrees (indeg[n] entries, zeroed): a histogram of the
 * destinations, in parallel (relaxed atomic increments). */
static void count_in_degrees(const gm_graph *g, gm_edge_t *indeg, bool big)
{
    const gm_node_t *d = g->node_idx;
    gm_edge_t m = g->num_edges;
#ifdef _OPENMP
    if (big && omp_get_max_threads() > 1) {
        #pragma omp parallel for schedule(static)
        for (gm_edge_t e = 0; e < m; e++) {
            #pragma omp atomic
            indeg[d[e]]++;
        }
        return;
    }
#endif
    for (gm_edge_t e = 0; e < m; e++)
        indeg[d[e]]++;
}

/* The first edge of the sorted row [b, e) of g whose destination is >= key
 * (rows are sorted by destination: gmrt_graph.h), so without relabelling
 * a row's edges to the owners [lo, hi) are one range found in O(log d). */
static gm_edge_t row_lower_bound(const gm_graph *g, gm_edge_t b, gm_edge_t e, int64_t key)
{
    while (b < e) {
        gm_edge_t mid = b + (e - b) / 2;
        if (g->node_idx[mid] < key)
            b = mid + 1;
        else
            e = mid;
    }
    return b;
}

/* Row x of the local CSR (global id gid, file id o), written from k on in
 * the contract's order; returns the end.  An owner's row under out (both)
 * is its whole global row, any other row the edges to owners.  The global
 * row is sorted by destination, then weight, and edge indices rise along
 * it, so without relabelling the edges in each of the three ranges of
 * local ids (owners [lo, hi), then ghosts below lo, then ghosts from hi)
 * are three slices of it (two binary searches), copied in that order
 * already sorted.  Returns
 * whether the row needs sorting (relabelling, or a row out of order);
 * one_pass: in the global row's order (the order the sort starts from). */
static bool fill_row(gmd_graph *G, const gm_graph *g, const gm_node_t *lmap, gm_node_t o, bool whole, bool one_pass,
                     gm_edge_t k)
{
    const gm_node_t *nw = G->new_of_old;
    int64_t lo = G->block[G->rank], hi = G->block[G->rank + 1];
    gm_node_t *ni = G->local->node_idx;
    double *lw = G->local->weights;
    gm_edge_t *eg = G->edge_gid;
    gm_edge_t b = g->begin[o], end = g->begin[o + 1], k0 = k;
    if (!nw && !one_pass) { /* the ranges of the sorted row, copied in local order */
        gm_edge_t pl = row_lower_bound(g, b, end, lo), ph = row_lower_bound(g, pl, end, hi);
        gm_edge_t from[3] = { pl, b, ph }, to[3] = { ph, pl, end };
        for (int r = 0; r < (whole ? 3 : 1); r++)
            for (gm_edge_t e = from[r]; e < to[r]; e++, k++) {
                gm_node_t v = g->node_idx[e];
                ni[k] = r == 0 ? (gm_node_t)(v - lo) : lmap[v];
                eg[k] = e;
                if (lw)
                    lw[k] = g->weights[e];
            }
        goto check;
    }
    int passes = whole && !nw && !one_pass ? 3 : 1;
    for (int pass = 0; pass < passes; pass++)
        for (gm_edge_t e = b; e < end; e++) {
            int64_t v = nw ? nw[g->node_idx[e]] : g->node_idx[e];
            bool own = v >= lo && v < hi;
            bool take = passes == 1 ? whole || own : pass == 0 ? own : pass == 1 ? v < lo : v >= hi;
            if (!take)
                continue;
            ni[k] = own ? (gm_node_t)(v - lo) : lmap[v];
            eg[k] = e;
            if (lw)
                lw[k] = g->weights[e];
            k++;
        }
check:
    for (gm_edge_t i = k0 + 1; i < k; i++) {
        if (ni[i - 1] != ni[i]) {
            if (ni[i - 1] > ni[i])
                return true;
            continue;
        }
        double w0 = lw ? lw[i - 1] : 0, w1 = lw ? lw[i] : 0;
        if (w0 > w1 || (w0 == w1 && eg[i - 1] > eg[i]) || w0 != w0 || w1 != w1)
            return true;
    }
    return false;
}

/* Sorts local row [b, e) by cmp_ledge through buf (e - b entries). */
static void sort_row(gmd_graph *G, gm_edge_t b, gm_edge_t e, ledge *buf)
{
    gm_node_t *ni = G->local->node_idx;
    double *lw = G->local->weights;
    gm_edge_t *eg = G->edge_gid;
    for (gm_edge_t i = b; i < e; i++)
        buf[i - b] = (ledge){ ni[i], eg[i], lw ? lw[i] : 0 };
    qsort(buf, (size_t)(e - b), sizeof *buf, cmp_ledge);
    for (gm_edge_t i = b; i < e; i++) {
        ni[i] = buf[i - b].dst;
        eg[i] = buf[i - b].egid;
        if (lw)
            lw[i] = buf[i - b].w;
    }
}

/* The local part of the partition: everything but the send lists.
 * Communication-free, so a failure here is agreed on before any exchange.
 * O(n + m) work in parallel passes over the global CSR (the in-degree
 * histogram, the ghost marks, the row lengths, the rows), with a map of
 * global ids to local ids (4 bytes per global node) instead of sorting the
 * ghosts and searching them per edge; rows are sorted only where the
 * global order does not already give the local one (relabelling).  Without
 * relabelling a row's edges to the owners are found by binary search, so
 * the rows of the nodes outside the block cost O(log d) each, not O(d). */
static bool build_local(gmd_graph *G, const gm_graph *g, gmrt_error *err)
{
    gm_node_t n = g->num_nodes;
    const gm_node_t *nw = G->new_of_old, *od = G->old_of_new;
#define NEW(x) (nw ? nw[x] : (x))
#define OLD(x) (od ? od[x] : (x))
    bool ok = false;
    gm_edge_t *indeg = calloc((size_t)n + 1, sizeof *indeg);
    gm_node_t *lmap = calloc((size_t)n + 1, sizeof *lmap);
    gm_edge_t *rlen = NULL;
    int64_t *cnt = NULL;
    if (!indeg || !lmap)
        goto nomem;
    /* small graphs (the tests' many ranks on two cores) stay on one thread */
    bool big = (int64_t)n + (int64_t)g->num_edges >= (1 << 16);
    count_in_degrees(g, indeg, big);
    make_blocks(G, g, indeg);

    int64_t lo = G->block[G->rank], hi = G->block[G->rank + 1];
    G->num_owned = (gm_node_t)(hi - lo);
    bool out = G->policy != GMD_POLICY_IN, in = G->policy != GMD_POLICY_OUT;

    /* Ghost marks (lmap[gid] = 1): the other ends of the owners' out-edges
     * (out), the sources outside the block of the owners' in-edges (in). */
    #pragma omp parallel for schedule(dynamic, 1024) if (big)
    for (gm_node_t u = 0; u < n; u++) {
        int64_t nu = NEW(u);
        bool owned = nu >= lo && nu < hi;
        gm_edge_t rb = g->begin[u], re = g->begin[u + 1], pl = rb, ph = rb;
        if (!nw) { /* the row's edges to owners: [pl, ph) */
            pl = row_lower_bound(g, rb, re, lo);
            ph = row_lower_bound(g, pl, re, hi);
        }
        if (owned && out) {
            for (gm_edge_t e = rb; e < re; e++) {
                if (!nw && e == pl)
                    e = ph; /* skip the owners */
                if (e >= re)
                    break;
                int64_t v = NEW(g->node_idx[e]);
                if (v >= lo && v < hi)
                    continue;
                gm_node_t seen;
                #pragma omp atomic read
                seen = lmap[v];
                if (!seen) {
                    #pragma omp atomic write
                    lmap[v] = 1;
                }
            }
        } else if (!owned && in && !nw) {
            if (ph > pl) {
                #pragma omp atomic write
                lmap[nu] = 1;
            }
        } else if (!owned && in) {
            for (gm_edge_t e = rb; e < re; e++) {
                int64_t v = NEW(g->node_idx[e]);
                if (v >= lo && v < hi) {
                    #pragma omp atomic write
                    lmap[nu] = 1;
                    break;
                }
            }
        }
    }

    /* Ghosts in global order: marks counted per chunk, then numbered; lmap
     * becomes the local id of every owner and ghost. */
    int nchunks = 1;
#ifdef _OPENMP
    nchunks = big ? omp_get_max_threads() : 1;
#endif
    cnt = calloc((size_t)nchunks + 1, sizeof *cnt);
    if (!cnt)
        goto nomem;
    #pragma omp parallel for schedule(static, 1) if (big)
    for (int c = 0; c < nchunks; c++) {
        int64_t a = (int64_t)n * c / nchunks, z = (int64_t)n * (c + 1) / nchunks, s = 0;
        for (int64_t x = a; x < z; x++)
            s += (x < lo || x >= hi) && lmap[x];
        cnt[c + 1] = s;
    }
    for (int c = 0; c < nchunks; c++)
        cnt[c + 1] += cnt[c];
    size_t u = (size_t)cnt[nchunks];
    G->ghost_gid = malloc((u ? u : 1) * sizeof *G->ghost_gid);
    if (!G->ghost_gid)
        goto nomem;
    #pragma omp parallel for schedule(static, 1) if (big)
    for (int c = 0; c < nchunks; c++) {
        int64_t a = (int64_t)n * c / nchunks, z = (int64_t)n * (c + 1) / nchunks, i = cnt[c];
        for (int64_t x = a; x < z; x++)
            if (x >= lo && x < hi)
                lmap[x] = (gm_node_t)(x - lo);
            else if (lmap[x]) {
                G->ghost_gid[i] = x;
                lmap[x] = G->num_owned + (gm_node_t)i;
                i++;
            }
    }
    G->num_ghosts = (gm_node_t)u;
    gm_node_t nl = G->num_owned + G->num_ghosts;
    for (int p = 0; p <= G->size; p++)
        G->ghost_begin[p] =
            G->num_owned + (gm_node_t)lower_bound64(G->ghost_gid, u, p < G->size ? G->block[p] : INT64_MAX);

    /* Row lengths: an owner's whole row under out, else its edges to owners. */
    rlen = malloc(((size_t)nl + 1) * sizeof *rlen);
    if (!rlen)
        goto nomem;
    rlen[0] = 0;
    #pragma omp parallel for schedule(dynamic, 1024) if (big)
    for (gm_node_t x = 0; x < nl; x++) {
        bool owner = x < G->num_owned;
        gm_node_t o = OLD((gm_node_t)gmd_global_id(G, x));
        gm_edge_t c = 0;
        if (owner && out)
            c = gmrt_out_degree(g, o);
        else if (in && !nw) {
            gm_edge_t pl = row_lower_bound(g, g->begin[o], g->begin[o + 1], lo);
            c = row_lower_bound(g, pl, g->begin[o + 1], hi) - pl;
        } else if (in)
            for (gm_edge_t e = g->begin[o]; e < g->begin[o + 1]; e++) {
                int64_t v = NEW(g->node_idx[e]);
                c += v >= lo && v < hi;
            }
        rlen[x + 1] = c;
    }
    for (gm_node_t x = 0; x < nl; x++)
        rlen[x + 1] += rlen[x];
    gm_edge_t ml = rlen[nl];

    bool wts = g->weights != NULL;
    G->local = gmrt_graph_alloc(nl, ml, wts, err);
    G->edge_gid = malloc(((size_t)ml + 1) * sizeof *G->edge_gid);
    G->out_degree = malloc(((size_t)nl + 1) * sizeof *G->out_degree);
    G->in_degree = malloc(((size_t)nl + 1) * sizeof *G->in_degree);
    if (!G->local || !G->edge_gid || !G->out_degree || !G->in_degree)
        goto nomem;
    memcpy(G->local->begin, rlen, ((size_t)nl + 1) * sizeof *rlen);
    G->local->weights_integral = g->weights_integral;

    bool sort_failed = false;
    #pragma omp parallel if (big)
    {
        ledge *buf = NULL;
        size_t cap = 0;
        #pragma omp for schedule(dynamic, 256)
        for (gm_node_t x = 0; x < nl; x++) {
            bool owner = x < G->num_owned;
            gm_node_t o = OLD((gm_node_t)gmd_global_id(G, x));
            G->out_degree[x] = gmrt_out_degree(g, o);
            G->in_degree[x] = indeg[o];
            gm_edge_t b = rlen[x], e = rlen[x + 1];
            if (b == e)
                continue;
            if (!fill_row(G, g, lmap, o, owner && out, false, b))
                continue;
            if (owner && out && !nw) /* sorted from the global row's order, as it always was */
                (void)fill_row(G, g, lmap, o, true, true, b);
            if ((size_t)(e - b) > cap) {
                ledge *nb = realloc(buf, (size_t)(e - b) * sizeof *buf);
                if (!nb) {
                    #pragma omp atomic write
                    sort_failed = true;
                    continue;
                }
                buf = nb;
                cap = (size_t)(e - b);
            }
            sort_row(G, b, e, buf);
        }
        free(buf);
    }
    if (sort_failed)
        goto nomem;
    ok = true;
    goto done;
nomem:
    gmrt_error_set(err, GMRT_E_NOMEM, "gmd_partition: out of memory (rank %d, %lld nodes, %lld edges)", G->rank,
                   (long long)n, (long long)g->num_edges);
done:
    free(indeg);
    free(lmap);
    free(rlen);
    free(cnt);
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
    gmd_part_mark_symmetric_(G, g->symmetric > 0);
    return G;
}

void gmd_part_mark_symmetric_(gmd_graph *G, bool global_symmetric)
{
    if (global_symmetric && G->policy == GMD_POLICY_BOTH && G->local)
        gmrt_graph_mark_symmetric(G->local);
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
