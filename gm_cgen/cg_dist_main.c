/* cg_dist_main.c: the main() that --main appends to NAME.c with
 * -t omp --distributed, and to NAME.cu with -t cuda --distributed:
 *
 *   mpirun -np P ./NAME GRAPH|gen:SPEC [--policy=out|in|both] [--relabel[=SEED]]
 *          [--comm=auto|nccl|mpi] (CUDA)
 *          [--NAME=VALUE ...] [--out=DIR] [--json] [--threads=N] [--repeat=K] ...
 *   mpirun -np P ./NAME --batch=FILE [ARGS...]   (a run per line of FILE)
 *
 * Every rank runs it. GRAPH may be a generator spec (gen:rmat,scale=S,...:
 * each rank generates its part, gmd_gen.c). --policy and --relabel go to
 * gmd_load (gmd_cli.c); the
 * rest is libgmrt's command line (gmrt_cli.h), read as the single-process
 * driver reads it: the procedure's scalars (a Node is a node id of the
 * file), node property files or --random-NAME=LO:HI (the same values as the
 * single-process program: drawn on rank 0 from the same stream, then
 * scattered), the one numeric edge-property input from the file's weights.
 * Rank 0 prints what the single-process driver prints (graph, load_ms,
 * time_ms, return, output scalars) plus "peak_rss_mb = M" after load_ms
 * (the largest peak resident set of a rank after the load) and "ranks = P (policy X, replication
 * R)" after load_ms and "comm_ms = T (S MB)" after time_ms (the slowest
 * rank's time in communication during the last run, the bytes all ranks
 * sent), and with --out writes every node property the procedure writes,
 * gathered into the file's node order, Node values as the file's ids, in
 * the single-process program's files and format (so they compare line by
 * line). Exit status: 2 bad usage, 1 run-time errors, as there; the
 * ranks agree on the command line's verdict (gmd_cli_agree) before any
 * other collective, so a rank that stops there stops them all.
 * The local graph's indexes the procedure needs (reverse edges, edge
 * sources) and, with CUDA, its device copy are built after the load and
 * before the clock, as the single-process mains do, so time_ms is the
 * procedure alone.
 * With CUDA, every rank takes a GPU (gmd_gpu_init after gmd_init, with the
 * transport --comm names; a bad name: exit 2); the procedure's API is the
 * same (host arrays). */
#include "cg_dist.h"
#include "gma_walk.h"

#include <stdlib.h>
#include <string.h>


/* A gma_walk visitor: stops at an InBFS (the procedure has one). */
static bool is_bfs(const gm_stmt *s, void *ctx)
{
    (void)ctx;
    return s->kind != GMS_BFS;
}

/* What main() cannot pass yet; false after saying so. */
static bool supported(cg_emit *em, const gm_proc *proc)
{
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        const char *why = NULL;
        if (k == GMT_EDGE)
            why = "an Edge argument";
        else if (k == GMT_EDGE_PROP && p->is_output)
            why = "an edge property output";
        else if (!cg_main_is_scalar(k) && k != GMT_GRAPH && !cg_main_is_prop(p->type))
            why = "a collection or map argument";
        if (why) {
            cg_unsupported(em, proc->loc, why);
            return false;
        }
    }
    return true;
}

/* The policy must give each rank the edges the procedure walks: the one on
 * the command line is checked before the load; a partitioned set's own
 * (kept when the command line names none: dopt.policy_from_set) after it,
 * on every rank alike (the ranks loaded one set). */
static void policy_check(cg_emit *em, const gm_proc *proc, bool after_load)
{
    bool out = false, in = false;
    cg_dist_directions(proc, &out, &in);
    if (!out && !in)
        return;
    const char *bad = out && in ? "!=" : "==";
    const char *pol = out && in ? "GMD_POLICY_BOTH" : out ? "GMD_POLICY_IN" : "GMD_POLICY_OUT";
    const char *walks = out && in ? "out- and in-edges" : out ? "out-edges" : "in-edges";
    const char *want = out && in ? "both" : out ? "out or both" : "in or both";
    if (!after_load) {
        cg_line(em, "if (dopt.policy %s %s) {", bad, pol);
        cg_line(em, "    fprintf(stderr, \"%%s: %s walks the %s of every node: --policy=%s\\n\", _c_prog);", proc->name,
                 walks, want);
        cg_line(em, "    return 2;");
        cg_line(em, "}");
        return;
    }
    cg_line(em, "if (G->policy %s %s) { /* a set's own policy */", bad, pol);
    cg_line(em, "    if (gmd_rank() == 0)");
    cg_line(em, "        fprintf(stderr, \"%%s: %%s was partitioned with policy %%s, but %s walks the %s of every node: "
                "partition it with --policy=%s\\n\", _c_prog, run.graph, gmd_policy_name(G->policy));",
             proc->name, walks, want);
    cg_line(em, "    gmd_graph_free(G);");
    cg_line(em, "    return 1;");
    cg_line(em, "}");
}

/* Before the load: scalar values, --random ranges, the policy. */
static void checks_before_load(cg_emit *em, const gm_proc *proc)
{
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        const char *n = p->name;
        if (cg_main_is_scalar(k) && !p->is_output && (k == GMT_INT || k == GMT_LONG || cg_is_float(k)))
            cg_line(em, "v_%s = (%s)in_%s;", n, cg_ctype(p->type), n);
        if (!cg_main_is_prop(p->type))
            continue;
        cg_line(em, "double lo_%s = 0, hi_%s = 0;", n, n);
        cg_line(em, "(void)lo_%s, (void)hi_%s;", n, n);
        cg_line(em, "if (random_%s) {", n);
        cg_line(em, "    if (!gmrt_cli_range(_c_prog, \"%s\", random_%s, &lo_%s, &hi_%s))", n, n, n, n);
        cg_line(em, "        return 2;");
        em->indent++;
        char *lo = cg_strf("lo_%s", n), *hi = cg_strf("hi_%s", n);
        cg_main_range_check(em, p, lo, hi);
        free(lo);
        free(hi);
        em->indent--;
        cg_line(em, "}");
    }
    for (const gm_param *p = proc->params; p; p = p->next)
        if (!p->is_output && p->type->kind == GMT_EDGE_PROP && cg_main_is_prop(p->type)) {
            /* edge_gid is the relabelled graph's edge order, not the file's */
            cg_line(em, "if (dopt.relabel && (arg_%s || random_%s)) {", p->name, p->name);
            cg_line(em, "    fprintf(stderr, \"%%s: --relabel cannot be used with --%s=FILE or --random-%s: "
                         "edge values follow the file's edge order\\n\", _c_prog);", p->name, p->name);
            cg_line(em, "    return 2;");
            cg_line(em, "}");
        }
    policy_check(em, proc, false);
}

/* A node property input: from a file (gmd_read_property), or drawn on rank
 * 0 as the single-process program draws it and scattered. */
static void node_prop_input(cg_emit *em, const gm_param *p)
{
    const char *n = p->name;
    gm_type_kind ek = p->type->elem->kind;
    const char *ety = cg_prim_ctype(ek), *gt = cg_gmrt_type(ek);
    cg_line(em, "if (arg_%s) {", n);
    cg_line(em, "    if (!gmd_read_property(G, arg_%s, v_%s, %s, &err)) { /* every rank has the message */", n, n, gt);
    cg_line(em, "        if (G->rank == 0)");
    cg_line(em, "            fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
    cg_line(em, "        return 1;");
    cg_line(em, "    }");
    cg_line(em, "} else if (random_%s) {", n);
    em->indent++;
    cg_line(em, "%s *all = NULL;", ety);
    cg_line(em, "if (G->rank == 0) {");
    em->indent++;
    cg_line(em, "all = (%s *)_c_alloc((size_t)G->global_nodes + 1, sizeof(%s));", ety, ety);
    if (ek != GMT_BOOL || !em->tg->cxx) { /* a Bool is a coin flip (nvcc: set but never used) */
        cg_line(em, "double lo = lo_%s, hi = hi_%s;", n, n);
        cg_line(em, "(void)lo, (void)hi;");
    }
    cg_line(em, "gmrt_rng r = gmrt_rng_stream(%d);", p->sym ? p->sym->id : 0);
    cg_line(em, "for (int64_t i = 0; i < (int64_t)G->global_nodes; i++)");
    cg_main_random_draw(em, ek, "all");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "bool ok = gmd_scatter(G, all, v_%s, %s, &err);", n, gt);
    cg_line(em, "free(all);");
    cg_line(em, "if (!ok) {");
    cg_line(em, "    if (G->rank == 0)");
    cg_line(em, "        fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
    cg_line(em, "    return 1;");
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
}

/* An edge property input, in G->local's forward edge order: from the file's
 * weights, a file of values in the global edge order, or drawn as the
 * single-process program draws it (on every rank). */
static void edge_prop_input(cg_emit *em, const gm_param *p, bool from_weights)
{
    const char *n = p->name;
    gm_type_kind ek = p->type->elem->kind;
    const char *ety = cg_prim_ctype(ek), *gt = cg_gmrt_type(ek);
    cg_line(em, "if (arg_%s || random_%s) {", n, n);
    em->indent++;
    cg_line(em, "%s *all = (%s *)_c_alloc((size_t)G->global_edges + 1, sizeof(%s));", ety, ety, ety);
    cg_line(em, "if (arg_%s) {", n);
    em->indent++;
    cg_line(em, "bool ok = G->rank != 0 || gmrt_prop_load(arg_%s, %s, all, (size_t)G->global_edges, &err);", n, gt);
    cg_line(em, "int32_t fine = ok;");
    cg_line(em, "gmd_allreduce_int32(&fine, GMD_MIN);");
    cg_line(em, "if (!fine) {");
    cg_line(em, "    if (!ok)");
    cg_line(em, "        fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
    cg_line(em, "    return 1;");
    cg_line(em, "}");
    cg_line(em, "gmd_bcast(all, (size_t)G->global_edges * sizeof(%s), 0);", ety);
    em->indent--;
    cg_line(em, "} else {");
    em->indent++;
    if (ek != GMT_BOOL || !em->tg->cxx) { /* a Bool is a coin flip (nvcc: set but never used) */
        cg_line(em, "double lo = lo_%s, hi = hi_%s;", n, n);
        cg_line(em, "(void)lo, (void)hi;");
    }
    cg_line(em, "gmrt_rng r = gmrt_rng_stream(%d);", p->sym ? p->sym->id : 0);
    cg_line(em, "for (int64_t i = 0; i < (int64_t)G->global_edges; i++)");
    cg_main_random_draw(em, ek, "all");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "for (int64_t e = 0; e < (int64_t)G->local->num_edges; e++)");
    cg_line(em, "    v_%s[e] = all[G->edge_gid[e]];", n);
    cg_line(em, "free(all);");
    em->indent--;
    if (from_weights) {
        cg_line(em, "} else {");
        em->indent++;
        cg_line(em, "bool w = G->local->weights != NULL; /* the file has weights: some rank holds some */");
        cg_line(em, "gmd_allreduce_bool(&w, GMD_OR);");
        cg_line(em, "if (!w) { /* the same on every rank: rank 0 says it */");
        cg_line(em, "    if (G->rank == 0)");
        cg_line(em, "        fprintf(stderr, \"%%s: the graph has no weights: give --%s=FILE or --random-%s=LO:HI\\n\", _c_prog);", n, n);
        cg_line(em, "    return 1;");
        cg_line(em, "}");
        cg_line(em, "for (int64_t e = 0; e < (int64_t)G->local->num_edges; e++)");
        cg_line(em, "    v_%s[e] = (%s)G->local->weights[e];", n, ety);
        em->indent--;
    } else if (!p->is_output) {
        cg_line(em, "} else {");
        cg_line(em, "    if (G->rank == 0)");
        cg_line(em, "        fprintf(stderr, \"%%s: give --%s=FILE or --random-%s=LO:HI\\n\", _c_prog);", n, n);
        cg_line(em, "    return 1;");
    }
    cg_line(em, "}");
}

/* The local graph's indexes the procedure needs (the reverse edges, the
 * edge sources) and, with CUDA, its device copy, before the clock starts,
 * as the single-process mains do: the procedure builds them on its first
 * call otherwise (its own calls stay, and find them built), which put
 * that one-time work into the first timed run.  Out of memory stops every
 * rank (one rank returning alone would leave the others waiting). */
/* A property argument's element count on this rank: its local edges or
 * local nodes. */
static const char *local_prop_count(const gm_param *p)
{
    return p->type->kind == GMT_EDGE_PROP ? "G->local->num_edges" : "gmd_num_local(G)";
}

static void local_indexes(cg_emit *em, const gm_proc *proc, bool gpu)
{
    bool reverse = false, edge_src = false;
    if (!gpu) /* the device target's upload builds what the device needs, the per-edge arrays there */
        cg_graph_needs(proc->body, &reverse, &edge_src);
    if (!reverse && !edge_src && !gpu)
        return;
    cg_line(em, "/* The local graph's indexes the procedure needs%s, before the clock starts. */",
             gpu ? ", and its copy on the GPU" : "");
    if (reverse)
        cg_line(em, "if (!gmrt_graph_make_reverse(G->local))\n        gmd_abort(1, \"out of memory: cannot build the reverse edges\");");
    if (edge_src)
        cg_line(em, "if (!gmrt_graph_make_edge_src(G->local))\n        gmd_abort(1, \"out of memory: cannot build the edge sources\");");
    if (gpu)
        em->tg->main_step(em, proc, CG_MAIN_DIST_LOCAL_READY);
}

/* Whether main() offers --batch=FILE (gmd_cli_main, gmd_batch.c): where no
 * input of the procedure is named batch (its --batch stays its own).  On
 * the GPU every run of a batch keeps the first run's transport
 * (gmd_gpu_init refuses another --comm) and its device state: the device
 * copy of each run's local graph is told apart by gmrt_graph_serial. */
static bool batch_main(const gm_proc *proc)
{
    for (const gm_param *p = proc->params; p; p = p->next)
        if (strcmp(p->name, "batch") == 0)
            return false;
    return true;
}

static void dist_main(cg_emit *em, const gm_proc *proc, bool gpu)
{
    if (!supported(em, proc))
        return;
    cg_printf(em, "#include <errno.h>\n\n/* ---- the driver (gmc --distributed --main): every rank runs it; "
                  "gmd_cli.c and gmrt_cli.h ---- */\n");
    static const char *const locals[] = {"G", "_c_prog", "all", "argc", "argv", "dopt", "e", "err", "fine", "hi",
                                         "i", "lo", "ok", "opts", "r", "result", "run", "st", "status", "t",
                                         "t0", "w", "x", "main"};
    char *fn = cg_main_entry(em, proc, locals, sizeof locals / sizeof *locals);
    cg_printf(em, "static int _c_main(int argc, char **argv)\n{\n");
    em->indent = 1;
    cg_line(em, "gmd_load_options dopt;");
    cg_line(em, "int st = gmd_cli_options(&argc, argv, &dopt); /* --policy, --relabel; rank 0 prints */");
    cg_line(em, "if (st >= 0)");
    cg_line(em, "    return st;");
    if (gpu) {
        cg_line(em, "int _c_comm_kind = GMD_COMM_AUTO; /* --comm=auto|nccl|mpi, taken out of argv */");
        cg_line(em, "for (int i = 1; i < argc; i++)");
        cg_line(em, "    if (strncmp(argv[i], \"--comm=\", 7) == 0) {");
        cg_line(em, "        _c_comm_kind = gmd_comm_parse(argv[i] + 7);");
        cg_line(em, "        if (_c_comm_kind < 0) {");
        cg_line(em, "            if (gmd_rank() == 0)");
        cg_line(em, "                fprintf(stderr, \"%%s: bad value '%%s' for --comm: expected auto, nccl or mpi\\n\", argv[0], argv[i] + 7);");
        cg_line(em, "            return 2;");
        cg_line(em, "        }");
        cg_line(em, "        memmove(argv + i, argv + i + 1, (size_t)(argc - i) * sizeof *argv);");
        cg_line(em, "        argc--;");
        cg_line(em, "        i--;");
        cg_line(em, "    }");
    }
    cg_line(em, "gmrt_cli_run run;");
    size_t n_opts = cg_main_input_decls(em, proc); /* supported(): no Edge, no collection */
    cg_main_opt_table(em, proc, n_opts, "a node id of the file", NULL);
    char *u = cg_main_usage_args(proc, gpu ? "[--policy=out|in|both] [--relabel[=SEED]] [--comm=auto|nccl|mpi]"
                                           : "[--policy=out|in|both] [--relabel[=SEED]]");
    cg_line(em, "gmd_cli_quiet(true); /* every rank parses alike: rank 0 says what is wrong */");
    cg_line(em, "st = gmrt_cli_parse(&run, %s, %zu, \"%s\", argc, argv);", n_opts ? "opts" : "NULL", n_opts, u);
    free(u);
    cg_line(em, "st = gmd_cli_agree(st, argv[0]); /* a rank that cannot see a file stops them all */");
    cg_line(em, "if (st >= 0)");
    cg_line(em, "    return st;");
    cg_line(em, "const char *const _c_prog = run.prog;");
    checks_before_load(em, proc);
    cg_line(em, "gmd_cli_quiet(false);");
    if (gpu) {
        cg_line(em, "{ /* one GPU per rank, before anything touches one */");
        cg_line(em, "    gmrt_error gerr;");
        cg_line(em, "    gmrt_error_clear(&gerr);");
        cg_line(em, "    if (!gmd_gpu_init((gmd_comm)_c_comm_kind, &gerr)) {");
        cg_line(em, "        if (gmd_rank() == 0)");
        cg_line(em, "            fprintf(stderr, \"%%s: %%s\\n\", _c_prog, gerr.message);");
        cg_line(em, "        return 1;");
        cg_line(em, "    }");
        cg_line(em, "}");
    }
    /* the one numeric edge input taken from the weight column */
    const gm_param *weights_to = cg_main_weight_input(proc);
    if (weights_to && weights_to->type->elem->kind != GMT_DOUBLE)
        cg_main_weights_as(em, weights_to);
    cg_line(em, "dopt.graph_options = &run.load;");
    bool edge_props = false; /* read through G->edge_gid (edge_prop_input) */
    for (const gm_param *p = proc->params; p; p = p->next)
        edge_props |= p->type->kind == GMT_EDGE_PROP;
    if (!edge_props)
        cg_line(em, "dopt.no_edge_gid = true; /* no edge property: the load keeps no global edge index per edge */");
    cg_line(em, "gmrt_error err;");
    cg_line(em, "gmrt_error_clear(&err);");
    cg_line(em, "double t0 = gmrt_time_ms();");
    cg_line(em, "gmd_graph *G = gmd_load(run.graph, &dopt, &err);");
    cg_line(em, "if (!G) {");
    cg_line(em, "    if (gmd_rank() == 0)");
    cg_line(em, "        fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
    cg_line(em, "    return 1;");
    cg_line(em, "}");
    policy_check(em, proc, true);
    cg_line(em, "run.load_ms = gmrt_time_ms() - t0;");
    cg_line(em, "run.nodes = G->global_nodes;");
    cg_line(em, "run.edges = G->global_edges;");
    cg_line(em, "int64_t _c_replicas = (int64_t)gmd_num_local(G);");
    cg_line(em, "gmd_allreduce_int64(&_c_replicas, GMD_SUM);");
    cg_line(em, "double _c_rss = gmd_max_peak_rss_mb(); /* the load's (or generator's) memory */");
    cg_line(em, "if (!run.json) {");
    cg_line(em, "    printf(\"graph = %%lld nodes, %%lld edges\\n\", (long long)run.nodes, (long long)run.edges);");
    cg_line(em, "    printf(\"load_ms = %%.3f\\n\", run.load_ms);");
    cg_line(em, "    printf(\"peak_rss_mb = %%.1f\\n\", _c_rss);");
    cg_line(em, "    printf(\"ranks = %%d (policy %%s, replication %%.3f)\\n\", G->size, gmd_policy_name(G->policy),");
    cg_line(em, "           run.nodes ? (double)_c_replicas / (double)run.nodes : 1.0);");
    if (gpu)
        cg_line(em, "    printf(\"comm = %%s\\n\", gmd_comm_name((gmd_comm)gmd_gpu_comm()));");
    cg_line(em, "}");
    cg_main_seed_threads(em);
    cg_line(em, "int status = 0;");
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        const char *n = p->name;
        if (k == GMT_NODE && !p->is_output) {
            cg_line(em, "{");
            em->indent++;
            cg_line(em, "int64_t x;");
            cg_line(em, "if (G->global_nodes == 0) {");
            cg_line(em, "    if (G->rank == 0)");
            cg_line(em, "        fprintf(stderr, \"%%s: --%s: the graph has no nodes\\n\", _c_prog);", n);
            cg_line(em, "    return 1;");
            cg_line(em, "}");
            cg_line(em, "gmd_cli_quiet(true);");
            cg_line(em, "bool ok = gmrt_cli_int(_c_prog, \"%s\", arg_%s, 0, G->global_nodes - 1, &x);", n, n);
            cg_line(em, "gmd_cli_quiet(false);");
            cg_line(em, "if (!ok)");
            cg_line(em, "    return 2;");
            cg_line(em, "v_%s = (gm_node_t)gmd_gid_of_file_id(G, x); /* the global id */", n);
            em->indent--;
            cg_line(em, "}");
        } else if (cg_main_is_prop(p->type)) {
            bool edge = k == GMT_EDGE_PROP;
            const char *ety = cg_prim_ctype(p->type->elem->kind);
            const char *count = edge ? "G->local->num_edges" : "gmd_num_local(G)";
            cg_line(em, "%s *v_%s = (%s *)_c_zalloc((size_t)%s + 1, sizeof(%s));", ety, n, ety, count, ety);
            if (edge)
                edge_prop_input(em, p, p == weights_to);
            else
                node_prop_input(em, p);
            cg_main_keep_initial(em, proc, p, count, " + 1");
        }
    }
    const char *rt = proc->ret_type ? cg_ctype(proc->ret_type) : NULL;
    if (rt)
        cg_line(em, "%s result = 0;", rt);
    local_indexes(em, proc, gpu);
    cg_line(em, "gmd_counters _c_comm;");
    cg_line(em, "memset(&_c_comm, 0, sizeof _c_comm);");
    cg_line(em, "for (int64_t r = 0; r < run.repeat; r++) {");
    em->indent++;
    cg_main_restore_initial(em, proc, local_prop_count);
    cg_line(em, "gmd_barrier();");
    cg_line(em, "gmd_reset_counters();");
    cg_line(em, "double t1 = gmrt_time_ms();");
    cg_main_call(em, proc, fn, false);
    cg_line(em, "_c_comm = gmd_get_counters();");
    cg_line(em, "gmd_barrier(); /* the slowest rank's time */");
    cg_line(em, "gmrt_cli_time(&run, gmrt_time_ms() - t1);");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "gmrt_cli_times_done(&run);");
    cg_line(em, "double _c_comm_ms = _c_comm.comm_ms, _c_comm_mb = (double)_c_comm.bytes_sent / 1e6;");
    cg_line(em, "gmd_allreduce_double(&_c_comm_ms, GMD_MAX);");
    cg_line(em, "gmd_allreduce_double(&_c_comm_mb, GMD_SUM);");
    cg_line(em, "if (!run.json)");
    cg_line(em, "    printf(\"comm_ms = %%.3f (%%.1f MB)\\n\", _c_comm_ms, _c_comm_mb);");
    if (proc->body && !gma_walk(proc->body, true, is_bfs, NULL, NULL))
        cg_line(em, "gmd_note_levels(&_c_comm, _c_prog); /* a BFS of thousands of levels runs best on one GPU */");
    cg_main_print_results(em, proc, true);
    cg_line(em, "if (run.out_dir) {");
    em->indent++;
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (!(p->is_output || cg_proc_writes(proc, p->sym)) || !cg_main_is_prop(p->type) ||
            p->type->kind != GMT_NODE_PROP)
            continue;
        gm_type_kind ek = p->type->elem->kind;
        const char *ety = cg_prim_ctype(ek);
        cg_line(em, "{ /* gathered on rank 0 in the file's node order */");
        em->indent++;
        cg_line(em, "%s *all = G->rank == 0 ? (%s *)_c_alloc((size_t)G->global_nodes + 1, sizeof(%s)) : NULL;", ety, ety, ety);
        cg_line(em, "if (!gmd_gather(G, v_%s, all, %s, &err)) {", p->name, cg_gmrt_type(ek));
        cg_line(em, "    if (G->rank == 0)");
        cg_line(em, "        fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
        cg_line(em, "    status = 1;");
        cg_line(em, "} else if (G->rank == 0) {");
        em->indent++;
        if (ek == GMT_NODE) {
            cg_line(em, "for (int64_t i = 0; i < G->global_nodes; i++) /* global ids: the file's */");
            cg_line(em, "    if (all[i] != GMRT_NIL_NODE)");
            cg_line(em, "        all[i] = (gm_node_t)gmd_file_id_of_gid(G, (int64_t)all[i]);");
        }
        cg_line(em, "if (!gmrt_cli_write(&run, \"%s\", %s, all, G->global_nodes, false))", p->name, cg_gmrt_type(ek));
        cg_line(em, "    status = 1;");
        em->indent--;
        cg_line(em, "}");
        cg_line(em, "free(all);");
        em->indent--;
        cg_line(em, "}");
    }
    em->indent--;
    cg_line(em, "}");
    cg_main_free_args(em, proc); /* supported(): properties of scalars only */
    cg_line(em, "gmd_graph_free(G);");
    cg_line(em, "int32_t _c_status = gmrt_cli_finish(&run, status);");
    cg_line(em, "gmd_allreduce_int32(&_c_status, GMD_MAX); /* rank 0 alone writes: every rank exits with its status */");
    cg_line(em, "return _c_status;");
    em->indent = 0;
    cg_printf(em, "}\n\n");
    bool batch = batch_main(proc);
    cg_printf(em, "int main(int argc, char **argv)\n{\n"
                  "    gmrt_error err;\n"
                  "    gmrt_error_clear(&err);\n"
                  "    if (!gmd_init(&argc, &argv, &err)) {\n"
                  "        fprintf(stderr, \"%%s: %%s\\n\", argc > 0 ? argv[0] : \"program\", err.message);\n"
                  "        return 1;\n"
                  "    }\n"
                  "    int status = %s;%s\n"
                  "%s"
                  "    gmd_finalize();\n"
                  "    return status;\n"
                  "}\n", batch ? "gmd_cli_main(argc, argv, _c_main)" : "_c_main(argc, argv)",
                  batch ? " /* one run, or one per line of --batch=FILE */" : "",
                  gpu ? "    gmd_gpu_finalize(); /* a no-op when no GPU was taken */\n" : "");
    free(fn);
}

void cg_dist_main(cg_emit *em, const gm_proc *proc) { dist_main(em, proc, false); }
void cg_dist_main_gpu(cg_emit *em, const gm_proc *proc) { dist_main(em, proc, true); }
