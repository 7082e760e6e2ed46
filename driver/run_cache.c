/* run_cache.c: gmc run's build cache.
 *
 * An entry is $XDG_CACHE_HOME/gmc/KEY/ (else ~/.cache/gmc/KEY/) holding
 * what `gmc --main -x -o DIR` writes. KEY hashes everything the binary
 * depends on: the source, the options, the tools -x runs, and this gmc
 * and its runtime library (version, commit, size and mtime), so a rebuilt
 * gmc never reuses a stale program. An entry is built in a private
 * directory (tmp-PID-XXXXXX) and renamed into place, so concurrent runs
 * never see half of one; the folders of a killed build (its PID gone) are
 * removed by the next run. The binary's size and checksum are recorded in
 * NAME.sum at creation and checked before each use: a truncated or damaged
 * binary is rebuilt, not run forever. */
#include "run_cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compile_output.h"
#include "config.h"
#include "driver/gmc_commit.h"
#include "gm_runtime/gmrt_file.h"
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

/* Reads the source once (it may be a FIFO) into *text and hashes it; the
 * build then compiles the same bytes instead of opening the file again. */
static bool read_source(uint64_t *h, const char *path, char **text, size_t *len)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "gmc: error: cannot read '%s': %s\n", path, strerror(errno));
        return false;
    }
    size_t n = 0;
    char *buf = gmrt_file_read_all(fd, &n);
    int e = errno;
    close(fd);
    if (!buf) {
        fprintf(stderr, "gmc: error: cannot read '%s': %s\n", path, e == ENOMEM ? "out of memory" : strerror(e));
        return false;
    }
    *h = gmc_hash(*h, buf, n);
    *text = buf;
    *len = n;
    return true;
}

static bool cache_key(const gmc_options *opt, const gmc_tools *t, const char *base, char *key,
                      size_t size, char **text, size_t *len)
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
    if (!read_source(&h, opt->input, text, len))
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

/* Size and FNV-1a checksum of a file; false when it cannot be read. */
static bool file_sum(const char *path, long long *size, uint64_t *sum)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[65536];
    size_t n;
    uint64_t h = GMC_HASH_INIT;
    long long total = 0;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        h = gmc_hash(h, buf, n);
        total += (long long)n;
    }
    bool ok = !ferror(f);
    fclose(f);
    *size = total;
    *sum = h;
    return ok;
}

/* Flushes a file (or folder) to the disk before the rename that publishes it. */
static bool sync_path(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0 || errno == EINVAL; /* some file systems refuse folders */
    close(fd);
    return ok;
}

/* Writes EXE.sum ("SIZE CHECKSUM") next to the binary. */
static bool write_sum(const char *exe)
{
    long long size;
    uint64_t sum;
    char path[PATH_MAX + 1100];
    snprintf(path, sizeof path, "%s.sum", exe);
    if (!file_sum(exe, &size, &sum) || !sync_path(exe))
        return false;
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    bool ok = fprintf(f, "%lld %016llx\n", size, (unsigned long long)sum) > 0;
    ok = fflush(f) == 0 && ok && fsync(fileno(f)) == 0;
    return fclose(f) == 0 && ok;
}

/* Whether the cached binary still has the size and checksum it was built with;
 * *why says what is wrong otherwise. */
static bool entry_valid(const char *exe, const char **why)
{
    char path[PATH_MAX + 1100];
    snprintf(path, sizeof path, "%s.sum", exe);
    FILE *f = fopen(path, "r");
    long long want_size = -1;
    unsigned long long want_sum = 0;
    bool have = f && fscanf(f, "%lld %llx", &want_size, &want_sum) == 2;
    if (f)
        fclose(f);
    if (!have) {
        *why = "its checksum file is missing or unreadable";
        return false;
    }
    long long size;
    uint64_t sum;
    if (!file_sum(exe, &size, &sum)) {
        *why = "it cannot be read";
        return false;
    }
    if (size != want_size) {
        *why = size < want_size ? "it is truncated" : "its size changed";
        return false;
    }
    if (sum != want_sum) {
        *why = "its checksum does not match";
        return false;
    }
    return true;
}

/* Removes the tmp-PID-XXXXXX folders of builds whose process is gone (killed
 * gmc runs); folders of builds still running are left alone. */
static void remove_stale_builds(const char *root)
{
    DIR *d = opendir(root);
    if (!d)
        return;
    char path[PATH_MAX + 256];
    for (struct dirent *e; (e = readdir(d));) {
        long pid;
        char rest[32];
        if (sscanf(e->d_name, "tmp-%ld-%31s", &pid, rest) != 2 || pid <= 0)
            continue;
        if (kill((pid_t)pid, 0) == 0 || errno == EPERM)
            continue; /* still building */
        snprintf(path, sizeof path, "%s/%s", root, e->d_name);
        remove_dir(path);
    }
    closedir(d);
}

static int build(const gmc_options *opt, const gmc_tools *t, const char *root, const char *entry,
                 const char *base)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/tmp-%ld-XXXXXX", root, (long)getpid());
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
    char exe[PATH_MAX + 1024];
    snprintf(exe, sizeof exe, "%s/%s", tmp, base);
    if (status == 0 && (!write_sum(exe) || !sync_path(tmp))) {
        fprintf(stderr, "gmc: error: cannot record the build in '%s': %s\n", tmp, strerror(errno));
        status = 1;
    }
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

/* Moves a damaged entry out of the way (atomically, so that a concurrent
 * run never sees it half removed) and deletes it. */
static void discard_entry(const char *root, const char *entry)
{
    char junk[PATH_MAX];
    snprintf(junk, sizeof junk, "%s/tmp-%ld-bad", root, (long)getpid());
    remove_dir(junk);
    if (rename(entry, junk) == 0)
        remove_dir(junk);
}

/* mpirun beside the mpicc configure found, else "mpirun" (PATH). */
static void mpirun_path(char *buf, size_t size)
{
    snprintf(buf, size, "mpirun");
#ifdef GMC_MPICC
    const char *slash = strrchr(GMC_MPICC, '/');
    char cand[PATH_MAX];
    if (slash && (size_t)(slash - GMC_MPICC) + 8 < sizeof cand) {
        memcpy(cand, GMC_MPICC, (size_t)(slash - GMC_MPICC));
        memcpy(cand + (slash - GMC_MPICC), "/mpirun", 8);
        if (access(cand, X_OK) == 0 && strlen(cand) < size)
            memcpy(buf, cand, strlen(cand) + 1);
    }
#endif
}

int gmc_run(const gmc_options *opt)
{
    gmc_tools t;
    if (!gmc_tools_resolve(opt, &t))
        return 1;
    char base[1024], key[32], root[PATH_MAX - 64], entry[PATH_MAX], exe[PATH_MAX + 1024];
    gmc_base_name(opt->input, base, sizeof base);
    int status = 1;
    gmc_options src = *opt;
    char *text = NULL;
    if (!cache_key(opt, &t, base, key, sizeof key, &text, &src.input_len) || !cache_root(root, sizeof root))
        goto done;
    snprintf(entry, sizeof entry, "%s/%s", root, key);
    snprintf(exe, sizeof exe, "%s/%s", entry, base);
    remove_stale_builds(root);
    const char *why = "the program is missing or not executable";
    bool exists = access(entry, F_OK) == 0;
    bool cached = exists && gmc_is_executable(exe) && entry_valid(exe, &why);
    if (exists && !cached) {
        fprintf(stderr, "gmc: the cached build %s is damaged (%s): rebuilding it\n", exe, why);
        discard_entry(root, entry);
    }
    if (cached) {
        if (opt->verbose)
            fprintf(stderr, "gmc: using the cached build %s\n", exe);
        char diag[PATH_MAX + 32];
        snprintf(diag, sizeof diag, "%s/" DIAGNOSTICS, entry);
        show_file(diag);
    } else {
        src.input_text = text;
        status = build(&src, &t, root, entry, base);
        if (status != 0)
            goto done;
        if (opt->verbose)
            fprintf(stderr, "gmc: built %s\n", exe);
    }
    gmc_tools_free(&t);
    free(text);

    char **argv = calloc((size_t)opt->n_run_args + 6, sizeof *argv);
    if (!argv) {
        fprintf(stderr, "gmc: error: out of memory\n");
        return 1;
    }
    int k = 0;
    char np[16], mpirun[PATH_MAX];
    if (opt->ranks) { /* --ranks=N: mpirun -np N PROGRAM ARGS */
        mpirun_path(mpirun, sizeof mpirun);
        snprintf(np, sizeof np, "%d", opt->ranks);
        argv[k++] = mpirun;
        argv[k++] = "-np";
        argv[k++] = np;
        argv[k++] = exe;
    } else {
        argv[k++] = base; /* the program's messages say "pagerank: ...", not the cache path */
    }
    for (int i = 0; i < opt->n_run_args; i++)
        argv[k++] = opt->run_args[i];
    fflush(stdout);
    fflush(stderr);
    if (opt->ranks) {
        execvp(mpirun, argv);
        fprintf(stderr, "gmc: error: cannot run '%s' (Open MPI's mpirun): %s\n", mpirun, strerror(errno));
        free(argv);
        return 126;
    }
    execv(exe, argv);
    fprintf(stderr, "gmc: error: cannot run '%s': %s\n", exe, strerror(errno));
    free(argv);
    return 126;
done:
    gmc_tools_free(&t);
    free(text);
    return status;
}
