/* gma_sync_check.c: the constructs --distributed cannot run (phase 2 of
 * distributed.md, section 6), each reported once as a located error of
 * class [dist-unsupported] that names it: DFS, InBFS over G^ or with a
 * navigator, BFS bodies that write other nodes' properties or host scalars, node
 * collections and maps on the host, procedure calls, foreign code,
 * adjacency queries and random walks, edge tests (HasEdgeTo, IsNbrFrom)
 * in parallel code where neither end is the own node of a parallel Foreach
 * over G.Nodes, host loops over anything but
 * G.Nodes, and every parallel loop whose record (gma_plan.h) says why it
 * cannot be distributed, or that reads or writes a property of a node or
 * edge that is neither its own nor a neighbour's, or that writes an edge
 * property the procedure also walks in the other direction. */
#include "gma_sync_internal.h"

#include <stdio.h>

#include "ast_walk.h"
#include "builtins.h"
#include "diag.h"
#include "gma_walk.h"

typedef struct check_ctx {
    const gma_plan *plan;
    const gm_proc *proc;
    int errors;
    const gm_expr *in_reduce; /* a host reduction already reported through its record */
} check_ctx;

#define DIST_ERROR(c, loc, ...)                                                                 \
    do {                                                                                        \
        gm_error((loc), GMD_DIST_UNSUPPORTED, __VA_ARGS__);                                     \
        (c)->errors++;                                                                          \
    } while (0)

static const char *head_name(const gma_record *r)
{
    if (r->reduce)
        return "this reduction";
    switch (r->space) {
    case GMA_SPACE_BFS: return "InBFS";
    case GMA_SPACE_BFS_REVERSE: return "InReverse";
    case GMA_SPACE_DFS: return "InDFS";
    default: return "this Foreach";
    }
}

/* Which way an edge is reached: 1 out (stored at its source), 2 in. */
static int edge_dirs(const gma_record *r, unsigned ix)
{
    int d = 0;
    if (ix & ((1u << GMA_IX_OUT_EDGE) | (1u << GMA_IX_DOWN_EDGE)))
        d |= 1;
    if (r->space == GMA_SPACE_EDGES && (ix & (1u << GMA_IX_OWNER)))
        d |= 1;
    if (ix & ((1u << GMA_IX_IN_EDGE) | (1u << GMA_IX_UP_EDGE)))
        d |= 2;
    return d;
}

/* The directions in which the procedure's loops touch edge property sym,
 * and whether any loop writes or reduces it. */
static int edge_prop_dirs(const check_ctx *c, const gm_symbol *sym, bool *written)
{
    int d = 0;
    *written = false;
    for (int i = 0; i < c->plan->n; i++) {
        const gma_record *r = &c->plan->recs[i];
        if (r->proc != c->proc)
            continue;
        const gma_access *a = gma_record_access(r, sym);
        for (int j = 0; a && j < a->nuses; j++) {
            d |= edge_dirs(r, a->uses[j].index);
            if (a->uses[j].mode != GMA_READ)
                *written = true;
        }
    }
    return d;
}

static void check_record(check_ctx *c, const gma_record *r)
{
    const char *what = head_name(r);
    for (int i = 0; i < r->nwhy; i++)
        DIST_ERROR(c, r->loc, "--distributed cannot run %s: %s", what, r->why[i]);
    if (r->space == GMA_SPACE_DFS || r->space == GMA_SPACE_BFS || r->space == GMA_SPACE_BFS_REVERSE)
        return; /* reported as a construct */
    for (int i = 0; i < r->nprops; i++) {
        const gma_access *a = &r->props[i];
        for (int j = 0; j < a->nuses; j++) {
            const gma_use *u = &a->uses[j];
            if (!(u->index & ((1u << GMA_IX_REMOTE) | (1u << GMA_IX_COMMON_NBR))))
                continue;
            DIST_ERROR(c, r->loc,
                       "--distributed cannot run %s: it %s %s property %s of a node or edge that is "
                       "neither the loop's own nor a neighbour's (a random access)",
                       what, u->mode == GMA_READ ? "reads" : u->mode == GMA_WRITE ? "writes" : "reduces",
                       a->edge ? "edge" : "node", a->sym->name);
            break;
        }
        if (!a->edge)
            continue;
        bool written = false;
        int own = 0;
        for (int j = 0; j < a->nuses; j++) {
            own |= edge_dirs(r, a->uses[j].index);
            written = written || a->uses[j].mode != GMA_READ;
        }
        bool any_written;
        int all = edge_prop_dirs(c, a->sym, &any_written);
        /* reported at the loop that writes it */
        if (written && all == 3)
            DIST_ERROR(c, r->loc,
                       "--distributed cannot run %s: it writes edge property %s, which the procedure "
                       "walks both from the edges' sources and from their destinations",
                       what, a->sym->name);
        (void)own;
    }
}

/* InBFS / InReverse run level by level over the owners of each level
 * (omp_dist_bfs.c): forward along out-edges only, without a navigator; the
 * bodies may read their own node's and Up/Down (or other) neighbours'
 * properties and write only their own node's. */
static void check_bfs(check_ctx *c, const gm_stmt *s)
{
    if (s->iter.transposed)
        DIST_ERROR(c, s->loc, "--distributed cannot run InBFS over the reverse edges (G^) yet: levels are "
                              "expanded along out-edges only");
    if (s->navigator)
        DIST_ERROR(c, s->loc, "--distributed cannot run InBFS with a navigator yet: a ghost candidate's "
                              "properties may be stale when it is claimed");
    for (int rev = 0; rev < 2; rev++) {
        if (rev && !s->rev_body)
            continue;
        const gma_record *r = gma_plan_find(c->plan, s, rev != 0);
        if (!r)
            continue;
        const char *what = rev ? "InReverse" : "InBFS";
        for (int i = 0; i < r->nwhy; i++)
            DIST_ERROR(c, r->loc, "--distributed cannot run %s: %s", what, r->why[i]);
        for (int i = 0; i < r->nscalars; i++) {
            const gma_access *a = &r->scalars[i];
            for (int j = 0; j < a->nuses; j++)
                if (a->uses[j].mode != GMA_READ) {
                    DIST_ERROR(c, r->loc, "--distributed cannot run %s: its body writes host scalar %s "
                                          "(not combined over the ranks yet)", what, a->sym->name);
                    break;
                }
        }
        for (int i = 0; i < r->nprops; i++) {
            const gma_access *a = &r->props[i];
            for (int j = 0; j < a->nuses; j++) {
                const gma_use *u = &a->uses[j];
                bool remote = u->index & ((1u << GMA_IX_REMOTE) | (1u << GMA_IX_COMMON_NBR));
                bool pushed = u->mode != GMA_READ && (u->index & ~(1u << GMA_IX_OWNER));
                if (!remote && !pushed && !(a->edge && u->mode != GMA_READ))
                    continue;
                const char *verb = u->mode == GMA_READ ? "reads" : u->mode == GMA_WRITE ? "writes" : "reduces";
                if (remote)
                    DIST_ERROR(c, r->loc, "--distributed cannot run %s: it %s %s property %s of a node or edge "
                                          "that is neither the loop's own nor a neighbour's (a random access)",
                               what, verb, a->edge ? "edge" : "node", a->sym->name);
                else if (a->edge)
                    DIST_ERROR(c, r->loc, "--distributed cannot run %s: it %s edge property %s (not yet)", what,
                               verb, a->sym->name);
                else
                    DIST_ERROR(c, r->loc, "--distributed cannot run %s: it %s node property %s through a "
                                          "neighbour (only its own node's are written level by level)",
                               what, verb, a->sym->name);
                break;
            }
        }
    }
}

static bool is_collection_type(const gm_type *t)
{
    return t && (t->kind == GMT_NODE_SET || t->kind == GMT_NODE_ORDER || t->kind == GMT_NODE_SEQ ||
                 t->kind == GMT_COLLECTION || t->kind == GMT_MAP);
}

static const char *type_name(const gm_type *t)
{
    switch (t->kind) {
    case GMT_NODE_SET: return "a Node_Set";
    case GMT_NODE_ORDER: return "a Node_Order";
    case GMT_NODE_SEQ: return "a Node_Seq";
    case GMT_MAP: return "a Map";
    default: return "a collection";
    }
}

/* What an error calls an end of an edge test: "t", "n.parent", else "a node". */
static void end_name(const gm_expr *e, char *buf, size_t n)
{
    if (e && e->kind == GME_ID && e->sym)
        snprintf(buf, n, "%s", e->sym->name);
    else if (e && e->kind == GME_PROP && e->a && e->a->kind == GME_ID && e->a->sym && e->sym)
        snprintf(buf, n, "%s.%s", e->a->sym->name, e->sym->name);
    else
        snprintf(buf, n, "a node");
}

/* An edge test in a parallel construct runs on the rank that owns one of
 * its ends by name: the node of the parallel Foreach over G.Nodes at host
 * level (own; NULL under a BFS), whose row is complete there under the
 * right policy (gma_sync_edge_test_end). A node loop nested in it covers
 * the rank's owners only, so its node is not one. */
typedef struct edge_ctx {
    check_ctx *c;
    const gm_symbol *own;
} edge_ctx;

static bool edge_test_expr(const gm_expr *e, void *vctx)
{
    edge_ctx *x = vctx;
    if (e->kind != GME_CALL || (e->builtin != GMB_NODE_HAS_EDGE_TO && e->builtin != GMB_NODE_IS_NBR_FROM))
        return true;
    bool to = e->builtin == GMB_NODE_HAS_EDGE_TO;
    int end = gma_sync_edge_test_end(e);
    const gm_expr *own = end < 0 ? NULL : (end == 0) == to ? e->a : e->args;
    if (own && x->own && own->sym == x->own)
        return true;
    char n[64], m[64];
    end_name(e->a, n, sizeof n);
    end_name(e->args, m, sizeof m);
    const char *test = to ? "HasEdgeTo" : "IsNbrFrom";
    if (own)
        DIST_ERROR(x->c, e->loc, "--distributed cannot run %s.%s(%s): %s is the node of a loop over G.Nodes "
                                 "nested in a parallel construct (it covers this rank's owners only)",
                   n, test, m, own->sym->name);
    else
        DIST_ERROR(x->c, e->loc, "--distributed cannot run %s.%s(%s): neither %s nor %s is the own node of a "
                                 "parallel Foreach over G.Nodes (only that node's edges are all on its rank)",
                   n, test, m, n, m);
    return true;
}

static gm_walk_step check_enter(const gm_stmt *s, void *vctx)
{
    check_ctx *c = vctx;
    switch (s->kind) {
    case GMS_FOREACH:
        if (s->parallel) {
            const gma_record *r = gma_plan_find(c->plan, s, false);
            if (r)
                check_record(c, r);
            edge_ctx x = {c, s->iter.range == GMR_NODES ? s->iter.sym : NULL};
            gma_walk(s, false, NULL, edge_test_expr, &x);
            return GM_WALK_SKIP;
        }
        if (s->iter.range == GMR_ITEMS)
            DIST_ERROR(c, s->loc, "--distributed cannot run this host For over a collection's items");
        else if (s->iter.range != GMR_NODES)
            DIST_ERROR(c, s->loc,
                       "--distributed cannot run this host For over %s: each rank holds only its own "
                       "part of the graph",
                       gm_range_name(s->iter.range));
        return GM_WALK_ON;
    case GMS_BFS:
        check_bfs(c, s);
        gma_walk(s, false, NULL, edge_test_expr, &(edge_ctx){c, NULL});
        return GM_WALK_SKIP;
    case GMS_DFS:
        DIST_ERROR(c, s->loc, "--distributed cannot run InDFS: a depth-first traversal is sequential");
        return GM_WALK_SKIP;
    case GMS_FOREIGN:
        DIST_ERROR(c, s->loc, "--distributed cannot run foreign code");
        return GM_WALK_SKIP;
    case GMS_DECL:
        if (is_collection_type(s->decl_type))
            DIST_ERROR(c, s->loc, "--distributed cannot hold %s on the host: collections and maps are "
                                  "not distributed", type_name(s->decl_type));
        return GM_WALK_ON;
    default:
        return GM_WALK_ON;
    }
}

static bool find_expr(const gm_expr *e, void *ctx) { return e != ctx; }

static bool check_expr(const gm_expr *e, void *vctx)
{
    check_ctx *c = vctx;
    if (c->in_reduce && !gm_walk_expr(c->in_reduce, false, find_expr, (void *)e))
        return true; /* inside a host reduction: its record spoke for it */
    switch (e->kind) {
    case GME_REDUCE:
        for (int i = 0; i < c->plan->n; i++)
            if (c->plan->recs[i].reduce == e) {
                check_record(c, &c->plan->recs[i]);
                if (!c->plan->recs[i].nwhy)
                    DIST_ERROR(c, e->loc, "--distributed cannot run this %s on the host: the passes "
                                          "did not make it a loop", gm_reduce_op_name(e->reduce_op));
                c->in_reduce = e;
            }
        break;
    case GME_FOREIGN:
        DIST_ERROR(c, e->loc, "--distributed cannot run foreign code");
        break;
    case GME_CALL:
        switch (e->builtin) {
        case -1:
            DIST_ERROR(c, e->loc, "--distributed cannot run a procedure call (%s)", e->name ? e->name : "?");
            break;
        case GMB_NODE_HAS_EDGE_TO:
        case GMB_NODE_IS_NBR_FROM:
        case GMB_NODE_COUNT_LINKED:
            DIST_ERROR(c, e->loc, "--distributed cannot run %s on the host: the node's edges may be on "
                                  "another rank", e->name ? e->name : "an adjacency query");
            break;
        case GMB_NODE_PICK_RANDOM_NBR:
            DIST_ERROR(c, e->loc, "--distributed cannot run a random walk (PickRandomNbr)");
            break;
        default:
            break;
        }
        break;
    default:
        break;
    }
    return true;
}

int sync_check_proc(const gma_plan *plan, const gm_proc *proc)
{
    check_ctx c = {plan, proc, 0, NULL};
    for (const gm_param *p = proc->params; p; p = p->next)
        if (is_collection_type(p->type)) {
            gm_error(p->loc, GMD_DIST_UNSUPPORTED, "--distributed cannot take %s argument (%s)",
                     type_name(p->type), p->name);
            c.errors++;
        }
    static const gm_walk_hooks hooks = {check_enter, NULL, check_expr, NULL};
    gm_walk_hooked(proc->body, false, &hooks, &c);
    return c.errors;
}
