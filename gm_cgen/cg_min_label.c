/* cg_min_label.c: a loop gm_opt/min_label.c marked becomes one call of the
 * runtime's union-find (gmrt_min_label_components), then its flag is False.
 * The loop stays a loop (it reads its flag once more and ends), so a flag
 * nothing reads afterwards is not "set but never used". */
#include "cg_emit.h"

void cg_min_label_open(cg_emit *em, const gm_stmt *s, const char *how, const char *how_more)
{
    if (s->kind == GMS_WHILE)
        cg_line(em, "while (%s) {", cg_name(em, s->cond->sym));
    else
        cg_line(em, "do {");
    em->indent++;
    cg_line(em, "/* %s:%d: the loop's fixpoint: each node's %s becomes the smallest one in its weakly connected",
             em->src_base, s->loc.line, s->min_label->name);
    cg_line(em, " * component (gm_opt/min_label.c), %s%s", how, how_more ? "" : " */");
    if (how_more)
        cg_line(em, " * %s */", how_more);
}

void cg_min_label_close(cg_emit *em, const gm_stmt *s)
{
    const char *flag = cg_name(em, s->cond->sym);
    cg_line(em, "%s = false; /* one pass: the fixpoint is reached */", flag);
    em->indent--;
    if (s->kind == GMS_WHILE)
        cg_line(em, "}");
    else
        cg_line(em, "} while (%s);", flag);
}

void cg_min_label(cg_emit *em, const gm_stmt *s)
{
    const gm_symbol *p = s->min_label;
    cg_min_label_open(em, s, CG_MIN_LABEL_HOW, NULL);
    cg_line(em, "if (!gmrt_min_label_components_%s(%s, %s))", p->type->elem->kind == GMT_LONG ? "i64" : "i32",
             cg_graph_of(em, p->type), cg_name(em, p));
    cg_line(em, "    gmrt_fatal(\"out of memory: cannot label the components\");");
    cg_min_label_close(em, s);
}
