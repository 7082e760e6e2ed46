/* omp_decide.c: the OpenMP target's decision phase (its tg->decide hook):
 * before a procedure's first line is printed, what each loop of its plan
 * (gm_analysis/gma_plan.h) becomes, as gma_decision.h's key=value pairs:
 *   clique=by-degree(k=K)   a clique-counting nest on a copy renamed by degree
 *                            when the runtime finds that sound (omp_clique.c);
 *                            by-degree-upper(k=K): an ascending nest, whose copy
 *                            keeps each edge in its lower end's row only
 *   round=min-label         the loop's While became the union-find of
 *                            cg_min_label (gm_opt/min_label.c)
 *   worklist=frontier(F)    L1 of a frontier loop (gma_frontier.h): after the
 *   worklist=round-end(F)   first round over the listed nodes (L2: the old and
 *                            new lists), on graphs gmrt_few_rounds rejects
 *   priority=buckets(Q)     L1's rounds as one nearest-first run (omp_priority.c)
 *   linked=marks(X)         the loop's counts of X's linked neighbours keep X's
 *                            row marked in a bitmap per thread (omp_linked.c)
 *   balance=edges|nodes     one parallel loop over the edges for a node loop
 *                            around one neighbour loop (cg_loops.c reads it),
 *                            else nodes
 *   schedule=static|dynamic(chunk)|dynamic(64)   the pragma's schedule
 *   levels=prop(P)|array    BFS: the levels kept in P (bfs_level) or an array
 *   forward=where-found|per-level|none   BFS: where the forward body runs
 *   atomics=kept(P OP)|store(P OP)|none(P OP)   each property reduced: an
 *                            atomic for another element's update (a plain
 *                            atomic store for a Bool's &&= and ||=), none for
 *                            the own element (an arg-min/max: its key only)
 *   reduction=S OP          a scalar reduced: OpenMP's reduction clause
 *   update=plain|atomic|key|lock   (quiet: --dump=plan only, as
 *                            update(line N)=...) each property update of a
 *                            parallel region, per statement
 *                            (cg_decide_updates): what cg_reduce.c prints
 * The emitters (cg_par_begin: schedule; omp_clique_loop: clique;
 * omp_linked_loop: linked;
 * omp_worklist_loop: worklist, priority; cg_bfs: levels, forward;
 * cg_reduce_assign and cg_argminmax: update) read them back instead of
 * choosing again; atomics= and reduction= are the per-loop words of the
 * same choices (report only; the reduction clauses are collected where the
 * pragma is printed). omp_report prints the visible ones under each
 * record's line. */
#include "omp_emit.h"

#include <string.h>

#include "gma_clique.h"
#include "opt.h"

/* Loops of proc that the OpenMP target turns into rounds of its own. */
typedef struct rounds_ctx {
    gma_decided *d;
} rounds_ctx;

static bool round_loops(const gm_stmt *s, void *vctx)
{
    rounds_ctx *c = vctx;
    if (s->kind != GMS_WHILE && s->kind != GMS_DO_WHILE)
        return true;
    gma_frontier w;
    if (s->min_label) {
        /* every record inside: part of the union-find */
        for (int i = 0; i < c->d->plan->n; i++) {
            const gma_record *r = &c->d->plan->recs[i];
            if (r->stmt && gma_stmt_within(s, r->stmt))
                gma_decide(&c->d->recs[i], "round", "min-label");
        }
        return true;
    }
    if (omp_worklist_possible(s, &w)) {
        gma_decisions *l1 = gma_decisions_of(c->d, w.l1, false), *l2 = gma_decisions_of(c->d, w.l2, false);
        if (l1 && l2) {
            gma_decide(l1, "worklist", "frontier(%s)", w.flag->name);
            gma_decide(l2, "worklist", "round-end(%s)", w.flag->name);
            gma_monotone mono;
            if (omp_priority_possible(s, &w, &mono))
                gma_decide(l1, "priority", "buckets(%s)", mono.q->name);
        }
    }
    return true;
}

static void decide_atomics(gma_decisions *ds, const gma_record *r)
{
    for (int j = 0; j < r->nprops; j++) {
        const gma_access *a = &r->props[j];
        for (int k = 0; k < a->nuses; k++) {
            const gma_use *u = &a->uses[k];
            if (u->mode != GMA_REDUCE || u->op == GMA_OP_ARGMIN || u->op == GMA_OP_ARGMAX)
                continue; /* (an arg-min/max's payloads go with its key) */
            bool own = u->index == (1u << GMA_IX_OWNER);
            const gm_type *t = a->sym->type;
            bool flag = (t->elem ? t->elem->kind : t->kind) == GMT_BOOL && (u->op == GMA_OP_AND || u->op == GMA_OP_OR);
            gma_decide(ds, "atomics", "%s(%s %s)", own ? "none" : flag ? "store" : "kept", a->sym->name,
                       gma_redop_name(u->op));
        }
    }
    for (int j = 0; j < r->nscalars; j++)
        for (int k = 0; k < r->scalars[j].nuses; k++)
            if (r->scalars[j].uses[k].mode == GMA_REDUCE && r->scalars[j].uses[k].op != GMA_OP_ARGMIN &&
                r->scalars[j].uses[k].op != GMA_OP_ARGMAX)
                gma_decide(ds, "reduction", "%s %s", r->scalars[j].sym->name,
                           gma_redop_name(r->scalars[j].uses[k].op));
}

static void decide_foreach(cg_emit *em, gma_decisions *ds)
{
    const gma_record *r = ds->rec;
    const gm_stmt *s = r->stmt;
    gma_clique c;
    if (gma_clique_shape(s, &c) && c.k >= 3)
        gma_decide(ds, "clique", "by-degree%s(k=%d)", c.ascending ? "-upper" : "", c.k);
    if (omp_linked_marks_possible(s))
        gma_decide(ds, "linked", "marks(%s)", s->iter.sym->name);
    bool counted = r->space == GMA_SPACE_NODES || r->space == GMA_SPACE_EDGES;
    /* (a worklist's first round runs as written; its later rounds walk a list) */
    bool edges = r->space == GMA_SPACE_NODES && cg_loop_over_edges(s);
    if (r->space == GMA_SPACE_NODES)
        gma_decide(ds, "balance", "%s", edges ? "edges" : "nodes");
    (void)em;
    gma_decide(ds, "schedule", "%s", cg_schedule_kind(s->body, counted));
}

static void decide_bfs(gma_decisions *ds)
{
    const gma_record *r = ds->rec;
    const gm_stmt *s = r->stmt;
    if (r->space == GMA_SPACE_BFS) {
        const gm_symbol *in_prop = gmo_bfs_levels_prop(s);
        if (in_prop)
            gma_decide(ds, "levels", "prop(%s)", in_prop->name);
        else
            gma_decide(ds, "levels", "array");
        bool fuse = !in_prop && cg_bfs_body_is_local(s);
        const char *fwd = !s->body || in_prop ? "none" : fuse ? "where-found" : "per-level";
        gma_decide(ds, "forward", "%s", fwd);
        gma_decide(ds, "direction", "auto(bottom-up above 1/20 of the nodes)");
        if (strcmp(fwd, "per-level") == 0)
            gma_decide(ds, "schedule", "%s", cg_schedule_kind(s->body, true));
    } else {
        gma_decide(ds, "schedule", "%s", cg_schedule_kind(s->rev_body, true));
    }
}

void omp_decide(cg_emit *em, const gm_proc *proc)
{
    gma_decided *d = em->decided;
    if (!d)
        return;
    rounds_ctx rc = {d};
    gma_walk(proc->body, false, round_loops, NULL, &rc);
    for (int i = 0; i < d->plan->n; i++) {
        gma_decisions *ds = &d->recs[i];
        const gma_record *r = ds->rec;
        if (r->proc != proc || gma_decision(ds, "round"))
            continue; /* (a min-label loop's records: the union-find replaces them) */
        if (r->reduce) {
            decide_atomics(ds, r);
            continue;
        }
        switch (r->space) {
        case GMA_SPACE_NODES:
        case GMA_SPACE_EDGES:
        case GMA_SPACE_COLLECTION:
        case GMA_SPACE_NBRS:
            decide_foreach(em, ds);
            break;
        case GMA_SPACE_BFS:
        case GMA_SPACE_BFS_REVERSE:
            decide_bfs(ds);
            break;
        case GMA_SPACE_DFS:
            gma_decide(ds, "order", "sequential");
            break;
        }
        decide_atomics(ds, r);
        cg_decide_updates(ds);
    }
}

void omp_report(FILE *out, const gma_decided *d, const char *filename)
{
    const char *slash = strrchr(filename, '/');
    const char *file = slash ? slash + 1 : filename;
    for (int i = 0; i < d->plan->n; i++) {
        fprintf(out, "%s:%d: ", file, d->plan->recs[i].loc.line);
        gma_record_summary(out, &d->plan->recs[i]);
        fputc('\n', out);
        bool shown = false; /* (a quiet choice is for the emitters) */
        for (int j = 0; j < d->recs[i].n; j++)
            shown = shown || !d->recs[i].c[j].quiet;
        if (shown) {
            fputs("    omp: ", out);
            gma_decisions_line(out, &d->recs[i]);
            fputc('\n', out);
        }
    }
}
