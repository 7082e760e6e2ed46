/* signature.h: `gmc --dump=signature`, the exported procedures' signatures as
 * JSON on stdout, for tools that call the generated C API (the Python
 * package python/gmc reads it instead of parsing NAME.h).
 *
 * Contract: one JSON object {"file": F, "procedures": [P...]} where each P,
 * in source order, is a non-Local procedure:
 *   {"name": GM name, "c_name": the C function, "return": TYPE or null,
 *    "params": [{"name", "c_name", "output": bool, "type": TYPE}...]}
 * and TYPE is {"kind": K} plus fields: K is one of int long float double
 * bool string node edge (scalars), graph ({"undirected": bool}),
 * node_prop / edge_prop ({"elem": TYPE}), node_set node_order node_seq,
 * collection ({"elem": TYPE}), map ({"key": TYPE, "value": TYPE}); a type
 * bound to a graph (Node, Edge, properties, collections) has "graph": the
 * name of that Graph argument.
 * C argument order is params order; outputs of a scalar, Node or Edge type
 * are passed by pointer, properties as arrays, the rest as in NAME.h. */
#ifndef GMC_SIGNATURE_H
#define GMC_SIGNATURE_H

#include <stdio.h>

#include "ast.h"

void gmc_print_signature(FILE *out, const gm_program *p);

#endif
