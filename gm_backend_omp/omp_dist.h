/* omp_dist.h: gmc -t omp --distributed, the OpenMP target as one rank of an
 * SPMD program over MPI (omp_dist.c: its hooks over gm_cgen/cg_dist.c; the
 * --main driver is gm_cgen/cg_dist_main.c's). The contract of the generated
 * API is omp_dist.c's. */
#ifndef GM_OMP_DIST_H
#define GM_OMP_DIST_H

#include <stdbool.h>

#include "ast.h"
#include "backend_options.h"
#include "cg_dist.h"
#include "cg_emit.h"
#include "gma_sync.h"

/* Generates NAME.h and NAME.c for a checked, desugared, optimized program
 * whose loop plan is plan and syncs are syncs (gma_sync_build's); the
 * OpenMP decisions (omp_decide) are made on the plan first, as for -t omp.
 * false after a diagnostic. */
bool gmb_omp_dist_generate(gm_program *p, const gmb_options *opt, const gma_plan *plan,
                           const gma_sync_plan *syncs);

/* InBFS / InReverse of the distributed target (omp_dist_bfs.c): the
 * traversal s at host level, with the plan's per-level syncs, on the
 * gmd_graph named dgraph (always true: handled or reported). */
bool omp_dist_bfs(cg_emit *em, const gm_stmt *s, const gma_sync_plan *syncs, const char *dgraph);

#endif /* GM_OMP_DIST_H */
