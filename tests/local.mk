## tests: unit tests (CUnit), golden front-end tests, end-to-end tests.
include tests/golden/golden.mk
include tests/unit/syntax.mk
include tests/unit/check.mk
include tests/e2e/e2e.mk
include tests/opt/opt.mk
include tests/omp/omp.mk
include tests/install/install.mk
include tests/bench/bench.mk
include tests/cuda/cuda.mk
# CUnit's stand-in, used only when configure does not find CUnit.
EXTRA_DIST += tests/nocunit/CUnit/CUnit.h tests/nocunit/CUnit/Basic.h
# The release tarball builds without flex, bison and CUnit; build.sh says
# what is missing where it cannot install packages (tests/dist).
TESTS += tests/dist/tarball.sh tests/dist/build_sh.sh
EXTRA_DIST += tests/dist/tarball.sh tests/dist/build_sh.sh tests/dist/hide_tools.sh
# tests/gpu/run's shards, checked without a GPU (--list, --dry-run).
TESTS += tests/gpu/shards.sh
EXTRA_DIST += tests/gpu/shards.sh
