/* ast.h: the typed abstract syntax tree of a Green-Marl program.
 *
 * Every node lives in one arena owned by the gm_program and carries a source
 * location. The parser fills the syntactic fields; the checker fills the
 * semantic ones (marked "checker" below): resolved symbols, expression types,
 * bound loops. Passes rewrite the tree in place. Lists are intrusive: a
 * statement list is linked through gm_stmt.next, an expression list through
 * gm_expr.next.
 */
#ifndef GM_AST_H
#define GM_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ */
/* Source locations and the arena                                      */

typedef struct gm_loc {
    int line; /* 1-based; 0 = synthesized by a pass */
    int col;  /* 1-based */
} gm_loc;

typedef struct gm_arena gm_arena;

gm_arena *gm_arena_new(void);
void gm_arena_free(gm_arena *a);
void *gm_arena_alloc(gm_arena *a, size_t size); /* zeroed memory */
char *gm_arena_strndup(gm_arena *a, const char *s, size_t n);
char *gm_arena_strdup(gm_arena *a, const char *s);
char *gm_arena_printf(gm_arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ------------------------------------------------------------------ */
/* Types                                                               */

typedef enum gm_type_kind {
    GMT_ERROR, /* result of a failed check; silences follow-on errors */
    GMT_VOID,
    GMT_INT,    /* 32-bit */
    GMT_LONG,   /* 64-bit */
    GMT_FLOAT,
    GMT_DOUBLE,
    GMT_BOOL,
    GMT_STRING, /* spec v0.5 extension */
    GMT_GRAPH,  /* Graph, DGraph, UGraph (undirected flag) */
    GMT_NODE,
    GMT_EDGE,
    GMT_NODE_PROP, /* elem = value type */
    GMT_EDGE_PROP, /* elem = value type */
    GMT_NODE_SET,
    GMT_NODE_ORDER,
    GMT_NODE_SEQ,
    GMT_COLLECTION, /* elem = a node collection type */
    GMT_MAP,        /* key, val */
    GMT_INF,        /* INF literal whose type the context has not fixed yet */
    GMT_NIL,        /* NIL literal before context */
} gm_type_kind;

struct gm_symbol;

typedef struct gm_type {
    gm_type_kind kind;
    gm_loc loc;
    bool undirected;            /* GMT_GRAPH written as UGraph */
    struct gm_type *elem;       /* property value type, collection element */
    struct gm_type *key, *val;  /* GMT_MAP */
    const char *graph_name;     /* the "(G)" as written; NULL when implicit */
    gm_loc graph_loc;
    struct gm_symbol *graph;    /* checker: the graph this type is bound to */
} gm_type;

/* ------------------------------------------------------------------ */
/* Symbols (defined by the checker, referenced from the tree)          */

typedef enum gm_sym_kind {
    GMSYM_VAR,     /* local variable or local property/collection */
    GMSYM_IN_ARG,  /* argument before ';' */
    GMSYM_OUT_ARG, /* argument after ';' */
    GMSYM_ITER,    /* loop / traversal / reduction iterator */
    GMSYM_PROC,    /* a procedure of this file */
} gm_sym_kind;

/* Where a symbol's storage must live (LightHouse section 3.2); a bit set. */
typedef enum gm_location {
    GM_LOC_NONE = 0,
    GM_LOC_CPU = 1,
    GM_LOC_GPU = 2,
    GM_LOC_BOTH = 3,
} gm_location;

typedef enum gm_range_kind {
    GMR_NODES,
    GMR_EDGES,
    GMR_NBRS,     /* Nbrs, OutNbrs */
    GMR_IN_NBRS,
    GMR_UP_NBRS,
    GMR_DOWN_NBRS,
    GMR_ITEMS,
    GMR_COMMON_NBRS,
    GMR_OUT_EDGES, /* spec v0.5 edge ranges on a node */
    GMR_IN_EDGES,
} gm_range_kind;

struct gm_stmt;
struct gm_expr;
struct gm_proc;

typedef struct gm_symbol {
    const char *name;
    gm_loc loc;             /* where it was declared */
    gm_type *type;
    gm_sym_kind kind;
    bool is_property;       /* lives in the property namespace (N_P / E_P) */
    bool readonly;          /* scalar inputs, iterators */
    gm_location location;   /* filled by location inference */
    int id;                 /* unique within the program, for passes */
    /* iterators: the construct that defines it (a GMS_FOREACH, GMS_BFS or a
     * GME_REDUCE expression) and what it ranges over */
    struct gm_stmt *iter_stmt;
    struct gm_expr *iter_expr;
    gm_range_kind iter_range;
    struct gm_symbol *iter_source; /* the graph, node or collection iterated */
    struct gm_proc *proc;          /* GMSYM_PROC */
    void *pass_data;               /* scratch slot for a pass or backend */
    bool foreign_use;              /* named in foreign code without $: a use, and the
                                      generated code keeps its spelling */
} gm_symbol;

/* Whether sym has an id below n: a slot of a per-symbol array of n entries
 * that passes and backends index by id (NULL and unnumbered symbols have none). */
static inline bool gm_symbol_id_below(const gm_symbol *sym, int n)
{
    return sym && sym->id >= 0 && sym->id < n;
}

/* ------------------------------------------------------------------ */
/* Iterations: shared by Foreach/For, reduction expressions and BFS/DFS */

typedef struct gm_iter {
    const char *name;           /* the iterator */
    gm_loc loc;
    struct gm_expr *source;     /* GME_ID (G, n, S) or GME_PROP (n.P for n.P.Items) */
    gm_range_kind range;
    struct gm_expr *range_arg;  /* CommonNbrs(m): m */
    bool reverse;               /* "S-.Items" or "O^.Items" */
    bool transposed;            /* "G^" in a traversal */
    struct gm_expr *filter;     /* optional "(cond)" */
    gm_symbol *sym;             /* checker: the iterator symbol */
} gm_iter;

/* ------------------------------------------------------------------ */
/* Expressions                                                         */

typedef enum gm_expr_kind {
    GME_INT,      /* int_val (64-bit) */
    GME_FLOAT,    /* float_val; text keeps the spelling */
    GME_BOOL,     /* bool_val */
    GME_INF,      /* negative = -INF */
    GME_NIL,
    GME_STRING,   /* text (extension) */
    GME_ID,       /* name -> sym */
    GME_PROP,     /* base.name: base is usually a GME_ID; sym = property */
    GME_INDEX,    /* base[index]: map access */
    GME_UNARY,    /* op: GMOP_NEG, GMOP_NOT; operand in a */
    GME_BINARY,   /* a op b */
    GME_TERNARY,  /* a ? b : c */
    GME_ABS,      /* |a| */
    GME_CAST,     /* (cast_to) a */
    GME_CALL,     /* base.name(args) or name(args; out_args) */
    GME_REDUCE,   /* reduce_op(iter){a}; a == NULL for Count */
    GME_FOREIGN,  /* [ text ] used as an expression */
} gm_expr_kind;

typedef enum gm_op {
    GMOP_NONE,
    /* unary */
    GMOP_NEG, GMOP_NOT,
    /* binary */
    GMOP_ADD, GMOP_SUB, GMOP_MUL, GMOP_DIV, GMOP_MOD,
    GMOP_LT, GMOP_GT, GMOP_LE, GMOP_GE, GMOP_EQ, GMOP_NE,
    GMOP_AND, GMOP_OR,
} gm_op;

typedef enum gm_reduce_op {
    GMRED_NONE,
    GMRED_SUM,
    GMRED_PRODUCT,
    GMRED_MIN,
    GMRED_MAX,
    GMRED_COUNT,
    GMRED_EXIST, /* also spelled Any */
    GMRED_ALL,
    GMRED_AVG,
} gm_reduce_op;

/* Foreign code ([ ... ]): literal text interleaved with $references. */
typedef struct gm_foreign_seg {
    const char *text;          /* literal text, or NULL for a reference */
    struct gm_expr *ref;       /* $x or $x.P: a GME_ID or GME_PROP */
    struct gm_foreign_seg *next;
} gm_foreign_seg;

typedef struct gm_expr {
    gm_expr_kind kind;
    gm_loc loc;
    struct gm_expr *next;       /* next in an argument / expression list */
    gm_type *type;              /* checker: the expression's type */

    int64_t int_val;
    double float_val;
    bool bool_val;
    bool negative;              /* GME_INF: -INF */
    const char *text;           /* GME_FLOAT spelling, GME_STRING contents */

    const char *name;           /* GME_ID, GME_PROP (property), GME_CALL (function) */
    gm_symbol *sym;             /* checker: GME_ID variable, GME_PROP property,
                                   GME_CALL procedure (user calls) */
    gm_op op;
    gm_type_kind cast_to;       /* GME_CAST */
    struct gm_expr *a, *b, *c;  /* operands; a is the base of PROP/INDEX/CALL */

    /* GME_CALL: a = receiver (NULL for global built-ins and procedure calls) */
    struct gm_expr *args;       /* input arguments */
    struct gm_expr *out_args;   /* procedure calls: outputs after ';' */
    bool has_out_args;          /* a ';' was written */
    bool is_discard;            /* the "#" placeholder in out_args */
    int builtin;                /* checker: a gm_builtin id, -1 for none */

    /* GME_REDUCE */
    gm_reduce_op reduce_op;
    gm_iter iter;

    /* GME_FOREIGN */
    gm_foreign_seg *foreign;
} gm_expr;

/* ------------------------------------------------------------------ */
/* Statements                                                          */

typedef enum gm_stmt_kind {
    GMS_EMPTY,
    GMS_BLOCK,      /* body */
    GMS_DECL,       /* decl_type names... [= init] */
    GMS_ASSIGN,     /* lhs assign_op rhs [@ bound] */
    GMS_ARGMINMAX,  /* <lhs list> min=/max= <rhs list> [@ bound] */
    GMS_IF,         /* cond then [else] */
    GMS_WHILE,      /* While (cond) body */
    GMS_DO_WHILE,   /* Do body While (cond); */
    GMS_FOREACH,    /* Foreach (parallel) / For (sequential) over iter */
    GMS_BFS,        /* InBFS ... [InReverse ...] */
    GMS_DFS,        /* InDFS ... [InPost ...] */
    GMS_RETURN,     /* value may be NULL */
    GMS_CALL,       /* an expression statement: a built-in or procedure call */
    GMS_FOREIGN,    /* [ text ] [:: [modified]] */
    GMS_PRINT,      /* Print e, ...; (extension) */
    GMS_SWAP,       /* made by passes only: exchange the storage of the properties
                       lhs and rhs (two GME_IDs of the same type); printed as a comment */
} gm_stmt_kind;

typedef enum gm_assign_op {
    GMA_ASSIGN,  /* =  */
    GMA_PLUS,    /* += */
    GMA_MINUS,   /* -= (desugared form of --; also accepted in source) */
    GMA_MULT,    /* *= */
    GMA_MIN,     /* min= */
    GMA_MAX,     /* max= */
    GMA_AND,     /* &= or &&= */
    GMA_OR,      /* |= or ||= */
    GMA_INC,     /* ++ (desugared to += 1) */
    GMA_DEC,     /* -- (desugared to -= 1) */
    GMA_DEFER,   /* <= */
} gm_assign_op;

typedef struct gm_name {
    const char *name;
    gm_loc loc;
    gm_symbol *sym;             /* checker */
    struct gm_name *next;
} gm_name;

typedef struct gm_stmt {
    gm_stmt_kind kind;
    gm_loc loc;
    struct gm_stmt *next;        /* next statement in the enclosing block */

    /* GMS_BLOCK */
    struct gm_stmt *body;        /* also the loop / traversal body */

    /* GMS_DECL */
    gm_type *decl_type;
    gm_name *names;
    struct gm_expr *init;

    /* GMS_ASSIGN, GMS_ARGMINMAX */
    struct gm_expr *lhs;         /* one target, or a list for arg-min/max */
    struct gm_expr *rhs;         /* one value, or a list for arg-min/max */
    gm_assign_op assign_op;      /* for GMS_ARGMINMAX: GMA_MIN or GMA_MAX */
    const char *bound_name;      /* "@ it" as written, NULL when inferred */
    gm_loc bound_loc;
    gm_symbol *bound;            /* checker: the iterator of the bound loop */
    bool is_group;               /* checker: G.A = e / S.A = e group assignment */

    /* GMS_IF, GMS_WHILE, GMS_DO_WHILE */
    struct gm_expr *cond;
    struct gm_stmt *then_stmt;   /* If; While/Do use body */
    struct gm_stmt *else_stmt;

    /* GMS_FOREACH, GMS_BFS, GMS_DFS */
    gm_iter iter;                /* BFS/DFS: source = graph, range = GMR_NODES */
    bool parallel;               /* Foreach = true, For = false */
    struct gm_expr *root;        /* BFS/DFS: "From r" */
    struct gm_expr *navigator;   /* BFS/DFS: "[nav]" */
    struct gm_expr *rev_filter;  /* BFS: InReverse(filter) */
    struct gm_stmt *rev_body;    /* BFS: InReverse body; DFS: InPost body */
    gm_symbol *levels_in;        /* BFS: an Int node property that is +INF off the visited
                                    nodes and equals the level on them (gm_opt/bfs_level.c) */
    gm_symbol *min_label;        /* While/Do: the loop only sets this node property to its
                                    minimum over each weakly connected component and its
                                    condition's flag to False (gm_opt/min_label.c) */

    /* GMS_RETURN, GMS_CALL, GMS_PRINT: value (GMS_PRINT: a list) */
    struct gm_expr *value;

    /* GMS_FOREIGN */
    gm_foreign_seg *foreign;
    struct gm_expr *modified;    /* ":: [a, n.P]" list */

    void *pass_data;             /* scratch slot for a pass or backend */
} gm_stmt;

/* ------------------------------------------------------------------ */
/* Procedures and programs                                             */

typedef struct gm_param {
    const char *name;
    gm_loc loc;
    gm_type *type;
    bool is_output;              /* listed after ';' */
    gm_symbol *sym;              /* checker */
    struct gm_param *next;
} gm_param;

typedef struct gm_proc {
    const char *name;
    gm_loc loc;
    bool is_local;               /* declared with Local: a helper, not exported */
    gm_param *params;
    gm_type *ret_type;           /* NULL for no return value */
    gm_stmt *body;               /* a GMS_BLOCK */
    gm_symbol *sym;              /* checker */
    struct gm_proc *next;
} gm_proc;

typedef struct gm_program {
    const char *filename;
    gm_proc *procs;
    gm_arena *arena;
    int next_symbol_id;          /* checker: symbol ids handed out */
    int next_temp_id;            /* passes: counter for fresh temporary names */
} gm_program;

/* ------------------------------------------------------------------ */
/* Constructors (ast.c). All allocate from the program's arena and zero
 * every field not given. */

gm_program *gm_program_new(const char *filename);
void gm_program_free(gm_program *p);

gm_type *gm_type_new(gm_arena *a, gm_type_kind kind, gm_loc loc);
gm_expr *gm_expr_new(gm_arena *a, gm_expr_kind kind, gm_loc loc);
gm_stmt *gm_stmt_new(gm_arena *a, gm_stmt_kind kind, gm_loc loc);
gm_name *gm_name_new(gm_arena *a, const char *name, gm_loc loc);
gm_param *gm_param_new(gm_arena *a, const char *name, gm_loc loc, gm_type *type, bool is_output);
gm_proc *gm_proc_new(gm_arena *a, const char *name, gm_loc loc);
gm_symbol *gm_symbol_new(gm_program *p, const char *name, gm_loc loc, gm_type *type, gm_sym_kind kind);

/* Convenience constructors used by passes. */
gm_expr *gm_expr_int(gm_arena *a, int64_t v, gm_loc loc);
gm_expr *gm_expr_bool(gm_arena *a, bool v, gm_loc loc);
gm_expr *gm_expr_id(gm_arena *a, gm_symbol *sym, gm_loc loc);   /* name + sym + type */
gm_expr *gm_expr_prop(gm_arena *a, gm_expr *base, gm_symbol *prop, gm_loc loc);
gm_expr *gm_expr_binary(gm_arena *a, gm_op op, gm_expr *l, gm_expr *r, gm_loc loc);

/* Deep copies (used when a pass duplicates code). Symbols are shared, not
 * copied; the copy's next pointer is NULL unless the list variant is used. */
gm_type *gm_type_copy(gm_arena *a, const gm_type *t);
gm_expr *gm_expr_copy(gm_arena *a, const gm_expr *e);
gm_expr *gm_expr_list_copy(gm_arena *a, const gm_expr *list);
gm_stmt *gm_stmt_copy(gm_arena *a, const gm_stmt *s);

/* Structural equality of two checked expressions: the same kind, operators,
 * constants and cast types, the same symbols (by identity, so two names
 * that resolve to different declarations differ), built-in calls with equal
 * receivers and arguments, all recursively; NULL equals only NULL.  Locations,
 * spellings and types are not compared.  Conservative: map accesses,
 * reductions, user procedure calls, strings and foreign code are never equal
 * (they may not be pure, or were not needed), so false may mean "not known". */
bool gm_expr_equal(const gm_expr *a, const gm_expr *b);

/* List helpers. */
/* Calls fn(name, length, ctx) for each C identifier in foreign-code text
 * (string and character literals and comments skipped). */
void gm_foreign_idents(const char *text, void (*fn)(const char *name, size_t len, void *ctx),
                       void *ctx);

int gm_expr_list_len(const gm_expr *list);
gm_expr *gm_expr_list_append(gm_expr *list, gm_expr *e);   /* returns the head */
gm_stmt *gm_stmt_list_append(gm_stmt *list, gm_stmt *s);   /* returns the head */

/* Names for printing and messages. */
const char *gm_type_kind_name(gm_type_kind k);   /* "Int", "N_P", ... */
const char *gm_op_spelling(gm_op op);            /* "+", "&&", ... */
const char *gm_assign_op_spelling(gm_assign_op op); /* "+=", "min=", "<=" ... */
const char *gm_reduce_op_name(gm_reduce_op op);  /* "Sum", ... */
const char *gm_range_name(gm_range_kind r);      /* "Nbrs", ... */

#endif /* GM_AST_H */
