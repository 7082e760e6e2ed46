/* omp_emit.c: output helpers, symbol naming and the scope stack of the
 * OpenMP generator. */
#include "omp_emit.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "oom.h"

void omp_start_line(omp_emit *em)
{
    for (int i = 0; i < em->indent; i++)
        fputs("    ", em->out);
}

void omp_printf(omp_emit *em, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(em->out, fmt, ap);
    va_end(ap);
}

void omp_line(omp_emit *em, const char *fmt, ...)
{
    /* Preprocessor lines start in column 0 by convention. */
    if (fmt[0] != '#')
        omp_start_line(em);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(em->out, fmt, ap);
    va_end(ap);
    fputc('\n', em->out);
}

void omp_marker(omp_emit *em, gm_loc loc)
{
    if (loc.line > 0)
        omp_line(em, "/* %s:%d */", em->src_base, loc.line);
}

char *omp_strf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = malloc((size_t)n + 1);
    if (!s)
        gm_out_of_memory("code generation", 0);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

char *omp_fresh(omp_emit *em, const char *what)
{
    return omp_strf("_c_%s%d", what, em->tmp++);
}

void omp_unsupported(omp_emit *em, gm_loc loc, const char *what)
{
    gm_error(loc, GMD_UNSUPPORTED, "the omp target does not support %s yet", what);
    em->ok = false;
}

/* Names a generated C file may not give to a user symbol: C keywords, the
 * C library functions and macros the generated code uses. */
static const char *const reserved[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double",
    "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
    "register", "restrict", "return", "short", "signed", "sizeof", "static", "struct",
    "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true",
    "false", "main", "abs", "labs", "llabs", "fabs", "fabsf", "log", "exp", "pow", "malloc",
    "calloc", "realloc", "free", "memcpy", "memset", "printf", "fprintf", "exit", "abort",
    "stdin", "stdout", "stderr", "errno", "NULL", "INFINITY", "NAN", "isnan", "isinf",
    "strtol", "strtoll", "strtod", "strcmp", "strncmp", "strlen", "fopen", "fclose", "min",
    "max", "time", "index", "y0", "y1", "j0", "j1", "omp", "assert",
};

static bool is_reserved(const char *name)
{
    for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
        if (strcmp(reserved[i], name) == 0)
            return true;
    return false;
}

const char *omp_name(omp_emit *em, const gm_symbol *sym)
{
    if (sym->id < 0 || sym->id >= em->nsyms)
        return sym->name;
    if (!em->names[sym->id]) {
        const char *suffix = "";
        if (is_reserved(sym->name))
            suffix = "_";
        else if (sym->is_property)
            /* Properties have their own namespace in Green-Marl: a local
             * scalar may share a property's name, so in C they differ. */
            suffix = "";
        em->names[sym->id] = omp_strf("%s%s", sym->name, suffix);
        /* A property named like a non-property symbol of the procedure
         * gets a suffix. */
        if (sym->is_property) {
            for (int i = 0; i < em->nsyms; i++)
                if (i != sym->id && em->names[i] && strcmp(em->names[i], em->names[sym->id]) == 0) {
                    free(em->names[sym->id]);
                    em->names[sym->id] = omp_strf("%s_p", sym->name);
                    break;
                }
        }
    }
    return em->names[sym->id];
}

void omp_set_name(omp_emit *em, const gm_symbol *sym, const char *name)
{
    if (sym->id < 0 || sym->id >= em->nsyms)
        return;
    free(em->names[sym->id]);
    em->names[sym->id] = name ? omp_strf("%s", name) : NULL;
}

void omp_reset_names(omp_emit *em)
{
    for (int i = 0; i < em->nsyms; i++) {
        free(em->names[i]);
        em->names[i] = NULL;
        free(em->edge_of[i]);
        em->edge_of[i] = NULL;
        free(em->deferred[i]);
        em->deferred[i] = NULL;
    }
}

void omp_scope_push(omp_emit *em)
{
    omp_scope *s = calloc(1, sizeof *s);
    if (!s)
        gm_out_of_memory("code generation", 0);
    s->outer = em->scope;
    em->scope = s;
}

void omp_scope_add_cleanup(omp_emit *em, char *code)
{
    omp_cleanup *c = malloc(sizeof *c);
    if (!c)
        gm_out_of_memory("code generation", 0);
    c->code = code;
    c->next = em->scope->cleanups;
    em->scope->cleanups = c;
}

static void emit_cleanups(omp_emit *em, const omp_scope *s)
{
    for (const omp_cleanup *c = s->cleanups; c; c = c->next)
        omp_line(em, "%s", c->code);
}

void omp_scope_pop(omp_emit *em, bool emit)
{
    omp_scope *s = em->scope;
    if (emit)
        emit_cleanups(em, s);
    while (s->cleanups) {
        omp_cleanup *c = s->cleanups;
        s->cleanups = c->next;
        free(c->code);
        free(c);
    }
    em->scope = s->outer;
    free(s);
}

void omp_emit_all_cleanups(omp_emit *em)
{
    for (const omp_scope *s = em->scope; s; s = s->outer)
        emit_cleanups(em, s);
}
