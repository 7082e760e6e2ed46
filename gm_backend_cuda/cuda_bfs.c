/* cuda_bfs.c: InBFS / InReverse on the device, level by level.
 *
 * The visit order is one device queue; the host keeps where each level
 * starts. Per level, one kernel discovers the next level (each frontier node
 * claims its unvisited neighbours with a CAS on the level array and appends
 * them to the queue), then one kernel runs the forward body on the level's
 * nodes, so DownNbrs is complete when the body runs. InReverse runs its
 * body from the deepest level back to the root. Levels are Int-sized: any
 * depth. The host reads one counter per level (the next level's end). */
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

bool cuda_bfs_on_gpu(cg_emit *em, const gm_stmt *s, const char **why)
{
    cg_bfs_ctx ctx = {.iter = s->iter.sym};
    cuda_capture parts[3];
    cuda_bfs_capture(em, &parts[0], s, s->body, &ctx, false);
    cuda_bfs_capture(em, &parts[1], s, s->rev_body, &ctx, false);
    cuda_capture_init(em, &parts[2]);
    if (gm_symbol_id_below(s->iter.sym, em->nsyms))
        parts[2].declared[s->iter.sym->id] = true;
    if (s->navigator)
        cuda_capture_expr(em, &parts[2], s->navigator);
    cuda_capture_finish(em, &parts[2]);
    bool ok = true;
    *why = NULL;
    for (int i = 0; i < 3; i++) {
        if (ok && !parts[i].ok) {
            ok = false;
            *why = parts[i].why;
        } else if (ok && parts[i].nargmin > 0) {
            ok = false; /* its election needs a grid barrier per level */
            *why = "its body holds an arg-min/max on host scalars";
        }
        cuda_capture_free(&parts[i]);
    }
    return ok;
}

/* A kernel over queue[from, to) running body (forward or reverse), and its
 * launch over the host expressions from and to (cuda_emit.h). */
void cuda_bfs_launch_level(cg_emit *em, const gm_stmt *s, const gm_stmt *body, cg_bfs_ctx *ctx,
                         const char *queue, const char *level, const char *from, const char *to,
                         const char *what)
{
    cuda_capture c;
    cuda_bfs_capture(em, &c, s, body, ctx, false);
    cuda_launch l;
    cuda_launch_prepare(em, &c, &l);
    char *params = cuda_params_plus(l.params, "const gm_node_t *%s, const int32_t *%s, int64_t _c_from, int64_t _c_to",
                                    queue, level);
    cg_bfs_ctx *outer = em->bfs;
    em->bfs = ctx;
    /* cuda_decide's balance= for this body's record */
    gma_decisions *ds = gma_decisions_of(em->decided, s, body == s->rev_body), here = {0};
    if (!gma_decision(ds, "balance")) {
        cuda_decide_level(em, &here, s, body, &c);
        ds = &here;
    }
    const char *scheme = gma_decision(ds, "balance");
    const bool autob = strcmp(scheme, "auto(thread|twc-pull)") == 0;
    const bool twc = autob || strcmp(scheme, "twc-pull") == 0;
    gma_decisions_clear(&here);
    bool rev = false;
    const char *ht = NULL;
    char *bal = twc ? cuda_twc_level_kernel(em, s, body, ctx, queue, params, &c, &l, &rev, &ht) : NULL;
    bool has_bal = bal != NULL, plain = !has_bal || autob;
    char *kname = NULL;
    if (plain) {
        cuda_kernel_frame f;
        kname = cuda_kernel_open(em, &f, what, s->loc, params, s->iter.sym, GMR_NODES, &c, &l);
        cg_line(em, "(void)%s;", level);
        cuda_bfs_body_loop(em, s, body, queue, "_c_from", "_c_to");
        cuda_kernel_close(em, &f, &c, &l);
    }
    em->bfs = outer;
    free(params);

    cg_line(em, "{ /* %s: %s */", plain ? kname : bal, what);
    em->indent++;
    cuda_launch_before(em, &c);
    cg_line(em, "const int64_t _c_n = (%s) - (%s);", to, from);
    if (has_bal) {
        if (autob)
            cg_line(em, "if (_c_n > 0 && gmcu_skewed(%s, %s)) { /* hubs: block, warp or thread by degree */",
                     ctx->graph, rev ? "true" : "false");
        else
            cg_line(em, "if (_c_n > 0) { /* block, warp or thread by degree (-fcuda-lb) */");
        if (ht) {
            cg_line(em, "    gmcu_launch_pull(%s, gmcu_blocks(_c_n), gmcu_hubs_for(%s, %s, sizeof(%s), GMCU_PULL_FRONTIER, _c_n), \"%s (%s:%d)\", "
                         "%s%s%s, %s, %s, %s);", bal, ctx->graph, rev ? "true" : "false", ht, bal, em->src_base,
                     s->loc.line, l.args, *l.args ? ", " : "", queue, level, from, to);
        } else {
            cg_line(em, "    %s<<<gmcu_blocks(_c_n), GMCU_BLOCK>>>(%s%s%s, %s, %s, %s);", bal, l.args,
                     *l.args ? ", " : "", queue, level, from, to);
            cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", bal, em->src_base, s->loc.line);
        }
        if (autob)
            cg_line(em, "} else if (_c_n > 0) {");
    } else {
        cg_line(em, "if (_c_n > 0) {");
    }
    cuda_report_level(em, gma_decisions_of(em->decided, s, body == s->rev_body), what + 5, plain ? kname : NULL, bal,
                      ht != NULL);
    cuda_report_loop(em, gma_decisions_of(em->decided, s, body == s->rev_body), body, s->iter.sym, &c);
    free(bal);
    if (plain) {
        cg_line(em, "    %s<<<gmcu_blocks(_c_n), GMCU_BLOCK>>>(%s%s%s, %s, %s, %s);", kname, l.args,
                 *l.args ? ", " : "", queue, level, from, to);
        cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", kname, em->src_base, s->loc.line);
    }
    cg_line(em, "}");
    cuda_launch_after(em, &c);
    em->indent--;
    cg_line(em, "}");
    free(kname);
    cuda_launch_free(em, &l);
    cuda_capture_free(&c);
}

/* The work of one edge _c_e of the frontier in an expansion kernel: claim
 * its head if unvisited and append it to the next level. */
static void claim_edge(cg_emit *em, const gm_stmt *s, const char *g, bool tr, const char *stop)
{
    const char *fb = tr ? "r_begin" : "begin", *fi = tr ? "r_node_idx" : "node_idx";
    cg_line(em, "const gm_node_t _c_w = %s->%s[_c_e];", g, fi);
    cg_line(em, "if (_c_level[_c_w] != -1)");
    cg_line(em, "    %s;", stop);
    cg_bfs_nav_check(em, s, "_c_w", stop);
    cg_line(em, "if (atomicCAS((int *)&_c_level[_c_w], -1, _c_depth + 1) == -1)");
    cg_line(em, "    gmcu_push_counted(_c_queue, _c_next, _c_w, _c_nedges, %s->%s[_c_w + 1] - %s->%s[_c_w]);", g, fb,
             g, fb);
}

void cuda_bfs_twc_frontier_open(cg_emit *em, const char *g, const char *begin)
{
    /* every thread of the block calls gmcu_twc, inactive ones with an empty row */
    cg_line(em, "for (int64_t _c_base = _c_from + (int64_t)blockIdx.x * blockDim.x; _c_base < _c_to; "
                 "_c_base += (int64_t)gridDim.x * blockDim.x) {");
    em->indent++;
    cg_line(em, "const int64_t _c_i = _c_base + threadIdx.x;");
    cg_line(em, "const bool _c_act = _c_i < _c_to;");
    cg_line(em, "const gm_node_t _c_u = _c_act ? _c_queue[_c_i] : 0;");
    cg_line(em, "gmcu_twc(_c_u, _c_act ? %s->%s[_c_u] : 0, _c_act ? %s->%s[_c_u + 1] : 0, "
                 "[&](gm_node_t, gm_edge_t _c_e) {", g, begin, g, begin);
    em->indent++;
}

void cuda_bfs_twc_frontier_close(cg_emit *em)
{
    em->indent--;
    cg_line(em, "}, _c_spill);");
    em->indent--;
    cg_line(em, "}");
}

typedef enum expand_mode {
    EXPAND_PLAIN, /* one thread walks one frontier node's edges */
    EXPAND_TWC,   /* block, warp or thread by degree; hubs past a chunk spill */
    EXPAND_SPILL, /* the chunks the TWC kernel spilled, one per block */
} expand_mode;

/* The expansion kernels: frontier [from, to) claims the next level. The
 * threads that claim nodes together append them with one atomic
 * (gmcu_push_counted). */
static char *expand_kernel(cg_emit *em, const gm_stmt *s, cuda_capture *c, cuda_launch *l,
                           const char *g, bool tr, expand_mode mode)
{
    const char *fb = tr ? "r_begin" : "begin";
    char *params = mode == EXPAND_SPILL
                       ? cuda_params_plus(l->params, "gm_node_t *_c_queue, int32_t *_c_level, int32_t _c_depth, "
                                          "unsigned long long *_c_next, unsigned long long *_c_nedges, gmcu_spill _c_spill")
                       : cuda_params_plus(l->params, "gm_node_t *_c_queue, int32_t *_c_level, int64_t _c_from, int64_t _c_to, "
                                          "int32_t _c_depth, unsigned long long *_c_next, unsigned long long *_c_nedges%s",
                                          mode == EXPAND_TWC ? ", gmcu_spill _c_spill" : "");
    static const char *const what[] = {"BFS: discover the next level", "BFS: discover the next level (TWC)",
                                       "BFS: discover the next level, the edges of hubs the TWC kernel left"};
    cuda_kernel_frame f;
    char *kname = cuda_kernel_open(em, &f, what[mode], s->loc, params, s->iter.sym, GMR_NODES, c, l);
    if (mode == EXPAND_SPILL) {
        cg_line(em, "gmcu_spill_walk(_c_spill, [&](gm_node_t, gm_edge_t _c_e) {");
        em->indent++;
        claim_edge(em, s, g, tr, "return");
        em->indent--;
        cg_line(em, "});");
    } else if (mode == EXPAND_TWC) {
        cuda_bfs_twc_frontier_open(em, g, fb);
        claim_edge(em, s, g, tr, "return");
        cuda_bfs_twc_frontier_close(em);
    } else {
        cg_line(em, "for (int64_t _c_i = _c_from + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; "
                     "_c_i < _c_to; _c_i += (int64_t)gridDim.x * blockDim.x) {");
        em->indent++;
        cg_line(em, "gm_node_t _c_u = _c_queue[_c_i];");
        cg_line(em, "for (gm_edge_t _c_e = %s->%s[_c_u]; _c_e < %s->%s[_c_u + 1]; _c_e++) {", g, fb, g, fb);
        em->indent++;
        claim_edge(em, s, g, tr, "continue");
        em->indent--;
        cg_line(em, "}");
        em->indent--;
        cg_line(em, "}");
    }
    cuda_kernel_close(em, &f, c, l);
    free(params);
    return kname;
}

/* Bottom-up discovery (direction optimization): every unvisited node looks
 * among its in-neighbours (out-neighbours for G^) for one in the frontier
 * and stops at the first; it alone writes its level, so no CAS. Long rows
 * are searched by the block or the warp (gmcu_find_edge), so the loop runs
 * block by block, every thread to the end. */
static char *pull_kernel(cg_emit *em, const gm_stmt *s, cuda_capture *c, cuda_launch *l, const char *g, bool tr)
{
    const char *rb = tr ? "begin" : "r_begin", *ri = tr ? "node_idx" : "r_node_idx";
    const char *fb = tr ? "r_begin" : "begin"; /* the next frontier's edges, walked forward */
    char *params = cuda_params_plus(l->params, "gm_node_t *_c_queue, int32_t *_c_level, int32_t _c_depth, "
                                    "unsigned long long *_c_next, unsigned long long *_c_nedges");
    cuda_kernel_frame f;
    char *kname = cuda_kernel_open(em, &f, "BFS: discover the next level bottom-up (large frontiers)", s->loc, params,
                                   s->iter.sym, GMR_NODES, c, l);
    cg_line(em, "for (int64_t _c_base = (int64_t)blockIdx.x * blockDim.x; _c_base < %s->num_nodes; "
                 "_c_base += (int64_t)gridDim.x * blockDim.x) {", g);
    em->indent++;
    cg_line(em, "const int64_t _c_i = _c_base + threadIdx.x;");
    cg_line(em, "const gm_node_t _c_w = (gm_node_t)(_c_i < %s->num_nodes ? _c_i : 0);", g);
    cg_line(em, "bool _c_mine = _c_i < %s->num_nodes && _c_level[_c_w] == -1;", g);
    if (s->navigator) {
        cg_line(em, "if (_c_mine) {");
        em->indent++;
        cg_bfs_nav_check(em, s, "_c_w", "_c_mine = false");
        em->indent--;
        cg_line(em, "}");
    }
    cg_line(em, "const bool _c_hit = gmcu_find_edge(_c_mine, _c_mine ? %s->%s[_c_w] : 0, _c_mine ? %s->%s[_c_w + 1] : 0, "
                 "[&](gm_edge_t _c_e) { return _c_level[%s->%s[_c_e]] == _c_depth; });", g, rb, g, rb, g, ri);
    cg_line(em, "if (_c_hit) {");
    cg_line(em, "    _c_level[_c_w] = _c_depth + 1;");
    cg_line(em, "    gmcu_push_counted(_c_queue, _c_next, _c_w, _c_nedges, %s->%s[_c_w + 1] - %s->%s[_c_w]);",
             g, fb, g, fb);
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    free(params);
    return kname;
}

/* The TWC expansion of [_c_head, _c_tail), then the kernel that walks the
 * chunks of hub edges it spilled (it reads their count on the device). */
static void launch_twc_expansion(cg_emit *em, const gm_stmt *s, const cuda_launch *nl, const char *twc,
                                 const char *spill, const char *queue, const char *lvl)
{
    const char *sep = *nl->args ? ", " : "";
    cg_line(em, "%s<<<gmcu_blocks(_c_tail - _c_head), GMCU_BLOCK>>>(%s%s%s, %s, _c_head, _c_tail, _c_depth, _c_next, "
                 "_c_nedges, _c_spill);", twc, nl->args, sep, queue, lvl);
    cg_line(em, "GMCU_LAUNCHED(\"%s (%s:%d)\");", twc, em->src_base, s->loc.line);
    cg_line(em, "%s<<<4 * gmcu_info()->sms, GMCU_BLOCK>>>(%s%s%s, %s, _c_depth, _c_next, _c_nedges, _c_spill);", spill,
             nl->args, sep, queue, lvl);
    cg_line(em, "GMCU_LAUNCHED(\"%s (%s:%d)\");", spill, em->src_base, s->loc.line);
}
/* What a traversal's expansion kernel captures: the graph, the iterator
 * (declared in the kernel) and what the navigator reads; its launch. */
void cuda_bfs_capture_expand(cg_emit *em, const gm_stmt *s, cuda_capture *nav, cuda_launch *nl)
{
    cuda_capture_init(em, nav);
    if (gm_symbol_id_below(s->iter.sym, em->nsyms))
        nav->declared[s->iter.sym->id] = true;
    cuda_capture_graph(em, nav, s->iter.sym);
    if (s->navigator)
        cuda_capture_expr(em, nav, s->navigator);
    cuda_capture_finish(em, nav);
    cuda_launch_prepare(em, nav, nl);
}


bool cuda_bfs(cg_emit *em, const gm_stmt *s)
{
    if (cuda_st(em)->host_direct > 0)
        return false;
    const char *why = NULL;
    if (!cuda_bfs_on_gpu(em, s, &why))
        return false;
    const char *g = cg_graph_of(em, s->iter.sym->type);
    bool tr = s->iter.transposed;
    char *lvl = cg_fresh(em, "level");
    char *queue = cg_fresh(em, "queue");
    cg_bfs_ctx ctx = {.iter = s->iter.sym, .graph = g, .level = lvl, .transposed = tr};

    /* The expansion kernel sees the graph and what the navigator reads. */
    cuda_capture nav;
    cuda_launch nl;
    cuda_bfs_capture_expand(em, s, &nav, &nl);
    /* cuda_decide's direction=, expand= and outline= for the traversal */
    gma_decisions *ds = gma_decisions_of(em->decided, s, false), here = {0};
    if (!gma_decision(ds, "direction")) {
        cuda_decide_traversal(em, &here, s);
        ds = &here;
    }
    const char *dv = gma_decision(ds, "direction"), *ev = gma_decision(ds, "expand"), *ov = gma_decision(ds, "outline");
    gmb_direction dir = strcmp(dv, "push") == 0 ? GMB_DIR_PUSH : strcmp(dv, "pull") == 0 ? GMB_DIR_PULL : GMB_DIR_AUTO;
    const bool expand_auto = ev && strcmp(ev, "auto(thread|twc)") == 0;
    char *expand_twc = ev && strcmp(ev, "thread") != 0 ? expand_kernel(em, s, &nav, &nl, g, tr, EXPAND_TWC) : NULL;
    char *expand_spill = expand_twc ? expand_kernel(em, s, &nav, &nl, g, tr, EXPAND_SPILL) : NULL;
    char *expand = ev && strcmp(ev, "twc") != 0 ? expand_kernel(em, s, &nav, &nl, g, tr, EXPAND_PLAIN) : NULL;
    char *pull = dir != GMB_DIR_PUSH ? pull_kernel(em, s, &nav, &nl, g, tr) : NULL;
    /* Runs of small levels in persistent kernels (-fcuda-outline). */
    gmb_switch outline = !ov ? GMB_OFF : strcmp(ov, "persistent(all levels)") == 0 ? GMB_ON : GMB_AUTO;
    gma_decisions_clear(&here);
    cuda_capture fc, rc;
    cuda_launch fl, rl;
    char *ofwd = NULL, *orev = NULL;
    if (outline != GMB_OFF) {
        cuda_bfs_capture(em, &fc, s, s->body, &ctx, true);
        cuda_launch_prepare(em, &fc, &fl);
        ofwd = cuda_outline_forward_kernel(em, s, &ctx, queue, &fc, &fl);
        if (s->rev_body) {
            cuda_bfs_capture(em, &rc, s, s->rev_body, &ctx, false);
            cuda_launch_prepare(em, &rc, &rl);
            orev = cuda_outline_reverse_kernel(em, s, &ctx, queue, &rc, &rl);
        }
    }

    cuda_report_traversal(em, s, gma_decisions_of(em->decided, s, false), pull, expand, expand_twc, expand_spill, ofwd,
                          orev);
    cg_line(em, "{ /* BFS on the device, level-synchronous */");
    em->indent++;
    cg_scope_push(em);
    cg_start_line(em);
    cg_printf(em, "gm_node_t _c_root = ");
    cg_nil_root(em, s->root, "InBFS"); /* a NIL root: an error, as a property through it */
    cg_printf(em, ";\n");
    cg_line(em, "const int64_t _c_nn = %s->num_nodes;", g);
    cg_line(em, "int32_t *%s = (int32_t *)gmcu_malloc((size_t)(_c_nn + 1) * sizeof(int32_t), \"BFS levels\");", lvl);
    cg_line(em, "gm_node_t *%s = (gm_node_t *)gmcu_malloc((size_t)(_c_nn + 1) * sizeof(gm_node_t), \"BFS queue\");", queue);
    cg_line(em, "int64_t *_c_start = (int64_t *)_c_alloc((size_t)_c_nn + 2, sizeof(int64_t));");
    cg_scope_add_cleanup(em, cg_strf("gmcu_free(%s);", lvl));
    cg_scope_add_cleanup(em, cg_strf("gmcu_free(%s);", queue));
    cg_scope_add_cleanup(em, cg_strf("free(_c_start);"));
    cg_line(em, "gmcu_fill_i32<<<gmcu_blocks(_c_nn + 1), GMCU_BLOCK>>>(%s, _c_nn + 1, -1);", lvl);
    cg_line(em, "GMCU_LAUNCHED(\"BFS level reset\");");
    cg_line(em, "int64_t _c_nlev = 0, _c_head = 0, _c_tail = 0;");
    cg_line(em, "int32_t _c_depth = 0;");
    cg_line(em, "if (_c_root >= 0 && _c_root < _c_nn) {");
    cg_line(em, "    const int32_t _c_zero = 0;");
    cg_line(em, "    gmcu_put(%s + _c_root, &_c_zero, sizeof _c_zero);", lvl);
    cg_line(em, "    gmcu_put(%s, &_c_root, sizeof _c_root);", queue);
    cg_line(em, "    _c_tail = 1;");
    cg_line(em, "}");
    cg_line(em, "/* the next level's end lives in the last slot, its edge count in the one before */");
    cg_line(em, "unsigned long long *_c_next = gmcu_slot<unsigned long long>(_c_slots, GMCU_SLOTS - 1);");
    cg_line(em, "unsigned long long *_c_nedges = gmcu_slot<unsigned long long>(_c_slots, GMCU_SLOTS - 2);");
    if (expand_twc) {
        cg_line(em, "/* hub edges the TWC expansion leaves for a second kernel; their count three slots from the end */");
        cg_line(em, "gmcu_chunk *_c_chunks = (gmcu_chunk *)gmcu_malloc(gmcu_spill_capacity(%s->num_edges) * "
                     "sizeof(gmcu_chunk), \"BFS hub chunks\");", g);
        cg_scope_add_cleanup(em, cg_strf("gmcu_free(_c_chunks);"));
        cg_line(em, "const gmcu_spill _c_spill = {_c_chunks, gmcu_slot<unsigned long long>(_c_slots, GMCU_SLOTS - 3)};");
    }
    if (pull && dir != GMB_DIR_PULL) {
        cg_line(em, "/* the frontier's edges and the edges not explored yet (Beamer's direction rule) */");
        cg_line(em, "int64_t _c_mf = _c_tail > 0 && !%s ? (int64_t)(%s->begin[_c_root + 1] - %s->begin[_c_root]) : 0;",
                 tr ? "true" : "false", g, g);
        cg_line(em, "int64_t _c_mu = (int64_t)%s->num_edges;", g);
    }
    if (ofwd) {
        cg_line(em, "/* levels of at most _c_small nodes run in one persistent kernel */");
        cg_line(em, "const unsigned _c_oblocks = gmcu_coop_blocks(%s, 1);", ofwd);
        /* auto: graphs without hubs (a hub in a small level would be one
         * thread's work in the persistent kernel's per-node body) */
        if (outline == GMB_ON)
            cg_line(em, "const int64_t _c_small = INT64_MAX;");
        else
            cg_line(em, "const int64_t _c_small = gmcu_skewed(%s, %s) ? 0 : (int64_t)_c_oblocks * GMCU_BLOCK;", g,
                     tr ? "true" : "false");
        cg_line(em, "int64_t *_c_state = (int64_t *)gmcu_malloc(8 * sizeof(int64_t), \"BFS state\"); /* and counters */");
        cg_line(em, "int64_t *_c_dstart = (int64_t *)gmcu_malloc((size_t)(_c_nn + 2) * sizeof(int64_t), \"BFS level starts\");");
        cg_scope_add_cleanup(em, cg_strf("gmcu_free(_c_state);"));
        cg_scope_add_cleanup(em, cg_strf("gmcu_free(_c_dstart);"));
    }
    const char *rv = gma_decision(gma_decisions_of(em->decided, s, false), "relax");
    if (!gma_decisions_of(em->decided, s, false)) /* no record: the same rule here */
        rv = !cuda_bfs_relaxable(em, s) ? NULL : cuda_st(em)->knobs.async == GMB_ON ? "label-correction(from the root)" : "";
    const bool relax = rv != NULL;
    if (ofwd || relax)
        cg_line(em, "const int64_t _c_relax_at = %s; /* levels before label correction */",
                 !relax ? "INT64_MAX" : strcmp(rv, "label-correction(from the root)") == 0 ? "0" : "GMCU_BFS_RELAX_AFTER");
    cg_line(em, "while (_c_head < _c_tail) {");
    em->indent++;
    if (relax)
        cuda_bfs_relax_switch(em, s, &ctx, queue);
    if (ofwd) {
        cg_line(em, "if (_c_tail - _c_head <= _c_small) {");
        em->indent++;
        cg_line(em, "int64_t _c_st[4] = {_c_head, _c_tail, _c_depth, _c_nlev};");
        cg_line(em, "gmcu_put(_c_state, _c_st, sizeof _c_st);");
        cg_line(em, "gmcu_slot_put<unsigned long long>(_c_slots, GMCU_SLOTS - 1, (unsigned long long)_c_tail);");
        cuda_launch_before(em, &fc);
        cg_line(em, "gmcu_launch_coop(%s, _c_oblocks, \"%s (%s:%d)\", %s%s%s, %s, _c_next, _c_state, _c_dstart, _c_small, "
                 "_c_relax_at);",
                 ofwd, ofwd, em->src_base, s->loc.line, fl.args, *fl.args ? ", " : "", queue, lvl);
        cuda_launch_after(em, &fc);
        cg_line(em, "gmcu_fetch(_c_st, _c_state, sizeof _c_st);");
        cg_line(em, "if (_c_st[3] > _c_nlev)");
        cg_line(em, "    GMCU_CHECK(cudaMemcpy(_c_start + _c_nlev, _c_dstart + _c_nlev, "
                     "(size_t)(_c_st[3] - _c_nlev) * sizeof(int64_t), cudaMemcpyDeviceToHost));");
        cg_line(em, "_c_head = _c_st[0];");
        cg_line(em, "_c_tail = _c_st[1];");
        cg_line(em, "_c_depth = (int32_t)_c_st[2];");
        cg_line(em, "_c_nlev = _c_st[3];");
        if (pull && dir != GMB_DIR_PULL)
            cg_line(em, "_c_mf = 0; /* not counted there: the node count decides */");
        cg_line(em, "continue;");
        em->indent--;
        cg_line(em, "}");
    }
    cg_line(em, "_c_start[_c_nlev++] = _c_head;");
    cg_line(em, "{");
    cg_line(em, "    /* no spilled chunk, no edge counted, the next level's end */");
    cg_line(em, "    const unsigned long long _c_cnt[3] = {0ULL, 0ULL, (unsigned long long)_c_tail};");
    cg_line(em, "    gmcu_put(gmcu_slot<unsigned long long>(_c_slots, GMCU_SLOTS - 3), _c_cnt, sizeof _c_cnt);");
    cg_line(em, "}");
    cuda_launch_before(em, &nav);
    if (pull) {
        if (dir == GMB_DIR_PULL)
            cg_line(em, "{ /* bottom-up (-fcuda-direction=pull) */");
        else
            cg_line(em, "if (_c_tail - _c_head > _c_nn / 20 || _c_mf > _c_mu / 14) { /* a large frontier: bottom-up */");
        if (!tr)
            cg_line(em, "    (void)gmcu_graph(%s, GMCU_GRAPH_REVERSE); /* in-edges on the device */", g);
        cg_line(em, "    %s<<<gmcu_blocks(_c_nn), GMCU_BLOCK>>>(%s%s%s, %s, _c_depth, _c_next, _c_nedges);", pull, nl.args,
                 *nl.args ? ", " : "", queue, lvl);
        cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", pull, em->src_base, s->loc.line);
        cg_line(em, "}%s", dir == GMB_DIR_PULL ? "" : " else {");
        em->indent++;
    }
    if (dir != GMB_DIR_PULL) {
        if (expand_twc && expand_auto) {
            cg_line(em, "if (gmcu_skewed(%s, %s)) { /* hubs: block, warp or thread by degree */", g,
                     tr ? "true" : "false");
            em->indent++;
        }
        if (expand_twc)
            launch_twc_expansion(em, s, &nl, expand_twc, expand_spill, queue, lvl);
        if (expand_twc && expand_auto) {
            em->indent--;
            cg_line(em, "} else {");
            em->indent++;
        }
        if (expand) {
            cg_line(em, "%s<<<gmcu_blocks(_c_tail - _c_head), GMCU_BLOCK>>>(%s%s%s, %s, _c_head, _c_tail, _c_depth, "
                         "_c_next, _c_nedges);", expand, nl.args, *nl.args ? ", " : "", queue, lvl);
            cg_line(em, "GMCU_LAUNCHED(\"%s (%s:%d)\");", expand, em->src_base, s->loc.line);
        }
        if (expand_twc && expand_auto) {
            em->indent--;
            cg_line(em, "}");
        }
    }
    if (pull) {
        em->indent--;
        if (dir != GMB_DIR_PULL)
            cg_line(em, "}");
    }
    cuda_launch_after(em, &nav);
    cg_line(em, "unsigned long long _c_got[2];");
    cg_line(em, "gmcu_fetch(_c_got, _c_nedges, sizeof _c_got);");
    cg_line(em, "const int64_t _c_next_tail = (int64_t)_c_got[1];");
    if (pull && dir != GMB_DIR_PULL) {
        cg_line(em, "_c_mu -= _c_mf;");
        cg_line(em, "_c_mf = (int64_t)_c_got[0];");
    }
    if (s->body)
        cuda_bfs_launch_level(em, s, s->body, &ctx, queue, lvl, "_c_head", "_c_tail", "BFS: the forward body on one level");
    cg_line(em, "_c_head = _c_tail;");
    cg_line(em, "_c_tail = _c_next_tail;");
    cg_line(em, "_c_depth++;");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "_c_start[_c_nlev] = _c_head;");
    if (s->rev_body) {
        cg_line(em, "/* InReverse: from the deepest level back to the root */");
        if (orev)
            cg_line(em, "GMCU_CHECK(cudaMemcpy(_c_dstart, _c_start, (size_t)(_c_nlev + 1) * sizeof(int64_t), cudaMemcpyHostToDevice));");
        cg_line(em, "for (int64_t _c_l = _c_nlev - 1; _c_l >= 0; _c_l--) {");
        em->indent++;
        if (orev) {
            cg_line(em, "if (_c_start[_c_l + 1] - _c_start[_c_l] <= _c_small) { /* a run of small levels */");
            em->indent++;
            cg_line(em, "int64_t _c_lo = _c_l;");
            cg_line(em, "while (_c_lo > 0 && _c_start[_c_lo] - _c_start[_c_lo - 1] <= _c_small)");
            cg_line(em, "    _c_lo--;");
            cuda_launch_before(em, &rc);
            cg_line(em, "gmcu_launch_coop(%s, gmcu_coop_blocks(%s, 1), \"%s (%s:%d)\", %s%s%s, %s, _c_dstart, _c_l, _c_lo);",
                     orev, orev, orev, em->src_base, s->loc.line, rl.args, *rl.args ? ", " : "", queue, lvl);
            cuda_launch_after(em, &rc);
            cg_line(em, "_c_l = _c_lo;");
            cg_line(em, "continue;");
            em->indent--;
            cg_line(em, "}");
        }
        cuda_bfs_launch_level(em, s, s->rev_body, &ctx, queue, lvl, "_c_start[_c_l]", "_c_start[_c_l + 1]",
                     "BFS: the reverse body on one level");
        em->indent--;
        cg_line(em, "}");
    }
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    free(expand);
    free(expand_twc);
    free(expand_spill);
    free(pull);
    if (ofwd) {
        free(ofwd);
        cuda_launch_free(em, &fl);
        cuda_capture_free(&fc);
    }
    if (orev) {
        free(orev);
        cuda_launch_free(em, &rl);
        cuda_capture_free(&rc);
    }
    cuda_launch_free(em, &nl);
    cuda_capture_free(&nav);
    free(lvl);
    free(queue);
    return true;
}
