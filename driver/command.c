/* command.c: the gmc command: parses the command line, then compiles
 * (pipeline.c) or compiles and runs (run_cache.c). Everything it allocates
 * is freed before it returns (tests/driver/leaks.sh runs it many times in
 * one process under valgrind). */
#include <stdio.h>

#include "command.h"
#include "diag.h"
#include "options.h"
#include "pipeline.h"
#include "run_cache.h"

int gmc_command(int argc, char **argv)
{
    /* the diagnostics' counters and warning switches (gm_front/diag.c's
     * one sink) start afresh: an earlier command of the same process
     * (tests/driver/gmc_many) must not leave its errors, -Werror or -Wno-
     * to this one */
    gm_diag_reset();
    gmc_options opt;
    switch (gmc_parse_args(argc, argv, &opt)) {
    case GMC_ARGS_EXIT_OK:
        return 0;
    case GMC_ARGS_ERROR:
        return 2;
    case GMC_ARGS_OK:
        break;
    }
    fflush(stdout);
    if (opt.run)
        return gmc_run(&opt);
    gmc_tools tools;
    if (!gmc_tools_resolve(&opt, &tools))
        return 1;
    int status = gmc_compile(&opt, &tools);
    gmc_tools_free(&tools);
    return status;
}
