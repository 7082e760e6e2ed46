## gm_analysis: analyses both backends use (shapes, fixpoints) and their
## read-only AST walk; on gm_front's AST only, printing nothing.
noinst_LIBRARIES += libgma.a
libgma_a_SOURCES =
libgma_a_SOURCES += gm_analysis/gma_shape.h
libgma_a_SOURCES += gm_analysis/gma_walk.h
libgma_a_SOURCES += gm_analysis/gma_walk.c
libgma_a_SOURCES += gm_analysis/gma_frontier.h
libgma_a_SOURCES += gm_analysis/gma_frontier.c
libgma_a_SOURCES += gm_analysis/gma_monotone.h
libgma_a_SOURCES += gm_analysis/gma_monotone.c
libgma_a_SOURCES += gm_analysis/gma_plan.h
libgma_a_SOURCES += gm_analysis/gma_plan.c
libgma_a_SOURCES += gm_analysis/gma_plan_print.c
libgma_a_SOURCES += gm_analysis/gma_decision.h
libgma_a_SOURCES += gm_analysis/gma_decision.c
libgma_a_SOURCES += gm_analysis/gma_clique.h
libgma_a_SOURCES += gm_analysis/gma_clique.c
libgma_a_SOURCES += gm_analysis/gma_sync.h
libgma_a_SOURCES += gm_analysis/gma_sync_internal.h
libgma_a_SOURCES += gm_analysis/gma_sync.c
libgma_a_SOURCES += gm_analysis/gma_sync_state.c
libgma_a_SOURCES += gm_analysis/gma_sync_place.c
libgma_a_SOURCES += gm_analysis/gma_sync_check.c
