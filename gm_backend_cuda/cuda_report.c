/* cuda_report.c: gmc -t cuda --report: what each parallel loop became.
 *
 * One block of lines per parallel loop or BFS of the source, on stderr, in
 * the order the code is generated: the kernel(s) it became, how the
 * iterations are spread over threads, which updates need atomics and which
 * do not, and what crosses between host and device. Every line is worded
 * here, from the loop's decisions (cuda_decide.c, gma_decision.h) and the
 * kernel names the emitters chose; the emitters call these functions where
 * the loop's code is generated, which keeps the lines in that order. */
#include "cuda_emit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool cuda_reporting(cg_emit *em) { return cuda_st(em)->knobs.report; }

void cuda_report(cg_emit *em, int line, const char *fmt, ...)
{
    if (!cuda_reporting(em))
        return;
    va_list ap;
    va_start(ap, fmt);
    if (line > 0)
        fprintf(stderr, "%s:%d: ", em->src_base, line);
    else
        fprintf(stderr, "    ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* How a balance= scheme spreads the work, as --report says it (NULL: the
 * scheme is one thread per iteration). */
static const char *scheme_words(const gma_decisions *ds)
{
    const char *v = gma_decision(ds, "balance");
    if (!v)
        return NULL;
    if (strncmp(v, "auto(thread|", 12) == 0)
        v += 12;
    if (strncmp(v, "edge", 4) == 0)
        return "one thread per edge (loop collapsing)";
    if (strncmp(v, "in-edge", 7) == 0)
        return "one thread per in-edge (loop collapsing)";
    if (strncmp(v, "twc-push", 8) == 0)
        return "each node's edges walked by its block, warp or thread by degree (TWC)";
    if (strncmp(v, "twc-pull", 8) == 0)
        return gma_decision_is(ds, "hubs", "split")
                   ? "the neighbour reduction computed by the node's block, warp or thread by degree (TWC pull)" CUDA_HUB_SPLIT
                   : "the neighbour reduction computed by the node's block, warp or thread by degree (TWC pull)";
    return NULL;
}

void cuda_report_foreach(cg_emit *em, const gm_stmt *s, const gma_decisions *ds, const char *what, const char *kname,
                         const char *bal, const char *form, const char *blocked_type)
{
    if (!cuda_reporting(em))
        return;
    if (scheme_words(ds)) /* the record's words; form: a loop without a record */
        form = scheme_words(ds);
    if (kname && bal)
        cuda_report(em, s->loc.line, "%s -> kernel %s, one thread per iteration; when the graph is skewed "
                    "(max degree > 32 x mean + 64, tested at run time)%s kernel %s: %s", what, kname,
                    blocked_type ? " or its scattered neighbours' values do not fit in 40% of the L2," : "", bal, form);
    else if (bal)
        cuda_report(em, s->loc.line, "%s -> kernel %s: %s (-fcuda-lb)", what, bal, form);
    else
        cuda_report(em, s->loc.line, "%s -> kernel %s, one thread per iteration (grid-stride)", what, kname);
    if (blocked_type) {
        bool on = ds ? gma_decision_is(ds, "blocking", "on") : cuda_st(em)->knobs.blocking == GMB_ON;
        cuda_report(em, 0, "edge blocking (-fcuda-blocking%s): kernel %s runs once per segment of neighbour ids "
                    "whose values fit in 40%% of the L2 (%s), each node's partial %s kept in between",
                    on ? "=on" : "", bal,
                    on ? "at least two segments" : "one segment when they fit (in 1.5 "
                    "times the L2 when the graph has hubs and their rows are split, in the L2 without the split) or when the edges join close ids: decided at run time from "
                    "the node count, the L2 size, the degrees and a sample of edges", blocked_type);
    }
}

void cuda_report_level(cg_emit *em, const gma_decisions *ds, const char *what, const char *kname, const char *bal,
                       bool hubs)
{
    if (!cuda_reporting(em))
        return;
    if (ds)
        hubs = gma_decision_is(ds, "hubs", "split");
    if (kname && bal)
        cuda_report(em, 0, "%s: kernel %s per level, one thread per node; when the graph is skewed kernel %s: "
                    "the neighbour reduction by block, warp or thread (TWC pull)%s", what, kname, bal,
                    hubs ? CUDA_HUB_SPLIT : "");
    else if (kname)
        cuda_report(em, 0, "%s: kernel %s per level, one thread per node", what, kname);
    else
        cuda_report(em, 0, "%s: kernel %s per level: the neighbour reduction by block, warp or thread (TWC pull)%s",
                    what, bal, hubs ? CUDA_HUB_SPLIT : "");
}

void cuda_report_traversal(cg_emit *em, const gm_stmt *s, const gma_decisions *ds, const char *pull, const char *expand,
                           const char *expand_twc, const char *expand_spill, const char *ofwd, const char *orev)
{
    if (!cuda_reporting(em))
        return;
    const char *dv = gma_decision(ds, "direction"), *ov = gma_decision(ds, "outline");
    const bool every_level = dv ? strcmp(dv, "pull") == 0 : cuda_st(em)->knobs.direction == GMB_DIR_PULL;
    const bool push = dv ? strcmp(dv, "pull") != 0 : cuda_st(em)->knobs.direction != GMB_DIR_PULL;
    const bool all_levels = ov ? strcmp(ov, "persistent(all levels)") == 0 : cuda_st(em)->knobs.outline == GMB_ON;
    cuda_report(em, s->loc.line, "InBFS -> level-synchronous on the device, a queue of visited nodes, levels kept%s",
                s->rev_body ? " for the InReverse sweep (deepest level first)" : "");
    if (pull)
        cuda_report(em, 0,
                    "direction: %s kernel %s (each unvisited node looks for a parent in the frontier, stopping at "
                    "the first; rows of 256 edges or more searched by the block, of 32 or more by the warp)",
                    every_level ? "every level bottom-up,"
                                : "frontiers of more than 1/20 of the nodes or with more than 1/14 of the "
                                  "unexplored edges bottom-up,",
                    pull);
    if (push && expand && expand_twc)
        cuda_report(em, 0, "expansion: kernel %s, one thread per frontier node; when the graph is skewed kernel %s: "
                    "edges by block, warp or thread (TWC), queue appends aggregated per warp, the edges of nodes of "
                    "at least 256 (32 in launches of fewer blocks than multiprocessors) by kernel %s in chunks of %s, "
                    "a block per chunk", expand, expand_twc, expand_spill,
                    "GMCU_SPILL_CHUNK (4096)");
    else if (push)
        cuda_report(em, 0, "expansion: kernel %s%s%s", expand ? expand : expand_twc,
                    expand ? ", one thread per frontier node"
                           : ": edges by block, warp or thread (TWC), queue appends aggregated per warp, the edges "
                             "of nodes of at least 256 (32 in launches of fewer blocks than multiprocessors) in chunks of "
                             "GMCU_SPILL_CHUNK (4096) by kernel ",
                    expand ? "" : expand_spill);
    if (ofwd)
        cuda_report(em, 0, "outlined: %s run in the persistent kernel %s%s%s (cooperative launch, grid barriers "
                    "between steps)%s", all_levels ? "all levels" : "on graphs without hubs, levels no larger than its grid (a node per thread)",
                    ofwd, orev ? ", the reverse sweep's runs of such levels in " : "", orev ? orev : "",
                    all_levels ? "" : "; the host launches the bigger levels");
}

void cuda_report_worklist(cg_emit *em, const gm_stmt *loop, const gma_frontier *w, const gma_monotone *as,
                          bool newest_sweeps, bool newest_queue, const gma_decisions *ds, const char *ka,
                          const char *ko, const char *k1, const char *k1_twc, const char *k2)
{
    if (!cuda_reporting(em))
        return;
    const char *wv = gma_decision(ds, "worklist"), *av = gma_decision(ds, "async"), *pv = gma_decision(ds, "priority");
    const bool wl_on = wv && strncmp(wv, "on(", 3) == 0, async_on = av && strncmp(av, "on(", 3) == 0;
    const bool prio = pv && strncmp(pv, "near-far", 8) == 0, rounds = gma_decision(ds, "queue-balance") != NULL;
    cuda_report(em, loop->loc.line, "%s -> data-driven worklist over the frontier %s: the first round sweeps "
                "every node, later rounds walk only the queue of nodes whose %s was set%s",
                loop->kind == GMS_WHILE ? "While" : "Do-While", w->flag->name, w->next->name,
                wl_on ? "" : " (on graphs without hubs and of mean degree at most 8; others keep sweeping)");
    if (ka && as)
        cuda_report(em, 0, "asynchronous (%s): the update of %s at line %d is a monotone %s= of %s.%s, so from the "
                    "second round on one persistent kernel %s relaxes each queued node's edges with its newest "
                    "value and queues every node it lowers (%s), up to the fixpoint; then one last round as written",
                    async_on ? "on every graph" : "on graphs without hubs and of mean degree at most 8", as->q->name,
                    as->argmin->loc.line, as->argmin->assign_op == GMA_MIN ? "min" : "max", as->l1->iter.sym->name,
                    as->x->name, ka, prio ? "nearest keys first, below" : "one shared queue, no barrier");
    if ((newest_sweeps || newest_queue) && as)
        cuda_report(em, 0, "newest values: %s read %s.%s as %s[%s] (the kernels get %s's array for %s), the same "
                    "fixpoint in fewer relaxations",
                    newest_sweeps ? "on the graphs that keep sweeping, the sweeps after the first round"
                                  : "the worklist's rounds",
                    as->l1->iter.sym->name, as->x->name, as->q->name, as->l1->iter.sym->name, as->q->name,
                    as->x->name);
    if (prio && as)
        cuda_report(em, 0, "nearest first (-fcuda-priority): near-far buckets of %s: a step relaxes the "
                    "nodes whose key is not past a bound, those lowered past it wait in a far pile; the bound moves "
                    "to the nearest far key plus delta (the mean term over a sample of edges, times 256 over the mean "
                    "degree); one grid barrier a step", as->q->name);
    else if (ka && pv && as)
        cuda_report(em, 0, "no nearest-first order: the update adds no term to %s (or the key is not a number)",
                    as->q->name);
    if (ko) {
        cuda_report(em, 0, "outlined: from the second round on, every round runs in the persistent kernel %s "
                    "(cooperative launch, two grid barriers a round, the loop condition evaluated on the device)", ko);
        cuda_report(em, 0, "line %d: the frontier's edges by block, warp or thread; a store of True into %s appends "
                    "the node (once per round: a round mark per node; warp-aggregated appends)", w->l1->loc.line,
                    w->next->name);
        cuda_report(em, 0, "line %d: the round end over the old and the new frontier only", w->l2->loc.line);
    } else if (rounds) {
        cuda_report(em, 0, "line %d: kernel %s%s%s over the worklist; a store of True into %s appends the node "
                    "(once per round: a round mark per node; warp-aggregated appends)", w->l1->loc.line,
                    k1 ? k1 : k1_twc, k1 && k1_twc ? ", or on skewed graphs " : "", k1 && k1_twc ? k1_twc : "",
                    w->next->name);
        cuda_report(em, 0, "line %d: kernel %s over the old and the new frontier only", w->l2->loc.line, k2);
    }
}

void cuda_report_min_label(cg_emit *em, const gm_stmt *s)
{
    cuda_report(em, s->loc.line, "%s -> the minimum-label fixpoint over both edge directions (gm_opt/min_label.c): "
                "each node's %s becomes the smallest in its weakly connected component, by union-find on the device "
                "(gmcu_min_label_components: the larger root linked under the smaller, in Afforest's order: two edges "
                "per node, then the other edges of the nodes outside the largest component only); no rounds",
                s->kind == GMS_WHILE ? "While" : "Do-While", s->min_label->name);
}

void cuda_report_relax(cg_emit *em, const gma_decisions *ds, const char *sweep)
{
    const char *rv = gma_decision(ds, "relax");
    const bool now = rv ? strcmp(rv, "label-correction(from the root)") == 0 : cuda_st(em)->knobs.async == GMB_ON;
    cuda_report(em, 0, "high diameter (-fcuda-async%s): %s the rest by label correction (gmcu_bfs_relax: each block "
                "walks up to GMCU_BFS_LOCAL_LEVELS (%d) levels of its share of the frontier between grid barriers)%s%s",
                now ? "=on" : "", now ? "from the root," : "after GMCU_BFS_RELAX_AFTER (64) levels,", 32,
                sweep ? "; then the body for those nodes in one sweep, kernel " : "", sweep ? sweep : "");
}

void cuda_report_proc(cg_emit *em, const gm_proc *proc, bool reverse, const char *moved)
{
    cuda_report(em, proc->loc.line, "Procedure %s: the graph is uploaded once%s and kept for later calls; "
                "property arguments (%s) go to the device at their first use by a kernel and come back at the end "
                "if a kernel wrote them; local properties live on the device only",
                proc->name, reverse ? " with its reverse edges" : "", *moved ? moved : "none");
}

void cuda_report_gather(cg_emit *em, const gm_proc *proc, const char *props, bool in_edges)
{
    cuda_report(em, proc->loc.line, "gather order: %s, read only at the other ends of %s, stored with the "
                "nodes of most %s first when those degrees are skewed%s (decided at run time; "
                "GMCU_GATHER_ORDER=0 turns it off); blocked sweeps reading it then run in one segment", props,
                in_edges ? "in-edges" : "out-edges", in_edges ? "out-edges" : "in-edges",
                cuda_st(em)->knobs.gather_order == GMB_ON ? " or not (-fcuda-gather-order=on)" : "");
}

/* The line of one atomics= or count= decision (cuda_decide.c): "KIND(A OP, B, C)". */
static void report_choice(cg_emit *em, const gma_choice *ch)
{
    char kind[32] = "", a[128] = "", op[16] = "", b[128] = "", c3[128] = "", d4[128] = "";
    const char *v = ch->value;
    if (strcmp(ch->key, "count") == 0) {
        /* linked(line N, A, DIR, B) */
        int line = 0;
        if (sscanf(v, "linked(line %d, %127[^,], %127[^,], %127[^)])", &line, a, b, c3) == 4)
            cuda_report(em, 0, "the neighbour loop of line %d: one count per thread, an intersection of sorted rows "
                        "(%s's with the %s of %s)", line, a, b, c3);
        return;
    }
    if (strcmp(ch->key, "atomics") != 0)
        return;
    int n = sscanf(v, "%31[^(](%127s %15[^,)]%*[,)] %127[^,)]%*[,)] %127[^)]", kind, a, op, b, c3);
    (void)d4;
    if (n < 3)
        return;
    bool is_min = strcmp(op, "min=") == 0;
    if (strcmp(kind, "block-elect") == 0)
        cuda_report(em, 0, "%s %s: per-thread candidates, the key combined per block with one atomic; "
                    "cooperative launch: after a grid barrier one elected thread holding the key writes the %s", a, op, b);
    else if (strcmp(kind, "none") == 0)
        cuda_report(em, 0, "%s %s: this thread's own element, no atomic", a, op);
    else if (strcmp(kind, "key") == 0)
        cuda_report(em, 0, "%s %s: atomic %s on the key; the thread that lowered it stores the %s", a, op,
                    is_min ? "min" : "max", b);
    else if (strcmp(kind, "ticketed") == 0)
        cuda_report(em, 0, "%s %s: each update writes its payloads to a slot of its own (its %s), then one "
                    "compare-and-swap pairs the key with that slot, no lock (sm_90; per-element locks before "
                    "it); the winners' payloads are copied out after the kernel", a, op, b);
    else if (strcmp(kind, "packed") == 0)
        cuda_report(em, 0, "%s %s: key and payload packed side by side (%s, %s), one compare-and-swap of "
                    "the pair, no lock (sm_90; per-element locks before it); packed before the kernel, "
                    "unpacked after it%s", a, op, a, b, n >= 5 ? "; the winner stores the literal payloads" : "");
    else if (strcmp(kind, "lock") == 0)
        cuda_report(em, 0, "%s %s: key and payload under a per-element lock", a, op);
    else if (strcmp(kind, "eliminated") == 0)
        cuda_report(em, 0, "%s %s: atomic eliminated: a plain store (every writer stores the same value)", a, op);
    else if (strcmp(kind, "cas-loop") == 0)
        cuda_report(em, 0, "%s %s: %s", a, op, strcmp(op, "*=") == 0 ? "compare-and-swap loop (no native multiply)"
                                                  : "compare-and-swap loop (no native floating-point min/max)");
    else if (strcmp(kind, "native") == 0)
        cuda_report(em, 0, "%s %s: one native atomic per update", a, op);
}

void cuda_report_loop(cg_emit *em, const gma_decisions *ds, const gm_stmt *body, const gm_symbol *own,
                      const cuda_capture *c)
{
    if (!cuda_reporting(em))
        return;
    /* the kernel's atomics= and count= decisions; a kernel without a record
     * of its own (none today) is worded by the same rules here, but its
     * updates would stop the emitter (cg_no_decision: no record to read) */
    gma_decisions here = {0};
    if (!ds) {
        cuda_decide_atomics(&here, body, own, c);
        ds = &here;
    }
    for (int i = 0; i < ds->n; i++)
        report_choice(em, &ds->c[i]);
    /* transfer= decisions (a kernel without a record decides them here) */
    if (!gma_decision(ds, "transfer"))
        cuda_decide_transfers(em, &here, NULL, c);
    const gma_decisions *ts = gma_decision(ds, "transfer") ? ds : &here;
    char props[512] = "", byval[512] = "", slots[512] = "";
    for (int i = 0; i < ts->n; i++) {
        if (strcmp(ts->c[i].key, "transfer") != 0)
            continue;
        const char *v = ts->c[i].value, *colon = strrchr(v, ':');
        if (!colon)
            continue;
        const char *how = colon + 1;
        int nlen = (int)(colon - v);
        char *dst = strcmp(how, "to-device") == 0 || strcmp(how, "overwrite") == 0 ? props
                    : strcmp(how, "by-value") == 0 ? byval : slots;
        size_t len = strlen(dst);
        if (len + (size_t)nlen + 16 >= sizeof props)
            continue;
        snprintf(dst + len, sizeof props - len, "%s%.*s%s", len ? ", " : "", nlen, v,
                 strcmp(how, "slot-reduced") == 0 ? " (reduced: per thread, per warp, one atomic per block)"
                 : strcmp(how, "overwrite") == 0  ? " (written whole first: not copied in)"
                                                  : "");
    }
    if (*props)
        cuda_report(em, 0, "properties used on the device: %s", props);
    if (*byval)
        cuda_report(em, 0, "kernel arguments (by value): %s", byval);
    if (*slots)
        cuda_report(em, 0, "scalars back to the host through a slot (one small copy after the kernel): %s", slots);
    gma_decisions_clear(&here);
}
