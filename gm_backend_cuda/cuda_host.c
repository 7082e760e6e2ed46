/* cuda_host.c: the host side of a CUDA procedure.
 *
 * Every property with primitive values has a mirror (gmcu.h): the caller's
 * or a host array, a device array, and which one is current. Kernels make
 * the device side current; a host statement that reads or writes one
 * element does it where the element is current (no bulk copy for
 * `s.dist = 0`); a host statement that walks properties (a sequential
 * loop, a DFS, a loop that cannot run on the GPU, a procedure call) is
 * bracketed: the host side made current before, the device side marked
 * stale after for what it writes. At the end the caller's arrays are made
 * current. */
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

#include "cg_dist.h"
#include "diag.h"

char *cuda_mirror(cg_emit *em, const gm_symbol *prop)
{
    return cg_strf("_c_m_%s", cg_name(em, prop));
}

char *cuda_dev_graph(cg_emit *em, const gm_symbol *g)
{
    return cg_strf("_c_gd_%s", cg_name(em, g));
}

static const char *elem_ctype(const gm_symbol *prop)
{
    return cg_prim_ctype(prop->type->elem->kind);
}

/* ---- single elements ------------------------------------------------------ */

bool cuda_prop_read(cg_emit *em, const gm_expr *e)
{
    if (!cuda_is_mirrored(e->sym))
        return false;
    char *m = cuda_mirror(em, e->sym);
    cg_printf(em, "gmcu_get<%s>(&%s, (int64_t)(", elem_ctype(e->sym), m);
    cg_expr(em, e->a);
    cg_printf(em, "))");
    free(m);
    return true;
}

bool cuda_prop_write(cg_emit *em, const gm_stmt *s)
{
    const gm_expr *lhs = s->lhs;
    if (!cuda_is_mirrored(lhs->sym))
        return false;
    char *m = cuda_mirror(em, lhs->sym);
    const char *ty = elem_ctype(lhs->sym);
    cg_start_line(em);
    cg_printf(em, "gmcu_set<%s>(&%s, (int64_t)(", ty, m);
    cg_expr(em, lhs->a);
    cg_printf(em, "), (%s)(", ty);
    cg_expr(em, s->rhs);
    cg_printf(em, "));\n");
    free(m);
    return true;
}

/* ---- statements that run on the host as a whole --------------------------- */

typedef struct props_ctx {
    cg_emit *em;
    const gm_symbol *sym[128];
    bool written[128];
    int n;
    bool calls;      /* a procedure call or foreign code: assume it writes all */
    const gm_symbol *inner[128]; /* properties declared inside the statement: they
                                    live on the host from their declaration on */
    int ninner;
} props_ctx;

static void note_prop(props_ctx *c, const gm_symbol *sym, bool written)
{
    if (!cuda_is_mirrored(sym))
        return;
    for (int i = 0; i < c->n; i++)
        if (c->sym[i] == sym) {
            c->written[i] |= written;
            return;
        }
    if (c->n < 128) {
        c->sym[c->n] = sym;
        c->written[c->n++] = written;
    }
}

static bool props_stmt(const gm_stmt *s, void *vctx)
{
    props_ctx *c = vctx;
    if (s->kind == GMS_DECL)
        for (const gm_name *n = s->names; n; n = n->next)
            if (n->sym && c->ninner < 128)
                c->inner[c->ninner++] = n->sym;
    if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX)
        for (const gm_expr *l = s->lhs; l; l = l->next)
            if (l->kind == GME_PROP)
                note_prop(c, l->sym, true);
    if (s->kind == GMS_SWAP) {
        note_prop(c, s->lhs->sym, true);
        note_prop(c, s->rhs->sym, true);
    }
    if (s->kind == GMS_FOREIGN)
        c->calls = true;
    return true;
}

static bool props_expr(const gm_expr *e, void *vctx)
{
    props_ctx *c = vctx;
    if (e->kind == GME_PROP || e->kind == GME_ID)
        note_prop(c, e->sym, false);
    if ((e->kind == GME_CALL && e->builtin < 0) || e->kind == GME_FOREIGN)
        c->calls = true;
    return true;
}

/* Runs s on the host with the property arrays used directly. */
/* Host code reads the host graph's indexes that gmcu_graph may leave
 * unbuilt there (the reverse rows of a graph known symmetric, whose device
 * rows alias the forward ones; the reverse edge map, the edge sources: the
 * device makes its own): built before a statement run on the host that
 * reads them (once; the builders return at once when they exist). */
static bool leaf_stmt(const gm_stmt *s)
{
    return s->kind == GMS_DECL || s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX || s->kind == GMS_CALL ||
           s->kind == GMS_RETURN || s->kind == GMS_PRINT;
}

static void host_graph_indexes(cg_emit *em, const gm_stmt *s)
{
    bool rows = false, map = false, src = false;
    cuda_graph_host_uses(s, &rows, &map, &src);
    for (const gm_param *p = em->proc->params; p && (rows || map || src); p = p->next) {
        if (p->type->kind != GMT_GRAPH)
            continue;
        const char *g = cg_name(em, p->sym);
        if (rows && !map)
            cg_line(em, "if (!gmrt_graph_make_reverse_nodes(%s))", g);
        if (rows && !map)
            cg_line(em, "    gmrt_fatal(\"out of memory: cannot build the reverse edges\");");
        if (map)
            cg_line(em, "if (!gmrt_graph_make_reverse(%s))", g);
        if (map)
            cg_line(em, "    gmrt_fatal(\"out of memory: cannot build the reverse edges\");");
        if (src)
            cg_line(em, "if (!gmrt_graph_make_edge_src(%s))", g);
        if (src)
            cg_line(em, "    gmrt_fatal(\"out of memory: cannot build the edge sources\");");
    }
}

static void host_bracket(cg_emit *em, const gm_stmt *s)
{
    if (!leaf_stmt(s)) /* cuda_host_stmt did a leaf's */
        host_graph_indexes(em, s);
    props_ctx c;
    memset(&c, 0, sizeof c);
    c.em = em;
    gma_walk(s, false, props_stmt, props_expr, &c);
    int kept = 0; /* those declared inside do not exist yet here (a pass may hoist into a
                     DFS body a property of its own: tests/opt/hoist_nbr_inpost.gm) */
    for (int i = 0; i < c.n; i++) {
        bool inner = false;
        for (int j = 0; j < c.ninner; j++)
            inner = inner || c.inner[j] == c.sym[i];
        if (!inner) {
            c.sym[kept] = c.sym[i];
            c.written[kept++] = c.written[i];
        }
    }
    c.n = kept;
    for (int i = 0; i < c.n; i++) {
        char *m = cuda_mirror(em, c.sym[i]);
        cg_line(em, "%s = (%s *)gmcu_to_host(&%s);", cg_name(em, c.sym[i]), elem_ctype(c.sym[i]), m);
        free(m);
    }
    cuda_st(em)->host_direct++;
    cg_stmt(em, s);
    cuda_st(em)->host_direct--;
    for (int i = 0; i < c.n; i++) {
        if (!c.written[i] && !c.calls)
            continue;
        char *m = cuda_mirror(em, c.sym[i]);
        cg_line(em, "gmcu_host_wrote(&%s);", m);
        free(m);
    }
}

static bool has_user_call_expr(const gm_expr *e, void *vctx)
{
    (void)vctx;
    return !((e->kind == GME_CALL && e->builtin < 0) || e->kind == GME_FOREIGN);
}

static bool has_user_call(const gm_stmt *s)
{
    return !gma_walk(s, false, NULL, has_user_call_expr, NULL);
}

/* Whether a sequential loop's body holds parallel loops or traversals (the
 * work of BC's loop over sources), which must stay kernels rather than move
 * to the host with the loop. */
static bool is_parallel_work(const gm_stmt *s, void *vctx)
{
    bool *found = vctx;
    if ((s->kind == GMS_FOREACH && s->parallel) || s->kind == GMS_BFS)
        *found = true;
    return !*found;
}

static bool has_device_work(const gm_stmt *loop)
{
    bool found = false;
    if (loop->body)
        gma_walk(loop->body, false, is_parallel_work, NULL, &found);
    return found;
}

/* A local property: its mirror, starting on the device. */
static bool decl_props(cg_emit *em, const gm_stmt *s)
{
    const gm_name *first = s->names;
    if (!first || !cuda_is_mirrored(first->sym))
        return false;
    for (const gm_name *n = s->names; n; n = n->next) {
        const gm_symbol *sym = n->sym;
        const char *name = cg_name(em, sym);
        char *m = cuda_mirror(em, sym);
        char *count = cg_prop_count(em, sym->type);
        const char *ty = elem_ctype(sym);
        cg_line(em, "gmcu_mirror %s;", m);
        cg_line(em, "gmcu_mirror_local(&%s, (size_t)%s, sizeof(%s));", m, count, ty);
        if (gmo_prop_may_read_unset(s->next, sym)) {
            /* may be read where nothing wrote it: zeroed (NIL: all bits set), as the OpenMP target's */
            cg_line(em, "/* %s %s */", sym->name, cg_unset_prop_note(s->next, sym));
            cg_line(em, "GMCU_CHECK(cudaMemset(gmcu_to_device_overwrite(&%s), %s, (size_t)%s * sizeof(%s)));", m,
                    cg_prop_of_nodes(sym->type) ? "0xff" : "0", count, ty);
            cg_line(em, "gmcu_device_wrote(&%s);", m);
        }
        cg_line(em, "[[maybe_unused]] %s *%s = NULL; /* the host side, once needed */", ty, name);
        cg_scope_add_cleanup(em, cg_strf("gmcu_mirror_free(&%s);", m));
        free(count);
        free(m);
    }
    return true;
}

static bool swap_props(cg_emit *em, const gm_stmt *s)
{
    if (!cuda_is_mirrored(s->lhs->sym) || !cuda_is_mirrored(s->rhs->sym))
        return false;
    char *a = cuda_mirror(em, s->lhs->sym), *b = cuda_mirror(em, s->rhs->sym);
    cg_line(em, "gmcu_mirror_swap(&%s, &%s); /* device buffers exchanged */", a, b);
    free(a);
    free(b);
    return true;
}

/* The reduction=S OP records of s (cuda_decide's host loops) as
 * "; it reduces s (+=), t (min=) with OpenMP's reduction clause", or "". */
static char *host_reductions(cg_emit *em, const gm_stmt *s)
{
    const gma_decisions *ds = gma_decisions_of(em->decided, s, false);
    char *list = NULL;
    for (int i = 0; ds && i < ds->n; i++) {
        const char *v = ds->c[i].value, *sp = strchr(v, ' ');
        if (strcmp(ds->c[i].key, "reduction") != 0 || !sp)
            continue;
        char *item = cg_strf("%.*s (%s)", (int)(sp - v), v, sp + 1);
        char *more = list ? cg_strf("%s, %s", list, item) : item;
        if (list) {
            free(list);
            free(item);
        }
        list = more;
    }
    char *out = list ? cg_strf("; it reduces %s with OpenMP's reduction clause", list) : cg_strf("%s", "");
    free(list);
    return out;
}

static void note_host(cg_emit *em, const gm_stmt *s, const char *what, const char *why)
{
    char *red = host_reductions(em, s);
    gm_note(s->loc, "%s runs on the host%s%s%s", what, why ? ": " : "", why ? why : "", red);
    free(red);
    cg_line(em, "/* runs on the host%s%s */", why ? ": " : "", why ? why : "");
}

/* cuda_decide's device= for loop s's record: true for kernel; for
 * host(WHY), false with *why (malloc'd in *buf). A loop without a record of
 * its own is tested here by the same functions. */
static bool device_loop(cg_emit *em, const gm_stmt *s, const char **why, char **buf)
{
    *buf = NULL;
    const char *v = gma_decision(gma_decisions_of(em->decided, s, false), "device");
    if (!v)
        return s->kind == GMS_BFS ? cuda_bfs_on_gpu(em, s, why) : cuda_foreach_on_gpu(em, s, why);
    if (strcmp(v, "kernel") == 0)
        return true;
    size_t n = strlen(v);
    *why = *buf = n > 6 && strncmp(v, "host(", 5) == 0 ? strndup(v + 5, n - 6) : NULL;
    return false;
}

/* A local `Graph G2;`: the empty host graph, and for kernels an empty
 * device graph of this file's own (zero-initialized, so no node and no
 * edge; not gmcu_graph(), whose one cached graph is the argument's). */
static void local_graphs(cg_emit *em, const gm_stmt *s)
{
    for (const gm_name *n = s->names; n; n = n->next) {
        if (!n->sym)
            continue;
        cg_decl_local_graph(em, n->sym, true);
        char *dg = cuda_dev_graph(em, n->sym);
        char *var = cg_strf("_c_empty_%s_%s", em->proc->name, cg_name(em, n->sym));
        fprintf(cuda_st(em)->kout, "__device__ static gm_graph %s; /* local Graph %s: empty */\n\n",
                var, n->sym->name);
        cg_line(em, "const gm_graph *%s = NULL;", dg);
        cg_line(em, "GMCU_CHECK(cudaGetSymbolAddress((void **)&%s, %s));", dg, var);
        cg_line(em, "(void)%s;", dg);
        free(var);
        free(dg);
    }
}

bool cuda_host_stmt(cg_emit *em, const gm_stmt *s)
{
    const char *why = NULL;
    /* statements of no other statement, which the host runs unless a hook
     * below takes them (host_bracket builds its own) */
    if (leaf_stmt(s))
        host_graph_indexes(em, s);
    switch (s->kind) {
    case GMS_DECL:
        if (s->decl_type && s->decl_type->kind == GMT_GRAPH) {
            local_graphs(em, s);
            return true;
        }
        if (decl_props(em, s))
            return true;
        if (s->init && has_user_call(s)) {
            host_bracket(em, s);
            return true;
        }
        return false;
    case GMS_ASSIGN:
        if ((s->lhs->kind == GME_PROP && s->assign_op != GMA_ASSIGN && s->assign_op != GMA_DEFER) ||
            has_user_call(s)) {
            host_bracket(em, s);
            return true;
        }
        return false;
    case GMS_ARGMINMAX:
        if ((s->lhs && s->lhs->kind == GME_PROP) || has_user_call(s)) {
            host_bracket(em, s);
            return true;
        }
        return false;
    case GMS_FOREACH: {
        char *buf = NULL;
        if (cg_loop_is_parallel(em, s) && device_loop(em, s, &why, &buf))
            return false;
        if (!s->parallel && has_device_work(s)) {
            free(buf);
            return false; /* a host loop around kernels: its statements choose one by one */
        }
        if (s->parallel)
            note_host(em, s, "this Foreach", why);
        free(buf);
        host_bracket(em, s);
        return true;
    }
    case GMS_BFS: {
        char *buf = NULL;
        if (device_loop(em, s, &why, &buf))
            return false;
        note_host(em, s, "this BFS", why);
        free(buf);
        host_bracket(em, s);
        return true;
    }
    case GMS_DFS:
        note_host(em, s, "this DFS", "a depth-first walk is sequential");
        host_bracket(em, s);
        return true;
    case GMS_FOREIGN:
        note_host(em, s, "foreign code", NULL);
        host_bracket(em, s);
        return true;
    case GMS_CALL:
        if (has_user_call(s)) {
            host_bracket(em, s);
            return true;
        }
        return false;
    case GMS_SWAP:
        return swap_props(em, s);
    case GMS_WHILE:
    case GMS_DO_WHILE:
        if (s->min_label)
            return cuda_min_label(em, s);
        return cuda_worklist_loop(em, s);
    default:
        return false;
    }
}

/* ---- procedure set-up ------------------------------------------------------- */

static bool find_packable(const gm_stmt *s, void *vfound)
{
    if (s->kind == GMS_ARGMINMAX && cg_argmin_on_props(s) && !cg_argmin_payload_constant(s))
        *(bool *)vfound = true;
    return true;
}

/* Whether a kernel of the procedure may pack an arg-min/max (cuda_pack). */
static bool has_packable_argmin(const gm_stmt *body)
{
    bool found = false;
    gma_walk(body, false, find_packable, NULL, &found);
    return found;
}

bool cuda_proc_begin(cg_emit *em, const gm_proc *proc)
{
    cuda_graph_use gu;
    cuda_graph_uses(em, proc->body, &gu);
    char moved[512] = "";
    for (const gm_param *p = proc->params; p; p = p->next)
        if (p->type->kind != GMT_GRAPH && cuda_is_mirrored(p->sym) &&
            strlen(moved) + strlen(p->name) + 3 < sizeof moved)
            snprintf(moved + strlen(moved), sizeof moved - strlen(moved), "%s%s", *moved ? ", " : "", p->name);
    cuda_report_proc(em, proc, gu.reverse, moved);
    cg_line(em, "gmcu_init();");
    cg_line(em, "char *_c_slots = gmcu_slots_new(); /* scalars kernels hand back */");
    /* Last out: wait for the device (and report a kernel's failure). */
    cg_scope_add_cleanup(em, cg_strf("GMCU_CHECK(cudaDeviceSynchronize()); gmcu_free(_c_slots);"));
    cg_line(em, "int32_t *_c_locks = NULL; /* per-element locks, made on first use */");
    cg_line(em, "(void)_c_locks;");
    cg_scope_add_cleanup(em, cg_strf("gmcu_free(_c_locks);"));
    if (has_packable_argmin(proc->body)) {
        int nbuf = CU_MAX_PACKS * (1 + CU_MAX_PAYS);
        cg_line(em, "void *_c_kpbuf[%d] = {NULL}; /* packed arg-min/max: shadows and payload slots, grown on use */",
                 nbuf);
        cg_line(em, "size_t _c_kpcap[%d] = {0};", nbuf);
        cg_scope_add_cleanup(
            em, cg_strf("for (int _c_k = 0; _c_k < %d; _c_k++) if (_c_kpcap[_c_k]) gmcu_free(_c_kpbuf[_c_k]);", nbuf));
    }
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (p->type->kind == GMT_GRAPH) {
            const char *g = cg_name(em, p->sym);
            char *dg = cuda_dev_graph(em, p->sym);
            cg_line(em, "const gm_graph *%s = gmcu_graph(%s, %s); /* kept for later calls */", dg, g,
                    cuda_graph_flags(gu.reverse, gu.map, gu.edge_src));
            cg_line(em, "(void)%s;", dg);
            free(dg);
            cuda_gather_begin(em, proc);
        } else if (cuda_is_mirrored(p->sym)) {
            const char *name = cg_name(em, p->sym);
            char *m = cuda_mirror(em, p->sym);
            char *count = cg_prop_count(em, p->type);
            cg_line(em, "gmcu_mirror %s;", m);
            cg_line(em, "gmcu_mirror_param(&%s, %s, (size_t)%s, sizeof *%s);", m, name, count, name);
            /* The caller's array (host or device memory) holds the final
             * values on every exit; with --distributed, a node property's
             * owners only (the ghosts after them are never output: half
             * the copy or more on a partition of a power-law graph) */
            if (cuda_st(em)->dist && cuda_st(em)->dist->dgraph && p->type->kind == GMT_NODE_PROP)
                cg_scope_add_cleanup(em, cg_strf("gmcu_mirror_return_first(&%s, (size_t)_c_nowned);", m));
            else
                cg_scope_add_cleanup(em, cg_strf("gmcu_mirror_return(&%s);", m));
            free(count);
            free(m);
        }
    }
    return true; /* the graph is set up: no indexes built on the host */
}

/* --main: the graph goes to the device before the clock starts; with
 * --device-args each property argument gets a device array, filled from
 * the host one before the clock starts and read back after it stops, so the
 * call copies nothing; the host-device copies inside the best call are
 * reported apart (bench/run's transfer column). */
void cuda_main_step(cg_emit *em, const gm_proc *proc, cg_main_step step)
{
    switch (step) {
    case CG_MAIN_BEFORE_LOAD: {
        /* the load refuses a graph whose upload below (and --device-args'
         * arrays) would not fit the GPU, before the expensive work */
        cuda_graph_use gu;
        cuda_graph_uses(em, proc->body, &gu);
        cg_line(em, "/* A graph that cannot fit the GPU is refused before the load: the upload below takes at least this. */");
        cg_line(em, "gmcu_graph_need(&run.device_need, %s);", cuda_graph_flags(gu.reverse, gu.map, gu.edge_src_maybe));
        bool props = false;
        for (const gm_param *p = proc->params; p; p = p->next)
            props |= cg_main_is_prop(p->type);
        if (props && em->tg->device_args) {
            cg_line(em, "if (device_args) { /* and each property argument's device array */");
            for (const gm_param *p = proc->params; p; p = p->next)
                if (cg_main_is_prop(p->type))
                    cg_line(em, "    run.device_need.%s += sizeof(%s);",
                            p->type->kind == GMT_EDGE_PROP ? "per_edge" : "per_node", cg_ctype(p->type->elem));
            cg_line(em, "}");
        }
        cg_line(em, "run.device_query = gmcu_device_memory;");
        return;
    }
    case CG_MAIN_GRAPH_LOADED: {
        cuda_graph_use gu;
        cuda_graph_uses(em, proc->body, &gu);
        cg_line(em, "/* The graph goes to the GPU before the clock starts (kept for every call). */");
        /* edge sources too where a loop may run one thread per edge (skewed graphs) */
        cg_line(em, "(void)gmcu_graph(G, %s);", cuda_graph_flags(gu.reverse, gu.map, gu.edge_src_maybe));
        return;
    }
    case CG_MAIN_DIST_LOCAL_READY: { /* the rank's local graph, as above */
        cuda_graph_use gu;
        cuda_graph_uses(em, proc->body, &gu);
        cg_line(em, "(void)gmcu_graph(G->local, %s); /* kept for every call */",
                cuda_graph_flags(gu.reverse, gu.map, gu.edge_src));
        /* the procedure's first call made these inside the clock: a copy of
         * two degrees per local node (512 MB at 2^25 nodes) and the lists */
        cg_line(em, "{ /* the partition's sync lists, ghost ids and degrees on the device (kept with G) */");
        cg_line(em, "    gmrt_error gerr;");
        cg_line(em, "    gmrt_error_clear(&gerr);");
        cg_line(em, "    if (!gmd_gpu_graph_of(G, &gerr)) { /* on every rank */");
        cg_line(em, "        if (G->rank == 0)");
        cg_line(em, "            fprintf(stderr, \"%%s: %%s\\n\", _c_prog, gerr.message);");
        cg_line(em, "        return 1;");
        cg_line(em, "    }");
        cg_line(em, "}");
        return;
    }
    case CG_MAIN_BEFORE_RUNS:
        for (const gm_param *p = proc->params; p; p = p->next)
            if (cg_main_is_prop(p->type))
                cg_line(em, "%s *d_%s = device_args ? (%s *)gmcu_malloc((size_t)%s * sizeof *v_%s, \"--device-args\") : NULL;",
                        cg_ctype(p->type->elem), p->name, cg_ctype(p->type->elem), cg_main_prop_count(p), p->name);
        cg_line(em, "double best = 0, best_transfer_ms = 0, best_transfer_mb = 0;");
        return;
    case CG_MAIN_RUN_BEGIN:
        cg_line(em, "if (device_args) {");
        for (const gm_param *p = proc->params; p; p = p->next)
            if (cg_main_is_prop(p->type))
                cg_line(em, "    GMCU_CHECK(cudaMemcpy(d_%s, v_%s, (size_t)%s * sizeof *v_%s, cudaMemcpyHostToDevice));",
                        p->name, p->name, cg_main_prop_count(p), p->name);
        cg_line(em, "    GMCU_CHECK(cudaDeviceSynchronize());");
        cg_line(em, "}");
        cg_line(em, "gmcu_transfers_reset();");
        return;
    case CG_MAIN_RUN_TIMED:
        cg_line(em, "if (r == 0 || t < best) {");
        cg_line(em, "    best = t;");
        cg_line(em, "    best_transfer_ms = gmcu_transfer_ms();");
        cg_line(em, "    best_transfer_mb = gmcu_transfer_mb();");
        cg_line(em, "}");
        return;
    case CG_MAIN_RUN_END:
        cg_line(em, "if (device_args) {");
        for (const gm_param *p = proc->params; p; p = p->next)
            if (cg_main_is_prop(p->type) && (p->is_output || cg_proc_writes(proc, p->sym)))
                cg_line(em, "    GMCU_CHECK(cudaMemcpy(v_%s, d_%s, (size_t)%s * sizeof *v_%s, cudaMemcpyDeviceToHost));",
                        p->name, p->name, cg_main_prop_count(p), p->name);
        cg_line(em, "}");
        return;
    case CG_MAIN_AFTER_RUNS:
        for (const gm_param *p = proc->params; p; p = p->next)
            if (cg_main_is_prop(p->type))
                cg_line(em, "gmcu_free(d_%s);", p->name);
        return;
    case CG_MAIN_TIMES_DONE:
        cg_line(em, "gmrt_cli_transfer(&run, best_transfer_ms, best_transfer_mb);");
        return;
    }
}
