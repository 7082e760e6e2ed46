/* gmrt_io.h: reading and writing graph files.
 *
 * Formats (read and write):
 *  GMRT_FMT_GM_BINARY     the original Green-Marl binary CSR (big-endian;
 *                         the legacy little-endian variant is read too)
 *  GMRT_FMT_GM_BINARY_LE  the legacy little-endian variant (for writing)
 *  GMRT_FMT_EDGE_LIST     text "src dst [weight]" lines, '#'/'%' comments;
 *                         a "# Nodes: N" comment sets a minimum node count
 *  GMRT_FMT_MATRIX_MARKET coordinate pattern/integer/real, general/symmetric
 *  GMRT_FMT_DIMACS        9th DIMACS challenge shortest-path ".gr"
 *  GMRT_FMT_GMB           libgmrt's own binary format: little-endian,
 *                         versioned, 8-byte aligned arrays loaded with mmap
 *                         and no copy when the sizes match this build
 * GMRT_FMT_AUTO picks the format from the file's magic, then its extension
 * (.bin .el .txt .edges .snap .mtx .gr .gmb).
 *
 * Loading never exits and never returns garbage: a malformed file gives NULL
 * and an error naming the file, the line (text) or byte offset (binary), and
 * what was expected. */
#ifndef GMRT_IO_H
#define GMRT_IO_H

#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gmrt_format {
    GMRT_FMT_AUTO = 0,
    GMRT_FMT_GM_BINARY,
    GMRT_FMT_GM_BINARY_LE,
    GMRT_FMT_EDGE_LIST,
    GMRT_FMT_MATRIX_MARKET,
    GMRT_FMT_DIMACS,
    GMRT_FMT_GMB
} gmrt_format;

/* A zero-initialised struct gives the defaults: format by detection,
 * 0-based edge lists, edges kept as in the file, weights kept. */
typedef struct gmrt_load_options {
    gmrt_format format;
    gmrt_build_options build; /* symmetrize, drop self-loops, dedup */
    int index_base;           /* edge lists: 0 (default) or 1 */
    bool ignore_weights;      /* drop a weight column instead of loading it */
    int64_t max_nodes;        /* refuse graphs with more nodes (0: no limit);
                                 a short text file can declare billions */
    gmrt_type weights_as;     /* 0: weights kept as read; GMRT_T_INT32 or
                                 INT64: each must be an integer in the type's
                                 range, FLOAT: finite as a float, else the
                                 load fails naming the line (text) or edge */
    const char *weights_for;  /* what the weights fill, for that message
                                 (e.g. "the Int property len"); may be NULL */
    gmrt_progress progress;   /* optional */
    bool allow_sparse;        /* text formats: load more than 2^24 nodes even
                                 when fewer than one in 32 can have an edge
                                 (else refused as ids that are labels; the
                                 environment's GMRT_ALLOW_SPARSE=1 does the
                                 same for every program) */
    const char *relabel_hint; /* how this program numbers ids that are labels
                                 0..N-1, for the refusals of sparse ids; NULL:
                                 "--relabel" */
} gmrt_load_options;

/* opt and err may be NULL.  path "-" is standard input; a gzip-compressed
 * input (magic 1f 8b) is decompressed first, its format told by content,
 * then by the name less ".gz" (without zlib: an error that says so). */
gm_graph *gmrt_graph_load(const char *path, const gmrt_load_options *opt, gmrt_error *err);
/* gmrt_graph_load() of a file whose ids are labels: the nodes with an edge
 * are numbered 0..k-1 in increasing id order and *labels gets k entries,
 * labels[i] = node i's id in the file (+ opt->index_base), ascending; free()
 * it.  The same graph and labels as gmrt_graph_relabel() after a load, but
 * a text file is relabelled as it is built, so an id of 2e9 in a small file
 * needs no array of 2e9 rows.  NULL (and *labels NULL) on failure. */
gm_graph *gmrt_graph_load_relabelled(const char *path, const gmrt_load_options *opt, int64_t **labels,
                                     gmrt_error *err);
/* The same from memory; name is used in error messages and for the
 * extension when the format is AUTO.  The buffer is not kept. */
gm_graph *gmrt_graph_load_mem(const void *data, size_t len, const char *name,
                              const gmrt_load_options *opt, gmrt_error *err);

/* Writes g; GMRT_FMT_AUTO picks the format from the extension of path.
 * Formats without weights (GM binary) drop them; DIMACS writes weight 1 for
 * an unweighted graph.  The file is written to a temporary file in the same
 * folder and renamed over path when complete (gmrt_file.h): on failure path
 * keeps its old contents and the error names the file and the reason. */
bool gmrt_graph_save(const gm_graph *g, const char *path, gmrt_format format, gmrt_error *err);

/* The node and edge counts the header of a binary graph file (GM binary or
 * .gmb) declares, read from its first bytes without loading it, for what a
 * program checks before a load (its GPU memory, gmrt_cli.h).  format is
 * GMRT_FMT_AUTO or the one the load is told.  False when path is not a
 * regular file in one of those formats whose size is the one its header
 * implies (a text format, a compressed file, standard input, a damaged
 * header): the load then tells the counts, or what is wrong. */
bool gmrt_graph_file_counts(const char *path, gmrt_format format, int64_t *nodes, int64_t *edges);

/* Detection used by GMRT_FMT_AUTO: magic first (head holds the file's first
 * len bytes), then the extension of path; GMRT_FMT_AUTO when neither tells.
 * A gzip head names the format of what its first bytes decompress to. */
gmrt_format gmrt_format_detect(const void *head, size_t len, const char *path);
gmrt_format gmrt_format_from_extension(const char *path);
/* "gm-binary", "gm-binary-le", "edge-list", "mtx", "dimacs", "gmb" (and back). */
const char *gmrt_format_name(gmrt_format f);
gmrt_format gmrt_format_parse(const char *name);

#ifdef __cplusplus
}
#endif
#endif
