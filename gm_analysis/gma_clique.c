/* gma_clique.c: the clique-counting nest of gma_clique.h (why the shape
 * makes the count independent of node ids: there). */
#include "gma_clique.h"

#include <string.h>

#include "builtins.h"
#include "gma_shape.h"
#include "types.h"

/* What the conditions met so far say about the iterators. */
typedef struct nest {
    gma_clique *c;
    bool less[GMA_CLIQUE_MAX][GMA_CLIQUE_MAX]; /* x_i < x_j in every passing tuple */
    bool adj[GMA_CLIQUE_MAX][GMA_CLIQUE_MAX];  /* x_i and x_j adjacent */
    int row_of[GMA_CLIQUE_MAX];                /* x_j walks the row of x_row_of[j] (j > 0) */
} nest;

/* i when e names the i-th iterator of the nest, else -1. */
static int iter_index(const gma_clique *c, const gm_expr *e)
{
    if (!e || e->kind != GME_ID)
        return -1;
    for (int i = 0; i < c->k; i++)
        if (c->iter[i] && c->iter[i] == e->sym)
            return i;
    return -1;
}

/* Records the atoms of the conjunction e; false when e is anything else. */
static bool add_atoms(nest *n, const gm_expr *e)
{
    if (!e)
        return false;
    if (e->kind == GME_BINARY && e->op == GMOP_AND)
        return add_atoms(n, e->a) && add_atoms(n, e->b);
    if (e->kind == GME_BINARY && (e->op == GMOP_LT || e->op == GMOP_GT)) {
        int i = iter_index(n->c, e->a), j = iter_index(n->c, e->b);
        if (i < 0 || j < 0 || i == j)
            return false;
        if (e->op == GMOP_LT)
            n->less[i][j] = true;
        else
            n->less[j][i] = true;
        return true;
    }
    if (e->kind == GME_CALL && e->builtin == GMB_NODE_HAS_EDGE_TO && e->args && !e->args->next) {
        int i = iter_index(n->c, e->a), j = iter_index(n->c, e->args);
        if (i < 0 || j < 0 || i == j)
            return false;
        n->adj[i][j] = n->adj[j][i] = true;
        return true;
    }
    return false;
}

/* T += K with T an integer scalar outside the nest and K a literal, or
 * T += x._CountNbrs...(y, z) (gm_opt/count_linked.c: the innermost loop
 * `Foreach (w: x.Nbrs)(w > y) If (w.HasEdgeTo(z)) T += 1` folded into one
 * call), which counts one more iterator w: adjacent to x and to z (either
 * direction: the same on the graphs the rewrite runs on), ordered by the
 * comparison with y. */
static bool add_count(nest *n, const gm_stmt *s)
{
    gma_clique *c = n->c;
    if (s->kind != GMS_ASSIGN || s->assign_op != GMA_PLUS || !s->lhs || s->lhs->kind != GME_ID ||
        s->lhs->next || !s->rhs || s->rhs->next)
        return false;
    const gm_symbol *t = s->lhs->sym;
    if (!t || t->is_property || t->kind == GMSYM_ITER || !t->type || !gmt_is_integer(t->type->kind) ||
        iter_index(c, s->lhs) >= 0)
        return false;
    const gm_expr *e = s->rhs;
    if (e->kind == GME_INT)
        return true;
    if (e->kind != GME_CALL || e->builtin != GMB_NODE_COUNT_LINKED || (e->op != GMOP_GT && e->op != GMOP_LT) ||
        c->k == GMA_CLIQUE_MAX)
        return false;
    const gm_expr *y = e->args, *z = y ? y->next : NULL;
    int x_i = iter_index(c, e->a), y_i = iter_index(c, y), z_i = iter_index(c, z);
    if (x_i < 0 || y_i < 0 || z_i < 0 || z->next)
        return false;
    int w = c->k++; /* the counted neighbour */
    c->iter[w] = NULL;
    n->row_of[w] = x_i;
    n->adj[x_i][w] = n->adj[w][x_i] = true;
    n->adj[z_i][w] = n->adj[w][z_i] = true;
    if (e->op == GMOP_GT)
        n->less[y_i][w] = true;
    else
        n->less[w][y_i] = true;
    return true;
}

/* The comparisons order every pair of iterators, without a cycle. */
static bool total_order(nest *n)
{
    int k = n->c->k;
    for (int m = 0; m < k; m++) /* transitive closure */
        for (int i = 0; i < k; i++)
            for (int j = 0; j < k; j++)
                if (n->less[i][m] && n->less[m][j])
                    n->less[i][j] = true;
    for (int i = 0; i < k; i++) {
        if (n->less[i][i])
            return false;
        for (int j = i + 1; j < k; j++)
            if (!n->less[i][j] && !n->less[j][i])
                return false;
    }
    return true;
}

bool gma_clique_shape(const gm_stmt *s, gma_clique *c)
{
    memset(c, 0, sizeof *c);
    if (!s || s->kind != GMS_FOREACH || s->iter.range != GMR_NODES || s->iter.filter || !s->iter.sym ||
        !s->iter.source || s->iter.source->kind != GME_ID || !s->iter.source->sym ||
        !s->iter.source->sym->type || s->iter.source->sym->type->kind != GMT_GRAPH)
        return false;
    nest n;
    memset(&n, 0, sizeof n);
    n.c = c;
    c->graph = s->iter.source->sym;
    c->loop[0] = s;
    c->iter[0] = s->iter.sym;
    c->k = 1;
    c->loops = 1;
    const gm_stmt *cur = gma_only_stmt(s->body);
    while (cur && !c->add) {
        switch (cur->kind) {
        case GMS_IF:
            if (cur->else_stmt || !add_atoms(&n, cur->cond))
                return false;
            cur = gma_only_stmt(cur->then_stmt);
            break;
        case GMS_FOREACH: {
            int from = iter_index(c, cur->iter.source);
            if (cur->iter.range != GMR_NBRS || from < 0 || cur->iter.range_arg || !cur->iter.sym ||
                c->k == GMA_CLIQUE_MAX)
                return false;
            c->loop[c->k] = cur;
            c->loops++;
            c->iter[c->k] = cur->iter.sym;
            n.row_of[c->k] = from;
            n.adj[from][c->k] = n.adj[c->k][from] = true;
            c->k++;
            if (cur->iter.filter && !add_atoms(&n, cur->iter.filter))
                return false;
            cur = gma_only_stmt(cur->body);
            break;
        }
        case GMS_ASSIGN:
            if (!add_count(&n, cur))
                return false;
            c->add = cur;
            c->count = cur->lhs->sym;
            break;
        default:
            return false;
        }
    }
    if (!c->add || c->k < 2 || !total_order(&n))
        return false;
    for (int i = 0; i < c->k; i++)
        for (int j = i + 1; j < c->k; j++)
            if (!n.adj[i][j])
                return false;
    c->ascending = true;
    for (int j = 1; j < c->k; j++)
        c->ascending = c->ascending && n.less[n.row_of[j]][j];
    return true;
}
