/* io_gm_binary.c: the original Green-Marl binary CSR (language reference,
 * section 10).  Big-endian: magic 0x03939999, node id size, edge index size
 * (4 or 8 each), N, M, begin[0..N], then M destinations.  A file whose magic
 * reads correctly in little-endian order is the legacy native variant.
 * Files with 4-byte fields load into 8-byte builds and the other way round
 * when the values fit.  Rows are sorted after loading. */
#include "io_internal.h"
#include "row_sort.h"

#include <inttypes.h>

#define GM_MAGIC 0x03939999u

typedef uint64_t (*get_fn)(const unsigned char *, int);

/* The first index in [0, count) whose field fails the check, or count. */
static size_t first_bad_offset(const unsigned char *p, int es, get_fn get, int64_t n, int64_t m)
{
    int64_t prev = 0;
    for (int64_t i = 0; i <= n; i++) {
        int64_t v = gmrt_as_signed(get(p + (size_t)i * es, es), es);
        if ((i == 0 && v != 0) || v < prev || v > m || (i == n && v != m))
            return (size_t)i;
        prev = v;
    }
    return (size_t)n + 1;
}

bool gmrt_gm_binary_counts(const unsigned char *d, size_t len, uint64_t size, int64_t *n, int64_t *m)
{
    get_fn get = len < 12 ? NULL : gmrt_get_be(d, 4) == GM_MAGIC ? gmrt_get_be
                                   : gmrt_get_le(d, 4) == GM_MAGIC ? gmrt_get_le : NULL;
    if (!get)
        return false;
    uint64_t ns = get(d + 4, 4), es = get(d + 8, 4);
    if ((ns != 4 && ns != 8) || (es != 4 && es != 8) || len < 12 + ns + es)
        return false;
    int64_t nodes = gmrt_as_signed(get(d + 12, (int)ns), (int)ns);
    int64_t edges = gmrt_as_signed(get(d + 12 + ns, (int)es), (int)es);
    if (nodes < 0 || nodes > GMRT_NODE_MAX || edges < 0 || edges > GMRT_EDGE_MAX)
        return false;
    /* the loader's size: the header, N + 1 offsets, M destinations */
    uint64_t idx_at = 12 + ns + es + es * ((uint64_t)nodes + 1);
    if ((uint64_t)edges > (UINT64_MAX - idx_at) / ns || idx_at + ns * (uint64_t)edges != size)
        return false;
    *n = nodes;
    *m = edges;
    return true;
}

gm_graph *gmrt_load_gm_binary(gmrt_load_ctx *c)
{
    const unsigned char *d = c->blob->data;
    size_t len = c->blob->len;
    const char *name = c->name;
    gmrt_error *err = c->err;
    if (len < 12) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: truncated header: expected 12 bytes (magic and field sizes)",
                       name, len);
        return NULL;
    }
    get_fn get;
    if (gmrt_get_be(d, 4) == GM_MAGIC)
        get = gmrt_get_be;
    else if (gmrt_get_le(d, 4) == GM_MAGIC)
        get = gmrt_get_le;
    else {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 0: bad magic 0x%08" PRIx64 ", expected 0x%08x (Green-Marl binary graph)",
                       name, gmrt_get_be(d, 4), GM_MAGIC);
        return NULL;
    }
    int ns = (int)get(d + 4, 4) , es = (int)get(d + 8, 4);
    if (get(d + 4, 4) != 4 && get(d + 4, 4) != 8) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 4: node id size %" PRIu64 ", expected 4 or 8", name, get(d + 4, 4));
        return NULL;
    }
    if (get(d + 8, 4) != 4 && get(d + 8, 4) != 8) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 8: edge index size %" PRIu64 ", expected 4 or 8", name, get(d + 8, 4));
        return NULL;
    }
    size_t hdr = 12 + (size_t)ns + (size_t)es;
    if (len < hdr) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: truncated header: expected %zu bytes (node and edge counts)",
                       name, len, hdr);
        return NULL;
    }
    int64_t n = gmrt_as_signed(get(d + 12, ns), ns);
    int64_t m = gmrt_as_signed(get(d + 12 + ns, es), es);
    if (n < 0) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 12: negative node count %" PRId64, name, n);
        return NULL;
    }
    if (n > GMRT_NODE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE, "%s: byte 12: node count %" PRId64 " exceeds the 32-bit node id limit", name, n);
        return NULL;
    }
    if (m < 0) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %d: negative edge count %" PRId64, name, 12 + ns, m);
        return NULL;
    }
    if (m > GMRT_EDGE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE, "%s: byte %d: %" PRId64 " edges exceed %d-bit edge indices (configure with --enable-edge64)",
                       name, 12 + ns, m, (int)(8 * sizeof(gm_edge_t)));
        return NULL;
    }
    if (!gmrt_check_node_limit(n, name, c->opt, err))
        return NULL;
    uint64_t offsets_at = hdr, idx_at = offsets_at + (uint64_t)es * ((uint64_t)n + 1);
    uint64_t need = (uint64_t)m > (UINT64_MAX - idx_at) / (uint64_t)ns ? UINT64_MAX : idx_at + (uint64_t)ns * (uint64_t)m;
    if ((uint64_t)len < need) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: truncated: expected %" PRIu64 " bytes for %" PRId64 " nodes and %" PRId64 " edges",
                       name, len, need, n, m);
        return NULL;
    }
    if ((uint64_t)len > need) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": %" PRIu64 " unexpected bytes after the edge array", name, need,
                       (uint64_t)len - need);
        return NULL;
    }

    gm_graph *g = gmrt_graph_alloc((gm_node_t)n, (gm_edge_t)m, false, err);
    if (!g)
        return NULL;
    gmrt_report(&c->opt->progress, "reading", 0.0);
    const unsigned char *offs = d + offsets_at, *idx = d + idx_at;
    bool bad = false;
#pragma omp parallel for reduction(|| : bad) schedule(static)
    for (int64_t i = 0; i <= n; i++) {
        int64_t v = gmrt_as_signed(get(offs + (size_t)i * es, es), es);
        int64_t prev = i ? gmrt_as_signed(get(offs + (size_t)(i - 1) * es, es), es) : 0;
        bad = bad || (i == 0 && v != 0) || v < prev || v > m || (i == n && v != m);
        g->begin[i] = (gm_edge_t)v;
    }
    if (bad) {
        size_t i = first_bad_offset(offs, es, get, n, m);
        int64_t v = gmrt_as_signed(get(offs + i * es, es), es);
        uint64_t at = offsets_at + (uint64_t)i * es;
        if (i == 0)
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": begin[0] = %" PRId64 ", expected 0", name, at, v);
        else if (v > m || ((int64_t)i == n && v != m))
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": begin[%zu] = %" PRId64 ", expected at most the edge count %" PRId64 "%s",
                           name, at, i, v, m, (int64_t)i == n ? " and equal to it at the end" : "");
        else
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %" PRIu64 ": row offsets not monotone: begin[%zu] = %" PRId64 " < begin[%zu] = %" PRId64,
                           name, at, i, v, i - 1, gmrt_as_signed(get(offs + (i - 1) * es, es), es));
        gmrt_graph_free(g);
        return NULL;
    }
    int64_t first_bad = m;
#pragma omp parallel for reduction(min : first_bad) schedule(static)
    for (int64_t e = 0; e < m; e++) {
        int64_t v = gmrt_as_signed(get(idx + (size_t)e * ns, ns), ns);
        if (v < 0 || v >= n) {
            if (e < first_bad)
                first_bad = e;
        } else {
            g->node_idx[e] = (gm_node_t)v;
        }
    }
    if (first_bad < m) {
        int64_t v = gmrt_as_signed(get(idx + (size_t)first_bad * ns, ns), ns);
        gmrt_error_set(err, GMRT_E_RANGE, "%s: byte %" PRIu64 ": destination of edge %" PRId64 " is node %" PRId64 ", expected 0 to %" PRId64,
                       name, idx_at + (uint64_t)first_bad * ns, first_bad, v, n - 1);
        gmrt_graph_free(g);
        return NULL;
    }
#pragma omp parallel for schedule(dynamic, 256)
    for (int64_t u = 0; u < n; u++)
        gmrt_sort_nodes(g->node_idx + g->begin[u], (size_t)(g->begin[u + 1] - g->begin[u]));
    gmrt_report(&c->opt->progress, "reading", 1.0);
    return gmrt_apply_build_options(g, c->opt, err);
}

/* Writes count values from a gm_edge_t or gm_node_t array as size-byte
 * fields in the chosen byte order, through a small staging buffer. */
static void put_array(gmrt_writer *w, const void *src, bool is_edge, size_t count, int size, bool le)
{
    unsigned char tmp[8192];
    size_t fill = 0;
    for (size_t i = 0; i < count; i++) {
        uint64_t v = is_edge ? (uint64_t)((const gm_edge_t *)src)[i] : (uint64_t)((const gm_node_t *)src)[i];
        if (le)
            gmrt_put_le(tmp + fill, v, size);
        else
            gmrt_put_be(tmp + fill, v, size);
        fill += (size_t)size;
        if (fill + 8 > sizeof tmp) {
            gmrt_writer_bytes(w, tmp, fill);
            fill = 0;
        }
    }
    gmrt_writer_bytes(w, tmp, fill);
}

bool gmrt_save_gm_binary(const gm_graph *g, const char *path, bool little_endian, gmrt_error *err)
{
    gmrt_writer w;
    if (!gmrt_writer_open(&w, path, err))
        return false;
    int es = g->num_edges > INT32_MAX ? 8 : 4;
    unsigned char hdr[28];
    void (*put)(unsigned char *, uint64_t, int) = little_endian ? gmrt_put_le : gmrt_put_be;
    put(hdr, GM_MAGIC, 4);
    put(hdr + 4, 4, 4);
    put(hdr + 8, (uint64_t)es, 4);
    put(hdr + 12, (uint64_t)g->num_nodes, 4);
    put(hdr + 16, (uint64_t)g->num_edges, es);
    gmrt_writer_bytes(&w, hdr, 16 + (size_t)es);
    put_array(&w, g->begin, true, (size_t)g->num_nodes + 1, es, little_endian);
    put_array(&w, g->node_idx, false, (size_t)g->num_edges, 4, little_endian);
    return gmrt_writer_close(&w, err);
}
