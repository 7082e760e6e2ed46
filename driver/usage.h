/* usage.h: what gmc prints about itself: help, version, passes, and
 * the unknown-option message with the closest valid spelling. */
#ifndef GMC_USAGE_H
#define GMC_USAGE_H

#include <stddef.h>

void gmc_print_help(void);
void gmc_print_version(void);
void gmc_print_passes(void);

/* "unknown option '--mian'; did you mean '--main'?" on stderr. */
void gmc_unknown_option(const char *arg);

/* The known option closest to arg (NULL when none is close); for tests. */
const char *gmc_closest_option(const char *arg);

/* Levenshtein distance of a and b ((size_t)-1 for strings over 64 chars). */
size_t gmc_edit_distance(const char *a, const char *b);

#endif
