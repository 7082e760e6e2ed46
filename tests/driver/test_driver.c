/* test_driver.c: unit tests of the gmc driver's pieces: option
 * suggestions, --arch validation, GPU detection, nvcc lookup, the exact
 * nvcc and C compiler commands of -x (through fake compilers that record
 * their arguments), a real nvcc build of a hand-written .cu when nvcc is
 * installed, runtime relocation and the cache hash. */
#define _XOPEN_SOURCE 700
#include <CUnit/Basic.h>
#include <CUnit/CUnit.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile_output.h"
#include "config.h"
#include "gmrt.h"
#include "nvcc.h"
#include "run_cache.h"
#include "runtime_paths.h"
#include "spawn.h"
#include "usage.h"

static char tmp[512];
static char saved_path[8192];

static const char *path_in_tmp(const char *name)
{
    static char bufs[4][sizeof tmp + 64];
    static int next;
    char *b = bufs[next++ % 4];
    snprintf(b, sizeof bufs[0], "%s/%.60s", tmp, name);
    return b;
}

static void write_file(const char *path, const char *text, bool executable)
{
    FILE *f = fopen(path, "w");
    CU_ASSERT_FATAL(f != NULL);
    fputs(text, f);
    fclose(f);
    chmod(path, executable ? 0755 : 0644);
}

static char *read_file(const char *path)
{
    static char buf[16384];
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* A compiler that logs one argument per line and creates its -o output. */
static const char *fake_compiler(const char *name)
{
    char script[2048];
    snprintf(script, sizeof script,
             "#!/bin/sh\n"
             ": > '%s/%s.log'\n"
             "out=\n"
             "for a in \"$@\"; do printf '%%s\\n' \"$a\" >> '%s/%s.log';"
             " [ \"$prev\" = -o ] && out=$a; prev=$a; done\n"
             "[ -n \"$out\" ] && : > \"$out\"\n",
             tmp, name, tmp, name);
    const char *path = path_in_tmp(name);
    write_file(path, script, true);
    return path;
}

/* The logged arguments joined by spaces. */
static const char *logged_args(const char *name)
{
    char log[600];
    snprintf(log, sizeof log, "%s.log", name);
    char *text = read_file(path_in_tmp(log));
    if (!text)
        return "";
    for (char *p = text; *p; p++)
        if (*p == '\n')
            *p = p[1] ? ' ' : '\0';
    return text;
}

static gmc_runtime fake_runtime(bool in_tree)
{
    gmc_runtime rt = {.in_tree = in_tree};
    snprintf(rt.include_dir, sizeof rt.include_dir, "/rt/include/gmc");
    snprintf(rt.lib_dir, sizeof rt.lib_dir, "/rt/lib");
    if (in_tree) {
        snprintf(rt.static_lib, sizeof rt.static_lib, "/rt/lib/libgmrt.a");
        snprintf(rt.cuda_static_lib, sizeof rt.cuda_static_lib, "/rt/lib/libgmrt-cuda.a");
    }
    return rt;
}

#ifdef GMRT_EDGE64
#define EDGE_FLAG " -DGMRT_EDGE64"
#else
#define EDGE_FLAG ""
#endif
/* the spelled-out flags add zlib's after -lgmrt (gzip input) when configure found it */
#ifdef HAVE_ZLIB
#define ZLIB_FLAG " " GMC_ZLIB_LIBS
#else
#define ZLIB_FLAG ""
#endif

static void test_closest_option(void)
{
    CU_ASSERT_STRING_EQUAL(gmc_closest_option("--mian"), "--main");
    CU_ASSERT_STRING_EQUAL(gmc_closest_option("--entyr=bfs"), "--entry=");
    CU_ASSERT_STRING_EQUAL(gmc_closest_option("--arhc=sm_90"), "--arch=");
    CU_ASSERT_STRING_EQUAL(gmc_closest_option("--verison"), "--version");
    CU_ASSERT_STRING_EQUAL(gmc_closest_option("--chek"), "--check");
    CU_ASSERT_STRING_EQUAL(gmc_closest_option("-X"), "-x");
    CU_ASSERT_STRING_EQUAL(gmc_closest_option("-Wrcae"), "-Wrace");
    CU_ASSERT_PTR_NULL(gmc_closest_option("-q"));
    CU_ASSERT_PTR_NULL(gmc_closest_option("--completely-different"));
    CU_ASSERT_EQUAL(gmc_edit_distance("kitten", "sitting"), 3);
    CU_ASSERT_EQUAL(gmc_edit_distance("", "abc"), 3);
    CU_ASSERT_EQUAL(gmc_edit_distance("same", "same"), 0);
}

static void test_arch_valid(void)
{
    const char *good[] = {"sm_70", "sm_80", "sm_86", "sm_90", "sm_90a", "sm_100", "sm_100a",
                          "sm_120", "sm_120f"};
    const char *bad[] = {"", "90", "sm90", "sm_", "sm_9", "sm_9000", "sm_090", "SM_90",
                         "compute_90", "sm_90b", "sm_90aa", "sm_9x", "sm_-90"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        CU_ASSERT(gmc_arch_valid(good[i]));
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CU_ASSERT(!gmc_arch_valid(bad[i]));
}

/* Runs gmc_detect_arch with PATH holding only a fake nvidia-smi. */
static const char *detect_with(const char *script)
{
    static char arch[16];
    mkdir(path_in_tmp("smi"), 0755);
    write_file(path_in_tmp("smi/nvidia-smi"), script, true);
    setenv("PATH", path_in_tmp("smi"), 1);
    gmc_detect_arch(arch, sizeof arch);
    setenv("PATH", saved_path, 1);
    return arch;
}

static void test_detect_arch(void)
{
    CU_ASSERT_STRING_EQUAL(detect_with("#!/bin/sh\necho 8.6\n"), "sm_86");
    CU_ASSERT_STRING_EQUAL(detect_with("#!/bin/sh\necho 9.0\necho 8.0\n"), "sm_90");
    CU_ASSERT_STRING_EQUAL(detect_with("#!/bin/sh\necho 12.0\n"), "sm_120");
    /* The query is the one nvidia-smi documents. */
    CU_ASSERT_STRING_EQUAL(
        detect_with("#!/bin/sh\n[ \"$*\" = '--query-gpu=compute_cap --format=csv,noheader' ] "
                    "&& echo 7.5\n"),
        "sm_75");
    /* No GPU, a failing or a confusing nvidia-smi: the default. */
    CU_ASSERT_STRING_EQUAL(detect_with("#!/bin/sh\necho 'No devices were found'; exit 6\n"), "sm_90");
    CU_ASSERT_STRING_EQUAL(detect_with("#!/bin/sh\necho 8.6; exit 1\n"), "sm_90");
    CU_ASSERT_STRING_EQUAL(detect_with("#!/bin/sh\necho '[N/A]'\n"), "sm_90");
    char arch[16];
    setenv("PATH", "/nonexistent", 1);
    gmc_detect_arch(arch, sizeof arch);
    setenv("PATH", saved_path, 1);
    CU_ASSERT_STRING_EQUAL(arch, "sm_90");
}

static void test_find_nvcc(void)
{
    setenv("GMC_NVCC", "/nonexistent/nvcc", 1);
    CU_ASSERT_PTR_NULL(gmc_find_nvcc());
    setenv("GMC_NVCC", tmp, 1); /* a directory is not an nvcc */
    CU_ASSERT_PTR_NULL(gmc_find_nvcc());
    const char *fake = fake_compiler("nvcc");
    setenv("GMC_NVCC", fake, 1);
    char *found = gmc_find_nvcc();
    CU_ASSERT_PTR_NOT_NULL_FATAL(found);
    CU_ASSERT_STRING_EQUAL(found, fake);
    free(found);
    unsetenv("GMC_NVCC");
#ifndef GMC_NVCC
    /* Without a configured nvcc, PATH decides. */
    mkdir(path_in_tmp("bin"), 0755);
    write_file(path_in_tmp("bin/nvcc"), "#!/bin/sh\n", true);
    setenv("PATH", path_in_tmp("bin"), 1);
    found = gmc_find_nvcc();
    setenv("PATH", saved_path, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(found);
    CU_ASSERT_STRING_EQUAL(found, path_in_tmp("bin/nvcc"));
    free(found);
#endif
}

static void test_cuda_command(void)
{
    write_file(path_in_tmp("k.cu"), "// empty\n", false);
    gmc_build b = {.dir = tmp, .base = "k", .with_main = true, .nvcc = fake_compiler("nvcc"),
                   .arch = "sm_86"};
    char expect[4096];

    gmc_runtime rt = fake_runtime(true);
    CU_ASSERT(gmc_compile_cuda(&rt, &b));
    snprintf(expect, sizeof expect,
             "-O3 -std=c++17 -arch=sm_86 -Xcompiler -fopenmp -Xcompiler -Wall,-Wextra" EDGE_FLAG
             " -I/rt/include/gmc -o %s/k %s/k.cu /rt/lib/libgmrt-cuda.a /rt/lib/libgmrt.a" ZLIB_FLAG " -lgomp -lm",
             tmp, tmp);
    CU_ASSERT_STRING_EQUAL(logged_args("nvcc"), expect);

    rt = fake_runtime(false);
    CU_ASSERT(gmc_compile_cuda(&rt, &b));
    snprintf(expect, sizeof expect,
             "-O3 -std=c++17 -arch=sm_86 -Xcompiler -fopenmp -Xcompiler -Wall,-Wextra" EDGE_FLAG
             " -I/rt/include/gmc -o %s/k %s/k.cu -Xlinker -rpath=/rt/lib -L/rt/lib -lgmrt-cuda -lgmrt" ZLIB_FLAG " -lgomp -lm",
             tmp, tmp);
    CU_ASSERT_STRING_EQUAL(logged_args("nvcc"), expect);

    b.with_main = false;
    CU_ASSERT(gmc_compile_cuda(&rt, &b));
    snprintf(expect, sizeof expect,
             "-O3 -std=c++17 -arch=sm_86 -Xcompiler -fopenmp -Xcompiler -Wall,-Wextra" EDGE_FLAG
             " -I/rt/include/gmc -c -o %s/k.o %s/k.cu",
             tmp, tmp);
    CU_ASSERT_STRING_EQUAL(logged_args("nvcc"), expect);

    /* A failing nvcc fails the build; a missing source is caught first. */
    write_file(path_in_tmp("false-nvcc"), "#!/bin/sh\nexit 1\n", true);
    b.nvcc = path_in_tmp("false-nvcc");
    CU_ASSERT(!gmc_compile_cuda(&rt, &b));
    b.base = "missing";
    b.nvcc = fake_compiler("nvcc");
    CU_ASSERT(!gmc_compile_cuda(&rt, &b));
}

/* An installed runtime links what its gmrt.pc says, the prefix taken from
 * where the file lies (here a made-up extra library shows it was read). */
static void test_installed_pkg_config(void)
{
    char *pc = gmc_search_path("pkg-config");
    if (!pc)
        return; /* the fallback flags are tested above */
    free(pc);
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/inst/lib/pkgconfig", tmp);
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    CU_ASSERT_FATAL(system(cmd) == 0);
    char pcfile[1300];
    snprintf(pcfile, sizeof pcfile, "%s/gmrt.pc", dir);
    write_file(pcfile,
               "prefix=/nowhere\nlibdir=${prefix}/lib\nName: gmrt\nDescription: t\nVersion: 0\n"
               "Libs: -L${libdir} -lgmrt -lmadeup\n", false);
    write_file(path_in_tmp("q.c"), "/* empty */\n", false);
    gmc_build b = {.dir = tmp, .base = "q", .with_main = true, .cc = fake_compiler("cc")};
    gmc_runtime rt = fake_runtime(false);
    snprintf(rt.lib_dir, sizeof rt.lib_dir, "%s/inst/lib", tmp);
    CU_ASSERT(gmc_compile_c(&rt, &b));
    char want[1400];
    snprintf(want, sizeof want, "-L%s/inst/lib -lgmrt -lmadeup -lm", tmp);
    const char *got = logged_args("cc");
    size_t gl = strlen(got), wl = strlen(want);
    CU_ASSERT(gl >= wl && strcmp(got + gl - wl, want) == 0);
}

static void test_c_command(void)
{
    write_file(path_in_tmp("p.c"), "/* empty */\n", false);
    char cc[1200];
    snprintf(cc, sizeof cc, "%s -m64", fake_compiler("cc"));
    gmc_build b = {.dir = tmp, .base = "p", .with_main = true, .cc = cc};
    gmc_runtime rt = fake_runtime(false);
    CU_ASSERT(gmc_compile_c(&rt, &b));
    char expect[4096];
    snprintf(expect, sizeof expect,
             "-m64 -std=c11 -O2 %s" EDGE_FLAG
             " -I/rt/include/gmc -o %s/p %s/p.c -Wl,-rpath,/rt/lib -L/rt/lib -lgmrt" ZLIB_FLAG " -lm",
             GMC_OPENMP_CFLAGS, tmp, tmp);
    CU_ASSERT_STRING_EQUAL(logged_args("cc"), expect);
    /* --cc wins over $CC, which wins over the configured compiler. */
    setenv("CC", "from-env", 1);
    CU_ASSERT_STRING_EQUAL(gmc_resolve_cc("given"), "given");
    CU_ASSERT_STRING_EQUAL(gmc_resolve_cc(NULL), "from-env");
    unsetenv("CC");
    CU_ASSERT_STRING_EQUAL(gmc_resolve_cc(NULL), GMC_CC);
}

/* nvcc for real on tiny.cu against this tree's runtime, then run it (it
 * launches no kernel, so no GPU is needed). */
static void test_real_nvcc(void)
{
    char *nvcc = gmc_find_nvcc();
    if (!nvcc) {
        printf("\n    (no nvcc: real CUDA compilation not tested) ");
        return;
    }
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cp '%s/tests/driver/tiny.cu' '%s/tiny.cu'", GMC_ABS_SRCDIR, tmp);
    CU_ASSERT_FATAL(system(cmd) == 0);
    gmc_runtime rt = {.in_tree = true};
    snprintf(rt.include_dir, sizeof rt.include_dir, "%s/gm_runtime", GMC_ABS_SRCDIR);
    snprintf(rt.lib_dir, sizeof rt.lib_dir, "%s/.libs", GMC_ABS_BUILDDIR);
    snprintf(rt.static_lib, sizeof rt.static_lib, "%s/.libs/libgmrt.a", GMC_ABS_BUILDDIR);
    /* libgmrt-cuda when configure built it (nvcc may come from PATH only). */
    snprintf(rt.cuda_static_lib, sizeof rt.cuda_static_lib, "%s/libgmrt-cuda.a", GMC_ABS_BUILDDIR);
    struct stat lst;
    if (stat(rt.cuda_static_lib, &lst) != 0)
        rt.cuda_static_lib[0] = '\0';
    gmc_build b = {.dir = tmp, .base = "tiny", .with_main = true, .nvcc = nvcc, .arch = "sm_90"};
    CU_ASSERT_FATAL(gmc_compile_cuda(&rt, &b));
    snprintf(cmd, sizeof cmd, "'%s/tiny' a b > '%s/tiny.out'", tmp, tmp);
    CU_ASSERT(system(cmd) == 0);
    char expect[64];
    snprintf(expect, sizeof expect, "edge bytes = %d\nargs = 2\n", (int)sizeof(gm_edge_t));
    const char *out = read_file(path_in_tmp("tiny.out"));
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_STRING_EQUAL(out, expect);
    b.with_main = false;
    CU_ASSERT(gmc_compile_cuda(&rt, &b));
    struct stat st;
    CU_ASSERT(stat(path_in_tmp("tiny.o"), &st) == 0 && st.st_size > 0);
    free(nvcc);
}

/* libgmrt-cuda: the in-tree libgmrt-cuda.a, else an installed .so or .a. */
static void test_has_cuda(void)
{
    gmc_runtime rt = {.in_tree = true};
    snprintf(rt.cuda_static_lib, sizeof rt.cuda_static_lib, "%s", path_in_tmp("no-libgmrt-cuda.a"));
    CU_ASSERT(!gmc_runtime_has_cuda(&rt, false));
    write_file(path_in_tmp("libgmrt-cuda.a"), "!<arch>\n", false);
    snprintf(rt.cuda_static_lib, sizeof rt.cuda_static_lib, "%s", path_in_tmp("libgmrt-cuda.a"));
    CU_ASSERT(gmc_runtime_has_cuda(&rt, false));
    rt = (gmc_runtime){.in_tree = false};
    mkdir(path_in_tmp("cudalib"), 0755);
    snprintf(rt.lib_dir, sizeof rt.lib_dir, "%s", path_in_tmp("cudalib"));
    CU_ASSERT(!gmc_runtime_has_cuda(&rt, false));
    write_file(path_in_tmp("cudalib/libgmrt-cuda.so"), "", false);
    CU_ASSERT(gmc_runtime_has_cuda(&rt, false));
}

static void test_relocate(void)
{
    char out[256];
    CU_ASSERT(gmc_relocate("/usr/local/bin", "/usr/local/lib", "/stage/usr/local/bin", out, sizeof out));
    CU_ASSERT_STRING_EQUAL(out, "/stage/usr/local/lib");
    CU_ASSERT(gmc_relocate("/usr/local/bin", "/usr/local/include/gmc", "/opt/g/bin", out, sizeof out));
    CU_ASSERT_STRING_EQUAL(out, "/opt/g/include/gmc");
    CU_ASSERT(gmc_relocate("/usr/bin", "/usr/lib/x86_64-linux-gnu", "/d/usr/bin", out, sizeof out));
    CU_ASSERT_STRING_EQUAL(out, "/d/usr/lib/x86_64-linux-gnu");
    /* "/usr/local/binx" shares no whole component with "/usr/local/bin". */
    CU_ASSERT(gmc_relocate("/p/binx", "/p/bin/lib", "/q/binx", out, sizeof out));
    CU_ASSERT_STRING_EQUAL(out, "/q/bin/lib");
    CU_ASSERT(!gmc_relocate("/usr/local/bin", "/usr/local/lib", "/somewhere/sbin", out, sizeof out));
    CU_ASSERT(!gmc_relocate("/usr/local/bin", "/usr/local/lib", "/stage/usr/local/bin", out, 8));
}

static void test_hash(void)
{
    /* FNV-1a 64 reference values (Fowler, Noll, Vo). */
    CU_ASSERT_EQUAL(gmc_hash(GMC_HASH_INIT, "", 0), UINT64_C(0xcbf29ce484222325));
    CU_ASSERT_EQUAL(gmc_hash(GMC_HASH_INIT, "a", 1), UINT64_C(0xaf63dc4c8601ec8c));
    CU_ASSERT_EQUAL(gmc_hash(GMC_HASH_INIT, "foobar", 6), UINT64_C(0x85944171f73967e8));
    /* Continuing a hash equals hashing the concatenation. */
    CU_ASSERT_EQUAL(gmc_hash(gmc_hash(GMC_HASH_INIT, "foo", 3), "bar", 3),
                    UINT64_C(0x85944171f73967e8));
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void cleanup(void) { nftw(tmp, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }

int main(void)
{
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/gmc-driver-test-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp))
        return 99;
    atexit(cleanup);
    snprintf(saved_path, sizeof saved_path, "%s", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
    unsetenv("GMC_NVCC");

    static const CU_TestInfo tests[] = {
        {"unknown options: the closest valid one", test_closest_option},
        {"--arch values", test_arch_valid},
        {"GPU architecture from nvidia-smi", test_detect_arch},
        {"nvcc lookup and GMC_NVCC", test_find_nvcc},
        {"the nvcc command of -x -t cuda", test_cuda_command},
        {"the C compiler command of -x -t omp", test_c_command},
        {"installed runtime through its gmrt.pc", test_installed_pkg_config},
        {"nvcc on a hand-written .cu", test_real_nvcc},
        {"libgmrt-cuda present or not", test_has_cuda},
        {"installed runtime relocation", test_relocate},
        {"cache key hash", test_hash},
        CU_TEST_INFO_NULL,
    };
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 99;
    CU_pSuite suite = CU_add_suite("driver", NULL, NULL);
    for (const CU_TestInfo *t = tests; suite && t->pName; t++)
        if (!CU_add_test(suite, t->pName, t->pTestFunc))
            return 99;
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return failed ? 1 : 0;
}
