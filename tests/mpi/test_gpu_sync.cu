/* tests/mpi/test_gpu_sync.cu: libgmrt-dist-cuda (gmd_gpu.h) under
 * mpirun -np P with the transport named by the argument (nccl, mpi or
 * auto; driver: tests/mpi/gpu_sync.sh).  For small
 * graphs (empty, isolated nodes, self-loops and duplicates, a hub, a long
 * path, random ones), each policy, with and without relabelling, and every
 * type: the device broadcast gives every ghost its owner's value (known from
 * the global id), and the device broadcast, reduce (every operator the type
 * has) and allreduce give the same bytes as libgmrt-dist's host syncs on a
 * copy of the same values (the independent reference; both combine in rank
 * order, so floating sums agree to the bit), and so does the arg-min/max
 * reduce with three payloads of different widths over keys with many ties
 * (gmd_gpu_sync_reduce_arg against gmd_sync_reduce_arg); where no rank has a ghost (one
 * rank) the device syncs and (one rank) allreduce count no time, message
 * or collective: they return without waiting or communicating.  The
 * broadcast of a table kept in positions (gmd_gpu_sync_broadcast_at, the
 * gather order of gmc -t cuda --distributed): each rank its own random
 * permutation of its local ids (some ranks none: id order), owner v's value
 * at its pos[v]; after it every ghost g holds f(its global id) at the
 * receiver's pos[g] and nothing else changed.  Exit 0 when every rank
 * passed, 1 otherwise, 77 (every rank) without a GPU. */
#include <mpi.h>
#include <cuda_runtime.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmd.h"
#include "gmd_gpu.h"

static int failures, checks;
static int rank_, size_;
static char what_[160];

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        checks++;                                                                                                      \
        if (!(cond) && failures++ < 20)                                                                                \
            fprintf(stderr, "rank %d/%d: %s: %s:%d: %s\n", rank_, size_, what_, __FILE__, __LINE__, #cond);            \
    } while (0)

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

/* Test graph k (NULL past the last), the same on every rank. */
static gm_graph *test_graph(int k, const char **name)
{
    static gm_node_t s[4000], d[4000];
    size_t m = 0;
    gm_node_t n = 0;
    uint64_t seed = 99 + (uint64_t)k;
    switch (k) {
    case 0: *name = "empty"; break;
    case 1: *name = "isolated nodes"; n = 5; break;
    case 2: {
        *name = "self-loops and duplicates";
        static const gm_node_t p[][2] = { { 0, 0 }, { 0, 0 }, { 1, 2 }, { 1, 2 }, { 2, 1 }, { 3, 3 }, { 4, 0 }, { 0, 4 } };
        for (size_t i = 0; i < sizeof p / sizeof p[0]; i++, m++)
            s[m] = p[i][0], d[m] = p[i][1];
        n = 6;
        break;
    }
    case 3:
        *name = "hub";
        n = 50;
        for (gm_node_t v = 1; v < n; v++) {
            s[m] = 0, d[m++] = v;
            s[m] = v, d[m++] = 0;
        }
        break;
    case 4:
        *name = "long path";
        n = 300;
        for (gm_node_t v = 0; v + 1 < n; v++)
            s[m] = v, d[m++] = v + 1;
        break;
    case 5: case 6:
        *name = k == 5 ? "random sparse" : "random dense";
        n = k == 5 ? 400 : 60;
        for (size_t i = 0; i < (k == 5 ? 1200u : 3000u); i++, m++) {
            s[m] = (gm_node_t)(lcg(&seed) % (uint64_t)n);
            d[m] = (gm_node_t)(lcg(&seed) % (uint64_t)n);
        }
        break;
    default: return NULL;
    }
    gmrt_error err;
    gm_graph *g = gmrt_graph_from_edges(n, m, s, d, NULL, NULL, &err);
    if (!g) {
        fprintf(stderr, "cannot build a test graph: %s\n", err.message);
        exit(99);
    }
    return g;
}

static const gmrt_type types[] = { GMRT_T_INT32, GMRT_T_INT64, GMRT_T_FLOAT, GMRT_T_DOUBLE,
                                   GMRT_T_BOOL,  GMRT_T_NODE,  GMRT_T_EDGE };
static const char *type_name(gmrt_type t)
{
    static const char *names[] = { "?", "Int", "Long", "Float", "Double", "Bool", "Node", "Edge" };
    return names[t];
}

/* A value of type t made from x (floats with fractions: sums must agree bitwise). */
static void put(void *a, size_t i, gmrt_type t, uint64_t x)
{
    switch (t) {
    case GMRT_T_INT32: case GMRT_T_NODE: ((int32_t *)a)[i] = (int32_t)(x % 100000) - 50000; break;
    case GMRT_T_INT64: ((int64_t *)a)[i] = (int64_t)(x % 10000000000ull) - 5000000000ll; break;
    case GMRT_T_EDGE: ((gm_edge_t *)a)[i] = (gm_edge_t)(x % 100000); break;
    case GMRT_T_FLOAT: ((float *)a)[i] = (float)(x % 100000) / 7.0f; break;
    case GMRT_T_DOUBLE: ((double *)a)[i] = (double)(x % 1000000) / 3.0; break;
    case GMRT_T_BOOL: ((bool *)a)[i] = (x >> 7) & 1; break;
    }
}

/* One sync on the host copy and on the device copy; the same bytes after. */
static void compare(const gmd_graph *G, gmd_gpu_graph *H, gmrt_type t, int op /* 0: broadcast */)
{
    size_t es = gmrt_type_size(t), nl = (size_t)gmd_num_local(G);
    char *host = (char *)malloc(nl * es + 1), *back = (char *)malloc(nl * es + 1);
    void *dev = NULL;
    uint64_t seed = 7 + (uint64_t)rank_ * 1000003u + (uint64_t)t * 31 + (uint64_t)op;
    for (size_t i = 0; i < nl; i++) /* owners: a function of the global id; ghosts: this rank's own */
        put(host, i, t, i < (size_t)G->num_owned && op == 0 ? (uint64_t)gmd_global_id(G, (gm_node_t)i) * 2654435761u
                                                             : lcg(&seed));
    CHECK(cudaMalloc(&dev, nl * es + 1) == cudaSuccess);
    CHECK(cudaMemcpy(dev, host, nl * es, cudaMemcpyHostToDevice) == cudaSuccess);
    int64_t ghosts = (int64_t)G->num_ghosts; /* none on any rank (one rank): the device sync is free */
    gmd_allreduce_int64(&ghosts, GMD_SUM);
    gmd_counters c0 = gmd_get_counters(), c1;
    if (op == 0) {
        CHECK(gmd_gpu_sync_broadcast(H, dev, t));
        c1 = gmd_get_counters();
        CHECK(gmd_sync_broadcast(G, host, t));
    } else {
        CHECK(gmd_gpu_sync_reduce(H, dev, t, (gmd_op)op));
        c1 = gmd_get_counters();
        CHECK(gmd_sync_reduce(G, host, t, (gmd_op)op));
    }
    if (ghosts == 0) /* no stream wait, no exchange: no time or message counted */
        CHECK(c1.comm_ms == c0.comm_ms && c1.messages == c0.messages && c1.collectives == c0.collectives);
    CHECK(cudaMemcpy(back, dev, nl * es, cudaMemcpyDeviceToHost) == cudaSuccess);
    CHECK(memcmp(host, back, nl * es) == 0);
    if (op == 0) { /* independently: each ghost holds f(its global id) */
        char *want = (char *)malloc(es + 1);
        bool all = true;
        for (size_t i = (size_t)G->num_owned; i < nl; i++) {
            put(want, 0, t, (uint64_t)gmd_global_id(G, (gm_node_t)i) * 2654435761u);
            all = all && memcmp(want, back + i * es, es) == 0;
        }
        CHECK(all);
        free(want);
    }
    cudaFree(dev);
    free(host);
    free(back);
}

/* An arg-min/max reduce of a key of type t (few distinct values: ties
 * everywhere, so the lowest rank's copy must win among equals) with a Bool,
 * a Long and a Float payload (widths 1, 8, 4: each payload's part of the
 * device's receive buffer aligned), on the host and on the device: the same
 * bytes in the key and every payload. */
static void compare_arg(const gmd_graph *G, gmd_gpu_graph *H, gmrt_type t, bool is_min)
{
    const gmrt_type pt[3] = { GMRT_T_BOOL, GMRT_T_INT64, GMRT_T_FLOAT };
    size_t nl = (size_t)gmd_num_local(G), ks = gmrt_type_size(t);
    uint64_t seed = 11 + (uint64_t)rank_ * 7919u + (uint64_t)t * 131 + (is_min ? 1 : 0);
    char *host[4], *back = (char *)malloc(nl * 8 + 1);
    void *dev[4];
    for (int j = 0; j < 4; j++) {
        gmrt_type tj = j == 0 ? t : pt[j - 1];
        size_t es = gmrt_type_size(tj);
        host[j] = (char *)malloc(nl * es + 1);
        for (size_t i = 0; i < nl; i++)
            put(host[j], i, tj, j == 0 ? lcg(&seed) % 5 : lcg(&seed));
        CHECK(cudaMalloc(&dev[j], nl * es + 1) == cudaSuccess);
        CHECK(cudaMemcpy(dev[j], host[j], nl * es, cudaMemcpyHostToDevice) == cudaSuccess);
    }
    void *const hpay[3] = { host[1], host[2], host[3] }, *const dpay[3] = { dev[1], dev[2], dev[3] };
    CHECK(gmd_gpu_sync_reduce_arg(H, dev[0], t, is_min, 3, dpay, pt));
    CHECK(gmd_sync_reduce_arg(G, host[0], t, is_min, 3, hpay, pt));
    for (int j = 0; j < 4; j++) {
        size_t es = j == 0 ? ks : gmrt_type_size(pt[j - 1]);
        CHECK(cudaMemcpy(back, dev[j], nl * es, cudaMemcpyDeviceToHost) == cudaSuccess);
        CHECK(memcmp(host[j], back, nl * es) == 0);
        cudaFree(dev[j]);
        free(host[j]);
    }
    free(back);
}

/* gmd_gpu_sync_broadcast_at with this rank's permutation of its local ids
 * (identity, NULL, on ranks 1, 4, 7, ...): every ghost's f(global id) at
 * the receiver's position, every other element as it was; twice (the
 * receive buffer kept), the second time over values changed in between. */
static void compare_at(const gmd_graph *G, gmd_gpu_graph *H, gmrt_type t, int k)
{
    size_t es = gmrt_type_size(t), nl = (size_t)gmd_num_local(G);
    gm_node_t *pos = (gm_node_t *)malloc((nl + 1) * sizeof *pos);
    char *host = (char *)malloc(nl * es + 1), *want = (char *)malloc(nl * es + 1), *back = (char *)malloc(nl * es + 1);
    uint64_t seed = 11 + (uint64_t)rank_ * 7919u + (uint64_t)t * 131 + (uint64_t)k * 17;
    const bool id_order = rank_ % 3 == 1;
    for (size_t i = 0; i < nl; i++)
        pos[i] = (gm_node_t)i;
    for (size_t i = nl; !id_order && i > 1; i--) { /* Fisher-Yates */
        size_t j = (size_t)(lcg(&seed) % i);
        gm_node_t x = pos[i - 1];
        pos[i - 1] = pos[j];
        pos[j] = x;
    }
    gm_node_t *dpos = NULL;
    void *dev = NULL;
    CHECK(cudaMalloc((void **)&dpos, (nl + 1) * sizeof *dpos) == cudaSuccess);
    CHECK(cudaMemcpy(dpos, pos, nl * sizeof *pos, cudaMemcpyHostToDevice) == cudaSuccess);
    CHECK(cudaMalloc(&dev, nl * es + 1) == cudaSuccess);
    for (int round = 0; round < 2; round++) {
        for (size_t i = 0; i < nl; i++) { /* owners: f(round, global id) at pos; ghosts: junk */
            uint64_t f = ((uint64_t)gmd_global_id(G, (gm_node_t)i) + 1000u * (uint64_t)round) * 2654435761u;
            put(host, (size_t)pos[i], t, i < (size_t)G->num_owned ? f : lcg(&seed));
            put(want, (size_t)pos[i], t, f);
        }
        CHECK(cudaMemcpy(dev, host, nl * es, cudaMemcpyHostToDevice) == cudaSuccess);
        CHECK(gmd_gpu_sync_broadcast_at(H, dev, t, id_order ? NULL : dpos));
        CHECK(cudaMemcpy(back, dev, nl * es, cudaMemcpyDeviceToHost) == cudaSuccess);
        CHECK(memcmp(want, back, nl * es) == 0);
    }
    cudaFree(dev);
    cudaFree(dpos);
    free(pos);
    free(host);
    free(want);
    free(back);
}

static void check_allreduce(void)
{
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        gmrt_type t = types[k];
        for (int op = GMD_SUM; op <= GMD_OR; op++) {
            size_t es = gmrt_type_size(t), n = 5;
            char host[64], back[64];
            void *dev = NULL;
            uint64_t seed = 3 + (uint64_t)rank_ * 17 + (uint64_t)op;
            for (size_t i = 0; i < n; i++)
                put(host, i, t, lcg(&seed));
            snprintf(what_, sizeof what_, "allreduce %s op %d", type_name(t), op);
            CHECK(cudaMalloc(&dev, n * es) == cudaSuccess);
            CHECK(cudaMemcpy(dev, host, n * es, cudaMemcpyHostToDevice) == cudaSuccess);
            bool ok_host = gmd_allreduce(host, n, t, (gmd_op)op);
            gmd_counters c0 = gmd_get_counters();
            bool ok_dev = gmd_gpu_allreduce(dev, n, t, (gmd_op)op);
            gmd_counters c1 = gmd_get_counters();
            if (size_ == 1) /* one rank: no copy, no collective, nothing counted */
                CHECK(c1.comm_ms == c0.comm_ms && c1.collectives == c0.collectives);
            CHECK(ok_host == ok_dev); /* the same refusals */
            if (ok_host && ok_dev) {
                CHECK(cudaMemcpy(back, dev, n * es, cudaMemcpyDeviceToHost) == cudaSuccess);
                /* floating sums: NCCL's order may differ from MPI's; compare within 1e-6 */
                bool same = true;
                for (size_t i = 0; i < n; i++) {
                    if (t == GMRT_T_FLOAT && op == GMD_SUM)
                        same = same && (((float *)host)[i] - ((float *)back)[i]) * (((float *)host)[i] - ((float *)back)[i]) <=
                                           1e-6f * (1 + ((float *)host)[i] * ((float *)host)[i]);
                    else if (t == GMRT_T_DOUBLE && op == GMD_SUM)
                        same = same && (((double *)host)[i] - ((double *)back)[i]) * (((double *)host)[i] - ((double *)back)[i]) <=
                                           1e-18 * (1 + ((double *)host)[i] * ((double *)host)[i]);
                    else
                        same = same && memcmp(host + i * es, back + i * es, es) == 0;
                }
                CHECK(same);
            }
            cudaFree(dev);
        }
    }
}

int main(int argc, char **argv)
{
    gmrt_error err;
    if (!gmd_init(&argc, &argv, &err)) {
        fprintf(stderr, "gmd_init: %s\n", err.message);
        return 1;
    }
    rank_ = gmd_rank();
    size_ = gmd_size();
    int ndev = 0;
    bool have = cudaGetDeviceCount(&ndev) == cudaSuccess && ndev > 0;
    gmd_allreduce_bool(&have, GMD_AND);
    if (!have) {
        if (rank_ == 0)
            printf("SKIP: no CUDA device\n");
        gmd_finalize();
        return 77;
    }
    int comm = gmd_comm_parse(argc > 1 ? argv[1] : "auto");
    if (comm < 0) {
        if (rank_ == 0)
            fprintf(stderr, "usage: test_gpu_sync [nccl|mpi|auto]\n");
        gmd_finalize();
        return 2;
    }
    if (!gmd_gpu_init((gmd_comm)comm, &err)) { /* every rank has the message; the driver looks for it */
        if (rank_ == 0)
            fprintf(stderr, "gmd_gpu_init: %s\n", err.message);
        gmd_finalize();
        return 2;
    }
    check_allreduce();
    const char *name;
    gm_graph *g;
    for (int k = 0; (g = test_graph(k, &name)) != NULL; k++) {
        for (int pol = 0; pol < 3; pol++)
            for (int relabel = 0; relabel < 2; relabel++) {
                gmd_load_options o = { (gmd_policy)pol, relabel != 0, 42, NULL, false, false };
                gmd_graph *G = gmd_partition(g, &o, &err);
                snprintf(what_, sizeof what_, "%s, policy %s%s", name, gmd_policy_name((gmd_policy)pol),
                         relabel ? ", relabelled" : "");
                CHECK(G != NULL);
                if (!G)
                    continue;
                gmd_gpu_graph *H = gmd_gpu_attach(G, &err);
                CHECK(H != NULL);
                for (size_t k2 = 0; H && k2 < sizeof types / sizeof types[0]; k2++) {
                    gmrt_type t = types[k2];
                    snprintf(what_, sizeof what_, "%s, policy %s%s, %s", name, gmd_policy_name((gmd_policy)pol),
                             relabel ? ", relabelled" : "", type_name(t));
                    compare(G, H, t, 0);
                    compare_at(G, H, t, k);
                    if (t == GMRT_T_BOOL) {
                        compare(G, H, t, GMD_AND);
                        compare(G, H, t, GMD_OR);
                    } else {
                        compare(G, H, t, GMD_SUM);
                        compare(G, H, t, GMD_MIN);
                        compare(G, H, t, GMD_MAX);
                        compare_arg(G, H, t, true);
                        compare_arg(G, H, t, false);
                    }
                }
                /* operators a type has no meaning for are refused, as on the host */
                if (H) {
                    CHECK(!gmd_gpu_sync_reduce(H, NULL, GMRT_T_BOOL, GMD_SUM));
                    CHECK(!gmd_gpu_sync_reduce(H, NULL, GMRT_T_DOUBLE, GMD_OR));
                    const gmrt_type many[GMD_GPU_MAX_PAYLOADS + 1] = { GMRT_T_INT32 };
                    void *const none[GMD_GPU_MAX_PAYLOADS + 1] = { NULL };
                    CHECK(!gmd_gpu_sync_reduce_arg(H, NULL, GMRT_T_INT32, true, GMD_GPU_MAX_PAYLOADS + 1, none, many));
                }
                gmd_gpu_detach(H);
                gmd_graph_free(G);
            }
        gmrt_graph_free(g);
    }
    /* Round latency, printed, never asserted: the first broadcast of a
     * Double property on a fresh graph (connection set-up included), then
     * the mean of the next 200 broadcasts and 200 reduces. */
    double first_us = 0, bcast_us = 0, reduce_us = 0;
    {
        gm_graph *lg = test_graph(6, &name);
        gmd_graph *G = gmd_partition(lg, NULL, &err);
        gmd_gpu_graph *H = G ? gmd_gpu_attach(G, &err) : NULL;
        double *dev = NULL;
        if (H && cudaMalloc((void **)&dev, ((size_t)gmd_num_local(G) + 1) * sizeof *dev) == cudaSuccess) {
            cudaMemset(dev, 0, ((size_t)gmd_num_local(G) + 1) * sizeof *dev);
            gmd_barrier();
            double t0 = MPI_Wtime();
            gmd_gpu_sync_broadcast(H, dev, GMRT_T_DOUBLE);
            double t1 = MPI_Wtime();
            for (int i = 0; i < 200; i++)
                gmd_gpu_sync_broadcast(H, dev, GMRT_T_DOUBLE);
            double t2 = MPI_Wtime();
            for (int i = 0; i < 200; i++)
                gmd_gpu_sync_reduce(H, dev, GMRT_T_DOUBLE, GMD_MIN);
            double t3 = MPI_Wtime();
            first_us = (t1 - t0) * 1e6, bcast_us = (t2 - t1) / 200 * 1e6, reduce_us = (t3 - t2) / 200 * 1e6;
            cudaFree(dev);
        }
        gmd_gpu_detach(H);
        gmd_graph_free(G);
        gmrt_graph_free(lg);
    }
    gmd_counters c = gmd_get_counters();
    int bad = failures;
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank_ == 0)
        printf("gpu_sync: %d ranks over %s (rank 0 on GPU %d), %d checks per rank, %d failed; %.1f ms in "
               "transfers; one sync of a 60-node graph: first %.0f us, then broadcast %.1f us, reduce %.1f us\n",
               size_, gmd_comm_name((gmd_comm)gmd_gpu_comm()), gmd_gpu_device(), checks, bad, c.comm_ms, first_us,
               bcast_us, reduce_us);
    gmd_gpu_finalize();
    gmd_finalize();
    return bad ? 1 : 0;
}
