/* prop_defined.c: definite assignment of a local property (prop_defined.h).
 * A forward walk over the declaration's successors with one state, "every
 * element written" or not; a read while not is the answer "may read unset". */
#include "prop_defined.h"

#include "ast_walk.h"

typedef enum defined_state {
    DEF_UNSET, /* some element may be unwritten; nothing has read one */
    DEF_SET,   /* every element written on every path here */
    DEF_READ_UNSET,
} defined_state;

/* Mentions of prop under a statement, and how many of them are plain stores
 * (x.prop = e) or reads through one iterator (it.prop, when it is given). */
typedef struct mention_ctx {
    const gm_symbol *prop, *it;
    int mentions, stores, through_it;
    int through_down; /* w.prop, w iterating it.DownNbrs */
} mention_ctx;

static bool count_expr(const gm_expr *e, void *vctx)
{
    mention_ctx *c = vctx;
    if ((e->kind == GME_ID || e->kind == GME_PROP || (e->kind == GME_CALL && e->builtin < 0)) && e->sym == c->prop) {
        c->mentions++;
        const gm_symbol *base = e->kind == GME_PROP && e->a && e->a->kind == GME_ID ? e->a->sym : NULL;
        if (base && c->it && base == c->it)
            c->through_it++;
        if (base && c->it && base->kind == GMSYM_ITER && base->iter_range == GMR_DOWN_NBRS && base->iter_source == c->it)
            c->through_down++;
    }
    return true;
}

static bool count_stmt(const gm_stmt *s, void *vctx)
{
    mention_ctx *c = vctx;
    if (s->kind == GMS_SWAP && ((s->lhs && s->lhs->sym == c->prop) || (s->rhs && s->rhs->sym == c->prop)))
        c->mentions++;
    if (s->kind == GMS_ASSIGN && s->assign_op == GMA_ASSIGN && s->lhs && s->lhs->kind == GME_PROP &&
        s->lhs->sym == c->prop)
        c->stores++;
    return true;
}

static mention_ctx mentions_in(const gm_stmt *s, bool list, const gm_symbol *prop, const gm_symbol *it)
{
    mention_ctx c = {prop, it, 0, 0, 0, 0};
    gm_walk(s, list, count_stmt, count_expr, &c);
    return c;
}

static mention_ctx mentions_in_expr(const gm_expr *e, const gm_symbol *prop, const gm_symbol *it)
{
    mention_ctx c = {prop, it, 0, 0, 0, 0};
    if (e)
        gm_walk_expr(e, true, count_expr, &c);
    return c;
}

static bool mentioned_in_expr(const gm_expr *e, const gm_symbol *prop)
{
    return mentions_in_expr(e, prop, NULL).mentions > 0;
}

/* Whether s reads prop: a mention that is not the target of a plain store
 * (a reduction, min=, a swap, a call's argument, foreign code all count;
 * a property foreign code names never gets here: after_stmt). */
static bool reads(const gm_stmt *s, const gm_symbol *prop)
{
    mention_ctx c = mentions_in(s, false, prop, NULL);
    return c.mentions > c.stores;
}

/* Whether e is "it != root" or "root != it", root the traversal's From
 * (a variable the traversal does not assign: root_fixed). */
static bool skips_only_root(const gm_expr *e, const gm_symbol *it, const gm_expr *root)
{
    if (!e || e->kind != GME_BINARY || e->op != GMOP_NE || !root || root->kind != GME_ID || !e->a || !e->b ||
        e->a->kind != GME_ID || e->b->kind != GME_ID)
        return false;
    return (e->a->sym == it && e->b->sym == root->sym) || (e->b->sym == it && e->a->sym == root->sym);
}

static bool assigns_stmt(const gm_stmt *s, void *vctx)
{
    const gm_symbol *sym = vctx;
    if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX)
        for (const gm_expr *l = s->lhs; l; l = s->kind == GMS_ARGMINMAX ? l->next : NULL)
            if (l->kind == GME_ID && l->sym == sym)
                return false; /* found: stop */
    return s->kind != GMS_FOREIGN; /* foreign code may assign anything */
}

static bool assigns_expr(const gm_expr *e, void *vctx)
{
    if (e->kind == GME_CALL && e->builtin < 0)
        for (const gm_expr *o = e->out_args; o; o = o->next)
            if (o->kind == GME_ID && o->sym == vctx)
                return false;
    return true;
}

/* Whether the traversal's From variable keeps its value through both bodies
 * (an "If (v != root)" filter reads it when the reverse body runs: assigned
 * on the way, it would skip another node than the root). */
static bool root_fixed(const gm_stmt *s)
{
    const gm_symbol *r = s->root && s->root->kind == GME_ID ? s->root->sym : NULL;
    if (!r || r->foreign_use)
        return false;
    return gm_walk(s->body, false, assigns_stmt, assigns_expr, (void *)r) &&
           gm_walk(s->rev_body, false, assigns_stmt, assigns_expr, (void *)r);
}

/* The statements of a loop body from b on (nested blocks entered, as they
 * run unconditionally, and both branches of an If whose condition does not
 * mention prop): FOUND when they store it.prop before any other
 * mention of prop, outside its value, and mention it after that only as
 * it.prop (up to the end of the enclosing lists too); NONE when they do not
 * mention prop; BAD otherwise. A BFS's reverse body (root: the traversal's
 * From, root_fixed) may also read w.prop for w in it.DownNbrs anywhere,
 * value included (deeper levels ran first, and none of them is the root),
 * and its store may sit under "If (it != root)" (the lowered InReverse
 * filter): FOUND_BUT_ROOT, and nothing after that If, in its list or in
 * the lists around it, may mention prop (the root's element is unwritten). */
typedef enum body_scan {
    SCAN_NONE,
    SCAN_FOUND,
    SCAN_FOUND_BUT_ROOT, /* found under "If (it != root)": the root's element stays unwritten */
    SCAN_BAD,
} body_scan;

static bool only_through_it(const gm_stmt *s, const gm_symbol *prop, const gm_symbol *it, bool down)
{
    mention_ctx c = mentions_in(s, true, prop, it);
    return c.mentions == c.through_it + (down ? c.through_down : 0);
}

static body_scan scan_body(const gm_stmt *b, const gm_symbol *prop, const gm_symbol *it, const gm_expr *root)
{
    const bool down = root != NULL;
    for (; b; b = b->next) {
        const bool store = b->kind == GMS_ASSIGN && b->assign_op == GMA_ASSIGN && b->lhs &&
                           b->lhs->kind == GME_PROP && b->lhs->sym == prop && b->lhs->a &&
                           b->lhs->a->kind == GME_ID && b->lhs->a->sym == it;
        if (store) {
            const mention_ctx value = mentions_in_expr(b->rhs, prop, it);
            const bool value_ok = value.mentions == (down ? value.through_down : 0);
            return value_ok && only_through_it(b->next, prop, it, down) ? SCAN_FOUND : SCAN_BAD;
        }
        const bool guard = down && b->kind == GMS_IF && !b->else_stmt && skips_only_root(b->cond, it, root);
        if (b->kind == GMS_BLOCK || guard) {
            body_scan inner = scan_body(b->kind == GMS_BLOCK ? b->body : b->then_stmt, prop, it, root);
            if (inner == SCAN_FOUND && guard)
                inner = SCAN_FOUND_BUT_ROOT;
            if (inner == SCAN_FOUND)
                return only_through_it(b->next, prop, it, down) ? SCAN_FOUND : SCAN_BAD;
            if (inner == SCAN_FOUND_BUT_ROOT) /* after it, no mention at all (the root reads too) */
                return mentions_in(b->next, true, prop, NULL).mentions == 0 ? SCAN_FOUND_BUT_ROOT : SCAN_BAD;
            if (inner == SCAN_BAD)
                return SCAN_BAD;
            continue;
        }
        if (b->kind == GMS_IF && b->else_stmt && !mentioned_in_expr(b->cond, prop)) {
            /* stored on both branches: as if stored unconditionally */
            const body_scan t = scan_body(b->then_stmt, prop, it, root), e = scan_body(b->else_stmt, prop, it, root);
            if (t == SCAN_FOUND && e == SCAN_FOUND)
                return only_through_it(b->next, prop, it, down) ? SCAN_FOUND : SCAN_BAD;
            if (t == SCAN_NONE && e == SCAN_NONE)
                continue;
            return SCAN_BAD;
        }
        const mention_ctx c = mentions_in(b, false, prop, it);
        if (c.mentions > (down ? c.through_down : 0))
            return SCAN_BAD;
    }
    return SCAN_NONE;
}

/* A loop over every node (a node property) or every edge (an edge property)
 * of the property's graph, without a filter, whose body stores it.prop
 * unconditionally (scan_body): every element is written, and the loop reads
 * only elements its own iteration wrote. */
static bool writes_every_element(const gm_stmt *s, const gm_symbol *prop)
{
    const gm_type *pt = prop->type;
    const gm_range_kind whole = pt->kind == GMT_EDGE_PROP ? GMR_EDGES : GMR_NODES;
    const gm_expr *src = s->iter.source;
    if (s->kind != GMS_FOREACH || s->iter.filter || s->iter.range != whole || !src || src->kind != GME_ID ||
        !src->sym || !src->sym->type || src->sym->type->kind != GMT_GRAPH || (pt->graph && src->sym != pt->graph))
        return false;
    return scan_body(s->body, prop, s->iter.sym, NULL) == SCAN_FOUND;
}

static defined_state after_stmt(const gm_stmt *s, const gm_symbol *prop, defined_state st);

static defined_state after_list(const gm_stmt *s, const gm_symbol *prop, defined_state st)
{
    for (; s && st == DEF_UNSET; s = s->next)
        st = after_stmt(s, prop, st);
    return st;
}

/* A statement that runs once or not at all from st (DEF_UNSET): its
 * result, DEF_UNSET unless its reads saw an unset element. */
static defined_state maybe_run(const gm_stmt *s, const gm_symbol *prop)
{
    return after_stmt(s, prop, DEF_UNSET) == DEF_READ_UNSET ? DEF_READ_UNSET : DEF_UNSET;
}

/* InBFS / InDFS: each body may run any number of times (zero included), so
 * once from unset, as a loop's; a BFS's reverse body that stores it.prop
 * first and reads only its own and its DownNbrs' (scan_body's down: every
 * visited node but the root has its store) reads nothing unset. Every
 * element is written only by levels_in. */
static defined_state after_traversal(const gm_stmt *s, const gm_symbol *prop)
{
    if (mentioned_in_expr(s->root, prop) || mentioned_in_expr(s->navigator, prop) ||
        mentioned_in_expr(s->iter.filter, prop) || mentioned_in_expr(s->rev_filter, prop))
        return DEF_READ_UNSET;
    if (maybe_run(s->body, prop) == DEF_READ_UNSET)
        return DEF_READ_UNSET;
    const gm_symbol *it = s->iter.sym;
    if (s->kind == GMS_BFS && s->rev_body && root_fixed(s) &&
        (!s->rev_filter || skips_only_root(s->rev_filter, it, s->root)) &&
        mentions_in(s->body, true, prop, NULL).mentions == 0) {
        const body_scan r = scan_body(s->rev_body, prop, it, s->root);
        if (r == SCAN_FOUND || r == SCAN_FOUND_BUT_ROOT)
            return DEF_UNSET;
        if (r == SCAN_BAD)
            return DEF_READ_UNSET;
    }
    return maybe_run(s->rev_body, prop);
}

static defined_state after_stmt(const gm_stmt *s, const gm_symbol *prop, defined_state st)
{
    if (st != DEF_UNSET || !s || mentions_in(s, false, prop, NULL).mentions == 0)
        return st;
    if (prop->foreign_use) /* foreign code names it: whatever it does is unknown */
        return DEF_READ_UNSET;
    switch (s->kind) {
    case GMS_BLOCK:
        return after_list(s->body, prop, st);
    case GMS_IF: {
        if (mentioned_in_expr(s->cond, prop))
            return DEF_READ_UNSET;
        const defined_state a = after_stmt(s->then_stmt, prop, st), b = after_stmt(s->else_stmt, prop, st);
        if (a == DEF_READ_UNSET || b == DEF_READ_UNSET)
            return DEF_READ_UNSET;
        return a == DEF_SET && b == DEF_SET ? DEF_SET : DEF_UNSET;
    }
    case GMS_WHILE:
        /* the body's later rounds start at least as written as its first */
        return mentioned_in_expr(s->cond, prop) ? DEF_READ_UNSET : maybe_run(s->body, prop);
    case GMS_DO_WHILE: {
        const defined_state b = after_stmt(s->body, prop, st);
        if (b == DEF_UNSET && mentioned_in_expr(s->cond, prop))
            return DEF_READ_UNSET;
        return b;
    }
    case GMS_FOREACH:
        if (writes_every_element(s, prop))
            return DEF_SET;
        if (mentioned_in_expr(s->iter.source, prop) || mentioned_in_expr(s->iter.range_arg, prop) ||
            mentioned_in_expr(s->iter.filter, prop))
            return DEF_READ_UNSET;
        /* a loop that may run zero times; its body, once, from unset */
        return maybe_run(s->body, prop);
    case GMS_BFS:
    case GMS_DFS:
        if (s->kind == GMS_BFS && s->levels_in == prop) /* the traversal writes every level */
            return DEF_SET;
        return after_traversal(s, prop);
    default:
        return reads(s, prop) ? DEF_READ_UNSET : DEF_UNSET;
    }
}

bool gmo_prop_may_read_unset(const gm_stmt *after_decl, const gm_symbol *prop)
{
    return after_list(after_decl, prop, DEF_UNSET) == DEF_READ_UNSET;
}
