/* cg_emit.c: output helpers, symbol naming and the scope stack of the
 * shared emitter. */
#include "cg_emit.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cg_ident.h"
#include "diag.h"
#include "oom.h"

void cg_start_line(cg_emit *em)
{
    for (int i = 0; i < em->indent; i++)
        fputs("    ", em->out);
}

void cg_printf(cg_emit *em, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(em->out, fmt, ap);
    va_end(ap);
}

void cg_line(cg_emit *em, const char *fmt, ...)
{
    /* Preprocessor lines start in column 0 by convention. */
    if (fmt[0] != '#')
        cg_start_line(em);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(em->out, fmt, ap);
    va_end(ap);
    fputc('\n', em->out);
}

void cg_marker(cg_emit *em, gm_loc loc)
{
    if (loc.line > 0)
        cg_line(em, "/* %s:%d */", em->src_base, loc.line);
}

char *cg_strf(const char *fmt, ...)
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

void cg_capture_begin(cg_emit *em, cg_capture *c)
{
    c->text = NULL;
    c->len = 0;
    c->mem = open_memstream(&c->text, &c->len);
    if (!c->mem)
        gm_out_of_memory("code generation", 0);
    c->saved = em->out;
    em->out = c->mem;
}

char *cg_capture_end(cg_emit *em, cg_capture *c)
{
    em->out = c->saved;
    fclose(c->mem);
    return c->text;
}

char *cg_fresh(cg_emit *em, const char *what)
{
    return cg_strf("_c_%s%d", what, em->tmp++);
}

bool cg_hook_no_stmt(cg_emit *em, const gm_stmt *s)
{
    (void)em, (void)s;
    return false;
}

bool cg_hook_no_expr(cg_emit *em, const gm_expr *e)
{
    (void)em, (void)e;
    return false;
}

bool cg_hook_no_elem(cg_emit *em, const gm_symbol *prop, const gm_expr *index)
{
    (void)em, (void)prop, (void)index;
    return false;
}

bool cg_hook_no_atomic(cg_emit *em, gm_assign_op op, const char *lv, const char *v, gm_type_kind k)
{
    (void)em, (void)op, (void)lv, (void)v, (void)k;
    return false;
}

bool cg_hook_no_argminmax(cg_emit *em, const gm_stmt *s, const char *key, bool is_min)
{
    (void)em, (void)s, (void)key, (void)is_min;
    return false;
}

void cg_hook_no_main_step(cg_emit *em, const gm_proc *proc, cg_main_step step)
{
    (void)em, (void)proc, (void)step;
}

const char *cg_hook_plain_nbr_ids(cg_emit *em, const gm_symbol *iter, bool reverse)
{
    (void)em, (void)iter;
    return reverse ? "r_node_idx" : "node_idx";
}

const char *cg_hook_host_runtime(cg_emit *em)
{
    (void)em;
    return "gmrt";
}

const char *cg_hook_plain_graph_ctype(cg_emit *em)
{
    (void)em;
    return "gm_graph *";
}

void cg_hook_c_discard_arg(cg_emit *em, const gm_type *t)
{
    cg_printf(em, "&(%s){0}", cg_ctype(t));
}

const char *cg_hook_host_nil_slot(cg_emit *em)
{
    (void)em;
    return NULL;
}

void cg_unsupported(cg_emit *em, gm_loc loc, const char *what)
{
    /* the target's first word: "-t cuda --distributed" is the cuda target */
    const char *t = em->target_name ? em->target_name : "this";
    int len = (int)strcspn(t, " ");
    gm_error(loc, GMD_UNSUPPORTED, "the %.*s target does not support %s yet", len, t, what);
    em->ok = false;
}

const char *cg_name(cg_emit *em, const gm_symbol *sym)
{
    if (sym->id < 0 || sym->id >= em->nsyms)
        return sym->name;
    if (!em->names[sym->id]) {
        em->names[sym->id] = cg_ident_name(sym->name);
        /* Properties have their own namespace in Green-Marl: a property
         * named like a non-property symbol of the procedure gets a suffix. */
        if (sym->is_property) {
            for (int i = 0; i < em->nsyms; i++)
                if (i != sym->id && em->names[i] && strcmp(em->names[i], em->names[sym->id]) == 0) {
                    free(em->names[sym->id]);
                    em->names[sym->id] = cg_strf("%s_p", sym->name);
                    if (cg_ident_reserved(em->names[sym->id])) {
                        free(em->names[sym->id]);
                        em->names[sym->id] = cg_strf("%s_p_", sym->name);
                    }
                    break;
                }
        }
    }
    return em->names[sym->id];
}

void cg_set_name(cg_emit *em, const gm_symbol *sym, const char *name)
{
    if (sym->id < 0 || sym->id >= em->nsyms)
        return;
    free(em->names[sym->id]);
    em->names[sym->id] = name ? cg_strf("%s", name) : NULL;
}

void cg_reset_names(cg_emit *em)
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

void cg_scope_push(cg_emit *em)
{
    cg_scope *s = calloc(1, sizeof *s);
    if (!s)
        gm_out_of_memory("code generation", 0);
    s->outer = em->scope;
    em->scope = s;
}

void cg_scope_add_cleanup(cg_emit *em, char *code)
{
    cg_cleanup *c = malloc(sizeof *c);
    if (!c)
        gm_out_of_memory("code generation", 0);
    c->code = code;
    c->next = em->scope->cleanups;
    em->scope->cleanups = c;
}

static void emit_cleanups(cg_emit *em, const cg_scope *s)
{
    for (const cg_cleanup *c = s->cleanups; c; c = c->next)
        cg_line(em, "%s", c->code);
}

void cg_scope_pop(cg_emit *em, bool emit)
{
    cg_scope *s = em->scope;
    if (emit)
        emit_cleanups(em, s);
    while (s->cleanups) {
        cg_cleanup *c = s->cleanups;
        s->cleanups = c->next;
        free(c->code);
        free(c);
    }
    em->scope = s->outer;
    free(s);
}

void cg_emit_all_cleanups(cg_emit *em)
{
    for (const cg_scope *s = em->scope; s; s = s->outer)
        emit_cleanups(em, s);
}
