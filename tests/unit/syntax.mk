## tests/unit/syntax.mk: unit tests of the lexer, the parser and the printer,
## and the libFuzzer harness of the parser (built only with --enable-fuzzers;
## tests/fuzz/run-parser.sh builds and runs it without configure).
check_PROGRAMS += tests/unit/test_lexer tests/unit/test_parser tests/unit/test_print
TESTS += tests/unit/test_lexer tests/unit/test_parser tests/unit/test_print

tests_unit_test_lexer_SOURCES = tests/unit/test_lexer.c tests/unit/syntax_util.h
tests_unit_test_lexer_LDADD = libgmfront.a $(CUNIT_LIBS) -lm
tests_unit_test_parser_SOURCES = tests/unit/test_parser.c tests/unit/syntax_util.h
tests_unit_test_parser_LDADD = libgmfront.a $(CUNIT_LIBS) -lm
tests_unit_test_print_SOURCES = tests/unit/test_print.c tests/unit/syntax_util.h
tests_unit_test_print_LDADD = libgmfront.a $(CUNIT_LIBS) -lm

dist_noinst_SCRIPTS += tests/fuzz/run-parser.sh tests/fuzz/mutate.py
EXTRA_DIST += tests/fuzz/fuzz_parser.c tests/fuzz/gm.dict

if FUZZERS
noinst_PROGRAMS += tests/fuzz/fuzz_parser
tests_fuzz_fuzz_parser_SOURCES = tests/fuzz/fuzz_parser.c
tests_fuzz_fuzz_parser_CFLAGS = $(AM_CFLAGS) -fsanitize=fuzzer,address,undefined
tests_fuzz_fuzz_parser_LDFLAGS = -fsanitize=fuzzer,address,undefined
tests_fuzz_fuzz_parser_LDADD = libgmfront.a -lm
endif

