/* gma_plan.h: the per-loop access plan, what a distributed sync pass (the
 * design of --distributed, distributed.md sections 6 and 7) and
 * `gmc --dump=plan` start from.
 *
 * Contract: gma_plan_build reads a checked, desugared and optimized program
 * (gm_opt's output, the tree the backends see), changes nothing in it, and
 * returns one record per parallel loop in source order: each outermost
 * parallel Foreach (over G.Nodes, G.Edges, a collection or a node's
 * neighbours), each host-level reduction expression over G.Nodes/G.Edges or a
 * collection, each InBFS, each InReverse (a record of its own) and each
 * DFS (one record for its pre and post bodies). Loops nested in a record
 * belong to it. A record lists, in the order of their first use, every node
 * and edge property its body touches (nested loops, reductions, their range
 * arguments and filters included), each with the ways it is read, written
 * (plain store) and reduced (by operator), and how each is indexed relative to
 * the loop's own iterator; the scalars declared outside the loop that it
 * writes or reduces; and why it cannot be distributed, if it cannot. A Node
 * or Edge variable declared in the loop with an initializer and never
 * assigned again indexes what its initializer indexes (`Edge e =
 * t.ToEdge()`, `Node s = e.FromNode()`); any other Node value is remote.
 * gma_plan_print writes the records as stable text (the --dump=plan form);
 * gma_record_summary one record as one line (the -t omp --report form).
 * The records point into the program's tree: free them before it. */
#ifndef GM_GMA_PLAN_H
#define GM_GMA_PLAN_H

#include <stdbool.h>
#include <stdio.h>

#include "ast.h"

/* What a record iterates over. */
typedef enum gma_space {
    GMA_SPACE_NODES,       /* G.Nodes */
    GMA_SPACE_EDGES,       /* G.Edges */
    GMA_SPACE_COLLECTION,  /* S.Items of a node collection */
    GMA_SPACE_NBRS,        /* the neighbours (or edges) of one node, e.g. root.Nbrs */
    GMA_SPACE_BFS,         /* InBFS: levels forward */
    GMA_SPACE_BFS_REVERSE, /* InReverse: levels deepest first */
    GMA_SPACE_DFS,         /* InDFS and its InPost */
} gma_space;

/* How an access reaches the element it touches, relative to the record's
 * own iterator (its node, or its edge in an edge loop). */
typedef enum gma_index {
    GMA_IX_OWNER,     /* the own iterator: linear */
    GMA_IX_OUT_NBR,   /* t of t: n.Nbrs / n.OutNbrs, n the own node */
    GMA_IX_IN_NBR,    /* t of t: n.InNbrs */
    GMA_IX_UP_NBR,    /* t of t: v.UpNbrs in a BFS */
    GMA_IX_DOWN_NBR,  /* t of t: v.DownNbrs in a BFS */
    GMA_IX_COMMON_NBR,/* t of t: n.CommonNbrs(m) */
    GMA_IX_OUT_EDGE,  /* an out-edge of the own node (t.ToEdge() of an out-nbr, n.OutEdges) */
    GMA_IX_IN_EDGE,   /* an in-edge of the own node */
    GMA_IX_UP_EDGE,   /* the edge to an up-nbr in a BFS */
    GMA_IX_DOWN_EDGE, /* the edge to a down-nbr in a BFS */
    GMA_IX_EDGE_SRC,  /* e.FromNode() of the own edge of an edge loop */
    GMA_IX_EDGE_DST,  /* e.ToNode() of the own edge */
    GMA_IX_REMOTE,    /* any other node or edge: a Node variable, a property's
                         value, a neighbour of a neighbour, another G.Nodes loop */
    GMA_IX_COUNT
} gma_index;

/* What an access does. */
typedef enum gma_mode {
    GMA_READ,
    GMA_WRITE,  /* a plain store (=) */
    GMA_REDUCE, /* op says which */
} gma_mode;

/* A reduction's operator (GMA_REDUCE only). */
typedef enum gma_redop {
    GMA_OP_NONE,
    GMA_OP_SUM,     /* += (and ++) */
    GMA_OP_SUB,     /* -= (and --) */
    GMA_OP_MUL,     /* *= */
    GMA_OP_MIN,     /* min=, or the key of an arg-min */
    GMA_OP_MAX,     /* max=, or the key of an arg-max */
    GMA_OP_AND,     /* &&= */
    GMA_OP_OR,      /* ||= */
    GMA_OP_ARGMIN,  /* a payload of an arg-min: stored with the winning key */
    GMA_OP_ARGMAX,  /* a payload of an arg-max */
    GMA_OP_DEFER,   /* <= left by the passes (not expected after gm_opt) */
} gma_redop;

/* One way a property or scalar is touched: the index kinds it is touched
 * with, as a bit set (1u << gma_index). */
typedef struct gma_use {
    gma_mode mode;
    gma_redop op;
    unsigned index;
} gma_use;

#define GMA_MAX_WHY 4   /* reasons kept per record (more are dropped) */
#define GMA_MAX_USES 12 /* mode x op pairs, more than any symbol can have */

typedef struct gma_access {
    const gm_symbol *sym; /* a node or edge property, or a scalar */
    bool edge;            /* an edge property */
    gma_use uses[GMA_MAX_USES];
    int nuses;            /* in the order first seen */
} gma_access;

typedef struct gma_record {
    gm_loc loc;              /* the loop keyword, or the code a pass made the loop from
                                (G.P = e, a hoisted value); InReverse: its block's brace */
    const gm_proc *proc;
    gma_space space;
    const gm_stmt *stmt;     /* the Foreach, InBFS (also for InReverse) or InDFS */
    const gm_expr *reduce;   /* a host-level reduction expression's record: it */
    const gm_symbol *own;    /* the own iterator (NULL for none) */
    const gm_symbol *source; /* the graph, collection or node iterated */
    const gm_expr *filter;   /* the loop's filter, InBFS's or InReverse's, or the condition
                                of an If (no Else) that is the whole body, which is what
                                desugaring makes of a filter; NULL: none */
    gma_access *props;       /* node and edge properties */
    int nprops;
    gma_access *scalars;     /* scalars declared outside the loop, written or reduced */
    int nscalars;
    const char *why[GMA_MAX_WHY]; /* why the loop cannot be distributed, each reason once,
                                     in the order found; nwhy == 0: it can */
    int nwhy;
} gma_record;

typedef struct gma_plan {
    gma_record *recs;
    int n;
} gma_plan;

/* The records of every procedure of p, in source order. NULL only when out
 * of memory (the compiler's oom handler normally stops first). */
gma_plan *gma_plan_build(const gm_program *p);
void gma_plan_free(gma_plan *plan);

const char *gma_space_name(gma_space s); /* "nodes", "bfs-reverse", ... */
const char *gma_index_name(gma_index i); /* "owner", "in-nbr", ... */
const char *gma_redop_name(gma_redop op); /* "+=", "argmin-payload", ... */

/* The record of the loop statement s (a parallel Foreach, InBFS or InDFS;
 * for an InBFS, its InReverse's when reverse), NULL when s has none: how a
 * pass walking the host code finds a loop's summary. */
const gma_record *gma_plan_find(const gma_plan *plan, const gm_stmt *s, bool reverse);

/* The access record of sym in r (a property or a scalar), NULL when none. */
const gma_access *gma_record_access(const gma_record *r, const gm_symbol *sym);
/* Whether a has a use of that mode (and op, for GMA_REDUCE) with index ix. */
bool gma_access_has(const gma_access *a, gma_mode mode, gma_redop op, gma_index ix);

/* The --dump=plan text of every record; file names the source in locations. */
void gma_plan_print(FILE *out, const gma_plan *plan, const char *file);
/* One record's lines of that text (index: its place in the plan, from 0). */
void gma_record_print(FILE *out, const gma_record *r, int index);
/* One record as one line, without a newline: "nodes, Foreach (n: G.Nodes): ...". */
void gma_record_summary(FILE *out, const gma_record *r);
/* Every record's summary on a line of its own, after "FILE:LINE: ". */
void gma_plan_report(FILE *out, const gma_plan *plan, const char *file);

#endif /* GM_GMA_PLAN_H */
