## tests/install: `make install DESTDIR=...` and an app built against the
## installed gmrt.pc; man pages and bash completion against the real option
## lists. tests/driver: gmc's -x, gmc run, each command-line error, and the
## run-time errors of generated programs.
check_PROGRAMS += tests/driver/test_driver
tests_driver_test_driver_SOURCES = tests/driver/test_driver.c
tests_driver_test_driver_LDADD = libgmcdriver.a libgmopt.a libgmbcuda.a libgmbomp.a \
	libgmfront.a $(CUNIT_LIBS) -lm
TESTS += tests/driver/test_driver tests/driver/errors.sh tests/driver/x_compile.sh \
	tests/driver/run.sh tests/driver/program_errors.sh tests/driver/weights.sh tests/driver/relabel.sh tests/driver/race_hint.sh tests/driver/early_checks.sh tests/install/doc_options.sh \
	tests/install/completion.sh tests/install/install.sh
EXTRA_DIST += tests/driver/common.sh tests/driver/errors.sh tests/driver/x_compile.sh \
	tests/driver/run.sh tests/driver/program_errors.sh tests/driver/weights.sh tests/driver/relabel.sh tests/driver/race_hint.sh tests/driver/early_checks.sh tests/driver/tiny.cu tests/install/doc_options.sh \
	tests/install/completion.sh tests/install/install.sh
