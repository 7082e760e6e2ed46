/* options.h: the gmc command line, parsed into one plain struct. */
#ifndef GMC_OPTIONS_H
#define GMC_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "backend_options.h"
#include "output_path.h"

typedef enum gmc_target { GMC_TARGET_OMP, GMC_TARGET_CUDA } gmc_target;

/* Stages whose output --dump can print (as Green-Marl text, on stdout). */
typedef enum gmc_stage {
    GMC_STAGE_NONE = 0,
    GMC_STAGE_PARSE,    /* the tree as parsed */
    GMC_STAGE_CHECK,    /* after name binding and type checking */
    GMC_STAGE_DESUGAR,  /* after lowering to the core form */
    GMC_STAGE_OPT,      /* after each optimization pass (or only the named one) */
} gmc_stage;

#define GMC_MAX_DISABLED 32

typedef struct gmc_options {
    const char *input;          /* the .gm file */
    const char *input_text;     /* gmc run: the source, already read once (input names it) */
    size_t input_len;
    const char *out_dir;        /* folder of the generated files (default ".") */
    const char *out_base;       /* their name, NULL: FILE.gm's (-o NAME.c / NAME.cu) */
    const char *out_program;    /* the program -x --main links, NULL: out_dir/NAME */
    gmc_output output;          /* what -o PATH named (output_path.h) */
    gmc_target target;          /* -t omp|cuda */
    bool target_given;          /* -t was given (--dump=plan then shows its decisions) */
    bool distributed;           /* --distributed: an SPMD program over MPI ranks (-t omp) */
    int ranks;                  /* gmc run --ranks=N: under mpirun -np N (implies --distributed); 0: none */
    bool emit_main;             /* --main */
    bool try_entry;             /* --try-entry: also NAME_try, run-time errors returned */
    const char *entry;          /* --entry=NAME: the procedure --main runs */
    bool compile_output;        /* -x: also compile the output */
    const char *cc;             /* --cc=CC: the compiler -x runs (default $CC) */
    const char *arch;           /* --arch=sm_XX for -x -t cuda (NULL: detect) */
    bool verbose;               /* -v: print the commands -x runs */
    bool check_only;            /* --check: stop after the front end */
    gmc_stage dump;             /* deepest stage to print; compilation stops there */
    bool dump_stages[GMC_STAGE_OPT + 1];
    const char *dump_pass;      /* --dump=PASSNAME: only after that pass */
    bool dump_signature;        /* --dump=signature: the API as JSON after the checks */
    bool dump_plan;             /* --dump=plan: each parallel loop's accesses after the passes */
    bool dump_sync;             /* --dump=sync: the syncs --distributed places (gma_sync.h) */
    bool opt_none;              /* -O0: no optimization pass (-O1..-O3: all, the default) */
    const char *disabled[GMC_MAX_DISABLED]; /* -fno-PASS */
    int n_disabled;
    gmb_cuda_knobs cuda;        /* -fcuda-NAME=VALUE, --report */

    /* gmc run [options] FILE.gm GRAPH [ARGS...] */
    bool run;
    char **run_args;            /* GRAPH and the program's arguments */
    int n_run_args;
    char **option_words;        /* the options given before FILE.gm (cache key) */
    int n_option_words;
} gmc_options;

typedef enum gmc_parse_result {
    GMC_ARGS_OK,
    GMC_ARGS_EXIT_OK,    /* --help / --version printed: exit 0 */
    GMC_ARGS_ERROR,      /* a usage error was printed: exit 2 */
} gmc_parse_result;

/* Parses argv; prints help, version or usage errors itself. */
gmc_parse_result gmc_parse_args(int argc, char **argv, gmc_options *opt);

/* Whether an optimization pass runs (not disabled by -O0 or -fno-NAME). */
bool gmc_pass_enabled(const gmc_options *opt, const char *pass);

#endif /* GMC_OPTIONS_H */
