/* omp_clique.c: a loop nest that counts cliques (gm_analysis/gma_clique.h)
 * runs on a copy of its graph renamed by ascending degree when the runtime
 * finds that sound and worth it (gmrt_clique_graph: a symmetric graph
 * without parallel edges, many pairs saved); otherwise on the graph as
 * given, as it was written. The nest itself is emitted once, the usual
 * way, with the graph's C name bound to whichever graph was chosen.
 * OpenMP target (its parallel_loop hook), host code outside parallel
 * regions only. */
#include "omp_backend.h"
#include "omp_emit.h"

#include <stdlib.h>

#include "gma_clique.h"

bool omp_clique_loop(cg_emit *em, const gm_stmt *s)
{
    gma_clique c;
    omp_state *st = omp_st(em);
    if (em->par_depth > 0 || em->bfs || st->clique_loop == s || st->queue_loop == s ||
        !gma_clique_shape(s, &c) || c.k < 3)
        return false; /* (edges, k = 2, cost O(m) under any names: nothing to gain) */
    const gma_decisions *ds = gma_decisions_of(em->decided, s, false);
    if (ds && !gma_decision(ds, "clique"))
        return false; /* omp_decide kept it on the graph as given */
    char *graph = cg_strf("%s", cg_name(em, c.graph));
    char *copy = cg_fresh(em, "by_degree"), *use = cg_fresh(em, "cg");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "/* counts %d-cliques, the same under any renaming of the nodes: on the graph", c.k);
    cg_line(em, " * renamed by degree when sound (symmetric, no parallel edges) and worth it */");
    /* an ascending nest walks only the higher part of each row: the copy
     * keeps each edge once, in its lower end's row (half the rows) */
    cg_line(em, "gm_graph *%s = gmrt_clique_graph%s(%s);", copy, c.ascending ? "_upper" : "", graph);
    /* The copy is marked symmetric, so the nest's only in-row reader, the
     * folded count (gm_opt/count_linked.c), reads out-rows there
     * (gmrt_linked.h): no reverse CSR. It comes with its edge sources
     * (the call below only checks that). */
    bool reverse, edge_src;
    cg_graph_needs(s, &reverse, &edge_src);
    if (edge_src) {
        cg_line(em, "if (%s && !gmrt_graph_make_edge_src(%s)) { /* out of memory: count on the graph as given */",
                 copy, copy);
        cg_line(em, "    gmrt_graph_free(%s);", copy);
        cg_line(em, "    %s = NULL;", copy);
        cg_line(em, "}");
    }
    cg_line(em, "gm_graph *%s = %s ? %s : %s;", use, copy, copy, graph);
    const gm_stmt *outer = st->clique_loop;
    st->clique_loop = s;
    cg_set_name(em, c.graph, use);
    cg_foreach(em, s);
    cg_set_name(em, c.graph, graph);
    st->clique_loop = outer;
    cg_line(em, "gmrt_graph_free(%s);", copy);
    em->indent--;
    cg_line(em, "}");
    free(graph);
    free(copy);
    free(use);
    return true;
}
