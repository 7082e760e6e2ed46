## gm_backend_omp: C11 + OpenMP code generation.
noinst_LIBRARIES += libgmbomp.a
libgmbomp_a_SOURCES = gm_backend_omp/omp_backend.h gm_backend_omp/omp_backend.c
