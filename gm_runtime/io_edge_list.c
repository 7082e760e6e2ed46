/* io_edge_list.c: whitespace edge lists "src dst [weight]" (SNAP style).
 *
 * Lines starting with '#' or '%' are comments; a comment "# Nodes: N" (as
 * SNAP and our writer put at the top) makes the graph have at least N nodes,
 * which keeps trailing isolated nodes through a round trip.  Otherwise the
 * node count is the largest id + 1.  The first edge line decides whether the
 * file has a weight column; every other line must agree. */
#include "io_internal.h"

#include <inttypes.h>

/* The N of a "Nodes: N" comment, or -1 when the comment has none. */
static int64_t declared_nodes(gmrt_scan *s)
{
    const char *nl = memchr(s->p, '\n', (size_t)(s->end - s->p));
    const char *stop = nl ? nl : s->end;
    static const char key[] = "Nodes:";
    for (const char *q = s->p; q + sizeof key - 1 <= stop; q++) {
        if (memcmp(q, key, sizeof key - 1) != 0)
            continue;
        q += sizeof key - 1;
        while (q < stop && (*q == ' ' || *q == '\t'))
            q++;
        const char *t = q;
        while (q < stop && *q >= '0' && *q <= '9')
            q++;
        int64_t v;
        if (gmrt_parse_i64(t, (size_t)(q - t), &v) == GMRT_NUM_OK)
            return v;
        return q > t ? INT64_MAX : -1; /* too many digits: out of range */
    }
    return -1;
}

gm_graph *gmrt_load_edge_list(gmrt_load_ctx *c)
{
    const gmrt_load_options *opt = c->opt;
    int base = opt->index_base;
    if (base != 0 && base != 1) {
        gmrt_error_set(c->err, GMRT_E_ARG, "%s: index base %d, expected 0 or 1", c->name, base);
        return NULL;
    }
    gmrt_scan s;
    gmrt_scan_init(&s, c);
    gmrt_edge_buf edges = {0};
    int64_t min_nodes = 0;
    gm_node_t max_id = -1;
    int weighted = -1; /* unknown until the first edge line */
    size_t first_edge_line = 0;
    bool integral = true;

    while (s.p < s.end) {
        if (gmrt_scan_eol(&s)) {
            gmrt_scan_next_line(&s);
            continue;
        }
        if (*s.p == '#' || *s.p == '%') {
            int64_t n = declared_nodes(&s);
            if (n > GMRT_NODE_MAX) {
                gmrt_scan_error(&s, GMRT_E_RANGE, "the comment declares more than %d nodes", GMRT_NODE_MAX);
                goto fail;
            }
            if (n > min_nodes)
                min_nodes = n;
            gmrt_scan_next_line(&s);
            continue;
        }
        gm_node_t u, v;
        if (!gmrt_scan_node_id(&s, base, "source node id", &u) ||
            !gmrt_scan_node_id(&s, base, "destination node id", &v))
            goto fail;
        bool has_w = !gmrt_scan_eol(&s);
        if (weighted < 0) {
            weighted = has_w;
            first_edge_line = s.line;
            if (has_w && !opt->ignore_weights && !gmrt_edge_buf_reserve(&edges, 1024, true))
                goto nomem;
        } else if (has_w != weighted) {
            if (has_w)
                gmrt_scan_error(&s, GMRT_E_FORMAT,
                                "expected the end of the line after the destination: line %zu has no weight column",
                                first_edge_line);
            else
                gmrt_scan_error(&s, GMRT_E_FORMAT,
                                "expected a weight after the destination (line %zu has a weight column)",
                                first_edge_line);
            goto fail;
        }
        double w = 1.0;
        if (has_w) {
            bool is_int;
            if (!gmrt_scan_weight(&s, "a weight", &w, &is_int))
                goto fail;
            integral = integral && is_int;
        }
        if (!gmrt_scan_line_end(&s, has_w ? "the weight" : "the destination"))
            goto fail;
        if (!gmrt_edge_buf_push(&edges, u, v, w))
            goto nomem;
        if (u > max_id)
            max_id = u;
        if (v > max_id)
            max_id = v;
        gmrt_scan_next_line(&s);
    }
    int64_t n = (int64_t)max_id + 1 > min_nodes ? (int64_t)max_id + 1 : min_nodes;
    return gmrt_edge_buf_build(&edges, (gm_node_t)n, integral, c);

nomem:
    gmrt_scan_error(&s, GMRT_E_NOMEM, "out of memory after %zu edges", edges.len);
fail:
    gmrt_edge_buf_free(&edges);
    return NULL;
}

bool gmrt_save_edge_list(const gm_graph *g, const char *path, gmrt_error *err)
{
    gmrt_writer w;
    if (!gmrt_writer_open(&w, path, err))
        return false;
    gmrt_writer_printf(&w, "# Nodes: %" PRId64 " Edges: %" PRId64 "\n", (int64_t)g->num_nodes,
                       (int64_t)g->num_edges);
    gmrt_writer_str(&w, g->weights ? "# src dst weight (0-based)\n" : "# src dst (0-based)\n");
    for (gm_node_t u = 0; u < g->num_nodes; u++) {
        for (gm_edge_t e = g->begin[u]; e < g->begin[u + 1]; e++) {
            gmrt_writer_i64(&w, u);
            gmrt_writer_char(&w, ' ');
            gmrt_writer_i64(&w, g->node_idx[e]);
            if (g->weights) {
                gmrt_writer_char(&w, ' ');
                gmrt_writer_double(&w, g->weights[e]);
            }
            gmrt_writer_char(&w, '\n');
        }
    }
    return gmrt_writer_close(&w, err);
}
