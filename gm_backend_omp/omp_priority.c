/* omp_priority.c: a monotone frontier loop's rounds as one nearest-first
 * run on the OpenMP target (delta-stepping), when gma_monotone_shape finds
 * that the order of relaxations is free.
 *
 * Why: Bellman-Ford's rounds relax a node every time its key drops, a value
 * at a time; on a road grid that is about 9,000 rounds for SSSP, and most
 * nodes are relaxed many times before their distance settles. Relaxing the
 * nearest keys first settles most nodes on their first relaxation.
 *
 * The run (gmrt_buckets.h): the nodes whose flag F is set after the first
 * round are queued with their keys Q; each step relaxes the team's nearest
 * bin, pushing every node it lowers into the bin of its new key; a queued
 * entry whose key is no longer the node's (lowered again since) is skipped.
 * The bin width delta is the mean |term| over the edges of a sample of
 * nodes, times GMRT_BK_SCALE over the mean degree. An Int or Float key is
 * queued in the 8-byte entries (gmrt_bk_entry_i32, _f32), any other in the
 * 16-byte ones. How the run replaces the rounds, and why the loop ends in
 * the same state: gma_monotone.h. */
#include "omp_emit.h"

#include <stdlib.h>

/* The entry kind of a's key: "_i32", "_f32" (8-byte entries, the key
 * compared and pushed as it is) or "" (gmrt_bk_entry: the key as a double). */
static const char *entry_kind(const gma_monotone *a)
{
    switch (a->q->type->elem->kind) {
    case GMT_INT:
        return "_i32";
    case GMT_FLOAT:
        return "_f32";
    default:
        return "";
    }
}

/* The cast a key takes to be stored in or compared with that entry's key. */
static const char *key_cast(const gma_monotone *a) { return *entry_kind(a) ? "" : "(double)"; }

bool omp_priority_possible(const gm_stmt *loop, const gma_frontier *w, gma_monotone *a)
{
    return gma_monotone_shape(loop, w->l1, w->l2, w->flag, w->next, a) && gma_monotone_orderable(a);
}

/* `sign` turns a key into a priority: nearest first is the smallest key for
 * min= and the largest for max=. */
static void seed_and_sample(cg_emit *em, const gma_monotone *a, const gma_frontier *w, const char *g,
                            const char *sign)
{
    const char *n = cg_name(em, a->l1->iter.sym);
    const char *qn = cg_name(em, a->q), *fn = cg_name(em, w->flag);
    cg_line(em, "double _c_gsum = 0; /* delta: the term's mean |value| over the edges of a sample of nodes */");
    cg_line(em, "int64_t _c_gcnt = 0;");
    cg_line(em, "double _c_gmin = HUGE_VAL; /* and its least |value|: the bin's lightest step */");
    cg_line(em, "const int64_t _c_every = %s->num_nodes > GMRT_BK_SAMPLE_NODES ? %s->num_nodes / GMRT_BK_SAMPLE_NODES : 1;",
             g, g);
    cg_line(em, "for (int64_t _c_i = 0; _c_i < %s->num_nodes / _c_every; _c_i++) {", g);
    em->indent++;
    cg_line(em, "const gm_node_t %s = (gm_node_t)(_c_i * _c_every);", n);
    cg_monotone_edges(em, a, NULL, NULL, "_c_gmin");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "double _c_base = HUGE_VAL; /* the nearest queued key: bin 0 */");
    cg_line(em, "#pragma omp parallel for schedule(static) reduction(min:_c_base)");
    cg_line(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++)", n, n, g, n);
    cg_line(em, "    if (%s[%s] && %s(double)%s[%s] < _c_base)", fn, n, sign, qn, n);
    cg_line(em, "        _c_base = %s(double)%s[%s];", sign, qn, n);
    cg_line(em, "gmrt_buckets _c_bk;");
    const char *k = entry_kind(a);
    if (*k)
        cg_line(em, "if (!gmrt_bk_init_sized(&_c_bk, _c_threads, _c_base, gmrt_bk_delta_min(_c_gsum, _c_gcnt, _c_gmin, %s), "
                     "sizeof(gmrt_bk_entry%s)))", g, k);
    else
        cg_line(em, "if (!gmrt_bk_init(&_c_bk, _c_threads, _c_base, gmrt_bk_delta_min(_c_gsum, _c_gcnt, _c_gmin, %s)))", g);
    cg_line(em, "    gmrt_fatal(\"out of memory: cannot make the buckets of a nearest-first run\");");
}

/* The edge properties the term reads (e.len of SSSP), at most a few. */
typedef struct edge_props {
    const gm_symbol *sym[4];
    int n;
} edge_props;

static bool collect_edge_prop(const gm_expr *e, void *ctx)
{
    edge_props *p = ctx;
    if (e->kind != GME_PROP || !e->sym || !e->sym->type || e->sym->type->kind != GMT_EDGE_PROP)
        return true;
    for (int i = 0; i < p->n; i++)
        if (p->sym[i] == e->sym)
            return true;
    if (p->n < (int)(sizeof p->sym / sizeof *p->sym))
        p->sym[p->n++] = e->sym;
    return true;
}

/* Prefetches for the front entry PF ahead: its key, and the starts of its
 * row and of the edge properties the term reads there, whose offset comes
 * from the entry 2 PF ahead, prefetched the step before. A front is a
 * bin's nodes in no order: each relaxation begins with three or four
 * misses (the key, the offset, the row, the weights) that two threads
 * cannot overlap by themselves. Prefetches never fault; an out-of-date
 * entry only wastes one. */
#define PF "8"
static void prefetch_ahead(cg_emit *em, const gma_monotone *a, const char *g)
{
    const char *qn = cg_name(em, a->q);
    const bool rev = a->inner->iter.range == GMR_IN_NBRS;
    const char *begin = rev ? "r_begin" : "begin", *idx = rev ? "r_node_idx" : "node_idx";
    const char *k = entry_kind(a);
    cg_line(em, "if (_c_i + 2 * " PF " < _c_bk.nfront)");
    cg_line(em, "    __builtin_prefetch(&%s->%s[_c_bk.front%s[_c_i + 2 * " PF "].node]);", g, begin, k);
    cg_line(em, "if (_c_i + " PF " < _c_bk.nfront) { /* the relaxation " PF " entries ahead waits on memory */");
    em->indent++;
    cg_line(em, "const gm_node_t _c_pn = _c_bk.front%s[_c_i + " PF "].node;", k);
    cg_line(em, "const gm_edge_t _c_pe = %s->%s[_c_pn];", g, begin);
    cg_line(em, "__builtin_prefetch(&%s[_c_pn]);", qn);
    cg_line(em, "__builtin_prefetch(&%s->%s[_c_pe]);", g, idx);
    edge_props props = {{NULL}, 0};
    if (!rev && a->g) /* forward rows: the properties are indexed by the row's edges */
        gma_walk_expr(a->g, collect_edge_prop, &props);
    for (int i = 0; i < props.n; i++)
        cg_line(em, "__builtin_prefetch(&%s[_c_pe]);", cg_name(em, props.sym[i]));
    em->indent--;
    cg_line(em, "}");
}

/* The relaxation of one queued entry (an expression of the entry type of
 * entry_kind): skipped when stale, else its node's edges relaxed, each
 * node lowered pushed into its bin. */
static void relax_entry(cg_emit *em, const gma_monotone *a, const gma_frontier *w, const char *mark_from,
                        const char *entry)
{
    const char *n = cg_name(em, a->l1->iter.sym);
    const char *qn = cg_name(em, a->q);
    const char *xt = cg_ctype(a->x->type->elem), *qt = cg_ctype(a->q->type->elem);
    const bool is_min = a->argmin->assign_op == GMA_MIN;
    cg_line(em, "const gm_node_t %s = %s.node;", n, entry);
    cg_line(em, "%s _c_now;", qt);
    cg_line(em, "__atomic_load(&%s[%s], &_c_now, __ATOMIC_RELAXED);", qn, n);
    const char *k = entry_kind(a), *kc = key_cast(a);
    cg_line(em, "if (%s_c_now != %s.key)", kc, entry);
    cg_line(em, "    continue; /* lowered again since: its newer entry relaxes it */");
    cg_line(em, "/* %s.%s: the newest value, %s (equal at every round's end) */", n, a->x->name, a->q->name);
    cg_line(em, "const %s _c_val = (%s)_c_now;", xt, xt);
    char *atomic_fn = cg_strf("_c_atomic_%s_%s", is_min ? "min" : "max", cg_atomic_suffix(a->q->type->elem->kind));
    char *push;
    if (mark_from) { /* the node named once more: cg_monotone_edges fills in the first */
        const char *t = cg_name(em, a->inner->iter.sym);
        push = cg_strf("{ gmrt_bk_push%s(&_c_bk, _c_tid, %%s, %s_c_key, %s(double)_c_key); if (%s >= %s) "
                       "__atomic_store_n(&%s[%s], true, __ATOMIC_RELAXED); }", k, kc, is_min ? "" : "-", t,
                       mark_from, cg_name(em, w->next), t);
    } else {
        push = cg_strf("gmrt_bk_push%s(&_c_bk, _c_tid, %%s, %s_c_key, %s(double)_c_key);", k, kc, is_min ? "" : "-");
    }
    cg_monotone_edges(em, a, atomic_fn, push, NULL);
    free(atomic_fn);
    free(push);
}

void omp_priority_fixpoint(cg_emit *em, const gma_monotone *a, const gma_frontier *w, const char *mark_from)
{
    const gm_stmt *l1 = a->l1;
    const char *g = cg_graph_of(em, l1->iter.sym->type);
    const char *n = cg_name(em, l1->iter.sym);
    const char *qn = cg_name(em, a->q), *fn = cg_name(em, w->flag);
    const bool is_min = a->argmin->assign_op == GMA_MIN;
    const char *sign = is_min ? "" : "-";
    cg_marker(em, l1->loc);
    cg_line(em, "{ /* the rounds up to the fixpoint of the monotone %s= of %s, nearest keys first "
                 "(gm_backend_omp/omp_priority.c) */", is_min ? "min" : "max", a->q->name);
    em->indent++;
    cg_line(em, "#ifdef _OPENMP");
    cg_line(em, "const int _c_threads = omp_get_max_threads();");
    cg_line(em, "#else");
    cg_line(em, "const int _c_threads = 1;");
    cg_line(em, "#endif");
    seed_and_sample(em, a, w, g, sign);
    cg_line(em, "#pragma omp parallel");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "#ifdef _OPENMP");
    cg_line(em, "const int _c_tid = omp_get_thread_num();");
    cg_line(em, "#else");
    cg_line(em, "const int _c_tid = 0;");
    cg_line(em, "#endif");
    cg_line(em, "#pragma omp for schedule(static)");
    cg_line(em, "for (gm_node_t %s = 0; %s < %s->num_nodes; %s++)", n, n, g, n);
    cg_line(em, "    if (%s[%s])", fn, n);
    const char *k = entry_kind(a);
    cg_line(em, "        gmrt_bk_push%s(&_c_bk, _c_tid, %s, %s%s[%s], %s(double)%s[%s]);", k, n, key_cast(a), qn, n, sign,
             qn, n);
    cg_line(em, "for (;;) { /* a step: the team's nearest bin */");
    em->indent++;
    cg_line(em, "gmrt_bk_local_min(&_c_bk, _c_tid);");
    cg_line(em, "#pragma omp barrier");
    cg_line(em, "#pragma omp single");
    cg_line(em, "gmrt_bk_plan(&_c_bk);");
    cg_line(em, "if (_c_bk.nfront == 0)");
    cg_line(em, "    break; /* nothing queued: the fixpoint */");
    cg_line(em, "gmrt_bk_gather(&_c_bk, _c_tid);");
    cg_line(em, "#pragma omp barrier");
    cg_line(em, "#pragma omp for schedule(dynamic, 64) nowait");
    cg_line(em, "for (int64_t _c_i = 0; _c_i < _c_bk.nfront; _c_i++) {");
    em->indent++;
    prefetch_ahead(em, a, g);
    char *front = cg_strf("_c_bk.front%s[_c_i]", k);
    relax_entry(em, a, w, mark_from, front);
    free(front);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "/* its own few entries of the same bin, relaxed at once (bin fusion: gmrt_bk_fuse) */");
    cg_line(em, "for (int64_t _c_nfused; (_c_nfused = gmrt_bk_fuse(&_c_bk, _c_tid)) > 0;) {");
    em->indent++;
    cg_line(em, "const gmrt_bk_entry%s *_c_fused = _c_bk.local[_c_tid].fused.e%s;", k, k);
    cg_line(em, "for (int64_t _c_k = 0; _c_k < _c_nfused; _c_k++) {");
    em->indent++;
    relax_entry(em, a, w, mark_from, "_c_fused[_c_k]");
    em->indent--;
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "gmrt_bk_free(&_c_bk);");
    em->indent--;
    cg_line(em, "}");
}
