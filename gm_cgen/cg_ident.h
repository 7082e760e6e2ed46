/* cg_ident.h: the C spelling of Green-Marl names, for both backends.
 *
 * Contract: every identifier the generated .c/.cu/.h derives from a
 * Green-Marl name (procedures, arguments, locals, iterators, properties)
 * goes through cg_ident_name. A name that is a C, C++ or CUDA keyword, a name
 * the C library headers, OpenMP or CUDA declare, or a name with one of the
 * generated code's own prefixes (gm_, gmrt_, gmcu_, GMC_, ...) gets one
 * trailing underscore; so does such a name already followed by underscores
 * (int_ becomes int__), which keeps the mapping one-to-one. Every other name
 * is unchanged. The --main driver's option names keep the Green-Marl name.
 */
#ifndef GM_CG_IDENT_H
#define GM_CG_IDENT_H

#include <stdbool.h>

/* Whether name (with any trailing underscores removed) is reserved. */
bool cg_ident_reserved(const char *name);

/* The C identifier for a Green-Marl name (malloc'd). */
char *cg_ident_name(const char *name);

/* The header-guard macro GMC_GENERATED_<base>_H for an output's base name,
 * every character that cannot be part of a C identifier mapped to '_'
 * (malloc'd). */
char *cg_ident_guard(const char *base);

/* s as text that may stand inside a C comment or string literal: '"', '\\',
 * control characters and the '*' or '/' of a comment's opening or closing
 * replaced by '_' (malloc'd). */
char *cg_ident_text(const char *s);

#endif
