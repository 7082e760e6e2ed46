/* options.c: parses and validates the gmc command line. */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "cuda_flags.h"
#include "nvcc.h"
#include "opt.h"
#include "usage.h"

static bool is_pass_name(const char *name)
{
    for (const gmo_pass *p = gmo_passes(); p->name; p++)
        if (strcmp(p->name, name) == 0)
            return true;
    return false;
}

static bool parse_dump(const char *stage, gmc_options *opt)
{
    static const struct {
        const char *name;
        gmc_stage stage;
    } stages[] = {{"parse", GMC_STAGE_PARSE},
                  {"check", GMC_STAGE_CHECK},
                  {"desugar", GMC_STAGE_DESUGAR},
                  {"opt", GMC_STAGE_OPT}};
    gmc_stage s = GMC_STAGE_NONE;
    if (strcmp(stage, "signature") == 0) { /* JSON, not Green-Marl: signature.h */
        opt->dump_signature = true;
        if (opt->dump < GMC_STAGE_CHECK)
            opt->dump = GMC_STAGE_CHECK;
        return true;
    }
    if (strcmp(stage, "plan") == 0) { /* the loop plan after the passes: gma_plan.h */
        opt->dump_plan = true;
        if (opt->dump < GMC_STAGE_OPT)
            opt->dump = GMC_STAGE_OPT;
        return true;
    }
    if (strcmp(stage, "sync") == 0) { /* the distributed syncs after the passes: gma_sync.h */
        opt->dump_sync = true;
        if (opt->dump < GMC_STAGE_OPT)
            opt->dump = GMC_STAGE_OPT;
        return true;
    }
    for (size_t i = 0; i < sizeof stages / sizeof *stages; i++)
        if (strcmp(stage, stages[i].name) == 0)
            s = stages[i].stage;
    if (s == GMC_STAGE_NONE && is_pass_name(stage)) {
        s = GMC_STAGE_OPT;
        opt->dump_pass = stage;
    }
    if (s == GMC_STAGE_NONE) {
        fprintf(stderr,
                "gmc: error: unknown stage '%s' for --dump (parse, check, desugar, opt, "
                "a pass name from --help-passes, signature, plan or sync)\n",
                stage);
        return false;
    }
    opt->dump_stages[s] = true;
    if (s > opt->dump)
        opt->dump = s;
    return true;
}

/* Returns the value of "-o DIR" / "-oDIR" / "--x=V" / "--x V" forms. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (arg[n] == '=')
        return arg + n + 1;
    if (arg[n] != '\0' && name[1] != '-')
        return arg + n; /* -oDIR */
    if (*i + 1 >= argc) {
        fprintf(stderr, "gmc: error: option '%s' needs a value\n", name);
        return NULL;
    }
    return argv[++*i];
}

/* gmc run builds in its cache and always with --main -x. */
static gmc_parse_result check_run(gmc_options *opt, bool out_given)
{
    const char *usage = "Usage: gmc run [options] FILE.gm GRAPH [ARGS...] (see gmc --help)";
    if (!opt->input) {
        fprintf(stderr, "gmc: error: no input file\n%s\n", usage);
        return GMC_ARGS_ERROR;
    }
    if (opt->n_run_args == 0) {
        fprintf(stderr, "gmc: error: no graph file to run '%s' on\n%s\n", opt->input, usage);
        return GMC_ARGS_ERROR;
    }
    const char *bad = out_given ? "-o" : opt->check_only ? "--check" : opt->dump ? "--dump" : NULL;
    if (bad) {
        fprintf(stderr, "gmc: error: %s cannot be used with gmc run (it builds the program in its cache)\n",
                bad);
        return GMC_ARGS_ERROR;
    }
    opt->emit_main = true;
    opt->compile_output = true;
    return GMC_ARGS_OK;
}

gmc_parse_result gmc_parse_args(int argc, char **argv, gmc_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->out_dir = ".";
    opt->target = GMC_TARGET_OMP;
    bool out_given = false, flag_ok = true;
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "run") == 0) {
        opt->run = true;
        first = 2;
        opt->option_words = argv + 2;
    }
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            gmc_print_help();
            return GMC_ARGS_EXIT_OK;
        } else if (strcmp(a, "--version") == 0) {
            gmc_print_version();
            return GMC_ARGS_EXIT_OK;
        } else if (strcmp(a, "--help-passes") == 0) {
            gmc_print_passes();
            return GMC_ARGS_EXIT_OK;
        } else if (strncmp(a, "-t", 2) == 0 || strncmp(a, "--target", 8) == 0) {
            const char *name = a[1] == 't' ? "-t" : "--target";
            if (strncmp(a, name, strlen(name)) != 0 ||
                (a[1] == '-' && a[8] != '\0' && a[8] != '=')) {
                gmc_unknown_option(a);
                return GMC_ARGS_ERROR;
            }
            const char *v = option_value(argc, argv, &i, name);
            if (!v)
                return GMC_ARGS_ERROR;
            opt->target_given = true;
            if (strcmp(v, "omp") == 0)
                opt->target = GMC_TARGET_OMP;
            else if (strcmp(v, "cuda") == 0)
                opt->target = GMC_TARGET_CUDA;
            else {
                fprintf(stderr, "gmc: error: unknown target '%s' (omp or cuda)\n", v);
                return GMC_ARGS_ERROR;
            }
        } else if (strncmp(a, "-o", 2) == 0) {
            const char *v = option_value(argc, argv, &i, "-o");
            if (!v)
                return GMC_ARGS_ERROR;
            opt->out_dir = v; /* resolved once the target and -x/--main are known */
            out_given = true;
        } else if (strcmp(a, "--distributed") == 0) {
            opt->distributed = true;
        } else if (strcmp(a, "--main") == 0) {
            opt->emit_main = true;
        } else if (strcmp(a, "--try-entry") == 0) {
            opt->try_entry = true;
        } else if (strncmp(a, "--entry", 7) == 0 && (a[7] == '=' || a[7] == '\0')) {
            const char *v = option_value(argc, argv, &i, "--entry");
            if (!v)
                return GMC_ARGS_ERROR;
            opt->entry = v;
        } else if (strcmp(a, "-x") == 0) {
            opt->compile_output = true;
        } else if (strcmp(a, "-v") == 0) {
            opt->verbose = true;
        } else if (strncmp(a, "--arch", 6) == 0 && (a[6] == '=' || a[6] == '\0')) {
            const char *v = option_value(argc, argv, &i, "--arch");
            if (!v)
                return GMC_ARGS_ERROR;
            if (!gmc_arch_valid(v)) {
                fprintf(stderr,
                        "gmc: error: bad --arch '%s': expected sm_XX, the GPU's compute "
                        "capability without the dot (sm_80 for 8.0, sm_90 for 9.0)\n",
                        v);
                return GMC_ARGS_ERROR;
            }
            opt->arch = v;
        } else if (strncmp(a, "--cc", 4) == 0 && (a[4] == '=' || a[4] == '\0')) {
            const char *v = option_value(argc, argv, &i, "--cc");
            if (!v)
                return GMC_ARGS_ERROR;
            opt->cc = v;
        } else if (strncmp(a, "--ranks", 7) == 0 && (a[7] == '=' || a[7] == '\0')) {
            const char *v = option_value(argc, argv, &i, "--ranks");
            if (!v)
                return GMC_ARGS_ERROR;
            char *end = NULL;
            long r = strtol(v, &end, 10);
            if (!*v || *end || r < 1 || r > 4096) {
                fprintf(stderr, "gmc: error: bad value '%s' for --ranks: expected a number of ranks, 1 to 4096\n", v);
                return GMC_ARGS_ERROR;
            }
            opt->ranks = (int)r;
            opt->distributed = true;
        } else if (strcmp(a, "--check") == 0) {
            opt->check_only = true;
        } else if (strncmp(a, "--dump", 6) == 0 && (a[6] == '=' || a[6] == '\0')) {
            const char *v = option_value(argc, argv, &i, "--dump");
            if (!v || !parse_dump(v, opt))
                return GMC_ARGS_ERROR;
        } else if (strcmp(a, "-Wall") == 0) {
            gm_diag_disable_all_warnings(false);
        } else if (strcmp(a, "-Werror") == 0) {
            gm_diag_set_werror(true);
        } else if (strcmp(a, "-w") == 0) {
            gm_diag_disable_all_warnings(true);
        } else if (strncmp(a, "-Wno-", 5) == 0 || (strncmp(a, "-W", 2) == 0 && a[2])) {
            bool enable = strncmp(a, "-Wno-", 5) != 0;
            if (!gm_diag_set_warning(a + (enable ? 2 : 5), enable)) {
                gmc_unknown_option(a);
                return GMC_ARGS_ERROR;
            }
        } else if (strcmp(a, "-O0") == 0) {
            opt->opt_none = true;
        } else if (strcmp(a, "-O1") == 0 || strcmp(a, "-O2") == 0 || strcmp(a, "-O3") == 0) {
            opt->opt_none = false; /* one level of optimization: all the passes */
        } else if (gmc_cuda_flag(a, &opt->cuda, &flag_ok)) {
            if (!flag_ok)
                return GMC_ARGS_ERROR;
        } else if (strcmp(a, "--report") == 0) {
            opt->cuda.report = true;
        } else if (strncmp(a, "-fno-", 5) == 0 || (strncmp(a, "-f", 2) == 0 && a[2])) {
            bool disable = strncmp(a, "-fno-", 5) == 0;
            const char *pass = a + (disable ? 5 : 2);
            if (!is_pass_name(pass)) {
                fprintf(stderr, "gmc: error: unknown pass '%s' in '%s' (see gmc --help-passes)\n",
                        pass, a);
                return GMC_ARGS_ERROR;
            }
            if (disable && opt->n_disabled < GMC_MAX_DISABLED)
                opt->disabled[opt->n_disabled++] = pass;
        } else if (a[0] == '-' && a[1] != '\0') {
            gmc_unknown_option(a);
            return GMC_ARGS_ERROR;
        } else if (opt->input) {
            fprintf(stderr, "gmc: error: more than one input file ('%s' and '%s')\n", opt->input,
                    a);
            return GMC_ARGS_ERROR;
        } else {
            opt->input = a;
            if (opt->run) { /* the rest belongs to the program */
                opt->n_option_words = i - first;
                opt->run_args = argv + i + 1;
                opt->n_run_args = argc - i - 1;
                break;
            }
        }
    }
    if (opt->run)
        return check_run(opt, out_given);
    if (opt->ranks) {
        fprintf(stderr, "gmc: error: --ranks=%d runs a program: use it with gmc run\n", opt->ranks);
        return GMC_ARGS_ERROR;
    }
    if (!opt->input) {
        fprintf(stderr, "gmc: error: no input file\nUsage: gmc [options] FILE.gm (see gmc --help)\n");
        return GMC_ARGS_ERROR;
    }
    if (opt->entry && !opt->emit_main) {
        fprintf(stderr, "gmc: error: --entry=%s chooses the procedure main() runs: add --main\n",
                opt->entry);
        return GMC_ARGS_ERROR;
    }
    if (out_given) {
        if (!gmc_output_resolve(opt->out_dir, opt->target == GMC_TARGET_CUDA,
                                opt->compile_output && opt->emit_main, &opt->output))
            return GMC_ARGS_ERROR;
        opt->out_dir = opt->output.dir;
        opt->out_base = opt->output.base[0] ? opt->output.base : NULL;
        opt->out_program = opt->output.program[0] ? opt->output.program : NULL;
    }
    return GMC_ARGS_OK;
}

bool gmc_pass_enabled(const gmc_options *opt, const char *pass)
{
    if (opt->opt_none)
        return false;
    for (int i = 0; i < opt->n_disabled; i++)
        if (strcmp(opt->disabled[i], pass) == 0)
            return false;
    return true;
}
