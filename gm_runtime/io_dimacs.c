/* io_dimacs.c: the 9th DIMACS implementation challenge shortest-path format
 * (.gr): "c" comment lines, one problem line "p sp N M" before any arc, and
 * exactly M arc lines "a u v w" with 1-based node ids and integer lengths
 * (real lengths are accepted too). */
#include "io_internal.h"

#include <inttypes.h>

static bool read_count(gmrt_scan *s, const char *what, int64_t limit, int64_t *out)
{
    const char *tok;
    size_t len;
    char q[48];
    if (!gmrt_scan_token(s, &tok, &len)) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected %s in the problem line 'p sp N M'", what);
        return false;
    }
    gmrt_num_status st = gmrt_parse_i64(tok, len, out);
    if (st == GMRT_NUM_BAD) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected %s (an integer) in the problem line, found '%s'", what,
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    if (st == GMRT_NUM_OVERFLOW || *out < 0 || *out > limit) {
        gmrt_scan_error(s, GMRT_E_RANGE, "%s '%s' in the problem line: expected 0 to %" PRId64, what,
                        gmrt_scan_quote(tok, len, q, sizeof q), limit);
        return false;
    }
    return true;
}

gm_graph *gmrt_load_dimacs(gmrt_load_ctx *c)
{
    gmrt_scan s;
    gmrt_scan_init(&s, c);
    gmrt_edge_buf edges = {0};
    int64_t n = -1, m = 0, arcs = 0;
    bool integral = true;
    const bool weighted = !c->opt->ignore_weights;
    char q[48];

    while (s.p < s.end) {
        const char *tok;
        size_t len;
        if (!gmrt_scan_token(&s, &tok, &len)) { /* blank line */
            gmrt_scan_next_line(&s);
            continue;
        }
        if (len == 1 && tok[0] == 'c') {
            gmrt_scan_next_line(&s);
            continue;
        }
        if (len == 1 && tok[0] == 'p') {
            if (n >= 0) {
                gmrt_scan_error(&s, GMRT_E_FORMAT, "a second problem line, expected only one 'p sp N M'");
                goto fail;
            }
            if (!gmrt_scan_token(&s, &tok, &len) || !(len == 2 && tok[0] == 's' && tok[1] == 'p')) {
                gmrt_scan_error(&s, GMRT_E_UNSUPPORTED, "expected the shortest-path problem line 'p sp N M'");
                goto fail;
            }
            if (!read_count(&s, "the node count N", GMRT_NODE_MAX, &n) ||
                !read_count(&s, "the arc count M", INT64_MAX, &m) || !gmrt_scan_line_end(&s, "the arc count"))
                goto fail;
            size_t room = c->blob->len / 8 + 1; /* "a 1 1 1\n": do not trust M blindly */
            size_t want = (uint64_t)m < room ? (size_t)m : room;
            if (!gmrt_edge_buf_reserve(&edges, want ? want : 1, weighted))
                goto nomem;
            gmrt_scan_next_line(&s);
            continue;
        }
        if (!(len == 1 && tok[0] == 'a')) {
            gmrt_scan_error(&s, GMRT_E_FORMAT, "expected a line starting with 'c', 'p' or 'a', found '%s'",
                            gmrt_scan_quote(tok, len, q, sizeof q));
            goto fail;
        }
        if (n < 0) {
            gmrt_scan_error(&s, GMRT_E_FORMAT, "arc before the problem line: expected 'p sp N M' first");
            goto fail;
        }
        if (arcs == m) {
            gmrt_scan_error(&s, GMRT_E_FORMAT, "more arcs than the %" PRId64 " of the problem line", m);
            goto fail;
        }
        gm_node_t u, v;
        double w;
        bool is_int;
        if (!gmrt_scan_node_id(&s, 1, "tail node id", &u) || !gmrt_scan_node_id(&s, 1, "head node id", &v) ||
            !gmrt_scan_weight(&s, "an arc length", &w, &is_int) || !gmrt_scan_line_end(&s, "the arc length"))
            goto fail;
        if (u >= n || v >= n) {
            gmrt_scan_error(&s, GMRT_E_RANGE, "arc %" PRId64 " -> %" PRId64 ": node id out of range, expected 1 to %" PRId64,
                            (int64_t)u + 1, (int64_t)v + 1, n);
            goto fail;
        }
        integral = integral && is_int;
        if (!gmrt_edge_buf_push(&edges, u, v, w))
            goto nomem;
        arcs++;
        gmrt_scan_next_line(&s);
    }
    if (n < 0) {
        gmrt_scan_error(&s, GMRT_E_FORMAT, "expected a problem line 'p sp N M', found none");
        goto fail;
    }
    if (arcs < m) {
        gmrt_scan_error(&s, GMRT_E_FORMAT, "truncated: expected %" PRId64 " arcs (problem line), found %" PRId64, m, arcs);
        goto fail;
    }
    return gmrt_edge_buf_build(&edges, (gm_node_t)n, integral, c);

nomem:
    gmrt_scan_error(&s, GMRT_E_NOMEM, "out of memory after %zu arcs", edges.len);
fail:
    gmrt_edge_buf_free(&edges);
    return NULL;
}

bool gmrt_save_dimacs(const gm_graph *g, const char *path, gmrt_error *err)
{
    gmrt_writer w;
    if (!gmrt_writer_open(&w, path, err))
        return false;
    gmrt_writer_str(&w, "c written by libgmrt\n");
    if (!g->weights)
        gmrt_writer_str(&w, "c the graph had no weights: every arc has length 1\n");
    gmrt_writer_printf(&w, "p sp %" PRId64 " %" PRId64 "\n", (int64_t)g->num_nodes, (int64_t)g->num_edges);
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gmrt_writer_str(&w, "a ");
            gmrt_writer_i64(&w, (int64_t)u + 1);
            gmrt_writer_char(&w, ' ');
            gmrt_writer_i64(&w, (int64_t)g->node_idx[e] + 1);
            gmrt_writer_char(&w, ' ');
            gmrt_writer_double(&w, g->weights ? g->weights[e] : 1.0);
            gmrt_writer_char(&w, '\n');
        }
    }
    return gmrt_writer_close(&w, err);
}
