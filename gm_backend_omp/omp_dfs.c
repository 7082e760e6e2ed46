/* omp_dfs.c: InDFS / InPost as an iterative depth-first traversal.
 *
 * An explicit stack of (node, next edge) pairs replaces recursion, so deep
 * graphs (a long path) cannot overflow the C stack. The pre-order body runs
 * when a node is first reached, the post-order body when its last edge has
 * been followed. Sequential, as the language defines it. */
#include "omp_emit.h"

#include <stdlib.h>

static void body_as(omp_emit *em, const gm_stmt *s, const gm_stmt *body, const char *node)
{
    omp_line(em, "{");
    em->indent++;
    omp_scope_push(em);
    omp_line(em, "gm_node_t %s = %s;", omp_name(em, s->iter.sym), node);
    if (body->kind == GMS_BLOCK)
        omp_stmt_list(em, body->body);
    else
        omp_stmt(em, body);
    omp_scope_pop(em, true);
    em->indent--;
    omp_line(em, "}");
}

void omp_dfs(omp_emit *em, const gm_stmt *s)
{
    const char *g = omp_graph_of(em, s->iter.sym->type);
    bool tr = s->iter.transposed;
    const char *fb = tr ? "r_begin" : "begin", *fi = tr ? "r_node_idx" : "node_idx";
    char *vis = omp_fresh(em, "visited"), *stk = omp_fresh(em, "stack"), *pos = omp_fresh(em, "next_edge");
    char *sp = omp_fresh(em, "sp"), *fresh = omp_fresh(em, "entered"), *u = omp_fresh(em, "u");
    char *w = omp_fresh(em, "w"), *root = omp_fresh(em, "root");
    omp_line(em, "{");
    em->indent++;
    omp_scope_push(em);
    omp_start_line(em);
    omp_printf(em, "gm_node_t %s = ", root);
    omp_expr(em, s->root);
    omp_printf(em, ";\n");
    omp_line(em, "bool *%s = (bool *)_c_zalloc((size_t)%s->num_nodes + 1, sizeof(bool));", vis, g);
    omp_line(em, "gm_node_t *%s = (gm_node_t *)_c_alloc((size_t)%s->num_nodes + 1, sizeof(gm_node_t));", stk, g);
    omp_line(em, "gm_edge_t *%s = (gm_edge_t *)_c_alloc((size_t)%s->num_nodes + 1, sizeof(gm_edge_t));", pos, g);
    omp_scope_add_cleanup(em, omp_strf("free(%s);", vis));
    omp_scope_add_cleanup(em, omp_strf("free(%s);", stk));
    omp_scope_add_cleanup(em, omp_strf("free(%s);", pos));
    omp_line(em, "int64_t %s = 0;", sp);
    omp_line(em, "bool %s = false;", fresh);
    omp_line(em, "if (%s >= 0 && %s < %s->num_nodes) {", root, root, g);
    omp_line(em, "    %s[%s] = true;", vis, root);
    omp_line(em, "    %s[0] = %s;", stk, root);
    omp_line(em, "    %s[0] = %s->%s[%s];", pos, g, fb, root);
    omp_line(em, "    %s = 1;", sp);
    omp_line(em, "    %s = true;", fresh);
    omp_line(em, "}");
    omp_line(em, "while (%s > 0) {", sp);
    em->indent++;
    omp_line(em, "gm_node_t %s = %s[%s - 1];", u, stk, sp);
    omp_line(em, "if (%s) {", fresh);
    em->indent++;
    omp_line(em, "%s = false;", fresh);
    if (s->body)
        body_as(em, s, s->body, u);
    em->indent--;
    omp_line(em, "}");
    omp_line(em, "if (%s[%s - 1] < %s->%s[%s + 1]) {", pos, sp, g, fb, u);
    em->indent++;
    omp_line(em, "gm_node_t %s = %s->%s[%s[%s - 1]++];", w, g, fi, pos, sp);
    omp_line(em, "if (%s[%s])", vis, w);
    omp_line(em, "    continue;");
    if (s->navigator) {
        char *saved = omp_strf("%s", omp_name(em, s->iter.sym));
        omp_set_name(em, s->iter.sym, w);
        omp_start_line(em);
        omp_printf(em, "if (!(");
        omp_expr(em, s->navigator);
        omp_printf(em, "))\n");
        omp_line(em, "    continue;");
        omp_set_name(em, s->iter.sym, saved);
        free(saved);
    }
    omp_line(em, "%s[%s] = true;", vis, w);
    omp_line(em, "%s[%s] = %s;", stk, sp, w);
    omp_line(em, "%s[%s] = %s->%s[%s];", pos, sp, g, fb, w);
    omp_line(em, "%s++;", sp);
    omp_line(em, "%s = true;", fresh);
    omp_line(em, "continue;");
    em->indent--;
    omp_line(em, "}");
    omp_line(em, "%s--;", sp);
    if (s->rev_body)
        body_as(em, s, s->rev_body, u);
    em->indent--;
    omp_line(em, "}");
    omp_scope_pop(em, true);
    em->indent--;
    omp_line(em, "}");
    free(vis); free(stk); free(pos); free(sp); free(fresh); free(u); free(w); free(root);
}
