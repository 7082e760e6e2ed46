/* scope_depth.h: how many parallel regions enclose each declaration.
 *
 * A reduction (or any update) races only with the parallel regions that
 * lie between its target's declaration and the statement itself: a scalar
 * declared inside a Foreach body is private to one iteration. These
 * helpers record, for every symbol declared in a procedure, the number of
 * parallel regions (parallel Foreach bodies, InBFS and InReverse bodies)
 * around its declaration; parameters and unknown symbols count 0.
 */
#ifndef GM_OPT_SCOPE_DEPTH_H
#define GM_OPT_SCOPE_DEPTH_H

#include "ast.h"

typedef struct gmo_depths {
    int *depth; /* by symbol id */
    int size;
} gmo_depths;

/* Fills d for one procedure (frees with gmo_depths_free). */
void gmo_depths_compute(gmo_depths *d, const gm_program *p, gm_proc *proc);
void gmo_depths_free(gmo_depths *d);
int gmo_depth_of(const gmo_depths *d, const gm_symbol *sym);

/* The symbol an assignment target changes: x, the property of n.P, the map of M[k]. */
gm_symbol *gmo_target_sym(const gm_expr *lhs);

/* Whether s opens a parallel region for its body (and InReverse body). */
bool gmo_is_parallel(const gm_stmt *s);

/* The parallel regions around the statement a walk is at, outermost first:
 * push s when entering its body when gmo_is_parallel(s), n-- when leaving. */
typedef struct gmo_regions {
    gm_stmt **s;
    int n, cap;
} gmo_regions;
void gmo_regions_push(gmo_regions *r, gm_stmt *s); /* aborts when out of memory */
void gmo_regions_free(gmo_regions *r);

/* Calls fn on every statement of list and of everything nested in it
 * (pre-order), with around holding the parallel regions that enclose it;
 * fn may rewrite the statement in place before its children are visited. */
typedef void (*gmo_region_fn)(gm_stmt *s, const gmo_regions *around, void *ctx);
void gmo_walk_in_regions(gm_stmt *list, gmo_regions *around, gmo_region_fn fn, void *ctx);

#endif /* GM_OPT_SCOPE_DEPTH_H */
