/* omp_emit.h: the OpenMP code generator's modules on the shared emitter
 * (gm_cgen/cg_emit.h), which omp_backend.c's hook table (omp_hooks) reaches:
 * the frontier worklists and their nearest-first form. */
#ifndef GM_OMP_EMIT_H
#define GM_OMP_EMIT_H

#include "cg_emit.h"
#include "cg_monotone.h"
#include "gma_frontier.h"
#include "gma_monotone.h"

/* The OpenMP target's state (the hook table's context, em->target):
 * while omp_worklist.c emits a round after the first, the node loop
 * queue_loop runs over list positions _c_qi in [0, queue_count) instead of
 * all nodes; queue_decl is a printf format taking the iterator's C name
 * that declares it from _c_qi (and may `continue` past a position). */
typedef struct omp_state {
    const gm_stmt *queue_loop;
    const char *queue_count;
    const char *queue_decl;
    /* omp_clique.c: the clique-counting nest being emitted inside its
     * choice of graph (emitted the usual way from there) */
    const gm_stmt *clique_loop;
    /* omp_linked.c: the loop being emitted with per-thread row marks, the
     * C name of its gmrt_linked_marks (NULL: none) and of each thread's
     * gmrt_row_marks * (declared once per thread: em->thread_decl) */
    const gm_stmt *marks_loop;
    const char *marks;
    const char *thread_marks;
} omp_state;

static inline omp_state *omp_st(cg_emit *em) { return (omp_state *)em->target; }

/* The decision phase (omp_decide.c, the tg->decide hook): the decisions of
 * proc's loops in em->decided, before its first line. */
void omp_decide(cg_emit *em, const gm_proc *proc);
/* -t omp --report: each record's one-line summary (gma_record_summary)
 * after "FILE:LINE: ", then its decisions on a line "    omp: k=v, ...". */
void omp_report(FILE *out, const gma_decided *d, const char *filename);
/* Whether the loop takes a worklist (the frontier shape); fills w. */
bool omp_worklist_possible(const gm_stmt *loop, gma_frontier *w);

/* The frontier loop (gm_analysis/gma_frontier.h) with a worklist on the
 * OpenMP target; false when the loop has another shape (omp_worklist.c). */
bool omp_worklist_loop(cg_emit *em, const gm_stmt *loop);

/* A clique-counting nest (gm_analysis/gma_clique.h) inside its choice of
 * graph, by degree or as given; false for any other statement (omp_clique.c;
 * the OpenMP target's parallel_loop hook). */
bool omp_clique_loop(cg_emit *em, const gm_stmt *s);

/* A parallel loop over nodes that counts the linked neighbours of its own
 * node (x._CountNbrs...(y, z), x its iterator): the decision linked=marks
 * (omp_linked.c). */
bool omp_linked_marks_possible(const gm_stmt *s);
/* Such a loop with a gmrt_linked_marks around it, when decided; false for
 * any other statement (a parallel_loop hook, after omp_clique_loop). */
bool omp_linked_loop(cg_emit *em, const gm_stmt *s);
/* Its counts, in its marked form (the builtin hook); false for any other. */
bool omp_linked_builtin(cg_emit *em, const gm_expr *e);

/* ---- nearest-first fixpoints (omp_priority.c) */
/* Whether the frontier loop w of `loop` is a monotone fixpoint with an
 * ordered key (gma_monotone.h); fills a. */
bool omp_priority_possible(const gm_stmt *loop, const gma_frontier *w, gma_monotone *a);
/* Inside omp_worklist_loop's round loop: the rounds up to the fixpoint as
 * one run of nearest-first buckets (gmrt_buckets.h) seeded from the nodes
 * whose flag F is set. mark_from (an expression, or NULL: none): each node
 * the run lowers whose id is at least that also gets its flag F2 set, as
 * the frontier loop's own relaxation does (a distributed round's run marks
 * the ghosts, which take F2 to their owners; an owner it lowered has had
 * its out-edges relaxed in the run already). */
void omp_priority_fixpoint(cg_emit *em, const gma_monotone *a, const gma_frontier *w, const char *mark_from);

#endif /* GM_OMP_EMIT_H */
