/* gmrt_base.h: the basic types shared by every part of libgmrt (node and edge
 * ids, NIL, the error record) and the library's size configuration.
 *
 * gm_edge_t is 32-bit unless GMRT_EDGE64 is defined when this header is
 * included; the library and every program using it must agree, which
 * gmrt_edge_size() lets a program verify at run time.  This header does not
 * read config.h on purpose: installed headers must work without it. */
#ifndef GMRT_BASE_H
#define GMRT_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int32_t gm_node_t;
#ifdef GMRT_EDGE64
typedef int64_t gm_edge_t;
#define GMRT_EDGE_MAX INT64_MAX
#else
typedef int32_t gm_edge_t;
#define GMRT_EDGE_MAX INT32_MAX
#endif
/* Node ids are 0..num_nodes-1, so a graph holds at most INT32_MAX nodes. */
#define GMRT_NODE_MAX INT32_MAX

#define GMRT_NIL_NODE ((gm_node_t)-1)
#define GMRT_NIL_EDGE ((gm_edge_t)-1)

/* Inline helpers that CUDA kernels call too (nvcc compiles them for both). */
#ifdef __CUDACC__
#define GMRT_HOST_DEVICE __host__ __device__
#else
#define GMRT_HOST_DEVICE
#endif

/* sizeof(gm_edge_t) in the library as it was built (4 or 8). */
int gmrt_edge_size(void);

/* Room for n elements of size bytes (n == 0: one), uninitialised, for an
 * array of a node's or an edge's worth (a property, a traversal's queue):
 * malloc's block, from 4 MiB up with its whole 2 MiB pages advised to be
 * transparent huge pages, so its first touch faults once per 2 MiB, not
 * once per 4 KiB (the kernel's "madvise" mode; a hint only). NULL when out
 * of memory or n * size overflows; freed with free(). */
void *gmrt_alloc_big_array(size_t n, size_t size);
/* The same, zeroed (calloc's block: a big one is fresh zero pages). */
void *gmrt_zalloc_big_array(size_t n, size_t size);

typedef enum gmrt_status {
    GMRT_OK = 0,
    GMRT_E_IO,          /* the file could not be opened, read or written */
    GMRT_E_FORMAT,      /* the contents do not follow the format */
    GMRT_E_RANGE,       /* a value does not fit (too many nodes or edges, id out of range) */
    GMRT_E_NOMEM,       /* an allocation failed */
    GMRT_E_ARG,         /* a bad argument from the caller */
    GMRT_E_UNSUPPORTED  /* a valid but unsupported variant of a format */
} gmrt_status;

/* Filled by every function that can fail, when it fails (a success leaves
 * it alone).  The message names the file, the line or byte offset, and what
 * was expected.  Passing NULL is allowed. */
typedef struct gmrt_error {
    gmrt_status code;
    char message[512];
} gmrt_error;

void gmrt_error_clear(gmrt_error *err);
void gmrt_error_set(gmrt_error *err, gmrt_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A generated procedure that refuses its arguments (a UGraph argument that
 * is not symmetric) returns at once, leaving its outputs as they were and
 * returning 0 (NIL for a Node or Edge); it prints the message on stderr and
 * keeps it for the calling thread: gmrt_proc_error() is that message, or
 * NULL when no call refused since gmrt_proc_error_clear(). */
const char *gmrt_proc_error(void);
void gmrt_proc_error_clear(void);
void gmrt_proc_fail(const char *message);

/* Value types of maps and property files (Green-Marl's primitives plus Node
 * and Edge).  Float is float, Bool is a C bool (one byte). */
typedef enum gmrt_type {
    GMRT_T_INT32 = 1,
    GMRT_T_INT64,
    GMRT_T_FLOAT,
    GMRT_T_DOUBLE,
    GMRT_T_BOOL,
    GMRT_T_NODE, /* gm_node_t, NIL = -1 */
    GMRT_T_EDGE  /* gm_edge_t, NIL = -1 */
} gmrt_type;

/* Bytes of one value of type t in memory; 0 for an unknown type. */
size_t gmrt_type_size(gmrt_type t);
/* "int32", "int64", "float", "double", "bool", "node", "edge". */
const char *gmrt_type_name(gmrt_type t);

/* Progress reports for long loads and generations: fraction in [0,1] of the
 * named phase.  The library calls it from one thread at a time. */
typedef struct gmrt_progress {
    void (*fn)(void *arg, const char *phase, double fraction);
    void *arg;
} gmrt_progress;

#ifdef __cplusplus
}
#endif
#endif
