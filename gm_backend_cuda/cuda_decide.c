/* cuda_decide.c: the CUDA target's decision phase (its tg->decide hook):
 * before a procedure's first line is printed, what each loop of its plan
 * (gm_analysis/gma_plan.h) becomes on the device, as gma_decision.h's
 * key=value pairs (all of them: docs/architecture.md, "Decisions"):
 *   device=kernel | device=host(WHY)   where the loop runs (cuda_host.c
 *                     reads it: a host loop gets the note WHY)
 *   balance=SCHEME    how a Foreach's iterations are spread over threads:
 *                     thread (one per iteration, grid-stride), edge / in-edge
 *                     (one per edge: loop collapsing), twc-push / twc-pull
 *                     (each node's edges by block, warp or thread by degree),
 *                     auto(thread|S): S on skewed graphs, tested at run time
 *   launch=cooperative   an arg-min/max on host scalars elects its winner
 *   hubs=split        a TWC pull splits hub rows over the whole grid
 *   blocking=auto|on  a TWC pull runs in segments of neighbour ids (edge blocking)
 *   direction=push|pull|auto(...)   InBFS: how each level is discovered
 *   expand=thread|twc|auto(thread|twc)   InBFS: the top-down expansion kernel(s)
 *   outline=persistent(all levels|small levels|rounds)   runs of levels (BFS)
 *                     or of rounds (a worklist) in one cooperative kernel
 *   relax=label-correction(after 64 levels|from the root)   InBFS of high
 *                     diameter: the rest by label correction (-fcuda-async)
 *   worklist=on(F)|auto(F)|round-end(F)   a frontier loop's L1 / L2 over a
 *                     device worklist (auto: on graphs without hubs, mean
 *                     degree at most 8)
 *   async=on|auto(Q OP)   its rounds as one asynchronous persistent kernel
 *   priority=near-far(Q)|none(...)   that kernel relaxing the nearest keys first
 *   queue-balance=SCHEME   L1's kernel over the worklist (or twc|thread(in the
 *                     persistent kernel) when the rounds are outlined)
 *   round=min-label(device union-find)   the records of a minimum-label loop
 *   gather=P(out-edges|in-edges)   a property the kernel touches that the
 *                     procedure stores in gather order (cuda_gather_plan, run
 *                     here first: most-read nodes first on skewed graphs)
 *   atomics=HOW(P OP) one per update of another thread's element, in the
 *                     body's order: none (its own element), eliminated (a
 *                     Bool's plain store), native, cas-loop (no native form),
 *                     and for arg-min/max: key(P OP, value|constant payload),
 *                     packed(P OP, PAY[, literals]), ticketed(P OP, iteration|
 *                     edge), lock(P OP), block-elect(S OP, payload[s]) on scalars
 *   reduction=S OP    a loop run on the host: each scalar it reduces (the
 *                     host's OpenMP reduction clause; dump only)
 *   count=linked(line N, N, in-edges|out-edges, M)   a neighbour loop that
 *                     gm_opt/count_linked.c made one sorted-row intersection
 *   transfer=X:HOW    what crosses between host and device for the kernel,
 *                     in capture order: a property's device copy (to-device:
 *                     copied in when the host's is newer; overwrite: written
 *                     whole first, not copied in), a host scalar by value
 *                     (by-value), through a slot copied back after the kernel
 *                     (slot, slot-reduced: per thread, per warp, one atomic
 *                     per block)
 * The emitters read them back instead of choosing again (cuda_host_stmt:
 * device; cuda_parallel_loop: balance, transfer; cuda_bfs: direction,
 * expand, outline, relax, the level kernels' balance; cuda_worklist_loop:
 * the worklist's keys; the gather order's state: cuda_nbr_ids,
 * cuda_prop_elem; each update in a kernel: its atomics=, found by the
 * statement (gma_decision_at) by cg_reduce.c, which prints a plain update
 * for none(...) and asks cuda_atomic_update for the others, and by
 * cuda_argminmax, which prints the recorded form); count= is report only.
 * A loop run on the host gets cg_decide_updates's quiet update= choices
 * (an InDFS's too: the parallel loops in its bodies). cuda_report.c words
 * --report from them. The phase prints nothing and names nothing new. */
#include "builtins.h"
#include "cuda_emit.h"
#include "gma_frontier.h"

#include <string.h>

/* ---- atomics= and count=: what each update of a kernel's body costs ---- */

typedef struct atomics_ctx {
    gma_decisions *ds;
    const gm_symbol *own;  /* the loop's iterator: its elements are private */
    const cuda_capture *c;
    const gm_stmt *body;   /* (unless the body updates the property through another element too) */
} atomics_ctx;

static bool decide_update(const gm_stmt *s, void *vctx)
{
    atomics_ctx *a = vctx;
    if (s->kind == GMS_ARGMINMAX && s->lhs && s->lhs->kind == GME_ID && s->lhs->next) {
        gma_decide_at(a->ds, s, false, "atomics", "block-elect(%s %s, %s)", s->lhs->sym->name,
                   gm_assign_op_spelling(s->assign_op), s->lhs->next->next ? "payloads" : "payload");
        return true;
    }
    if (s->kind == GMS_ARGMINMAX && s->lhs && s->lhs->kind == GME_PROP) {
        const gm_expr *key = s->lhs;
        const char *k = key->sym->name, *op = gm_assign_op_spelling(s->assign_op);
        const cuda_pack *pk = cuda_capture_pack_of(a->c, s);
        if (key->a && key->a->kind == GME_ID && key->a->sym == a->own &&
            !cg_prop_updated_elsewhere(a->body, a->own, key->sym))
            gma_decide_at(a->ds, s, false, "atomics", "none(%s %s)", k, op);
        else if (!s->lhs->next || cg_argmin_payload_constant(s))
            gma_decide_at(a->ds, s, false, "atomics", "key(%s %s, %s)", k, op, s->lhs->next ? "constant payload" : "value");
        else if (pk && pk->ticketed)
            gma_decide_at(a->ds, s, false, "atomics", "ticketed(%s %s, %s)", k, op,
                       cuda_capture_slot_of(a->c, s) == a->own ? "iteration" : "edge");
        else if (pk)
            gma_decide_at(a->ds, s, false, "atomics", "packed(%s %s, %s%s)", k, op, pk->pay->name,
                       s->lhs->next->next ? ", literals" : "");
        else
            gma_decide_at(a->ds, s, false, "atomics", "lock(%s %s)", k, op);
        return true;
    }
    if (s->kind != GMS_ASSIGN || s->assign_op == GMA_ASSIGN || s->assign_op == GMA_DEFER || !s->lhs ||
        s->lhs->kind != GME_PROP)
        return true;
    const gm_expr *t = s->lhs;
    bool priv = t->a && t->a->kind == GME_ID && t->a->sym == a->own && !cg_prop_updated_elsewhere(a->body, a->own, t->sym);
    gm_type_kind k = t->sym->type->elem ? t->sym->type->elem->kind : t->sym->type->kind;
    const char *how;
    if (priv)
        how = "none";
    else if (k == GMT_BOOL && (s->assign_op == GMA_OR || s->assign_op == GMA_AND))
        how = "eliminated";
    else if (((k == GMT_FLOAT || k == GMT_DOUBLE) && (s->assign_op == GMA_MIN || s->assign_op == GMA_MAX)) ||
             s->assign_op == GMA_MULT)
        how = "cas-loop";
    else
        how = "native";
    gma_decide_at(a->ds, s, false, "atomics", "%s(%s %s)", how, t->sym->name, gm_assign_op_spelling(s->assign_op));
    return true;
}

/* reduction=S OP of a loop run on the host: each scalar declared outside
 * it that it reduces, which the host's OpenMP reduction clause combines
 * (cg_reduction_clauses); an arg-min/max's payloads go with its key. */
static void decide_host_reductions(gma_decisions *ds)
{
    const gma_record *r = ds->rec;
    for (int j = 0; j < r->nscalars; j++)
        for (int k = 0; k < r->scalars[j].nuses; k++) {
            const gma_use *u = &r->scalars[j].uses[k];
            if (u->mode == GMA_REDUCE && u->op != GMA_OP_ARGMIN && u->op != GMA_OP_ARGMAX)
                gma_decide(ds, "reduction", "%s %s", r->scalars[j].sym->name, gma_redop_name(u->op));
        }
}

/* Loops gm_opt/count_linked.c replaced by a count. */
static bool decide_count(const gm_expr *e, void *vctx)
{
    atomics_ctx *a = vctx;
    if (e->kind == GME_CALL && e->builtin == GMB_NODE_COUNT_LINKED)
        gma_decide(a->ds, "count", "linked(line %d, %s, %s, %s)", e->loc.line, e->a && e->a->name ? e->a->name : "?",
                   e->bool_val ? "in-edges" : "out-edges",
                   e->args && e->args->next ? e->args->next->name : e->args ? e->args->name : "?");
    return true;
}

void cuda_decide_transfers(cg_emit *em, gma_decisions *ds, const gm_stmt *s, const cuda_capture *c)
{
    for (int i = 0; i < c->n; i++) {
        const char *how;
        switch (c->use[i]) {
        case CU_GRAPH: continue;
        case CU_PROP: how = s && cuda_writes_whole_prop(em, s, c, i) ? "overwrite" : "to-device"; break;
        case CU_READ: how = "by-value"; break;
        case CU_REDUCE: how = "slot-reduced"; break;
        default: how = "slot"; break; /* written, or an arg-min's payload */
        }
        gma_decide(ds, "transfer", "%s:%s", c->sym[i]->name, how);
    }
}

bool cuda_transfer_overwrites(const gma_decisions *ds, const gm_symbol *prop)
{
    size_t n = strlen(prop->name);
    for (int i = 0; ds && i < ds->n; i++)
        if (strcmp(ds->c[i].key, "transfer") == 0 && strncmp(ds->c[i].value, prop->name, n) == 0 &&
            strcmp(ds->c[i].value + n, ":overwrite") == 0)
            return true;
    return false;
}

void cuda_decide_atomics(gma_decisions *ds, const gm_stmt *body, const gm_symbol *own, const cuda_capture *c)
{
    atomics_ctx a = {ds, own, c, body};
    if (body)
        gma_walk(body, false, decide_update, decide_count, &a);
}

/* The capture cuda_parallel_loop makes of s (packs allowed: one launch). */
static void capture_foreach(cg_emit *em, cuda_capture *c, const gm_stmt *s)
{
    cuda_capture_init(em, c);
    c->allow_packs = true;
    c->pack_iter = s->iter.sym;
    cuda_capture_stmt(em, c, s, false);
    cuda_capture_graph(em, c, s->iter.sym);
    cuda_capture_finish(em, c);
}

void cuda_decide_traversal(cg_emit *em, gma_decisions *ds, const gm_stmt *s)
{
    const gmb_cuda_knobs *k = &cuda_st(em)->knobs;
    bool push = k->direction != GMB_DIR_PULL;
    gma_decide(ds, "direction", "%s", k->direction == GMB_DIR_PUSH ? "push" : k->direction == GMB_DIR_PULL ? "pull"
                                      : "auto(bottom-up above 1/20 of the nodes or 1/14 of the unexplored edges)");
    bool twc = push && (k->lb == GMB_LB_AUTO || k->lb == GMB_LB_TWC || k->lb == GMB_LB_EDGE);
    bool plain = push && (!twc || k->lb == GMB_LB_AUTO);
    if (push)
        gma_decide(ds, "expand", "%s", twc && plain ? "auto(thread|twc)" : twc ? "twc" : "thread");
    if (k->outline != GMB_OFF)
        gma_decide(ds, "outline", "persistent(%s)", k->outline == GMB_ON ? "all levels" : "small levels");
    if (cuda_bfs_relaxable(em, s)) /* high diameter: the rest by label correction (cuda_bfs_relax.c) */
        gma_decide(ds, "relax", "label-correction(%s)", k->async == GMB_ON ? "from the root" : "after 64 levels");
}

void cuda_decide_level(cg_emit *em, gma_decisions *ds, const gm_stmt *s, const gm_stmt *body, const cuda_capture *c)
{
    gmb_cuda_lb lb = cuda_st(em)->knobs.lb;
    bool hubs = false;
    bool twc = (lb == GMB_LB_AUTO || lb == GMB_LB_TWC) && cuda_twc_level_form(em, s, body, c, &hubs);
    gma_decide(ds, "balance", "%s", !twc ? "thread" : lb == GMB_LB_AUTO ? "auto(thread|twc-pull)" : "twc-pull");
    if (hubs)
        gma_decide(ds, "hubs", "split");
}

void cuda_decide_balance(cg_emit *em, gma_decisions *ds, const gm_stmt *s, const cuda_capture *c)
{
    gmb_cuda_lb lb = cuda_st(em)->knobs.lb;
    if (c->nargmin > 0) {
        lb = GMB_LB_VERTEX; /* one cooperative launch elects the arg-min's winner */
        gma_decide(ds, "launch", "cooperative");
    }
    const gm_expr *cond = NULL;
    const gm_stmt *inner = cuda_collapsible(s, &cond);
    bool autob = lb == GMB_LB_AUTO;
    const char *scheme = NULL;
    bool hubs = false, blocked = false;
    /* --distributed: no edge collapsing (its range would be every local edge, the ghosts' rows too) */
    bool edges_ok = !cuda_st(em)->dist;
    if (inner && edges_ok && (lb == GMB_LB_EDGE || (autob && cuda_push_prefers_edges(inner)))) {
        scheme = inner->iter.range == GMR_IN_NBRS ? "in-edge" : "edge";
    } else if (autob || lb == GMB_LB_TWC) {
        cuda_twc_shape f = cuda_twc_form(em, s, c, &hubs, &blocked);
        scheme = f == CUDA_TWC_PUSH ? "twc-push" : f == CUDA_TWC_PULL ? "twc-pull" : NULL;
    }
    if (!scheme)
        gma_decide(ds, "balance", "thread");
    else if (autob)
        gma_decide(ds, "balance", "auto(thread|%s)", scheme);
    else
        gma_decide(ds, "balance", "%s", scheme);
    if (hubs)
        gma_decide(ds, "hubs", "split");
    if (blocked)
        gma_decide(ds, "blocking", "%s", cuda_st(em)->knobs.blocking == GMB_ON ? "on" : "auto");
}

/* A loop the device does not run: the host's record (why: the reason, or
 * NULL), its reductions and updates. */
static void decide_on_host(gma_decisions *ds, const char *why)
{
    if (why)
        gma_decide(ds, "device", "host(%s)", why);
    else
        gma_decide(ds, "device", "host");
    decide_host_reductions(ds);
    cg_decide_updates(ds);
}

static void decide_foreach(cg_emit *em, gma_decisions *ds)
{
    const gm_stmt *s = ds->rec->stmt;
    const char *why = NULL;
    if (!cuda_foreach_on_gpu(em, s, &why)) {
        decide_on_host(ds, why);
        return;
    }
    cuda_capture c;
    capture_foreach(em, &c, s);
    gma_decide(ds, "device", "kernel");
    cuda_decide_balance(em, ds, s, &c);
    cuda_decide_atomics(ds, s->body, s->iter.sym, &c);
    cuda_decide_transfers(em, ds, s, &c);
    cuda_capture_free(&c);
}

/* A BFS's forward or reverse body on the device (cuda_bfs.c's level kernels). */
static void decide_bfs(cg_emit *em, gma_decisions *ds, bool reverse)
{
    const gm_stmt *s = ds->rec->stmt;
    const char *why = NULL;
    if (!cuda_bfs_on_gpu(em, s, &why)) {
        decide_on_host(ds, why);
        return;
    }
    gma_decide(ds, "device", "kernel");
    const gm_stmt *body = reverse ? s->rev_body : s->body;
    cg_bfs_ctx ctx = {.iter = s->iter.sym, .graph = cg_graph_of(em, s->iter.sym->type), .transposed = s->iter.transposed};
    if (!reverse)
        cuda_decide_traversal(em, ds, s);
    if (body) {
        cuda_capture c;
        cuda_bfs_capture(em, &c, s, body, &ctx, false);
        cuda_decide_level(em, ds, s, body, &c);
        cuda_decide_atomics(ds, body, s->iter.sym, &c);
        cuda_decide_transfers(em, ds, NULL, &c);
        cuda_capture_free(&c);
    }
}

typedef struct rounds_ctx {
    cg_emit *em;
    gma_decided *d;
    bool worklists;  /* false: the min-label loops, true: the frontier loops */
} rounds_ctx;

/* While / Do-While loops the CUDA target turns into rounds of its own: a
 * minimum-label loop (cuda_min_label.c), a frontier loop (cuda_worklist.c). */
static bool round_loops(const gm_stmt *s, void *vctx)
{
    rounds_ctx *c = vctx;
    if (s->kind != GMS_WHILE && s->kind != GMS_DO_WHILE)
        return true;
    if (s->min_label && !c->worklists) {
        for (int i = 0; i < c->d->plan->n; i++)
            if (gma_stmt_within(s, c->d->plan->recs[i].stmt))
                gma_decide(&c->d->recs[i], "round", "min-label(device union-find)");
        return true;
    }
    gma_frontier w;
    if (!s->min_label && c->worklists && gma_frontier_shape(s, &w)) {
        gma_decisions *l1 = gma_decisions_of(c->d, w.l1, false), *l2 = gma_decisions_of(c->d, w.l2, false);
        if (l1 && l2)
            cuda_worklist_decide(c->em, s, l1, l2);
    }
    return true;
}

/* gather= of each loop on the device: the properties it touches that
 * cuda_gather_plan stores in gather order. */
static void decide_gather(cg_emit *em, gma_decisions *ds)
{
    const cuda_state *st = cuda_st(em);
    if (!gma_decision_is(ds, "device", "kernel"))
        return;
    for (int j = 0; j < ds->rec->nprops; j++) {
        const gm_symbol *p = ds->rec->props[j].sym;
        int dir = p->id >= 0 && p->id < st->gather_nsyms && st->gather_dir ? st->gather_dir[p->id] : 0;
        if (dir == 1 || dir == 2)
            gma_decide(ds, "gather", "%s(%s)", p->name, dir == 2 ? "in-edges" : "out-edges");
    }
}

void cuda_decide(cg_emit *em, const gm_proc *proc)
{
    /* the procedure's gather order first (its properties, its iterators) */
    cuda_gather_plan(em, proc);
    gma_decided *d = em->decided;
    if (!d)
        return;
    /* the rounds first: a min-label loop's records are the union-find's */
    rounds_ctx rc = {em, d, false};
    gma_walk(proc->body, false, round_loops, NULL, &rc);
    for (int i = 0; i < d->plan->n; i++) {
        gma_decisions *ds = &d->recs[i];
        const gma_record *r = ds->rec;
        if (r->proc != proc || r->reduce || gma_decision(ds, "round"))
            continue;
        switch (r->space) {
        case GMA_SPACE_NODES:
        case GMA_SPACE_EDGES:
        case GMA_SPACE_NBRS:
        case GMA_SPACE_COLLECTION:
            decide_foreach(em, ds);
            break;
        case GMA_SPACE_BFS:
        case GMA_SPACE_BFS_REVERSE:
            decide_bfs(em, ds, r->space == GMA_SPACE_BFS_REVERSE);
            break;

        case GMA_SPACE_DFS:
            gma_decide(ds, "device", "host(a depth-first walk is sequential)");
            cg_decide_updates(ds);
            break;
        default:
            break;
        }
        decide_gather(em, ds);
    }
    rc.worklists = true;
    gma_walk(proc->body, false, round_loops, NULL, &rc);
}
