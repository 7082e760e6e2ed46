## tests/plan: golden `gmc --dump=plan` tests of the loop plan (gm_analysis/gma_plan.h):
## targeted programs (one .gm and its .expected each) and every apps/*.gm
## (tests/plan/apps/NAME.expected), and -t omp --report of the targeted ones
## (NAME.report), and `--dump=plan -t omp|cuda` of the targeted ones and six
## apps (NAME.omp.expected, NAME.cuda.expected: each loop's decisions), and
## the CUDA decisions of apps under -fcuda-* choices (knobs/CASE.expected);
## PLAN_UPDATE=1 tests/plan/run rewrites them.
TESTS += tests/plan/run
dist_noinst_SCRIPTS += tests/plan/run
EXTRA_DIST += \
	tests/plan/bfs_reverse.gm \
	tests/plan/edge_loop.gm \
	tests/plan/filter_reduce.gm \
	tests/plan/host_loops.gm \
	tests/plan/index_kinds.gm \
	tests/plan/not_local.gm \
	tests/plan/reduce_ops.gm \
	tests/plan/frontier_packed.gm \
	tests/plan/bfs_reverse.expected \
	tests/plan/edge_loop.expected \
	tests/plan/filter_reduce.expected \
	tests/plan/host_loops.expected \
	tests/plan/index_kinds.expected \
	tests/plan/not_local.expected \
	tests/plan/reduce_ops.expected \
	tests/plan/frontier_packed.expected \
	tests/plan/bfs_reverse.report \
	tests/plan/edge_loop.report \
	tests/plan/filter_reduce.report \
	tests/plan/host_loops.report \
	tests/plan/index_kinds.report \
	tests/plan/not_local.report \
	tests/plan/reduce_ops.report \
	tests/plan/frontier_packed.report \
	tests/plan/apps/adamic_adar.expected \
	tests/plan/apps/avg_teen_cnt.expected \
	tests/plan/apps/bc.expected \
	tests/plan/apps/bc_sampled.expected \
	tests/plan/apps/bfs.expected \
	tests/plan/apps/bidir_dijkstra.expected \
	tests/plan/apps/bipartite_matching.expected \
	tests/plan/apps/conductance.expected \
	tests/plan/apps/graph_coloring.expected \
	tests/plan/apps/label_propagation.expected \
	tests/plan/apps/luby_mis.expected \
	tests/plan/apps/pagerank.expected \
	tests/plan/apps/pagerank_nx.expected \
	tests/plan/apps/pagerank_push.expected \
	tests/plan/apps/potential_friends.expected \
	tests/plan/apps/random_walk.expected \
	tests/plan/apps/scc_kosaraju.expected \
	tests/plan/apps/scc_tarjan.expected \
	tests/plan/apps/sssp.expected \
	tests/plan/apps/sssp_dijkstra.expected \
	tests/plan/apps/triangle_count.expected \
	tests/plan/apps/vertex_cover.expected \
	tests/plan/apps/wcc.expected \
	tests/plan/apps/bc.cuda.expected \
	tests/plan/apps/bc.omp.expected \
	tests/plan/apps/bfs.cuda.expected \
	tests/plan/apps/bfs.omp.expected \
	tests/plan/apps/pagerank.cuda.expected \
	tests/plan/apps/pagerank.omp.expected \
	tests/plan/apps/sssp.cuda.expected \
	tests/plan/apps/sssp.omp.expected \
	tests/plan/apps/triangle_count.cuda.expected \
	tests/plan/apps/triangle_count.omp.expected \
	tests/plan/apps/wcc.cuda.expected \
	tests/plan/apps/wcc.omp.expected \
	tests/plan/bfs_reverse.cuda.expected \
	tests/plan/bfs_reverse.omp.expected \
	tests/plan/edge_loop.cuda.expected \
	tests/plan/edge_loop.omp.expected \
	tests/plan/filter_reduce.cuda.expected \
	tests/plan/filter_reduce.omp.expected \
	tests/plan/host_loops.cuda.expected \
	tests/plan/host_loops.omp.expected \
	tests/plan/index_kinds.cuda.expected \
	tests/plan/index_kinds.omp.expected \
	tests/plan/not_local.cuda.expected \
	tests/plan/not_local.omp.expected \
	tests/plan/reduce_ops.cuda.expected \
	tests/plan/frontier_packed.cuda.expected \
	tests/plan/frontier_packed.omp.expected \
	tests/plan/reduce_ops.omp.expected \
	tests/plan/knobs/bfs_pull_no_outline.expected \
	tests/plan/knobs/bfs_push_twc.expected \
	tests/plan/knobs/pagerank_blocking_on.expected \
	tests/plan/knobs/pagerank_vertex.expected \
	tests/plan/knobs/sssp_async_on.expected \
	tests/plan/knobs/sssp_no_worklist.expected \
	tests/plan/knobs/sssp_rounds_outlined.expected \
	tests/plan/knobs/triangle_count_twc.expected
