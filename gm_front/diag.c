/* diag.c: formats diagnostics with the source line and a caret. */
#include "diag.h"

#include <stdlib.h>
#include <string.h>

static const char *const class_names[GMD_CLASS_COUNT] = {
    [GMD_SYNTAX] = "syntax",
    [GMD_UNDEFINED] = "undefined",
    [GMD_BAD_PROPERTY] = "bad-property",
    [GMD_REDEFINED] = "redefined",
    [GMD_READONLY] = "readonly",
    [GMD_BAD_RANGE] = "bad-range",
    [GMD_AMBIGUOUS_GRAPH] = "ambiguous-graph",
    [GMD_GRAPH_MISMATCH] = "graph-mismatch",
    [GMD_TYPE] = "type",
    [GMD_CONDITION] = "condition",
    [GMD_BOOL_NUMERIC] = "bool-numeric",
    [GMD_CAST] = "cast",
    [GMD_INF_ARITH] = "inf-arith",
    [GMD_GROUP_REDUCE] = "group-reduce",
    [GMD_REDUCE_BINDING] = "reduce-binding",
    [GMD_CONFLICT] = "conflict",
    [GMD_ARGMINMAX] = "argminmax",
    [GMD_RETURN_PARALLEL] = "return-parallel",
    [GMD_RETURN_TYPE] = "return-type",
    [GMD_NESTED_TRAVERSAL] = "nested-traversal",
    [GMD_BUILTIN] = "builtin",
    [GMD_MAP_KEY] = "map-key",
    [GMD_CALL] = "call",
    [GMD_UNSUPPORTED] = "unsupported",
    [GMD_IO] = "io",
    [GMD_DIST_UNSUPPORTED] = "dist-unsupported",
    [GMD_W_NARROWING] = "narrowing",
    [GMD_W_PROMOTION] = "promotion",
    [GMD_W_RACE] = "race",
    [GMD_W_UNUSED] = "unused",
    [GMD_W_MISSING_RETURN] = "missing-return",
    [GMD_NOTE] = "note",
};

/* The sink: the file being compiled, counters and warning switches. */
static struct {
    const char *filename;
    const char *source;
    size_t len;
    FILE *out;
    int errors, warnings, error_limit;
    bool werror, no_warnings;
    bool warning_off[GMD_CLASS_COUNT];
} sink = {.error_limit = 50};

void gm_diag_begin(const char *filename, const char *source, size_t len)
{
    sink.filename = filename;
    sink.source = source;
    sink.len = len;
}

void gm_diag_reset(void)
{
    FILE *out = sink.out;
    memset(&sink, 0, sizeof sink);
    sink.out = out;
    sink.error_limit = 50;
}

void gm_diag_set_stream(FILE *out) { sink.out = out; }
void gm_diag_set_werror(bool on) { sink.werror = on; }
void gm_diag_disable_all_warnings(bool off) { sink.no_warnings = off; }
void gm_diag_set_error_limit(int limit) { sink.error_limit = limit; }
int gm_error_count(void) { return sink.errors; }
int gm_warning_count(void) { return sink.warnings; }

const char *gm_diag_class_name(gm_diag_class cls)
{
    return (cls >= 0 && cls < GMD_CLASS_COUNT) ? class_names[cls] : "?";
}

bool gm_diag_set_warning(const char *name, bool enabled)
{
    for (int c = GMD_W_NARROWING; c < GMD_NOTE; c++) {
        if (strcmp(name, class_names[c]) == 0) {
            sink.warning_off[c] = !enabled;
            return true;
        }
    }
    return false;
}

/* Prints the source line of loc and a caret under its column. */
static void print_excerpt(FILE *out, gm_loc loc)
{
    if (!sink.source || loc.line <= 0)
        return;
    const char *p = sink.source, *end = sink.source + sink.len;
    for (int line = 1; line < loc.line && p < end; p++)
        if (*p == '\n')
            line++;
    if (p >= end && loc.line > 1)
        return;
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol)
        eol = end;
    size_t n = (size_t)(eol - p);
    if (n > 0 && p[n - 1] == '\r')
        n--;
    /* Very long lines are cut around the column so the caret stays readable. */
    size_t start = 0, col = loc.col > 0 ? (size_t)loc.col - 1 : 0;
    if (col > n)
        col = n;
    if (n > 160 && col > 80) {
        start = col - 60;
    }
    size_t shown = n - start > 160 ? 160 : n - start;
    fprintf(out, " %s", start ? "..." : "");
    for (size_t i = 0; i < shown; i++) {
        unsigned char ch = (unsigned char)p[start + i];
        fputc(ch == '\t' || (ch >= 32 && ch < 127) ? ch : '?', out);
    }
    fputc('\n', out);
    fprintf(out, " %s", start ? "   " : "");
    for (size_t i = start; i < col; i++)
        fputc(p[i] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

void gm_vdiag(gm_severity sev, gm_loc loc, gm_diag_class cls, const char *fmt, va_list ap)
{
    FILE *out = sink.out ? sink.out : stderr;
    if (sev == GM_SEV_WARNING) {
        if (sink.no_warnings || sink.warning_off[cls])
            return;
        if (sink.werror)
            sev = GM_SEV_ERROR;
    }
    if (sev == GM_SEV_ERROR) {
        sink.errors++;
        if (sink.error_limit && sink.errors > sink.error_limit) {
            if (sink.errors == sink.error_limit + 1)
                fprintf(out, "%s: too many errors, stopping\n",
                        sink.filename ? sink.filename : "gmc");
            return;
        }
    } else if (sev == GM_SEV_WARNING) {
        sink.warnings++;
    }
    const char *what = sev == GM_SEV_ERROR ? "error" : sev == GM_SEV_WARNING ? "warning" : "note";
    if (loc.line > 0)
        fprintf(out, "%s:%d:%d: %s: ", sink.filename ? sink.filename : "<input>", loc.line,
                loc.col, what);
    else
        fprintf(out, "%s: %s: ", sink.filename ? sink.filename : "gmc", what);
    vfprintf(out, fmt, ap);
    if (cls != GMD_NOTE)
        fprintf(out, " [%s%s]", sev == GM_SEV_WARNING || cls >= GMD_W_NARROWING ? "-W" : "",
                class_names[cls]);
    fputc('\n', out);
    print_excerpt(out, loc);
}

void gm_error(gm_loc loc, gm_diag_class cls, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gm_vdiag(GM_SEV_ERROR, loc, cls, fmt, ap);
    va_end(ap);
}

void gm_warning(gm_loc loc, gm_diag_class cls, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gm_vdiag(GM_SEV_WARNING, loc, cls, fmt, ap);
    va_end(ap);
}

void gm_note(gm_loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gm_vdiag(GM_SEV_NOTE, loc, GMD_NOTE, fmt, ap);
    va_end(ap);
}
