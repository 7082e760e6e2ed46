## tests/sync: golden `gmc --dump=sync` tests of the distributed sync plan
## (gm_analysis/gma_sync.h): targeted programs (NAME.gm and NAME.expected), rejected
## constructs (reject/), and every apps/*.gm (apps/NAME.expected); SYNC_UPDATE=1
## tests/sync/run rewrites them.
TESTS += tests/sync/run
dist_noinst_SCRIPTS += tests/sync/run
EXTRA_DIST += \
	tests/sync/cond_read.gm \
	tests/sync/do_while.gm \
	tests/sync/edge_loop.gm \
	tests/sync/host_for.gm \
	tests/sync/host_node.gm \
	tests/sync/ident.gm \
	tests/sync/if_one_branch.gm \
	tests/sync/if_partial.gm \
	tests/sync/nbr_read_in_while.gm \
	tests/sync/nbr_write.gm \
	tests/sync/no_sync.gm \
	tests/sync/output_end.gm \
	tests/sync/reduce_back_edge.gm \
	tests/sync/scalars.gm \
	tests/sync/swap_local.gm \
	tests/sync/cond_read.expected \
	tests/sync/do_while.expected \
	tests/sync/edge_loop.expected \
	tests/sync/host_for.expected \
	tests/sync/host_node.expected \
	tests/sync/ident.expected \
	tests/sync/if_one_branch.expected \
	tests/sync/if_partial.expected \
	tests/sync/nbr_read_in_while.expected \
	tests/sync/nbr_write.expected \
	tests/sync/no_sync.expected \
	tests/sync/output_end.expected \
	tests/sync/reduce_back_edge.expected \
	tests/sync/scalars.expected \
	tests/sync/swap_local.expected \
	tests/sync/reject/adjacency.gm \
	tests/sync/reject/bfs.gm \
	tests/sync/bfs_body.gm \
	tests/sync/reject/calls.gm \
	tests/sync/reject/collections.gm \
	tests/sync/reject/edge_both.gm \
	tests/sync/reject/remote_access.gm \
	tests/sync/reject/traversals.gm \
	tests/sync/reject/adjacency.expected \
	tests/sync/reject/bfs.expected \
	tests/sync/bfs_body.expected \
	tests/sync/reject/calls.expected \
	tests/sync/reject/collections.expected \
	tests/sync/reject/edge_both.expected \
	tests/sync/reject/remote_access.expected \
	tests/sync/reject/traversals.expected \
	tests/sync/apps/adamic_adar.expected \
	tests/sync/apps/avg_teen_cnt.expected \
	tests/sync/apps/bc.expected \
	tests/sync/apps/bc_sampled.expected \
	tests/sync/apps/bfs.expected \
	tests/sync/apps/bidir_dijkstra.expected \
	tests/sync/apps/bipartite_matching.expected \
	tests/sync/apps/conductance.expected \
	tests/sync/apps/graph_coloring.expected \
	tests/sync/apps/label_propagation.expected \
	tests/sync/apps/luby_mis.expected \
	tests/sync/apps/pagerank.expected \
	tests/sync/apps/pagerank_nx.expected \
	tests/sync/apps/pagerank_push.expected \
	tests/sync/apps/potential_friends.expected \
	tests/sync/apps/random_walk.expected \
	tests/sync/apps/scc_kosaraju.expected \
	tests/sync/apps/scc_tarjan.expected \
	tests/sync/apps/sssp.expected \
	tests/sync/apps/sssp_dijkstra.expected \
	tests/sync/apps/triangle_count.expected \
	tests/sync/apps/vertex_cover.expected \
	tests/sync/apps/wcc.expected
