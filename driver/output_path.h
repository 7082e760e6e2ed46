/* output_path.h: what `gmc -o PATH` names, decided once after parsing.
 *
 * - PATH is an existing directory, or ends in '/': the output folder (as
 *   when -o is absent, "."). The folder is created if missing.
 * - PATH ends in .c (target omp) or .cu (target cuda): the generated source
 *   file; the header NAME.h lies beside it, and -x builds NAME.o (or the
 *   program NAME with --main) there too. .c with -t cuda, .cu with -t omp:
 *   a usage error.
 * - otherwise, with -x and --main: the program -x links (as gcc -o); the
 *   generated NAME.c/.cu and NAME.h (NAME from FILE.gm) go to PATH's folder.
 * - otherwise: the output folder, created if missing (the old meaning). */
#ifndef GMC_OUTPUT_PATH_H
#define GMC_OUTPUT_PATH_H

#include <stdbool.h>
#include <stddef.h>

typedef struct gmc_output {
    char dir[4096];     /* the folder of the generated files */
    char base[1024];    /* their name without extension; "" = FILE.gm's */
    char program[4096]; /* the program -x --main links; "" = dir/base */
} gmc_output;

/* Applies the rules above to `path` (-o's value); prints a usage error and
 * returns false for a path they cannot take. */
bool gmc_output_resolve(const char *path, bool cuda, bool link_program, gmc_output *out);

#endif
