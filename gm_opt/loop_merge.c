/* loop_merge.c: joining two adjacent parallel loops (see loop_merge.h). */
#include <stdlib.h>

#include "loop_merge.h"
#include "walk.h"
#include "oom.h"

typedef struct access_list {
    gmo_access *items;
    int n, cap;
    bool opaque;
} access_list;

static void collect(const gmo_access *acc, void *ctx)
{
    access_list *l = ctx;
    if (acc->kind == GMO_OPAQUE) {
        l->opaque = true;
        return;
    }
    if (!acc->sym)
        return;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 32;
        gmo_access *grown = realloc(l->items, (size_t)l->cap * sizeof *grown);
        if (!grown)
            gm_out_of_memory("the optimizer", 0);
        l->items = grown;
    }
    l->items[l->n++] = *acc;
}

static bool same_range(const gm_stmt *a, const gm_stmt *b)
{
    if (a->kind != GMS_FOREACH || b->kind != GMS_FOREACH || !a->parallel || !b->parallel)
        return false;
    if (!a->iter.sym || !b->iter.sym || a->iter.range != b->iter.range)
        return false;
    if (a->iter.range != GMR_NODES && a->iter.range != GMR_EDGES && a->iter.range != GMR_ITEMS)
        return false;
    if (a->iter.range_arg || b->iter.range_arg || a->iter.filter || b->iter.filter ||
        a->iter.reverse || b->iter.reverse)
        return false;
    const gm_expr *sa = a->iter.source, *sb = b->iter.source;
    return sa && sb && sa->kind == GME_ID && sb->kind == GME_ID && sa->sym && sa->sym == sb->sym;
}

/* Whether one access of a's body and one of b's body on the same symbol
 * can be reordered as fusion requires. */
static bool compatible(const gmo_access *x, const gm_symbol *ix, const gmo_access *y,
                       const gm_symbol *iy)
{
    if (x->kind == GMO_READ && y->kind == GMO_READ)
        return true;
    bool plain_x = x->kind == GMO_READ || x->kind == GMO_WRITE;
    bool plain_y = y->kind == GMO_READ || y->kind == GMO_WRITE;
    return x->sym->is_property && plain_x && plain_y && gmo_is_linear(x->base, ix) &&
           gmo_is_linear(y->base, iy);
}

bool gmo_can_merge_loops(gm_stmt *a, gm_stmt *b)
{
    if (!same_range(a, b))
        return false;
    access_list la = {0}, lb = {0};
    gmo_walk_accesses(a->body, collect, &la);
    gmo_walk_accesses(b->body, collect, &lb);
    bool ok = !la.opaque && !lb.opaque;
    gm_symbol *source = a->iter.source->sym;
    for (int i = 0; ok && i < la.n; i++) {
        if (la.items[i].sym == source && la.items[i].kind != GMO_READ)
            ok = false; /* the collection iterated changes */
        for (int j = 0; ok && j < lb.n; j++)
            if (la.items[i].sym == lb.items[j].sym &&
                !compatible(&la.items[i], a->iter.sym, &lb.items[j], b->iter.sym))
                ok = false;
    }
    for (int j = 0; ok && j < lb.n; j++)
        if (lb.items[j].sym == source && lb.items[j].kind != GMO_READ)
            ok = false;
    free(la.items);
    free(lb.items);
    return ok;
}

static bool declares_names(const gm_stmt *list)
{
    for (; list; list = list->next)
        if (list->kind == GMS_DECL)
            return true;
    return false;
}

static gm_stmt *scoped_part(gm_program *p, gm_stmt *list, bool scoped, gm_loc loc)
{
    if (!scoped || !declares_names(list))
        return list;
    return gmo_block(p, list, loc);
}

void gmo_merge_loops(gm_program *p, gm_stmt *a, gm_stmt *b, bool scoped)
{
    gm_symbol *ia = a->iter.sym, *ib = b->iter.sym;
    if (ia->name[0] == '_' && ib->name[0] != '_') {
        /* keep the name the programmer wrote, not a pass's temporary */
        gmo_subst_sym(a->body, ia, ib);
        a->iter.sym = ib;
        a->iter.name = ib->name;
        ib->iter_stmt = a;
    } else {
        gmo_subst_sym(b, ib, ia);
    }
    gm_stmt *first = scoped_part(p, a->body->body, scoped, a->loc);
    gm_stmt *second = scoped_part(p, b->body->body, scoped, b->loc);
    a->body->body = gm_stmt_list_append(first, second);
    a->next = b->next;
}
