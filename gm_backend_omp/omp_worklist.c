/* omp_worklist.c: the frontier idiom (gma_frontier.h: the shape and why a
 * worklist computes the same) on the OpenMP target. The first round runs
 * as written over every node and lists the nodes whose F is set; from then
 * on L1 walks that list, each store of True into F2 appends the node to the
 * next list (gmrt_wl_push: once per round, into a chunk of slots the thread
 * reserved; unfilled slots hold GMRT_NIL_NODE and are skipped), and L2
 * walks the old list and
 * the new one, leaving out old entries the new list holds (their own turn
 * comes there). Rounds over a short list run on one thread; a round whose
 * list holds more than 1/16 of the nodes sweeps them all instead and lists
 * the flagged nodes again after it. Graphs that a
 * frontier covers in a few rounds (gmrt_few_rounds: hubs, or a mean degree
 * above 8) keep sweeping every node, as the CUDA target does: their big
 * frontiers make the appends cost more than the sweeps save. The round-
 * bound case is the road network: SSSP on a 24M-node grid takes about 9,000
 * rounds of a few thousand nodes each. GMRT_WORKLIST=0 in the environment
 * keeps the sweeps everywhere, GMRT_WORKLIST=1 takes the worklist on every
 * graph (for comparisons and tests). */
#include "omp_emit.h"
#include "gma_frontier.h"

#include <stdlib.h>

/* Emits s, one statement of the loop's body, for the rounds after the first. */
static void later_round_stmt(cg_emit *em, const gma_frontier *w, const gm_stmt *s)
{
    if (s == w->l1) {
        omp_st(em)->queue_loop = s;
        omp_st(em)->queue_count = "_c_wl.ncur";
        omp_st(em)->queue_decl = "gm_node_t %1$s = _c_wl.cur[_c_qi]; if (%1$s == GMRT_NIL_NODE) continue;";
        em->push_flag = w->next;
        em->push_fmt = "gmrt_wl_push(&_c_wl, %s);";
        cg_stmt(em, s);
        em->push_flag = NULL;
        em->push_fmt = NULL;
    } else if (s == w->l2) {
        /* positions [0, ncur) are the old list, [ncur, ncur + nnext) the new */
        omp_st(em)->queue_loop = s;
        omp_st(em)->queue_count = "_c_wl.ncur + _c_wl.nnext";
        omp_st(em)->queue_decl = "gm_node_t %1$s = _c_qi < _c_wl.ncur ? _c_wl.cur[_c_qi] : _c_wl.next[_c_qi - _c_wl.ncur];"
                         " if (%1$s == GMRT_NIL_NODE || (_c_qi < _c_wl.ncur && _c_wl.mark[%1$s] == _c_wl.round)) continue;";
        cg_stmt(em, s);
    } else {
        cg_stmt(em, s);
        return;
    }
    omp_st(em)->queue_loop = NULL;
    omp_st(em)->queue_count = NULL;
    omp_st(em)->queue_decl = NULL;
}

bool omp_worklist_possible(const gm_stmt *loop, gma_frontier *w)
{
    return gma_frontier_shape(loop, w);
}

bool omp_worklist_loop(cg_emit *em, const gm_stmt *loop)
{
    gma_frontier w;
    if (!gma_frontier_shape(loop, &w))
        return false;
    /* omp_decide's worklist= and priority= (a loop whose L1 has no record
     * of its own, inside a DFS body, decides here by the same rules) */
    const gma_decisions *ds = gma_decisions_of(em->decided, w.l1, false);
    if (ds && !gma_decision(ds, "worklist"))
        return false;
    const char *g = cg_graph_of(em, w.l1->iter.sym->type);
    const gm_stmt *list = loop->body && loop->body->kind == GMS_BLOCK ? loop->body->body : loop->body;
    cg_line(em, "{ /* a worklist over the frontier %s: rounds after the first walk only the nodes whose %s "
                 "was set (gm_backend_omp/omp_worklist.c) */", w.flag->name, w.next->name);
    em->indent++;
    gma_monotone mono;
    const bool prio = omp_priority_possible(loop, &w, &mono) && (!ds || gma_decision(ds, "priority"));
    cg_line(em, "gmrt_wl _c_wl;");
    if (prio) /* the nearest-first run needs no worklist */
        cg_line(em, "const bool _c_prio = gmrt_bk_wanted(%s);", g);
    cg_line(em, "const char *_c_wenv = getenv(\"GMRT_WORKLIST\");");
    cg_line(em, "const bool _c_sweep = %s(_c_wenv && *_c_wenv ? strcmp(_c_wenv, \"0\") == 0 || !gmrt_wl_init(&_c_wl, %s->num_nodes)",
             prio ? "_c_prio || " : "", g);
    cg_line(em, "                      : gmrt_few_rounds(%s) ||", g);
    cg_line(em, "                      !gmrt_wl_init(&_c_wl, %s->num_nodes)); /* no memory: sweep */", g);
    cg_line(em, "int64_t _c_wround = 0;");
    if (prio)
        cg_line(em, "bool _c_prio_done = false; /* then one last round as written */");
    cg_round_loop_open(em, loop);
    /* a long list (more than 1/16 of the nodes) walks slower than a sweep */
    if (prio)
        cg_line(em, "if (_c_wround++ == 0 || _c_prio_done || (!_c_prio && (_c_sweep || _c_wl.ncur > %s->num_nodes / 16))) "
                     "{ /* every node */", g);
    else
        cg_line(em, "if (_c_wround++ == 0 || _c_sweep || _c_wl.ncur > %s->num_nodes / 16) { /* every node */", g);
    em->indent++;
    cg_scope_push(em);
    /* the round after the nearest-first run skips its frontier loop (10% of SSSP's time on kron20) */
    cg_round_after_fixpoint(em, list, prio ? w.l1 : NULL, "_c_prio_done", "nearest-first");
    cg_scope_pop(em, true);
    cg_line(em, "if (!_c_sweep)");
    cg_line(em, "    gmrt_wl_from_flags(&_c_wl, %s, %s->num_nodes);", cg_name(em, w.flag), g);
    em->indent--;
    if (prio) {
        cg_line(em, "} else if (_c_prio) {");
        em->indent++;
        omp_priority_fixpoint(em, &mono, &w, NULL);
        cg_line(em, "_c_prio_done = true;");
        em->indent--;
    }
    cg_line(em, "} else { /* the listed nodes only */");
    em->indent++;
    cg_scope_push(em);
    for (const gm_stmt *s = list; s; s = s->next)
        later_round_stmt(em, &w, s);
    cg_scope_pop(em, true);
    cg_line(em, "gmrt_wl_advance(&_c_wl);");
    em->indent--;
    cg_line(em, "}");
    cg_round_loop_close(em, loop);
    cg_line(em, "if (!_c_sweep)");
    cg_line(em, "    gmrt_wl_free(&_c_wl);");
    em->indent--;
    cg_line(em, "}");
    return true;
}
