/* omp_priority.c: a monotone frontier loop's rounds as one nearest-first
 * run on the OpenMP target (delta-stepping), when gma_monotone_shape finds
 * that the order of relaxations is free.
 *
 * Why: Bellman-Ford's rounds relax a node every time its key drops, a value
 * at a time; on a road grid that is about 9,000 rounds for SSSP, and most
 * nodes are relaxed many times before their distance settles. Relaxing the
 * nearest keys first settles most nodes on their first relaxation.
 *
 * The run (gmrt_buckets.h): the nodes whose flag F is set after the first
 * round are queued with their keys Q; each step relaxes the team's nearest
 * bin, pushing every node it lowers into the bin of its new key; a queued
 * entry whose key is no longer the node's (lowered again since) is skipped.
 * The bin width delta is the mean |term| over the edges of a sample of
 * nodes, times GMRT_BK_SCALE over the mean degree. How the run replaces the
 * rounds, and why the loop ends in the same state: gma_monotone.h. */
#include "omp_monotone.h"

#include <stdlib.h>

bool omp_priority_possible(const gm_stmt *loop, const gma_frontier *w, gma_monotone *a)
{
    return gma_monotone_shape(loop, w->l1, w->l2, w->flag, w->next, a) && gma_monotone_orderable(a);
}

/* `sign` turns a key into a priority: nearest first is the smallest key for
 * min= and the largest for max=. */
static void seed_and_sample(omp_emit *em, const gma_monotone *a, const gma_frontier *w, const char *g,
                            const char *sign)
{
    const char *n = omp_name(em, a->l1->iter.sym);
    const char *qn = omp_name(em, a->q), *fn = omp_name(em, w->flag);
    omp_line(em, "double _c_gsum = 0; /* delta: the term's mean |value| over the edges of a sample of nodes */");
    omp_line(em, "int64_t _c_gcnt = 0;");
    omp_line(em, "const int64_t _c_every = %s->num_nodes > GMRT_BK_SAMPLE_NODES ? %s->num_nodes / GMRT_BK_SAMPLE_NODES : 1;",
             g, g);
    omp_line(em, "for (int64_t _c_i = 0; _c_i < %s->num_nodes / _c_every; _c_i++) {", g);
    em->indent++;
    omp_line(em, "const gm_node_t %s = (gm_node_t)(_c_i * _c_every);", n);
    omp_monotone_edges(em, a, NULL, NULL);
    em->indent--;
    omp_line(em, "}");
    omp_line(em, "double _c_base = HUGE_VAL; /* the nearest queued key: bin 0 */");
    omp_line(em, "#pragma omp parallel for schedule(static) reduction(min:_c_base)");
    omp_line(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++)", n, n, g, n);
    omp_line(em, "    if (%s[%s] && %s(double)%s[%s] < _c_base)", fn, n, sign, qn, n);
    omp_line(em, "        _c_base = %s(double)%s[%s];", sign, qn, n);
    omp_line(em, "gmrt_buckets _c_bk;");
    omp_line(em, "if (!gmrt_bk_init(&_c_bk, _c_threads, _c_base, gmrt_bk_delta(_c_gsum, _c_gcnt, %s))) {", g);
    omp_line(em, "    fprintf(stderr, \"out of memory\\n\");");
    omp_line(em, "    exit(EXIT_FAILURE);");
    omp_line(em, "}");
}

void omp_priority_fixpoint(omp_emit *em, const gma_monotone *a, const gma_frontier *w)
{
    const gm_stmt *l1 = a->l1;
    const char *g = omp_graph_of(em, l1->iter.sym->type);
    const char *n = omp_name(em, l1->iter.sym);
    const char *qn = omp_name(em, a->q), *fn = omp_name(em, w->flag);
    const char *xt = omp_ctype(a->x->type->elem), *qt = omp_ctype(a->q->type->elem);
    const bool is_min = a->argmin->assign_op == GMA_MIN;
    const char *sign = is_min ? "" : "-";
    omp_marker(em, l1->loc);
    omp_line(em, "{ /* the rounds up to the fixpoint of the monotone %s= of %s, nearest keys first "
                 "(gm_backend_omp/omp_priority.c) */", is_min ? "min" : "max", a->q->name);
    em->indent++;
    omp_line(em, "#ifdef _OPENMP");
    omp_line(em, "const int _c_threads = omp_get_max_threads();");
    omp_line(em, "#else");
    omp_line(em, "const int _c_threads = 1;");
    omp_line(em, "#endif");
    seed_and_sample(em, a, w, g, sign);
    omp_line(em, "#pragma omp parallel");
    omp_line(em, "{");
    em->indent++;
    omp_line(em, "#ifdef _OPENMP");
    omp_line(em, "const int _c_tid = omp_get_thread_num();");
    omp_line(em, "#else");
    omp_line(em, "const int _c_tid = 0;");
    omp_line(em, "#endif");
    omp_line(em, "#pragma omp for schedule(static)");
    omp_line(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++)", n, n, g, n);
    omp_line(em, "    if (%s[%s])", fn, n);
    omp_line(em, "        gmrt_bk_push(&_c_bk, _c_tid, %s, (double)%s[%s], %s(double)%s[%s]);", n, qn, n, sign, qn, n);
    omp_line(em, "for (;;) { /* a step: the team's nearest bin */");
    em->indent++;
    omp_line(em, "gmrt_bk_local_min(&_c_bk, _c_tid);");
    omp_line(em, "#pragma omp barrier");
    omp_line(em, "#pragma omp single");
    omp_line(em, "gmrt_bk_plan(&_c_bk);");
    omp_line(em, "if (_c_bk.nfront == 0)");
    omp_line(em, "    break; /* nothing queued: the fixpoint */");
    omp_line(em, "gmrt_bk_gather(&_c_bk, _c_tid);");
    omp_line(em, "#pragma omp barrier");
    omp_line(em, "#pragma omp for schedule(dynamic, 64)");
    omp_line(em, "for (int64_t _c_i = 0; _c_i < _c_bk.nfront; _c_i++) {");
    em->indent++;
    omp_line(em, "const gm_node_t %s = _c_bk.front[_c_i].node;", n);
    omp_line(em, "%s _c_now;", qt);
    omp_line(em, "__atomic_load(&%s[%s], &_c_now, __ATOMIC_RELAXED);", qn, n);
    omp_line(em, "if ((double)_c_now != _c_bk.front[_c_i].key)");
    omp_line(em, "    continue; /* lowered again since: its newer entry relaxes it */");
    omp_line(em, "/* %s.%s: the newest value, %s (equal at every round's end) */", n, a->x->name, a->q->name);
    omp_line(em, "const %s _c_val = (%s)_c_now;", xt, xt);
    char *atomic_fn = omp_strf("_c_atomic_%s_%s", is_min ? "min" : "max", omp_atomic_suffix(a->q->type->elem->kind));
    char *push = omp_strf("gmrt_bk_push(&_c_bk, _c_tid, %%s, (double)_c_key, %s(double)_c_key);", sign);
    omp_monotone_edges(em, a, atomic_fn, push);
    free(atomic_fn);
    free(push);
    em->indent--;
    omp_line(em, "}");
    em->indent--;
    omp_line(em, "}");
    em->indent--;
    omp_line(em, "}");
    omp_line(em, "gmrt_bk_free(&_c_bk);");
    em->indent--;
    omp_line(em, "}");
}
