/* gmd_gmp.c: partitioned graph files (.gmp), one per rank, written by
 * `gmgraph partition` and read by gmd_load (gmd_part.h).  MPI-free.
 *
 * A set of P parts is PREFIX.0.gmp .. PREFIX.(P-1).gmp; part r holds
 * exactly rank r's gmd_graph.  Layout (little-endian; every section starts
 * at a multiple of 8, in this order, with nothing in between but padding):
 *     0  8  magic "GMD-PART"
 *     8  4  version (1)
 *    12  4  header size in bytes (112 + 16 * 13 = 320)
 *    16  4  P, the number of parts
 *    20  4  rank, this part's
 *    24  4  policy: 0 both, 1 out, 2 in
 *    28  4  flags: bit 0 weights, bit 1 weights integral, bit 2 relabelled
 *    32  8  global node count n
 *    40  8  global edge count m
 *    48  8  relabelling seed (0 without relabelling)
 *    56  8  set id: the same in every part of one partitioning
 *    64  8  owned nodes (no)
 *    72  8  ghosts (ng); local nodes nl = no + ng
 *    80  8  local edges (ml)
 *    88  8  send list entries, all peers (ns)
 *    96  8  file size in bytes
 *   104  8  checksum of the whole file, these 8 bytes read as 0
 *   112     section table: 13 x (byte offset u64, element count u64):
 *       0 block[P+1] i64        5 out_degree[nl] i64   10 edge_gid[ml] i64
 *       1 ghost_gid[ng] i64     6 in_degree[nl] i64    11 new_of_old[n|0] i32
 *       2 ghost_begin[P+1] i64  7 begin[nl+1] i64      12 old_of_new[n|0] i32
 *       3 send_count[P] i64     8 node_idx[ml] i32
 *       4 send_idx[ns] i32      9 weights[ml|0] f64
 * (send_idx: each peer's list in turn, peer 0 first).  Edge-sized values
 * are always 8 bytes, so a part written by a 64-bit-edge build loads in a
 * 32-bit one when its counts fit.  The reader checks the header, the size,
 * the checksum, then every invariant the runtime relies on (ids in range,
 * monotone offsets, permutations), so a damaged part is an error naming the
 * file, never a crash. */
#include "gmd.h"
#include "gmd_part.h"
#include "gmrt_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char GMP_MAGIC[8] = { 'G', 'M', 'D', '-', 'P', 'A', 'R', 'T' };
#define GMP_VERSION 1u
#define NSEC 13
#define HEADER (112u + 16u * NSEC)

enum { S_BLOCK, S_GHOST_GID, S_GHOST_BEGIN, S_SEND_COUNT, S_SEND_IDX, S_OUT_DEG, S_IN_DEG, S_BEGIN, S_NODE_IDX,
       S_WEIGHTS, S_EDGE_GID, S_NEW_OF_OLD, S_OLD_OF_NEW };
static const unsigned sec_size[NSEC] = { 8, 8, 8, 8, 4, 8, 8, 8, 4, 8, 8, 4, 4 };

#define FLAG_WEIGHTS 1u
#define FLAG_INTEGRAL 2u
#define FLAG_RELABELLED 4u

/* ---- little-endian fields ---- */

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}
static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}
static uint32_t get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}
static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* A 64-bit checksum over 8-byte words (a multiply-rotate mix per word, the
 * tail zero-padded): fast enough for parts of gigabytes, and any changed
 * byte changes it. */
static uint64_t mix(uint64_t h, uint64_t w)
{
    h ^= w * 0x9E3779B97F4A7C15ull;
    h = (h << 31) | (h >> 33);
    return h * 0xBF58476D1CE4E5B9ull + 0x94D049BB133111EBull;
}

static uint64_t checksum(const unsigned char *p, size_t len)
{
    uint64_t h = 0x676D642D70617274ull ^ (uint64_t)len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8)
        h = mix(h, i == 104 ? 0 : get64(p + i)); /* the checksum field reads as 0 */
    if (i < len) {
        unsigned char t[8] = { 0 };
        memcpy(t, p + i, len - i);
        h = mix(h, get64(t));
    }
    return h ^ (h >> 29);
}

uint64_t gmd_gmp_checksum_(const unsigned char *b, size_t len) { return checksum(b, len); }

uint64_t gmd_gmp_set_id_(const gm_graph *g, int size, const gmd_load_options *opt)
{
    uint64_t h = mix(mix(0x7365742D6964ull, (uint64_t)g->num_nodes), (uint64_t)g->num_edges);
    h = mix(h, (uint64_t)size);
    h = mix(h, opt ? (uint64_t)opt->policy : 0);
    h = mix(h, opt && opt->relabel ? 1 + opt->relabel_seed : 0);
    for (gm_node_t u = 0; u <= g->num_nodes; u++)
        h = mix(h, (uint64_t)g->begin[u]);
    for (gm_edge_t e = 0; e < g->num_edges; e++) {
        h = mix(h, (uint64_t)(uint32_t)g->node_idx[e]);
        if (g->weights) {
            uint64_t w;
            memcpy(&w, &g->weights[e], 8);
            h = mix(h, w);
        }
    }
    return h ^ (h >> 29);
}

/* ---- names ---- */

char *gmd_gmp_part_path_(const char *prefix, int rank)
{
    size_t n = strlen(prefix) + 24;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s.%d.gmp", prefix, rank);
    return p;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

bool gmd_gmp_is_set_(const char *path) { return path && ends_with(path, ".gmp"); }

char *gmd_gmp_prefix_(const char *path)
{
    size_t n = strlen(path);
    if (ends_with(path, ".gmp"))
        n -= 4;
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, path, n);
        p[n] = '\0';
    }
    return p;
}

/* ---- layout ---- */

typedef struct layout {
    uint64_t off[NSEC], cnt[NSEC], end;
} layout;

/* Section counts from the header's counts; false when they cannot describe
 * a file (overflow). */
static bool make_layout(int P, uint64_t n, uint64_t no, uint64_t ng, uint64_t ml, uint64_t ns, bool weights,
                        bool relabelled, layout *l)
{
    uint64_t nl = no + ng;
    if (n > INT32_MAX || nl > INT32_MAX || ml > (UINT64_MAX >> 6) || ns > (UINT64_MAX >> 6))
        return false;
    uint64_t cnt[NSEC] = { (uint64_t)P + 1, ng, (uint64_t)P + 1, (uint64_t)P, ns, nl, nl, nl + 1, ml,
                           weights ? ml : 0, ml, relabelled ? n : 0, relabelled ? n : 0 };
    uint64_t at = HEADER;
    for (int s = 0; s < NSEC; s++) {
        at = (at + 7) & ~(uint64_t)7;
        l->off[s] = at;
        l->cnt[s] = cnt[s];
        at += cnt[s] * sec_size[s];
    }
    l->end = at;
    return true;
}

/* ---- writing ---- */

static gm_node_t num_local(const gmd_graph *G) { return G->num_owned + G->num_ghosts; }

bool gmd_gmp_write_(const gmd_graph *G, uint64_t relabel_seed, uint64_t set_id, const char *path, gmrt_error *err)
{
    const gm_graph *L = G->local;
    uint64_t ns = 0;
    for (int p = 0; p < G->size; p++)
        ns += (uint64_t)G->send_count[p];
    bool relabelled = G->old_of_new != NULL;
    layout l;
    if (!make_layout(G->size, (uint64_t)G->global_nodes, (uint64_t)G->num_owned, (uint64_t)G->num_ghosts,
                     (uint64_t)L->num_edges, ns, L->weights != NULL, relabelled, &l) ||
        l.end > SIZE_MAX) {
        gmrt_error_set(err, GMRT_E_RANGE, "%s: the part is too large to write", path);
        return false;
    }
    unsigned char *b = calloc((size_t)l.end, 1);
    if (!b) {
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory for the part (%" PRIu64 " bytes)", path, l.end);
        return false;
    }
    memcpy(b, GMP_MAGIC, 8);
    put32(b + 8, GMP_VERSION);
    put32(b + 12, HEADER);
    put32(b + 16, (uint32_t)G->size);
    put32(b + 20, (uint32_t)G->rank);
    put32(b + 24, (uint32_t)G->policy);
    put32(b + 28, (L->weights ? FLAG_WEIGHTS : 0) | (L->weights_integral ? FLAG_INTEGRAL : 0) |
                      (relabelled ? FLAG_RELABELLED : 0));
    put64(b + 32, (uint64_t)G->global_nodes);
    put64(b + 40, (uint64_t)G->global_edges);
    put64(b + 48, relabelled ? relabel_seed : 0);
    put64(b + 56, set_id);
    put64(b + 64, (uint64_t)G->num_owned);
    put64(b + 72, (uint64_t)G->num_ghosts);
    put64(b + 80, (uint64_t)L->num_edges);
    put64(b + 88, ns);
    put64(b + 96, l.end);
    for (int s = 0; s < NSEC; s++) {
        put64(b + 112 + 16 * s, l.off[s]);
        put64(b + 120 + 16 * s, l.cnt[s]);
    }
    gm_node_t nl = num_local(G);
    unsigned char *q;
#define SEC(s) (q = b + l.off[s])
    SEC(S_BLOCK);
    for (int p = 0; p <= G->size; p++, q += 8)
        put64(q, (uint64_t)G->block[p]);
    SEC(S_GHOST_GID);
    for (gm_node_t i = 0; i < G->num_ghosts; i++, q += 8)
        put64(q, (uint64_t)G->ghost_gid[i]);
    SEC(S_GHOST_BEGIN);
    for (int p = 0; p <= G->size; p++, q += 8)
        put64(q, (uint64_t)G->ghost_begin[p]);
    SEC(S_SEND_COUNT);
    for (int p = 0; p < G->size; p++, q += 8)
        put64(q, (uint64_t)G->send_count[p]);
    SEC(S_SEND_IDX);
    for (int p = 0; p < G->size; p++)
        for (gm_node_t i = 0; i < G->send_count[p]; i++, q += 4)
            put32(q, (uint32_t)G->send_idx[p][i]);
    SEC(S_OUT_DEG);
    for (gm_node_t v = 0; v < nl; v++, q += 8)
        put64(q, (uint64_t)G->out_degree[v]);
    SEC(S_IN_DEG);
    for (gm_node_t v = 0; v < nl; v++, q += 8)
        put64(q, (uint64_t)G->in_degree[v]);
    SEC(S_BEGIN);
    for (gm_node_t v = 0; v <= nl; v++, q += 8)
        put64(q, (uint64_t)L->begin[v]);
    SEC(S_NODE_IDX);
    for (gm_edge_t e = 0; e < L->num_edges; e++, q += 4)
        put32(q, (uint32_t)L->node_idx[e]);
    if (L->weights) {
        SEC(S_WEIGHTS);
        for (gm_edge_t e = 0; e < L->num_edges; e++, q += 8) {
            uint64_t w;
            memcpy(&w, &L->weights[e], 8);
            put64(q, w);
        }
    }
    SEC(S_EDGE_GID);
    for (gm_edge_t e = 0; e < L->num_edges; e++, q += 8)
        put64(q, (uint64_t)G->edge_gid[e]);
    if (relabelled) {
        SEC(S_NEW_OF_OLD);
        for (int64_t i = 0; i < G->global_nodes; i++, q += 4)
            put32(q, (uint32_t)G->new_of_old[i]);
        SEC(S_OLD_OF_NEW);
        for (int64_t i = 0; i < G->global_nodes; i++, q += 4)
            put32(q, (uint32_t)G->old_of_new[i]);
    }
#undef SEC
    put64(b + 104, checksum(b, (size_t)l.end));

    gmrt_file o;
    FILE *f = gmrt_file_create(&o, path);
    if (!f) {
        gmrt_error_set(err, GMRT_E_IO, "%s: cannot create: %s", path, strerror(errno));
        free(b);
        return false;
    }
    if (l.end && fwrite(b, 1, (size_t)l.end, f) != (size_t)l.end)
        gmrt_file_note_error(&o, errno ? errno : EIO);
    free(b);
    int e = gmrt_file_commit(&o);
    if (e) {
        gmrt_error_set(err, GMRT_E_IO, "%s: write failed: %s", path, strerror(e));
        return false;
    }
    return true;
}

/* ---- reading ---- */

#define BAD(...)                                                                                                       \
    do {                                                                                                               \
        gmrt_error_set(err, GMRT_E_FORMAT, __VA_ARGS__);                                                               \
        goto fail;                                                                                                     \
    } while (0)

/* Reads the whole file; NULL (err set) when it cannot. */
static unsigned char *read_file(const char *path, size_t *len, gmrt_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT)
            gmrt_error_set(err, GMRT_E_IO, "%s: missing part: %s (was the set written for this many ranks?)", path,
                           strerror(errno));
        else
            gmrt_error_set(err, GMRT_E_IO, "%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    unsigned char *b = NULL;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        gmrt_error_set(err, GMRT_E_IO, "%s: not a regular file", path);
        goto out;
    }
    *len = (size_t)st.st_size;
    b = malloc(*len + 1);
    if (!b) {
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory for %zu bytes", path, *len);
        goto out;
    }
    if (*len && fread(b, 1, *len, f) != *len) {
        gmrt_error_set(err, GMRT_E_IO, "%s: cannot read: %s", path, ferror(f) ? strerror(errno) : "short read");
        free(b);
        b = NULL;
    }
out:
    fclose(f);
    return b;
}

gmd_graph *gmd_gmp_read_(const char *path, int rank, int size, gmd_gmp_info *info, gmrt_error *err)
{
    size_t len = 0;
    unsigned char *b = read_file(path, &len, err);
    if (!b)
        return NULL;
    gmd_graph *G = NULL;
    if (len < 16 || memcmp(b, GMP_MAGIC, 8) != 0)
        BAD("%s: not a partitioned graph part (no GMD-PART magic)", path);
    uint32_t version = get32(b + 8);
    if (version != GMP_VERSION)
        BAD("%s: .gmp version %" PRIu32 ", this build reads version %u (rewrite it with this gmgraph partition)", path,
            version, GMP_VERSION);
    if (len < HEADER)
        BAD("%s: truncated: %zu bytes, shorter than the %u-byte header", path, len, HEADER);
    if (get32(b + 12) != HEADER)
        BAD("%s: header size %" PRIu32 ", expected %u", path, get32(b + 12), HEADER);
    uint64_t fsize = get64(b + 96);
    if (fsize != len)
        BAD("%s: %s: %zu bytes, its header says %" PRIu64, path, len < fsize ? "truncated" : "trailing bytes", len,
            fsize);
    if (get64(b + 104) != checksum(b, len))
        BAD("%s: checksum mismatch (the part is damaged)", path);
    uint32_t P = get32(b + 16), r = get32(b + 20), pol = get32(b + 24), flags = get32(b + 28);
    if (P != (uint32_t)size)
        BAD("%s: a part of a set for %" PRIu32 " ranks, but this run has %d (partition again with --parts=%d)", path,
            P, size, size);
    if (r != (uint32_t)rank)
        BAD("%s: holds rank %" PRIu32 "'s part, expected rank %d's", path, r, rank);
    if (pol > 2)
        BAD("%s: unknown policy %" PRIu32, path, pol);
    if (flags & ~(FLAG_WEIGHTS | FLAG_INTEGRAL | FLAG_RELABELLED))
        BAD("%s: unknown flags 0x%" PRIx32, path, flags);
    uint64_t n = get64(b + 32), m = get64(b + 40), no = get64(b + 64), ng = get64(b + 72), ml = get64(b + 80),
             ns = get64(b + 88);
    bool wts = flags & FLAG_WEIGHTS, relabelled = flags & FLAG_RELABELLED;
    layout l;
    if (!make_layout(size, n, no, ng, ml, ns, wts, relabelled, &l) || l.end != len)
        BAD("%s: the counts (n %" PRIu64 ", owned %" PRIu64 ", ghosts %" PRIu64 ", edges %" PRIu64
            ") do not match the file's size",
            path, n, no, ng, ml);
    for (int s = 0; s < NSEC; s++)
        if (get64(b + 112 + 16 * s) != l.off[s] || get64(b + 120 + 16 * s) != l.cnt[s])
            BAD("%s: section %d is not where the layout puts it", path, s);
    if (m > (uint64_t)GMRT_EDGE_MAX || ml > m + m || no > n || ng > n)
        BAD("%s: %" PRIu64 " edges (%" PRIu64 " local) do not fit this build", path, m, ml);

    G = calloc(1, sizeof *G);
    if (!G)
        goto nomem;
    G->rank = rank;
    G->size = size;
    G->policy = (gmd_policy)pol;
    G->global_nodes = (int64_t)n;
    G->global_edges = (int64_t)m;
    G->num_owned = (gm_node_t)no;
    G->num_ghosts = (gm_node_t)ng;
    gm_node_t nl = (gm_node_t)(no + ng);
    G->block = malloc(((size_t)size + 1) * sizeof *G->block);
    G->ghost_gid = malloc(((size_t)ng + 1) * sizeof *G->ghost_gid);
    G->ghost_begin = malloc(((size_t)size + 1) * sizeof *G->ghost_begin);
    G->send_idx = calloc((size_t)size, sizeof *G->send_idx);
    G->send_count = calloc((size_t)size, sizeof *G->send_count);
    G->out_degree = malloc(((size_t)nl + 1) * sizeof *G->out_degree);
    G->in_degree = malloc(((size_t)nl + 1) * sizeof *G->in_degree);
    G->edge_gid = malloc(((size_t)ml + 1) * sizeof *G->edge_gid);
    if (!G->block || !G->ghost_gid || !G->ghost_begin || !G->send_idx || !G->send_count || !G->out_degree ||
        !G->in_degree || !G->edge_gid)
        goto nomem;
    if (relabelled) {
        G->new_of_old = malloc(((size_t)n + 1) * sizeof *G->new_of_old);
        G->old_of_new = malloc(((size_t)n + 1) * sizeof *G->old_of_new);
        if (!G->new_of_old || !G->old_of_new)
            goto nomem;
    }
    G->local = gmrt_graph_alloc(nl, (gm_edge_t)ml, wts, err);
    if (!G->local)
        goto fail;

    const unsigned char *q;
#define SEC(s) (q = b + l.off[s])
    /* blocks: monotone from 0 to n, this rank's of the header's size */
    SEC(S_BLOCK);
    for (int p = 0; p <= size; p++, q += 8) {
        int64_t v = (int64_t)get64(q);
        if (v < 0 || (uint64_t)v > n || (p > 0 && v < G->block[p - 1]) || (p == 0 && v != 0) ||
            (p == size && (uint64_t)v != n))
            BAD("%s: block table entry %d (%" PRId64 ") is not monotone from 0 to %" PRIu64, path, p, v, n);
        G->block[p] = v;
    }
    int64_t lo = G->block[rank], hi = G->block[rank + 1];
    if ((uint64_t)(hi - lo) != no)
        BAD("%s: %" PRIu64 " owned nodes, but the block table gives %" PRId64, path, no, hi - lo);
    /* ghosts: ascending, outside the block, sliced by owner */
    SEC(S_GHOST_GID);
    for (uint64_t i = 0; i < ng; i++, q += 8) {
        int64_t v = (int64_t)get64(q);
        if (v < 0 || (uint64_t)v >= n || (v >= lo && v < hi) || (i > 0 && v <= G->ghost_gid[i - 1]))
            BAD("%s: ghost %" PRIu64 " (global id %" PRId64 ") out of order or not a ghost", path, i, v);
        G->ghost_gid[i] = v;
    }
    SEC(S_GHOST_BEGIN);
    uint64_t want = no; /* the first ghost owned by p or a later rank */
    for (int p = 0; p <= size; p++, q += 8) {
        uint64_t v = get64(q);
        while (want < no + ng && (p == size || G->ghost_gid[want - no] < G->block[p]))
            want++;
        if (v != want)
            BAD("%s: ghost slice of rank %d starts at %" PRIu64 ", expected %" PRIu64, path, p, v, want);
        G->ghost_begin[p] = (gm_node_t)v;
    }
    /* send lists: owned local ids */
    SEC(S_SEND_COUNT);
    uint64_t total = 0;
    for (int p = 0; p < size; p++, q += 8) {
        uint64_t c = get64(q);
        if (c > no || (p == rank && c != 0))
            BAD("%s: send list of rank %d has %" PRIu64 " entries (%" PRIu64 " owned nodes)", path, p, c, no);
        G->send_count[p] = (gm_node_t)c;
        total += c;
    }
    if (total != ns)
        BAD("%s: the send lists hold %" PRIu64 " entries, the header says %" PRIu64, path, total, ns);
    SEC(S_SEND_IDX);
    for (int p = 0; p < size; p++) {
        G->send_idx[p] = malloc(((size_t)G->send_count[p] + 1) * sizeof **G->send_idx);
        if (!G->send_idx[p])
            goto nomem;
        for (gm_node_t i = 0; i < G->send_count[p]; i++, q += 4) {
            uint32_t v = get32(q);
            if (v >= no || (i > 0 && v <= (uint32_t)G->send_idx[p][i - 1]))
                BAD("%s: send list of rank %d: entry %d (%" PRIu32 ") is not an ascending owned id", path, p, (int)i,
                    v);
            G->send_idx[p][i] = (gm_node_t)v;
        }
    }
    /* degrees */
    SEC(S_OUT_DEG);
    for (gm_node_t v = 0; v < nl; v++, q += 8) {
        uint64_t d = get64(q);
        if (d > m)
            BAD("%s: out-degree of local node %d is %" PRIu64 " (m = %" PRIu64 ")", path, (int)v, d, m);
        G->out_degree[v] = (gm_edge_t)d;
    }
    SEC(S_IN_DEG);
    for (gm_node_t v = 0; v < nl; v++, q += 8) {
        uint64_t d = get64(q);
        if (d > m)
            BAD("%s: in-degree of local node %d is %" PRIu64 " (m = %" PRIu64 ")", path, (int)v, d, m);
        G->in_degree[v] = (gm_edge_t)d;
    }
    /* the local CSR: gmrt_graph_check below checks offsets and sorted rows */
    gm_graph *L = G->local;
    SEC(S_BEGIN);
    for (gm_node_t v = 0; v <= nl; v++, q += 8) {
        uint64_t e = get64(q);
        if (e > ml || (v > 0 && e < (uint64_t)L->begin[v - 1]) || (v == 0 && e != 0) || (v == nl && e != ml))
            BAD("%s: row offset %d (%" PRIu64 ") not monotone from 0 to %" PRIu64, path, (int)v, e, ml);
        L->begin[v] = (gm_edge_t)e;
    }
    SEC(S_NODE_IDX);
    for (uint64_t e = 0; e < ml; e++, q += 4) {
        uint32_t v = get32(q);
        if (v >= (uint32_t)nl)
            BAD("%s: local edge %" PRIu64 " goes to %" PRIu32 ", past the %d local nodes", path, e, v, (int)nl);
        L->node_idx[e] = (gm_node_t)v;
    }
    if (wts) {
        SEC(S_WEIGHTS);
        for (uint64_t e = 0; e < ml; e++, q += 8) {
            uint64_t w = get64(q);
            memcpy(&L->weights[e], &w, 8);
        }
    }
    L->weights_integral = wts && (flags & FLAG_INTEGRAL);
    SEC(S_EDGE_GID);
    for (uint64_t e = 0; e < ml; e++, q += 8) {
        uint64_t x = get64(q);
        if (x >= m)
            BAD("%s: local edge %" PRIu64 " has global index %" PRIu64 " (m = %" PRIu64 ")", path, e, x, m);
        G->edge_gid[e] = (gm_edge_t)x;
    }
    if (relabelled) {
        SEC(S_NEW_OF_OLD);
        for (uint64_t i = 0; i < n; i++, q += 4) {
            uint32_t v = get32(q);
            if (v >= n)
                BAD("%s: relabelling: node %" PRIu64 " becomes %" PRIu32 " (n = %" PRIu64 ")", path, i, v, n);
            G->new_of_old[i] = (gm_node_t)v;
        }
        SEC(S_OLD_OF_NEW);
        for (uint64_t i = 0; i < n; i++, q += 4) {
            uint32_t v = get32(q);
            if (v >= n || (uint64_t)G->new_of_old[v] != i)
                BAD("%s: the relabelling tables are not inverse permutations (at %" PRIu64 ")", path, i);
            G->old_of_new[i] = (gm_node_t)v;
        }
    }
#undef SEC
    if (!gmrt_graph_check(L, err)) {
        gmrt_error errc = *err;
        BAD("%s: local graph: %s", path, errc.message);
    }
    if (info) {
        info->set_id = get64(b + 56);
        info->relabel_seed = get64(b + 48);
        info->relabelled = relabelled;
    }
    free(b);
    return G;
nomem:
    gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory for the part", path);
fail:
    free(b);
    gmd_graph_free(G);
    return NULL;
}
