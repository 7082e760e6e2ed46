/* gmc_main.c: the gmc command: runs the stages in order and stops at the
 * first one that reports an error. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "compile_output.h"
#include "cuda_backend.h"
#include "diag.h"
#include "front.h"
#include "omp_backend.h"
#include "opt.h"
#include "options.h"

static void dump(const gmc_options *opt, gmc_stage stage, const char *what, gm_program *p)
{
    if (!opt->dump_stages[stage])
        return;
    printf("// ---- %s: after %s ----\n", p->filename, what);
    gmf_print_program(stdout, p);
}

typedef struct opt_ctx {
    const gmc_options *opt;
} opt_ctx;

static bool pass_enabled(const char *name, void *ctx)
{
    return gmc_pass_enabled(((opt_ctx *)ctx)->opt, name);
}

static void after_pass(const gmo_pass *pass, gm_program *p, void *ctx)
{
    const gmc_options *opt = ((opt_ctx *)ctx)->opt;
    if (!opt->dump_stages[GMC_STAGE_OPT])
        return;
    if (opt->dump_pass && strcmp(opt->dump_pass, pass->name) != 0)
        return;
    printf("// ---- %s: after pass %s ----\n", p->filename, pass->name);
    gmf_print_program(stdout, p);
}

/* Creates dir and its missing parents, like mkdir -p. */
static bool make_dirs(const char *dir)
{
    char path[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof path)
        return false;
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] == '/' || path[i] == '\0') {
            char c = path[i];
            path[i] = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return false;
            path[i] = c;
        }
    }
    struct stat st;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
}

/* "dir/name.gm" -> "name" */
static const char *base_name(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *start = slash ? slash + 1 : path;
    snprintf(buf, size, "%s", start);
    char *dot = strrchr(buf, '.');
    if (dot && dot != buf)
        *dot = '\0';
    return buf;
}

static int compile(const gmc_options *opt)
{
    gm_program *p = gmf_parse_file(opt->input);
    if (!p)
        return 1; /* the parser reported why the file could not be read */
    int status = 1;
    if (gm_error_count())
        goto done;
    dump(opt, GMC_STAGE_PARSE, "parse", p);
    if (opt->dump == GMC_STAGE_PARSE)
        goto ok;

    if (!gmf_check(p) || gm_error_count())
        goto done;
    gmf_infer_locations(p);
    dump(opt, GMC_STAGE_CHECK, "check", p);
    if (opt->dump == GMC_STAGE_CHECK)
        goto ok;

    gmf_desugar(p);
    if (gm_error_count())
        goto done;
    dump(opt, GMC_STAGE_DESUGAR, "desugar", p);
    if (opt->check_only || opt->dump == GMC_STAGE_DESUGAR)
        goto ok;

    opt_ctx ctx = {opt};
    gmo_run(p, pass_enabled, after_pass, &ctx);
    if (gm_error_count())
        goto done;
    gmf_infer_locations(p); /* passes may have moved code across regions */
    if (opt->dump == GMC_STAGE_OPT)
        goto ok;

    if (!make_dirs(opt->out_dir)) {
        fprintf(stderr, "gmc: error: cannot create output directory '%s': %s\n", opt->out_dir,
                strerror(errno));
        goto done;
    }
    char base[1024];
    gmb_options bopt = {
        .out_dir = opt->out_dir,
        .base_name = base_name(opt->input, base, sizeof base),
        .emit_main = opt->emit_main,
    };
    bool generated = opt->target == GMC_TARGET_CUDA ? gmb_cuda_generate(p, &bopt)
                                                     : gmb_omp_generate(p, &bopt);
    if (!generated || gm_error_count())
        goto done;
    if (opt->compile_output) {
        if (opt->target != GMC_TARGET_OMP) {
            fprintf(stderr, "gmc: error: -x compiles the omp target only\n");
            goto done;
        }
        if (!gmc_compile_output(opt->out_dir, bopt.base_name, opt->emit_main, opt->cc))
            goto done;
    }
ok:
    status = 0;
done:
    gm_program_free(p);
    return status;
}

int main(int argc, char **argv)
{
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
    return compile(&opt);
}
