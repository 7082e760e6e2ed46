## gm_runtime/dist: libgmrt-dist, the distributed runtime (MPI; gmd.h),
## built when configure found MPI (mpicc --showme); its tests under
## tests/mpi run the ranks with mpirun and skip (77) without MPI.

GMD_LIB_SOURCES = \
	gm_runtime/dist/gmd_internal.h \
	gm_runtime/dist/gmd_core.c \
	gm_runtime/dist/gmd_graph.c \
	gm_runtime/dist/gmd_prop.c

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
libgmrt_dist_la_LDFLAGS = $(AM_LDFLAGS) -version-info 0:0:0

## Tests: one program run under mpirun for P = 1..5 by a shell driver.
TESTS += tests/mpi/partition.sh
EXTRA_DIST += tests/mpi/partition.sh
if HAVE_MPI
check_PROGRAMS += tests/mpi/test_partition
endif
tests_mpi_test_partition_SOURCES = tests/mpi/test_partition.c
tests_mpi_test_partition_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gm_runtime/dist $(GMRT_EDGE_CPPFLAGS) $(MPI_CFLAGS)
tests_mpi_test_partition_LDADD = libgmrt-dist.la libgmrt.la $(MPI_LIBS) -lm
# The driver learns where mpirun is (empty: MPI absent, the test skips).
AM_TESTS_ENVIRONMENT += GMC_MPIRUN='$(MPIRUN)'; export GMC_MPIRUN;

## The NCCL transport (gmd_nccl.h): libgmrt-dist-nccl.a, compiled by nvcc
## (MPI's C++ bindings are kept out: nvcc compiles these as C++.)
## when configure found MPI, nvcc and NCCL.  Its test runs a rank per GPU
## and skips (77) on a machine without one (CI compiles and links it).
EXTRA_DIST += gm_runtime/dist/gmd_nccl.h gm_runtime/dist/gmd_nccl.cu \
	tests/mpi/nccl_sync.sh tests/mpi/test_nccl_sync.cu
TESTS += tests/mpi/nccl_sync.sh
if HAVE_NCCL_DIST
gmrtinclude_HEADERS += gm_runtime/dist/gmd_nccl.h
GMD_NCCL_NVCCFLAGS = -O3 -std=c++17 -arch=$(GMRT_CUDA_ARCH) -Xcompiler -fPIC,-Wall,-Wextra,-Werror \
	$(GMRT_EDGE_CPPFLAGS) -I$(top_srcdir)/gm_runtime -I$(top_srcdir)/gm_runtime/dist \
	-DOMPI_SKIP_MPICXX=1 -DMPICH_SKIP_MPICXX=1 $(NCCL_CFLAGS) $(MPI_CFLAGS) $(NVCCFLAGS)
GMD_NCCL_LIB = libgmrt-dist-nccl.a
CLEANFILES += gm_runtime/dist/gmd_nccl.o libgmrt-dist-nccl.a tests/mpi/test_nccl_sync.o tests/mpi/test_nccl_sync
gm_runtime/dist/gmd_nccl.o: $(srcdir)/gm_runtime/dist/gmd_nccl.cu $(srcdir)/gm_runtime/dist/gmd_nccl.h \
		$(srcdir)/gm_runtime/dist/gmd.h $(srcdir)/gm_runtime/dist/gmd_internal.h
	@$(MKDIR_P) gm_runtime/dist
	$(AM_V_NVCC)$(NVCC) $(GMD_NCCL_NVCCFLAGS) -c -o $@ $(srcdir)/gm_runtime/dist/gmd_nccl.cu
libgmrt-dist-nccl.a: gm_runtime/dist/gmd_nccl.o
	$(AM_V_AR)rm -f $@ && $(AR) cr $@ gm_runtime/dist/gmd_nccl.o && $(RANLIB) $@
tests/mpi/test_nccl_sync.o: $(srcdir)/tests/mpi/test_nccl_sync.cu $(srcdir)/gm_runtime/dist/gmd_nccl.h
	@$(MKDIR_P) tests/mpi
	$(AM_V_NVCC)$(NVCC) $(GMD_NCCL_NVCCFLAGS) -c -o $@ $(srcdir)/tests/mpi/test_nccl_sync.cu
# linked against the static runtimes: nvcc does not know libtool's .la files
tests/mpi/test_nccl_sync: tests/mpi/test_nccl_sync.o libgmrt-dist-nccl.a libgmrt-dist.la libgmrt.la
	$(AM_V_NVCC)$(NVCC) -arch=$(GMRT_CUDA_ARCH) -o $@ tests/mpi/test_nccl_sync.o libgmrt-dist-nccl.a \
	  .libs/libgmrt-dist.a .libs/libgmrt.a $(MPI_LIBS) $(NCCL_LIBS) $(ZLIB_LIBS) -lgomp -lm
check_DATA = tests/mpi/test_nccl_sync
# installed and uninstalled by gm_runtime/cuda/cuda.mk's rules (GMD_NCCL_LIB)
endif
# Where the NCCL test finds its program (empty: not built, the test skips).
if HAVE_NCCL_DIST
AM_TESTS_ENVIRONMENT += GMC_NCCL_TEST='$(abs_top_builddir)/tests/mpi/test_nccl_sync'; export GMC_NCCL_TEST;
else
AM_TESTS_ENVIRONMENT += GMC_NCCL_TEST=; export GMC_NCCL_TEST;
endif
