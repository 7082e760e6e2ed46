/* loop_merge.h: the legality test and the rewrite shared by merge_assign.c
 * and fuse.c: joining two adjacent parallel loops over the same range. */
#ifndef GM_OPT_LOOP_MERGE_H
#define GM_OPT_LOOP_MERGE_H

#include <stdbool.h>

#include "ast.h"

/* Whether `a; b` (two parallel Foreach over the same G.Nodes / G.Edges /
 * S.Items, b right after a) can run as one loop whose iteration i runs a's
 * body then b's body for the same element: no symbol touched by both unless
 * both only read it, or it is a property that both access only through
 * their own iterator with plain reads and writes; no foreign code or
 * procedure call in either; S not changed by either when iterating S.Items. */
bool gmo_can_merge_loops(gm_stmt *a, gm_stmt *b);

/* Moves b's body to the end of a's (b's iterator renamed to a's; bindings
 * to b's iterator now name a's) and unlinks b, which must be a->next. With
 * scoped, each part that declares names at its top level is wrapped in its
 * own block, so the two bodies' declarations cannot collide. */
void gmo_merge_loops(gm_program *p, gm_stmt *a, gm_stmt *b, bool scoped);

#endif /* GM_OPT_LOOP_MERGE_H */
