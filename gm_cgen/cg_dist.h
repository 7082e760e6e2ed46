/* cg_dist.h: the target-neutral part of gmc --distributed (cg_dist.c: the
 * procedures' syncs, owner accesses, global ids and built-ins; cg_dist_main.c:
 * the --main driver every rank runs), shared by -t omp --distributed and
 * -t cuda --distributed. A target calls these from its own hooks with its
 * cg_dist, and says through cg_dist_target where a property's host array is
 * and how a dense sync runs (NULL members: the host array is the property's
 * C name and syncs are gmd_sync_broadcast/reduce on it, as for OpenMP). */
#ifndef GM_CG_DIST_H
#define GM_CG_DIST_H

#include <stdbool.h>

#include "ast.h"
#include "cg_emit.h"
#include "gma_sync.h"

typedef struct cg_dist_target {
    /* A C expression for p's host array with the host side current
     * (malloc'd). */
    char *(*host_array)(cg_emit *em, const gm_symbol *p);
    /* After host code wrote p's host array: other copies are stale. */
    void (*host_wrote)(cg_emit *em, const gm_symbol *p);
    /* A dense sync of p on graph d (element type gt): op NULL broadcasts
     * (ghosts := owners), else reduces with op (a gmd_op name). */
    void (*prop_sync)(cg_emit *em, const char *d, const gm_symbol *p, const char *gt, const char *op);
    /* The rounds of a minimum-label loop on p (graph d; wide: Long labels):
     * the statements that call the target's runtime (NULL: the host's
     * gmd_min_label_components on p's host array). */
    void (*min_label)(cg_emit *em, const char *d, const gm_symbol *p, bool wide);
    /* One element of p at local index expression i, wherever its current
     * copy is (an owner read or write without moving the whole array): a C
     * expression of its value, or a statement storing v. NULL (or a NULL
     * result): through host_array. */
    char *(*elem_get)(cg_emit *em, const gm_symbol *p, const char *i);
    char *(*elem_set)(cg_emit *em, const gm_symbol *p, const char *i, const char *v);
    /* An arg-min/max reduce (gmd_sync_reduce_arg's) of key (element type
     * kt, a gmrt_type name) with its npay payloads on graph d, on the
     * target's own copies: false (nothing emitted) to leave it to the host
     * arrays. NULL: always the host's. */
    bool (*arg_reduce)(cg_emit *em, const char *d, const gm_symbol *key, const char *kt, bool is_min,
                       const gm_symbol *const *pay, int npay);
    /* The host arrays are copies (host_array moves data): syncs staged
     * through them are skipped where they have nothing to do (no ghost on
     * this rank, one rank), so that the copies are not made. */
    bool staged_host;
} cg_dist_target;

typedef struct cg_dist {
    const gma_sync_plan *syncs;
    const gm_stmt *bypass;  /* handed back to the shared translation by the stmt hook */
    char *dgraph;           /* C name of the gmd_graph parameter */
    const gm_proc *proc;
    const cg_dist_target *tg; /* NULL: host arrays, host syncs */
    bool no_epoch;          /* no _c_epoch (the target keys no random streams by loop) */
    bool report;            /* --report: cg_dist_min_label says what a loop became */
    const gm_symbol *gits[16]; /* iterators of host For loops over G.Nodes: global ids */
    int ngits;
    char *nglobal;          /* their trip count */
} cg_dist;

/* At a procedure's start (after its parameters): the local CSR _c_local,
 * _c_nowned/_c_nlocal, _c_epoch (unless no_epoch), the indexes the body needs and the
 * partition-policy check; false (after a [dist-unsupported] error where
 * one applies) when the procedure is not one the target runs. */
bool cg_dist_proc_begin(cg_emit *em, cg_dist *cd, const gm_proc *proc);
/* The stmt hook's part: a host-level statement with syncs in the plan is
 * emitted with them around it (true); false: not handled here. */
bool cg_dist_stmt(cg_emit *em, cg_dist *cd, const gm_stmt *s);
/* The node_list hook's: "_c_nowned" or "_c_nlocal" (the plan's span); a
 * sequential host For: every global id, on every rank (its iterator a Node
 * value, not a local id). */
const char *cg_dist_node_list(cg_emit *em, cg_dist *cd, const gm_stmt *s, const char **decl);
/* The stmt hook's part for a host While/Do that gm_opt/min_label.c marked
 * (s->min_label): the loop becomes one call of the distributed fixpoint
 * (gmd_min_label_components: a union-find on each rank's part, then rounds
 * of MIN reduce and broadcast over the partition), then its flag is False;
 * with cd->report, a line on stderr says so. */
void cg_dist_min_label(cg_emit *em, const cg_dist *cd, const gm_stmt *s);
/* NumNodes, NumEdges, PickRandom, Degree/InDegree: global values; edge
 * tests (cg_dist_edge_test). */
bool cg_dist_builtin(cg_emit *em, const cg_dist *cd, const gm_expr *e);
/* The edge test e (n.HasEdgeTo(m), n.IsNbrFrom(m)) as a C bool: the
 * target's has_edge on the rank's CSR from the source's local id to the
 * destination's, one of them the own node (gma_sync_edge_test_end), the
 * other a loop iterator's local id or its global id looked up by lid
 * ("_c_lid(D, " on the host, the device's "_c_dlid("; -1: not on this
 * rank, no edge). With no own end: an [unsupported] error (gma_sync_check
 * refuses it first, as dist-unsupported). */
void cg_dist_edge_test(cg_emit *em, const cg_dist *cd, const gm_expr *e, const char *lid);
/* Whether any procedure of p has an edge test (the prologue's _c_lid). */
bool cg_dist_uses_edge_test(const gm_program *p);
/* A node loop's iterator as a Node value: its global id (_c_gid). */
bool cg_dist_node_value(cg_emit *em, const cg_dist *cd, const gm_expr *e);
/* Host code reading or writing n.P for a Node value n: the owner's. */
bool cg_dist_prop_read(cg_emit *em, const cg_dist *cd, const gm_expr *e);
bool cg_dist_prop_write(cg_emit *em, const cg_dist *cd, const gm_stmt *s);
bool cg_dist_prop_reduce(cg_emit *em, const cg_dist *cd, const gm_stmt *s);
/* Which rows of its owners proc walks: out-edges (Nbrs, OutEdges, an edge
 * test from its own node) and in-edges (InNbrs, InEdges, an edge test to
 * it); the partition's policy must hold them. */
void cg_dist_directions(const gm_proc *proc, bool *out, bool *in);
/* The rows an InBFS's expansion and bodies walk, or-ed into *out and *in. */
void cg_dist_bfs_directions(const gm_stmt *s, bool *out, bool *in);
/* An InBFS's level loop on the host, as both targets run it: every rank
 * steps through the same levels (the frontier's size summed over the
 * ranks), start[] records where each level begins in the rank's queue of
 * owners. The names are the generated code's variables: start (its
 * capacity scap, its count nlev), the queue's current level [head, tail),
 * the next level's end next and the depth. loop_begin opens the loop (the
 * caller prints the level's expansion after it); loop_end moves to the
 * next level, closes the loop and records the last level's end;
 * reverse_begin opens, for an InReverse body, the loop over the levels
 * from the deepest back (iterator l; the caller prints the level's work);
 * end closes that loop, restores em->bfs to outer, pops the scope the
 * traversal pushed and closes its block. */
/* The element kind of a node or edge property sym (GMT_ERROR: none). */
gm_type_kind cg_dist_elem_kind(const gm_symbol *sym);
/* Whether y, a sync the plan puts after an InBFS level's body, is one the
 * level sends: a broadcast, not of skip (the levels property, sent with
 * the levels); any other kind is refused here ([unsupported]). */
bool cg_dist_bfs_level_sends(cg_emit *em, const gma_sync *y, const gm_symbol *skip);
typedef struct cg_dist_bfs_vars {
    const char *start, *scap, *nlev, *head, *tail, *next, *depth;
} cg_dist_bfs_vars;
/* Whether a distributed BFS may end rank by rank (gmd_bfs_settle and its
 * device form): nothing but the levels' values is observed, in no order (no
 * InReverse, no navigator; a body that touches only its node, or only fills
 * the level property). */
bool cg_dist_bfs_settleable(const gm_stmt *s);
void cg_dist_bfs_loop_begin(cg_emit *em, const cg_dist_bfs_vars *v);
void cg_dist_bfs_loop_end(cg_emit *em, const cg_dist_bfs_vars *v);
void cg_dist_bfs_reverse_begin(cg_emit *em, const cg_dist_bfs_vars *v, const char *l);
void cg_dist_bfs_end(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *outer);
/* The generated file's static _c_gid(D, v) (local id -> global id), and
 * _c_lid(D, g) (global id -> local id or -1) where the program has an edge test. */
void cg_dist_gid_helper(cg_emit *em);
void cg_dist_free(cg_dist *cd);

/* main() of a distributed program (cg_dist_main.c); gpu: one rank per GPU,
 * --comm=auto|nccl|mpi and gmd_gpu_init after gmd_init. */
void cg_dist_main(cg_emit *em, const gm_proc *proc);
void cg_dist_main_gpu(cg_emit *em, const gm_proc *proc);

#endif /* GM_CG_DIST_H */
