/* omp_emit.h: the state shared by the OpenMP code generator's modules.
 *
 * One omp_emit lives for one generated file. It holds the output stream and
 * indentation, the C name chosen for every symbol (cident.h: names never
 * clash with C, C++ or CUDA keywords, the C library or the generator's own
 * temporaries, which all start with "_c_"), the stack of C scopes with what must be freed when each
 * one ends (or at a Return), and what the statement being emitted sits
 * inside: a parallel region, a BFS traversal, a loop with deferred writes.
 */
#ifndef GM_OMP_EMIT_H
#define GM_OMP_EMIT_H

#include <stdbool.h>
#include <stdio.h>

#include "ast.h"
#include "gma_shape.h" /* the analyses both targets use (gm_analysis/) */
#include "gma_walk.h"

/* Something to release when a C scope ends: a statement such as "free(x);". */
typedef struct omp_cleanup {
    char *code;
    struct omp_cleanup *next;
} omp_cleanup;

typedef struct omp_scope {
    omp_cleanup *cleanups; /* newest first */
    struct omp_scope *outer;
} omp_scope;

struct omp_emit;

/* The outermost parallel loop being emitted (OpenMP's "parallel for"). */
typedef struct omp_region {
    gm_symbol *iter;        /* its iterator */
    gm_range_kind range;    /* what it ranges over */
    bool *declared_inside;  /* by symbol id: declared in the region (thread-private) */
    bool needs_locks;       /* an arg-min/max on properties takes per-element locks */
    const char *lock_name;  /* the lock array's C name */
    /* CUDA: the shadow array that a per-node arg-min/max updates lock-free
     * (gmcu_kp), or NULL (locks, or a CAS on the key alone). */
    char *(*packed_shadow)(struct omp_emit *em, const struct omp_region *r, const gm_stmt *s);
    /* ... and, when the pair holds a ticket (several payloads), the C
     * expression of the update's slot in the payload buffers SHADOW_pJ. */
    char *(*packed_ticket)(struct omp_emit *em, const struct omp_region *r, const gm_stmt *s);
    const void *packed_ctx;
} omp_region;

/* The BFS traversal whose body is being emitted. */
typedef struct omp_bfs_ctx {
    gm_symbol *iter;
    const char *graph;      /* the graph's C name */
    const char *level;      /* per-node level array */
    bool transposed;        /* G^: walk in-edges forward */
} omp_bfs_ctx;

struct omp_emit;

/* What another target (the CUDA backend) changes in the emitter. Each hook
 * returns true when it emitted the construct itself; NULL hooks and false
 * answers leave the OpenMP translation in place. */
typedef struct omp_target_hooks {
    /* A statement of host code (not inside a kernel or a synced statement). */
    bool (*host_stmt)(struct omp_emit *em, const gm_stmt *s);
    /* An outermost parallel Foreach / a BFS in host code. */
    bool (*parallel_loop)(struct omp_emit *em, const gm_stmt *s);
    bool (*bfs)(struct omp_emit *em, const gm_stmt *s);
    /* A property element read / plain write in host code. */
    bool (*prop_read)(struct omp_emit *em, const gm_expr *e);
    bool (*prop_write)(struct omp_emit *em, const gm_stmt *s);
    /* In device code: a property element prop[index] printed the target's
     * way (false: the plain form), and the CSR array a neighbour loop's
     * iterator is read from (node_idx / r_node_idx when NULL). */
    bool (*prop_elem)(struct omp_emit *em, const gm_symbol *prop, const gm_expr *index);
    const char *(*nbr_ids)(struct omp_emit *em, const gm_symbol *iter, bool reverse);
    /* After a procedure's parameters are set up / at the start of main(). */
    void (*proc_begin)(struct omp_emit *em, const gm_proc *proc);
    void (*main_graph_loaded)(struct omp_emit *em, const gm_proc *proc, const char *graph);
    /* The target copies property arguments between host and device and
     * accounts for them (gmcu_transfer_ms): the driver reports that part. */
    bool reports_transfers;
    /* Property arguments may be device memory, used in place (no copies):
     * the driver's --device-args measures the call that way. */
    bool device_args;
} omp_target_hooks;

typedef struct omp_emit {
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
    omp_region *region;     /* the region when par_depth > 0 */
    omp_scope *scope;       /* innermost C scope */
    omp_bfs_ctx *bfs;
    bool ok;                /* false after an unsupported construct */
    /* Another target's hooks (NULL for OpenMP) and its state. */
    const omp_target_hooks *hooks;
    void *target;
    bool in_kernel;         /* emitting device code: atomics, RNG and graph
                               queries take their gmcu_ forms */
    int host_direct;        /* > 0: host code that uses property arrays directly */
    /* CUDA worklists: in a kernel, a store into the Bool property push_flag
     * (always of True) also appends the element to the next worklist;
     * push_fmt is a printf format taking the element's C index. */
    const gm_symbol *push_flag;
    const char *push_fmt;
    /* OpenMP worklists (omp_worklist.c): the node loop queue_loop runs over
     * list positions _c_qi in [0, queue_count) instead of all nodes;
     * queue_decl is a printf format taking the iterator's C name that
     * declares it from _c_qi (and may `continue` past a position). */
    const gm_stmt *queue_loop;
    const char *queue_count;
    const char *queue_decl;
    /* omp_clique.c: the clique-counting nest being emitted inside its
     * choice of graph (emitted the usual way from there) */
    const gm_stmt *clique_loop;
} omp_emit;

/* The frontier loop (gm_analysis/gma_frontier.h) with a worklist on the OpenMP target;
 * false when the loop has another shape (omp_worklist.c). */
bool omp_worklist_loop(omp_emit *em, const gm_stmt *loop);

/* A clique-counting nest (gm_analysis/gma_clique.h) inside its choice of
 * graph, by degree or as given; false for any other statement (omp_clique.c). */
bool omp_clique_loop(omp_emit *em, const gm_stmt *s);

/* The suffix of the emitted _c_atomic_OP_SUFFIX helpers for a value type
 * (i32, i64, f32, f64; b for Bool) (omp_reduce.c). */
const char *omp_atomic_suffix(gm_type_kind k);

/* The head `while (cond) {` or `do {` of a While/Do loop emitted around
 * other code (the worklist passes), and its matching end. */
void omp_round_loop_open(omp_emit *em, const gm_stmt *loop);
void omp_round_loop_close(omp_emit *em, const gm_stmt *loop);

/* After a store into element `index` of prop: the worklist append, if any. */
void omp_after_prop_store(omp_emit *em, const gm_symbol *prop, const gm_expr *index);

/* ---- output (omp_emit.c) */
void omp_line(omp_emit *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void omp_printf(omp_emit *em, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void omp_start_line(omp_emit *em); /* indentation only */
void omp_marker(omp_emit *em, gm_loc loc); /* the "/ * file.gm:LINE * /" comment */
char *omp_strf(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* malloc'd */
char *omp_fresh(omp_emit *em, const char *what); /* "_c_what3", malloc'd */
void omp_unsupported(omp_emit *em, gm_loc loc, const char *what);

/* ---- names and scopes (omp_emit.c) */
const char *omp_name(omp_emit *em, const gm_symbol *sym);
void omp_set_name(omp_emit *em, const gm_symbol *sym, const char *name); /* copies */
void omp_reset_names(omp_emit *em);
void omp_scope_push(omp_emit *em);
void omp_scope_add_cleanup(omp_emit *em, char *code); /* takes ownership */
void omp_scope_pop(omp_emit *em, bool emit_cleanups);
void omp_emit_all_cleanups(omp_emit *em); /* at a Return: every live scope */

/* ---- types (omp_types.c) */
const char *omp_ctype(const gm_type *t);          /* "int32_t", "double *", ... */
const char *omp_prim_ctype(gm_type_kind k);
bool omp_is_prim(gm_type_kind k);
bool omp_is_float(gm_type_kind k);
bool omp_is_collection(gm_type_kind k);
const char *omp_gmrt_type(gm_type_kind k);        /* "GMRT_T_INT32" ... */
const char *omp_collection_free_fn(gm_type_kind k); /* "gmrt_nodeset_free" */
const char *omp_collection_new_fn(gm_type_kind k);
const char *omp_coll_kind(gm_type_kind k);        /* "GMRT_COLL_SET" ... */
const char *omp_graph_of(omp_emit *em, const gm_type *t); /* C name of t's graph */
/* prop[index], or the target's form of it in device code (hooks->prop_elem). */
void omp_prop_elem(omp_emit *em, const gm_symbol *prop, const gm_expr *index);
/* The CSR array a neighbour iterator is read from ("node_idx" or
 * "r_node_idx" unless the target's hooks->nbr_ids says otherwise). */
const char *omp_nbr_ids(omp_emit *em, const gm_symbol *iter, bool reverse);
/* Size of a property's array: "G->num_nodes" or "G->num_edges". */
char *omp_prop_count(omp_emit *em, const gm_type *prop_type);

/* ---- a minimum-label loop as one union-find call (omp_min_label.c) */
void omp_min_label(omp_emit *em, const gm_stmt *s);
/* The loop around that call and its closing (the CUDA target's call too). */
void omp_min_label_open(omp_emit *em, const gm_stmt *s);
void omp_min_label_close(omp_emit *em, const gm_stmt *s);

/* ---- expressions (omp_expr.c) */
void omp_expr(omp_emit *em, const gm_expr *e);
char *omp_expr_str(omp_emit *em, const gm_expr *e); /* malloc'd */
void omp_cond(omp_emit *em, const gm_expr *e); /* without outer parentheses */
void omp_float_literal(omp_emit *em, double v, bool is_float);
void omp_inf(omp_emit *em, gm_type_kind k, bool negative);
void omp_builtin_call(omp_emit *em, const gm_expr *e);
void omp_user_call(omp_emit *em, const gm_expr *e);
bool omp_is_literal(const gm_expr *e);

/* ---- collections and maps (omp_collections.c) */
void omp_collection_call(omp_emit *em, const gm_expr *e); /* a built-in on a collection/map */
void omp_map_get(omp_emit *em, const gm_expr *index_expr);
void omp_map_set(omp_emit *em, const gm_expr *index_expr, const char *value);
void omp_map_key(omp_emit *em, const gm_type *map, const gm_expr *key);
const char *omp_map_field(const gm_type *map_val_or_key); /* "i" or "d" */

/* ---- statements (omp_stmt.c) */
void omp_stmt(omp_emit *em, const gm_stmt *s);
void omp_block(omp_emit *em, const gm_stmt *s); /* emits { ... } with its own scope */
void omp_stmt_list(omp_emit *em, const gm_stmt *list);
void omp_lvalue(omp_emit *em, const gm_expr *lhs); /* x, P[n], *out */

/* ---- reductions (omp_reduce.c) */
void omp_reduce_assign(omp_emit *em, const gm_stmt *s);
void omp_argminmax(omp_emit *em, const gm_stmt *s);
/* Before a parallel loop: the clauses for the scalar reductions of body
 * (" reduction(+:x)" ...), malloc'd, and whether arg-min/max needs locks. */
char *omp_reduction_clauses(omp_emit *em, const gm_stmt *body, omp_region *r);
/* Marks in r->declared_inside every symbol declared in body. */
void omp_mark_declared(omp_emit *em, const gm_stmt *body, omp_region *r);
/* Scalar arg-min/max targets shared by the region: per-thread partials. */
int omp_collect_scalar_argmin(omp_emit *em, const gm_stmt *body, omp_region *r,
                              const gm_stmt **out, int max);

/* ---- loops (omp_loops.c) */
void omp_foreach(omp_emit *em, const gm_stmt *s);
/* Whether the loop runs as the outermost parallel loop. */
bool omp_loop_is_parallel(const omp_emit *em, const gm_stmt *s);
/* The body of a loop in its own C block: decl (the iterator's declaration,
 * may be NULL), the filter as a "continue", the statements. */
void omp_loop_body(omp_emit *em, const gm_stmt *s, const char *decl);
bool omp_body_has_nbr_loop(const gm_stmt *body);
/* Whether the parallel node loop s runs as one loop over the edges of its
 * single neighbour loop (it then needs the graph's edge sources). */
bool omp_loop_over_edges(const gm_stmt *s);
/* Deferred assignments bound to a loop: buffers before it, publication after. */
void *omp_emit_deferred_begin(omp_emit *em, const gm_stmt *loop_body, gm_symbol *bound);
void omp_emit_deferred_end(omp_emit *em, void *state);

/* ---- traversals (omp_bfs.c, omp_dfs.c) */
void omp_bfs(omp_emit *em, const gm_stmt *s);
/* Whether a BFS's forward body touches only its own node (no loop,
 * reduction, call or navigator): it may run at any point of its level. */
bool omp_bfs_body_is_local(const gm_stmt *s);
/* `if (!(navigator)) STOP;` on candidate node `cand`; nothing without one. */
void omp_bfs_nav_check(omp_emit *em, const gm_stmt *s, const char *cand, const char *stop);
/* Such a body for the node named `node`, in braces (under `if (guard)`
 * when guard is not NULL), with a comment saying `what`. */
void omp_bfs_local_body(omp_emit *em, const gm_stmt *s, const char *node, const char *guard, bool in_parallel,
                        const char *what);
void omp_dfs(omp_emit *em, const gm_stmt *s);
/* Up/Down neighbour loops inside a BFS body. */
void omp_bfs_updown_loop(omp_emit *em, const gm_stmt *s);

/* ---- parallel regions (omp_loops.c) */
/* Opens a parallel loop: prepares the region, emits what goes before the
 * pragma and the pragma itself; the caller emits the for header and body. */
typedef struct omp_par {
    omp_region region;
    const gm_stmt *argmins[16];
    int nargmin;
    bool opened;            /* a "#pragma omp parallel" block was opened */
    char **saved_names;     /* names replaced by per-thread partials */
} omp_par;
/* trip: a C expression for the loop's trip count when it is small often
 * (BFS levels); the loop then runs in parallel only when it is worth a
 * fork-join (NULL: always parallel). */
void omp_par_begin(omp_emit *em, omp_par *par, gm_symbol *iter, gm_range_kind range,
                   const gm_stmt *body, const char *graph, const char *trip);
void omp_par_end(omp_emit *em, omp_par *par);

/* ---- API and driver (omp_api.c, omp_main.c) */
void omp_prologue(omp_emit *em, const char *header_name);
extern const char *const omp_helpers_text; /* allocation, atomics and locks for host code */
/* What a procedure needs built on its graph before parallel code. */
void omp_graph_needs(const gm_stmt *body, bool *reverse, bool *edge_src);
void omp_signature(omp_emit *em, const gm_proc *proc, bool for_header);
void omp_proc(omp_emit *em, gm_proc *proc);
void omp_write_header(gm_program *p, FILE *f, const char *base, const char *target);
void omp_main(omp_emit *em, const gm_proc *proc);
/* Whether proc writes its property parameter sym (directly or through a call). */
bool omp_proc_writes(const gm_proc *proc, const gm_symbol *sym);

/* ---- whole files (omp_backend.c), shared with the CUDA target */
struct gmb_options;
typedef struct omp_program_writer {
    const char *target;                 /* "omp", "cuda": named in the header's comment */
    const char *ext;                    /* "c", "cu" */
    const omp_target_hooks *hooks;      /* NULL for OpenMP */
    void *target_state;
    void (*prologue)(omp_emit *em, const char *base);
    /* One procedure into file (NULL: omp_proc into em->out). */
    void (*proc)(omp_emit *em, gm_proc *pr, FILE *file);
} omp_program_writer;
/* Writes DIR/BASE.h and DIR/BASE.EXT: prologue, prototypes of the Local
 * procedures, every procedure, main() with --main. */
bool omp_generate_files(gm_program *p, const struct gmb_options *opt, const omp_program_writer *w);

/* ---- arg-min/max shapes (omp_reduce.c) */
bool omp_argmin_on_props(const gm_stmt *s);       /* the targets are property elements */
bool omp_argmin_payload_constant(const gm_stmt *s); /* every value but the key is a literal */

/* A local `Graph G2;` (always empty) in host code (omp_stmt.c); cxx: for
 * the CUDA target's C++. */
void omp_decl_local_graph(omp_emit *em, const gm_symbol *g, bool cxx);

#endif /* GM_OMP_EMIT_H */
