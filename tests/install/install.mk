## tests/install: `make install DESTDIR=...` and an app built against the
## installed gmrt.pc; man pages and bash completion against the real option
## lists. tests/driver: gmc's -x, -o and -O, gmc run, each command-line
## error, and the run-time errors of generated programs.
check_PROGRAMS += tests/driver/test_driver
tests_driver_test_driver_SOURCES = tests/driver/test_driver.c
tests_driver_test_driver_LDADD = libgmcdriver.a libgmopt.a libgmbcuda.a libgmbomp.a libgmcg.a libgma.a \
	libgmfront.a $(CUNIT_LIBS) -lm
TESTS += tests/driver/test_driver
# gmc_many: several gmc commands in one process (leaks.sh: one valgrind
# start; tests/sanitize.sh: one AddressSanitizer start); many.sh: it and
# gmc_command behave as a process a command
check_PROGRAMS += tests/driver/gmc_many
TESTS += tests/driver/many.sh
EXTRA_DIST += tests/driver/many.sh
tests_driver_gmc_many_SOURCES = tests/driver/gmc_many.c
tests_driver_gmc_many_LDADD = libgmcdriver.a libgmopt.a libgmbcuda.a libgmbomp.a libgmcg.a libgma.a \
	libgmfront.a -lm
EXTRA_DIST += tests/driver/common.sh tests/driver/tiny.cu
# one script a line, so that additions merge cleanly
# (leaks.sh first: it was the longest of them, ~45 processor s before its
# compiles went into one valgrind process; now ~3)
TESTS += tests/driver/leaks.sh
EXTRA_DIST += tests/driver/leaks.sh
TESTS += tests/install/commit_race.sh
EXTRA_DIST += tests/install/commit_race.sh
TESTS += tests/driver/errors.sh
EXTRA_DIST += tests/driver/errors.sh
TESTS += tests/driver/dist_staging.sh
EXTRA_DIST += tests/driver/dist_staging.sh
TESTS += tests/driver/x_compile.sh
EXTRA_DIST += tests/driver/x_compile.sh
TESTS += tests/driver/output.sh
EXTRA_DIST += tests/driver/output.sh
TESTS += tests/driver/run.sh
EXTRA_DIST += tests/driver/run.sh
TESTS += tests/driver/program_errors.sh
EXTRA_DIST += tests/driver/program_errors.sh
TESTS += tests/driver/nil_parallel.sh
EXTRA_DIST += tests/driver/nil_parallel.sh
# nil_uses.sh: degrees, neighbour loops, edge ends, edge tests, roots through NIL
TESTS += tests/driver/nil_uses.sh
EXTRA_DIST += tests/driver/nil_uses.sh
TESTS += tests/driver/compat.sh
EXTRA_DIST += tests/driver/compat.sh
TESTS += tests/driver/lose_nothing.sh
EXTRA_DIST += tests/driver/lose_nothing.sh
TESTS += tests/driver/out_of_memory.sh
EXTRA_DIST += tests/driver/out_of_memory.sh
TESTS += tests/driver/try_entry.sh
EXTRA_DIST += tests/driver/try_entry.sh
TESTS += tests/driver/sparse_ids.sh
EXTRA_DIST += tests/driver/sparse_ids.sh
TESTS += tests/driver/run_cache_damage.sh
EXTRA_DIST += tests/driver/run_cache_damage.sh
TESTS += tests/driver/streams.sh
EXTRA_DIST += tests/driver/streams.sh
TESTS += tests/driver/gzip.sh
EXTRA_DIST += tests/driver/gzip.sh
TESTS += tests/driver/weights.sh
EXTRA_DIST += tests/driver/weights.sh
TESTS += tests/driver/relabel.sh
EXTRA_DIST += tests/driver/relabel.sh
TESTS += tests/driver/race_hint.sh
EXTRA_DIST += tests/driver/race_hint.sh
TESTS += tests/driver/early_checks.sh
EXTRA_DIST += tests/driver/early_checks.sh
TESTS += tests/driver/cli.sh
EXTRA_DIST += tests/driver/cli.sh
TESTS += tests/install/doc_options.sh
EXTRA_DIST += tests/install/doc_options.sh
TESTS += tests/install/completion.sh
EXTRA_DIST += tests/install/completion.sh
TESTS += tests/install/install.sh
EXTRA_DIST += tests/install/install.sh
