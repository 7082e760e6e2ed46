/* cuda_blocking.c: edge blocking of pull sweeps (-fcuda-blocking).
 *
 * A node loop whose work is one reduction over each node's neighbours
 * (PageRank's Sum(w: t.InNbrs){...}) gathers a value from the other end of
 * every edge, in no useful order. When those values do not fit in the L2
 * (a Double per node: 134 MB at 2^24 nodes against the H200's 60 MB) most
 * gathers go to DRAM. Blocked, the loop's kernel runs once per segment of
 * neighbour ids whose values fit in 40% of the L2: each node reduces only its
 * edges into that segment (where each row crosses the segment boundaries is
 * found once per graph by binary searches of the sorted rows, gmcu_eb_cuts),
 * keeps the partial result in a scratch array, and the last run combines
 * the partials and does the rest of the body. The number of segments is
 * chosen at run time from the node count and the L2 size, and is one (the
 * unblocked sweep) when a sample of edges shows neighbours with close ids,
 * as on a grid numbered row by row; with hubs, whose values stay in the L2
 * anyway, the segments are as large as the L2 (gmcu_eb_segments).
 *
 * The reduction operator is associative and commutative, so only the order
 * of a floating-point sum changes, as with any parallel reduction. */
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

char *cuda_blocking_params(const char *params)
{
    return cuda_params_plus(params, "int _c_nseg, int _c_seg, const gm_edge_t *_c_cuts, void *_c_part");
}

void cuda_blocking_range(cg_emit *em, const char *g, const char *n, bool rev)
{
    const char *b = rev ? "r_begin" : "begin";
    cg_line(em, "gm_edge_t _c_eb = _c_act ? %s->%s[%s] : 0, _c_ee = _c_act ? %s->%s[%s + 1] : 0;", g, b, n, g, b, n);
    cg_line(em, "if (_c_nseg > 1 && _c_act) { /* this segment's edges (gmcu_eb_cuts) */");
    cg_line(em, "    _c_eb = _c_cuts[(int64_t)_c_seg * (%s->num_nodes + 1) + %s];", g, n);
    cg_line(em, "    _c_ee = _c_cuts[(int64_t)(_c_seg + 1) * (%s->num_nodes + 1) + %s];", g, n);
    cg_line(em, "}");
}

void cuda_blocking_partial(cg_emit *em, const char *ty, const char *fn, const char *n, int k)
{
    cg_line(em, "%s *const _c_pp%d = (%s *)_c_part;", ty, k, ty);
    cg_line(em, "if (_c_seg + 1 < _c_nseg) { /* not the last segment: keep the partial result */");
    cg_line(em, "    if (_c_act)");
    cg_line(em, "        _c_pp%d[%s] = _c_seg == 0 ? _c_q%d : %s()(_c_pp%d[%s], _c_q%d);", k, n, k, fn, k, n, k);
    cg_line(em, "    continue;");
    cg_line(em, "}");
    cg_line(em, "const %s _c_r%d = _c_nseg > 1 && _c_act ? %s()(_c_pp%d[%s], _c_q%d) : _c_q%d;", ty, k, fn, k, n, k, k);
}

void cuda_blocking_launch(cg_emit *em, const char *name, const char *g, bool rev, bool gather, const char *args,
                          const char *ty, bool force, const char *where, const char *hub_type, bool hub_rows_fixed)
{
    cg_line(em, "{ /* in segments of neighbour ids whose values fit in the L2 (-fcuda-blocking) */");
    em->indent++;
    cg_line(em, "const int _c_nseg = gmcu_eb_segments%s(%s, %s, sizeof(%s), %s);", gather ? "_gather" : "", g,
             rev ? "true" : "false", ty, force ? "true" : "false");
    cg_line(em, "const int64_t _c_seglen = (%s->num_nodes + _c_nseg - 1) / _c_nseg;", g);
    cg_line(em, "void *_c_part = _c_nseg > 1 ? gmcu_eb_scratch((size_t)%s->num_nodes * sizeof(%s)) : NULL;", g, ty);
    cg_line(em, "const gm_edge_t *_c_cuts = _c_nseg > 1 ? gmcu_eb_cuts%s(%s, %s, _c_nseg, _c_seglen) : NULL;",
             gather ? "_gather" : "", g, rev ? "true" : "false");
    if (hub_type)
        cg_line(em, "const gmcu_hubs _c_hubs = gmcu_hubs_for(%s, %s, sizeof(%s), %s, %s->num_nodes); /* rows of hubs by the whole grid */",
                 g, rev ? "true" : "false", hub_type,
                 hub_rows_fixed ? "_c_nseg == 1 ? GMCU_PULL_SWEEP_ALL : GMCU_PULL_SWEEP" : "GMCU_PULL_SWEEP", g);
    cg_line(em, "for (int _c_seg = 0; _c_seg < _c_nseg; _c_seg++) {");
    if (hub_type) {
        cg_line(em, "    gmcu_launch_pull(%s, gmcu_blocks(%s->num_nodes), _c_hubs, \"%s (%s)\", %s%s_c_nseg, _c_seg, _c_cuts, "
                     "_c_part);", name, g, name, where, args, *args ? ", " : "");
    } else {
        cg_line(em, "    %s<<<gmcu_blocks(%s->num_nodes), GMCU_BLOCK>>>(%s%s_c_nseg, _c_seg, _c_cuts, _c_part);", name, g,
                 args, *args ? ", " : "");
        cg_line(em, "    GMCU_LAUNCHED(\"%s (%s)\");", name, where);
    }
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
}
