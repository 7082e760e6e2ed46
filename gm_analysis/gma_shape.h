/* gma_shape.h: the two small shape tests every loop analysis starts from.
 * Header only; they look at one node and never walk. */
#ifndef GM_GMA_SHAPE_H
#define GM_GMA_SHAPE_H

#include "ast.h"

/* The one statement of a block (s itself when s is no block); NULL when the
 * block holds none or several. */
static inline const gm_stmt *gma_only_stmt(const gm_stmt *s)
{
    if (s && s->kind == GMS_BLOCK)
        return s->body && !s->body->next ? s->body : NULL;
    return s;
}

/* P when e is n.P for the node variable n, else NULL. */
static inline const gm_symbol *gma_prop_of(const gm_expr *e, const gm_symbol *n)
{
    return e && e->kind == GME_PROP && e->a && e->a->kind == GME_ID && e->a->sym == n ? e->sym : NULL;
}

#endif /* GM_GMA_SHAPE_H */
