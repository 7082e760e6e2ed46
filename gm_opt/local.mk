## gm_opt: target-independent passes on the checked, desugared AST.
noinst_LIBRARIES += libgmopt.a
libgmopt_a_SOURCES = gm_opt/opt.h gm_opt/opt.c gm_opt/passes.h \
	gm_opt/walk.h gm_opt/walk.c gm_opt/scope_depth.h gm_opt/scope_depth.c gm_opt/prop_defined.h gm_opt/prop_defined.c \
	gm_opt/fold.c gm_opt/minmax_loop.c gm_opt/reduce_seq.c gm_opt/reduce_bound.c gm_opt/flip_edges.c \
	gm_opt/count_linked.c gm_opt/min_label.c gm_opt/defer_lower.c gm_opt/bfs_level.c gm_opt/hoist_nbr.c gm_opt/hoist_props.c gm_opt/merge_assign.c gm_opt/fuse_across.c gm_opt/fuse.c gm_opt/prop_scalar.c \
	gm_opt/loop_merge.h gm_opt/loop_merge.c gm_opt/dead_scalar.c
