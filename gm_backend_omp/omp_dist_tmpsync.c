/* omp_dist_tmpsync.c: TEMPORARY. Conservative syncs for -t omp
 * --distributed, used only until gma_sync_build (gm_analysis/gma_sync.c,
 * branch wip-dsync) places the real ones; delete this file then.
 *
 * Rule, per host-level parallel loop of the plan (gma_plan.h): every node
 * property the loop touches through a neighbour is broadcast before it
 * (ghosts = owners); one reduced with += or -= through a neighbour has its
 * ghosts reset to 0 after that and is reduced after the loop; min=/max= and
 * the other idempotent operators are reduced after the loop without a
 * reset; a Bool arg-min/max payload (a flag set with the winning key) is
 * reset to False and or-reduced (each ghost's flag says it improved on the
 * owner's value broadcast before). Every scalar declared outside the loop
 * that it reduces or writes is all-reduced after it. Spans: always owners. */
#include "omp_dist.h"

#include <stdlib.h>

#include "oom.h"

static void add(gma_sync_plan *sp, int *cap, gma_sync y)
{
    if (sp->n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        gma_sync *g = realloc(sp->syncs, (size_t)*cap * sizeof *g);
        if (!g)
            gm_out_of_memory("sync placement", 0);
        sp->syncs = g;
    }
    sp->syncs[sp->n++] = y;
}

static const unsigned nbr_mask = ~(1u << GMA_IX_OWNER);

gma_sync_plan *omp_dist_conservative_syncs(const gma_plan *plan)
{
    gma_sync_plan *sp = calloc(1, sizeof *sp);
    if (!sp)
        gm_out_of_memory("sync placement", 0);
    int cap = 0;
    for (int i = 0; plan && i < plan->n; i++) {
        const gma_record *r = &plan->recs[i];
        if (!r->stmt || r->reduce || r->space != GMA_SPACE_NODES)
            continue;
        gma_sync after[64];
        int na = 0;
        for (int j = 0; j < r->nprops; j++) {
            const gma_access *a = &r->props[j];
            if (a->edge)
                continue;
            bool remote = false;
            gma_redop red = GMA_OP_NONE, reset = GMA_OP_NONE;
            bool reduced = false;
            for (int u = 0; u < a->nuses; u++) {
                const gma_use *g = &a->uses[u];
                if (!(g->index & nbr_mask))
                    continue;
                remote = true;
                if (g->mode != GMA_REDUCE)
                    continue;
                gm_type_kind ek = a->sym->type && a->sym->type->elem ? a->sym->type->elem->kind : GMT_ERROR;
                if (g->op == GMA_OP_ARGMIN || g->op == GMA_OP_ARGMAX) {
                    if (ek != GMT_BOOL)
                        continue; /* the reduce will say it cannot */
                    red = GMA_OP_OR;
                    reset = GMA_OP_OR;
                } else {
                    red = g->op == GMA_OP_SUB ? GMA_OP_SUM : g->op;
                    if (g->op == GMA_OP_SUM || g->op == GMA_OP_SUB)
                        reset = GMA_OP_SUM;
                }
                reduced = true;
            }
            if (!remote)
                continue;
            add(sp, &cap, (gma_sync){.kind = GMA_SYNC_BROADCAST, .sym = a->sym, .at = r->stmt, .loc = r->loc});
            if (reset != GMA_OP_NONE)
                add(sp, &cap, (gma_sync){.kind = GMA_SYNC_RESET, .sym = a->sym, .op = reset, .at = r->stmt,
                                         .loc = r->loc});
            if (reduced && na < 64)
                after[na++] = (gma_sync){.kind = GMA_SYNC_REDUCE, .sym = a->sym, .op = red, .at = r->stmt,
                                         .after = true, .loc = r->loc};
        }
        for (int j = 0; j < r->nscalars; j++) {
            const gma_access *a = &r->scalars[j];
            gma_redop op = GMA_OP_NONE;
            bool touched = false;
            for (int u = 0; u < a->nuses; u++) {
                if (a->uses[u].mode == GMA_REDUCE) {
                    op = a->uses[u].op;
                    touched = true;
                    break;
                }
                if (a->uses[u].mode == GMA_WRITE)
                    touched = true;
            }
            if (touched && na < 64)
                after[na++] = (gma_sync){.kind = GMA_SYNC_ALLREDUCE, .sym = a->sym, .op = op, .at = r->stmt,
                                         .after = true, .loc = r->loc};
        }
        for (int j = 0; j < na; j++)
            add(sp, &cap, after[j]);
    }
    return sp;
}

/* ---- TEMPORARY stand-ins for gm_analysis/gma_sync.c until wip-dsync is
 * merged (same contract as gma_sync.h; no analysis, no syncs). */
gma_sync_plan *gma_sync_build(const gm_program *p, const gma_plan *plan)
{
    (void)p; (void)plan;
    gma_sync_plan *sp = calloc(1, sizeof *sp);
    if (!sp)
        gm_out_of_memory("sync placement", 0);
    return sp;
}

void gma_sync_free(gma_sync_plan *sp)
{
    if (!sp)
        return;
    free(sp->syncs);
    free(sp->span_loops);
    free(sp->spans);
    free(sp);
}

const gma_sync *gma_syncs_at(const gma_sync_plan *sp, const gm_stmt *s, bool after, int *n)
{
    *n = 0;
    for (int i = 0; sp && i < sp->n; i++)
        if (sp->syncs[i].at == s && sp->syncs[i].after == after) {
            int k = i;
            while (k < sp->n && sp->syncs[k].at == s && sp->syncs[k].after == after)
                k++;
            *n = k - i;
            return &sp->syncs[i];
        }
    return NULL;
}

gma_span gma_sync_span(const gma_sync_plan *sp, const gm_stmt *loop)
{
    for (int i = 0; sp && i < sp->nspans; i++)
        if (sp->span_loops[i] == loop)
            return sp->spans[i];
    return GMA_SPAN_OWNERS;
}

const char *gma_sync_kind_name(gma_sync_kind k)
{
    static const char *const names[] = {"broadcast", "reduce", "reset", "allreduce"};
    return (unsigned)k < 4 ? names[k] : "?";
}

void gma_sync_print(FILE *out, const gma_sync_plan *sp, const char *file)
{
    for (int i = 0; sp && i < sp->n; i++) {
        const gma_sync *y = &sp->syncs[i];
        fprintf(out, "%s:%d: %s: %s %s (%s)\n", file, y->loc.line, y->after ? "after" : "before",
                gma_sync_kind_name(y->kind), y->sym ? y->sym->name : "?", gma_redop_name(y->op));
    }
}
