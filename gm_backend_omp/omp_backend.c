/* omp_backend.c: the OpenMP code generator's entry point: writes NAME.h
 * (prototypes of the entry procedures) and NAME.c (every procedure, plus
 * main() with --main). Local procedures become static functions. The code
 * is the shared emitter's (gm_cgen/, cg_generate_files); the OpenMP
 * target's hook table, omp_hooks, adds its worklists and minimum-label
 * calls. */
#include "omp_backend.h"

#include "omp_emit.h"

#include "diag.h"

/* ---- the OpenMP target's hooks: host C everywhere, so the shared
 * translation stands except where OpenMP has its own form. */
static const char *host_rng(cg_emit *em) { (void)em; return "gmrt_thread_rng()"; }
/* A worklist round's node loop (omp_worklist.c). */
static const char *node_list(cg_emit *em, const gm_stmt *s, const char **decl)
{
    const omp_state *st = omp_st(em);
    if (st->queue_loop != s)
        return NULL;
    *decl = st->queue_decl;
    return st->queue_count;
}
static bool row_search(cg_emit *em) { (void)em; return true; }
static bool proc_begin(cg_emit *em, const gm_proc *proc) { (void)em; (void)proc; return false; }

/* A minimum-label loop as one union-find call; a frontier loop with a worklist. */
static bool round_loop(cg_emit *em, const gm_stmt *s)
{
    if (s->min_label) {
        cg_min_label(em, s);
        return true;
    }
    return omp_worklist_loop(em, s);
}

/* A clique-counting nest on its choice of graph; a loop whose counts keep
 * its node's row marked (each emits the loop through here again). */
static bool parallel_loop(cg_emit *em, const gm_stmt *s)
{
    return omp_clique_loop(em, s) || omp_linked_loop(em, s);
}

/* --main: the graph's indexes the procedure needs, before the clock. */
static void main_step(cg_emit *em, const gm_proc *proc, cg_main_step step)
{
    if (step != CG_MAIN_GRAPH_LOADED)
        return;
    /* The procedure builds these on its first call; building them here
     * keeps that one-time work out of the timed calls (as loading it
     * with the graph would). */
    bool reverse = false, edge_src = false;
    cg_graph_needs(proc->body, &reverse, &edge_src);
    if (reverse || edge_src)
        cg_line(em, "/* The graph's indexes the procedure needs, before the clock starts. */");
    if (reverse)
        cg_line(em, "if (!gmrt_graph_make_reverse(G)) {\n        fprintf(stderr, \"%%s: out of memory\\n\", _c_prog);\n        return 1;\n    }");
    if (edge_src)
        cg_line(em, "if (!gmrt_graph_make_edge_src(G)) {\n        fprintf(stderr, \"%%s: out of memory\\n\", _c_prog);\n        return 1;\n    }");
}

/* The plain graph, built-ins and node values (only --distributed
 * differs); checked accesses in parallel code record failures in the
 * host's slot. */
static const cg_hooks omp_hooks = {
    .stmt = cg_hook_no_stmt,
    .parallel_loop = parallel_loop,
    .round_loop = round_loop,
    .bfs = cg_hook_no_stmt,
    .prop_read = cg_hook_no_expr,
    .prop_write = cg_hook_no_stmt,
    .prop_elem = cg_hook_no_elem,
    .nbr_ids = cg_hook_plain_nbr_ids,
    .runtime = cg_hook_host_runtime,
    .rng = host_rng,
    .node_list = node_list,
    .row_search = row_search,
    .discard_arg = cg_hook_c_discard_arg,
    .atomic_update = cg_hook_no_atomic,
    .argminmax = cg_hook_no_argminmax,
    .proc_begin = proc_begin,
    .main_step = main_step,
    .decide = omp_decide,
    .graph_ctype = cg_hook_plain_graph_ctype,
    .builtin = omp_linked_builtin,
    .node_value = cg_hook_no_expr,
    .nil_slot = cg_hook_host_nil_slot,
};

bool gmb_omp_generate(gm_program *p, const gmb_options *opt)
{
    omp_state st = {0};
    gma_plan *plan = gma_plan_build(p);
    gma_decided *d = gma_decided_new(plan, "omp");
    const cg_program_writer w = {.target = "omp", .ext = "c", .tg = &omp_hooks, .target_state = &st,
                                 .prologue = cg_prologue, .decided = d};
    bool ok = cg_generate_files(p, opt, &w);
    if (ok && !gm_error_count() && opt->cuda.report)
        omp_report(stderr, d, p->filename);
    gma_decided_free(d);
    gma_plan_free(plan);
    return ok;
}

gma_decided *gmb_omp_decide(gm_program *p, const gma_plan *plan)
{
    omp_state st = {0};
    gma_decided *d = gma_decided_new(plan, "omp");
    cg_decide_program(p, &omp_hooks, &st, d);
    return d;
}
