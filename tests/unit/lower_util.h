/* lower_util.h: what the unit tests of gm_analysis/ (test_analysis.c,
 * test_sync.c) share on top of check_util.h: a program taken through gmc's
 * stages as the backends get it (checked, desugared, every gm_opt pass),
 * and the SSSP program both take through them. Header-only like
 * check_util.h, whose capture and last-program state it uses: include it
 * after check_util.h; link libgma.a libgmopt.a libgmfront.a. */
#ifndef GM_TESTS_LOWER_UTIL_H
#define GM_TESTS_LOWER_UTIL_H

#include "check_util.h"
#include "opt.h"

/* src checked (an error fails the test, with the diagnostics on stderr),
 * desugared and optimized with no error; valid until the next check_src. */
CU_UTIL gm_program *lowered(const char *src)
{
    gm_program *p = check_src(src);
    if (!cu_check_ok)
        fprintf(stderr, "\n%s", cu_capture_text());
    CU_ASSERT_TRUE_FATAL(cu_check_ok);
    gmf_infer_locations(p);
    gmf_desugar(p);
    gmo_run(p, NULL, NULL, NULL);
    gmf_infer_locations(p);
    CU_ASSERT_EQUAL_FATAL(gm_error_count(), 0);
    return p;
}

/* SSSP by Bellman-Ford with a frontier (apps/sssp.gm without comments). */
static const char *const sssp_src =
    "Procedure sssp(G: Graph, len: E_P<Int>, root: Node; dist: N_P<Int>)\n"
    "{\n"
    "    N_P<Bool> updated;\n"
    "    N_P<Bool> updated_nxt;\n"
    "    N_P<Int> dist_nxt;\n"
    "    G.dist = (G == root) ? 0 : +INF;\n"
    "    G.updated = (G == root);\n"
    "    G.dist_nxt = G.dist;\n"
    "    G.updated_nxt = False;\n"
    "    Bool fin = False;\n"
    "    While (!fin) {\n"
    "        Foreach (n: G.Nodes)(n.updated) {\n"
    "            Foreach (s: n.Nbrs) {\n"
    "                Edge e = s.ToEdge();\n"
    "                <s.dist_nxt; s.updated_nxt> min= <n.dist + e.len; True>;\n"
    "            }\n"
    "        }\n"
    "        G.dist = G.dist_nxt;\n"
    "        G.updated = G.updated_nxt;\n"
    "        G.updated_nxt = False;\n"
    "        fin = !Exist(n: G.Nodes) { n.updated };\n"
    "    }\n"
    "}\n";

#endif
