/* gma_sync.c: the public side of the sync analysis (gma_sync.h): building
 * the plan over every procedure (gma_sync_check.c first, then the placement
 * walk of gma_sync_place.c), finding the syncs of a statement, and the
 * --dump=sync text. The syncs are kept sorted by their statement's preorder
 * position (before its "before" syncs, then its "after" ones), each group in
 * the order the walk placed them, which is the order they must run.
 *
 * What each sync asks of the generated code (beyond gma_sync.h):
 *  - REDUCE P op: owner[i] = owner[i] op ghost for every ghost copy of i
 *    (-=: the ghost holds the negated sum, so owner += ghost; an arg-min/max
 *    payload (op ARGMIN/ARGMAX) comes right after its key's REDUCE and is
 *    taken from the ghost whose key strictly improved the owner's; op NONE:
 *    plain stores through neighbours, the owner takes the value of a ghost
 *    the loop stored to, so those loops must flag the ghosts they write).
 *  - RESET P op: the ghost slice := the identity of op (0 for +=/-=, 1 for
 *    *=, +INF/-INF for min=/max=, True/False for &&=/||=); it comes for
 *    idempotent ops too when the ghosts are stale.
 *  - ALLREDUCE s op: the loop accumulates each rank's contributions to s
 *    from op's identity; after it, s = (s before the loop) op (the op over
 *    every rank's contributions), so the value s had is counted once (op
 *    NONE: s = the value of any rank that wrote it; ARGMIN/ARGMAX follow
 *    their key scalar, as for properties).
 *  - sparse: only entries a frontier loop touched can differ; a dense
 *    exchange is always correct.
 *  - a loop spanning ALL_LOCAL writes ghosts too: every property it writes
 *    (and every property a sync names) needs gmd_num_local elements. */
#include "gma_sync_internal.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "front.h"
#include "oom.h"

/* Stable insertion sort by (order, after): the groups stay in placement order. */
static void sort_syncs(sync_plan_full *f)
{
    gma_sync_plan *p = &f->pub;
    for (int i = 1; i < p->n; i++) {
        gma_sync s = p->syncs[i];
        int o = f->sync_order[i];
        int j = i;
        while (j > 0 && (f->sync_order[j - 1] > o || (f->sync_order[j - 1] == o && p->syncs[j - 1].after && !s.after))) {
            p->syncs[j] = p->syncs[j - 1];
            f->sync_order[j] = f->sync_order[j - 1];
            j--;
        }
        p->syncs[j] = s;
        f->sync_order[j] = o;
    }
}

gma_sync_plan *gma_sync_build(const gm_program *p, const gma_plan *plan)
{
    if (!p || !plan)
        return NULL;
    int errors = 0;
    for (const gm_proc *proc = p->procs; proc; proc = proc->next)
        errors += sync_check_proc(plan, proc);
    if (errors)
        return NULL;
    sync_plan_full *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    sync_ctx c = {.prog = p, .plan = plan, .sp = f, .n = p->next_symbol_id};
    c.syms = calloc((size_t)(c.n ? c.n : 1), sizeof *c.syms);
    if (!c.syms) {
        free(f);
        return NULL;
    }
    for (const gm_proc *proc = p->procs; proc; proc = proc->next)
        sync_walk_proc(&c, proc);
    free(c.syms);
    free(c.order);
    sort_syncs(f);
    return &f->pub;
}

void gma_sync_free(gma_sync_plan *sp)
{
    if (!sp)
        return;
    sync_plan_full *f = (sync_plan_full *)sp;
    free(sp->syncs);
    free(sp->span_loops);
    free(sp->spans);
    free(f->sync_order);
    free(f->span_order);
    free(f);
}

const gma_sync *gma_syncs_at(const gma_sync_plan *sp, const gm_stmt *s, bool after, int *n)
{
    *n = 0;
    if (!sp)
        return NULL;
    for (int i = 0; i < sp->n; i++)
        if (sp->syncs[i].at == s && sp->syncs[i].after == after) {
            int k = i;
            while (k < sp->n && sp->syncs[k].at == s && sp->syncs[k].after == after)
                k++;
            *n = k - i;
            return &sp->syncs[i];
        }
    return NULL;
}

/* The iterator of a parallel Foreach over G.Nodes: its node is an owner (the
 * loop's span: an edge test keeps it OWNERS, gma_sync_place.c). */
static bool own_node(const gm_expr *e)
{
    return e && e->kind == GME_ID && e->sym && e->sym->kind == GMSYM_ITER && e->type &&
           e->type->kind == GMT_NODE && e->sym->iter_range == GMR_NODES && e->sym->iter_stmt &&
           e->sym->iter_stmt->kind == GMS_FOREACH && e->sym->iter_stmt->parallel;
}

int gma_sync_edge_test_end(const gm_expr *e)
{
    if (!e || e->kind != GME_CALL || (e->builtin != GMB_NODE_HAS_EDGE_TO && e->builtin != GMB_NODE_IS_NBR_FROM) ||
        !e->a || !e->args)
        return -1;
    bool to = e->builtin == GMB_NODE_HAS_EDGE_TO;
    if (own_node(e->a))
        return to ? 0 : 1;
    if (own_node(e->args))
        return to ? 1 : 0;
    return -1;
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
    switch (k) {
    case GMA_SYNC_BROADCAST: return "broadcast";
    case GMA_SYNC_REDUCE: return "reduce";
    case GMA_SYNC_RESET: return "reset";
    case GMA_SYNC_ALLREDUCE: return "allreduce";
    }
    return "?";
}

/* A statement in a few words: "Foreach (t: G.Nodes)", "While", "root.dist = 0". */
static void print_stmt(FILE *out, const gm_stmt *s)
{
    switch (s->kind) {
    case GMS_FOREACH:
        fprintf(out, "%s (%s: ", s->parallel ? "Foreach" : "For", s->iter.name ? s->iter.name : "?");
        if (s->iter.source)
            gmf_print_expr(out, s->iter.source);
        fprintf(out, ".%s)", gm_range_name(s->iter.range));
        break;
    case GMS_BFS:
        fprintf(out, "InBFS (%s)", s->iter.name ? s->iter.name : "?");
        break;
    case GMS_BLOCK: fputs("the body, each level", out); break; /* only InBFS bodies get syncs */
    case GMS_WHILE: fputs("While", out); break;
    case GMS_DO_WHILE: fputs("Do-While", out); break;
    case GMS_IF: fputs("If", out); break;
    case GMS_RETURN: fputs("Return", out); break;
    case GMS_SWAP:
        fputs("swap ", out);
        gmf_print_expr(out, s->lhs);
        fputs(", ", out);
        gmf_print_expr(out, s->rhs);
        break;
    case GMS_DECL:
        fprintf(out, "declaration of %s", s->names && s->names->name ? s->names->name : "?");
        break;
    case GMS_ASSIGN:
        gmf_print_expr(out, s->lhs);
        fprintf(out, " %s ", gm_assign_op_spelling(s->assign_op));
        gmf_print_expr(out, s->rhs);
        break;
    default: fputs("statement", out); break;
    }
}

static void print_sync(FILE *out, const gma_sync *y, const char *file)
{
    fprintf(out, "%s:%d: %s ", file, y->at->loc.line ? y->at->loc.line : y->loc.line, y->after ? "after" : "before");
    print_stmt(out, y->at);
    fprintf(out, ": %s %s", gma_sync_kind_name(y->kind), y->sym ? y->sym->name : "?");
    if (y->kind != GMA_SYNC_BROADCAST)
        fprintf(out, " %s", y->op == GMA_OP_NONE ? "(any)" : gma_redop_name(y->op));
    if (y->sparse)
        fputs(" sparse", out);
    fputc('\n', out);
}

void gma_sync_print(FILE *out, const gma_sync_plan *sp, const char *file)
{
    if (!sp)
        return;
    const sync_plan_full *f = (const sync_plan_full *)sp;
    int i = 0;
    for (int k = 0; k <= sp->nspans; k++) {
        /* the syncs up to the span's loop's own "after" ones, then the span */
        int o = k < sp->nspans ? f->span_order[k] : -1;
        for (; i < sp->n && (o < 0 || f->sync_order[i] < o || (f->sync_order[i] == o && !sp->syncs[i].after)); i++)
            print_sync(out, &sp->syncs[i], file);
        if (k < sp->nspans) {
            const gm_stmt *l = sp->span_loops[k];
            fprintf(out, "%s:%d: span ", file, l->loc.line);
            print_stmt(out, l);
            fputs(": all-local (owners and ghosts)\n", out);
        }
    }
}
