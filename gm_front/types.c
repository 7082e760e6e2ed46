/* types.c: the type rules of Green-Marl (sections 3 and 6 of the reference).
 *
 * Every function is pure: it classifies or compares gm_type values and
 * leaves reporting to the checker.
 */
#include "types.h"

#include <stdio.h>
#include <string.h>

bool gmt_is_integer(gm_type_kind k) { return k == GMT_INT || k == GMT_LONG; }
bool gmt_is_floating(gm_type_kind k) { return k == GMT_FLOAT || k == GMT_DOUBLE; }
bool gmt_is_numeric(gm_type_kind k) { return gmt_is_integer(k) || gmt_is_floating(k); }
bool gmt_is_primitive(gm_type_kind k) { return gmt_is_numeric(k) || k == GMT_BOOL; }
bool gmt_is_property(gm_type_kind k) { return k == GMT_NODE_PROP || k == GMT_EDGE_PROP; }

bool gmt_is_node_collection(gm_type_kind k)
{
    return k == GMT_NODE_SET || k == GMT_NODE_ORDER || k == GMT_NODE_SEQ;
}

bool gmt_is_collection(gm_type_kind k)
{
    return gmt_is_node_collection(k) || k == GMT_COLLECTION;
}

bool gmt_is_ordered_collection(gm_type_kind k)
{
    return k == GMT_NODE_ORDER || k == GMT_NODE_SEQ;
}

bool gmt_is_map_component(gm_type_kind k)
{
    return gmt_is_primitive(k) || k == GMT_NODE || k == GMT_EDGE;
}

bool gmt_is_property_value(const gm_type *t)
{
    if (!t)
        return false;
    return gmt_is_primitive(t->kind) || t->kind == GMT_NODE || t->kind == GMT_EDGE ||
           gmt_is_node_collection(t->kind) || t->kind == GMT_STRING;
}

bool gmt_needs_graph(const gm_type *t)
{
    if (!t)
        return false;
    switch (t->kind) {
    case GMT_NODE:
    case GMT_EDGE:
    case GMT_NODE_PROP:
    case GMT_EDGE_PROP:
    case GMT_NODE_SET:
    case GMT_NODE_ORDER:
    case GMT_NODE_SEQ:
    case GMT_COLLECTION:
        return true;
    case GMT_MAP:
        return gmt_needs_graph(t->key) || gmt_needs_graph(t->val);
    default:
        return false;
    }
}

int gmt_numeric_rank(gm_type_kind k)
{
    switch (k) {
    case GMT_INT: return 0;
    case GMT_LONG: return 1;
    case GMT_FLOAT: return 2;
    case GMT_DOUBLE: return 3;
    default: return -1;
    }
}

gm_type_kind gmt_arith_result(gm_type_kind a, gm_type_kind b)
{
    /* Mixed integer/floating: the floating operand's kind wins, whatever
     * the integer's width (section 6: "promotes to the floating type"). */
    if (gmt_is_floating(a) && gmt_is_integer(b))
        return a;
    if (gmt_is_integer(a) && gmt_is_floating(b))
        return b;
    return gmt_numeric_rank(a) >= gmt_numeric_rank(b) ? a : b;
}

bool gmt_is_narrowing(gm_type_kind to, gm_type_kind from)
{
    if (!gmt_is_numeric(to) || !gmt_is_numeric(from))
        return false;
    if (gmt_is_integer(to) && gmt_is_floating(from))
        return true;
    if (gmt_is_integer(to) && gmt_is_integer(from))
        return gmt_numeric_rank(to) < gmt_numeric_rank(from);
    if (gmt_is_floating(to) && gmt_is_floating(from))
        return gmt_numeric_rank(to) < gmt_numeric_rank(from);
    return false; /* integer to floating: allowed silently */
}

static bool same_graph(const gm_type *a, const gm_type *b)
{
    return !a->graph || !b->graph || a->graph == b->graph;
}

static bool same_shape(const gm_type *a, const gm_type *b, bool ignore_graphs)
{
    if (!a || !b)
        return a == b;
    if (a->kind != b->kind)
        return false;
    if (!ignore_graphs && gmt_needs_graph(a) && !same_graph(a, b))
        return false;
    switch (a->kind) {
    case GMT_NODE_PROP:
    case GMT_EDGE_PROP:
    case GMT_COLLECTION:
        return same_shape(a->elem, b->elem, ignore_graphs);
    case GMT_MAP:
        return same_shape(a->key, b->key, ignore_graphs) &&
               same_shape(a->val, b->val, ignore_graphs);
    default:
        return true;
    }
}

bool gmt_same(const gm_type *a, const gm_type *b) { return same_shape(a, b, false); }

gmt_compat gmt_assignable(const gm_type *target, const gm_type *value, bool ignore_graphs)
{
    if (!target || !value || target->kind == GMT_ERROR || value->kind == GMT_ERROR)
        return GMT_COMPAT_OK;
    gm_type_kind tk = target->kind, vk = value->kind;

    if (vk == GMT_INF) {
        if (gmt_is_numeric(tk))
            return GMT_COMPAT_OK;
        return tk == GMT_BOOL ? GMT_COMPAT_BOOL_NUMERIC : GMT_COMPAT_INCOMPATIBLE;
    }
    if (vk == GMT_NIL)
        return (tk == GMT_NODE || tk == GMT_EDGE || tk == GMT_NIL) ? GMT_COMPAT_OK
                                                                   : GMT_COMPAT_INCOMPATIBLE;
    if (gmt_is_numeric(tk) && gmt_is_numeric(vk))
        return gmt_is_narrowing(tk, vk) ? GMT_COMPAT_NARROWING : GMT_COMPAT_OK;
    if ((tk == GMT_BOOL && gmt_is_numeric(vk)) || (gmt_is_numeric(tk) && vk == GMT_BOOL))
        return GMT_COMPAT_BOOL_NUMERIC;
    if (same_shape(target, value, true)) {
        if (ignore_graphs || same_shape(target, value, false))
            return GMT_COMPAT_OK;
        return GMT_COMPAT_GRAPH_MISMATCH;
    }
    return GMT_COMPAT_INCOMPATIBLE;
}

bool gmt_cast_ok(gm_type_kind to, gm_type_kind from)
{
    if (from == GMT_ERROR)
        return true;
    if (from == GMT_INF)
        return gmt_is_numeric(to);
    if (!gmt_is_primitive(to) || !gmt_is_primitive(from))
        return false;
    return (to == GMT_BOOL) == (from == GMT_BOOL);
}

/* Appends to a bounded buffer, never overflowing; *len is the length
 * written so far (always < size). */
static void put(char *buf, size_t size, size_t *len, const char *s)
{
    size_t n = strlen(s), room = size - 1 - *len;
    if (n > room)
        n = room;
    memcpy(buf + *len, s, n);
    *len += n;
    buf[*len] = '\0';
}

/* Element types of properties and collections share the outer graph, so
 * only the outermost type shows "(G)". */
static void spell(const gm_type *t, bool outer, char *buf, size_t size, size_t *len)
{
    if (!t) {
        put(buf, size, len, "?");
        return;
    }
    switch (t->kind) {
    case GMT_ERROR: put(buf, size, len, "<error>"); return;
    case GMT_VOID: put(buf, size, len, "Void"); return;
    case GMT_INF: put(buf, size, len, "INF"); return;
    case GMT_NIL: put(buf, size, len, "NIL"); return;
    case GMT_GRAPH: put(buf, size, len, t->undirected ? "UGraph" : "Graph"); return;
    default: break;
    }
    put(buf, size, len, gm_type_kind_name(t->kind));
    if (gmt_is_property(t->kind) || t->kind == GMT_COLLECTION) {
        put(buf, size, len, "<");
        spell(t->elem, false, buf, size, len);
        put(buf, size, len, ">");
    } else if (t->kind == GMT_MAP) {
        put(buf, size, len, "<");
        spell(t->key, false, buf, size, len);
        put(buf, size, len, ", ");
        spell(t->val, false, buf, size, len);
        put(buf, size, len, ">");
        return; /* a Map's graph is that of its key or value */
    }
    const char *g = t->graph ? t->graph->name : t->graph_name;
    if (outer && g && gmt_needs_graph(t)) {
        put(buf, size, len, "(");
        put(buf, size, len, g);
        put(buf, size, len, ")");
    }
}

char *gmt_spell(const gm_type *t, char *buf, size_t size)
{
    size_t len = 0;
    if (size == 0)
        return buf;
    buf[0] = '\0';
    spell(t, true, buf, size, &len);
    return buf;
}
