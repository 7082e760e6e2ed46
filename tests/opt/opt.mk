## tests/opt: golden --dump=PASS tests of the gm_opt passes (one .gm and its
## .expected per case), and the check that apps/ and the accepted corpus
## survive every pass alone, all passes, and -O0 (see tests/opt/run); the
## programs of tests/opt/exec give the same answers with the passes and -O0
## (tests/opt/same_answers.sh).
TESTS += tests/opt/run.1-of-2.sh tests/opt/run.2-of-2.sh tests/opt/same_answers.sh
dist_noinst_SCRIPTS += tests/opt/run tests/opt/run.1-of-2.sh tests/opt/run.2-of-2.sh tests/opt/same_answers.sh
# Every NAME.gm with its NAME.expected, listed (naming the folder would also
# ship the build tree's tests/opt/run.log in a VPATH build).
EXTRA_DIST += \
	tests/opt/exec/bfs_level_far.gm \
	tests/opt/exec/bfs_levels_in.gm \
	tests/opt/exec/minmax_loop_run.gm \
	tests/opt/exec/count_linked_run.gm \
	tests/opt/exec/count_linked_after.gm \
	tests/opt/exec/defer_inpost_run.gm \
	tests/opt/exec/min_label_run.gm \
	tests/opt/exec/prop_scalar_own.gm \
	tests/opt/bfs_level.expected \
	tests/opt/bfs_level.gm \
	tests/opt/bfs_level_lists.expected \
	tests/opt/bfs_level_lists.gm \
	tests/opt/dead_scalar.expected \
	tests/opt/dead_scalar.gm \
	tests/opt/defer_copy.expected \
	tests/opt/defer_copy.gm \
	tests/opt/defer_inpost.expected \
	tests/opt/defer_inpost.gm \
	tests/opt/defer_swap.expected \
	tests/opt/defer_swap.gm \
	tests/opt/flip_keep.expected \
	tests/opt/flip_keep.gm \
	tests/opt/flip_pull_to_push.expected \
	tests/opt/flip_pull_to_push.gm \
	tests/opt/flip_push_to_pull.expected \
	tests/opt/flip_push_to_pull.gm \
	tests/opt/fold.expected \
	tests/opt/fold.gm \
	tests/opt/fuse.expected \
	tests/opt/fuse.gm \
	tests/opt/fuse_across.expected \
	tests/opt/fuse_across.gm \
	tests/opt/hoist_nbr.expected \
	tests/opt/hoist_nbr.gm \
	tests/opt/hoist_nbr_inpost.expected \
	tests/opt/hoist_nbr_inpost.gm \
	tests/opt/hoist_props.expected \
	tests/opt/hoist_props.gm \
	tests/opt/merge_assign.expected \
	tests/opt/merge_assign.gm \
	tests/opt/count_linked.expected \
	tests/opt/count_linked.gm \
	tests/opt/min_label.expected \
	tests/opt/min_label.gm \
	tests/opt/minmax_loop.expected \
	tests/opt/minmax_loop.gm \
	tests/opt/prop_scalar.expected \
	tests/opt/prop_scalar.gm \
	tests/opt/reduce_bound.expected \
	tests/opt/reduce_bound.gm \
	tests/opt/reduce_seq.expected \
	tests/opt/reduce_seq.gm
