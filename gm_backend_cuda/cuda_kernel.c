/* cuda_kernel.c: an outermost parallel Foreach as a CUDA kernel.
 *
 * One thread per iteration in a grid-stride loop (the grid is sized to fill
 * the GPU, not to the range), the loop body emitted by the shared statement
 * emitter with device forms for atomics, random numbers and graph queries.
 * Host scalars that the body reduces get a private accumulator per thread,
 * combined per warp with shuffles and once per warp into a device slot;
 * scalars it assigns are read and written through their slot. Launches are
 * asynchronous: the host waits only where it reads a result. */
#include "cuda_emit.h"
#include "oom.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *elem_ctype(const gm_symbol *prop)
{
    return cg_prim_ctype(prop->type->elem->kind);
}

static const char *scalar_ctype(const gm_symbol *sym)
{
    return cg_ctype(sym->type);
}

const char *cuda_reduce_fn(gm_assign_op op)
{
    switch (op) {
    case GMA_MULT: return "gmcu_reduce_mul";
    case GMA_MIN: return "gmcu_reduce_min";
    case GMA_MAX: return "gmcu_reduce_max";
    case GMA_AND: return "gmcu_reduce_and";
    case GMA_OR: return "gmcu_reduce_or";
    default: return "gmcu_reduce_add";
    }
}

/* Slot k of the procedure's slot area holds captured scalar i. */
static bool has_slot(cuda_use u)
{
    return u == CU_REDUCE || u == CU_WRITE || u == CU_ARGPAY;
}

static int slot_of(const cuda_capture *c, int i)
{
    int k = 0;
    for (int j = 0; j < i; j++)
        if (has_slot(c->use[j]))
            k++;
    return k;
}

/* The election flag of arg-min k lives after the scalars' slots. */
static int elect_slot(const cuda_capture *c, int k)
{
    return slot_of(c, c->n) + k;
}

static void append(char **buf, const char *fmt, const char *a, const char *b, const char *c)
{
    char *piece = cg_strf(fmt, a, b, c);
    char *joined = cg_strf("%s%s%s", *buf ? *buf : "", *buf && **buf ? ", " : "", piece);
    free(*buf);
    free(piece);
    *buf = joined;
}

/* "gmcu_kp<double, gm_node_t>" for a pack, "gmcu_kp<double, int64_t>" (key and ticket) when ticketed. */
static char *pack_type(const cuda_pack *p)
{
    return cg_strf("gmcu_kp<%s, %s>", cg_ctype(p->key->type->elem),
                    p->ticketed ? "int64_t" : cg_ctype(p->pay->type->elem));
}

/* _c_kpbuf slot of pack k's shadow (j = 0) and of its payload buffer j - 1. */
static int kpbuf_slot(int k, int j) { return k * (1 + CU_MAX_PAYS) + j; }

/* Host: a ticketed pack's shadow and payload buffers before the kernel, the winners' payloads after it. */
static void ticket_copy(cg_emit *em, int k, const cuda_pack *p, bool unpack)
{
    char *ty = pack_type(p), *mk = cuda_mirror(em, p->key);
    char *n = cg_prop_count(em, p->key->type);
    const char *g = cg_graph_of(em, p->key->type);
    const char *kt = cg_ctype(p->key->type->elem);
    if (!unpack) {
        cg_line(em, "%s *_c_kp%d = (%s *)gmcu_grow(&_c_kpbuf[%d], &_c_kpcap[%d], (size_t)(%s + 1) * sizeof(%s));", ty,
                 k, ty, kpbuf_slot(k, 0), kpbuf_slot(k, 0), n, ty);
        for (int j = 0; j < p->npays; j++) {
            const char *pt = cg_ctype(p->pays[j]->type->elem);
            cg_line(em, "%s *_c_kp%d_p%d = (%s *)gmcu_grow(&_c_kpbuf[%d], &_c_kpcap[%d], (size_t)(%s->num_nodes + "
                         "%s->num_edges + 1) * sizeof(%s)); /* %s of each update, by slot */",
                     pt, k, j, pt, kpbuf_slot(k, j + 1), kpbuf_slot(k, j + 1), g, g, pt, p->pays[j]->name);
        }
        cg_line(em, "gmcu_kt_pack<%s><<<gmcu_blocks(%s), GMCU_BLOCK>>>(_c_kp%d, (%s *)gmcu_to_device(&%s), %s); "
                     "/* %s with no ticket yet */",
                 kt, n, k, kt, mk, n, p->key->name);
    } else {
        cg_start_line(em);
        cg_printf(em, "gmcu_kt_unpack<%s", kt);
        for (int j = 0; j < p->npays; j++)
            cg_printf(em, ", %s", cg_ctype(p->pays[j]->type->elem));
        cg_printf(em, "><<<gmcu_blocks(%s), GMCU_BLOCK>>>(_c_kp%d, (%s *)gmcu_to_device(&%s), %s", n, k, kt, mk, n);
        for (int j = 0; j < p->npays; j++) {
            const char *pt = cg_ctype(p->pays[j]->type->elem);
            char *mp = cuda_mirror(em, p->pays[j]);
            cg_printf(em, ", gmcu_kt_pay<%s>{(%s *)gmcu_to_device(&%s), _c_kp%d_p%d}", pt, pt, mp, k, j);
            free(mp);
        }
        cg_printf(em, ");\n");
    }
    cg_line(em, "GMCU_LAUNCHED(\"gmcu_kt_%s (%s)\");", unpack ? "unpack" : "pack", p->key->name);
    free(ty);
    free(mk);
    free(n);
}

/* Host: copies each pack's two properties into its shadow (unpack: back). */
static void packs_copy(cg_emit *em, cuda_capture *c, bool unpack)
{
    for (int k = 0; k < c->npacks; k++) {
        const cuda_pack *p = &c->packs[k];
        if (p->ticketed) {
            ticket_copy(em, k, p, unpack);
            continue;
        }
        char *ty = pack_type(p);
        char *mk = cuda_mirror(em, p->key), *mp = cuda_mirror(em, p->pay);
        char *n = cg_prop_count(em, p->key->type);
        const char *kt = cg_ctype(p->key->type->elem), *pt = cg_ctype(p->pay->type->elem);
        if (!unpack) {
            cg_line(em, "%s *_c_kp%d = (%s *)gmcu_grow(&_c_kpbuf[%d], &_c_kpcap[%d], (size_t)(%s + 1) * sizeof(%s));",
                     ty, k, ty, kpbuf_slot(k, 0), kpbuf_slot(k, 0), n, ty);
            cg_line(em, "gmcu_kp_pack<%s, %s><<<gmcu_blocks(%s), GMCU_BLOCK>>>(_c_kp%d, (%s *)gmcu_to_device(&%s), "
                         "(%s *)gmcu_to_device(&%s), %s); /* %s and %s side by side */",
                     kt, pt, n, k, kt, mk, pt, mp, n, p->key->name, p->pay->name);
        } else {
            cg_line(em, "gmcu_kp_unpack<%s, %s><<<gmcu_blocks(%s), GMCU_BLOCK>>>(_c_kp%d, (%s *)gmcu_to_device(&%s), "
                         "(%s *)gmcu_to_device(&%s), %s);",
                     kt, pt, n, k, kt, mk, pt, mp, n);
        }
        cg_line(em, "GMCU_LAUNCHED(\"gmcu_kp_%s (%s %s)\");", unpack ? "unpack" : "pack", p->key->name,
                 p->pay->name);
        free(ty);
        free(mk);
        free(mp);
        free(n);
    }
}

char *cuda_params_plus(const char *params, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *more = malloc((size_t)n + 1);
    if (!more)
        gm_out_of_memory("CUDA code generation", 0);
    va_start(ap, fmt);
    vsnprintf(more, (size_t)n + 1, fmt, ap);
    va_end(ap);
    const bool none = strcmp(params, "void") == 0;
    char *all = cg_strf("%s%s%s", none ? "" : params, none ? "" : ", ", more);
    free(more);
    return all;
}

void cuda_launch_prepare(cg_emit *em, cuda_capture *c, cuda_launch *l)
{
    memset(l, 0, sizeof *l);
    l->params = cg_strf("%s", "");
    l->args = cg_strf("%s", "");
    for (int i = 0; i < c->n; i++) {
        gm_symbol *sym = c->sym[i];
        const char *name = cg_name(em, sym);
        switch (c->use[i]) {
        case CU_GRAPH: {
            char *dg = cuda_dev_graph(em, sym);
            append(&l->params, "const gm_graph *%s%s%s", name, "", "");
            append(&l->args, "%s%s%s", dg, "", "");
            free(dg);
            break;
        }
        case CU_PROP: {
            char *m = cuda_mirror(em, sym);
            const char *ty = elem_ctype(sym);
            append(&l->params, "%s *%s%s", ty, name, "");
            char *arg = cg_strf("(%s *)gmcu_to_device%s(&%s)", ty, c->overwrite[i] ? "_overwrite" : "", m);
            const struct cuda_newest *nw = &cuda_st(em)->newest;
            if (cuda_st(em)->newest_on && sym == nw->x) { /* n.X reads Q[n] */
                char *mq = cuda_mirror(em, nw->q);
                char *qa = cg_strf("(%s *)gmcu_to_device(&%s)", ty, mq);
                char *both = nw->when ? cg_strf("(%s ? %s : %s)", nw->when, qa, arg) : cg_strf("%s", qa);
                free(arg);
                free(qa);
                free(mq);
                arg = both;
            }
            append(&l->args, "%s%s%s", arg, "", "");
            free(arg);
            free(m);
            break;
        }
        case CU_READ:
            append(&l->params, "%s %s%s", scalar_ctype(sym), name, "");
            append(&l->args, "%s%s%s", name, "", "");
            break;
        case CU_REDUCE:
        case CU_WRITE:
        case CU_ARGPAY: {
            char *p = cg_strf("_c_s_%s", name);
            char k[16];
            snprintf(k, sizeof k, "%d", slot_of(c, i));
            append(&l->params, "%s *%s%s", scalar_ctype(sym), p, "");
            char *arg = cg_strf("gmcu_slot<%s>(_c_slots, %s)", scalar_ctype(sym), k);
            append(&l->args, "%s%s%s", arg, "", "");
            free(arg);
            free(p);
            break;
        }
        }
    }
    for (int k = 0; k < c->nargmin; k++) {
        const gm_symbol *key = c->argmins[k]->lhs->sym;
        const char *kn = cg_name(em, key);
        char *p = cg_strf("%s _c_i_%s, int *_c_elect%d", scalar_ctype(key), kn, k);
        char *a = cg_strf("%s, gmcu_slot<int>(_c_slots, %d)", kn, elect_slot(c, k));
        append(&l->params, "%s%s%s", p, "", "");
        append(&l->args, "%s%s%s", a, "", "");
        free(p);
        free(a);
    }
    if (c->uses_rng) {
        append(&l->params, "uint64_t _c_seed%s%s%s", "", "", "");
        append(&l->args, "gmcu_launch_seed()%s%s%s", "", "", "");
    }
    for (int k = 0; k < c->npacks; k++) {
        const cuda_pack *pk = &c->packs[k];
        char *ty = pack_type(pk);
        char *p = cg_strf("%s *_c_kp%d", ty, k);
        char *a = cg_strf("_c_kp%d", k);
        append(&l->params, "%s%s%s", p, "", "");
        append(&l->args, "%s%s%s", a, "", "");
        free(p);
        free(a);
        free(ty);
        for (int j = 0; pk->ticketed && j < pk->npays; j++) {
            p = cg_strf("%s *_c_kp%d_p%d", cg_ctype(pk->pays[j]->type->elem), k, j);
            a = cg_strf("_c_kp%d_p%d", k, j);
            append(&l->params, "%s%s%s", p, "", "");
            append(&l->args, "%s%s%s", a, "", "");
            free(p);
            free(a);
        }
    }
    if (cuda_capture_uses_locks(c)) {
        append(&l->params, "int32_t *_c_locks%s%s%s", "", "", "");
        append(&l->args, "_c_locks%s%s%s", "", "", "");
    }
    if (!*l->params) {
        free(l->params);
        l->params = cg_strf("void");
    }
}

void cuda_launch_free(cg_emit *em, cuda_launch *l)
{
    (void)em;
    free(l->params);
    free(l->args);
    free(l->saved);
    memset(l, 0, sizeof *l);
}

/* Host, before the launch: the values the slots start from; the lock array. */
void cuda_launch_before(cg_emit *em, cuda_capture *c)
{
    for (int i = 0; i < c->n; i++)
        if (has_slot(c->use[i]))
            cg_line(em, "gmcu_slot_put<%s>(_c_slots, %d, %s);", scalar_ctype(c->sym[i]),
                     slot_of(c, i), cg_name(em, c->sym[i]));
    for (int k = 0; k < c->nargmin; k++)
        cg_line(em, "gmcu_slot_put<int>(_c_slots, %d, 0); /* no winner yet */", elect_slot(c, k));
    packs_copy(em, c, false);
    if (cuda_capture_uses_locks(c)) {
        const char *g = NULL;
        for (int i = 0; i < c->n && !g; i++)
            if (c->use[i] == CU_GRAPH)
                g = cg_name(em, c->sym[i]);
        cg_line(em, "if (!_c_locks) {");
        cg_line(em, "    size_t _c_n = (size_t)(%s->num_nodes > %s->num_edges ? %s->num_nodes : %s->num_edges) + 1;",
                 g, g, g, g);
        cg_line(em, "    _c_locks = (int32_t *)gmcu_malloc(_c_n * sizeof(int32_t), \"locks\");");
        cg_line(em, "    GMCU_CHECK(cudaMemset(_c_locks, 0, _c_n * sizeof(int32_t)));");
        cg_line(em, "}");
    }
}

/* Host, after the launch: written properties are current on the device
 * only; written scalars come back (this waits for the kernel). */
void cuda_launch_after(cg_emit *em, cuda_capture *c)
{
    packs_copy(em, c, true);
    for (int i = 0; i < c->n; i++) {
        if (c->use[i] == CU_PROP && c->written[i]) {
            char *m = cuda_mirror(em, c->sym[i]);
            cg_line(em, "gmcu_device_wrote(&%s);", m);
            free(m);
        } else if (has_slot(c->use[i])) {
            cg_line(em, "%s = gmcu_slot_get<%s>(_c_slots, %d);", cg_name(em, c->sym[i]),
                     scalar_ctype(c->sym[i]), slot_of(c, i));
        }
    }
}

/* Device, at the top of the kernel: accumulators, slot names, the RNG. */
void cuda_kernel_enter(cg_emit *em, cuda_capture *c, cuda_launch *l)
{
    /* one launch may open several kernels (TWC, in-edge and worklist
     * variants): the previous kernel's array is empty after its leave */
    free(l->saved);
    l->saved = calloc((size_t)c->n + 1, sizeof(char *));
    for (int i = 0; i < c->n; i++) {
        gm_symbol *sym = c->sym[i];
        if (c->use[i] == CU_REDUCE) {
            cg_line(em, "%s %s = %s;", scalar_ctype(sym), cg_name(em, sym),
                     cuda_identity(c->op[i], sym->type->kind));
        } else if (c->use[i] == CU_ARGPAY) {
            cg_line(em, "%s %s{}; /* this thread's candidate */", scalar_ctype(sym), cg_name(em, sym));
        } else if (c->use[i] == CU_WRITE) {
            l->saved[i] = cg_strf("%s", cg_name(em, sym));
            char *through = cg_strf("(*_c_s_%s)", l->saved[i]);
            cg_set_name(em, sym, through);
            free(through);
        }
    }
    if (c->uses_rng && cuda_st(em)->dist) /* thread t of two ranks: two streams */
        cg_line(em, "gmcu_rng _c_rng = gmcu_rng_make(_c_seed ^ gmcu_mix64((uint64_t)_c_dd.first + 1));");
    else if (c->uses_rng)
        cg_line(em, "gmcu_rng _c_rng = gmcu_rng_make(_c_seed);");
}

/* Device, at the end of the kernel (every thread gets here): accumulators
 * into their slots; host names back. */
void cuda_kernel_leave(cg_emit *em, cuda_capture *c, cuda_launch *l)
{
    for (int i = 0; i < c->n; i++) {
        gm_symbol *sym = c->sym[i];
        if (c->use[i] == CU_REDUCE) {
            const char *n = cg_name(em, sym);
            cg_line(em, "%s(_c_s_%s, %s);", cuda_reduce_fn(c->op[i]), n, n);
        } else if (c->use[i] == CU_WRITE && l->saved && l->saved[i]) {
            cg_set_name(em, sym, l->saved[i]);
            free(l->saved[i]);
            l->saved[i] = NULL;
        }
    }
    if (c->nargmin == 0)
        return;
    /* Arg-min/max on host scalars: every key is final after a grid-wide
     * barrier; then one thread holding it (and beating the value the key
     * had before the loop) is elected and writes the payloads. */
    cg_line(em, "cooperative_groups::this_grid().sync(); /* every key is in its slot */");
    for (int k = 0; k < c->nargmin; k++) {
        const gm_stmt *s = c->argmins[k];
        const char *kn = cg_name(em, s->lhs->sym), *ty = scalar_ctype(s->lhs->sym);
        cg_line(em, "/* %s:%d: the winner writes the rest */", em->src_base, s->loc.line);
        cg_line(em, "if (%s %s _c_i_%s && %s == *(volatile %s *)_c_s_%s && atomicExch(_c_elect%d, 1) == 0) {",
                 kn, s->assign_op == GMA_MIN ? "<" : ">", kn, kn, ty, kn, k);
        for (const gm_expr *p = s->lhs->next; p; p = p->next) {
            const char *pn = cg_name(em, p->sym);
            cg_line(em, "    *_c_s_%s = %s;", pn, pn);
        }
        cg_line(em, "}");
    }
}

char *cuda_kernel_begin(cg_emit *em, const char *what, gm_loc loc, const char *params,
                        FILE **saved_out, int *saved_indent)
{
    cuda_state *st = cuda_st(em);
    char *name = cg_strf("%s_k%d", em->proc->name, ++st->nkernels);
    *saved_out = em->out;
    *saved_indent = em->indent;
    em->out = st->kout;
    em->indent = 0;
    cg_printf(em, "/* %s:%d: %s */\n", em->src_base, loc.line, what);
    cg_printf(em, "__global__ static void __launch_bounds__(GMCU_BLOCK) %s(%s)\n{\n", name, params);
    em->indent = 1;
    cuda_st(em)->in_kernel = true;
    em->par_depth++;
    return name;
}

void cuda_kernel_end(cg_emit *em, FILE *saved_out, int saved_indent)
{
    em->indent = 0;
    cg_printf(em, "}\n\n");
    cuda_st(em)->in_kernel = false;
    em->par_depth--;
    em->out = saved_out;
    em->indent = saved_indent;
}

/* A ticketed update's slot: its node (or edge) in the kernel loop, else the
 * node count plus the edge of its neighbour loop. NULL: not ticketed. */
static char *packed_ticket(cg_emit *em, const cg_region *r, const cuda_capture *c, const gm_stmt *s)
{
    const cuda_pack *p = cuda_capture_pack_of(c, s);
    const gm_symbol *it = p && p->ticketed ? cuda_capture_slot_of(c, s) : NULL;
    if (!it)
        return NULL;
    if (it == r->iter)
        return cg_strf("(int64_t)%s", cg_name(em, it));
    const char *edge = gm_symbol_id_below(it, em->nsyms) ? em->edge_of[it->id] : NULL;
    if (!edge)
        return NULL;
    return cg_strf("(int64_t)%s->num_nodes + (int64_t)(%s)", cg_graph_of(em, it->type), edge);
}

/* The kernel parameter of the pack s updates, for cg_argminmax (NULL: the
 * locks; a ticketed update always has its slot, capture checked it). */
static char *packed_shadow(cg_emit *em, const cg_region *r, const cuda_capture *c, const gm_stmt *s)
{
    const cuda_pack *p = cuda_capture_pack_of(c, s);
    if (!p)
        return NULL;
    if (p->ticketed) {
        char *t = packed_ticket(em, r, c, s);
        if (!t)
            return NULL;
        free(t);
    }
    return cg_strf("_c_kp%d", (int)(p - c->packs));
}

/* A packed arg-min/max (cuda_pack): the key and the one payload that
 * is not a literal change together in one CAS of the shadow element; with
 * several such payloads (a ticket: packed_ticket) each update first writes
 * them to a slot of its own and the CAS pairs the key with that slot. The
 * winner stores the literal payloads. */
static void packed_update(cg_emit *em, const cuda_capture *c, const gm_stmt *s, const char *shadow, bool is_min)
{
    char *ticket = packed_ticket(em, em->region, c, s);
    char *idx = cg_expr_str(em, s->lhs->a);
    const char *locks = em->region->lock_name ? em->region->lock_name : "_c_locks";
    if (ticket) {
        cg_line(em, "const int64_t _c_ticket = %s; /* this update's own slot */", ticket);
        int i = 0, j = 0;
        const gm_expr *r = s->rhs;
        for (const gm_expr *l = s->lhs; l && r; l = l->next, r = r->next, i++)
            if (l != s->lhs && !cg_is_literal(r))
                cg_line(em, "%s_p%d[_c_ticket] = _c_a%d; /* %s */", shadow, j++, i, l->sym->name);
        cg_line(em, "if (gmcu_kp_update<%s, %s, int64_t>(&%s[%s], _c_a0, _c_ticket, &%s[%s])) {",
                 is_min ? "true" : "false", cg_ctype(s->lhs->type), shadow, idx, locks, idx);
    } else {
        int pi = 1;
        const gm_expr *pay = s->lhs->next;
        for (const gm_expr *r = s->rhs->next; r && cg_is_literal(r); r = r->next, pay = pay->next)
            pi++;
        cg_line(em, "if (gmcu_kp_update<%s, %s, %s>(&%s[%s], _c_a0, _c_a%d, &%s[%s])) {", is_min ? "true" : "false",
                 cg_ctype(s->lhs->type), cg_ctype(pay->type), shadow, idx, pi, locks, idx);
    }
    em->indent++;
    cg_line(em, "/* the shadow holds the new pair; the properties get it after the kernel */");
    int i = 0;
    const gm_expr *r = s->rhs;
    for (const gm_expr *l = s->lhs; l && r; l = l->next, r = r->next, i++) {
        if (l != s->lhs && cg_is_literal(r)) {
            cg_start_line(em);
            cg_lvalue(em, l);
            cg_printf(em, " = _c_a%d;\n", i);
        }
        cg_after_prop_store(em, l->sym, l->a);
    }
    em->indent--;
    cg_line(em, "}");
    free(idx);
    free(ticket);
}

/* An arg-min/max in a kernel (cg_argminmax has declared _c_a0.. and
 * computed key): packed, or a CAS on the key when every payload is a
 * literal, or under the element's lock; private targets take the shared
 * compare-and-store. */
bool cuda_argminmax(cg_emit *em, const gm_stmt *s, const char *key, bool is_min)
{
    if (!cuda_st(em)->in_kernel)
        return false;
    if (!cg_argmin_on_props(s))
        return false; /* scalars: per-thread partials (block-elect) */
    /* the statement's atomics= (cuda_decide.c) */
    const char *how = cg_update_decision(em, s);
    const cuda_kernel_frame *f = cuda_st(em)->frame;
    const cuda_capture *c = f && em->region == &f->region ? f->packs : NULL;
    if (strncmp(how, "packed(", 7) == 0 || strncmp(how, "ticketed(", 9) == 0) {
        char *shadow = c ? packed_shadow(em, em->region, c, s) : NULL;
        if (!shadow)
            cg_no_decision(em, s, "a packed arg-min/max without its pack");
        packed_update(em, c, s, shadow, is_min);
        free(shadow);
        return true;
    }
    /* (a kernel without a record of its own would carry the host's update=) */
    if (strncmp(how, "none(", 5) == 0 || strcmp(how, "plain") == 0)
        return false;
    if (strncmp(how, "key(", 4) == 0 || strcmp(how, "key") == 0) {
        cg_line(em, "if (gmcu_atomic_%s(&%s, _c_a0)) {", is_min ? "min" : "max", key);
        em->indent++;
        cg_argmin_stores(em, s, 1);
        em->indent--;
        cg_line(em, "}");
        return true;
    }
    char *idx = cg_expr_str(em, s->lhs->a);
    const char *lock = em->region && em->region->lock_name ? em->region->lock_name : "_c_lock";
    cg_line(em, "gmcu_lock_acquire(&%s[%s]);", lock, idx);
    cg_line(em, "if (_c_a0 %s %s) {", is_min ? "<" : ">", key);
    em->indent++;
    cg_argmin_stores(em, s, 0);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "gmcu_lock_release(&%s[%s]);", lock, idx);
    free(idx);
    return true;
}

/* An atomic update in a kernel (gmcu.h): the value is converted to the
 * target's type first so that the overloads resolve. */
bool cuda_atomic_update(cg_emit *em, gm_assign_op op, const char *lv, const char *v, gm_type_kind k)
{
    if (!cuda_st(em)->in_kernel)
        return false;
    const char *ty = cg_prim_ctype(k == GMT_NODE ? GMT_INT : k);
    switch (op) {
    case GMA_PLUS: cg_line(em, "gmcu_atomic_add(&%s, (%s)(%s));", lv, ty, v); break;
    case GMA_MINUS:
        if (cg_wrap_fn(GMOP_NEG, k)) /* -INT32_MIN wraps, as the host's atomic subtraction */
            cg_line(em, "gmcu_atomic_add(&%s, %s((%s)(%s)));", lv, cg_wrap_fn(GMOP_NEG, k), ty, v);
        else
            cg_line(em, "gmcu_atomic_add(&%s, (%s)(-(%s)));", lv, ty, v);
        break;
    case GMA_MULT: cg_line(em, "gmcu_atomic_mul(&%s, (%s)(%s));", lv, ty, v); break;
    case GMA_MIN: cg_line(em, "gmcu_atomic_min(&%s, (%s)(%s));", lv, ty, v); break;
    case GMA_MAX: cg_line(em, "gmcu_atomic_max(&%s, (%s)(%s));", lv, ty, v); break;
    case GMA_AND: cg_line(em, "gmcu_store_and(&%s, %s);", lv, v); break;
    case GMA_OR: cg_line(em, "gmcu_store_or(&%s, %s);", lv, v); break;
    default: cg_line(em, "%s = %s;", lv, v); break;
    }
    return true;
}

char *cuda_kernel_open(cg_emit *em, cuda_kernel_frame *f, const char *what, gm_loc loc,
                       const char *params, gm_symbol *iter, gm_range_kind range, cuda_capture *c,
                       cuda_launch *l)
{
    char *name = cuda_kernel_begin(em, what, loc, params, &f->saved_out, &f->saved_indent);
    memset(&f->region, 0, sizeof f->region);
    f->region.iter = iter;
    f->region.range = range;
    f->region.declared_inside = c->declared;
    f->region.lock_name = cuda_capture_uses_locks(c) ? "_c_locks" : NULL;
    f->packs = c->npacks ? c : NULL;
    f->cap = c;
    f->outer = em->region;
    em->region = &f->region;
    f->outer_frame = cuda_st(em)->frame;
    cuda_st(em)->frame = f;
    cuda_kernel_enter(em, c, l);
    return name;
}

void cuda_kernel_close(cg_emit *em, cuda_kernel_frame *f, cuda_capture *c, cuda_launch *l)
{
    cuda_kernel_leave(em, c, l);
    em->region = f->outer;
    cuda_st(em)->frame = f->outer_frame;
    cuda_kernel_end(em, f->saved_out, f->saved_indent);
}

/* ---- Foreach ------------------------------------------------------------ */

static bool range_on_gpu(gm_range_kind r)
{
    switch (r) {
    case GMR_NODES:
    case GMR_EDGES:
    case GMR_NBRS:
    case GMR_IN_NBRS:
    case GMR_OUT_EDGES:
    case GMR_IN_EDGES:
        return true;
    default:
        return false;
    }
}

bool cuda_foreach_on_gpu(cg_emit *em, const gm_stmt *s, const char **why)
{
    if (!range_on_gpu(s->iter.range)) {
        *why = "it walks a collection or a range kernels do not walk";
        return false;
    }
    cuda_capture c;
    cuda_capture_init(em, &c);
    cuda_capture_stmt(em, &c, s, false);
    cuda_capture_finish(em, &c);
    bool ok = c.ok;
    *why = c.why;
    cuda_capture_free(&c);
    return ok;
}

/* ---- loop collapsing ---------------------------------------------------- */
/* Foreach (n: G.Nodes)[(filter)] { Foreach (t: n.Nbrs or n.InNbrs) body }
 * becomes one thread per edge when body writes nothing of n (writes of n's
 * properties would race between n's edges): skewed graphs then keep every
 * thread equally busy instead of one thread walking a hub. */

/* The edge-parallel kernel of a collapsible loop (same parameters). */
static char *edge_kernel(cg_emit *em, const gm_stmt *s, const gm_stmt *in, const gm_expr *cond,
                         cuda_capture *c, cuda_launch *l)
{
    const char *g = cg_graph_of(em, s->iter.sym->type);
    bool rev = in->iter.range == GMR_IN_NBRS;
    cuda_kernel_frame f;
    /* no element is this thread's own */
    char *name = cuda_kernel_open(em, &f, rev ? "the same loop, one thread per in-edge"
                                              : "the same loop, one thread per edge",
                                  s->loc, l->params, NULL, GMR_EDGES, c, l);
    cg_line(em, "for (int64_t _c_i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; "
                 "_c_i < %s->num_edges; _c_i += (int64_t)gridDim.x * blockDim.x) {", g);
    em->indent++;
    const char *n = cg_name(em, s->iter.sym), *t = cg_name(em, in->iter.sym);
    if (rev)
        cg_line(em, "__attribute__((unused)) gm_node_t %s = %s->node_idx[%s->r_edge_idx[_c_i]];", n, g, g);
    else
        cg_line(em, "__attribute__((unused)) gm_node_t %s = %s->edge_src[_c_i];", n, g);
    if (s->iter.filter) {
        cg_start_line(em);
        cg_printf(em, "if (!(");
        cg_expr(em, s->iter.filter);
        cg_printf(em, ")) continue;\n");
    }
    if (cond) {
        cg_start_line(em);
        cg_printf(em, "if (!(");
        cg_expr(em, cond);
        cg_printf(em, ")) continue;\n");
    }
    if (gm_symbol_id_below(in->iter.sym, em->nsyms)) {
        free(em->edge_of[in->iter.sym->id]);
        em->edge_of[in->iter.sym->id] =
            rev ? cg_strf("%s->r_edge_idx[_c_i]", g) : cg_strf("((gm_edge_t)_c_i)");
    }
    char *decl = cg_strf("gm_node_t %s = %s->%s[_c_i];", t, g, cuda_nbr_ids(em, in->iter.sym, rev));
    cg_loop_body(em, in, decl);
    free(decl);
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    return name;
}

/* References to the property p: own_only accepts only `it.P` of the loop's
 * iterator it, else none at all; ok turns false at the first other one. */
typedef struct prop_refs {
    const gm_symbol *p, *it;
    bool own_only, ok;
} prop_refs;

static bool check_prop_ref(const gm_expr *e, void *vctx)
{
    prop_refs *r = vctx;
    if ((e->kind == GME_ID || e->kind == GME_PROP || e->kind == GME_FOREIGN) && e->sym == r->p) {
        bool own = e->kind == GME_PROP && e->a && e->a->kind == GME_ID && e->a->sym == r->it;
        if (!r->own_only || !own)
            r->ok = false;
    }
    return r->ok;
}

/* Whether the kernel of the loop s writes capture i, a property, at every
 * element before anything reads it: s is a parallel, unfiltered loop over
 * all the nodes (edges) of the property's graph; one top-level statement of
 * its body is the plain assignment `it.P = e`; nothing before it (nor e)
 * names P, and what follows names only `it.P`, the element this iteration
 * has just written. The host's values are then dead: the launch skips
 * copying them in (gmcu_to_device_overwrite). A statement before the write
 * cannot skip it: a parallel body has no early exit. */
bool cuda_writes_whole_prop(cg_emit *em, const gm_stmt *s, const cuda_capture *c, int i)
{
    const gm_symbol *p = c->sym[i];
    if (c->use[i] != CU_PROP || !c->written[i] || c->npacks > 0 || c->nargmin > 0)
        return false;
    if (s->kind != GMS_FOREACH || !s->parallel || s->iter.filter || !s->iter.sym)
        return false;
    bool nodes = p->type->kind == GMT_NODE_PROP;
    if (!(nodes ? s->iter.range == GMR_NODES : p->type->kind == GMT_EDGE_PROP && s->iter.range == GMR_EDGES))
        return false;
    if (strcmp(cg_graph_of(em, p->type), cg_graph_of(em, s->iter.sym->type)) != 0)
        return false;
    bool block = s->body && s->body->kind == GMS_BLOCK;
    prop_refs none = {p, s->iter.sym, false, true};
    for (const gm_stmt *t = block ? s->body->body : s->body; t; t = block ? t->next : NULL) {
        if (t->kind == GMS_ASSIGN && t->assign_op == GMA_ASSIGN && t->lhs && t->lhs->kind == GME_PROP &&
            t->lhs->sym == p && t->lhs->a && t->lhs->a->kind == GME_ID && t->lhs->a->sym == s->iter.sym) {
            gma_walk_expr(t->rhs, check_prop_ref, &none);
            prop_refs own = {p, s->iter.sym, true, true};
            if (t->next)
                gma_walk(t->next, true, NULL, check_prop_ref, &own);
            return none.ok && own.ok;
        }
        gma_walk(t, false, NULL, check_prop_ref, &none);
        if (!none.ok)
            return false;
    }
    return false;
}

bool cuda_parallel_loop(cg_emit *em, const gm_stmt *s)
{
    if (cuda_st(em)->host_direct > 0 || em->par_depth > 0)
        return false;
    const gm_iter *it = &s->iter;
    if (!range_on_gpu(it->range))
        return false;
    cuda_capture c;
    cuda_capture_init(em, &c);
    c.allow_packs = true; /* one launch: pack before it, unpack after it */
    c.pack_iter = it->sym;
    cuda_capture_stmt(em, &c, s, false);
    cuda_capture_graph(em, &c, it->sym);
    cuda_capture_finish(em, &c);
    if (!c.ok) {
        cuda_capture_free(&c);
        return false;
    }
    gm_symbol *sym = it->sym;
    const char *g = cg_graph_of(em, sym->type);
    /* The range: [lo, hi) of an index, and the iterator's declaration. */
    char *src = it->source && it->range != GMR_NODES && it->range != GMR_EDGES
                    ? cg_expr_str(em, it->source) : NULL;
    char *lo = NULL, *hi = NULL, *decl = NULL, *edge = NULL;
    const char *v = cg_name(em, sym);
    switch (it->range) {
    case GMR_NODES:
        lo = cg_strf("0");
        hi = cuda_st(em)->dist ? cg_strf("%s", cuda_dist_node_hi(em, s, true)) : cg_strf("%s->num_nodes", g);
        decl = cg_strf("gm_node_t %s = (gm_node_t)_c_i;", v);
        break;
    case GMR_EDGES:
        lo = cg_strf("0");
        hi = cg_strf("%s->num_edges", g);
        decl = cg_strf("gm_edge_t %s = (gm_edge_t)_c_i;", v);
        break;
    case GMR_NBRS:
        lo = cg_strf("%s->begin[%s]", g, src);
        hi = cg_strf("%s->begin[%s + 1]", g, src);
        decl = cg_strf("gm_node_t %s = %s->node_idx[_c_i];", v, g);
        edge = cg_strf("((gm_edge_t)_c_i)");
        break;
    case GMR_IN_NBRS:
        lo = cg_strf("%s->r_begin[%s]", g, src);
        hi = cg_strf("%s->r_begin[%s + 1]", g, src);
        decl = cg_strf("gm_node_t %s = %s->r_node_idx[_c_i];", v, g);
        edge = cg_strf("%s->r_edge_idx[_c_i]", g);
        break;
    case GMR_OUT_EDGES:
        lo = cg_strf("%s->begin[%s]", g, src);
        hi = cg_strf("%s->begin[%s + 1]", g, src);
        decl = cg_strf("gm_edge_t %s = (gm_edge_t)_c_i;", v);
        break;
    default: /* GMR_IN_EDGES */
        lo = cg_strf("%s->r_begin[%s]", g, src);
        hi = cg_strf("%s->r_begin[%s + 1]", g, src);
        decl = cg_strf("gm_edge_t %s = %s->r_edge_idx[_c_i];", v, g);
        break;
    }
    if (edge && gm_symbol_id_below(sym, em->nsyms)) {
        free(em->edge_of[sym->id]);
        em->edge_of[sym->id] = edge;
        edge = NULL;
    }
    free(edge);

    /* cuda_decide's transfer=P:overwrite (a loop without a record: the same rule here) */
    const gma_decisions *tds = gma_decisions_of(em->decided, s, false);
    for (int i = 0; i < c.n; i++)
        c.overwrite[i] = tds && gma_decision(tds, "device") ? cuda_transfer_overwrites(tds, c.sym[i])
                                                             : cuda_writes_whole_prop(em, s, &c, i);
    /* --distributed: a loop over the owners leaves the ghosts' values; one
     * over every local node (the plan's span) writes the whole array */
    if (cuda_st(em)->dist && !(it->range == GMR_NODES && strcmp(cuda_dist_node_hi(em, s, false), "_c_nlocal") == 0))
        for (int i = 0; i < c.n; i++)
            c.overwrite[i] = false;
    cuda_launch l;
    const struct cuda_newest *newest = cuda_st(em)->newest.loop == s ? &cuda_st(em)->newest : NULL;
    cuda_st(em)->newest_on = newest != NULL;
    cuda_launch_prepare(em, &c, &l);
    cuda_st(em)->newest_on = false;
    const char *what = it->range == GMR_NODES ? "Foreach over the nodes"
                       : it->range == GMR_EDGES ? "Foreach over the edges"
                                                : "Foreach over a neighbourhood";
    /* The load-balanced variant (cuda_decide's balance=), then the plain
     * kernel where it is still needed (auto chooses at run time). */
    gma_decisions *ds = gma_decisions_of(em->decided, s, false), here = {0};
    if (!gma_decision(ds, "balance")) { /* a loop without a record of its own */
        cuda_decide_balance(em, &here, s, &c);
        ds = &here;
    }
    const char *scheme = gma_decision(ds, "balance");
    const bool autob = strncmp(scheme, "auto(thread|", 12) == 0;
    if (autob)
        scheme += 12;
    const gm_expr *cond = NULL;
    const gm_stmt *inner = cuda_collapsible(s, &cond);
    bool want_edge = strncmp(scheme, "edge", 4) == 0 || strncmp(scheme, "in-edge", 7) == 0;
    bool want_twc = strncmp(scheme, "twc", 3) == 0;
    gma_decisions_clear(&here);
    bool rev = false;
    char *bal = NULL;
    const char *bal_range = "num_nodes", *form = NULL, *bt = NULL, *ht = NULL;
    bool ht_fixed = false;
    if (want_edge) {
        rev = inner->iter.range == GMR_IN_NBRS;
        bal = edge_kernel(em, s, inner, cond, &c, &l);
        bal_range = "num_edges";
        form = rev ? "one thread per in-edge (loop collapsing)" : "one thread per edge (loop collapsing)";
    } else if (want_twc) {
        cuda_st(em)->walked_gather = false;
        bal = cuda_twc_kernel(em, s, &c, &l, &rev, &form, &bt, &ht, &ht_fixed);
    }
    const bool bal_gather = bal && cuda_st(em)->walked_gather; /* its rows in gather order */
    bool has_bal = bal != NULL, plain = !has_bal || autob;
    char *kname = NULL;
    if (plain) {
        cuda_kernel_frame f;
        kname = cuda_kernel_open(em, &f, what, s->loc, l.params, sym, it->range, &c, &l);
        cg_line(em, "const int64_t _c_lo = %s, _c_hi = %s;", lo, hi);
        cg_line(em, "for (int64_t _c_i = _c_lo + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; "
                     "_c_i < _c_hi; _c_i += (int64_t)gridDim.x * blockDim.x)");
        cg_loop_body(em, s, decl);
        cuda_kernel_close(em, &f, &c, &l);
    }

    /* The launch. */
    cuda_report_foreach(em, s, gma_decisions_of(em->decided, s, false), what, plain ? kname : NULL, bal, form, bt);
    cuda_report_loop(em, gma_decisions_of(em->decided, s, false), s->body, sym, &c);
    cg_line(em, "{ /* %s: %s */", plain ? kname : bal, what);
    em->indent++;
    if (newest)
        cg_line(em, "/* %s: %s passed as %s, %s.%s's newest value (a monotone fixpoint; -fcuda-async=off: as "
                 "written) */", newest->when ? "rounds after the first" : "these rounds", newest->q->name, newest->x->name,
                 cg_name(em, s->iter.sym), newest->x->name);
    cuda_launch_before(em, &c);
    /* Host-side range size: the host graph has the same offsets. */
    if (plain && it->range == GMR_NODES && cuda_st(em)->dist)
        cg_line(em, "const int64_t _c_n = %s;", cuda_dist_node_hi(em, s, false));
    else if (plain && (it->range == GMR_NODES || it->range == GMR_EDGES))
        cg_line(em, "const int64_t _c_n = %s;", hi);
    else if (plain)
        cg_line(em, "const int64_t _c_n = (int64_t)(%s) - (int64_t)(%s);", hi, lo);
    if (has_bal) {
        const char *r = rev ? "true" : "false";
        const bool force = bt && cuda_st(em)->knobs.blocking == GMB_ON;
        if (autob && force)
            cg_line(em, "if (true) { /* in segments (-fcuda-blocking=on) */");
        else if (autob && bt)
            cg_line(em, "if (gmcu_skewed(%s, %s) || gmcu_eb_segments(%s, %s, sizeof(%s), false) > 1) { "
                         "/* hubs, or neighbour values beyond the L2: block, warp or thread by degree */", g, r, g, r, bt);
        else if (autob)
            cg_line(em, "if (gmcu_skewed(%s, %s)) { /* hubs: %s */", g, r,
                     want_edge ? "one thread per edge" : "block, warp or thread by degree");
        else
            cg_line(em, "{ /* %s (-fcuda-lb) */", want_edge ? "one thread per edge" : "block, warp or thread by degree");
        if (want_edge || rev) /* one thread per in-edge finds its node through the reverse edge map */
            cg_line(em, "    (void)gmcu_graph(%s, %s);", g, cuda_graph_flags(rev, rev && want_edge, want_edge && !rev));
        if (bt) {
            em->indent++;
            cg_line(em, "if (%s->num_nodes > 0)", g);
            char *where = cg_strf("%s:%d", em->src_base, s->loc.line);
            cuda_blocking_launch(em, bal, g, rev, bal_gather, l.args, bt, force, where, ht, ht_fixed);
            free(where);
            em->indent--;
        } else if (ht) {
            cg_line(em, "    if (%s->num_nodes > 0) /* rows of hubs by the whole grid, the rest by block, warp or thread */", g);
            cg_line(em, "        gmcu_launch_pull(%s, gmcu_blocks(%s->num_nodes), gmcu_hubs_for(%s, %s, sizeof(%s), %s, %s->num_nodes), "
                         "\"%s (%s:%d)\"%s%s);", bal, g, g, r, ht, ht_fixed ? "GMCU_PULL_SWEEP_ALL" : "GMCU_PULL_SWEEP", g,
                     bal, em->src_base, s->loc.line, *l.args ? ", " : "", l.args);
        } else {
            cg_line(em, "    if (%s->%s > 0)", g, bal_range);
            cg_line(em, "        %s<<<gmcu_blocks(%s->%s), GMCU_BLOCK>>>(%s);", bal, g, bal_range, l.args);
            cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", bal, em->src_base, s->loc.line);
        }
        if (autob)
            cg_line(em, "} else if (_c_n > 0) {");
    } else {
        cg_line(em, "if (_c_n > 0) {");
    }
    free(bal);
    if (plain && c.nargmin > 0) {
        cg_line(em, "    gmcu_launch_coop(%s, gmcu_coop_blocks(%s, 64), \"%s (%s:%d)\", %s);", kname, kname, kname,
                 em->src_base, s->loc.line, l.args);
    } else if (plain) {
        cg_line(em, "    %s<<<gmcu_blocks(_c_n), GMCU_BLOCK>>>(%s);", kname, l.args);
        cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", kname, em->src_base, s->loc.line);
    }
    cg_line(em, "}");
    cuda_launch_after(em, &c);
    em->indent--;
    cg_line(em, "}");
    free(kname);
    cuda_launch_free(em, &l);
    cuda_capture_free(&c);
    free(lo);
    free(hi);
    free(decl);
    free(src);
    return true;
}
