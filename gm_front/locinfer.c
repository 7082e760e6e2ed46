/* locinfer.c: where each symbol's storage must live (LightHouse, section 3.2).
 *
 * A symbol used (read or written) inside a parallel region (a parallel
 * Foreach with its filter and source, an InBFS/InReverse body with its
 * navigator and filters, a group assignment, a reduction expression such
 * as Sum) is needed on the GPU; one used in sequential code outside every
 * region is needed on the CPU. Graphs live on both sides; procedure
 * arguments cross the API from the host, so they are on the CPU too (and
 * on the GPU when a region uses them). A symbol never used gets the side
 * where it is declared. Procedures themselves are CPU.
 */
#include <stdlib.h>

#include "check_internal.h"
#include "oom.h"
#include "front.h"

typedef struct locwalk {
    bool dry;  /* only list the declared symbols (for printing) */
    int depth; /* > 0 inside a parallel region */
    gm_symbol **declared;
    bool *declared_in_region;
    int ndeclared, cap;
} locwalk;

static void use(locwalk *w, gm_symbol *sym)
{
    if (sym && !w->dry)
        sym->location |= w->depth > 0 ? GM_LOC_GPU : GM_LOC_CPU;
}

static void declare(locwalk *w, gm_symbol *sym)
{
    if (!sym)
        return;
    /* Declarations come before uses in the walk: starting from NONE here
     * makes a second inference (after a pass changed the tree) exact. */
    if (!w->dry)
        sym->location = GM_LOC_NONE;
    if (w->ndeclared == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 64;
        w->declared = gm_xrealloc(w->declared, (size_t)w->cap, sizeof *w->declared, "declarations");
        w->declared_in_region =
            gm_xrealloc(w->declared_in_region, (size_t)w->cap, sizeof *w->declared_in_region, "declarations");
    }
    w->declared[w->ndeclared] = sym;
    w->declared_in_region[w->ndeclared++] = w->depth > 0;
}

static void walk_expr(locwalk *w, const gm_expr *e);
static void walk_stmt(locwalk *w, const gm_stmt *s);

static void walk_list(locwalk *w, const gm_expr *e)
{
    for (; e; e = e->next)
        walk_expr(w, e);
}

static void walk_iter(locwalk *w, const gm_iter *it)
{
    walk_expr(w, it->source);
    walk_expr(w, it->range_arg);
    declare(w, it->sym);
    use(w, it->sym);
    walk_expr(w, it->filter);
}

static void walk_foreign(locwalk *w, const gm_foreign_seg *f)
{
    for (; f; f = f->next)
        walk_expr(w, f->ref);
}

static void walk_expr(locwalk *w, const gm_expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case GME_ID:
    case GME_PROP:
        use(w, e->sym);
        break;
    case GME_CALL:
        if (e->builtin < 0)
            use(w, e->sym);
        break;
    case GME_REDUCE:
        /* A reduction expression runs as a parallel loop. */
        w->depth++;
        walk_iter(w, &e->iter);
        walk_expr(w, e->a);
        w->depth--;
        return;
    case GME_FOREIGN:
        walk_foreign(w, e->foreign);
        return;
    default:
        break;
    }
    walk_expr(w, e->a);
    walk_expr(w, e->b);
    walk_expr(w, e->c);
    walk_list(w, e->args);
    walk_list(w, e->out_args);
}

static void walk_body(locwalk *w, const gm_stmt *s)
{
    for (; s; s = s->next)
        walk_stmt(w, s);
}

static void walk_stmt(locwalk *w, const gm_stmt *s)
{
    switch (s->kind) {
    case GMS_BLOCK:
        walk_body(w, s->body);
        break;
    case GMS_DECL:
        walk_expr(w, s->init);
        for (const gm_name *n = s->names; n; n = n->next) {
            declare(w, n->sym);
            if (s->init)
                use(w, n->sym);
        }
        break;
    case GMS_ASSIGN:
    case GMS_ARGMINMAX:
    case GMS_SWAP:
        if (s->is_group)
            w->depth++;
        walk_list(w, s->lhs);
        walk_list(w, s->rhs);
        if (s->is_group)
            w->depth--;
        break;
    case GMS_IF:
        walk_expr(w, s->cond);
        if (s->then_stmt)
            walk_stmt(w, s->then_stmt);
        if (s->else_stmt)
            walk_stmt(w, s->else_stmt);
        break;
    case GMS_WHILE:
    case GMS_DO_WHILE:
        walk_expr(w, s->cond);
        if (s->body)
            walk_stmt(w, s->body);
        break;
    case GMS_FOREACH:
        if (s->parallel)
            w->depth++;
        walk_iter(w, &s->iter);
        if (s->body)
            walk_stmt(w, s->body);
        if (s->parallel)
            w->depth--;
        break;
    case GMS_BFS:
    case GMS_DFS: {
        /* The root is passed from the host; the bodies of a BFS run on
         * the device level by level, a DFS runs on the host. */
        bool par = s->kind == GMS_BFS;
        walk_expr(w, s->root);
        use(w, s->iter.source ? s->iter.source->sym : NULL);
        w->depth += par;
        walk_iter(w, &s->iter);
        walk_expr(w, s->navigator);
        if (s->body)
            walk_stmt(w, s->body);
        walk_expr(w, s->rev_filter);
        if (s->rev_body)
            walk_stmt(w, s->rev_body);
        w->depth -= par;
        break;
    }
    case GMS_RETURN:
    case GMS_CALL:
        walk_expr(w, s->value);
        break;
    case GMS_PRINT:
        walk_list(w, s->value);
        break;
    case GMS_FOREIGN:
        walk_foreign(w, s->foreign);
        walk_list(w, s->modified);
        break;
    case GMS_EMPTY:
        break;
    }
}

void gmf_infer_locations(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (proc->sym)
            proc->sym->location = GM_LOC_CPU;
        locwalk w = {0};
        for (gm_param *q = proc->params; q; q = q->next)
            if (q->sym)
                q->sym->location = GM_LOC_NONE;
        if (proc->body)
            walk_stmt(&w, proc->body);
        for (int i = 0; i < w.ndeclared; i++)
            if (w.declared[i]->location == GM_LOC_NONE)
                w.declared[i]->location = w.declared_in_region[i] ? GM_LOC_GPU : GM_LOC_CPU;
        /* Arguments come from and go back to the host caller. */
        for (gm_param *q = proc->params; q; q = q->next) {
            if (!q->sym)
                continue;
            q->sym->location |= GM_LOC_CPU;
            if (q->sym->type && q->sym->type->kind == GMT_GRAPH)
                q->sym->location = GM_LOC_BOTH;
        }
        free(w.declared);
        free(w.declared_in_region);
    }
}

/* ---------------------------------------------------------------- */
/* --dump support                                                     */

static const char *location_name(gm_location l)
{
    switch (l) {
    case GM_LOC_NONE: return "none";
    case GM_LOC_CPU: return "CPU";
    case GM_LOC_GPU: return "GPU";
    case GM_LOC_BOTH: return "CPU+GPU";
    }
    return "?";
}

void gmf_print_locations(FILE *out, const gm_program *p)
{
    for (const gm_proc *proc = p->procs; proc; proc = proc->next) {
        fprintf(out, "%s:\n", proc->name);
        /* A dry walk lists the symbols in declaration order. */
        locwalk w = {.dry = true};
        for (const gm_param *q = proc->params; q; q = q->next)
            declare(&w, q->sym);
        if (proc->body)
            walk_stmt(&w, proc->body);
        for (int i = 0; i < w.ndeclared; i++) {
            const gm_symbol *sym = w.declared[i];
            fprintf(out, "  %s (line %d): %s\n", sym->name, sym->loc.line,
                    location_name(sym->location));
        }
        free(w.declared);
        free(w.declared_in_region);
    }
}
