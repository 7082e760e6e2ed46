/* gmd_core.c: libgmrt-dist's process state (MPI start and stop, rank and
 * size), host scalar collectives, the mpi-host per-peer exchange, and the
 * communication counters.  The state is one static record per process: MPI
 * itself is per process, and every call comes from the rank's one calling
 * thread (gmd.h's contract). */
#include "gmd.h"
#include "gmd_internal.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    bool up;         /* gmd_init succeeded */
    bool owns_mpi;   /* gmd_init called MPI_Init */
    MPI_Comm comm;   /* a duplicate of MPI_COMM_WORLD: our messages never meet the program's */
    int rank, size, local_rank;
    gmd_counters c;
    double since;    /* MPI_Wtime() of the last reset (GMD_RANK_TIMES) */
} st = { .comm = MPI_COMM_NULL };

MPI_Comm gmd_comm_(void) { return st.comm; }

bool gmd_init(int *argc, char ***argv, gmrt_error *err)
{
    if (st.up)
        return true;
    int inited = 0;
    MPI_Initialized(&inited);
    if (!inited) {
        int provided = 0;
        if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
            gmrt_error_set(err, GMRT_E_IO, "gmd_init: MPI_Init_thread failed");
            return false;
        }
        st.owns_mpi = true;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &st.comm);
    MPI_Comm_rank(st.comm, &st.rank);
    MPI_Comm_size(st.comm, &st.size);
    MPI_Comm node;
    MPI_Comm_split_type(st.comm, MPI_COMM_TYPE_SHARED, st.rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &st.local_rank);
    MPI_Comm_free(&node);
    memset(&st.c, 0, sizeof st.c);
    st.up = true;
    return true;
}

void gmd_finalize(void)
{
    if (!st.up)
        return;
    MPI_Comm_free(&st.comm);
    st.comm = MPI_COMM_NULL;
    st.up = false;
    if (st.owns_mpi) {
        int fin = 0;
        MPI_Finalized(&fin);
        if (!fin)
            MPI_Finalize();
        st.owns_mpi = false;
    }
}

int gmd_rank(void) { return st.rank; }
int gmd_size(void) { return st.up ? st.size : 1; }
int gmd_local_rank(void) { return st.local_rank; }

void gmd_abort(int code, const char *message)
{
    fprintf(stderr, "rank %d: %s\n", st.rank, message);
    fflush(stderr);
    MPI_Abort(st.up ? st.comm : MPI_COMM_WORLD, code);
    abort(); /* MPI_Abort does not return; keeps the compiler sure of it */
}

/* ---- counters ---- */

double gmd_clock_(void) { return MPI_Wtime(); }

void gmd_count_(double t0, uint64_t bytes, uint64_t messages, uint64_t collectives)
{
    st.c.comm_ms += (MPI_Wtime() - t0) * 1e3;
    st.c.bytes_sent += bytes;
    st.c.messages += messages;
    st.c.collectives += collectives;
}

/* GMD_RANK_TIMES=1: each rank prints, on stderr, its own time since the last
 * reset and its communication time within it. The driver's time_ms and
 * comm_ms are the slowest rank's; this shows which rank that is: a rank
 * that computes less waits longer inside collectives, so computing time is
 * the span minus comm. */
gmd_counters gmd_get_counters(void)
{
    const char *v = getenv("GMD_RANK_TIMES");
    if (v && *v && strcmp(v, "0") != 0) {
        double span = (MPI_Wtime() - st.since) * 1e3;
        fprintf(stderr, "rank %d: span %.3f ms, comm %.3f ms, compute %.3f ms (%.1f MB sent, %llu collectives)\n",
                st.rank, span, st.c.comm_ms, span - st.c.comm_ms, (double)st.c.bytes_sent / 1e6,
                (unsigned long long)st.c.collectives);
    }
    return st.c;
}

void gmd_reset_counters(void)
{
    memset(&st.c, 0, sizeof st.c);
    st.since = MPI_Wtime();
}

void gmd_count_bfs_levels(int64_t levels)
{
    if (levels > st.c.bfs_levels)
        st.c.bfs_levels = levels;
}

void gmd_note_levels(const gmd_counters *c, const char *prog)
{
    if (st.rank != 0 || st.size < 2 || c->bfs_levels < GMD_MANY_LEVELS)
        return;
    fprintf(stderr,
            "%s: note: a BFS took %lld levels, and each level waits for all %d ranks: a graph of thousands of "
            "levels (a grid, a road network) runs best on one GPU or in one process (a build without "
            "--distributed)\n",
            prog, (long long)c->bfs_levels, st.size);
}

void gmd_barrier(void)
{
    double t0 = MPI_Wtime();
    MPI_Barrier(st.comm);
    gmd_count_(t0, 0, 0, 1);
}

void gmd_bcast(void *data, size_t bytes, int root)
{
    double t0 = MPI_Wtime();
    /* MPI counts are int: large buffers go in pieces */
    for (size_t off = 0; off < bytes;) {
        size_t n = bytes - off > (size_t)1 << 30 ? (size_t)1 << 30 : bytes - off;
        MPI_Bcast((char *)data + off, (int)n, MPI_BYTE, root, st.comm);
        off += n;
    }
    gmd_count_(t0, st.rank == root ? bytes : 0, 0, 1);
}

/* ---- scalar collectives ---- */

MPI_Datatype gmd_mpi_type_(gmrt_type t)
{
    switch (t) {
    case GMRT_T_INT32: return MPI_INT32_T;
    case GMRT_T_INT64: return MPI_INT64_T;
    case GMRT_T_FLOAT: return MPI_FLOAT;
    case GMRT_T_DOUBLE: return MPI_DOUBLE;
    case GMRT_T_BOOL: return MPI_C_BOOL;
    case GMRT_T_NODE: return MPI_INT32_T;
    case GMRT_T_EDGE: return sizeof(gm_edge_t) == 8 ? MPI_INT64_T : MPI_INT32_T;
    }
    return MPI_DATATYPE_NULL;
}

/* MPI's operator for op on type t, or MPI_OP_NULL when it has no meaning. */
static MPI_Op mpi_op(gmrt_type t, gmd_op op)
{
    if (t == GMRT_T_BOOL) {
        switch (op) {
        case GMD_AND: case GMD_MIN: return MPI_LAND;
        case GMD_OR: case GMD_MAX: return MPI_LOR;
        default: return MPI_OP_NULL;
        }
    }
    switch (op) {
    case GMD_SUM: return MPI_SUM;
    case GMD_MIN: return MPI_MIN;
    case GMD_MAX: return MPI_MAX;
    default: return MPI_OP_NULL;
    }
}

bool gmd_allreduce(void *values, size_t count, gmrt_type t, gmd_op op)
{
    MPI_Datatype dt = gmd_mpi_type_(t);
    MPI_Op o = mpi_op(t, op);
    if (dt == MPI_DATATYPE_NULL || o == MPI_OP_NULL || count > INT32_MAX)
        return false;
    if (count == 0)
        return true;
    double t0 = MPI_Wtime();
    MPI_Allreduce(MPI_IN_PLACE, values, (int)count, dt, o, st.comm);
    gmd_count_(t0, count * gmrt_type_size(t), 0, 1);
    return true;
}

void gmd_allreduce_int32(int32_t *v, gmd_op op) { gmd_allreduce(v, 1, GMRT_T_INT32, op); }
void gmd_allreduce_int64(int64_t *v, gmd_op op) { gmd_allreduce(v, 1, GMRT_T_INT64, op); }
void gmd_allreduce_float(float *v, gmd_op op) { gmd_allreduce(v, 1, GMRT_T_FLOAT, op); }
void gmd_allreduce_double(double *v, gmd_op op) { gmd_allreduce(v, 1, GMRT_T_DOUBLE, op); }
void gmd_allreduce_bool(bool *v, gmd_op op) { gmd_allreduce(v, 1, GMRT_T_BOOL, op); }

/* ---- the mpi-host exchange ---- */

/* Messages larger than this go in pieces (MPI counts are int). */
#define PIECE ((size_t)1 << 30)

void gmd_exchange(const void *send, const size_t *send_count, const size_t *send_off, void *recv,
                  const size_t *recv_count, const size_t *recv_off, size_t elem_size)
{
    double t0 = MPI_Wtime();
    size_t nreq = 0;
    for (int p = 0; p < st.size; p++) {
        if (p == st.rank)
            continue;
        nreq += (send_count[p] * elem_size + PIECE - 1) / PIECE;
        nreq += (recv_count[p] * elem_size + PIECE - 1) / PIECE;
    }
    MPI_Request *req = nreq ? malloc(nreq * sizeof *req) : NULL;
    if (nreq && !req)
        gmd_abort(3, "gmd_exchange: out of memory");
    size_t k = 0;
    uint64_t bytes = 0, msgs = 0;
    for (int p = 0; p < st.size; p++) {
        if (p == st.rank)
            continue;
        char *r = (char *)recv + recv_off[p] * elem_size;
        size_t len = recv_count[p] * elem_size;
        for (size_t off = 0; off < len; off += PIECE) {
            size_t n = len - off < PIECE ? len - off : PIECE;
            MPI_Irecv(r + off, (int)n, MPI_BYTE, p, 7, st.comm, &req[k++]);
        }
    }
    for (int p = 0; p < st.size; p++) {
        size_t len = send_count[p] * elem_size;
        const char *s = (const char *)send + send_off[p] * elem_size;
        if (p == st.rank) {
            if (len)
                memcpy((char *)recv + recv_off[p] * elem_size, s, len);
            continue;
        }
        for (size_t off = 0; off < len; off += PIECE) {
            size_t n = len - off < PIECE ? len - off : PIECE;
            MPI_Isend(s + off, (int)n, MPI_BYTE, p, 7, st.comm, &req[k++]);
            msgs++;
        }
        bytes += len;
    }
    if (k)
        MPI_Waitall((int)k, req, MPI_STATUSES_IGNORE);
    free(req);
    gmd_count_(t0, bytes, msgs, 0);
}

bool gmd_agree_(bool ok, gmrt_error *err)
{
    int bad = ok ? st.size : st.rank; /* lowest failing rank, or size when none */
    double t0 = MPI_Wtime();
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MIN, st.comm);
    if (bad == st.size) {
        gmd_count_(t0, sizeof bad, 0, 1);
        return true;
    }
    gmrt_error e;
    gmrt_error_clear(&e);
    if (st.rank == bad && err)
        e = *err;
    MPI_Bcast(&e, (int)sizeof e, MPI_BYTE, bad, st.comm);
    gmd_count_(t0, sizeof bad, 0, 2);
    if (err) {
        if (st.size > 1 && st.rank != bad)
            gmrt_error_set(err, e.code ? e.code : GMRT_E_IO, "rank %d: %s", bad, e.message);
        else
            *err = e;
    }
    return false;
}
