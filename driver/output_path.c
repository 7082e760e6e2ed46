/* output_path.c: the meaning of `gmc -o PATH` (rules in output_path.h). */
#include "output_path.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Splits path into its folder ("." when none) and its last component. */
static void split(const char *path, char *dir, size_t dsize, const char **last)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, dsize, ".");
        *last = path;
    } else if (slash == path) {
        snprintf(dir, dsize, "/");
        *last = slash + 1;
    } else {
        snprintf(dir, dsize, "%.*s", (int)(slash - path), path);
        *last = slash + 1;
    }
}

static bool too_long(const char *path)
{
    fprintf(stderr, "gmc: error: -o '%s': path too long\n", path);
    return false;
}

bool gmc_output_resolve(const char *path, bool cuda, bool link_program, gmc_output *out)
{
    memset(out, 0, sizeof *out);
    size_t n = strlen(path);
    if (n == 0) {
        fprintf(stderr, "gmc: error: -o needs a non-empty path\n");
        return false;
    }
    if (n >= sizeof out->dir)
        return too_long(path);
    if (path[n - 1] == '/' || is_dir(path)) {
        /* A folder; "dir/" is written "dir" so that paths read dir/NAME. */
        memcpy(out->dir, path, n + 1);
        while (n > 1 && out->dir[n - 1] == '/')
            out->dir[--n] = '\0';
        return true;
    }
    const char *last;
    bool c_file = ends_with(path, ".c"), cu_file = ends_with(path, ".cu");
    if (c_file || cu_file) {
        if (c_file && cuda) {
            fprintf(stderr, "gmc: error: -o '%s': a .c file is the OpenMP target's output; "
                    "name a .cu file with -t cuda\n", path);
            return false;
        }
        if (cu_file && !cuda) {
            fprintf(stderr, "gmc: error: -o '%s': a .cu file is the CUDA target's output; "
                    "add -t cuda, or name a .c file\n", path);
            return false;
        }
        split(path, out->dir, sizeof out->dir, &last);
        size_t len = strlen(last) - (c_file ? 2 : 3);
        if (len == 0) {
            fprintf(stderr, "gmc: error: -o '%s': the file needs a name before '%s'\n", path,
                    c_file ? ".c" : ".cu");
            return false;
        }
        if (len >= sizeof out->base)
            return too_long(path);
        memcpy(out->base, last, len);
        out->base[len] = '\0';
        return true;
    }
    if (link_program) {
        split(path, out->dir, sizeof out->dir, &last);
        memcpy(out->program, path, n + 1);
        return true;
    }
    memcpy(out->dir, path, n + 1);
    return true;
}
