/* gmd_part.h: the MPI-free core of libgmrt-dist's partitioning and of its
 * partitioned graph files (.gmp), shared by libgmrt-dist (gmd_graph.c) and
 * the gmgraph tool (`gmgraph partition`), which runs without MPI.
 *
 * Contract: nothing here communicates or includes <mpi.h>; every function
 * works for any (rank, size) given, so one process can build every rank's
 * part of a partition, and the result is the one gmd_partition computes on
 * that rank (the same blocks, ghosts, local CSR, degrees and relabelling),
 * send lists aside: those come from the peers' ghost lists
 * (gmd_part_fill_send_lists_ here, an exchange in gmd_graph.c). */
#ifndef GMD_PART_H
#define GMD_PART_H

#include "gmd.h"

/* Rank `rank` of `size`'s part of g under opt (NULL: policy both, no
 * relabelling): everything but the send lists (send_idx[p] NULL,
 * send_count[p] 0).  NULL with err set on failure (memory, a bad policy). */
gmd_graph *gmd_part_local_(const gm_graph *g, int rank, int size, const gmd_load_options *opt, gmrt_error *err);

/* Marks G's local graph symmetric (gmrt_graph_mark_symmetric) when the
 * global graph is (global_symmetric: built with symmetrize, or marked) and
 * the policy is both: every local edge touches an owner, and so does its
 * reverse, which the global graph holds as often, so the local rows keep
 * both directions with their repeats. Saves the O(m) checks (a host reverse
 * CSR, or a search an edge) that a GPU upload makes to alias the reverse
 * rows to the forward ones: 150 s a rank of kron28 at P = 2. */
void gmd_part_mark_symmetric_(gmd_graph *G, bool global_symmetric);

/* Fills G's send lists from every rank's ghost table: ghost_gid[q] and
 * ghost_begin[q] are rank q's (q = 0..G->size-1; G's own included).
 * false (err set) when memory fails or a peer's ghost is not owned here. */
bool gmd_part_fill_send_lists_(gmd_graph *G, int64_t *const *ghost_gid, gm_node_t *const *ghost_begin,
                               gmrt_error *err);

/* ---- partitioned graph files (.gmp; layout in gmd_gmp.c and README) ---- */

/* The file of rank `rank` in the set named by prefix: "PREFIX.RANK.gmp".
 * malloc'd; NULL when memory fails. */
char *gmd_gmp_part_path_(const char *prefix, int rank);
/* Whether path names a partitioned set (ends in ".gmp"), and the set's
 * prefix (malloc'd): path without ".gmp" ("g.gmp" names g.0.gmp, g.1.gmp..). */
bool gmd_gmp_is_set_(const char *path);
char *gmd_gmp_prefix_(const char *path);

/* A fingerprint of a partitioning: g's arrays, P, the policy and the
 * relabelling; every part of one `gmgraph partition` run carries it, so
 * parts of different runs are never mixed. */
uint64_t gmd_gmp_set_id_(const gm_graph *g, int size, const gmd_load_options *opt);

/* Writes G (one complete part, send lists included) to path, atomically
 * (a temporary file renamed over path: gmrt_file.h). */
bool gmd_gmp_write_(const gmd_graph *G, uint64_t relabel_seed, uint64_t set_id, const char *path, gmrt_error *err);

/* The checksum a part of len bytes at b carries at byte 104 (computed with
 * those 8 bytes read as 0): for tests that damage a part and reseal it, so
 * that the reader's own checks, not the checksum, must catch the damage. */
uint64_t gmd_gmp_checksum_(const unsigned char *b, size_t len);

/* What a part's header says, for the checks across ranks. */
typedef struct gmd_gmp_info {
    uint64_t set_id, relabel_seed;
    bool relabelled;
} gmd_gmp_info;

/* Reads the part at path, which must be rank `rank` of `size` (a file of
 * another P or rank, a missing or truncated file, a checksum mismatch, an
 * unknown version or contents that break the layout are errors naming
 * path).  NULL with err set on failure. */
gmd_graph *gmd_gmp_read_(const char *path, int rank, int size, gmd_gmp_info *info, gmrt_error *err);

#endif
