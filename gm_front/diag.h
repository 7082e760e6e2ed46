/* diag.h: the one diagnostics sink of the compiler.
 *
 * Every message is printed to stderr as
 *     file:line:col: error: message [class]
 *     <the source line>
 *     <spaces>^
 * The class is a stable short name (below); golden tests match on it. This
 * sink is the only global mutable state of the compiler.
 */
#ifndef GM_DIAG_H
#define GM_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "ast.h"

typedef enum gm_diag_class {
    /* errors */
    GMD_SYNTAX,              /* "syntax": unexpected token, bad literal */
    GMD_UNDEFINED,           /* "undefined": undefined name */
    GMD_BAD_PROPERTY,        /* "bad-property": undefined or wrong-kind property */
    GMD_REDEFINED,           /* "redefined": defined twice, shadowing, two procs of one name */
    GMD_READONLY,            /* "readonly": write to an input scalar or an iterator */
    GMD_BAD_RANGE,           /* "bad-range": iteration source of the wrong kind */
    GMD_AMBIGUOUS_GRAPH,     /* "ambiguous-graph": implicit binding with several graphs */
    GMD_GRAPH_MISMATCH,      /* "graph-mismatch": mixing nodes/properties of two graphs */
    GMD_TYPE,                /* "type": operator on wrong types, incompatible values */
    GMD_CONDITION,           /* "condition": non-Bool condition or filter */
    GMD_BOOL_NUMERIC,        /* "bool-numeric": Bool and numeric mixed in assignment */
    GMD_CAST,                /* "cast": bad cast */
    GMD_INF_ARITH,           /* "inf-arith": arithmetic on INF */
    GMD_GROUP_REDUCE,        /* "group-reduce": group assignment used as a reduction */
    GMD_REDUCE_BINDING,      /* "reduce-binding": target bound to two loops / two operators, bad @ */
    GMD_CONFLICT,            /* "conflict": read-reduce, write-reduce, write-mutate */
    GMD_ARGMINMAX,           /* "argminmax": arity or driver mismatch */
    GMD_RETURN_PARALLEL,     /* "return-parallel": Return inside a parallel region */
    GMD_RETURN_TYPE,         /* "return-type": mismatched value, missing value, value in void */
    GMD_NESTED_TRAVERSAL,    /* "nested-traversal": BFS/DFS inside another */
    GMD_BUILTIN,             /* "builtin": unknown built-in, wrong receiver, arity, argument type */
    GMD_MAP_KEY,             /* "map-key": map key type mismatch */
    GMD_CALL,                /* "call": bad procedure call (extension) */
    GMD_UNSUPPORTED,         /* "unsupported": valid Green-Marl that gmc cannot translate */
    GMD_IO,                  /* "io": cannot read the input file */
    GMD_DIST_UNSUPPORTED,    /* "dist-unsupported": a construct --distributed cannot run
                                (DFS, collections, remote adjacency, calls: gma_sync.h) */
    /* warnings (each can be switched with -Wname / -Wno-name) */
    GMD_W_NARROWING,         /* "narrowing": e.g. Double assigned to Int */
    GMD_W_PROMOTION,         /* "promotion": integer mixed with floating (non-literal) */
    GMD_W_RACE,              /* "race": read-write, write-write, read-mutate, mutate-mutate */
    GMD_W_UNUSED,            /* "unused": a variable declared and never used */
    GMD_W_MISSING_RETURN,    /* "missing-return": a non-void procedure can end without Return
                                (accepted as by gm_comp; it then returns the zero value) */
    GMD_NOTE,                /* "note": informational */
    GMD_CLASS_COUNT
} gm_diag_class;

typedef enum gm_severity { GM_SEV_NOTE, GM_SEV_WARNING, GM_SEV_ERROR } gm_severity;

/* Point the sink at the file being compiled; source may be NULL (no excerpt). */
void gm_diag_begin(const char *filename, const char *source, size_t len);
/* Forget the file, counts and options (tests and fuzzers call this between inputs). */
void gm_diag_reset(void);
/* Where messages go (default stderr; tests capture into a memstream). */
void gm_diag_set_stream(FILE *out);

/* Warning control: -Wname, -Wno-name, -Werror, -w. Returns false for an unknown name. */
bool gm_diag_set_warning(const char *name, bool enabled);
void gm_diag_set_werror(bool on);
void gm_diag_disable_all_warnings(bool off);

void gm_error(gm_loc loc, gm_diag_class cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void gm_warning(gm_loc loc, gm_diag_class cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void gm_note(gm_loc loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void gm_vdiag(gm_severity sev, gm_loc loc, gm_diag_class cls, const char *fmt, va_list ap);

int gm_error_count(void);
int gm_warning_count(void);

const char *gm_diag_class_name(gm_diag_class cls);
/* Stop reporting after this many errors (0 = unlimited); default 50. */
void gm_diag_set_error_limit(int limit);

#endif /* GM_DIAG_H */
