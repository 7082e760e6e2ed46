/* compile_output.h: `gmc -x`: compiles the generated C with the C compiler. */
#ifndef GMC_COMPILE_OUTPUT_H
#define GMC_COMPILE_OUTPUT_H

#include <stdbool.h>

/* Compiles DIR/BASE.c into the executable DIR/BASE (with_main) or the object
 * DIR/BASE.o, against the in-tree runtime when this gmc runs from its build
 * tree and the installed one otherwise. cc: the compiler command (may hold
 * flags, split at spaces); NULL picks $CC, then the configured compiler.
 * Prints the command and returns false when it fails. */
bool gmc_compile_output(const char *dir, const char *base, bool with_main, const char *cc);

#endif
