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
include tests/codegen/codegen.mk
