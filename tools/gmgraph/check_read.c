/* check_read.c: the answer file, read on all threads when it is plain text
 * of one value a line (what --out writes): 2^29 lines take minutes on one
 * thread.  The file is cut at line starts into pieces, each piece's lines
 * counted, and each piece parsed by libgmrt's own loader
 * (gmrt_prop_load_mem) into its place, which must find exactly one value a
 * line.  Anything else (a comment, a blank line, a bad value, another
 * number of lines than nodes, the binary or gzip format, a small file) is
 * read by gmrt_prop_load on the whole file, whose answer and message are
 * then the verdict: the parallel path only ever agrees with it. */
#include "check.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Below this size one thread reads the file as fast; the environment's
 * GMGRAPH_CHECK_READ_MIN (bytes) overrides it, for the tests' small files. */
#define PARALLEL_MIN ((size_t)1 << 22)

/* Pieces per thread: a few, so a slow piece does not hold the others up. */
#define PIECES_PER_THREAD 4

/* Reads path's text in pieces: false when it is not plain text of exactly
 * n lines of one value each (the serial loader then decides). */
static bool read_pieces(const char *path, const char *p, size_t len, gmrt_type t, void *values, int64_t n,
                        int threads)
{
    if ((unsigned char)p[0] == 0x1f || p[0] == 'G' || p[len - 1] != '\n') /* gzip, GMRTPROP, a last line without end */
        return false;
    const int pieces = threads * PIECES_PER_THREAD;
    size_t *start = malloc(((size_t)pieces + 1) * sizeof *start);
    int64_t *first = malloc(((size_t)pieces + 1) * sizeof *first);
    if (!start || !first) {
        free(start);
        free(first);
        return false;
    }
    start[0] = 0;
    for (int k = 1; k < pieces; k++) { /* the line start at or after len k / pieces */
        size_t at = len / (size_t)pieces * (size_t)k;
        if (at < start[k - 1])
            at = start[k - 1];
        const char *nl = at > 0 ? memchr(p + at - 1, '\n', len - (at - 1)) : p - 1;
        start[k] = nl ? (size_t)(nl - p) + 1 : len;
    }
    start[pieces] = len;
    bool ok = true;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (int k = 0; k < pieces; k++) {
        int64_t lines = 0;
        for (const char *q = p + start[k], *end = p + start[k + 1]; q < end; q++) {
            q = memchr(q, '\n', (size_t)(end - q));
            if (!q)
                break;
            lines++;
        }
        first[k + 1] = lines;
        if (lines > 0 && p[start[k]] == 'G') /* a piece must not look like the binary format */
            __atomic_store_n(&ok, false, __ATOMIC_RELAXED);
    }
    first[0] = 0;
    for (int k = 0; k < pieces; k++)
        first[k + 1] += first[k];
    if (first[pieces] != n)
        ok = false;
    const size_t size = gmrt_type_size(t);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (int k = 0; k < pieces; k++) {
        int64_t count = first[k + 1] - first[k];
        gmrt_error e;
        if (!__atomic_load_n(&ok, __ATOMIC_RELAXED) || count == 0)
            continue;
        if (!gmrt_prop_load_mem(p + start[k], start[k + 1] - start[k], path, t, (char *)values + (size_t)first[k] * size,
                                (size_t)count, &e))
            __atomic_store_n(&ok, false, __ATOMIC_RELAXED);
    }
    free(start);
    free(first);
    return ok;
}

bool chk_read_values(const char *path, gmrt_type t, void *values, int64_t n, int threads, gmrt_error *err)
{
    const char *env = getenv("GMGRAPH_CHECK_READ_MIN");
    size_t min = env && *env ? (size_t)strtoull(env, NULL, 10) : PARALLEL_MIN;
    int fd = threads > 1 ? open(path, O_RDONLY) : -1;
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && (size_t)st.st_size >= min) {
        size_t len = (size_t)st.st_size;
        void *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
        close(fd);
        fd = -1;
        if (p != MAP_FAILED) {
            bool ok = read_pieces(path, p, len, t, values, n, threads);
            munmap(p, len);
            if (ok)
                return true;
        }
    }
    if (fd >= 0)
        close(fd);
    return gmrt_prop_load(path, t, values, (size_t)n, err);
}
