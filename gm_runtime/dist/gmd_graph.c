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
    if (G && opt && opt->policy != G->policy) {
        gmrt_error_set(err, GMRT_E_ARG, "%s: partitioned with policy %s, but policy %s was asked for", part,
                       gmd_policy_name(G->policy), gmd_policy_name(opt->policy));
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

gmd_graph *gmd_load(const char *path, const gmd_load_options *opt, gmrt_error *err)
{
    if (gmd_gmp_is_set_(path))
        return load_set(path, opt, err);
    if (gmrt_gen_spec_is(path)) /* a generator spec: each rank generates its part (gmd_gen.c) */
        return gmd_generate_(path, opt, err);
    const gmrt_load_options *lo = opt ? opt->graph_options : NULL;
    gm_graph *g = gmrt_graph_load(path, lo, err);
    gmd_graph *G = partition(g, opt, err);
    gmrt_graph_free(g);
    return G;
}
