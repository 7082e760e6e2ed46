/* io_dispatch.c: the public loading and saving entry points: choosing the
 * format (explicit, magic, extension), running the loader, and naming
 * formats for users.  A gzip input is decompressed first (io_gzip.c) and its
 * inner format told by content, then by the name less ".gz"; the path "-"
 * is standard input. */
#include "io_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static const struct {
    gmrt_format format;
    const char *name;
} FORMAT_NAMES[] = {
    {GMRT_FMT_GM_BINARY, "gm-binary"},     {GMRT_FMT_GM_BINARY_LE, "gm-binary-le"},
    {GMRT_FMT_EDGE_LIST, "edge-list"},     {GMRT_FMT_MATRIX_MARKET, "mtx"},
    {GMRT_FMT_DIMACS, "dimacs"},           {GMRT_FMT_GMB, "gmb"},
};

static const struct {
    const char *ext;
    gmrt_format format;
} EXTENSIONS[] = {
    {"bin", GMRT_FMT_GM_BINARY}, {"el", GMRT_FMT_EDGE_LIST},   {"txt", GMRT_FMT_EDGE_LIST},
    {"edges", GMRT_FMT_EDGE_LIST}, {"snap", GMRT_FMT_EDGE_LIST}, {"tsv", GMRT_FMT_EDGE_LIST},
    {"mtx", GMRT_FMT_MATRIX_MARKET}, {"gr", GMRT_FMT_DIMACS},  {"gmb", GMRT_FMT_GMB},
};

const char *gmrt_format_name(gmrt_format f)
{
    for (size_t i = 0; i < sizeof FORMAT_NAMES / sizeof FORMAT_NAMES[0]; i++)
        if (FORMAT_NAMES[i].format == f)
            return FORMAT_NAMES[i].name;
    return "auto";
}

gmrt_format gmrt_format_parse(const char *name)
{
    for (size_t i = 0; i < sizeof FORMAT_NAMES / sizeof FORMAT_NAMES[0]; i++)
        if (strcasecmp(FORMAT_NAMES[i].name, name) == 0)
            return FORMAT_NAMES[i].format;
    /* extensions are accepted as names too: "gr", "el", "bin" */
    for (size_t i = 0; i < sizeof EXTENSIONS / sizeof EXTENSIONS[0]; i++)
        if (strcasecmp(EXTENSIONS[i].ext, name) == 0)
            return EXTENSIONS[i].format;
    return GMRT_FMT_AUTO;
}

gmrt_format gmrt_format_from_extension(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash : path, '.');
    if (!dot)
        return GMRT_FMT_AUTO;
    for (size_t i = 0; i < sizeof EXTENSIONS / sizeof EXTENSIONS[0]; i++)
        if (strcasecmp(EXTENSIONS[i].ext, dot + 1) == 0)
            return EXTENSIONS[i].format;
    return GMRT_FMT_AUTO;
}

/* path without a final ".gz" (in buf), for the inner format's extension */
static const char *strip_gz(const char *path, char *buf, size_t size)
{
    size_t n = path ? strlen(path) : 0;
    if (n < 3 || strcasecmp(path + n - 3, ".gz") != 0 || n - 3 >= size)
        return path;
    memcpy(buf, path, n - 3);
    buf[n - 3] = '\0';
    return buf;
}

gmrt_format gmrt_format_detect(const void *head, size_t len, const char *path)
{
    if (gmrt_is_gzip(head, len)) {
        /* the format of what is inside: its first bytes, its name less .gz */
        unsigned char inner[256];
        char name[4096];
        size_t n = gmrt_gzip_peek(head, len, inner, sizeof inner);
        return gmrt_format_detect(inner, n, strip_gz(path, name, sizeof name));
    }
    const unsigned char *p = head;
    if (len >= 4 && ((p[0] == 0x03 && p[1] == 0x93 && p[2] == 0x99 && p[3] == 0x99) ||
                     (p[3] == 0x03 && p[2] == 0x93 && p[1] == 0x99 && p[0] == 0x99)))
        return GMRT_FMT_GM_BINARY;
    if (gmrt_is_gmb(p, len))
        return GMRT_FMT_GMB;
    if (len >= 14 && strncasecmp((const char *)p, "%%MatrixMarket", 14) == 0)
        return GMRT_FMT_MATRIX_MARKET;
    /* an edge list cannot start with a letter: "c ..." or "p sp" is DIMACS */
    size_t i = 0;
    while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n'))
        i++;
    if (i + 1 < len && (p[i] == 'c' || p[i] == 'p') && (p[i + 1] == ' ' || p[i + 1] == '\n' || p[i + 1] == '\t'))
        return GMRT_FMT_DIMACS;
    gmrt_format by_ext = path ? gmrt_format_from_extension(path) : GMRT_FMT_AUTO;
    if (by_ext != GMRT_FMT_AUTO)
        return by_ext;
    if (i == len || (p[i] >= '0' && p[i] <= '9') || p[i] == '#' || p[i] == '%')
        return GMRT_FMT_EDGE_LIST;
    return GMRT_FMT_AUTO;
}

bool gmrt_graph_file_counts(const char *path, gmrt_format format, int64_t *nodes, int64_t *edges)
{
    struct stat st;
    if (!path || strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false; /* standard input or a FIFO is read once, by the load */
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    unsigned char head[64];
    size_t len = fread(head, 1, sizeof head, f);
    fclose(f);
    gmrt_format magic = gmrt_format_detect(head, len, NULL);
    if (gmrt_is_gzip(head, len) || (format != GMRT_FMT_AUTO && format != magic &&
                                    !(format == GMRT_FMT_GM_BINARY_LE && magic == GMRT_FMT_GM_BINARY)))
        return false;
    if (magic == GMRT_FMT_GMB)
        return gmrt_gmb_counts(head, len, (uint64_t)st.st_size, nodes, edges);
    if (magic == GMRT_FMT_GM_BINARY)
        return gmrt_gm_binary_counts(head, len, (uint64_t)st.st_size, nodes, edges);
    return false;
}

bool gmrt_check_node_limit(int64_t n, const char *name, const gmrt_load_options *opt, gmrt_error *err)
{
    if (opt->max_nodes > 0 && n > opt->max_nodes) {
        gmrt_error_set(err, GMRT_E_RANGE, "%s: %lld nodes exceed the limit of %lld set by the caller", name, (long long)n,
                       (long long)opt->max_nodes);
        return false;
    }
    return true;
}

gm_graph *gmrt_apply_build_options(gm_graph *g, const gmrt_load_options *opt, gmrt_error *err)
{
    const gmrt_build_options *b = &opt->build;
    if (!g || !(b->symmetrize || b->drop_self_loops || b->dedup || (opt->ignore_weights && g->weights))) {
        return g;
    }
    gmrt_report(&opt->progress, "building", 0.0);
    gm_graph *out = gmrt_graph_transform(g, b, err);
    if (out && opt->ignore_weights) {
        free(out->weights);
        out->weights = NULL;
        out->weights_integral = false;
    }
    gmrt_graph_free(g);
    gmrt_report(&opt->progress, "building", 1.0);
    return out;
}

/* weights_as for the formats without lines (binary): the first weight
 * that does not fit, by edge; text loaders have refused theirs by line. */
static gm_graph *check_weights(gm_graph *g, const char *name, const gmrt_load_options *opt, gmrt_error *err)
{
    if (!g || !opt || !opt->weights_as || !g->weights)
        return g;
    char expected[96];
    for (gm_edge_t e = 0; e < g->num_edges; e++)
        if (!gmrt_weight_fits(g->weights[e], opt->weights_as, expected, sizeof expected)) {
            gmrt_error_set(err, GMRT_E_RANGE, "%s: edge %lld (%lld -> %lld): weight %.17g does not fit %s (%s): expected %s",
                           name, (long long)e, (long long)gmrt_edge_source(g, e), (long long)g->node_idx[e],
                           g->weights[e], opt->weights_for ? opt->weights_for : "the weights",
                           gmrt_type_name(opt->weights_as), expected);
            gmrt_graph_free(g);
            return NULL;
        }
    return g;
}

static gm_graph *load_blob(gmrt_blob *blob, const char *name, const gmrt_load_options *opt, int64_t **labels,
                           gmrt_error *err)
{
    gmrt_load_options defaults = {0};
    if (!opt)
        opt = &defaults;
    char plain[4096];
    const char *ext_name = name;
    if (gmrt_is_gzip(blob->data, blob->len)) {
        if (!gmrt_blob_gunzip(blob, name, err))
            return NULL;
        ext_name = strip_gz(name, plain, sizeof plain);
    }
    gmrt_format f = opt->format;
    if (f == GMRT_FMT_AUTO)
        f = gmrt_format_detect(blob->data, blob->len, ext_name);
    gmrt_load_ctx c = {blob, name, opt, err, labels};
    switch (f) {
    case GMRT_FMT_GM_BINARY:
    case GMRT_FMT_GM_BINARY_LE:
        return gmrt_load_gm_binary(&c);
    case GMRT_FMT_EDGE_LIST:
        return gmrt_load_edge_list(&c);
    case GMRT_FMT_MATRIX_MARKET:
        return gmrt_load_matrix_market(&c);
    case GMRT_FMT_DIMACS:
        return gmrt_load_dimacs(&c);
    case GMRT_FMT_GMB:
        return gmrt_load_gmb(&c);
    case GMRT_FMT_AUTO:
        break;
    }
    gmrt_error_set(err, GMRT_E_FORMAT,
                   "%s: byte 0: unknown graph format: expected a Green-Marl or GMRT-CSR binary magic, a "
                   "%%%%MatrixMarket banner, a DIMACS 'p sp' file or an edge list (choose one explicitly)",
                   name);
    return NULL;
}

/* load_blob and check_weights; with labels, a graph that was not relabelled
 * while building (the binary formats, whose node count the file's size
 * bounds) is relabelled afterwards. */
static gm_graph *load_checked(gmrt_blob *blob, const char *name, const gmrt_load_options *opt, int64_t **labels,
                              gmrt_error *err)
{
    if (labels)
        *labels = NULL;
    gm_graph *g = check_weights(load_blob(blob, name, opt, labels, err), name, opt, err);
    if (!g && labels) {
        free(*labels);
        *labels = NULL;
    }
    if (!g || !labels || *labels)
        return g;
    gm_graph *r = gmrt_graph_relabel(g, opt ? opt->index_base : 0, labels, err);
    gmrt_graph_free(g);
    return r;
}

static gm_graph *load_path(const char *path, const gmrt_load_options *opt, int64_t **labels, bool keep_file_pages,
                           gmrt_error *err)
{
    gmrt_error_clear(err);
    gmrt_blob blob;
    if (!gmrt_blob_open(path, &blob, err))
        return NULL;
    /* the distributed ranks share a .gmb's pages (each takes its part at
     * once); any other format is parsed from a copy of the program's own */
    blob.keep_file_pages = keep_file_pages && gmrt_is_gmb(blob.data, blob.len);
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    if (!gmrt_blob_own(&blob, name, err)) { /* every loader reads the program's own copy */
        gmrt_blob_close(&blob);
        return NULL;
    }
    gm_graph *g = load_checked(&blob, name, opt, labels, err);
    if (!gmrt_blob_finish(&blob, name, g != NULL, err) && g) {
        gmrt_graph_free(g);
        g = NULL;
        if (labels) {
            free(*labels);
            *labels = NULL;
        }
    }
    return g;
}

gm_graph *gmrt_graph_load(const char *path, const gmrt_load_options *opt, gmrt_error *err)
{
    return load_path(path, opt, NULL, false, err);
}

gm_graph *gmrt_graph_load_mapped_(const char *path, const gmrt_load_options *opt, gmrt_error *err)
{
    return load_path(path, opt, NULL, true, err);
}

gm_graph *gmrt_graph_load_relabelled(const char *path, const gmrt_load_options *opt, int64_t **labels,
                                     gmrt_error *err)
{
    *labels = NULL;
    return load_path(path, opt, labels, false, err);
}

gm_graph *gmrt_graph_load_mem(const void *data, size_t len, const char *name, const gmrt_load_options *opt,
                              gmrt_error *err)
{
    gmrt_error_clear(err);
    gmrt_blob blob = {0};
    blob.data = len ? data : (const unsigned char *)"";
    blob.len = len;
    if (name && strcmp(name, "-") == 0)
        name = "<stdin>";
    if (!name)
        name = "<memory>";
    gm_graph *g = load_checked(&blob, name, opt, NULL, err);
    gmrt_blob_close(&blob); /* frees what a gzip input decompressed to; data stays the caller's */
    return g;
}

bool gmrt_graph_save(const gm_graph *g, const char *path, gmrt_format format, gmrt_error *err)
{
    gmrt_error_clear(err);
    if (format == GMRT_FMT_AUTO)
        format = gmrt_format_from_extension(path);
    switch (format) {
    case GMRT_FMT_GM_BINARY:
        return gmrt_save_gm_binary(g, path, false, err);
    case GMRT_FMT_GM_BINARY_LE:
        return gmrt_save_gm_binary(g, path, true, err);
    case GMRT_FMT_EDGE_LIST:
        return gmrt_save_edge_list(g, path, err);
    case GMRT_FMT_MATRIX_MARKET:
        return gmrt_save_matrix_market(g, path, err);
    case GMRT_FMT_DIMACS:
        return gmrt_save_dimacs(g, path, err);
    case GMRT_FMT_GMB:
        return gmrt_save_gmb(g, path, err);
    case GMRT_FMT_AUTO:
        break;
    }
    gmrt_error_set(err, GMRT_E_ARG, "%s: cannot tell the format from the extension (use .bin .el .mtx .gr .gmb or name it)",
                   path);
    return false;
}
