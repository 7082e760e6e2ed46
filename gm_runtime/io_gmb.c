/* io_gmb.c: libgmrt's own binary graph format, made to load big graphs fast.
 *
 * Layout (all little-endian; every array starts at a multiple of 8):
 *   0  8  magic "GMRT-CSR"
 *   8  4  version (1)
 *  12  4  flags: bit 0 weights present, bit 1 weights integral; others 0
 *  16  4  node id size (4)
 *  20  4  edge index size (4 or 8)
 *  24  8  N, the node count
 *  32  8  M, the edge count
 *  40  8  byte offset of begin[0..N]     (64)
 *  48  8  byte offset of node_idx[0..M)  (after begin, aligned to 8)
 *  56  8  byte offset of weights[0..M) as doubles, or 0 without weights
 * and the file ends with the last array.  Rows are stored sorted.
 *
 * On a little-endian host the arrays are used in place (no copy) when their
 * sizes match this build, in the program's own copy of the file that
 * io_dispatch.c reads (gmrt_blob_own; the file's pages only under
 * gmrt_graph_load_mapped_); begin is converted otherwise.  Everything is validated before use: a 100-million
 * edge graph costs one sequential pass over its pages. */
#include "io_internal.h"
#include "rt_alloc.h"

#include <inttypes.h>
#include <math.h>

static const char GMB_MAGIC[8] = {'G', 'M', 'R', 'T', '-', 'C', 'S', 'R'};
#define GMB_VERSION 1u
#define GMB_HEADER 64u
#define FLAG_WEIGHTS 1u
#define FLAG_INTEGRAL 2u

static uint64_t align8(uint64_t x) { return (x + 7) & ~(uint64_t)7; }

/* Byte offsets of the arrays and the file size for n, m, es, weights. */
typedef struct layout {
    uint64_t begin_at, idx_at, w_at, end;
} layout;

static bool make_layout(int64_t n, int64_t m, int es, bool weights, layout *l)
{
    /* n < 2^31 and m < 2^63 were checked; m * 12 could still overflow */
    if ((uint64_t)m > (UINT64_MAX / 16))
        return false;
    l->begin_at = GMB_HEADER;
    l->idx_at = align8(l->begin_at + (uint64_t)es * ((uint64_t)n + 1));
    uint64_t idx_end = l->idx_at + 4 * (uint64_t)m;
    l->w_at = weights ? align8(idx_end) : 0;
    l->end = weights ? l->w_at + 8 * (uint64_t)m : idx_end;
    return true;
}

/* Checks every invariant of the arrays once they are in place, and reports
 * the first violation with its byte offset in the file. */
static bool validate(const gm_graph *g, const layout *l, int es_file, const char *name, gmrt_error *err)
{
    int64_t n = g->num_nodes, m = g->num_edges;
    if (g->begin[0] != 0) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": begin[0] = %" PRId64 ", expected 0", name, l->begin_at,
                       (int64_t)g->begin[0]);
        return false;
    }
    int64_t bad_row = n;
#pragma omp parallel for reduction(min : bad_row) schedule(static)
    for (int64_t u = 0; u < n; u++)
        if (g->begin[u + 1] < g->begin[u] || g->begin[u + 1] > m)
            if (u < bad_row)
                bad_row = u;
    if (bad_row < n) {
        int64_t u = bad_row;
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": row offsets not monotone or past the edge count: begin[%" PRId64 "] = %" PRId64 " after begin[%" PRId64 "] = %" PRId64 " (M = %" PRId64 ")",
                       name, l->begin_at + (uint64_t)(u + 1) * es_file, u + 1, (int64_t)g->begin[u + 1], u,
                       (int64_t)g->begin[u], m);
        return false;
    }
    if (g->begin[n] != m) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": begin[%" PRId64 "] = %" PRId64 ", expected the edge count %" PRId64,
                       name, l->begin_at + (uint64_t)n * es_file, n, (int64_t)g->begin[n], m);
        return false;
    }
    int64_t bad_edge = m;
#pragma omp parallel for reduction(min : bad_edge) schedule(dynamic, 4096)
    for (int64_t u = 0; u < n; u++) {
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gm_node_t v = g->node_idx[e];
            bool ok = v >= 0 && v < n && (e == g->begin[u] || v >= g->node_idx[e - 1]) &&
                      (!g->weights || !isnan(g->weights[e]));
            if (!ok) {
                if (e < bad_edge)
                    bad_edge = e;
                break;
            }
        }
    }
    if (bad_edge < m) {
        gm_edge_t e = (gm_edge_t)bad_edge;
        gm_node_t v = g->node_idx[e];
        uint64_t at = l->idx_at + 4 * (uint64_t)e;
        if (v < 0 || v >= n)
            gmrt_error_set(err, GMRT_E_RANGE, "%s: byte %" PRIu64 ": destination of edge %" PRId64 " is node %" PRId32 ", expected 0 to %" PRId64,
                           name, at, (int64_t)e, v, n - 1);
        else if (g->weights && isnan(g->weights[e]))
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": weight of edge %" PRId64 " is NaN, expected a number",
                           name, l->w_at + 8 * (uint64_t)e, (int64_t)e);
        else
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": edge %" PRId64 " breaks the ascending order of its row (%" PRId32 " after %" PRId32 ")",
                           name, at, (int64_t)e, v, g->node_idx[e - 1]);
        return false;
    }
    return true;
}

bool gmrt_gmb_counts(const unsigned char *d, size_t len, uint64_t size, int64_t *n, int64_t *m)
{
    if (len < GMB_HEADER || memcmp(d, GMB_MAGIC, 8) != 0 || gmrt_get_le(d + 8, 4) != GMB_VERSION)
        return false;
    uint64_t flags = gmrt_get_le(d + 12, 4), ns = gmrt_get_le(d + 16, 4), es = gmrt_get_le(d + 20, 4);
    int64_t nodes = (int64_t)gmrt_get_le(d + 24, 8), edges = (int64_t)gmrt_get_le(d + 32, 8);
    layout l;
    /* the loader's checks of the header, and the size it implies */
    if ((flags & ~(uint64_t)(FLAG_WEIGHTS | FLAG_INTEGRAL)) || ns != 4 || (es != 4 && es != 8) || nodes < 0 ||
        nodes > GMRT_NODE_MAX || edges < 0 || edges > GMRT_EDGE_MAX || (es == 4 && edges > INT32_MAX) ||
        !make_layout(nodes, edges, (int)es, flags & FLAG_WEIGHTS, &l) || l.end != size)
        return false;
    *n = nodes;
    *m = edges;
    return true;
}

bool gmrt_is_gmb(const void *data, size_t len)
{
    return len >= 8 && memcmp(data, GMB_MAGIC, 8) == 0;
}

gm_graph *gmrt_load_gmb(gmrt_load_ctx *c)
{
    const unsigned char *d = c->blob->data;
    size_t len = c->blob->len;
    const char *name = c->name;
    gmrt_error *err = c->err;
    if (len < GMB_HEADER) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: truncated header: expected %u bytes", name, len, GMB_HEADER);
        return NULL;
    }
    if (memcmp(d, GMB_MAGIC, 8) != 0) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 0: bad magic, expected \"GMRT-CSR\" (libgmrt binary graph)", name);
        return NULL;
    }
    uint64_t version = gmrt_get_le(d + 8, 4), flags = gmrt_get_le(d + 12, 4);
    uint64_t ns = gmrt_get_le(d + 16, 4), es = gmrt_get_le(d + 20, 4);
    int64_t n = (int64_t)gmrt_get_le(d + 24, 8), m = (int64_t)gmrt_get_le(d + 32, 8);
    if (version != GMB_VERSION) {
        gmrt_error_set(err, GMRT_E_UNSUPPORTED, "%s: byte 8: version %" PRIu64 ", expected %u", name, version, GMB_VERSION);
        return NULL;
    }
    if (flags & ~(uint64_t)(FLAG_WEIGHTS | FLAG_INTEGRAL)) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 12: unknown flags 0x%" PRIx64 ", expected bits 0 and 1 only", name, flags);
        return NULL;
    }
    if (ns != 4) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 16: node id size %" PRIu64 ", expected 4", name, ns);
        return NULL;
    }
    if (es != 4 && es != 8) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 20: edge index size %" PRIu64 ", expected 4 or 8", name, es);
        return NULL;
    }
    if (n < 0 || n > GMRT_NODE_MAX) {
        gmrt_error_set(err, n < 0 ? GMRT_E_FORMAT : GMRT_E_RANGE, "%s: byte 24: node count %" PRId64 ", expected 0 to %d",
                       name, n, GMRT_NODE_MAX);
        return NULL;
    }
    if (m < 0) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 32: negative edge count %" PRId64, name, m);
        return NULL;
    }
    if (m > GMRT_EDGE_MAX || (es == 4 && m > INT32_MAX)) {
        gmrt_error_set(err, GMRT_E_RANGE, "%s: byte 32: %" PRId64 " edges exceed %d-bit edge indices%s", name, m,
                       es == 4 ? 32 : (int)(8 * sizeof(gm_edge_t)),
                       es == 4 ? "" : " (configure with --enable-edge64)");
        return NULL;
    }
    if (!gmrt_check_node_limit(n, name, c->opt, err))
        return NULL;
    bool weighted = flags & FLAG_WEIGHTS;
    layout l;
    if (!make_layout(n, m, (int)es, weighted, &l)) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 32: edge count %" PRId64 " too large for any file", name, m);
        return NULL;
    }
    static const char *const what[] = {"begin", "node_idx", "weights"};
    const uint64_t want[] = {l.begin_at, l.idx_at, l.w_at};
    for (int i = 0; i < 3; i++) {
        uint64_t got = gmrt_get_le(d + 40 + 8 * i, 8);
        if (got != want[i]) {
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %d: %s array at offset %" PRIu64 ", expected %" PRIu64, name,
                           40 + 8 * i, what[i], got, want[i]);
            return NULL;
        }
    }
    if ((uint64_t)len != l.end) {
        if ((uint64_t)len < l.end)
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: truncated: expected %" PRIu64 " bytes for %" PRId64 " nodes and %" PRId64 " edges",
                           name, len, l.end, n, m);
        else
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": %" PRIu64 " unexpected bytes after the last array",
                           name, l.end, (uint64_t)len - l.end);
        return NULL;
    }

    gmrt_report(&c->opt->progress, "reading", 0.0);
    gm_graph *g = calloc(1, sizeof *g);
    if (!g) {
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory", name);
        return NULL;
    }
    g->num_nodes = (gm_node_t)n;
    g->num_edges = (gm_edge_t)m;
    g->weights_integral = weighted && (flags & FLAG_INTEGRAL);
    /* In place when the file is mapped and the host reads it natively;
     * the graph then owns the mapping and frees it. */
    bool in_place = c->blob->map != NULL && gmrt_host_little_endian();
    unsigned char *base = (unsigned char *)c->blob->map;
    if (in_place) {
        g->mapping = c->blob->map;
        g->mapping_len = c->blob->map_len;
        c->blob->map = NULL;
        c->blob->data = NULL;
    }
    if (in_place && es == sizeof(gm_edge_t)) {
        g->begin = (gm_edge_t *)(base + l.begin_at);
    } else {
        g->begin = gmrt_alloc_array((size_t)n + 1, sizeof *g->begin);
        if (g->begin) {
            const unsigned char *src = (in_place ? base : d) + l.begin_at;
#pragma omp parallel for schedule(static)
            for (int64_t i = 0; i <= n; i++) {
                /* 8-byte values may not fit a 32-bit build: clamp so that
                 * validation reports them as past the edge count */
                int64_t v = gmrt_as_signed(gmrt_get_le(src + (size_t)i * es, (int)es), (int)es);
                g->begin[i] = (gm_edge_t)(v < 0 ? -1 : v > GMRT_EDGE_MAX ? GMRT_EDGE_MAX : v);
            }
        }
    }
    /* an empty array would point at the end of the mapping, where
     * gmrt_graph_free could not tell it from a malloc'd block: copy those */
    if (in_place && m > 0) {
        g->node_idx = (gm_node_t *)(base + l.idx_at);
        g->weights = weighted ? (double *)(base + l.w_at) : NULL;
    } else {
        const unsigned char *src = in_place ? base : d;
        g->node_idx = gmrt_alloc_array((size_t)m, sizeof *g->node_idx);
        g->weights = weighted ? gmrt_alloc_array((size_t)m, sizeof *g->weights) : NULL;
        if (g->node_idx && gmrt_host_little_endian())
            memcpy(g->node_idx, src + l.idx_at, (size_t)m * 4);
        else if (g->node_idx)
            for (int64_t e = 0; e < m; e++)
                g->node_idx[e] = (gm_node_t)gmrt_as_signed(gmrt_get_le(src + l.idx_at + 4 * (size_t)e, 4), 4);
        if (g->weights && gmrt_host_little_endian())
            memcpy(g->weights, src + l.w_at, (size_t)m * 8);
        else if (g->weights)
            for (int64_t e = 0; e < m; e++) {
                uint64_t bits = gmrt_get_le(src + l.w_at + 8 * (size_t)e, 8);
                memcpy(&g->weights[e], &bits, 8);
            }
    }
    if (!g->begin || !g->node_idx || (weighted && !g->weights)) {
        gmrt_graph_free(g);
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory for %" PRId64 " nodes and %" PRId64 " edges", name, n, m);
        return NULL;
    }
    if (!validate(g, &l, (int)es, name, err)) {
        gmrt_graph_free(g);
        return NULL;
    }
    gmrt_report(&c->opt->progress, "reading", 1.0);
    return gmrt_apply_build_options(g, c->opt, err);
}

static void put_le_array(gmrt_writer *w, const void *src, size_t elem, int size, size_t count)
{
    if (gmrt_host_little_endian() && (size_t)size == elem) {
        gmrt_writer_bytes(w, src, count * elem);
        return;
    }
    unsigned char tmp[8192];
    size_t fill = 0;
    for (size_t i = 0; i < count; i++) {
        uint64_t v;
        if (elem == 8)
            memcpy(&v, (const char *)src + 8 * i, 8);
        else {
            int32_t x;
            memcpy(&x, (const char *)src + 4 * i, 4);
            v = (uint64_t)(int64_t)x;
        }
        gmrt_put_le(tmp + fill, v, size);
        fill += (size_t)size;
        if (fill + 8 > sizeof tmp) {
            gmrt_writer_bytes(w, tmp, fill);
            fill = 0;
        }
    }
    gmrt_writer_bytes(w, tmp, fill);
}

static void pad_to(gmrt_writer *w, uint64_t *pos, uint64_t target)
{
    static const char zeros[8] = {0};
    gmrt_writer_bytes(w, zeros, (size_t)(target - *pos));
    *pos = target;
}

bool gmrt_save_gmb(const gm_graph *g, const char *path, gmrt_error *err)
{
    int es = g->num_edges > INT32_MAX ? 8 : 4;
    bool weighted = g->weights != NULL;
    layout l;
    if (!make_layout(g->num_nodes, g->num_edges, es, weighted, &l)) {
        gmrt_error_set(err, GMRT_E_RANGE, "%s: too many edges for the format", path);
        return false;
    }
    unsigned char hdr[GMB_HEADER] = {0};
    memcpy(hdr, GMB_MAGIC, 8);
    gmrt_put_le(hdr + 8, GMB_VERSION, 4);
    gmrt_put_le(hdr + 12, (weighted ? FLAG_WEIGHTS : 0) | (weighted && g->weights_integral ? FLAG_INTEGRAL : 0), 4);
    gmrt_put_le(hdr + 16, 4, 4);
    gmrt_put_le(hdr + 20, (uint64_t)es, 4);
    gmrt_put_le(hdr + 24, (uint64_t)g->num_nodes, 8);
    gmrt_put_le(hdr + 32, (uint64_t)g->num_edges, 8);
    gmrt_put_le(hdr + 40, l.begin_at, 8);
    gmrt_put_le(hdr + 48, l.idx_at, 8);
    gmrt_put_le(hdr + 56, l.w_at, 8);

    gmrt_writer w;
    if (!gmrt_writer_open(&w, path, err))
        return false;
    if (gmrt_host_little_endian()) { /* the arrays as they are in memory */
        size_t nb = (size_t)g->num_nodes + 1;
        void *begin = g->begin;
        if ((size_t)es != sizeof(gm_edge_t)) { /* a 64-bit build writing 32-bit offsets */
            uint32_t *b32 = gmrt_alloc_array(nb, sizeof *b32);
            if (b32) {
#pragma omp parallel for schedule(static)
                for (size_t i = 0; i < nb; i++)
                    b32[i] = (uint32_t)g->begin[i];
            }
            begin = b32;
        }
        const gmrt_out_piece pieces[] = {
            {0, hdr, sizeof hdr},
            {l.begin_at, begin, (size_t)es * nb},
            {l.idx_at, g->node_idx, 4 * (size_t)g->num_edges},
            {l.w_at, g->weights, weighted ? 8 * (size_t)g->num_edges : 0},
        };
        bool done = begin && gmrt_writer_parallel(&w, l.end, pieces, 4);
        if (begin != (void *)g->begin)
            free(begin);
        if (done)
            return gmrt_writer_close(&w, err);
    }
    gmrt_writer_bytes(&w, hdr, sizeof hdr);
    uint64_t pos = GMB_HEADER;
    put_le_array(&w, g->begin, sizeof(gm_edge_t), es, (size_t)g->num_nodes + 1);
    pos += (uint64_t)es * ((uint64_t)g->num_nodes + 1);
    pad_to(&w, &pos, l.idx_at);
    put_le_array(&w, g->node_idx, sizeof(gm_node_t), 4, (size_t)g->num_edges);
    pos += 4 * (uint64_t)g->num_edges;
    if (weighted) {
        pad_to(&w, &pos, l.w_at);
        put_le_array(&w, g->weights, 8, 8, (size_t)g->num_edges);
    }
    return gmrt_writer_close(&w, err);
}
