/* spawn.h: argument vectors and running tools (compilers, nvidia-smi)
 * without a shell, so that paths with spaces or quotes pass unchanged. */
#ifndef GMC_SPAWN_H
#define GMC_SPAWN_H

#include <stdbool.h>
#include <stddef.h>

typedef struct gmc_argv {
    char **args; /* NULL-terminated once anything was pushed */
    int n, cap;
} gmc_argv;

void gmc_argv_push(gmc_argv *a, const char *s);
void gmc_argv_pushf(gmc_argv *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Pushes each space-separated word of s ("gcc -m64" is two arguments). */
void gmc_argv_push_words(gmc_argv *a, const char *s);
void gmc_argv_free(gmc_argv *a);
/* Writes the command as one line (for -v and error messages). */
void gmc_argv_print(const gmc_argv *a, const char *prefix);

/* Runs the command and waits. what names it in errors ("the C compiler").
 * Returns true when it exits with status 0. */
bool gmc_spawn(const gmc_argv *a, const char *what);

/* Runs argv with stdout captured and stderr discarded; copies the first
 * line of its output into buf. Returns false unless it exits with 0. */
bool gmc_capture_line(char *const argv[], char *buf, size_t size);

/* Is path a regular file we may execute? */
bool gmc_is_executable(const char *path);

/* Searches PATH for name; returns a malloc'd path or NULL. */
char *gmc_search_path(const char *name);

#endif
