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
 * the parallel region (a trap on the device): never a silent access.
 * The other uses of such a value that index the graph (a degree, an edge
 * test, PickRandomNbr, an edge's end, a loop over a node's neighbours or
 * edges, a traversal's root: cg_nil_call, cg_nil_loop, cg_nil_root) are
 * checked the same way, in host code too (_c_index_at at the use). */
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

/* Records a site (where: "bfs.gm:12: p.y", taken over); returns its code
 * (twice its number from the statement's first). */
static int site_push(cg_emit *em, char *where, bool device)
{
    if (em->nil.nsites == em->nil.cap) {
        em->nil.cap = em->nil.cap ? 2 * em->nil.cap : 8;
        em->nil.sites = realloc(em->nil.sites, (size_t)em->nil.cap * sizeof *em->nil.sites);
        if (!em->nil.sites)
            gm_out_of_memory("code generation", 0);
    }
    em->nil.sites[em->nil.nsites].where = where;
    em->nil.sites[em->nil.nsites].device = device;
    em->nil.nsites++;
    if (!device)
        em->nil.host_used = true;
    return 2 * (em->nil.nsites - em->nil.base);
}

static int site_add(cg_emit *em, const gm_symbol *prop, const gm_expr *index, bool device)
{
    char *what = describe(index);
    int code = site_push(em, cg_strf("%s:%d: %s.%s", em->src_base, index->loc.line, what, prop->name), device);
    free(what);
    return code;
}

const char *cg_nil_message_site(cg_emit *em, char *message, int *code)
{
    const char *dev = em->tg->nil_slot ? em->tg->nil_slot(em) : NULL;
    if (!dev) {
        free(message);
        return NULL;
    }
    *code = site_push(em, cg_strf("!%s", message), true); /* '!': _c_nil_report prints it whole */
    free(message);
    return dev;
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

static int call_values(const gm_expr *e, const gm_expr *v[2]);
static int loop_values(const gm_stmt *s, const gm_expr *v[2]);

static bool unproven(const cg_emit *em, const gm_expr *const *v, int n)
{
    for (int i = 0; i < n; i++)
        if (node_or_edge(v[i]) && !cg_nil_proven(em, v[i]))
            return true;
    return false;
}

static bool scan_expr(const gm_expr *e, void *v)
{
    scan_ctx *c = v;
    const gm_expr *vals[2];
    if (e->kind == GME_PROP && node_or_edge(e->a) && !cg_nil_proven(c->em, e->a))
        c->found = true;
    else if (e->kind == GME_CALL && unproven(c->em, vals, call_values(e, vals)))
        c->found = true;
    return !c->found;
}

static bool scan_stmt(const gm_stmt *s, void *v)
{
    scan_ctx *c = v;
    const gm_expr *vals[2];
    if (unproven(c->em, vals, loop_values(s, vals)))
        c->found = true;
    else if ((s->kind == GMS_BFS || s->kind == GMS_DFS) && s->root && unproven(c->em, (const gm_expr *[]){s->root}, 1))
        c->found = true;
    return !c->found;
}

static bool wants_slot(const cg_emit *em, const gm_stmt *s)
{
    if (!((s->kind == GMS_FOREACH && s->parallel) || s->kind == GMS_BFS))
        return false;
    scan_ctx c = {.em = em};
    gma_walk(s, false, scan_stmt, scan_expr, &c);
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

/* ---- other uses of a Node or Edge value ------------------------------------
 * A degree (p.NumNbrs()), an edge test (p.HasEdgeTo(q)), p.PickRandomNbr(),
 * an edge's end (e.ToNode()), a loop over a node's neighbours or edges and
 * a traversal's root index the graph's arrays with the value: checked as
 * property elements are. Host code stops at the use (_c_index_at); parallel
 * code records the site in the slot and skips the use (a degree reads 0, an
 * edge test false, a node NIL, a loop runs no iteration). */

/* --distributed leaves these uses as they were: there node values are global
 * ids and the arrays a rank's local part (gm_cgen/cg_dist.c), so the local
 * counts would not bound them; the distributed layer rejects most of these
 * uses on a node that is not a loop's own. An edge test is the exception:
 * its ends are checked as global ids against the global node count
 * (count_of), as the single-process program checks them. */
static bool distributed(const cg_emit *em)
{
    return em->target_name && strstr(em->target_name, "--distributed");
}

static bool is_edge_test(const gm_expr *e)
{
    return e->kind == GME_CALL && (e->builtin == GMB_NODE_HAS_EDGE_TO || e->builtin == GMB_NODE_IS_NBR_FROM);
}

/* global: v is a global id (an edge test's end under --distributed). */
static bool use_needed(const cg_emit *em, const gm_expr *v, bool global)
{
    return node_or_edge(v) && (global || !distributed(em)) && !cg_nil_guarded(em, v) && !cg_nil_proven(em, v);
}

/* The values the built-in call e indexes the graph with (at most 2). */
static int call_values(const gm_expr *e, const gm_expr *v[2])
{
    if (e->kind != GME_CALL || e->builtin < 0 || !e->a)
        return 0;
    switch ((gm_builtin)e->builtin) {
    case GMB_NODE_NUM_NBRS:
    case GMB_NODE_NUM_IN_NBRS:
    case GMB_NODE_PICK_RANDOM_NBR:
    case GMB_NODE_COUNT_LINKED:
    case GMB_EDGE_FROM_NODE:
    case GMB_EDGE_TO_NODE:
        v[0] = e->a;
        return 1;
    case GMB_NODE_HAS_EDGE_TO:
    case GMB_NODE_IS_NBR_FROM:
        v[0] = e->a;
        v[1] = e->args;
        return e->args ? 2 : 1;
    default:
        return 0;
    }
}

/* The values a loop over a node's neighbours or edges indexes the graph with. */
static int loop_values(const gm_stmt *s, const gm_expr *v[2])
{
    if (s->kind != GMS_FOREACH || !s->iter.source)
        return 0;
    switch (s->iter.range) {
    case GMR_NBRS:
    case GMR_IN_NBRS:
    case GMR_OUT_EDGES:
    case GMR_IN_EDGES:
        v[0] = s->iter.source;
        return 1;
    case GMR_COMMON_NBRS:
        v[0] = s->iter.source;
        v[1] = s->iter.range_arg;
        return s->iter.range_arg ? 2 : 1;
    default:
        return 0;
    }
}

static const char *range_word(gm_range_kind r)
{
    switch (r) {
    case GMR_NBRS: return "Nbrs";
    case GMR_IN_NBRS: return "InNbrs";
    case GMR_OUT_EDGES: return "OutEdges";
    case GMR_IN_EDGES: return "InEdges";
    default: return "CommonNbrs";
    }
}

/* "p.NumNbrs()", "p.HasEdgeTo(q)", "p.Nbrs", "p.CommonNbrs(q)". */
static char *use_text(const char *word, const gm_expr *recv, const gm_expr *arg, bool call)
{
    char *r = describe(recv), *a = arg ? describe(arg) : NULL;
    char *t = cg_strf("%s.%s%s%s%s", r, word, call || a ? "(" : "", a ? a : "", call || a ? ")" : "");
    free(r);
    free(a);
    return t;
}

static char *site_where(const cg_emit *em, const gm_expr *v, const char *what)
{
    return cg_strf("%s:%d: %s", em->src_base, v->loc.line, what);
}

static char *count_of(cg_emit *em, const gm_expr *v)
{
    if (distributed(em)) { /* a global id: the target's G.NumNodes(), the global count */
        gm_expr num = {.kind = GME_CALL, .builtin = GMB_GRAPH_NUM_NODES, .loc = v->loc};
        return cg_expr_str(em, &num);
    }
    return cg_strf("%s->%s", cg_graph_of(em, v->type), v->type->kind == GMT_EDGE ? "num_edges" : "num_nodes");
}

/* Host code (or no slot in scope): v checked where it is used. */
static char *index_at_str(cg_emit *em, const gm_expr *v, const char *where)
{
    char *x = cg_expr_str(em, v), *count = count_of(em, v);
    char *t = cg_strf("((%s)_c_index_at(%s, %s, \"%s\"))", cg_ctype(v->type), x, count, where);
    free(x);
    free(count);
    return t;
}

/* Parallel code: `_c_nil_ok(...)` of the value text x (evaluated once by the caller). */
static char *nil_ok_str(cg_emit *em, const gm_expr *v, const char *x, const char *where, const char *slot,
                        bool device)
{
    char *count = count_of(em, v);
    int code = site_push(em, cg_strf("%s", where), device);
    char *t = cg_strf("_c_nil_ok((int64_t)%s, %s, %d, %s)", x, count, code, slot);
    free(count);
    return t;
}

/* cond (NULL or a condition text) && the check of v's value text x at the
 * site "what": the conjunction a parallel use of several values guards by */
static char *and_nil_ok(cg_emit *em, char *cond, const gm_expr *v, const char *x, const char *what, const char *slot,
                        bool device)
{
    char *where = site_where(em, v, what);
    char *ok = nil_ok_str(em, v, x, where, slot, device);
    char *joined = cg_strf("%s%s%s", cond ? cond : "", cond ? " && " : "", ok);
    free(cond);
    free(ok);
    free(where);
    return joined;
}

/* The values among v[0, n) that need a check, into need; 0 when none does
 * or when their guards would not fit (CG_NIL_GUARDS), as before either
 * caller treats it: the use is printed as it is. */
static int uses_needed(const cg_emit *em, const gm_expr *const *v, int n, const gm_expr **need, bool global)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (use_needed(em, v[i], global))
            need[k++] = v[i];
    return em->nil.nguard + k > CG_NIL_GUARDS ? 0 : k;
}

bool cg_nil_call(cg_emit *em, const gm_expr *e)
{
    const gm_expr *v[2] = { NULL, NULL }, *need[2];
    int n = call_values(e, v), k = uses_needed(em, v, n, need, is_edge_test(e));
    if (k == 0)
        return false;
    char *what = use_text(e->name ? e->name : "call", e->a, n > 1 ? v[1] : NULL, true);
    const int mark = em->nil.nguard;
    bool device = false;
    const char *slot = em->par_depth > 0 ? slot_now(em, &device) : NULL;
    if (!slot) { /* host code; in parallel code only the fallback (it ends the process there) */
        for (int i = 0; i < k; i++) {
            char *where = site_where(em, need[i], what);
            guard_push(em, need[i], index_at_str(em, need[i], where));
            free(where);
        }
        cg_builtin_call(em, e);
        guard_pop(em, mark);
        free(what);
        return true;
    }
    /* ({ T v = a; ...; ok(v) && ... ? call : 0; }): each value evaluated once */
    cg_printf(em, "({ ");
    char *cond = NULL;
    for (int i = 0; i < k; i++) {
        char *x = cg_fresh(em, "v");
        cg_printf(em, "%s %s = ", cg_ctype(need[i]->type), x);
        cg_expr(em, need[i]);
        cg_printf(em, "; ");
        cond = and_nil_ok(em, cond, need[i], x, what, slot, device);
        guard_push(em, need[i], x);
    }
    cg_printf(em, "%s ? ", cond);
    cg_builtin_call(em, e);
    cg_printf(em, " : ");
    fallback_value(em, e->type);
    cg_printf(em, "; })");
    guard_pop(em, mark);
    free(cond);
    free(what);
    return true;
}

bool cg_nil_loop(cg_emit *em, const gm_stmt *s, void (*emit)(cg_emit *em, const gm_stmt *s))
{
    const gm_expr *v[2] = { NULL, NULL }, *need[2];
    int n = loop_values(s, v), k = uses_needed(em, v, n, need, false);
    if (k == 0)
        return false;
    char *what = use_text(range_word(s->iter.range), v[0], n > 1 ? v[1] : NULL, false);
    const int mark = em->nil.nguard;
    bool device = false;
    const char *slot = em->par_depth > 0 ? slot_now(em, &device) : NULL;
    if (!slot) { /* host code: stop before the loop (statements are always inside a C block) */
        for (int i = 0; i < k; i++) {
            char *where = site_where(em, need[i], what);
            char *x = cg_expr_str(em, need[i]), *count = count_of(em, need[i]);
            cg_line(em, "(void)_c_index_at(%s, %s, \"%s\");", x, count, where);
            free(x);
            free(count);
            free(where);
            guard_push(em, need[i], NULL);
        }
    } else { /* parallel code: no iteration for a NIL node (reported after the loop) */
        char *cond = NULL;
        for (int i = 0; i < k; i++) {
            char *x = cg_expr_str(em, need[i]);
            cond = and_nil_ok(em, cond, need[i], x, what, slot, device);
            free(x);
            guard_push(em, need[i], NULL);
        }
        cg_line(em, "if (%s) { /* no iteration when the node is NIL (reported after the loop) */", cond);
        em->indent++;
        free(cond);
    }
    emit(em, s);
    guard_pop(em, mark);
    if (slot) {
        em->indent--;
        cg_line(em, "}");
    }
    free(what);
    return true;
}

void cg_nil_root(cg_emit *em, const gm_expr *root, const char *what)
{
    if (!use_needed(em, root, false)) {
        cg_expr(em, root);
        return;
    }
    char *d = describe(root);
    char *t = cg_strf("%s From %s", what, d);
    free(d);
    char *where = site_where(em, root, t);
    bool device = false;
    const char *slot = em->par_depth > 0 ? slot_now(em, &device) : NULL;
    if (!slot) {
        char *x = index_at_str(em, root, where);
        cg_printf(em, "%s", x);
        free(x);
    } else { /* a NIL root: recorded, and the traversal visits nothing */
        char *x = cg_fresh(em, "v");
        cg_printf(em, "({ %s %s = ", cg_ctype(root->type), x);
        cg_expr(em, root);
        char *ok = nil_ok_str(em, root, x, where, slot, device);
        cg_printf(em, "; %s ? %s : GMRT_NIL_NODE; })", ok, x);
        free(ok);
        free(x);
    }
    free(where);
    free(t);
}
