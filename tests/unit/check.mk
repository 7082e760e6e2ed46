## tests/unit/check.mk: unit tests of the semantic front end (symbols,
## types, checks, location inference), each a CUnit program.
check_PROGRAMS += tests/unit/test_symtab tests/unit/test_types tests/unit/test_check
TESTS += tests/unit/test_symtab tests/unit/test_types tests/unit/test_check
EXTRA_DIST += tests/unit/check_util.h tests/unit/lower_util.h

tests_unit_test_symtab_SOURCES = tests/unit/test_symtab.c
tests_unit_test_symtab_LDADD = libgmfront.a $(CUNIT_LIBS)

tests_unit_test_types_SOURCES = tests/unit/test_types.c tests/unit/check_util.h
tests_unit_test_types_LDADD = libgmfront.a $(CUNIT_LIBS)

tests_unit_test_check_SOURCES = tests/unit/test_check.c tests/unit/check_util.h
tests_unit_test_check_LDADD = libgmfront.a $(CUNIT_LIBS)
# gm_analysis/: the loop shapes both backends test, the shared walk.
check_PROGRAMS += tests/unit/test_analysis
TESTS += tests/unit/test_analysis
tests_unit_test_analysis_SOURCES = tests/unit/test_analysis.c tests/unit/check_util.h tests/unit/lower_util.h
tests_unit_test_analysis_LDADD = libgma.a libgmopt.a libgmfront.a $(CUNIT_LIBS)
# gm_analysis/gma_sync.h: the sync analysis' API as the --distributed code generator uses it.
check_PROGRAMS += tests/unit/test_sync
TESTS += tests/unit/test_sync
tests_unit_test_sync_SOURCES = tests/unit/test_sync.c tests/unit/check_util.h tests/unit/lower_util.h
tests_unit_test_sync_LDADD = libgma.a libgmopt.a libgmfront.a $(CUNIT_LIBS)
