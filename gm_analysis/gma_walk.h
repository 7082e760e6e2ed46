/* gma_walk.h: the read-only AST walk the analyses of gm_analysis/ and both
 * backends use (gm_front/ast_walk.h: what it visits, in which order), and
 * the symbol-use queries built on it. Nothing here changes the tree or
 * allocates. Input: a checked, desugared and optimized program (gm_opt's
 * output). */
#ifndef GM_GMA_WALK_H
#define GM_GMA_WALK_H

#include <stdbool.h>

#include "ast.h"
#include "ast_walk.h"

typedef gm_stmt_visit gma_stmt_visit; /* false: stop */
typedef gm_expr_visit gma_expr_visit;

/* Visits every statement and every expression under s (s's list successors
 * included when list is true); either visitor may be NULL. Returns false
 * when a visitor stopped the walk. */
bool gma_walk(const gm_stmt *s, bool list, gma_stmt_visit sv, gma_expr_visit ev, void *ctx);
/* Visits every expression under e and under its list successors. */
bool gma_walk_expr(const gm_expr *e, gma_expr_visit ev, void *ctx);

/* Whether sym is referenced anywhere in s (and its successors when list);
 * a neighbour iterator used only as the receiver of ToEdge() is not (the
 * generated code names the edge index, not the iterator). */
bool gma_sym_used(const gm_stmt *s, bool list, const gm_symbol *sym);
bool gma_sym_used_expr(const gm_expr *e, const gm_symbol *sym);
/* Used other than as the target of plain stores (x = ...;) and as a
 * procedure call's output argument. */
bool gma_sym_read(const gm_stmt *s, bool list, const gm_symbol *sym);
/* Whether anything under s may store into sym: an assignment or arg-min
 * target, a swap, foreign code that names it or lists it as modified, a
 * procedure call that mentions it (its outputs), a BFS level or min-label
 * property a pass gave the loop. Conservative: true when unsure. */
bool gma_sym_stored(const gm_stmt *s, bool list, const gm_symbol *sym);
/* Whether statement s is outer or lies anywhere under it (false for NULL). */
bool gma_stmt_within(const gm_stmt *outer, const gm_stmt *s);

#endif /* GM_GMA_WALK_H */
