/* io_gzip.c: gzip-compressed graph inputs.  A blob whose bytes start with
 * the gzip magic (1f 8b) is replaced by its decompressed contents (every
 * member, as gzip -d does), so each loader reads it as the plain file.  A
 * truncated or corrupt stream is an error, never a shorter graph.  Built
 * without zlib (configure found none), a gzip input is an error that says so. */
#include "config.h"
#include "io_internal.h"

#ifdef HAVE_ZLIB
#include <limits.h>
#include <zlib.h>
#endif

bool gmrt_is_gzip(const void *data, size_t len)
{
    const unsigned char *p = data;
    return len >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

#ifdef HAVE_ZLIB

/* Inflates src into a malloc'd buffer.  With want > 0, stops once want
 * bytes came out and accepts a cut-off input (for peeking at a head).
 * Returns NULL with *why set (or NULL *why: out of memory). */
static unsigned char *inflate_all(const unsigned char *src, size_t len, size_t want, size_t *out_len,
                                  const char **why)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    *why = NULL;
    if (inflateInit2(&zs, 16 + MAX_WBITS) != Z_OK)
        return NULL;
    size_t cap = want ? want : (len < SIZE_MAX / 4 ? 4 * len : len) + (1 << 16);
    unsigned char *buf = malloc(cap);
    size_t n = 0, used = 0;
    bool done = false;
    while (buf) {
        if (n == cap) {
            if (want)
                break;
            unsigned char *bigger = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (!bigger) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        /* zlib counts in uInt: feed and drain at most 1 GiB at a time */
        size_t in_chunk = len - used < (1u << 30) ? len - used : (1u << 30);
        size_t out_chunk = cap - n < (1u << 30) ? cap - n : (1u << 30);
        zs.next_in = (unsigned char *)src + used;
        zs.avail_in = (uInt)in_chunk;
        zs.next_out = buf + n;
        zs.avail_out = (uInt)out_chunk;
        int r = inflate(&zs, Z_NO_FLUSH);
        used += in_chunk - zs.avail_in;
        n += out_chunk - zs.avail_out;
        if (r == Z_STREAM_END) {
            /* another member may follow (cat a.gz b.gz); anything else is not gzip */
            if (used == len) {
                done = true;
                break;
            }
            if (!gmrt_is_gzip(src + used, len - used)) {
                *why = "trailing bytes after the compressed data";
                break;
            }
            inflateReset(&zs);
            continue;
        }
        if (r == Z_MEM_ERROR) {
            free(buf);
            buf = NULL;
            break;
        }
        if (r == Z_DATA_ERROR || r == Z_NEED_DICT || r == Z_STREAM_ERROR) {
            *why = zs.msg ? zs.msg : "corrupt compressed data";
            break;
        }
        if (used == len && zs.avail_out != 0) { /* all input consumed, stream not ended */
            if (want)
                done = true;
            else
                *why = "the compressed data ends early (truncated file)";
            break;
        }
    }
    inflateEnd(&zs);
    if (want && n >= want)
        done = true;
    if (!done || !buf) {
        free(buf);
        return NULL;
    }
    *out_len = n;
    return buf;
}

bool gmrt_blob_gunzip(gmrt_blob *b, const char *name, gmrt_error *err)
{
    size_t n = 0;
    const char *why;
    unsigned char *out = inflate_all(b->data, b->len, 0, &n, &why);
    if (!out) {
        if (why)
            gmrt_error_set(err, GMRT_E_FORMAT, "%s: not a valid gzip file: %s", name, why);
        else
            gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory decompressing the file", name);
        return false;
    }
    gmrt_blob_close(b); /* the compressed bytes: the program's own copy, checked when read (gmrt_blob_own) */
    b->data = out;
    b->len = n;
    b->heap = out;
    return true;
}

size_t gmrt_gzip_peek(const void *data, size_t len, void *head, size_t size)
{
    size_t n = 0;
    const char *why;
    unsigned char *out = size ? inflate_all(data, len, size, &n, &why) : NULL;
    if (!out)
        return 0;
    memcpy(head, out, n < size ? n : size);
    free(out);
    return n < size ? n : size;
}

#else /* !HAVE_ZLIB */

bool gmrt_blob_gunzip(gmrt_blob *b, const char *name, gmrt_error *err)
{
    (void)b;
    gmrt_error_set(err, GMRT_E_FORMAT,
                   "%s: is gzip-compressed, but gmc was built without zlib (install zlib1g-dev and rebuild, "
                   "or decompress it first: gzip -dc)",
                   name);
    return false;
}

size_t gmrt_gzip_peek(const void *data, size_t len, void *head, size_t size)
{
    (void)data;
    (void)len;
    (void)head;
    (void)size;
    return 0;
}

#endif
