/* symtab.h: lexical scopes for the checker.
 *
 * A symbol table is a stack of scopes. Each symbol lives in one of three
 * namespaces: variables (scalars, nodes, edges, collections, maps, graphs,
 * iterators), properties (N_P / E_P, so `n.A` finds them while a variable A
 * may exist too), and procedures (file level). Green-Marl forbids
 * shadowing, so declaring a name already visible in its namespace, in this
 * or any enclosing scope, fails and returns the earlier symbol.
 *
 * The table only holds pointers; symbols belong to the program's arena.
 */
#ifndef GM_SYMTAB_H
#define GM_SYMTAB_H

#include <stdbool.h>

#include "ast.h"

typedef enum gm_namespace {
    GM_NS_VAR,
    GM_NS_PROP,
    GM_NS_PROC,
} gm_namespace;

typedef struct gm_symtab gm_symtab;

gm_symtab *gm_symtab_new(void);
void gm_symtab_free(gm_symtab *st);

/* The namespace a symbol belongs to: procedures, properties, else variables. */
gm_namespace gm_symtab_namespace_of(const gm_symbol *sym);

/* Enters / leaves a scope. The outermost scope exists from creation and
 * cannot be left. */
void gm_symtab_push(gm_symtab *st);
void gm_symtab_pop(gm_symtab *st);
int gm_symtab_depth(const gm_symtab *st); /* 1 for the outermost scope */

/* Adds sym to the innermost scope. Returns NULL on success, or the visible
 * symbol of the same name and namespace (in which case nothing is added:
 * the caller reports "redefined"). */
gm_symbol *gm_symtab_declare(gm_symtab *st, gm_symbol *sym);

/* The visible symbol of that name in one namespace, innermost first; NULL
 * when none. */
gm_symbol *gm_symtab_lookup(const gm_symtab *st, gm_namespace ns, const char *name);

/* Whether the symbol was declared in the innermost scope. */
bool gm_symtab_in_current_scope(const gm_symtab *st, const gm_symbol *sym);

/* Counts the visible variables of type Graph; *only receives the graph when
 * exactly one is visible (NULL otherwise). Used for implicit binding. */
int gm_symtab_count_graphs(const gm_symtab *st, gm_symbol **only);

#endif /* GM_SYMTAB_H */
