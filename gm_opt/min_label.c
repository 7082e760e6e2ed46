/* min_label.c: a minimum-label propagation loop is marked with the value it
 * reaches, so that a backend may compute that value directly (union-find)
 * instead of running one round per hop.
 *
 * Contract: the loop
 *     While (c) {                        (or Do { ... } While (c))
 *         c = False;
 *         Foreach (n: G.Nodes) {         (no filter)
 *             T best = n.P;
 *             Foreach (t: n.Nbrs)   { best min= t.P; }     (either order; For too)
 *             Foreach (t: n.InNbrs) { best min= t.P; }
 *             If (best < n.P) {          (or n.P > best)
 *                 n.P <= best;           (or n.P = best)
 *                 c |= True;             (or c = True; either order)
 *             }
 *         }
 *     }
 * with P a Node, Int or Long node property, c a Bool scalar, gets
 * loop->min_label = P. Nothing else changes: later passes still lower the
 * body, and a backend that ignores the mark runs it as written.
 * Why the mark is the loop's whole effect: every value P takes is one of
 * the values P had before the loop, carried along an edge; the loop stops
 * exactly when no node has a smaller label on a neighbour in either
 * direction, i.e. P is constant on every weakly connected component. The
 * smallest starting label m of a component never grows and is never
 * undercut, so the loop ends with P[v] = the minimum of the starting P over
 * v's weakly connected component, and c = False. Which rounds or how many
 * ran is not observable: c is the only scalar written, best is the body's
 * own. That value is what gmrt_min_label_components / the CUDA runtime's
 * gmcu_min_label_components compute.
 */
#include "opt.h"
#include "passes.h"
#include "walk.h"

#include <stddef.h>

static bool is_id(const gm_expr *e, const gm_symbol *sym)
{
    return e && e->kind == GME_ID && e->sym == sym;
}

static bool is_prop_of(const gm_expr *e, const gm_symbol *prop, const gm_symbol *node)
{
    return e && e->kind == GME_PROP && e->sym == prop && is_id(e->a, node);
}

/* The statements of a body with nested blocks flattened, at most max. */
static int flatten(const gm_stmt *list, const gm_stmt **out, int n, int max)
{
    for (const gm_stmt *s = list; s; s = s->next) {
        if (s->kind == GMS_EMPTY)
            continue;
        if (s->kind == GMS_BLOCK) {
            n = flatten(s->body, out, n, max);
        } else {
            if (n == max)
                return max + 1;
            out[n++] = s;
        }
        if (n > max)
            return n;
    }
    return n;
}

/* `Foreach (t: n.Nbrs) { best min= t.P; }`: 1 for Nbrs, 2 for InNbrs, 0 if not that. */
static int nbr_min_loop(const gm_stmt *s, const gm_symbol *n, const gm_symbol *best, const gm_symbol *P)
{
    if (s->kind != GMS_FOREACH || s->iter.filter || !is_id(s->iter.source, n) || !s->iter.sym)
        return 0;
    int dir = s->iter.range == GMR_NBRS ? 1 : s->iter.range == GMR_IN_NBRS ? 2 : 0;
    const gm_stmt *b[2];
    if (!dir || flatten(s->body, b, 0, 1) != 1)
        return 0;
    const gm_stmt *a = b[0];
    return a->kind == GMS_ASSIGN && a->assign_op == GMA_MIN && is_id(a->lhs, best) &&
                   is_prop_of(a->rhs, P, s->iter.sym)
               ? dir
               : 0;
}

static bool is_true(const gm_expr *e) { return e && e->kind == GME_BOOL && e->bool_val; }

/* `If (best < n.P) { n.P <= best; c |= True; }` in any of its spellings. */
static bool lower_and_flag(const gm_stmt *s, const gm_symbol *n, const gm_symbol *best, const gm_symbol *P,
                           const gm_symbol *c)
{
    if (s->kind != GMS_IF || s->else_stmt || !s->cond || s->cond->kind != GME_BINARY)
        return false;
    const gm_expr *k = s->cond;
    if (!((k->op == GMOP_LT && is_id(k->a, best) && is_prop_of(k->b, P, n)) ||
          (k->op == GMOP_GT && is_prop_of(k->a, P, n) && is_id(k->b, best))))
        return false;
    const gm_stmt *t[3];
    if (flatten(s->then_stmt, t, 0, 2) != 2)
        return false;
    bool set = false, flag = false;
    for (int i = 0; i < 2; i++) {
        const gm_stmt *a = t[i];
        if (a->kind != GMS_ASSIGN)
            return false;
        if ((a->assign_op == GMA_DEFER || a->assign_op == GMA_ASSIGN) && is_prop_of(a->lhs, P, n) &&
            is_id(a->rhs, best))
            set = true;
        else if ((a->assign_op == GMA_OR || a->assign_op == GMA_ASSIGN) && is_id(a->lhs, c) && is_true(a->rhs))
            flag = true;
        else
            return false;
    }
    return set && flag;
}

/* The node loop of the contract; its property P. */
static gm_symbol *node_loop(const gm_stmt *s, const gm_symbol *c)
{
    if (s->kind != GMS_FOREACH || s->iter.filter || s->iter.range != GMR_NODES || !s->iter.sym ||
        !s->iter.source || s->iter.source->kind != GME_ID)
        return NULL;
    const gm_symbol *n = s->iter.sym;
    const gm_stmt *b[5];
    int nb = flatten(s->body, b, 0, 4);
    if (nb != 4 || b[0]->kind != GMS_DECL || !b[0]->names || b[0]->names->next || !b[0]->init ||
        b[0]->init->kind != GME_PROP || !is_id(b[0]->init->a, n))
        return NULL;
    gm_symbol *P = b[0]->init->sym;
    const gm_symbol *best = b[0]->names->sym;
    if (!P || !best || !P->type || P->type->kind != GMT_NODE_PROP || !P->type->elem || !best->type ||
        best->type->kind != P->type->elem->kind)
        return NULL;
    gm_type_kind k = P->type->elem->kind;
    if (k != GMT_NODE && k != GMT_INT && k != GMT_LONG)
        return NULL;
    int dirs = nbr_min_loop(b[1], n, best, P) | nbr_min_loop(b[2], n, best, P);
    return dirs == 3 && lower_and_flag(b[3], n, best, P, c) ? P : NULL;
}

static void try_loop(gm_stmt *loop)
{
    if (!loop->cond || loop->cond->kind != GME_ID || !loop->cond->sym || !loop->cond->sym->type ||
        loop->cond->sym->type->kind != GMT_BOOL)
        return;
    const gm_symbol *c = loop->cond->sym;
    const gm_stmt *b[3];
    if (flatten(loop->body, b, 0, 2) != 2)
        return;
    const gm_stmt *reset = b[0];
    if (reset->kind != GMS_ASSIGN || reset->assign_op != GMA_ASSIGN || !is_id(reset->lhs, c) || !reset->rhs ||
        reset->rhs->kind != GME_BOOL || reset->rhs->bool_val)
        return;
    loop->min_label = node_loop(b[1], c);
}

static void visit(gm_stmt *s, void *ctx)
{
    (void)ctx;
    if (s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE)
        try_loop(s);
}

void gmo_min_label(gm_program *p)
{
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gmo_walk_stmts(proc->body->body, visit, NULL);
}
