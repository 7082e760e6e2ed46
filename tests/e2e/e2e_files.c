/* e2e_files.c: reading result files for the comparator and the validator. */
#include "e2e_files.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char **e2e_read_lines(const char *path, int64_t *count)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    int64_t cap = 256, n = 0;
    char **lines = malloc((size_t)cap * sizeof *lines);
    char *line = NULL;
    size_t len = 0;
    ssize_t got;
    while (lines && (got = getline(&line, &len, f)) >= 0) {
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
            line[--got] = '\0';
        if (n == cap) {
            cap *= 2;
            char **bigger = realloc(lines, (size_t)cap * sizeof *lines);
            if (!bigger) {
                e2e_free_lines(lines, n);
                lines = NULL;
                break;
            }
            lines = bigger;
        }
        lines[n++] = strdup(line);
    }
    free(line);
    fclose(f);
    *count = n;
    return lines;
}

void e2e_free_lines(char **lines, int64_t count)
{
    if (!lines)
        return;
    for (int64_t i = 0; i < count; i++)
        free(lines[i]);
    free(lines);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

char *e2e_stdout_value(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/stdout.txt", dir);
    int64_t n;
    char **lines = e2e_read_lines(path, &n);
    if (!lines)
        return NULL;
    char *found = NULL;
    for (int64_t i = 0; i < n && !found; i++) {
        char *eq = strchr(lines[i], '=');
        if (!eq)
            continue;
        *eq = '\0';
        if (strcmp(trim(lines[i]), name) == 0)
            found = strdup(trim(eq + 1));
    }
    e2e_free_lines(lines, n);
    return found;
}

bool e2e_parse_int(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (errno || end == s || *end)
        return false;
    *out = x;
    return true;
}

bool e2e_parse_real(const char *s, double *out)
{
    char *end;
    double x = strtod(s, &end);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == s || *end)
        return false;
    *out = x;
    return true;
}

bool e2e_reals_close(double a, double b, double rel_tol, double abs_tol)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    if (isinf(a) || isinf(b))
        return a == b;
    double scale = fmax(fabs(a), fabs(b));
    return fabs(a - b) <= abs_tol + rel_tol * scale;
}
