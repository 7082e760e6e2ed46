/* omp_dist.h: gmc -t omp --distributed, the OpenMP target as one rank of an
 * SPMD program over MPI (omp_dist.c: the procedures; omp_dist_main.c: the
 * --main driver). The contract of the generated API is omp_dist.c's. */
#ifndef GM_OMP_DIST_H
#define GM_OMP_DIST_H

#include <stdbool.h>

#include "ast.h"
#include "backend_options.h"
#include "cg_emit.h"
#include "gma_sync.h"

/* Generates NAME.h and NAME.c for a checked, desugared, optimized program
 * whose loop plan is plan and syncs are syncs (gma_sync_build's); the
 * OpenMP decisions (omp_decide) are made on the plan first, as for -t omp.
 * false after a diagnostic. */
bool gmb_omp_dist_generate(gm_program *p, const gmb_options *opt, const gma_plan *plan,
                           const gma_sync_plan *syncs);

/* Which rows of its owners proc walks: out-edges (Nbrs, OutEdges) and
 * in-edges (InNbrs, InEdges); the partition's policy must hold them. */
void omp_dist_directions(const gm_proc *proc, bool *out, bool *in);

/* InBFS / InReverse of the distributed target (omp_dist_bfs.c): the
 * traversal s at host level, with the plan's per-level syncs, on the
 * gmd_graph named dgraph (always true: handled or reported). */
bool omp_dist_bfs(cg_emit *em, const gm_stmt *s, const gma_sync_plan *syncs, const char *dgraph);
/* The rows its expansion and bodies walk, or-ed into *out and *in. */
void omp_dist_bfs_directions(const gm_stmt *s, bool *out, bool *in);

/* main() of a distributed program (omp_dist_main.c). */
void omp_dist_main(cg_emit *em, const gm_proc *proc);

#endif /* GM_OMP_DIST_H */
