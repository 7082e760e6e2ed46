/* pipeline.h: one compilation: front end, passes, code generation, -x. */
#ifndef GMC_PIPELINE_H
#define GMC_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "options.h"

/* Tools -x needs, resolved before the program is read so that a missing
 * nvcc is reported at once. */
typedef struct gmc_tools {
    char *nvcc;      /* -x -t cuda: the nvcc to run */
    char arch[16];   /* -x -t cuda: --arch or the detected one */
} gmc_tools;

/* Fills t for opt (nothing unless -x -t cuda). Prints why and returns false. */
bool gmc_tools_resolve(const gmc_options *opt, gmc_tools *t);
void gmc_tools_free(gmc_tools *t);

/* "dir/name.gm" -> "name" */
const char *gmc_base_name(const char *path, char *buf, size_t size);

/* Runs the stages opt asks for. Returns the exit status: 0, or 1 after
 * diagnostics. */
int gmc_compile(const gmc_options *opt, const gmc_tools *t);

#endif
