/* cuda_backend.c: CUDA generation (not written yet: issue 5). */
#include "cuda_backend.h"

#include "diag.h"

bool gmb_cuda_generate(gm_program *p, const gmb_options *opt)
{
    (void)p;
    (void)opt;
    gm_note((gm_loc){0, 0}, "code generation for the cuda target is not available yet; "
                            "the program was checked");
    return true;
}
