/* file.c: gmrt_file.h, output files written to a temporary file in the
 * target's folder and renamed over the target once complete, and inputs
 * read whole.
 * Shared by libgmrt (gmgraph, generated programs) and gmc (libgmfront). */
#include "gmrt_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void clear(gmrt_file *o)
{
    o->f = NULL;
    o->target = NULL;
    o->tmp = NULL;
    o->err = 0;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* "DIR/.NAME.XXXXXX" for mkstemp: same folder, so rename() stays atomic. */
static char *tmp_template(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dir_len = slash ? (size_t)(slash - target) + 1 : 0;
    const char *name = slash ? slash + 1 : target;
    size_t n = dir_len + 1 + strlen(name) + 8 + 1;
    char *t = malloc(n);
    if (t) {
        memcpy(t, target, dir_len);
        snprintf(t + dir_len, n - dir_len, ".%s.XXXXXX", name);
    }
    return t;
}

FILE *gmrt_file_create(gmrt_file *o, const char *path)
{
    clear(o);
    if (!path || !*path) {
        errno = ENOENT;
        return NULL;
    }
    if (strcmp(path, "-") == 0) { /* standard output, as '-' is standard input for the loaders */
        o->target = dup_str("-");
        if (!o->target) {
            errno = ENOMEM;
            return NULL;
        }
        o->f = stdout;
        return o->f;
    }
    /* a link keeps pointing where it did: write the file it names */
    char *target = NULL;
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && S_ISLNK(st.st_mode)) {
        target = realpath(path, NULL);
        exists = target && stat(target, &st) == 0;
    }
    if (!target)
        target = dup_str(path);
    if (!target) {
        errno = ENOMEM;
        return NULL;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        free(target);
        errno = EISDIR;
        return NULL;
    }
    if (exists && !S_ISREG(st.st_mode)) { /* a device or a pipe: no rename */
        o->f = fopen(target, "w");
        if (!o->f) {
            int e = errno;
            free(target);
            errno = e;
            return NULL;
        }
        o->target = target;
        return o->f;
    }
    char *tmp = tmp_template(target);
    int fd = tmp ? mkstemp(tmp) : -1;
    if (fd < 0) {
        int e = tmp ? errno : ENOMEM;
        free(tmp);
        free(target);
        errno = e;
        return NULL;
    }
    /* the mode fopen() would have given a new file, or the old file's */
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    (void)fchmod(fd, mode);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        int e = errno;
        close(fd);
        unlink(tmp);
        free(tmp);
        free(target);
        errno = e;
        return NULL;
    }
    o->target = target;
    o->tmp = tmp;
    return o->f;
}

void gmrt_file_note_error(gmrt_file *o, int e)
{
    if (!o->err)
        o->err = e ? e : EIO;
}

/* fsyncs the folder of path so that the rename itself survives a crash;
 * best effort: some file systems refuse fsync on folders. */
static void sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? dup_str(path) : dup_str(".");
    if (!dir)
        return;
    if (slash)
        dir[slash == path ? 1 : slash - path] = '\0';
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    free(dir);
}

int gmrt_file_commit(gmrt_file *o)
{
    if (!o->f)
        return o->err ? o->err : EBADF;
    int e = o->err;
    errno = 0;
    if (fflush(o->f) != 0 && !e)
        e = errno ? errno : EIO;
    if (ferror(o->f) && !e)
        e = errno ? errno : EIO;
    if (!e && o->tmp && fsync(fileno(o->f)) != 0)
        e = errno;
    const bool std_out = o->f == stdout && !o->tmp && strcmp(o->target, "-") == 0;
    if (!std_out && fclose(o->f) != 0 && !e) /* stdout stays open for the caller */
        e = errno ? errno : EIO;
    o->f = NULL;
    if (o->tmp) {
        if (!e && rename(o->tmp, o->target) != 0)
            e = errno;
        if (e)
            unlink(o->tmp);
        else
            sync_dir(o->target);
    }
    free(o->tmp);
    free(o->target);
    clear(o);
    return e;
}

void gmrt_file_discard(gmrt_file *o)
{
    if (o->f && !(o->f == stdout && !o->tmp))
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    clear(o);
}

void *gmrt_file_read_all(int fd, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            errno = ENOMEM;
            return NULL;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            errno = e;
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n == cap) {
            unsigned char *bigger = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
            if (!bigger)
                free(buf);
            buf = bigger;
            cap *= 2;
        }
    }
    *len = n;
    return buf;
}
