/* tests/mpi/test_gen.c: the in-rank generator (gmd_load of "gen:..."
 * specs, gm_runtime/dist/gmd_gen.c) under mpirun -np P (driver:
 * tests/mpi/gen.sh).  For each spec (RMAT raw with self-loops and
 * duplicates, symmetrized + deduplicated + weighted, an odd scale, uniform
 * with real weights, hubs whose staged rows take the radix sort, grids,
 * fewer non-isolated nodes than ranks, one node,
 * no nodes) and each policy, the generated partition must equal, field by
 * field, the one gmd_load builds from the file of the same graph (rank 0
 * writes gmrt_gen_spec_graph's graph, which is `gmgraph gen`'s, to a .gmb;
 * every rank loads it): sizes, blocks, ghosts, per-peer lists, degrees,
 * the local CSR with weights and global edge ids; under policy both again
 * with no_edge_gid (no global edge ids, from either); a symmetrized spec's
 * local graph marked symmetric under policy both, truly.  Bad specs (and
 * --relabel) are refused on every rank with the message of rank 0.
 * Usage: test_gen DIR (a folder shared by the ranks). */
#include "gmd.h"
#include "gmrt_gen.h"
#include "gmrt_io.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_check.h"

static bool same_bytes(const void *a, const void *b, size_t n)
{
    return n == 0 || (a && b && memcmp(a, b, n) == 0);
}

static void compare(const gmd_graph *A, const gmd_graph *B)
{
    CHECK(A->rank == B->rank && A->size == B->size && A->policy == B->policy);
    CHECK(A->global_nodes == B->global_nodes);
    CHECK(A->global_edges == B->global_edges);
    int P = A->size;
    CHECK(same_bytes(A->block, B->block, ((size_t)P + 1) * sizeof *A->block));
    CHECK(A->num_owned == B->num_owned);
    CHECK(A->num_ghosts == B->num_ghosts);
    if (A->num_owned != B->num_owned || A->num_ghosts != B->num_ghosts)
        return;
    size_t nl = (size_t)gmd_num_local(A);
    CHECK(same_bytes(A->ghost_gid, B->ghost_gid, (size_t)A->num_ghosts * sizeof *A->ghost_gid));
    CHECK(same_bytes(A->ghost_begin, B->ghost_begin, ((size_t)P + 1) * sizeof *A->ghost_begin));
    for (int p = 0; p < P; p++) {
        CHECK(A->send_count[p] == B->send_count[p]);
        if (A->send_count[p] == B->send_count[p])
            CHECK(same_bytes(A->send_idx[p], B->send_idx[p], (size_t)A->send_count[p] * sizeof **A->send_idx));
    }
    CHECK(same_bytes(A->out_degree, B->out_degree, nl * sizeof *A->out_degree));
    CHECK(same_bytes(A->in_degree, B->in_degree, nl * sizeof *A->in_degree));
    const gm_graph *a = A->local, *b = B->local;
    CHECK(a->num_nodes == b->num_nodes);
    CHECK(a->num_edges == b->num_edges);
    if (a->num_nodes != b->num_nodes || a->num_edges != b->num_edges)
        return;
    size_t ml = (size_t)a->num_edges;
    CHECK(same_bytes(a->begin, b->begin, (nl + 1) * sizeof *a->begin));
    CHECK(same_bytes(a->node_idx, b->node_idx, ml * sizeof *a->node_idx));
    CHECK((A->edge_gid == NULL) == (B->edge_gid == NULL));
    if (A->edge_gid && B->edge_gid)
        CHECK(same_bytes(A->edge_gid, B->edge_gid, ml * sizeof *A->edge_gid));
    CHECK((a->weights == NULL) == (b->weights == NULL));
    if (a->weights && b->weights) {
        CHECK(same_bytes(a->weights, b->weights, ml * sizeof *a->weights));
        CHECK(a->weights_integral == b->weights_integral);
    }
    CHECK(A->new_of_old == NULL && A->old_of_new == NULL);
}

/* Under policy both the local graph of a symmetrized spec is marked
 * symmetric at load (gmd_part_mark_symmetric_), and only then; a mark must
 * be true: the rows compared from scratch (the flag cleared) say so too. */
static void check_marked_symmetric(gmd_graph *A, bool symmetrized)
{
    gm_graph *l = A->local;
    bool want = symmetrized && A->policy == GMD_POLICY_BOTH;
    CHECK((l->symmetric > 0) == want);
    if (l->symmetric > 0) {
        gm_edge_t und = l->num_undirected_edges;
        l->symmetric = 0;
        CHECK(gmrt_graph_is_symmetric(l));
        CHECK(l->num_undirected_edges == und);
    }
}

/* Generated vs file, every policy. */
static void check_spec(const char *dir, int k, const char *spec)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/g%d.gmb", dir, k);
    what_ = spec;
    bool wrote = true;
    if (rank_ == 0) {
        gmrt_gen_spec s;
        gmrt_error err;
        gm_graph *g = gmrt_gen_spec_parse(spec, &s, &err) ? gmrt_gen_spec_graph(&s, NULL, &err) : NULL;
        wrote = g && gmrt_graph_save(g, path, GMRT_FMT_AUTO, &err);
        if (!wrote)
            fprintf(stderr, "%s: %s\n", spec, err.message);
        gmrt_graph_free(g);
    }
    MPI_Bcast(&wrote, 1, MPI_C_BOOL, 0, MPI_COMM_WORLD);
    CHECK(wrote);
    if (!wrote)
        return;
    /* each policy; policy both again without edge_gid (no_edge_gid: the
     * generator builds none, the file's load drops it; the rest the same) */
    for (int pol = GMD_POLICY_BOTH; pol <= GMD_POLICY_IN + 1; pol++) {
        bool nog = pol > GMD_POLICY_IN;
        gmd_load_options opt = { .policy = nog ? GMD_POLICY_BOTH : (gmd_policy)pol, .no_edge_gid = nog };
        gmrt_error e1, e2;
        gmrt_error_clear(&e1);
        gmrt_error_clear(&e2);
        gmd_graph *A = gmd_load(spec, &opt, &e1);
        gmd_graph *B = gmd_load(path, &opt, &e2);
        CHECK(A != NULL);
        CHECK(B != NULL);
        if (!A && rank_ == 0)
            fprintf(stderr, "%s: %s\n", spec, e1.message);
        if (A && B)
            compare(A, B);
        CHECK(!A || (A->edge_gid == NULL) == nog);
        if (A)
            check_marked_symmetric(A, strstr(spec, "symmetrize") != NULL);
        gmd_graph_free(A);
        gmd_graph_free(B);
    }
}

/* A refused spec: NULL on every rank, the message naming what is wrong. */
static void check_refused(const char *spec, bool relabel, const char *says)
{
    what_ = spec;
    gmd_load_options opt = { .policy = GMD_POLICY_BOTH, .relabel = relabel };
    gmrt_error err;
    gmrt_error_clear(&err);
    gmd_graph *G = gmd_load(spec, &opt, &err);
    CHECK(G == NULL);
    CHECK(strstr(err.message, says) != NULL);
    if (!strstr(err.message, says))
        fprintf(stderr, "rank %d: '%s' said: %s\n", rank_, spec, err.message);
    gmd_graph_free(G);
}

int main(int argc, char **argv)
{
    if (!mpi_test_start(&argc, &argv))
        return 1;
    if (argc < 2) {
        fprintf(stderr, "usage: test_gen DIR\n");
        return 2;
    }
    static const char *const specs[] = {
        "gen:rmat,scale=6,edge-factor=8,seed=3",                                    /* self-loops, duplicates */
        "gen:rmat,scale=7,edge-factor=6,seed=2,symmetrize,dedup,no-self-loops,weights=int:1:9",
        "gen:rmat,scale=5,edge-factor=5,seed=4,symmetrize,weights=int:1:3,no-permute", /* parallel edges by weight */
        "gen:rmat,scale=9,edge-factor=3,seed=7,a=0.45,b=0.25,c=0.15,dedup",
        /* hubs: staged rows past GMRT_RADIX_MIN_ROW (the radix sort), with
         * parallel edges, weighted, and rows rotated on every rank */
        "gen:rmat,scale=10,edge-factor=6,seed=6,a=0.8,b=0.08,c=0.08,symmetrize,weights=int:1:4",
        "gen:rmat,scale=10,edge-factor=6,seed=8,a=0.8,b=0.08,c=0.08,symmetrize,dedup,no-self-loops",
        "gen:uniform,nodes=300,degree=2.5,seed=5,weights=real:0:1,symmetrize",
        "gen:uniform,nodes=40,edges=1,seed=9",  /* at most 2 nodes with edges: fewer than the ranks */
        "gen:grid,rows=7,cols=9,weights=real:1:2",
        "gen:grid,rows=1,cols=5,symmetrize,dedup", /* a path; symmetrize doubles, dedup undoes it */
        "gen:rmat,scale=0,edge-factor=3",       /* one node, three self-loops */
        "gen:uniform,nodes=0,edges=0",          /* nothing */
    };
    int n = (int)(sizeof specs / sizeof *specs);
    for (int k = 0; k < n; k++)
        check_spec(argv[1], k, specs[k]);
    check_refused("gen:kron,scale=4", false, "unknown kind 'kron'");
    check_refused("gen:grid,rows=4", false, "grid needs rows=R and cols=C");
    check_refused("gen:rmat,scale=31", false, "scale=31");
    check_refused("gen:rmat,scale=4,colour=red", false, "unknown key 'colour'");
    check_refused("gen:rmat,scale=4,,dedup", false, "empty item");
    check_refused("gen:rmat,scale=4,dedup=1", false, "dedup takes no value");
    check_refused("gen:rmat,weights=int:5:1", false, "weights=int:5:1");
    check_refused("gen:rmat,a=0.6,b=0.3,c=0.3", false, "summing to at most 1");
    check_refused("gen:uniform,nodes=5", false, "uniform needs nodes=N and one of");
    check_refused("gen:uniform,nodes=5,edges=3,no-permute", false, "unknown key 'no-permute'");
    check_refused("gen:rmat,scale=4", true, "--relabel is not supported");
    char summary[64];
    snprintf(summary, sizeof summary, "%d ranks, %d specs, 11 refusals", size_, n);
    return mpi_test_finish("gen", summary);
}
