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

#include "ast_walk.h"
#include "check_internal.h"
#include "oom.h"
#include "front.h"

typedef struct locwalk {
    bool dry;  /* only list the declared symbols (for printing) */
    int depth; /* > 0 inside a parallel region */
    const gm_expr *root; /* the root of the traversal last entered */
    int root_lift;       /* the regions that traversal opened */
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

/* The walk is gm_front's gm_walk_hooked (ast_walk.h): the depth counts the
 * parallel regions around the node visited, entered and left by the hooks.
 * A declaration is recorded where the hand-written walk used to record it:
 * a variable after its initializer, an iterator before the filter (and the
 * body) of its loop or reduction. */

/* A traversal's root is evaluated on the host before the traversal starts:
 * the one expression of a BFS that is seen outside its region. */
static bool enter_expr(const gm_expr *e, void *ctx)
{
    locwalk *w = ctx;
    if (e == w->root)
        w->depth -= w->root_lift;
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
        declare(w, e->iter.sym);
        use(w, e->iter.sym);
        break;
    default:
        break;
    }
    return true;
}

static bool leave_expr(const gm_expr *e, void *ctx)
{
    locwalk *w = ctx;
    if (e->kind == GME_REDUCE)
        w->depth--;
    if (e == w->root)
        w->depth += w->root_lift;
    return true;
}

/* How many regions s opens around its own expressions and bodies. */
static int region_of(const gm_stmt *s)
{
    switch (s->kind) {
    case GMS_ASSIGN:
    case GMS_ARGMINMAX:
    case GMS_SWAP:
        return s->is_group; /* a group assignment runs over every element */
    case GMS_FOREACH:
        return s->parallel;
    case GMS_BFS:
        return 1; /* BFS levels run on the device; a DFS runs on the host */
    default:
        return 0;
    }
}

static gm_walk_step enter_stmt(const gm_stmt *s, void *ctx)
{
    locwalk *w = ctx;
    if (s->kind == GMS_BFS || s->kind == GMS_DFS) {
        /* the graph is used on the host too: the traversal starts there */
        use(w, s->iter.source ? s->iter.source->sym : NULL);
        w->root = s->root;
        w->root_lift = region_of(s);
    }
    w->depth += region_of(s);
    if (s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS) {
        declare(w, s->iter.sym);
        use(w, s->iter.sym);
    }
    return GM_WALK_ON;
}

static bool leave_stmt(const gm_stmt *s, void *ctx)
{
    locwalk *w = ctx;
    w->depth -= region_of(s);
    if (s->kind == GMS_DECL)
        for (const gm_name *n = s->names; n; n = n->next) {
            declare(w, n->sym);
            if (s->init)
                use(w, n->sym);
        }
    return true;
}

static const gm_walk_hooks loc_hooks = {enter_stmt, leave_stmt, enter_expr, leave_expr};

static void walk_stmt(locwalk *w, const gm_stmt *s)
{
    gm_walk_hooked(s, false, &loc_hooks, w);
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
