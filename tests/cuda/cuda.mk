## tests/cuda: the CUDA backend without a GPU: every accepted program's .cu
## compiles with nvcc for sm_90 with no warning (skipped when nvcc is
## missing); report.sh pins `gmc -t cuda --report` for the apps. Running on a
## GPU is tests/gpu/run's job (not part of make check).
TESTS += tests/cuda/compile_all.1-of-3.sh tests/cuda/compile_all.2-of-3.sh tests/cuda/compile_all.3-of-3.sh tests/cuda/report.sh
# batch_alone.sh: compile_all.sh's batches cannot pass a program that fails alone
TESTS += tests/cuda/batch_alone.sh
EXTRA_DIST += tests/cuda/batch_alone.sh tests/cuda/batch_classify.awk tests/cuda/batch_unit.awk
# graph_reuse.sh: a program's calls on graphs of one size at one address
# (the device copy kept between calls); built here, run on a GPU
TESTS += tests/gpu/graph_reuse.sh
EXTRA_DIST += tests/gpu/graph_reuse.sh tests/gpu/graph_reuse_main.cu
# headers.sh: each gm_runtime/gmcu_*.h compiles alone, gmcu.h includes and local.mk installs it
TESTS += tests/cuda/headers.sh
EXTRA_DIST += tests/cuda/headers.sh
EXTRA_DIST += tests/cuda/compile_all.1-of-3.sh tests/cuda/compile_all.2-of-3.sh tests/cuda/compile_all.3-of-3.sh
EXTRA_DIST += tests/cuda/compile_all.sh tests/gpu/run tests/gpu/capacity.sh tests/gpu/sanitize.sh tests/cuda/report.sh \
	tests/cuda/report/bc.expected tests/cuda/report/bfs.expected \
	tests/cuda/report/conductance.expected tests/cuda/report/pagerank.expected \
	tests/cuda/report/sssp.expected tests/cuda/report/triangle_count.expected \
	tests/cuda/report/vertex_cover.expected tests/cuda/report/wcc.expected \
	tests/cuda/report/bipartite_matching.expected \
	tests/cuda/pack/yes_pair.gm tests/cuda/pack/no_own.gm tests/cuda/pack/yes_two_payloads.gm \
	tests/cuda/pack/no_in_bfs.gm tests/cuda/pack/yes_parent.gm tests/cuda/pack/yes_tickets.gm \
	tests/cuda/pack/no_nested_slot.gm tests/cuda/pack/yes_frontier_parent.gm \
	tests/cuda/overwrite/yes_whole.gm tests/cuda/overwrite/no_filtered.gm \
	tests/cuda/overwrite/no_conditional.gm tests/cuda/overwrite/no_reads.gm \
	tests/cuda/overwrite/no_nbr_read.gm tests/cuda/overwrite/yes_then_read.gm \
	tests/cuda/worklist/yes_hops.gm tests/cuda/worklist/no_extra_write.gm \
	tests/cuda/async/yes_labels.gm tests/cuda/async/yes_latest.gm tests/cuda/async/yes_cost.gm tests/cuda/async/yes_float_key.gm tests/cuda/async/no_counter.gm \
	tests/cuda/async/no_antitone.gm tests/cuda/async/no_reads_written.gm tests/cuda/async/no_reduce_round.gm tests/cuda/async/no_second_copy.gm tests/cuda/async/no_inner_key.gm \
	tests/cuda/bfs/yes_levels.gm tests/cuda/bfs/yes_transposed.gm tests/cuda/bfs/no_reverse.gm \
	tests/cuda/bfs/no_navigator.gm tests/cuda/bfs/no_nonlocal.gm \
	tests/cuda/gather/yes_hoisted.gm tests/cuda/gather/yes_user.gm tests/cuda/gather/no_host_read.gm \
	tests/cuda/gather/no_iter_other.gm tests/cuda/gather/no_mixed.gm tests/cuda/gather/no_pushed.gm \
	tests/cuda/ldg/yes_float.gm tests/cuda/ldg/no_double.gm tests/cuda/ldg/no_int.gm tests/cuda/ldg/no_written.gm \
	tests/cuda/nil/nil_cases.gm tests/cuda/nil/nil_uses.gm tests/cuda/host_rows/host_in_rows.gm
