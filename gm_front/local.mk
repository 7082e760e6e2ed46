## gm_front: lexer, parser, AST, symbols, types, checks, desugaring.
noinst_LIBRARIES += libgmfront.a
libgmfront_a_SOURCES = \
	gm_front/ast.h gm_front/ast.c \
	gm_front/ast_walk.h gm_front/ast_walk.c \
	gm_front/diag.h gm_front/diag.c \
	gm_front/front.h \
	gm_front/parse.c gm_front/parse_internal.h \
	gm_front/print.c \
	gm_front/symtab.h gm_front/symtab.c \
	gm_front/types.h gm_front/types.c \
	gm_front/builtins.h gm_front/builtins.c \
	gm_front/check.c gm_front/check_internal.h \
	gm_front/check_names.c \
	gm_front/check_types.c \
	gm_front/check_calls.c \
	gm_front/check_stmts.c \
	gm_front/check_rules.c \
	gm_front/check_conflicts.c \
	gm_front/desugar.c \
	gm_front/locinfer.c \
	gm_front/oom.h gm_front/oom.c \
	gm_runtime/gmrt_file.h gm_runtime/file.c \
	gm_runtime/gmrt_edit.h gm_runtime/edit.c
libgmfront_a_LIBADD = $(libgmfront_gen_a_OBJECTS)
libgmfront_a_DEPENDENCIES = $(libgmfront_gen_a_OBJECTS)

# The flex/bison outputs are compiled apart, with the warnings their
# generated code trips switched off; our own sources keep -Wall -Wextra.
noinst_LIBRARIES += libgmfront_gen.a
libgmfront_gen_a_SOURCES = gm_front/lexer.c gm_front/lexer.h gm_front/parser.c gm_front/parser.h
libgmfront_gen_a_CFLAGS = $(AM_CFLAGS) -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter

# flex and bison run at build time; their outputs go to the build tree, and
# into the tarball, which so builds without flex and bison (configure then
# sets FLEX and BISON to `missing`). make clean keeps them: in a tarball
# without the tools they could not be made again.
BUILT_SOURCES += gm_front/parser.h gm_front/lexer.h
MAINTAINERCLEANFILES += gm_front/lexer.c gm_front/lexer.h gm_front/parser.c gm_front/parser.h
CLEANFILES += gm_front/parser.output
EXTRA_DIST += gm_front/lexer.l gm_front/parser.y

gm_front/parser.c gm_front/parser.h: $(top_srcdir)/gm_front/parser.y
	$(AM_V_GEN)$(MKDIR_P) gm_front && \
	$(BISON) -Wall -Werror --defines=gm_front/parser.h -o gm_front/parser.c $(top_srcdir)/gm_front/parser.y

gm_front/lexer.c gm_front/lexer.h: $(top_srcdir)/gm_front/lexer.l gm_front/parser.h
	$(AM_V_GEN)$(MKDIR_P) gm_front && \
	$(FLEX) --header-file=gm_front/lexer.h -o gm_front/lexer.c $(top_srcdir)/gm_front/lexer.l

# parse.c includes the generated scanner and parser headers; say so, so that
# building just the library (make libgmfront.a) works on a fresh tree too
# (BUILT_SOURCES only applies to all, check and install).
gm_front/parse.$(OBJEXT): gm_front/lexer.h gm_front/parser.h
