/* omp_backend.h: the OMP code generator's entry point. */
#ifndef GM_OMP_BACKEND_H
#define GM_OMP_BACKEND_H

#include <stdbool.h>

#include "ast.h"

#include "backend_options.h"

/* Generates code for a checked, desugared, optimized program. Returns false
 * (after a diagnostic) when it cannot. */
bool gmb_omp_generate(gm_program *p, const gmb_options *opt);

/* The decision phase alone (--dump=plan -t omp): the OpenMP target's
 * decisions for every record of plan, a plan of p (gma_decision.h). */
struct gma_plan;
struct gma_decided *gmb_omp_decide(gm_program *p, const struct gma_plan *plan);

#endif
