/* compile_output.c: runs the C compiler or nvcc on what gmc generated (-x).
 *
 * In a build tree the static libgmrt.a (and for CUDA libgmrt-cuda.a) is
 * linked (nothing to install, no rpath); an installed gmc links what its
 * gmrt.pc (gmrt-cuda.pc) gives, with an rpath to its libdir. */
#include "compile_output.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "spawn.h"

const char *gmc_resolve_cc(const char *cc)
{
    if (!cc || !*cc)
        cc = getenv("CC");
    if (!cc || !*cc)
        cc = GMC_CC;
    return cc;
}

static bool run(const gmc_argv *a, const gmc_build *b, const char *what)
{
    if (b->verbose)
        gmc_argv_print(a, "");
    bool ok = gmc_spawn(a, what);
    if (!ok)
        gmc_argv_print(a, "gmc: error: compiling the generated code failed: ");
    return ok;
}

/* DIR/BASE.EXT, the generated source, into src (size n); false after a
 * message when it is missing. */
static bool source_of(char *src, size_t n, const gmc_build *b, const char *ext)
{
    snprintf(src, n, "%s/%s.%s", b->dir, b->base, ext);
    struct stat st;
    if (stat(src, &st) == 0)
        return true;
    fprintf(stderr, "gmc: error: '%s' was not generated, so -x has nothing to compile\n", src);
    return false;
}

/* The installed runtime's link flags: an rpath to its libdir (spelled for
 * gcc, -Wl, or nvcc, -Xlinker), then what its pkg-config file says
 * (gmrt.pc, gmrt-cuda.pc for nvcc), read from libdir/pkgconfig with the
 * prefix taken from where the file lies, so a staged (DESTDIR) or moved
 * install links its own libraries. Without a working pkg-config, the same
 * flags spelled out: -L libdir [-lgmrt-cuda] -lgmrt [-lz]. Returns whether the
 * pkg-config file gave them (gmrt-cuda.pc's include -lgomp -lm). */
static bool push_installed_lib(gmc_argv *a, const gmc_runtime *rt, bool nvcc)
{
    if (nvcc) {
        gmc_argv_push(a, "-Xlinker");
        gmc_argv_pushf(a, "-rpath=%s", rt->lib_dir);
    } else {
        gmc_argv_pushf(a, "-Wl,-rpath,%s", rt->lib_dir);
    }
    char path[PATH_MAX + 32], libs[4096];
    snprintf(path, sizeof path, "PKG_CONFIG_PATH=%s/pkgconfig", rt->lib_dir);
    char *pc[] = {"env", path, "pkg-config", "--define-prefix", "--libs", nvcc ? "gmrt-cuda" : "gmrt", NULL};
    if (gmc_capture_line(pc, libs, sizeof libs) && strstr(libs, "-lgmrt")) {
        gmc_argv_push_words(a, libs);
        return true;
    }
    gmc_argv_pushf(a, "-L%s", rt->lib_dir);
    if (nvcc)
        gmc_argv_push(a, "-lgmrt-cuda");
    gmc_argv_push(a, "-lgmrt");
    gmc_argv_push_words(a, GMC_ZLIB_LIBS); /* a static libgmrt.a needs them */
    return false;
}

/* What both compilers get after their own flags: the runtime's headers, the
 * output (an executable with --main, else an object), the source, and with
 * --main the runtime library (-lgomp too for nvcc, which does not add it). */
static void push_output_and_runtime(gmc_argv *a, const gmc_runtime *rt, const gmc_build *b, const char *src,
                                    bool nvcc)
{
#ifdef GMRT_EDGE64
    gmc_argv_push(a, "-DGMRT_EDGE64");
#endif
    gmc_argv_pushf(a, "-I%s", rt->include_dir);
    if (!b->with_main)
        gmc_argv_push(a, "-c");
    gmc_argv_push(a, "-o");
    if (b->with_main && b->program)
        gmc_argv_push(a, b->program);
    else
        gmc_argv_pushf(a, b->with_main ? "%s/%s" : "%s/%s.o", b->dir, b->base);
    gmc_argv_push(a, src);
    if (b->with_main) {
        if (rt->in_tree) {
            if (nvcc && rt->cuda_static_lib[0])
                gmc_argv_push(a, rt->cuda_static_lib);
            gmc_argv_push(a, rt->static_lib);
            gmc_argv_push_words(a, GMC_ZLIB_LIBS); /* gzip input: -lz when configure found zlib */
        } else if (push_installed_lib(a, rt, nvcc) && nvcc) {
            return; /* gmrt-cuda.pc's flags end with -lgomp -lm */
        }
        if (nvcc)
            gmc_argv_push(a, "-lgomp");
        gmc_argv_push(a, "-lm");
    }
}

/* The C compiler's command up to its flags: the compiler, C11, -O2, OpenMP. */
static void push_cc_head(gmc_argv *a, const gmc_build *b)
{
    gmc_argv_push_words(a, gmc_resolve_cc(b->cc));
    gmc_argv_push(a, "-std=c11");
    gmc_argv_push(a, "-O2");
    gmc_argv_push_words(a, GMC_OPENMP_CFLAGS);
}

/* nvcc's command up to its flags: -O3, C++17, the GPU architecture, OpenMP
 * and -Wall -Wextra for the host compiler. */
static void push_nvcc_head(gmc_argv *a, const gmc_build *b)
{
    gmc_argv_push(a, b->nvcc);
    gmc_argv_push(a, "-O3");
    gmc_argv_push(a, "-std=c++17");
    gmc_argv_pushf(a, "-arch=%s", b->arch);
    gmc_argv_push(a, "-Xcompiler");
    gmc_argv_push(a, "-fopenmp");
    gmc_argv_push(a, "-Xcompiler");
    gmc_argv_push(a, "-Wall,-Wextra");
}

/* The single-process builds: the compiler's head, then the source and the
 * runtime (cuda: nvcc and NAME.cu, else the C compiler and NAME.c). */
static bool compile_one(const gmc_runtime *rt, const gmc_build *b, bool cuda)
{
    char src[4096];
    if (!source_of(src, sizeof src, b, cuda ? "cu" : "c"))
        return false;
    gmc_argv a = {0};
    if (cuda)
        push_nvcc_head(&a, b);
    else
        push_cc_head(&a, b);
    push_output_and_runtime(&a, rt, b, src, cuda);
    bool ok = run(&a, b, cuda ? "nvcc" : "the C compiler");
    gmc_argv_free(&a);
    return ok;
}

bool gmc_compile_c(const gmc_runtime *rt, const gmc_build *b) { return compile_one(rt, b, false); }
bool gmc_compile_cuda(const gmc_runtime *rt, const gmc_build *b) { return compile_one(rt, b, true); }

/* The words `mpicc --showme:WHAT` prints, pushed onto a; false after a message. */
static bool push_mpi_flags(gmc_argv *a, const char *what)
{
#ifdef GMC_MPICC
    char flags[4096], opt[64];
    snprintf(opt, sizeof opt, "--showme:%s", what);
    char *cmd[] = {(char *)GMC_MPICC, opt, NULL};
    if (!gmc_capture_line(cmd, flags, sizeof flags)) {
        fprintf(stderr, "gmc: error: '%s %s' failed: cannot compile an MPI program\n", GMC_MPICC, opt);
        return false;
    }
    gmc_argv_push_words(a, flags);
    return true;
#else
    (void)a; (void)what;
    fprintf(stderr, "gmc: error: --distributed -x needs MPI, and configure found no mpicc "
            "(apt-get install openmpi-bin libopenmpi-dev, then configure again)\n");
    return false;
#endif
}

/* Puts word right after src in a's arguments. */
static void insert_after(gmc_argv *a, const char *src, const char *word)
{
    int at = -1;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->args[i], src) == 0)
            at = i;
    gmc_argv_push(a, word); /* grows args; moved into place below */
    for (int i = a->n - 1; at >= 0 && i > at + 1; i--) {
        char *t = a->args[i];
        a->args[i] = a->args[i - 1];
        a->args[i - 1] = t;
    }
}

bool gmc_compile_dist(const gmc_runtime *rt, const gmc_build *b)
{
    char src[4096];
    if (!source_of(src, sizeof src, b, "c"))
        return false;
    gmc_argv a = {0};
    push_cc_head(&a, b);
    bool ok = push_mpi_flags(&a, "compile");
    if (rt->in_tree) /* gmd.h lies in gm_runtime/dist; installed, beside gmrt.h */
        gmc_argv_pushf(&a, "-I%s/dist", rt->include_dir);
    push_output_and_runtime(&a, rt, b, src, false);
    if (ok && b->with_main) {
        /* libgmrt-dist right after the source, before libgmrt, whose functions it calls */
        char lib[PATH_MAX + 32];
        if (rt->in_tree) {
            snprintf(lib, sizeof lib, "%s", rt->static_lib);
            char *slash = strrchr(lib, '/');
            size_t at = slash ? (size_t)(slash + 1 - lib) : 0;
            snprintf(lib + at, sizeof lib - at, "libgmrt-dist.a");
            struct stat st;
            if (stat(lib, &st) != 0) {
                fprintf(stderr, "gmc: error: '%s' is not built (configure found no MPI?)\n", lib);
                ok = false;
            }
        } else {
            snprintf(lib, sizeof lib, "-lgmrt-dist");
        }
        insert_after(&a, src, lib);
        ok = ok && push_mpi_flags(&a, "link");
    }
    ok = ok && run(&a, b, "the C compiler");
    gmc_argv_free(&a);
    return ok;
}

#ifdef GMC_DIST_CUDA
/* MPI's flags for nvcc: -I, -D, -L and -l as they are, -Wl,X as -Xlinker X,
 * the rest (-pthread) for the host compiler. */
static bool push_mpi_flags_nvcc(gmc_argv *a, const char *what)
{
    gmc_argv m = {0};
    bool ok = push_mpi_flags(&m, what);
    for (int i = 0; ok && i < m.n; i++) {
        const char *w = m.args[i];
        if (strncmp(w, "-I", 2) == 0 || strncmp(w, "-D", 2) == 0 || strncmp(w, "-L", 2) == 0 ||
            strncmp(w, "-l", 2) == 0) {
            gmc_argv_push(a, w);
        } else if (strncmp(w, "-Wl,", 4) == 0) {
            gmc_argv_push(a, "-Xlinker");
            gmc_argv_push(a, w + 4);
        } else {
            gmc_argv_push(a, "-Xcompiler");
            gmc_argv_push(a, w);
        }
    }
    gmc_argv_free(&m);
    return ok;
}
#endif

bool gmc_compile_dist_cuda(const gmc_runtime *rt, const gmc_build *b)
{
#ifndef GMC_DIST_CUDA
    (void)rt; (void)b;
    fprintf(stderr, "gmc: error: -t cuda --distributed -x needs libgmrt-dist-cuda, and configure did not build it "
                    "(it needs both MPI and nvcc)\n");
    return false;
#else
    char src[4096];
    if (!source_of(src, sizeof src, b, "cu"))
        return false;
    gmc_argv a = {0};
    push_nvcc_head(&a, b);
    gmc_argv_push(&a, "-DOMPI_SKIP_MPICXX=1"); /* nvcc compiles C++: MPI's C API only */
    gmc_argv_push(&a, "-DMPICH_SKIP_MPICXX=1");
    bool ok = push_mpi_flags_nvcc(&a, "compile");
    if (rt->in_tree) /* gmd.h and gmd_gpu.h lie in gm_runtime/dist; installed, beside gmrt.h */
        gmc_argv_pushf(&a, "-I%s/dist", rt->include_dir);
    push_output_and_runtime(&a, rt, b, src, true);
    if (ok && b->with_main) {
        /* libgmrt-dist-cuda and libgmrt-dist right after the source, before the runtimes they call */
        char lib[PATH_MAX + 32], dlib[PATH_MAX + 32];
        if (rt->in_tree) {
            snprintf(lib, sizeof lib, "%s/libgmrt-dist-cuda.a", GMC_ABS_BUILDDIR);
            snprintf(dlib, sizeof dlib, "%s/.libs/libgmrt-dist.a", GMC_ABS_BUILDDIR);
            struct stat st;
            const char *missing = stat(lib, &st) != 0 ? lib : stat(dlib, &st) != 0 ? dlib : NULL;
            if (missing) {
                fprintf(stderr, "gmc: error: '%s' is not built (run make)\n", missing);
                ok = false;
            }
        } else {
            snprintf(lib, sizeof lib, "-lgmrt-dist-cuda");
            snprintf(dlib, sizeof dlib, "-lgmrt-dist");
        }
        insert_after(&a, src, dlib);
        insert_after(&a, src, lib);
        ok = ok && push_mpi_flags_nvcc(&a, "link");
        gmc_argv_push_words(&a, GMC_NCCL_LIBS);
    }
    ok = ok && run(&a, b, "nvcc");
    gmc_argv_free(&a);
    return ok;
#endif
}
