/* passes.h: the run function of each pass (one file each; see opt.c for
 * the order and each file's opening comment for its contract). */
#ifndef GM_OPT_PASSES_H
#define GM_OPT_PASSES_H

#include "ast.h"

void gmo_fold(gm_program *p);          /* fold.c */
void gmo_minmax_loop(gm_program *p);   /* minmax_loop.c */
void gmo_reduce_seq(gm_program *p);    /* reduce_seq.c */
void gmo_reduce_bound(gm_program *p);  /* reduce_bound.c */
void gmo_count_linked(gm_program *p);  /* count_linked.c */
void gmo_flip_edges(gm_program *p);    /* flip_edges.c */
void gmo_bfs_level(gm_program *p);     /* bfs_level.c */
void gmo_hoist_nbr(gm_program *p);    /* hoist_nbr.c */
void gmo_hoist_props(gm_program *p);   /* hoist_props.c */
void gmo_min_label(gm_program *p);     /* min_label.c */
void gmo_defer_lower(gm_program *p);   /* defer_lower.c */
void gmo_merge_assign(gm_program *p);  /* merge_assign.c */
void gmo_fuse_across(gm_program *p); /* fuse_across.c */
void gmo_fuse(gm_program *p);          /* fuse.c */
void gmo_prop_scalar(gm_program *p);   /* prop_scalar.c */
void gmo_dead_scalar(gm_program *p);   /* dead_scalar.c */

#endif /* GM_OPT_PASSES_H */
