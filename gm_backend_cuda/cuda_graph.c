/* cuda_graph.c: what of its graph a procedure's code reads beyond the
 * forward rows, decided at compile time: the device arrays gmcu_graph
 * uploads or makes (GMCU_GRAPH_*, gm_runtime/gmcu_graph.h) and the host
 * indexes its host code reads (the reverse rows, G->r_edge_idx,
 * G->edge_src), which gmcu_graph leaves unbuilt on the host (the reverse
 * rows where the graph is known symmetric: the device's alias the forward
 * ones).
 *
 * The reverse edge map (r_edge_idx: 8 bytes an edge with 64-bit edges, 47
 * GB a rank for kron28 on 2 ranks) is asked for only where code reads an
 * in-edge's forward id: an in-edge loop, ToEdge() of an iterator that does
 * not walk out-edges, or (one GPU) a loop that may run one thread per
 * in-edge, whose threads find their node through it (cuda_kernel.c). */
#include <string.h>

#include "cuda_emit.h"
#include "builtins.h"
#include "gma_walk.h"

typedef struct uses {
    bool map, host_map, collapse, edge_loop;
} uses;

static bool map_stmt(const gm_stmt *s, void *vctx)
{
    uses *u = vctx;
    if (s->kind == GMS_FOREACH && s->iter.range == GMR_IN_EDGES)
        u->map = u->host_map = true;
    const gm_expr *cond = NULL;
    const gm_stmt *in = u->collapse && s->kind == GMS_FOREACH ? cuda_collapsible(s, &cond) : NULL;
    if (in && in->iter.range == GMR_IN_NBRS)
        u->map = true; /* one thread per in-edge: its node is the forward edge's target */
    else if (in)
        u->edge_loop = true; /* one thread per edge, where the run chooses it: edge_src */
    return true;
}

static bool map_expr(const gm_expr *e, void *vctx)
{
    uses *u = vctx;
    if (e->kind == GME_REDUCE && e->iter.range == GMR_IN_EDGES)
        u->map = u->host_map = true;
    if (e->kind == GME_CALL && e->builtin == GMB_NBR_TO_EDGE && e->a && e->a->kind == GME_ID && e->a->sym &&
        !(e->a->sym->kind == GMSYM_ITER && e->a->sym->iter_range == GMR_NBRS))
        u->map = u->host_map = true; /* an in-neighbour's (or up/down one's) edge: r_edge_idx */
    return true;
}

void cuda_graph_uses(cg_emit *em, const gm_stmt *body, cuda_graph_use *g)
{
    memset(g, 0, sizeof *g);
    cg_graph_needs(body, &g->reverse, &g->edge_src);
    g->host_edge_src = g->edge_src;
    /* --distributed collapses no loop (cuda_decide_balance) */
    uses u = {false, false, !cuda_st(em)->dist, false};
    gma_walk(body, false, map_stmt, map_expr, &u);
    g->edge_src_maybe = g->edge_src || u.edge_loop;
    g->map = u.map;
    g->host_map = u.host_map;
    g->reverse = g->reverse || g->map;
}

void cuda_graph_host_uses(const gm_stmt *s, bool *rows, bool *map, bool *edge_src)
{
    cg_graph_needs(s, rows, edge_src);
    uses u = {false, false, false, false};
    gma_walk(s, false, map_stmt, map_expr, &u);
    *map = u.host_map;
}

const char *cuda_graph_flags(bool reverse, bool map, bool edge_src)
{
    static const char *const flags[8] = {
        "GMCU_GRAPH_FORWARD",
        "GMCU_GRAPH_REVERSE",
        "GMCU_GRAPH_REVERSE_MAP",
        "GMCU_GRAPH_REVERSE_MAP",
        "GMCU_GRAPH_EDGE_SRC",
        "GMCU_GRAPH_REVERSE | GMCU_GRAPH_EDGE_SRC",
        "GMCU_GRAPH_REVERSE_MAP | GMCU_GRAPH_EDGE_SRC",
        "GMCU_GRAPH_REVERSE_MAP | GMCU_GRAPH_EDGE_SRC",
    };
    return flags[(reverse ? 1 : 0) | (map ? 2 : 0) | (edge_src ? 4 : 0)];
}
