/* symtab.c: a stack of lexical scopes over three namespaces.
 *
 * Symbols are kept in one growing array in declaration order; each scope
 * remembers where it starts. Lookups scan from the newest entry backwards,
 * which is the innermost-first order lexical scoping needs. Procedures are
 * few and bodies small, so a linear scan is simpler than hashing and fast
 * enough.
 */
#include "symtab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oom.h"

struct gm_symtab {
    gm_symbol **syms;
    int nsyms, cap_syms;
    int *scope_start; /* index into syms where each open scope begins */
    int depth, cap_scopes;
};

/* Allocation failure in the compiler is not recoverable. */
static void *xrealloc(void *p, size_t size)
{
    return gm_xrealloc(p, size, 1, "the symbol table");
}

gm_symtab *gm_symtab_new(void)
{
    gm_symtab *st = xrealloc(NULL, sizeof *st);
    memset(st, 0, sizeof *st);
    gm_symtab_push(st);
    return st;
}

void gm_symtab_free(gm_symtab *st)
{
    if (!st)
        return;
    free(st->syms);
    free(st->scope_start);
    free(st);
}

gm_namespace gm_symtab_namespace_of(const gm_symbol *sym)
{
    if (sym->kind == GMSYM_PROC)
        return GM_NS_PROC;
    return sym->is_property ? GM_NS_PROP : GM_NS_VAR;
}

void gm_symtab_push(gm_symtab *st)
{
    if (st->depth == st->cap_scopes) {
        st->cap_scopes = st->cap_scopes ? 2 * st->cap_scopes : 16;
        st->scope_start = xrealloc(st->scope_start, (size_t)st->cap_scopes * sizeof(int));
    }
    st->scope_start[st->depth++] = st->nsyms;
}

void gm_symtab_pop(gm_symtab *st)
{
    if (st->depth <= 1)
        return;
    st->nsyms = st->scope_start[--st->depth];
}

int gm_symtab_depth(const gm_symtab *st) { return st->depth; }

static void append(gm_symtab *st, gm_symbol *sym)
{
    if (st->nsyms == st->cap_syms) {
        st->cap_syms = st->cap_syms ? 2 * st->cap_syms : 64;
        st->syms = xrealloc(st->syms, (size_t)st->cap_syms * sizeof *st->syms);
    }
    st->syms[st->nsyms++] = sym;
}

gm_symbol *gm_symtab_declare(gm_symtab *st, gm_symbol *sym)
{
    gm_symbol *prev = gm_symtab_lookup(st, gm_symtab_namespace_of(sym), sym->name);
    if (prev)
        return prev;
    append(st, sym);
    return NULL;
}

gm_symbol *gm_symtab_lookup(const gm_symtab *st, gm_namespace ns, const char *name)
{
    if (!name)
        return NULL;
    for (int i = st->nsyms - 1; i >= 0; i--) {
        gm_symbol *s = st->syms[i];
        if (gm_symtab_namespace_of(s) == ns && strcmp(s->name, name) == 0)
            return s;
    }
    return NULL;
}

bool gm_symtab_in_current_scope(const gm_symtab *st, const gm_symbol *sym)
{
    for (int i = st->scope_start[st->depth - 1]; i < st->nsyms; i++)
        if (st->syms[i] == sym)
            return true;
    return false;
}

int gm_symtab_count_graphs(const gm_symtab *st, gm_symbol **only)
{
    int n = 0;
    gm_symbol *last = NULL;
    for (int i = 0; i < st->nsyms; i++) {
        gm_symbol *s = st->syms[i];
        if (s->kind != GMSYM_PROC && !s->is_property && s->type && s->type->kind == GMT_GRAPH) {
            n++;
            last = s;
        }
    }
    if (only)
        *only = n == 1 ? last : NULL;
    return n;
}
