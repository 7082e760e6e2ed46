/* omp_monotone.c: the relaxation of one node's edges in a monotone
 * fixpoint loop (the shape: gm_analysis/gma_monotone.h), printed for both
 * targets: cuda_async.c / cuda_priority.c and omp_priority.c. */
#include "omp_monotone.h"

#include <stdlib.h>
#include <string.h>

static const gm_stmt *first_of(const gm_stmt *s) { return s && s->kind == GMS_BLOCK ? s->body : s; }

void omp_monotone_edges(omp_emit *em, const gma_monotone *a, const char *atomic_fn, const char *lowered)
{
    const gm_stmt *l1 = a->l1, *in = a->inner;
    const char *g = omp_graph_of(em, l1->iter.sym->type);
    bool rev = in->iter.range == GMR_IN_NBRS;
    const char *n = omp_name(em, l1->iter.sym), *t = omp_name(em, in->iter.sym);
    omp_marker(em, in->loc);
    if (rev)
        omp_line(em, "for (gm_edge_t _c_e = %s->r_begin[%s]; _c_e < %s->r_begin[%s + 1]; _c_e++) {", g, n, g, n);
    else
        omp_line(em, "for (gm_edge_t _c_e = %s->begin[%s]; _c_e < %s->begin[%s + 1]; _c_e++) {", g, n, g, n);
    em->indent++;
    if (gm_symbol_id_below(in->iter.sym, em->nsyms)) {
        free(em->edge_of[in->iter.sym->id]);
        em->edge_of[in->iter.sym->id] = rev ? omp_strf("%s->r_edge_idx[_c_e]", g) : omp_strf("_c_e");
    }
    omp_line(em, "const gm_node_t %s = %s->%s[_c_e];", t, g, rev ? "r_node_idx" : "node_idx");
    for (const gm_stmt *d = first_of(in->body); d != a->argmin; d = d->next)
        omp_stmt(em, d);
    omp_marker(em, a->argmin->loc);
    char *gt = a->g ? omp_expr_str(em, a->g) : NULL;
    if (!lowered) { /* a sample of the term */
        omp_line(em, "(void)%s;", t);
        omp_line(em, "_c_gsum += fabs((double)(%s));", gt ? gt : "0");
        omp_line(em, "_c_gcnt++;");
    } else {
        const char *qn = omp_name(em, a->q), *qt = omp_ctype(a->q->type->elem);
        char *key = !gt ? omp_strf("_c_val")
                    : a->x_left ? omp_strf("_c_val %s (%s)", a->op == GMOP_SUB ? "-" : "+", gt)
                                : omp_strf("(%s) + _c_val", gt);
        omp_line(em, "const %s _c_key = (%s)(%s);", qt, qt, key);
        omp_line(em, "if (%s(&%s[%s], _c_key))", atomic_fn, qn, t);
        em->indent++;
        omp_line(em, lowered, t);
        em->indent--;
        free(key);
    }
    free(gt);
    em->indent--;
    omp_line(em, "}");
}
