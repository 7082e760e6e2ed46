/* compile_output.c: runs the C compiler on what gmc generated (-x).
 *
 * The runtime is found in the build tree when the running gmc is the one
 * built there (so `make check` and a fresh checkout need no install), and
 * in the configured install directories otherwise. The compiler runs
 * without a shell: the arguments are passed as they are. */
#include "compile_output.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"

#define MAX_ARGS 64

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Is this process the gmc of the build tree? */
static bool running_from_build_tree(void)
{
    char exe[PATH_MAX], *real_build;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    real_build = realpath(GMC_ABS_BUILDDIR, NULL);
    bool same = real_build && strcmp(real_build, exe) == 0;
    free(real_build);
    return same;
}

typedef struct argv_buf {
    char *args[MAX_ARGS + 1];
    int n;
} argv_buf;

static void push(argv_buf *a, const char *s)
{
    if (a->n < MAX_ARGS)
        a->args[a->n++] = strdup(s);
}

/* Splits a command or flag string at spaces. */
static void push_words(argv_buf *a, const char *s)
{
    char *copy = strdup(s), *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
        push(a, w);
    free(copy);
}

bool gmc_compile_output(const char *dir, const char *base, bool with_main, const char *cc)
{
    if (!cc || !*cc)
        cc = getenv("CC");
    if (!cc || !*cc)
        cc = GMC_CC;
    char src[PATH_MAX], out[PATH_MAX], inc[PATH_MAX + 4], lib[PATH_MAX];
    snprintf(src, sizeof src, "%s/%s.c", dir, base);
    snprintf(out, sizeof out, with_main ? "%s/%s" : "%s/%s.o", dir, base);

    argv_buf a = {.n = 0};
    push_words(&a, cc);
    push(&a, "-std=c11");
    push(&a, "-O2");
    push_words(&a, GMC_OPENMP_CFLAGS);
#ifdef GMRT_EDGE64
    push(&a, "-DGMRT_EDGE64");
#endif
    bool in_tree = running_from_build_tree();
    if (in_tree) {
        snprintf(inc, sizeof inc, "-I%s/gm_runtime", GMC_ABS_SRCDIR);
        snprintf(lib, sizeof lib, "%s/.libs/libgmrt.a", GMC_ABS_BUILDDIR);
        if (with_main && !file_exists(lib)) {
            fprintf(stderr, "gmc: error: the in-tree runtime '%s' is not built (run make)\n", lib);
            return false;
        }
    } else {
        snprintf(inc, sizeof inc, "-I%s", GMC_INSTALL_INCLUDEDIR);
    }
    push(&a, inc);
    if (!with_main)
        push(&a, "-c");
    push(&a, "-o");
    push(&a, out);
    push(&a, src);
    if (with_main) {
        if (in_tree) {
            push(&a, lib);
        } else {
            snprintf(lib, sizeof lib, "-L%s", GMC_INSTALL_LIBDIR);
            push(&a, lib);
            snprintf(lib, sizeof lib, "-Wl,-rpath,%s", GMC_INSTALL_LIBDIR);
            push(&a, lib);
            push(&a, "-lgmrt");
        }
        push(&a, "-lm");
    }
    a.args[a.n] = NULL;

    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(a.args[0], a.args);
        fprintf(stderr, "gmc: error: cannot run the C compiler '%s': %s\n", a.args[0],
                strerror(errno));
        _exit(127);
    }
    int status = -1;
    if (pid > 0)
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    bool ok = pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok) {
        fprintf(stderr, "gmc: error: compiling the generated code failed:");
        for (int i = 0; i < a.n; i++)
            fprintf(stderr, " %s", a.args[i]);
        fprintf(stderr, "\n");
    }
    for (int i = 0; i < a.n; i++)
        free(a.args[i]);
    return ok;
}
