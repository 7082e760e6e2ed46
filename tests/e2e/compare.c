/* compare.c: e2e_compare, the comparator of the end-to-end tests.
 *
 *   e2e_compare EXPECTED_DIR ACTUAL_DIR SPEC...
 *
 * Each SPEC is NAME:MODE.  A NAME ending in ".txt" is a property file in
 * both directories; any other NAME is a "NAME = VALUE" line of the captured
 * stdout (DIR/stdout.txt).  MODEs:
 *   exact      integers (or Bool 0/1, node ids) equal; other text equal
 *   real       floating point: |a-b| <= 1e-12 + 1e-9 * max(|a|,|b|), which
 *              absorbs a different summation order (PageRank, BC sums)
 *              but not a wrong term; real:REL:ABS sets other tolerances
 *   partition  the labels partition the nodes the same way (SCC ids): a
 *              one-to-one map between expected and actual labels exists
 *   sets       every line is a set of integers (Node_Set properties):
 *              the same members in any order
 * Prints the first differences and exits 1 when anything differs, 2 on
 * bad usage, 0 when everything matches. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e_files.h"

#define MAX_REPORTS 5

typedef struct mode {
    enum { M_EXACT, M_REAL, M_PARTITION, M_SETS } kind;
    double rel, abs;
} mode;

static bool parse_mode(const char *s, mode *m)
{
    m->rel = 1e-9;
    m->abs = 1e-12;
    if (strcmp(s, "exact") == 0)
        m->kind = M_EXACT;
    else if (strcmp(s, "partition") == 0)
        m->kind = M_PARTITION;
    else if (strcmp(s, "sets") == 0)
        m->kind = M_SETS;
    else if (strcmp(s, "real") == 0)
        m->kind = M_REAL;
    else if (sscanf(s, "real:%lf:%lf", &m->rel, &m->abs) == 2)
        m->kind = M_REAL;
    else
        return false;
    return true;
}

static bool values_equal(const char *a, const char *b, const mode *m)
{
    if (m->kind == M_REAL) {
        double x, y;
        if (e2e_parse_real(a, &x) && e2e_parse_real(b, &y))
            return e2e_reals_close(x, y, m->rel, m->abs);
        return false;
    }
    int64_t x, y;
    if (e2e_parse_int(a, &x) && e2e_parse_int(b, &y))
        return x == y;
    return strcmp(a, b) == 0;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The integers of a line, sorted; *n receives their number, -1 when a
 * token is not an integer. */
static int64_t *sorted_set(const char *line, int64_t *n)
{
    size_t len = strlen(line);
    int64_t *v = malloc((len / 2 + 1) * sizeof *v);
    char *copy = strdup(line);
    *n = 0;
    for (char *save = NULL, *tok = strtok_r(copy, " \t,", &save); tok; tok = strtok_r(NULL, " \t,", &save))
        if (!e2e_parse_int(tok, &v[(*n)++])) {
            *n = -1;
            break;
        }
    free(copy);
    if (*n > 0)
        qsort(v, (size_t)*n, sizeof *v, cmp_i64);
    return v;
}

static bool sets_equal(const char *a, const char *b)
{
    int64_t na, nb;
    int64_t *x = sorted_set(a, &na), *y = sorted_set(b, &nb);
    bool same = na >= 0 && na == nb && (na == 0 || memcmp(x, y, (size_t)na * sizeof *x) == 0);
    free(x);
    free(y);
    return same;
}

/* Labels are small integers in practice but need not be: map them through
 * two sorted (label, first partner) tables built on the fly. */
typedef struct pair {
    int64_t key, val;
} pair;

static int cmp_pair(const void *a, const void *b)
{
    return cmp_i64(&((const pair *)a)->key, &((const pair *)b)->key);
}

/* Is key -> val consistent with every other (key, val) in p[0..n)? */
static bool function_consistent(pair *p, int64_t n, int64_t *bad_key)
{
    qsort(p, (size_t)n, sizeof *p, cmp_pair);
    for (int64_t i = 1; i < n; i++)
        if (p[i].key == p[i - 1].key && p[i].val != p[i - 1].val) {
            *bad_key = p[i].key;
            return false;
        }
    return true;
}

static int compare_partition(const char *name, char **a, char **b, int64_t n)
{
    pair *fwd = malloc((size_t)(n ? n : 1) * sizeof *fwd);
    pair *back = malloc((size_t)(n ? n : 1) * sizeof *back);
    for (int64_t i = 0; i < n; i++) {
        int64_t x, y;
        if (!e2e_parse_int(a[i], &x) || !e2e_parse_int(b[i], &y)) {
            printf("  %s line %lld: not an integer label ('%s' / '%s')\n", name, (long long)i + 1, a[i], b[i]);
            free(fwd);
            free(back);
            return 1;
        }
        fwd[i] = (pair){x, y};
        back[i] = (pair){y, x};
    }
    int64_t bad;
    int rc = 0;
    if (!function_consistent(fwd, n, &bad)) {
        printf("  %s: expected group %lld is split in the actual labels\n", name, (long long)bad);
        rc = 1;
    } else if (!function_consistent(back, n, &bad)) {
        printf("  %s: actual group %lld merges several expected groups\n", name, (long long)bad);
        rc = 1;
    }
    free(fwd);
    free(back);
    return rc;
}

static int compare_file(const char *exp_dir, const char *act_dir, const char *name, const mode *m)
{
    char pe[4096], pa[4096];
    snprintf(pe, sizeof pe, "%s/%s", exp_dir, name);
    snprintf(pa, sizeof pa, "%s/%s", act_dir, name);
    int64_t ne, na;
    char **e = e2e_read_lines(pe, &ne);
    if (!e) {
        printf("  %s: expected file missing (%s)\n", name, pe);
        return 1;
    }
    char **a = e2e_read_lines(pa, &na);
    if (!a) {
        printf("  %s: not written by the program under test (%s)\n", name, pa);
        e2e_free_lines(e, ne);
        return 1;
    }
    int rc = 0;
    if (ne != na) {
        printf("  %s: %lld lines expected, %lld found\n", name, (long long)ne, (long long)na);
        rc = 1;
    } else if (m->kind == M_PARTITION) {
        rc = compare_partition(name, e, a, ne);
    } else {
        int reports = 0;
        for (int64_t i = 0; i < ne; i++) {
            bool same = m->kind == M_SETS ? sets_equal(e[i], a[i]) : values_equal(e[i], a[i], m);
            if (!same) {
                rc = 1;
                if (reports++ < MAX_REPORTS)
                    printf("  %s line %lld: expected '%s', got '%s'\n", name, (long long)i + 1, e[i], a[i]);
            }
        }
        if (reports > MAX_REPORTS)
            printf("  %s: %d lines differ in all\n", name, reports);
    }
    e2e_free_lines(e, ne);
    e2e_free_lines(a, na);
    return rc;
}

static int compare_scalar(const char *exp_dir, const char *act_dir, const char *name, const mode *m)
{
    char *e = e2e_stdout_value(exp_dir, name);
    char *a = e2e_stdout_value(act_dir, name);
    int rc = 0;
    if (!e) {
        printf("  %s: no '%s = ...' line in the expected output\n", name, name);
        rc = 1;
    } else if (!a) {
        printf("  %s: no '%s = ...' line in the output under test\n", name, name);
        rc = 1;
    } else if (!values_equal(e, a, m)) {
        printf("  %s: expected %s, got %s\n", name, e, a);
        rc = 1;
    }
    free(e);
    free(a);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: e2e_compare EXPECTED_DIR ACTUAL_DIR NAME:MODE...\n");
        return 2;
    }
    int rc = 0;
    for (int i = 3; i < argc; i++) {
        char *spec = strdup(argv[i]);
        char *colon = strchr(spec, ':');
        mode m;
        if (!colon || !parse_mode(colon + 1, &m)) {
            fprintf(stderr, "e2e_compare: bad spec '%s' (NAME:exact|real[:REL:ABS]|partition|sets)\n", argv[i]);
            free(spec);
            return 2;
        }
        *colon = '\0';
        size_t len = strlen(spec);
        bool is_file = len > 4 && strcmp(spec + len - 4, ".txt") == 0;
        rc |= is_file ? compare_file(argv[1], argv[2], spec, &m) : compare_scalar(argv[1], argv[2], spec, &m);
        free(spec);
    }
    return rc;
}
