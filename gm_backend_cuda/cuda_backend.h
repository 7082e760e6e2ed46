/* cuda_backend.h: the CUDA code generator's entry point. */
#ifndef GM_CUDA_BACKEND_H
#define GM_CUDA_BACKEND_H

#include <stdbool.h>

#include "ast.h"

#include "backend_options.h"

/* Generates code for a checked, desugared, optimized program. Returns false
 * (after a diagnostic) when it cannot. */
bool gmb_cuda_generate(gm_program *p, const gmb_options *opt);

/* The decision phase alone (--dump=plan -t cuda): the CUDA target's
 * decisions, under the knobs k, for every record of plan, a plan of p
 * (gma_decision.h). */
struct gma_plan;
struct gma_decided *gmb_cuda_decide(gm_program *p, const struct gma_plan *plan, const gmb_cuda_knobs *k);

/* -t cuda --distributed (cuda_dist.c): NAME.h and NAME.cu for one MPI rank
 * per GPU, over the loop plan and the syncs (gma_sync_build's) as
 * -t omp --distributed; false after a diagnostic. */
struct gma_sync_plan;
bool gmb_cuda_dist_generate(gm_program *p, const gmb_options *opt, const struct gma_plan *plan,
                            const struct gma_sync_plan *syncs);

#endif
