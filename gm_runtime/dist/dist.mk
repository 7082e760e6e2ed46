## gm_runtime/dist: libgmrt-dist, the distributed runtime (MPI; gmd.h),
## built when configure found MPI (mpicc --showme); its tests under
## tests/mpi run the ranks with mpirun and skip (77) without MPI.

GMD_LIB_SOURCES = \
	gm_runtime/dist/gmd_internal.h \
	gm_runtime/dist/gmd_core.c \
	gm_runtime/dist/gmd_graph.c \
	gm_runtime/dist/gmd_prop.c \
	gm_runtime/dist/gmd_cli.c

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
## gmc -t omp --distributed end to end: every supported app x policy x P =
## 1..4 against the single-process program (needs tests/e2e's e2e_compare).
TESTS += tests/mpi/apps.sh
EXTRA_DIST += tests/mpi/apps.sh tests/mpi/node_values.gm
if HAVE_MPI
check_PROGRAMS += tests/mpi/test_partition
endif
tests_mpi_test_partition_SOURCES = tests/mpi/test_partition.c
tests_mpi_test_partition_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gm_runtime/dist $(GMRT_EDGE_CPPFLAGS) $(MPI_CFLAGS)
tests_mpi_test_partition_LDADD = libgmrt-dist.la libgmrt.la $(MPI_LIBS) -lm
# The driver learns where mpirun is (empty: MPI absent, the test skips).
AM_TESTS_ENVIRONMENT += GMC_MPIRUN='$(MPIRUN)'; export GMC_MPIRUN;
