## gm_runtime: libgmrt (graph, formats, generators, collections) and gmgraph.

# The public headers honour -DGMRT_EDGE64; everything compiled against
# them in this tree gets the flag when configure --enable-edge64 was given.
if EDGE64
GMRT_EDGE_CPPFLAGS = -DGMRT_EDGE64
else
GMRT_EDGE_CPPFLAGS =
endif

lib_LTLIBRARIES += libgmrt.la
EXTRA_DIST += gm_runtime/README.md
gmrtincludedir = $(includedir)/gmc
gmrtinclude_HEADERS = \
	gm_runtime/gmrt.h \
	gm_runtime/gmrt_base.h \
	gm_runtime/gmrt_graph.h \
	gm_runtime/gmrt_components.h gm_runtime/gmrt_worklist.h gm_runtime/gmrt_buckets.h \
	gm_runtime/gmrt_linked.h \
	gm_runtime/gmrt_io.h \
	gm_runtime/gmrt_gen.h \
	gm_runtime/gmrt_rng.h \
	gm_runtime/gmrt_collections.h \
	gm_runtime/gmrt_map.h \
	gm_runtime/gmrt_prop.h \
	gm_runtime/gmrt_timer.h \
	gm_runtime/gmrt_file.h gm_runtime/gmrt_cli.h gm_runtime/gmrt_edit.h \
	gm_runtime/gmrt_fatal.h gm_runtime/gmrt_inline.h \
	gm_runtime/gmcu.h \
	gm_runtime/gmcu_device.h gm_runtime/gmcu_graph.h gm_runtime/gmcu_mirror.h gm_runtime/gmcu_atomics.h \
	gm_runtime/gmcu_balance.h gm_runtime/gmcu_rng.h gm_runtime/gmcu_worklist.h gm_runtime/gmcu_bfs.h

GMRT_LIB_SOURCES = \
	gm_runtime/alloc.c gm_runtime/error.c gm_runtime/fatal.c gm_runtime/file.c gm_runtime/edit.c gm_runtime/mem_limit.c gm_runtime/cli.c gm_runtime/cli_device.c \
	gm_runtime/graph.c gm_runtime/graph_symmetric.c gm_runtime/graph_relabel.c gm_runtime/graph_degree_order.c gm_runtime/graph_reverse.c gm_runtime/linked.c gm_runtime/components.c gm_runtime/worklist.c gm_runtime/buckets.c gm_runtime/csr_build.c \
	gm_runtime/row_sort.h gm_runtime/row_sort.c \
	gm_runtime/rt_alloc.h gm_runtime/rt_lock.h gm_runtime/rt_progress.h \
	gm_runtime/io_internal.h gm_runtime/io_common.c gm_runtime/io_dispatch.c \
	gm_runtime/io_gm_binary.c gm_runtime/io_edge_list.c gm_runtime/io_matrix_market.c \
	gm_runtime/io_dimacs.c gm_runtime/io_gmb.c gm_runtime/io_gzip.c \
	gm_runtime/rng.c gm_runtime/gen_rmat.c gm_runtime/gen_simple.c gm_runtime/gen_spec.c \
	gm_runtime/rt_deque.h gm_runtime/node_deque.c gm_runtime/node_set.c \
	gm_runtime/node_order.c gm_runtime/node_seq.c gm_runtime/collection.c \
	gm_runtime/map.c gm_runtime/prop_io.c gm_runtime/timer.c

libgmrt_la_SOURCES = $(GMRT_LIB_SOURCES)
libgmrt_la_CPPFLAGS = $(AM_CPPFLAGS) $(GMRT_EDGE_CPPFLAGS)
libgmrt_la_LIBADD = -lm $(ZLIB_LIBS)
# never GMC_SANITIZE (Makefile.am): generated programs link it with a plain cc
libgmrt_la_CFLAGS = $(GMC_BASE_CFLAGS)
libgmrt_la_LDFLAGS = $(OPENMP_CFLAGS) -version-info 0:0:0

## libgmrt-cuda (nvcc): its own rules.
include gm_runtime/cuda/cuda.mk

## gmgraph: generate, convert, inspect and partition graph files, and check
## answers on generated graphs (check*.c: no partition code used there).  The
## partition command compiles libgmrt-dist's MPI-free core (partitioning,
## .gmp files) in, so it works whether or not MPI was found.
bin_PROGRAMS += gmgraph
gmgraph_SOURCES = \
	tools/gmgraph/cli.h tools/gmgraph/cli.c tools/gmgraph/gmgraph.c \
	tools/gmgraph/cmd_gen.c tools/gmgraph/cmd_convert.c tools/gmgraph/cmd_info.c \
	tools/gmgraph/cmd_partition.c gm_runtime/dist/gmd.h gm_runtime/dist/gmd_part.h \
	gm_runtime/dist/gmd_part.c gm_runtime/dist/gmd_gmp.c \
	tools/gmgraph/check.h tools/gmgraph/check_stream.c tools/gmgraph/check_read.c tools/gmgraph/check_bfs.c \
	tools/gmgraph/check_wcc.c tools/gmgraph/check_pagerank.c tools/gmgraph/cmd_check.c
gmgraph_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gm_runtime/dist $(GMRT_EDGE_CPPFLAGS)
gmgraph_LDADD = libgmrt.la -lm
## libgmrt linked in: no libtool wrapper script in the build tree (it cost
## ~0.1 processor s a call, and the tests call gmgraph hundreds of times);
## the installed gmgraph then needs no libgmrt.so either.
gmgraph_LDFLAGS = -static

## CUnit tests of the runtime, and the gmgraph command-line test.
GMRT_UNIT_TESTS = \
	tests/runtime/test_graph \
	tests/runtime/test_components \
	tests/runtime/test_buckets \
	tests/runtime/test_linked \
	tests/runtime/test_formats \
	tests/runtime/test_load_errors \
	tests/runtime/test_generators \
	tests/runtime/test_collections \
	tests/runtime/test_map \
	tests/runtime/test_rng_props \
	tests/runtime/test_cli \
	tests/runtime/test_device_fit
check_PROGRAMS += $(GMRT_UNIT_TESTS)
TESTS += $(GMRT_UNIT_TESTS) tests/runtime/gmgraph_cli.sh tests/runtime/lose_nothing.sh tests/runtime/gmgraph_partition.sh \
	tests/runtime/gmgraph_gen_threads.sh tests/runtime/gmgraph_gen_parts.sh tests/runtime/gmgraph_check.sh
EXTRA_DIST += tests/runtime/gmgraph_cli.sh tests/runtime/lose_nothing.sh tests/runtime/gmgraph_partition.sh \
	tests/runtime/gmgraph_gen_threads.sh tests/runtime/gmgraph_gen_parts.sh tests/runtime/gmgraph_check.sh

## Damaged .gmp parts (libgmrt-dist's MPI-free format code, compiled in as
## for gmgraph): refused with a message, never a crash.  No MPI, no CUnit.
check_PROGRAMS += tests/runtime/test_gmp_damage
TESTS += tests/runtime/test_gmp_damage
tests_runtime_test_gmp_damage_SOURCES = tests/runtime/test_gmp_damage.c \
	gm_runtime/dist/gmd_part.c gm_runtime/dist/gmd_gmp.c
tests_runtime_test_gmp_damage_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gm_runtime/dist $(GMRT_EDGE_CPPFLAGS)
tests_runtime_test_gmp_damage_LDADD = libgmrt.la -lm

GMRT_TEST_CPPFLAGS = $(AM_CPPFLAGS) $(GMRT_EDGE_CPPFLAGS)
# rt_test.c compiled once for every test (a library: before, once a test)
check_LIBRARIES += tests/runtime/librttest.a
tests_runtime_librttest_a_SOURCES = tests/runtime/rt_test.h tests/runtime/rt_test.c
tests_runtime_librttest_a_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
GMRT_TEST_LDADD = tests/runtime/librttest.a libgmrt.la $(CUNIT_LIBS) -lm

tests_runtime_test_graph_SOURCES = tests/runtime/test_graph.c
tests_runtime_test_graph_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_graph_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_buckets_SOURCES = tests/runtime/test_buckets.c
tests_runtime_test_buckets_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_buckets_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_components_SOURCES = tests/runtime/test_components.c
tests_runtime_test_components_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_components_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_linked_SOURCES = tests/runtime/test_linked.c
tests_runtime_test_linked_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_linked_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_formats_SOURCES = tests/runtime/test_formats.c
tests_runtime_test_formats_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_formats_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_load_errors_SOURCES = tests/runtime/test_load_errors.c
tests_runtime_test_load_errors_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_load_errors_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_generators_SOURCES = tests/runtime/test_generators.c
tests_runtime_test_generators_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_generators_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_collections_SOURCES = tests/runtime/test_collections.c
tests_runtime_test_collections_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_collections_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_map_SOURCES = tests/runtime/test_map.c
tests_runtime_test_map_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_map_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_rng_props_SOURCES = tests/runtime/test_rng_props.c
tests_runtime_test_rng_props_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_rng_props_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_device_fit_SOURCES = tests/runtime/test_device_fit.c
tests_runtime_test_device_fit_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_device_fit_LDADD = $(GMRT_TEST_LDADD)
tests_runtime_test_cli_SOURCES = tests/runtime/test_cli.c
tests_runtime_test_cli_CPPFLAGS = $(GMRT_TEST_CPPFLAGS)
tests_runtime_test_cli_LDADD = $(GMRT_TEST_LDADD)

## libFuzzer harnesses for every loader (configure --enable-fuzzers CC=clang);
## tests/fuzz/run-loaders.sh builds and runs them without configure too.
dist_noinst_SCRIPTS += tests/fuzz/run-loaders.sh
EXTRA_DIST += tests/fuzz/fuzz_load_graph.inc
GMRT_FUZZERS = \
	tests/fuzz/fuzz_load_gm_binary \
	tests/fuzz/fuzz_load_edge_list \
	tests/fuzz/fuzz_load_mtx \
	tests/fuzz/fuzz_load_dimacs \
	tests/fuzz/fuzz_load_gmb \
	tests/fuzz/fuzz_load_props
if FUZZERS
noinst_LIBRARIES += libgmrt_fuzz.a
libgmrt_fuzz_a_SOURCES = $(GMRT_LIB_SOURCES)
libgmrt_fuzz_a_CFLAGS = $(AM_CFLAGS) -g -fsanitize=fuzzer-no-link,address,undefined
noinst_PROGRAMS += $(GMRT_FUZZERS)
GMRT_FUZZ_CFLAGS = $(AM_CFLAGS) -g -fsanitize=fuzzer,address,undefined
GMRT_FUZZ_LDADD = libgmrt_fuzz.a -lm $(ZLIB_LIBS)
tests_fuzz_fuzz_load_gm_binary_SOURCES = tests/fuzz/fuzz_load_gm_binary.c
tests_fuzz_fuzz_load_gm_binary_CFLAGS = $(GMRT_FUZZ_CFLAGS)
tests_fuzz_fuzz_load_gm_binary_LDADD = $(GMRT_FUZZ_LDADD)
tests_fuzz_fuzz_load_edge_list_SOURCES = tests/fuzz/fuzz_load_edge_list.c
tests_fuzz_fuzz_load_edge_list_CFLAGS = $(GMRT_FUZZ_CFLAGS)
tests_fuzz_fuzz_load_edge_list_LDADD = $(GMRT_FUZZ_LDADD)
tests_fuzz_fuzz_load_mtx_SOURCES = tests/fuzz/fuzz_load_mtx.c
tests_fuzz_fuzz_load_mtx_CFLAGS = $(GMRT_FUZZ_CFLAGS)
tests_fuzz_fuzz_load_mtx_LDADD = $(GMRT_FUZZ_LDADD)
tests_fuzz_fuzz_load_dimacs_SOURCES = tests/fuzz/fuzz_load_dimacs.c
tests_fuzz_fuzz_load_dimacs_CFLAGS = $(GMRT_FUZZ_CFLAGS)
tests_fuzz_fuzz_load_dimacs_LDADD = $(GMRT_FUZZ_LDADD)
tests_fuzz_fuzz_load_gmb_SOURCES = tests/fuzz/fuzz_load_gmb.c
tests_fuzz_fuzz_load_gmb_CFLAGS = $(GMRT_FUZZ_CFLAGS)
tests_fuzz_fuzz_load_gmb_LDADD = $(GMRT_FUZZ_LDADD)
tests_fuzz_fuzz_load_props_SOURCES = tests/fuzz/fuzz_load_props.c
tests_fuzz_fuzz_load_props_CFLAGS = $(GMRT_FUZZ_CFLAGS)
tests_fuzz_fuzz_load_props_LDADD = $(GMRT_FUZZ_LDADD)
endif
