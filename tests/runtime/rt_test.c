/* rt_test.c: shared helpers of the libgmrt CUnit tests (rt_test.h). */
#define _XOPEN_SOURCE 700
#include "rt_test.h"

#include <CUnit/Basic.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[512];

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void remove_tmpdir(void)
{
    if (tmpdir[0] && !getenv("RT_KEEP_TMP"))
        nftw(tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *rt_tmpdir(void)
{
    if (!tmpdir[0]) {
        const char *base = getenv("TMPDIR");
        snprintf(tmpdir, sizeof tmpdir, "%s/gmrt-test-XXXXXX", base && *base ? base : "/tmp");
        if (!mkdtemp(tmpdir)) {
            perror("mkdtemp");
            exit(99);
        }
        atexit(remove_tmpdir);
    }
    return tmpdir;
}

const char *rt_path(const char *name)
{
    static char bufs[8][640];
    static int next;
    char *b = bufs[next++ % 8];
    snprintf(b, sizeof bufs[0], "%s/%s", rt_tmpdir(), name);
    return b;
}

void rt_write(const char *path, const void *data, size_t len)
{
    if (len == (size_t)-1)
        len = strlen(data);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        exit(99);
    }
}

gm_graph *rt_load_text(const char *name, const char *text, const gmrt_load_options *opt, gmrt_error *err)
{
    const char *path = rt_path(name);
    rt_write(path, text, (size_t)-1);
    return gmrt_graph_load(path, opt, err);
}

gm_graph *rt_graph(gm_node_t n, size_t m, const gm_node_t *pairs, const double *w)
{
    gm_node_t *src = malloc((m + 1) * sizeof *src), *dst = malloc((m + 1) * sizeof *dst);
    for (size_t i = 0; i < m; i++) {
        src[i] = pairs[2 * i];
        dst[i] = pairs[2 * i + 1];
    }
    gmrt_error err;
    gmrt_error_clear(&err);
    gm_graph *g = gmrt_graph_from_edges(n, m, src, dst, w, NULL, &err);
    if (!g)
        fprintf(stderr, "rt_graph: %s\n", err.message);
    free(src);
    free(dst);
    return g;
}

gm_graph *rt_random_graph(gm_node_t n, size_t m, uint64_t seed, bool weighted, bool integral)
{
    gm_node_t *pairs = malloc((2 * m + 2) * sizeof *pairs);
    double *w = weighted ? malloc((m + 1) * sizeof *w) : NULL;
    gmrt_rng r = gmrt_rng_make(seed, 0);
    gm_node_t active = n > 3 ? n - 3 : n; /* the last nodes stay isolated */
    for (size_t i = 0; i < m; i++) {
        pairs[2 * i] = (gm_node_t)gmrt_rand(&r, active);
        pairs[2 * i + 1] = (gm_node_t)gmrt_rand(&r, active);
        if (i % 7 == 3 && i > 0) { /* a parallel edge now and then */
            pairs[2 * i] = pairs[2 * i - 2];
            pairs[2 * i + 1] = pairs[2 * i - 1];
        }
        if (w)
            w[i] = integral ? (double)gmrt_rand(&r, 100) - 20 : (gmrt_uniform(&r) - 0.3) * 1e3 / 7.0;
    }
    gm_graph *g = rt_graph(n, m, pairs, w);
    free(pairs);
    free(w);
    return g;
}

bool rt_contains(const char *haystack, const char *needle)
{
    if (strstr(haystack, needle))
        return true;
    fprintf(stderr, "\n    message: \"%s\"\n    expected to contain: \"%s\"\n", haystack, needle);
    return false;
}

rt_capture rt_capture_begin(void)
{
    rt_capture c = {-1, -1, rt_path("captured.txt")};
    fflush(stdout);
    fflush(stderr);
    c.out = dup(1);
    c.err = dup(2);
    int fd = open(c.path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
    return c;
}

void rt_capture_end(rt_capture c, char *buf, size_t size)
{
    fflush(stdout);
    fflush(stderr);
    dup2(c.out, 1);
    dup2(c.err, 2);
    close(c.out);
    close(c.err);
    FILE *f = fopen(c.path, "r");
    size_t len = f ? fread(buf, 1, size - 1, f) : 0;
    buf[len] = '\0';
    if (f)
        fclose(f);
}

int rt_run(const char *suite_name, const CU_TestInfo *tests)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 99;
    CU_pSuite suite = CU_add_suite(suite_name, NULL, NULL);
    for (const CU_TestInfo *t = tests; t->pName; t++)
        CU_add_test(suite, t->pName, t->pTestFunc);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failures = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    CU_cleanup_registry();
    return failures ? 1 : 0;
}
