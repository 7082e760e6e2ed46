## tests/e2e: end-to-end tests of the generated code.  Plain-C reference
## implementations of every app (ref_APP), a comparator and a validator, a
## self-test of the references on hand-computed graphs (test_refs.sh) and
## the runner (run) that compiles each app with gmc and compares.

E2E_CPPFLAGS = $(AM_CPPFLAGS) $(GMRT_EDGE_CPPFLAGS)
# The references' shared code (ref_common, ref_heap, ref_brandes) compiled
# once, into a library each of them links: before, each program compiled
# its own copy (its own CPPFLAGS make its own objects), ~45 compiles more
# in each build of make check (the tree's and distcheck's).
check_LIBRARIES += tests/e2e/libe2eref.a
tests_e2e_libe2eref_a_SOURCES = tests/e2e/ref_common.h tests/e2e/ref_common.c \
	tests/e2e/ref_heap.h tests/e2e/ref_heap.c tests/e2e/ref_brandes.h tests/e2e/ref_brandes.c
tests_e2e_libe2eref_a_CPPFLAGS = $(E2E_CPPFLAGS)
E2E_LDADD = tests/e2e/libe2eref.a libgmrt.la -lm
# -no-install: the references and e2e_validate are run hundreds of times per
# make check; without it each run is libtool's wrapper script (a bash that
# reads it, then execs .libs/NAME), about 0.14 s of processor time each here.
E2E_LDFLAGS = $(AM_LDFLAGS) -no-install

E2E_REFS = \
	tests/e2e/ref_adamic_adar \
	tests/e2e/ref_avg_teen_cnt \
	tests/e2e/ref_bc \
	tests/e2e/ref_bc_random \
	tests/e2e/ref_bc_random_at \
	tests/e2e/ref_bc_sampled \
	tests/e2e/ref_bc_seq \
	tests/e2e/ref_bc_set_push \
	tests/e2e/ref_bfs \
	tests/e2e/ref_bfs_sigma \
	tests/e2e/ref_bidir_dijkstra \
	tests/e2e/ref_bipartite_matching \
	tests/e2e/ref_comp_BC \
	tests/e2e/ref_conductance \
	tests/e2e/ref_graph_coloring \
	tests/e2e/ref_label_propagation \
	tests/e2e/ref_luby_mis \
	tests/e2e/ref_pagerank \
	tests/e2e/ref_pagerank_push \
	tests/e2e/ref_potential_friends \
	tests/e2e/ref_random_walk \
	tests/e2e/ref_scc_kosaraju \
	tests/e2e/ref_scc_tarjan \
	tests/e2e/ref_sssp \
	tests/e2e/ref_sssp_dijkstra \
	tests/e2e/ref_triangle_count \
	tests/e2e/ref_cliques \
	tests/e2e/ref_vertex_cover \
	tests/e2e/ref_wcc
check_PROGRAMS += $(E2E_REFS) tests/e2e/e2e_compare tests/e2e/e2e_validate
TESTS += tests/e2e/ugraph tests/e2e/run.1-of-2.sh tests/e2e/run.2-of-2.sh tests/e2e/test_refs.sh tests/e2e/pagerank_nx tests/e2e/degree_order
EXTRA_DIST += tests/e2e/test_refs.sh tests/e2e/run tests/e2e/run.1-of-2.sh tests/e2e/run.2-of-2.sh tests/e2e/README \
	tests/e2e/apps tests/e2e/ugraph tests/e2e/pagerank_nx tests/e2e/degree_order \
	tests/e2e/cliques/tc_descending.gm tests/e2e/cliques/tc_path.gm tests/e2e/cliques/clique4.gm

tests_e2e_e2e_compare_SOURCES = tests/e2e/compare.c tests/e2e/e2e_files.h tests/e2e/e2e_files.c
tests_e2e_e2e_compare_LDADD = -lm
tests_e2e_e2e_validate_SOURCES = tests/e2e/validate.c tests/e2e/e2e_files.h tests/e2e/e2e_files.c
tests_e2e_e2e_validate_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_e2e_validate_LDADD = $(E2E_LDADD)
tests_e2e_e2e_validate_LDFLAGS = $(E2E_LDFLAGS)

tests_e2e_ref_adamic_adar_SOURCES = tests/e2e/ref_adamic_adar.c
tests_e2e_ref_adamic_adar_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_adamic_adar_LDADD = $(E2E_LDADD)
tests_e2e_ref_adamic_adar_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_avg_teen_cnt_SOURCES = tests/e2e/ref_avg_teen_cnt.c
tests_e2e_ref_avg_teen_cnt_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_avg_teen_cnt_LDADD = $(E2E_LDADD)
tests_e2e_ref_avg_teen_cnt_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bc_SOURCES = tests/e2e/ref_bc.c
tests_e2e_ref_bc_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bc_LDADD = $(E2E_LDADD)
tests_e2e_ref_bc_LDFLAGS = $(E2E_LDFLAGS)
# bc_seq, bc_random and bc_random_at (tests/e2e/apps) share the bc and
# bc_sampled references.
tests_e2e_ref_bc_seq_SOURCES = tests/e2e/ref_bc.c
tests_e2e_ref_bc_seq_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bc_seq_LDADD = $(E2E_LDADD)
tests_e2e_ref_bc_seq_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bc_random_SOURCES = tests/e2e/ref_bc_sampled.c
tests_e2e_ref_bc_random_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bc_random_LDADD = $(E2E_LDADD)
tests_e2e_ref_bc_random_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bc_random_at_SOURCES = tests/e2e/ref_bc_sampled.c
tests_e2e_ref_bc_random_at_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bc_random_at_LDADD = $(E2E_LDADD)
tests_e2e_ref_bc_random_at_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bc_sampled_SOURCES = tests/e2e/ref_bc_sampled.c
tests_e2e_ref_bc_sampled_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bc_sampled_LDADD = $(E2E_LDADD)
tests_e2e_ref_bc_sampled_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bc_set_push_SOURCES = tests/e2e/ref_bc_set_push.c
tests_e2e_ref_bc_set_push_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bc_set_push_LDADD = $(E2E_LDADD)
tests_e2e_ref_bc_set_push_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_comp_BC_SOURCES = tests/e2e/ref_comp_BC.c
tests_e2e_ref_comp_BC_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_comp_BC_LDADD = $(E2E_LDADD)
tests_e2e_ref_comp_BC_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bfs_SOURCES = tests/e2e/ref_bfs.c
tests_e2e_ref_bfs_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bfs_LDADD = $(E2E_LDADD)
tests_e2e_ref_bfs_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bfs_sigma_SOURCES = tests/e2e/ref_bfs_sigma.c
tests_e2e_ref_bfs_sigma_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bfs_sigma_LDADD = $(E2E_LDADD)
tests_e2e_ref_bfs_sigma_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bidir_dijkstra_SOURCES = tests/e2e/ref_bidir_dijkstra.c
tests_e2e_ref_bidir_dijkstra_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bidir_dijkstra_LDADD = $(E2E_LDADD)
tests_e2e_ref_bidir_dijkstra_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_bipartite_matching_SOURCES = tests/e2e/ref_bipartite_matching.c
tests_e2e_ref_bipartite_matching_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_bipartite_matching_LDADD = $(E2E_LDADD)
tests_e2e_ref_bipartite_matching_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_conductance_SOURCES = tests/e2e/ref_conductance.c
tests_e2e_ref_conductance_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_conductance_LDADD = $(E2E_LDADD)
tests_e2e_ref_conductance_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_graph_coloring_SOURCES = tests/e2e/ref_graph_coloring.c
tests_e2e_ref_graph_coloring_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_graph_coloring_LDADD = $(E2E_LDADD)
tests_e2e_ref_graph_coloring_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_label_propagation_SOURCES = tests/e2e/ref_label_propagation.c
tests_e2e_ref_label_propagation_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_label_propagation_LDADD = $(E2E_LDADD)
tests_e2e_ref_label_propagation_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_luby_mis_SOURCES = tests/e2e/ref_luby_mis.c
tests_e2e_ref_luby_mis_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_luby_mis_LDADD = $(E2E_LDADD)
tests_e2e_ref_luby_mis_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_pagerank_SOURCES = tests/e2e/ref_pagerank.c
tests_e2e_ref_pagerank_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_pagerank_LDADD = $(E2E_LDADD)
tests_e2e_ref_pagerank_LDFLAGS = $(E2E_LDFLAGS)
# pagerank_push.gm promises the same ranks as pagerank.gm: one reference serves both.
tests_e2e_ref_pagerank_push_SOURCES = tests/e2e/ref_pagerank.c
tests_e2e_ref_pagerank_push_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_pagerank_push_LDADD = $(E2E_LDADD)
tests_e2e_ref_pagerank_push_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_potential_friends_SOURCES = tests/e2e/ref_potential_friends.c
tests_e2e_ref_potential_friends_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_potential_friends_LDADD = $(E2E_LDADD)
tests_e2e_ref_potential_friends_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_random_walk_SOURCES = tests/e2e/ref_random_walk.c
tests_e2e_ref_random_walk_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_random_walk_LDADD = $(E2E_LDADD)
tests_e2e_ref_random_walk_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_scc_kosaraju_SOURCES = tests/e2e/ref_scc_kosaraju.c
tests_e2e_ref_scc_kosaraju_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_scc_kosaraju_LDADD = $(E2E_LDADD)
tests_e2e_ref_scc_kosaraju_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_scc_tarjan_SOURCES = tests/e2e/ref_scc_tarjan.c
tests_e2e_ref_scc_tarjan_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_scc_tarjan_LDADD = $(E2E_LDADD)
tests_e2e_ref_scc_tarjan_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_sssp_SOURCES = tests/e2e/ref_sssp.c
tests_e2e_ref_sssp_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_sssp_LDADD = $(E2E_LDADD)
tests_e2e_ref_sssp_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_sssp_dijkstra_SOURCES = tests/e2e/ref_sssp_dijkstra.c
tests_e2e_ref_sssp_dijkstra_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_sssp_dijkstra_LDADD = $(E2E_LDADD)
tests_e2e_ref_sssp_dijkstra_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_cliques_SOURCES = tests/e2e/ref_cliques.c
tests_e2e_ref_cliques_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_cliques_LDADD = $(E2E_LDADD)
tests_e2e_ref_cliques_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_triangle_count_SOURCES = tests/e2e/ref_triangle_count.c
tests_e2e_ref_triangle_count_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_triangle_count_LDADD = $(E2E_LDADD)
tests_e2e_ref_triangle_count_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_vertex_cover_SOURCES = tests/e2e/ref_vertex_cover.c
tests_e2e_ref_vertex_cover_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_vertex_cover_LDADD = $(E2E_LDADD)
tests_e2e_ref_vertex_cover_LDFLAGS = $(E2E_LDFLAGS)
tests_e2e_ref_wcc_SOURCES = tests/e2e/ref_wcc.c
tests_e2e_ref_wcc_CPPFLAGS = $(E2E_CPPFLAGS)
tests_e2e_ref_wcc_LDADD = $(E2E_LDADD)
tests_e2e_ref_wcc_LDFLAGS = $(E2E_LDFLAGS)
