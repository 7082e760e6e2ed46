/* cuda_min_label.c: a loop gm_opt/min_label.c marked becomes one call of
 * the CUDA runtime's union-find (gmcu_min_label_components) on the
 * property's device copy, then its flag is False. */
#include "cuda_emit.h"

#include <stdlib.h>

bool cuda_min_label(cg_emit *em, const gm_stmt *s)
{
    const gm_symbol *p = s->min_label;
    const bool wide = p->type->elem->kind == GMT_LONG;
    const char *ty = wide ? "int64_t" : "int32_t";
    char *m = cuda_mirror(em, p);
    cuda_report_min_label(em, s);
    cg_min_label_open(em, s, CG_MIN_LABEL_HOW, NULL);
    cg_line(em, "gmcu_min_label_components_%s(%s, (%s *)gmcu_to_device(&%s));", wide ? "i64" : "i32",
             cg_graph_of(em, p->type), ty, m);
    cg_line(em, "gmcu_device_wrote(&%s);", m);
    cg_min_label_close(em, s);
    free(m);
    return true;
}
