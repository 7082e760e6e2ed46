/* cg_nil.c: property elements that parallel code reaches through a Node or
 * Edge value that may be NIL or out of range (a stored node such as
 * n.parent, a variable, G.PickRandom() or n.PickRandomNbr()), checked at
 * run time as sequential code checks them (_c_index_at, cg_expr.c).
 *
 * Contract: each such access compares the index with the property's size
 * once (_c_nil_ok, gmrt_inline.h). On failure it records the first failing
 * site in an error slot and is skipped: a read gives 0 (NIL for a Node or
 * Edge), a write, reduction or arg-min/max through it does not happen (the
 * statement's guard). The slot is the host's int32_t _c_nil, declared in a
 * block around the parallel host statement (a Foreach or BFS) that needs
 * it, or the device's (tg->nil_slot in a CUDA kernel, read back once after
 * the statement by tg->nil_take). After the statement, _c_nil_report stops
 * the run with the sequential check's message (gmrt_fatal: exit 1, or an
 * error return from NAME_try). Values in range by construction (a loop's
 * own iterator, a neighbour iterator's ToEdge(), variables only ever set
 * from those: cg_nil_proven) stay unchecked, so hot loops keep their code.
 * Where no slot is in scope (an access this module did not foresee), the
 * element falls back to _c_index_at, which ends the process from inside
 * the parallel region (a trap on the device): never a silent access. */
#include "cg_emit.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "oom.h"

/* ---- which values are in range by construction ------------------------- */

typedef struct init_ctx {
    const gm_symbol *sym;
    const gm_expr *init;
    const gm_stmt *decl;
    int decls;
    bool other; /* set elsewhere: an assignment, an out-argument, foreign code */
} init_ctx;

static bool init_stmt(const gm_stmt *s, void *v)
{
    init_ctx *c = v;
    if (s->kind == GMS_DECL) {
        for (const gm_name *n = s->names; n; n = n->next)
            if (n->sym == c->sym) {
                c->init = s->init;
                c->decl = s;
                c->decls++;
            }
    } else if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX) {
        for (const gm_expr *l = s->lhs; l; l = l->next)
            if (l->kind == GME_ID && l->sym == c->sym)
                c->other = true;
    } else if (s->kind == GMS_FOREIGN) {
        for (const gm_expr *m = s->modified; m; m = m->next)
            if (m->kind == GME_ID && m->sym == c->sym)
                c->other = true;
    }
    return !c->other;
}

static bool init_expr(const gm_expr *e, void *v)
{
    init_ctx *c = v;
    if (e->kind == GME_CALL)
        for (const gm_expr *a = e->out_args; a; a = a->next)
            if (a->kind == GME_ID && a->sym == c->sym)
                c->other = true;
    return !c->other;
}

static bool proven(const cg_emit *em, const gm_expr *e, int depth);

/* The stores into the Node or Edge property prop: each one NIL or a value
 * in range (all_fit false when one is not, or prop is stored otherwise). */
typedef struct stores_ctx {
    const cg_emit *em;
    const gm_symbol *prop;
    int depth;
    bool stored;  /* some store seen */
    bool bad;     /* a store of a value not known to fit, or an unknown one */
} stores_ctx;

static bool fits_or_nil(stores_ctx *c, const gm_expr *v)
{
    return v && (v->kind == GME_NIL || proven(c->em, v, c->depth + 1));
}

static bool stores_stmt(const gm_stmt *s, void *v)
{
    stores_ctx *c = v;
    if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX) {
        const gm_expr *r = s->rhs;
        for (const gm_expr *l = s->lhs; l; l = l->next, r = r ? r->next : NULL)
            if (l->kind == GME_PROP && l->sym == c->prop) {
                c->stored = true;
                c->bad = c->bad || !fits_or_nil(c, s->kind == GMS_ASSIGN ? s->rhs : r);
            }
    } else if (s->kind == GMS_FOREIGN) {
        for (const gm_expr *m = s->modified; m; m = m->next)
            c->bad = c->bad || m->sym == c->prop;
    } else if (s->kind == GMS_SWAP) {
        c->bad = c->bad || s->lhs->sym == c->prop || s->rhs->sym == c->prop;
    }
    return !c->bad;
}

static bool stores_expr(const gm_expr *e, void *v)
{
    stores_ctx *c = v;
    if (e->kind == GME_CALL)
        for (const gm_expr *a = e->out_args; a; a = a->next)
            c->bad = c->bad || ((a->kind == GME_PROP || a->kind == GME_ID) && a->sym == c->prop);
    return !c->bad;
}

/* A local Node or Edge property that holds only NIL or values in range. */
static bool prop_fits_or_nil(const cg_emit *em, const gm_symbol *prop, int depth)
{
    if (!prop || prop->kind != GMSYM_VAR || !prop->is_property || !em->proc || !em->proc->body)
        return false;
    stores_ctx c = {.em = em, .prop = prop, .depth = depth};
    gma_walk(em->proc->body, false, stores_stmt, stores_expr, &c);
    return !c.bad;
}

/* cond (or one of its && operands) is `t.P != NIL`. */
static bool tests_not_nil(const gm_expr *cond, const gm_symbol *t, const gm_symbol *prop)
{
    if (!cond || cond->kind != GME_BINARY || !cond->a || !cond->b)
        return false;
    if (cond->op == GMOP_AND)
        return tests_not_nil(cond->a, t, prop) || tests_not_nil(cond->b, t, prop);
    if (cond->op != GMOP_NE)
        return false;
    const gm_expr *x = cond->a->kind == GME_NIL ? cond->b : cond->b->kind == GME_NIL ? cond->a : NULL;
    return x && x->kind == GME_PROP && x->sym == prop && x->a && x->a->kind == GME_ID && x->a->sym == t;
}

/* An If testing t.P != NIL whose then-branch holds the statement at. */
typedef struct guard_ctx {
    const gm_symbol *t, *prop;
    const gm_stmt *at;
    bool found;
} guard_ctx;

static bool is_at(const gm_stmt *s, void *v)
{
    guard_ctx *c = v;
    c->found = c->found || s == c->at;
    return !c->found;
}

static bool guarding_if(const gm_stmt *s, void *v)
{
    guard_ctx *c = v;
    if (s->kind == GMS_IF && s->then_stmt && tests_not_nil(s->cond, c->t, c->prop))
        gma_walk(s->then_stmt, false, is_at, NULL, c);
    return !c->found;
}

/* t.P in the body of t's loop where the loop's filter, or an If around the
 * statement at (NULL: none known), tests t.P != NIL, the loop stores
 * nothing into P and P holds only NIL or values in range
 * (bipartite_matching's `Node s = t.suitor` under t.suitor != NIL). */
static bool filtered_prop(const cg_emit *em, const gm_expr *e, int depth, const gm_stmt *at)
{
    const gm_symbol *t = e->a && e->a->kind == GME_ID ? e->a->sym : NULL;
    if (!t || t->kind != GMSYM_ITER || !t->iter_stmt || t->iter_stmt->kind != GMS_FOREACH)
        return false;
    if (!tests_not_nil(t->iter_stmt->iter.filter, t, e->sym)) {
        guard_ctx g = {.t = t, .prop = e->sym, .at = at};
        if (at && t->iter_stmt->body)
            gma_walk(t->iter_stmt->body, false, guarding_if, NULL, &g);
        if (!g.found)
            return false;
    }
    stores_ctx c = {.em = em, .prop = e->sym, .depth = 8}; /* any store in the loop is one too many */
    gma_walk(t->iter_stmt->body, false, stores_stmt, stores_expr, &c);
    return !c.stored && !c.bad && prop_fits_or_nil(em, e->sym, depth);
}

static bool proven(const cg_emit *em, const gm_expr *e, int depth)
{
    if (!e || depth > 8)
        return false;
    if (e->kind == GME_PROP && e->sym && e->a)
        return filtered_prop(em, e, depth + 1, NULL);
    if (e->kind == GME_ID && e->sym) {
        if (e->sym->kind == GMSYM_ITER)
            return true;
        if (e->sym->kind != GMSYM_VAR || !em->proc || !em->proc->body)
            return false;
        /* a local set once, by its declaration, to a value in range */
        init_ctx c = {.sym = e->sym};
        gma_walk(em->proc->body, false, init_stmt, init_expr, &c);
        if (c.other || c.decls != 1 || !c.init)
            return false;
        if (c.init->kind == GME_PROP && c.init->sym && c.init->a) /* Node s = t.P; under t.P != NIL */
            return filtered_prop(em, c.init, depth + 1, c.decl);
        return proven(em, c.init, depth + 1);
    }
    if (e->kind == GME_CALL && e->builtin >= 0 && e->a) {
        switch ((gm_builtin)e->builtin) {
        case GMB_NBR_TO_EDGE:
            return e->a->kind == GME_ID && e->a->sym && e->a->sym->kind == GMSYM_ITER;
        case GMB_EDGE_FROM_NODE:
        case GMB_EDGE_TO_NODE:
            return proven(em, e->a, depth + 1);
        default:
            return false;
        }
    }
    return false;
}

bool cg_nil_proven(const cg_emit *em, const gm_expr *index)
{
    return proven(em, index, 0);
}

static bool node_or_edge(const gm_expr *index)
{
    return index && index->type && (index->type->kind == GMT_NODE || index->type->kind == GMT_EDGE);
}

bool cg_nil_needed(const cg_emit *em, const gm_expr *index)
{
    return em->par_depth > 0 && node_or_edge(index) && !cg_nil_guarded(em, index) && !cg_nil_proven(em, index);
}

/* ---- guards: index expressions a statement checked before its writes ---- */

static int guard_of(const cg_emit *em, const gm_expr *e)
{
    for (int i = em->nil.nguard - 1; i >= 0; i--)
        if (em->nil.guard[i] == e)
            return i;
    return -1;
}

bool cg_nil_guarded(const cg_emit *em, const gm_expr *index)
{
    return em->nil.nguard > 0 && guard_of(em, index) >= 0;
}

bool cg_nil_subst(cg_emit *em, const gm_expr *e)
{
    int i = em->nil.nguard > 0 ? guard_of(em, e) : -1;
    if (i < 0 || !em->nil.guard_text[i])
        return false;
    cg_printf(em, "%s", em->nil.guard_text[i]);
    return true;
}

static void guard_push(cg_emit *em, const gm_expr *e, char *text)
{
    em->nil.guard[em->nil.nguard] = e;
    em->nil.guard_text[em->nil.nguard] = text;
    em->nil.nguard++;
}

static void guard_pop(cg_emit *em, int to)
{
    while (em->nil.nguard > to) {
        em->nil.nguard--;
        free(em->nil.guard_text[em->nil.nguard]);
        em->nil.guard_text[em->nil.nguard] = NULL;
    }
}

/* ---- sites and slots ------------------------------------------------------ */

/* What the message calls the value: "p", "n.parent", "n.PickRandomNbr()",
 * else "a node" or "an edge". */
static char *describe(const gm_expr *index)
{
    if (index->kind == GME_ID && index->sym)
        return cg_strf("%s", index->sym->name);
    if (index->kind == GME_PROP && index->a && index->a->kind == GME_ID && index->a->sym && index->sym)
        return cg_strf("%s.%s", index->a->sym->name, index->sym->name);
    if (index->kind == GME_CALL && index->a && index->a->kind == GME_ID && index->a->sym && index->name &&
        !index->args)
        return cg_strf("%s.%s()", index->a->sym->name, index->name);
    return cg_strf("%s", index->type && index->type->kind == GMT_EDGE ? "an edge" : "a node");
}

/* The slot for code emitted now (NULL: none in scope), and whether it is the device's. */
static const char *slot_now(cg_emit *em, bool *device)
{
    const char *dev = em->tg->nil_slot ? em->tg->nil_slot(em) : NULL;
    *device = dev != NULL;
    if (dev)
        return dev;
    return em->nil.host_slot ? "&_c_nil" : NULL;
}

/* Records a site; returns its code (twice its number from the statement's first). */
static int site_add(cg_emit *em, const gm_symbol *prop, const gm_expr *index, bool device)
{
    if (em->nil.nsites == em->nil.cap) {
        em->nil.cap = em->nil.cap ? 2 * em->nil.cap : 8;
        em->nil.sites = realloc(em->nil.sites, (size_t)em->nil.cap * sizeof *em->nil.sites);
        if (!em->nil.sites)
            gm_out_of_memory("code generation", 0);
    }
    char *what = describe(index);
    em->nil.sites[em->nil.nsites].where = cg_strf("%s:%d: %s.%s", em->src_base, index->loc.line, what, prop->name);
    em->nil.sites[em->nil.nsites].device = device;
    free(what);
    em->nil.nsites++;
    if (!device)
        em->nil.host_used = true;
    return 2 * (em->nil.nsites - em->nil.base);
}

/* ---- a read ---------------------------------------------------------------- */

static void fallback_value(cg_emit *em, const gm_type *elem)
{
    gm_type_kind k = elem ? elem->kind : GMT_INT;
    if (k == GMT_NODE)
        cg_printf(em, "GMRT_NIL_NODE");
    else if (k == GMT_EDGE)
        cg_printf(em, "GMRT_NIL_EDGE");
    else
        cg_printf(em, "(%s)0", cg_ctype(elem));
}

bool cg_nil_read(cg_emit *em, const gm_symbol *prop, const gm_expr *index)
{
    if (em->nil.lvalue || !cg_nil_needed(em, index) || em->nil.nguard >= CG_NIL_GUARDS)
        return false;
    bool device;
    const char *slot = slot_now(em, &device);
    if (!slot)
        return false;
    int code = site_add(em, prop, index, device);
    char *v = cg_fresh(em, "v");
    char *count = cg_prop_count(em, prop->type);
    /* ({ T v = index; in range ? prop[v] : 0; }): index evaluated once */
    cg_printf(em, "({ %s %s = ", cg_ctype(index->type), v);
    cg_expr(em, index);
    cg_printf(em, "; _c_nil_ok((int64_t)%s, %s, %d, %s) ? ", v, count, code, slot);
    gm_foreign_seg seg = {.text = v};
    gm_expr at = {.kind = GME_FOREIGN, .loc = index->loc, .type = index->type, .foreign = &seg};
    int mark = em->nil.nguard;
    guard_push(em, &at, NULL);
    cg_prop_elem(em, prop, &at);
    guard_pop(em, mark);
    cg_printf(em, " : ");
    fallback_value(em, prop->type ? prop->type->elem : NULL);
    cg_printf(em, "; })");
    free(count);
    free(v);
    return true;
}

/* ---- statements -------------------------------------------------------- */

/* Whether a target before through the same variable checks index already
 * (<s.a; s.b> min= ...): the guard needs it once. */
static bool same_id_target(const gm_expr *const *targets, int n, const gm_expr *index)
{
    for (int i = 0; i < n; i++)
        if (index->kind == GME_ID && targets[i]->a->kind == GME_ID && targets[i]->a->sym == index->sym)
            return true;
    return false;
}

/* Parallel code: the property targets of s reached through unchecked
 * values are checked first; s runs only when all are in range. */
static void par_stmt(cg_emit *em, const gm_stmt *s, void (*emit)(cg_emit *em, const gm_stmt *s))
{
    const gm_expr *targets[CG_NIL_GUARDS];
    int n = 0;
    if (s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX)
        for (const gm_expr *l = s->lhs; l; l = l->next)
            if (l->kind == GME_PROP && l->sym && cg_nil_needed(em, l->a) && n < CG_NIL_GUARDS)
                targets[n++] = l;
    bool device;
    const char *slot = n > 0 ? slot_now(em, &device) : NULL;
    if (!slot || em->nil.nguard + n > CG_NIL_GUARDS) {
        emit(em, s); /* none, or no slot: the fallback check of each target */
        return;
    }
    const int mark = em->nil.nguard;
    char *cond = NULL;
    bool opened = false;
    for (int i = 0; i < n; i++) {
        const gm_expr *l = targets[i];
        if (same_id_target(targets, i, l->a)) {
            guard_push(em, l->a, NULL);
            continue;
        }
        char *idx = cg_expr_str(em, l->a);
        char *text = NULL;
        if (l->a->kind != GME_ID) { /* evaluated once, before the statement */
            if (!opened) {
                cg_line(em, "{");
                em->indent++;
                opened = true;
            }
            text = cg_fresh(em, "v");
            cg_line(em, "%s %s = %s;", cg_ctype(l->a->type), text, idx);
        }
        char *count = cg_prop_count(em, l->sym->type);
        int code = site_add(em, l->sym, l->a, device);
        char *piece = cg_strf("%s_c_nil_ok((int64_t)%s, %s, %d, %s)", cond ? " && " : "", text ? text : idx, count,
                              code, slot);
        char *joined = cg_strf("%s%s", cond ? cond : "", piece);
        free(cond);
        free(piece);
        cond = joined;
        free(count);
        free(idx);
        guard_push(em, l->a, text);
    }
    cg_line(em, "if (%s) { /* skipped when the node or edge is NIL (reported after the loop) */", cond);
    em->indent++;
    emit(em, s);
    em->indent--;
    cg_line(em, "}");
    if (opened) {
        em->indent--;
        cg_line(em, "}");
    }
    guard_pop(em, mark);
    free(cond);
}

/* Host code: the report of the sites recorded since base, then none pending. */
static void report(cg_emit *em, int base)
{
    if (em->nil.nsites <= base)
        return;
    bool host = false, device = false;
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "static const char *const _c_nil_at[] = {");
    for (int i = base; i < em->nil.nsites; i++) {
        cg_line(em, "    \"%s\",", em->nil.sites[i].where);
        host = host || !em->nil.sites[i].device;
        device = device || em->nil.sites[i].device;
        free(em->nil.sites[i].where);
    }
    cg_line(em, "};");
    if (host)
        cg_line(em, "_c_nil_report(_c_nil, _c_nil_at);");
    if (device && em->tg->nil_take)
        cg_line(em, "_c_nil_report(%s, _c_nil_at);", em->tg->nil_take);
    em->indent--;
    cg_line(em, "}");
    em->nil.nsites = base;
}

/* Any checked access of a parallel construct under s. */
typedef struct scan_ctx {
    const cg_emit *em;
    bool found;
} scan_ctx;

static bool scan_expr(const gm_expr *e, void *v)
{
    scan_ctx *c = v;
    if (e->kind == GME_PROP && node_or_edge(e->a) && !cg_nil_proven(c->em, e->a))
        c->found = true;
    return !c->found;
}

static bool wants_slot(const cg_emit *em, const gm_stmt *s)
{
    if (!((s->kind == GMS_FOREACH && s->parallel) || s->kind == GMS_BFS))
        return false;
    scan_ctx c = {.em = em};
    gma_walk(s, false, NULL, scan_expr, &c);
    return c.found;
}

/* Prints text with each non-empty line one level deeper. */
static void put_indented(cg_emit *em, const char *text)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
        if (len > 1 || *p != '\n')
            fputs("    ", em->out);
        fwrite(p, 1, len, em->out);
        p += len;
    }
}

static void host_stmt(cg_emit *em, const gm_stmt *s, void (*emit)(cg_emit *em, const gm_stmt *s))
{
    const int base = em->nil.base;
    if (!wants_slot(em, s)) {
        em->nil.base = em->nil.nsites;
        emit(em, s);
        report(em, em->nil.base); /* device sites of kernels below */
        em->nil.base = base;
        return;
    }
    /* The statement into a buffer: the block around it, with the slot,
     * only when a check was emitted in it. */
    const bool host_slot = em->nil.host_slot, host_used = em->nil.host_used;
    cg_capture cap;
    cg_capture_begin(em, &cap);
    em->nil.base = em->nil.nsites;
    em->nil.host_slot = true;
    em->nil.host_used = false;
    emit(em, s);
    char *text = cg_capture_end(em, &cap);
    const bool used = em->nil.host_used;
    if (em->nil.nsites > em->nil.base || used) {
        cg_line(em, "{");
        if (used)
            cg_line(em, "    int32_t _c_nil = 0; /* the first failing check below (gm_cgen/cg_nil.c) */");
        put_indented(em, text);
        em->indent++;
        report(em, em->nil.base);
        em->indent--;
        cg_line(em, "}");
    } else {
        fputs(text, em->out);
    }
    free(text);
    em->nil.base = base;
    em->nil.host_slot = host_slot;
    em->nil.host_used = host_used;
}

void cg_nil_stmt(cg_emit *em, const gm_stmt *s, void (*emit)(cg_emit *em, const gm_stmt *s))
{
    if (em->par_depth > 0)
        par_stmt(em, s, emit);
    else
        host_stmt(em, s, emit);
}
