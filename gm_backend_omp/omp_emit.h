/* omp_emit.h: the OpenMP code generator's modules on the shared emitter
 * (gm_cgen/cg_emit.h): its hook table, the BFS traversals, the frontier
 * worklists, and the writer of whole files (which the CUDA target uses too).
 */
#ifndef GM_OMP_EMIT_H
#define GM_OMP_EMIT_H

#include "cg_emit.h"

/* The OpenMP target's hook table (omp_backend.c). */
extern const cg_hooks omp_hooks;

/* The frontier loop (gm_analysis/gma_frontier.h) with a worklist on the
 * OpenMP target; false when the loop has another shape (omp_worklist.c). */
bool omp_worklist_loop(cg_emit *em, const gm_stmt *loop);

/* ---- BFS traversals (omp_bfs.c; the CUDA target uses the helpers) */
void omp_bfs(cg_emit *em, const gm_stmt *s);
/* Whether a BFS's forward body touches only its own node (no loop,
 * reduction, call or navigator): it may run at any point of its level. */
bool omp_bfs_body_is_local(const gm_stmt *s);
/* `if (!(navigator)) STOP;` on candidate node `cand`; nothing without one. */
void omp_bfs_nav_check(cg_emit *em, const gm_stmt *s, const char *cand, const char *stop);
/* Such a body for the node named `node`, in braces (under `if (guard)`
 * when guard is not NULL), with a comment saying `what`. */
void omp_bfs_local_body(cg_emit *em, const gm_stmt *s, const char *node, const char *guard, bool in_parallel,
                        const char *what);

/* ---- whole files (omp_backend.c) */
struct gmb_options;
/* Writes DIR/BASE.h and DIR/BASE.EXT: prologue, prototypes of the Local
 * procedures, every procedure, main() with --main. */
bool omp_generate_files(gm_program *p, const struct gmb_options *opt, const cg_program_writer *w);

#endif /* GM_OMP_EMIT_H */
