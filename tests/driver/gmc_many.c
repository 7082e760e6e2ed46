/* gmc_many.c: several gmc commands in one process, for
 * tests/driver/leaks.sh (one valgrind start instead of one per compile:
 * valgrind's start-up is most of a small compile's time under it) and
 * tests/sanitize.sh (one AddressSanitizer start, and one leak check at
 * exit, instead of one per compile: ~0.14 processor s each here).
 * Usage:
 *   gmc_many SEP ARGS... [SEP ARGS...]...
 *     each group of arguments after a SEP word is one gmc command line, run
 *     through gmc_command (the gmc binary's main) in order (not `gmc run`:
 *     on success it replaces the process with the program). Prints
 *     "gmc_many: exit S: ARGS" for each command that exits non-zero; exits
 *     1 if any did, else 0.
 *   gmc_many --script FILE OUTDIR
 *     FILE holds one command a line, its words separated by tabs: the
 *     folder to run it from (relative to gmc_many's own, or absolute),
 *     then gmc's arguments. Command K (FILE's line K, from 1) runs from that
 *     folder with its stdout in OUTDIR/K.out and its stderr in OUTDIR/K.err
 *     (as a gmc process of its own would leave them), then its exit status,
 *     a line, in OUTDIR/K.rc: a command that never returned (a crash, a
 *     sanitizer's abort) has no K.rc. Words between the folder and gmc's
 *     arguments that start with '>' or '2>' redirect as a shell's would
 *     (>PATH: stdout into PATH, 2>PATH: stderr, relative to the command's
 *     folder; no K.out or K.err then). The caller judges each command;
 *     exits 0 when every command ran, 2 when the script or a file could not
 *     be opened (saying which). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"

static int groups(int argc, char **argv)
{
    const char *sep = argv[1];
    int failed = 0;
    int i = 2;
    while (i < argc) {
        if (strcmp(argv[i], sep) != 0) {
            fprintf(stderr, "gmc_many: expected '%s' before '%s'\n", sep, argv[i]);
            return 2;
        }
        /* the command's argv: the SEP word stands in for argv[0] */
        int start = i, end = i + 1;
        while (end < argc && strcmp(argv[end], sep) != 0)
            end++;
        char *next = argv[end]; /* argv[argc] is NULL */
        argv[end] = NULL;
        argv[start] = "gmc";
        int status = gmc_command(end - start, argv + start);
        fflush(stdout);
        argv[start] = (char *)sep;
        argv[end] = next;
        if (status != 0) {
            fprintf(stderr, "gmc_many: exit %d:", status);
            for (int k = start + 1; k < end; k++)
                fprintf(stderr, " %s", argv[k]);
            fprintf(stderr, "\n");
            failed = 1;
        }
        i = end;
    }
    return failed;
}

/* open_out: OUTDIR/K.EXT for writing (created or emptied), or -1 (said). */
static int open_out(int dirfd, long k, const char *ext, int err_fd)
{
    char name[64];
    snprintf(name, sizeof name, "%ld.%s", k, ext);
    int fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        dprintf(err_fd, "gmc_many: cannot write %s in the output folder: %s\n", name, strerror(errno));
    return fd;
}

/* open_path: PATH (a redirection word's) for writing, or -1 (said). */
static int open_path(const char *path, int err_fd)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        dprintf(err_fd, "gmc_many: cannot write %s: %s\n", path, strerror(errno));
    return fd;
}

static int script(const char *file, const char *outdir)
{
    /* the caller's stderr, kept for gmc_many's own messages */
    int err_fd = fcntl(2, F_DUPFD_CLOEXEC, 3);
    int out_fd = fcntl(1, F_DUPFD_CLOEXEC, 3);
    int home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int dirfd = open(outdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    FILE *in = fopen(file, "r");
    if (err_fd < 0 || out_fd < 0 || home < 0 || dirfd < 0 || !in) {
        fprintf(stderr, "gmc_many: cannot open %s\n", !in ? file : dirfd < 0 ? outdir : "a descriptor");
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long k = 0;
    int status = 0;
    while ((len = getline(&line, &cap, in)) >= 0) {
        k++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = '\0';
        /* the words: the folder, then gmc's arguments (argv[0] "gmc") */
        size_t n = 1;
        for (char *p = line; *p; p++)
            n += *p == '\t';
        char **argv = malloc((n + 2) * sizeof *argv);
        if (!argv) {
            dprintf(err_fd, "gmc_many: out of memory at line %ld of %s\n", k, file);
            status = 2;
            break;
        }
        char *where = line;
        int argc = 0;
        argv[argc++] = "gmc";
        char *p = strchr(line, '\t');
        while (p) {
            *p++ = '\0';
            argv[argc++] = p;
            p = strchr(p, '\t');
        }
        argv[argc] = NULL;
        /* the redirection words, before gmc's arguments */
        const char *to_out = NULL, *to_err = NULL;
        int first = 1;
        for (; first < argc; first++) {
            if (argv[first][0] == '>')
                to_out = argv[first] + 1;
            else if (strncmp(argv[first], "2>", 2) == 0)
                to_err = argv[first] + 2;
            else
                break;
        }
        argv[first - 1] = "gmc";
        if (chdir(where) != 0) {
            dprintf(err_fd, "gmc_many: line %ld of %s: cannot enter '%s': %s\n", k, file, where, strerror(errno));
            free(argv);
            status = 2;
            break;
        }
        int fo = to_out ? open_path(to_out, err_fd) : open_out(dirfd, k, "out", err_fd);
        int fe = to_err ? open_path(to_err, err_fd) : open_out(dirfd, k, "err", err_fd);
        if (fo < 0 || fe < 0) {
            free(argv);
            status = 2;
            break;
        }
        fflush(stdout);
        fflush(stderr);
        dup2(fo, 1);
        dup2(fe, 2);
        close(fo);
        close(fe);
        int rc = gmc_command(argc - (first - 1), argv + first - 1);
        fflush(stdout);
        fflush(stderr);
        dup2(out_fd, 1);
        dup2(err_fd, 2);
        free(argv);
        if (fchdir(home) != 0) {
            dprintf(err_fd, "gmc_many: cannot return to the starting folder: %s\n", strerror(errno));
            status = 2;
            break;
        }
        int fr = open_out(dirfd, k, "rc", err_fd);
        if (fr < 0) {
            status = 2;
            break;
        }
        dprintf(fr, "%d\n", rc);
        close(fr);
    }
    free(line);
    fclose(in);
    close(dirfd);
    close(home);
    return status;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--script") == 0)
        return script(argv[2], argv[3]);
    if (argc < 2 || strcmp(argv[1], "--script") == 0) {
        fprintf(stderr, "usage: gmc_many SEP ARGS... [SEP ARGS...]...\n"
                        "       gmc_many --script FILE OUTDIR\n");
        return 2;
    }
    return groups(argc, argv);
}
