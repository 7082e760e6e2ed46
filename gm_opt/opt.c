/* opt.c: the pass list and the pass runner. */
#include "opt.h"

static const gmo_pass passes[] = {
    {0, 0, 0},
};

const gmo_pass *gmo_passes(void) { return passes; }

void gmo_run(gm_program *p, bool (*enabled)(const char *name, void *ctx),
             void (*after)(const gmo_pass *pass, gm_program *p, void *ctx), void *ctx)
{
    for (const gmo_pass *pass = passes; pass->name; pass++) {
        if (enabled && !enabled(pass->name, ctx))
            continue;
        pass->run(p);
        if (after)
            after(pass, p, ctx);
    }
}
