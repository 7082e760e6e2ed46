/* backend_options.h: what the driver tells a code generator (both targets). */
#ifndef GM_BACKEND_OPTIONS_H
#define GM_BACKEND_OPTIONS_H

#include <stdbool.h>

#define GMB_OPTIONS_HAS_ENTRY 1

/* An automatic default, or forced on or off (-fcuda-NAME=auto|on|off). */
typedef enum gmb_switch { GMB_AUTO = 0, GMB_ON, GMB_OFF } gmb_switch;

/* How a node loop with a neighbour loop inside spreads its edges over
 * threads (-fcuda-lb=). AUTO: TWC on skewed graphs, one thread per node
 * otherwise, decided at run time. */
typedef enum gmb_cuda_lb {
    GMB_LB_AUTO = 0,
    GMB_LB_TWC,     /* block / warp / thread by degree */
    GMB_LB_EDGE,    /* one thread per edge (loop collapsing) */
    GMB_LB_VERTEX,  /* one thread per node: the plain translation */
} gmb_cuda_lb;

/* Which side a BFS level is discovered from (-fcuda-direction=). AUTO:
 * bottom-up (unvisited nodes look for a parent) when the frontier holds
 * more than 1/20 of the nodes, top-down otherwise. */
typedef enum gmb_direction { GMB_DIR_AUTO = 0, GMB_DIR_PUSH, GMB_DIR_PULL } gmb_direction;

typedef struct gmb_cuda_knobs {
    gmb_cuda_lb lb;
    gmb_switch outline;  /* -fcuda-outline: BFS levels in one persistent kernel */
    gmb_switch worklist; /* -fcuda-worklist: the frontier idiom with a worklist */
    gmb_switch async;    /* -fcuda-async: a monotone worklist loop without rounds */
    gmb_switch priority; /* -fcuda-priority: that fixpoint in near-far buckets of its key */
    gmb_switch blocking; /* -fcuda-blocking: pull sweeps in segments of sources that fit the L2 */
    gmb_direction direction; /* -fcuda-direction: BFS top-down, bottom-up or both */
    gmb_switch gather_order; /* -fcuda-gather-order: gathered tables most-read first */
    bool report;         /* --report: say what each parallel loop became */
} gmb_cuda_knobs;

typedef struct gmb_options {
    const char *out_dir;     /* where the files go (created if missing) */
    const char *base_name;   /* the source's base name: NAME.c / NAME.cu and NAME.h */
    bool emit_main;          /* also emit a main() driver */
    bool try_entry;          /* also emit NAME_try for each entry procedure (gmrt_fatal.h) */
    const char *entry;       /* the procedure main() runs (validated by the driver); NULL: backend's choice */
    gmb_cuda_knobs cuda;     /* the CUDA target's choices */
} gmb_options;

#endif
