/* gmd_graph.c: partitioned graphs on the ranks (gmd.h's contract): each
 * rank builds its own part with the MPI-free core (gmd_part.c: relabelling,
 * blocks, local CSR, degrees; every rank computes the same blocks from the
 * same global graph), then the per-peer send lists are exchanged once.
 * gmd_load reads a shared graph file, or each rank its own part of a
 * partitioned set written by `gmgraph partition` (gmd_gmp.c), checked
 * across the ranks to be one consistent set. */
#include "gmd.h"
#include "gmd_internal.h"
#include "gmd_part.h"
#include "gmrt_gen.h"
#include "gmrt_io.h"
#include "io_internal.h" /* gmrt_weight_fits, gmrt_graph_load_mapped_ */

#include <stdlib.h>
#include <string.h>

/* The send lists: tell each owner which of its nodes this rank holds as
 * ghosts, in this rank's ghost order. */
bool gmd_exchange_send_lists_(gmd_graph *G, gmrt_error *err)
{
    int P = G->size;
    MPI_Comm comm = gmd_comm_();
    int64_t *have = malloc((size_t)P * sizeof *have), *want = malloc((size_t)P * sizeof *want);
    size_t *sc = malloc((size_t)P * 4 * sizeof *sc);
    int64_t *recv = NULL;
    bool ok = have && want && sc;
    if (!ok) /* P-entry arrays: no point in agreeing on a failure this small */
        gmd_abort(3, "gmd_partition: out of memory");
    for (int p = 0; p < P; p++)
        have[p] = G->ghost_begin[p + 1] - G->ghost_begin[p];
    double t0 = MPI_Wtime();
    MPI_Alltoall(have, 1, MPI_INT64_T, want, 1, MPI_INT64_T, comm);
    gmd_count_(t0, (uint64_t)P * sizeof *have, 0, 1);
    size_t total = 0;
    size_t *so = sc + P, *rc = sc + 2 * P, *ro = sc + 3 * P;
    for (int p = 0; p < P; p++) {
        sc[p] = (size_t)have[p];
        so[p] = (size_t)(G->ghost_begin[p] - G->num_owned);
        rc[p] = (size_t)want[p];
        ro[p] = total;
        total += (size_t)want[p];
    }
    recv = malloc((total + 1) * sizeof *recv);
    ok = recv != NULL;
    for (int p = 0; ok && p < P; p++) {
        G->send_count[p] = (gm_node_t)want[p];
        G->send_idx[p] = malloc(((size_t)want[p] + 1) * sizeof **G->send_idx);
        ok = G->send_idx[p] != NULL;
    }
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "gmd_partition: out of memory for the send lists (rank %d)", G->rank);
    if (!gmd_agree_(ok, err))
        goto done;
    gmd_exchange(G->ghost_gid, sc, so, recv, rc, ro, sizeof *recv);
    int64_t lo = G->block[G->rank], hi = G->block[G->rank + 1];
    for (int p = 0; p < P; p++)
        for (size_t i = 0; i < rc[p]; i++) {
            int64_t gid = recv[ro[p] + i];
            if (gid < lo || gid >= hi) /* a peer's partition disagrees with ours */
                gmd_abort(4, "gmd_partition: a peer holds as ghost a node this rank does not own");
            G->send_idx[p][i] = (gm_node_t)(gid - lo);
        }
    ok = true;
done:
    free(have);
    free(want);
    free(sc);
    free(recv);
    return ok;
}

/* global is NULL on a rank that failed to load it (err already set by the
 * loader): the other ranks learn it at the first agreement. */
static gmd_graph *partition(const gm_graph *global, const gmd_load_options *opt, gmrt_error *err)
{
    gmd_graph *G = global ? gmd_part_local_(global, gmd_rank(), gmd_size(), opt, err) : NULL;
    if (!gmd_agree_(G != NULL, err) || !gmd_exchange_send_lists_(G, err)) {
        gmd_graph_free(G);
        return NULL;
    }
    return G;
}

gmd_graph *gmd_partition(const gm_graph *global, const gmd_load_options *opt, gmrt_error *err)
{
    if (!global)
        gmrt_error_set(err, GMRT_E_ARG, "gmd_partition: no graph");
    return partition(global, opt, err);
}

/* A set is read as `gmgraph partition` wrote it: a load option that would
 * change the graph (the format, one-based ids, symmetrize, dedup, no
 * self-loops, no weights) is refused, not ignored, since the answer would
 * be another graph's; weights_as checks this rank's weights as the loader
 * checks a file's.  false with err set. */
static bool set_load_options(const gmd_graph *G, const char *part, const gmrt_load_options *lo, gmrt_error *err)
{
    if (lo->format != GMRT_FMT_AUTO || lo->index_base || lo->build.symmetrize || lo->build.dedup ||
        lo->build.drop_self_loops || lo->ignore_weights) {
        gmrt_error_set(err, GMRT_E_ARG,
                       "%s: a partitioned set is read as it was written: --from, --one-based, --symmetrize, "
                       "--dedup, --no-self-loops and --no-weights belong to gmgraph partition",
                       part);
        return false;
    }
    const gm_graph *L = G->local;
    if (!lo->weights_as || !L->weights)
        return true;
    char expected[96];
    for (gm_edge_t e = 0; e < L->num_edges; e++)
        if (!gmrt_weight_fits(L->weights[e], lo->weights_as, expected, sizeof expected)) {
            gmrt_error_set(err, GMRT_E_RANGE, "%s: edge %lld of the graph: weight %.17g does not fit %s (%s): expected %s",
                           part, (long long)G->edge_gid[e], L->weights[e],
                           lo->weights_for ? lo->weights_for : "the weights", gmrt_type_name(lo->weights_as), expected);
            return false;
        }
    return true;
}

/* Each rank reads its own part of a set written by `gmgraph partition`;
 * the parts must come from one run (the same set id everywhere). */
static gmd_graph *load_set(const char *path, const gmd_load_options *opt, gmrt_error *err)
{
    int r = gmd_rank(), P = gmd_size();
    char *prefix = gmd_gmp_prefix_(path);
    char *part = prefix ? gmd_gmp_part_path_(prefix, r) : NULL;
    gmd_gmp_info info = { 0 };
    gmd_graph *G = NULL;
    if (!part)
        gmrt_error_set(err, GMRT_E_NOMEM, "gmd_load: out of memory");
    else
        G = gmd_gmp_read_(part, r, P, &info, err);
    if (G && opt && !opt->policy_from_set && opt->policy != G->policy) {
        gmrt_error_set(err, GMRT_E_ARG,
                       "%s: partitioned with policy %s, but policy %s was asked for (without --policy, a set "
                       "keeps its own)",
                       part, gmd_policy_name(G->policy), gmd_policy_name(opt->policy));
        gmd_graph_free(G);
        G = NULL;
    }
    if (G && opt && opt->relabel && (!info.relabelled || info.relabel_seed != opt->relabel_seed)) {
        gmrt_error_set(err, GMRT_E_ARG, "%s: %s, but relabelling with seed %llu was asked for", part,
                       info.relabelled ? "relabelled with another seed" : "not relabelled",
                       (unsigned long long)opt->relabel_seed);
        gmd_graph_free(G);
        G = NULL;
    }
    if (G && opt && opt->graph_options && !set_load_options(G, part, opt->graph_options, err)) {
        gmd_graph_free(G);
        G = NULL;
    }
    bool ok = gmd_agree_(G != NULL, err);
    if (ok) {
        /* one set: max(id) == min(id), as max(id) and max(~id) in one call */
        uint64_t v[2] = { info.set_id, ~info.set_id };
        double t0 = MPI_Wtime();
        MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_UINT64_T, MPI_MAX, gmd_comm_());
        gmd_count_(t0, sizeof v, 0, 1);
        if (v[0] != ~v[1]) {
            gmrt_error_set(err, GMRT_E_FORMAT,
                           "%s.*.gmp: the parts come from different gmgraph partition runs (partition again)",
                           prefix);
            ok = false;
        }
    }
    if (!ok) {
        gmd_graph_free(G);
        G = NULL;
    }
    free(prefix);
    free(part);
    return G;
}

/* A fingerprint of g's arrays (counts, rows, destinations, weights): one
 * word per block of 4096 entries, mixed with the block's index and xor-ed,
 * so OpenMP threads can share the pass and the result does not depend on
 * their number; inside a block four independent chains, whose multiplies
 * overlap (one chain was 3 times slower: some 10 ms per 4M edges). */
static inline uint64_t fp_mix(uint64_t h, uint64_t w)
{
    h ^= w * 0x9E3779B97F4A7C15ull;
    h = (h << 31) | (h >> 33);
    return h * 0xBF58476D1CE4E5B9ull + 0x94D049BB133111EBull;
}

/* x[0..3] over the words WORD(i) for i in [lo, hi) */
#define FP_RANGE(x, lo, hi, WORD)                                                                                      \
    do {                                                                                                               \
        int64_t i_ = (lo);                                                                                             \
        for (; i_ + 4 <= (hi); i_ += 4)                                                                                \
            for (int j_ = 0; j_ < 4; j_++)                                                                             \
                x[j_] = fp_mix(x[j_], WORD(i_ + j_));                                                                  \
        for (; i_ < (hi); i_++)                                                                                        \
            x[0] = fp_mix(x[0], WORD(i_));                                                                             \
    } while (0)

static uint64_t weight_word(const double *w, int64_t e)
{
    uint64_t v;
    memcpy(&v, &w[e], 8);
    return v;
}

static uint64_t graph_fingerprint(const gm_graph *g)
{
    enum { BLK = 4096 };
    int64_t n1 = (int64_t)g->num_nodes + 1, m = (int64_t)g->num_edges;
    int64_t nb = (n1 + BLK - 1) / BLK, mb = (m + BLK - 1) / BLK, wb = g->weights ? mb : 0;
    uint64_t h = 0;
    #pragma omp parallel for schedule(static) reduction(^ : h) if (nb + 2 * mb > 64)
    for (int64_t b = 0; b < nb + mb + wb; b++) {
        uint64_t x[4] = { (uint64_t)b, 1, 2, 3 };
#define BEGIN_W(i) ((uint64_t)g->begin[i])
#define DST_W(i) ((uint64_t)(uint32_t)g->node_idx[i])
#define WGT_W(i) weight_word(g->weights, (i))
        if (b < nb) {
            int64_t lo = b * BLK, hi = lo + BLK < n1 ? lo + BLK : n1;
            FP_RANGE(x, lo, hi, BEGIN_W);
        } else if (b < nb + mb) {
            int64_t lo = (b - nb) * BLK, hi = lo + BLK < m ? lo + BLK : m;
            FP_RANGE(x, lo, hi, DST_W);
        } else {
            int64_t lo = (b - nb - mb) * BLK, hi = lo + BLK < m ? lo + BLK : m;
            FP_RANGE(x, lo, hi, WGT_W);
        }
#undef BEGIN_W
#undef DST_W
#undef WGT_W
        h ^= fp_mix(fp_mix(fp_mix(fp_mix(0x67726170682D6670ull, x[0]), x[1]), x[2]), x[3]);
    }
    h = fp_mix(fp_mix(h, (uint64_t)g->num_nodes), (uint64_t)g->num_edges);
    return fp_mix(h, g->weights ? 1 : 0);
}

/* COLLECTIVE. Every rank read path itself: check they read the same graph
 * (a file rewritten between the ranks' reads, a file that differs between
 * hosts, standard input, which mpirun gives rank 0 only), which the
 * partition cannot detect (each rank's blocks would come from its own
 * graph: a wrong answer or a hang). */
static bool same_graph_everywhere(const gm_graph *g, const char *path, gmrt_error *err)
{
    if (gmd_size() == 1)
        return true;
    uint64_t h = graph_fingerprint(g), v[2] = { h, ~h };
    double t0 = MPI_Wtime();
    MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_UINT64_T, MPI_MAX, gmd_comm_());
    gmd_count_(t0, sizeof v, 0, 1);
    if (v[0] == ~v[1])
        return true;
    if (strcmp(path, "-") == 0)
        gmrt_error_set(err, GMRT_E_ARG,
                       "standard input (-) reaches rank 0 only under mpirun: give the graph as a file every rank "
                       "can read");
    else
        gmrt_error_set(err, GMRT_E_FORMAT,
                       "%s: the ranks read different graphs from it (was it rewritten while they read it, or "
                       "does it differ between hosts?)",
                       path);
    return false;
}

static gmd_graph *load_any(const char *path, const gmd_load_options *opt, gmrt_error *err)
{
    if (gmd_gmp_is_set_(path))
        return load_set(path, opt, err);
    if (gmrt_gen_spec_is(path)) /* a generator spec: each rank generates its part (gmd_gen.c) */
        return gmd_generate_(path, opt, err);
    /* ids that are labels: --relabel means a random permutation here
     * (gmd_cli.c), so the refusal names the tool that numbers labels */
    gmrt_load_options lo = { 0 };
    if (opt && opt->graph_options)
        lo = *opt->graph_options;
    if (!lo.relabel_hint)
        lo.relabel_hint = "gmgraph convert --relabel FILE OUT.gmb, then run on OUT.gmb";
    gm_graph *g = gmrt_graph_load_mapped_(path, &lo, err); /* the ranks share the file's pages */
    gmd_graph *G = NULL;
    if (gmd_agree_(g != NULL, err) && same_graph_everywhere(g, path, err))
        G = partition(g, opt, err);
    gmrt_graph_free(g);
    return G;
}

gmd_graph *gmd_load(const char *path, const gmd_load_options *opt, gmrt_error *err)
{
    gmd_graph *G = load_any(path, opt, err);
    if (G && opt && opt->no_edge_gid) { /* (the generator made none) */
        free(G->edge_gid);
        G->edge_gid = NULL;
    }
    return G;
}
