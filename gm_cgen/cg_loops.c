/* cg_loops.c: Foreach and For over every range, parallel regions and the
 * buffers of deferred assignments.
 *
 * Only the outermost parallel loop becomes "#pragma omp parallel for";
 * loops nested in it run sequentially inside their thread. The schedule is
 * dynamic when the body walks neighbours (the work per iteration follows the
 * degree, which is skewed on real graphs), in chunks of about 1/64 of a
 * thread's share, static otherwise. That is the host translation of both
 * targets (CUDA host code is built with -Xcompiler -fopenmp); a target
 * takes a parallel loop over through tg->parallel_loop. */
#include "cg_emit.h"

#include "builtins.h"
#include "oom.h"

#include <stdlib.h>
#include <string.h>

static bool is_nbr_loop(const gm_stmt *s, void *ctx)
{
    (void)ctx;
    if ((s->kind == GMS_FOREACH && s->iter.range != GMR_NODES && s->iter.range != GMR_EDGES) ||
        s->kind == GMS_BFS || s->kind == GMS_DFS)
        return false; /* found: stop the walk */
    return true;
}

static bool is_nbr_expr(const gm_expr *e, void *ctx)
{
    (void)ctx;
    return !(e->kind == GME_REDUCE && e->iter.range != GMR_NODES);
}

bool cg_body_has_nbr_loop(const gm_stmt *body)
{
    return !gma_walk(body, false, is_nbr_loop, is_nbr_expr, NULL);
}

/* Fewer iterations than this run on one thread: a fork-join costs more. */
#define OMP_MIN_PARALLEL_TRIP 256

const char *cg_schedule_kind(const gm_stmt *body, bool counted)
{
    return !cg_body_has_nbr_loop(body) ? "static" : counted ? "dynamic(chunk)" : "dynamic(64)";
}

void cg_par_begin(cg_emit *em, cg_par *par, gm_symbol *iter, gm_range_kind range,
                   const gm_stmt *body, const char *graph, const char *trip, const gm_stmt *loop, bool reverse)
{
    memset(par, 0, sizeof *par);
    par->region.iter = iter;
    par->region.range = range;
    par->region.declared_inside = calloc((size_t)em->nsyms + 1, sizeof(bool));
    if (!par->region.declared_inside)
        gm_out_of_memory("code generation", 0);
    cg_mark_declared(em, body, &par->region);
    char *reductions = cg_reduction_clauses(em, body, &par->region);
    char *clauses = trip ? cg_strf("%s if(%s >= %d)", reductions, trip, OMP_MIN_PARALLEL_TRIP)
                         : cg_strf("%s", reductions);
    par->nargmin = cg_collect_scalar_argmin(em, body, &par->region, par->argmins, 16);
    if (par->region.needs_locks) {
        char *lock = cg_fresh(em, "lock");
        par->region.lock_name = lock;
        cg_line(em, "int32_t *%s = (int32_t *)_c_zalloc((size_t)(%s->num_nodes > %s->num_edges ? "
                     "%s->num_nodes : %s->num_edges) + 1, sizeof(int32_t));",
                 lock, graph, graph, graph, graph);
    }
    /* dynamic chunks sized from the trip count (_c_chunk in the prologue) */
    char *count = trip ? cg_strf("%s", trip)
                  : range == GMR_NODES && graph ? cg_strf("%s->num_nodes", graph)
                  : range == GMR_EDGES && graph ? cg_strf("%s->num_edges", graph) : NULL;
    /* the target's decision for the loop's record (gma_decision.h), else
     * the same rule here (loops without a record of their own) */
    const char *kind = gma_decision(gma_decisions_of(em->decided, loop, reverse), "schedule");
    if (!kind)
        kind = cg_schedule_kind(body, count != NULL);
    char *sched = strcmp(kind, "static") == 0 ? cg_strf("schedule(static)")
                  : count && strcmp(kind, "dynamic(chunk)") == 0 ? cg_strf("schedule(dynamic, _c_chunk(%s))", count)
                                                                 : cg_strf("schedule(dynamic, 64)");
    free(count);
    const bool thread_decl = loop && loop == em->thread_loop && em->thread_decl && em->par_depth == 0;
    if (par->nargmin > 0 || thread_decl) {
        /* Scalar arg-min/max targets: each thread keeps its own best,
         * merged once per thread at the end; a target's per-thread
         * declaration (em->thread_decl) comes first. */
        if (trip)
            cg_line(em, "#pragma omp parallel if(%s >= %d)", trip, OMP_MIN_PARALLEL_TRIP);
        else
            cg_line(em, "#pragma omp parallel");
        cg_line(em, "{");
        em->indent++;
        par->opened = true;
        if (thread_decl) {
            cg_line(em, "%s", em->thread_decl);
            em->thread_decl_made = true;
        }
        par->saved_names = calloc((size_t)em->nsyms + 1, sizeof(char *));
        for (int i = 0; i < par->nargmin; i++) {
            for (const gm_expr *l = par->argmins[i]->lhs; l; l = l->next) {
                if (l->kind != GME_ID || !l->sym || par->saved_names[l->sym->id])
                    continue;
                char *priv = cg_fresh(em, "my");
                par->saved_names[l->sym->id] = cg_strf("%s", cg_name(em, l->sym));
                cg_line(em, "%s %s = %s;", cg_ctype(l->type), priv, cg_name(em, l->sym));
                cg_set_name(em, l->sym, priv);
                free(priv);
            }
        }
        cg_line(em, "#pragma omp for %s%s", sched, reductions); /* the if() is the parallel's */
    } else {
        cg_line(em, "#pragma omp parallel for %s%s", sched, clauses);
    }
    free(sched);
    free(clauses);
    free(reductions);
    em->par_depth++;
    em->region = &par->region;
}

void cg_par_end(cg_emit *em, cg_par *par)
{
    em->par_depth--;
    em->region = NULL;
    if (par->opened && par->nargmin > 0) {
        cg_line(em, "#pragma omp critical");
        cg_line(em, "{");
        em->indent++;
        bool *done = calloc((size_t)em->nsyms + 1, 1), *copied = calloc((size_t)em->nsyms + 1, 1);
        if (!done || !copied)
            gm_out_of_memory("code generation", 0);
        for (int i = 0; i < par->nargmin; i++) {
            const gm_stmt *s = par->argmins[i];
            if (done[s->lhs->sym->id])
                continue;
            done[s->lhs->sym->id] = true;
            const char *mine = cg_name(em, s->lhs->sym);
            const char *shared = par->saved_names[s->lhs->sym->id];
            cg_line(em, "if (%s %s %s) {", mine, s->assign_op == GMA_MIN ? "<" : ">", shared);
            em->indent++;
            /* the thread with the best key takes over the target and every
             * payload of every statement on it (as if its iterations had
             * run first: no later one beats its best), not only the first
             * statement's: `<lo; a> min= ...; <lo; b> min= ...;` in one
             * loop lost b */
            for (int j = i; j < par->nargmin; j++) {
                const gm_stmt *t = par->argmins[j];
                if (t->lhs->sym != s->lhs->sym)
                    continue;
                for (const gm_expr *l = t->lhs; l; l = l->next) {
                    if (copied[l->sym->id])
                        continue;
                    copied[l->sym->id] = true;
                    cg_line(em, "%s = %s;", par->saved_names[l->sym->id], cg_name(em, l->sym));
                }
            }
            em->indent--;
            cg_line(em, "}");
        }
        free(copied);
        free(done);
        em->indent--;
        cg_line(em, "}");
    }
    if (par->opened) {
        em->indent--;
        cg_line(em, "}");
        for (int i = 0; i < em->nsyms; i++)
            if (par->saved_names[i]) {
                free(em->names[i]);
                em->names[i] = par->saved_names[i];
            }
        free(par->saved_names);
    }
    if (par->region.lock_name) {
        cg_line(em, "free(%s);", par->region.lock_name);
        free((char *)par->region.lock_name);
    }
    free(par->region.declared_inside);
}

/* ---- deferred assignments ------------------------------------------------ */

typedef struct defer_ctx {
    cg_emit *em;
    gm_symbol *bound;
    const gm_symbol *targets[32];
    int n;
} defer_ctx;

static bool find_deferred(const gm_stmt *s, void *vctx)
{
    defer_ctx *c = vctx;
    if (s->kind == GMS_ASSIGN && s->assign_op == GMA_DEFER && s->bound == c->bound && s->lhs->sym) {
        for (int i = 0; i < c->n; i++)
            if (c->targets[i] == s->lhs->sym)
                return true;
        if (c->n < 32)
            c->targets[c->n++] = s->lhs->sym;
    }
    return true;
}

/* Before the loop: a copy of each deferred target; the loop writes the copy
 * and reads the original, so every read sees the old values. Returns what
 * cg_emit_deferred_end must publish (NULL when nothing is deferred). */
void *cg_emit_deferred_begin(cg_emit *em, const gm_stmt *body, gm_symbol *bound)
{
    defer_ctx c = {.em = em, .bound = bound};
    gma_walk(body, false, find_deferred, NULL, &c);
    if (c.n == 0)
        return NULL;
    cg_line(em, "{");
    em->indent++;
    cg_scope_push(em);
    for (int i = 0; i < c.n; i++) {
        const gm_symbol *t = c.targets[i];
        const char *name = cg_name(em, t);
        char *nxt = cg_strf("_c_%s_nxt", name);
        if (t->type->kind == GMT_NODE_PROP || t->type->kind == GMT_EDGE_PROP) {
            char *count = cg_prop_count(em, t->type);
            cg_line(em, "%s%s = (%s)_c_alloc((size_t)%s, sizeof *%s);", cg_ctype(t->type), nxt,
                     cg_ctype(t->type), count, name);
            cg_line(em, "memcpy(%s, %s, (size_t)%s * sizeof *%s);", nxt, name, count, name);
            cg_scope_add_cleanup(em, cg_strf("free(%s);", nxt));
            free(count);
        } else {
            cg_line(em, "%s %s = %s;", cg_ctype(t->type), nxt, name);
        }
        free(em->deferred[t->id]);
        em->deferred[t->id] = nxt;
    }
    defer_ctx *keep = malloc(sizeof *keep);
    if (!keep)
        gm_out_of_memory("code generation", 0);
    *keep = c;
    return keep;
}

/* After the loop: the new values become the current ones. */
void cg_emit_deferred_end(cg_emit *em, void *state)
{
    defer_ctx *c = state;
    if (!c)
        return;
    for (int i = 0; i < c->n; i++) {
        const gm_symbol *t = c->targets[i];
        const char *name = cg_name(em, t);
        const char *nxt = em->deferred[t->id];
        if (t->type->kind == GMT_NODE_PROP || t->type->kind == GMT_EDGE_PROP) {
            char *count = cg_prop_count(em, t->type);
            cg_line(em, "memcpy(%s, %s, (size_t)%s * sizeof *%s);", name, nxt, count, name);
            free(count);
        } else {
            cg_line(em, "%s = %s;", name, nxt);
        }
        free(em->deferred[t->id]);
        em->deferred[t->id] = NULL;
    }
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    free(c);
}

/* ---- Foreach / For ------------------------------------------------------- */

bool cg_loop_is_parallel(const cg_emit *em, const gm_stmt *s)
{
    if (!s->parallel || em->par_depth > 0)
        return false;
    switch (s->iter.range) {
    case GMR_NODES:
    case GMR_EDGES:
    case GMR_NBRS:
    case GMR_IN_NBRS:
    case GMR_OUT_EDGES:
    case GMR_IN_EDGES:
        return true;
    case GMR_ITEMS:
        /* Elements of a Collection are collections: walked in order. */
        return s->iter.source->type && s->iter.source->type->kind != GMT_COLLECTION;
    default:
        return false;
    }
}

/* The body of a loop: the iterator's declaration (decl, may be NULL), then
 * the statements, in one C block with its own scope. */
void cg_loop_body(cg_emit *em, const gm_stmt *s, const char *decl)
{
    cg_line(em, "{");
    em->indent++;
    cg_scope_push(em);
    /* An iterator the body never reads is legal Green-Marl; the attribute
     * keeps gcc, clang and nvcc quiet about it. */
    bool unused = decl && !gma_sym_used(s->body, false, s->iter.sym) &&
                  !(s->iter.filter && gma_sym_used_expr(s->iter.filter, s->iter.sym));
    if (decl)
        cg_line(em, "%s%s", unused ? "__attribute__((unused)) " : "", decl);
    if (s->iter.filter) {
        cg_start_line(em);
        cg_printf(em, "if (!(");
        cg_expr(em, s->iter.filter);
        cg_printf(em, ")) continue;\n");
    }
    const gm_stmt *b = s->body;
    if (b && b->kind == GMS_BLOCK)
        cg_stmt_list(em, b->body);
    else if (b)
        cg_stmt(em, b);
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
}

static void set_edge_of(cg_emit *em, const gm_symbol *it, char *expr)
{
    if (gm_symbol_id_below(it, em->nsyms)) {
        free(em->edge_of[it->id]);
        em->edge_of[it->id] = expr;
    } else {
        free(expr);
    }
}

static void items_loop(cg_emit *em, const gm_stmt *s, bool par)
{
    const gm_iter *it = &s->iter;
    const gm_type *st = it->source->type;
    const char *v = cg_name(em, it->sym);
    char *src = cg_expr_str(em, it->source);
    char *i = cg_fresh(em, "i");
    char *decl = NULL;
    cg_line(em, "{");
    em->indent++;
    char *n = cg_fresh(em, "n");
    const char *g = cg_graph_of(em, it->sym->type);
    cg_par par_state;
    if (st->kind == GMT_NODE_SET) {
        char *arr = cg_fresh(em, "items");
        cg_line(em, "int64_t %s;", n);
        cg_line(em, "const gm_node_t *%s = gmrt_nodeset_items(%s, &%s);", arr, src, n);
        decl = cg_strf("gm_node_t %s = %s[%s];", v, arr, i);
        free(arr);
    } else if (st->kind == GMT_COLLECTION) {
        cg_line(em, "int64_t %s = gmrt_collection_size(%s);", n, src);
        /* C++ (the CUDA target) does not convert void * implicitly. */
        const char *ty = cg_ctype(it->sym->type);
        if (em->tg->cxx)
            decl = cg_strf("%s%s = (%s)gmrt_collection_at(%s, %s);", ty, v, ty, src, i);
        else
            decl = cg_strf("%s%s = gmrt_collection_at(%s, %s);", ty, v, src, i);
    } else {
        const char *kind = st->kind == GMT_NODE_ORDER ? "nodeorder" : "nodeseq";
        cg_line(em, "int64_t %s = gmrt_%s_size(%s);", n, kind, src);
        decl = cg_strf("gm_node_t %s = gmrt_%s_at(%s, %s);", v, kind, src, i);
    }
    if (par)
        cg_par_begin(em, &par_state, it->sym, GMR_ITEMS, s->body, g, NULL, s, false);
    if (it->reverse && st->kind != GMT_NODE_SET)
        cg_line(em, "for (int64_t %s = %s - 1; %s >= 0; %s--)", i, n, i, i);
    else
        cg_line(em, "for (int64_t %s = 0; %s < %s; %s++)", i, i, n, i);
    cg_loop_body(em, s, decl);
    if (par)
        cg_par_end(em, &par_state);
    em->indent--;
    cg_line(em, "}");
    free(n);
    free(decl);
    free(i);
    free(src);
}

/* ---- neighbour loops that skip a sorted prefix ---------------------------- */

/* For `Foreach (w: x.Nbrs) { If (w > y) {...} }` (also `y < w`, >=, <=) with y
 * a node iterator or read-only node, the row is sorted (gmrt_graph.h), so
 * the first edge that can pass is found by a binary search instead of
 * scanning the ones below y. Returns whether the test is strict (>) and
 * sets *bound to y, or returns false with *bound NULL when the loop is not
 * of that shape. The If stays, so the body sees exactly the same nodes. */
static bool sorted_lower_bound(const gm_stmt *s, const gm_expr **bound)
{
    *bound = NULL;
    if (s->iter.filter || !s->body)
        return false;
    const gm_stmt *only = s->body->kind == GMS_BLOCK ? s->body->body : s->body;
    if (!only || only->next || only->kind != GMS_IF || only->else_stmt || !only->cond ||
        only->cond->kind != GME_BINARY)
        return false;
    const gm_expr *c = only->cond;
    const gm_expr *it_side, *other;
    bool strict;
    switch (c->op) {
    case GMOP_GT: it_side = c->a; other = c->b; strict = true; break;
    case GMOP_GE: it_side = c->a; other = c->b; strict = false; break;
    case GMOP_LT: it_side = c->b; other = c->a; strict = true; break;
    case GMOP_LE: it_side = c->b; other = c->a; strict = false; break;
    default: return false;
    }
    if (!it_side || it_side->kind != GME_ID || it_side->sym != s->iter.sym || !other ||
        other->kind != GME_ID || !other->sym || other->sym == s->iter.sym ||
        !other->type || other->type->kind != GMT_NODE ||
        !(other->sym->kind == GMSYM_ITER || other->sym->readonly))
        return false;
    *bound = other;
    return strict;
}

/* When the strict bound y of `Foreach (w: x.Nbrs) { If (w > y) ...}` is
 * itself the iterator of an enclosing `Foreach (y: x.Nbrs)`, y's current
 * edge in the same sorted row: every later edge's node is >= y and every
 * earlier one <= y, so the loop starts right after it (no search; the If
 * drops duplicates of y). NULL otherwise. */
static const char *bound_edge(const cg_emit *em, const gm_stmt *s, const gm_expr *bound)
{
    const gm_expr *b = NULL;
    if (!sorted_lower_bound(s, &b) || !b || b != bound || !s->iter.source || s->iter.source->kind != GME_ID)
        return NULL;
    const gm_symbol *y = bound->sym;
    if (y->kind != GMSYM_ITER || y->iter_range != GMR_NBRS || y->iter_source != s->iter.source->sym ||
        y->id < 0 || y->id >= em->nsyms)
        return NULL;
    return em->edge_of[y->id];
}

/* Emits `gm_edge_t LO = first edge of [from, to) whose node passes the bound`. */
static void emit_row_search(cg_emit *em, const char *lo, const char *idx, const char *from,
                            const char *to, const char *bound, bool strict)
{
    char *hi = cg_fresh(em, "hi"), *mid = cg_fresh(em, "mid");
    cg_line(em, "/* the row is sorted: skip the neighbours the test below rejects */");
    cg_line(em, "gm_edge_t %s = %s, %s = %s;", lo, from, hi, to);
    cg_line(em, "while (%s < %s) {", lo, hi);
    cg_line(em, "    gm_edge_t %s = %s + (%s - %s) / 2;", mid, lo, hi, lo);
    cg_line(em, "    if (%s[%s] %s %s)", idx, mid, strict ? "<=" : "<", bound);
    cg_line(em, "        %s = %s + 1;", lo, mid);
    cg_line(em, "    else");
    cg_line(em, "        %s = %s;", hi, mid);
    cg_line(em, "}");
    free(hi);
    free(mid);
}

/* ---- node loops run over edges ------------------------------------------ */

/* What the body of an edge-collapsed loop may do: declare locals, branch,
 * loop over neighbours, assign its own locals and reduce into scalars (the
 * reduction clause merges those); no property write (two edges of one node
 * may now run on different threads), no call with effects. */
typedef struct collapse_check {
    const gm_symbol *declared[64];
    int ndeclared;
    bool ok;
} collapse_check;

static bool note_declared(const gm_stmt *s, void *vctx)
{
    collapse_check *c = vctx;
    if (s->kind == GMS_DECL)
        for (const gm_name *n = s->names; n; n = n->next) {
            if (c->ndeclared == 64)
                c->ok = false;
            else
                c->declared[c->ndeclared++] = n->sym;
        }
    return true;
}

static bool declared_inside(const collapse_check *c, const gm_symbol *sym)
{
    for (int i = 0; i < c->ndeclared; i++)
        if (c->declared[i] == sym)
            return true;
    return false;
}

static bool check_stmt(const gm_stmt *s, void *vctx)
{
    collapse_check *c = vctx;
    switch (s->kind) {
    case GMS_DECL: case GMS_IF: case GMS_BLOCK:
        return true;
    case GMS_FOREACH:
        if (s->iter.range != GMR_NBRS && s->iter.range != GMR_IN_NBRS &&
            s->iter.range != GMR_COMMON_NBRS)
            c->ok = false;
        return c->ok;
    case GMS_ASSIGN: {
        const gm_expr *l = s->lhs;
        bool scalar = l && l->kind == GME_ID && l->sym && !l->sym->is_property;
        bool reduce = s->assign_op != GMA_ASSIGN && s->assign_op != GMA_DEFER;
        if (!scalar || !(reduce || declared_inside(c, l->sym)))
            c->ok = false;
        return c->ok;
    }
    default:
        c->ok = false;
        return false;
    }
}

static bool check_expr(const gm_expr *e, void *vctx)
{
    collapse_check *c = vctx;
    if (e->kind == GME_FOREIGN || e->kind == GME_REDUCE ||
        (e->kind == GME_CALL &&
         (e->builtin < 0 || e->builtin == GMB_GRAPH_PICK_RANDOM ||
          e->builtin == GMB_NODE_PICK_RANDOM_NBR || e->builtin == GMB_UNIFORM ||
          e->builtin == GMB_RAND || (gm_builtin_get(e->builtin) && gm_builtin_get(e->builtin)->mutates))))
        c->ok = false;
    return c->ok;
}

/* The neighbour loop of `Foreach (v: G.Nodes)[(f)] { Foreach (u: v.Nbrs) {...} }`
 * when the outer body is that loop alone and the inner body only reduces into
 * scalars; NULL otherwise. */
static const gm_stmt *edge_collapsible_inner(const gm_stmt *s)
{
    if (s->kind != GMS_FOREACH || !s->parallel || s->iter.range != GMR_NODES || !s->body)
        return NULL;
    const gm_stmt *inner = s->body->kind == GMS_BLOCK ? s->body->body : s->body;
    if (!inner || inner->next || inner->kind != GMS_FOREACH || !inner->parallel ||
        inner->iter.range != GMR_NBRS || inner->iter.range_arg || !inner->iter.source ||
        inner->iter.source->kind != GME_ID || inner->iter.source->sym != s->iter.sym ||
        !inner->body)
        return NULL;
    collapse_check c = {.ok = true};
    gma_walk(inner->body, false, note_declared, NULL, &c);
    if (c.ok)
        gma_walk(inner->body, false, check_stmt, check_expr, &c);
    if (c.ok && inner->iter.filter)
        gma_walk_expr(inner->iter.filter, check_expr, &c);
    if (c.ok && s->iter.filter)
        gma_walk_expr(s->iter.filter, check_expr, &c);
    return c.ok ? inner : NULL;
}

bool cg_loop_over_edges(const gm_stmt *s)
{
    return edge_collapsible_inner(s) != NULL;
}

/* `Foreach (v: G.Nodes) { Foreach (u: v.Nbrs) { B } }` as one parallel loop
 * over the edges (v = the edge's source, u = its target): a node of very high
 * degree (an RMAT hub) is then shared among the threads instead of being one
 * long iteration for one of them. */
static void edge_loop(cg_emit *em, const gm_stmt *s, const gm_stmt *inner)
{
    const char *g = cg_graph_of(em, s->iter.sym->type);
    const char *v = cg_name(em, s->iter.sym);
    char *u = cg_strf("%s", cg_name(em, inner->iter.sym));
    char *e = cg_fresh(em, "e");
    cg_par par_state;
    cg_par_begin(em, &par_state, s->iter.sym, GMR_NODES, s->body, g, NULL, s, false);
    cg_line(em, "for (gm_edge_t %s = 0; %s < %s->num_edges; %s++)", e, e, g, e);
    cg_line(em, "{");
    em->indent++;
    cg_scope_push(em);
    /* inner's range v.Nbrs does not count: the edge index replaces it */
    bool v_used = gma_sym_used(inner->body, false, s->iter.sym) ||
                  (inner->iter.filter && gma_sym_used_expr(inner->iter.filter, s->iter.sym)) ||
                  (s->iter.filter && gma_sym_used_expr(s->iter.filter, s->iter.sym));
    cg_line(em, "%sgm_node_t %s = %s->edge_src[%s]; /* over edges: hubs are shared */",
             v_used ? "" : "__attribute__((unused)) ", v, g, e);
    if (s->iter.filter) {
        cg_start_line(em);
        cg_printf(em, "if (!(");
        cg_expr(em, s->iter.filter);
        cg_printf(em, ")) continue;\n");
    }
    set_edge_of(em, inner->iter.sym, cg_strf("%s", e));
    char *decl = cg_strf("gm_node_t %s = %s->node_idx[%s];", u, g, e);
    /* the inner loop's body, declaration and filter in their own block */
    cg_loop_body(em, inner, decl);
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    cg_par_end(em, &par_state);
    free(decl);
    free(e);
    free(u);
}

/* Foreach (u: v.UpNbrs) / v.DownNbrs: neighbours one level closer to / further
 * from the root, in the direction the traversal walks. */
void cg_bfs_updown_loop(cg_emit *em, const gm_stmt *s)
{
    if (!em->bfs) {
        cg_unsupported(em, s->loc, "UpNbrs/DownNbrs outside a BFS");
        return;
    }
    const cg_bfs_ctx *b = em->bfs;
    const char *g = b->graph;
    bool up = s->iter.range == GMR_UP_NBRS;
    /* Up walks against the traversal direction, Down along it. */
    bool use_reverse = up != b->transposed;
    char *src = cg_expr_str(em, s->iter.source);
    char *e = cg_fresh(em, "e");
    const char *v = cg_name(em, s->iter.sym);
    cg_line(em, "for (gm_edge_t %s = %s->%s[%s]; %s < %s->%s[%s + 1]; %s++) {", e, g,
             use_reverse ? "r_begin" : "begin", src, e, g, use_reverse ? "r_begin" : "begin", src, e);
    em->indent++;
    cg_scope_push(em);
    cg_line(em, "gm_node_t %s = %s->%s[%s];", v, g, use_reverse ? "r_node_idx" : "node_idx", e);
    /* A node the traversal did not reach has level -1: one less than the
     * root's, yet nobody's parent (the root has no UpNbrs). */
    if (up)
        cg_line(em, "if (%s[%s] != %s[%s] - 1 || %s[%s] < 0)", b->level, v, b->level, src, b->level, v);
    else
        cg_line(em, "if (%s[%s] != %s[%s] + 1)", b->level, v, b->level, src);
    cg_line(em, "    continue;");
    if (gm_symbol_id_below(s->iter.sym, em->nsyms)) {
        free(em->edge_of[s->iter.sym->id]);
        em->edge_of[s->iter.sym->id] =
            use_reverse ? cg_strf("%s->r_edge_idx[%s]", g, e) : cg_strf("%s", e);
    }
    const gm_stmt *body = s->body;
    if (body && body->kind == GMS_BLOCK)
        cg_stmt_list(em, body->body);
    else if (body)
        cg_stmt(em, body);
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    free(e);
    free(src);
}

void cg_foreach(cg_emit *em, const gm_stmt *s)
{
    const gm_iter *it = &s->iter;
    gm_symbol *sym = it->sym;
    const char *v = cg_name(em, sym);
    const char *g = cg_graph_of(em, sym->type);
    if (cg_nil_loop(em, s, cg_foreach)) /* a loop over a node's neighbours: the node checked first */
        return;
    bool par = cg_loop_is_parallel(em, s);
    if (par && em->tg->parallel_loop(em, s))
        return;
    void *deferred = cg_emit_deferred_begin(em, s->body, sym);
    if (it->range == GMR_ITEMS) {
        items_loop(em, s, par);
        cg_emit_deferred_end(em, deferred);
        return;
    }
    if (it->range == GMR_UP_NBRS || it->range == GMR_DOWN_NBRS) {
        cg_bfs_updown_loop(em, s);
        cg_emit_deferred_end(em, deferred);
        return;
    }
    const char *qdecl = NULL;
    const char *qcount = it->range == GMR_NODES ? em->tg->node_list(em, s, &qdecl) : NULL;
    const bool queued = qcount != NULL;
    /* balance=edges|nodes of the loop's record (a record without either
     * value, or none: the rule here) */
    const char *bv = gma_decision(gma_decisions_of(em->decided, s, false), "balance");
    const bool nodes = bv && strcmp(bv, "nodes") == 0;
    const gm_stmt *inner = par && !queued && !nodes ? edge_collapsible_inner(s) : NULL;
    if (inner) {
        edge_loop(em, s, inner);
        cg_emit_deferred_end(em, deferred);
        return;
    }
    char *src = it->source && it->range != GMR_NODES && it->range != GMR_EDGES
                    ? cg_expr_str(em, it->source) : NULL;
    char *e = cg_fresh(em, "e");
    char *decl = NULL;
    char *header = NULL;
    const gm_expr *bound = NULL; /* Nbrs loops filtered by a bound: see sorted_lower_bound */
    char *search_from = NULL;
    switch (it->range) {
    case GMR_NODES:
        if (queued) {
            header = cg_strf("for (int64_t _c_qi = 0; _c_qi < %s; _c_qi++)", qcount);
            decl = cg_strf(qdecl, v);
            break;
        }
        header = cg_strf("for (gm_node_t %s = 0; %s < %s->num_nodes; %s++)", v, v, g, v);
        break;
    case GMR_EDGES:
        header = cg_strf("for (gm_edge_t %s = 0; %s < %s->num_edges; %s++)", v, v, g, v);
        break;
    case GMR_NBRS:
        /* Where the target allows it (tg->row_search): in a CUDA kernel, a
         * warp's threads walking one row in lockstep beat each starting at
         * its own bound (triangle counting on RMAT-22 on an H200: 365 ms
         * without the search, 1654 ms with it). */
        if (!par && em->tg->row_search(em) && (sorted_lower_bound(s, &bound), bound)) {
            search_from = cg_fresh(em, "from");
            header = cg_strf("for (gm_edge_t %s = %s; %s < %s->begin[%s + 1]; %s++)", e,
                              search_from, e, g, src, e);
        } else {
            header = cg_strf("for (gm_edge_t %s = %s->begin[%s]; %s < %s->begin[%s + 1]; %s++)",
                              e, g, src, e, g, src, e);
        }
        decl = cg_strf("gm_node_t %s = %s->%s[%s];", v, g, cg_nbr_ids(em, sym, false), e);
        set_edge_of(em, sym, cg_strf("%s", e));
        break;
    case GMR_IN_NBRS:
        header = cg_strf("for (gm_edge_t %s = %s->r_begin[%s]; %s < %s->r_begin[%s + 1]; %s++)", e,
                          g, src, e, g, src, e);
        decl = cg_strf("gm_node_t %s = %s->%s[%s];", v, g, cg_nbr_ids(em, sym, true), e);
        set_edge_of(em, sym, cg_strf("%s->r_edge_idx[%s]", g, e));
        break;
    case GMR_OUT_EDGES:
        header = cg_strf("for (gm_edge_t %s = %s->begin[%s]; %s < %s->begin[%s + 1]; %s++)", v, g,
                          src, v, g, src, v);
        break;
    case GMR_IN_EDGES:
        header = cg_strf("for (gm_edge_t %s = %s->r_begin[%s]; %s < %s->r_begin[%s + 1]; %s++)", e,
                          g, src, e, g, src, e);
        decl = cg_strf("gm_edge_t %s = %s->r_edge_idx[%s];", v, g, e);
        break;
    case GMR_COMMON_NBRS: {
        char *other = cg_expr_str(em, it->range_arg);
        cg_line(em, "{");
        em->indent++;
        const char *rt = em->tg->runtime(em);
        cg_line(em, "%s_common_iter %s;", rt, e);
        cg_line(em, "%s_common_nbrs_init(&%s, %s, %s, %s);", rt, e, g, src, other);
        header = cg_strf("for (__attribute__((unused)) gm_node_t %s; "
                          "(%s = %s_common_nbrs_next(&%s)) != GMRT_NIL_NODE;)", v, v, rt, e);
        free(other);
        break;
    }
    default:
        cg_unsupported(em, s->loc, "this iteration range");
        header = cg_strf("for (;0;)");
        break;
    }
    if (search_from) {
        cg_line(em, "{");
        em->indent++;
        char *from = cg_strf("%s->begin[%s]", g, src), *to = cg_strf("%s->begin[%s + 1]", g, src);
        char *node_idx = cg_strf("%s->node_idx", g), *b = cg_expr_str(em, bound);
        const char *at = bound_edge(em, s, bound);
        if (at)
            cg_line(em, "gm_edge_t %s = %s + 1; /* the row is sorted and %s is at edge %s of it: start after it */",
                     search_from, at, b, at);
        else
            emit_row_search(em, search_from, node_idx, from, to, b, sorted_lower_bound(s, &bound));
        free(from);
        free(to);
        free(node_idx);
        free(b);
    }
    cg_par par_state;
    if (par) /* a list: in parallel only when long enough */
        cg_par_begin(em, &par_state, sym, it->range, s->body, g, qcount, s, false);
    cg_line(em, "%s", header);
    cg_loop_body(em, s, decl);
    if (par)
        cg_par_end(em, &par_state);
    if (it->range == GMR_COMMON_NBRS || search_from) {
        em->indent--;
        cg_line(em, "}");
    }
    cg_emit_deferred_end(em, deferred);
    free(search_from);
    free(header);
    free(decl);
    free(e);
    free(src);
}
