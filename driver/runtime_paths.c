/* runtime_paths.c: locating libgmrt (and libgmrt-cuda) for `gmc -x`.
 *
 * The install directories come from make (GMC_MK_*DIR), not configure, so
 * that `make prefix=...` is honoured. An installed gmc that was moved with
 * its tree (DESTDIR staging, a relocated prefix) finds the runtime next to
 * itself: bin/../include/gmc rather than the configured absolute path. */
#include "runtime_paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

#ifndef GMC_MK_BINDIR /* built without the driver's make flags (unit tests) */
#define GMC_MK_BINDIR "/usr/local/bin"
#define GMC_MK_LIBDIR GMC_INSTALL_LIBDIR
#define GMC_MK_INCLUDEDIR GMC_INSTALL_INCLUDEDIR
#endif

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The directory of the running executable, or "" when unknown. */
static void exe_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    buf[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash)
        *slash = '\0';
    else
        buf[0] = '\0';
}

static bool same_dir(const char *a, const char *b)
{
    char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
    bool same = ra && rb && strcmp(ra, rb) == 0;
    free(ra);
    free(rb);
    return same;
}

bool gmc_relocate(const char *bindir, const char *dir, const char *exe_dir, char *out, size_t size)
{
    /* Longest common leading path of bindir and dir, whole components. */
    size_t common = 0;
    for (size_t i = 0; bindir[i] && bindir[i] == dir[i]; i++)
        if (bindir[i + 1] == '/' || bindir[i + 1] == '\0')
            if (dir[i + 1] == '/' || dir[i + 1] == '\0')
                common = i + 1;
    const char *bin_tail = bindir + common; /* "/bin" */
    const char *dir_tail = dir + common;    /* "/lib" or "/include/gmc" */
    size_t el = strlen(exe_dir), tl = strlen(bin_tail);
    if (tl > el || strcmp(exe_dir + el - tl, bin_tail) != 0)
        return false;
    int n = snprintf(out, size, "%.*s%s", (int)(el - tl), exe_dir, dir_tail);
    return n > 0 && (size_t)n < size;
}

bool gmc_runtime_locate(gmc_runtime *rt, bool with_lib, bool report)
{
    memset(rt, 0, sizeof *rt);
    char here[PATH_MAX];
    exe_dir(here, sizeof here);
    if (here[0] && same_dir(here, GMC_ABS_BUILDDIR)) {
        rt->in_tree = true;
        snprintf(rt->include_dir, sizeof rt->include_dir, "%s/gm_runtime", GMC_ABS_SRCDIR);
        snprintf(rt->lib_dir, sizeof rt->lib_dir, "%s/.libs", GMC_ABS_BUILDDIR);
        snprintf(rt->static_lib, sizeof rt->static_lib, "%s/.libs/libgmrt.a", GMC_ABS_BUILDDIR);
        snprintf(rt->cuda_static_lib, sizeof rt->cuda_static_lib, "%s/libgmrt-cuda.a", GMC_ABS_BUILDDIR);
        if (with_lib && !exists(rt->static_lib)) {
            if (report)
                fprintf(stderr, "gmc: error: the in-tree runtime '%s' is not built (run make)\n",
                        rt->static_lib);
            return false;
        }
        return true;
    }
    char inc[PATH_MAX], lib[PATH_MAX], probe[PATH_MAX + 16];
    bool moved = here[0] && !same_dir(here, GMC_MK_BINDIR) &&
                 gmc_relocate(GMC_MK_BINDIR, GMC_MK_INCLUDEDIR "/gmc", here, inc, sizeof inc) &&
                 gmc_relocate(GMC_MK_BINDIR, GMC_MK_LIBDIR, here, lib, sizeof lib);
    if (moved) {
        snprintf(probe, sizeof probe, "%s/gmrt.h", inc);
        moved = exists(probe);
    }
    snprintf(rt->include_dir, sizeof rt->include_dir, "%s", moved ? inc : GMC_MK_INCLUDEDIR "/gmc");
    snprintf(rt->lib_dir, sizeof rt->lib_dir, "%s", moved ? lib : GMC_MK_LIBDIR);
    snprintf(probe, sizeof probe, "%s/gmrt.h", rt->include_dir);
    if (!exists(probe)) {
        if (report)
            fprintf(stderr,
                    "gmc: error: the gmc runtime headers are not installed in '%s' "
                    "(run make install, or use the gmc of the build tree)\n",
                    rt->include_dir);
        return false;
    }
    return true;
}

bool gmc_runtime_has_cuda(const gmc_runtime *rt, bool report)
{
#ifdef GMC_NVCC
    const char *why = "run make";
#else
    const char *why = "configure did not find nvcc";
#endif
    if (rt->in_tree) {
        if (exists(rt->cuda_static_lib))
            return true;
        if (report)
            fprintf(stderr, "gmc: error: libgmrt-cuda not built (%s): '%s' is missing\n", why,
                    rt->cuda_static_lib);
        return false;
    }
    char so[PATH_MAX + 32], a[PATH_MAX + 32];
    snprintf(so, sizeof so, "%s/libgmrt-cuda.so", rt->lib_dir);
    snprintf(a, sizeof a, "%s/libgmrt-cuda.a", rt->lib_dir);
    if (exists(so) || exists(a))
        return true;
    if (report)
        fprintf(stderr,
                "gmc: error: libgmrt-cuda not installed in '%s' (configure did not find nvcc "
                "when gmc was built)\n",
                rt->lib_dir);
    return false;
}
