/* tests/mpi/test_gmp.c: partitioned graph files under mpirun -np P (driver:
 * tests/mpi/gmp.sh, P = 1..5).  For the awkward graphs of graphs.h, each
 * policy, with and without relabelling, rank 0 runs `gmgraph partition
 * --parts=P` and every rank checks that gmd_load of the set equals
 * gmd_partition of the graph in memory, field by field (the in-memory
 * partition is itself checked against a one-process reference by
 * test_partition).  Then damaged sets are refused on every rank with a
 * message naming what is wrong: parts for another P, a missing part, a
 * checksum mismatch, a truncated part, an unknown version, a part of
 * another rank, parts of two runs, not a part at all, a policy or
 * relabelling other than the one asked for.
 * Usage: test_gmp DIR GMGRAPH. Exit 0 when every rank passed. */
#include "gmd.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "graphs.h"
#include "mpi_check.h"

static const char *gmgraph_;

/* Rank 0 runs a shell command (gmgraph, file surgery); every rank learns
 * its status. */
static int on_rank0(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int on_rank0(const char *fmt, ...)
{
    int status = 0;
    if (rank_ == 0) {
        char cmd[8192];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(cmd, sizeof cmd, fmt, ap);
        va_end(ap);
        fflush(stdout);
        status = system(cmd);
        if (status != 0)
            fprintf(stderr, "command failed (%d): %s\n", status, cmd);
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}

#define SAME_ARRAY(a, b, n) CHECK((n) == 0 || ((a) && (b) && !memcmp((a), (b), (size_t)(n) * sizeof *(a))))

/* Every field of two partitions of one rank. */
static void check_equal(const gmd_graph *A, const gmd_graph *B)
{
    CHECK(A->rank == B->rank && A->size == B->size && A->policy == B->policy);
    CHECK(A->global_nodes == B->global_nodes && A->global_edges == B->global_edges);
    CHECK(A->num_owned == B->num_owned && A->num_ghosts == B->num_ghosts);
    if (A->num_owned != B->num_owned || A->num_ghosts != B->num_ghosts)
        return;
    gm_node_t nl = gmd_num_local(A);
    SAME_ARRAY(A->block, B->block, A->size + 1);
    SAME_ARRAY(A->ghost_gid, B->ghost_gid, A->num_ghosts);
    SAME_ARRAY(A->ghost_begin, B->ghost_begin, A->size + 1);
    SAME_ARRAY(A->send_count, B->send_count, A->size);
    for (int p = 0; p < A->size; p++)
        if (A->send_count[p] == B->send_count[p])
            SAME_ARRAY(A->send_idx[p], B->send_idx[p], A->send_count[p]);
    SAME_ARRAY(A->out_degree, B->out_degree, nl);
    SAME_ARRAY(A->in_degree, B->in_degree, nl);
    CHECK((A->new_of_old == NULL) == (B->new_of_old == NULL));
    CHECK((A->old_of_new == NULL) == (B->old_of_new == NULL));
    if (A->new_of_old && B->new_of_old) {
        SAME_ARRAY(A->new_of_old, B->new_of_old, A->global_nodes);
        SAME_ARRAY(A->old_of_new, B->old_of_new, A->global_nodes);
    }
    const gm_graph *a = A->local, *b = B->local;
    CHECK(a->num_nodes == b->num_nodes && a->num_edges == b->num_edges);
    if (a->num_nodes != b->num_nodes || a->num_edges != b->num_edges)
        return;
    SAME_ARRAY(a->begin, b->begin, a->num_nodes + 1);
    SAME_ARRAY(a->node_idx, b->node_idx, a->num_edges);
    SAME_ARRAY(A->edge_gid, B->edge_gid, a->num_edges);
    CHECK((a->weights == NULL) == (b->weights == NULL));
    if (a->weights && b->weights)
        SAME_ARRAY(a->weights, b->weights, a->num_edges);
    CHECK(a->weights_integral == b->weights_integral);
}

/* gmd_load(path) must fail on every rank with a message containing want. */
static void expect_refused(const char *path, const gmd_load_options *opt, const char *want)
{
    gmrt_error err;
    gmrt_error_clear(&err);
    gmd_graph *G = gmd_load(path, opt, &err);
    CHECK(G == NULL);
    CHECK(strstr(err.message, want) != NULL);
    if (!strstr(err.message, want) && failures < 20)
        fprintf(stderr, "rank %d: %s: message '%s' lacks '%s'\n", rank_, what_, err.message, want);
    gmd_graph_free(G);
}

/* Rank 0 damages DIR/bad.R.gmp in place with a small C edit. */
static void poke(const char *path, long at, int whence, unsigned char byte_xor, uint32_t *set32)
{
    if (rank_ == 0) {
        FILE *f = fopen(path, "r+b");
        CHECK(f != NULL);
        if (f) {
            fseek(f, at, whence);
            if (set32) {
                unsigned char b[4] = { (unsigned char)*set32, (unsigned char)(*set32 >> 8),
                                       (unsigned char)(*set32 >> 16), (unsigned char)(*set32 >> 24) };
                fwrite(b, 1, 4, f);
            } else {
                long pos = ftell(f);
                int c = fgetc(f);
                fseek(f, pos, SEEK_SET);
                fputc(c ^ byte_xor, f);
            }
            fclose(f);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
}

static void bad_sets(const char *dir)
{
    int P = size_;
    char set[4096], part[4096];
    char g[4096];
    snprintf(g, sizeof g, "%s/g.gmb", dir);
    gm_graph *hub;
    const char *name;
    hub = test_graph(3, &name);
    gmrt_error err;
    if (rank_ == 0 && !gmrt_graph_save(hub, g, GMRT_FMT_GMB, &err))
        MPI_Abort(MPI_COMM_WORLD, 99);
    gmrt_graph_free(hub);
    MPI_Barrier(MPI_COMM_WORLD);
    /* a fresh set DIR/bad for every case, then damage: copies of one
     * pristine set (a gmgraph run costs more than a copy), or a new run
     * with other options */
    CHECK(on_rank0("%s partition --parts=%d %s %s/pristine >/dev/null", gmgraph_, P, g, dir) == 0);
#define FRESH(extra)                                                                                                   \
    CHECK(*extra ? on_rank0("rm -f %s/bad.*.gmp && %s partition --parts=%d %s %s %s/bad >/dev/null", dir, gmgraph_, P, \
                            extra, g, dir) == 0                                                                        \
                 : on_rank0("rm -f %s/bad.*.gmp && for f in %s/pristine.*.gmp; do cp $f %s/bad.${f##*pristine.}; done", \
                            dir, dir, dir) == 0)
    snprintf(set, sizeof set, "%s/bad.gmp", dir);

    what_ = "a set for another P";
    CHECK(on_rank0("rm -f %s/bad.*.gmp && %s partition --parts=%d %s %s/bad >/dev/null", dir, gmgraph_, P + 1, g,
                   dir) == 0);
    char want[128];
    snprintf(want, sizeof want, "a part of a set for %d ranks, but this run has %d", P + 1, P);
    expect_refused(set, NULL, want);

    what_ = "a missing part";
    FRESH("");
    CHECK(on_rank0("rm %s/bad.%d.gmp", dir, P - 1) == 0);
    expect_refused(set, NULL, "missing part");

    what_ = "a checksum mismatch";
    FRESH("");
    snprintf(part, sizeof part, "%s/bad.%d.gmp", dir, P - 1);
    poke(part, -1, SEEK_END, 0x20, NULL);
    expect_refused(set, NULL, "checksum mismatch");
    FRESH("");
    poke(part, 330, SEEK_SET, 0x01, NULL); /* inside the block table */
    expect_refused(set, NULL, "checksum mismatch");

    what_ = "a truncated part";
    FRESH("");
    CHECK(on_rank0("truncate -s -3 %s", part) == 0);
    expect_refused(set, NULL, "truncated");
    FRESH("");
    CHECK(on_rank0("truncate -s 100 %s", part) == 0);
    expect_refused(set, NULL, "truncated");
    FRESH("");
    CHECK(on_rank0("truncate -s 0 %s", part) == 0);
    expect_refused(set, NULL, "no GMD-PART magic");

    what_ = "an unknown version";
    FRESH("");
    uint32_t v = 99;
    poke(part, 8, SEEK_SET, 0, &v);
    expect_refused(set, NULL, "version 99, this build reads version 1");

    what_ = "not a part";
    FRESH("");
    CHECK(on_rank0("cp %s %s", g, part) == 0);
    expect_refused(set, NULL, "no GMD-PART magic");

    what_ = "policy or relabelling other than asked";
    FRESH("--policy=in");
    gmd_load_options opt = { .policy = GMD_POLICY_OUT };
    expect_refused(set, &opt, "partitioned with policy in, but policy out was asked for");
    opt = (gmd_load_options){ .policy = GMD_POLICY_IN, .relabel = true, .relabel_seed = 5 };
    expect_refused(set, &opt, "not relabelled");
    FRESH("--relabel=6");
    opt = (gmd_load_options){ .policy = GMD_POLICY_BOTH, .relabel = true, .relabel_seed = 5 };
    expect_refused(set, &opt, "relabelled with another seed");
    opt.relabel_seed = 6;
    gmd_graph *G = gmd_load(set, &opt, &err);
    CHECK(G != NULL && G->old_of_new != NULL);
    gmd_graph_free(G);

    if (P >= 2) {
        what_ = "a part of another rank";
        FRESH("");
        CHECK(on_rank0("cp %s/bad.1.gmp %s/bad.0.gmp", dir, dir) == 0);
        expect_refused(set, NULL, "holds rank 1's part, expected rank 0's");

        what_ = "parts of two runs";
        FRESH("--policy=out");
        CHECK(on_rank0("%s partition --parts=%d --policy=in %s %s/other >/dev/null && cp %s/other.0.gmp %s/bad.0.gmp",
                       gmgraph_, P, g, dir, dir, dir) == 0);
        expect_refused(set, NULL, "different gmgraph partition runs");
    }
    what_ = "an intact set still loads";
    FRESH("");
    G = gmd_load(set, NULL, &err);
    CHECK(G != NULL);
    gmd_graph_free(G);
#undef FRESH
}

int main(int argc, char **argv)
{
    if (!mpi_test_start(&argc, &argv))
        return 1;
    gmrt_error err;
    if (argc < 3) {
        fprintf(stderr, "usage: test_gmp DIR GMGRAPH\n");
        gmd_finalize();
        return 2;
    }
    const char *dir = argv[1];
    gmgraph_ = argv[2];
    char path[4096], set[4096];
    snprintf(path, sizeof path, "%s/g.gmb", dir);
    snprintf(set, sizeof set, "%s/g.gmp", dir);
    int graphs = 0, sets = 0;
    const char *name;
    gm_graph *g;
    for (int k = 0; (g = test_graph(k, &name)) != NULL; k++, graphs++) {
        if (rank_ == 0 && !gmrt_graph_save(g, path, GMRT_FMT_GMB, &err)) {
            fprintf(stderr, "cannot save %s: %s\n", path, err.message);
            MPI_Abort(MPI_COMM_WORLD, 99);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        /* each gmgraph run costs a process start, slow when more ranks
         * than cores take turns: P <= 2 runs every policy on every graph
         * and relabels four; P >= 3 policy both on every graph, out and in
         * on the self-loops, the hub, the weighted random graph and the
         * sparse ids, relabelling the weighted ones */
        bool few = size_ >= 3, varied = k == 2 || k == 3 || k == 9 || k == 10;
        bool relabel_too = few ? k == 2 || k == 9 : varied;
        for (int pol = 0; pol < 3; pol++)
            for (int rl = 0; rl < 1 + relabel_too; rl++) {
                if (few && pol != GMD_POLICY_BOTH && (!varied || rl))
                    continue;
                char buf[160];
                snprintf(buf, sizeof buf, "graph '%s', policy %s%s", name, gmd_policy_name((gmd_policy)pol),
                         rl ? ", relabelled" : "");
                what_ = buf;
                gmd_load_options opt = { .policy = (gmd_policy)pol, .relabel = rl, .relabel_seed = 40 + (uint64_t)k };
                char relabel[64] = "";
                if (rl)
                    snprintf(relabel, sizeof relabel, "--relabel=%llu", (unsigned long long)opt.relabel_seed);
                /* "g.gmp" as OUTPREFIX: the suffix is dropped */
                if (on_rank0("%s partition --parts=%d --policy=%s %s %s %s >/dev/null", gmgraph_, size_,
                             gmd_policy_name(opt.policy), relabel, path, set) != 0) {
                    CHECK(!"gmgraph partition failed");
                    continue;
                }
                gmd_graph *A = gmd_load(set, NULL, &err);
                CHECK(A != NULL);
                if (!A && failures < 20)
                    fprintf(stderr, "rank %d: %s\n", rank_, err.message);
                gmd_graph *B = gmd_partition(g, &opt, &err);
                CHECK(B != NULL);
                if (A && B)
                    check_equal(A, B);
                gmd_graph_free(A);
                /* the same set with matching options loads too */
                A = gmd_load(set, &opt, &err);
                CHECK(A != NULL);
                if (A && B)
                    check_equal(A, B);
                gmd_graph_free(A);
                gmd_graph_free(B);
                sets++;
            }
        gmrt_graph_free(g);
    }
    bad_sets(dir);

    char summary[160];
    snprintf(summary, sizeof summary, "%d ranks, %d graphs, %d sets", size_, graphs, sets);
    return mpi_test_finish("test_gmp", summary);
}
