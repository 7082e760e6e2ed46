/* cg_dist.c: the target-neutral part of gmc --distributed (issue 31;
 * design: distributed.md sections 4-8), shared by -t omp --distributed
 * (gm_backend_omp/omp_dist.c) and -t cuda --distributed
 * (gm_backend_cuda/cuda_dist.c): the syncs of the plan (gma_sync.h) around
 * host statements, owner reads and writes of one node's property, global
 * Degree/NumNodes/NumEdges and node ids, node loops over owners or every
 * local node, the procedure's local CSR (_c_local). Where the property's
 * host array is not simply its C name (CUDA's mirrors) or the dense syncs
 * run elsewhere (on the device), the target's cg_dist_target says how. */
#include "cg_dist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "cg_ident.h"
#include "diag.h"
#include "oom.h"
#include "opt.h"

/* ---- small helpers ------------------------------------------------------- */

static const char *dname(const cg_dist *cd)
{
    return cd->dgraph ? cd->dgraph : "G";
}

static bool is_global_iter(const cg_dist *cd, const gm_symbol *sym)
{
    for (int i = 0; i < cd->ngits; i++)
        if (cd->gits[i] == sym)
            return true;
    return false;
}

/* A loop iterator holding a local id (a host For's holds a global id). */
static bool is_local_iter(const cg_dist *cd, const gm_expr *e)
{
    return e && e->kind == GME_ID && e->sym && e->sym->kind == GMSYM_ITER && e->type &&
           e->type->kind == GMT_NODE && !is_global_iter(cd, e->sym);
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

gm_type_kind cg_dist_elem_kind(const gm_symbol *sym)
{
    const gm_type *t = sym->type;
    if (t && (t->kind == GMT_NODE_PROP || t->kind == GMT_EDGE_PROP))
        t = t->elem;
    return t ? t->kind : GMT_ERROR;
}

/* p's host array, current on the host (the caller frees it). */
static char *host_array(cg_emit *em, const cg_dist *cd, const gm_symbol *p)
{
    if (cd->tg && cd->tg->host_array)
        return cd->tg->host_array(em, p);
    return cg_strf("%s", cg_name(em, p));
}

static void host_wrote(cg_emit *em, const cg_dist *cd, const gm_symbol *p)
{
    if (cd->tg && cd->tg->host_wrote)
        cd->tg->host_wrote(em, p);
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

static void emit_allreduce(cg_emit *em, const cg_dist *cd, const gma_sync *y, int k)
{
    const char *v = cg_name(em, y->sym);
    gm_type_kind tk = y->sym->type ? y->sym->type->kind : GMT_ERROR;
    const char *gt = cg_gmrt_type(tk);
    if (y->op == GMA_OP_NONE) {
        cg_line(em, "{");
        cg_line(em, "    int32_t _c_writer = %s != _c_s0_%d_%s ? (int32_t)%s->rank : -1;", v, k, v, dname(cd));
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
    bool sum = y->op == GMA_OP_SUM || y->op == GMA_OP_SUB;
    if (sum && cg_wrap_fn(GMOP_ADD, tk)) /* Int and Long sums wrap */
        cg_line(em, "%s = %s(_c_s0_%d_%s, %s);", v, cg_wrap_fn(GMOP_ADD, tk), k, v, v);
    else if (sum)
        cg_line(em, "%s = _c_s0_%d_%s + %s;", v, k, v, v);
}

static void emit_sync(cg_emit *em, const cg_dist *cd, const gma_sync *y, int k)
{
    const char *d = dname(cd);
    if (y->kind == GMA_SYNC_ALLREDUCE) {
        emit_allreduce(em, cd, y, k);
        return;
    }
    gm_type_kind ek = cg_dist_elem_kind(y->sym);
    const char *p = cg_name(em, y->sym);
    const char *gt = cg_gmrt_type(ek);
    switch (y->kind) {
    case GMA_SYNC_BROADCAST:
        if (cd->tg && cd->tg->prop_sync)
            cd->tg->prop_sync(em, d, y->sym, gt, NULL);
        else
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
        if (cd->tg && cd->tg->prop_sync)
            cd->tg->prop_sync(em, d, y->sym, gt, op);
        else
            cg_line(em, "(void)gmd_sync_reduce(%s, %s, %s, %s); /* owners := op of their ghosts */", d, p, gt, op);
        return;
    }
    case GMA_SYNC_RESET: {
        char *h = host_array(em, cd, y->sym);
        if (strcmp(h, p) == 0) {
            cg_start_line(em);
            cg_printf(em, "for (gm_node_t _c_gh = %s->num_owned; _c_gh < gmd_num_local(%s); _c_gh++) %s[_c_gh] = ", d, d, p);
        } else {
            if (cd->tg->staged_host) /* no ghost here: nothing to reset, no copy */
                cg_line(em, "if (gmd_num_local(%s) > %s->num_owned) {", d, d);
            else
                cg_line(em, "{");
            em->indent++;
            cg_line(em, "%s *const _c_h = %s;", cg_prim_ctype(ek), h);
            cg_start_line(em);
            cg_printf(em, "for (gm_node_t _c_gh = %s->num_owned; _c_gh < gmd_num_local(%s); _c_gh++) _c_h[_c_gh] = ", d, d);
        }
        emit_identity(em, y->op, ek);
        cg_printf(em, "; /* ghosts := identity */\n");
        if (strcmp(h, p) != 0) {
            host_wrote(em, cd, y->sym);
            em->indent--;
            cg_line(em, "}");
        }
        free(h);
        return;
    }
    default:
        return;
    }
}

/* A key's REDUCE (min or max) and the arg-min/max payloads tied to it,
 * which follow it: one reduce that moves each winning copy's payloads with
 * its key (gmd_sync_reduce_arg). */
static void emit_arg_reduce(cg_emit *em, const cg_dist *cd, const gma_sync *ys, int n)
{
    const gma_sync *k = &ys[0];
    bool is_min = k->op == GMA_OP_MIN || k->op == GMA_OP_ARGMIN;
    if (cd->tg && cd->tg->arg_reduce) {
        const gm_symbol **pay = malloc((size_t)n * sizeof *pay);
        if (!pay)
            gm_out_of_memory("code generation", 0);
        for (int i = 1; i < n; i++)
            pay[i - 1] = ys[i].sym;
        bool done = cd->tg->arg_reduce(em, dname(cd), k->sym, cg_gmrt_type(cg_dist_elem_kind(k->sym)), is_min, pay,
                                       n - 1);
        free(pay);
        if (done)
            return;
    }
    if (cd->tg && cd->tg->staged_host) /* one rank: no ghost, nothing to reduce, no copies to the host */
        cg_line(em, "if (%s->size > 1) { /* %s and its payloads: the winning copy's */", dname(cd), cg_name(em, k->sym));
    else
        cg_line(em, "{ /* %s and its payloads: the winning copy's */", cg_name(em, k->sym));
    em->indent++;
    cg_start_line(em);
    cg_printf(em, "void *const _c_pay[] = {");
    for (int i = 1; i < n; i++) {
        char *h = host_array(em, cd, ys[i].sym);
        cg_printf(em, "%s%s", i > 1 ? ", " : "", h);
        free(h);
    }
    cg_printf(em, "};\n");
    cg_start_line(em);
    cg_printf(em, "const gmrt_type _c_pt[] = {");
    for (int i = 1; i < n; i++)
        cg_printf(em, "%s%s", i > 1 ? ", " : "", cg_gmrt_type(cg_dist_elem_kind(ys[i].sym)));
    cg_printf(em, "};\n");
    char *kh = host_array(em, cd, k->sym);
    cg_line(em, "(void)gmd_sync_reduce_arg(%s, %s, %s, %s, %d, _c_pay, _c_pt);", dname(cd), kh,
             cg_gmrt_type(cg_dist_elem_kind(k->sym)), is_min ? "true" : "false", n - 1);
    free(kh);
    for (int i = 0; i < n; i++)
        host_wrote(em, cd, ys[i].sym);
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
static void emit_arg_allreduce(cg_emit *em, const cg_dist *cd, const gma_sync *ys, int n)
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
    cg_line(em, "int32_t _c_w = %s == _c_k ? (int32_t)%s->rank : INT32_MAX;", key, dname(cd));
    cg_line(em, "gmd_allreduce_int32(&_c_w, GMD_MIN);");
    cg_line(em, "%s = _c_k;", key);
    for (int i = 1; i < n; i++)
        cg_line(em, "gmd_bcast(&%s, sizeof %s, (int)_c_w);", cg_name(em, ys[i].sym), cg_name(em, ys[i].sym));
    em->indent--;
    cg_line(em, "}");
}

/* The syncs ys[0..n) in order; k0: the tag of ys[0]'s scalar temporaries. */
static void emit_syncs(cg_emit *em, const cg_dist *cd, const gma_sync *ys, int n, int k0)
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
                    emit_arg_reduce(em, cd, ys + i, j - i);
                else
                    emit_arg_allreduce(em, cd, ys + i, j - i);
                i = j - 1;
                continue;
            }
        }
        if (is_payload(y)) {
            cg_unsupported(em, y->loc, "an arg-min/max payload reduced apart from its key");
            continue;
        }
        emit_sync(em, cd, y, k0 + i);
    }
}

bool cg_dist_stmt(cg_emit *em, cg_dist *st, const gm_stmt *s)
{
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
    emit_syncs(em, st, before, nb, base);
    for (int i = 0; i < na; i++)
        if (after[i].kind == GMA_SYNC_ALLREDUCE)
            emit_allreduce_prepare(em, &after[i], base + i);
    st->bypass = s;
    cg_stmt(em, s);
    st->bypass = NULL;
    emit_syncs(em, st, after, na, base);
    return true;
}

/* ---- loops ---------------------------------------------------------------- */

void cg_dist_min_label(cg_emit *em, const cg_dist *cd, const gm_stmt *s)
{
    const gm_symbol *p = s->min_label;
    const bool wide = p->type->elem->kind == GMT_LONG;
    if (cd->report)
        fprintf(stderr, "%s:%d: %s -> the minimum-label fixpoint over both edge directions (gm_opt/min_label.c): "
                "each node's %s becomes the smallest in its weakly connected component, by union-find on each "
                "rank's part (owners and ghosts), then a min reduce and a broadcast of %s over the partition, in "
                "rounds until no rank's labels change (gmd_%smin_label_components); the syncs planned inside the "
                "loop do not run\n",
                em->src_base, s->loc.line, s->kind == GMS_WHILE ? "While" : "Do-While", p->name, p->name,
                cd->tg && cd->tg->min_label ? "gpu_" : "");
    cg_min_label_open(em, s, "by a union-find on each rank's part, then rounds of a min",
                      "reduce and a broadcast over the partition until no rank's labels change");
    if (cd->tg && cd->tg->min_label) {
        cd->tg->min_label(em, dname(cd), p, wide);
    } else {
        cg_line(em, "if (gmd_min_label_components_%s(%s, %s) < 0)", wide ? "i64" : "i32", dname(cd), cg_name(em, p));
        cg_line(em, "    gmrt_fatal(\"out of memory: cannot label the components\");");
    }
    cg_min_label_close(em, s);
}

const char *cg_dist_node_list(cg_emit *em, cg_dist *st, const gm_stmt *s, const char **decl)
{
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
        st->nglobal = cg_strf("((int64_t)%s->global_nodes)", dname(st));
        return st->nglobal;
    }
    bool all = st->syncs && gma_sync_span(st->syncs, s) == GMA_SPAN_ALL_LOCAL;
    (void)s;
    return all ? "_c_nlocal" : "_c_nowned";
}

/* ---- expressions -------------------------------------------------------- */

/* An end of an edge test as a local id of the rank's CSR: a loop iterator's
 * own (a local id already), else its Node value's (a global id) looked up
 * (lid: "_c_lid(D, " or the device's "_c_dlid("; -1: not on this rank). */
static void edge_end(cg_emit *em, const cg_dist *cd, const gm_expr *x, const char *lid)
{
    if (is_local_iter(cd, x)) {
        cg_expr(em, x);
        return;
    }
    cg_printf(em, "%s(int64_t)(", lid);
    cg_node_value(em, x);
    cg_printf(em, "))");
}

void cg_dist_edge_test(cg_emit *em, const cg_dist *cd, const gm_expr *e, const char *lid)
{
    bool to = e->builtin == GMB_NODE_HAS_EDGE_TO;
    int own = gma_sync_edge_test_end(e);
    const gm_expr *own_x = own == 0 ? (to ? e->a : e->args) : own == 1 ? (to ? e->args : e->a) : NULL;
    if (!own_x || !is_local_iter(cd, own_x)) {
        /* gma_sync_check refused it first (dist-unsupported): not reached */
        cg_unsupported(em, e->loc, "an edge test without a parallel node loop's own node with --distributed");
        cg_printf(em, "false");
        return;
    }
    const gm_expr *src = to ? e->a : e->args, *dst = to ? e->args : e->a;
    const gm_expr *other = own_x == src ? dst : src;
    /* the edge src -> dst is on this rank if it is anywhere: the own end's
     * row (out under policy out or both, in under in or both: the
     * procedure's policy check) is complete here, rows are sorted by local
     * id; an other end that is not a local node has no edge here */
    char *g = cg_strf("%s_has_edge(%s, ", em->tg->runtime(em), cg_graph_of(em, e->a->type));
    if (is_local_iter(cd, other)) {
        cg_printf(em, "%s", g);
        cg_expr(em, src);
        cg_printf(em, ", ");
        cg_expr(em, dst);
        cg_printf(em, ")");
    } else { /* ({ l = lid(other); l >= 0 && has_edge(own, l) }), in the edge's order */
        char *l = cg_fresh(em, "l");
        cg_printf(em, "({ const gm_node_t %s = ", l);
        edge_end(em, cd, other, lid);
        cg_printf(em, "; %s >= 0 && %s", l, g);
        if (other == src) {
            cg_printf(em, "%s, ", l);
            cg_expr(em, dst);
        } else {
            cg_expr(em, src);
            cg_printf(em, ", %s", l);
        }
        cg_printf(em, "); })");
        free(l);
    }
    free(g);
}

bool cg_dist_builtin(cg_emit *em, const cg_dist *cd, const gm_expr *e)
{
    const char *d = dname(cd);
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
    case GMB_NODE_HAS_EDGE_TO: /* at a loop's own node: its complete row */
    case GMB_NODE_IS_NBR_FROM: {
        char *lid = cg_strf("_c_lid(%s, ", d);
        cg_dist_edge_test(em, cd, e, lid);
        free(lid);
        return true;
    }
    case GMB_NODE_NUM_NBRS:
    case GMB_NODE_NUM_IN_NBRS:
        if (!is_local_iter(cd, r)) {
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

bool cg_dist_node_value(cg_emit *em, const cg_dist *cd, const gm_expr *e)
{
    if (is_local_iter(cd, e)) {
        cg_printf(em, "_c_gid(%s, %s)", dname(cd), cg_name(em, e->sym));
        return true;
    }
    /* an edge's ends and a random neighbour are the rank's local ids (its
     * CSR's): as a Node value, their global ids (NIL stays NIL) */
    if (e->kind == GME_CALL && (e->builtin == GMB_EDGE_TO_NODE || e->builtin == GMB_EDGE_FROM_NODE ||
                                e->builtin == GMB_NODE_PICK_RANDOM_NBR)) {
        cg_printf(em, "_c_gid_or_nil(%s, ", dname(cd));
        cg_expr(em, e);
        cg_printf(em, ")");
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

bool cg_dist_prop_read(cg_emit *em, const cg_dist *cd, const gm_expr *e)
{
    if (em->par_depth > 0 || e->kind != GME_PROP || !e->a || is_local_iter(cd, e->a) || !e->sym ||
        !e->sym->type || e->sym->type->kind != GMT_NODE_PROP)
        return false;
    gm_type_kind ek = cg_dist_elem_kind(e->sym);
    char *get = cd->tg && cd->tg->elem_get ? cd->tg->elem_get(em, e->sym, "_c_g - _c_d->block[_c_d->rank]") : NULL;
    if (get) { /* the owner reads its one element where it is, then sends it */
        cg_printf(em, "({ const gmd_graph *const _c_d = %s; const int64_t _c_g = (int64_t)(", dname(cd));
        cg_expr(em, e->a);
        cg_printf(em, "); if (_c_g < 0 || _c_g >= _c_d->global_nodes) gmrt_fatal(\"%s: reading %s of a node out of "
                      "range\"); const int _c_o = gmd_owner(_c_d, _c_g); %s _c_v = %s(); if (_c_o == _c_d->rank) _c_v = "
                      "%s; gmd_bcast(&_c_v, sizeof _c_v, _c_o); _c_v; })",
                  em->proc->name, e->sym->name, cg_prim_ctype(ek), cg_prim_ctype(ek), get);
        free(get);
        return true;
    }
    cg_printf(em, "({ %s _c_v; if (!gmd_owner_read(%s, (int64_t)(", cg_prim_ctype(ek), dname(cd));
    cg_expr(em, e->a);
    char *h = host_array(em, cd, e->sym);
    cg_printf(em, "), %s, %s, &_c_v)) gmrt_fatal(\"%s: reading %s of a node out of range\"); _c_v; })", h,
               cg_gmrt_type(ek), em->proc->name, e->sym->name);
    free(h);
    return true;
}

/* Whether host code's write or reduction s reaches an element of a node
 * property through a node that need not be this rank's. */
static bool remote_target(const cg_emit *em, const cg_dist *cd, const gm_stmt *s)
{
    const gm_expr *l = s->lhs;
    return em->par_depth == 0 && l->kind == GME_PROP && l->a && !is_local_iter(cd, l->a) && l->sym &&
           l->sym->type && l->sym->type->kind == GMT_NODE_PROP;
}

static void owner_store(cg_emit *em, const cg_dist *cd, const gm_expr *l, gm_type_kind ek);

bool cg_dist_prop_write(cg_emit *em, const cg_dist *cd, const gm_stmt *s)
{
    if (!remote_target(em, cd, s))
        return false;
    const gm_expr *l = s->lhs;
    gm_type_kind ek = cg_dist_elem_kind(l->sym);
    cg_line(em, "{");
    em->indent++;
    cg_start_line(em);
    cg_printf(em, "%s _c_v = ", cg_prim_ctype(ek));
    const bool narrowed = cg_long_into_int(ek, s->rhs);
    if (narrowed)
        cg_printf(em, "(%s)(", cg_prim_ctype(ek));
    if (ek == GMT_NODE)
        cg_node_value(em, s->rhs);
    else
        cg_expr(em, s->rhs);
    cg_printf(em, "%s;\n", narrowed ? ")" : "");
    owner_store(em, cd, l, ek);
    return true;
}

/* A reduction: every rank reads the element from its owner, applies the
 * update (host code runs alike everywhere), and the owner stores it. */
bool cg_dist_prop_reduce(cg_emit *em, const cg_dist *cd, const gm_stmt *s)
{
    if (s->kind != GMS_ASSIGN || !remote_target(em, cd, s))
        return false;
    gm_type_kind ek = cg_dist_elem_kind(s->lhs->sym);
    cg_line(em, "{");
    em->indent++;
    cg_start_line(em);
    cg_printf(em, "%s _c_cur = ", cg_prim_ctype(ek));
    cg_dist_prop_read(em, cd, s->lhs);
    cg_printf(em, ";\n");
    cg_reduce_into(em, s, "_c_cur");
    cg_line(em, "%s _c_v = _c_cur;", cg_prim_ctype(ek));
    owner_store(em, cd, s->lhs, ek);
    return true;
}

/* The tail of both: _c_v to the element's owner; closes the block. */
static void owner_store(cg_emit *em, const cg_dist *cd, const gm_expr *l, gm_type_kind ek)
{
    cg_start_line(em);
    /* a NIL or out-of-range node stops every rank (host code: the same
     * value everywhere), as the read does and the single-process program
     * does; then the owner stores it */
    cg_printf(em, "int64_t _c_g = (int64_t)(");
    cg_expr(em, l->a);
    cg_printf(em, ");\n");
    cg_line(em, "if (_c_g < 0 || _c_g >= %s->global_nodes)", dname(cd));
    cg_line(em, "    gmrt_fatal(\"%s: writing %s of a node out of range\");", em->proc->name, l->sym->name);
    char *at = cg_strf("_c_g - %s->block[%s->rank]", dname(cd), dname(cd));
    char *set = cd->tg && cd->tg->elem_set ? cd->tg->elem_set(em, l->sym, at, "_c_v") : NULL;
    free(at);
    if (set) { /* one element where the current copy is */
        cg_line(em, "if (gmd_owner(%s, _c_g) == %s->rank) /* the owner stores it */", dname(cd), dname(cd));
        cg_line(em, "    %s;", set);
        free(set);
        em->indent--;
        cg_line(em, "}");
        return;
    }
    cg_start_line(em);
    char *h = host_array(em, cd, l->sym);
    cg_printf(em, "(void)gmd_owner_write(%s, _c_g, %s, %s, &_c_v); /* the owner stores it */\n", dname(cd), h,
              cg_gmrt_type(ek));
    free(h);
    host_wrote(em, cd, l->sym);
    em->indent--;
    cg_line(em, "}");
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
        cg_dist_bfs_directions(s, &d[0], &d[1]);
    return true;
}

static bool dir_expr(const gm_expr *e, void *vctx)
{
    bool *d = vctx;
    if (e->kind == GME_REDUCE) {
        d[0] |= e->iter.range == GMR_NBRS;
        d[1] |= e->iter.range == GMR_IN_NBRS;
    }
    /* an edge test reads its own end's row: the source's out-row, the
     * destination's in-row (gma_sync_edge_test_end) */
    int end = gma_sync_edge_test_end(e);
    if (end >= 0)
        d[end] = true;
    return true;
}

/* Up/Down neighbours of a BFS body: the in- and out-rows. */
static bool updown_stmt(const gm_stmt *s, void *vctx)
{
    bool *d = vctx;
    if (s->kind == GMS_FOREACH) {
        d[0] |= s->iter.range == GMR_DOWN_NBRS;
        d[1] |= s->iter.range == GMR_UP_NBRS;
    }
    return true;
}

static bool updown_expr(const gm_expr *e, void *vctx)
{
    bool *d = vctx;
    if (e->kind == GME_REDUCE) {
        d[0] |= e->iter.range == GMR_DOWN_NBRS;
        d[1] |= e->iter.range == GMR_UP_NBRS;
    }
    return true;
}

bool cg_dist_bfs_level_sends(cg_emit *em, const gma_sync *y, const gm_symbol *skip)
{
    if (y->sym == skip)
        return false;
    if (y->kind != GMA_SYNC_BROADCAST) {
        cg_unsupported(em, y->loc, "this sync of a BFS level with --distributed");
        return false;
    }
    return true;
}

bool cg_dist_bfs_settleable(const gm_stmt *s)
{
    return !s->rev_body && !s->navigator && (!s->body || gmo_bfs_levels_prop(s) || cg_bfs_body_is_local(s));
}

void cg_dist_bfs_loop_begin(cg_emit *em, const cg_dist_bfs_vars *v)
{
    cg_line(em, "for (;;) {");
    em->indent++;
    cg_line(em, "int64_t _c_nf = %s - %s;", v->tail, v->head);
    cg_line(em, "gmd_allreduce_int64(&_c_nf, GMD_SUM); /* the global frontier size */");
    cg_line(em, "if (_c_nf == 0)");
    cg_line(em, "    break;");
    cg_line(em, "if ((size_t)%s + 2 > %s) {", v->nlev, v->scap);
    cg_line(em, "    %s *= 2;", v->scap);
    cg_line(em, "    int64_t *_c_t = (int64_t *)realloc(%s, %s * sizeof(int64_t));", v->start, v->scap);
    cg_line(em, "    if (!_c_t)");
    cg_line(em, "        gmrt_fatal(\"out of memory: BFS levels\");");
    cg_line(em, "    %s = _c_t;", v->start);
    cg_line(em, "}");
    cg_line(em, "%s[%s++] = %s;", v->start, v->nlev, v->head);
}

void cg_dist_bfs_loop_end(cg_emit *em, const cg_dist_bfs_vars *v)
{
    cg_line(em, "%s = %s;", v->head, v->tail);
    cg_line(em, "%s = %s;", v->tail, v->next);
    cg_line(em, "%s++;", v->depth);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "%s[%s] = %s;", v->start, v->nlev, v->head);
    cg_line(em, "gmd_count_bfs_levels(%s); /* the driver notes graphs of thousands of levels */", v->nlev);
}

void cg_dist_bfs_reverse_begin(cg_emit *em, const cg_dist_bfs_vars *v, const char *l)
{
    cg_line(em, "/* InReverse: from the deepest level back to the root, on every rank alike */");
    cg_line(em, "for (int64_t %s = %s - 1; %s >= 0; %s--) { /* the same count on every rank */", l, v->nlev, l, l);
    em->indent++;
}

void cg_dist_bfs_end(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *outer)
{
    if (s->rev_body) {
        em->indent--;
        cg_line(em, "}");
    }
    em->bfs = outer;
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
}

void cg_dist_bfs_directions(const gm_stmt *s, bool *out, bool *in)
{
    /* a body that only fills the level property (bfs.gm) is not emitted:
     * the levels come from the traversal itself (gmo_bfs_levels_prop) */
    bool levels_in_prop = gmo_bfs_levels_prop(s) != NULL;
    bool d[2] = {true, false}; /* the expansion walks out-rows */
    if (s->body && !levels_in_prop)
        gma_walk(s->body, false, updown_stmt, updown_expr, d);
    if (s->rev_body)
        gma_walk(s->rev_body, false, updown_stmt, updown_expr, d);
    *out |= d[0];
    *in |= d[1];
}

void cg_dist_directions(const gm_proc *proc, bool *out, bool *in)
{
    bool d[2] = {false, false};
    gma_walk(proc->body, false, dir_stmt, dir_expr, d);
    *out = d[0];
    *in = d[1];
}

bool cg_dist_proc_begin(cg_emit *em, cg_dist *st, const gm_proc *proc)
{
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
    cg_line(em, "(void)_c_local; /* a body that only reaches nodes through the owners may not use it */");
    cg_set_name(em, graph->sym, "_c_local");
    cg_line(em, "const gm_node_t _c_nowned = %s->num_owned, _c_nlocal = gmd_num_local(%s);", d, d);
    cg_line(em, "(void)_c_nowned;");
    cg_line(em, "(void)_c_nlocal;");
    if (!st->no_epoch) {
        cg_line(em, "uint64_t _c_epoch = 0; /* counts parallel loops: keys the per-node random streams */");
        cg_line(em, "(void)_c_epoch;");
    }
    bool reverse = false, edge_src = false;
    /* a device target's graph upload (the CUDA runtime's) builds what it needs:
     * the reverse rows on the host, the reverse edge map and the edge
     * sources on the device only (8 bytes an edge of host memory less each
     * with 64-bit edges, 4 less for the sources) */
    if (!st->tg)
        cg_graph_needs(proc->body, &reverse, &edge_src);
    if (reverse)
        cg_line(em, "if (!gmrt_graph_make_reverse(_c_local))\n        gmrt_fatal(\"out of memory: cannot build the reverse edges\");");
    if (edge_src)
        cg_line(em, "if (!gmrt_graph_make_edge_src(_c_local))\n        gmrt_fatal(\"out of memory: cannot build the edge sources\");");
    bool out = false, in = false;
    cg_dist_directions(proc, &out, &in);
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

static bool edge_test_expr(const gm_expr *e, void *vctx)
{
    bool *found = vctx;
    *found = *found || (e->kind == GME_CALL && (e->builtin == GMB_NODE_HAS_EDGE_TO || e->builtin == GMB_NODE_IS_NBR_FROM));
    return !*found;
}

bool cg_dist_uses_edge_test(const gm_program *p)
{
    bool found = false;
    for (const gm_proc *q = p ? p->procs : NULL; q && !found; q = q->next)
        if (q->body)
            gma_walk(q->body, false, NULL, edge_test_expr, &found);
    return found;
}

void cg_dist_gid_helper(cg_emit *em)
{
    cg_printf(em, "/* The global id of local id v: owners first, then the ghosts in global order. */\n"
                  "static inline __attribute__((unused)) gm_node_t _c_gid(const gmd_graph *D, gm_node_t v)\n{\n"
                  "    return v < D->num_owned ? (gm_node_t)(D->block[D->rank] + v)\n"
                  "                            : (gm_node_t)D->ghost_gid[v - D->num_owned];\n}\n"
                  "/* The same for a value that may be NIL (an edge's end, a random neighbour). */\n"
                  "static inline __attribute__((unused)) gm_node_t _c_gid_or_nil(const gmd_graph *D, gm_node_t v)\n{\n"
                  "    return v < 0 ? v : _c_gid(D, v);\n}\n\n");
    if (!cg_dist_uses_edge_test(em->prog))
        return;
    cg_printf(em, "/* The local id of global id g: an owner's by its block, a ghost's by a binary search of\n"
                  " * ghost_gid; -1 when g is neither (no edge of this rank touches it). */\n"
                  "static inline __attribute__((unused)) gm_node_t _c_lid(const gmd_graph *D, int64_t g)\n{\n"
                  "    const int64_t o = g - D->block[D->rank];\n"
                  "    if (o >= 0 && o < D->num_owned)\n"
                  "        return (gm_node_t)o;\n"
                  "    int64_t lo = 0, hi = D->num_ghosts;\n"
                  "    while (lo < hi) {\n"
                  "        const int64_t mid = lo + (hi - lo) / 2;\n"
                  "        if (D->ghost_gid[mid] < g)\n"
                  "            lo = mid + 1;\n"
                  "        else\n"
                  "            hi = mid;\n"
                  "    }\n"
                  "    return lo < D->num_ghosts && D->ghost_gid[lo] == g ? (gm_node_t)(D->num_owned + lo) : -1;\n}\n\n");
}

void cg_dist_free(cg_dist *cd)
{
    free(cd->dgraph);
    cd->dgraph = NULL;
    free(cd->nglobal);
    cd->nglobal = NULL;
}
