/* cuda_gather.c: node properties read at the other ends of edges, stored
 * with the most-read nodes first (gather order, gm_runtime/cuda/gather_order.cu).
 *
 * PageRank's pull reads w.rank / w.OutDegree() (hoisted by gm_opt into a
 * temporary property filled once per node) at the far end of every edge.
 * On a graph with hubs a few nodes take most of those reads, scattered over
 * the table in id order. A property P qualifies when
 *   - it is a local node property of the procedure's only graph, of a
 *     numeric type, referenced only as elements (t.P), all of them inside
 *     loops over the graph's nodes that run as kernels (the host never
 *     sees its layout);
 *   - it is written only by plain assignments (no reductions, deferred or
 *     arg-min/max writes), never through a neighbour iterator;
 *   - it is read through at least one neighbour iterator w of Nbrs or
 *     InNbrs whose every use is as the index of such properties, and all
 *     those iterators walk the same direction.
 * Such an iterator is then declared from gather_idx / r_gather_idx (a
 * position in the gather order, not a node id), and every other access
 * t.P goes through gmcu_gather_at(G, in_edges, t). Whether the order is in
 * effect is decided at run time (skewed graphs, gmcu_gather_order); when it
 * is not, those arrays are the id order and the same code is exact. A site
 * that declares an iterator without asking (cuda_nbr_ids) leaves it a node
 * id, and accesses through it go through gmcu_gather_at as well: only where
 * the declaration took gather positions are they used as such.
 *
 * --distributed (cuda_dist.c): the order is built on each rank's local CSR
 * (owners and ghosts), each rank deciding for itself. Such a property is
 * written by owners (or every local node) and read at ghosts, so the sync
 * plan gives it broadcasts only: cuda_gather_pos names the positions they
 * pack and scatter by (gmd_gpu_sync_broadcast_at). A property the plan
 * reduces or resets all the same does not qualify: those syncs move tables
 * in id order. */
#include "cg_dist.h"
#include "cuda_emit.h"
#include "gma_sync.h"
#include "oom.h"

#include <stdlib.h>
#include <string.h>

enum { DIR_NONE = 0, DIR_OUT = 1, DIR_IN = 2, DIR_MIXED = 3 };

typedef struct gather_scan {
    cg_emit *em;
    const gm_symbol *graph;
    int n;
    const gm_symbol **sym;  /* by symbol id: the symbol, once referenced */
    int *refs_all;          /* references anywhere in the procedure */
    int *refs_gpu;          /* references inside node loops that run as kernels */
    int *elem_refs;         /* properties: references as elements t.P */
    bool *bad;              /* a property or an iterator that does not qualify */
    unsigned char *walk;    /* iterators of Nbrs / InNbrs loops: DIR_OUT / DIR_IN */
    unsigned char *dir;     /* properties: the qualifying walks reading them */
} gather_scan;

static bool valid_id(const gather_scan *g, const gm_symbol *s)
{
    return gm_symbol_id_below(s, g->n);
}

static bool count_all(const gm_expr *e, void *ctx)
{
    gather_scan *g = ctx;
    if (!valid_id(g, e->sym))
        return true;
    g->sym[e->sym->id] = e->sym;
    g->refs_all[e->sym->id]++;
    if (e->kind == GME_PROP)
        g->elem_refs[e->sym->id]++;
    return true;
}

static bool count_gpu(const gm_expr *e, void *ctx)
{
    gather_scan *g = ctx;
    if (valid_id(g, e->sym))
        g->refs_gpu[e->sym->id]++;
    return true;
}

static bool note_walk(const gm_stmt *s, void *ctx)
{
    gather_scan *g = ctx;
    if (s->kind == GMS_FOREACH && valid_id(g, s->iter.sym) &&
        (s->iter.range == GMR_NBRS || s->iter.range == GMR_IN_NBRS))
        g->walk[s->iter.sym->id] = s->iter.range == GMR_IN_NBRS ? DIR_IN : DIR_OUT;
    return true;
}

/* Writes other than t.P = x, t not a neighbour iterator, disqualify P. */
static bool note_write(const gm_stmt *s, void *ctx)
{
    gather_scan *g = ctx;
    if ((s->kind != GMS_ASSIGN && s->kind != GMS_ARGMINMAX) || !s->lhs)
        return true;
    for (const gm_expr *l = s->lhs; l; l = l->next) {
        if (l->kind != GME_PROP || !valid_id(g, l->sym))
            continue;
        const gm_expr *ix = l->a;
        bool plain = s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN && !s->lhs->next;
        bool through_nbr = ix && ix->kind == GME_ID && valid_id(g, ix->sym) && g->walk[ix->sym->id];
        if (!plain || through_nbr)
            g->bad[l->sym->id] = true;
    }
    return true;
}

/* The outermost loops that run as kernels over the graph's nodes: a walk
 * (gm_walk_hooked) that goes into no parallel loop and no traversal. */
static gm_walk_step gpu_loop(const gm_stmt *s, void *ctx)
{
    gather_scan *g = ctx;
    const char *why = NULL;
    if (s->kind == GMS_FOREACH && s->parallel) {
        if (cg_loop_is_parallel(g->em, s) && s->iter.range == GMR_NODES && !s->iter.range_arg &&
            s->iter.source && s->iter.source->kind == GME_ID && s->iter.source->sym == g->graph &&
            cuda_foreach_on_gpu(g->em, s, &why))
            gma_walk(s, false, NULL, count_gpu, g);
        return GM_WALK_SKIP; /* any other parallel loop: its references count as the host's */
    }
    return s->kind == GMS_BFS || s->kind == GMS_DFS ? GM_WALK_SKIP : GM_WALK_ON;
}

static void scan_gpu_loops(gather_scan *g, const gm_stmt *list)
{
    static const gm_walk_hooks hooks = {gpu_loop, NULL, NULL, NULL};
    gm_walk_hooked(list, true, &hooks, g);
}

static bool numeric_node_prop(const gather_scan *g, const gm_symbol *p)
{
    const gm_type *t = p->type;
    if (!p->is_property || p->kind != GMSYM_VAR || !t || t->kind != GMT_NODE_PROP || t->graph != g->graph ||
        !t->elem)
        return false;
    switch (t->elem->kind) {
    case GMT_INT: case GMT_LONG: case GMT_FLOAT: case GMT_DOUBLE:
        return true;
    default:
        return false;
    }
}

/* Uses of one iterator as the index of a still-qualifying property. */
typedef struct iter_use {
    gather_scan *g;
    const gm_symbol *w;
    int as_index;
} iter_use;

static bool count_index_uses(const gm_expr *e, void *ctx)
{
    iter_use *u = ctx;
    if (e->kind == GME_PROP && e->a && e->a->kind == GME_ID && e->a->sym == u->w && valid_id(u->g, e->sym) &&
        !u->g->bad[e->sym->id])
        u->as_index++;
    return true;
}

typedef struct fix_ctx {
    gather_scan *g;
    bool changed;
} fix_ctx;

/* An iterator qualifies while its every reference (its loop's body and
 * filter hold them all) indexes a qualifying property. */
static bool fix_iter(const gm_stmt *s, void *ctx)
{
    fix_ctx *f = ctx;
    gather_scan *g = f->g;
    if (s->kind != GMS_FOREACH || !valid_id(g, s->iter.sym) || !g->walk[s->iter.sym->id] || g->bad[s->iter.sym->id])
        return true;
    iter_use u = {g, s->iter.sym, 0};
    gma_walk(s->body, true, NULL, count_index_uses, &u);
    if (s->iter.filter)
        gma_walk_expr(s->iter.filter, count_index_uses, &u);
    if (u.as_index == 0 || u.as_index != g->refs_all[s->iter.sym->id]) {
        g->bad[s->iter.sym->id] = true;
        f->changed = true;
    }
    return true;
}

static bool note_dir(const gm_expr *e, void *ctx)
{
    gather_scan *g = ctx;
    if (e->kind == GME_PROP && valid_id(g, e->sym) && e->a && e->a->kind == GME_ID && valid_id(g, e->a->sym)) {
        const gm_symbol *w = e->a->sym;
        if (g->walk[w->id] && !g->bad[w->id])
            g->dir[e->sym->id] |= g->walk[w->id];
    }
    return true;
}

static const gm_symbol *only_graph(const gm_proc *proc)
{
    const gm_symbol *graph = NULL;
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (p->type->kind != GMT_GRAPH)
            continue;
        if (graph)
            return NULL;
        graph = p->sym;
    }
    return graph;
}

static void *zalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        gm_out_of_memory("CUDA code generation", 0);
    return p;
}

/* Fills g->bad and g->dir. */
static void analyse(gather_scan *g, const gm_proc *proc)
{
    gma_walk(proc->body, true, note_walk, count_all, g);
    gma_walk(proc->body, true, note_write, NULL, g);
    scan_gpu_loops(g, proc->body->body);
    for (int i = 0; i < g->n; i++) {
        const gm_symbol *p = g->sym[i];
        if (p && p->is_property &&
            (!numeric_node_prop(g, p) || g->refs_all[i] != g->refs_gpu[i] || g->refs_all[i] != g->elem_refs[i]))
            g->bad[i] = true;
    }
    /* --distributed: a property the sync plan does more to than broadcast
     * (the rules above leave none; this keeps it so should they change) */
    const cg_dist *cd = cuda_st(g->em)->dist;
    for (int k = 0; cd && cd->syncs && k < cd->syncs->n; k++) {
        const gma_sync *y = &cd->syncs->syncs[k];
        if (y->kind != GMA_SYNC_BROADCAST && valid_id(g, y->sym) && g->sym[y->sym->id] == y->sym)
            g->bad[y->sym->id] = true;
    }
    for (;;) { /* iterators and properties, until nothing changes */
        fix_ctx f = {g, false};
        gma_walk(proc->body, true, fix_iter, NULL, &f);
        memset(g->dir, 0, (size_t)g->n);
        gma_walk(proc->body, true, NULL, note_dir, g);
        for (int i = 0; i < g->n; i++)
            if (g->dir[i] == DIR_MIXED && !g->bad[i]) {
                g->bad[i] = true;
                f.changed = true;
            }
        if (!f.changed)
            break;
    }
}

void cuda_gather_plan(cg_emit *em, const gm_proc *proc)
{
    cuda_state *st = cuda_st(em);
    free(st->gather_dir);
    free(st->gather_live);
    for (int d = 0; d < 3; d++) {
        free(st->gather_props[d]);
        st->gather_props[d] = NULL;
    }
    size_t n = (size_t)(em->nsyms > 0 ? em->nsyms : 1);
    st->gather_dir = zalloc(n, 1);
    st->gather_live = zalloc(n, sizeof(bool));
    st->gather_nsyms = em->nsyms;
    const gm_symbol *graph = only_graph(proc);
    if (st->knobs.gather_order == GMB_OFF || !graph || !proc->body)
        return;
    gather_scan g = {em, graph, em->nsyms, zalloc(n, sizeof(gm_symbol *)), zalloc(n, sizeof(int)),
                     zalloc(n, sizeof(int)), zalloc(n, sizeof(int)), zalloc(n, sizeof(bool)), zalloc(n, 1),
                     zalloc(n, 1)};
    analyse(&g, proc);
    for (int i = 0; i < g.n; i++) {
        if (g.bad[i])
            continue;
        if (g.walk[i]) {
            st->gather_dir[i] = g.walk[i]; /* a neighbour iterator */
        } else if (g.sym[i] && g.sym[i]->is_property && (g.dir[i] == DIR_OUT || g.dir[i] == DIR_IN)) {
            st->gather_dir[i] = g.dir[i];
            char **names = &st->gather_props[g.dir[i]];
            char *more = cg_strf("%s%s%s", *names ? *names : "", *names ? ", " : "", g.sym[i]->name);
            free(*names);
            *names = more;
        }
    }
    free(g.sym);
    free(g.refs_all);
    free(g.refs_gpu);
    free(g.elem_refs);
    free(g.bad);
    free(g.walk);
    free(g.dir);
}

/* The plan's walk for sym (DIR_NONE: not in gather order, or not planned). */
static int planned_dir(const cuda_state *st, const gm_symbol *sym)
{
    if (!st->gather_dir || !sym || sym->id < 0 || sym->id >= st->gather_nsyms)
        return DIR_NONE;
    return st->gather_dir[sym->id];
}

const char *cuda_nbr_ids(cg_emit *em, const gm_symbol *iter, bool reverse)
{
    cuda_state *st = cuda_st(em);
    bool gather = false;
    if (iter && !iter->is_property && planned_dir(st, iter) != DIR_NONE) {
        gather = cuda_st(em)->in_kernel && planned_dir(st, iter) == (reverse ? DIR_IN : DIR_OUT);
        st->gather_live[iter->id] = gather;
        st->walked_gather |= gather;
    }
    if (gather)
        return reverse ? "r_gather_idx" : "gather_idx";
    return reverse ? "r_node_idx" : "node_idx";
}

/* Whether the kernel being emitted reads prop without writing it (false
 * where that is not known: a kernel opened without a capture). */
static bool kernel_reads_only(const cuda_state *st, const gm_symbol *prop)
{
    const cuda_capture *c = st->frame ? st->frame->cap : NULL;
    if (!c)
        return false;
    for (int i = 0; i < c->n; i++)
        if (c->sym[i] == prop)
            return c->use[i] == CU_PROP && !c->written[i];
    return false;
}

/* A Float table read at the walk's far ends by a kernel that does not
 * write it goes through the read-only data path (__ldg), the pull's index
 * stream through the other. PageRank with Float ranks on one H100, 20
 * iterations: kron22 28.3 -> 19.2 ms, kron24 127 -> 86, kron20 7.2 -> 5.2,
 * a uniform 2^22-node graph 36.1 -> 26.4 (in two segments: device.cu); the
 * pull kernel on kron22 1.21 -> 0.73 ms with the same L1, L2 and DRAM
 * sectors (ncu). Either stream alone through __ldg gives the same, both
 * through it 28.1. Not for Double tables (Double PageRank kron22 24.2 ->
 * 32.7 ms), nor for Int ones (an Int pull gained nothing: kron22 18.6-19.2
 * -> 20.1-20.2 ms). Measured, not explained: bench/RESULTS.md, session 34. */
static bool read_only_path(const cuda_state *st, const gm_symbol *prop)
{
    const gm_type *t = prop->type;
    if (!t || !t->elem || t->elem->kind != GMT_FLOAT)
        return false;
    return kernel_reads_only(st, prop);
}

bool cuda_prop_elem(cg_emit *em, const gm_symbol *prop, const gm_expr *index)
{
    const cuda_state *st = cuda_st(em);
    const int d = prop && prop->is_property ? planned_dir(st, prop) : DIR_NONE;
    if (d == DIR_NONE || !cuda_st(em)->in_kernel)
        return false;
    const gm_symbol *w = index && index->kind == GME_ID ? index->sym : NULL;
    const bool live = w && planned_dir(st, w) == d && st->gather_live[w->id];
    if (live && read_only_path(st, prop)) {
        cg_printf(em, "__ldg(&%s[", cg_name(em, prop));
        cg_expr(em, index);
        cg_printf(em, "])");
        return true;
    }
    cg_printf(em, "%s[", cg_name(em, prop));
    if (live) {
        cg_expr(em, index); /* already a position in the gather order */
    } else {
        cg_printf(em, "gmcu_gather_at(%s, %s, ", cg_graph_of(em, prop->type), d == DIR_IN ? "true" : "false");
        cg_expr(em, index);
        cg_printf(em, ")");
    }
    cg_printf(em, "]");
    return true;
}

char *cuda_gather_pos(cg_emit *em, const gm_symbol *prop)
{
    const cuda_state *st = cuda_st(em);
    const int d = prop && prop->is_property ? planned_dir(st, prop) : DIR_NONE;
    if (d == DIR_NONE || !prop->type || !prop->type->graph)
        return NULL;
    return cg_strf("gmcu_gather_pos(%s, %s)", cg_name(em, prop->type->graph), d == DIR_IN ? "true" : "false");
}

void cuda_gather_begin(cg_emit *em, const gm_proc *proc)
{
    cuda_state *st = cuda_st(em);
    const gm_symbol *graph = only_graph(proc);
    for (int d = DIR_OUT; d <= DIR_IN && graph; d++) {
        if (!st->gather_props[d])
            continue;
        cuda_report_gather(em, proc, st->gather_props[d], d == DIR_IN);
        cg_line(em, "(void)gmcu_gather_order(%s, %s, %s); /* %s: most-read nodes first (skewed graphs) */",
                 cg_name(em, graph), d == DIR_IN ? "true" : "false",
                 st->knobs.gather_order == GMB_ON ? "true" : "false", st->gather_props[d]);
    }
}
