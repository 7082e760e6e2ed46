/* io_internal.h (internal): what the graph loaders and writers share: the
 * file contents as one byte range, a line-counting text scanner, an edge
 * accumulator, a buffered writer, and byte-order helpers.  Text parsing never
 * relies on a terminating NUL: the bytes are the file's, exactly as long. */
#ifndef GMRT_IO_INTERNAL_H
#define GMRT_IO_INTERNAL_H

#include "gmrt_io.h"
#include "rt_progress.h"
#include "gmrt_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- file contents ---- */
typedef struct gmrt_blob {
    const unsigned char *data;
    size_t len;
    void *map;      /* mmap'd region or NULL: the file's pages (MAP_PRIVATE,
                       writable copy-on-write), or after gmrt_blob_own an
                       anonymous mapping holding a copy */
    size_t map_len;
    void *heap;     /* malloc'd copy when the file could not be mapped */
    int fd;         /* the mapped file while has_fd, for gmrt_blob_own */
    bool has_fd;
    bool keep_file_pages; /* gmrt_blob_own leaves the file's pages mapped */
    int64_t size0;  /* the file's size and modification time when opened */
    int64_t mtime0_s, mtime0_ns;
} gmrt_blob;

bool gmrt_blob_open(const char *path, gmrt_blob *b, gmrt_error *err);
void gmrt_blob_close(gmrt_blob *b);
/* Frees the bytes (a reader done with them) but keeps what
 * gmrt_blob_finish checks. */
void gmrt_blob_drop_bytes(gmrt_blob *b);
/* Closes b after a reader is done with it (ok: it succeeded), and says
 * whether the file kept its size and modification time since it was
 * opened: a file rewritten in place meanwhile (a writer that truncates,
 * cp over it) may have given the reader a mix of its old and new bytes, so
 * that is an error naming the file. A file replaced by rename is another
 * inode and leaves this one alone. Returns ok when nothing changed. */
bool gmrt_blob_finish(gmrt_blob *b, const char *name, bool ok, gmrt_error *err);

/* Replaces the file's pages by a private copy in anonymous memory, read
 * from the file, before a loader reads them (every graph and property
 * load; the GMB loader's arrays stay in the copy for the graph's life).
 * Read on the file's pages, a file rewritten in place (cp over it, a writer
 * truncating it) changed a loaded graph under the program or ended it with
 * SIGBUS past a new end, and on kernels that cache files in large folios
 * the graph's random reads ran up to 2x slower from one call to the next
 * (bench/RESULTS.md, session 33). Nothing to do for a blob that is not a
 * file mapping or has keep_file_pages set (gmrt_graph_load_mapped_: the
 * caller copies what it needs at once). A file cut short meanwhile leaves
 * len short, for the loader to report; one that changed is an error (as in
 * gmrt_blob_finish); false with an error when memory or the read fails. */
bool gmrt_blob_own(gmrt_blob *b, const char *name, gmrt_error *err);

/* gmrt_graph_load, but a GMB file's arrays may stay on the file's pages,
 * shared with every process that maps the file: for callers that copy what
 * they need before anything can rewrite it and free the graph (each
 * distributed rank takes its part of a shared file, gmd_graph.c). Other
 * formats are parsed from a copy, as gmrt_graph_load's. */
gm_graph *gmrt_graph_load_mapped_(const char *path, const gmrt_load_options *opt, gmrt_error *err);

/* io_gzip.c: whether the bytes start with the gzip magic 1f 8b; replacing
 * a gzip blob by its decompressed bytes (false, with an error naming the
 * file, when it is corrupt or truncated, or when built without zlib); and
 * the first decompressed bytes of a gzip head (up to size; 0 when none can
 * be had), for telling the inner format. */
bool gmrt_is_gzip(const void *data, size_t len);
bool gmrt_blob_gunzip(gmrt_blob *b, const char *name, gmrt_error *err);
size_t gmrt_gzip_peek(const void *data, size_t len, void *head, size_t size);

/* ---- loaders: each returns a graph with opt->build applied ---- */
typedef struct gmrt_load_ctx {
    gmrt_blob *blob;              /* the GMB loader may adopt blob->map */
    const char *name;             /* file name for messages */
    const gmrt_load_options *opt; /* never NULL */
    gmrt_error *err;
    int64_t **labels; /* gmrt_graph_load_relabelled's, else NULL: text
                         loaders number the nodes as they build (and set
                         *labels); binary ones leave it to the caller */
} gmrt_load_ctx;

gm_graph *gmrt_load_gm_binary(gmrt_load_ctx *c);
gm_graph *gmrt_load_edge_list(gmrt_load_ctx *c);
gm_graph *gmrt_load_matrix_market(gmrt_load_ctx *c);
gm_graph *gmrt_load_dimacs(gmrt_load_ctx *c);
gm_graph *gmrt_load_gmb(gmrt_load_ctx *c);
/* Whether the bytes start as a GMB file does (its magic). */
bool gmrt_is_gmb(const void *data, size_t len);

/* The counts in a GM binary (.gmb) header: head holds the file's first len
 * bytes, size is the file's size; false unless the header is one the
 * loader accepts and the size is the one it implies (gmrt_graph_file_counts). */
bool gmrt_gm_binary_counts(const unsigned char *head, size_t len, uint64_t size, int64_t *n, int64_t *m);
bool gmrt_gmb_counts(const unsigned char *head, size_t len, uint64_t size, int64_t *n, int64_t *m);

bool gmrt_save_gm_binary(const gm_graph *g, const char *path, bool little_endian, gmrt_error *err);
bool gmrt_save_edge_list(const gm_graph *g, const char *path, gmrt_error *err);
bool gmrt_save_matrix_market(const gm_graph *g, const char *path, gmrt_error *err);
bool gmrt_save_dimacs(const gm_graph *g, const char *path, gmrt_error *err);
bool gmrt_save_gmb(const gm_graph *g, const char *path, gmrt_error *err);

/* mem_limit.c: the smaller of physical memory and RLIMIT_AS, in bytes; and
 * false (with an error naming the largest id, max_id as stored, -1 for no
 * edge, and suggesting relabelling) when a graph of n nodes and m edges
 * cannot fit in it, or when it has more than 2^24 nodes and fewer than one
 * in 32 can have an edge (unless opt->allow_sparse or GMRT_ALLOW_SPARSE). */
uint64_t gmrt_memory_limit(void);
bool gmrt_check_graph_memory(int64_t n, int64_t m, bool weighted, int64_t max_id, const char *name,
                             const gmrt_load_options *opt, gmrt_error *err);
bool gmrt_check_sparse_ids(int64_t n, int64_t m, int64_t max_id, const char *name, const gmrt_load_options *opt,
                           gmrt_error *err);
bool gmrt_sparse_allowed(const gmrt_load_options *opt);

/* False (with an error naming the file) when n exceeds opt->max_nodes. */
bool gmrt_check_node_limit(int64_t n, const char *name, const gmrt_load_options *opt, gmrt_error *err);

/* Applies the build options to a graph a binary loader produced (which has
 * sorted rows); returns g itself when there is nothing to do. */
gm_graph *gmrt_apply_build_options(gm_graph *g, const gmrt_load_options *opt, gmrt_error *err);


/* ---- text scanning ---- */
typedef struct gmrt_scan {
    const char *p, *end, *start;
    const char *name;
    size_t line; /* 1-based line of p */
    gmrt_error *err;
    const gmrt_progress *progress;
    const char *next_report;
    gmrt_type weights_as;    /* gmrt_load_options.weights_as, checked by gmrt_scan_weight */
    const char *weights_for;
} gmrt_scan;

void gmrt_scan_init(gmrt_scan *s, const gmrt_load_ctx *c);
/* Whether weight w is exactly a value of type t (gmrt_load_options.weights_as);
 * when not, expected gets what would be, for messages (untouched when it fits:
 * called once per edge, formatting it each time cost more than the load). */
bool gmrt_weight_fits(double w, gmrt_type t, char *expected, size_t size);
/* Skips spaces, tabs and CRs (not newlines). */
static inline void gmrt_scan_blank(gmrt_scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\r' || *s->p == '\v' || *s->p == '\f'))
        s->p++;
}
static inline bool gmrt_scan_eol(gmrt_scan *s)
{
    gmrt_scan_blank(s);
    return s->p >= s->end || *s->p == '\n';
}
/* Moves past the next newline (or to the end); reports progress now and then. */
void gmrt_scan_next_line(gmrt_scan *s);
/* The next whitespace-delimited token of the current line; false at its end. */
bool gmrt_scan_token(gmrt_scan *s, const char **tok, size_t *len);
/* Copies a token into buf for a message, '?' for unprintable bytes. */
const char *gmrt_scan_quote(const char *tok, size_t len, char *buf, size_t size);
/* Records "name:line: message". */
void gmrt_scan_error(gmrt_scan *s, gmrt_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

typedef enum { GMRT_NUM_OK, GMRT_NUM_BAD, GMRT_NUM_OVERFLOW } gmrt_num_status;
gmrt_num_status gmrt_parse_i64(const char *tok, size_t len, int64_t *out);
/* Finite or infinite doubles (NaN is refused); *integral says whether the
 * token was written as an integer. */
gmrt_num_status gmrt_parse_double(const char *tok, size_t len, double *out, bool *integral);

/* Reads one node id token of a text format: numeric, >= base, and such that
 * id - base < GMRT_NODE_MAX.  On failure records "expected a <what>". */
bool gmrt_scan_node_id(gmrt_scan *s, int base, const char *what, gm_node_t *out);
/* Reads one weight token; on failure records "expected <what>". */
bool gmrt_scan_weight(gmrt_scan *s, const char *what, double *out, bool *integral);
/* Fails with "expected end of line" when the line has more tokens. */
bool gmrt_scan_line_end(gmrt_scan *s, const char *after);

/* ---- edges collected from a text file ---- */
typedef struct gmrt_edge_buf {
    gm_node_t *src, *dst;
    double *w; /* NULL while unweighted */
    size_t len, cap;
} gmrt_edge_buf;

bool gmrt_edge_buf_reserve(gmrt_edge_buf *b, size_t cap, bool weighted);
static inline bool gmrt_edge_buf_push(gmrt_edge_buf *b, gm_node_t u, gm_node_t v, double w)
{
    if (b->len == b->cap && !gmrt_edge_buf_reserve(b, b->cap ? 2 * b->cap : 1024, b->w != NULL))
        return false;
    b->src[b->len] = u;
    b->dst[b->len] = v;
    if (b->w)
        b->w[b->len] = w;
    b->len++;
    return true;
}
void gmrt_edge_buf_free(gmrt_edge_buf *b);
/* Builds the graph (n nodes) with the load options and frees the buffer;
 * the text is parsed by then: c->blob's bytes are freed first. */
gm_graph *gmrt_edge_buf_build(gmrt_edge_buf *b, gm_node_t n, bool weights_integral, const gmrt_load_ctx *c);

/* ---- buffered writing ---- */
typedef struct gmrt_writer {
    FILE *f;
    gmrt_file file; /* atomic: a temporary file renamed over path on close */
    const char *path;
    char buf[1 << 16];
    size_t len;
    bool failed;
} gmrt_writer;

bool gmrt_writer_open(gmrt_writer *w, const char *path, gmrt_error *err);
void gmrt_writer_flush(gmrt_writer *w);
void gmrt_writer_bytes(gmrt_writer *w, const void *data, size_t len);
static inline void gmrt_writer_char(gmrt_writer *w, char ch)
{
    if (w->len == sizeof w->buf)
        gmrt_writer_flush(w);
    w->buf[w->len++] = ch;
}
void gmrt_writer_str(gmrt_writer *w, const char *s);
void gmrt_writer_i64(gmrt_writer *w, int64_t v);
/* Integers as integers, other values with 17 significant digits (exact). */
void gmrt_writer_double(gmrt_writer *w, double v);
void gmrt_writer_printf(gmrt_writer *w, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A whole file made of pieces at byte offsets (the gaps read as zeros). */
typedef struct gmrt_out_piece {
    uint64_t at;
    const void *data;
    size_t len;
} gmrt_out_piece;
/* Writes a file of `size` bytes made of the pieces, copied by all the
 * OpenMP threads into a shared mapping of w's temporary file (one buffered
 * write stream per file is serialized by the kernel; page faults in a
 * mapping are not).  Space is reserved first (posix_fallocate), so a full
 * disk is an error here rather than a SIGBUS later.  Only on a fresh writer
 * (nothing written yet).  Returns false, with the file left empty, when it
 * cannot (standard output, a device or pipe, no fallocate or mmap, no
 * space): the caller then writes sequentially through w, which reports the
 * error if there is one. */
bool gmrt_writer_parallel(gmrt_writer *w, uint64_t size, const gmrt_out_piece *pieces, int count);
/* Flushes, closes and renames the temporary file over the target; on any
 * failure removes the temporary file (the target keeps its old contents)
 * and records which file and why. */
bool gmrt_writer_close(gmrt_writer *w, gmrt_error *err);

/* ---- byte order ---- */
static inline uint64_t gmrt_get_be(const unsigned char *p, int size)
{
    uint64_t v = 0;
    for (int i = 0; i < size; i++)
        v = (v << 8) | p[i];
    return v;
}
static inline uint64_t gmrt_get_le(const unsigned char *p, int size)
{
    uint64_t v = 0;
    for (int i = size; i-- > 0;)
        v = (v << 8) | p[i];
    return v;
}
static inline void gmrt_put_be(unsigned char *p, uint64_t v, int size)
{
    for (int i = size; i-- > 0; v >>= 8)
        p[i] = (unsigned char)v;
}
static inline void gmrt_put_le(unsigned char *p, uint64_t v, int size)
{
    for (int i = 0; i < size; i++, v >>= 8)
        p[i] = (unsigned char)v;
}
/* A size-byte field as a signed integer (two's complement). */
static inline int64_t gmrt_as_signed(uint64_t v, int size)
{
    if (size == 8)
        return (int64_t)v;
    uint64_t sign = (uint64_t)1 << (8 * size - 1);
    return (v & sign) ? (int64_t)(v - 2 * sign) : (int64_t)v;
}
static inline bool gmrt_host_little_endian(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

#endif
