/* omp_min_label.c: a loop gm_opt/min_label.c marked becomes one call of the
 * runtime's union-find (gmrt_min_label_components), then its flag is False.
 * The loop stays a loop (it reads its flag once more and ends), so a flag
 * nothing reads afterwards is not "set but never used". */
#include "omp_emit.h"

void omp_min_label_open(omp_emit *em, const gm_stmt *s)
{
    if (s->kind == GMS_WHILE)
        omp_line(em, "while (%s) {", omp_name(em, s->cond->sym));
    else
        omp_line(em, "do {");
    em->indent++;
    omp_line(em, "/* %s:%d: the loop's fixpoint: each node's %s becomes the smallest one in its weakly connected",
             em->src_base, s->loc.line, s->min_label->name);
    omp_line(em, " * component (gm_opt/min_label.c), by union-find instead of one round per hop */");
}

void omp_min_label_close(omp_emit *em, const gm_stmt *s)
{
    const char *flag = omp_name(em, s->cond->sym);
    omp_line(em, "%s = false; /* one pass: the fixpoint is reached */", flag);
    em->indent--;
    if (s->kind == GMS_WHILE)
        omp_line(em, "}");
    else
        omp_line(em, "} while (%s);", flag);
}

void omp_min_label(omp_emit *em, const gm_stmt *s)
{
    const gm_symbol *p = s->min_label;
    omp_min_label_open(em, s);
    omp_line(em, "if (!gmrt_min_label_components_%s(%s, %s)) {", p->type->elem->kind == GMT_LONG ? "i64" : "i32",
             omp_graph_of(em, p->type), omp_name(em, p));
    omp_line(em, "    fprintf(stderr, \"error: out of memory: cannot label the components\\n\");");
    omp_line(em, "    exit(1);");
    omp_line(em, "}");
    omp_min_label_close(em, s);
}
