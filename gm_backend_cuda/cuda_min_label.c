/* cuda_min_label.c: a loop gm_opt/min_label.c marked becomes one call of
 * the CUDA runtime's union-find (gmcu_min_label_components) on the
 * property's device copy, then its flag is False. */
#include "cuda_emit.h"

#include <stdlib.h>

bool cuda_min_label(omp_emit *em, const gm_stmt *s)
{
    const gm_symbol *p = s->min_label;
    const bool wide = p->type->elem->kind == GMT_LONG;
    const char *ty = wide ? "int64_t" : "int32_t";
    char *m = cuda_mirror(em, p);
    cuda_report(em, s->loc.line, "%s -> the minimum-label fixpoint over both edge directions (gm_opt/min_label.c): "
                "each node's %s becomes the smallest in its weakly connected component, by union-find on the device "
                "(gmcu_min_label_components: a thread per edge links the larger root under the smaller); no rounds",
                s->kind == GMS_WHILE ? "While" : "Do-While", p->name);
    const char *flag = omp_name(em, s->cond->sym);
    if (s->kind == GMS_WHILE)
        omp_line(em, "while (%s) {", flag);
    else
        omp_line(em, "do {");
    em->indent++;
    omp_line(em, "/* %s:%d: the loop's fixpoint: each node's %s becomes the smallest one in its weakly connected",
             em->src_base, s->loc.line, p->name);
    omp_line(em, " * component (gm_opt/min_label.c), by union-find instead of one round per hop */");
    omp_line(em, "gmcu_min_label_components_%s(%s, (%s *)gmcu_to_device(&%s));", wide ? "i64" : "i32",
             omp_graph_of(em, p->type), ty, m);
    omp_line(em, "gmcu_device_wrote(&%s);", m);
    omp_line(em, "%s = false; /* one pass: the fixpoint is reached */", flag);
    em->indent--;
    if (s->kind == GMS_WHILE)
        omp_line(em, "}");
    else
        omp_line(em, "} while (%s);", flag);
    free(m);
    return true;
}
