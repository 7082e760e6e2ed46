/* run_cache.c: gmc run's build cache.
 *
 * An entry is $XDG_CACHE_HOME/gmc/KEY/ (else ~/.cache/gmc/KEY/) holding
 * what `gmc --main -x -o DIR` writes. KEY hashes everything the binary
 * depends on: the source, the options, the tools -x runs, and this gmc
 * and its runtime library (version, commit, size and mtime), so a rebuilt
 * gmc never reuses a stale program. An entry is built in a private
 * directory and renamed into place, so concurrent runs never see half of
 * one. */
#include "run_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile_output.h"
#include "config.h"
#include "driver/gmc_commit.h"
#include "pipeline.h"
#include "runtime_paths.h"
#include "spawn.h"

uint64_t gmc_hash(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

/* Strings are hashed with their terminator so "ab","c" differs from "a","bc". */
static uint64_t hash_str(uint64_t h, const char *s)
{
    return gmc_hash(h, s ? s : "", strlen(s ? s : "") + 1);
}

static uint64_t hash_file_identity(uint64_t h, const char *path)
{
    struct stat st;
    char buf[96] = "";
    if (stat(path, &st) == 0)
        snprintf(buf, sizeof buf, "%lld:%lld.%09ld", (long long)st.st_size,
                 (long long)st.st_mtim.tv_sec, (long)st.st_mtim.tv_nsec);
    return hash_str(h, buf);
}

static bool hash_source(uint64_t *h, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "gmc: error: cannot read '%s': %s\n", path, strerror(errno));
        return false;
    }
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        *h = gmc_hash(*h, buf, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok)
        fprintf(stderr, "gmc: error: cannot read '%s'\n", path);
    return ok;
}

static bool cache_key(const gmc_options *opt, const gmc_tools *t, const char *base, char *key,
                      size_t size)
{
    uint64_t h = hash_str(GMC_HASH_INIT, "gmc run cache 1");
    h = hash_str(h, PACKAGE_VERSION);
    h = hash_str(h, GMC_COMMIT);
    h = hash_file_identity(h, "/proc/self/exe");
    gmc_runtime rt;
    if (gmc_runtime_locate(&rt, false, false)) {
        char lib[PATH_MAX + 16];
        snprintf(lib, sizeof lib, "%s/libgmrt.%s", rt.lib_dir, rt.in_tree ? "a" : "so");
        h = hash_file_identity(h, lib);
        if (opt->target == GMC_TARGET_CUDA) { /* the CUDA runtime's host half */
            char cu[PATH_MAX + 32];
            if (rt.in_tree)
                snprintf(cu, sizeof cu, "%s", rt.cuda_static_lib);
            else
                snprintf(cu, sizeof cu, "%s/libgmrt-cuda.so", rt.lib_dir);
            h = hash_file_identity(h, cu);
        }
        h = hash_str(h, rt.include_dir);
    }
    h = hash_str(h, opt->target == GMC_TARGET_CUDA ? "cuda" : "omp");
    h = hash_str(h, opt->target == GMC_TARGET_CUDA ? t->nvcc : gmc_resolve_cc(opt->cc));
    h = hash_str(h, t->arch);
    for (int i = 0; i < opt->n_option_words; i++) {
        const char *w = opt->option_words[i];
        /* These do not change the program (run implies --main -x). */
        if (strcmp(w, "-v") != 0 && strcmp(w, "-x") != 0 && strcmp(w, "--main") != 0)
            h = hash_str(h, w);
    }
    h = hash_str(h, base);
    if (!hash_source(&h, opt->input))
        return false;
    snprintf(key, size, "%016llx", (unsigned long long)h);
    return true;
}

/* $XDG_CACHE_HOME/gmc (absolute values only, as the XDG spec says), else ~/.cache/gmc. */
static bool cache_root(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(buf, size, "%s/gmc", xdg);
    else if (home && home[0])
        snprintf(buf, size, "%s/.cache/gmc", home);
    else {
        fprintf(stderr, "gmc: error: no cache directory: set XDG_CACHE_HOME or HOME\n");
        return false;
    }
    /* mkdir -p */
    for (char *s = buf + 1;; s++) {
        if (*s == '/' || *s == '\0') {
            char c = *s;
            *s = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "gmc: error: cannot create the cache directory '%s': %s\n", buf,
                        strerror(errno));
                return false;
            }
            *s = c;
            if (!c)
                break;
        }
    }
    return true;
}

/* Removes a directory of plain files (a cache entry never has subfolders). */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        char path[PATH_MAX + 256];
        for (struct dirent *e; (e = readdir(d));) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* The compile's diagnostics, kept in the entry so that a cached run shows
 * its warnings again (a cache hit compiles nothing). */
#define DIAGNOSTICS "diagnostics.txt"

static void show_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0;)
        fwrite(buf, 1, n, stderr);
    fclose(f);
}

static int build(const gmc_options *opt, const gmc_tools *t, const char *root, const char *entry)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/tmp-XXXXXX", root);
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "gmc: error: cannot create a directory in '%s': %s\n", root,
                strerror(errno));
        return 1;
    }
    gmc_options o = *opt;
    o.out_dir = tmp;
    /* stderr into the entry's DIAGNOSTICS while compiling, then shown */
    char diag[PATH_MAX + 32];
    snprintf(diag, sizeof diag, "%s/" DIAGNOSTICS, tmp);
    fflush(stderr);
    int saved = dup(2), fd = open(diag, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    bool captured = saved >= 0 && fd >= 0 && dup2(fd, 2) >= 0;
    int status = gmc_compile(&o, t);
    if (captured) {
        fflush(stderr);
        dup2(saved, 2);
        show_file(diag);
    }
    if (fd >= 0)
        close(fd);
    if (saved >= 0)
        close(saved);
    if (status == 0 && rename(tmp, entry) != 0) {
        if (errno != EEXIST && errno != ENOTEMPTY) { /* else another gmc run built it first */
            fprintf(stderr, "gmc: error: cannot move '%s' to '%s': %s\n", tmp, entry,
                    strerror(errno));
            status = 1;
        }
    }
    remove_dir(tmp); /* a no-op after the rename */
    return status;
}

int gmc_run(const gmc_options *opt)
{
    gmc_tools t;
    if (!gmc_tools_resolve(opt, &t))
        return 1;
    char base[1024], key[32], root[PATH_MAX - 64], entry[PATH_MAX], exe[PATH_MAX + 1024];
    gmc_base_name(opt->input, base, sizeof base);
    int status = 1;
    if (!cache_key(opt, &t, base, key, sizeof key) || !cache_root(root, sizeof root))
        goto done;
    snprintf(entry, sizeof entry, "%s/%s", root, key);
    snprintf(exe, sizeof exe, "%s/%s", entry, base);
    if (gmc_is_executable(exe)) {
        if (opt->verbose)
            fprintf(stderr, "gmc: using the cached build %s\n", exe);
        char diag[PATH_MAX + 32];
        snprintf(diag, sizeof diag, "%s/" DIAGNOSTICS, entry);
        show_file(diag);
    } else {
        status = build(opt, &t, root, entry);
        if (status != 0)
            goto done;
        if (opt->verbose)
            fprintf(stderr, "gmc: built %s\n", exe);
    }
    gmc_tools_free(&t);

    char **argv = calloc((size_t)opt->n_run_args + 2, sizeof *argv);
    if (!argv) {
        fprintf(stderr, "gmc: error: out of memory\n");
        return 1;
    }
    argv[0] = base; /* the program's messages say "pagerank: ...", not the cache path */
    for (int i = 0; i < opt->n_run_args; i++)
        argv[i + 1] = opt->run_args[i];
    fflush(stdout);
    fflush(stderr);
    execv(exe, argv);
    fprintf(stderr, "gmc: error: cannot run '%s': %s\n", exe, strerror(errno));
    free(argv);
    return 126;
done:
    gmc_tools_free(&t);
    return status;
}
