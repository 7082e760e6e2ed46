/* omp_clique.c: a loop nest that counts cliques (gm_analysis/gma_clique.h)
 * runs on a copy of its graph renamed by ascending degree when the runtime
 * finds that sound and worth it (gmrt_clique_graph: a symmetric graph
 * without parallel edges, many pairs saved); otherwise on the graph as
 * given, as it was written. The nest itself is emitted once, the usual
 * way, with the graph's C name bound to whichever graph was chosen.
 * OpenMP target, host code outside parallel regions only. */
#include "omp_backend.h"
#include "omp_emit.h"

#include <stdlib.h>

#include "gma_clique.h"

bool omp_clique_loop(omp_emit *em, const gm_stmt *s)
{
    gma_clique c;
    if (em->hooks || em->in_kernel || em->par_depth > 0 || em->bfs || em->clique_loop == s ||
        em->queue_loop == s || !gma_clique_shape(s, &c) || c.k < 3)
        return false; /* (edges, k = 2, cost O(m) under any names: nothing to gain) */
    char *graph = omp_strf("%s", omp_name(em, c.graph));
    char *copy = omp_fresh(em, "by_degree"), *use = omp_fresh(em, "cg");
    omp_line(em, "{");
    em->indent++;
    omp_line(em, "/* counts %d-cliques, the same under any renaming of the nodes: on the graph", c.k);
    omp_line(em, " * renamed by degree when sound (symmetric, no parallel edges) and worth it */");
    omp_line(em, "gm_graph *%s = gmrt_clique_graph(%s);", copy, graph);
    /* The copy is marked symmetric, so the nest's only in-row reader, the
     * folded count (gm_opt/count_linked.c), reads out-rows there
     * (gmrt_linked.h): no reverse CSR. It comes with its edge sources
     * (the call below only checks that). */
    bool reverse, edge_src;
    omp_graph_needs(s, &reverse, &edge_src);
    if (edge_src) {
        omp_line(em, "if (%s && !gmrt_graph_make_edge_src(%s)) { /* out of memory: count on the graph as given */",
                 copy, copy);
        omp_line(em, "    gmrt_graph_free(%s);", copy);
        omp_line(em, "    %s = NULL;", copy);
        omp_line(em, "}");
    }
    omp_line(em, "gm_graph *%s = %s ? %s : %s;", use, copy, copy, graph);
    const gm_stmt *outer = em->clique_loop;
    em->clique_loop = s;
    omp_set_name(em, c.graph, use);
    omp_foreach(em, s);
    omp_set_name(em, c.graph, graph);
    em->clique_loop = outer;
    omp_line(em, "gmrt_graph_free(%s);", copy);
    em->indent--;
    omp_line(em, "}");
    free(graph);
    free(copy);
    free(use);
    return true;
}
