/* omp_backend.h: the OMP code generator's entry point. */
#ifndef GM_OMP_BACKEND_H
#define GM_OMP_BACKEND_H

#include <stdbool.h>

#include "ast.h"

#ifndef GMB_OPTIONS_DEFINED
#define GMB_OPTIONS_DEFINED
#define GMB_OPTIONS_HAS_ENTRY 1
typedef struct gmb_options {
    const char *out_dir;     /* where the files go (created if missing) */
    const char *base_name;   /* the source's base name: NAME.c / NAME.cu and NAME.h */
    bool emit_main;          /* also emit a main() driver */
    const char *entry;       /* the procedure main() runs (validated by the driver); NULL: backend's choice */
} gmb_options;
#endif

/* Generates code for a checked, desugared, optimized program. Returns false
 * (after a diagnostic) when it cannot. */
bool gmb_omp_generate(gm_program *p, const gmb_options *opt);

#endif
