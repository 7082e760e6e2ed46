/* gmd_prop.c: node properties of a gmd_graph: scatter from and gather to
 * rank 0 in the file's node order (undoing the relabelling), property files,
 * and the owner<->ghost syncs over the mpi-host exchange: dense (every
 * shared entry) and sparse (the entries flagged dirty, as index/value pairs
 * or a dense block per peer, whichever is smaller). */
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

/* On rank 0, a buffer for every node's value of type t in the file's
 * order (NULL on the other ranks); *ok false, with the error of fn for
 * path, when rank 0 cannot have it. */
static char *rank0_buffer(const gmd_graph *G, gmrt_type t, const char *fn, const char *path, bool *ok,
                          gmrt_error *err)
{
    *ok = true;
    if (G->rank != 0)
        return NULL;
    char *all = malloc((size_t)G->global_nodes * gmrt_type_size(t) + 1);
    *ok = all != NULL;
    if (!*ok)
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory for %s", fn, path);
    return all;
}

bool gmd_write_property(const gmd_graph *G, const char *path, const void *owned, gmrt_type t, gmrt_error *err)
{
    if (bad_type(t, "gmd_write_property", err))
        return false;
    bool ok;
    char *all = rank0_buffer(G, t, "gmd_write_property", path, &ok, err);
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
    bool ok;
    char *all = rank0_buffer(G, t, "gmd_read_property", path, &ok, err);
    if (all)
        ok = gmrt_prop_load(path, t, all, (size_t)G->global_nodes, err);
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

/* prop[idx[i]] = prop[idx[i]] op vals[i] for i in [0, count), in that
 * order (the same result every run). */
#define APPLY(T, EXPR)                                                                                                 \
    do {                                                                                                               \
        T *d = (T *)prop;                                                                                              \
        const T *v = (const T *)vals;                                                                                  \
        for (size_t i = 0; i < count; i++) {                                                                           \
            T a = d[idx[i]], b = v[i];                                                                                 \
            d[idx[i]] = (EXPR);                                                                                        \
        }                                                                                                              \
    } while (0)
/* SUM: the type's sum; Int and Long wrap modulo 2^32 / 2^64 (through unsigned
 * arithmetic), as the generated code's own sums (gmrt_inline.h's _c_add_i32). */
#define APPLY_NUM(T, SUM)                                                                                              \
    do {                                                                                                               \
        if (op == GMD_SUM)                                                                                             \
            APPLY(T, SUM);                                                                                             \
        else if (op == GMD_MIN)                                                                                        \
            APPLY(T, b < a ? b : a);                                                                                   \
        else                                                                                                           \
            APPLY(T, b > a ? b : a);                                                                                   \
    } while (0)

static void combine(void *prop, gmrt_type t, gmd_op op, const gm_node_t *idx, const void *vals, size_t count)
{
    switch (t) {
    case GMRT_T_INT32: case GMRT_T_NODE: APPLY_NUM(int32_t, (int32_t)((uint32_t)a + (uint32_t)b)); break;
    case GMRT_T_INT64: APPLY_NUM(int64_t, (int64_t)((uint64_t)a + (uint64_t)b)); break;
    case GMRT_T_EDGE: APPLY_NUM(gm_edge_t, a + b); break;
    case GMRT_T_FLOAT: APPLY_NUM(float, a + b); break;
    case GMRT_T_DOUBLE: APPLY_NUM(double, a + b); break;
    case GMRT_T_BOOL:
        if (op == GMD_AND || op == GMD_MIN)
            APPLY(bool, a && b);
        else
            APPLY(bool, a || b);
        break;
    }
}

/* Whether op combines values of type t (SUM/MIN/MAX numbers, AND/OR Bool,
 * MIN/MAX on Bool as AND/OR). */
static bool reduce_ok(gmrt_type t, gmd_op op)
{
    bool boolean = t == GMRT_T_BOOL;
    return gmrt_type_size(t) != 0 && op >= GMD_SUM && op <= GMD_OR && !(boolean && op == GMD_SUM) &&
           !(!boolean && (op == GMD_AND || op == GMD_OR));
}

bool gmd_sync_reduce(const gmd_graph *G, void *prop, gmrt_type t, gmd_op op)
{
    size_t es = gmrt_type_size(t), total = 0;
    if (!reduce_ok(t, op))
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
    combine(prop, t, op, idx, buf, total);
    free(buf);
    free(idx);
    free(s.own_cnt);
    return true;
}

/* ---- sparse syncs ---- */

/* The local id of entry i of the list shared with peer p: on the owners'
 * side the send list, on the ghosts' side p's ghost slice. */
static gm_node_t owner_side(const gmd_graph *G, int p, size_t i) { return G->send_idx[p][i]; }
static gm_node_t ghost_side(const gmd_graph *G, int p, size_t i) { return G->ghost_begin[p] + (gm_node_t)i; }
static size_t owner_len(const gmd_graph *G, int p) { return (size_t)G->send_count[p]; }
static size_t ghost_len(const gmd_graph *G, int p) { return (size_t)(G->ghost_begin[p + 1] - G->ghost_begin[p]); }

/* Bytes of a message of k dirty entries out of a list of len: k (u32
 * index, value) pairs, or the whole list's values when that is not larger.
 * Both ends decide from k and len alone. */
static bool as_pairs(size_t k, size_t len, size_t es) { return k * (4 + es) < len * es; }
static size_t msg_bytes(size_t k, size_t len, size_t es) { return as_pairs(k, len, es) ? k * (4 + es) : len * es; }

/* broadcast (owners send, ghosts receive) or reduce (ghosts send, owners
 * combine with op) of the entries flagged in dirty. */
static void sparse_sync(const gmd_graph *G, void *prop, gmrt_type t, const uint8_t *dirty, bool reduce, gmd_op op)
{
    int P = G->size;
    size_t es = gmrt_type_size(t);
    gm_node_t (*send_id)(const gmd_graph *, int, size_t) = reduce ? ghost_side : owner_side;
    gm_node_t (*recv_id)(const gmd_graph *, int, size_t) = reduce ? owner_side : ghost_side;
    size_t (*send_len)(const gmd_graph *, int) = reduce ? ghost_len : owner_len;
    size_t (*recv_len)(const gmd_graph *, int) = reduce ? owner_len : ghost_len;
    /* per peer: counts and offsets of the count exchange (c*) and of the data (d*) */
    size_t *a = calloc(8 * (size_t)P, sizeof *a);
    int64_t *k = calloc(2 * (size_t)P, sizeof *k); /* dirty entries sent to p, received from p */
    if (!a || !k)
        gmd_abort(3, "gmd_sync (sparse): out of memory");
    size_t *csc = a, *cso = a + P, *crc = a + 2 * P, *cro = a + 3 * P;
    size_t *dsc = a + 4 * P, *dso = a + 5 * P, *drc = a + 6 * P, *dro = a + 7 * P;
    int64_t *ks = k, *kr = k + P;
    for (int p = 0; p < P; p++) {
        size_t n = send_len(G, p), c = 0;
        for (size_t i = 0; i < n; i++)
            c += dirty[send_id(G, p, i)] != 0;
        ks[p] = (int64_t)c;
        csc[p] = n > 0, cso[p] = (size_t)p;
        crc[p] = recv_len(G, p) > 0, cro[p] = (size_t)p;
    }
    gmd_exchange(ks, csc, cso, kr, crc, cro, sizeof *ks);
    size_t st = 0, rt = 0;
    for (int p = 0; p < P; p++) {
        size_t rn = recv_len(G, p);
        if ((size_t)kr[p] > rn || kr[p] < 0) /* a peer's lists disagree with ours */
            gmd_abort(4, "gmd_sync (sparse): a peer announces more entries than the list it shares");
        dsc[p] = msg_bytes((size_t)ks[p], send_len(G, p), es), dso[p] = st, st += dsc[p];
        drc[p] = msg_bytes((size_t)kr[p], rn, es), dro[p] = rt, rt += drc[p];
    }
    char *sb = malloc(st + 1), *rb = malloc(rt + 1);
    if (!sb || !rb)
        gmd_abort(3, "gmd_sync (sparse): out of memory");
    const char *pv = prop;
    for (int p = 0; p < P; p++) {
        size_t n = send_len(G, p);
        char *m = sb + dso[p];
        if (as_pairs((size_t)ks[p], n, es)) { /* indices, then values */
            char *vals = m + 4 * (size_t)ks[p];
            size_t j = 0;
            for (size_t i = 0; i < n; i++) {
                gm_node_t l = send_id(G, p, i);
                if (!dirty[l])
                    continue;
                uint32_t ix = (uint32_t)i;
                memcpy(m + 4 * j, &ix, 4);
                memcpy(vals + es * j++, pv + (size_t)l * es, es);
            }
        } else {
            for (size_t i = 0; i < n; i++)
                memcpy(m + es * i, pv + (size_t)send_id(G, p, i) * es, es);
        }
    }
    gmd_exchange(sb, dsc, dso, rb, drc, dro, 1);
    free(sb);
    /* unpack into (local id, value) in rank order, then store or combine */
    size_t total = 0;
    for (int p = 0; p < P; p++)
        total += as_pairs((size_t)kr[p], recv_len(G, p), es) ? (size_t)kr[p] : recv_len(G, p);
    gm_node_t *idx = malloc((total + 1) * sizeof *idx);
    char *vals = malloc(total * es + 1);
    if (!idx || !vals)
        gmd_abort(3, "gmd_sync (sparse): out of memory");
    size_t j = 0;
    for (int p = 0; p < P; p++) {
        size_t n = recv_len(G, p), kp = (size_t)kr[p];
        const char *m = rb + dro[p];
        if (as_pairs(kp, n, es)) {
            for (size_t i = 0; i < kp; i++, j++) {
                uint32_t ix;
                memcpy(&ix, m + 4 * i, 4);
                if (ix >= n)
                    gmd_abort(4, "gmd_sync (sparse): a peer sent an index past the list it shares");
                idx[j] = recv_id(G, p, ix);
                memcpy(vals + es * j, m + 4 * kp + es * i, es);
            }
        } else {
            for (size_t i = 0; i < n; i++, j++)
                idx[j] = recv_id(G, p, i);
            memcpy(vals + es * (j - n), m, n * es);
        }
    }
    free(rb);
    if (reduce)
        combine(prop, t, op, idx, vals, total);
    else
        for (size_t i = 0; i < total; i++)
            memcpy((char *)prop + (size_t)idx[i] * es, vals + es * i, es);
    free(idx);
    free(vals);
    free(a);
    free(k);
}

bool gmd_sync_broadcast_sparse(const gmd_graph *G, void *prop, gmrt_type t, const uint8_t *dirty)
{
    if (gmrt_type_size(t) == 0)
        return false;
    sparse_sync(G, prop, t, dirty, false, GMD_SUM);
    return true;
}

bool gmd_sync_reduce_sparse(const gmd_graph *G, void *prop, gmrt_type t, gmd_op op, const uint8_t *dirty)
{
    if (!reduce_ok(t, op))
        return false;
    sparse_sync(G, prop, t, dirty, true, op);
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
