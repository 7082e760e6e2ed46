/* gma_plan_print.c: the text forms of the loop plan (gma_plan.h): the
 * --dump=plan listing and the one-line summary of -t omp --report. Both
 * are stable: records in source order, accesses in the order of their first
 * use, index kinds in gma_index order. */
#include "gma_plan.h"

#include "front.h"

static const char *construct_name(const gma_record *r)
{
    if (r->reduce)
        return gm_reduce_op_name(r->reduce->reduce_op);
    switch (r->space) {
    case GMA_SPACE_BFS: return "InBFS";
    case GMA_SPACE_BFS_REVERSE: return "InReverse";
    case GMA_SPACE_DFS: return "InDFS";
    default: return "Foreach";
    }
}

/* "(t: G.Nodes)", "(v: G.Nodes From s)", "(v)" for InReverse. */
static void print_head(FILE *out, const gma_record *r)
{
    const gm_iter *it = r->reduce ? &r->reduce->iter : &r->stmt->iter;
    fprintf(out, "%s (%s", construct_name(r), it->name ? it->name : "?");
    if (r->space != GMA_SPACE_BFS_REVERSE) {
        fputs(": ", out);
        if (it->source)
            gmf_print_expr(out, it->source);
        fprintf(out, "%s%s.%s", it->transposed ? "^" : "", it->reverse ? "-" : "", gm_range_name(it->range));
        if (it->range_arg) {
            fputc('(', out);
            gmf_print_expr(out, it->range_arg);
            fputc(')', out);
        }
        if (r->stmt && (r->space == GMA_SPACE_BFS || r->space == GMA_SPACE_DFS) && r->stmt->root) {
            fputs(" From ", out);
            gmf_print_expr(out, r->stmt->root);
        }
    }
    fputc(')', out);
}

static void print_indexes(FILE *out, unsigned set)
{
    const char *sep = "";
    for (int i = 0; i < GMA_IX_COUNT; i++)
        if (set & (1u << i)) {
            fprintf(out, "%s%s", sep, gma_index_name((gma_index)i));
            sep = "/";
        }
}

static const char *mode_name(gma_mode m)
{
    return m == GMA_READ ? "read" : m == GMA_WRITE ? "write" : "reduce";
}

/* "read in-nbr; write owner" for a property, "reduce +=" for a scalar. */
static void print_uses(FILE *out, const gma_access *a, bool scalar, const char *sep)
{
    for (int i = 0; i < a->nuses; i++) {
        const gma_use *u = &a->uses[i];
        fprintf(out, "%s%s", i ? sep : "", mode_name(u->mode));
        if (u->mode == GMA_REDUCE)
            fprintf(out, " %s", gma_redop_name(u->op));
        if (!scalar) {
            fputc(' ', out);
            print_indexes(out, u->index);
        }
    }
}

void gma_record_print(FILE *out, const gma_record *r, int index)
{
    fprintf(out, "loop %d at %d:%d in %s: %s, ", index + 1, r->loc.line, r->loc.col,
            r->proc && r->proc->name ? r->proc->name : "?", gma_space_name(r->space));
    print_head(out, r);
    fputc('\n', out);
    if (r->filter) {
        fputs("    filter: ", out);
        gmf_print_expr(out, r->filter);
        fputc('\n', out);
    }
    for (int j = 0; j < r->nprops; j++) {
        fprintf(out, "    %s %s: ", r->props[j].edge ? "edge" : "node", r->props[j].sym->name);
        print_uses(out, &r->props[j], false, "; ");
        fputc('\n', out);
    }
    for (int j = 0; j < r->nscalars; j++) {
        fprintf(out, "    scalar %s: ", r->scalars[j].sym->name);
        print_uses(out, &r->scalars[j], true, "; ");
        fputc('\n', out);
    }
    for (int j = 0; j < r->nwhy; j++)
        fprintf(out, "    not distributable: %s\n", r->why[j]);
}

void gma_plan_print(FILE *out, const gma_plan *plan, const char *file)
{
    fprintf(out, "// ---- %s: plan ----\n", file);
    for (int i = 0; i < plan->n; i++)
        gma_record_print(out, &plan->recs[i], i);
}

void gma_record_summary(FILE *out, const gma_record *r)
{
    fprintf(out, "%s, ", gma_space_name(r->space));
    print_head(out, r);
    if (r->filter)
        fputs(" filtered", out);
    const char *sep = ": ";
    for (int j = 0; j < r->nprops; j++) {
        fprintf(out, "%s%s ", sep, r->props[j].sym->name);
        print_uses(out, &r->props[j], false, ", ");
        sep = "; ";
    }
    for (int j = 0; j < r->nscalars; j++) {
        fprintf(out, "%sscalar %s ", sep, r->scalars[j].sym->name);
        print_uses(out, &r->scalars[j], true, ", ");
        sep = "; ";
    }
    if (!r->nprops && !r->nscalars)
        fputs(": touches no property", out);
    for (int j = 0; j < r->nwhy; j++)
        fprintf(out, "%s%s", j ? ", " : "; not distributable: ", r->why[j]);
}

void gma_plan_report(FILE *out, const gma_plan *plan, const char *file)
{
    for (int i = 0; i < plan->n; i++) {
        fprintf(out, "%s:%d: ", file, plan->recs[i].loc.line);
        gma_record_summary(out, &plan->recs[i]);
        fputc('\n', out);
    }
}
