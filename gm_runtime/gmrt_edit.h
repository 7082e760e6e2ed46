/* gmrt_edit.h: the edit distance behind "did you mean" suggestions, for
 * the generated programs' options (cli.c) and gmc's own (driver/usage.c):
 * one function, compiled into libgmrt and, as file.c is, into gmc's
 * libgmfront (the compiler does not link libgmrt). */
#ifndef GMRT_EDIT_H
#define GMRT_EDIT_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Levenshtein distance between the first la bytes of a and the string b;
 * (size_t)-1 when either is longer than 64 bytes (no suggestion for those).
 * fold: '_' counts as '-' in both and a is compared in lower case (an
 * option typed as --Max_Iter is one step from max-iter, not four). */
size_t gmrt_edit_distance(const char *a, size_t la, const char *b, bool fold);

#ifdef __cplusplus
}
#endif

#endif
