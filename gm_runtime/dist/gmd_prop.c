/* gmd_prop.c: node properties of a gmd_graph: scatter from and gather to
 * rank 0 in the file's node order (undoing the relabelling), property files,
 * and the dense owner<->ghost syncs over the mpi-host exchange. */
#include "gmd.h"
#include "gmd_internal.h"
#include "gmrt_prop.h"

#include <stdlib.h>
#include <string.h>

/* The values of gid 0..n-1 (global order) are those of OLD(gid) in the
 * file's order: perm copies between the two orders. */
static void to_global_order(const gmd_graph *G, const char *file_order, char *global_order, size_t es)
{
    for (int64_t g = 0; g < G->global_nodes; g++)
        memcpy(global_order + (size_t)g * es, file_order + (size_t)G->old_of_new[g] * es, es);
}

static void to_file_order(const gmd_graph *G, const char *global_order, char *file_order, size_t es)
{
    for (int64_t g = 0; g < G->global_nodes; g++)
        memcpy(file_order + (size_t)G->old_of_new[g] * es, global_order + (size_t)g * es, es);
}

static bool bad_type(gmrt_type t, const char *fn, gmrt_error *err)
{
    if (gmrt_type_size(t) != 0)
        return false;
    gmrt_error_set(err, GMRT_E_ARG, "%s: unknown property type %d", fn, (int)t);
    return true;
}

/* What gmd_scatter and gmd_gather share: the owner blocks' counts and
 * displacements (in elements; MPI's int: a graph has at most INT32_MAX
 * nodes), rank 0's staging buffer in global order when the ids are
 * relabelled, and an MPI type of one element. */
typedef struct block_xfer {
    size_t es;
    int *cnt, *disp;
    char *buf; /* rank 0, relabelled: n elements in global order; else NULL */
    MPI_Datatype et;
} block_xfer;

static void xfer_end(block_xfer *x)
{
    if (x->et != MPI_DATATYPE_NULL)
        MPI_Type_free(&x->et);
    free(x->cnt);
    free(x->disp);
    free(x->buf);
}

/* COLLECTIVE. false on every rank (err set, x released) when a rank lacks
 * memory or t is unknown. */
static bool xfer_begin(const gmd_graph *G, gmrt_type t, const char *fn, block_xfer *x, gmrt_error *err)
{
    memset(x, 0, sizeof *x);
    x->et = MPI_DATATYPE_NULL;
    if (bad_type(t, fn, err))
        return false;
    x->es = gmrt_type_size(t);
    x->cnt = malloc((size_t)G->size * sizeof *x->cnt);
    x->disp = malloc((size_t)G->size * sizeof *x->disp);
    bool ok = x->cnt && x->disp;
    if (ok && G->rank == 0 && G->old_of_new) {
        x->buf = malloc((size_t)G->global_nodes * x->es + 1);
        ok = x->buf != NULL;
    }
    if (ok)
        for (int p = 0; p < G->size; p++) {
            x->cnt[p] = (int)(G->block[p + 1] - G->block[p]);
            x->disp[p] = (int)G->block[p];
        }
    else
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory (rank %d)", fn, G->rank);
    if (!gmd_agree_(ok, err)) {
        xfer_end(x);
        return false;
    }
    MPI_Type_contiguous((int)x->es, MPI_BYTE, &x->et);
    MPI_Type_commit(&x->et);
    return true;
}

bool gmd_scatter(const gmd_graph *G, const void *all, void *owned, gmrt_type t, gmrt_error *err)
{
    block_xfer x;
    if (!xfer_begin(G, t, "gmd_scatter", &x, err))
        return false;
    const char *src = all;
    if (x.buf) {
        to_global_order(G, all, x.buf, x.es);
        src = x.buf;
    }
    double t0 = MPI_Wtime();
    MPI_Scatterv(src, x.cnt, x.disp, x.et, owned, (int)G->num_owned, x.et, 0, gmd_comm_());
    gmd_count_(t0, G->rank == 0 ? (uint64_t)G->global_nodes * x.es : 0, 0, 1);
    xfer_end(&x);
    return true;
}

bool gmd_gather(const gmd_graph *G, const void *owned, void *all, gmrt_type t, gmrt_error *err)
{
    block_xfer x;
    if (!xfer_begin(G, t, "gmd_gather", &x, err))
        return false;
    double t0 = MPI_Wtime();
    MPI_Gatherv(owned, (int)G->num_owned, x.et, x.buf ? x.buf : all, x.cnt, x.disp, x.et, 0, gmd_comm_());
    gmd_count_(t0, (uint64_t)G->num_owned * x.es, 0, 1);
    if (x.buf)
        to_file_order(G, x.buf, all, x.es);
    xfer_end(&x);
    return true;
}

bool gmd_write_property(const gmd_graph *G, const char *path, const void *owned, gmrt_type t, gmrt_error *err)
{
    if (bad_type(t, "gmd_write_property", err))
        return false;
    size_t es = gmrt_type_size(t);
    char *all = NULL;
    bool ok = true;
    if (G->rank == 0) {
        all = malloc((size_t)G->global_nodes * es + 1);
        ok = all != NULL;
        if (!ok)
            gmrt_error_set(err, GMRT_E_NOMEM, "gmd_write_property: out of memory for %s", path);
    }
    if (!gmd_agree_(ok, err) || !gmd_gather(G, owned, all, t, err)) {
        free(all);
        return false;
    }
    if (G->rank == 0)
        ok = gmrt_prop_save_text(path, t, all, (size_t)G->global_nodes, err);
    free(all);
    return gmd_agree_(ok, err);
}

bool gmd_read_property(const gmd_graph *G, const char *path, void *owned, gmrt_type t, gmrt_error *err)
{
    if (bad_type(t, "gmd_read_property", err))
        return false;
    size_t es = gmrt_type_size(t);
    char *all = NULL;
    bool ok = true;
    if (G->rank == 0) {
        all = malloc((size_t)G->global_nodes * es + 1);
        ok = all != NULL;
        if (!ok)
            gmrt_error_set(err, GMRT_E_NOMEM, "gmd_read_property: out of memory for %s", path);
        else
            ok = gmrt_prop_load(path, t, all, (size_t)G->global_nodes, err);
    }
    ok = gmd_agree_(ok, err) && gmd_scatter(G, all, owned, t, err);
    free(all);
    return ok;
}

int64_t gmd_gid_of_file_id(const gmd_graph *G, int64_t file_id)
{
    if (file_id < 0 || file_id >= G->global_nodes)
        return -1;
    return G->new_of_old ? G->new_of_old[file_id] : file_id;
}

int64_t gmd_file_id_of_gid(const gmd_graph *G, int64_t gid)
{
    if (gid < 0 || gid >= G->global_nodes)
        return -1;
    return G->old_of_new ? G->old_of_new[gid] : gid;
}

bool gmd_owner_read(const gmd_graph *G, int64_t gid, const void *prop, gmrt_type t, void *value)
{
    size_t es = gmrt_type_size(t);
    if (es == 0 || gid < 0 || gid >= G->global_nodes) /* the same answer on every rank: no message */
        return false;
    int owner = gmd_owner(G, gid);
    if (owner == G->rank)
        memcpy(value, (const char *)prop + (size_t)(gid - G->block[G->rank]) * es, es);
    gmd_bcast(value, es, owner);
    return true;
}

bool gmd_owner_write(const gmd_graph *G, int64_t gid, void *prop, gmrt_type t, const void *value)
{
    size_t es = gmrt_type_size(t);
    if (es == 0 || gid < G->block[G->rank] || gid >= G->block[G->rank + 1])
        return false;
    memcpy((char *)prop + (size_t)(gid - G->block[G->rank]) * es, value, es);
    return true;
}

/* ---- dense syncs ---- */

/* Per-peer counts and offsets for gmd_exchange: owners side (send lists,
 * packed one after another) and ghosts side (the ghost slices of prop). */
typedef struct sync_plan {
    size_t *own_cnt, *own_off, *gh_cnt, *gh_off;
} sync_plan;

static bool plan(const gmd_graph *G, sync_plan *s, size_t *packed)
{
    size_t P = (size_t)G->size;
    s->own_cnt = malloc(4 * P * sizeof(size_t));
    if (!s->own_cnt)
        return false;
    s->own_off = s->own_cnt + P;
    s->gh_cnt = s->own_cnt + 2 * P;
    s->gh_off = s->own_cnt + 3 * P;
    size_t total = 0;
    for (size_t p = 0; p < P; p++) {
        s->own_cnt[p] = (size_t)G->send_count[p];
        s->own_off[p] = total;
        total += (size_t)G->send_count[p];
        s->gh_cnt[p] = (size_t)(G->ghost_begin[p + 1] - G->ghost_begin[p]);
        s->gh_off[p] = (size_t)G->ghost_begin[p];
    }
    *packed = total;
    return true;
}

bool gmd_sync_broadcast(const gmd_graph *G, void *prop, gmrt_type t)
{
    size_t es = gmrt_type_size(t), total = 0;
    sync_plan s;
    if (es == 0 || !plan(G, &s, &total))
        return false;
    char *buf = malloc(total * es + 1);
    if (!buf)
        gmd_abort(3, "gmd_sync_broadcast: out of memory");
    char *k = buf;
    for (int p = 0; p < G->size; p++)
        for (gm_node_t i = 0; i < G->send_count[p]; i++, k += es)
            memcpy(k, (char *)prop + (size_t)G->send_idx[p][i] * es, es);
    /* ghosts receive straight into their slice */
    gmd_exchange(buf, s.own_cnt, s.own_off, prop, s.gh_cnt, s.gh_off, es);
    free(buf);
    free(s.own_cnt);
    return true;
}

#define APPLY(T, EXPR)                                                                                                 \
    do {                                                                                                               \
        T *d = (T *)prop;                                                                                              \
        const T *v = (const T *)buf;                                                                                   \
        for (size_t i = 0; i < total; i++) {                                                                           \
            T a = d[idx[i]], b = v[i];                                                                                 \
            d[idx[i]] = (EXPR);                                                                                        \
        }                                                                                                              \
    } while (0)
#define APPLY_NUM(T)                                                                                                   \
    do {                                                                                                               \
        if (op == GMD_SUM)                                                                                             \
            APPLY(T, a + b);                                                                                           \
        else if (op == GMD_MIN)                                                                                        \
            APPLY(T, b < a ? b : a);                                                                                   \
        else                                                                                                           \
            APPLY(T, b > a ? b : a);                                                                                   \
    } while (0)

bool gmd_sync_reduce(const gmd_graph *G, void *prop, gmrt_type t, gmd_op op)
{
    size_t es = gmrt_type_size(t), total = 0;
    bool boolean = t == GMRT_T_BOOL;
    if (es == 0 || (boolean && op == GMD_SUM) || (!boolean && (op == GMD_AND || op == GMD_OR)) || op < GMD_SUM ||
        op > GMD_OR)
        return false;
    sync_plan s;
    if (!plan(G, &s, &total))
        return false;
    char *buf = malloc(total * es + 1);
    gm_node_t *idx = malloc((total + 1) * sizeof *idx);
    if (!buf || !idx)
        gmd_abort(3, "gmd_sync_reduce: out of memory");
    gmd_exchange(prop, s.gh_cnt, s.gh_off, buf, s.own_cnt, s.own_off, es);
    for (int p = 0; p < G->size; p++) /* contributions combined in rank order: the same result every run */
        memcpy(idx + s.own_off[p], G->send_idx[p], (size_t)G->send_count[p] * sizeof *idx);
    switch (t) {
    case GMRT_T_INT32: case GMRT_T_NODE: APPLY_NUM(int32_t); break;
    case GMRT_T_INT64: APPLY_NUM(int64_t); break;
    case GMRT_T_EDGE: APPLY_NUM(gm_edge_t); break;
    case GMRT_T_FLOAT: APPLY_NUM(float); break;
    case GMRT_T_DOUBLE: APPLY_NUM(double); break;
    case GMRT_T_BOOL:
        if (op == GMD_AND || op == GMD_MIN)
            APPLY(bool, a && b);
        else
            APPLY(bool, a || b);
        break;
    }
    free(buf);
    free(idx);
    free(s.own_cnt);
    return true;
}
