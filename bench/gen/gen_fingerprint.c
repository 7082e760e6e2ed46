/* bench/gen/gen_fingerprint.c: a fingerprint of every rank's generated
 * partition (gmd_load of a "gen:..." spec, gm_runtime/dist/gmd_gen.c), for
 * checking that a change to the generator leaves its partitions
 * bit-identical (driver: bench/gen/fingerprint.sh, which runs it at several
 * P and thread counts and diffs the lines against a saved run).
 * Usage: gen_fingerprint [--time] SPEC... under mpirun -np P.  For each
 * spec and policy (both, out, in), rank 0 prints one line:
 *   SPEC POLICY P=.. rank R HASH  (one line per rank)
 * where HASH mixes every field test_gen.c compares (sizes, blocks, ghosts,
 * send lists, degrees, the local CSR with weights and edge ids).  With
 * --time, the load's seconds and the peak RSS go to stderr instead, policy
 * both only (GMD_GEN_TRACE=1 adds the passes). */
#include "gmd.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t h, const void *p, size_t bytes)
{
    const unsigned char *c = p;
    uint64_t x = h ^ (bytes * 0x9e3779b97f4a7c15ull);
    size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        uint64_t w;
        memcpy(&w, c + i, 8);
        x = (x ^ w) * 0xff51afd7ed558ccdull;
        x ^= x >> 33;
    }
    for (; i < bytes; i++)
        x = (x ^ c[i]) * 0x100000001b3ull;
    return x ^ (x >> 29);
}

static uint64_t fingerprint(const gmd_graph *G)
{
    uint64_t h = 1469598103934665603ull;
    int P = G->size;
    h = mix(h, &G->global_nodes, sizeof G->global_nodes);
    h = mix(h, &G->global_edges, sizeof G->global_edges);
    h = mix(h, G->block, ((size_t)P + 1) * sizeof *G->block);
    h = mix(h, &G->num_owned, sizeof G->num_owned);
    h = mix(h, &G->num_ghosts, sizeof G->num_ghosts);
    h = mix(h, G->ghost_gid, (size_t)G->num_ghosts * sizeof *G->ghost_gid);
    h = mix(h, G->ghost_begin, ((size_t)P + 1) * sizeof *G->ghost_begin);
    for (int p = 0; p < P; p++) {
        h = mix(h, &G->send_count[p], sizeof *G->send_count);
        h = mix(h, G->send_idx[p], (size_t)G->send_count[p] * sizeof **G->send_idx);
    }
    size_t nl = (size_t)gmd_num_local(G), m = (size_t)G->local->num_edges;
    h = mix(h, G->out_degree, nl * sizeof *G->out_degree);
    h = mix(h, G->in_degree, nl * sizeof *G->in_degree);
    h = mix(h, G->local->begin, (nl + 1) * sizeof *G->local->begin);
    h = mix(h, G->local->node_idx, m * sizeof *G->local->node_idx);
    h = mix(h, G->edge_gid, m * sizeof *G->edge_gid);
    if (G->local->weights) {
        h = mix(h, G->local->weights, m * sizeof *G->local->weights);
        h = mix(h, &G->local->weights_integral, sizeof G->local->weights_integral);
    }
    return h;
}

int main(int argc, char **argv)
{
    gmrt_error err;
    if (!gmd_init(&argc, &argv, &err)) {
        fprintf(stderr, "gmd_init: %s\n", err.message);
        return 1;
    }
    int r = gmd_rank(), P = gmd_size(), bad = 0;
    bool timing = argc > 1 && strcmp(argv[1], "--time") == 0;
    for (int a = 1 + timing; a < argc; a++)
        for (int pol = GMD_POLICY_BOTH; pol <= (timing ? GMD_POLICY_BOTH : GMD_POLICY_IN); pol++) {
            gmd_load_options opt = { .policy = (gmd_policy)pol };
            MPI_Barrier(MPI_COMM_WORLD);
            double t = MPI_Wtime();
            gmd_graph *G = gmd_load(argv[a], &opt, &err);
            t = MPI_Wtime() - t;
            if (!G) {
                if (r == 0)
                    fprintf(stderr, "%s: %s\n", argv[a], err.message);
                bad = 1;
                continue;
            }
            uint64_t h = fingerprint(G);
            gmd_graph_free(G);
            uint64_t *all = r == 0 ? malloc((size_t)P * sizeof *all) : NULL;
            MPI_Gather(&h, 1, MPI_UINT64_T, all, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
            double rss = gmd_max_peak_rss_mb();
            if (r == 0) {
                if (timing)
                    fprintf(stderr, "%s P=%d: load %.3f s, peak rss %.1f MB (largest rank)\n", argv[a], P, t, rss);
                else
                    for (int p = 0; p < P; p++)
                        printf("%s %s P=%d rank %d %016llx\n", argv[a], gmd_policy_name((gmd_policy)pol), P, p,
                               (unsigned long long)all[p]);
            }
            free(all);
        }
    gmd_finalize();
    return bad;
}
