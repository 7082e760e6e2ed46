/* e2e_files.h: reading what a generated driver or a reference produced:
 * property files (one value per line) and the "NAME = VALUE" lines of its
 * captured stdout (DIR/stdout.txt).  Shared by compare.c and validate.c. */
#ifndef E2E_FILES_H
#define E2E_FILES_H

#include <stdbool.h>
#include <stdint.h>

/* The lines of a text file without their newlines; NULL when it cannot be
 * read.  *count receives the number of lines. */
char **e2e_read_lines(const char *path, int64_t *count);
void e2e_free_lines(char **lines, int64_t count);

/* The VALUE of the line "NAME = VALUE" in DIR/stdout.txt (a fresh string),
 * or NULL when there is no such line. */
char *e2e_stdout_value(const char *dir, const char *name);

/* Strict number parsing of a whole token: integers in decimal, reals as
 * strtod reads them (inf, nan included). */
bool e2e_parse_int(const char *s, int64_t *out);
bool e2e_parse_real(const char *s, double *out);

/* |a - b| <= abs_tol + rel_tol * max(|a|, |b|); equal infinities and two
 * NaNs match. */
bool e2e_reals_close(double a, double b, double rel_tol, double abs_tol);

#endif
