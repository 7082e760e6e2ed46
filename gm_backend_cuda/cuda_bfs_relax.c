/* cuda_bfs_relax.c: a BFS that finishes by label correction on graphs of
 * many small levels (-fcuda-async; runtime gmcu_bfs_relax).
 *
 * Where nothing but the level values is observed (the body, if any, is
 * local: it reads and writes only its node, so its runs may come in any
 * order; no InReverse needs the levels' lists; no navigator), the BFS runs
 * level-synchronously for GMCU_BFS_RELAX_AFTER levels and, if it is still
 * going, hands its frontier to gmcu_bfs_relax, which walks several levels
 * per grid barrier and ends with the exact levels. The body then runs once
 * for each node at or past the frontier's depth, in one sweep. */
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

bool cuda_bfs_relaxable(cg_emit *em, const gm_stmt *s)
{
    return cuda_st(em)->knobs.async != GMB_OFF && !s->rev_body && !s->navigator &&
           (!s->body || cg_bfs_body_is_local(s));
}

/* The kernel running the body for every node whose level is at least
 * _c_from (every node the label correction found); NULL without a body. */
static char *sweep_kernel(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *ctx, cuda_capture *c, cuda_launch *l)
{
    cuda_bfs_capture(em, c, s, s->body, ctx, false);
    cuda_launch_prepare(em, c, l);
    char *params = cuda_params_plus(l->params, "const int32_t *%s, int32_t _c_from", ctx->level);
    cg_bfs_ctx *outer = em->bfs;
    em->bfs = ctx;
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, "BFS: the body for the nodes found by label correction", s->loc, params,
                                  s->iter.sym, GMR_NODES, c, l);
    cg_line(em, "for (int64_t _c_i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; _c_i < %s->num_nodes; "
                 "_c_i += (int64_t)gridDim.x * blockDim.x) {", ctx->graph);
    em->indent++;
    cg_line(em, "const gm_node_t _c_u = (gm_node_t)_c_i;");
    char *guard = cg_strf("%s[_c_u] >= _c_from", ctx->level);
    cg_bfs_local_body(em, s, "_c_u", guard, false, "the body, in any order: it touches only its node");
    free(guard);
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    em->bfs = outer;
    free(params);
    return name;
}

void cuda_bfs_relax_switch(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *ctx, const char *queue)
{
    cuda_capture c;
    cuda_launch l;
    char *sweep = s->body ? sweep_kernel(em, s, ctx, &c, &l) : NULL;
    cuda_report_relax(em, gma_decisions_of(em->decided, s, false), sweep);
    cg_line(em, "if (_c_nlev >= _c_relax_at) { /* many levels: the rest by label correction */");
    em->indent++;
    cg_line(em, "gmcu_bfs_relax(gmcu_graph(%s, %s), %s, %s, %s, _c_head, _c_tail, _c_nn);", ctx->graph,
             cuda_graph_flags(ctx->transposed, false, false), ctx->transposed ? "true" : "false", ctx->level, queue);
    if (sweep) {
        cuda_launch_before(em, &c);
        cg_line(em, "%s<<<gmcu_blocks(_c_nn), GMCU_BLOCK>>>(%s%s%s, _c_depth);", sweep, l.args, *l.args ? ", " : "",
                 ctx->level);
        cg_line(em, "GMCU_LAUNCHED(\"%s (%s:%d)\");", sweep, em->src_base, s->loc.line);
        cuda_launch_after(em, &c);
        cuda_launch_free(em, &l);
        cuda_capture_free(&c);
        free(sweep);
    }
    cg_line(em, "_c_head = _c_tail;");
    cg_line(em, "break;");
    em->indent--;
    cg_line(em, "}");
}
