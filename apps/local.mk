## apps: the Green-Marl programs we ship (sources only: the tests and the
## benchmarks compile them); distributed with the package.
EXTRA_DIST += \
	apps/adamic_adar.gm \
	apps/avg_teen_cnt.gm \
	apps/bc.gm \
	apps/bc_sampled.gm \
	apps/bfs.gm \
	apps/bidir_dijkstra.gm \
	apps/bipartite_matching.gm \
	apps/conductance.gm \
	apps/graph_coloring.gm \
	apps/label_propagation.gm \
	apps/luby_mis.gm \
	apps/pagerank.gm \
	apps/pagerank_nx.gm \
	apps/pagerank_push.gm \
	apps/potential_friends.gm \
	apps/random_walk.gm \
	apps/scc_kosaraju.gm \
	apps/scc_tarjan.gm \
	apps/sssp.gm \
	apps/sssp_dijkstra.gm \
	apps/triangle_count.gm \
	apps/vertex_cover.gm \
	apps/wcc.gm
