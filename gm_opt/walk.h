/* walk.h: tree walks and small builders shared by the gm_opt passes.
 *
 * Everything here works on the checked, desugared AST (see desugar.c) and
 * never changes what the program means: visitors only look, builders only
 * allocate, and gmo_subst_sym renames one symbol everywhere in a subtree.
 */
#ifndef GM_OPT_WALK_H
#define GM_OPT_WALK_H

#include <stdbool.h>

#include "ast.h"

/* Calls fn on every expression of s's subtree, outermost first, including
 * list members (args, next), iteration sources, BFS roots and navigators and
 * foreign-code references. Statements nested in s are visited too. These
 * walks are gm_front's gm_walk (ast_walk.h) under callbacks that return
 * nothing. */
typedef void (*gmo_expr_fn)(gm_expr *e, void *ctx);
void gmo_walk_exprs_stmt(gm_stmt *s, gmo_expr_fn fn, void *ctx);
void gmo_walk_exprs_list(gm_stmt *list, gmo_expr_fn fn, void *ctx);
void gmo_walk_expr(gm_expr *e, gmo_expr_fn fn, void *ctx);

/* Calls fn on every statement of the list and of everything nested in it
 * (pre-order). fn may change its statement in place, with its bodies and
 * the statements after it (fuse merges the next loop in): the walk reads
 * them after fn returned. */
typedef void (*gmo_stmt_fn)(gm_stmt *s, void *ctx);
void gmo_walk_stmts(gm_stmt *list, gmo_stmt_fn fn, void *ctx);

/* What a statement subtree does to one symbol. */
typedef enum gmo_access_kind {
    GMO_READ,
    GMO_WRITE,   /* plain assignment (or a foreign modified list) */
    GMO_REDUCE,  /* += *= min= max= &= |= and arg-min/max targets */
    GMO_DEFER,   /* <= */
    GMO_MUTATE,  /* a built-in that changes its receiver (S.Add ...) */
    GMO_OPAQUE,  /* foreign code or a procedure call: effects unknown (sym NULL) */
} gmo_access_kind;

typedef struct gmo_access {
    gmo_access_kind kind;
    gm_symbol *sym;      /* the variable, property, collection or map */
    gm_expr *base;       /* property accesses: the expression before the '.' */
    gm_stmt *stmt;       /* the statement doing it */
} gmo_access;

typedef void (*gmo_access_fn)(const gmo_access *acc, void *ctx);
/* Reports every access made by the statements of list (and nested ones). */
void gmo_walk_accesses(gm_stmt *list, gmo_access_fn fn, void *ctx);
void gmo_walk_accesses_stmt(gm_stmt *s, gmo_access_fn fn, void *ctx);

/* Whether a property access goes through the iterator it (it.P). */
bool gmo_is_linear(const gm_expr *base, const gm_symbol *it);

/* Whether evaluating e has no effect besides its value, and gives the
 * same value twice in a row (no Uniform(), Rand(), Pop..., calls of
 * procedures, foreign code). */
bool gmo_expr_is_pure(const gm_expr *e);

/* Whether e reads the symbol sym anywhere. */
bool gmo_expr_uses(const gm_expr *e, const gm_symbol *sym);

/* Replaces every reference to `from` in the subtree of s by `to`: GME_ID
 * uses, bound fields, and the iter_source of iterators defined inside. */
void gmo_subst_sym(gm_stmt *s, gm_symbol *from, gm_symbol *to);

/* Whether the assignment operator is a reduction (+= ... |=). */
bool gmo_is_reduce_op(gm_assign_op op);

/* Builders. */
gm_symbol *gmo_new_temp(gm_program *p, const char *stem, gm_type *type, gm_loc loc);
gm_stmt *gmo_decl(gm_program *p, gm_symbol *sym, gm_expr *init);
gm_stmt *gmo_block(gm_program *p, gm_stmt *list, gm_loc loc);
gm_stmt *gmo_assign(gm_program *p, gm_expr *lhs, gm_expr *rhs, gm_loc loc);
gm_expr *gmo_typed(gm_expr *e, gm_type *t);
/* A parallel Foreach (it: source.range) { body } with a fresh iterator of
 * type it_type; *it_out receives the iterator symbol. */
gm_stmt *gmo_foreach(gm_program *p, gm_symbol *source, gm_range_kind range, gm_type *it_type,
                     gm_symbol **it_out, gm_loc loc);

/* Unlinks statements: the address of the link pointing at s in list. */
gm_stmt **gmo_link_of(gm_stmt **list, gm_stmt *s);

#endif /* GM_OPT_WALK_H */
