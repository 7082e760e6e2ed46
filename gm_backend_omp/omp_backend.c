/* omp_backend.c: C11 + OpenMP generation (not written yet: issue 4). */
#include "omp_backend.h"

#include "diag.h"

bool gmb_omp_generate(gm_program *p, const gmb_options *opt)
{
    (void)p;
    (void)opt;
    gm_note((gm_loc){0, 0}, "code generation for the omp target is not available yet; "
                            "the program was checked");
    return true;
}
