/* gmrt_file.h: output files that appear whole or not at all, and inputs
 * read whole (gmrt_file_read_all).
 *
 * gmrt_file_create() opens a temporary file next to PATH; the caller writes
 * through the returned FILE; gmrt_file_commit() flushes, fsyncs, closes and
 * renames it over PATH.  Until the rename, readers (a program that has PATH
 * mapped, `gmgraph convert g.gmb g.gmb`) keep the old contents, and a failed
 * write (full disk, quota) removes the temporary file and leaves PATH as it
 * was.  PATH that exists and is not a regular file (/dev/stdout, a FIFO) is
 * written in place; a symbolic link is followed, so the link survives.
 * PATH "-" is standard output (written in place, flushed and left open).
 *
 * Errors are errno values, so that the compiler (which has no libgmrt) can
 * share this file: gmc compiles it into its own front-end library.
 * Not thread-safe for one gmrt_file; distinct files are independent. */
#ifndef GMRT_FILE_H
#define GMRT_FILE_H

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gmrt_file {
    FILE *f;       /* where to write; NULL when closed */
    char *target;  /* the path that receives the file */
    char *tmp;     /* the temporary file, or NULL when writing in place */
    int err;       /* the first errno seen by gmrt_file_note_error, or 0 */
} gmrt_file;

/* Opens the temporary file; returns NULL with errno set (and *o cleared). */
FILE *gmrt_file_create(gmrt_file *o, const char *path);

/* Records that a write to o->f failed with errno e (the first one wins). */
void gmrt_file_note_error(gmrt_file *o, int e);

/* Completes the file: 0 on success, else the errno of the first failure
 * (write, flush, fsync, close or rename), with the temporary file removed
 * and the target untouched. */
int gmrt_file_commit(gmrt_file *o);

/* Abandons the file: closes and removes the temporary file. */
void gmrt_file_discard(gmrt_file *o);

/* Reads fd to its end into a malloc'd buffer and sets *len; every kind of
 * file works, read once (a FIFO, standard input, a /proc file whose size
 * says 0).  Returns NULL with errno set on failure (ENOMEM when the buffer
 * cannot grow); fd is left open either way.  Shared by the graph loaders,
 * gmc's parser and the gmc run cache, which all read a whole input once. */
void *gmrt_file_read_all(int fd, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
