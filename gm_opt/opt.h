/* opt.h: target-independent optimization passes on the checked, desugared AST. */
#ifndef GM_OPT_H
#define GM_OPT_H

#include <stdbool.h>
#include <stdio.h>

#include "ast.h"

/* One entry per pass, in the order they run. */
typedef struct gmo_pass {
    const char *name;                  /* used by -fno-NAME and --dump=NAME */
    const char *contract;              /* one line: what the pass guarantees */
    void (*run)(gm_program *p);
} gmo_pass;

/* The passes, NULL-terminated by a zero entry. */
const gmo_pass *gmo_passes(void);

/* Runs every enabled pass; after each, calls after(pass, p, ctx) when given. */
void gmo_run(gm_program *p, bool (*enabled)(const char *name, void *ctx),
             void (*after)(const gmo_pass *pass, gm_program *p, void *ctx), void *ctx);

/* The Int node property that holds a BFS's levels, or NULL: bfs_level
 * marked the traversal (P is +INF on the unvisited nodes when it starts, 0
 * at the root) and its body is still only `v.P = v._BFSLevel()` (under
 * v != root). A backend may then keep the levels in P, with +INF as the
 * unvisited mark, and skip the body. */
gm_symbol *gmo_bfs_levels_prop(const gm_stmt *bfs);

#endif /* GM_OPT_H */
