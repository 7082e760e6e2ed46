/* gmc_many.c: several gmc commands in one process, for
 * tests/driver/leaks.sh (one valgrind start instead of one per compile:
 * valgrind's start-up is most of a small compile's time under it).
 * Usage: gmc_many SEP ARGS... [SEP ARGS...]...: each group of arguments
 * after a SEP word is one gmc command line, run through gmc_command (the
 * gmc binary's main) in order (not `gmc run`: on success it replaces the
 * process with the program). Prints "gmc_many: exit S: ARGS" for each
 * command that exits non-zero; exits 1 if any did, else 0. */
#include <stdio.h>
#include <string.h>

#include "command.h"

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: gmc_many SEP ARGS... [SEP ARGS...]...\n");
        return 2;
    }
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
