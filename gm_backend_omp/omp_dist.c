/* omp_dist.c: gmc -t omp --distributed (issue 31, phase 2; design:
 * distributed.md sections 4-8): the OpenMP translation of a procedure run
 * as one rank of an SPMD program over MPI, on a gmd_graph
 * (gm_runtime/dist/gmd.h), by the shared emitter (gm_cgen/) with this
 * file's hook table.
 *
 * Contract of the generated code (NAME.h):
 *   RET NAME(gmd_graph *G, scalars..., property arrays)
 * is a collective: every rank calls it with the same scalars. Node property
 * arrays hold gmd_num_local(G) elements (owners first, then ghosts; only
 * the owners' values are meaningful on entry and exit); edge property arrays
 * follow G->local's forward edge order. Node values (arguments, Node
 * properties, return values, Node scalars) are global ids.
 *
 * Inside, G's C name stays the gmd_graph and the body works on its local
 * CSR (_c_local): node loops run over the owners (or over every local
 * node where the sync plan's span says so), neighbour loops over the local
 * rows, Degree/NumNodes/NumEdges are global, a loop iterator used as a Node
 * value becomes its global id (_c_gid), host reads and writes of one node's
 * property go to its owner (gmd_owner_read/write), and the syncs of the
 * plan (gma_sync.h) run before and after their statements. A monotone
 * round loop (gma_monotone.h) relaxes each rank's part to its local
 * fixpoint in every round (local_fixpoint). */
#include "omp_dist.h"
#include "omp_emit.h"
#include "gma_decision.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "cg_ident.h"
#include "diag.h"
#include "oom.h"

typedef struct dist_state {
    cg_dist d;             /* the target-neutral part (cg_dist.c) */
    char *rng_expr;        /* host_rng's last answer */
    /* the frontier loop of the monotone round loop being emitted
     * (dist_round_loop), whose rounds relax to a local fixpoint */
    const gm_stmt *prio_l1;
    gma_frontier prio_w;
    gma_monotone prio;
    bool plain_l1;         /* emitting that loop as written: no second epoch */
} dist_state;

static dist_state *dst(cg_emit *em) { return (dist_state *)em->target; }

static const char *dname(cg_emit *em)
{
    const char *d = dst(em)->d.dgraph;
    return d ? d : "G";
}

/* Any statement at host level: its syncs around the shared translation; a
 * minimum-label loop (gm_opt/min_label.c) as gmd_min_label_components. */
static bool dist_stmt(cg_emit *em, const gm_stmt *s)
{
    if (cg_dist_stmt(em, &dst(em)->d, s))
        return true;
    if (em->par_depth == 0 && (s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE) && s->min_label) {
        cg_dist_min_label(em, &dst(em)->d, s);
        return true;
    }
    return false;
}

/* ---- loops ---------------------------------------------------------------- */

/* A monotone round loop's frontier loop (dist_round_loop): each round
 * relaxes this rank's part to its local fixpoint, nearest keys first
 * (omp_priority_fixpoint over the local CSR, every ghost it lowers flagged
 * in F2 as the loop's own relaxation flags it, for the round's arg-min
 * reduce to seed its owner; an owner it lowers has had its out-edges
 * relaxed in the run already, so it is not flagged), so that a round carries
 * the shortest paths across the ranks once more instead of one edge
 * further; the round's syncs, its end and its test stay as written, and
 * the loop ends when a round lowers nothing on any rank, in the state the
 * rounds as written end in (gma_monotone.h: the relaxations' order is
 * free). gmrt_bk_wanted (GMRT_PRIORITY=0) keeps the loop as written. */
static void local_fixpoint(cg_emit *em, const gm_stmt *s)
{
    dist_state *d = dst(em);
    const char *g = cg_graph_of(em, s->iter.sym->type);
    if (d->d.report)
        fprintf(stderr, "%s:%d: Foreach -> each round relaxes a rank's part to its local fixpoint, nearest keys "
                "first (the monotone %s= of %s: gma_monotone.h), flagging %s at the ghosts it lowers; the round's syncs "
                "and test as written (GMRT_PRIORITY=0: the rounds as written)\n",
                em->src_base, s->loc.line, d->prio.argmin->assign_op == GMA_MIN ? "min" : "max", d->prio.q->name,
                d->prio_w.next->name);
    cg_line(em, "if (gmrt_bk_wanted(%s)) { /* this rank's relaxations up to its local fixpoint */", g);
    em->indent++;
    omp_priority_fixpoint(em, &d->prio, &d->prio_w, "_c_nowned");
    em->indent--;
    cg_line(em, "} else {");
    em->indent++;
    d->plain_l1 = true;
    cg_foreach(em, s);
    d->plain_l1 = false;
    em->indent--;
    cg_line(em, "}");
}

static bool dist_parallel_loop(cg_emit *em, const gm_stmt *s)
{
    if (s->iter.range == GMR_EDGES) {
        cg_unsupported(em, s->loc, "a loop over G.Edges with --distributed");
        return true;
    }
    dist_state *d = dst(em);
    if (d->plain_l1)
        return false; /* local_fixpoint's other branch: its epoch is counted */
    /* a new epoch of the per-node random streams (host code: the same on every rank) */
    cg_line(em, "_c_epoch++;");
    if (s == d->prio_l1) {
        local_fixpoint(em, s);
        return true;
    }
    return false;
}

/* Node loops run over list positions: the owners, or every local node. */
static const char *dist_node_list(cg_emit *em, const gm_stmt *s, const char **decl)
{
    return cg_dist_node_list(em, &dst(em)->d, s, decl);
}

/* No worklist rounds: every round is a bulk-synchronous step (a
 * minimum-label loop is dist_stmt's); a monotone one's frontier loop is
 * noted for dist_parallel_loop (local_fixpoint). */
static bool dist_round_loop(cg_emit *em, const gm_stmt *s)
{
    gma_frontier w;
    gma_monotone m;
    if (gma_frontier_shape(s, &w) && omp_priority_possible(s, &w, &m)) {
        dst(em)->prio_l1 = w.l1;
        dst(em)->prio_w = w;
        dst(em)->prio = m;
    }
    return false;
}

/* ---- expressions -------------------------------------------------------- */

static bool dist_builtin(cg_emit *em, const gm_expr *e) { return cg_dist_builtin(em, &dst(em)->d, e); }
static bool dist_node_value(cg_emit *em, const gm_expr *e) { return cg_dist_node_value(em, &dst(em)->d, e); }
/* Host code reading n.P for a Node value n (a global id): the owner's value. */
static bool dist_prop_read(cg_emit *em, const gm_expr *e) { return cg_dist_prop_read(em, &dst(em)->d, e); }
static bool dist_prop_write(cg_emit *em, const gm_stmt *s) { return cg_dist_prop_write(em, &dst(em)->d, s); }
static bool dist_prop_reduce(cg_emit *em, const gm_stmt *s) { return cg_dist_prop_reduce(em, &dst(em)->d, s); }

/* ---- procedures ------------------------------------------------------------ */

static const char *dist_graph_ctype(cg_emit *em) { (void)em; return "gmd_graph *"; }

/* After the parameters: the local CSR under its own name, the indexes the
 * body needs, and the edge directions the partition must hold. */
static bool dist_proc_begin(cg_emit *em, const gm_proc *proc) { return cg_dist_proc_begin(em, &dst(em)->d, proc); }

static void dist_prologue(cg_emit *em, const char *header_name)
{
    cg_printf(em, "/* %s.c: generated by gmc -t omp --distributed from %s. Do not edit.\n"
                  " * An SPMD program: every MPI rank runs it on its part of a gmd_graph (gmd.h). */\n",
              header_name, em->src_base);
    cg_printf(em, "#define _POSIX_C_SOURCE 200809L\n");
    cg_printf(em, "#include \"%s.h\"\n\n", header_name);
    cg_printf(em, "#include <inttypes.h>\n#include <math.h>\n#include <stdio.h>\n"
                  "#include <stdlib.h>\n#include <string.h>\n#include <sys/stat.h>\n"
                  "#ifdef _OPENMP\n#include <omp.h>\n#endif\n\n");
    cg_printf(em, "#include \"gmrt.h\"\n#include \"gmrt_inline.h\"\n\n");
    cg_dist_gid_helper(em);
    cg_printf(em, "/* Node gid's random stream in the parallel loop of the given epoch (per thread). */\n"
                  "static inline __attribute__((unused)) gmrt_rng *_c_node_rng(uint64_t epoch, gm_node_t gid)\n{\n"
                  "    static _Thread_local struct { bool set; uint64_t epoch; gm_node_t gid; gmrt_rng r; } s;\n"
                  "    if (!s.set || s.epoch != epoch || s.gid != gid) {\n"
                  "        s.set = true;\n        s.epoch = epoch;\n        s.gid = gid;\n"
                  "        s.r = gmrt_rng_make(gmrt_rng_get_seed() ^ gmrt_mix64(epoch), (uint64_t)gid);\n"
                  "    }\n    return &s.r;\n}\n\n");
}

/* InBFS / InReverse: levels with sparse claims (omp_dist_bfs.c). */
static bool dist_bfs(cg_emit *em, const gm_stmt *s)
{
    return omp_dist_bfs(em, s, dst(em)->d.syncs, dname(em));
}

/* Host code: the host thread's stream, seeded alike on every rank, so
 * G.PickRandom() and Uniform() agree everywhere. In a parallel loop over
 * nodes: a stream per node keyed by its global id and the loop's epoch,
 * so that draws do not depend on the number of ranks or threads (and two
 * neighbours on two ranks never draw the same numbers in lockstep). */
static const char *host_rng(cg_emit *em)
{
    dist_state *st = dst(em);
    if (em->par_depth == 0 || !em->region || !em->region->iter || em->region->iter->type->kind != GMT_NODE)
        return "gmrt_thread_rng()";
    free(st->rng_expr);
    st->rng_expr = cg_strf("_c_node_rng(_c_epoch, _c_gid(%s, %s))", dname(em), cg_name(em, em->region->iter));
    return st->rng_expr;
}
/* Rows are sorted by local id, which is not the global order. */
static bool no_row_search(cg_emit *em) { (void)em; return false; }

/* Host C everywhere else, as the OpenMP target's (the cg_hook_* entries);
 * checked accesses in parallel code record failures in the host's slot. */
static const cg_hooks dist_hooks = {
    .stmt = dist_stmt,
    .parallel_loop = dist_parallel_loop,
    .round_loop = dist_round_loop,
    .bfs = dist_bfs,
    .prop_read = dist_prop_read,
    .prop_write = dist_prop_write,
    .prop_reduce = dist_prop_reduce,
    .prop_elem = cg_hook_no_elem,
    .nbr_ids = cg_hook_plain_nbr_ids,
    .runtime = cg_hook_host_runtime,
    .rng = host_rng,
    .node_list = dist_node_list,
    .row_search = no_row_search,
    .discard_arg = cg_hook_c_discard_arg,
    .atomic_update = cg_hook_no_atomic,
    .argminmax = cg_hook_no_argminmax,
    .proc_begin = dist_proc_begin,
    .main_step = cg_hook_no_main_step,
    .graph_ctype = dist_graph_ctype,
    .builtin = dist_builtin,
    .node_value = dist_node_value,
    .decide = omp_decide,
    .nil_slot = cg_hook_host_nil_slot,
};

bool gmb_omp_dist_generate(gm_program *p, const gmb_options *opt, const gma_plan *plan,
                           const gma_sync_plan *syncs)
{
    dist_state st = {.d = {.syncs = syncs, .report = opt->cuda.report}};
    gma_decided *d = gma_decided_new(plan, "omp");
    const cg_program_writer w = {.target = "omp --distributed", .ext = "c", .header_include = "gmd.h",
                                 .tg = &dist_hooks, .target_state = &st, .prologue = dist_prologue,
                                 .main = cg_dist_main, .decided = d};
    bool ok = cg_generate_files(p, opt, &w);
    gma_decided_free(d);
    cg_dist_free(&st.d);
    free(st.rng_expr);
    return ok;
}
