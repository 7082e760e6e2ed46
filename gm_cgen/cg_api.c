/* cg_api.c: the generated file's prologue (includes, allocation, atomic
 * and lock helpers), the C signature of each procedure, each procedure's
 * body, and the header NAME.h with the entry procedures' prototypes. */
#include "cg_emit.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "cg_ident.h"

const char *const cg_helpers_text =
    "/* Allocation that never returns NULL (an empty array still gets a valid pointer):\n"
    " * out of memory names the size and ends the call, a run-time error (gmrt_fatal:\n"
    " * exit 1, or an error return from NAME_try). */\n"
    "static inline __attribute__((unused)) void _c_no_memory(size_t n, size_t size)\n"
    "{\n"
    "    gmrt_fatal(\"out of memory: cannot allocate %zu x %zu bytes (%.3g GB)\", n, size,\n"
    "               (double)n * (double)size / 1e9);\n"
    "}\n"
    "\n"
    "static inline __attribute__((unused)) void *_c_alloc(size_t n, size_t size)\n"
    "{\n"
    "    void *p = size && n > SIZE_MAX / size ? NULL : malloc(n && size ? n * size : 1);\n"
    "    if (!p)\n"
    "        _c_no_memory(n, size);\n"
    "    return p;\n"
    "}\n"
    "\n"
    "static inline __attribute__((unused)) void *_c_zalloc(size_t n, size_t size)\n"
    "{\n"
    "    void *p = calloc(n ? n : 1, size ? size : 1);\n"
    "    if (!p)\n"
    "        _c_no_memory(n, size);\n"
    "    return p;\n"
    "}\n"
    "\n"
    "/* The chunk of a dynamic schedule over n iterations: about 64 chunks per\n"
    " * thread (few grabs of the shared counter, still enough to even out skewed\n"
    " * degrees), 64 to 4096 iterations (smaller chunks made the thousands of\n"
    " * small BFS levels of a road grid pay a grab per 16 nodes). */\n"
    "static inline __attribute__((unused)) int _c_chunk(int64_t n)\n"
    "{\n"
    "#ifdef _OPENMP\n"
    "    int64_t c = n / ((int64_t)omp_get_max_threads() * 64);\n"
    "#else\n"
    "    int64_t c = n / 64;\n"
    "#endif\n"
    "    return c < 64 ? 64 : c > 4096 ? 4096 : (int)c;\n"
    "}\n"
    "\n"
    "/* Atomic updates of a shared value: compare-and-swap loops where no\n"
    " * single instruction exists. min/max return whether they stored v. */\n"
    "#define GMC_ATOMIC_OPS(S, T)                                                      \\\n"
    "    static inline __attribute__((unused)) void _c_atomic_add_##S(T *p, T v)                               \\\n"
    "    {                                                                            \\\n"
    "        T old, upd;                                                              \\\n"
    "        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \\\n"
    "        do {                                                                     \\\n"
    "            upd = old + v;                                                       \\\n"
    "        } while (!__atomic_compare_exchange(p, &old, &upd, true, __ATOMIC_RELAXED,\\\n"
    "                                            __ATOMIC_RELAXED));                  \\\n"
    "    }                                                                            \\\n"
    "    static inline __attribute__((unused)) void _c_atomic_mul_##S(T *p, T v)                               \\\n"
    "    {                                                                            \\\n"
    "        T old, upd;                                                              \\\n"
    "        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \\\n"
    "        do {                                                                     \\\n"
    "            upd = old * v;                                                       \\\n"
    "        } while (!__atomic_compare_exchange(p, &old, &upd, true, __ATOMIC_RELAXED,\\\n"
    "                                            __ATOMIC_RELAXED));                  \\\n"
    "    }                                                                            \\\n"
    "    static inline __attribute__((unused)) bool _c_atomic_min_##S(T *p, T v)                               \\\n"
    "    {                                                                            \\\n"
    "        T old;                                                                   \\\n"
    "        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \\\n"
    "        while (v < old)                                                          \\\n"
    "            if (__atomic_compare_exchange(p, &old, &v, true, __ATOMIC_RELAXED,     \\\n"
    "                                          __ATOMIC_RELAXED))                     \\\n"
    "                return true;                                                     \\\n"
    "        return false;                                                            \\\n"
    "    }                                                                            \\\n"
    "    static inline __attribute__((unused)) bool _c_atomic_max_##S(T *p, T v)                               \\\n"
    "    {                                                                            \\\n"
    "        T old;                                                                   \\\n"
    "        __atomic_load(p, &old, __ATOMIC_RELAXED);                                \\\n"
    "        while (v > old)                                                          \\\n"
    "            if (__atomic_compare_exchange(p, &old, &v, true, __ATOMIC_RELAXED,     \\\n"
    "                                          __ATOMIC_RELAXED))                     \\\n"
    "                return true;                                                     \\\n"
    "        return false;                                                            \\\n"
    "    }\n"
    "GMC_ATOMIC_OPS(i32, int32_t)\n"
    "GMC_ATOMIC_OPS(i64, int64_t)\n"
    "GMC_ATOMIC_OPS(f32, float)\n"
    "GMC_ATOMIC_OPS(f64, double)\n"
    "#undef GMC_ATOMIC_OPS\n"
    "\n"
    "/* Per-element spin locks for arg-min/max with several non-constant values. */\n"
    "static inline __attribute__((unused)) void _c_lock_acquire(int32_t *l)\n"
    "{\n"
    "    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE)) {\n"
    "        while (__atomic_load_n(l, __ATOMIC_RELAXED)) {\n"
    "        }\n"
    "    }\n"
    "}\n"
    "\n"
    "static inline __attribute__((unused)) void _c_lock_release(int32_t *l)\n"
    "{\n"
    "    __atomic_store_n(l, 0, __ATOMIC_RELEASE);\n"
    "}\n";

void cg_prologue(cg_emit *em, const char *header_name)
{
    cg_printf(em, "/* %s.c: generated by gmc -t omp from %s. Do not edit. */\n", header_name,
               em->src_base);
    cg_printf(em, "#define _POSIX_C_SOURCE 200809L\n");
    cg_printf(em, "#include \"%s.h\"\n\n", header_name);
    cg_printf(em, "#include <inttypes.h>\n#include <math.h>\n#include <stdio.h>\n"
                   "#include <stdlib.h>\n#include <string.h>\n#include <sys/stat.h>\n"
                   "#ifdef _OPENMP\n#include <omp.h>\n#endif\n\n");
    cg_printf(em, "%s\n", cg_helpers_text);
}

static bool print_params(cg_emit *em, const gm_proc *proc, bool for_header);

/* Scalar outputs are pointers named _out_NAME in the definition (the body
 * works on a local NAME and stores it back at every exit). */
void cg_signature(cg_emit *em, const gm_proc *proc, bool for_header)
{
    const char *ret = proc->ret_type ? cg_ctype(proc->ret_type) : "void";
    /* A Local procedure nobody calls is legal Green-Marl. */
    char *fn = cg_ident_name(proc->name);
    cg_printf(em, "%s%s%s%s(", proc->is_local && !for_header ? "static __attribute__((unused)) " : "", ret,
               ret[strlen(ret) - 1] == '*' ? "" : " ", fn);
    free(fn);
    if (!print_params(em, proc, for_header))
        cg_printf(em, "void");
    cg_printf(em, ")");
}

/* NAME_try: NAME's call behind a gmrt_fatal guard (gmrt_fatal.h), for callers
 * that must not end with a run-time error: 0 when the call returned (its
 * value in *_c_ret), 1 with the error's message in err otherwise. */
static void try_signature(cg_emit *em, const gm_proc *proc)
{
    char *fn = cg_ident_name(proc->name);
    cg_printf(em, "int %s_try(", fn);
    free(fn);
    if (print_params(em, proc, true))
        cg_printf(em, ", ");
    if (proc->ret_type) {
        const char *ret = cg_ctype(proc->ret_type);
        cg_printf(em, "%s%s*_c_ret, ", ret, ret[strlen(ret) - 1] == '*' ? "" : " ");
    }
    cg_printf(em, "char *_c_err, size_t _c_err_size)");
}

void cg_try_entry(cg_emit *em, const gm_proc *proc)
{
    char *fn = cg_ident_name(proc->name);
    cg_printf(em, "/* %s behind a guard: run-time errors (out of memory) come back as 1 and a message. */\n",
              fn);
    try_signature(em, proc);
    cg_printf(em, "\n{\n    gmrt_guard _c_guard;\n    if (!GMRT_GUARD(&_c_guard)) {\n"
                  "        if (_c_err && _c_err_size)\n"
                  "            snprintf(_c_err, _c_err_size, \"%%s\", _c_guard.message);\n"
                  "        return 1;\n    }\n    ");
    if (proc->ret_type)
        cg_printf(em, "*_c_ret = ");
    cg_printf(em, "%s(", fn);
    bool first = true;
    for (const gm_param *p = proc->params; p; p = p->next) {
        char *name = cg_ident_name(p->name);
        cg_printf(em, "%s%s", first ? "" : ", ", name);
        free(name);
        first = false;
    }
    cg_printf(em, ");\n    gmrt_guard_end(&_c_guard);\n    return 0;\n}\n");
    free(fn);
}

/* The parameters of proc's C signature (header names, or the body's C names
 * with _out_ for scalar outputs); false when it has none. */
static bool print_params(cg_emit *em, const gm_proc *proc, bool for_header)
{
    bool first = true;
    for (const gm_param *p = proc->params; p; p = p->next) {
        const char *ty = cg_ctype(p->type);
        char *hname = for_header ? cg_ident_name(p->name) : NULL;
        const char *name = for_header ? hname : cg_name(em, p->sym);
        bool by_ptr = p->is_output && (cg_is_prim(p->type->kind) || p->type->kind == GMT_NODE ||
                                       p->type->kind == GMT_EDGE);
        const char *sep = ty[strlen(ty) - 1] == '*' ? "" : " ";
        cg_printf(em, "%s%s%s%s%s%s", first ? "" : ", ", ty, sep, by_ptr ? "*" : "",
                   by_ptr && !for_header ? "_out_" : "", name);
        free(hname);
        first = false;
    }
    return !first;
}

typedef struct needs {
    bool reverse, edge_src;
} needs;

static bool need_stmt(const gm_stmt *s, void *vctx)
{
    needs *n = vctx;
    if (s->kind == GMS_BFS)
        n->reverse = true;
    if (s->kind == GMS_DFS && s->iter.transposed)
        n->reverse = true;
    if (s->kind == GMS_FOREACH &&
        (s->iter.range == GMR_IN_NBRS || s->iter.range == GMR_UP_NBRS ||
         s->iter.range == GMR_DOWN_NBRS || s->iter.range == GMR_IN_EDGES))
        n->reverse = true;
    if (cg_loop_over_edges(s))
        n->edge_src = true;
    return true;
}

static bool need_expr(const gm_expr *e, void *vctx)
{
    needs *n = vctx;
    if (e->kind == GME_CALL && e->builtin == GMB_NODE_NUM_IN_NBRS)
        n->reverse = true;
    if (e->kind == GME_CALL && e->builtin == GMB_NODE_COUNT_LINKED && e->bool_val)
        n->reverse = true; /* the in-row of the node the neighbours link to */
    if (e->kind == GME_CALL && e->builtin == GMB_EDGE_FROM_NODE)
        n->edge_src = true;
    if (e->kind == GME_REDUCE && e->iter.range == GMR_IN_NBRS)
        n->reverse = true;
    return true;
}

/* Names non-property symbols first, so a property that shares a name with
 * one of them is the one renamed. */
static bool name_stmt(const gm_stmt *s, void *vctx)
{
    cg_emit *em = vctx;
    if (s->kind == GMS_DECL)
        for (const gm_name *n = s->names; n; n = n->next)
            if (n->sym && !n->sym->is_property)
                cg_name(em, n->sym);
    if ((s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS) && s->iter.sym)
        cg_name(em, s->iter.sym);
    return true;
}

static bool last_is_return(const gm_stmt *list)
{
    const gm_stmt *last = NULL;
    for (; list; list = list->next)
        last = list;
    return last && last->kind == GMS_RETURN;
}

/* What a refused call returns: " 0", " GMRT_NIL_NODE", ... or "" for none. */
static const char *refused_value(const gm_proc *proc)
{
    if (!proc->ret_type)
        return "";
    if (proc->ret_type->kind == GMT_NODE)
        return " GMRT_NIL_NODE";
    if (proc->ret_type->kind == GMT_EDGE)
        return " GMRT_NIL_EDGE";
    return " 0";
}

void cg_proc(cg_emit *em, gm_proc *proc)
{
    em->proc = proc;
    cg_reset_names(em);
    for (const gm_param *p = proc->params; p; p = p->next)
        if (p->sym && !p->sym->is_property)
            cg_name(em, p->sym);
    gma_walk(proc->body, false, name_stmt, NULL, em);

    cg_printf(em, "/* %s:%d: %s %s */\n", em->src_base, proc->loc.line,
               proc->is_local ? "Local" : "Procedure", proc->name);
    cg_signature(em, proc, false);
    cg_printf(em, "\n{\n");
    em->indent = 1;
    cg_scope_push(em);
    for (const gm_param *p = proc->params; p; p = p->next) {
        bool by_ptr = p->is_output && (cg_is_prim(p->type->kind) || p->type->kind == GMT_NODE ||
                                       p->type->kind == GMT_EDGE);
        if (!by_ptr)
            continue;
        const char *n = cg_name(em, p->sym);
        cg_line(em, "%s %s = %s;", cg_ctype(p->type), n,
                 p->type->kind == GMT_NODE ? "GMRT_NIL_NODE" : p->type->kind == GMT_EDGE ? "GMRT_NIL_EDGE" : "0");
        cg_scope_add_cleanup(em, cg_strf("*_out_%s = %s;", n, n));
    }
    /* Green-Marl allows unused parameters; C's -Wextra would warn. */
    for (const gm_param *p = proc->params; p; p = p->next)
        if (!(p->is_output && (cg_is_prim(p->type->kind) || p->type->kind == GMT_NODE ||
                               p->type->kind == GMT_EDGE)) &&
            !gma_sym_used(proc->body, false, p->sym))
            cg_line(em, "(void)%s;", cg_name(em, p->sym));
    /* A UGraph is read as stored: both directions of each edge (README,
     * "The generated code"); a graph that is not so would give wrong
     * answers, so it is refused (checked once per graph, then cached). */
    for (const gm_param *p = proc->params; p; p = p->next)
        if (p->type->kind == GMT_GRAPH && p->type->undirected && !proc->is_local)
            cg_line(em, "if (!gmrt_graph_is_symmetric(%s)) {\n        gmrt_proc_fail(\"%s: the UGraph argument "
                         "%s is not symmetric: store each edge in both directions (load it with symmetrize, "
                         "gmgraph convert --symmetrize)\");\n        return%s;\n    }",
                     cg_name(em, p->sym), proc->name, p->name, refused_value(proc));
    needs nd = {false, false};
    gma_walk(proc->body, false, need_stmt, need_expr, &nd);
    if (em->tg->proc_begin(em, proc)) /* the target set up the graph and its own state */
        nd.reverse = nd.edge_src = false;
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (p->type->kind != GMT_GRAPH)
            continue;
        const char *g = cg_name(em, p->sym);
        /* Built before any parallel region: the runtime's builders are not
         * thread-safe. */
        if (nd.reverse)
            cg_line(em, "if (!gmrt_graph_make_reverse(%s))\n        gmrt_fatal(\"out of memory: cannot build the reverse edges\");", g);
        if (nd.edge_src)
            cg_line(em, "if (!gmrt_graph_make_edge_src(%s))\n        gmrt_fatal(\"out of memory: cannot build the edge sources\");", g);
    }
    const gm_stmt *body = proc->body;
    cg_stmt_list(em, body && body->kind == GMS_BLOCK ? body->body : body);
    bool ends_with_return = last_is_return(body && body->kind == GMS_BLOCK ? body->body : body);
    cg_scope_pop(em, !ends_with_return);
    /* Falling off the end (accepted with -Wmissing-return) returns the
     * type's zero value; NIL for a Node or an Edge. */
    if (proc->ret_type && !ends_with_return) {
        gm_type_kind k = proc->ret_type->kind;
        if (k == GMT_NODE || k == GMT_EDGE)
            cg_line(em, "return %s;", k == GMT_EDGE ? "GMRT_NIL_EDGE" : "GMRT_NIL_NODE");
        else
            cg_line(em, "return (%s)0;", cg_ctype(proc->ret_type));
    }
    em->indent = 0;
    cg_printf(em, "}\n\n");
}

void cg_graph_needs(const gm_stmt *body, bool *reverse, bool *edge_src)
{
    needs nd = {false, false};
    gma_walk(body, false, need_stmt, need_expr, &nd);
    *reverse = nd.reverse;
    *edge_src = nd.edge_src;
}

void cg_write_header(gm_program *p, FILE *f, const char *base, const char *target, bool try_entry)
{
    cg_emit em = {.out = f, .prog = p};
    char *cbase = cg_ident_text(base), *cfile = cg_ident_text(p->filename), *guard = cg_ident_guard(base);
    fprintf(f, "/* %s.h: generated by gmc -t %s from %s. Do not edit. */\n", cbase, target, cfile);
    fprintf(f, "#ifndef %s\n#define %s\n\n", guard, guard);
    free(guard);
    fprintf(f, "#include <stdbool.h>\n#include <stdint.h>\n\n#include \"gmrt.h\"\n\n");
    fprintf(f, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
    bool renamed = false;
    for (gm_proc *pr = p->procs; pr; pr = pr->next)
        renamed |= !pr->is_local && cg_ident_reserved(pr->name);
    if (renamed)
        fprintf(f, "/* A procedure named like a C, C++ or CUDA keyword or a library or runtime\n"
                   " * name is exported with a trailing underscore (Procedure int -> int_). */\n\n");
    for (gm_proc *pr = p->procs; pr; pr = pr->next) {
        if (pr->is_local)
            continue;
        em.proc = pr;
        fprintf(f, "/* Procedure %s (%s:%d) */\n", pr->name, cfile, pr->loc.line);
        for (const gm_param *q = pr->params; q; q = q->next)
            if (q->type->kind == GMT_GRAPH && q->type->undirected)
                fprintf(f, "/* %s is a UGraph: pass a symmetric graph, each edge stored in both directions and a\n"
                           " * self-loop once (gmrt_load_options.build.symmetrize, gmgraph convert --symmetrize);\n"
                           " * any other graph is refused: the call returns at once (0, or NIL for a Node), outputs\n"
                           " * untouched, gmrt_proc_error() says why (also on stderr). NumEdges() and Edges\n"
                           " * count each undirected edge once; an edge property has one value per stored\n"
                           " * direction (G->num_edges of them). */\n",
                        q->name);
        cg_signature(&em, pr, true);
        fprintf(f, ";\n\n");
        if (try_entry) {
            fprintf(f, "/* The same call behind a guard (gmc --try-entry, gmrt_fatal.h): 0 when it returned%s,\n"
                       " * 1 when a run-time error (out of memory, a CUDA error) ended it, with the message in\n"
                       " * _c_err (_c_err_size bytes, cut short if longer); what the call allocated is not freed. */\n",
                    pr->ret_type ? " (its value in *_c_ret)" : "");
            try_signature(&em, pr);
            fprintf(f, ";\n\n");
        }
    }
    fprintf(f, "#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
    free(cbase);
    free(cfile);
}

/* ---- what a procedure writes (for the --main driver's --out) ----------- */

typedef struct writes_ctx {
    const gm_symbol *sym;
    bool found;
} writes_ctx;

static bool lhs_is(const gm_expr *e, const gm_symbol *sym)
{
    for (; e; e = e->next)
        if ((e->kind == GME_PROP || e->kind == GME_ID) && e->sym == sym)
            return true;
    return false;
}

static bool writes_stmt(const gm_stmt *s, void *vctx)
{
    writes_ctx *c = vctx;
    if ((s->kind == GMS_ASSIGN || s->kind == GMS_ARGMINMAX || s->kind == GMS_SWAP) &&
        (lhs_is(s->lhs, c->sym) || (s->kind == GMS_SWAP && lhs_is(s->rhs, c->sym))))
        c->found = true;
    if (s->kind == GMS_FOREIGN && lhs_is(s->modified, c->sym))
        c->found = true;
    return !c->found;
}

static bool writes_expr(const gm_expr *e, void *vctx)
{
    writes_ctx *c = vctx;
    if (e->kind == GME_CALL && e->builtin < 0)
        for (const gm_expr *a = e->args; a; a = a->next)
            if (a->kind == GME_ID && a->sym == c->sym)
                c->found = true;
    if (e->kind == GME_CALL && e->builtin < 0)
        for (const gm_expr *a = e->out_args; a; a = a->next)
            if (a->kind == GME_ID && a->sym == c->sym)
                c->found = true;
    return !c->found;
}

bool cg_proc_writes(const gm_proc *proc, const gm_symbol *sym)
{
    writes_ctx c = {sym, false};
    gma_walk(proc->body, false, writes_stmt, writes_expr, &c);
    return c.found;
}
