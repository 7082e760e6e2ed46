## gm_runtime/dist: libgmrt-dist, the distributed runtime (MPI; gmd.h),
## built when configure found MPI (mpicc --showme); its tests under
## tests/mpi run the ranks with mpirun and skip (77) without MPI.

GMD_LIB_SOURCES = \
	gm_runtime/dist/gmd_internal.h \
	gm_runtime/dist/gmd_part.h \
	gm_runtime/dist/gmd_core.c \
	gm_runtime/dist/gmd_part.c \
	gm_runtime/dist/gmd_gmp.c \
	gm_runtime/dist/gmd_graph.c \
	gm_runtime/dist/gmd_gen.c \
	gm_runtime/dist/gmd_prop.c \
	gm_runtime/dist/gmd_cli.c \
	gm_runtime/dist/gmd_batch.c \
	gm_runtime/dist/gmd_bfs.c gm_runtime/dist/gmd_bfs_settle.c \
	gm_runtime/dist/gmd_components.c

# The public header goes with the others (<gmc/gmd.h>) where the library is built.
if HAVE_MPI
lib_LTLIBRARIES += libgmrt-dist.la
gmrtinclude_HEADERS += gm_runtime/dist/gmd.h
pkgconfig_DATA += gmrt-dist.pc
else
EXTRA_DIST += gm_runtime/dist/gmd.h
endif
EXTRA_DIST += gmrt-dist.pc.in
libgmrt_dist_la_SOURCES = $(GMD_LIB_SOURCES)
libgmrt_dist_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gm_runtime/dist $(GMRT_EDGE_CPPFLAGS) $(MPI_CFLAGS)
libgmrt_dist_la_LIBADD = libgmrt.la $(MPI_LIBS)
libgmrt_dist_la_CFLAGS = $(GMC_BASE_CFLAGS)
libgmrt_dist_la_LDFLAGS = $(OPENMP_CFLAGS) -version-info 0:0:0

## Tests: programs run under mpirun for P = 1..5 by shell drivers that
## share tests/mpi/ranks.sh; the programs share the test graphs of
## tests/mpi/graphs.h.  gmp.sh also runs gmgraph partition.
TESTS += tests/mpi/partition.sh tests/mpi/gmp.sh tests/mpi/sparse.sh tests/mpi/bfs_claims.sh tests/mpi/min_label.sh
EXTRA_DIST += tests/mpi/partition.sh tests/mpi/gmp.sh tests/mpi/sparse.sh tests/mpi/bfs_claims.sh tests/mpi/min_label.sh tests/mpi/ranks.sh tests/mpi/ompi_env.sh tests/mpi/graphs.h tests/mpi/mpi_check.h
## gmc -t omp --distributed end to end: every supported app x policy x P =
## 1..4 against the single-process program (needs tests/e2e's e2e_compare).
TESTS += tests/mpi/apps.sh
EXTRA_DIST += tests/mpi/apps.sh tests/mpi/apps_common.sh tests/mpi/node_values.gm tests/mpi/edge_ends.gm tests/mpi/bfs_syncs.gm \
	tests/mpi/has_edge.gm tests/mpi/is_nbr_from.gm tests/mpi/reciprocal.gm
## The driver's note on a BFS of thousands of levels (gmd_note_levels).
TESTS += tests/mpi/bfs_note.sh
EXTRA_DIST += tests/mpi/bfs_note.sh
TESTS += tests/mpi/host_reduce.sh
EXTRA_DIST += tests/mpi/host_reduce.sh tests/mpi/host_reduce.gm
## A BFS of many levels finished rank by rank (gmd_bfs_settle) against the
## single-process programs.
TESTS += tests/mpi/bfs_settle.sh
EXTRA_DIST += tests/mpi/bfs_settle.sh tests/mpi/bfs_local.gm
## A monotone round loop (sssp) relaxing each rank's part to its local
## fixpoint every round, against the single-process program.
TESTS += tests/mpi/sssp_local.sh
EXTRA_DIST += tests/mpi/sssp_local.sh
## The minimum-label fixpoint (gmd_min_label_components) against the
## single-process programs and tests/e2e's ref_wcc.
TESTS += tests/mpi/wcc.sh
EXTRA_DIST += tests/mpi/wcc.sh tests/mpi/wcc_long.gm tests/mpi/min_label_mixed.gm
## Hostile inputs of a --distributed --main program: standard input,
## partitioned sets as GRAPH with load options and non-Int weights.
TESTS += tests/mpi/dist_inputs.sh
EXTRA_DIST += tests/mpi/dist_inputs.sh
## gmc -t cuda --distributed: the same apps compiled (nvcc -Werror) and
## linked against libgmrt-dist-cuda everywhere it is built, and run against
## the single-process program on a machine with GPUs (skips without
## libgmrt-dist-cuda; the integrator's GPU run).
TESTS += tests/mpi/cuda_apps.sh
EXTRA_DIST += tests/mpi/cuda_apps.sh
## The in-rank generator (gmd_load of "gen:..."): partitions equal to the
## file path's at P = 1..4, refused specs, and pagerank/bfs/wcc answers of
## generated runs equal to runs on gmgraph gen's file.
TESTS += tests/mpi/gen.sh
EXTRA_DIST += tests/mpi/gen.sh
if HAVE_MPI
check_PROGRAMS += tests/mpi/test_partition tests/mpi/test_gmp tests/mpi/test_sparse tests/mpi/test_bfs_claims \
	tests/mpi/test_min_label tests/mpi/test_gen
endif
GMD_TEST_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gm_runtime/dist $(GMRT_EDGE_CPPFLAGS) $(MPI_CFLAGS)
GMD_TEST_LDADD = libgmrt-dist.la libgmrt.la $(MPI_LIBS) -lm
tests_mpi_test_partition_SOURCES = tests/mpi/test_partition.c
tests_mpi_test_partition_CPPFLAGS = $(GMD_TEST_CPPFLAGS)
tests_mpi_test_partition_LDADD = $(GMD_TEST_LDADD)
tests_mpi_test_gmp_SOURCES = tests/mpi/test_gmp.c
tests_mpi_test_gmp_CPPFLAGS = $(GMD_TEST_CPPFLAGS)
tests_mpi_test_gmp_LDADD = $(GMD_TEST_LDADD)
tests_mpi_test_sparse_SOURCES = tests/mpi/test_sparse.c
tests_mpi_test_sparse_CPPFLAGS = $(GMD_TEST_CPPFLAGS)
tests_mpi_test_sparse_LDADD = $(GMD_TEST_LDADD)
tests_mpi_test_bfs_claims_SOURCES = tests/mpi/test_bfs_claims.c
tests_mpi_test_bfs_claims_CPPFLAGS = $(GMD_TEST_CPPFLAGS)
tests_mpi_test_bfs_claims_LDADD = $(GMD_TEST_LDADD)
tests_mpi_test_min_label_SOURCES = tests/mpi/test_min_label.c
tests_mpi_test_min_label_CPPFLAGS = $(GMD_TEST_CPPFLAGS)
tests_mpi_test_min_label_LDADD = $(GMD_TEST_LDADD)
tests_mpi_test_gen_SOURCES = tests/mpi/test_gen.c
tests_mpi_test_gen_CPPFLAGS = $(GMD_TEST_CPPFLAGS)
tests_mpi_test_gen_LDADD = $(GMD_TEST_LDADD)
# The drivers learn where mpirun is (empty: MPI absent, the tests skip).
AM_TESTS_ENVIRONMENT += GMC_MPIRUN='$(MPIRUN)'; export GMC_MPIRUN;
# Every test's MPI ranks yield the core when they wait (tests/mpi/ompi_env.sh
# says why; it sets it for the tests in tests/mpi, this for the others that
# start mpirun: install.sh, int_wrap.sh, bench/quick.sh's --ranks run)
AM_TESTS_ENVIRONMENT += OMPI_MCA_mpi_yield_when_idle=$${OMPI_MCA_mpi_yield_when_idle:-1}; \
	export OMPI_MCA_mpi_yield_when_idle;

## Properties in GPU memory (gmd_gpu.h): libgmrt-dist-cuda.a, compiled by
## nvcc when configure found MPI and nvcc, with the NCCL transport when it
## also found NCCL (else MPI staged through the host only).  Its test runs
## ranks on GPUs and skips (77) on a machine without one (CI compiles and
## links it).  MPI's C++ bindings are kept out: nvcc compiles these as C++.
EXTRA_DIST += gm_runtime/dist/gmd_gpu.h gm_runtime/dist/gmd_gpu.cu gm_runtime/dist/gmd_gpu_components.cu \
	gm_runtime/dist/gmd_gpu_bfs_settle.cu gm_runtime/dist/gmd_gpu_check.h \
	tests/mpi/gpu_sync.sh tests/mpi/test_gpu_sync.cu
TESTS += tests/mpi/gpu_sync.sh
if HAVE_DIST_CUDA
gmrtinclude_HEADERS += gm_runtime/dist/gmd_gpu.h
if HAVE_NCCL
GMD_GPU_NCCL_FLAGS = -DGMD_HAVE_NCCL=1 $(NCCL_CFLAGS)
GMD_GPU_NCCL_LIBS = $(NCCL_LIBS)
endif
GMD_GPU_NVCCFLAGS = -O3 -std=c++17 -arch=$(GMRT_CUDA_ARCH) -Xcompiler -fPIC,-Wall,-Wextra,-Werror \
	$(GMRT_EDGE_CPPFLAGS) -I$(top_srcdir)/gm_runtime -I$(top_srcdir)/gm_runtime/dist \
	-DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1 $(GMD_GPU_NCCL_FLAGS) $(MPI_CFLAGS) $(NVCCFLAGS)
GMD_GPU_LIB = libgmrt-dist-cuda.a
CLEANFILES += gm_runtime/dist/gmd_gpu.o gm_runtime/dist/gmd_gpu_components.o gm_runtime/dist/gmd_gpu_bfs_settle.o \
	libgmrt-dist-cuda.a tests/mpi/test_gpu_sync.o tests/mpi/test_gpu_sync
gm_runtime/dist/gmd_gpu.o: $(srcdir)/gm_runtime/dist/gmd_gpu.cu $(srcdir)/gm_runtime/dist/gmd_gpu.h \
		$(srcdir)/gm_runtime/dist/gmd.h $(srcdir)/gm_runtime/dist/gmd_internal.h
	@$(MKDIR_P) gm_runtime/dist
	$(AM_V_NVCC)$(NVCC) $(GMD_GPU_NVCCFLAGS) -c -o $@ $(srcdir)/gm_runtime/dist/gmd_gpu.cu
# gmd_gpu_components.o calls libgmrt-cuda: a member of its own, which only
# the programs that call it pull in
gm_runtime/dist/gmd_gpu_components.o: $(srcdir)/gm_runtime/dist/gmd_gpu_components.cu \
		$(srcdir)/gm_runtime/dist/gmd_gpu_check.h $(srcdir)/gm_runtime/dist/gmd_gpu.h $(srcdir)/gm_runtime/dist/gmd.h $(srcdir)/gm_runtime/gmcu_graph.h \
		$(srcdir)/gm_runtime/gmcu_device.h
	@$(MKDIR_P) gm_runtime/dist
	$(AM_V_NVCC)$(NVCC) $(GMD_GPU_NVCCFLAGS) -c -o $@ $(srcdir)/gm_runtime/dist/gmd_gpu_components.cu
gm_runtime/dist/gmd_gpu_bfs_settle.o: $(srcdir)/gm_runtime/dist/gmd_gpu_bfs_settle.cu \
		$(srcdir)/gm_runtime/dist/gmd_gpu_check.h $(srcdir)/gm_runtime/dist/gmd_gpu.h $(srcdir)/gm_runtime/dist/gmd.h $(srcdir)/gm_runtime/gmcu_graph.h \
		$(srcdir)/gm_runtime/gmcu_device.h $(srcdir)/gm_runtime/gmcu_bfs.h
	@$(MKDIR_P) gm_runtime/dist
	$(AM_V_NVCC)$(NVCC) $(GMD_GPU_NVCCFLAGS) -c -o $@ $(srcdir)/gm_runtime/dist/gmd_gpu_bfs_settle.cu
GMD_GPU_OBJECTS = gm_runtime/dist/gmd_gpu.o gm_runtime/dist/gmd_gpu_components.o gm_runtime/dist/gmd_gpu_bfs_settle.o
libgmrt-dist-cuda.a: $(GMD_GPU_OBJECTS)
	$(AM_V_AR)rm -f $@ && $(AR) cr $@ $(GMD_GPU_OBJECTS) && $(RANLIB) $@
tests/mpi/test_gpu_sync.o: $(srcdir)/tests/mpi/test_gpu_sync.cu $(srcdir)/gm_runtime/dist/gmd_gpu.h
	@$(MKDIR_P) tests/mpi
	$(AM_V_NVCC)$(NVCC) $(GMD_GPU_NVCCFLAGS) -c -o $@ $(srcdir)/tests/mpi/test_gpu_sync.cu
# linked against the static runtimes: nvcc does not know libtool's .la files
tests/mpi/test_gpu_sync: tests/mpi/test_gpu_sync.o libgmrt-dist-cuda.a libgmrt-dist.la libgmrt.la
	$(AM_V_NVCC)$(NVCC) -arch=$(GMRT_CUDA_ARCH) -o $@ tests/mpi/test_gpu_sync.o libgmrt-dist-cuda.a \
	  .libs/libgmrt-dist.a .libs/libgmrt.a $(MPI_LIBS) $(GMD_GPU_NCCL_LIBS) $(ZLIB_LIBS) -lgomp -lm
check_DATA = tests/mpi/test_gpu_sync
# installed and uninstalled by gm_runtime/cuda/cuda.mk's rules (GMD_GPU_LIB)
AM_TESTS_ENVIRONMENT += GMC_GPU_SYNC_TEST='$(abs_top_builddir)/tests/mpi/test_gpu_sync'; export GMC_GPU_SYNC_TEST;
if HAVE_NCCL
AM_TESTS_ENVIRONMENT += GMC_GPU_SYNC_NCCL=yes; export GMC_GPU_SYNC_NCCL;
endif
else
AM_TESTS_ENVIRONMENT += GMC_GPU_SYNC_TEST=; export GMC_GPU_SYNC_TEST;
endif
