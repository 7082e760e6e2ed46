/* pipeline.c: runs the stages in order and stops at the first one that
 * reports an error. */
#include "pipeline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile_output.h"
#include "cuda_backend.h"
#include "diag.h"
#include "entry.h"
#include "front.h"
#include "gma_decision.h"
#include "gma_plan.h"
#include "gma_sync.h"
#include "nvcc.h"
#include "omp_backend.h"
#include "omp_dist.h"
#include "opt.h"
#include "signature.h"

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

/* --dump=plan: the loop plan on stdout; with -t, each record's decisions
 * by that target's decision phase under it (gma_decision.h). */
static void plan_dump(const gmc_options *opt, gm_program *p)
{
    gma_plan *plan = gma_plan_build(p);
    if (opt->target_given) {
        gma_decided *d = opt->target == GMC_TARGET_CUDA ? gmb_cuda_decide(p, plan, &opt->cuda)
                                                        : gmb_omp_decide(p, plan);
        gma_decided_print(stdout, d, p->filename);
        gma_decided_free(d);
    } else {
        gma_plan_print(stdout, plan, p->filename);
    }
    gma_plan_free(plan);
}

/* --dump=sync: where -t omp --distributed synchronizes, on stdout; false
 * after [dist-unsupported] errors (reported on stderr). */
static bool sync_dump(const gm_program *p)
{
    gma_plan *plan = gma_plan_build(p);
    gma_sync_plan *sp = gma_sync_build(p, plan);
    const char *slash = strrchr(p->filename, '/');
    if (sp) {
        printf("// ---- %s: sync ----\n", slash ? slash + 1 : p->filename);
        gma_sync_print(stdout, sp, slash ? slash + 1 : p->filename);
    }
    gma_sync_free(sp);
    gma_plan_free(plan);
    return sp != NULL;
}

/* Creates dir and its missing parents, like mkdir -p, and checks that
 * files can be written there. */
static bool output_dir_ready(const char *dir)
{
    char path[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof path) {
        fprintf(stderr, "gmc: error: bad output directory '%s'\n", dir);
        return false;
    }
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] == '/' || path[i] == '\0') {
            char c = path[i];
            path[i] = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "gmc: error: cannot create output directory '%s': %s\n", path,
                        strerror(errno));
                return false;
            }
            path[i] = c;
        }
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "gmc: error: output directory '%s' is not a directory\n", dir);
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "gmc: error: output directory '%s' is not writable: %s\n", dir,
                strerror(errno));
        return false;
    }
    return true;
}

const char *gmc_base_name(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    const char *start = slash ? slash + 1 : path;
    snprintf(buf, size, "%s", start);
    char *dot = strrchr(buf, '.');
    if (dot && dot != buf)
        *dot = '\0';
    return buf;
}

bool gmc_tools_resolve(const gmc_options *opt, gmc_tools *t)
{
    memset(t, 0, sizeof *t);
    if (!opt->compile_output || opt->target != GMC_TARGET_CUDA)
        return true;
    t->nvcc = gmc_find_nvcc();
    if (!t->nvcc)
        return false;
    if (opt->arch)
        snprintf(t->arch, sizeof t->arch, "%s", opt->arch);
    else
        gmc_detect_arch(t->arch, sizeof t->arch);
    return true;
}

void gmc_tools_free(gmc_tools *t)
{
    free(t->nvcc);
    t->nvcc = NULL;
}

/* -o PATH naming the program must not name a file gmc generates beside it
 * (the generated files lie in PATH's own folder). */
static bool program_clear(const char *program, const char *base, bool cuda)
{
    const char *slash = strrchr(program, '/');
    const char *last = slash ? slash + 1 : program;
    const char *exts[] = {cuda ? ".cu" : ".c", ".h"};
    for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
        size_t n = strlen(base);
        if (strncmp(last, base, n) == 0 && strcmp(last + n, exts[i]) == 0) {
            fprintf(stderr, "gmc: error: -o '%s' would overwrite the generated %s: name the "
                    "program differently\n", program, last);
            return false;
        }
    }
    return true;
}

/* --distributed: the loop plan and the syncs (gma_sync.h; errors stop
 * here), then the distributed OpenMP or CUDA code; --report prints the syncs. */
static bool generate_distributed(const gmc_options *opt, gm_program *p, const gmb_options *bopt)
{
    gma_plan *plan = gma_plan_build(p);
    gma_sync_plan *syncs = plan ? gma_sync_build(p, plan) : NULL;
    bool ok = syncs && !gm_error_count();
    if (ok)
        ok = (opt->target == GMC_TARGET_CUDA ? gmb_cuda_dist_generate(p, bopt, plan, syncs)
                                             : gmb_omp_dist_generate(p, bopt, plan, syncs)) &&
             !gm_error_count();
    if (ok && opt->cuda.report) {
        const char *slash = strrchr(p->filename, '/');
        gma_sync_print(stderr, syncs, slash ? slash + 1 : p->filename);
    }
    gma_sync_free(syncs);
    gma_plan_free(plan);
    return ok;
}

static bool generate(const gmc_options *opt, const gmc_tools *t, gm_program *p)
{
    const char *entry = NULL;
    if (opt->emit_main && !(entry = gmc_pick_entry(p, opt->entry)))
        return false;
    char base[1024];
    bool cuda = opt->target == GMC_TARGET_CUDA;
    const char *base_name =
        opt->out_base ? opt->out_base : gmc_base_name(opt->input, base, sizeof base);
    if (opt->out_program && !program_clear(opt->out_program, base_name, cuda))
        return false;
    if (!output_dir_ready(opt->out_dir))
        return false;
    gmb_options bopt = {
        .out_dir = opt->out_dir,
        .base_name = base_name,
        .emit_main = opt->emit_main,
        .try_entry = opt->try_entry,
        .entry = entry,
        .cuda = opt->cuda,
    };
    /* each backend builds the plan, decides, generates and --reports;
     * --distributed adds the sync plan (generate_distributed) */
    bool generated;
    if (opt->distributed)
        generated = generate_distributed(opt, p, &bopt);
    else
        generated = cuda ? gmb_cuda_generate(p, &bopt) : gmb_omp_generate(p, &bopt);
    if (!generated || gm_error_count())
        return false;
    if (!opt->compile_output)
        return true;
    gmc_runtime rt;
    if (!gmc_runtime_locate(&rt, opt->emit_main, true))
        return false;
    if (cuda && opt->emit_main && !gmc_runtime_has_cuda(&rt, true))
        return false;
    gmc_build b = {
        .dir = opt->out_dir,
        .base = bopt.base_name,
        .with_main = opt->emit_main,
        .program = opt->out_program,
        .cc = opt->cc,
        .nvcc = t->nvcc,
        .arch = t->arch,
        .verbose = opt->verbose,
        .distributed = opt->distributed,
    };
    if (opt->distributed)
        return cuda ? gmc_compile_dist_cuda(&rt, &b) : gmc_compile_dist(&rt, &b);
    return cuda ? gmc_compile_cuda(&rt, &b) : gmc_compile_c(&rt, &b);
}

int gmc_compile(const gmc_options *opt, const gmc_tools *t)
{
    gm_program *p = opt->input_text ? gmf_parse_buffer(opt->input, opt->input_text, opt->input_len)
                                    : gmf_parse_file(opt->input);
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
    if (opt->dump_signature)
        gmc_print_signature(stdout, p);
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
    if (opt->dump_plan)
        plan_dump(opt, p);
    if (opt->dump_sync && !sync_dump(p))
        goto done;
    if (opt->dump == GMC_STAGE_OPT)
        goto ok;

    if (!generate(opt, t, p))
        goto done;
ok:
    status = 0;
done:
    gm_program_free(p);
    return status;
}
