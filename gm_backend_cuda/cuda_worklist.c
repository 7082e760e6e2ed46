/* cuda_worklist.c: the frontier idiom (gma_frontier.h: the shape and why
 * a worklist computes the same) with a data-driven device worklist
 * (-fcuda-worklist): every store of True into F2 in L1 also appends that
 * node to the next worklist (once per round: a per-node round mark), so L1
 * then walks only the frontier, and L2 only the nodes whose flags or copied
 * values can change: the old frontier and the new one. */
#include "cuda_emit.h"
#include "gma_frontier.h"

#include <stdlib.h>
#include <string.h>

/* ---- emission -------------------------------------------------------------- */

/* A kernel over queue _c_wq[_c_from, _c_to) running loop s's body, one thread
 * per node; `skip`: leave out nodes appended this round (the old frontier's
 * pass of the round end). */
static char *queue_kernel(cg_emit *em, const gm_stmt *s, const char *params, bool skip, cuda_capture *c,
                          cuda_launch *l)
{
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, skip ? "the round end over the old frontier and the new one"
                                                : "the same loop over the worklist",
                                  s->loc, params, s->iter.sym, GMR_NODES, c, l);
    cg_line(em, "for (int64_t _c_i = _c_from + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; _c_i < _c_to; "
                 "_c_i += (int64_t)gridDim.x * blockDim.x) {");
    em->indent++;
    if (skip)
        cg_line(em, "if (_c_wmark[_c_wq[_c_i]] == _c_skip) continue; /* in the new frontier: its own pass */");
    char *decl = cg_strf("gm_node_t %s = _c_wq[_c_i];", cg_name(em, s->iter.sym));
    cg_loop_body(em, s, decl);
    free(decl);
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    return name;
}

static void launch(cg_emit *em, const char *k, const cuda_launch *l, const char *more, const gm_stmt *s)
{
    cg_line(em, "    %s<<<gmcu_blocks(_c_n), GMCU_BLOCK>>>(%s%s%s);", k, l->args, *l->args ? ", " : "", more);
    cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", k, em->src_base, s->loc.line);
}

/* ---- the remaining rounds in one persistent kernel (with -fcuda-outline) --- */

typedef struct wl_red {
    const gm_symbol *sym;
    gm_assign_op op;
} wl_red;

/* The loop-local scalars a loop reduces (declared in the While body). */
static int reductions_of(const cuda_capture *c, wl_red *out, int n, int max)
{
    for (int i = 0; i < c->n && n < max; i++)
        if (c->use[i] == CU_REDUCE) {
            out[n].sym = c->sym[i];
            out[n].op = c->op[i];
            n++;
        }
    return n;
}

/* Int and Long + and * wrap (cg_wrap_fn); k is the scalar's type. */
static char *combine_text(gm_assign_op op, gm_type_kind k, const char *a, const char *b)
{
    const char *wrap = cg_wrap_fn(op == GMA_MULT ? GMOP_MUL : GMOP_ADD, k);
    if (wrap && (op == GMA_MULT || op == GMA_PLUS || op == GMA_MINUS))
        return cg_strf("%s(%s, %s)", wrap, a, b);
    switch (op) {
    case GMA_MULT: return cg_strf("%s * %s", a, b);
    case GMA_MIN: return cg_strf("(%s < %s ? %s : %s)", b, a, b, a);
    case GMA_MAX: return cg_strf("(%s > %s ? %s : %s)", b, a, b, a);
    case GMA_AND: return cg_strf("%s && %s", a, b);
    case GMA_OR: return cg_strf("%s || %s", a, b);
    default: return cg_strf("%s + %s", a, b);
    }
}

/* Cell k of the double-buffered reduction scratch, as a T pointer. */
static char *cell(const wl_red *r, int k)
{
    return cg_strf("((%s *)(_c_red + 8 * (2 * %d + _c_par)))", cg_ctype(r->sym->type), k);
}

/* Before a loop's kernel part: each thread's partial starts at the identity. */
static void red_begin(cg_emit *em, const wl_red *r, int n)
{
    for (int i = 0; i < n; i++) {
        const char *x = cg_name(em, r[i].sym);
        cg_line(em, "const %s _c_pre_%s = %s;", cg_ctype(r[i].sym->type), x, x);
        cg_line(em, "%s = %s;", x, cuda_identity(r[i].op, r[i].sym->type->kind));
    }
}

/* After it: every block adds its part to the cell (all threads call this). */
static void red_push(cg_emit *em, const wl_red *r, int n, int first)
{
    for (int i = 0; i < n; i++) {
        char *c = cell(&r[i], first + i);
        cg_line(em, "%s(%s, %s);", cuda_reduce_fn(r[i].op), c, cg_name(em, r[i].sym));
        free(c);
    }
}

/* After the barrier: the value before the loop combined with every part. */
static void red_end(cg_emit *em, const wl_red *r, int n, int first)
{
    for (int i = 0; i < n; i++) {
        const char *x = cg_name(em, r[i].sym);
        char *c = cell(&r[i], first + i);
        char *v = cg_strf("*(volatile %s *)%s", cg_ctype(r[i].sym->type), c);
        char *pre = cg_strf("_c_pre_%s", x);
        char *all = combine_text(r[i].op, r[i].sym->type ? r[i].sym->type->kind : GMT_DOUBLE, pre, v);
        cg_line(em, "%s = %s;", x, all);
        free(all);
        free(pre);
        free(v);
        free(c);
    }
}

static void set_region(cg_emit *em, cg_region *r, const gm_stmt *loop, const cuda_capture *c)
{
    memset(r, 0, sizeof *r);
    r->iter = loop->iter.sym;
    r->range = GMR_NODES;
    r->declared_inside = c->declared;
    r->lock_name = c->needs_locks ? "_c_locks" : NULL;
    em->region = r;
}

/* Whether the loop's scalar code and condition can run in every thread of a
 * kernel: no calls, no host scalar reduced across rounds, nothing that
 * needs the host. */
static bool no_call(const gm_expr *e, void *vctx)
{
    bool *ok = vctx;
    if (e->kind == GME_CALL || e->kind == GME_STRING)
        *ok = false;
    return *ok;
}

static bool outlinable(const gma_frontier *w, const gm_stmt *loop, const cuda_capture *cw)
{
    if (!cw->ok || cw->uses_rng || cw->nargmin)
        return false;
    for (int i = 0; i < cw->n; i++)
        if (cw->use[i] == CU_REDUCE)
            return false; /* a host scalar summed over rounds: keep per-round launches */
    bool ok = true;
    const gm_stmt *list = loop->body && loop->body->kind == GMS_BLOCK ? loop->body->body : loop->body;
    for (const gm_stmt *s = list; s && ok; s = s->next)
        if (s != w->l1 && s != w->l2)
            gma_walk(s, false, NULL, no_call, &ok);
    gm_stmt tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.kind = GMS_CALL;
    tmp.value = loop->cond;
    if (ok)
        gma_walk(&tmp, false, NULL, no_call, &ok);
    return ok;
}

static char *outline_kernel(cg_emit *em, const gm_stmt *loop, const gma_frontier *w, cuda_capture *cw,
                            cuda_launch *lw, const wl_red *red, int n1, int n2, bool twc)
{
    char *params = cuda_params_plus(lw->params, "gm_node_t *_c_q0, gm_node_t *_c_q1, int64_t _c_ncur, int32_t *_c_wmark, "
                                    "unsigned long long *_c_wcnt, char *_c_red, int32_t _c_round");
    FILE *saved_out;
    int saved_indent;
    char *name = cuda_kernel_begin(em, "the worklist loop's remaining rounds in one persistent kernel", loop->loc,
                                   params, &saved_out, &saved_indent);
    cg_region *outer = em->region, region;
    set_region(em, &region, w->l1, cw);
    cg_line(em, "cooperative_groups::grid_group _c_grid = cooperative_groups::this_grid();");
    /* Host scalars the loop assigns: a copy per thread (all compute the same). */
    for (int i = 0; i < cw->n; i++)
        if (cw->use[i] == CU_WRITE) {
            const char *x = cg_name(em, cw->sym[i]);
            cg_line(em, "%s %s = *_c_s_%s;", cg_ctype(cw->sym[i]->type), x, x);
        }
    cg_line(em, "gm_node_t *const _c_qs[2] = {_c_q0, _c_q1};");
    cg_line(em, "int _c_cur = 0;");
    cg_start_line(em);
    cg_printf(em, "while (");
    cg_cond(em, loop->cond);
    cg_printf(em, ") {\n");
    em->indent++;
    /* the round's parity: reduction cells by round (unused when the loop reduces nothing) */
    cg_line(em, "[[maybe_unused]] const int _c_par = _c_round & 1;");
    /* Thread 0 clears what the other threads last read a barrier ago at
     * least: this queue's counter (next round's appends go there) and this
     * parity's reduction cells (used after this round's first barrier; cells
     * the frontier loop reduces into need one more barrier). */
    cg_line(em, "if (_c_grid.thread_rank() == 0) {");
    cg_line(em, "    _c_wcnt[_c_cur] = 0;");
    for (int k = 0; k < n1 + n2; k++) {
        char *c = cell(&red[k], k);
        cg_line(em, "    *%s = %s;", c, cuda_identity(red[k].op, red[k].sym->type->kind));
        free(c);
    }
    cg_line(em, "}");
    if (n1 > 0)
        cg_line(em, "_c_grid.sync();");
    cg_scope_push(em);
    const gm_stmt *list = loop->body && loop->body->kind == GMS_BLOCK ? loop->body->body : loop->body;
    for (const gm_stmt *s = list; s; s = s->next) {
        if (s == w->l1) {
            cg_marker(em, s->loc);
            red_begin(em, red, n1);
            cg_line(em, "{ /* the frontier: each node's edges; stores of True into %s append */", w->next->name);
            em->indent++;
            cg_line(em, "const gm_node_t *_c_wq = _c_qs[_c_cur];");
            cg_line(em, "gm_node_t *_c_wnext = _c_qs[_c_cur ^ 1];");
            cg_line(em, "unsigned long long *_c_wn = &_c_wcnt[_c_cur ^ 1];");
            cg_line(em, "const int64_t _c_from = 0, _c_to = _c_ncur;");
            set_region(em, &region, w->l1, cw);
            em->push_flag = w->next;
            em->push_fmt = "gmcu_wl_push(_c_wnext, _c_wn, _c_wmark, _c_round, %s);";
            if (!twc || !cuda_twc_queue_push_loop(em, w->l1, "_c_wq")) {
                cg_line(em, "for (int64_t _c_i = _c_from + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; "
                             "_c_i < _c_to; _c_i += (int64_t)gridDim.x * blockDim.x)");
                char *decl = cg_strf("gm_node_t %s = _c_wq[_c_i];", cg_name(em, w->l1->iter.sym));
                cg_loop_body(em, w->l1, decl);
                free(decl);
            }
            em->push_flag = NULL;
            em->push_fmt = NULL;
            red_push(em, red, n1, 0);
            em->indent--;
            cg_line(em, "}");
            cg_line(em, "_c_grid.sync(); /* the next frontier is complete */");
            cg_line(em, "const int64_t _c_nnext = (int64_t)*(volatile unsigned long long *)&_c_wcnt[_c_cur ^ 1];");
            red_end(em, red, n1, 0);
        } else if (s == w->l2) {
            cg_marker(em, s->loc);
            red_begin(em, red + n1, n2);
            cg_line(em, "for (int _c_pass = 0; _c_pass < 2; _c_pass++) { /* the old frontier, then the new one */");
            em->indent++;
            cg_line(em, "const gm_node_t *_c_wq = _c_qs[_c_cur ^ _c_pass];");
            cg_line(em, "const int64_t _c_to = _c_pass ? _c_nnext : _c_ncur;");
            cg_line(em, "const int32_t _c_skip = _c_pass ? INT32_MIN : _c_round;");
            set_region(em, &region, w->l2, cw);
            cg_line(em, "for (int64_t _c_i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; _c_i < _c_to; "
                         "_c_i += (int64_t)gridDim.x * blockDim.x) {");
            em->indent++;
            cg_line(em, "if (_c_wmark[_c_wq[_c_i]] == _c_skip) continue; /* in the new frontier: its own pass */");
            char *decl = cg_strf("gm_node_t %s = _c_wq[_c_i];", cg_name(em, w->l2->iter.sym));
            cg_loop_body(em, w->l2, decl);
            free(decl);
            em->indent--;
            cg_line(em, "}");
            em->indent--;
            cg_line(em, "}");
            red_push(em, red + n1, n2, n1);
            cg_line(em, "_c_grid.sync(); /* the round end is complete */");
            red_end(em, red + n1, n2, n1);
        } else {
            cg_stmt(em, s);
        }
    }
    cg_scope_pop(em, true);
    cg_line(em, "_c_cur ^= 1;");
    cg_line(em, "_c_ncur = _c_nnext;");
    cg_line(em, "_c_round++;");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "if (_c_grid.thread_rank() == 0) {");
    for (int i = 0; i < cw->n; i++)
        if (cw->use[i] == CU_WRITE) {
            const char *x = cg_name(em, cw->sym[i]);
            cg_line(em, "    *_c_s_%s = %s;", x, x);
        }
    cg_line(em, "}");
    em->region = outer;
    cuda_kernel_end(em, saved_out, saved_indent);
    free(params);
    return name;
}

/* A later round with its own launches: the frontier's loop over the queue
 * (TWC on skewed graphs when both kernels exist), the next queue's length,
 * the round end over the old and the new frontier, the scalar code between. */
static void per_round(cg_emit *em, const gma_frontier *w, const gm_stmt *list, const char *g, cuda_capture *c1,
                      const cuda_launch *l1, const char *k1, const char *k1_twc, cuda_capture *c2,
                      const cuda_launch *l2, const char *k2)
{
    cg_scope_push(em);
    for (const gm_stmt *s = list; s; s = s->next) {
        if (s == w->l1) {
            cg_marker(em, s->loc);
            cg_line(em, "{ /* the frontier only */");
            em->indent++;
            cuda_launch_before(em, c1);
            cg_line(em, "const int64_t _c_n = _c_wl.ncur;");
            const char *more = "_c_wl.q[_c_wl.cur], 0, _c_n, _c_wl.q[_c_wl.cur ^ 1], _c_wl.count, _c_wl.mark, _c_round";
            if (k1 && k1_twc) {
                cg_line(em, "if (_c_n > 0 && gmcu_skewed(%s, false)) {", g);
                launch(em, k1_twc, l1, more, s);
                cg_line(em, "} else if (_c_n > 0) {");
                launch(em, k1, l1, more, s);
            } else {
                cg_line(em, "if (_c_n > 0) {");
                launch(em, k1 ? k1 : k1_twc, l1, more, s);
            }
            cg_line(em, "}");
            cuda_launch_after(em, c1);
            em->indent--;
            cg_line(em, "}");
            cg_line(em, "const int64_t _c_wnext = gmcu_wl_next_size(&_c_wl);");
        } else if (s == w->l2) {
            cg_marker(em, s->loc);
            cg_line(em, "{ /* the old frontier (less the new one), then the new one */");
            em->indent++;
            cuda_launch_before(em, c2); /* both launches reduce into the same slots */
            cg_line(em, "int64_t _c_n = _c_wl.ncur;");
            cg_line(em, "if (_c_n > 0) {");
            launch(em, k2, l2, "_c_wl.q[_c_wl.cur], 0, _c_n, _c_wl.mark, _c_round", s);
            cg_line(em, "}");
            cg_line(em, "_c_n = _c_wnext;");
            cg_line(em, "if (_c_n > 0) {");
            launch(em, k2, l2, "_c_wl.q[_c_wl.cur ^ 1], 0, _c_n, _c_wl.mark, INT32_MIN", s);
            cg_line(em, "}");
            cuda_launch_after(em, c2);
            em->indent--;
            cg_line(em, "}");
        } else {
            cg_stmt(em, s);
        }
    }
    cg_line(em, "gmcu_wl_advance(&_c_wl, _c_wnext);");
    cg_scope_pop(em, true);
}

/* The loop-wide capture (the persistent kernel's: its scalar code too). */
static void capture_whole(cg_emit *em, cuda_capture *cw, const gm_stmt *loop, const gma_frontier *w)
{
    cuda_capture_init(em, cw);
    cuda_capture_stmt(em, cw, loop->body, false);
    cuda_capture_expr(em, cw, loop->cond);
    cuda_capture_graph(em, cw, w->l1->iter.sym);
    cuda_capture_finish(em, cw);
}

/* Whether the one-launch form of loop s (cuda_parallel_loop) packs an
 * arg-min/max (cuda_capture.c, add_pack): its atomics= says packed or
 * ticketed, and the pack's shadow lives around that one launch only; the
 * worklist's kernels (launched each round, or one persistent kernel) have no
 * pack, so such a loop keeps the one-launch form. */
static bool packs_argmin(cg_emit *em, const gm_stmt *s)
{
    cuda_capture c;
    cuda_capture_init(em, &c);
    c.allow_packs = true;
    c.pack_iter = s->iter.sym;
    cuda_capture_stmt(em, &c, s, false);
    cuda_capture_graph(em, &c, s->iter.sym);
    cuda_capture_finish(em, &c);
    bool packs = c.npacks > 0;
    cuda_capture_free(&c);
    return packs;
}

bool cuda_worklist_decide(cg_emit *em, const gm_stmt *loop, gma_decisions *d1, gma_decisions *d2)
{
    gmb_cuda_knobs *k = &cuda_st(em)->knobs;
    gma_frontier w;
    if (k->worklist == GMB_OFF || !gma_frontier_shape(loop, &w))
        return false;
    cuda_capture c1, c2, cw;
    cuda_capture_loop(em, &c1, w.l1);
    cuda_capture_loop(em, &c2, w.l2);
    bool ok = c1.ok && c2.ok && !c1.nargmin && !c2.nargmin && cuda_is_mirrored(w.flag) && !packs_argmin(em, w.l1);
    if (ok) {
        gma_decide(d1, "worklist", "%s(%s)", k->worklist == GMB_ON ? "on" : "auto", w.flag->name);
        gma_decide(d2, "worklist", "round-end(%s)", w.flag->name);
        /* The whole loop as one persistent kernel, when its scalar code can
         * run in every thread (-fcuda-outline=auto|on). */
        capture_whole(em, &cw, loop, &w);
        bool outline = k->outline != GMB_OFF && outlinable(&w, loop, &cw);
        cuda_capture_free(&cw);
        /* A monotone update whose rounds nothing observes: no rounds at all
         * (-fcuda-async). The frontier loop must not touch host scalars. */
        gma_monotone as;
        bool async = k->async != GMB_OFF && gma_monotone_shape(loop, w.l1, w.l2, w.flag, w.next, &as);
        for (int i = 0; async && i < c1.n; i++)
            if (c1.use[i] != CU_GRAPH && c1.use[i] != CU_PROP && c1.use[i] != CU_READ)
                async = false;
        /* Rounds are still needed where the asynchronous kernel is not used:
         * skewed graphs when the worklist is forced on. */
        const bool rounds = !async || (k->async != GMB_ON && k->worklist == GMB_ON);
        if (async)
            gma_decide(d1, "async", "%s(%s %s)", k->async == GMB_ON ? "on" : "auto", as.q->name,
                       gm_assign_op_spelling(as.argmin->assign_op));
        if (async && k->priority != GMB_OFF && gma_monotone_orderable(&as))
            gma_decide(d1, "priority", "near-far(%s)", as.q->name);
        else if (async && k->priority == GMB_ON)
            gma_decide(d1, "priority", "none(no term added to %s)", as.q->name);
        if (outline && rounds) {
            gma_decide(d1, "outline", "persistent(rounds)");
            /* the persistent kernel's walk of the frontier's edges */
            gma_decide(d1, "queue-balance", "%s(in the persistent kernel)",
                       k->lb != GMB_LB_VERTEX && k->lb != GMB_LB_EDGE ? "twc" : "thread");
        }
        else if (rounds) {
            gmb_cuda_lb lb = k->lb;
            const gm_expr *cond = NULL;
            bool twc = (lb == GMB_LB_AUTO || lb == GMB_LB_TWC) && cuda_collapsible(w.l1, &cond);
            gma_decide(d1, "queue-balance", "%s", !twc ? "thread" : lb == GMB_LB_AUTO ? "auto(thread|twc-push)" : "twc-push");
        }
    }
    cuda_capture_free(&c1);
    cuda_capture_free(&c2);
    return ok;
}

/* Whether the rounds of a monotone loop (as: its shape, L1 reading host
 * scalars by value only) may read n.X as Q[n], its newest value: X and Q
 * hold the same type in the same order (not gather order), on one GPU. */
static bool reads_newest(cg_emit *em, const gma_monotone *as)
{
    if (cuda_st(em)->dist || !as->x || !as->q || !as->x->type || !as->q->type || !as->x->type->elem ||
        !as->q->type->elem || as->x->type->elem->kind != as->q->type->elem->kind)
        return false;
    char *gx = cuda_gather_pos(em, as->x), *gq = cuda_gather_pos(em, as->q);
    const bool plain = !gx && !gq;
    free(gx);
    free(gq);
    return plain;
}

bool cuda_worklist_loop(cg_emit *em, const gm_stmt *loop)
{
    gmb_cuda_knobs *k = &cuda_st(em)->knobs;
    if (k->worklist == GMB_OFF || cuda_st(em)->host_direct > 0 || em->par_depth > 0)
        return false;
    gma_frontier w;
    if (!gma_frontier_shape(loop, &w))
        return false;
    /* cuda_decide's worklist=, async=, priority=, outline= and queue-balance= on
     * L1's record (a loop without records decides here by the same rules) */
    gma_decisions *ds = gma_decisions_of(em->decided, w.l1, false), here = {0}, here2 = {0};
    if (!ds || !gma_decision(ds, "worklist")) {
        if (ds || !cuda_worklist_decide(em, loop, &here, &here2)) {
            gma_decisions_clear(&here);
            gma_decisions_clear(&here2);
            return false;
        }
        ds = &here;
    }
    cuda_capture c1, c2;
    cuda_capture_loop(em, &c1, w.l1);
    cuda_capture_loop(em, &c2, w.l2);
    const char *g = cg_graph_of(em, w.l1->iter.sym->type);
    cuda_launch l1, l2;
    cuda_launch_prepare(em, &c1, &l1);
    cuda_launch_prepare(em, &c2, &l2);
    cuda_capture cw;
    capture_whole(em, &cw, loop, &w);
    gma_monotone as;
    const char *av = gma_decision(ds, "async"), *pv = gma_decision(ds, "priority"), *bv = gma_decision(ds, "queue-balance");
    bool async = av != NULL;
    if (async)
        gma_monotone_shape(loop, w.l1, w.l2, w.flag, w.next, &as);
    /* Rounds after the first relax a node's edges with its newest value, as
     * the asynchronous kernel does (gma_monotone.h): the same fixpoint in
     * fewer relaxations (SSSP on kron20: 1.93 ms against 2.47, H200). The
     * first round, which starts from X whatever Q holds, reads X. */
    const bool newest = async && reads_newest(em, &as);
    const bool outline = gma_decision(ds, "outline") != NULL;
    const bool rounds = outline || bv;
    const bool prio = pv && strncmp(pv, "near-far", 8) == 0;
    const bool twc_auto = bv && strcmp(bv, "auto(thread|twc-push)") == 0;
    const bool twc = twc_auto || (bv && strcmp(bv, "twc-push") == 0);
    const bool wl_on = strncmp(gma_decision(ds, "worklist"), "on(", 3) == 0, async_on = av && strncmp(av, "on(", 3) == 0;
    /* Where such rounds run: sweeps past the first round (a graph the
     * asynchronous kernel is not for), and the worklist's rounds unless one
     * persistent kernel runs them (it also writes X: no alias there). */
    const bool newest_sweeps = newest && !wl_on && !async_on, newest_queue = newest && rounds && !outline;
    cuda_launch lw;
    cuda_launch_prepare(em, &cw, &lw);
    wl_red red[32];
    int n1 = reductions_of(&c1, red, 0, 32);
    int n2 = reductions_of(&c2, red, n1, 32) - n1;
    char *ko = outline ? outline_kernel(em, loop, &w, &cw, &lw, red, n1, n2, strncmp(bv, "twc(", 4) == 0)
                       : NULL;
    char *p1 = cuda_params_plus(l1.params, "const gm_node_t *_c_wq, int64_t _c_from, int64_t _c_to, gm_node_t *_c_wnext, "
                                "unsigned long long *_c_wn, int32_t *_c_wmark, int32_t _c_round");
    char *p2 = cuda_params_plus(l2.params, "const gm_node_t *_c_wq, int64_t _c_from, int64_t _c_to, const int32_t *_c_wmark, "
                                "int32_t _c_skip");
    /* L1 over the worklist: stores of True into F2 append the node. */
    em->push_flag = w.next;
    em->push_fmt = "gmcu_wl_push(_c_wnext, _c_wn, _c_wmark, _c_round, %s);";
    char *k1_twc = !ko && rounds && twc ? cuda_twc_queue_push_kernel(em, w.l1, "_c_wq", p1, &c1, &l1) : NULL;
    char *k1 = !ko && rounds && (!k1_twc || twc_auto) ? queue_kernel(em, w.l1, p1, false, &c1, &l1) : NULL;
    em->push_flag = NULL;
    em->push_fmt = NULL;
    char *k2 = !ko && rounds ? queue_kernel(em, w.l2, p2, true, &c2, &l2) : NULL;
    /* ... relaxing the nearest keys first where the key is a distance (-fcuda-priority) */
    char *pa = async ? cuda_params_plus(l1.params, prio ? "gmcu_nf _c_nf" : "gmcu_aq _c_aq") : NULL;
    char *ka = !async ? NULL : prio ? cuda_priority_kernel(em, &as, pa, &c1, &l1, NULL, NULL) : cuda_async_kernel(em, &as, pa, &c1, &l1);

    char *fm = cuda_mirror(em, w.flag);
    cuda_report_worklist(em, loop, &w, async ? &as : NULL, newest_sweeps, newest_queue, ds, ka, ko, k1, k1_twc, k2);

    cg_marker(em, loop->loc);
    cg_line(em, "{ /* a data-driven worklist over the frontier %s (-fcuda-worklist) */", w.flag->name);
    em->indent++;
    /* auto: graphs that a frontier covers in a few rounds keep sweeping
     * every node (big frontiers: the appends cost more than the sweeps;
     * figures at gmcu_few_rounds) */
    if (wl_on)
        cg_line(em, "const bool _c_sweep = false;");
    else
        cg_line(em, "const bool _c_sweep = gmcu_few_rounds(%s);", g);
    if (ka) /* auto: the same graphs, and hubs would be one thread's work in the asynchronous kernel */
    {
        if (async_on)
            cg_line(em, "const bool _c_async = true;");
        else
            cg_line(em, "const bool _c_async = !gmcu_few_rounds(%s);", g);
    }
    cg_line(em, "gmcu_wl _c_wl = {};");
    cg_line(em, ka ? "if (!_c_sweep || _c_async)" : "if (!_c_sweep)");
    cg_line(em, "    gmcu_wl_init(&_c_wl, %s->num_nodes);", g);
    cg_line(em, "int32_t _c_round = 0;");
    if (ka)
        cg_line(em, "bool _c_async_done = false; /* then one last round as written */");
    cg_round_loop_open(em, loop);
    const gm_stmt *list = loop->body && loop->body->kind == GMS_BLOCK ? loop->body->body : loop->body;
    if (ka)
        cg_line(em, "if (_c_round == 0 || _c_async_done || (_c_sweep && !_c_async)) { /* every node */");
    else
        cg_line(em, "if (_c_round == 0 || _c_sweep) { /* every node, then the worklist from %s */", w.flag->name);
    em->indent++;
    cg_scope_push(em);
    if (newest_sweeps)
        cuda_st(em)->newest = (struct cuda_newest){w.l1, as.x, as.q, "_c_round > 0"};
    cg_round_after_fixpoint(em, list, ka ? w.l1 : NULL, "_c_async_done", "asynchronous");
    cuda_st(em)->newest = (struct cuda_newest){0};
    cg_scope_pop(em, true);
    cg_line(em, ka ? "if (!_c_async_done && (!_c_sweep || _c_async))" : "if (!_c_sweep)");
    cg_line(em, "    gmcu_wl_from_flags(&_c_wl, (const bool *)gmcu_to_device(&%s), %s->num_nodes);", fm, g);
    em->indent--;
    if (ka) {
        cg_line(em, rounds ? "} else if (_c_async) { /* the rounds up to the fixpoint, without rounds (-fcuda-async) */"
                            : "} else { /* the rounds up to the fixpoint, without rounds (-fcuda-async) */");
        em->indent++;
        cuda_launch_before(em, &c1);
        const char *qv = prio ? "nf" : "aq";
        cg_line(em, "gmcu_%s _c_%s;", qv, qv);
        cg_line(em, "gmcu_%s_init(&_c_%s, %s->num_nodes, _c_wl.q[_c_wl.cur], _c_wl.ncur);", qv, qv, g);
        cg_line(em, "gmcu_launch_coop(%s, gmcu_coop_blocks(%s, %s), \"%s (%s:%d)\", %s%s_c_%s);", ka, ka,
                 prio ? "GMCU_NF_PER_SM" : "GMCU_AQ_PER_SM", ka, em->src_base, w.l1->loc.line, l1.args,
                 *l1.args ? ", " : "", qv);
        cuda_launch_after(em, &c1);
        cg_line(em, "gmcu_%s_free(&_c_%s);", qv, qv);
        cg_line(em, "_c_async_done = true;");
        em->indent--;
        if (!rounds)
            cg_line(em, "}");
    }
    if (ko) {
        cg_line(em, "} else { /* every remaining round in one persistent kernel */");
        em->indent++;
        cuda_launch_before(em, &cw);
        cg_line(em, "unsigned long long *_c_wcnt = (unsigned long long *)gmcu_malloc(2 * sizeof(unsigned long long), "
                     "\"worklist lengths\");");
        cg_line(em, "GMCU_CHECK(cudaMemset(_c_wcnt, 0, 2 * sizeof(unsigned long long)));");
        cg_line(em, "char *_c_red = (char *)gmcu_malloc(%d, \"worklist reductions\");", 16 * (n1 + n2) + 8);
        /* two blocks per SM: SSSP's frontiers on a road grid are wide enough to
         * want them (1368 ms against 1697 ms with one; H200) */
        cg_line(em, "gmcu_launch_coop(%s, gmcu_coop_blocks(%s, 2), \"%s (%s:%d)\", %s%s_c_wl.q[_c_wl.cur], "
                     "_c_wl.q[_c_wl.cur ^ 1], _c_wl.ncur, _c_wl.mark, _c_wcnt, _c_red, _c_round);",
                 ko, ko, ko, em->src_base, loop->loc.line, lw.args, *lw.args ? ", " : "");
        cuda_launch_after(em, &cw);
        cg_line(em, "gmcu_free(_c_wcnt);");
        cg_line(em, "gmcu_free(_c_red);");
        em->indent--;
        cg_line(em, "}");
    } else if (rounds) {
        cg_line(em, "} else {");
        em->indent++;
        cuda_launch l1q; /* the rounds after the first: L1 reads Q for X */
        cuda_st(em)->newest = (struct cuda_newest){w.l1, newest_queue ? as.x : NULL, newest_queue ? as.q : NULL, NULL};
        cuda_st(em)->newest_on = newest_queue;
        cuda_launch_prepare(em, &c1, &l1q);
        cuda_st(em)->newest_on = false;
        cuda_st(em)->newest = (struct cuda_newest){0};
        if (newest_queue)
            cg_line(em, "/* %s passed as %s to line %d's kernels, %s.%s's newest value (a monotone fixpoint; "
                         "-fcuda-async=off: as written) */", as.q->name, as.x->name, w.l1->loc.line,
                     cg_name(em, w.l1->iter.sym), as.x->name);
        per_round(em, &w, list, g, &c1, &l1q, k1, k1_twc, &c2, &l2, k2);
        cuda_launch_free(em, &l1q);
        em->indent--;
        cg_line(em, "}");
    }
    cg_line(em, "_c_round++;");
    cg_round_loop_close(em, loop);
    cg_line(em, "gmcu_wl_free(&_c_wl);");
    em->indent--;
    cg_line(em, "}");
    free(fm);
    free(p1);
    free(p2);
    free(k1);
    free(k1_twc);
    free(k2);
    free(ko);
    free(ka);
    free(pa);
    cuda_launch_free(em, &lw);
    cuda_capture_free(&cw);
    cuda_launch_free(em, &l1);
    cuda_launch_free(em, &l2);
    cuda_capture_free(&c1);
    cuda_capture_free(&c2);
    gma_decisions_clear(&here);
    gma_decisions_clear(&here2);
    return true;
}
