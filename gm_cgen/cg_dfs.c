/* cg_dfs.c: InDFS / InPost as an iterative depth-first traversal.
 *
 * An explicit stack of (node, next edge) pairs replaces recursion, so deep
 * graphs (a long path) cannot overflow the C stack. The pre-order body runs
 * when a node is first reached, the post-order body when its last edge has
 * been followed. Sequential, as the language defines it. */
#include "cg_emit.h"

#include <stdlib.h>

#include "gma_walk.h"

static void body_as(cg_emit *em, const gm_stmt *s, const gm_stmt *body, const char *node)
{
    cg_line(em, "{");
    em->indent++;
    cg_scope_push(em);
    /* a body that never names the node gets no variable for it (nvcc warns
     * "set but never used" even after a (void) cast) */
    if (gma_sym_used(body, false, s->iter.sym))
        cg_line(em, "gm_node_t %s = %s;", cg_name(em, s->iter.sym), node);
    if (body->kind == GMS_BLOCK)
        cg_stmt_list(em, body->body);
    else
        cg_stmt(em, body);
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
}

void cg_dfs(cg_emit *em, const gm_stmt *s)
{
    const char *g = cg_graph_of(em, s->iter.sym->type);
    bool tr = s->iter.transposed;
    const char *fb = tr ? "r_begin" : "begin", *fi = tr ? "r_node_idx" : "node_idx";
    char *vis = cg_fresh(em, "visited"), *stk = cg_fresh(em, "stack"), *pos = cg_fresh(em, "next_edge");
    char *sp = cg_fresh(em, "sp"), *fresh = cg_fresh(em, "entered"), *u = cg_fresh(em, "u");
    char *w = cg_fresh(em, "w"), *root = cg_fresh(em, "root");
    cg_line(em, "{");
    em->indent++;
    cg_scope_push(em);
    cg_start_line(em);
    cg_printf(em, "gm_node_t %s = ", root);
    cg_nil_root(em, s->root, "InDFS"); /* a NIL root: an error, as a property through it */
    cg_printf(em, ";\n");
    cg_line(em, "bool *%s = (bool *)_c_zalloc((size_t)%s->num_nodes + 1, sizeof(bool));", vis, g);
    cg_line(em, "gm_node_t *%s = (gm_node_t *)_c_alloc((size_t)%s->num_nodes + 1, sizeof(gm_node_t));", stk, g);
    cg_line(em, "gm_edge_t *%s = (gm_edge_t *)_c_alloc((size_t)%s->num_nodes + 1, sizeof(gm_edge_t));", pos, g);
    cg_scope_add_cleanup(em, cg_strf("free(%s);", vis));
    cg_scope_add_cleanup(em, cg_strf("free(%s);", stk));
    cg_scope_add_cleanup(em, cg_strf("free(%s);", pos));
    cg_line(em, "int64_t %s = 0;", sp);
    cg_line(em, "bool %s = false;", fresh);
    cg_line(em, "if (%s >= 0 && %s < %s->num_nodes) {", root, root, g);
    cg_line(em, "    %s[%s] = true;", vis, root);
    cg_line(em, "    %s[0] = %s;", stk, root);
    cg_line(em, "    %s[0] = %s->%s[%s];", pos, g, fb, root);
    cg_line(em, "    %s = 1;", sp);
    cg_line(em, "    %s = true;", fresh);
    cg_line(em, "}");
    cg_line(em, "while (%s > 0) {", sp);
    em->indent++;
    cg_line(em, "gm_node_t %s = %s[%s - 1];", u, stk, sp);
    cg_line(em, "if (%s) {", fresh);
    em->indent++;
    cg_line(em, "%s = false;", fresh);
    if (s->body)
        body_as(em, s, s->body, u);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "if (%s[%s - 1] < %s->%s[%s + 1]) {", pos, sp, g, fb, u);
    em->indent++;
    cg_line(em, "gm_node_t %s = %s->%s[%s[%s - 1]++];", w, g, fi, pos, sp);
    cg_line(em, "if (%s[%s])", vis, w);
    cg_line(em, "    continue;");
    if (s->navigator) {
        char *saved = cg_strf("%s", cg_name(em, s->iter.sym));
        cg_set_name(em, s->iter.sym, w);
        cg_start_line(em);
        cg_printf(em, "if (!(");
        cg_expr(em, s->navigator);
        cg_printf(em, "))\n");
        cg_line(em, "    continue;");
        cg_set_name(em, s->iter.sym, saved);
        free(saved);
    }
    cg_line(em, "%s[%s] = true;", vis, w);
    cg_line(em, "%s[%s] = %s;", stk, sp, w);
    cg_line(em, "%s[%s] = %s->%s[%s];", pos, sp, g, fb, w);
    cg_line(em, "%s++;", sp);
    cg_line(em, "%s = true;", fresh);
    cg_line(em, "continue;");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "%s--;", sp);
    if (s->rev_body)
        body_as(em, s, s->rev_body, u);
    em->indent--;
    cg_line(em, "}");
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    free(vis); free(stk); free(pos); free(sp); free(fresh); free(u); free(w); free(root);
}
