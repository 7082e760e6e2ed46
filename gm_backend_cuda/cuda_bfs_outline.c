/* cuda_bfs_outline.c: runs of small BFS levels in one persistent kernel
 * (iteration outlining, -fcuda-outline).
 *
 * A level-synchronous BFS launches two kernels per level and reads the next
 * level's size back each time: on a road network (thousands of levels of a
 * few thousand nodes) the GPU spends its time waiting for launches. Here
 * one cooperative kernel walks level after level with grid-wide barriers
 * between the steps while the frontier stays small, records where each
 * level starts, and hands back to the host's launches when a level grows
 * past `_c_small` nodes. The reverse sweep does the same for runs of small
 * levels. The host keeps the BFS state (head, tail, depth, levels) in a
 * device array around each such launch (with three append counters after
 * it). A body that touches only its own node runs in the expansion, by the
 * frontier node's thread: one grid barrier per level. */
#include "gma_walk.h"
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

/* What a kernel running body uses, and the graph; the navigator too when
 * with_nav (the persistent kernel also expands levels). */
void cuda_bfs_capture(cg_emit *em, cuda_capture *c, const gm_stmt *s, const gm_stmt *body,
                          const cg_bfs_ctx *ctx, bool with_nav)
{
    cuda_capture_init(em, c);
    if (gm_symbol_id_below(s->iter.sym, em->nsyms))
        c->declared[s->iter.sym->id] = true;
    cg_bfs_ctx *outer = em->bfs;
    em->bfs = (cg_bfs_ctx *)ctx;
    if (body)
        cuda_capture_stmt(em, c, body, false);
    if (s->navigator && with_nav)
        cuda_capture_expr(em, c, s->navigator);
    cuda_capture_graph(em, c, s->iter.sym);
    em->bfs = outer;
    cuda_capture_finish(em, c);
}

void cuda_bfs_body_loop(cg_emit *em, const gm_stmt *s, const gm_stmt *body, const char *queue,
                          const char *from, const char *to)
{
    cg_line(em, "for (int64_t _c_i = %s + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; _c_i < %s; "
                 "_c_i += (int64_t)gridDim.x * blockDim.x) {", from, to);
    em->indent++;
    cg_scope_push(em);
    /* no variable for a node the body never names (nvcc: declared but never referenced) */
    if (gma_sym_used(body, false, s->iter.sym))
        cg_line(em, "gm_node_t %s = %s[_c_i];", cg_name(em, s->iter.sym), queue);
    if (body->kind == GMS_BLOCK)
        cg_stmt_list(em, body->body);
    else
        cg_stmt(em, body);
    cg_scope_pop(em, false);
    em->indent--;
    cg_line(em, "}");
}

/* The expansion of queue[_c_head, _c_tail), block/warp/thread by degree,
 * appending after _c_tail through this level's counter. With `body`, each
 * frontier node's own thread first runs the (local) body for it. */
static void expand_level(cg_emit *em, const gm_stmt *s, const cg_bfs_ctx *ctx, const char *queue, bool body)
{
    const char *g = ctx->graph, *lvl = ctx->level;
    const char *fb = ctx->transposed ? "r_begin" : "begin", *fi = ctx->transposed ? "r_node_idx" : "node_idx";
    cg_line(em, "for (int64_t _c_base = _c_head + (int64_t)blockIdx.x * blockDim.x; _c_base < _c_tail; "
                 "_c_base += (int64_t)gridDim.x * blockDim.x) {");
    em->indent++;
    cg_line(em, "const int64_t _c_i = _c_base + threadIdx.x;");
    cg_line(em, "const bool _c_act = _c_i < _c_tail;");
    cg_line(em, "const gm_node_t _c_u = _c_act ? %s[_c_i] : 0;", queue);
    if (body)
        cg_bfs_local_body(em, s, "_c_u", "_c_act", false, "the body, for this level's node");
    cg_line(em, "gmcu_twc(_c_u, _c_act ? %s->%s[_c_u] : 0, _c_act ? %s->%s[_c_u + 1] : 0, "
                 "[&](gm_node_t, gm_edge_t _c_e) {", g, fb, g, fb);
    em->indent++;
    cg_line(em, "const gm_node_t _c_w = %s->%s[_c_e];", g, fi);
    cg_line(em, "if (%s[_c_w] != -1)", lvl);
    cg_line(em, "    return;");
    cg_bfs_nav_check(em, s, "_c_w", "return");
    cg_line(em, "if (atomicCAS((int *)&%s[_c_w], -1, _c_depth + 1) == -1)", lvl);
    cg_line(em, "    gmcu_push(%s + _c_tail, &_c_cnt[_c_k], _c_w);", queue);
    em->indent--;
    cg_line(em, "});");
    em->indent--;
    cg_line(em, "}");
}

char *cuda_outline_forward_kernel(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *ctx, const char *queue,
                                  cuda_capture *c, cuda_launch *l)
{
    char *params = cuda_params_plus(l->params, "gm_node_t *%s, int32_t *%s, unsigned long long *_c_next, int64_t *_c_state, "
                                    "int64_t *_c_dstart, int64_t _c_small, int64_t _c_maxlev", queue, ctx->level);
    cg_bfs_ctx *outer = em->bfs;
    em->bfs = ctx;
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, "BFS: runs of small levels in one persistent kernel", s->loc, params,
                                  s->iter.sym, GMR_NODES, c, l);
    bool local = s->body && cg_bfs_body_is_local(s);
    cg_line(em, "cooperative_groups::grid_group _c_grid = cooperative_groups::this_grid();");
    cg_line(em, "int64_t _c_head = _c_state[0], _c_tail = _c_state[1], _c_nlev = _c_state[3];");
    cg_line(em, "int32_t _c_depth = (int32_t)_c_state[2];");
    cg_line(em, "(void)_c_next; /* the host's counter; levels here count in _c_cnt */");
    cg_line(em, "/* Three per-level append counters: level L counts in _c_cnt[L %% 3] and");
    cg_line(em, " * resets _c_cnt[(L + 1) %% 3], which every thread read two barriers ago, so");
    cg_line(em, " * one grid barrier per level suffices. */");
    cg_line(em, "unsigned long long *_c_cnt = (unsigned long long *)(_c_state + 4);");
    cg_line(em, "int _c_k = 0;");
    cg_line(em, "if (_c_grid.thread_rank() == 0)");
    cg_line(em, "    _c_cnt[0] = _c_cnt[1] = _c_cnt[2] = 0;");
    cg_line(em, "_c_grid.sync();");
    cg_line(em, "while (_c_head < _c_tail && _c_tail - _c_head <= _c_small && _c_nlev < _c_maxlev) {");
    em->indent++;
    cg_line(em, "if (_c_grid.thread_rank() == 0) {");
    cg_line(em, "    _c_dstart[_c_nlev] = _c_head;");
    cg_line(em, "    _c_cnt[(_c_k + 1) %% 3] = 0;");
    cg_line(em, "}");
    expand_level(em, s, ctx, queue, local);
    cg_line(em, "_c_grid.sync(); /* the next level is complete%s */", local ? ", this one's bodies done" : "");
    cg_line(em, "const int64_t _c_next_tail = _c_tail + (int64_t)*(volatile unsigned long long *)&_c_cnt[_c_k];");
    if (s->body && !local) {
        cuda_bfs_body_loop(em, s, s->body, queue, "_c_head", "_c_tail");
        cg_line(em, "_c_grid.sync(); /* the body is done before the next expansion */");
    }
    cg_line(em, "_c_head = _c_tail;");
    cg_line(em, "_c_tail = _c_next_tail;");
    cg_line(em, "_c_depth++;");
    cg_line(em, "_c_nlev++;");
    cg_line(em, "_c_k = (_c_k + 1) %% 3;");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "if (_c_grid.thread_rank() == 0) {");
    cg_line(em, "    _c_state[0] = _c_head;");
    cg_line(em, "    _c_state[1] = _c_tail;");
    cg_line(em, "    _c_state[2] = _c_depth;");
    cg_line(em, "    _c_state[3] = _c_nlev;");
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    em->bfs = outer;
    free(params);
    return name;
}

char *cuda_outline_reverse_kernel(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *ctx, const char *queue,
                                  cuda_capture *c, cuda_launch *l)
{
    char *params = cuda_params_plus(l->params, "const gm_node_t *%s, const int32_t *%s, const int64_t *_c_dstart, "
                                    "int64_t _c_lhi, int64_t _c_llo", queue, ctx->level);
    cg_bfs_ctx *outer = em->bfs;
    em->bfs = ctx;
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, "BFS: InReverse over a run of small levels in one persistent kernel",
                                  s->loc, params, s->iter.sym, GMR_NODES, c, l);
    cg_line(em, "cooperative_groups::grid_group _c_grid = cooperative_groups::this_grid();");
    cg_line(em, "(void)%s;", ctx->level);
    cg_line(em, "for (int64_t _c_l = _c_lhi; _c_l >= _c_llo; _c_l--) {");
    em->indent++;
    cuda_bfs_body_loop(em, s, s->rev_body, queue, "_c_dstart[_c_l]", "_c_dstart[_c_l + 1]");
    cg_line(em, "_c_grid.sync();");
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    em->bfs = outer;
    free(params);
    return name;
}
