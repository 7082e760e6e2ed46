/* gma_plan.c: the per-loop access records of gma_plan.h.
 *
 * Two walks, both gm_front's gm_walk_hooked: the host walk finds the
 * records (it skips a record's statement, so a loop nested in a record is
 * never one of its own), and one summary walk per record classifies each
 * property access by the expression that indexes it. The targets of an
 * assignment are recorded by the statement hook, which runs before the
 * expression hook visits the statement's expressions, so the expression hook
 * does not count them as reads (their bases still are). */
#include "gma_plan.h"

#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "builtins.h"
#include "gma_shape.h"
#include "oom.h"

/* A Node or Edge variable declared in the loop with an initializer and
 * assigned nowhere else in the record: it names what its initializer names. */
typedef struct alias_var {
    const gm_symbol *sym;
    gma_index ix;
} alias_var;

typedef struct plan_ctx {
    gma_plan *plan;
    int cap;
    const gm_proc *proc;
    const gm_expr *host_reduce; /* the last host-level reduction made a record */

    /* the record being summarized */
    gma_record *rec;
    int prop_cap, scalar_cap;
    const gm_expr *targets;      /* the current statement's targets (a list) */
    const gm_expr *not_read;     /* the receiver of the mutator call just visited */
    const gm_symbol **locals;    /* declared in the loop */
    int nlocals, locals_cap;
    alias_var *aliases;
    int naliases, aliases_cap;
} plan_ctx;

/* ------------------------------------------------------------------ */
/* Names                                                               */

const char *gma_space_name(gma_space s)
{
    static const char *const names[] = {"nodes", "edges", "collection", "nbrs", "bfs-forward",
                                        "bfs-reverse", "dfs"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "?";
}

const char *gma_index_name(gma_index i)
{
    static const char *const names[] = {"owner",    "out-nbr",  "in-nbr",   "up-nbr",  "down-nbr",
                                        "common-nbr", "out-edge", "in-edge", "up-edge", "down-edge",
                                        "edge-src", "edge-dst", "remote"};
    return (unsigned)i < sizeof names / sizeof *names ? names[i] : "?";
}

const char *gma_redop_name(gma_redop op)
{
    static const char *const names[] = {"",    "+=",  "-=",  "*=",  "min=", "max=",
                                        "&&=", "||=", "argmin-payload", "argmax-payload", "<="};
    return (unsigned)op < sizeof names / sizeof *names ? names[op] : "?";
}

/* ------------------------------------------------------------------ */
/* Records and accesses                                                */

static gma_record *new_record(plan_ctx *c, gma_space space, gm_loc loc)
{
    gma_plan *p = c->plan;
    if (p->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        p->recs = gm_xrealloc(p->recs, (size_t)c->cap, sizeof *p->recs, "the loop plan");
    }
    gma_record *r = &p->recs[p->n++];
    memset(r, 0, sizeof *r);
    r->loc = loc;
    r->proc = c->proc;
    r->space = space;
    return r;
}

static gma_access *find_access(gma_access *list, int n, const gm_symbol *sym)
{
    for (int i = 0; i < n; i++)
        if (list[i].sym == sym)
            return &list[i];
    return NULL;
}

const gma_access *gma_record_access(const gma_record *r, const gm_symbol *sym)
{
    const gma_access *a = find_access(r->props, r->nprops, sym);
    return a ? a : find_access(r->scalars, r->nscalars, sym);
}

bool gma_access_has(const gma_access *a, gma_mode mode, gma_redop op, gma_index ix)
{
    if (!a)
        return false;
    for (int i = 0; i < a->nuses; i++)
        if (a->uses[i].mode == mode && (mode != GMA_REDUCE || a->uses[i].op == op) &&
            (a->uses[i].index & (1u << ix)))
            return true;
    return false;
}

static void add_use(gma_access *a, gma_mode mode, gma_redop op, gma_index ix)
{
    for (int i = 0; i < a->nuses; i++)
        if (a->uses[i].mode == mode && a->uses[i].op == op) {
            a->uses[i].index |= 1u << ix;
            return;
        }
    if (a->nuses == GMA_MAX_USES) /* cannot happen: fewer mode x op pairs exist */
        return;
    a->uses[a->nuses++] = (gma_use){mode, op, 1u << ix};
}

static void note(plan_ctx *c, gma_mode mode, gma_redop op, gma_index ix, const gm_symbol *sym)
{
    gma_record *r = c->rec;
    bool prop = sym->type && (sym->type->kind == GMT_NODE_PROP || sym->type->kind == GMT_EDGE_PROP);
    gma_access **list = prop ? &r->props : &r->scalars;
    int *n = prop ? &r->nprops : &r->nscalars;
    int *cap = prop ? &c->prop_cap : &c->scalar_cap;
    gma_access *a = find_access(*list, *n, sym);
    if (!a) {
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 8;
            *list = gm_xrealloc(*list, (size_t)*cap, sizeof **list, "the loop plan");
        }
        a = &(*list)[(*n)++];
        memset(a, 0, sizeof *a);
        a->sym = sym;
        a->edge = sym->type->kind == GMT_EDGE_PROP;
    }
    add_use(a, mode, op, ix);
}

static void not_distributable(plan_ctx *c, const char *why)
{
    gma_record *r = c->rec;
    for (int i = 0; i < r->nwhy; i++)
        if (strcmp(r->why[i], why) == 0)
            return;
    if (r->nwhy < GMA_MAX_WHY)
        r->why[r->nwhy++] = why;
}

/* ------------------------------------------------------------------ */
/* Index classification                                                */

static bool nbr_range(gm_range_kind r)
{
    return r == GMR_NBRS || r == GMR_IN_NBRS || r == GMR_UP_NBRS || r == GMR_DOWN_NBRS ||
           r == GMR_COMMON_NBRS || r == GMR_OUT_EDGES || r == GMR_IN_EDGES;
}

static bool is_local(const plan_ctx *c, const gm_symbol *sym)
{
    for (int i = 0; i < c->nlocals; i++)
        if (c->locals[i] == sym)
            return true;
    return false;
}

static gma_index classify_edge(const plan_ctx *c, const gm_expr *e);

/* The index kinds of the record's own iterator's neighbour and edge
 * iterators, by range (remote: another range). */
static gma_index nbr_range_index(gm_range_kind r)
{
    switch (r) {
    case GMR_NBRS: return GMA_IX_OUT_NBR;
    case GMR_IN_NBRS: return GMA_IX_IN_NBR;
    case GMR_UP_NBRS: return GMA_IX_UP_NBR;
    case GMR_DOWN_NBRS: return GMA_IX_DOWN_NBR;
    case GMR_COMMON_NBRS: return GMA_IX_COMMON_NBR;
    default: return GMA_IX_REMOTE;
    }
}

static gma_index edge_range_index(gm_range_kind r)
{
    return r == GMR_OUT_EDGES ? GMA_IX_OUT_EDGE : r == GMR_IN_EDGES ? GMA_IX_IN_EDGE : GMA_IX_REMOTE;
}

/* e as a name (false: e is something else): the record's own iterator, an
 * alias declared in it (the innermost first), an iterator over one of its
 * own's ranges (range_index: that range's kind), or remote; no e: remote. */
static bool named_index(const plan_ctx *c, const gm_expr *e, gma_index (*range_index)(gm_range_kind),
                        gma_index *ix)
{
    const gm_symbol *own = c->rec->own;
    *ix = GMA_IX_REMOTE;
    if (!e)
        return true;
    if (e->kind != GME_ID || !e->sym)
        return false;
    const gm_symbol *s = e->sym;
    if (s == own) {
        *ix = GMA_IX_OWNER;
        return true;
    }
    for (int i = c->naliases - 1; i >= 0; i--)
        if (c->aliases[i].sym == s) {
            *ix = c->aliases[i].ix;
            return true;
        }
    if (s->kind == GMSYM_ITER && own && s->iter_source == own)
        *ix = range_index(s->iter_range);
    return true;
}

/* How the node expression e is reached from the record's own iterator. */
static gma_index classify_node(const plan_ctx *c, const gm_expr *e)
{
    gma_index ix;
    if (named_index(c, e, nbr_range_index, &ix))
        return ix;
    if (e->kind == GME_CALL && (e->builtin == GMB_EDGE_FROM_NODE || e->builtin == GMB_EDGE_TO_NODE)) {
        bool from = e->builtin == GMB_EDGE_FROM_NODE;
        switch (classify_edge(c, e->a)) {
        case GMA_IX_OWNER: return from ? GMA_IX_EDGE_SRC : GMA_IX_EDGE_DST;
        case GMA_IX_OUT_EDGE: return from ? GMA_IX_OWNER : GMA_IX_OUT_NBR;
        case GMA_IX_IN_EDGE: return from ? GMA_IX_IN_NBR : GMA_IX_OWNER;
        default: return GMA_IX_REMOTE;
        }
    }
    return GMA_IX_REMOTE;
}

/* How the edge expression e is reached from the record's own iterator. */
static gma_index classify_edge(const plan_ctx *c, const gm_expr *e)
{
    gma_index ix;
    if (named_index(c, e, edge_range_index, &ix))
        return ix;
    if (e->kind == GME_CALL && e->builtin == GMB_NBR_TO_EDGE) {
        switch (classify_node(c, e->a)) {
        case GMA_IX_OUT_NBR: return GMA_IX_OUT_EDGE;
        case GMA_IX_IN_NBR: return GMA_IX_IN_EDGE;
        case GMA_IX_UP_NBR: return GMA_IX_UP_EDGE;
        case GMA_IX_DOWN_NBR: return GMA_IX_DOWN_EDGE;
        default: return GMA_IX_REMOTE;
        }
    }
    return GMA_IX_REMOTE;
}

/* The index of the element a property access base.P touches. */
static gma_index classify_base(const plan_ctx *c, const gm_symbol *prop, const gm_expr *base)
{
    return prop->type->kind == GMT_EDGE_PROP ? classify_edge(c, base) : classify_node(c, base);
}

static bool is_prop(const gm_symbol *sym)
{
    return sym && sym->type && (sym->type->kind == GMT_NODE_PROP || sym->type->kind == GMT_EDGE_PROP);
}

static bool is_collection(const gm_type *t)
{
    return t && (t->kind == GMT_NODE_SET || t->kind == GMT_NODE_ORDER || t->kind == GMT_NODE_SEQ ||
                 t->kind == GMT_COLLECTION);
}

/* ------------------------------------------------------------------ */
/* The summary walk                                                    */

static gma_redop redop_of(gm_assign_op op)
{
    switch (op) {
    case GMA_PLUS: case GMA_INC: return GMA_OP_SUM;
    case GMA_MINUS: case GMA_DEC: return GMA_OP_SUB;
    case GMA_MULT: return GMA_OP_MUL;
    case GMA_MIN: return GMA_OP_MIN;
    case GMA_MAX: return GMA_OP_MAX;
    case GMA_AND: return GMA_OP_AND;
    case GMA_OR: return GMA_OP_OR;
    case GMA_DEFER: return GMA_OP_DEFER;
    default: return GMA_OP_NONE;
    }
}

/* A target of a store or reduction: a property element or a scalar. */
static void note_target(plan_ctx *c, const gm_expr *t, gma_mode mode, gma_redop op)
{
    if (t->kind == GME_PROP && is_prop(t->sym)) {
        note(c, mode, op, classify_base(c, t->sym, t->a), t->sym);
        return;
    }
    if (t->kind != GME_ID || !t->sym || t->sym->kind == GMSYM_ITER || is_local(c, t->sym))
        return;
    if (is_collection(t->sym->type) || (t->sym->type && t->sym->type->kind == GMT_MAP))
        return;
    note(c, mode, op, GMA_IX_OWNER, t->sym);
}

static void note_collection(plan_ctx *c, const gm_expr *coll, bool map);

static void note_iteration(plan_ctx *c, const gm_iter *it)
{
    if (it->range == GMR_ITEMS)
        note_collection(c, it->source, false);
    else if (nbr_range(it->range) && (!it->source || it->source->kind != GME_ID ||
                                      it->source->sym != c->rec->own))
        not_distributable(c, "reads the adjacency of a node other than its own");
    else if (it->range == GMR_COMMON_NBRS)
        not_distributable(c, "reads the adjacency of a node other than its own (CommonNbrs)");
}

typedef struct assigned_ctx {
    const gm_symbol *sym;
    bool found;
} assigned_ctx;

static bool find_store(const gm_stmt *s, void *vctx)
{
    assigned_ctx *a = vctx;
    const gm_expr *t = s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX ? s->lhs
                       : s->kind == GMS_FOREIGN                         ? s->modified
                                                                        : NULL;
    for (; t; t = t->next)
        if (t->kind == GME_ID && t->sym == a->sym)
            a->found = true;
    return !a->found;
}

/* Whether the variable sym is stored to anywhere in the record. */
static bool reassigned(const plan_ctx *c, const gm_symbol *sym)
{
    assigned_ctx a = {sym, false};
    if (c->rec->stmt)
        gm_walk(c->rec->stmt, false, find_store, NULL, &a);
    return a.found || !c->rec->stmt; /* a reduction expression declares nothing */
}

/* A collection or map used in the loop: one declared in it, or a property
 * of the loop's own node, is private to the iteration; one declared outside
 * is shared by all of them, and another node's needs that node's rank. */
static void note_collection(plan_ctx *c, const gm_expr *coll, bool map)
{
    if (!coll)
        return;
    if (coll->kind == GME_ID && coll->sym && !is_local(c, coll->sym))
        not_distributable(c, map ? "uses a map declared outside the loop"
                                 : "uses a collection declared outside the loop");
    else if (coll->kind == GME_PROP && is_prop(coll->sym) && classify_base(c, coll->sym, coll->a) != GMA_IX_OWNER)
        not_distributable(c, "uses a collection held by another node");
}

/* Built-ins that change their collection or map receiver. */
static bool mutator(int b)
{
    switch (b) {
    case GMB_SET_ADD: case GMB_SET_REMOVE: case GMB_SET_UNION: case GMB_SET_INTERSECT:
    case GMB_SET_COMPLEMENT: case GMB_SET_CLEAR:
    case GMB_ORDER_PUSH_BACK: case GMB_ORDER_PUSH_FRONT: case GMB_ORDER_POP_BACK: case GMB_ORDER_POP_FRONT:
    case GMB_SEQ_PUSH_BACK: case GMB_SEQ_PUSH_FRONT: case GMB_SEQ_POP_BACK: case GMB_SEQ_POP_FRONT:
    case GMB_COLL_PUSH_BACK: case GMB_COLL_PUSH_FRONT: case GMB_COLL_POP_BACK: case GMB_COLL_POP_FRONT:
    case GMB_MAP_CLEAR: case GMB_MAP_REMOVE:
        return true;
    default:
        return false;
    }
}

/* Pop*: the call also returns an element, so the receiver is read too. */
static bool pops(int b)
{
    return b == GMB_ORDER_POP_BACK || b == GMB_ORDER_POP_FRONT || b == GMB_SEQ_POP_BACK ||
           b == GMB_SEQ_POP_FRONT || b == GMB_COLL_POP_BACK || b == GMB_COLL_POP_FRONT;
}

static gm_walk_step sum_enter(const gm_stmt *s, void *vctx)
{
    plan_ctx *c = vctx;
    c->targets = NULL;
    switch (s->kind) {
    case GMS_DECL:
        for (const gm_name *n = s->names; n; n = n->next) {
            if (!n->sym)
                continue;
            if (c->nlocals == c->locals_cap) {
                c->locals_cap = c->locals_cap ? 2 * c->locals_cap : 16;
                c->locals = gm_xrealloc(c->locals, (size_t)c->locals_cap, sizeof *c->locals, "the loop plan");
            }
            c->locals[c->nlocals++] = n->sym;
            if (s->init && n->sym->type && (n->sym->type->kind == GMT_EDGE || n->sym->type->kind == GMT_NODE)) {
                if (c->naliases == c->aliases_cap) {
                    c->aliases_cap = c->aliases_cap ? 2 * c->aliases_cap : 8;
                    c->aliases = gm_xrealloc(c->aliases, (size_t)c->aliases_cap, sizeof *c->aliases, "the loop plan");
                }
                gma_index ix = n->sym->type->kind == GMT_EDGE ? classify_edge(c, s->init) : classify_node(c, s->init);
                c->aliases[c->naliases++] = (alias_var){n->sym, reassigned(c, n->sym) ? GMA_IX_REMOTE : ix};
            }
        }
        break;
    case GMS_ASSIGN:
        if (!s->lhs)
            break;
        c->targets = s->lhs;
        note_target(c, s->lhs, s->assign_op == GMA_ASSIGN ? GMA_WRITE : GMA_REDUCE, redop_of(s->assign_op));
        break;
    case GMS_ARGMINMAX: {
        c->targets = s->lhs;
        bool min = s->assign_op == GMA_MIN;
        for (const gm_expr *t = s->lhs; t; t = t->next)
            note_target(c, t, GMA_REDUCE,
                        t == s->lhs ? (min ? GMA_OP_MIN : GMA_OP_MAX) : (min ? GMA_OP_ARGMIN : GMA_OP_ARGMAX));
        break;
    }
    case GMS_FOREACH:
        if (s != c->rec->stmt)
            note_iteration(c, &s->iter);
        break;
    case GMS_BFS:
        if (s != c->rec->stmt)
            not_distributable(c, "a traversal inside a parallel loop");
        break;
    case GMS_DFS:
        not_distributable(c, "DFS");
        break;
    case GMS_FOREIGN:
        not_distributable(c, "foreign code");
        c->targets = s->modified;
        for (const gm_expr *t = s->modified; t; t = t->next)
            note_target(c, t, GMA_WRITE, GMA_OP_NONE);
        break;
    default:
        break;
    }
    return GM_WALK_ON;
}

static bool is_target(const plan_ctx *c, const gm_expr *e)
{
    for (const gm_expr *t = c->targets; t; t = t->next)
        if (t == e)
            return true;
    return false;
}

static bool sum_expr(const gm_expr *e, void *vctx)
{
    plan_ctx *c = vctx;
    switch (e->kind) {
    case GME_PROP:
        if (is_prop(e->sym) && !is_target(c, e) && e != c->not_read)
            note(c, GMA_READ, GMA_OP_NONE, classify_base(c, e->sym, e->a), e->sym);
        break;
    case GME_REDUCE:
        if (e != c->rec->reduce)
            note_iteration(c, &e->iter);
        break;
    case GME_INDEX:
        note_collection(c, e->a, true);
        break;
    case GME_FOREIGN:
        not_distributable(c, "foreign code");
        break;
    case GME_CALL:
        switch (e->builtin) {
        case GMB_NODE_HAS_EDGE_TO:
        case GMB_NODE_IS_NBR_FROM:
            /* an edge at the own node, either way: its out- or in-edges
             * (each rank holds both directions of its own nodes' edges) */
            if (classify_node(c, e->a) != GMA_IX_OWNER && classify_node(c, e->args) != GMA_IX_OWNER)
                not_distributable(c, "an adjacency query on a node other than its own");
            break;
        case GMB_NODE_COUNT_LINKED:
            not_distributable(c, "reads the adjacency of a node other than its own");
            break;
        case GMB_NODE_PICK_RANDOM_NBR:
            not_distributable(c, "a random walk (PickRandomNbr)");
            break;
        case -1:
            not_distributable(c, "calls a procedure");
            break;
        default: {
            const gm_expr *recv = e->a;
            if (!recv || !recv->type || !(is_collection(recv->type) || recv->type->kind == GMT_MAP))
                break;
            note_collection(c, recv, recv->type->kind == GMT_MAP);
            if (mutator(e->builtin) && recv->kind == GME_PROP && is_prop(recv->sym)) {
                note(c, GMA_WRITE, GMA_OP_NONE, classify_base(c, recv->sym, recv->a), recv->sym);
                if (!pops(e->builtin))
                    c->not_read = recv; /* S.Add(x) changes S without reading it */
            }
            break;
        }
        }
        break;
    default:
        break;
    }
    return true;
}

static const gm_walk_hooks summary_hooks = {sum_enter, NULL, sum_expr, NULL};

static void begin_summary(plan_ctx *c, gma_record *r)
{
    c->rec = r;
    c->prop_cap = c->scalar_cap = 0;
    c->targets = NULL;
    c->not_read = NULL;
    c->nlocals = 0;
    c->naliases = 0;
}

/* ------------------------------------------------------------------ */
/* The host walk: finding the records                                  */

static gma_space space_of(const gm_iter *it)
{
    switch (it->range) {
    case GMR_NODES: return GMA_SPACE_NODES;
    case GMR_EDGES: return GMA_SPACE_EDGES;
    case GMR_ITEMS: return GMA_SPACE_COLLECTION;
    default: return GMA_SPACE_NBRS;
    }
}

static const gm_symbol *source_of(const gm_iter *it)
{
    return it->source && (it->source->kind == GME_ID || it->source->kind == GME_PROP) ? it->source->sym : NULL;
}

/* The filter a loop was written with: desugaring turns it into an If that
 * is the whole body, so that If's condition, when the tree holds no other. */
static const gm_expr *filter_of(const gm_expr *filter, const gm_stmt *body)
{
    const gm_stmt *only = body && !body->next ? gma_only_stmt(body) : NULL;
    if (filter)
        return filter;
    return only && only->kind == GMS_IF && !only->else_stmt ? only->cond : NULL;
}

static void loop_record(plan_ctx *c, const gm_stmt *s)
{
    gma_record *r = new_record(c, space_of(&s->iter), s->loc);
    r->stmt = s;
    r->own = s->iter.sym;
    r->source = source_of(&s->iter);
    r->filter = filter_of(s->iter.filter, s->body);
    begin_summary(c, r);
    if (r->space == GMA_SPACE_COLLECTION)
        not_distributable(c, "iterates over a collection");
    else if (r->space == GMA_SPACE_NBRS)
        not_distributable(c, "iterates over the neighbours of one node");
    gm_walk_hooked(s, false, &summary_hooks, c);
}

static void traversal_records(plan_ctx *c, const gm_stmt *s)
{
    bool dfs = s->kind == GMS_DFS;
    gma_record *r = new_record(c, dfs ? GMA_SPACE_DFS : GMA_SPACE_BFS, s->loc);
    r->stmt = s;
    r->own = s->iter.sym;
    r->source = source_of(&s->iter);
    r->filter = filter_of(s->iter.filter, s->body);
    begin_summary(c, r);
    if (dfs)
        not_distributable(c, "DFS");
    gm_walk_expr(s->root, false, sum_expr, c);
    gm_walk_expr(s->navigator, false, sum_expr, c);
    gm_walk_expr(s->iter.filter, false, sum_expr, c);
    gm_walk_hooked(s->body, true, &summary_hooks, c);
    if (dfs) {
        gm_walk_hooked(s->rev_body, true, &summary_hooks, c);
        return;
    }
    if (!s->rev_body)
        return;
    gm_loc loc = s->rev_body->loc.line ? s->rev_body->loc : s->loc;
    r = new_record(c, GMA_SPACE_BFS_REVERSE, loc);
    r->stmt = s;
    r->own = s->iter.sym;
    r->source = source_of(&s->iter);
    r->filter = filter_of(s->rev_filter, s->rev_body);
    begin_summary(c, r);
    gm_walk_expr(s->rev_filter, false, sum_expr, c);
    gm_walk_hooked(s->rev_body, true, &summary_hooks, c);
}

static gm_walk_step host_enter(const gm_stmt *s, void *vctx)
{
    plan_ctx *c = vctx;
    if (s->kind == GMS_FOREACH && s->parallel) {
        loop_record(c, s);
        return GM_WALK_SKIP;
    }
    if (s->kind == GMS_BFS || s->kind == GMS_DFS) {
        traversal_records(c, s);
        return GM_WALK_SKIP;
    }
    return GM_WALK_ON;
}

static bool find_expr(const gm_expr *e, void *ctx) { return e != ctx; }

/* A reduction over all nodes, edges or a collection written on the host:
 * a parallel loop of its own, unless it lies in the last one found. */
static bool host_expr(const gm_expr *e, void *vctx)
{
    plan_ctx *c = vctx;
    if (e->kind != GME_REDUCE || nbr_range(e->iter.range))
        return true;
    if (c->host_reduce && !gm_walk_expr(c->host_reduce, false, find_expr, (void *)e))
        return true; /* nested in the reduction before */
    c->host_reduce = e;
    gma_record *r = new_record(c, space_of(&e->iter), e->loc);
    r->reduce = e;
    r->own = e->iter.sym;
    r->source = source_of(&e->iter);
    r->filter = e->iter.filter;
    begin_summary(c, r);
    if (r->space == GMA_SPACE_COLLECTION)
        not_distributable(c, "iterates over a collection");
    gm_walk_expr(e, false, sum_expr, c);
    return true;
}

static const gm_walk_hooks host_hooks = {host_enter, NULL, host_expr, NULL};

gma_plan *gma_plan_build(const gm_program *p)
{
    gma_plan *plan = calloc(1, sizeof *plan);
    if (!plan)
        gm_out_of_memory("the loop plan", sizeof *plan);
    plan_ctx c = {.plan = plan};
    for (const gm_proc *proc = p->procs; proc; proc = proc->next) {
        c.proc = proc;
        c.host_reduce = NULL;
        gm_walk_hooked(proc->body, false, &host_hooks, &c);
    }
    free(c.locals);
    free(c.aliases);
    return plan;
}

const gma_record *gma_plan_find(const gma_plan *plan, const gm_stmt *s, bool reverse)
{
    for (int i = 0; plan && s && i < plan->n; i++)
        if (plan->recs[i].stmt == s && (plan->recs[i].space == GMA_SPACE_BFS_REVERSE) == reverse)
            return &plan->recs[i];
    return NULL;
}

void gma_plan_free(gma_plan *plan)
{
    if (!plan)
        return;
    for (int i = 0; i < plan->n; i++) {
        free(plan->recs[i].props);
        free(plan->recs[i].scalars);
    }
    free(plan->recs);
    free(plan);
}
