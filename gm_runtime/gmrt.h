/* gmrt.h: the umbrella header of libgmrt, the runtime that code generated
 * by gmc links against.  Install location: <gmc/gmrt.h>.
 *
 *   gmrt_base.h         node/edge ids, NIL, errors, value types, progress
 *   gmrt_graph.h        the CSR graph (rows sorted; edge properties follow
 *                       the sorted edge order), reverse edges, queries
 *   gmrt_components.h   weakly connected components (minimum labels)
 *   gmrt_io.h           graph files: Green-Marl binary, edge list, Matrix
 *                       Market, DIMACS .gr, libgmrt's own binary format
 *   gmrt_gen.h          RMAT, uniform, grid and road-like generators
 *   gmrt_rng.h          reproducible per-thread random numbers
 *   gmrt_collections.h  Node_Set, Node_Order, Node_Seq, Collection
 *   gmrt_map.h          Map<K,V> with min/max queries
 *   gmrt_prop.h         node/edge property files
 *   gmrt_timer.h        gmrt_time_ms()
 *   gmrt_file.h         output files written whole (temporary file, rename)
 *
 * Build the program with the same GMRT_EDGE64 setting as the library
 * (pkg-config gmrt gives the flags); gmrt_edge_size() tells at run time. */
#ifndef GMRT_H
#define GMRT_H

#include "gmrt_base.h"
#include "gmrt_buckets.h"
#include "gmrt_cli.h"
#include "gmrt_collections.h"
#include "gmrt_components.h"
#include "gmrt_fatal.h"
#include "gmrt_file.h"
#include "gmrt_gen.h"
#include "gmrt_graph.h"
#include "gmrt_io.h"
#include "gmrt_linked.h"
#include "gmrt_map.h"
#include "gmrt_prop.h"
#include "gmrt_rng.h"
#include "gmrt_timer.h"
#include "gmrt_worklist.h"

#endif
