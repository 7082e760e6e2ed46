/* cuda_flags.h: the CUDA target's -fcuda-NAME=VALUE choices. */
#ifndef GMC_CUDA_FLAGS_H
#define GMC_CUDA_FLAGS_H

#include <stdbool.h>

#include "backend_options.h"

/* Whether a starts with -fcuda-; if so parses it into k, or prints why not
 * and sets *ok to false. */
bool gmc_cuda_flag(const char *a, gmb_cuda_knobs *k, bool *ok);

#endif
