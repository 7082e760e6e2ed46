/* gmrt_map.h: Map<K,V> for generated code.
 *
 * Keys and values are any of the gmrt_type types, carried in a 64-bit
 * gmrt_scalar: integer types (Int, Long, Bool, Node, Edge) in .i, Float and
 * Double in .d.  A missing key reads as the value type's default: 0, 0.0,
 * false, or NIL (-1) for Node and Edge.
 *
 * GetMinKey/GetMaxKey return the key holding the smallest/largest value
 * (the smallest such key on ties, so results are reproducible);
 * GetMinValue/GetMaxValue return that value; HasMinValue(k)/HasMaxValue(k)
 * say whether key k holds it.  On an empty map they return the key or value
 * default (and false).  The first such query builds an indexed heap that is
 * then kept up to date, so a Map used as a priority queue (Dijkstra) costs
 * O(log n) per Set/Remove/GetMinKey, not a scan.
 *
 * Plain functions are sequential; the _par variants, or calls between
 * gmrt_map_lock()/gmrt_map_unlock(), are safe from many threads. */
#ifndef GMRT_MAP_H
#define GMRT_MAP_H

#include "gmrt_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef union gmrt_scalar {
    int64_t i;
    double d;
} gmrt_scalar;

static inline gmrt_scalar gmrt_si(int64_t v)
{
    gmrt_scalar s;
    s.i = v;
    return s;
}
static inline gmrt_scalar gmrt_sd(double v)
{
    gmrt_scalar s;
    s.d = v;
    return s;
}

typedef struct gmrt_map gmrt_map;

/* NULL on a bad type or no memory. */
gmrt_map *gmrt_map_new(gmrt_type key_type, gmrt_type value_type);
void gmrt_map_free(gmrt_map *m);
int64_t gmrt_map_size(const gmrt_map *m);
void gmrt_map_clear(gmrt_map *m);

/* false only when memory runs out */
bool gmrt_map_set(gmrt_map *m, gmrt_scalar key, gmrt_scalar value);
gmrt_scalar gmrt_map_get(const gmrt_map *m, gmrt_scalar key);
bool gmrt_map_has(const gmrt_map *m, gmrt_scalar key);
/* true when the key was there */
bool gmrt_map_remove(gmrt_map *m, gmrt_scalar key);

gmrt_scalar gmrt_map_min_key(gmrt_map *m);
gmrt_scalar gmrt_map_max_key(gmrt_map *m);
gmrt_scalar gmrt_map_min_value(gmrt_map *m);
gmrt_scalar gmrt_map_max_value(gmrt_map *m);
bool gmrt_map_has_min_value(gmrt_map *m, gmrt_scalar key);
bool gmrt_map_has_max_value(gmrt_map *m, gmrt_scalar key);

/* Iteration over the entries in storage order, i in [0, size). */
gmrt_scalar gmrt_map_key_at(const gmrt_map *m, int64_t i);
gmrt_scalar gmrt_map_value_at(const gmrt_map *m, int64_t i);

void gmrt_map_lock(gmrt_map *m);
void gmrt_map_unlock(gmrt_map *m);
bool gmrt_map_set_par(gmrt_map *m, gmrt_scalar key, gmrt_scalar value);
gmrt_scalar gmrt_map_get_par(gmrt_map *m, gmrt_scalar key);
bool gmrt_map_has_par(gmrt_map *m, gmrt_scalar key);
bool gmrt_map_remove_par(gmrt_map *m, gmrt_scalar key);

/* Typed shorthands: suffix letters give the key then the value category,
 * i = integer types (int64_t), d = Float/Double (double). */
#define GMRT_MAP_TYPED(KS, KT, KF, VS, VT, VF)                                             \
    static inline bool gmrt_map_set_##KS##VS(gmrt_map *m, KT k, VT v)                       \
    {                                                                                      \
        return gmrt_map_set(m, KF(k), VF(v));                                              \
    }                                                                                      \
    static inline VT gmrt_map_get_##KS##VS(const gmrt_map *m, KT k)                         \
    {                                                                                      \
        return gmrt_map_get(m, KF(k)).VS;                                                  \
    }
GMRT_MAP_TYPED(i, int64_t, gmrt_si, i, int64_t, gmrt_si)
GMRT_MAP_TYPED(i, int64_t, gmrt_si, d, double, gmrt_sd)
GMRT_MAP_TYPED(d, double, gmrt_sd, i, int64_t, gmrt_si)
GMRT_MAP_TYPED(d, double, gmrt_sd, d, double, gmrt_sd)
#undef GMRT_MAP_TYPED

static inline bool gmrt_map_has_i(const gmrt_map *m, int64_t k) { return gmrt_map_has(m, gmrt_si(k)); }
static inline bool gmrt_map_has_d(const gmrt_map *m, double k) { return gmrt_map_has(m, gmrt_sd(k)); }
static inline bool gmrt_map_remove_i(gmrt_map *m, int64_t k) { return gmrt_map_remove(m, gmrt_si(k)); }
static inline bool gmrt_map_remove_d(gmrt_map *m, double k) { return gmrt_map_remove(m, gmrt_sd(k)); }
static inline int64_t gmrt_map_min_key_i(gmrt_map *m) { return gmrt_map_min_key(m).i; }
static inline double gmrt_map_min_key_d(gmrt_map *m) { return gmrt_map_min_key(m).d; }
static inline int64_t gmrt_map_max_key_i(gmrt_map *m) { return gmrt_map_max_key(m).i; }
static inline double gmrt_map_max_key_d(gmrt_map *m) { return gmrt_map_max_key(m).d; }
static inline int64_t gmrt_map_min_value_i(gmrt_map *m) { return gmrt_map_min_value(m).i; }
static inline double gmrt_map_min_value_d(gmrt_map *m) { return gmrt_map_min_value(m).d; }
static inline int64_t gmrt_map_max_value_i(gmrt_map *m) { return gmrt_map_max_value(m).i; }
static inline double gmrt_map_max_value_d(gmrt_map *m) { return gmrt_map_max_value(m).d; }
static inline bool gmrt_map_has_min_value_i(gmrt_map *m, int64_t k) { return gmrt_map_has_min_value(m, gmrt_si(k)); }
static inline bool gmrt_map_has_min_value_d(gmrt_map *m, double k) { return gmrt_map_has_min_value(m, gmrt_sd(k)); }
static inline bool gmrt_map_has_max_value_i(gmrt_map *m, int64_t k) { return gmrt_map_has_max_value(m, gmrt_si(k)); }
static inline bool gmrt_map_has_max_value_d(gmrt_map *m, double k) { return gmrt_map_has_max_value(m, gmrt_sd(k)); }

#ifdef __cplusplus
}
#endif
#endif
