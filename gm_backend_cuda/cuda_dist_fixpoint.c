/* cuda_dist_fixpoint.c: gmc -t cuda --distributed's monotone round loops
 * (issue 31): each round relaxes this rank's part to its local fixpoint,
 * nearest keys first, instead of one step of the rounds as written.
 *
 * Where gma_monotone_shape finds a round loop's relaxations free to reorder
 * (the condition of the one-GPU -fcuda-priority kernel, gma_monotone.h),
 * its frontier loop L1 becomes, in every round, the near-far kernel of
 * cuda_priority.c on the rank's local CSR, seeded with the owners whose
 * flag F is set (the owners L1 walks) and marking F2 at every ghost it
 * lowers, as L1's own arg-min does (the round's arg-min reduce carries F2
 * to the owner, which seeds the next round there); an owner it lowers has
 * had its out-edges relaxed in the run already and is not marked (marked,
 * every owner reached would be relaxed once more in the next round: on a
 * grid at one rank, a second pass as long as the first). The round's
 * syncs, its end and its test stay as written, so a round carries the
 * shortest paths across the ranks once more instead of one edge further:
 * a grid's thousands of rounds become a few. The loop ends when a round lowers nothing on any rank, in the state
 * the rounds as written end in (the fixpoint does not depend on the order).
 *
 * Which runs is decided per rank and per round, as the one-GPU program
 * decides -fcuda-async=auto (gmcu_few_rounds: graphs a frontier covers in
 * a few rounds keep the bulk step) and GMRT_PRIORITY=0 (the rounds as
 * written, the switch of the -t omp target's local fixpoints); a rank may
 * take either form in any round, since each only lowers values to lengths
 * of real paths and flags what it lowered and did not relax. */
#include "cuda_emit.h"

#include <stdio.h>
#include <stdlib.h>

/* The shape, and a frontier loop whose kernel can run as the near-far one:
 * no host scalar but read ones, its flags mirrored in local-id order. */
static bool fixpoint_shape(cg_emit *em, const gm_stmt *loop, gma_frontier *w, gma_monotone *a)
{
    if (!gma_frontier_shape(loop, w) || !gma_monotone_shape(loop, w->l1, w->l2, w->flag, w->next, a) ||
        !gma_monotone_orderable(a))
        return false;
    const gm_symbol *flags[] = {w->flag, w->next, a->q};
    for (int i = 0; i < 3; i++) {
        char *pos = cuda_gather_pos(em, flags[i]);
        bool plain = cuda_is_mirrored(flags[i]) && !pos;
        free(pos);
        if (!plain)
            return false;
    }
    cuda_capture c;
    cuda_capture_loop(em, &c, w->l1);
    bool ok = c.ok && !c.nargmin;
    for (int i = 0; ok && i < c.n; i++)
        if (c.use[i] != CU_GRAPH && c.use[i] != CU_PROP && c.use[i] != CU_READ)
            ok = false;
    cuda_capture_free(&c);
    return ok;
}

void cuda_dist_fixpoint_note(cg_emit *em, const gm_stmt *s)
{
    cuda_state *st = cuda_st(em);
    gma_frontier w;
    gma_monotone a;
    st->dist_fix_loop = st->dist_fixpoints && fixpoint_shape(em, s, &w, &a) ? s : NULL;
}

bool cuda_dist_fixpoint_l1(cg_emit *em, const gm_stmt *s)
{
    cuda_state *st = cuda_st(em);
    gma_frontier w;
    gma_monotone a;
    if (!st->dist_fix_loop || st->in_kernel || em->par_depth > 0 || !fixpoint_shape(em, st->dist_fix_loop, &w, &a) ||
        w.l1 != s)
        return false;
    const char *g = cg_graph_of(em, s->iter.sym->type);
    const char *hi = cuda_dist_node_hi(em, s, false);
    cuda_capture c;
    cuda_launch l;
    cuda_capture_loop(em, &c, s);
    cuda_launch_prepare(em, &c, &l);
    char *params = cuda_params_plus(l.params, "gmcu_nf _c_nf");
    char *k = cuda_priority_kernel(em, &a, params, &c, &l, w.next, "_c_dd.num_owned");
    char *fm = cuda_mirror(em, w.flag);
    if (st->knobs.report)
        fprintf(stderr, "%s:%d: Foreach -> each round relaxes a rank's part to its local fixpoint, nearest keys "
                        "first (%s: the monotone %s= of %s, gma_monotone.h), flagging %s at the ghosts it lowers; "
                        "the round's syncs and test as written (graphs of few rounds, GMRT_PRIORITY=0: the rounds as written)\n",
                em->src_base, s->loc.line, k, a.argmin->assign_op == GMA_MIN ? "min" : "max", a.q->name,
                w.next->name);
    cg_marker(em, s->loc);
    cg_line(em, "if (!gmcu_few_rounds(%s) && gmrt_bk_wanted(%s)) { /* this rank's relaxations up to its local "
                "fixpoint */", g, g);
    em->indent++;
    cg_line(em, "gmcu_wl _c_wl = {}; /* the seeds: the owners %s flags */", w.flag->name);
    cg_line(em, "gmcu_wl_init(&_c_wl, %s->num_nodes);", g);
    cg_line(em, "gmcu_wl_from_flags(&_c_wl, (const bool *)gmcu_to_device(&%s), %s);", fm, hi);
    cuda_launch_before(em, &c);
    cg_line(em, "gmcu_nf _c_nf;");
    cg_line(em, "gmcu_nf_init(&_c_nf, %s->num_nodes, _c_wl.q[_c_wl.cur], _c_wl.ncur);", g);
    cg_line(em, "gmcu_launch_coop(%s, gmcu_coop_blocks(%s, GMCU_NF_PER_SM), \"%s (%s:%d)\", %s%s_c_nf);", k, k, k,
             em->src_base, s->loc.line, l.args, *l.args ? ", " : "");
    cuda_launch_after(em, &c);
    cuda_launch_free(em, &l);
    cg_line(em, "gmcu_nf_free(&_c_nf);");
    cg_line(em, "gmcu_wl_free(&_c_wl);");
    em->indent--;
    cg_line(em, "} else {");
    em->indent++;
    const gm_stmt *loop = st->dist_fix_loop;
    st->dist_fix_loop = NULL; /* L1's own translation: the round as written */
    cg_foreach(em, s);
    st->dist_fix_loop = loop;
    em->indent--;
    cg_line(em, "}");
    free(fm);
    free(k);
    free(params);
    cuda_capture_free(&c);
    return true;
}
