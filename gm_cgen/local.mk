## gm_cgen: the target-neutral C emitter both code generators share (prefix
## cg_): output, names and scopes, types, expressions, statements, loops,
## reductions, collections, traversals, the procedure API, the --main driver
## and the output files; the backends' options (backend_options.h). A target
## changes it only through its hook table (cg_hooks, cg_emit.h).
noinst_LIBRARIES += libgmcg.a
libgmcg_a_SOURCES =
libgmcg_a_SOURCES += gm_cgen/cg_emit.h
libgmcg_a_SOURCES += gm_cgen/cg_emit.c
libgmcg_a_SOURCES += gm_cgen/cg_ident.h
libgmcg_a_SOURCES += gm_cgen/cg_ident.c
libgmcg_a_SOURCES += gm_cgen/cg_types.c
libgmcg_a_SOURCES += gm_cgen/cg_expr.c
libgmcg_a_SOURCES += gm_cgen/cg_collections.c
libgmcg_a_SOURCES += gm_cgen/cg_stmt.c
libgmcg_a_SOURCES += gm_cgen/cg_nil.c
libgmcg_a_SOURCES += gm_cgen/cg_min_label.c
libgmcg_a_SOURCES += gm_cgen/cg_reduce.c
libgmcg_a_SOURCES += gm_cgen/cg_loops.c
libgmcg_a_SOURCES += gm_cgen/cg_dfs.c
libgmcg_a_SOURCES += gm_cgen/cg_api.c
libgmcg_a_SOURCES += gm_cgen/cg_main.c
libgmcg_a_SOURCES += gm_cgen/cg_dist.h
libgmcg_a_SOURCES += gm_cgen/cg_dist.c
libgmcg_a_SOURCES += gm_cgen/cg_dist_main.c
libgmcg_a_SOURCES += gm_cgen/cg_bfs.c
libgmcg_a_SOURCES += gm_cgen/cg_monotone.h
libgmcg_a_SOURCES += gm_cgen/cg_monotone.c
libgmcg_a_SOURCES += gm_cgen/cg_files.c
libgmcg_a_SOURCES += gm_cgen/backend_options.h
