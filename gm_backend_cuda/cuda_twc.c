/* cuda_twc.c: node loops whose work is a neighbour loop, load-balanced.
 *
 * One thread per node leaves a skewed graph's hubs to single threads: on
 * RMAT a few nodes hold a large share of the edges. The TWC form (gmcu.h
 * gmcu_twc) hands each node's edges to its whole block, its warp or itself
 * by degree. Two shapes get it:
 *  - push: Foreach (n) [If (c)] Foreach (t: n.Nbrs|InNbrs) body, where body
 *    writes nothing of n (edges of one node may then run on any thread);
 *  - pull: a node body whose first work is one reduction over n's
 *    neighbours into a local (the desugared Sum/Count/Min/Max/Exist/All),
 *    computed cooperatively and handed back to n's thread, which then runs
 *    the rest of the body (PageRank, conductance).
 * The kernels loop uniformly (every thread of a block runs the same number
 * of rounds, idle ones with an empty range), as the block-wide steps need. */
#include "builtins.h"
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

/* ---- shapes ---------------------------------------------------------------- */

typedef struct writes_ctx {
    const gm_symbol *outer;
    bool ok;
} writes_ctx;

static bool no_write_of_outer(const gm_stmt *s, void *vctx)
{
    writes_ctx *c = vctx;
    if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX)
        for (const gm_expr *l = s->lhs; l; l = l->next)
            if (l->kind == GME_PROP && l->a && l->a->kind == GME_ID && l->a->sym == c->outer)
                c->ok = false;
    return c->ok;
}

/* The only statement of a block (or s itself), NULL when there are more. */
static const gm_stmt *single(const gm_stmt *s)
{
    if (s && s->kind == GMS_BLOCK) {
        s = s->body;
        if (!s || s->next)
            return NULL;
    }
    return s;
}

/* A neighbour loop of the outer iterator (Up/DownNbrs inside a BFS body). */
static bool is_nbr_loop(const gm_stmt *in, const gm_symbol *outer, bool in_bfs)
{
    if (!in || in->kind != GMS_FOREACH || !in->iter.source || in->iter.source->kind != GME_ID ||
        in->iter.source->sym != outer)
        return false;
    gm_range_kind r = in->iter.range;
    return r == GMR_NBRS || r == GMR_IN_NBRS || (in_bfs && (r == GMR_UP_NBRS || r == GMR_DOWN_NBRS));
}

/* The body of a node loop with an If (no Else) around all of it taken off. */
static const gm_stmt *unwrap_if(const gm_stmt *body, const gm_expr **cond)
{
    *cond = NULL;
    const gm_stmt *one = single(body);
    if (one && one->kind == GMS_IF && !one->else_stmt) {
        *cond = one->cond;
        return one->then_stmt;
    }
    return body;
}

const gm_stmt *cuda_collapsible(const gm_stmt *s, const gm_expr **cond)
{
    if (s->iter.range != GMR_NODES || !s->body)
        return NULL;
    const gm_stmt *in = single(unwrap_if(s->body, cond));
    if (!is_nbr_loop(in, s->iter.sym, false) || !in->parallel)
        return NULL;
    writes_ctx c = {s->iter.sym, true};
    gma_walk(in->body, false, no_write_of_outer, NULL, &c);
    return c.ok ? in : NULL;
}

/* The pull shape: decls (a literal, the outer node's property or no
 * initializer), then neighbour loops whose bodies are each one reduction
 * `x op= value` (maybe under an If) into one of those locals, then
 * anything. */
enum { PULL_MAX_LOOPS = 4 };
typedef struct pull_shape {
    const gm_expr *cond;     /* If around the whole body, or NULL */
    const gm_stmt *decls;    /* the first statement (a decl) or the loop */
    const gm_stmt *rest;     /* statements after a block that held all this */
    const gm_stmt *lead;     /* declarations without initializer before that block */
    const gm_stmt *lead_end; /* the block after them */
    /* the neighbour loops, one after the other, each a reduction (maybe
     * under an If) into one of the decls: WCC's min over Nbrs then InNbrs */
    const gm_stmt *loops[PULL_MAX_LOOPS];
    const gm_stmt *reds[PULL_MAX_LOOPS];
    const gm_expr *red_conds[PULL_MAX_LOOPS];
    int nloops;
    /* When the pull is not the body's first work: statements before it (no
     * declarations), the If (no Else) that holds it, and what follows. */
    const gm_stmt *pre, *holder, *post;
} pull_shape;

static bool reducible_op(gm_assign_op op, gm_type_kind k)
{
    switch (op) {
    case GMA_PLUS:
    case GMA_MULT:
    case GMA_MIN:
    case GMA_MAX: /* node ids compare as Ints */
        return k == GMT_INT || k == GMT_LONG || k == GMT_FLOAT || k == GMT_DOUBLE || k == GMT_NODE;
    case GMA_AND:
    case GMA_OR:
        return k == GMT_BOOL;
    default:
        return false;
    }
}

typedef struct reads_ctx {
    const bool *declared;     /* kernel-private symbols */
    const gm_symbol *outer, *inner;
    int nsyms;
    bool ok;
} reads_ctx;

/* The value may read the two iterators and the kernel's parameters, nothing
 * private to n's thread (another thread may compute it). */
static bool reads_only_shared(const gm_expr *e, void *vctx)
{
    reads_ctx *c = vctx;
    if (e->kind == GME_ID && e->sym && e->sym != c->outer && e->sym != c->inner &&
        gm_symbol_id_below(e->sym, c->nsyms) && c->declared[e->sym->id])
        c->ok = false;
    return c->ok;
}

static bool expr_reads_only_shared(cg_emit *em, const cuda_capture *cap, const gm_expr *e,
                                   const gm_symbol *outer, const gm_symbol *inner)
{
    if (!e)
        return true;
    reads_ctx c = {cap->declared, outer, inner, em->nsyms, true};
    gm_stmt wrap;
    memset(&wrap, 0, sizeof wrap);
    wrap.kind = GMS_CALL;
    wrap.value = (gm_expr *)e;
    gma_walk(&wrap, false, NULL, reads_only_shared, &c);
    return c.ok;
}

/* A decl's initializer every thread of the uniform loop may evaluate (an
 * idle one has node 0): a literal or a property of the outer node. */
static bool uniform_init(const gm_expr *e, const gm_symbol *outer)
{
    return !e || cg_is_literal(e) ||
           (e->kind == GME_PROP && e->a && e->a->kind == GME_ID && e->a->sym == outer);
}

/* Whether loop `st` is a neighbour loop whose body is one reduction into a
 * decl of [list, first); fills slot k of p. */
static bool pull_loop(cg_emit *em, const gm_symbol *outer, const gm_stmt *list, const gm_stmt *first,
                      const gm_stmt *st, const cuda_capture *cap, bool in_bfs, pull_shape *p, int k)
{
    if (!is_nbr_loop(st, outer, in_bfs))
        return false;
    const gm_stmt *r = single(st->body);
    const gm_expr *rc = NULL;
    if (r && r->kind == GMS_IF && !r->else_stmt) {
        rc = r->cond;
        r = single(r->then_stmt);
    }
    if (!r || r->kind != GMS_ASSIGN || !r->lhs || r->lhs->kind != GME_ID || !r->lhs->sym ||
        !reducible_op(r->assign_op, r->lhs->sym->type->kind))
        return false;
    bool local = false; /* the target is one of the decls before the loops */
    for (const gm_stmt *d = list; d != first; d = d->next)
        for (const gm_name *n = d->names; n; n = n->next)
            if (n->sym == r->lhs->sym)
                local = true;
    const gm_symbol *in = st->iter.sym;
    if (!local || !expr_reads_only_shared(em, cap, r->rhs, outer, in) ||
        !expr_reads_only_shared(em, cap, rc, outer, in) || !expr_reads_only_shared(em, cap, st->iter.filter, outer, in))
        return false;
    p->loops[k] = st;
    p->reds[k] = r;
    p->red_conds[k] = rc;
    return true;
}

/* decls; the neighbour reduction loops: at the start of list. */
static bool pull_core(cg_emit *em, const gm_symbol *outer, const gm_stmt *list, const cuda_capture *cap,
                      bool in_bfs, pull_shape *p)
{
    p->decls = list;
    const gm_stmt *st = list;
    for (; st && st->kind == GMS_DECL; st = st->next)
        if (!uniform_init(st->init, outer))
            return false;
    const gm_stmt *first = st;
    p->nloops = 0;
    for (; p->nloops < PULL_MAX_LOOPS && st; st = st->next, p->nloops++)
        if (!pull_loop(em, outer, list, first, st, cap, in_bfs, p, p->nloops))
            break;
    return p->nloops > 0;
}

static const gm_stmt *block_list(const gm_stmt *s)
{
    return s && s->kind == GMS_BLOCK ? s->body : s;
}

static bool pull_shape_of(cg_emit *em, const gm_symbol *outer, const gm_stmt *whole,
                          const cuda_capture *cap, bool in_bfs, pull_shape *p)
{
    memset(p, 0, sizeof *p);
    if (!whole)
        return false;
    const gm_stmt *list = block_list(unwrap_if(whole, &p->cond));
    /* scalars a pass declared for the whole body (prop_scalar.c) */
    const gm_stmt *first = list;
    while (first && first->kind == GMS_DECL && !first->init)
        first = first->next;
    if (first && first->kind == GMS_BLOCK) { /* [decls;] { decls; loop; ... } more */
        if (pull_core(em, outer, first->body, cap, in_bfs, p)) {
            p->lead = first == list ? NULL : list;
            p->lead_end = first;
            p->rest = first->next;
            return true;
        }
    } else if (pull_core(em, outer, list, cap, in_bfs, p)) {
        return true;
    }
    /* Per-thread statements, then If (c) { decls; loop; ... } or a plain
     * block, then more (after fusion: conductance's three sums in one loop;
     * WCC's copy of the label before its block). */
    for (const gm_stmt *t = list; t; t = t->next) {
        if (t->kind == GMS_DECL)
            return false; /* would be scoped inside the per-thread part */
        if (((t->kind == GMS_IF && !t->else_stmt && pull_core(em, outer, block_list(t->then_stmt), cap, in_bfs, p)) ||
             (t->kind == GMS_BLOCK && t != list && pull_core(em, outer, t->body, cap, in_bfs, p)))) {
            p->pre = t == list ? NULL : list;
            p->holder = t;
            p->post = t->next;
            return true;
        }
    }
    return false;
}

/* ---- emission -------------------------------------------------------------- */

static const char *op_functor(gm_assign_op op)
{
    switch (op) {
    case GMA_MULT: return "gmcu_op_mul";
    case GMA_MIN: return "gmcu_op_min";
    case GMA_MAX: return "gmcu_op_max";
    case GMA_AND: return "gmcu_op_and";
    case GMA_OR: return "gmcu_op_or";
    default: return "gmcu_op_add";
    }
}

const char *cuda_identity(gm_assign_op op, gm_type_kind k)
{
    bool fl = cg_is_float(k);
    switch (op) {
    case GMA_MULT: return "1";
    case GMA_AND: return "true";
    case GMA_OR: return "false";
    case GMA_MIN:
        return fl ? (k == GMT_FLOAT ? "INFINITY" : "(double)INFINITY")
                  : k == GMT_LONG ? "INT64_MAX" : "INT32_MAX";
    case GMA_MAX:
        return fl ? (k == GMT_FLOAT ? "-INFINITY" : "-(double)INFINITY")
                  : k == GMT_LONG ? "INT64_MIN" : "INT32_MIN";
    default: return "0";
    }
}

/* Where a TWC kernel's nodes come from: all of the graph's nodes, or a BFS
 * level's slice of the visit queue. */
typedef struct twc_nodes {
    const char *g;            /* the graph's C name */
    const char *queue;        /* NULL: node i is i; otherwise queue[i] over [_c_from, _c_to) */
    const cg_bfs_ctx *bfs;   /* the BFS whose body this is (Up/DownNbrs), or NULL */
    const char *hi;           /* with no queue: the end of the node range (NULL: the graph's num_nodes;
                                 --distributed: the owners or every local node, cuda_dist_node_hi) */
} twc_nodes;

/* `if (_c_act && !(e)) _c_act = false;` */
static void narrow_active(cg_emit *em, const gm_expr *e)
{
    if (!e)
        return;
    cg_start_line(em);
    cg_printf(em, "if (_c_act && !(");
    cg_expr(em, e);
    cg_printf(em, ")) _c_act = false;\n");
}

/* The uniform loop's head: n, and whether this thread has a node that passes
 * the loop's filter and the If around the body. */
static void uniform_head(cg_emit *em, const twc_nodes *ns, const gm_symbol *iter,
                         const gm_expr *filter, const gm_expr *cond)
{
    const char *n = cg_name(em, iter);
    if (ns->queue) {
        cg_line(em, "for (int64_t _c_base = _c_from + (int64_t)blockIdx.x * blockDim.x; _c_base < _c_to; "
                     "_c_base += (int64_t)gridDim.x * blockDim.x) {");
        em->indent++;
        cg_line(em, "const int64_t _c_i = _c_base + threadIdx.x;");
        cg_line(em, "bool _c_act = _c_i < _c_to;");
        cg_line(em, "const gm_node_t %s = _c_act ? %s[_c_i] : 0;", n, ns->queue);
    } else {
        char *hi = ns->hi ? cg_strf("%s", ns->hi) : cg_strf("%s->num_nodes", ns->g);
        cg_line(em, "for (int64_t _c_base = (int64_t)blockIdx.x * blockDim.x; _c_base < %s; "
                     "_c_base += (int64_t)gridDim.x * blockDim.x) {", hi);
        em->indent++;
        cg_line(em, "const int64_t _c_i = _c_base + threadIdx.x;");
        cg_line(em, "bool _c_act = _c_i < %s;", hi);
        free(hi);
        cg_line(em, "const gm_node_t %s = (gm_node_t)(_c_act ? _c_i : 0);", n);
    }
    narrow_active(em, filter);
    narrow_active(em, cond);
}

/* Whether the inner loop walks in-edges (Up/DownNbrs: against or along the
 * traversal). */
static bool walks_reverse(const twc_nodes *ns, const gm_stmt *in)
{
    switch (in->iter.range) {
    case GMR_IN_NBRS: return true;
    case GMR_UP_NBRS: return !ns->bfs->transposed;
    case GMR_DOWN_NBRS: return ns->bfs->transposed;
    default: return false;
    }
}

/* The edge range of n, empty for an idle thread. */
static char *edge_range(cg_emit *em, const gm_symbol *iter, const char *g, bool rev)
{
    const char *n = cg_name(em, iter), *b = rev ? "r_begin" : "begin";
    return cg_strf("_c_act ? %s->%s[%s] : 0, _c_act ? %s->%s[%s + 1] : 0", g, b, n, g, b, n);
}

/* Inside the per-edge lambda: the inner iterator, its edge, and for
 * Up/DownNbrs the level test (`skip`: what leaves this edge out). */
static void bind_inner(cg_emit *em, const twc_nodes *ns, const gm_stmt *in, const gm_symbol *outer,
                       bool used, const char *skip)
{
    const char *g = ns->g;
    bool rev = walks_reverse(ns, in);
    if (gm_symbol_id_below(in->iter.sym, em->nsyms)) {
        free(em->edge_of[in->iter.sym->id]);
        em->edge_of[in->iter.sym->id] = rev ? cg_strf("%s->r_edge_idx[_c_e]", g) : cg_strf("_c_e");
    }
    bool updown = in->iter.range == GMR_UP_NBRS || in->iter.range == GMR_DOWN_NBRS;
    const char *t = cg_name(em, in->iter.sym);
    cg_line(em, "%sconst gm_node_t %s = %s->%s[_c_e];", used || updown ? "" : "__attribute__((unused)) ",
             t, g, cuda_nbr_ids(em, in->iter.sym, rev));
    /* an unreached node (level -1) is not the root's UpNbr (cg_bfs_updown_loop) */
    if (in->iter.range == GMR_UP_NBRS)
        cg_line(em, "if (%s[%s] != %s[%s] - 1 || %s[%s] < 0) %s;", ns->bfs->level, t, ns->bfs->level,
                 cg_name(em, outer), ns->bfs->level, t, skip);
    else if (updown)
        cg_line(em, "if (%s[%s] != %s[%s] + 1) %s;", ns->bfs->level, t, ns->bfs->level, cg_name(em, outer), skip);
}

/* The uniform loop of the push form (inside a kernel being emitted). */
static void push_loop(cg_emit *em, const twc_nodes *ns, const gm_stmt *s, const gm_stmt *in, const gm_expr *cond)
{
    uniform_head(em, ns, s->iter.sym, s->iter.filter, cond);
    char *range = edge_range(em, s->iter.sym, ns->g, walks_reverse(ns, in));
    const char *n = cg_name(em, s->iter.sym);
    cg_line(em, "gmcu_twc(%s, %s, [&](gm_node_t %s, gm_edge_t _c_e) {", n, range, n);
    free(range);
    em->indent++;
    cg_line(em, "(void)%s;", n);
    cg_line(em, "do { /* a filter's continue skips this edge */");
    em->indent++;
    bool used = gma_sym_used(in->body, false, in->iter.sym) ||
                (in->iter.filter && gma_sym_used_expr(in->iter.filter, in->iter.sym));
    bind_inner(em, ns, in, s->iter.sym, used, "continue");
    cg_loop_body(em, in, NULL);
    em->indent--;
    cg_line(em, "} while (0);");
    em->indent--;
    cg_line(em, "});");
    em->indent--;
    cg_line(em, "}");
}

static char *push_kernel(cg_emit *em, const twc_nodes *ns, const gm_stmt *s, const gm_stmt *in,
                         const gm_expr *cond, const char *params, cuda_capture *c, cuda_launch *l)
{
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, ns->queue ? "the same loop over the worklist, each node's edges by its block, warp or thread (TWC)"
                                                    : "the same loop, each node's edges by its block, warp or thread (TWC)",
                                  s->loc, params, s->iter.sym, GMR_NODES, c, l);
    push_loop(em, ns, s, in, cond);
    cuda_kernel_close(em, &f, c, l);
    return name;
}

bool cuda_twc_queue_push_loop(cg_emit *em, const gm_stmt *s, const char *queue)
{
    twc_nodes ns = {cg_graph_of(em, s->iter.sym->type), queue, NULL, NULL};
    const gm_expr *cond = NULL;
    const gm_stmt *in = cuda_collapsible(s, &cond);
    if (!in)
        return false;
    push_loop(em, &ns, s, in, cond);
    return true;
}

/* The lines of loop K's per-edge value, inside its lambda
 * `[&](gm_node_t n, gm_edge_t _c_e) -> T { ... }`: the edge's other end, the
 * loop's filter and the reduction's If, then the value. */
static void pull_value_body(cg_emit *em, const twc_nodes *ns, const gm_symbol *outer, const pull_shape *p, int k)
{
    const gm_stmt *in = p->loops[k], *red = p->reds[k];
    const gm_expr *rc = p->red_conds[k];
    gm_type_kind kind = red->lhs->sym->type->kind;
    const char *ty = cg_prim_ctype(kind), *id = cuda_identity(red->assign_op, kind);
    em->indent++;
    cg_line(em, "(void)%s;", cg_name(em, outer));
    bool used = gma_sym_used_expr(red->rhs, in->iter.sym) || (rc && gma_sym_used_expr(rc, in->iter.sym)) ||
                (in->iter.filter && gma_sym_used_expr(in->iter.filter, in->iter.sym));
    char *skip = cg_strf("return (%s)%s", ty, id);
    bind_inner(em, ns, in, outer, used, skip);
    const gm_expr *guards[2] = {in->iter.filter, rc};
    for (int i = 0; i < 2; i++)
        if (guards[i]) {
            cg_start_line(em);
            cg_printf(em, "if (!(");
            cg_expr(em, guards[i]);
            cg_printf(em, ")) %s;\n", skip);
        }
    free(skip);
    cg_start_line(em);
    cg_printf(em, "return (%s)(", ty);
    cg_expr(em, red->rhs);
    cg_printf(em, ");\n");
    em->indent--;
}

/* `const T _c_rK = gmcu_twc_reduce<T>(...)`: loop K's reduction over the
 * node's edges by its block, warp or thread (all threads call it); with
 * `hubs`, hub rows by the whole grid (gmcu_launch_pull's MARK phase ends
 * here). */
static void pull_reduce_call(cg_emit *em, const twc_nodes *ns, const gm_symbol *outer, const pull_shape *p, int k,
                             bool blocked, bool hubs)
{
    const gm_stmt *red = p->reds[k];
    gm_type_kind kind = red->lhs->sym->type->kind;
    const char *ty = cg_prim_ctype(kind), *id = cuda_identity(red->assign_op, kind);
    bool rev = walks_reverse(ns, p->loops[k]);
    const char *n = cg_name(em, outer);
    char *range = blocked ? cg_strf("_c_eb, _c_ee") : edge_range(em, outer, ns->g, rev);
    if (blocked)
        cuda_blocking_range(em, ns->g, n, rev);
    cg_line(em, "const %s _c_%c%d = gmcu_twc_reduce<%s>(%s, %s, (%s)%s, %s(), [&](gm_node_t %s, gm_edge_t _c_e) -> %s {",
             ty, blocked ? 'q' : 'r', k, ty, n, range, ty, id, op_functor(red->assign_op), n, ty);
    free(range);
    pull_value_body(em, ns, outer, p, k);
    cg_line(em, hubs ? "}, _c_hubs);" : "});");
    if (hubs)
        cg_line(em, "if (_c_hubs.phase == GMCU_HUBS_MARK) continue; /* hub rows marked: nothing else */");
    if (blocked)
        cuda_blocking_partial(em, ty, op_functor(red->assign_op), n, k);
}

/* The WALK phase of gmcu_launch_pull, at the kernel's start: the hub rows'
 * chunks by the whole grid, with the same per-edge value. */
static void pull_hub_walk(cg_emit *em, const twc_nodes *ns, const gm_symbol *outer, const pull_shape *p)
{
    const gm_stmt *red = p->reds[0];
    gm_type_kind kind = red->lhs->sym->type->kind;
    const char *ty = cg_prim_ctype(kind), *id = cuda_identity(red->assign_op, kind);
    const char *n = cg_name(em, outer);
    cg_line(em, "if (_c_hubs.phase == GMCU_HUBS_WALK) { /* hub rows, a block per chunk (gmcu_launch_pull) */");
    em->indent++;
    cg_line(em, "gmcu_hub_walk<%s>(_c_hubs, (%s)%s, %s(), [&](gm_node_t %s, gm_edge_t _c_e) -> %s {", ty, ty, id,
             op_functor(red->assign_op), n, ty);
    pull_value_body(em, ns, outer, p, 0);
    cg_line(em, "});");
    cg_line(em, "return;");
    em->indent--;
    cg_line(em, "}");
}

/* Whether a pull of this shape splits its hub rows over the grid
 * (gmcu_launch_pull): one reduction, nothing per thread before it (the MARK
 * phase would run it too). */
static bool pull_splits_hubs(cg_emit *em, const pull_shape *p)
{
    (void)em; /* --distributed too: MARK runs in the kernel's node range (the owners) */
    return p->nloops == 1 && !p->holder;
}

/* The kernel parameters, with the hub split's appended when `hubs`. */
static char *hubs_params(const char *params, bool hubs)
{
    if (!hubs)
        return cg_strf("%s", params);
    return cuda_params_plus(params, "gmcu_hubs _c_hubs");
}

/* The pull form. `params`: the kernel's parameter list. */
static char *pull_kernel(cg_emit *em, const twc_nodes *ns, const gm_symbol *outer,
                         const gm_expr *filter, gm_loc loc, const pull_shape *p, const char *params,
                         cuda_capture *c, cuda_launch *l, bool blocked, bool hubs)
{
    const gm_stmt *in = p->loops[0], *last = p->loops[p->nloops - 1];
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, ns->queue ? "the same level, the neighbour reduction by block, warp or thread (TWC)"
                                                    : "the same loop, the neighbour reduction by block, warp or thread (TWC)",
                                  loc, params, (gm_symbol *)outer, GMR_NODES, c, l);
    if (ns->bfs)
        cg_line(em, "(void)%s;", ns->bfs->level);
    if (hubs)
        pull_hub_walk(em, ns, outer, p);
    uniform_head(em, ns, outer, filter, p->cond);
    if (p->holder) { /* the work before the pull, then the pull's own condition */
        if (p->pre) {
            cg_line(em, "if (_c_act) {");
            em->indent++;
            for (const gm_stmt *t = p->pre; t != p->holder; t = t->next)
                cg_stmt(em, t);
            em->indent--;
            cg_line(em, "}");
        }
        if (p->post)
            cg_line(em, "const bool _c_outer = _c_act;");
        narrow_active(em, p->holder->kind == GMS_IF ? p->holder->cond : NULL);
    }
    cg_scope_push(em);
    for (const gm_stmt *d = p->lead; d && d != p->lead_end; d = d->next)
        cg_stmt(em, d);
    for (const gm_stmt *d = p->decls; d != in; d = d->next)
        cg_stmt(em, d);
    for (int k = 0; k < p->nloops; k++)
        pull_reduce_call(em, ns, outer, p, k, blocked, hubs);
    cg_line(em, "if (_c_act) {");
    em->indent++;
    for (int k = 0; k < p->nloops; k++) {
        const gm_stmt *red = p->reds[k];
        const char *xn = cg_name(em, red->lhs->sym), *fn = op_functor(red->assign_op);
        cg_line(em, "/* %s:%d */", em->src_base, red->loc.line);
        const char *wrap = cg_wrap_fn(red->assign_op == GMA_MULT ? GMOP_MUL : GMOP_ADD,
                                      red->lhs->type ? red->lhs->type->kind : GMT_DOUBLE);
        switch (red->assign_op) {
        case GMA_PLUS:
        case GMA_MULT:
            if (wrap) /* Int and Long wrap (cg_wrap_fn) */
                cg_line(em, "%s = %s(%s, _c_r%d);", xn, wrap, xn, k);
            else
                cg_line(em, "%s %s= _c_r%d;", xn, red->assign_op == GMA_MULT ? "*" : "+", k);
            break;
        case GMA_AND: cg_line(em, "%s = %s && _c_r%d;", xn, xn, k); break;
        case GMA_OR: cg_line(em, "%s = %s || _c_r%d;", xn, xn, k); break;
        default: cg_line(em, "%s = %s()(%s, _c_r%d);", xn, fn, xn, k); break;
        }
    }
    in = last; /* what follows the loops */
    if (p->rest) { /* the block that held the loop, then what followed it */
        cg_line(em, "{");
        em->indent++;
        cg_stmt_list(em, in->next);
        em->indent--;
        cg_line(em, "}");
        cg_stmt_list(em, p->rest);
    } else {
        cg_stmt_list(em, in->next);
    }
    em->indent--;
    cg_line(em, "}");
    cg_scope_pop(em, true);
    if (p->holder && p->post) {
        cg_line(em, "if (_c_outer) {");
        em->indent++;
        cg_stmt_list(em, p->post);
        em->indent--;
        cg_line(em, "}");
    }
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    return name;
}

/* A push loop whose per-edge work is itself a loop (triangle counting) is
 * better spread one edge per thread over the whole GPU than one hub per
 * block. */
static bool has_loop(const gm_stmt *s, void *vctx)
{
    bool *found = vctx;
    if (s->kind == GMS_FOREACH || s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE)
        *found = true;
    return !*found;
}

/* A count that stands for such a loop (gm_opt/count_linked.c). */
static bool has_count(const gm_expr *e, void *vctx)
{
    bool *found = vctx;
    if (e->kind == GME_CALL && e->builtin == GMB_NODE_COUNT_LINKED)
        *found = true;
    return !*found;
}

bool cuda_push_prefers_edges(const gm_stmt *in)
{
    bool found = false;
    gma_walk(in->body, false, has_loop, has_count, &found);
    return found;
}

cuda_twc_shape cuda_twc_form(cg_emit *em, const gm_stmt *s, const cuda_capture *c, bool *hubs, bool *blocked)
{
    *hubs = *blocked = false;
    if (s->iter.range != GMR_NODES)
        return CUDA_TWC_NONE;
    const gm_expr *cond = NULL;
    if (cuda_collapsible(s, &cond))
        return CUDA_TWC_PUSH;
    pull_shape p;
    if (!pull_shape_of(em, s->iter.sym, s->body, c, false, &p))
        return CUDA_TWC_NONE;
    gm_type_kind rk = p.nloops == 1 ? p.reds[0]->lhs->sym->type->kind : GMT_BOOL;
    *blocked = cuda_st(em)->knobs.blocking != GMB_OFF && p.nloops == 1 && !p.holder &&
               (rk == GMT_INT || rk == GMT_LONG || rk == GMT_FLOAT || rk == GMT_DOUBLE);
    *hubs = pull_splits_hubs(em, &p);
    return CUDA_TWC_PULL;
}

char *cuda_twc_kernel(cg_emit *em, const gm_stmt *s, cuda_capture *c, cuda_launch *l, bool *reverse,
                      const char **form, const char **blocked_type, const char **hub_type, bool *hub_rows_fixed)
{
    *blocked_type = NULL;
    *hub_type = NULL;
    *hub_rows_fixed = false;
    if (s->iter.range != GMR_NODES)
        return NULL;
    twc_nodes ns = {cg_graph_of(em, s->iter.sym->type), NULL, NULL,
                    cuda_st(em)->dist ? cuda_dist_node_hi(em, s, true) : NULL};
    const gm_expr *cond = NULL;
    const gm_stmt *in = cuda_collapsible(s, &cond);
    if (in) {
        *reverse = walks_reverse(&ns, in);
        *form = "each node's edges walked by its block, warp or thread by degree (TWC)";
        return push_kernel(em, &ns, s, in, cond, l->params, c, l);
    }
    pull_shape p;
    if (pull_shape_of(em, s->iter.sym, s->body, c, false, &p)) {
        *reverse = false; /* a skew test on in-edges when any loop walks them */
        for (int k = 0; k < p.nloops; k++)
            *reverse = *reverse || walks_reverse(&ns, p.loops[k]);
        *form = pull_splits_hubs(em, &p) ? "the neighbour reduction computed by the node's block, warp or thread by degree (TWC pull)" CUDA_HUB_SPLIT
                                     : "the neighbour reduction computed by the node's block, warp or thread by degree (TWC pull)";
        /* Edge blocking (cuda_blocking.c): one neighbour reduction of numbers, nothing before it. */
        gm_type_kind rk = p.nloops == 1 ? p.reds[0]->lhs->sym->type->kind : GMT_BOOL;
        bool blocked = cuda_st(em)->knobs.blocking != GMB_OFF && p.nloops == 1 && !p.holder &&
                       (rk == GMT_INT || rk == GMT_LONG || rk == GMT_FLOAT || rk == GMT_DOUBLE);
        *blocked_type = blocked ? cg_prim_ctype(rk) : NULL;
        bool hubs = pull_splits_hubs(em, &p);
        *hub_type = hubs ? cg_prim_ctype(rk) : NULL;
        *hub_rows_fixed = hubs && !s->iter.filter && !p.cond; /* every node's whole row */
        char *seg = blocked ? cuda_blocking_params(l->params) : NULL;
        char *params = hubs_params(seg ? seg : l->params, hubs);
        char *name = pull_kernel(em, &ns, s->iter.sym, s->iter.filter, s->loc, &p, params, c, l, blocked, hubs);
        free(seg);
        free(params);
        return name;
    }
    return NULL;
}

bool cuda_twc_level_form(cg_emit *em, const gm_stmt *bfs, const gm_stmt *body, const cuda_capture *c, bool *hubs)
{
    pull_shape p;
    *hubs = false;
    if (!pull_shape_of(em, bfs->iter.sym, body, c, true, &p))
        return false;
    *hubs = pull_splits_hubs(em, &p);
    return true;
}

char *cuda_twc_level_kernel(cg_emit *em, const gm_stmt *bfs, const gm_stmt *body, const cg_bfs_ctx *ctx,
                            const char *queue, const char *params, cuda_capture *c, cuda_launch *l,
                            bool *reverse, const char **hub_type)
{
    twc_nodes ns = {ctx->graph, queue, ctx, NULL};
    pull_shape p;
    *hub_type = NULL;
    if (!pull_shape_of(em, bfs->iter.sym, body, c, true, &p))
        return NULL;
    *reverse = false;
    for (int k = 0; k < p.nloops; k++)
        *reverse = *reverse || walks_reverse(&ns, p.loops[k]);
    bool hubs = pull_splits_hubs(em, &p);
    *hub_type = hubs ? cg_prim_ctype(p.reds[0]->lhs->sym->type->kind) : NULL;
    char *all = hubs_params(params, hubs);
    char *name = pull_kernel(em, &ns, bfs->iter.sym, NULL, bfs->loc, &p, all, c, l, false, hubs);
    free(all);
    return name;
}

char *cuda_twc_queue_push_kernel(cg_emit *em, const gm_stmt *s, const char *queue, const char *params,
                                 cuda_capture *c, cuda_launch *l)
{
    twc_nodes ns = {cg_graph_of(em, s->iter.sym->type), queue, NULL, NULL};
    const gm_expr *cond = NULL;
    const gm_stmt *in = cuda_collapsible(s, &cond);
    return in ? push_kernel(em, &ns, s, in, cond, params, c, l) : NULL;
}
