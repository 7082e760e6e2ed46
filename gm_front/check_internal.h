/* check_internal.h: the checker's shared state and the contracts between its files.
 *
 * gmf_check (check.c) walks each procedure once, in source order, with a
 * gm_checker: check_stmts.c visits statements and manages scopes and the
 * stack of enclosing loops, check_names.c creates and resolves symbols and
 * binds types to graphs, check_types.c types expressions, check_calls.c
 * types built-in and procedure calls, check_rules.c applies the rules that
 * are not about types (read-only targets, iteration ranges, reduction
 * binding, arg-min/max, returns), and check_conflicts.c runs afterwards on
 * the typed tree to find parallel-consistency conflicts.
 *
 * What the checker guarantees to later stages (desugar, passes, backends):
 * - every gm_expr has a non-NULL type; GMT_ERROR only after an error;
 *   INF and NIL literals carry the type their context gives them (a
 *   numeric kind / a Node or Edge type); GMT_INF stays only where no
 *   context exists and defaults to Double in value positions;
 * - every GME_ID / GME_PROP has sym set (NULL only after an error);
 *   GME_CALL has builtin = a gm_builtin id, or -1 with sym = the callee
 *   procedure symbol;
 * - every declared name, parameter, iterator and procedure has a symbol;
 *   symbol ids grow in source order, so a symbol declared inside a loop has
 *   a larger id than that loop's iterator;
 * - every type that refers to a graph has type->graph set;
 * - reduction assignments (+= ... |=, ++, --, arg-min/max) and deferred
 *   assignments have stmt->bound = the iterator of the loop they are bound
 *   to, or NULL for a reduction outside any parallel loop (an ordinary
 *   update);
 * - group assignments `G.A = e` / `S.A = e` have is_group = true; lhs is a
 *   GME_PROP whose base is a GME_ID of the graph/collection (base type =
 *   the Graph or collection) and lhs->sym the property. Inside the right
 *   side, a GME_ID whose sym is that graph/collection symbol stands for
 *   the CURRENT ELEMENT when its type is Node (Edge for an E_P over a
 *   Graph), and for the whole graph/collection when its type is the
 *   symbol's own type (it is then a call receiver such as G.NumNodes(), or
 *   an iteration source such as G.Nodes). Desugar replaces exactly the
 *   Node/Edge-typed ones by the new loop's iterator.
 */
#ifndef GM_CHECK_INTERNAL_H
#define GM_CHECK_INTERNAL_H

#include <stdio.h>

#include "ast.h"
#include "diag.h"
#include "symtab.h"

/* The loops and traversal bodies that enclose the statement being checked. */
typedef enum gmc_loop_kind {
    GMC_LOOP_FOREACH, /* parallel Foreach */
    GMC_LOOP_FOR,     /* sequential For */
    GMC_LOOP_BFS,     /* InBFS body (parallel per level) */
    GMC_LOOP_REVERSE, /* InReverse body (parallel per level) */
    GMC_LOOP_DFS,     /* InDFS body (sequential) */
    GMC_LOOP_POST,    /* InPost body (sequential) */
} gmc_loop_kind;

typedef struct gmc_loop {
    gm_stmt *stmt;
    gm_symbol *iter;
    gmc_loop_kind kind;
} gmc_loop;

typedef struct gm_checker {
    gm_program *prog;
    gm_arena *arena;
    gm_symtab *procs;  /* procedure symbols of the file */
    gm_symtab *scope;  /* scopes of the procedure being checked */
    gm_proc *proc;     /* the procedure being checked */
    gmc_loop *loops;   /* enclosing loops, outermost first */
    int nloops, cap_loops;
    /* While checking the right side of a group assignment: the graph or
     * collection symbol and the type of its current element. */
    gm_symbol *group_sym;
    gm_type *group_elem;
    gm_type *prim[GMT_NIL + 1]; /* shared types of the scalar kinds */
    /* For the `unused` warning: which symbol ids were referenced, and the
     * local variables of the procedure being checked. */
    bool *used;
    int cap_used;
    gm_symbol **locals;
    int nlocals, cap_locals;
} gm_checker;

/* check_names.c ---------------------------------------------------- */

/* The shared type of a scalar kind (Int, Bool, ERROR, VOID, INF ...). */
gm_type *gmc_prim(gm_checker *ck, gm_type_kind kind);
/* A fresh Node/Edge type bound to a graph symbol (which may be NULL). */
gm_type *gmc_graph_type(gm_checker *ck, gm_type_kind kind, gm_symbol *graph, gm_loc loc);
/* Creates the symbol of a declaration and enters it in the current scope;
 * reports `redefined` (with the earlier line) when the name is visible. */
gm_symbol *gmc_declare(gm_checker *ck, const char *name, gm_loc loc, gm_type *type,
                       gm_sym_kind kind);
/* Checks that a declared type is well formed (property values, map
 * components, collection elements) and binds it to its graph: the named
 * one, or the only visible one (errors ambiguous-graph, undefined, type). */
void gmc_check_decl_type(gm_checker *ck, gm_type *t);
/* Resolves a bare name: a variable first, then a property (so a property
 * can be passed as an argument by its bare name). Reports `undefined`. */
gm_symbol *gmc_resolve_name(gm_checker *ck, const char *name, gm_loc loc);
gm_symbol *gmc_lookup_prop(gm_checker *ck, const char *name);
/* Records a reference to sym (both lookups above do it). */
void gmc_mark_used(gm_checker *ck, const gm_symbol *sym);
/* Foreign code's text: every visible variable or property it names without
 * $ is used there (check_names.c). */
void gmc_foreign_text_uses(gm_checker *ck, const gm_foreign_seg *segs);
/* Warns about the local variables of the procedure never referenced. */
void gmc_warn_unused(gm_checker *ck);
/* The graph that values of type t belong to: t->graph, or for a Graph-typed
 * identifier, its own symbol. */
gm_symbol *gmc_graph_of(const gm_expr *e);
/* For messages: "'x'", "'n.A'", or "this expression". The result lives in
 * the program's arena. */
const char *gmc_describe(gm_checker *ck, const gm_expr *e);
/* Spells a type into the program's arena (for messages). */
const char *gmc_spell(gm_checker *ck, const gm_type *t);

/* check_types.c ---------------------------------------------------- */

/* Types e (and its sub-expressions) and returns e->type. `expected` is the
 * type the context wants (NULL for none); it only sizes INF and NIL. */
gm_type *gmc_check_expr(gm_checker *ck, gm_expr *e, const gm_type *expected);
/* Like gmc_check_expr for an identifier that stands for a whole graph or
 * collection even inside a group assignment (call receivers, ranges). */
gm_type *gmc_check_whole(gm_checker *ck, gm_expr *e);
/* Checks a condition or filter: it must be Bool (class condition). */
void gmc_check_cond(gm_checker *ck, gm_expr *e, const char *what);
/* Checks that the typed value e can be stored in a place of type target
 * and reports narrowing (warning), bool-numeric, graph-mismatch, or
 * `mismatch` (type, return-type, call) with "cannot assign V to WHAT". */
void gmc_check_store(gm_checker *ck, const gm_type *target, gm_expr *value, const char *what,
                     gm_diag_class mismatch);
/* Checks a map key against the map's key type (class map-key). */
void gmc_check_map_key(gm_checker *ck, const gm_type *map, gm_expr *key);
/* Gives INF/NIL (and ?: of them) the type of their context. */
void gmc_settle(gm_checker *ck, gm_expr *e, const gm_type *target);
/* Whether e is a literal (or a negated one): exempt from promotion and,
 * when its value fits, from narrowing warnings. */
bool gmc_is_literal(const gm_expr *e);
/* Whether e's value is INF: the literal, a cast of it, a ?: with it. */
bool gmc_is_inf(const gm_expr *e);

/* check_calls.c ---------------------------------------------------- */

gm_type *gmc_check_call(gm_checker *ck, gm_expr *e, const gm_type *expected);

/* check_stmts.c ---------------------------------------------------- */

void gmc_check_stmt(gm_checker *ck, gm_stmt *s);
void gmc_push_loop(gm_checker *ck, gm_stmt *s, gm_symbol *iter, gmc_loop_kind kind);
void gmc_pop_loop(gm_checker *ck);

/* check_rules.c ---------------------------------------------------- */

/* The innermost enclosing parallel body (Foreach, InBFS, InReverse), or
 * NULL; a group assignment's right side also counts as parallel, which
 * *in_group reports. */
const gmc_loop *gmc_parallel_loop(const gm_checker *ck, bool *in_group);
/* The innermost enclosing traversal body (BFS, reverse, DFS, post) or NULL. */
const gmc_loop *gmc_traversal_loop(const gm_checker *ck);
/* Checks an iteration's source and range and declares its iterator in
 * the current scope (owner: the statement or the reduction expression). */
void gmc_check_iter(gm_checker *ck, gm_iter *it, gm_stmt *owner_stmt, gm_expr *owner_expr);
/* Checks that lhs can be written (readonly, l-value shape). */
void gmc_check_target(gm_checker *ck, gm_expr *lhs);
/* The symbol a write to lhs changes: the variable, the property, the map. */
gm_symbol *gmc_target_symbol(const gm_expr *lhs);
/* Binds a reduction or deferred assignment to its loop (stmt->bound). */
void gmc_bind_reduction(gm_checker *ck, gm_stmt *s);
void gmc_check_argminmax(gm_checker *ck, gm_stmt *s);
void gmc_check_return(gm_checker *ck, gm_stmt *s);
/* Whether every path through s ends in a Return (block: its last
 * statement does; If: both branches do). */
bool gmc_stmt_returns(const gm_stmt *s);

/* check_conflicts.c ------------------------------------------------ */

/* Reports read/write/reduce/defer/mutate conflicts in every parallel
 * region of the procedure (section 7 of the reference). */
void gmc_check_conflicts(gm_checker *ck, gm_proc *proc);

/* locinfer.c ------------------------------------------------------- */

/* Prints every symbol of every procedure with its inferred location
 * ("CPU", "GPU", "CPU+GPU"), one per line, for `gmc --dump`; call after
 * gmf_infer_locations. */
void gmf_print_locations(FILE *out, const gm_program *p);

#endif /* GM_CHECK_INTERNAL_H */
