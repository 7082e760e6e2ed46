/* prop_io.c: node and edge property files, text and binary (gmrt_prop.h). */
#include "gmrt_prop.h"
#include "io_internal.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <strings.h>

static const char PROP_MAGIC[8] = {'G', 'M', 'R', 'T', 'P', 'R', 'O', 'P'};
#define PROP_HEADER 32
#define PROP_VERSION 1

static bool type_ok(gmrt_type t, const char *path, gmrt_error *err)
{
    if (gmrt_type_size(t) == 0) {
        gmrt_error_set(err, GMRT_E_ARG, "%s: unknown property type %d", path, (int)t);
        return false;
    }
    return true;
}

/* Value i of an array of type t, widened. */
static int64_t int_at(gmrt_type t, const void *v, size_t i)
{
    switch (t) {
    case GMRT_T_INT32: return ((const int32_t *)v)[i];
    case GMRT_T_INT64: return ((const int64_t *)v)[i];
    case GMRT_T_BOOL: return ((const bool *)v)[i];
    case GMRT_T_NODE: return ((const gm_node_t *)v)[i];
    case GMRT_T_EDGE: return ((const gm_edge_t *)v)[i];
    default: return 0;
    }
}

bool gmrt_prop_save_text(const char *path, gmrt_type t, const void *values, size_t count, gmrt_error *err)
{
    gmrt_error_clear(err);
    if (!type_ok(t, path, err))
        return false;
    gmrt_writer w;
    if (!gmrt_writer_open(&w, path, err))
        return false;
    for (size_t i = 0; i < count; i++) {
        if (t == GMRT_T_FLOAT || t == GMRT_T_DOUBLE) {
            double d = t == GMRT_T_FLOAT ? ((const float *)values)[i] : ((const double *)values)[i];
            if (isnan(d))
                gmrt_writer_str(&w, "nan");
            else if (t == GMRT_T_FLOAT && d != trunc(d))
                gmrt_writer_printf(&w, "%.9g", d);
            else
                gmrt_writer_double(&w, d);
        } else {
            gmrt_writer_i64(&w, int_at(t, values, i));
        }
        gmrt_writer_char(&w, '\n');
    }
    return gmrt_writer_close(&w, err);
}

/* Parses one text value of type t into values[i]. */
static bool parse_value(gmrt_scan *s, gmrt_type t, const char *tok, size_t len, void *values, size_t i)
{
    char q[48];
    int64_t v;
    if (t == GMRT_T_FLOAT || t == GMRT_T_DOUBLE) {
        double d;
        bool integral;
        if ((len == 3 || len == 4) && strncasecmp(tok + len - 3, "nan", 3) == 0 && (len == 3 || tok[0] == '-')) {
            d = NAN;
        } else if (gmrt_parse_double(tok, len, &d, &integral) != GMRT_NUM_OK) {
            gmrt_scan_error(s, GMRT_E_FORMAT, "expected a %s value, found '%s'", gmrt_type_name(t),
                            gmrt_scan_quote(tok, len, q, sizeof q));
            return false;
        }
        if (t == GMRT_T_FLOAT) {
            if (isfinite(d) && fabs(d) > FLT_MAX) {
                gmrt_scan_error(s, GMRT_E_RANGE, "value '%s' out of range for float", gmrt_scan_quote(tok, len, q, sizeof q));
                return false;
            }
            ((float *)values)[i] = (float)d;
        } else {
            ((double *)values)[i] = d;
        }
        return true;
    }
    if (t == GMRT_T_BOOL) {
        bool b;
        if ((len == 1 && tok[0] == '1') || (len == 4 && strncasecmp(tok, "true", 4) == 0))
            b = true;
        else if ((len == 1 && tok[0] == '0') || (len == 5 && strncasecmp(tok, "false", 5) == 0))
            b = false;
        else {
            gmrt_scan_error(s, GMRT_E_FORMAT, "expected a bool value (0, 1, true or false), found '%s'",
                            gmrt_scan_quote(tok, len, q, sizeof q));
            return false;
        }
        ((bool *)values)[i] = b;
        return true;
    }
    gmrt_num_status st = gmrt_parse_i64(tok, len, &v);
    if (st == GMRT_NUM_BAD) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected an integer %s value, found '%s'", gmrt_type_name(t),
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    if (t == GMRT_T_INT32)
        lo = INT32_MIN, hi = INT32_MAX;
    else if (t == GMRT_T_NODE)
        lo = -1, hi = GMRT_NODE_MAX - 1;
    else if (t == GMRT_T_EDGE)
        lo = -1, hi = GMRT_EDGE_MAX - 1;
    if (st == GMRT_NUM_OVERFLOW || v < lo || v > hi) {
        gmrt_scan_error(s, GMRT_E_RANGE, "%s value '%s' out of range: expected %" PRId64 " to %" PRId64, gmrt_type_name(t),
                        gmrt_scan_quote(tok, len, q, sizeof q), lo, hi);
        return false;
    }
    switch (t) {
    case GMRT_T_INT32: ((int32_t *)values)[i] = (int32_t)v; break;
    case GMRT_T_INT64: ((int64_t *)values)[i] = v; break;
    case GMRT_T_NODE: ((gm_node_t *)values)[i] = (gm_node_t)v; break;
    case GMRT_T_EDGE: ((gm_edge_t *)values)[i] = (gm_edge_t)v; break;
    default: break;
    }
    return true;
}

static bool load_text_blob(gmrt_blob *blob, const char *path, gmrt_type t, void *values, size_t count,
                           gmrt_error *err)
{
    gmrt_load_options none = {0};
    gmrt_load_ctx c = {blob, path, &none, err, NULL};
    gmrt_scan s;
    gmrt_scan_init(&s, &c);
    size_t filled = 0;
    while (s.p < s.end) {
        const char *tok;
        size_t len;
        if (!gmrt_scan_token(&s, &tok, &len) || tok[0] == '#') {
            gmrt_scan_next_line(&s);
            continue;
        }
        if (filled == count) {
            gmrt_scan_error(&s, GMRT_E_FORMAT, "more values than the %zu expected", count);
            return false;
        }
        if (!parse_value(&s, t, tok, len, values, filled) || !gmrt_scan_line_end(&s, "the value"))
            return false;
        filled++;
        gmrt_scan_next_line(&s);
    }
    if (filled < count) {
        gmrt_scan_error(&s, GMRT_E_FORMAT, "truncated: expected %zu values, found %zu", count, filled);
        return false;
    }
    return true;
}

bool gmrt_prop_load_text(const char *path, gmrt_type t, void *values, size_t count, gmrt_error *err)
{
    gmrt_error_clear(err);
    gmrt_blob blob;
    if (!type_ok(t, path, err) || !gmrt_blob_open(path, &blob, err))
        return false;
    if (!gmrt_blob_own(&blob, path, err)) /* read from the program's own copy */
        return gmrt_blob_finish(&blob, path, false, err);
    bool ok = load_text_blob(&blob, path, t, values, count, err);
    return gmrt_blob_finish(&blob, path, ok, err);
}

bool gmrt_prop_save_binary(const char *path, gmrt_type t, const void *values, size_t count, gmrt_error *err)
{
    gmrt_error_clear(err);
    if (!type_ok(t, path, err))
        return false;
    size_t size = gmrt_type_size(t);
    unsigned char hdr[PROP_HEADER] = {0};
    memcpy(hdr, PROP_MAGIC, 8);
    gmrt_put_le(hdr + 8, PROP_VERSION, 4);
    gmrt_put_le(hdr + 12, (uint64_t)t, 4);
    gmrt_put_le(hdr + 16, size, 4);
    gmrt_put_le(hdr + 24, count, 8);
    gmrt_writer w;
    if (!gmrt_writer_open(&w, path, err))
        return false;
    gmrt_writer_bytes(&w, hdr, sizeof hdr);
    if (gmrt_host_little_endian() || size == 1) {
        gmrt_writer_bytes(&w, values, count * size);
    } else {
        for (size_t i = 0; i < count; i++) { /* big-endian host: reverse each value */
            unsigned char tmp[8];
            for (size_t b = 0; b < size; b++)
                tmp[b] = ((const unsigned char *)values)[i * size + size - 1 - b];
            gmrt_writer_bytes(&w, tmp, size);
        }
    }
    return gmrt_writer_close(&w, err);
}

static bool load_binary_blob(const gmrt_blob *blob, const char *path, gmrt_type t, void *values, size_t count,
                             gmrt_error *err)
{
    const unsigned char *d = blob->data;
    size_t size = gmrt_type_size(t);
    if (blob->len < PROP_HEADER) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: truncated header: expected %d bytes", path, blob->len, PROP_HEADER);
        return false;
    }
    if (memcmp(d, PROP_MAGIC, 8) != 0) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 0: bad magic, expected \"GMRTPROP\" (binary property file)", path);
        return false;
    }
    uint64_t version = gmrt_get_le(d + 8, 4), type = gmrt_get_le(d + 12, 4), esize = gmrt_get_le(d + 16, 4),
             n = gmrt_get_le(d + 24, 8);
    if (version != PROP_VERSION) {
        gmrt_error_set(err, GMRT_E_UNSUPPORTED, "%s: byte 8: version %" PRIu64 ", expected %d", path, version, PROP_VERSION);
        return false;
    }
    if (type != (uint64_t)t || esize != size) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 12: values of type %s (%" PRIu64 " bytes), expected %s (%zu bytes)", path,
                       gmrt_type_name((gmrt_type)type), esize, gmrt_type_name(t), size);
        return false;
    }
    if (n != count) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte 24: %" PRIu64 " values, expected %zu", path, n, count);
        return false;
    }
    if ((blob->len - PROP_HEADER) / size < count || blob->len - PROP_HEADER != count * size) {
        gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: file size %zu, expected %zu for %zu values", path, blob->len,
                       blob->len, PROP_HEADER + count * size, count);
        return false;
    }
    const unsigned char *src = d + PROP_HEADER;
    if (t == GMRT_T_BOOL) {
        for (size_t i = 0; i < count; i++) {
            if (src[i] > 1) {
                gmrt_error_set(err, GMRT_E_FORMAT, "%s: byte %zu: bool value %u, expected 0 or 1", path, PROP_HEADER + i,
                               src[i]);
                return false;
            }
            ((bool *)values)[i] = src[i];
        }
    } else if (gmrt_host_little_endian()) {
        memcpy(values, src, count * size);
    } else {
        for (size_t i = 0; i < count; i++)
            for (size_t b = 0; b < size; b++)
                ((unsigned char *)values)[i * size + b] = src[i * size + size - 1 - b];
    }
    return true;
}

bool gmrt_prop_load_binary(const char *path, gmrt_type t, void *values, size_t count, gmrt_error *err)
{
    gmrt_error_clear(err);
    gmrt_blob blob;
    if (!type_ok(t, path, err) || !gmrt_blob_open(path, &blob, err))
        return false;
    if (!gmrt_blob_own(&blob, path, err)) /* read from the program's own copy */
        return gmrt_blob_finish(&blob, path, false, err);
    bool ok = load_binary_blob(&blob, path, t, values, count, err);
    return gmrt_blob_finish(&blob, path, ok, err);
}

static bool load_any_blob(gmrt_blob *blob, const char *name, gmrt_type t, void *values, size_t count,
                          gmrt_error *err)
{
    bool binary = blob->len >= 8 && memcmp(blob->data, PROP_MAGIC, 8) == 0;
    return binary ? load_binary_blob(blob, name, t, values, count, err)
                  : load_text_blob(blob, name, t, values, count, err);
}

bool gmrt_prop_load(const char *path, gmrt_type t, void *values, size_t count, gmrt_error *err)
{
    gmrt_error_clear(err);
    gmrt_blob blob;
    if (!type_ok(t, path, err) || !gmrt_blob_open(path, &blob, err))
        return false;
    if (!gmrt_blob_own(&blob, path, err)) /* read from the program's own copy */
        return gmrt_blob_finish(&blob, path, false, err);
    bool ok = load_any_blob(&blob, path, t, values, count, err);
    return gmrt_blob_finish(&blob, path, ok, err);
}

bool gmrt_prop_load_mem(const void *data, size_t len, const char *name, gmrt_type t, void *values, size_t count,
                        gmrt_error *err)
{
    gmrt_error_clear(err);
    if (!name)
        name = "<memory>";
    if (!type_ok(t, name, err))
        return false;
    gmrt_blob blob = {0};
    blob.data = len ? data : (const unsigned char *)"";
    blob.len = len;
    return load_any_blob(&blob, name, t, values, count, err);
}
