/* cuda_capture.c: what a piece of code uses from outside itself, and whether
 * it can run on the GPU.
 *
 * A kernel gets the device graph, the device arrays of the properties it
 * touches, host scalars it reads by value, and a slot for each host scalar
 * it writes (a private accumulator per thread for reductions, combined at
 * the end of the kernel). Code that needs what a GPU thread cannot have
 * (collections, maps, procedure calls, foreign code, nested traversals,
 * printing) runs on the host instead, and the caller says so. */
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "oom.h"

bool cuda_is_mirrored(const gm_symbol *sym)
{
    const gm_type *t = sym ? sym->type : NULL;
    if (!t || (t->kind != GMT_NODE_PROP && t->kind != GMT_EDGE_PROP) || !t->elem)
        return false;
    switch (t->elem->kind) {
    case GMT_INT:
    case GMT_LONG:
    case GMT_FLOAT:
    case GMT_DOUBLE:
    case GMT_BOOL:
    case GMT_NODE:
    case GMT_EDGE:
        return true;
    default:
        return false;
    }
}

static bool is_scalar_kind(gm_type_kind k)
{
    return cg_is_prim(k) || k == GMT_NODE || k == GMT_EDGE;
}

void cuda_capture_init(cg_emit *em, cuda_capture *c)
{
    memset(c, 0, sizeof *c);
    c->ok = true;
    c->declared = calloc((size_t)em->nsyms + 1, sizeof(bool));
    if (!c->declared)
        gm_out_of_memory("CUDA code generation", 0);
}

void cuda_capture_free(cuda_capture *c)
{
    free(c->declared);
    c->declared = NULL;
}

static void refuse(cuda_capture *c, const char *why, gm_loc loc)
{
    if (c->ok) {
        c->ok = false;
        c->why = why;
        c->where = loc;
    }
}

static int find(cuda_capture *c, const gm_symbol *sym)
{
    for (int i = 0; i < c->n; i++)
        if (c->sym[i] == sym)
            return i;
    return -1;
}

static int add(cuda_capture *c, gm_symbol *sym, cuda_use use, gm_loc loc)
{
    int i = find(c, sym);
    if (i >= 0)
        return i;
    if (c->n == CU_MAX_CAPTURES) {
        refuse(c, "it uses too many variables for one kernel", loc);
        return -1;
    }
    c->sym[c->n] = sym;
    c->use[c->n] = use;
    c->op[c->n] = GMA_ASSIGN;
    c->written[c->n] = false;
    return c->n++;
}

static bool declared(const cg_emit *em, const cuda_capture *c, const gm_symbol *sym)
{
    return gm_symbol_id_below(sym, em->nsyms) && c->declared[sym->id];
}

static void declare(cg_emit *em, cuda_capture *c, const gm_symbol *sym)
{
    if (gm_symbol_id_below(sym, em->nsyms))
        c->declared[sym->id] = true;
}

/* A symbol referenced by the code. */
static void use_symbol(cg_emit *em, cuda_capture *c, gm_symbol *sym, gm_loc loc)
{
    if (!sym || !sym->type || declared(em, c, sym) || sym->kind == GMSYM_PROC)
        return;
    gm_type_kind k = sym->type->kind;
    if (k == GMT_GRAPH)
        add(c, sym, CU_GRAPH, loc);
    else if (k == GMT_NODE_PROP || k == GMT_EDGE_PROP) {
        if (cuda_is_mirrored(sym))
            add(c, sym, CU_PROP, loc);
        else
            refuse(c, "it uses a collection-valued property", loc);
    } else if (is_scalar_kind(k))
        add(c, sym, CU_READ, loc);
    else
        refuse(c, "it uses a collection or a map", loc);
}

/* A write to a scalar declared outside: op is GMA_ASSIGN for plain writes. */
static void write_scalar(cg_emit *em, cuda_capture *c, gm_symbol *sym, gm_assign_op op, gm_loc loc)
{
    if (!sym || declared(em, c, sym))
        return;
    int i = add(c, sym, CU_READ, loc);
    if (i < 0)
        return;
    bool reduction = op != GMA_ASSIGN && op != GMA_DEFER;
    gm_assign_op norm = op == GMA_MINUS ? GMA_PLUS : op;
    if (c->use[i] == CU_ARGPAY) {
        refuse(c, "an arg-min/max payload is also assigned or reduced in it", loc);
    } else if (!reduction) {
        if (c->use[i] == CU_REDUCE)
            refuse(c, "a scalar is both reduced and assigned in it", loc);
        c->use[i] = CU_WRITE;
    } else if (c->use[i] == CU_WRITE) {
        refuse(c, "a scalar is both reduced and assigned in it", loc);
    } else if (c->use[i] == CU_REDUCE && c->op[i] != norm) {
        refuse(c, "a scalar is reduced with two operators in it", loc);
    } else {
        c->use[i] = CU_REDUCE;
        c->op[i] = norm;
    }
}

/* <key; payloads> min=/max= <...> on scalars of the host: the key is reduced
 * like `key min= value`, each payload is a private copy that only the thread
 * holding the final key hands back. */
static void argmin_scalars(cg_emit *em, cuda_capture *c, const gm_stmt *s)
{
    int inside = 0, n = 0;
    for (const gm_expr *l = s->lhs; l; l = l->next, n++)
        if (l->kind != GME_ID || declared(em, c, l->sym))
            inside++;
    if (inside == n)
        return; /* all private to the thread: plain code */
    if (inside > 0) {
        refuse(c, "an arg-min/max mixes the thread's own and shared targets", s->loc);
        return;
    }
    if (c->nargmin == CU_MAX_ARGMIN) {
        refuse(c, "it holds too many arg-min/max statements", s->loc);
        return;
    }
    for (int k = 0; k < c->nargmin; k++)
        if (c->argmins[k]->lhs->sym == s->lhs->sym) {
            refuse(c, "two arg-min/max statements share a key", s->loc);
            return;
        }
    c->argmins[c->nargmin++] = s;
    write_scalar(em, c, s->lhs->sym, s->assign_op, s->loc);
    for (const gm_expr *l = s->lhs->next; l; l = l->next) {
        int i = add(c, l->sym, CU_READ, s->loc);
        if (i < 0)
            return;
        if (c->use[i] != CU_READ && c->use[i] != CU_ARGPAY)
            refuse(c, "an arg-min/max payload is also assigned or reduced in it", s->loc);
        c->use[i] = CU_ARGPAY;
    }
}

static void write_prop(cg_emit *em, cuda_capture *c, gm_symbol *sym, gm_loc loc)
{
    use_symbol(em, c, sym, loc);
    int i = find(c, sym);
    if (i >= 0)
        c->written[i] = true;
}

bool cuda_builtin_on_gpu(int b)
{
    switch ((gm_builtin)b) {
    case GMB_GRAPH_PICK_RANDOM:
    case GMB_NODE_PICK_RANDOM_NBR:
    case GMB_NODE_BFS_LEVEL:
    case GMB_UNIFORM:
    case GMB_RAND:
        return true;
    default:
        return gma_builtin_graph_query(b); /* the pure queries of both targets */
    }
}

/* ---- packed arg-min/max ---------------------------------------------------- */

static bool packable_kind(gm_type_kind k)
{
    switch (k) {
    case GMT_INT: case GMT_LONG: case GMT_FLOAT: case GMT_DOUBLE: case GMT_BOOL: case GMT_NODE: case GMT_EDGE:
        return true;
    default:
        return false;
    }
}

static bool is_node_prop(const gm_expr *e)
{
    return e && e->kind == GME_PROP && e->sym && e->sym->type && e->sym->type->kind == GMT_NODE_PROP &&
           e->sym->type->elem && packable_kind(e->sym->type->elem->kind) && cuda_is_mirrored(e->sym) &&
           e->a && e->a->kind == GME_ID && e->a->sym;
}

/* The payload targets whose values are not literals, in order; their count. */
static int nonliteral_payloads(const gm_stmt *s, const gm_expr **out, int max)
{
    int n = 0;
    const gm_expr *l = s->lhs ? s->lhs->next : NULL, *r = s->rhs ? s->rhs->next : NULL;
    for (; l && r; l = l->next, r = r->next) {
        if (cg_is_literal(r))
            continue;
        if (n < max)
            out[n] = l;
        n++;
    }
    return n;
}

/* Whether the pack updates exactly these payload targets. */
static bool same_pays(const cuda_pack *p, const gm_expr *const *pays, int n)
{
    if (p->npays != n)
        return false;
    for (int i = 0; i < n; i++)
        if (p->pays[i] != pays[i]->sym)
            return false;
    return true;
}

/* <t.K; t.P..., t.C...> op= <k; p..., literals...> (1 to CU_MAX_PAYS payloads
 * that are not literals, every target at one index t that is not the loop's
 * own iterator): joins or opens its pack; false when it cannot be packed.
 * The literal payloads are stored by the winner (every winner stores the
 * same); several non-literal ones make the pack ticketed. */
static bool add_pack(cuda_capture *c, const gm_stmt *s)
{
    const gm_expr *key = s->lhs;
    const gm_expr *pays[CU_MAX_PAYS];
    int npays = nonliteral_payloads(s, pays, CU_MAX_PAYS);
    if (!c->allow_packs || npays < 1 || npays > CU_MAX_PAYS || !is_node_prop(key) || key->a->sym == c->pack_iter)
        return false;
    for (const gm_expr *l = key->next; l; l = l->next)
        if (!is_node_prop(l) || l->sym == key->sym || l->a->sym != key->a->sym)
            return false;
    gm_type_kind kk = key->sym->type->elem->kind;
    if (kk == GMT_BOOL)
        return false; /* no order to pack by */
    bool ticketed = npays > 1;
    if (ticketed && c->ntstmt == CU_MAX_PACK_STMTS)
        return false;
    cuda_pack *p = NULL;
    for (int i = 0; i < c->npacks && !p; i++)
        if (c->packs[i].key == key->sym && same_pays(&c->packs[i], pays, npays))
            p = &c->packs[i];
    if (p) {
        p->nstmts++;
        p->mixed |= p->op != s->assign_op;
    } else {
        if (c->npacks == CU_MAX_PACKS)
            return false;
        p = &c->packs[c->npacks++];
        *p = (cuda_pack){key->sym, pays[0]->sym, s->assign_op, 1, false, ticketed, {NULL}, npays};
        for (int i = 0; i < npays; i++)
            p->pays[i] = pays[i]->sym;
    }
    if (ticketed) {
        c->tstmt[c->ntstmt] = s;
        c->tslot[c->ntstmt++] = NULL; /* found by check_packs */
    }
    return true;
}

/* ---- the slot of a ticketed update ---- */

static bool is_loop(const gm_stmt *s)
{
    return s->kind == GMS_FOREACH || s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE || s->kind == GMS_BFS ||
           s->kind == GMS_DFS;
}

typedef struct loop_search {
    const gm_stmt *target;
    const gm_stmt **stack; /* the loops around the statement entered */
    int n, max;
    bool found;
} loop_search;

static gm_walk_step search_enter(const gm_stmt *s, void *ctx)
{
    loop_search *ls = ctx;
    if (s == ls->target) {
        ls->found = true;
        return GM_WALK_STOP;
    }
    if (!is_loop(s))
        return GM_WALK_ON;
    if (ls->n == ls->max)
        return GM_WALK_SKIP; /* nested too deep to have a slot */
    ls->stack[ls->n++] = s;
    return GM_WALK_ON;
}

static bool search_leave(const gm_stmt *s, void *ctx)
{
    loop_search *ls = ctx;
    ls->n -= is_loop(s);
    return true;
}

/* The loops enclosing `target` inside `list` (innermost last), or -1: a
 * walk (gm_walk_hooked) that stops at the target. */
static int enclosing_loops(const gm_stmt *list, const gm_stmt *target, const gm_stmt **stack, int max)
{
    static const gm_walk_hooks hooks = {search_enter, search_leave, NULL, NULL};
    loop_search ls = {target, stack, 0, max, false};
    gm_walk_hooked(list, true, &hooks, &ls);
    return ls.found ? ls.n : -1;
}

/* The iterator whose index tells this execution of s from every other one
 * in the kernel: the kernel loop's own (s directly in it), or that of a
 * neighbour loop over the kernel loop's node directly in it. NULL: none. */
static const gm_symbol *slot_iter(const cuda_capture *c, const gm_stmt *s)
{
    const gm_stmt *root = c->root, *stack[16];
    if (!root || root->kind != GMS_FOREACH || (root->iter.range != GMR_NODES && root->iter.range != GMR_EDGES))
        return NULL;
    int d = enclosing_loops(root->body, s, stack, 16);
    if (d == 0)
        return root->iter.sym;
    if (d != 1 || root->iter.range != GMR_NODES)
        return NULL;
    const gm_stmt *l = stack[0];
    if (l->kind != GMS_FOREACH || (l->iter.range != GMR_NBRS && l->iter.range != GMR_IN_NBRS) || !l->iter.source ||
        l->iter.source->kind != GME_ID || l->iter.source->sym != root->iter.sym)
        return NULL;
    return l->iter.sym;
}

const gm_symbol *cuda_capture_slot_of(const cuda_capture *c, const gm_stmt *s)
{
    for (int i = 0; c && i < c->ntstmt; i++)
        if (c->tstmt[i] == s)
            return c->tslot[i];
    return NULL;
}

const cuda_pack *cuda_capture_pack_of(const cuda_capture *c, const gm_stmt *s)
{
    if (!c || s->kind != GMS_ARGMINMAX || !s->lhs)
        return NULL;
    const gm_expr *pays[CU_MAX_PAYS];
    int n = nonliteral_payloads(s, pays, CU_MAX_PAYS);
    if (n < 1 || n > CU_MAX_PAYS)
        return NULL;
    for (int i = 0; i < c->npacks; i++)
        if (c->packs[i].key == s->lhs->sym && same_pays(&c->packs[i], pays, n))
            return &c->packs[i];
    return NULL;
}

bool cuda_capture_uses_locks(const cuda_capture *c) { return c->needs_locks || c->npacks > 0; }

/* A pack whose properties the kernel also touches elsewhere (or that mixes
 * min= and max=) goes back to the locks: the kernel would see stale values. */
static void check_packs(cuda_capture *c)
{
    for (int i = 0; i < c->ntstmt; i++)
        c->tslot[i] = slot_iter(c, c->tstmt[i]);
    int kept = 0;
    for (int i = 0; i < c->npacks; i++) {
        cuda_pack *p = &c->packs[i];
        int k = find(c, p->key);
        bool clean = !p->mixed && k >= 0 && c->refs[k] == p->nstmts;
        for (int a = 0; a < p->npays && clean; a++) {
            int y = find(c, p->pays[a]);
            clean = y >= 0 && c->refs[y] == p->nstmts;
        }
        for (int t = 0; t < c->ntstmt && clean; t++)
            if (cuda_capture_pack_of(c, c->tstmt[t]) == p && !c->tslot[t])
                clean = false; /* an update with no slot of its own */
        for (int j = 0; j < c->npacks && clean; j++) {
            if (j == i)
                continue;
            const cuda_pack *o = &c->packs[j];
            if (o->key == p->key)
                clean = false;
            for (int a = 0; a < o->npays && clean; a++)
                for (int b = 0; b < p->npays && clean; b++)
                    if (o->pays[a] == p->pays[b] || o->pays[a] == p->key || p->pays[b] == o->key)
                        clean = false;
        }
        if (clean)
            c->packs[kept++] = *p;
        else
            c->needs_locks = true;
    }
    c->npacks = kept;
}

typedef struct walk_ctx {
    cg_emit *em;
    cuda_capture *c;
} walk_ctx;

static bool visit_expr(const gm_expr *e, void *vctx)
{
    walk_ctx *w = vctx;
    cuda_capture *c = w->c;
    switch (e->kind) {
    case GME_ID:
        use_symbol(w->em, c, e->sym, e->loc);
        break;
    case GME_PROP: {
        use_symbol(w->em, c, e->sym, e->loc);
        int i = find(c, e->sym);
        if (i >= 0)
            c->refs[i]++;
        break;
    }
    case GME_INDEX:
        refuse(c, "it reads a map", e->loc);
        break;
    case GME_FOREIGN:
        refuse(c, "it holds foreign code", e->loc);
        break;
    case GME_STRING:
        refuse(c, "it uses a String", e->loc);
        break;
    case GME_CALL:
        if (e->builtin < 0)
            refuse(c, "it calls a procedure", e->loc);
        else if (!cuda_builtin_on_gpu(e->builtin))
            refuse(c, "it uses a collection or a map", e->loc);
        else if (e->builtin == GMB_UNIFORM || e->builtin == GMB_RAND ||
                 e->builtin == GMB_GRAPH_PICK_RANDOM || e->builtin == GMB_NODE_PICK_RANDOM_NBR)
            c->uses_rng = true;
        break;
    case GME_REDUCE:
        declare(w->em, c, e->iter.sym);
        if (e->iter.range != GMR_NODES && e->iter.range != GMR_NBRS && e->iter.range != GMR_IN_NBRS)
            refuse(c, "it reduces over a range kernels do not walk", e->loc);
        break;
    default:
        break;
    }
    if (e->type && (cg_is_collection(e->type->kind) || e->type->kind == GMT_MAP))
        refuse(c, "it uses a collection or a map", e->loc);
    return true;
}

static bool visit_stmt(const gm_stmt *s, void *vctx)
{
    walk_ctx *w = vctx;
    cuda_capture *c = w->c;
    cg_emit *em = w->em;
    switch (s->kind) {
    case GMS_DECL:
        for (const gm_name *n = s->names; n; n = n->next) {
            declare(em, c, n->sym);
            if (n->sym && n->sym->type && !is_scalar_kind(n->sym->type->kind))
                refuse(c, "it declares a property, a collection or a map", s->loc);
        }
        break;
    case GMS_ASSIGN:
        if (s->assign_op == GMA_DEFER)
            refuse(c, "it holds a deferred assignment (compile with the optimizations on)", s->loc);
        if (s->lhs->kind == GME_ID)
            write_scalar(em, c, s->lhs->sym, s->assign_op, s->loc);
        else if (s->lhs->kind == GME_PROP)
            write_prop(em, c, s->lhs->sym, s->loc);
        else
            refuse(c, "it writes a map", s->loc);
        break;
    case GMS_ARGMINMAX:
        if (!cg_argmin_on_props(s)) {
            argmin_scalars(em, c, s);
        } else {
            for (const gm_expr *l = s->lhs; l; l = l->next)
                if (l->kind == GME_PROP)
                    write_prop(em, c, l->sym, s->loc);
            if (!cg_argmin_payload_constant(s) && !add_pack(c, s))
                c->needs_locks = true;
        }
        break;
    case GMS_FOREACH:
        declare(em, c, s->iter.sym);
        if (s->iter.range == GMR_ITEMS)
            refuse(c, "it walks a collection", s->loc);
        if ((s->iter.range == GMR_UP_NBRS || s->iter.range == GMR_DOWN_NBRS) && !em->bfs)
            refuse(c, "UpNbrs/DownNbrs outside a BFS", s->loc);
        break;
    case GMS_BFS:
    case GMS_DFS:
        refuse(c, "it holds a nested traversal", s->loc);
        break;
    case GMS_RETURN:
        refuse(c, "it returns", s->loc);
        break;
    case GMS_FOREIGN:
        refuse(c, "it holds foreign code", s->loc);
        break;
    case GMS_PRINT:
        refuse(c, "it prints", s->loc);
        break;
    case GMS_SWAP:
        refuse(c, "it exchanges properties", s->loc);
        break;
    case GMS_CALL:
        if (s->value && s->value->kind == GME_CALL && s->value->builtin < 0)
            refuse(c, "it calls a procedure", s->loc);
        break;
    default:
        break;
    }
    return true;
}

/* Declarations first (a symbol used before its declaration in walk order
 * would otherwise look captured). */
static bool declare_stmt(const gm_stmt *s, void *vctx)
{
    walk_ctx *w = vctx;
    if (s->kind == GMS_DECL)
        for (const gm_name *n = s->names; n; n = n->next)
            declare(w->em, w->c, n->sym);
    if ((s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS) && s->iter.sym)
        declare(w->em, w->c, s->iter.sym);
    return true;
}

static bool declare_expr(const gm_expr *e, void *vctx)
{
    walk_ctx *w = vctx;
    if (e->kind == GME_REDUCE)
        declare(w->em, w->c, e->iter.sym);
    return true;
}

void cuda_capture_stmt(cg_emit *em, cuda_capture *c, const gm_stmt *s, bool list)
{
    walk_ctx w = {em, c};
    if (!c->root)
        c->root = s;
    gma_walk(s, list, declare_stmt, declare_expr, &w);
    gma_walk(s, list, visit_stmt, visit_expr, &w);
}

void cuda_capture_expr(cg_emit *em, cuda_capture *c, const gm_expr *e)
{
    walk_ctx w = {em, c};
    /* An expression on its own: wrap it in a statement for the walker. */
    gm_stmt tmp;
    memset(&tmp, 0, sizeof tmp);
    tmp.kind = GMS_CALL;
    tmp.value = (gm_expr *)e;
    tmp.loc = e->loc;
    gma_walk(&tmp, false, declare_stmt, declare_expr, &w);
    gma_walk(&tmp, false, visit_stmt, visit_expr, &w);
}

void cuda_capture_graph(cg_emit *em, cuda_capture *c, const gm_symbol *iter)
{
    gm_symbol *g = iter && iter->type ? iter->type->graph : NULL;
    if (g && !declared(em, c, g))
        add(c, g, CU_GRAPH, iter->loc);
}

void cuda_capture_finish(cg_emit *em, cuda_capture *c)
{
    (void)em;
    check_packs(c);
    for (int i = 0; i < c->n; i++)
        if (c->use[i] == CU_REDUCE && c->sym[i]->type->kind == GMT_BOOL &&
            c->op[i] != GMA_AND && c->op[i] != GMA_OR)
            refuse(c, "it reduces a Bool with an arithmetic operator", c->sym[i]->loc);
}

void cuda_capture_loop(cg_emit *em, cuda_capture *c, const gm_stmt *s)
{
    cuda_capture_init(em, c);
    cuda_capture_stmt(em, c, s, false);
    cuda_capture_graph(em, c, s->iter.sym);
    cuda_capture_finish(em, c);
}
