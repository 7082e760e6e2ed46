/* cuda_backend.h: the CUDA code generator's entry point. */
#ifndef GM_CUDA_BACKEND_H
#define GM_CUDA_BACKEND_H

#include <stdbool.h>

#include "ast.h"

#include "backend_options.h"

/* Generates code for a checked, desugared, optimized program. Returns false
 * (after a diagnostic) when it cannot. */
bool gmb_cuda_generate(gm_program *p, const gmb_options *opt);

#endif
