## driver: the gmc command (options, the stage sequence, -x, gmc run).
bin_PROGRAMS += gmc
noinst_LIBRARIES += libgmcdriver.a
gmc_SOURCES = driver/gmc_main.c
gmc_LDADD = libgmcdriver.a libgmopt.a libgmbcuda.a libgmbomp.a libgmcg.a libgma.a libgmfront.a -lm
libgmcdriver_a_SOURCES = \
	driver/options.h driver/options.c driver/usage.h driver/usage.c \
	driver/command.h driver/command.c \
	driver/pipeline.h driver/pipeline.c driver/entry.h driver/entry.c \
	driver/compile_output.h driver/compile_output.c driver/nvcc.h driver/nvcc.c \
	driver/runtime_paths.h driver/runtime_paths.c driver/spawn.h driver/spawn.c \
	driver/run_cache.h driver/run_cache.c driver/cuda_flags.h driver/cuda_flags.c \
	driver/output_path.h driver/output_path.c \
	driver/signature.h driver/signature.c
nodist_libgmcdriver_a_SOURCES = driver/gmc_commit.h
# Install directories as make sees them, so `make prefix=...` is honoured.
libgmcdriver_a_CPPFLAGS = $(AM_CPPFLAGS) -DGMC_MK_BINDIR='"$(bindir)"' \
	-DGMC_MK_LIBDIR='"$(libdir)"' -DGMC_MK_INCLUDEDIR='"$(includedir)"'

## --version names the commit. The header is refreshed on every make but
## only rewritten when the commit changed, so nothing rebuilds needlessly.
## The scratch file is the shell's own ($$$$): two makes in one tree at
## once (run-tests.sh runs make check and make distcheck side by side, and
## dist runs BUILT_SOURCES) once moved each other's file away.
BUILT_SOURCES += driver/gmc_commit.h
CLEANFILES += driver/gmc_commit.h
EXTRA_DIST += driver/commit.sh
driver/gmc_commit.h: gmc-commit-refresh
	@$(MKDIR_P) driver
	@c=`$(SHELL) $(top_srcdir)/driver/commit.sh $(top_srcdir)`; t=$@-t$$$$; \
	printf '#define GMC_COMMIT "%s"\n' "$$c" > $$t; \
	if cmp -s $$t $@; then rm -f $$t; else mv -f $$t $@; fi
.PHONY: gmc-commit-refresh
gmc-commit-refresh:

## A tarball has no .git: it carries the commit in driver/COMMIT.
dist-hook: gmc-dist-commit
gmc-dist-commit:
	$(SHELL) $(top_srcdir)/driver/commit.sh $(top_srcdir) > $(distdir)/driver/COMMIT
