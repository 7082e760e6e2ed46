/* options.c: parses and validates the gmc command line. */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "diag.h"
#include "opt.h"

static const char *const help_text =
    "Usage: gmc [options] FILE.gm\n"
    "Compile a Green-Marl procedure to C with OpenMP or to CUDA.\n"
    "\n"
    "Output:\n"
    "  -t, --target=omp|cuda   code generator (default omp)\n"
    "  -o DIR                  output directory, created if missing (default .)\n"
    "      --main              also emit a main() that loads a graph and runs the procedure\n"
    "  -x                      also compile the output (omp): DIR/NAME with --main, else\n"
    "                          DIR/NAME.o; against the in-tree runtime from a build tree\n"
    "      --cc=CC             the C compiler -x runs (default: $CC, then the configured one)\n"
    "\n"
    "Checking and inspection:\n"
    "      --check             check the program (parse, types, rules) and stop\n"
    "      --dump=STAGE        print the program as Green-Marl after STAGE and stop there;\n"
    "                          STAGE: parse, check, desugar, opt (after every pass) or a\n"
    "                          pass name; may be given several times\n"
    "\n"
    "Warnings:\n"
    "  -Wall                   enable every warning (the default)\n"
    "  -WNAME, -Wno-NAME       enable/disable one warning: narrowing, promotion, race, unused\n"
    "  -Werror                 treat warnings as errors\n"
    "  -w                      disable all warnings\n"
    "\n"
    "Optimization:\n"
    "  -O0                     disable every optimization pass\n"
    "  -fno-PASS, -fPASS       disable/enable one pass (see --help-passes)\n"
    "      --help-passes       list the optimization passes\n"
    "\n"
    "  -h, --help              this help\n"
    "      --version           version and build configuration\n"
    "\n"
    "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE [class].\n"
    "Exit status: 0 success, 1 the program has errors (or cannot be read), 2 bad usage.\n";

/* Every option spelling, for "did you mean" suggestions. */
static const char *const known_options[] = {
    "-t", "--target=", "-o", "--main", "-x", "--cc=", "--check", "--dump=", "-Wall", "-Werror", "-w",
    "-O0", "--help-passes", "-h", "--help", "--version", "-Wnarrowing", "-Wpromotion",
    "-Wrace", "-Wunused", "-Wno-narrowing", "-Wno-promotion", "-Wno-race", "-Wno-unused",
};

static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return (size_t)-1;
    size_t row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

static void unknown_option(const char *arg)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    for (size_t i = 0; i < sizeof known_options / sizeof *known_options; i++) {
        size_t d = edit_distance(arg, known_options[i]);
        if (d < best_d) {
            best_d = d;
            best = known_options[i];
        }
    }
    if (best && best_d <= 3)
        fprintf(stderr, "gmc: error: unknown option '%s'; did you mean '%s'?\n", arg, best);
    else
        fprintf(stderr, "gmc: error: unknown option '%s' (see gmc --help)\n", arg);
}

static void print_version(void)
{
    printf("gmc %s\n", PACKAGE_VERSION);
#ifdef GMC_NVCC
    printf("CUDA: nvcc at %s\n", GMC_NVCC);
#else
    printf("CUDA: nvcc not found at configure time\n");
#endif
}

static void print_passes(void)
{
    printf("Optimization passes, in order (disable one with -fno-NAME):\n");
    const gmo_pass *p = gmo_passes();
    if (!p->name)
        printf("  (none yet)\n");
    for (; p->name; p++)
        printf("  %-22s %s\n", p->name, p->contract);
}

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
                "or a pass name from --help-passes)\n",
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
    if (arg[n] == '=' )
        return arg + n + 1;
    if (arg[n] != '\0' && name[1] != '-')
        return arg + n; /* -oDIR */
    if (*i + 1 >= argc) {
        fprintf(stderr, "gmc: error: option '%s' needs a value\n", name);
        return NULL;
    }
    return argv[++*i];
}

gmc_parse_result gmc_parse_args(int argc, char **argv, gmc_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->out_dir = ".";
    opt->target = GMC_TARGET_OMP;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(help_text, stdout);
            return GMC_ARGS_EXIT_OK;
        } else if (strcmp(a, "--version") == 0) {
            print_version();
            return GMC_ARGS_EXIT_OK;
        } else if (strcmp(a, "--help-passes") == 0) {
            print_passes();
            return GMC_ARGS_EXIT_OK;
        } else if (strncmp(a, "-t", 2) == 0 || strncmp(a, "--target", 8) == 0) {
            const char *name = a[1] == 't' ? "-t" : "--target";
            if (strncmp(a, name, strlen(name)) != 0 ||
                (a[1] == '-' && a[8] != '\0' && a[8] != '=')) {
                unknown_option(a);
                return GMC_ARGS_ERROR;
            }
            const char *v = option_value(argc, argv, &i, name);
            if (!v)
                return GMC_ARGS_ERROR;
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
            opt->out_dir = v;
        } else if (strcmp(a, "--main") == 0) {
            opt->emit_main = true;
        } else if (strcmp(a, "-x") == 0) {
            opt->compile_output = true;
        } else if (strncmp(a, "--cc", 4) == 0 && (a[4] == '=' || a[4] == '\0')) {
            const char *v = option_value(argc, argv, &i, "--cc");
            if (!v)
                return GMC_ARGS_ERROR;
            opt->cc = v;
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
                unknown_option(a);
                return GMC_ARGS_ERROR;
            }
        } else if (strcmp(a, "-O0") == 0) {
            opt->opt_none = true;
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
            unknown_option(a);
            return GMC_ARGS_ERROR;
        } else if (opt->input) {
            fprintf(stderr, "gmc: error: more than one input file ('%s' and '%s')\n", opt->input,
                    a);
            return GMC_ARGS_ERROR;
        } else {
            opt->input = a;
        }
    }
    if (!opt->input) {
        fprintf(stderr, "gmc: error: no input file\nUsage: gmc [options] FILE.gm (see gmc --help)\n");
        return GMC_ARGS_ERROR;
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
