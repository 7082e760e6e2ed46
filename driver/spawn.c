/* spawn.c: argument vectors and child processes for the driver. */
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "gmc: error: out of memory\n");
        exit(1);
    }
    return q;
}

void gmc_argv_push(gmc_argv *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        a->cap = a->cap ? 2 * a->cap : 16;
        a->args = xrealloc(a->args, (size_t)a->cap * sizeof *a->args);
    }
    size_t len = strlen(s) + 1;
    a->args[a->n] = memcpy(xrealloc(NULL, len), s, len);
    a->args[++a->n] = NULL;
}

void gmc_argv_pushf(gmc_argv *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *buf = xrealloc(NULL, (size_t)len + 1);
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)len + 1, fmt, ap);
    va_end(ap);
    gmc_argv_push(a, buf);
    free(buf);
}

void gmc_argv_push_words(gmc_argv *a, const char *s)
{
    size_t len = strlen(s) + 1;
    char *copy = memcpy(xrealloc(NULL, len), s, len), *save = NULL;
    for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
        gmc_argv_push(a, w);
    free(copy);
}

void gmc_argv_free(gmc_argv *a)
{
    for (int i = 0; i < a->n; i++)
        free(a->args[i]);
    free(a->args);
    *a = (gmc_argv){0};
}

void gmc_argv_print(const gmc_argv *a, const char *prefix)
{
    fputs(prefix, stderr);
    for (int i = 0; i < a->n; i++)
        fprintf(stderr, "%s%s", i ? " " : "", a->args[i]);
    fputc('\n', stderr);
}

static bool wait_ok(pid_t pid)
{
    int status = -1;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool gmc_spawn(const gmc_argv *a, const char *what)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        execvp(a->args[0], a->args);
        fprintf(stderr, "gmc: error: cannot run %s '%s': %s\n", what, a->args[0], strerror(errno));
        _exit(127);
    }
    if (pid < 0) {
        fprintf(stderr, "gmc: error: cannot start %s: %s\n", what, strerror(errno));
        return false;
    }
    return wait_ok(pid);
}

bool gmc_capture_line(char *const argv[], char *buf, size_t size)
{
    int fd[2];
    if (size == 0 || pipe(fd) != 0)
        return false;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(fd[1], STDOUT_FILENO);
        if (null >= 0)
            dup2(null, STDERR_FILENO);
        close(fd[0]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(fd[1]);
    size_t n = 0;
    bool line_done = false;
    char c;
    ssize_t r;
    /* Read everything so the child never blocks on a full pipe. */
    while ((r = read(fd[0], &c, 1)) > 0 || (r < 0 && errno == EINTR)) {
        if (r <= 0 || line_done)
            continue;
        if (c == '\n' || c == '\r' || n + 1 >= size)
            line_done = true;
        else
            buf[n++] = c;
    }
    close(fd[0]);
    buf[n] = '\0';
    return pid > 0 && wait_ok(pid);
}

bool gmc_is_executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

char *gmc_search_path(const char *name)
{
    const char *path = getenv("PATH");
    if (!path)
        return NULL;
    size_t nlen = strlen(name);
    for (const char *p = path;;) {
        const char *colon = strchr(p, ':');
        size_t dlen = colon ? (size_t)(colon - p) : strlen(p);
        if (dlen > 0) { /* an empty PATH entry (the current directory) is skipped on purpose */
            char *cand = xrealloc(NULL, dlen + nlen + 2);
            memcpy(cand, p, dlen);
            cand[dlen] = '/';
            memcpy(cand + dlen + 1, name, nlen + 1);
            if (gmc_is_executable(cand))
                return cand;
            free(cand);
        }
        if (!colon)
            return NULL;
        p = colon + 1;
    }
}
