## gm_backend_omp: C11 + OpenMP code generation, on the shared emitter (gm_cgen/).
noinst_LIBRARIES += libgmbomp.a
libgmbomp_a_SOURCES = \
	gm_backend_omp/omp_backend.h gm_backend_omp/omp_backend.c gm_backend_omp/omp_emit.h \
	gm_backend_omp/omp_worklist.c gm_backend_omp/omp_priority.c gm_backend_omp/omp_clique.c gm_backend_omp/omp_linked.c gm_backend_omp/omp_decide.c \
	gm_backend_omp/omp_dist.h gm_backend_omp/omp_dist.c gm_backend_omp/omp_dist_bfs.c
