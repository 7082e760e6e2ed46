/* io_matrix_market.c: Matrix Market coordinate files as graphs.
 *
 * Entry "i j [v]" is the edge i-1 -> j-1 with weight v.  Fields pattern,
 * integer and real are read; symmetric files store one triangle and every
 * off-diagonal entry also gives j-1 -> i-1 (skew-symmetric: with -v).  A
 * non-square matrix gives max(rows, cols) nodes.  The size line's entry
 * count must match the entries exactly. */
#include "io_internal.h"

#include <inttypes.h>
#include <math.h>
#include <strings.h>

enum field { F_PATTERN, F_INTEGER, F_REAL };
enum symmetry { S_GENERAL, S_SYMMETRIC, S_SKEW };

static bool word_is(const char *tok, size_t len, const char *word)
{
    return strlen(word) == len && strncasecmp(tok, word, len) == 0;
}

static bool next_word(gmrt_scan *s, const char *what, const char **tok, size_t *len)
{
    if (gmrt_scan_token(s, tok, len))
        return true;
    gmrt_scan_error(s, GMRT_E_FORMAT, "expected %s in the %%%%MatrixMarket banner", what);
    return false;
}

static bool read_banner(gmrt_scan *s, enum field *field, enum symmetry *sym)
{
    const char *tok;
    size_t len;
    char q[48];
    if (!gmrt_scan_token(s, &tok, &len) || !word_is(tok, len, "%%MatrixMarket")) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected the banner '%%%%MatrixMarket matrix coordinate <field> <symmetry>'");
        return false;
    }
    if (!next_word(s, "'matrix'", &tok, &len))
        return false;
    if (!word_is(tok, len, "matrix")) {
        gmrt_scan_error(s, GMRT_E_UNSUPPORTED, "object '%s' not supported, expected 'matrix'",
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    if (!next_word(s, "'coordinate'", &tok, &len))
        return false;
    if (!word_is(tok, len, "coordinate")) {
        gmrt_scan_error(s, GMRT_E_UNSUPPORTED, "format '%s' not supported, expected 'coordinate' (a sparse matrix)",
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    if (!next_word(s, "a field (pattern, integer or real)", &tok, &len))
        return false;
    if (word_is(tok, len, "pattern"))
        *field = F_PATTERN;
    else if (word_is(tok, len, "integer"))
        *field = F_INTEGER;
    else if (word_is(tok, len, "real") || word_is(tok, len, "double"))
        *field = F_REAL;
    else {
        gmrt_scan_error(s, GMRT_E_UNSUPPORTED, "field '%s' not supported, expected pattern, integer or real",
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    if (!next_word(s, "a symmetry (general or symmetric)", &tok, &len))
        return false;
    if (word_is(tok, len, "general"))
        *sym = S_GENERAL;
    else if (word_is(tok, len, "symmetric"))
        *sym = S_SYMMETRIC;
    else if (word_is(tok, len, "skew-symmetric") && *field != F_PATTERN)
        *sym = S_SKEW;
    else {
        gmrt_scan_error(s, GMRT_E_UNSUPPORTED, "symmetry '%s' not supported, expected general or symmetric",
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    return gmrt_scan_line_end(s, "the symmetry");
}

/* A non-negative count of the size line. */
static bool read_count(gmrt_scan *s, const char *what, int64_t limit, int64_t *out)
{
    const char *tok;
    size_t len;
    char q[48];
    if (!gmrt_scan_token(s, &tok, &len)) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected %s on the size line 'rows cols entries'", what);
        return false;
    }
    gmrt_num_status st = gmrt_parse_i64(tok, len, out);
    if (st == GMRT_NUM_BAD) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected %s (an integer) on the size line, found '%s'", what,
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    if (st == GMRT_NUM_OVERFLOW || *out < 0 || *out > limit) {
        gmrt_scan_error(s, GMRT_E_RANGE, "%s '%s' on the size line: expected 0 to %" PRId64, what,
                        gmrt_scan_quote(tok, len, q, sizeof q), limit);
        return false;
    }
    return true;
}

/* Skips blank lines and '%' comments; false at the end of the file. */
static bool skip_to_data(gmrt_scan *s)
{
    while (s->p < s->end) {
        if (!gmrt_scan_eol(s) && *s->p != '%')
            return true;
        gmrt_scan_next_line(s);
    }
    return false;
}

gm_graph *gmrt_load_matrix_market(gmrt_load_ctx *c)
{
    gmrt_scan s;
    gmrt_scan_init(&s, c);
    gmrt_edge_buf edges = {0};
    enum field field;
    enum symmetry sym;
    if (!read_banner(&s, &field, &sym))
        return NULL;
    gmrt_scan_next_line(&s);
    if (!skip_to_data(&s)) {
        gmrt_scan_error(&s, GMRT_E_FORMAT, "expected the size line 'rows cols entries', found the end of the file");
        return NULL;
    }
    int64_t rows, cols, nnz;
    if (!read_count(&s, "the row count", GMRT_NODE_MAX, &rows) ||
        !read_count(&s, "the column count", GMRT_NODE_MAX, &cols) ||
        !read_count(&s, "the entry count", INT64_MAX, &nnz) || !gmrt_scan_line_end(&s, "the entry count"))
        return NULL;
    gmrt_scan_next_line(&s);

    bool weighted = field != F_PATTERN && !c->opt->ignore_weights;
    /* every entry takes at least 4 bytes ("1 1\n"): do not trust nnz blindly */
    size_t room = c->blob->len / 4 + 1;
    size_t want = (uint64_t)nnz < room ? (size_t)nnz : room;
    if (!gmrt_edge_buf_reserve(&edges, (want ? want : 1) * (sym == S_GENERAL ? 1 : 2), weighted))
        goto nomem;

    bool integral = true;
    int64_t seen = 0;
    while (skip_to_data(&s)) {
        if (seen == nnz) {
            gmrt_scan_error(&s, GMRT_E_FORMAT, "expected the end of the file after the %" PRId64 " entries of the size line", nnz);
            goto fail;
        }
        gm_node_t i, j;
        if (!gmrt_scan_node_id(&s, 1, "row index", &i) || !gmrt_scan_node_id(&s, 1, "column index", &j))
            goto fail;
        if (i >= rows || j >= cols) {
            gmrt_scan_error(&s, GMRT_E_RANGE, "entry (%" PRId64 ", %" PRId64 ") outside the %" PRId64 " x %" PRId64 " matrix",
                            (int64_t)i + 1, (int64_t)j + 1, rows, cols);
            goto fail;
        }
        double v = 1.0;
        if (field == F_INTEGER) {
            const char *tok;
            size_t len;
            char q[48];
            int64_t iv;
            if (!gmrt_scan_token(&s, &tok, &len)) {
                gmrt_scan_error(&s, GMRT_E_FORMAT, "expected an integer value after the column index");
                goto fail;
            }
            if (gmrt_parse_i64(tok, len, &iv) != GMRT_NUM_OK) {
                gmrt_scan_error(&s, GMRT_E_FORMAT, "expected an integer value (field 'integer'), found '%s'",
                                gmrt_scan_quote(tok, len, q, sizeof q));
                goto fail;
            }
            v = (double)iv;
        } else if (field == F_REAL) {
            bool is_int;
            if (!gmrt_scan_weight(&s, "a real value after the column index", &v, &is_int))
                goto fail;
            integral = integral && is_int;
        }
        if (!gmrt_scan_line_end(&s, field == F_PATTERN ? "the column index" : "the value"))
            goto fail;
        if (!gmrt_edge_buf_push(&edges, i, j, v))
            goto nomem;
        if (sym != S_GENERAL && i != j && !gmrt_edge_buf_push(&edges, j, i, sym == S_SKEW ? -v : v))
            goto nomem;
        seen++;
        gmrt_scan_next_line(&s);
    }
    if (seen < nnz) {
        gmrt_scan_error(&s, GMRT_E_FORMAT, "truncated: expected %" PRId64 " entries (size line), found %" PRId64, nnz, seen);
        goto fail;
    }
    return gmrt_edge_buf_build(&edges, (gm_node_t)(rows > cols ? rows : cols), integral, c);

nomem:
    gmrt_scan_error(&s, GMRT_E_NOMEM, "out of memory after %zu edges", edges.len);
fail:
    gmrt_edge_buf_free(&edges);
    return NULL;
}

bool gmrt_save_matrix_market(const gm_graph *g, const char *path, gmrt_error *err)
{
    gmrt_writer w;
    if (!gmrt_writer_open(&w, path, err))
        return false;
    /* "integer" only when every weight prints as an integer token */
    bool integers = g->weights != NULL;
    for (gm_edge_t e = 0; integers && e < g->num_edges; e++)
        integers = g->weights[e] == trunc(g->weights[e]) && fabs(g->weights[e]) < 9007199254740992.0;
    const char *field = !g->weights ? "pattern" : integers ? "integer" : "real";
    gmrt_writer_printf(&w, "%%%%MatrixMarket matrix coordinate %s general\n", field);
    gmrt_writer_str(&w, "% written by libgmrt: entry (i, j) is the edge i -> j, 1-based\n");
    gmrt_writer_printf(&w, "%" PRId64 " %" PRId64 " %" PRId64 "\n", (int64_t)g->num_nodes, (int64_t)g->num_nodes,
                       (int64_t)g->num_edges);
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gmrt_writer_i64(&w, (int64_t)u + 1);
            gmrt_writer_char(&w, ' ');
            gmrt_writer_i64(&w, (int64_t)g->node_idx[e] + 1);
            if (g->weights) {
                gmrt_writer_char(&w, ' ');
                gmrt_writer_double(&w, g->weights[e]);
            }
            gmrt_writer_char(&w, '\n');
        }
    }
    return gmrt_writer_close(&w, err);
}
