/* prop_defined.h: whether a local node or edge property is written at every
 * element before anything reads it (definite assignment), so that the
 * backends allocate it uninitialised, and zeroed otherwise: a read of an
 * element no statement wrote would see whatever memory the allocator handed
 * back (a different answer from run to run, exit 0). Also the condition
 * under which hoist_props may move a declaration out of a sequential loop
 * (a property that starts zeroed must start zeroed in every iteration).
 * Input: a checked, desugared program, optimized or not. Conservative: "may
 * be read unset" whenever the proof is not found. */
#ifndef GM_OPT_PROP_DEFINED_H
#define GM_OPT_PROP_DEFINED_H

#include <stdbool.h>

#include "ast.h"

/* Whether some element of the local property prop may be read before it is
 * written, in the statements from after_decl to the end of its block (its
 * declaration's successors). False when nothing reads it, or when a
 * statement that writes every element (a Foreach over the graph's nodes or
 * edges storing it.prop unconditionally, a group assignment) comes before
 * every read on every path: If takes both branches, While and the loops may
 * run zero times, Do ... While runs once. */
bool gmo_prop_may_read_unset(const gm_stmt *after_decl, const gm_symbol *prop);

#endif
