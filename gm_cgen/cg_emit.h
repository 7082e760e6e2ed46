/* cg_emit.h: the target-neutral C emitter (gm_cgen/) that both code
 * generators share, and its hook table (cg_hooks), which each target
 * (gm_backend_omp/, gm_backend_cuda/) fills with its own functions. No
 * file of gm_cgen/ asks which target it writes for: where C for the two
 * differs, it calls a hook.
 *
 * One cg_emit lives for one generated file. It holds the output stream and
 * indentation, the C name chosen for every symbol (cg_ident.h: names never
 * clash with C, C++ or CUDA keywords, the C library or the generator's own
 * temporaries, which all start with "_c_"), the stack of C scopes with what must be freed when each
 * one ends (or at a Return), and what the statement being emitted sits
 * inside: a parallel region, a BFS traversal, a loop with deferred writes.
 */
#ifndef GM_CG_EMIT_H
#define GM_CG_EMIT_H

#include <stdbool.h>
#include <stdio.h>

#include "ast.h"
#include "gma_decision.h"
#include "prop_defined.h" /* gm_opt: definite assignment of local properties */
#include "gma_shape.h" /* the analyses both targets use (gm_analysis/) */
#include "gma_walk.h"

/* Something to release when a C scope ends: a statement such as "free(x);". */
typedef struct cg_cleanup {
    char *code;
    struct cg_cleanup *next;
} cg_cleanup;

typedef struct cg_scope {
    cg_cleanup *cleanups; /* newest first */
    struct cg_scope *outer;
} cg_scope;

struct cg_emit;

/* The outermost parallel loop being emitted (OpenMP's "parallel for", or
 * the target's, e.g. a CUDA kernel's body). */
typedef struct cg_region {
    gm_symbol *iter;        /* its iterator */
    gm_range_kind range;    /* what it ranges over */
    bool *declared_inside;  /* by symbol id: declared in the region (thread-private) */
    bool needs_locks;       /* an arg-min/max on properties takes per-element locks */
    const char *lock_name;  /* the lock array's C name */
} cg_region;

/* The BFS traversal whose body is being emitted. */
typedef struct cg_bfs_ctx {
    gm_symbol *iter;
    const char *graph;      /* the graph's C name */
    const char *level;      /* per-node level array */
    bool transposed;        /* G^: walk in-edges forward */
} cg_bfs_ctx;

struct cg_emit;

/* The steps of --main's timed runs where a target adds code (cg_main.c). */
typedef enum cg_main_step {
    CG_MAIN_BEFORE_LOAD,  /* after the options are read, before gmrt_cli_load
                             (a device target: what its arrays need, gmrt_cli.h) */
    CG_MAIN_GRAPH_LOADED, /* after the graph is loaded, before the clock */
    CG_MAIN_BEFORE_RUNS,  /* before the loop of repeated calls */
    CG_MAIN_RUN_BEGIN,    /* in a run, after the arguments are reset */
    CG_MAIN_RUN_TIMED,    /* in a run, after its time is recorded */
    CG_MAIN_RUN_END,      /* in a run, after the call's results */
    CG_MAIN_AFTER_RUNS,   /* after the loop */
    CG_MAIN_TIMES_DONE,   /* after the times are printed */
    CG_MAIN_DIST_LOCAL_READY, /* --distributed: the rank's local graph G->local has its
                                 host indexes, before the clock (a device copy there) */
} cg_main_step;

/* The hook table: what each target (gm_backend_omp/, gm_backend_cuda/)
 * supplies to the shared emitter. Both fill every entry; the shared code
 * calls them unconditionally and never asks which target it writes for.
 * A hook gets the emitter and reaches the target's own state through
 * em->target (the context pointer). Hooks that answer bool return true when
 * they emitted the construct themselves, false to leave the shared
 * translation in place. */
typedef struct cg_hooks {
    /* Any statement, before the shared translation (CUDA: host statements
     * that launch kernels or need transfers). */
    bool (*stmt)(struct cg_emit *em, const gm_stmt *s);
    /* An outermost parallel Foreach (CUDA: a kernel). */
    bool (*parallel_loop)(struct cg_emit *em, const gm_stmt *s);
    /* A While / Do-While outside parallel code (OpenMP: a minimum-label
     * loop's union-find, a frontier worklist). */
    bool (*round_loop)(struct cg_emit *em, const gm_stmt *s);
    /* A BFS traversal (InBFS / InReverse) (CUDA: kernels per level). */
    bool (*bfs)(struct cg_emit *em, const gm_stmt *s);
    /* A property element read / plain write (CUDA, host code: where the
     * element lives). */
    bool (*prop_read)(struct cg_emit *em, const gm_expr *e);
    bool (*prop_write)(struct cg_emit *em, const gm_stmt *s);
    /* A reduction (+=, min=, ...) on a property element in host code
     * (--distributed: the owner's element; NULL: the plain form). */
    bool (*prop_reduce)(struct cg_emit *em, const gm_stmt *s);
    /* A property element prop[index] printed the target's way (false: the
     * plain form), and the CSR array a neighbour loop's iterator is read
     * from (node_idx / r_node_idx for the plain layout). */
    bool (*prop_elem)(struct cg_emit *em, const gm_symbol *prop, const gm_expr *index);
    const char *(*nbr_ids)(struct cg_emit *em, const gm_symbol *iter, bool reverse);
    /* The runtime the code being emitted calls for graph queries, common
     * neighbours and random numbers ("gmrt" on the host), and the random
     * number state those calls take. */
    const char *(*runtime)(struct cg_emit *em);
    const char *(*rng)(struct cg_emit *em);
    /* A Foreach over all nodes that the target runs over a list instead
     * (OpenMP's worklists, omp_worklist.c): the list's length as a C
     * expression, with in *decl a printf format taking the iterator's C
     * name that declares it from list position _c_qi (and may `continue`
     * past a position); NULL: every node. */
    const char *(*node_list)(struct cg_emit *em, const gm_stmt *s, const char **decl);
    /* Whether a sequential Nbrs loop filtered by a lower bound on a sorted
     * row may start at a binary search of the row (false where the threads
     * of a warp walk rows in lockstep). */
    bool (*row_search)(struct cg_emit *em);
    /* Prints the address of a throw-away out-argument of type t. */
    void (*discard_arg)(struct cg_emit *em, const gm_type *t);
    /* An atomic update lv OP= v of type k in parallel code (false: the
     * host's C11/GNU atomics). */
    bool (*atomic_update)(struct cg_emit *em, gm_assign_op op, const char *lv, const char *v, gm_type_kind k);
    /* An arg-min/max in parallel code on shared targets, after its values
     * _c_a0.. are declared; key is the C lvalue of its key (false: the
     * host's CAS or locks). */
    bool (*argminmax)(struct cg_emit *em, const gm_stmt *s, const char *key, bool is_min);
    /* After a procedure's parameters are checked (the target sets up its
     * state; true: it also built the graph indexes the body needs). */
    bool (*proc_begin)(struct cg_emit *em, const gm_proc *proc);
    /* The target's decision phase for one procedure (gma_decision.h): fills
     * em->decided's records of proc's loops before any of its text is
     * printed; the target's emitters then read them. */
    void (*decide)(struct cg_emit *em, const gm_proc *proc);
    /* --main: what the target adds at each step of the timed runs (the
     * host's graph indexes at CG_MAIN_GRAPH_LOADED; a device target's
     * memory need at CG_MAIN_BEFORE_LOAD, its uploads, transfers and
     * accounting at the others). */
    void (*main_step)(struct cg_emit *em, const gm_proc *proc, cg_main_step step);
    /* The C type of a Graph parameter ("gm_graph *"; -t omp --distributed:
     * "gmd_graph *", gm_backend_omp/omp_dist.c). */
    const char *(*graph_ctype)(struct cg_emit *em);
    /* A built-in call printed the target's way (false: the shared form;
     * --distributed: global counts and degrees). */
    bool (*builtin)(struct cg_emit *em, const gm_expr *e);
    /* A Node expression used as a value (stored, compared, returned)
     * printed the target's way (false: as any expression; --distributed:
     * a loop iterator, a local id, becomes its global id). */
    bool (*node_value)(struct cg_emit *em, const gm_expr *e);
    /* The error slot that a checked access in parallel code records its
     * failure in (cg_nil.c): its address in the code being emitted (CUDA
     * kernels: the device's), or NULL where that code runs on the host
     * (the host statement's own _c_nil). */
    const char *(*nil_slot)(struct cg_emit *em);
    /* The host expression that reads the device's slot after the kernels
     * and clears it (NULL: the target has no device). */
    const char *nil_take;
    /* The output is C++ (void * converts only by a cast). */
    bool cxx;
    /* Property arguments may be device memory, used in place (no copies):
     * the driver's --device-args measures the call that way. */
    bool device_args;
} cg_hooks;

/* Hook entries for where the shared translation stands (cg_emit.c): a
 * target's table names them for the host-C behaviour. cg_hook_no_* emit
 * nothing and answer false (main_step: nothing at any step); the others
 * answer the plain layout's and the host's forms: node_idx / r_node_idx,
 * "gmrt", "gm_graph *", a compound literal (C only), no device slot. */
bool cg_hook_no_stmt(struct cg_emit *em, const gm_stmt *s);
bool cg_hook_no_expr(struct cg_emit *em, const gm_expr *e);
bool cg_hook_no_elem(struct cg_emit *em, const gm_symbol *prop, const gm_expr *index);
bool cg_hook_no_atomic(struct cg_emit *em, gm_assign_op op, const char *lv, const char *v, gm_type_kind k);
bool cg_hook_no_argminmax(struct cg_emit *em, const gm_stmt *s, const char *key, bool is_min);
void cg_hook_no_main_step(struct cg_emit *em, const gm_proc *proc, cg_main_step step);
const char *cg_hook_plain_nbr_ids(struct cg_emit *em, const gm_symbol *iter, bool reverse);
const char *cg_hook_host_runtime(struct cg_emit *em);
const char *cg_hook_plain_graph_ctype(struct cg_emit *em);
void cg_hook_c_discard_arg(struct cg_emit *em, const gm_type *t);
const char *cg_hook_host_nil_slot(struct cg_emit *em);

/* The checks of property elements reached through a Node or Edge value in
 * parallel code (cg_nil.c): the sites recorded since the last report, the
 * index expressions a statement guard has checked already (each printed as
 * its temporary when it has one), and whether a host slot is in scope. */
typedef struct cg_nil_site {
    char *where;            /* "bfs.gm:12: p.y" */
    bool device;            /* recorded in the device's slot */
} cg_nil_site;

#define CG_NIL_GUARDS 16

typedef struct cg_nil_state {
    cg_nil_site *sites;
    int nsites, cap;
    int base;               /* the first site of the innermost host statement */
    bool host_slot;         /* a host statement declares _c_nil around this code */
    bool host_used;         /* ... and a site recorded in it */
    bool lvalue;            /* cg_lvalue is printing a target */
    int nguard;
    const gm_expr *guard[CG_NIL_GUARDS];
    char *guard_text[CG_NIL_GUARDS]; /* NULL: printed as written */
} cg_nil_state;

typedef struct cg_emit {
    FILE *out;
    int indent;
    gm_program *prog;
    const char *src_base;   /* "bfs.gm" for line markers */
    gm_proc *proc;          /* the procedure being emitted */
    int nsyms;
    char **names;           /* by symbol id: C name (NULL until first use) */
    char **edge_of;         /* by iterator id: C expression of t.ToEdge() */
    char **deferred;        /* by symbol id: C name of the _nxt buffer while
                               a loop bound to deferred writes runs */
    int tmp;                /* counter for fresh temporaries */
    int par_depth;          /* > 0 inside a parallel region */
    cg_region *region;     /* the region when par_depth > 0 */
    cg_scope *scope;       /* innermost C scope */
    cg_bfs_ctx *bfs;
    bool ok;                /* false after an unsupported construct */
    /* The target's hook table and its own state (the hooks' context). */
    const cg_hooks *tg;
    void *target;
    const char *target_name; /* "omp", "cuda --distributed", ...: named in errors */
    /* Worklists: a store into the Bool property push_flag (always of True)
     * also appends the element to the next worklist; push_fmt is a printf
     * format taking the element's C index. */
    const gm_symbol *push_flag;
    const char *push_fmt;
    /* The target's decisions for the program's loops (gma_decision.h),
     * filled per procedure by tg->decide; NULL: none kept. */
    struct gma_decided *decided;
    cg_nil_state nil;
    /* A declaration that the parallel loop of thread_loop makes once per
     * thread, before its iterations (a target's per-thread state: the
     * OpenMP target's row marks, omp_linked.c); thread_decl_made says
     * whether cg_par_begin printed it. NULL: none. */
    const gm_stmt *thread_loop;
    const char *thread_decl;
    bool thread_decl_made;
} cg_emit;

/* The suffix of the emitted _c_atomic_OP_SUFFIX helpers for a value type
 * (i32, i64, f32, f64; b for Bool) (cg_reduce.c). */
const char *cg_atomic_suffix(gm_type_kind k);

/* The head `while (cond) {` or `do {` of a While/Do loop emitted around
 * other code (the worklist passes), and its matching end. */
void cg_round_loop_open(cg_emit *em, const gm_stmt *loop);
void cg_round_loop_close(cg_emit *em, const gm_stmt *loop);

/* After a store into element `index` of prop: the worklist append, if any. */
void cg_after_prop_store(cg_emit *em, const gm_symbol *prop, const gm_expr *index);

/* ---- output (cg_emit.c) */
void cg_line(cg_emit *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cg_printf(cg_emit *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cg_start_line(cg_emit *em); /* indentation only */
void cg_marker(cg_emit *em, gm_loc loc); /* the "/ * file.gm:LINE * /" comment */
char *cg_strf(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* malloc'd */
char *cg_fresh(cg_emit *em, const char *what); /* "_c_what3", malloc'd */
void cg_unsupported(cg_emit *em, gm_loc loc, const char *what);

/* ---- names and scopes (cg_emit.c) */
const char *cg_name(cg_emit *em, const gm_symbol *sym);
void cg_set_name(cg_emit *em, const gm_symbol *sym, const char *name); /* copies */
void cg_reset_names(cg_emit *em);
void cg_scope_push(cg_emit *em);
void cg_scope_add_cleanup(cg_emit *em, char *code); /* takes ownership */
void cg_scope_pop(cg_emit *em, bool emit_cleanups);
void cg_emit_all_cleanups(cg_emit *em); /* at a Return: every live scope */

/* ---- types (cg_types.c) */
const char *cg_ctype(const gm_type *t);          /* "int32_t", "double *", ... */
const char *cg_prim_ctype(gm_type_kind k);
bool cg_is_prim(gm_type_kind k);
bool cg_is_float(gm_type_kind k);
bool cg_is_collection(gm_type_kind k);
const char *cg_gmrt_type(gm_type_kind k);        /* "GMRT_T_INT32" ... */
const char *cg_collection_free_fn(gm_type_kind k); /* "gmrt_nodeset_free" */
const char *cg_collection_new_fn(gm_type_kind k);
const char *cg_coll_kind(gm_type_kind k);        /* "GMRT_COLL_SET" ... */
const char *cg_graph_of(cg_emit *em, const gm_type *t); /* C name of t's graph */
/* prop[index], or the target's form of it in device code (tg->prop_elem). */
void cg_prop_elem(cg_emit *em, const gm_symbol *prop, const gm_expr *index);
/* The CSR array a neighbour iterator is read from (the target's
 * tg->nbr_ids). */
const char *cg_nbr_ids(cg_emit *em, const gm_symbol *iter, bool reverse);
/* Size of a property's array: "G->num_nodes" or "G->num_edges". */
char *cg_prop_count(cg_emit *em, const gm_type *prop_type);
/* The generated comment's words on a local property that starts zeroed, or
 * NIL (gmo_prop_may_read_unset): never written, or maybe read before written. */
const char *cg_unset_prop_note(const gm_stmt *after_decl, const gm_symbol *prop);
/* Whether a property's values are nodes or edges (its unset value: NIL,
 * all bits set, not zero). */
bool cg_prop_of_nodes(const gm_type *prop_type);

/* ---- a minimum-label loop as one union-find call (cg_min_label.c) */
void cg_min_label(cg_emit *em, const gm_stmt *s);
/* The loop around that call and its closing (the CUDA target's call too). */
/* Opens a marked loop and says how its fixpoint is reached: how (and,
 * when not NULL, how_more on a second line) after "component
 * (gm_opt/min_label.c), " in the loop's comment. */
#define CG_MIN_LABEL_HOW "by union-find instead of one round per hop"
void cg_min_label_open(cg_emit *em, const gm_stmt *s, const char *how, const char *how_more);
void cg_min_label_close(cg_emit *em, const gm_stmt *s);

/* ---- NIL checks in parallel code (cg_nil.c) */
/* Whether index (a Node or Edge value) is in range by construction: a
 * loop's own iterator, a neighbour iterator's ToEdge(), an edge's end of
 * one of those, or a variable only ever set to one of those. */
bool cg_nil_proven(const cg_emit *em, const gm_expr *index);
/* Whether an element reached through index is checked in parallel code. */
bool cg_nil_needed(const cg_emit *em, const gm_expr *index);
/* Whether index was checked by the statement being emitted (printed plain). */
bool cg_nil_guarded(const cg_emit *em, const gm_expr *index);
/* A checked read prop[index] in parallel code as one expression (false:
 * not one; the caller prints the element). */
bool cg_nil_read(cg_emit *em, const gm_symbol *prop, const gm_expr *index);
/* Prints the guarded index expression e as its temporary (false: not one). */
bool cg_nil_subst(cg_emit *em, const gm_expr *e);
/* A statement: in parallel code, its writes through unchecked values under
 * a guard; in host code, the parallel statement with its slot and, after
 * it, the report of a failed check. emit prints s itself. */
void cg_nil_stmt(cg_emit *em, const gm_stmt *s, void (*emit)(cg_emit *em, const gm_stmt *s));
/* Other uses of a Node or Edge value that index the graph (a degree, an edge
 * test, PickRandomNbr, an edge's end, a loop over a node's neighbours or
 * edges, a traversal's root), checked as property elements are: the
 * built-in call e printed checked (false: nothing to check, print it
 * plainly); the loop s printed by emit under its check (false: nothing to
 * check); a traversal's root value printed checked (what: "InBFS"). */
bool cg_nil_call(cg_emit *em, const gm_expr *e);
bool cg_nil_loop(cg_emit *em, const gm_stmt *s, void (*emit)(cg_emit *em, const gm_stmt *s));
void cg_nil_root(cg_emit *em, const gm_expr *root, const char *what);
/* In a CUDA kernel (tg->nil_slot): the device slot (NULL elsewhere) and,
 * in *code, a new site whose report is message itself (taken over); the
 * host reports it after the statement, as a failed NIL check. */
const char *cg_nil_message_site(cg_emit *em, char *message, int *code);

/* ---- expressions (cg_expr.c) */
void cg_expr(cg_emit *em, const gm_expr *e);
/* e stored or converted into a value of kind k: cg_expr's text, except an
 * integer constant that C's conversion to a floating k would change, which
 * is spelled as the floating value it becomes. */
void cg_value_in(cg_emit *em, const gm_expr *e, gm_type_kind k);
/* e used as a Node value (tg->node_value, else cg_expr). */
void cg_node_value(cg_emit *em, const gm_expr *e);
char *cg_node_value_str(cg_emit *em, const gm_expr *e); /* malloc'd */
char *cg_expr_str(cg_emit *em, const gm_expr *e); /* malloc'd */
char *cg_lvalue_str(cg_emit *em, const gm_expr *e); /* malloc'd */
/* What the emitter prints between cg_capture_begin and cg_capture_end goes
 * into a buffer instead of em->out (cg_emit.c): end restores em->out and
 * returns the text (malloc'd, "" when nothing was printed). Captures nest. */
typedef struct cg_capture {
    FILE *saved, *mem;
    char *text;
    size_t len;
} cg_capture;
void cg_capture_begin(cg_emit *em, cg_capture *c);
char *cg_capture_end(cg_emit *em, cg_capture *c);
void cg_cond(cg_emit *em, const gm_expr *e); /* without outer parentheses */
void cg_float_literal(cg_emit *em, double v, bool is_float);
void cg_inf(cg_emit *em, gm_type_kind k, bool negative);
/* The gmrt_inline.h helper that does op (+ - *, or GMOP_NEG) on values of
 * kind k wrapping modulo 2^32 (Int) or 2^64 (Long), "_c_add_i32" ...; NULL
 * for other kinds and operators, which C's own operators compute (cg_expr.c). */
const char *cg_wrap_fn(int op, gm_type_kind k);
void cg_builtin_call(cg_emit *em, const gm_expr *e);
/* x._CountNbrs...(y, z) (GMB_NODE_COUNT_LINKED) as gmrt_linked.h's count;
 * with marks (a C expression of the calling thread's gmrt_row_marks *,
 * host code) its marked form, for a loop that counts for one x after
 * another; for w > y with y an enclosing `Foreach (y: x.Nbrs)`, its _from
 * form (x's row searched after y's edge). */
void cg_count_linked(cg_emit *em, const gm_expr *e, const char *marks);
void cg_user_call(cg_emit *em, const gm_expr *e);
/* A call statement: as cg_user_call, except that an output stored into a
 * variable of another primitive type (a Double output into an Int, an Int
 * output into a Long) goes through a temporary of the callee's type and a
 * conversion (section 6), in a block of its own: its address would
 * otherwise be written at the callee's width. */
void cg_user_call_stmt(cg_emit *em, const gm_expr *e);
bool cg_is_literal(const gm_expr *e);

/* ---- collections and maps (cg_collections.c) */
void cg_collection_call(cg_emit *em, const gm_expr *e); /* a built-in on a collection/map */
void cg_map_get(cg_emit *em, const gm_expr *index_expr);
void cg_map_set(cg_emit *em, const gm_expr *index_expr, const char *value);
void cg_map_key(cg_emit *em, const gm_type *map, const gm_expr *key);
const char *cg_map_field(const gm_type *map_val_or_key); /* "i" or "d" */

/* ---- statements (cg_stmt.c) */
void cg_stmt(cg_emit *em, const gm_stmt *s);
/* The swap statement s (GMS_SWAP) as an exchange of the two arrays'
 * contents, each keeping its own storage (a caller's array, a CUDA
 * mirror's host buffer). */
void cg_swap_contents(cg_emit *em, const gm_stmt *s);
void cg_block(cg_emit *em, const gm_stmt *s); /* emits { ... } with its own scope */
void cg_stmt_list(cg_emit *em, const gm_stmt *list);
void cg_lvalue(cg_emit *em, const gm_expr *lhs); /* x, P[n], *out */

/* ---- reductions (cg_reduce.c) */
void cg_reduce_assign(cg_emit *em, const gm_stmt *s);
/* Whether value, a Long, goes into an Int target: its low 32 bits, which
 * the generated code says by a cast (an out-of-range constant would draw
 * an overflow warning from the C compiler). */
bool cg_long_into_int(gm_type_kind target, const gm_expr *value);
/* s's reduction applied to the C lvalue lv, plainly (no atomics). */
void cg_reduce_into(cg_emit *em, const gm_stmt *s, const char *lv);
void cg_argminmax(cg_emit *em, const gm_stmt *s);
/* Before a parallel loop: the clauses for the scalar reductions of body
 * (" reduction(+:x)" ...), malloc'd, and whether arg-min/max needs locks. */
char *cg_reduction_clauses(cg_emit *em, const gm_stmt *body, cg_region *r);
/* Marks in r->declared_inside every symbol declared in body. */
void cg_mark_declared(cg_emit *em, const gm_stmt *body, cg_region *r);
/* Scalar arg-min/max targets shared by the region: per-thread partials. */
int cg_collect_scalar_argmin(cg_emit *em, const gm_stmt *body, cg_region *r,
                              const gm_stmt **out, int max);

/* ---- loops (cg_loops.c) */
void cg_foreach(cg_emit *em, const gm_stmt *s);
/* Whether the loop runs as the outermost parallel loop. */
bool cg_loop_is_parallel(const cg_emit *em, const gm_stmt *s);
/* The body of a loop in its own C block: decl (the iterator's declaration,
 * may be NULL), the filter as a "continue", the statements. */
void cg_loop_body(cg_emit *em, const gm_stmt *s, const char *decl);
bool cg_body_has_nbr_loop(const gm_stmt *body);
/* Whether the parallel node loop s runs as one loop over the edges of its
 * single neighbour loop (it then needs the graph's edge sources). */
bool cg_loop_over_edges(const gm_stmt *s);
/* Deferred assignments bound to a loop: buffers before it, publication after. */
void *cg_emit_deferred_begin(cg_emit *em, const gm_stmt *loop_body, gm_symbol *bound);
void cg_emit_deferred_end(cg_emit *em, void *state);

/* ---- traversals (cg_bfs.c, cg_dfs.c) */
void cg_bfs(cg_emit *em, const gm_stmt *s);
/* Whether a BFS's forward body touches only its own node (no loop,
 * reduction, call or navigator): it may run at any point of its level. */
bool cg_bfs_body_is_local(const gm_stmt *s);
/* `if (!(navigator)) STOP;` on candidate node `cand`; nothing without one. */
void cg_bfs_nav_check(cg_emit *em, const gm_stmt *s, const char *cand, const char *stop);
/* Such a body for the node named `node`, in braces (under `if (guard)`
 * when guard is not NULL), with a comment saying `what`. */
void cg_bfs_local_body(cg_emit *em, const gm_stmt *s, const char *node, const char *guard, bool in_parallel,
                       const char *what);
void cg_dfs(cg_emit *em, const gm_stmt *s);
/* Up/Down neighbour loops inside a BFS body (em->bfs) (cg_loops.c). */
void cg_bfs_updown_loop(cg_emit *em, const gm_stmt *s);

/* ---- parallel regions (cg_loops.c) */
/* Opens a parallel loop: prepares the region, emits what goes before the
 * pragma and the pragma itself; the caller emits the for header and body. */
typedef struct cg_par {
    cg_region region;
    const gm_stmt *argmins[16];
    int nargmin;
    bool opened;            /* a "#pragma omp parallel" block was opened */
    char **saved_names;     /* names replaced by per-thread partials */
} cg_par;
/* trip: a C expression for the loop's trip count when it is small often
 * (BFS levels); the loop then runs in parallel only when it is worth a
 * fork-join (NULL: always parallel). loop (reverse: its InReverse) is the
 * statement whose record's schedule= decision the pragma takes. */
void cg_par_begin(cg_emit *em, cg_par *par, gm_symbol *iter, gm_range_kind range,
                   const gm_stmt *body, const char *graph, const char *trip, const gm_stmt *loop, bool reverse);
/* The OpenMP schedule of a parallel loop over body (its trip count known
 * when counted): "static" when no iteration walks a neighbour row, else
 * "dynamic(chunk)" (chunks sized from the trip count) or "dynamic(64)". */
const char *cg_schedule_kind(const gm_stmt *body, bool counted);
void cg_par_end(cg_emit *em, cg_par *par);

/* ---- API and driver (cg_api.c, cg_main.c) */
void cg_prologue(cg_emit *em, const char *header_name);
/* What a procedure needs built on its graph before parallel code. */
void cg_graph_needs(const gm_stmt *body, bool *reverse, bool *edge_src);
void cg_signature(cg_emit *em, const gm_proc *proc, bool for_header);
void cg_proc(cg_emit *em, gm_proc *proc);
/* include: the runtime header NAME.h includes ("gmrt.h"); tg: the target's hooks. */
void cg_write_header(gm_program *p, FILE *f, const char *base, const char *target, bool try_entry,
                     const char *include, const cg_hooks *tg);
/* NAME_try after procedure NAME (gmc --try-entry): the call behind a
 * gmrt_fatal guard, returning 1 and the message for a run-time error. */
void cg_try_entry(cg_emit *em, const gm_proc *proc);
void cg_main(cg_emit *em, const gm_proc *proc);
/* Whether proc writes its property parameter sym (directly or through a call). */
bool cg_proc_writes(const gm_proc *proc, const gm_symbol *sym);
/* --main's property arguments v_NAME: whether a parameter's type is one (a
 * property of scalars), and the C expression of its element count. */
bool cg_main_is_prop(const gm_type *t);
const char *cg_main_prop_count(const gm_param *p);
/* The pieces of --main's option table and usage line that the
 * single-process and distributed drivers share (cg_main.c): a scalar
 * input's entry (node_help: what a Node's text is), a property input's two
 * entries (FILE and --random-NAME=LO:HI), the usage text of the inputs
 * after prefix (malloc'd), and the loop body drawing dst[i] from lo, hi
 * and the stream r as the single-process program draws it. */
void cg_main_scalar_entry(cg_emit *em, const gm_param *p, const char *node_help);
void cg_main_prop_entries(cg_emit *em, const gm_param *p);
char *cg_main_usage_args(const gm_proc *proc, const char *prefix);
void cg_main_random_draw(cg_emit *em, gm_type_kind ek, const char *dst);
/* More of what both drivers' main() share (cg_main.c, used by cg_dist_main.c):
 * whether an input is a scalar (a primitive, a Node or an Edge); the name
 * main() calls the procedure by (malloc'd; an alias _c_entry, printed here,
 * when the name is one of main()'s locals); the inputs' v_/arg_/in_/random_
 * declarations, returning how many option entries they take; the option
 * table (nothing when n_opts is 0; extra: one more entry line or NULL); the
 * integer range check of --random-NAME's LO:HI held in lo and hi; the one
 * numeric edge-property input the file's weights fill (NULL unless exactly
 * one) and its run.load.weights_as block; the --seed and --threads lines;
 * the call statement (dev_args: the device copies with --device-args); the
 * return value and output scalars (global_ids: a Node is a distributed
 * global id, printed as the file's id); and the arguments' release. */
bool cg_main_is_scalar(gm_type_kind k);
char *cg_main_entry(cg_emit *em, const gm_proc *proc, const char *const *locals, size_t n_locals);
size_t cg_main_input_decls(cg_emit *em, const gm_proc *proc);
void cg_main_opt_table(cg_emit *em, const gm_proc *proc, size_t n_opts, const char *node_help, const char *extra);
void cg_main_range_check(cg_emit *em, const gm_param *p, const char *lo, const char *hi);
const gm_param *cg_main_weight_input(const gm_proc *proc);
void cg_main_weights_as(cg_emit *em, const gm_param *p);
void cg_main_seed_threads(cg_emit *em);
void cg_main_call(cg_emit *em, const gm_proc *proc, const char *fn, bool dev_args);
void cg_main_print_results(cg_emit *em, const gm_proc *proc, bool global_ids);
void cg_main_free_args(cg_emit *em, const gm_proc *proc);
/* Repetitions (--repeat=K) start from the same property values: a copy
 * init_NAME of each property the procedure writes (an output, or an input
 * it changes), made only when K > 1 (no time or memory for one run;
 * spare: a "+ N" of elements beyond count, or ""), and restored at the top
 * of every repetition after the first (count: the C count of p's
 * elements in the loop). Read-only inputs keep their values untouched. */
bool cg_main_restores(const gm_proc *proc, const gm_param *p);
void cg_main_keep_initial(cg_emit *em, const gm_proc *proc, const gm_param *p, const char *count, const char *spare);
void cg_main_restore_initial(cg_emit *em, const gm_proc *proc, const char *(*count)(const gm_param *));

/* ---- whole files (cg_files.c) */
struct gmb_options;
typedef struct cg_program_writer {
    const char *target;                 /* "omp", "cuda": named in the header's comment */
    const char *ext;                    /* "c", "cu" */
    const char *header_include;         /* the runtime header NAME.h includes (NULL: "gmrt.h") */
    const cg_hooks *tg;                /* the target's hook table */
    void *target_state;
    void (*prologue)(cg_emit *em, const char *base);
    /* One procedure into file (NULL: cg_proc into em->out). */
    void (*proc)(cg_emit *em, gm_proc *pr, FILE *file);
    struct gma_decided *decided;        /* the loops' decisions (em->decided) */
    /* main() for --main (NULL: cg_main). */
    void (*main)(cg_emit *em, const gm_proc *proc);
} cg_program_writer;
/* Writes DIR/BASE.h and DIR/BASE.EXT: prologue, prototypes of the Local
 * procedures, every procedure, main() with --main. */
bool cg_generate_files(gm_program *p, const struct gmb_options *opt, const cg_program_writer *w);
/* The decision phase alone (--dump=plan with a target): tg->decide for
 * every procedure of p, with each one's symbols named as cg_proc names
 * them, printing nothing. */
void cg_decide_program(gm_program *p, const cg_hooks *tg, void *target_state, struct gma_decided *d);
/* What cg_proc does before a procedure's first line: names its symbols. */
void cg_proc_names(cg_emit *em, gm_proc *proc);

/* ---- arg-min/max shapes (cg_reduce.c) */
bool cg_argmin_on_props(const gm_stmt *s);       /* the targets are property elements */
bool cg_argmin_payload_constant(const gm_stmt *s); /* every value but the key is a literal */
/* Whether an arg-min/max's targets are private to the thread (plain
 * compare-and-store), and the stores `target = _c_aI;` of its targets from
 * the from-th on (with their worklist appends), for a target's tg->argminmax. */
bool cg_argmin_private(cg_emit *em, const gm_stmt *s);
/* The update decisions (cg_reduce.c): the quiet update=plain|atomic|key|lock
 * of each property update (reduction or arg-min/max) in the body of ds's
 * loop, when it runs on the host (a target's decide hook calls it). */
void cg_decide_updates(gma_decisions *ds);
/* Whether body updates (reduction, arg-min/max) property prop through an
 * element other than own: then own's element of prop is not private to its
 * iteration, and its updates need the atomic forms too. */
bool cg_prop_updated_elsewhere(const gm_stmt *body, const gm_symbol *own, const gm_symbol *prop);
/* The recorded decision of update s in a parallel region (the device's
 * atomics= or the host's update=); stops with an internal error when none. */
const char *cg_update_decision(const cg_emit *em, const gm_stmt *s);
/* The internal error of an update reached without a recorded decision. */
_Noreturn void cg_no_decision(const cg_emit *em, const gm_stmt *s, const char *what);
void cg_argmin_stores(cg_emit *em, const gm_stmt *s, int from);

/* A local `Graph G2;` (always empty) in host code (cg_stmt.c); cxx: for
 * the CUDA target's C++. */
void cg_decl_local_graph(cg_emit *em, const gm_symbol *g, bool cxx);

#endif /* GM_CG_EMIT_H */
