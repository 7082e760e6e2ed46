/* entry.h: choosing the procedure a --main driver runs. */
#ifndef GMC_ENTRY_H
#define GMC_ENTRY_H

#include "ast.h"

/* The entry (non-Local) procedure --main runs: `entry` when given, which
 * must name one, else the only one. When the choice is not clear, prints
 * an error listing the candidates and returns NULL. */
const char *gmc_pick_entry(const gm_program *p, const char *entry);

#endif
