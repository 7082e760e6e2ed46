/* gma_sync.h: where a distributed program synchronizes (issue 31, phase 2;
 * design: distributed.md sections 6 and 7).
 *
 * Contract: gma_sync_build reads a checked, desugared, optimized program (the
 * tree the backends see) and its loop plan (gma_plan.h), changes neither, and
 * for every entry procedure computes, over the structured host control flow
 * (sequences, If, While, Do, For; a fixpoint at loop back edges), the replica
 * state of every node property (FRESH: ghosts equal owners; STALE: owners
 * authoritative; PARTIAL(op): ghosts hold pending contributions) and places
 * the synchronizations a rank needs, lazily (just before the first use that
 * needs them, so values never read remotely are never sent):
 *  - BROADCAST P before a loop that reads P through a neighbour when P is not
 *    FRESH (after a REDUCE if it is PARTIAL);
 *  - RESET P (ghost slice := the identity of op) before a loop that reduces
 *    P through a neighbour with a non-idempotent op (+=, *=, -=) and
 *    REDUCE P op before the first use that needs owners complete (a linear
 *    read, a host read, the procedure's end for an output, a back edge);
 *  - ALLREDUCE s op after a loop that reduces (or plainly writes: op NONE,
 *    "any rank's written value") a scalar declared outside it.
 * Inputs enter with owners valid and ghosts STALE; outputs leave with owners
 * complete. Syncs at one point come in the order they must run. A loop
 * whose writes are all linear and whose reads are scalars, the own node's
 * global id, or properties FRESH at that point may run over ghosts too
 * (span ALL_LOCAL), which keeps what it writes FRESH without a broadcast.
 * Constructs that cannot be distributed (DFS, collections, adjacency queries
 * or random reads/writes on remote nodes inside loops, random walks, foreign
 * code, calls) are reported as located errors of class [dist-unsupported]
 * naming the construct, and gma_sync_build returns NULL after reporting. */
#ifndef GM_GMA_SYNC_H
#define GM_GMA_SYNC_H

#include <stdbool.h>
#include <stdio.h>

#include "ast.h"
#include "gma_plan.h"

typedef enum gma_sync_kind {
    GMA_SYNC_BROADCAST, /* owners -> ghosts of node property sym */
    GMA_SYNC_REDUCE,    /* ghosts -> owners of sym with op (ghosts keep their values) */
    GMA_SYNC_RESET,     /* ghost slice of sym := identity of op */
    GMA_SYNC_ALLREDUCE, /* host scalar sym := op over every rank (op NONE: any writer's value) */
} gma_sync_kind;

typedef enum gma_span {
    GMA_SPAN_OWNERS,    /* the loop runs over this rank's owned nodes */
    GMA_SPAN_ALL_LOCAL, /* over owners and ghosts */
} gma_span;

typedef struct gma_sync {
    gma_sync_kind kind;
    const gm_symbol *sym; /* a node property or a host scalar */
    gma_redop op;         /* REDUCE, RESET, ALLREDUCE */
    const gm_stmt *at;    /* placed before or after this statement */
    bool after;
    bool sparse;          /* only entries a frontier touched may differ (phase 4) */
    gm_loc loc;           /* the loop or statement that needs it (for --report) */
} gma_sync;

typedef struct gma_sync_plan {
    gma_sync *syncs;
    int n;
    /* private: per-loop spans, filled by gma_sync_build */
    const gm_stmt **span_loops;
    gma_span *spans;
    int nspans;
} gma_sync_plan;

/* NULL after reporting [dist-unsupported] errors (or when out of memory). */
gma_sync_plan *gma_sync_build(const gm_program *p, const gma_plan *plan);
void gma_sync_free(gma_sync_plan *sp);

/* The syncs placed before (after == false) or after statement s, in the
 * order they must run; *n their number (0: none, result NULL). */
const gma_sync *gma_syncs_at(const gma_sync_plan *sp, const gm_stmt *s, bool after, int *n);
/* The iteration span of a parallel loop statement (OWNERS when unknown). */
gma_span gma_sync_span(const gma_sync_plan *sp, const gm_stmt *loop);

/* An edge test n.HasEdgeTo(m) / n.IsNbrFrom(m) (the edge src -> dst) under
 * --distributed: which end is the own node of a parallel Foreach over
 * G.Nodes, a node the rank owns, whose row the partition's policy must hold
 * complete: 0 the source (its out-row), 1 the destination (its in-row). The
 * receiver is taken first (n.HasEdgeTo: out, n.IsNbrFrom: in), else the
 * argument (m.HasEdgeTo(n) with n own: n's in-row). -1: neither end is
 * (gma_sync_check refuses it), or e is no edge test. By name only: the
 * policy check and the code generator read the same names; gma_sync_check
 * also refuses an own end whose loop is not the host-level one (a node loop
 * nested in a parallel construct covers the rank's owners only). */
int gma_sync_edge_test_end(const gm_expr *e);

const char *gma_sync_kind_name(gma_sync_kind k); /* "broadcast", "reduce", "reset", "allreduce" */
/* Every sync, one per line: "FILE:LINE: before|after LOOPDESC: broadcast rank" etc.
 * (the --dump=sync form and the --distributed --report form). */
void gma_sync_print(FILE *out, const gma_sync_plan *sp, const char *file);

#endif /* GM_GMA_SYNC_H */
