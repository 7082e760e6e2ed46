/* front.h: the front end's stages, in pipeline order.
 *
 *   parse -> check (names, types, rules, conflicts) -> desugar -> infer locations
 *
 * Each stage reports problems through diag.h and leaves gm_error_count() > 0
 * when the program is invalid; later stages must not run after an error.
 */
#ifndef GM_FRONT_H
#define GM_FRONT_H

#include <stdbool.h>
#include <stdio.h>

#include "ast.h"

/* Parses a file or a buffer (parse.c). Returns NULL only when the file cannot
 * be read; syntax errors give a (possibly partial) program and diagnostics. */
gm_program *gmf_parse_file(const char *path);
gm_program *gmf_parse_buffer(const char *filename, const char *text, size_t len);

/* Semantic analysis (check.c): scopes and symbols, implicit graph binding,
 * types, read-only rules, reduction binding, return rules, parallel
 * consistency. Fills every checker field of the tree. Returns true when no
 * error was reported. */
bool gmf_check(gm_program *p);

/* Lowers sugar to the core form (desugar.c): group assignments and reduction
 * expressions become loops, filters become If, Avg/Count become Sum, ++/--
 * become +=/-=. Requires a checked program; keeps it checked. */
void gmf_desugar(gm_program *p);

/* Marks each symbol CPU, GPU or both from its definitions and uses (locinfer.c). */
void gmf_infer_locations(gm_program *p);

/* Prints the program as Green-Marl text (print.c); the output of --dump. */
void gmf_print_program(FILE *out, const gm_program *p);
void gmf_print_stmt(FILE *out, const gm_stmt *s, int indent);
void gmf_print_expr(FILE *out, const gm_expr *e);
void gmf_print_type(FILE *out, const gm_type *t);

#endif /* GM_FRONT_H */
