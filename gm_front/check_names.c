/* check_names.c: symbols, name resolution and implicit graph binding.
 *
 * Declarations become gm_symbols entered in the current scope (shadowing is
 * an error). Types that refer to a graph are bound to it here: to the graph
 * named in "(G)", or to the only Graph visible.
 */
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "oom.h"
#include "types.h"

gm_type *gmc_prim(gm_checker *ck, gm_type_kind kind)
{
    if (!ck->prim[kind])
        ck->prim[kind] = gm_type_new(ck->arena, kind, (gm_loc){0, 0});
    return ck->prim[kind];
}

gm_type *gmc_graph_type(gm_checker *ck, gm_type_kind kind, gm_symbol *graph, gm_loc loc)
{
    gm_type *t = gm_type_new(ck->arena, kind, loc);
    t->graph = graph;
    return t;
}

/* Scalar, Node, Edge and Graph inputs are passed by value: read-only.
 * Properties, collections and maps are passed by reference: writable. */
static bool input_is_readonly(const gm_type *t)
{
    return t && (gmt_is_primitive(t->kind) || t->kind == GMT_NODE || t->kind == GMT_EDGE ||
                 t->kind == GMT_GRAPH || t->kind == GMT_STRING);
}

gm_symbol *gmc_declare(gm_checker *ck, const char *name, gm_loc loc, gm_type *type,
                       gm_sym_kind kind)
{
    gm_symbol *sym = gm_symbol_new(ck->prog, name, loc, type, kind);
    sym->is_property = type && gmt_is_property(type->kind);
    sym->readonly = kind == GMSYM_ITER || (kind == GMSYM_IN_ARG && input_is_readonly(type));
    if (kind == GMSYM_VAR) {
        if (ck->nlocals == ck->cap_locals) {
            ck->cap_locals = ck->cap_locals ? 2 * ck->cap_locals : 32;
            ck->locals = gm_xrealloc(ck->locals, (size_t)ck->cap_locals, sizeof *ck->locals, "local variables");
        }
        ck->locals[ck->nlocals++] = sym;
    }
    gm_symbol *prev = gm_symtab_declare(ck->scope, sym);
    if (prev) {
        const char *what = sym->is_property ? "property" : "name";
        if (prev->loc.line > 0)
            gm_error(loc, GMD_REDEFINED, "%s '%s' is already defined at line %d", what, name,
                     prev->loc.line);
        else
            gm_error(loc, GMD_REDEFINED, "%s '%s' is already defined", what, name);
    }
    return sym;
}

void gmc_mark_used(gm_checker *ck, const gm_symbol *sym)
{
    if (!sym || sym->id < 0)
        return;
    if (sym->id >= ck->cap_used) {
        int cap = ck->cap_used ? ck->cap_used : 64;
        while (cap <= sym->id)
            cap *= 2;
        ck->used = gm_xrealloc(ck->used, (size_t)cap, sizeof *ck->used, "the symbol uses");
        memset(ck->used + ck->cap_used, 0, (size_t)(cap - ck->cap_used) * sizeof *ck->used);
        ck->cap_used = cap;
    }
    ck->used[sym->id] = true;
}

static void foreign_ident(const char *name, size_t len, void *vck)
{
    gm_checker *ck = vck;
    char buf[256];
    if (len >= sizeof buf)
        return;
    memcpy(buf, name, len);
    buf[len] = '\0';
    gm_symbol *var = gm_symtab_lookup(ck->scope, GM_NS_VAR, buf);
    gm_symbol *prop = gm_symtab_lookup(ck->scope, GM_NS_PROP, buf);
    if (var) {
        gmc_mark_used(ck, var);
        var->foreign_use = true;
    }
    if (prop) {
        gmc_mark_used(ck, prop);
        prop->foreign_use = true;
    }
}

void gmc_foreign_text_uses(gm_checker *ck, const gm_foreign_seg *segs)
{
    for (const gm_foreign_seg *f = segs; f; f = f->next)
        if (f->text)
            gm_foreign_idents(f->text, foreign_ident, ck);
}

void gmc_warn_unused(gm_checker *ck)
{
    for (int i = 0; i < ck->nlocals; i++) {
        gm_symbol *sym = ck->locals[i];
        if (sym->id >= ck->cap_used || !ck->used[sym->id])
            gm_warning(sym->loc, GMD_W_UNUSED, "%s '%s' is declared but never used",
                       sym->is_property ? "property" : "variable", sym->name);
    }
    ck->nlocals = 0;
}

gm_symbol *gmc_lookup_prop(gm_checker *ck, const char *name)
{
    gm_symbol *sym = gm_symtab_lookup(ck->scope, GM_NS_PROP, name);
    gmc_mark_used(ck, sym);
    return sym;
}

gm_symbol *gmc_resolve_name(gm_checker *ck, const char *name, gm_loc loc)
{
    gm_symbol *sym = gm_symtab_lookup(ck->scope, GM_NS_VAR, name);
    if (!sym)
        sym = gm_symtab_lookup(ck->scope, GM_NS_PROP, name);
    if (!sym)
        gm_error(loc, GMD_UNDEFINED, "undefined name '%s'", name ? name : "?");
    gmc_mark_used(ck, sym);
    return sym;
}

gm_symbol *gmc_graph_of(const gm_expr *e)
{
    if (!e || !e->type)
        return NULL;
    if (e->type->kind == GMT_GRAPH)
        return e->kind == GME_ID ? e->sym : NULL;
    return e->type->graph;
}

const char *gmc_spell(gm_checker *ck, const gm_type *t)
{
    char buf[256];
    return gm_arena_strdup(ck->arena, gmt_spell(t, buf, sizeof buf));
}

const char *gmc_describe(gm_checker *ck, const gm_expr *e)
{
    if (!e)
        return "this expression";
    if (e->kind == GME_ID)
        return gm_arena_printf(ck->arena, "'%s'", e->name);
    if (e->kind == GME_PROP && e->a && e->a->kind == GME_ID)
        return gm_arena_printf(ck->arena, "'%s.%s'", e->a->name, e->name);
    if (e->kind == GME_PROP)
        return gm_arena_printf(ck->arena, "property '%s'", e->name);
    if (e->kind == GME_INDEX && e->a && e->a->kind == GME_ID)
        return gm_arena_printf(ck->arena, "an element of '%s'", e->a->name);
    return "this expression";
}

/* Binds t (and the element, key and value types it contains) to a graph. */
static void bind_graph(gm_checker *ck, gm_type *t, gm_symbol *outer)
{
    if (!t || !gmt_needs_graph(t))
        return;
    if (t->kind == GMT_MAP && !t->graph_name) {
        /* A map's graph is that of its Node/Edge key or value, which may
         * name it: Map<Node(H), Int>. */
        bind_graph(ck, t->key, outer);
        bind_graph(ck, t->val, outer);
        t->graph = gmt_needs_graph(t->key) ? t->key->graph : t->val->graph;
        return;
    }
    gm_symbol *g = NULL;
    if (t->graph_name) {
        g = gm_symtab_lookup(ck->scope, GM_NS_VAR, t->graph_name);
        gm_loc at = t->graph_loc.line ? t->graph_loc : t->loc;
        if (!g) {
            gm_error(at, GMD_UNDEFINED, "undefined graph '%s'", t->graph_name);
        } else if (!g->type || g->type->kind != GMT_GRAPH) {
            gm_error(at, GMD_TYPE, "'%s' is not a graph (it is %s)", t->graph_name,
                     gmc_spell(ck, g->type));
            g = NULL;
        }
    } else if (outer) {
        g = outer;
    } else {
        char buf[128];
        int n = gm_symtab_count_graphs(ck->scope, &g);
        if (n == 0)
            gm_error(t->loc, GMD_AMBIGUOUS_GRAPH, "no graph is visible to bind %s to",
                     gmt_spell(t, buf, sizeof buf));
        else if (n > 1)
            gm_error(t->loc, GMD_AMBIGUOUS_GRAPH,
                     "%s must name its graph, as in %s(G): %d graphs are visible",
                     gmt_spell(t, buf, sizeof buf), gm_type_kind_name(t->kind), n);
    }
    t->graph = g;
    /* Inner types without their own "(G)" belong to the same graph. */
    bind_graph(ck, t->elem, g);
    bind_graph(ck, t->key, g);
    bind_graph(ck, t->val, g);
}

void gmc_check_decl_type(gm_checker *ck, gm_type *t)
{
    if (!t)
        return;
    char buf[256];
    switch (t->kind) {
    case GMT_NODE_PROP:
    case GMT_EDGE_PROP:
        if (!gmt_is_property_value(t->elem)) {
            gm_error(t->loc, GMD_TYPE, "%s is not a valid property type: values must be "
                     "primitives, Node, Edge or a node collection", gmt_spell(t, buf, sizeof buf));
            t->elem = gmc_prim(ck, GMT_ERROR);
        }
        break;
    case GMT_COLLECTION:
        if (!t->elem || !gmt_is_node_collection(t->elem->kind)) {
            gm_error(t->loc, GMD_TYPE, "%s is not valid: a Collection holds N_S, N_O or N_Q",
                     gmt_spell(t, buf, sizeof buf));
            t->elem = gmc_prim(ck, GMT_ERROR);
        }
        break;
    case GMT_MAP:
        if (!t->key || !t->val || !gmt_is_map_component(t->key->kind) ||
            !gmt_is_map_component(t->val->kind)) {
            gm_error(t->loc, GMD_TYPE, "%s is not valid: Map keys and values are primitives, "
                     "Node or Edge", gmt_spell(t, buf, sizeof buf));
            if (!t->key || !gmt_is_map_component(t->key->kind))
                t->key = gmc_prim(ck, GMT_ERROR);
            if (!t->val || !gmt_is_map_component(t->val->kind))
                t->val = gmc_prim(ck, GMT_ERROR);
        }
        break;
    default:
        break;
    }
    bind_graph(ck, t, NULL);
}
