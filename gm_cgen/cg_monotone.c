/* cg_monotone.c: the relaxation of one node's edges in a monotone
 * fixpoint loop (the shape: gm_analysis/gma_monotone.h), printed for both
 * targets: cuda_async.c / cuda_priority.c and omp_priority.c. */
#include "cg_monotone.h"

#include <stdlib.h>
#include <string.h>

static const gm_stmt *first_of(const gm_stmt *s) { return s && s->kind == GMS_BLOCK ? s->body : s; }

void cg_monotone_edges(cg_emit *em, const gma_monotone *a, const char *atomic_fn, const char *lowered,
                       const char *min_var)
{
    const gm_stmt *l1 = a->l1, *in = a->inner;
    const char *g = cg_graph_of(em, l1->iter.sym->type);
    bool rev = in->iter.range == GMR_IN_NBRS;
    const char *n = cg_name(em, l1->iter.sym), *t = cg_name(em, in->iter.sym);
    cg_marker(em, in->loc);
    if (rev)
        cg_line(em, "for (gm_edge_t _c_e = %s->r_begin[%s]; _c_e < %s->r_begin[%s + 1]; _c_e++) {", g, n, g, n);
    else
        cg_line(em, "for (gm_edge_t _c_e = %s->begin[%s]; _c_e < %s->begin[%s + 1]; _c_e++) {", g, n, g, n);
    em->indent++;
    if (gm_symbol_id_below(in->iter.sym, em->nsyms)) {
        free(em->edge_of[in->iter.sym->id]);
        em->edge_of[in->iter.sym->id] = rev ? cg_strf("%s->r_edge_idx[_c_e]", g) : cg_strf("_c_e");
    }
    cg_line(em, "const gm_node_t %s = %s->%s[_c_e];", t, g, rev ? "r_node_idx" : "node_idx");
    for (const gm_stmt *d = first_of(in->body); d != a->argmin; d = d->next)
        cg_stmt(em, d);
    cg_marker(em, a->argmin->loc);
    char *gt = a->g ? cg_expr_str(em, a->g) : NULL;
    if (!lowered) { /* a sample of the term */
        cg_line(em, "(void)%s;", t);
        cg_line(em, "_c_gsum += fabs((double)(%s));", gt ? gt : "0");
        cg_line(em, "_c_gcnt++;");
        if (min_var)
            cg_line(em, "%s = fmin(%s, fabs((double)(%s)));", min_var, min_var, gt ? gt : "0");
    } else {
        const char *qn = cg_name(em, a->q), *qt = cg_ctype(a->q->type->elem);
        char *key = !gt ? cg_strf("_c_val")
                    : a->x_left ? cg_strf("_c_val %s (%s)", a->op == GMOP_SUB ? "-" : "+", gt)
                                : cg_strf("(%s) + _c_val", gt);
        cg_line(em, "const %s _c_key = (%s)(%s);", qt, qt, key);
        cg_line(em, "if (%s(&%s[%s], _c_key))", atomic_fn, qn, t);
        em->indent++;
        cg_line(em, lowered, t);
        em->indent--;
        free(key);
    }
    free(gt);
    em->indent--;
    cg_line(em, "}");
}

void cg_round_after_fixpoint(cg_emit *em, const gm_stmt *list, const gm_stmt *l1, const char *done,
                             const char *run)
{
    for (const gm_stmt *s = list; s; s = s->next) {
        if (s != l1) {
            cg_stmt(em, s);
            continue;
        }
        cg_line(em, "if (!%s) { /* after the %s run it would lower nothing */", done, run);
        em->indent++;
        cg_stmt(em, s);
        em->indent--;
        cg_line(em, "}");
    }
}
