/* omp_emit.c: output helpers, symbol naming and the scope stack of the
 * OpenMP generator. */
#include "omp_emit.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cident.h"
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

const char *omp_name(omp_emit *em, const gm_symbol *sym)
{
    if (sym->id < 0 || sym->id >= em->nsyms)
        return sym->name;
    if (!em->names[sym->id]) {
        em->names[sym->id] = cident_name(sym->name);
        /* Properties have their own namespace in Green-Marl: a property
         * named like a non-property symbol of the procedure gets a suffix. */
        if (sym->is_property) {
            for (int i = 0; i < em->nsyms; i++)
                if (i != sym->id && em->names[i] && strcmp(em->names[i], em->names[sym->id]) == 0) {
                    free(em->names[sym->id]);
                    em->names[sym->id] = omp_strf("%s_p", sym->name);
                    if (cident_reserved(em->names[sym->id])) {
                        free(em->names[sym->id]);
                        em->names[sym->id] = omp_strf("%s_p_", sym->name);
                    }
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
