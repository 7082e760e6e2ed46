/* cli.c: option matching, number parsing and the terminal progress line
 * for gmgraph. */
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int cli_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        return 1;
    }
    if (a[n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "gmgraph: option %s needs a value\n", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

bool cli_flag(const char *arg, const char *name) { return strcmp(arg, name) == 0; }

bool cli_int(const char *option, const char *text, int64_t lo, int64_t hi, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno == ERANGE || v < lo || v > hi) {
        fprintf(stderr, "gmgraph: %s '%s': expected an integer from %lld to %lld\n", option, text, (long long)lo,
                (long long)hi);
        return false;
    }
    *out = v;
    return true;
}

bool cli_u64(const char *option, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (*text == '\0' || *text == '-' || *end != '\0' || errno == ERANGE) {
        fprintf(stderr, "gmgraph: %s '%s': expected a non-negative integer\n", option, text);
        return false;
    }
    *out = v;
    return true;
}

bool cli_double(const char *option, const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (*text == '\0' || *end != '\0' || errno == ERANGE || !isfinite(v)) {
        fprintf(stderr, "gmgraph: %s '%s': expected a finite number\n", option, text);
        return false;
    }
    *out = v;
    return true;
}

int cli_unknown(const char *cmd, const char *arg)
{
    if (arg[0] == '-')
        fprintf(stderr, "gmgraph %s: unknown option '%s' (see gmgraph %s --help)\n", cmd, arg, cmd);
    else
        fprintf(stderr, "gmgraph %s: unexpected argument '%s' (see gmgraph %s --help)\n", cmd, arg, cmd);
    return EXIT_USAGE;
}

/* ---------------------------------------------------------- progress */

/* The generated programs draw the same line: libgmrt has it (gmrt_cli.h). */
gmrt_progress cli_progress(const char *what) { return gmrt_cli_progress(what); }

void cli_progress_done(gmrt_progress *p) { gmrt_cli_progress_done(p); }

/* ------------------------------------------------------- load options */

/* The names and meanings are libgmrt's (gmrt_cli_load_flag), which the
 * generated programs accept too. */
int cli_build_option(const char *arg, gmrt_build_options *b)
{
    static const char *const build_flags[] = {"--symmetrize", "--dedup", "--no-self-loops"};
    for (size_t i = 0; i < sizeof build_flags / sizeof *build_flags; i++)
        if (cli_flag(arg, build_flags[i])) {
            gmrt_load_options o;
            memset(&o, 0, sizeof o);
            o.build = *b;
            gmrt_cli_load_flag(arg + 2, &o);
            *b = o.build;
            return 1;
        }
    return 0;
}

int cli_load_option(int argc, char **argv, int *i, gmrt_load_options *opt)
{
    const char *v;
    int r = cli_value(argc, argv, i, "--from", &v);
    if (r < 0)
        return -1;
    if (r > 0)
        return gmrt_cli_format("gmgraph", v, &opt->format) ? 1 : -1;
    const char *a = argv[*i];
    if (cli_flag(a, "--one-based") || cli_flag(a, "--no-weights") || cli_flag(a, "--symmetrize") ||
        cli_flag(a, "--dedup") || cli_flag(a, "--no-self-loops"))
        return gmrt_cli_load_flag(a + 2, opt) ? 1 : 0;
    return 0;
}

bool cli_is_stream(const char *path)
{
    if (strcmp(path, "-") == 0)
        return true;
    struct stat st;
    return stat(path, &st) == 0 && !S_ISDIR(st.st_mode) && !(S_ISREG(st.st_mode) && st.st_size > 0);
}

bool cli_read_all(const char *cmd, const char *path, unsigned char **data, size_t *len)
{
    bool std_in = strcmp(path, "-") == 0;
    FILE *in = std_in ? stdin : fopen(path, "rb");
    if (!in) {
        fprintf(stderr, "gmgraph %s: %s: cannot open: %s\n", cmd, path, strerror(errno));
        return false;
    }
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, in);
        if (n < cap)
            break;
        unsigned char *bigger = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
        if (!bigger) {
            free(buf);
            buf = NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    int e = errno;
    bool failed = !buf || ferror(in);
    if (!std_in)
        fclose(in);
    if (failed) {
        fprintf(stderr, "gmgraph %s: %s: %s\n", cmd, std_in ? "<stdin>" : path, buf ? strerror(e) : "out of memory reading the file");
        free(buf);
        return false;
    }
    *data = buf;
    *len = n;
    return true;
}

int cli_check_output(const char *cmd, const char *out, gmrt_format to)
{
    if (strcmp(out, "-") != 0)
        return 0;
    if (to == GMRT_FMT_AUTO) {
        fprintf(stderr, "gmgraph %s: writing to standard output ('-') needs --to FORMAT\n", cmd);
        return EXIT_USAGE;
    }
    const bool text = to == GMRT_FMT_EDGE_LIST || to == GMRT_FMT_MATRIX_MARKET || to == GMRT_FMT_DIMACS;
    if (!text && isatty(STDOUT_FILENO)) {
        fprintf(stderr, "gmgraph %s: not writing the binary format %s to a terminal: redirect standard output\n",
                cmd, gmrt_format_name(to));
        return EXIT_USAGE;
    }
    return 0;
}

FILE *cli_summary_stream(const char *out)
{
    return strcmp(out, "-") == 0 ? stderr : stdout;
}
