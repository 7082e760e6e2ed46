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

## Tests: programs run under mpirun for P = 1..5 by shell drivers that
## share tests/mpi/ranks.sh; the programs share the test graphs of
## tests/mpi/graphs.h.  gmp.sh also runs gmgraph partition.
TESTS += tests/mpi/partition.sh tests/mpi/gmp.sh tests/mpi/sparse.sh
EXTRA_DIST += tests/mpi/partition.sh tests/mpi/gmp.sh tests/mpi/sparse.sh tests/mpi/ranks.sh tests/mpi/graphs.h
if HAVE_MPI
check_PROGRAMS += tests/mpi/test_partition tests/mpi/test_gmp tests/mpi/test_sparse
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
# The drivers learn where mpirun is (empty: MPI absent, the tests skip).
AM_TESTS_ENVIRONMENT += GMC_MPIRUN='$(MPIRUN)'; export GMC_MPIRUN;
