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
 * plan (gma_sync.h) run before and after their statements. */
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
    const gma_sync_plan *syncs;
    const gm_stmt *bypass;  /* handed back to the shared translation by the stmt hook */
    char *dgraph;           /* C name of the gmd_graph parameter */
    const gm_proc *proc;
    char *rng_expr;         /* host_rng's last answer */
    const gm_symbol *gits[16]; /* iterators of host For loops over G.Nodes: global ids */
    int ngits;
    char *nglobal;          /* their trip count */
} dist_state;

static dist_state *dst(cg_emit *em) { return (dist_state *)em->target; }

/* ---- small helpers ------------------------------------------------------- */

static const char *dname(cg_emit *em)
{
    const char *d = dst(em)->dgraph;
    return d ? d : "G";
}

static bool is_global_iter(cg_emit *em, const gm_symbol *sym)
{
    for (int i = 0; i < dst(em)->ngits; i++)
        if (dst(em)->gits[i] == sym)
            return true;
    return false;
}

/* A loop iterator holding a local id (a host For's holds a global id). */
static bool is_local_iter(cg_emit *em, const gm_expr *e)
{
    return e && e->kind == GME_ID && e->sym && e->sym->kind == GMSYM_ITER && e->type &&
           e->type->kind == GMT_NODE && !is_global_iter(em, e->sym);
}

/* The gmd_op of a reduction, -1 when dense syncs have none. */
static const char *gmd_op_of(gma_redop op, gm_type_kind k)
{
    switch (op) {
    case GMA_OP_SUM:
    case GMA_OP_SUB:
        return k == GMT_BOOL ? NULL : "GMD_SUM";
    case GMA_OP_MIN:
    case GMA_OP_ARGMIN:
        return "GMD_MIN";
    case GMA_OP_MAX:
    case GMA_OP_ARGMAX:
        return "GMD_MAX";
    case GMA_OP_AND:
        return "GMD_AND";
    case GMA_OP_OR:
        return "GMD_OR";
    default:
        return NULL;
    }
}

/* The identity of op as a C value of type k (the ghost slice's RESET). */
static void emit_identity(cg_emit *em, gma_redop op, gm_type_kind k)
{
    switch (op) {
    case GMA_OP_MIN:
    case GMA_OP_ARGMIN:
        cg_inf(em, k, false);
        return;
    case GMA_OP_MAX:
    case GMA_OP_ARGMAX:
        cg_inf(em, k, true);
        return;
    case GMA_OP_AND:
        cg_printf(em, "true");
        return;
    case GMA_OP_MUL:
        cg_printf(em, "1");
        return;
    default:
        cg_printf(em, k == GMT_BOOL ? "false" : "0");
        return;
    }
}

static gm_type_kind elem_kind(const gm_symbol *sym)
{
    const gm_type *t = sym->type;
    if (t && (t->kind == GMT_NODE_PROP || t->kind == GMT_EDGE_PROP))
        t = t->elem;
    return t ? t->kind : GMT_ERROR;
}

/* ---- syncs ---------------------------------------------------------------- */

/* Before statement s: what a scalar ALLREDUCE after s needs (its value
 * before s, and for SUM the identity, so that the sum over the ranks adds
 * the reduction's contributions once, not P times the starting value). */
static void emit_allreduce_prepare(cg_emit *em, const gma_sync *y, int k)
{
    const char *v = cg_name(em, y->sym);
    const char *ty = cg_ctype(y->sym->type);
    bool sum = y->op == GMA_OP_SUM || y->op == GMA_OP_SUB;
    if (!sum && y->op != GMA_OP_NONE)
        return;
    cg_line(em, "%s _c_s0_%d_%s = %s; /* the value before the loop: %s */", ty, k, v, v,
             sum ? "each rank sums into 0, the ranks' sums are added to it" : "a rank that changes it wrote it");
    if (sum)
        cg_line(em, "%s = 0;", v);
}

static void emit_allreduce(cg_emit *em, const gma_sync *y, int k)
{
    const char *v = cg_name(em, y->sym);
    gm_type_kind tk = y->sym->type ? y->sym->type->kind : GMT_ERROR;
    const char *gt = cg_gmrt_type(tk);
    if (y->op == GMA_OP_NONE) {
        cg_line(em, "{");
        cg_line(em, "    int32_t _c_writer = %s != _c_s0_%d_%s ? (int32_t)%s->rank : -1;", v, k, v, dname(em));
        cg_line(em, "    gmd_allreduce_int32(&_c_writer, GMD_MAX);");
        cg_line(em, "    if (_c_writer >= 0) /* any writer's value: the highest rank's */");
        cg_line(em, "        gmd_bcast(&%s, sizeof %s, (int)_c_writer);", v, v);
        cg_line(em, "}");
        return;
    }
    const char *op = gmd_op_of(y->op, tk);
    if (!op) {
        cg_unsupported(em, y->loc, "this scalar reduction with --distributed");
        return;
    }
    if (tk == GMT_BOOL && (y->op == GMA_OP_MIN || y->op == GMA_OP_MAX))
        op = y->op == GMA_OP_MIN ? "GMD_AND" : "GMD_OR";
    cg_line(em, "(void)gmd_allreduce(&%s, 1, %s, %s);", v, gt, op);
    if (y->op == GMA_OP_SUM || y->op == GMA_OP_SUB)
        cg_line(em, "%s = _c_s0_%d_%s + %s;", v, k, v, v);
}

static void emit_sync(cg_emit *em, const gma_sync *y, int k)
{
    const char *d = dname(em);
    if (y->kind == GMA_SYNC_ALLREDUCE) {
        emit_allreduce(em, y, k);
        return;
    }
    gm_type_kind ek = elem_kind(y->sym);
    const char *p = cg_name(em, y->sym);
    const char *gt = cg_gmrt_type(ek);
    switch (y->kind) {
    case GMA_SYNC_BROADCAST:
        cg_line(em, "(void)gmd_sync_broadcast(%s, %s, %s); /* ghosts := owners */", d, p, gt);
        return;
    case GMA_SYNC_REDUCE: {
        const char *op = gmd_op_of(y->op, ek);
        if (ek == GMT_BOOL && (y->op == GMA_OP_MIN || y->op == GMA_OP_MAX))
            op = y->op == GMA_OP_MIN ? "GMD_AND" : "GMD_OR";
        if (!op) {
            char *what = y->op == GMA_OP_NONE
                             ? cg_strf("plain stores into %s through a neighbour (the owner would need the writers' "
                                       "values) with --distributed", y->sym->name)
                             : cg_strf("a %s reduction of %s with --distributed", gma_redop_name(y->op), y->sym->name);
            cg_unsupported(em, y->loc, what);
            free(what);
            return;
        }
        cg_line(em, "(void)gmd_sync_reduce(%s, %s, %s, %s); /* owners := op of their ghosts */", d, p, gt, op);
        return;
    }
    case GMA_SYNC_RESET:
        cg_start_line(em);
        cg_printf(em, "for (gm_node_t _c_gh = %s->num_owned; _c_gh < gmd_num_local(%s); _c_gh++) %s[_c_gh] = ", d, d, p);
        emit_identity(em, y->op, ek);
        cg_printf(em, "; /* ghosts := identity */\n");
        return;
    default:
        return;
    }
}

/* A key's REDUCE (min or max) and the arg-min/max payloads tied to it,
 * which follow it: one reduce that moves each winning copy's payloads with
 * its key (gmd_sync_reduce_arg). */
static void emit_arg_reduce(cg_emit *em, const gma_sync *ys, int n)
{
    const gma_sync *k = &ys[0];
    bool is_min = k->op == GMA_OP_MIN || k->op == GMA_OP_ARGMIN;
    cg_line(em, "{ /* %s and its payloads: the winning copy's */", cg_name(em, k->sym));
    em->indent++;
    cg_start_line(em);
    cg_printf(em, "void *const _c_pay[] = {");
    for (int i = 1; i < n; i++)
        cg_printf(em, "%s%s", i > 1 ? ", " : "", cg_name(em, ys[i].sym));
    cg_printf(em, "};\n");
    cg_start_line(em);
    cg_printf(em, "const gmrt_type _c_pt[] = {");
    for (int i = 1; i < n; i++)
        cg_printf(em, "%s%s", i > 1 ? ", " : "", cg_gmrt_type(elem_kind(ys[i].sym)));
    cg_printf(em, "};\n");
    cg_line(em, "(void)gmd_sync_reduce_arg(%s, %s, %s, %s, %d, _c_pay, _c_pt);", dname(em), cg_name(em, k->sym),
             cg_gmrt_type(elem_kind(k->sym)), is_min ? "true" : "false", n - 1);
    em->indent--;
    cg_line(em, "}");
}

static bool is_payload(const gma_sync *y)
{
    return (y->kind == GMA_SYNC_REDUCE || y->kind == GMA_SYNC_ALLREDUCE) &&
           (y->op == GMA_OP_ARGMIN || y->op == GMA_OP_ARGMAX);
}

/* A host scalar arg-min/max: the key's best over the ranks, and the
 * payloads of the lowest rank holding it. */
static void emit_arg_allreduce(cg_emit *em, const gma_sync *ys, int n)
{
    const gma_sync *k = &ys[0];
    const char *key = cg_name(em, k->sym);
    gm_type_kind kk = k->sym->type ? k->sym->type->kind : GMT_ERROR;
    bool is_min = k->op == GMA_OP_MIN;
    cg_line(em, "{ /* %s: the best over the ranks, with the payloads of the lowest rank holding it */", key);
    em->indent++;
    cg_line(em, "%s _c_k = %s;", cg_ctype(k->sym->type), key);
    cg_line(em, "(void)gmd_allreduce(&_c_k, 1, %s, %s);", cg_gmrt_type(kk),
             kk == GMT_BOOL ? (is_min ? "GMD_AND" : "GMD_OR") : (is_min ? "GMD_MIN" : "GMD_MAX"));
    cg_line(em, "int32_t _c_w = %s == _c_k ? (int32_t)%s->rank : INT32_MAX;", key, dname(em));
    cg_line(em, "gmd_allreduce_int32(&_c_w, GMD_MIN);");
    cg_line(em, "%s = _c_k;", key);
    for (int i = 1; i < n; i++)
        cg_line(em, "gmd_bcast(&%s, sizeof %s, (int)_c_w);", cg_name(em, ys[i].sym), cg_name(em, ys[i].sym));
    em->indent--;
    cg_line(em, "}");
}

/* The syncs ys[0..n) in order; k0: the tag of ys[0]'s scalar temporaries. */
static void emit_syncs(cg_emit *em, const gma_sync *ys, int n, int k0)
{
    for (int i = 0; i < n; i++) {
        const gma_sync *y = &ys[i];
        if ((y->kind == GMA_SYNC_REDUCE || y->kind == GMA_SYNC_ALLREDUCE) && !is_payload(y) &&
            (y->op == GMA_OP_MIN || y->op == GMA_OP_MAX)) {
            int j = i + 1;
            while (j < n && is_payload(&ys[j]) && ys[j].kind == y->kind)
                j++;
            if (j > i + 1) {
                if (y->kind == GMA_SYNC_REDUCE)
                    emit_arg_reduce(em, ys + i, j - i);
                else
                    emit_arg_allreduce(em, ys + i, j - i);
                i = j - 1;
                continue;
            }
        }
        if (is_payload(y)) {
            cg_unsupported(em, y->loc, "an arg-min/max payload reduced apart from its key");
            continue;
        }
        emit_sync(em, y, k0 + i);
    }
}

/* Any statement at host level: its syncs around the shared translation. */
static bool dist_stmt(cg_emit *em, const gm_stmt *s)
{
    dist_state *st = dst(em);
    if (st->bypass == s) {
        st->bypass = NULL;
        return false;
    }
    if (em->par_depth > 0 || !st->syncs)
        return false;
    int nb = 0, na = 0;
    const gma_sync *before = gma_syncs_at(st->syncs, s, false, &nb);
    const gma_sync *after = gma_syncs_at(st->syncs, s, true, &na);
    if (nb == 0 && na == 0)
        return false;
    int base = em->tmp;
    em->tmp += na;
    emit_syncs(em, before, nb, base);
    for (int i = 0; i < na; i++)
        if (after[i].kind == GMA_SYNC_ALLREDUCE)
            emit_allreduce_prepare(em, &after[i], base + i);
    st->bypass = s;
    cg_stmt(em, s);
    st->bypass = NULL;
    emit_syncs(em, after, na, base);
    return true;
}

/* ---- loops ---------------------------------------------------------------- */

static bool dist_parallel_loop(cg_emit *em, const gm_stmt *s)
{
    if (s->iter.range == GMR_EDGES) {
        cg_unsupported(em, s->loc, "a loop over G.Edges with --distributed");
        return true;
    }
    /* a new epoch of the per-node random streams (host code: the same on every rank) */
    cg_line(em, "_c_epoch++;");
    return false;
}

/* Node loops run over list positions: the owners, or every local node. */
static const char *dist_node_list(cg_emit *em, const gm_stmt *s, const char **decl)
{
    dist_state *st = dst(em);
    *decl = "gm_node_t %s = (gm_node_t)_c_qi;";
    /* a sequential host loop: host code, the same on every rank, over
     * every global id (its iterator is a Node value, not a local id) */
    if (em->par_depth == 0 && !s->parallel) {
        if (st->ngits == 16) {
            cg_unsupported(em, s->loc, "more than 16 nested host For loops with --distributed");
            return "_c_nowned";
        }
        st->gits[st->ngits++] = s->iter.sym;
        free(st->nglobal);
        st->nglobal = cg_strf("((int64_t)%s->global_nodes)", dname(em));
        return st->nglobal;
    }
    bool all = st->syncs && gma_sync_span(st->syncs, s) == GMA_SPAN_ALL_LOCAL;
    (void)s;
    return all ? "_c_nlocal" : "_c_nowned";
}

/* No union-find or worklist rounds: every round is a bulk-synchronous step. */
static bool dist_round_loop(cg_emit *em, const gm_stmt *s)
{
    (void)em; (void)s;
    return false;
}

/* ---- expressions -------------------------------------------------------- */

static bool dist_builtin(cg_emit *em, const gm_expr *e)
{
    const char *d = dname(em);
    const gm_expr *r = e->a;
    switch ((gm_builtin)e->builtin) {
    case GMB_GRAPH_NUM_NODES:
        cg_printf(em, "((gm_node_t)%s->global_nodes)", d);
        return true;
    case GMB_GRAPH_NUM_EDGES:
        cg_printf(em, "((gm_edge_t)%s->global_edges)", d);
        return true;
    case GMB_GRAPH_PICK_RANDOM: /* the same seed on every rank: the same node */
        cg_printf(em, "((gm_node_t)gmrt_rand(gmrt_thread_rng(), (int64_t)%s->global_nodes))", d);
        return true;
    case GMB_NODE_NUM_NBRS:
    case GMB_NODE_NUM_IN_NBRS:
        if (!is_local_iter(em, r)) {
            cg_unsupported(em, e->loc, "the degree of a node that is not a loop's own with --distributed");
            cg_printf(em, "0");
            return true;
        }
        cg_printf(em, "((int32_t)%s->%s[", d, e->builtin == GMB_NODE_NUM_NBRS ? "out_degree" : "in_degree");
        cg_expr(em, r);
        cg_printf(em, "])");
        return true;
    default:
        return false;
    }
}

static bool dist_node_value(cg_emit *em, const gm_expr *e)
{
    if (is_local_iter(em, e)) {
        cg_printf(em, "_c_gid(%s, %s)", dname(em), cg_name(em, e->sym));
        return true;
    }
    if (e->kind == GME_TERNARY && e->type && e->type->kind == GMT_NODE) {
        cg_printf(em, "(");
        cg_cond(em, e->a);
        cg_printf(em, " ? ");
        cg_node_value(em, e->b);
        cg_printf(em, " : ");
        cg_node_value(em, e->c);
        cg_printf(em, ")");
        return true;
    }
    return false;
}

/* Host code reading n.P for a Node value n (a global id): the owner's value. */
static bool dist_prop_read(cg_emit *em, const gm_expr *e)
{
    if (em->par_depth > 0 || e->kind != GME_PROP || !e->a || is_local_iter(em, e->a) || !e->sym ||
        !e->sym->type || e->sym->type->kind != GMT_NODE_PROP)
        return false;
    gm_type_kind ek = elem_kind(e->sym);
    cg_printf(em, "({ %s _c_v; if (!gmd_owner_read(%s, (int64_t)(", cg_prim_ctype(ek), dname(em));
    cg_expr(em, e->a);
    cg_printf(em, "), %s, %s, &_c_v)) gmrt_fatal(\"%s: reading %s of a node out of range\"); _c_v; })",
               cg_name(em, e->sym), cg_gmrt_type(ek), em->proc->name, e->sym->name);
    return true;
}

static bool dist_prop_write(cg_emit *em, const gm_stmt *s)
{
    const gm_expr *l = s->lhs;
    if (em->par_depth > 0 || l->kind != GME_PROP || !l->a || is_local_iter(em, l->a) || !l->sym ||
        !l->sym->type || l->sym->type->kind != GMT_NODE_PROP)
        return false;
    gm_type_kind ek = elem_kind(l->sym);
    cg_line(em, "{");
    em->indent++;
    cg_start_line(em);
    cg_printf(em, "%s _c_v = ", cg_prim_ctype(ek));
    if (ek == GMT_NODE)
        cg_node_value(em, s->rhs);
    else
        cg_expr(em, s->rhs);
    cg_printf(em, ";\n");
    cg_start_line(em);
    cg_printf(em, "(void)gmd_owner_write(%s, (int64_t)(", dname(em));
    cg_expr(em, l->a);
    cg_printf(em, "), %s, %s, &_c_v); /* the owner stores it */\n", cg_name(em, l->sym), cg_gmrt_type(ek));
    em->indent--;
    cg_line(em, "}");
    return true;
}

/* ---- procedures ------------------------------------------------------------ */

static bool dir_stmt(const gm_stmt *s, void *vctx)
{
    bool *d = vctx;
    if (s->kind == GMS_FOREACH) {
        gm_range_kind r = s->iter.range;
        d[0] |= r == GMR_NBRS || r == GMR_OUT_EDGES || r == GMR_COMMON_NBRS;
        d[1] |= r == GMR_IN_NBRS || r == GMR_IN_EDGES;
    }
    if (s->kind == GMS_BFS)
        omp_dist_bfs_directions(s, &d[0], &d[1]);
    return true;
}

static bool dir_expr(const gm_expr *e, void *vctx)
{
    bool *d = vctx;
    if (e->kind == GME_REDUCE) {
        d[0] |= e->iter.range == GMR_NBRS;
        d[1] |= e->iter.range == GMR_IN_NBRS;
    }
    return true;
}

void omp_dist_directions(const gm_proc *proc, bool *out, bool *in)
{
    bool d[2] = {false, false};
    gma_walk(proc->body, false, dir_stmt, dir_expr, d);
    *out = d[0];
    *in = d[1];
}

static const char *dist_graph_ctype(cg_emit *em) { (void)em; return "gmd_graph *"; }

/* After the parameters: the local CSR under its own name, the indexes the
 * body needs, and the edge directions the partition must hold. */
static bool dist_proc_begin(cg_emit *em, const gm_proc *proc)
{
    dist_state *st = dst(em);
    const gm_param *graph = NULL;
    int ngraphs = 0;
    for (const gm_param *p = proc->params; p; p = p->next)
        if (p->type->kind == GMT_GRAPH) {
            graph = p;
            ngraphs++;
        }
    free(st->dgraph);
    st->dgraph = NULL;
    st->proc = proc;
    if (!graph)
        return false;
    if (ngraphs > 1 || graph->type->undirected) {
        cg_unsupported(em, proc->loc, ngraphs > 1 ? "a procedure of several graphs with --distributed"
                                                   : "a UGraph with --distributed");
        return false;
    }
    if (proc->is_local) {
        cg_unsupported(em, proc->loc, "a Local procedure with --distributed");
        return false;
    }
    st->dgraph = cg_strf("%s", cg_name(em, graph->sym));
    const char *d = st->dgraph;
    cg_line(em, "gm_graph *_c_local = %s->local; /* owners first, then ghosts */", d);
    cg_set_name(em, graph->sym, "_c_local");
    cg_line(em, "const gm_node_t _c_nowned = %s->num_owned, _c_nlocal = gmd_num_local(%s);", d, d);
    cg_line(em, "(void)_c_nowned;");
    cg_line(em, "(void)_c_nlocal;");
    cg_line(em, "uint64_t _c_epoch = 0; /* counts parallel loops: keys the per-node random streams */");
    cg_line(em, "(void)_c_epoch;");
    bool reverse = false, edge_src = false;
    cg_graph_needs(proc->body, &reverse, &edge_src);
    if (reverse)
        cg_line(em, "if (!gmrt_graph_make_reverse(_c_local))\n        gmrt_fatal(\"out of memory: cannot build the reverse edges\");");
    if (edge_src)
        cg_line(em, "if (!gmrt_graph_make_edge_src(_c_local))\n        gmrt_fatal(\"out of memory: cannot build the edge sources\");");
    bool out = false, in = false;
    omp_dist_directions(proc, &out, &in);
    if (out || in) {
        const char *bad = out && in ? "GMD_POLICY_BOTH" : out ? "GMD_POLICY_IN" : "GMD_POLICY_OUT";
        cg_line(em, "if (%s->policy %s %s) /* the owners' rows this procedure walks */", d,
                 out && in ? "!=" : "==", bad);
        cg_line(em, "    gmd_abort(1, \"%s needs the %s of every node: partition the graph with policy %s\");",
                 proc->name, out && in ? "out- and in-edges" : out ? "out-edges" : "in-edges",
                 out && in ? "both" : out ? "out or both" : "in or both");
    }
    return true;
}

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
    cg_printf(em, "/* The global id of local id v: owners first, then the ghosts in global order. */\n"
                  "static inline __attribute__((unused)) gm_node_t _c_gid(const gmd_graph *D, gm_node_t v)\n{\n"
                  "    return v < D->num_owned ? (gm_node_t)(D->block[D->rank] + v)\n"
                  "                            : (gm_node_t)D->ghost_gid[v - D->num_owned];\n}\n\n");
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
    return omp_dist_bfs(em, s, dst(em)->syncs, dname(em));
}

/* Host C everywhere else, as the OpenMP target's. */
static bool plain_elem(cg_emit *em, const gm_symbol *prop, const gm_expr *index)
{
    (void)em; (void)prop; (void)index;
    return false;
}
static const char *plain_nbr_ids(cg_emit *em, const gm_symbol *iter, bool reverse)
{
    (void)em; (void)iter;
    return reverse ? "r_node_idx" : "node_idx";
}
static const char *host_runtime(cg_emit *em) { (void)em; return "gmrt"; }
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
static void discard_arg(cg_emit *em, const gm_type *t) { cg_printf(em, "&(%s){0}", cg_ctype(t)); }
static bool host_atomic(cg_emit *em, gm_assign_op op, const char *lv, const char *v, gm_type_kind k)
{
    (void)em; (void)op; (void)lv; (void)v; (void)k;
    return false;
}
static bool host_argminmax(cg_emit *em, const gm_stmt *s, const char *key, bool is_min)
{
    (void)em; (void)s; (void)key; (void)is_min;
    return false;
}
static void no_main_step(cg_emit *em, const gm_proc *proc, cg_main_step step)
{
    (void)em; (void)proc; (void)step;
}

static const cg_hooks dist_hooks = {
    .stmt = dist_stmt,
    .parallel_loop = dist_parallel_loop,
    .round_loop = dist_round_loop,
    .bfs = dist_bfs,
    .prop_read = dist_prop_read,
    .prop_write = dist_prop_write,
    .prop_elem = plain_elem,
    .nbr_ids = plain_nbr_ids,
    .runtime = host_runtime,
    .rng = host_rng,
    .node_list = dist_node_list,
    .row_search = no_row_search,
    .discard_arg = discard_arg,
    .atomic_update = host_atomic,
    .argminmax = host_argminmax,
    .proc_begin = dist_proc_begin,
    .main_step = no_main_step,
    .graph_ctype = dist_graph_ctype,
    .builtin = dist_builtin,
    .node_value = dist_node_value,
    .decide = omp_decide,
};

bool gmb_omp_dist_generate(gm_program *p, const gmb_options *opt, const gma_plan *plan,
                           const gma_sync_plan *syncs)
{
    dist_state st = {.syncs = syncs};
    gma_decided *d = gma_decided_new(plan, "omp");
    const cg_program_writer w = {.target = "omp --distributed", .ext = "c", .header_include = "gmd.h",
                                 .tg = &dist_hooks, .target_state = &st, .prologue = dist_prologue,
                                 .main = omp_dist_main, .decided = d};
    bool ok = cg_generate_files(p, opt, &w);
    gma_decided_free(d);
    free(st.dgraph);
    free(st.rng_expr);
    free(st.nglobal);
    return ok;
}
