## gm_opt: target-independent passes on the checked, desugared AST.
noinst_LIBRARIES += libgmopt.a
libgmopt_a_SOURCES = gm_opt/opt.h gm_opt/opt.c
