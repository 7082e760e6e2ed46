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

#endif /* GM_OPT_H */
