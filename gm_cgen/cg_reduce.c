/* cg_reduce.c: reduction assignments and arg-min/arg-max.
 *
 * Where an update runs decides how it is emitted:
 *  - outside any parallel region, or on a location only this iteration
 *    touches (a variable declared in the loop, a property of the loop's own
 *    node), it is an ordinary update;
 *  - a scalar declared outside the parallel loop is privatized with an
 *    OpenMP reduction(...) clause (collected before the pragma);
 *  - a property element of another node is updated with __atomic builtins
 *    (a compare-and-swap loop for float/double and for min, max, product);
 *  - arg-min/max: scalars get per-thread partials combined once per thread;
 *    properties get an atomic min/max on the key when every other value is
 *    a constant (concurrent winners then write the same values), otherwise
 *    a per-element spin lock taken around the compare-and-assign.
 * Those are the host's forms; the target's tg->atomic_update and
 * tg->argminmax come first (the CUDA target's device forms).
 *
 * Which of them a property update in a parallel region gets is decided once,
 * before any text is printed (gma_decision.h): cg_decide_updates records a
 * host loop's (quiet update=plain|atomic|key|lock per statement, both targets'
 * decide hooks call it), the CUDA target records its kernels' (atomics=, the
 * visible per-statement form of cuda_decide.c). The emitters below read the
 * statement's record; one reached in a parallel region without a record is a
 * bug in a decision phase (cg_no_decision stops), not a reason to choose here.
 */
#include "cg_emit.h"
#include "oom.h"
#include "types.h"

#include <stdlib.h>
#include <string.h>

const char *cg_atomic_suffix(gm_type_kind k)
{
    switch (k) {
    case GMT_LONG: return "i64";
    case GMT_FLOAT: return "f32";
    case GMT_DOUBLE: return "f64";
    case GMT_BOOL: return "b";
    default: return "i32"; /* Int, Node */
    }
}

/* wrap: the value is an integer and the target an Int or Long, whose + - *
 * wrap (cg_wrap_fn); with a floating value C's operator keeps its meaning. */
static void plain_update(cg_emit *em, gm_assign_op op, const char *lv, const char *v,
                         const char *ty, gm_type_kind k, bool integer_value)
{
    int wop = op == GMA_PLUS ? GMOP_ADD : op == GMA_MINUS ? GMOP_SUB : op == GMA_MULT ? GMOP_MUL : -1;
    const char *wrap = integer_value && wop >= 0 ? cg_wrap_fn(wop, k) : NULL;
    if (wrap) {
        cg_line(em, "%s = %s(%s, %s);", lv, wrap, lv, v);
        return;
    }
    switch (op) {
    case GMA_PLUS: cg_line(em, "%s += %s;", lv, v); break;
    case GMA_MINUS: cg_line(em, "%s -= %s;", lv, v); break;
    case GMA_MULT: cg_line(em, "%s *= %s;", lv, v); break;
    case GMA_MIN: cg_line(em, "{ %s _c_v = %s; if (_c_v < %s) %s = _c_v; }", ty, v, lv, lv); break;
    case GMA_MAX: cg_line(em, "{ %s _c_v = %s; if (_c_v > %s) %s = _c_v; }", ty, v, lv, lv); break;
    case GMA_AND: cg_line(em, "%s = %s && %s;", lv, lv, v); break;
    case GMA_OR: cg_line(em, "%s = %s || %s;", lv, lv, v); break;
    default: cg_line(em, "%s = %s;", lv, v); break;
    }
}

static void atomic_update(cg_emit *em, gm_assign_op op, const char *lv, const char *v,
                          gm_type_kind k)
{
    if (em->tg->atomic_update(em, op, lv, v, k))
        return;
    const char *sfx = cg_atomic_suffix(k);
    bool integral = k == GMT_INT || k == GMT_LONG || k == GMT_NODE;
    switch (op) {
    case GMA_PLUS:
    case GMA_MINUS:
        if (integral)
            cg_line(em, "__atomic_fetch_%s(&%s, %s, __ATOMIC_RELAXED);",
                     op == GMA_PLUS ? "add" : "sub", lv, v);
        else
            cg_line(em, "_c_atomic_add_%s(&%s, %s(%s));", sfx, lv, op == GMA_MINUS ? "-" : "", v);
        break;
    case GMA_MULT: cg_line(em, "_c_atomic_mul_%s(&%s, %s);", sfx, lv, v); break;
    case GMA_MIN: cg_line(em, "_c_atomic_min_%s(&%s, %s);", sfx, lv, v); break;
    case GMA_MAX: cg_line(em, "_c_atomic_max_%s(&%s, %s);", sfx, lv, v); break;
    /* Only the value that breaks the identity is ever stored: no CAS. */
    case GMA_AND: cg_line(em, "if (!(%s)) __atomic_store_n(&%s, false, __ATOMIC_RELAXED);", v, lv); break;
    case GMA_OR: cg_line(em, "if (%s) __atomic_store_n(&%s, true, __ATOMIC_RELAXED);", v, lv); break;
    default: cg_line(em, "%s = %s;", lv, v); break;
    }
}

/* ---- the update decisions ------------------------------------------ */

typedef struct upd_ctx {
    gma_decisions *ds;
    const gm_symbol *iter;  /* the region's iterator */
    bool own_private;       /* its elements are this iteration's (G.Nodes, G.Edges) */
    const gm_stmt *body;    /* the region's body (cg_prop_updated_elsewhere) */
} upd_ctx;

/* An update of a property (reduction or arg-min/max), its target. */
static const gm_expr *prop_update(const gm_stmt *s, bool *reduce)
{
    *reduce = s->kind == GMS_ASSIGN && s->assign_op != GMA_ASSIGN && s->assign_op != GMA_DEFER;
    if (!(*reduce || s->kind == GMS_ARGMINMAX) || !s->lhs || s->lhs->kind != GME_PROP)
        return NULL;
    return s->lhs;
}

typedef struct elsewhere_ctx {
    const gm_symbol *own, *prop;
    bool found;
} elsewhere_ctx;

static bool find_elsewhere(const gm_stmt *s, void *vctx)
{
    elsewhere_ctx *x = vctx;
    bool reduce;
    const gm_expr *lhs = prop_update(s, &reduce);
    if (lhs && lhs->sym == x->prop && !(lhs->a && lhs->a->kind == GME_ID && lhs->a->sym == x->own))
        x->found = true;
    return !x->found;
}

bool cg_prop_updated_elsewhere(const gm_stmt *body, const gm_symbol *own, const gm_symbol *prop)
{
    elsewhere_ctx x = {own, prop, false};
    if (body)
        gma_walk(body, false, find_elsewhere, NULL, &x);
    return x.found;
}

/* An update through the iteration's own element is plain, unless the
 * region also updates that property through another node or edge (a.A += 1
 * beside c.A += x for a neighbour c, which may be another iteration's a). */
static bool decide_update(const gm_stmt *s, void *vctx)
{
    const upd_ctx *u = vctx;
    bool reduce;
    if (!prop_update(s, &reduce))
        return true; /* (scalars: reduction clauses or partials; map elements: the map's lock) */
    const gm_expr *t = s->lhs->a;
    bool own = u->own_private && t && t->kind == GME_ID && t->sym == u->iter &&
               !cg_prop_updated_elsewhere(u->body, u->iter, s->lhs->sym);
    const char *how = own ? "plain" : !reduce && cg_argmin_payload_constant(s) ? "key" : !reduce ? "lock" : "atomic";
    gma_decide_at(u->ds, s, true, "update", "%s", how);
    return true;
}

/* The updates of one parallel loop's body: its region is the loop's. */
static void region_updates(gma_decisions *ds, const gm_stmt *loop, const gm_stmt *body, bool own_private)
{
    upd_ctx u = {.ds = ds, .iter = loop->iter.sym, .own_private = own_private, .body = body};
    if (body)
        gma_walk(body, false, decide_update, NULL, &u);
}

/* A sequential body (an InDFS's, its InPost's): the parallel loops in it
 * are regions of their own, without records (they belong to the DFS's). */
static gm_walk_step nested_region(const gm_stmt *s, void *ctx)
{
    gma_decisions *ds = ctx;
    if (s->kind == GMS_FOREACH && s->parallel) {
        region_updates(ds, s, s->body, s->iter.range == GMR_NODES || s->iter.range == GMR_EDGES);
        return GM_WALK_SKIP;
    }
    if (s->kind == GMS_BFS) {
        region_updates(ds, s, s->body, true);
        region_updates(ds, s, s->rev_body, true);
        return GM_WALK_SKIP;
    }
    return GM_WALK_ON;
}

void cg_decide_updates(gma_decisions *ds)
{
    const gma_record *r = ds->rec;
    const gm_stmt *s = r->stmt;
    if (r->reduce || !s)
        return;
    switch (r->space) {
    case GMA_SPACE_NODES:
    case GMA_SPACE_EDGES:
        region_updates(ds, s, s->body, s->iter.range == GMR_NODES || s->iter.range == GMR_EDGES);
        break;
    case GMA_SPACE_BFS:
        region_updates(ds, s, s->body, true); /* a level's nodes are distinct */
        break;
    case GMA_SPACE_BFS_REVERSE:
        region_updates(ds, s, s->rev_body, true);
        break;
    case GMA_SPACE_COLLECTION:
    case GMA_SPACE_NBRS:
        region_updates(ds, s, s->body, false); /* an element may come twice */
        break;
    case GMA_SPACE_DFS: {
        const gm_walk_hooks h = {.enter = nested_region};
        gm_walk_hooked(s->body, false, &h, ds);
        gm_walk_hooked(s->rev_body, false, &h, ds);
        break;
    }
    }
}

_Noreturn void cg_no_decision(const cg_emit *em, const gm_stmt *s, const char *what)
{
    fprintf(stderr, "gmc: internal error: %s:%d: %s in a parallel region without a recorded decision "
                    "(a target's decide hook missed it)\n",
            em->src_base ? em->src_base : "?", s->loc.line, what);
    abort();
}

const char *cg_update_decision(const cg_emit *em, const gm_stmt *s)
{
    const char *how = gma_decision_at(em->decided, s, "atomics");
    if (!how)
        how = gma_decision_at(em->decided, s, "update");
    if (!how)
        cg_no_decision(em, s, s->kind == GMS_ARGMINMAX ? "an arg-min/max" : "a reduction");
    return how;
}

/* The update's target is touched by this iteration only (recorded: plain,
 * none(...) on the device). */
static bool plain_target(cg_emit *em, const gm_stmt *s)
{
    if (em->par_depth == 0 || s->lhs->kind != GME_PROP)
        return true;
    const char *how = cg_update_decision(em, s);
    return strcmp(how, "plain") == 0 || strncmp(how, "none(", 5) == 0;
}

bool cg_long_into_int(gm_type_kind target, const gm_expr *value)
{
    return target == GMT_INT && value && value->type && value->type->kind == GMT_LONG;
}

/* The C value of s's right side for its target (malloc'd). */
static char *reduce_value(cg_emit *em, const gm_stmt *s)
{
    const gm_expr *lhs = s->lhs;
    gm_type_kind k = lhs->type ? lhs->type->kind : GMT_INT;
    const char *ty = cg_ctype(lhs->type);
    char *v = k == GMT_NODE ? cg_node_value_str(em, s->rhs) : cg_expr_str(em, s->rhs);
    if (cg_long_into_int(k, s->rhs)) {
        /* + - * wrap alike; min= and max= compare what the Int will hold,
         * as the sequential form does (gm_opt/reduce_seq.c) */
        char *c = cg_strf("((%s)(%s))", ty, v);
        free(v);
        v = c;
    }
    return v;
}

void cg_reduce_into(cg_emit *em, const gm_stmt *s, const char *lv)
{
    gm_type_kind k = s->lhs->type ? s->lhs->type->kind : GMT_INT;
    char *v = reduce_value(em, s);
    plain_update(em, s->assign_op, lv, v, cg_ctype(s->lhs->type), k,
                 s->rhs->type && gmt_is_integer(s->rhs->type->kind));
    free(v);
}

void cg_reduce_assign(cg_emit *em, const gm_stmt *s)
{
    const gm_expr *lhs = s->lhs;
    gm_type_kind k = lhs->type ? lhs->type->kind : GMT_INT;
    const char *ty = cg_ctype(lhs->type);
    char *v = reduce_value(em, s);
    bool integer_value = s->rhs->type && gmt_is_integer(s->rhs->type->kind);
    if (lhs->kind == GME_INDEX) {
        /* A map element: read-modify-write under the map's lock. */
        char *m = cg_expr_str(em, lhs->a);
        cg_capture cap;
        cg_capture_begin(em, &cap);
        int depth = em->par_depth;
        em->par_depth = 0; /* plain get inside the lock */
        cg_map_get(em, lhs);
        em->par_depth = depth;
        char *cur = cg_capture_end(em, &cap);
        if (em->par_depth)
            cg_line(em, "gmrt_map_lock(%s);", m);
        cg_line(em, "{");
        em->indent++;
        cg_line(em, "%s _c_cur = %s;", ty, cur);
        plain_update(em, s->assign_op, "_c_cur", v, ty, k, integer_value);
        em->par_depth = 0;
        cg_map_set(em, lhs, "_c_cur");
        em->par_depth = depth;
        em->indent--;
        cg_line(em, "}");
        if (em->par_depth)
            cg_line(em, "gmrt_map_unlock(%s);", m);
        free(cur);
        free(m);
        free(v);
        return;
    }
    char *lv = cg_lvalue_str(em, lhs);
    if (plain_target(em, s))
        plain_update(em, s->assign_op, lv, v, ty, k, integer_value);
    else
        atomic_update(em, s->assign_op, lv, v, k);
    free(lv);
    free(v);
}

/* ---- arg-min / arg-max ------------------------------------------------ */

bool cg_argmin_payload_constant(const gm_stmt *s)
{
    for (const gm_expr *r = s->rhs ? s->rhs->next : NULL; r; r = r->next)
        if (!cg_is_literal(r))
            return false;
    return true;
}

bool cg_argmin_on_props(const gm_stmt *s)
{
    return s->lhs && s->lhs->kind == GME_PROP;
}

bool cg_argmin_private(cg_emit *em, const gm_stmt *s)
{
    return !cg_argmin_on_props(s) || plain_target(em, s);
}

void cg_argmin_stores(cg_emit *em, const gm_stmt *s, int from)
{
    int i = 0;
    for (const gm_expr *l = s->lhs; l; l = l->next, i++) {
        if (i < from)
            continue;
        cg_start_line(em);
        cg_lvalue(em, l);
        cg_printf(em, " = _c_a%d;\n", i);
        if (l->kind == GME_PROP)
            cg_after_prop_store(em, l->sym, l->a);
    }
}

void cg_argminmax(cg_emit *em, const gm_stmt *s)
{
    bool is_min = s->assign_op == GMA_MIN;
    const char *cmp = is_min ? "<" : ">";
    cg_line(em, "{");
    em->indent++;
    /* Every value first: the targets may appear in them. */
    int i = 0;
    for (const gm_expr *r = s->rhs, *l = s->lhs; r && l; r = r->next, l = l->next, i++) {
        cg_start_line(em);
        cg_printf(em, "%s _c_a%d = ", cg_ctype(l->type), i);
        const bool narrowed = l->type && cg_long_into_int(l->type->kind, r);
        if (narrowed)
            cg_printf(em, "(%s)(", cg_ctype(l->type));
        if (l->type && l->type->kind == GMT_NODE)
            cg_node_value(em, r);
        else
            cg_expr(em, r);
        cg_printf(em, "%s;\n", narrowed ? ")" : "");
    }
    char *key = cg_lvalue_str(em, s->lhs);
    if (em->tg->argminmax(em, s, key, is_min)) {
        free(key);
        em->indent--;
        cg_line(em, "}");
        return;
    }
    bool private_targets = cg_argmin_private(em, s);
    if (private_targets) {
        cg_line(em, "if (_c_a0 %s %s) {", cmp, key);
    } else if (strcmp(cg_update_decision(em, s), "key") == 0) {
        cg_line(em, "if (_c_atomic_%s_%s(&%s, _c_a0)) {", is_min ? "min" : "max",
                 cg_atomic_suffix(s->lhs->type->kind), key);
    } else {
        char *idx = cg_expr_str(em, s->lhs->a);
        const char *lock = em->region && em->region->lock_name ? em->region->lock_name : "_c_lock";
        cg_line(em, "_c_lock_acquire(&%s[%s]);", lock, idx);
        cg_line(em, "if (_c_a0 %s %s) {", cmp, key);
        em->indent++;
        cg_argmin_stores(em, s, 0);
        em->indent--;
        cg_line(em, "}");
        cg_line(em, "_c_lock_release(&%s[%s]);", lock, idx);
        free(idx);
        free(key);
        em->indent--;
        cg_line(em, "}");
        return;
    }
    em->indent++;
    i = 0;
    for (const gm_expr *l = s->lhs; l; l = l->next, i++) {
        if (i == 0 && !private_targets)
            continue; /* the CAS stored the key */
        cg_start_line(em);
        if (private_targets) {
            cg_lvalue(em, l);
            cg_printf(em, " = _c_a%d;\n", i);
            if (l->kind == GME_PROP)
                cg_after_prop_store(em, l->sym, l->a);
        } else {
            cg_printf(em, "__atomic_store(&");
            cg_lvalue(em, l);
            cg_printf(em, ", &_c_a%d, __ATOMIC_RELAXED);\n", i);
            if (l->kind == GME_PROP)
                cg_after_prop_store(em, l->sym, l->a);
        }
    }
    em->indent--;
    cg_line(em, "}");
    free(key);
    em->indent--;
    cg_line(em, "}");
}

/* ---- analyses run before a parallel loop ------------------------------- */

typedef struct scan_ctx {
    cg_emit *em;
    cg_region *r;
    char *clauses;
    size_t len;
    FILE *mem;
    bool *seen;
    const gm_stmt **argmins;
    int nargmin, max;
} scan_ctx;

static bool mark_decl(const gm_stmt *s, void *vctx)
{
    scan_ctx *c = vctx;
    if (s->kind == GMS_DECL)
        for (const gm_name *n = s->names; n; n = n->next)
            if (gm_symbol_id_below(n->sym, c->em->nsyms))
                c->r->declared_inside[n->sym->id] = true;
    if ((s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS) && s->iter.sym &&
        gm_symbol_id_below(s->iter.sym, c->em->nsyms))
        c->r->declared_inside[s->iter.sym->id] = true;
    return true;
}

void cg_mark_declared(cg_emit *em, const gm_stmt *body, cg_region *r)
{
    scan_ctx c = {.em = em, .r = r};
    gma_walk(body, false, mark_decl, NULL, &c);
    if (gm_symbol_id_below(r->iter, em->nsyms))
        r->declared_inside[r->iter->id] = true;
}

static const char *clause_op(gm_assign_op op)
{
    switch (op) {
    case GMA_PLUS:
    case GMA_MINUS: return "+";
    case GMA_MULT: return "*";
    case GMA_MIN: return "min";
    case GMA_MAX: return "max";
    case GMA_AND: return "&&";
    case GMA_OR: return "||";
    default: return NULL;
    }
}

static bool collect_clause(const gm_stmt *s, void *vctx)
{
    scan_ctx *c = vctx;
    if (s->kind == GMS_ASSIGN && s->lhs && s->lhs->kind == GME_ID && s->lhs->sym) {
        const char *op = clause_op(s->assign_op);
        int id = s->lhs->sym->id;
        if (op && id >= 0 && id < c->em->nsyms && !c->r->declared_inside[id] && !c->seen[id]) {
            c->seen[id] = true;
            fprintf(c->mem, " reduction(%s:%s)", op, cg_name(c->em, s->lhs->sym));
        }
    }
    if (s->kind == GMS_ARGMINMAX && cg_argmin_on_props(s) && !cg_argmin_payload_constant(s))
        c->r->needs_locks = true;
    return true;
}

char *cg_reduction_clauses(cg_emit *em, const gm_stmt *body, cg_region *r)
{
    scan_ctx c = {.em = em, .r = r};
    c.seen = calloc((size_t)em->nsyms + 1, 1);
    c.mem = open_memstream(&c.clauses, &c.len);
    if (!c.seen || !c.mem)
        gm_out_of_memory("code generation", 0);
    gma_walk(body, false, collect_clause, NULL, &c);
    fclose(c.mem);
    free(c.seen);
    return c.clauses;
}

static bool collect_argmin(const gm_stmt *s, void *vctx)
{
    scan_ctx *c = vctx;
    if (s->kind == GMS_ARGMINMAX && s->lhs && s->lhs->kind == GME_ID && s->lhs->sym) {
        int id = s->lhs->sym->id;
        if (id >= 0 && id < c->em->nsyms && !c->r->declared_inside[id] && c->nargmin < c->max)
            c->argmins[c->nargmin++] = s;
    }
    return true;
}

int cg_collect_scalar_argmin(cg_emit *em, const gm_stmt *body, cg_region *r,
                              const gm_stmt **out, int max)
{
    scan_ctx c = {.em = em, .r = r, .argmins = out, .max = max};
    gma_walk(body, false, collect_argmin, NULL, &c);
    return c.nargmin;
}
