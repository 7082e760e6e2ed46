/* ast_walk.h: the one walk over the AST that every layer's walks are built
 * on (gm_analysis/gma_walk.h, gm_opt/walk.h, the front end's location
 * inference, depth guard, conflict check and desugaring, the passes, the
 * CUDA backend's scans), and gm_rewrite (below) for passes that change
 * statement lists. Input: any AST, checked or not (NULL children are
 * skipped).
 *
 * Contract: pre-order; a visitor returning false stops the whole walk (the
 * walk then returns false). It visits every expression child (a, b, c,
 * each argument and out-argument, an iteration's source, range argument
 * and filter, foreign-code references) and every statement child
 * (initializer, left and right sides, condition, iteration, BFS root,
 * navigator and reverse filter, value, modified list, foreign references,
 * then the bodies: body, then, else, reverse body, each as a list), in that
 * order. It reads a child after the visitor of its parent returned, so a
 * visitor may replace its node's children (gm_opt's rewriting walks do).
 *
 * gm_walk_hooked is the same walk, in the same order, for analyses that need
 * to know where a statement or an expression ends (gm_analysis/gma_plan.c,
 * gm_front/locinfer.c, the parser's depth guard, gm_opt/fold.c and
 * scope_depth.c): its enter
 * hook may also skip a statement's expressions and bodies, its leave hook
 * runs after them, and its expression leave hook runs after an expression's
 * children (post-order), so a walk may keep a stack (regions, depth) or
 * rewrite an expression from its folded children.
 *
 * There are no options for leaving out children: a walk that must not see
 * some of them (a BFS root evaluated on the host, an assignment's target
 * that is a place and not a read) says so in its hooks, with a comment. */
#ifndef GM_AST_WALK_H
#define GM_AST_WALK_H

#include <stdbool.h>

#include "ast.h"

typedef bool (*gm_stmt_visit)(const gm_stmt *s, void *ctx); /* false: stop */
typedef bool (*gm_expr_visit)(const gm_expr *e, void *ctx);

/* Every statement and expression under s, and under its list successors
 * when list is true; either visitor may be NULL. */
bool gm_walk(const gm_stmt *s, bool list, gm_stmt_visit sv, gm_expr_visit ev, void *ctx);
/* What an enter hook asks of the walk. */
typedef enum gm_walk_step {
    GM_WALK_ON,   /* visit the statement's expressions and bodies */
    GM_WALK_SKIP, /* go on with its list successor; no leave call for it */
    GM_WALK_STOP, /* stop the whole walk */
} gm_walk_step;

typedef struct gm_walk_hooks {
    gm_walk_step (*enter)(const gm_stmt *s, void *ctx); /* NULL: always on */
    bool (*leave)(const gm_stmt *s, void *ctx);         /* after s's bodies; false: stop */
    gm_expr_visit expr;                                 /* NULL: none */
    gm_expr_visit expr_leave; /* after the expression's children; NULL: none */
} gm_walk_hooks;

/* The walk of gm_walk with hooks h. Returns false when a hook stopped it. */
bool gm_walk_hooked(const gm_stmt *s, bool list, const gm_walk_hooks *h, void *ctx);

/* Every expression under e, and under its list successors when list. */
bool gm_walk_expr(const gm_expr *e, bool list, gm_expr_visit ev, void *ctx);
/* The same with h's expression hooks (expr, expr_leave); h's statement
 * hooks are not used (expressions hold no statements). */
bool gm_walk_expr_hooked(const gm_expr *e, bool list, const gm_walk_hooks *h, void *ctx);

/* gm_rewrite: the walk for passes that change statement lists (gm_opt's
 * fuse_across, defer_lower, hoist_nbr, hoist_props, dead_scalar; the
 * front end's desugar). It stands on links:
 * the pointer that holds a statement, a list's head or the next of the
 * statement before. At each link it calls pre(&link, ctx); the hook may
 * rewrite the list there (replace *link, insert statements in front of it)
 * and move the walk's link (to the link of the statement it wants the walk
 * to stand on) before it answers:
 *   GM_REWRITE_ON     walk the bodies of *link (body, then, else, reverse
 *                     body, each as a list), call post, go on after it;
 *   GM_REWRITE_OVER   go on after *link without entering it;
 *   GM_REWRITE_AGAIN  stand on link again: what it holds now is new (or
 *                     the hook moved past what it handled) and gets pre.
 * post(&link, ctx) runs after the bodies and may rewrite and move the link
 * in the same way; it answers ON (or OVER) for the walk to go on with
 * (*link)->next, AGAIN to stand on link again (post unlinked the statement
 * it stood on: its successor, now at link, gets pre; gm_opt/dead_scalar.c).
 * A NULL pre is always ON; expressions are not visited. */
typedef enum gm_rewrite_step {
    GM_REWRITE_ON,
    GM_REWRITE_OVER,
    GM_REWRITE_AGAIN,
} gm_rewrite_step;

typedef struct gm_rewrite_hooks {
    gm_rewrite_step (*pre)(gm_stmt ***link, void *ctx);
    gm_rewrite_step (*post)(gm_stmt ***link, void *ctx); /* NULL: none */
} gm_rewrite_hooks;

void gm_rewrite(gm_stmt **list, const gm_rewrite_hooks *h, void *ctx);

#endif /* GM_AST_WALK_H */
