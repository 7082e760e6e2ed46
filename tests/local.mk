## tests: unit tests (CUnit), golden front-end tests, end-to-end tests.
## make check -j starts the tests in the order of TESTS (Makefile.am's
## includes: gm_runtime's and tests/mpi's come first, then these): the long
## ones before the short (the slowest split in pieces: tests/shard.sh), so
## that none is left alone at the end with a core idle beside it:
## codegen/build_all (with the OpenMP -O2 compiles), the nvcc pieces,
## bench/quick and python/python.sh (which came last), then driver/leaks
## and install (install.mk), the e2e pieces; the many short ones last.
## The sanitizer run first of these: it does its work in distcheck only
## (SKIP here), where it is the longest test of the fast subset and came
## last, alone on one core; in two pieces, side by side. (tests/sanitize.sh:
## in a build configured with GMC_SANITIZE, gmc's run over the golden suite
## and every app.)
TESTS += tests/sanitize.1-of-2.sh tests/sanitize.2-of-2.sh
EXTRA_DIST += tests/sanitize.sh tests/sanitize.1-of-2.sh tests/sanitize.2-of-2.sh
include tests/codegen/codegen.mk
include tests/cuda/cuda.mk
include tests/bench/bench.mk
include tests/python/python.mk
# The release tarball builds without flex, bison and CUnit (tarball.sh: in
# the tree, what make distdir ships; in distcheck, its build of the tarball);
# build.sh says what is missing where it cannot install packages (tests/dist).
TESTS += tests/dist/tarball.sh tests/dist/build_sh.sh
EXTRA_DIST += tests/dist/tarball.sh tests/dist/build_sh.sh tests/dist/hide_tools.sh
include tests/omp/omp.mk
include tests/install/install.mk
include tests/e2e/e2e.mk
include tests/opt/opt.mk
include tests/plan/plan.mk
include tests/sync/sync.mk
include tests/golden/golden.mk
include tests/unit/syntax.mk
include tests/unit/check.mk
# Each test's log ends with its time (run-tests.sh prints the slowest).
LOG_COMPILER = $(SHELL) $(top_srcdir)/tests/timed.sh
EXTRA_DIST += tests/timed.sh tests/shard.sh
# CUnit's stand-in, used only when configure does not find CUnit.
EXTRA_DIST += tests/nocunit/CUnit/CUnit.h tests/nocunit/CUnit/Basic.h
TESTS += tests/nocunit/complete.sh
EXTRA_DIST += tests/nocunit/complete.sh
# tests/gpu/run's shards, checked without a GPU (--list, --dry-run).
TESTS += tests/gpu/shards.sh
EXTRA_DIST += tests/gpu/shards.sh
