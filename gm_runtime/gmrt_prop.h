/* gmrt_prop.h: reading and writing node and edge property arrays.
 *
 * Text files hold one value per line ('#' comment lines and blank lines are
 * skipped): integers in decimal, Float with 9 and Double with 17
 * significant digits (so values round-trip exactly), inf/-inf/nan, Bool as
 * 0/1 (true/false are read too), NIL as -1.
 * Binary files: a 32-byte header ("GMRTPROP", version 1, type, element
 * size, count; little-endian) followed by the values.
 * Edge properties follow the sorted forward edge order of the graph. */
#ifndef GMRT_PROP_H
#define GMRT_PROP_H

#include "gmrt_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

bool gmrt_prop_save_text(const char *path, gmrt_type t, const void *values, size_t count, gmrt_error *err);
bool gmrt_prop_save_binary(const char *path, gmrt_type t, const void *values, size_t count, gmrt_error *err);
/* Fill values[0..count): the file must hold exactly count values of type t. */
bool gmrt_prop_load_text(const char *path, gmrt_type t, void *values, size_t count, gmrt_error *err);
bool gmrt_prop_load_binary(const char *path, gmrt_type t, void *values, size_t count, gmrt_error *err);
/* Binary when the file starts with the binary magic, text otherwise. */
bool gmrt_prop_load(const char *path, gmrt_type t, void *values, size_t count, gmrt_error *err);
/* The same from memory; name is used in error messages. */
bool gmrt_prop_load_mem(const void *data, size_t len, const char *name, gmrt_type t, void *values, size_t count,
                        gmrt_error *err);

static inline bool gmrt_node_prop_load(const gm_graph *g, const char *path, gmrt_type t, void *values, gmrt_error *err)
{
    return gmrt_prop_load(path, t, values, (size_t)g->num_nodes, err);
}
static inline bool gmrt_edge_prop_load(const gm_graph *g, const char *path, gmrt_type t, void *values, gmrt_error *err)
{
    return gmrt_prop_load(path, t, values, (size_t)g->num_edges, err);
}
static inline bool gmrt_node_prop_save_text(const gm_graph *g, const char *path, gmrt_type t, const void *values,
                                            gmrt_error *err)
{
    return gmrt_prop_save_text(path, t, values, (size_t)g->num_nodes, err);
}
static inline bool gmrt_edge_prop_save_text(const gm_graph *g, const char *path, gmrt_type t, const void *values,
                                            gmrt_error *err)
{
    return gmrt_prop_save_text(path, t, values, (size_t)g->num_edges, err);
}

#ifdef __cplusplus
}
#endif
#endif
