/* gmd.h: libgmrt-dist, the distributed runtime (MPI) for SPMD programs: one
 * process (rank) per GPU or per host, started by mpirun.  Design: the
 * project's distributed.md (issue 31; sections 4, 5 and 8).
 *
 * Contract:
 *  - Every function marked COLLECTIVE must be called by every rank, in the
 *    same order, with the same scalar arguments; it returns the same status
 *    on every rank (a failure on one rank is a failure on all, with the
 *    failing rank's message).
 *  - Calls come from one thread per rank (MPI_THREAD_FUNNELED): OpenMP
 *    parallel regions may run between them, not around them.
 *  - A gmd_graph partitions a global graph of n nodes and m edges among P
 *    ranks.  Rank r owns the global ids [B[r], B[r+1]) (blocks balanced on
 *    nodes + stored edges).  Its local ids are its owners first (local =
 *    gid - B[r]), then its ghosts (nodes owned elsewhere that its edges
 *    touch) sorted by global id, so the ghosts owned by peer p are the slice
 *    [ghost_begin[p], ghost_begin[p+1]) of the local ids.
 *  - local is a gm_graph (gmrt_graph.h) over the local ids holding the edges
 *    assigned to this rank: policy OUT, the out-edges of its owners; IN, the
 *    in-edges of its owners; BOTH, the union (an edge between two owners of
 *    the same rank once).  So under OUT (BOTH) the forward rows of the owners
 *    are their complete out-edges and under IN (BOTH) the reverse rows
 *    (gmrt_graph_make_reverse) their complete in-edges.  Ghost rows hold only
 *    the edges that link them to owners.  Weights, when the file has them,
 *    follow the local forward edge order; edge_gid[e] is local forward edge
 *    e's index in the global graph's forward order (for edge properties).
 *  - With relabelling, global ids are a random permutation of the file's
 *    ids; gmd_scatter, gmd_gather and the property files always use the
 *    file's (original) order.
 *  - A partitioned set (`gmgraph partition --parts=P`, files PREFIX.R.gmp
 *    for R = 0..P-1, loaded as "PREFIX.gmp") holds exactly the gmd_graph
 *    that gmd_partition builds on rank R of P from the same graph and
 *    options, field by field; each rank reads only its own part.
 *  - Property arrays hold gmd_num_local(G) elements (owners then ghosts) or
 *    at least gmd_num_owned(G) where only owners are read or written. */
#ifndef GMD_H
#define GMD_H

#include "gmrt_graph.h"
#include "gmrt_io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- start, stop, ranks ------------------------------------------------ */

/* COLLECTIVE. Initializes MPI (unless the program already did; then
 * gmd_finalize leaves it to the program too).  argc/argv may be NULL.
 * false (message in err) when MPI cannot start. */
bool gmd_init(int *argc, char ***argv, gmrt_error *err);
/* COLLECTIVE. Frees nothing the program owns; finalizes MPI when gmd_init
 * initialized it. */
void gmd_finalize(void);
int gmd_rank(void);
int gmd_size(void);
/* This rank's index among the ranks of its host (its GPU, later). */
int gmd_local_rank(void);
/* COLLECTIVE. A barrier (tests, timing). */
void gmd_barrier(void);
/* Stops every rank: prints "rank R: message" on stderr and aborts MPI with
 * code (for errors a program cannot recover from). */
void gmd_abort(int code, const char *message);

/* ---- host scalars ------------------------------------------------------ */

typedef enum gmd_op { GMD_SUM = 1, GMD_MIN, GMD_MAX, GMD_AND, GMD_OR } gmd_op;

/* COLLECTIVE. In place: every rank's value becomes op over all ranks. */
void gmd_allreduce_int32(int32_t *v, gmd_op op);
void gmd_allreduce_int64(int64_t *v, gmd_op op);
void gmd_allreduce_float(float *v, gmd_op op);
void gmd_allreduce_double(double *v, gmd_op op);
void gmd_allreduce_bool(bool *v, gmd_op op); /* GMD_AND, GMD_OR (MIN/MAX alike) */
/* COLLECTIVE. count values of type t (INT32, INT64, FLOAT, DOUBLE, BOOL,
 * NODE, EDGE) in place; several scalars of one loop in one call. false for
 * an op the type has no meaning for (AND/OR on numbers, SUM on Bool). */
bool gmd_allreduce(void *values, size_t count, gmrt_type t, gmd_op op);
/* COLLECTIVE. Rank root's bytes to every rank. */
void gmd_bcast(void *data, size_t bytes, int root);

/* ---- the mpi-host transport -------------------------------------------- */

/* COLLECTIVE. Per-peer exchange: this rank sends send_count[p] elements of
 * elem_size bytes from send + send_off[p]*elem_size to every peer p and
 * receives recv_count[p] elements into recv + recv_off[p]*elem_size.  Both
 * sides must agree (recv_count[q] on p == send_count[p] on q); zero counts
 * send nothing.  The element at this rank itself (p == rank) is copied
 * locally.  Counts and offsets are in elements, arrays of gmd_size(). */
void gmd_exchange(const void *send, const size_t *send_count, const size_t *send_off, void *recv,
                  const size_t *recv_count, const size_t *recv_off, size_t elem_size);

/* Time spent in communication (exchanges, collectives) and bytes sent by this
 * rank since gmd_init or the last reset. */
typedef struct gmd_counters {
    double comm_ms;
    uint64_t bytes_sent;
    uint64_t messages;     /* point-to-point messages sent */
    uint64_t collectives;  /* allreduce, bcast, barrier calls */
    int64_t bfs_levels;    /* the most levels one distributed BFS took */
} gmd_counters;
gmd_counters gmd_get_counters(void);
void gmd_reset_counters(void);
/* A distributed BFS took this many levels (the generated code's InBFS,
 * after its loop): kept in the counters as the most of the run. */
void gmd_count_bfs_levels(int64_t levels);
/* A BFS of at least this many levels on several ranks draws the driver's
 * note (gmd_note_levels): every level synchronizes the ranks, so such
 * graphs (grids, road networks) run best on one GPU or one process. */
#define GMD_MANY_LEVELS 1000
/* Rank 0, once the runs are done: the note on stderr (prog: the program's
 * name) when the ranks are several and a BFS took GMD_MANY_LEVELS levels
 * or more; nothing otherwise. Not a collective. */
void gmd_note_levels(const gmd_counters *c, const char *prog);

/* ---- partitioned graphs ------------------------------------------------ */

typedef enum gmd_policy {
    GMD_POLICY_BOTH = 0, /* default: out-edges at the source's owner and in-edges at the destination's */
    GMD_POLICY_OUT,
    GMD_POLICY_IN
} gmd_policy;
/* "both", "out", "in"; parse gives -1 for an unknown name. */
const char *gmd_policy_name(gmd_policy p);
int gmd_policy_parse(const char *name);

typedef struct gmd_load_options {
    gmd_policy policy;
    bool relabel;          /* random relabelling of the ids before partitioning */
    uint64_t relabel_seed; /* its seed (0: a fixed default); same on every rank */
    const gmrt_load_options *graph_options; /* how gmd_load reads the file; NULL: defaults */
    bool policy_from_set;  /* a .gmp set keeps the policy it was partitioned with (the
                              command line named none: gmd_cli_options); false: policy
                              must be the set's */
    bool no_edge_gid;      /* the program reads no edge property: G->edge_gid is NULL
                              (8 bytes a local edge less with 64-bit edges; the
                              generator never builds it) */
} gmd_load_options;

typedef struct gmd_graph {
    int rank, size;
    gmd_policy policy;
    int64_t global_nodes, global_edges;
    gm_graph *local;        /* CSR over local ids, see the contract above */
    gm_node_t num_owned;    /* = B[rank+1] - B[rank] */
    gm_node_t num_ghosts;
    int64_t *block;         /* size+1 entries: B[] */
    int64_t *ghost_gid;     /* num_ghosts global ids, ascending */
    gm_node_t *ghost_begin; /* size+1: ghosts of peer p are local ids [ghost_begin[p], ghost_begin[p+1]) */
    gm_node_t **send_idx;   /* per peer: owned local ids p holds as ghosts, in p's ghost order */
    gm_node_t *send_count;  /* per peer: entries of send_idx[p] */
    gm_edge_t *out_degree;  /* global out-degree of each local node (owners and ghosts) */
    gm_edge_t *in_degree;   /* global in-degree of each local node */
    gm_edge_t *edge_gid;    /* per local forward edge: its index in the global forward order
                               (NULL when loaded with no_edge_gid) */
    /* relabelling: new_of_old[orig] = global id, old_of_new[gid] = orig; NULL without */
    gm_node_t *new_of_old, *old_of_new;
    /* a GPU runtime's copies of this graph (libgmrt-dist-cuda's
     * gmd_gpu_graph_of), freed by gmd_graph_free with gpu_free; NULL: none */
    void *gpu;
    void (*gpu_free)(void *gpu);
} gmd_graph;

/* COLLECTIVE. Every rank reads the same graph file (a .gmb is mapped, so one
 * copy lives in the page cache of a host) and keeps its part.  opt may be
 * NULL (policy both, no relabelling). NULL on failure on any rank, and
 * when the ranks read different graphs (a fingerprint of the arrays is
 * compared: a file rewritten between their reads, standard input "-",
 * which mpirun gives rank 0 only).
 * A path ending in ".gmp" names a partitioned set: rank R reads only
 * PREFIX.R.gmp (path without ".gmp").  The set's policy and relabelling are
 * the file's: opt NULL accepts them, otherwise opt->policy must be the
 * file's (unless opt->policy_from_set) and opt->relabel, when set, its seed (graph_options: a load option that would change
 * the graph, such as symmetrize, is refused; weights_as is checked).
 * Refused with a message naming the part, on every rank: a missing part, a
 * part made for another number of ranks or for another rank, a truncated
 * or damaged part (checksum), an unknown .gmp version, parts of different
 * `gmgraph partition` runs.  The .gmp layout: gmd_gmp.c and README.
 * A path "gen:KIND,..." is a generator spec (gmrt_gen.h), no file: every
 * rank generates its share of the edges, sends them to their owners and
 * builds the part gmd_load builds from the file `gmgraph gen` writes for
 * the same options (policy from opt; relabelling refused; memory per rank
 * about its share of the edges; gmd_gen.c says how). */
gmd_graph *gmd_load(const char *path, const gmd_load_options *opt, gmrt_error *err);
/* COLLECTIVE. The largest peak resident set size of any rank so far, MB. */
double gmd_max_peak_rss_mb(void);
/* COLLECTIVE. The same from a graph every rank holds (equal on all ranks). */
gmd_graph *gmd_partition(const gm_graph *global, const gmd_load_options *opt, gmrt_error *err);
void gmd_graph_free(gmd_graph *G);

static inline gm_node_t gmd_num_owned(const gmd_graph *G) { return G->num_owned; }
static inline gm_node_t gmd_num_local(const gmd_graph *G) { return G->num_owned + G->num_ghosts; }
/* Global id of a local id, and back (GMRT_NIL_NODE when gid is not local). */
int64_t gmd_global_id(const gmd_graph *G, gm_node_t local);
gm_node_t gmd_local_id(const gmd_graph *G, int64_t gid);
/* The rank owning global id gid (binary search in B[]). */
int gmd_owner(const gmd_graph *G, int64_t gid);

/* The global id of node file_id of the file (relabelling applied), and back;
 * -1 out of range. For arguments such as a root given on the command line. */
int64_t gmd_gid_of_file_id(const gmd_graph *G, int64_t file_id);
int64_t gmd_file_id_of_gid(const gmd_graph *G, int64_t gid);

/* ---- node properties --------------------------------------------------- */

/* COLLECTIVE. x = n.P for one node n (global id gid): the owner's value of
 * prop (elements of type t, local ids) reaches value on every rank. false
 * (on every rank) for a gid out of range or an unknown type. */
bool gmd_owner_read(const gmd_graph *G, int64_t gid, const void *prop, gmrt_type t, void *value);
/* n.P = x: stored by the owner only (the other ranks do nothing; their
 * ghost copies, if any, are stale until a broadcast). Returns whether this
 * rank owns gid. */
bool gmd_owner_write(const gmd_graph *G, int64_t gid, void *prop, gmrt_type t, const void *value);

/* COLLECTIVE. all (read on rank 0 only; other ranks may pass NULL): n values
 * of type t in the file's node order; owned receives this rank's owners'
 * values (gmd_num_owned elements). */
bool gmd_scatter(const gmd_graph *G, const void *all, void *owned, gmrt_type t, gmrt_error *err);
/* COLLECTIVE. The reverse: all (rank 0 only) receives n values in the file's
 * node order from every rank's owned values. */
bool gmd_gather(const gmd_graph *G, const void *owned, void *all, gmrt_type t, gmrt_error *err);
/* COLLECTIVE. gmd_gather then, on rank 0, a text property file (gmrt_prop.h
 * format, as the single-process programs write it). */
bool gmd_write_property(const gmd_graph *G, const char *path, const void *owned, gmrt_type t, gmrt_error *err);
/* COLLECTIVE. Rank 0 reads a node property file (text or binary) and
 * scatters it. */
bool gmd_read_property(const gmd_graph *G, const char *path, void *owned, gmrt_type t, gmrt_error *err);

/* COLLECTIVE, dense syncs over the mpi-host transport (prop holds
 * gmd_num_local elements of type t).  broadcast: every ghost gets its
 * owner's value.  reduce: every owner combines the values its ghosts hold on
 * the other ranks with op (SUM/MIN/MAX for numbers, AND/OR for Bool); the
 * ghosts keep their values. */
bool gmd_sync_broadcast(const gmd_graph *G, void *prop, gmrt_type t);
bool gmd_sync_reduce(const gmd_graph *G, void *prop, gmrt_type t, gmd_op op);
/* COLLECTIVE. An arg-min (is_min) or arg-max reduce: every owner takes, of
 * the copies its ghosts hold on the other ranks, the key strictly better
 * than its own (the lowest rank's among equals) together with that copy's
 * npay payloads (arrays pay[j] of type pt[j], gmd_num_local elements); the
 * ghosts keep their values. key: any type but Bool. */
bool gmd_sync_reduce_arg(const gmd_graph *G, void *key, gmrt_type kt, bool is_min, int npay, void *const *pay,
                         const gmrt_type *pt);

/* ---- the minimum-label fixpoint (gmd_components.c) -------------------- */

/* COLLECTIVE. gm_opt/min_label.c's loop (wcc) on a partition: every owner's
 * label becomes the smallest starting label (owners' values on entry; the
 * ghosts' are not read) in its global weakly connected component, and
 * every ghost its owner's. One union-find on G->local (its components:
 * gmrt_component_roots), then rounds of: each local label := the smallest
 * of its local component, a MIN reduce and a broadcast of the labels,
 * until no sync changes a label on any rank (one round with one rank). Any policy: every edge is on some rank. Labels are compared as
 * numbers (Node values: global ids). Returns the number of rounds; -1 (on
 * every rank, labels unspecified) when a rank is out of memory. */
int64_t gmd_min_label_components_i32(gmd_graph *G, int32_t *label);
int64_t gmd_min_label_components_i64(gmd_graph *G, int64_t *label);

/* ---- programs (gmc --distributed --main; gmd_cli.c, gmd_batch.c) ------ */

/* Takes --policy=out|in|both and --relabel[=SEED] out of argv (the rest is
 * left for gmrt_cli_parse) into opt (policy both, no relabelling when
 * absent); on ranks other than 0, standard output then goes to /dev/null.
 * Returns -1 to go on, else the status to exit with (2: a bad value, said
 * by rank 0).  After gmd_init. */
int gmd_cli_options(int *argc, char **argv, gmd_load_options *opt);
/* COLLECTIVE. The verdict of every rank's gmrt_cli_parse (status: -1 to go
 * on, else the status to exit with): -1 only when every rank goes on, else
 * the largest status, on every rank, so that no rank waits in a collective
 * for one that stopped (a file or folder only some hosts see).  When rank
 * 0 would go on, it says which rank stopped (that rank was quiet). */
int gmd_cli_agree(int status, const char *prog);
/* quiet: standard error of ranks other than 0 goes to /dev/null until
 * gmd_cli_quiet(false) (around parsing that every rank does alike). */
void gmd_cli_quiet(bool quiet);
/* COLLECTIVE. The main() of gmc --distributed --main programs, after
 * gmd_init (gmd_batch.c): run(argc, argv) once and its status; with
 * --batch=FILE (or --batch FILE) among the arguments, run once per line of
 * FILE in this MPI world (the line's words after the other arguments), each
 * run between "== batch line N" lines of rank 0, and the largest status. */
int gmd_cli_main(int argc, char **argv, int (*run)(int argc, char **argv));

/* COLLECTIVE, sparse syncs: the same, but only the entries flagged in dirty
 * (one byte per local node, gmd_num_local(G) of them; nonzero: written
 * since the last sync; the caller clears it) travel.  broadcast: the ghosts
 * of the dirty owners get their owner's value, the other ghosts keep
 * theirs.  reduce: each owner combines with op the values of its dirty
 * ghosts on the other ranks (in rank order, as the dense reduce); a clean
 * ghost contributes nothing, so the result equals the dense reduce's when
 * the clean ghosts hold op's identity (0 for SUM) or, for MIN/MAX/AND/OR, a
 * value the owner has already combined.  Per peer the message is (index in
 * the shared list, value) pairs or the list's whole block of values,
 * whichever is smaller, after the per-peer counts.  false (on every rank,
 * no message) for an unknown type or an op the type has no meaning for. */
bool gmd_sync_broadcast_sparse(const gmd_graph *G, void *prop, gmrt_type t, const uint8_t *dirty);
bool gmd_sync_reduce_sparse(const gmd_graph *G, void *prop, gmrt_type t, gmd_op op, const uint8_t *dirty);

/* ---- BFS levels (gmc --distributed's InBFS; gmd_bfs.c) ------------------ */

/* COLLECTIVE. The claims of one BFS level: ghosts holds n ghost local ids
 * this rank discovered (each once; an owner's id aborts); each is sent to
 * its owner only (sparse: one exchange of per-peer counts, one of the ids).
 * *recv (capacity *cap elements, grown with realloc; may start NULL, 0)
 * receives the local ids of this rank's owners claimed by any rank, once
 * per claiming rank, in rank order; returns their number. */
int64_t gmd_bfs_claims(const gmd_graph *G, const gm_node_t *ghosts, size_t n, gm_node_t **recv, size_t *cap);
/* COLLECTIVE (gmd_bfs_settle.c). The rest of a BFS of many levels, rank by
 * rank: lvl (gmd_num_local entries; unseen: -1, or INT32_MAX when
 * inf_unseen) is exact up to depth, frontier holds this rank's n owners at
 * depth, not expanded yet. Rounds of a local BFS over this rank's out-rows
 * from its seeds (ghosts lowered, not walked) and a sparse MIN reduce of the
 * ghosts it lowered, whose lowered owners seed the next round, until no
 * owner is lowered on any rank; then every owner has its exact level and
 * every ghost its owner's (a dense broadcast). Needs every owner's
 * out-rows (policy out or both). Returns the number of rounds (the same on
 * every rank). */
int64_t gmd_bfs_settle(const gmd_graph *G, int32_t *lvl, bool inf_unseen, const gm_node_t *frontier, size_t n,
                       int32_t depth);
/* Levels after which a distributed BFS whose body touches only its node is
 * finished by gmd_bfs_settle (environment GMD_BFS_SETTLE_AFTER overrides;
 * a negative value never does). */
#define GMD_BFS_SETTLE_AFTER 64
int64_t gmd_bfs_settle_after(void);

#ifdef __cplusplus
}
#endif
#endif
