/* gma_sync_internal.h: what the files of the sync analysis share (not for
 * other modules): the replica-state lattice (gma_sync_state.c), the
 * placement walk (gma_sync_place.c) and the [dist-unsupported] check
 * (gma_sync_check.c); gma_sync.c holds the public API and the printing.
 *
 * One state per node property, indexed by the symbol's id:
 *   FRESH        ghosts equal owners
 *   DOM(op)      owners complete; every ghost is "dominated" for the
 *                idempotent op (min=, max=, &&=, ||=): reducing it again
 *                with op changes no owner (after a REDUCE of op, or owner
 *                reductions with op on FRESH ghosts)
 *   STALE        owners complete; ghosts unknown
 *   PARTIAL(op)  ghosts hold contributions not yet reduced into owners; an
 *                arg-min/max payload is PARTIAL(ARGMIN/ARGMAX) with the id
 *                of its key, and is reduced together with it.
 * sparse: the entries that differ are only those a filtered loop touched.
 * A dead vector: the point is unreachable (after Return). */
#ifndef GM_GMA_SYNC_INTERNAL_H
#define GM_GMA_SYNC_INTERNAL_H

#include "gma_sync.h"

typedef enum rs_kind { RS_FRESH, RS_DOM, RS_STALE, RS_PARTIAL } rs_kind;

typedef struct rstate {
    unsigned char kind; /* rs_kind */
    unsigned char op;   /* gma_redop: DOM and PARTIAL */
    bool sparse;
    int key;            /* PARTIAL payloads: the key's symbol id; else -1 */
    unsigned char ident; /* FRESH: every replica holds 0 or 1 (an all-local constant
                            store), so a += or *= push needs no ghost reset */
} rstate;

enum { RS_IDENT_NONE, RS_IDENT_ZERO, RS_IDENT_ONE };

static inline rstate rs_make(rs_kind kind, gma_redop op, bool sparse, int key)
{
    return (rstate){kind, (unsigned char)op, sparse, key, RS_IDENT_NONE};
}

typedef struct rvec {
    rstate *s;
    bool dead;
} rvec;

/* Where a sync goes: before or after a statement. */
typedef struct sync_edge {
    const gm_stmt *at;
    bool after;
} sync_edge;

/* The public plan and its private order keys. */
typedef struct sync_plan_full {
    gma_sync_plan pub;
    int *sync_order; /* per sync: the preorder index of its statement */
    int *span_order;
    int sync_cap, span_cap;
} sync_plan_full;

typedef struct sync_ctx {
    const gm_program *prog;
    const gma_plan *plan;
    sync_plan_full *sp;
    const gm_proc *proc;
    int n;                   /* symbol ids: the length of every rvec */
    const gm_symbol **syms;  /* id -> the node property seen with that id */
    bool record;             /* false during fixpoint iterations */
    const gm_stmt **order;   /* the procedure's statements in preorder */
    int norder, order_cap;
} sync_ctx;

/* gma_sync_state.c */
rvec rv_new(const sync_ctx *c);
rvec rv_copy(const sync_ctx *c, const rvec *v);
void rv_set(const sync_ctx *c, rvec *dst, const rvec *src);
void rv_free(rvec *v);
bool rv_equal(const sync_ctx *c, const rvec *a, const rvec *b);
bool rs_idempotent(gma_redop op);
/* The state of sym's slot after a REDUCE of its PARTIAL(op). */
rstate rs_reduced(rstate s);
/* Joins two non-PARTIAL or equal-PARTIAL states. */
rstate rs_join(rstate a, rstate b);
/* Whether the join of a and b needs a REDUCE on a's side. */
bool rs_needs_reduce(rstate a, rstate b);

/* gma_sync_place.c */
void sync_place(sync_ctx *c, gma_sync_kind kind, const gm_symbol *sym, gma_redop op,
                sync_edge e, bool sparse, gm_loc loc);
/* REDUCE slot id of v (with its key or payloads) at e. */
void sync_reduce_slot(sync_ctx *c, rvec *v, int id, sync_edge e, gm_loc loc);
void sync_walk_proc(sync_ctx *c, const gm_proc *proc);
int sync_order_of(const sync_ctx *c, const gm_stmt *s);

/* gma_sync_check.c: reports [dist-unsupported] errors; the number reported. */
int sync_check_proc(const gma_plan *plan, const gm_proc *proc);

#endif /* GM_GMA_SYNC_INTERNAL_H */
