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

/* Counts and displacements of the owner blocks, in elements (MPI's int:
 * a graph has at most INT32_MAX nodes). */
static bool block_counts(const gmd_graph *G, int **cnt, int **disp)
{
    *cnt = malloc((size_t)G->size * sizeof **cnt);
    *disp = malloc((size_t)G->size * sizeof **disp);
    if (!*cnt || !*disp)
        return false;
    for (int p = 0; p < G->size; p++) {
        (*cnt)[p] = (int)(G->block[p + 1] - G->block[p]);
        (*disp)[p] = (int)G->block[p];
    }
    return true;
}

static bool bad_type(gmrt_type t, const char *fn, gmrt_error *err)
{
    if (gmrt_type_size(t) != 0)
        return false;
    gmrt_error_set(err, GMRT_E_ARG, "%s: unknown property type %d", fn, (int)t);
    return true;
}

bool gmd_scatter(const gmd_graph *G, const void *all, void *owned, gmrt_type t, gmrt_error *err)
{
    if (bad_type(t, "gmd_scatter", err))
        return false;
    size_t es = gmrt_type_size(t);
    int *cnt = NULL, *disp = NULL;
    char *buf = NULL;
    bool ok = block_counts(G, &cnt, &disp);
    const char *src = all;
    if (ok && G->rank == 0 && G->old_of_new) {
        buf = malloc((size_t)G->global_nodes * es + 1);
        ok = buf != NULL;
        if (ok) {
            to_global_order(G, all, buf, es);
            src = buf;
        }
    }
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "gmd_scatter: out of memory (rank %d)", G->rank);
    if (gmd_agree_(ok, err)) {
        MPI_Datatype et;
        MPI_Type_contiguous((int)es, MPI_BYTE, &et);
        MPI_Type_commit(&et);
        double t0 = MPI_Wtime();
        MPI_Scatterv(src, cnt, disp, et, owned, (int)G->num_owned, et, 0, gmd_comm_());
        gmd_count_(t0, G->rank == 0 ? (uint64_t)G->global_nodes * es : 0, 0, 1);
        MPI_Type_free(&et);
    } else {
        ok = false;
    }
    free(cnt);
    free(disp);
    free(buf);
    return ok;
}

bool gmd_gather(const gmd_graph *G, const void *owned, void *all, gmrt_type t, gmrt_error *err)
{
    if (bad_type(t, "gmd_gather", err))
        return false;
    size_t es = gmrt_type_size(t);
    int *cnt = NULL, *disp = NULL;
    char *buf = NULL;
    bool ok = block_counts(G, &cnt, &disp);
    char *dst = all;
    if (ok && G->rank == 0 && G->old_of_new) {
        buf = malloc((size_t)G->global_nodes * es + 1);
        ok = buf != NULL;
        dst = buf;
    }
    if (!ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "gmd_gather: out of memory (rank %d)", G->rank);
    if (gmd_agree_(ok, err)) {
        MPI_Datatype et;
        MPI_Type_contiguous((int)es, MPI_BYTE, &et);
        MPI_Type_commit(&et);
        double t0 = MPI_Wtime();
        MPI_Gatherv(owned, (int)G->num_owned, et, dst, cnt, disp, et, 0, gmd_comm_());
        gmd_count_(t0, (uint64_t)G->num_owned * es, 0, 1);
        MPI_Type_free(&et);
        if (buf)
            to_file_order(G, buf, all, es);
    } else {
        ok = false;
    }
    free(cnt);
    free(disp);
    free(buf);
    return ok;
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

/* -1, 0, 1 as key a is below, equal to or above key b (of type t). */
static int key_cmp(const char *a, const char *b, gmrt_type t)
{
#define CMP(T) do { T x, y; memcpy(&x, a, sizeof x); memcpy(&y, b, sizeof y); return x < y ? -1 : x > y ? 1 : 0; } while (0)
    switch (t) {
    case GMRT_T_INT32: case GMRT_T_NODE: CMP(int32_t);
    case GMRT_T_INT64: CMP(int64_t);
    case GMRT_T_EDGE: CMP(gm_edge_t);
    case GMRT_T_FLOAT: CMP(float);
    case GMRT_T_DOUBLE: CMP(double);
    case GMRT_T_BOOL: CMP(bool);
    }
#undef CMP
    return 0;
}

bool gmd_sync_reduce_arg(const gmd_graph *G, void *key, gmrt_type kt, bool is_min, int npay, void *const *pay,
                         const gmrt_type *pt)
{
    size_t ks = gmrt_type_size(kt), total = 0;
    if (ks == 0 || npay < 0)
        return false;
    for (int j = 0; j < npay; j++)
        if (gmrt_type_size(pt[j]) == 0)
            return false;
    sync_plan s;
    if (!plan(G, &s, &total))
        return false;
    char *kbuf = malloc(total * ks + 1);
    char **pbuf = calloc((size_t)npay + 1, sizeof *pbuf);
    gm_node_t *idx = malloc((total + 1) * sizeof *idx);
    if (!kbuf || !pbuf || !idx)
        gmd_abort(3, "gmd_sync_reduce_arg: out of memory");
    gmd_exchange(key, s.gh_cnt, s.gh_off, kbuf, s.own_cnt, s.own_off, ks);
    for (int j = 0; j < npay; j++) {
        size_t ps = gmrt_type_size(pt[j]);
        pbuf[j] = malloc(total * ps + 1);
        if (!pbuf[j])
            gmd_abort(3, "gmd_sync_reduce_arg: out of memory");
        gmd_exchange(pay[j], s.gh_cnt, s.gh_off, pbuf[j], s.own_cnt, s.own_off, ps);
    }
    for (int p = 0; p < G->size; p++)
        memcpy(idx + s.own_off[p], G->send_idx[p], (size_t)G->send_count[p] * sizeof *idx);
    /* in rank order, a strictly better key wins: the same result every run */
    for (size_t i = 0; i < total; i++) {
        char *own = (char *)key + (size_t)idx[i] * ks;
        int c = key_cmp(kbuf + i * ks, own, kt);
        if (is_min ? c >= 0 : c <= 0)
            continue;
        memcpy(own, kbuf + i * ks, ks);
        for (int j = 0; j < npay; j++) {
            size_t ps = gmrt_type_size(pt[j]);
            memcpy((char *)pay[j] + (size_t)idx[i] * ps, pbuf[j] + i * ps, ps);
        }
    }
    for (int j = 0; j < npay; j++)
        free(pbuf[j]);
    free(pbuf);
    free(kbuf);
    free(idx);
    free(s.own_cnt);
    return true;
}
