/* cuda_priority.c: the fixpoint of cuda_async.c in near-far buckets of its
 * key (-fcuda-priority), for updates that add a term to the key (distances).
 *
 * The shared FIFO queue of the asynchronous kernel relaxes nodes in the order
 * they were lowered: on a road grid each node is relaxed about 100 times, a
 * value at a time, before its distance settles. Relaxing the nearest keys
 * first (the near-far schedule of Davidson et al., a two-bucket
 * delta-stepping) settles most nodes on their first relaxation. The order is
 * free: gma_monotone_shape proved that the fixpoint does not depend on it.
 *
 * One cooperative kernel takes steps with one grid barrier each:
 *   - a near step relaxes the near queue's nodes; a node lowered to a key
 *     not past the bound T joins the next near queue (once per step), one
 *     lowered past it joins the far pile (once per pile);
 *   - when a step leaves the near queue empty, a split step finds the nearest
 *     key in the pile, sets T to it plus delta (an extra barrier) and moves the
 *     pile's nodes now not past T into the near queue, the others into a new
 *     pile; an empty pile ends the kernel.
 * delta is the mean |term| over a sample of edges times GMCU_NF_SCALE over the
 * mean degree (Davidson et al. take a warp's width, 32; on the H200 a road
 * grid ran fastest with 256: fewer steps outweigh some repeated relaxations).
 * Counters and piles: gmcu_nf in gm_runtime/gmcu.h. */
#include "cuda_emit.h"

#include <stdlib.h>

/* Grid-stride over [0, len): `len` an expression every thread agrees on. */
static void grid_loop(cg_emit *em, const char *len)
{
    cg_line(em, "for (int64_t _c_i = (int64_t)_c_grid.thread_rank(); _c_i < %s; _c_i += (int64_t)_c_grid.size())",
             len);
}

/* The sample of the term that sets delta, then the first barrier. */
static void sample_delta(cg_emit *em, const gma_monotone *a, const char *g, const char *qt)
{
    const char *n = cg_name(em, a->l1->iter.sym);
    cg_line(em, "{ /* delta: the term's mean |value| over the edges of a sample of nodes */");
    em->indent++;
    cg_line(em, "double _c_gsum = 0;");
    cg_line(em, "unsigned long long _c_gcnt = 0;");
    cg_line(em, "const int64_t _c_every = %s->num_nodes > GMCU_NF_SAMPLE_NODES ? %s->num_nodes / GMCU_NF_SAMPLE_NODES : 1;",
             g, g);
    cg_line(em, "const int64_t _c_picks = %s->num_nodes / _c_every;", g);
    grid_loop(em, "_c_picks");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "const gm_node_t %s = (gm_node_t)(_c_i * _c_every);", n);
    cg_monotone_edges(em, a, NULL, NULL, NULL);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "_c_gsum = gmcu_block_combine(_c_gsum, gmcu_op_add(), 0.0);");
    cg_line(em, "_c_gcnt = gmcu_block_combine(_c_gcnt, gmcu_op_add(), 0ull);");
    cg_line(em, "if (threadIdx.x == 0) {");
    cg_line(em, "    atomicAdd((double *)&_c_nf.ctr[GMCU_NF_SAMPLE], _c_gsum);");
    cg_line(em, "    atomicAdd(&_c_nf.ctr[GMCU_NF_SAMPLE + 1], _c_gcnt);");
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "_c_grid.sync();");
    cg_line(em, "const %s _c_delta = gmcu_nf_delta<%s>(&_c_nf, (double)%s->num_edges / (%s->num_nodes > 0 ? %s->num_nodes : 1));",
             qt, qt, g, g, g);
}

/* The pile's nearest key, the new bound, and the pile split. */
static void split_step(cg_emit *em, const char *qn, const char *qt, const char *ident, const char *op)
{
    cg_line(em, "const int64_t _c_flen = (int64_t)*(volatile unsigned long long *)&_c_nf.ctr[GMCU_NF_FAR + 16 * _c_fc];");
    cg_line(em, "if (_c_flen == 0)");
    cg_line(em, "    break; /* nothing near, nothing far: the fixpoint */");
    cg_line(em, "if (_c_grid.thread_rank() == 0) { /* what this step fills, and the next split's cell */");
    cg_line(em, "    _c_nf.ctr[GMCU_NF_FAR + 16 * (_c_fc ^ 1)] = 0;");
    cg_line(em, "    _c_nf.ctr[GMCU_NF_NEAR + 16 * ((_c_k + 1) %% 3)] = 0;");
    cg_line(em, "    _c_best[(_c_gen + 1) & 1] = %s;", ident);
    cg_line(em, "    _c_nf.ctr[GMCU_NF_STATS + 2]++;");
    cg_line(em, "}");
    cg_line(em, "%s _c_near = %s;", qt, ident);
    grid_loop(em, "_c_flen");
    cg_line(em, "{");
    cg_line(em, "    const %s _c_v = *(volatile %s *)&%s[_c_nf.far[_c_fc][_c_i]];", qt, qt, qn);
    cg_line(em, "    _c_near = gmcu_op_%s()(_c_near, _c_v);", op);
    cg_line(em, "}");
    cg_line(em, "_c_near = gmcu_block_combine(_c_near, gmcu_op_%s(), (%s)%s);", op, qt, ident);
    cg_line(em, "if (threadIdx.x == 0)");
    cg_line(em, "    gmcu_atomic_%s(&_c_best[_c_gen & 1], _c_near);", op);
    cg_line(em, "_c_grid.sync(); /* the nearest far key */");
    cg_line(em, "_c_bound = gmcu_nf_bound<_c_min>(*(volatile %s *)&_c_best[_c_gen & 1], _c_delta);", qt);
    grid_loop(em, "_c_flen");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "const gm_node_t _c_v = _c_nf.far[_c_fc][_c_i];");
    cg_line(em, "if (atomicCAS((int *)&_c_nf.gen[_c_v], _c_gen, _c_gen + 1) != _c_gen)");
    cg_line(em, "    continue; /* not this pile's entry */");
    cg_line(em, "if (gmcu_nf_near<_c_min>(*(volatile %s *)&%s[_c_v], _c_bound))", qt, qn);
    cg_line(em, "    gmcu_wl_push(_c_nf.near[_c_nc ^ 1], &_c_nf.ctr[GMCU_NF_NEAR + 16 * _c_k], _c_nf.mark, _c_step, _c_v);");
    cg_line(em, "else /* stays far: in the new pile, generation _c_gen + 1 */");
    cg_line(em, "    gmcu_push(_c_nf.far[_c_fc ^ 1], &_c_nf.ctr[GMCU_NF_FAR + 16 * (_c_fc ^ 1)], _c_v);");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "_c_gen++;");
    cg_line(em, "_c_fc ^= 1;");
}

/* Relaxes this step's near queue. */
static void near_step(cg_emit *em, const gma_monotone *a, const char *qn, const char *qt, const gm_symbol *mark,
                      const char *mark_from)
{
    const char *n = cg_name(em, a->l1->iter.sym);
    const char *xt = cg_ctype(a->x->type->elem);
    cg_line(em, "if (_c_grid.thread_rank() == 0) {");
    cg_line(em, "    _c_nf.ctr[GMCU_NF_NEAR + 16 * ((_c_k + 1) %% 3)] = 0; /* read by all two barriers ago */");
    cg_line(em, "    _c_nf.ctr[GMCU_NF_STATS] += (unsigned long long)_c_len;");
    cg_line(em, "}");
    grid_loop(em, "_c_len");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "const gm_node_t %s = _c_nf.near[_c_nc][_c_i];", n);
    cg_line(em, "/* %s.%s: the newest value, %s (equal at every round's end) */", n, a->x->name, a->q->name);
    cg_line(em, "const %s _c_val = (%s)*(volatile %s *)&%s[%s];", xt, xt, qt, qn, n);
    const char *lowered = "gmcu_nf_lowered<_c_min>(&_c_nf, _c_key, _c_bound, _c_nc, _c_k, _c_step, _c_fc, _c_gen, %s);";
    char *marked = NULL;
    if (mark) /* the node named once more: cg_monotone_edges fills in the first */
        lowered = marked = cg_strf("{ gmcu_nf_lowered<_c_min>(&_c_nf, _c_key, _c_bound, _c_nc, _c_k, _c_step, _c_fc, "
                                   "_c_gen, %%s); if (%s >= %s) %s[%s] = true; }", cg_name(em, a->inner->iter.sym),
                                   mark_from, cg_name(em, mark), cg_name(em, a->inner->iter.sym));
    cg_monotone_edges(em, a, a->argmin->assign_op == GMA_MIN ? "gmcu_atomic_min" : "gmcu_atomic_max", lowered, NULL);
    free(marked);
    em->indent--;
    cg_line(em, "}");
}

char *cuda_priority_kernel(cg_emit *em, const gma_monotone *a, const char *params, cuda_capture *c, cuda_launch *l,
                           const gm_symbol *mark, const char *mark_from)
{
    const gm_stmt *l1 = a->l1;
    const char *g = cg_graph_of(em, l1->iter.sym->type);
    const bool is_min = a->argmin->assign_op == GMA_MIN;
    const char *qn = cg_name(em, a->q), *qt = cg_ctype(a->q->type->elem);
    const char *ident = cuda_identity(is_min ? GMA_MIN : GMA_MAX, a->q->type->elem->kind);
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, "the frontier loop without rounds, nearest keys first (near-far buckets)",
                                  l1->loc, params, l1->iter.sym, GMR_NODES, c, l);
    cg_line(em, "cooperative_groups::grid_group _c_grid = cooperative_groups::this_grid();");
    cg_line(em, "constexpr bool _c_min = %s; /* %s=: the lowest keys are the nearest */", is_min ? "true" : "false",
             is_min ? "min" : "max");
    cg_line(em, "%s *_c_best = (%s *)&_c_nf.ctr[GMCU_NF_BEST]; /* the nearest far key, two cells in turn */", qt, qt);
    cg_line(em, "if (_c_grid.thread_rank() == 0)");
    cg_line(em, "    _c_best[0] = %s;", ident);
    sample_delta(em, a, g, qt);
    cg_line(em, "%s _c_bound = %s; /* T: keys not past it are near */", qt, ident);
    cg_line(em, "int _c_nc = 0, _c_fc = 0, _c_k = 0; /* this step's near queue, the pile, the counter */");
    cg_line(em, "int32_t _c_step = 0, _c_gen = 0;  /* step number (the near marks), pile generation */");
    cg_line(em, "int64_t _c_len = 0;                /* this step's near queue length */");
    cg_line(em, "for (;;) {");
    em->indent++;
    cg_line(em, "if (_c_len == 0) { /* split the pile at its nearest key plus delta */");
    em->indent++;
    split_step(em, qn, qt, ident, is_min ? "min" : "max");
    em->indent--;
    cg_line(em, "} else {");
    em->indent++;
    near_step(em, a, qn, qt, mark, mark_from);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "_c_grid.sync(); /* the next near queue is complete */");
    cg_line(em, "_c_len = (int64_t)*(volatile unsigned long long *)&_c_nf.ctr[GMCU_NF_NEAR + 16 * _c_k];");
    cg_line(em, "_c_nc ^= 1;");
    cg_line(em, "_c_k = (_c_k + 1) %% 3;");
    cg_line(em, "_c_step++;");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "if (_c_grid.thread_rank() == 0)");
    cg_line(em, "    _c_nf.ctr[GMCU_NF_STATS + 1] = (unsigned long long)_c_step;");
    cuda_kernel_close(em, &f, c, l);
    return name;
}
