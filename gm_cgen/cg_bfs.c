/* cg_bfs.c: InBFS / InReverse as a level-synchronous traversal.
 *
 * Per level: first the next level is discovered (top-down from the frontier
 * with a CAS on the level array, or bottom-up over the unvisited nodes when
 * the frontier is large: direction optimization), then the body runs on
 * every node of the level in parallel. Discovering first means DownNbrs is
 * complete in the forward body too. Levels are Int-sized, so the depth is
 * unlimited (the old compiler stopped at 32,767: section 12). The visit
 * order is kept in one array with the start of every level, which InReverse
 * walks from the deepest level back to the root. A forward body that
 * touches only its own node runs right where its node is found instead.
 * This is the host's form (C with OpenMP, both targets); a target takes a
 * traversal over through tg->bfs (the CUDA target: kernels per level), and
 * the CUDA target prints its kernels' navigator checks and local bodies
 * with the helpers below. */
#include "cg_emit.h"
#include "gma_walk.h"

#include "builtins.h"
#include "opt.h"

#include <stdlib.h>
#include <string.h>

/* `if (!(navigator)) STOP;` evaluated on candidate `cand` (the iterator's
 * name is rebound to it meanwhile); nothing without a navigator. */
void cg_bfs_nav_check(cg_emit *em, const gm_stmt *s, const char *cand, const char *stop)
{
    if (!s->navigator)
        return;
    char *saved = cg_strf("%s", cg_name(em, s->iter.sym));
    cg_set_name(em, s->iter.sym, cand);
    cg_start_line(em);
    cg_printf(em, "if (!(");
    cg_expr(em, s->navigator);
    cg_printf(em, ")) %s;\n", stop);
    cg_set_name(em, s->iter.sym, saved);
    free(saved);
}

/* ---- a body that touches only its own node runs where the node is found ---- */

typedef struct local_body {
    const gm_symbol *v;
    const gm_symbol *decls[16]; /* scalars the body declares */
    int ndecls;
} local_body;

static bool declared_here(const local_body *b, const gm_symbol *sym)
{
    for (int i = 0; i < b->ndecls; i++)
        if (b->decls[i] == sym)
            return true;
    return false;
}

static bool local_stmt(const gm_stmt *s, void *vctx)
{
    local_body *b = vctx;
    switch (s->kind) {
    case GMS_BLOCK: case GMS_IF:
        return true;
    case GMS_DECL:
        for (const gm_name *n = s->names; n; n = n->next)
            if (b->ndecls < 16 && n->sym && n->sym->type && !n->sym->is_property)
                b->decls[b->ndecls++] = n->sym;
            else
                return false;
        return true;
    case GMS_ASSIGN:
        /* plain stores to v's properties or the body's own scalars */
        return s->assign_op == GMA_ASSIGN && s->lhs &&
               ((s->lhs->kind == GME_PROP && s->lhs->a && s->lhs->a->kind == GME_ID && s->lhs->a->sym == b->v) ||
                (s->lhs->kind == GME_ID && declared_here(b, s->lhs->sym)));
    default: /* loops, reductions, calls, foreign code: not local */
        return false;
    }
}

static bool local_expr(const gm_expr *e, void *vctx)
{
    local_body *b = vctx;
    switch (e->kind) {
    case GME_PROP: /* v.P only */
        return e->a && e->a->kind == GME_ID && e->a->sym == b->v;
    case GME_CALL:
        switch (e->builtin) {
        case GMB_NODE_BFS_LEVEL: case GMB_NODE_NUM_NBRS: case GMB_NODE_NUM_IN_NBRS:
        case GMB_GRAPH_NUM_NODES: case GMB_GRAPH_NUM_EDGES: case GMB_LOG: case GMB_EXP: case GMB_POW:
            return true;
        default:
            return false;
        }
    case GME_REDUCE: case GME_INDEX: case GME_FOREIGN:
        return false;
    default:
        return true;
    }
}

/* Whether the forward body reads and writes only its own node's properties
 * (and scalars it does not write) with no loop, reduction or call: then it
 * may run as soon as its node is found (its level is known), in the
 * discovery step, instead of in a sweep of its own after it. A navigator
 * could read what a body writes: none allowed. */
bool cg_bfs_body_is_local(const gm_stmt *s)
{
    if (!s->body || s->navigator)
        return false;
    local_body b = {.v = s->iter.sym};
    return gma_walk(s->body, false, local_stmt, local_expr, &b);
}

/* A local body (cg_bfs_body_is_local) for the node `node`, in braces
 * (under `if (guard)` when guard is given), marked with what it is. */
void cg_bfs_local_body(cg_emit *em, const gm_stmt *s, const char *node, const char *guard, bool in_parallel,
                        const char *what)
{
    char *saved = cg_strf("%s", cg_name(em, s->iter.sym));
    cg_set_name(em, s->iter.sym, node);
    cg_line(em, "%s%s%s{ /* %s:%d: %s */", guard ? "if (" : "", guard ? guard : "", guard ? ") " : "", em->src_base,
             s->loc.line, what);
    em->indent++;
    if (in_parallel)
        em->par_depth++;
    cg_scope_push(em);
    if (s->body->kind == GMS_BLOCK)
        cg_stmt_list(em, s->body->body);
    else
        cg_stmt(em, s->body);
    cg_scope_pop(em, true);
    if (in_parallel)
        em->par_depth--;
    em->indent--;
    cg_line(em, "}");
    cg_set_name(em, s->iter.sym, saved);
    free(saved);
}

static void level_body(cg_emit *em, const gm_stmt *s, const gm_stmt *body, const char *g,
                       const char *queue, const char *from, const char *to, const char *i)
{
    const char *v = cg_name(em, s->iter.sym);
    cg_par par;
    bool parallel = em->par_depth == 0;
    char *trip = cg_strf("(%s - %s)", to, from);
    if (parallel)
        cg_par_begin(em, &par, s->iter.sym, GMR_NODES, body, g, trip, s, body == s->rev_body);
    free(trip);
    cg_line(em, "for (int64_t %s = %s; %s < %s; %s++) {", i, from, i, to, i);
    em->indent++;
    cg_scope_push(em);
    /* a body that never names the node gets no variable for it (gcc and
     * clang: unused variable; nvcc warns even after a (void) cast) */
    if (body && gma_sym_used(body, false, s->iter.sym))
        cg_line(em, "gm_node_t %s = %s[%s];", v, queue, i);
    if (body && body->kind == GMS_BLOCK)
        cg_stmt_list(em, body->body);
    else if (body)
        cg_stmt(em, body);
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    if (parallel)
        cg_par_end(em, &par);
}

/* Discovered nodes go to a per-thread buffer of BFS_BUFFER nodes that is
 * appended to the queue with one atomic add when full and at the end, so
 * threads do not take turns on the shared counter once per node. Each
 * discovery loop opens its own block (the parallel region when parallel)
 * for the buffer _c_buf and its fill level _c_nbuf. */
enum { BFS_BUFFER = 256 };

static void buffers_begin(cg_emit *em, bool par, const char *trip)
{
    /* _c_deg: the out-degrees of the nodes this thread found (the next
     * level's edges, for the direction rule), added up at the end */
    if (par && trip)
        cg_line(em, "#pragma omp parallel if(%s >= 256)", trip); /* as level loops */
    else if (par)
        cg_line(em, "#pragma omp parallel");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "gm_node_t _c_buf[%d];", BFS_BUFFER);
    cg_line(em, "int _c_nbuf = 0;");
    cg_line(em, "int64_t _c_deg = 0;");
}

/* The buffer's nodes also add their out-degrees (g->fb rows) to _c_deg
 * when the level counts them: here, not where each node is found, so the
 * claiming loop stays as tight as without the count (summing there cost a
 * 1000 x 1000 grid's BFS 5-7% even on levels that did not count). */
static void flush_buffer(cg_emit *em, const char *queue, const char *next, const char *g, const char *fb)
{
    cg_line(em, "if (_c_count)");
    cg_line(em, "    for (int _c_k = 0; _c_k < _c_nbuf; _c_k++)");
    cg_line(em, "        _c_deg += (int64_t)(%s->%s[_c_buf[_c_k] + 1] - %s->%s[_c_buf[_c_k]]);", g, fb, g, fb);
    cg_line(em, "int64_t _c_at = __atomic_fetch_add(&%s, _c_nbuf, __ATOMIC_RELAXED);", next);
    cg_line(em, "for (int _c_k = 0; _c_k < _c_nbuf; _c_k++)");
    cg_line(em, "    %s[_c_at + _c_k] = _c_buf[_c_k];", queue);
    cg_line(em, "_c_nbuf = 0;");
}

static void buffer_append(cg_emit *em, const char *queue, const char *next, const char *node, const char *g,
                          const char *fb)
{
    cg_line(em, "_c_buf[_c_nbuf++] = %s;", node);
    cg_line(em, "if (_c_nbuf == %d) {", BFS_BUFFER);
    em->indent++;
    flush_buffer(em, queue, next, g, fb);
    em->indent--;
    cg_line(em, "}");
}

static void buffers_end(cg_emit *em, const char *queue, const char *next, const char *nedges, const char *g,
                        const char *fb)
{
    cg_line(em, "if (_c_nbuf > 0) {");
    em->indent++;
    flush_buffer(em, queue, next, g, fb);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "if (_c_deg > 0)");
    cg_line(em, "    __atomic_fetch_add(&%s, _c_deg, __ATOMIC_RELAXED);", nedges);
    em->indent--;
    cg_line(em, "}");
}

void cg_bfs(cg_emit *em, const gm_stmt *s)
{
    const char *g = cg_graph_of(em, s->iter.sym->type);
    bool tr = s->iter.transposed;
    /* Forward arrays of the walked direction, and the opposite ones. */
    const char *fb = tr ? "r_begin" : "begin", *fi = tr ? "r_node_idx" : "node_idx";
    const char *rb = tr ? "begin" : "r_begin", *ri = tr ? "node_idx" : "r_node_idx";
    bool par = em->par_depth == 0;
    char *lvl = cg_fresh(em, "level");
    char *queue = cg_fresh(em, "queue");
    char *start = cg_fresh(em, "level_start");
    char *nlev = cg_fresh(em, "nlevels");
    char *head = cg_fresh(em, "head"), *tail = cg_fresh(em, "tail"), *next = cg_fresh(em, "next");
    char *depth = cg_fresh(em, "depth"), *root = cg_fresh(em, "root");
    char *i = cg_fresh(em, "i"), *e = cg_fresh(em, "e");

    cg_line(em, "{");
    em->indent++;
    cg_scope_push(em);
    cg_start_line(em);
    cg_printf(em, "gm_node_t %s = ", root);
    cg_nil_root(em, s->root, "InBFS"); /* a NIL root: an error, as a property through it */
    cg_printf(em, ";\n");
    /* Without InReverse no level is walked twice: this level's queue and the
     * next one's take turns in two buffers that stay in cache (one queue of
     * every visited node walks fresh memory at every level: 7-10% of a road
     * grid BFS). With it, one queue in visiting order and each level's start. */
    bool turns = !s->rev_body;
    char *spare = turns ? cg_fresh(em, "queue_next") : NULL;
    /* Levels kept in the property that bfs_level proved equal to them: no
     * array to fill and no copy per node (5-8% of a road grid BFS). */
    /* the target's levels= and forward= decisions for the traversal's record
     * (gma_decision.h; a target that records none: the same rules here) */
    const gma_decisions *ds = gma_decisions_of(em->decided, s, false);
    const char *lv = gma_decision(ds, "levels"), *fv = gma_decision(ds, "forward");
    const gm_symbol *in_prop = lv && strcmp(lv, "array") == 0 ? NULL : gmo_bfs_levels_prop(s);
    const char *unseen = in_prop ? "INT32_MAX" : "-1";
    if (in_prop) {
        cg_line(em, "int32_t *const %s = %s; /* the levels live in %s (+INF: not visited yet) */", lvl,
                 cg_name(em, in_prop), in_prop->name);
    } else {
        cg_line(em, "int32_t *%s = (int32_t *)_c_alloc((size_t)%s->num_nodes + 1, sizeof(int32_t));", lvl, g);
        cg_scope_add_cleanup(em, cg_strf("free(%s);", lvl));
    }
    cg_line(em, "gm_node_t *%s = (gm_node_t *)_c_alloc((size_t)%s->num_nodes + 1, sizeof(gm_node_t));", queue, g);
    if (turns) {
        cg_line(em, "gm_node_t *%s = (gm_node_t *)_c_alloc((size_t)%s->num_nodes + 1, sizeof(gm_node_t));", spare, g);
        cg_line(em, "gm_node_t *const %s_first = %s, *const %s_first = %s; /* freed at the end */", queue, queue,
                 spare, spare);
        cg_scope_add_cleanup(em, cg_strf("free(%s_first);", queue));
        cg_scope_add_cleanup(em, cg_strf("free(%s_first);", spare));
    } else {
        cg_line(em, "int64_t *%s = (int64_t *)_c_alloc((size_t)%s->num_nodes + 2, sizeof(int64_t));", start, g);
        cg_scope_add_cleanup(em, cg_strf("free(%s);", queue));
        cg_scope_add_cleanup(em, cg_strf("free(%s);", start));
    }
    const char *appendq = turns ? spare : queue; /* where the next level goes */
    if (!in_prop) {
        if (par)
            cg_line(em, "#pragma omp parallel for schedule(static)");
        cg_line(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++)", i, i, g, i);
        cg_line(em, "    %s[%s] = -1;", lvl, i);
    }
    if (turns)
        cg_line(em, "int64_t %s = 0, %s = 0;", head, tail);
    else
        cg_line(em, "int64_t %s = 0, %s = 0, %s = 0;", nlev, head, tail);
    cg_line(em, "int32_t %s = 0;", depth);
    cg_bfs_ctx ctx = {.iter = s->iter.sym, .graph = g, .level = lvl, .transposed = tr};
    cg_bfs_ctx *outer = em->bfs;
    em->bfs = &ctx;
    bool fuse = fv ? strcmp(fv, "where-found") == 0 : !in_prop && cg_bfs_body_is_local(s);
    cg_line(em, "if (%s >= 0 && %s < %s->num_nodes) {", root, root, g);
    cg_line(em, "    %s[%s] = 0;", lvl, root);
    cg_line(em, "    %s[0] = %s;", queue, root);
    cg_line(em, "    %s = 1;", tail);
    if (fuse) {
        em->indent++;
        cg_bfs_local_body(em, s, root, NULL, false, "the body, run where the node is found");
        em->indent--;
    }
    cg_line(em, "}");
    char *unwalked = cg_fresh(em, "unwalked"), *fedges = cg_fresh(em, "fedges"), *prevf = cg_fresh(em, "prev_front");
    char *nedges = cg_fresh(em, "next_edges"), *maxdeg = cg_fresh(em, "max_degree");
    char *fbits = cg_fresh(em, "frontier_bits");
    /* Counting each found node's edges reads its row offsets, a cache miss
     * a node on a grid (10% of a 1000 x 1000 grid's BFS): a level counts
     * only when the next frontier could reach the edge rule, its size
     * times the largest degree squared (bounds its edges) against it. */
    cg_line(em, "int64_t %s = 0; /* the largest out-degree */", maxdeg);
    if (par)
        cg_line(em, "#pragma omp parallel for schedule(static) reduction(max:%s)", maxdeg);
    cg_line(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++)", i, i, g, i);
    cg_line(em, "    if (%s->%s[%s + 1] - %s->%s[%s] > %s)", g, fb, i, g, fb, i, maxdeg);
    cg_line(em, "        %s = (int64_t)(%s->%s[%s + 1] - %s->%s[%s]);", maxdeg, g, fb, i, g, fb, i);
    cg_line(em, "/* edges whose source is not yet reached (an upper bound after levels not counted) */");
    cg_line(em, "int64_t %s = (int64_t)%s->num_edges;", unwalked, g);
    cg_line(em, "int64_t %s = 0; /* the last level's frontier size */", prevf);
    cg_line(em, "int64_t %s = %s > 0 ? (int64_t)(%s->%s[%s + 1] - %s->%s[%s]) : 0; /* the frontier's out-edges */", fedges,
             tail, g, fb, root, g, fb, root);
    /* A bottom-up level tests the source of every in-edge it walks for the
     * frontier: read from the levels, 4 bytes a node at random (4 MB for a
     * million nodes, out of cache); from a bit per node of the frontier
     * (128 KB), made from the levels in one sequential pass, in cache. */
    cg_line(em, "uint64_t *%s = NULL; /* the frontier as bits, for bottom-up levels (made at the first) */", fbits);
    cg_scope_add_cleanup(em, cg_strf("free(%s);", fbits));
    cg_line(em, "while (%s < %s) {", head, tail);
    em->indent++;
    if (!turns)
        cg_line(em, "%s[%s++] = %s;", start, nlev, head);
    cg_line(em, "int64_t %s = %s;", next, turns ? "0" : tail);
    /* Direction optimization: a frontier holding more than 1/20 of the nodes
     * (wide), or whose rows hold more than 1/14 of the edges not yet walked
     * while it grows, is cheaper to find from the unvisited side (edges
     * count, not nodes: from a hub, the level of its neighbours holds few
     * nodes and most edges). The next frontier's edges are counted only
     * where they can decide: after a wide level the next one is wide too
     * or smaller (so not growing), and the bound above. */
    cg_line(em, "int64_t %s = 0; /* the next frontier's out-edges, counted as it is found */", nedges);
    cg_line(em, "const bool _c_wide = %s - %s > (int64_t)%s->num_nodes / 20;", tail, head, g);
    cg_line(em, "const bool _c_count = !_c_wide && (double)(%s - %s) * (double)%s * (double)%s > (double)%s / 14;", tail,
             head, maxdeg, maxdeg, unwalked);
    cg_line(em, "if (_c_wide || (%s > %s / 14 && %s - %s > %s)) { /* (growing: a shrinking one goes back top-down) */",
             fedges, unwalked, tail, head, prevf);
    em->indent++;
    cg_line(em, "/* bottom-up: every unvisited node looks for a parent in the frontier */");
    cg_line(em, "const int64_t _c_words = ((int64_t)%s->num_nodes + 63) / 64;", g);
    cg_line(em, "if (!%s)", fbits);
    cg_line(em, "    %s = (uint64_t *)_c_alloc((size_t)_c_words, sizeof(uint64_t));", fbits);
    if (par)
        cg_line(em, "#pragma omp parallel for schedule(static)");
    cg_line(em, "for (int64_t _c_wi = 0; _c_wi < _c_words; _c_wi++) { /* bit k of word w: node 64 w + k is in the frontier */");
    em->indent++;
    cg_line(em, "const int64_t _c_lo = _c_wi * 64;");
    cg_line(em, "const int64_t _c_nw = (int64_t)%s->num_nodes - _c_lo < 64 ? (int64_t)%s->num_nodes - _c_lo : 64;", g, g);
    cg_line(em, "uint64_t _c_bits = 0;");
    cg_line(em, "for (int64_t _c_k = 0; _c_k < _c_nw; _c_k++)");
    cg_line(em, "    _c_bits |= (uint64_t)(%s[_c_lo + _c_k] == %s) << _c_k;", lvl, depth);
    cg_line(em, "%s[_c_wi] = _c_bits;", fbits);
    em->indent--;
    cg_line(em, "}");
    buffers_begin(em, par, NULL);
    if (par)
        cg_line(em, "#pragma omp for schedule(dynamic, 1024) nowait");
    cg_line(em, "for (gm_node_t %s_w = 0; %s_w < %s->num_nodes; %s_w++) {", i, i, g, i);
    em->indent++;
    cg_line(em, "if (%s[%s_w] != %s)", lvl, i, unseen);
    cg_line(em, "    continue;");
    char *cand = cg_strf("%s_w", i);
    cg_bfs_nav_check(em, s, cand, "continue");
    cg_line(em, "for (gm_edge_t %s = %s->%s[%s_w]; %s < %s->%s[%s_w + 1]; %s++) {", e, g, rb, i, e,
             g, rb, i, e);
    cg_line(em, "    if ((%s[%s->%s[%s] >> 6] >> (%s->%s[%s] & 63)) & 1) {", fbits, g, ri, e, g, ri, e);
    cg_line(em, "        __atomic_store_n(&%s[%s_w], %s + 1, __ATOMIC_RELAXED);", lvl, i, depth);
    em->indent += 2;
    buffer_append(em, appendq, next, cand, g, fb);
    if (fuse)
        cg_bfs_local_body(em, s, cand, NULL, par, "the body, run where the node is found");
    em->indent -= 2;
    cg_line(em, "        break;");
    cg_line(em, "    }");
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    buffers_end(em, appendq, next, nedges, g, fb);
    em->indent--;
    cg_line(em, "} else {");
    em->indent++;
    cg_line(em, "/* top-down: the frontier claims its unvisited neighbours */");
    char *trip = cg_strf("%s - %s", tail, head);
    buffers_begin(em, par, trip);
    free(trip);
    if (par)
        cg_line(em, "#pragma omp for schedule(dynamic, 64) nowait");
    cg_line(em, "for (int64_t %s = %s; %s < %s; %s++) {", i, head, i, tail, i);
    em->indent++;
    cg_line(em, "gm_node_t %s_u = %s[%s];", i, queue, i);
    cg_line(em, "for (gm_edge_t %s = %s->%s[%s_u]; %s < %s->%s[%s_u + 1]; %s++) {", e, g, fb, i, e, g,
             fb, i, e);
    em->indent++;
    cg_line(em, "gm_node_t %s = %s->%s[%s];", cand, g, fi, e);
    cg_line(em, "if (__atomic_load_n(&%s[%s], __ATOMIC_RELAXED) != %s)", lvl, cand, unseen);
    cg_line(em, "    continue;");
    cg_bfs_nav_check(em, s, cand, "continue");
    cg_line(em, "int32_t _c_unseen = %s;", unseen);
    cg_line(em, "if (__atomic_compare_exchange_n(&%s[%s], &_c_unseen, %s + 1, false, "
                 "__ATOMIC_RELAXED, __ATOMIC_RELAXED))",
             lvl, cand, depth);
    cg_line(em, "{");
    em->indent++;
    buffer_append(em, appendq, next, cand, g, fb);
    if (fuse)
        cg_bfs_local_body(em, s, cand, NULL, par, "the body, run where the node is found");
    em->indent--;
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    buffers_end(em, appendq, next, nedges, g, fb);
    em->indent--;
    cg_line(em, "}");

    /* The body of this level (unless it ran as the nodes were found). */
    if (s->body && !fuse && !in_prop)
        level_body(em, s, s->body, g, queue, head, tail, i);
    cg_line(em, "%s = %s - %s;", prevf, tail, head);
    if (turns) {
        cg_line(em, "{ /* the next level becomes this one */");
        cg_line(em, "    gm_node_t *_c_t = %s;", queue);
        cg_line(em, "    %s = %s;", queue, spare);
        cg_line(em, "    %s = _c_t;", spare);
        cg_line(em, "}");
        cg_line(em, "%s = 0;", head);
    } else {
        cg_line(em, "%s = %s;", head, tail);
    }
    cg_line(em, "%s = %s;", tail, next);
    cg_line(em, "%s -= %s;", unwalked, fedges);
    cg_line(em, "%s = %s;", fedges, nedges);
    cg_line(em, "%s++;", depth);
    em->indent--;
    cg_line(em, "}");
    if (!turns)
        cg_line(em, "%s[%s] = %s;", start, nlev, head);
    cg_line(em, "(void)%s;", depth);
    if (s->rev_body) {
        cg_line(em, "/* InReverse: from the deepest level back to the root */");
        char *l = cg_fresh(em, "l");
        cg_line(em, "for (int64_t %s = %s - 1; %s >= 0; %s--) {", l, nlev, l, l);
        em->indent++;
        char *from = cg_strf("%s[%s]", start, l), *to = cg_strf("%s[%s + 1]", start, l);
        level_body(em, s, s->rev_body, g, queue, from, to, i);
        free(from);
        free(to);
        em->indent--;
        cg_line(em, "}");
        free(l);
    }
    em->bfs = outer;
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    free(cand);
    free(lvl); free(queue); free(start); free(nlev); free(head); free(tail); free(next);
    free(depth); free(root); free(i); free(e); free(spare); free(unwalked); free(fedges); free(prevf);
    free(nedges); free(maxdeg); free(fbits);
}
