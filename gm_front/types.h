/* types.h: the type rules of Green-Marl (language reference, sections 3 and 6).
 *
 * Pure functions over gm_type: classification (numeric, collection, ...),
 * the result type of arithmetic, assignment compatibility with its
 * narrowing / Bool-numeric / graph outcomes, cast legality, and spelling a
 * type for messages. The checker (check_types.c) applies them to the tree;
 * passes may use them too. Nothing here reports a diagnostic.
 */
#ifndef GM_TYPES_H
#define GM_TYPES_H

#include <stdbool.h>
#include <stddef.h>

#include "ast.h"

/* Classification of kinds. */
bool gmt_is_integer(gm_type_kind k);   /* Int, Long */
bool gmt_is_floating(gm_type_kind k);  /* Float, Double */
bool gmt_is_numeric(gm_type_kind k);   /* integer or floating */
bool gmt_is_primitive(gm_type_kind k); /* numeric or Bool */
bool gmt_is_property(gm_type_kind k);  /* N_P, E_P */
bool gmt_is_node_collection(gm_type_kind k); /* Node_Set, Node_Order, Node_Seq */
bool gmt_is_collection(gm_type_kind k);      /* a node collection or Collection<..> */
bool gmt_is_ordered_collection(gm_type_kind k); /* Node_Order, Node_Seq: reverse iteration */
bool gmt_is_map_component(gm_type_kind k);   /* allowed as a Map key or value */
bool gmt_is_property_value(const gm_type *t); /* allowed as T in N_P<T> / E_P<T> */

/* Whether a type refers to a graph and so needs binding: Node, Edge,
 * properties, node collections, Collection, and Maps with a Node/Edge key
 * or value. */
bool gmt_needs_graph(const gm_type *t);

/* Numeric rank used for widening: Int < Long < Float < Double; -1 otherwise. */
int gmt_numeric_rank(gm_type_kind k);

/* Result kind of an arithmetic operator on two numeric kinds: Int op Long is
 * Long, Float op Double is Double, an integer with a floating value gives
 * the floating kind. */
gm_type_kind gmt_arith_result(gm_type_kind a, gm_type_kind b);

/* Whether storing a numeric `from` into a numeric `to` may lose range or
 * precision: floating to integer, Long to Int, Double to Float. */
bool gmt_is_narrowing(gm_type_kind to, gm_type_kind from);

/* Structural equality, including the bound graph when both sides have one. */
bool gmt_same(const gm_type *a, const gm_type *b);

/* Outcome of storing a value of type `value` into a place of type `target`. */
typedef enum gmt_compat {
    GMT_COMPAT_OK,
    GMT_COMPAT_NARROWING,      /* legal, deserves the `narrowing` warning */
    GMT_COMPAT_BOOL_NUMERIC,   /* Bool and numeric mixed: error bool-numeric */
    GMT_COMPAT_GRAPH_MISMATCH, /* same shape, different graphs: error graph-mismatch */
    GMT_COMPAT_INCOMPATIBLE,   /* anything else: error type */
} gmt_compat;

/* GMT_ERROR on either side is OK (no cascades). INF fits any numeric target,
 * NIL any Node/Edge target. With ignore_graphs, graph identities are not
 * compared (procedure calls compare them through a parameter mapping). */
gmt_compat gmt_assignable(const gm_type *target, const gm_type *value, bool ignore_graphs);

/* Casts are only between primitives, never between Bool and numeric. */
bool gmt_cast_ok(gm_type_kind to, gm_type_kind from);

/* Spells a type as written in Green-Marl, with its graph when known:
 * "Int", "Node(G)", "N_P<Double>(G)", "Map<Node, Int>". Returns buf. */
char *gmt_spell(const gm_type *t, char *buf, size_t size);

#endif /* GM_TYPES_H */
