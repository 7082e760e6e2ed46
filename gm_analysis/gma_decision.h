/* gma_decision.h: what a code generator chose for each loop of the plan
 * (gma_plan.h), recorded before it prints any code for the procedure.
 *
 * Contract: a gma_decided holds, for every record of one plan, a list of
 * decisions: key=value pairs with stable names (the keys and values each
 * backend uses are listed in docs/architecture.md, "Decisions"), in the
 * order the backend made them; a key may repeat (one atomics= per updated
 * property). A backend's decision phase (omp_decide, cuda_decide) fills the
 * lists of a procedure's records from the tree alone; its emitters then read
 * them (gma_decision) instead of choosing again, and --report and
 * `--dump=plan -t TARGET` print them. Values are copied; the set points into
 * the plan (free it first). Printing nothing, changing nothing in the tree. */
#ifndef GM_GMA_DECISION_H
#define GM_GMA_DECISION_H

#include <stdbool.h>
#include <stdio.h>

#include "gma_plan.h"

typedef struct gma_choice {
    const char *key;  /* a string literal: the decision's stable name */
    char *value;      /* malloc'd */
    const gm_stmt *at; /* the statement it is about (an update's atomics=), or NULL */
    bool quiet;       /* for the emitters only: not on --report's line */
} gma_choice;

/* The decisions of one record. */
typedef struct gma_decisions {
    const gma_record *rec;
    gma_choice *c;
    int n, cap;
} gma_decisions;

typedef struct gma_decided {
    const gma_plan *plan;
    const char *target;     /* "omp", "cuda" */
    gma_decisions *recs;    /* one per plan record, same index */
} gma_decided;

gma_decided *gma_decided_new(const gma_plan *plan, const char *target);
void gma_decided_free(gma_decided *d);

/* The decisions of loop s's record (for an InBFS, its InReverse's when
 * reverse); NULL when s has no record or d is NULL. */
gma_decisions *gma_decisions_of(const gma_decided *d, const gm_stmt *s, bool reverse);

/* Appends key=value (printf-formatted). Does nothing when ds is NULL. */
void gma_decide(gma_decisions *ds, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Appends key=value about statement at (gma_decision_at finds it); quiet:
 * kept off --report's decision line (gma_decisions_line), for a choice the
 * target words per loop in another form (omp's update=). */
void gma_decide_at(gma_decisions *ds, const gm_stmt *at, bool quiet, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The value of key about statement at, in any record of d; NULL when none. */
const char *gma_decision_at(const gma_decided *d, const gm_stmt *at, const char *key);
/* Frees ds's values (a list of a loop without a record, filled on the spot). */
void gma_decisions_clear(gma_decisions *ds);
/* The first value of key, NULL when none (or ds is NULL). */
const char *gma_decision(const gma_decisions *ds, const char *key);
/* Whether key's first value is value. */
bool gma_decision_is(const gma_decisions *ds, const char *key, const char *value);

/* --dump=plan with a target: gma_plan_print's text with each record's
 * decisions under it, one "    TARGET key=value" line each (a quiet one
 * "    TARGET key(line N)=value", N its statement's line). */
void gma_decided_print(FILE *out, const gma_decided *d, const char *file);
/* One record's decisions on one line, "key=value, key=value" (nothing
 * when it has none; quiet ones left out). */
void gma_decisions_line(FILE *out, const gma_decisions *ds);

#endif /* GM_GMA_DECISION_H */
