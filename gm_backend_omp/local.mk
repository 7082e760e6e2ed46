## gm_backend_omp: C11 + OpenMP code generation.
noinst_LIBRARIES += libgmbomp.a
libgmbomp_a_SOURCES = \
	gm_backend_omp/backend_options.h gm_backend_omp/omp_backend.h gm_backend_omp/omp_backend.c \
	gm_backend_omp/omp_emit.h gm_backend_omp/omp_emit.c \
	gm_backend_omp/cident.h gm_backend_omp/cident.c \
	gm_backend_omp/omp_types.c gm_backend_omp/omp_expr.c gm_backend_omp/omp_collections.c \
	gm_backend_omp/omp_stmt.c gm_backend_omp/omp_min_label.c gm_backend_omp/omp_reduce.c gm_backend_omp/omp_loops.c \
	gm_backend_omp/omp_bfs.c gm_backend_omp/omp_dfs.c gm_backend_omp/omp_api.c \
	gm_backend_omp/omp_main.c gm_backend_omp/omp_worklist.c gm_backend_omp/omp_clique.c \
	gm_backend_omp/omp_monotone.h gm_backend_omp/omp_monotone.c gm_backend_omp/omp_priority.c
