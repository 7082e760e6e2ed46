/* cuda_bfs_async.c: a BFS that only counts hops, without level barriers
 * (-fcuda-async).
 *
 * bfs_level (gm_opt) marks a traversal whose body only stores each node's
 * level into an Int property P that is +INF everywhere but 0 at the root
 * (apps/bfs.gm's `v.dist = Min(u: v.UpNbrs){u.dist} + 1`). Its result is then
 * the hop count from the root, a monotone fixpoint: P[w] = min over edges
 * v -> w of P[v] + 1. On a road grid the level-synchronous BFS spends its
 * time in thousands of levels, each ending in a grid barrier; here one
 * persistent kernel relaxes nodes from one shared queue (gmcu_aq, as the
 * asynchronous worklist loops do): a node taken from the queue lowers its
 * out-neighbours to its own value plus one and queues those it lowered. The
 * queue is first-in first-out, so with unit steps the order stays close to
 * the levels' and few nodes are lowered twice.
 *
 * Used when the traversal has no InReverse and no navigator and walks
 * out-edges; the level-synchronous BFS stays for the other graphs (auto: the
 * same run-time rule as the worklist, gmcu_few_rounds). */
#include "cuda_emit.h"
#include "opt.h"

#include <stdlib.h>
#include <string.h>

bool cuda_bfs_async_applies(omp_emit *em, const gm_stmt *s)
{
    return cuda_st(em)->knobs.async != GMB_OFF && gmo_bfs_levels_prop(s) && !s->rev_body && !s->navigator &&
           !s->iter.transposed;
}

/* The kernel: the queue's nodes relax their out-neighbours' hop counts. */
static char *hops_kernel(omp_emit *em, const gm_stmt *s, const char *params, cuda_capture *c, cuda_launch *l)
{
    const char *g = omp_graph_of(em, s->iter.sym->type);
    const char *p = omp_name(em, gmo_bfs_levels_prop(s));
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, "BFS hop counts without levels: one shared queue, no barrier", s->loc,
                                  params, s->iter.sym, GMR_NODES, c, l);
    omp_line(em, "gm_node_t _c_u;");
    omp_line(em, "while (gmcu_aq_next(&_c_aq, &_c_u)) { /* each thread: the next queued node, until none waits */");
    omp_line(em, "    const int32_t _c_hop = *(volatile int32_t *)&%s[_c_u] + 1;", p);
    omp_line(em, "    for (gm_edge_t _c_e = %s->begin[_c_u]; _c_e < %s->begin[_c_u + 1]; _c_e++) {", g, g);
    omp_line(em, "        const gm_node_t _c_w = %s->node_idx[_c_e];", g);
    omp_line(em, "        if (*(volatile int32_t *)&%s[_c_w] > _c_hop && gmcu_atomic_min(&%s[_c_w], _c_hop))", p, p);
    omp_line(em, "            gmcu_aq_push(&_c_aq, _c_w);");
    omp_line(em, "    }");
    omp_line(em, "    gmcu_aq_done(&_c_aq);");
    omp_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    return name;
}

void cuda_bfs_async_open(omp_emit *em, const gm_stmt *s)
{
    const gm_symbol *prop = gmo_bfs_levels_prop(s);
    const char *g = omp_graph_of(em, s->iter.sym->type);
    bool on = cuda_st(em)->knobs.async == GMB_ON;
    /* what the kernel touches: the graph and P (the body writes it) */
    omp_bfs_ctx ctx = {.iter = s->iter.sym, .graph = g, .level = "_c_unused_level", .transposed = false};
    cuda_capture c;
    cuda_bfs_capture(em, &c, s, s->body, &ctx, false);
    cuda_launch l;
    cuda_launch_prepare(em, &c, &l);
    char *params = omp_strf("%s%sgmcu_aq _c_aq", strcmp(l.params, "void") ? l.params : "",
                            strcmp(l.params, "void") ? ", " : "");
    char *k = hops_kernel(em, s, params, &c, &l);
    cuda_report(em, s->loc.line, "InBFS -> hop counts into %s without levels (-fcuda-async%s): one persistent kernel %s "
                "relaxes queued nodes' out-neighbours to their value + 1 and queues those it lowers (one shared queue, "
                "no barrier), up to the fixpoint%s", prop->name, on ? "=on" : "", k,
                on ? "" : "; on graphs without hubs and of mean degree at most 8, decided at run time; otherwise:");
    if (on)
        omp_line(em, "if (true) { /* BFS hop counts without levels (-fcuda-async=on) */");
    else
        omp_line(em, "if (!gmcu_few_rounds(%s)) { /* BFS hop counts without levels (-fcuda-async) */", g);
    em->indent++;
    omp_start_line(em);
    omp_printf(em, "const gm_node_t _c_root = ");
    omp_expr(em, s->root);
    omp_printf(em, ";\n");
    omp_line(em, "if (_c_root >= 0 && _c_root < %s->num_nodes) {", g);
    em->indent++;
    cuda_launch_before(em, &c);
    omp_line(em, "gm_node_t *_c_first = (gm_node_t *)gmcu_malloc(sizeof(gm_node_t), \"BFS root\");");
    omp_line(em, "GMCU_CHECK(cudaMemcpy(_c_first, &_c_root, sizeof _c_root, cudaMemcpyHostToDevice));");
    omp_line(em, "gmcu_aq _c_aq;");
    omp_line(em, "gmcu_aq_init(&_c_aq, %s->num_nodes, _c_first, 1);", g);
    omp_line(em, "gmcu_launch_coop(%s, gmcu_coop_blocks(%s, GMCU_AQ_PER_SM), \"%s (%s:%d)\", %s%s_c_aq);", k, k, k,
             em->src_base, s->loc.line, l.args, *l.args ? ", " : "");
    cuda_launch_after(em, &c);
    omp_line(em, "gmcu_aq_free(&_c_aq);");
    omp_line(em, "gmcu_free(_c_first);");
    em->indent--;
    omp_line(em, "}");
    em->indent--;
    omp_line(em, "} else");
    free(k);
    free(params);
    cuda_launch_free(em, &l);
    cuda_capture_free(&c);
}
