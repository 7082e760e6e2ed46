/* command.h: the gmc command as a function (main's whole body), so that a
 * test can run several gmc commands in one process (tests/driver/gmc_many.c:
 * leaks.sh's one valgrind start for every compile). */
#ifndef GMC_COMMAND_H
#define GMC_COMMAND_H

/* Parses argv as gmc's command line and compiles, or compiles and runs
 * (gmc run: returns only on failure). Returns gmc's exit status. */
int gmc_command(int argc, char **argv);

#endif
