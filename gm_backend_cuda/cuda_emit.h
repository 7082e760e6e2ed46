/* cuda_emit.h: the CUDA code generator's shared state and modules.
 *
 * The CUDA target uses the shared emitter (gm_cgen/cg_emit.h) for
 * everything that reads the same in C and in CUDA C++ (expressions,
 * statements, sequential loops), and takes over through its hook table
 * (cuda_backend.c; its state, cuda_state, is the table's context em->target):
 *  - cuda_host.c: host statements: property mirrors (gmcu.h), single
 *    elements read and written where they live, statements that must run on
 *    the host bracketed by the transfers they need;
 *  - cuda_capture.c: what a parallel loop uses, and whether it can run on
 *    the GPU at all;
 *  - cuda_kernel.c: an outermost parallel Foreach as a kernel and its launch;
 *  - cuda_bfs.c: InBFS / InReverse as device kernels per level.
 */
#ifndef GM_CUDA_EMIT_H
#define GM_CUDA_EMIT_H

#include "backend_options.h"
#include "cg_emit.h"
#include "cg_monotone.h"
#include "gma_frontier.h"
#include "gma_monotone.h"

typedef struct cuda_state {
    FILE *kout;        /* the kernels of the procedure being emitted */
    char *kbuf;
    size_t klen;
    int nkernels;      /* kernels so far in the file (names stay unique) */
    bool needs_locks;  /* the procedure declared _c_locks */
    gmb_cuda_knobs knobs; /* -fcuda-*, --report */
    /* gather order (cuda_gather.c), by symbol id of the procedure: the walk
     * (1 out-edges, 2 in-edges) of a qualifying property or iterator, and
     * whether an iterator's last declaration took gather positions */
    unsigned char *gather_dir;
    bool *gather_live;
    int gather_nsyms;
    char *gather_props[3]; /* by walk: the properties' names, for --report */
    bool walked_gather;    /* a kernel emitted since reset declared one */
    bool in_kernel;        /* emitting device code: atomics, RNG and graph
                              queries take their gmcu_ forms */
    int host_direct;       /* > 0: host code that uses property arrays directly */
    struct cuda_kernel_frame *frame; /* the innermost kernel of cuda_kernel_open */
    struct cg_dist *dist;  /* -t cuda --distributed (cuda_dist.c); NULL: one GPU */
    const cg_hooks *base;  /* --distributed: the one-GPU hooks its own wrap */
    bool dist_fixpoints;   /* --distributed: monotone rounds may relax to local
                              fixpoints (-fcuda-async and -fcuda-priority not off) */
    const gm_stmt *dist_fix_loop; /* the round loop of cuda_dist_fixpoint_note */
    /* A monotone round loop's frontier loop whose reads of n.X take the
     * newest value Q[n] (cuda_worklist.c); newest_on: the launch being
     * prepared is that loop's (cuda_launch_prepare reads it). */
    struct cuda_newest {
        const gm_stmt *loop;
        const gm_symbol *x, *q;
        const char *when; /* a C condition (NULL: always) */
    } newest;
    bool newest_on;
} cuda_state;

static inline cuda_state *cuda_st(cg_emit *em) { return (cuda_state *)em->target; }

/* The shape-test helpers of cg_emit.h under the names the CUDA passes use. */
static inline const gm_stmt *cuda_only_stmt(const gm_stmt *s) { return gma_only_stmt(s); }
static inline const gm_symbol *cuda_prop_of(const gm_expr *e, const gm_symbol *n) { return gma_prop_of(e, n); }

/* ---- gather order (cuda_gather.c) */
/* Decides, before a procedure is emitted (cuda_decide calls it first), which
 * properties are stored in gather order and which neighbour iterators read
 * them as positions. */
void cuda_gather_plan(cg_emit *em, const gm_proc *proc);
/* Host code at the procedure's start (after the graph's upload): builds the
 * order for each walk that needs one; says so in --report. */
void cuda_gather_begin(cg_emit *em, const gm_proc *proc);
/* The CSR array a neighbour iterator is read from in a kernel (node_idx,
 * r_node_idx, or their gather-order forms); notes which one it was. */
const char *cuda_nbr_ids(cg_emit *em, const gm_symbol *iter, bool reverse);
/* Prints prop[index] for a property in gather order (false: not one). */
bool cuda_prop_elem(cg_emit *em, const gm_symbol *prop, const gm_expr *index);
/* Host code for the device positions of a property in gather order
 * (gmcu_gather_pos: NULL at run time while the order is not in effect),
 * malloc'd; NULL (here) for a property not planned in it. */
char *cuda_gather_pos(cg_emit *em, const gm_symbol *prop);

/* ---- what a piece of code uses (cuda_capture.c) */
typedef enum cuda_use {
    CU_GRAPH,          /* the device graph, by pointer */
    CU_PROP,           /* a property's device array */
    CU_READ,           /* a host scalar read: by value */
    CU_REDUCE,         /* a host scalar reduced: a private accumulator and a slot */
    CU_WRITE,          /* a host scalar written: through its slot */
    CU_ARGPAY,         /* a payload of an arg-min/max on host scalars: a private
                          copy, written to its slot by the winning thread */
} cuda_use;

#define CU_MAX_ARGMIN 8
#define CU_MAX_PACKS 4

/* <t.key; t.pay> min=/max= <k; p> on node properties with a non-constant
 * payload, run without locks on a shadow array of key/payload pairs
 * (gmcu_kp): the launch packs the two properties before the kernel and
 * unpacks them after it. Only when the kernel touches key and pay nowhere
 * else (cuda_capture_finish checks), so nothing reads a stale property. */
#define CU_MAX_PAYS 4
#define CU_MAX_PACK_STMTS 16
typedef struct cuda_pack {
    const gm_symbol *key, *pay;
    gm_assign_op op;   /* every statement of the pack has this one */
    int nstmts;        /* statements updating the pair */
    bool mixed;        /* both min= and max=, or another index: not packed */
    /* Several payloads that are not literals: the key is paired with a
     * ticket (gmcu_kt_*), each update writes its payloads to a slot of its
     * own (pay is pays[0]). */
    bool ticketed;
    const gm_symbol *pays[CU_MAX_PAYS];
    int npays;
} cuda_pack;

#define CU_MAX_CAPTURES 96

typedef struct cuda_capture {
    gm_symbol *sym[CU_MAX_CAPTURES];
    cuda_use use[CU_MAX_CAPTURES];
    gm_assign_op op[CU_MAX_CAPTURES];  /* CU_REDUCE: the operator */
    bool written[CU_MAX_CAPTURES];     /* CU_PROP: written in the code */
    int n;
    bool ok;             /* the code can run on the GPU */
    const char *why;     /* otherwise, why not */
    gm_loc where;
    bool uses_rng;
    bool needs_locks;    /* an arg-min/max on properties with non-constant values */
    /* arg-min/max on host scalars: the key is a CU_REDUCE, the payloads
     * CU_ARGPAY; the kernel is launched cooperatively to elect the winner */
    const gm_stmt *argmins[CU_MAX_ARGMIN];
    int nargmin;
    bool *declared;      /* by symbol id: declared inside (kernel-private) */
    /* Packed arg-min/max (cuda_pack): allowed where the launch site packs
     * around its launch; pack_iter is the loop's iterator (its own elements
     * need no atomic at all). */
    bool allow_packs;
    const gm_symbol *pack_iter;
    cuda_pack packs[CU_MAX_PACKS];
    int npacks;
    const gm_stmt *root;               /* the first statement captured (the kernel's loop) */
    /* ticketed packs: each statement and the iterator whose index is its slot */
    const gm_stmt *tstmt[CU_MAX_PACK_STMTS];
    const gm_symbol *tslot[CU_MAX_PACK_STMTS];
    int ntstmt;
    int refs[CU_MAX_CAPTURES];         /* CU_PROP: references n.P in the code */
    bool overwrite[CU_MAX_CAPTURES];   /* CU_PROP: the kernel writes every element before
                                          any read (cuda_writes_whole_prop): not copied in */
} cuda_capture;

/* Analyses s (its own iterator, filter and body; list: also its successors)
 * and the extra symbols in `private_syms` that are the kernel's own. */
void cuda_capture_stmt(cg_emit *em, cuda_capture *c, const gm_stmt *s, bool list);
void cuda_capture_expr(cg_emit *em, cuda_capture *c, const gm_expr *e);
void cuda_capture_init(cg_emit *em, cuda_capture *c);
void cuda_capture_finish(cg_emit *em, cuda_capture *c); /* classifies the scalars */
/* Adds the graph an iterator walks (kernels index it even when the code
 * never names it: n.Nbrs, n.Degree()). */
void cuda_capture_graph(cg_emit *em, cuda_capture *c, const gm_symbol *iter);
void cuda_capture_free(cuda_capture *c);
/* A node loop as one kernel: its statement and graph, finished. */
void cuda_capture_loop(cg_emit *em, cuda_capture *c, const gm_stmt *s);
/* The slot iterator of a statement of a ticketed pack: the kernel loop's own
 * iterator (slot: its index) or a neighbour iterator (slot: nodes + edge). */
const gm_symbol *cuda_capture_slot_of(const cuda_capture *c, const gm_stmt *s);
/* The pack an arg-min/max statement updates (NULL: it takes locks or a CAS on the key). */
const cuda_pack *cuda_capture_pack_of(const cuda_capture *c, const gm_stmt *s);
/* Whether the kernel takes the per-element lock array (locks, or packs on GPUs before sm_90). */
bool cuda_capture_uses_locks(const cuda_capture *c);
/* Whether a built-in runs in device code. */
bool cuda_builtin_on_gpu(int b);
/* Whether a property has a mirror (primitive values; collection-valued
 * properties live on the host only). */
bool cuda_is_mirrored(const gm_symbol *sym);

/* ---- names (cuda_host.c) */
char *cuda_mirror(cg_emit *em, const gm_symbol *prop);  /* "_c_m_rank", malloc'd */
char *cuda_dev_graph(cg_emit *em, const gm_symbol *g);  /* "_c_gd_G", malloc'd */

/* ---- kernels (cuda_kernel.c) */
/* Kernel parameters and host arguments for a capture, and the code that
 * goes around the launch. */
typedef struct cuda_launch {
    char *params;      /* "const gm_graph *G, double *rank, ..." */
    char *args;        /* "_c_gd_G, (double *)gmcu_to_device(&_c_m_rank), ..." */
    char **saved;      /* names replaced while the body is emitted */
} cuda_launch;
/* Where cuda_st(em)->newest_on, X's argument is Q's device array (under
 * newest.when): the kernel's reads of n.X read Q[n]. */
void cuda_launch_prepare(cg_emit *em, cuda_capture *c, cuda_launch *l);
/* A kernel's parameter list `params` (maybe "void") with more appended:
 * the printf-style rest, after a comma when params has any (malloc'd). */
char *cuda_params_plus(const char *params, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cuda_launch_before(cg_emit *em, cuda_capture *c);    /* host: slots in */
void cuda_launch_after(cg_emit *em, cuda_capture *c);     /* host: slots out, flags */
void cuda_kernel_enter(cg_emit *em, cuda_capture *c, cuda_launch *l); /* device prologue */
void cuda_kernel_leave(cg_emit *em, cuda_capture *c, cuda_launch *l); /* device epilogue */
void cuda_launch_free(cg_emit *em, cuda_launch *l);
/* Starts a kernel's text in the kernel buffer; returns its name. */
char *cuda_kernel_begin(cg_emit *em, const char *what, gm_loc loc, const char *params, FILE **saved_out,
                        int *saved_indent);
void cuda_kernel_end(cg_emit *em, FILE *saved_out, int saved_indent);
/* Both of the above plus the body's region (iter, range, what it declares)
 * and the device prologue/epilogue. */
typedef struct cuda_kernel_frame {
    FILE *saved_out;
    int saved_indent;
    cg_region region;
    cg_region *outer;
    /* The capture whose arg-min/max packs (cuda_pack) the body's updates
     * use lock-free, or NULL; the enclosing frame. */
    const struct cuda_capture *packs;
    /* What the kernel's code uses and writes (cuda_prop_elem: a table it
     * only reads may go through the read-only data path). */
    const struct cuda_capture *cap;
    struct cuda_kernel_frame *outer_frame;
} cuda_kernel_frame;
char *cuda_kernel_open(cg_emit *em, cuda_kernel_frame *f, const char *what, gm_loc loc,
                       const char *params, gm_symbol *iter, gm_range_kind range, cuda_capture *c,
                       cuda_launch *l);
void cuda_kernel_close(cg_emit *em, cuda_kernel_frame *f, cuda_capture *c, cuda_launch *l);

/* The TWC push form of a collapsible node loop over queue[_c_from, _c_to)
 * (a worklist), with the kernel parameters `params`; NULL if not that shape. */
char *cuda_twc_queue_push_kernel(cg_emit *em, const gm_stmt *s, const char *queue, const char *params,
                                 cuda_capture *c, cuda_launch *l);

/* Only the uniform loop of that form, inside a kernel being emitted (the
 * names _c_wq, _c_from, _c_to in scope); false if not that shape. */
bool cuda_twc_queue_push_loop(cg_emit *em, const gm_stmt *s, const char *queue);
/* The identity of a reduction operator on a type, as C. */
const char *cuda_identity(gm_assign_op op, gm_type_kind k);
/* The gmcu_reduce_* function that combines a kernel's partials of op. */
const char *cuda_reduce_fn(gm_assign_op op);

/* ---- a minimum-label loop as one union-find call (cuda_min_label.c) */
bool cuda_min_label(cg_emit *em, const gm_stmt *s);

/* ---- a BFS finished by label correction (cuda_bfs_relax.c) */
/* Whether only the levels' values are observed (-fcuda-async not off). */
bool cuda_bfs_relaxable(cg_emit *em, const gm_stmt *s);
/* Host: at the top of the level loop, the switch to gmcu_bfs_relax once
 * _c_nlev reaches _c_relax_at, and the sweep of the body after it. */
void cuda_bfs_relax_switch(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *ctx, const char *queue);

/* ---- monotone frontier loops without rounds (cuda_async.c; the shape:
 * gm_analysis/gma_monotone.h) */
/* The persistent kernel that runs it from a gmcu_aq named _c_aq (the last
 * parameter in `params`); returns its name. */
char *cuda_async_kernel(cg_emit *em, const gma_monotone *a, const char *params, cuda_capture *c, cuda_launch *l);
/* The near-far kernel for it (cuda_priority.c): a gmcu_nf named _c_nf is
 * the last parameter in `params`; the fixpoint's key needs a term (a->g).
 * mark (a Bool property the loop captures, or NULL): set for every node the
 * kernel lowers whose id is at least mark_from, as the loop's own
 * relaxation sets its next flag (the distributed rounds' local fixpoints
 * mark the ghosts: cuda_dist_fixpoint.c). */
char *cuda_priority_kernel(cg_emit *em, const gma_monotone *a, const char *params, cuda_capture *c, cuda_launch *l,
                           const gm_symbol *mark, const char *mark_from);
/* --distributed (cuda_dist_fixpoint.c): cuda_dist_fixpoint_note notes a
 * round loop s whose frontier loop L1 can relax each rank's part to its
 * local fixpoint every round (until the next round loop is noted);
 * cuda_dist_fixpoint_l1 emits L1 so when s is that loop's L1 (false:
 * nothing emitted). */
void cuda_dist_fixpoint_note(cg_emit *em, const gm_stmt *s);
bool cuda_dist_fixpoint_l1(cg_emit *em, const gm_stmt *s);

/* ---- data-driven worklists (cuda_worklist.c) */
/* A While/Do loop with the frontier idiom, emitted with a worklist; false
 * (nothing emitted) when the loop does not have that shape. */
bool cuda_worklist_loop(cg_emit *em, const gm_stmt *s);

/* ---- --report (cuda_report.c) */
bool cuda_reporting(cg_emit *em);
/* "FILE.gm:LINE: message" on stderr (line 0: an indented detail line). */
void cuda_report(cg_emit *em, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The lines of a Foreach that became kernel kname (NULL: none; plain, one
 * thread per iteration) and/or the load-balanced kernel bal of the given
 * form (blocked_type: its pull runs in segments), from its decisions ds. */
void cuda_report_foreach(cg_emit *em, const gm_stmt *s, const gma_decisions *ds, const char *what, const char *kname,
                         const char *bal, const char *form, const char *blocked_type);
/* The line of a BFS body's level kernels: kname (one thread per node, NULL:
 * none) and/or bal (the TWC pull; hubs: it splits hub rows), what: "the
 * forward body on one level"..., from the record ds. */
void cuda_report_level(cg_emit *em, const gma_decisions *ds, const char *what, const char *kname, const char *bal,
                       bool hubs);
/* The lines of an InBFS on the device: its direction=, expand= and outline=
 * decisions in ds with the kernels they gave (NULL: none). */
void cuda_report_traversal(cg_emit *em, const gm_stmt *s, const gma_decisions *ds, const char *pull, const char *expand,
                           const char *expand_twc, const char *expand_spill, const char *ofwd, const char *orev);
/* The lines of a frontier loop with a worklist (cuda_worklist.c) from its
 * L1 record's decisions ds (as: the monotone update when async=), with the
 * kernels they gave (NULL: none). */
void cuda_report_worklist(cg_emit *em, const gm_stmt *loop, const gma_frontier *w, const gma_monotone *as,
                          bool newest_sweeps, bool newest_queue, const gma_decisions *ds, const char *ka,
                          const char *ko, const char *k1, const char *k1_twc, const char *k2);
/* The line of an InBFS's label correction (relax= in ds; sweep: the kernel
 * running its body for the nodes found, NULL: none). */
void cuda_report_relax(cg_emit *em, const gma_decisions *ds, const char *sweep);
/* A procedure's first line (the graph's upload; moved: its property
 * arguments, "" for none) and its gather order's (props: the properties,
 * read at the other ends of in-edges or out-edges). */
void cuda_report_proc(cg_emit *em, const gm_proc *proc, bool reverse, const char *moved);

/* ---- what of the graph the code reads (cuda_graph.c) ------------------- */
typedef struct cuda_graph_use {
    bool reverse;        /* in-rows on the device (GMCU_GRAPH_REVERSE) */
    bool map;            /* in-edges' forward ids on the device (GMCU_GRAPH_REVERSE_MAP) */
    bool edge_src;       /* edge sources on the device at every call (GMCU_GRAPH_EDGE_SRC) */
    bool edge_src_maybe; /* ... or where a launch may choose one thread per edge (--main uploads them first) */
    bool host_map;       /* host code may read G->r_edge_idx */
    bool host_edge_src;  /* host code may read G->edge_src */
} cuda_graph_use;
/* The procedure body's uses. */
void cuda_graph_uses(cg_emit *em, const gm_stmt *body, cuda_graph_use *g);
/* What statement s, run on the host, reads of the host graph's indexes. */
void cuda_graph_host_uses(const gm_stmt *s, bool *rows, bool *map, bool *edge_src);
/* gmcu_graph's flags argument, as C source. */
const char *cuda_graph_flags(bool reverse, bool map, bool edge_src);
void cuda_report_gather(cg_emit *em, const gm_proc *proc, const char *props, bool in_edges);
/* The line of a minimum-label loop (cuda_min_label.c). */
void cuda_report_min_label(cg_emit *em, const gm_stmt *s);
/* The details of one kernel: updates and their atomics, what it receives. */
void cuda_report_loop(cg_emit *em, const gma_decisions *ds, const gm_stmt *body, const gm_symbol *own,
                      const cuda_capture *c);

/* What a traversal's expansion kernel captures (the graph, the iterator,
 * the navigator's reads), and its launch (cuda_bfs.c). */
void cuda_bfs_capture_expand(cg_emit *em, const gm_stmt *s, cuda_capture *nav, cuda_launch *nl);
/* The TWC expansion's frame in a kernel over the frontier queue
 * _c_queue[_c_from, _c_to): a grid-stride loop, gmcu_twc over each node's
 * row (g's offsets `begin`) opened up to its per-edge lambda (_c_e), whose
 * body the caller emits; _close ends the lambda (rows of hubs to _c_spill)
 * and the loop (cuda_bfs.c, for the one-GPU and distributed expansions). */
void cuda_bfs_twc_frontier_open(cg_emit *em, const char *g, const char *begin);
void cuda_bfs_twc_frontier_close(cg_emit *em);

/* ---- BFS (cuda_bfs.c) */
/* A kernel running body (forward or reverse) over queue[from, to), level:
 * the level array's name, and its launch over the host expressions from
 * and to (what: "BFS: the forward body on one level"...). */
void cuda_bfs_launch_level(cg_emit *em, const gm_stmt *s, const gm_stmt *body, cg_bfs_ctx *ctx, const char *queue,
                           const char *level, const char *from, const char *to, const char *what);
/* --distributed: InBFS / InReverse level by level over the ranks
 * (cuda_dist_bfs.c), the bfs hook of cuda_dist.c. */
bool cuda_dist_bfs(cg_emit *em, const gm_stmt *s);

/* ---- BFS levels in persistent kernels (cuda_bfs_outline.c) */
/* What a kernel running body uses (with_nav: and the navigator). */
void cuda_bfs_capture(cg_emit *em, cuda_capture *c, const gm_stmt *s, const gm_stmt *body,
                          const cg_bfs_ctx *ctx, bool with_nav);
/* The grid-stride walk of queue[from, to) running a BFS body (in a kernel). */
void cuda_bfs_body_loop(cg_emit *em, const gm_stmt *s, const gm_stmt *body, const char *queue,
                        const char *from, const char *to);
/* Kernel parameters: l's, then (queue, level, _c_next, _c_state, _c_dstart,
 * _c_small) forward, (queue, level, _c_dstart, _c_lhi, _c_llo) reverse. */
char *cuda_outline_forward_kernel(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *ctx, const char *queue,
                                  cuda_capture *c, cuda_launch *l);
char *cuda_outline_reverse_kernel(cg_emit *em, const gm_stmt *s, cg_bfs_ctx *ctx, const char *queue,
                                  cuda_capture *c, cuda_launch *l);

/* ---- load balancing of neighbour loops (cuda_twc.c) */
/* The TWC form of a node loop, when its shape allows one: either
 * `Foreach (n) [If (c)] Foreach (t: n.Nbrs|InNbrs) body` with no write to
 * n's properties, or a node body whose first work is one reduction over
 * n's neighbours into a local (a pull). Returns the kernel's name (same
 * parameters as the plain kernel) or NULL; *reverse: it walks in-edges.
 * *blocked_type: the C type of the pull's partial results when it runs in
 * segments (cuda_blocking.c: then the kernel takes cuda_blocking_params'
 * extra parameters), NULL otherwise. *hub_type: the C type of the pull's
 * reduction when the kernel splits hub rows over the grid (its last
 * parameter is then a gmcu_hubs and gmcu_launch_pull launches it), NULL
 * otherwise; *hub_rows_fixed: its hub rows are every node's whole row (no
 * filter, no condition), so MARK's chunks may be kept between launches. */
/* How the report names the hub split of a TWC pull. */
#define CUDA_HUB_SPLIT ", on skewed graphs nodes of 256 edges or more (32 in launches of fewer blocks than multiprocessors, 4096 in sweeps over all the nodes) by the whole grid in chunks (hub split: mark, walk, then the kernel; a sweep over every node marks once while the graph stays the same; GMCU_HUBS=0 turns it off)"
/* Which TWC form cuda_twc_kernel would give node loop s (c: its capture),
 * without emitting it; for a pull, *hubs: it splits hub rows over the grid,
 * *blocked: it may run in segments (cuda_blocking.c; -fcuda-blocking not off). */
typedef enum cuda_twc_shape { CUDA_TWC_NONE, CUDA_TWC_PUSH, CUDA_TWC_PULL } cuda_twc_shape;
cuda_twc_shape cuda_twc_form(cg_emit *em, const gm_stmt *s, const cuda_capture *c, bool *hubs, bool *blocked);
char *cuda_twc_kernel(cg_emit *em, const gm_stmt *s, cuda_capture *c, cuda_launch *l, bool *reverse,
                      const char **form, const char **blocked_type, const char **hub_type, bool *hub_rows_fixed);

/* ---- edge blocking of pull sweeps (cuda_blocking.c) */
/* The kernel parameters with the segment's appended. */
char *cuda_blocking_params(const char *params);
/* In the kernel: _c_eb, _c_ee, node n's edges whose other end is in this
 * segment (the whole row when there is one segment). */
void cuda_blocking_range(cg_emit *em, const char *g, const char *n, bool rev);
/* After reduction k's partial _c_qK of type ty (combined by functor fn):
 * kept for the next segment, or, in the last one, _c_rK with the earlier
 * segments' partials. */
void cuda_blocking_partial(cg_emit *em, const char *ty, const char *fn, const char *n, int k);
/* Host: the launches of kernel `name` (grid over the nodes), one per segment
 * of the nodes' values of type ty (rev: the kernel walks in-edges; gather:
 * it reads them as positions in the gather order, cuda_gather.c); `force`:
 * at least two segments (-fcuda-blocking=on); hub_type, hub_rows_fixed: see
 * cuda_twc_kernel (each segment then by gmcu_launch_pull). */
void cuda_blocking_launch(cg_emit *em, const char *name, const char *g, bool rev, bool gather, const char *args,
                          const char *ty, bool force, const char *where, const char *hub_type, bool hub_rows_fixed);
/* The pull form of one BFS level's body (over queue[_c_from, _c_to)), with
 * the level kernel's parameters `params`; NULL when the body has no such
 * shape. Up/DownNbrs test the levels. *hub_type as for cuda_twc_kernel. */
/* Whether one BFS level's body has the pull form cuda_twc_level_kernel
 * emits (c: its capture); *hubs: it splits hub rows over the grid. */
bool cuda_twc_level_form(cg_emit *em, const gm_stmt *bfs, const gm_stmt *body, const cuda_capture *c, bool *hubs);
char *cuda_twc_level_kernel(cg_emit *em, const gm_stmt *bfs, const gm_stmt *body, const cg_bfs_ctx *ctx,
                            const char *queue, const char *params, cuda_capture *c, cuda_launch *l,
                            bool *reverse, const char **hub_type);
/* The inner loop of a loop that collapses to one thread per edge, or NULL;
 * *cond: a condition on n around it. */
const gm_stmt *cuda_collapsible(const gm_stmt *s, const gm_expr **cond);
/* Whether a collapsible loop's per-edge work is itself a loop, so that one
 * thread per edge over the whole GPU beats one block per hub. */
bool cuda_push_prefers_edges(const gm_stmt *in);

/* ---- the decision phase (cuda_decide.c): the decisions of proc's loops
 * in em->decided, before its first line */
void cuda_decide(cg_emit *em, const gm_proc *proc);
/* balance= (and launch=, hubs=, blocking=) of node loop s, c its capture
 * with packs allowed (cuda_parallel_loop's). */
void cuda_decide_balance(cg_emit *em, gma_decisions *ds, const gm_stmt *s, const cuda_capture *c);
/* direction=, expand= and outline= of an InBFS on the device. */
void cuda_decide_traversal(cg_emit *em, gma_decisions *ds, const gm_stmt *s);
/* worklist= (d1: L1's record, d2: L2's), async=, priority=, outline= and
 * balance= of a frontier loop (cuda_worklist.c); false: no worklist. */
bool cuda_worklist_decide(cg_emit *em, const gm_stmt *loop, gma_decisions *d1, gma_decisions *d2);
/* balance= (and hubs=) of the level kernels of BFS s running body (c: its capture). */
void cuda_decide_level(cg_emit *em, gma_decisions *ds, const gm_stmt *s, const gm_stmt *body, const cuda_capture *c);
/* transfer= of a kernel with capture c: each property it uses (P:to-device,
 * or P:overwrite when s, a node or edge loop, writes every element before
 * any read: cuda_writes_whole_prop), each host scalar it reads (S:by-value),
 * reduces (S:slot-reduced) or writes (S:slot), in capture order. */
void cuda_decide_transfers(cg_emit *em, gma_decisions *ds, const gm_stmt *s, const cuda_capture *c);
/* Whether ds holds transfer=P:overwrite for prop. */
bool cuda_transfer_overwrites(const gma_decisions *ds, const gm_symbol *prop);
/* Whether the kernel of loop s writes capture i, a property, at every
 * element before anything reads it (cuda_kernel.c). */
bool cuda_writes_whole_prop(cg_emit *em, const gm_stmt *s, const cuda_capture *c, int i);
/* atomics= and count= of a kernel running body (own: its iterator, c: its capture). */
void cuda_decide_atomics(gma_decisions *ds, const gm_stmt *body, const gm_symbol *own, const cuda_capture *c);

/* ---- hooks */
bool cuda_parallel_loop(cg_emit *em, const gm_stmt *s);
bool cuda_bfs(cg_emit *em, const gm_stmt *s);
bool cuda_host_stmt(cg_emit *em, const gm_stmt *s);
bool cuda_prop_read(cg_emit *em, const gm_expr *e);
bool cuda_prop_write(cg_emit *em, const gm_stmt *s);
bool cuda_proc_begin(cg_emit *em, const gm_proc *proc);
/* The one-GPU hook table, prologue and procedure writer (cuda_backend.c),
 * which --distributed (cuda_dist.c) wraps. */
extern const cg_hooks cuda_hooks;
void cuda_prologue(cg_emit *em, const char *base);
void cuda_emit_proc(cg_emit *em, gm_proc *pr, FILE *file);
/* What both writers share: the prologue's includes (NAME.h, the C and
 * OpenMP headers, gmcu.h, then more, then gmrt_inline.h); a fresh state
 * with knobs k, and its release; writing NAME.h and NAME.cu (w: the
 * target's name, hooks, prologue and main; this fills in the rest, a
 * decision record of plan, and releases st afterwards). */
void cuda_prologue_includes(cg_emit *em, const char *base, const char *more);
void cuda_state_init(cuda_state *st, const gmb_cuda_knobs *k);
void cuda_state_free(cuda_state *st);
bool cuda_write_files(gm_program *p, const gmb_options *opt, const gma_plan *plan, cuda_state *st,
                      cg_program_writer w);
/* --distributed: the end of a node loop's range, the owners or every
 * local node (the sync plan's span): in the kernel (device) or the host's
 * launch. */
const char *cuda_dist_node_hi(cg_emit *em, const gm_stmt *s, bool device);
void cuda_main_step(cg_emit *em, const gm_proc *proc, cg_main_step step);
/* The device forms of atomic updates and arg-min/max (cuda_kernel.c). */
bool cuda_atomic_update(cg_emit *em, gm_assign_op op, const char *lv, const char *v, gm_type_kind k);
bool cuda_argminmax(cg_emit *em, const gm_stmt *s, const char *key, bool is_min);
/* Whether a whole parallel Foreach / BFS can run on the GPU. */
bool cuda_foreach_on_gpu(cg_emit *em, const gm_stmt *s, const char **why);
bool cuda_bfs_on_gpu(cg_emit *em, const gm_stmt *s, const char **why);

#endif /* GM_CUDA_EMIT_H */
