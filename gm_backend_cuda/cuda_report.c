/* cuda_report.c: gmc -t cuda --report: what each parallel loop became.
 *
 * One block of lines per parallel loop or BFS of the source, on stderr, in
 * the order the code is generated: the kernel(s) it became, how the
 * iterations are spread over threads, which updates need atomics and which
 * do not, and what crosses between host and device. */
#include "builtins.h"
#include "cuda_emit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool cuda_reporting(cg_emit *em) { return cuda_st(em)->knobs.report; }

void cuda_report(cg_emit *em, int line, const char *fmt, ...)
{
    if (!cuda_reporting(em))
        return;
    va_list ap;
    va_start(ap, fmt);
    if (line > 0)
        fprintf(stderr, "%s:%d: ", em->src_base, line);
    else
        fprintf(stderr, "    ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

typedef struct atomics_ctx {
    cg_emit *em;
    const gm_symbol *own;  /* the loop's iterator: its elements are private */
    const cuda_capture *c;
} atomics_ctx;

static bool report_update(const gm_stmt *s, void *vctx)
{
    atomics_ctx *a = vctx;
    if (s->kind == GMS_ARGMINMAX && s->lhs && s->lhs->kind == GME_ID && s->lhs->next) {
        cuda_report(a->em, 0, "%s %s: per-thread candidates, the key combined per block with one atomic; "
                    "cooperative launch: after a grid barrier one elected thread holding the key writes %s",
                    s->lhs->sym->name, gm_assign_op_spelling(s->assign_op), s->lhs->next->next ? "the payloads" : "the payload");
        return true;
    }
    if (s->kind == GMS_ARGMINMAX && s->lhs && s->lhs->kind == GME_PROP) {
        const gm_expr *key = s->lhs;
        bool priv = key->a && key->a->kind == GME_ID && key->a->sym == a->own;
        if (priv)
            cuda_report(a->em, 0, "%s %s: this thread's own element, no atomic", key->sym->name,
                        gm_assign_op_spelling(s->assign_op));
        else if (!s->lhs->next || cg_argmin_payload_constant(s))
            cuda_report(a->em, 0, "%s %s: atomic %s on the key; the thread that lowered it stores the %s",
                        key->sym->name, gm_assign_op_spelling(s->assign_op), s->assign_op == GMA_MIN ? "min" : "max",
                        s->lhs->next ? "constant payload" : "value");
        else if (cuda_capture_pack_of(a->c, s) && cuda_capture_pack_of(a->c, s)->ticketed)
            cuda_report(a->em, 0, "%s %s: each update writes its payloads to a slot of its own (its %s), then one "
                        "compare-and-swap pairs the key with that slot, no lock (sm_90; per-element locks before "
                        "it); the winners' payloads are copied out after the kernel", key->sym->name,
                        gm_assign_op_spelling(s->assign_op),
                        cuda_capture_slot_of(a->c, s) == a->own ? "iteration" : "edge");
        else if (cuda_capture_pack_of(a->c, s))
            cuda_report(a->em, 0, "%s %s: key and payload packed side by side (%s, %s), one compare-and-swap of "
                        "the pair, no lock (sm_90; per-element locks before it); packed before the kernel, "
                        "unpacked after it%s", key->sym->name, gm_assign_op_spelling(s->assign_op), key->sym->name,
                        cuda_capture_pack_of(a->c, s)->pay->name,
                        s->lhs->next->next ? "; the winner stores the literal payloads" : "");
        else
            cuda_report(a->em, 0, "%s %s: key and payload under a per-element lock", key->sym->name,
                        gm_assign_op_spelling(s->assign_op));
        return true;
    }
    if (s->kind != GMS_ASSIGN || s->assign_op == GMA_ASSIGN || s->assign_op == GMA_DEFER || !s->lhs ||
        s->lhs->kind != GME_PROP)
        return true;
    const gm_expr *t = s->lhs;
    bool priv = t->a && t->a->kind == GME_ID && t->a->sym == a->own;
    gm_type_kind k = t->sym->type->elem ? t->sym->type->elem->kind : t->sym->type->kind;
    const char *how;
    if (priv)
        how = "this thread's own element, no atomic";
    else if (k == GMT_BOOL && (s->assign_op == GMA_OR || s->assign_op == GMA_AND))
        how = "atomic eliminated: a plain store (every writer stores the same value)";
    else if ((k == GMT_FLOAT || k == GMT_DOUBLE) && (s->assign_op == GMA_MIN || s->assign_op == GMA_MAX))
        how = "compare-and-swap loop (no native floating-point min/max)";
    else if (s->assign_op == GMA_MULT)
        how = "compare-and-swap loop (no native multiply)";
    else
        how = "one native atomic per update";
    cuda_report(a->em, 0, "%s %s: %s", t->sym->name, gm_assign_op_spelling(s->assign_op), how);
    return true;
}

/* Loops gm_opt/count_linked.c replaced by a count. */
static bool report_count(const gm_expr *e, void *vctx)
{
    atomics_ctx *a = vctx;
    if (e->kind == GME_CALL && e->builtin == GMB_NODE_COUNT_LINKED)
        cuda_report(a->em, 0, "the neighbour loop of line %d: one count per thread, an intersection of sorted rows "
                    "(%s's with the %s of %s)", e->loc.line, e->a && e->a->name ? e->a->name : "?",
                    e->bool_val ? "in-edges" : "out-edges",
                    e->args && e->args->next ? e->args->next->name : e->args ? e->args->name : "?");
    return true;
}

void cuda_report_loop(cg_emit *em, const gm_stmt *body, const gm_symbol *own, const cuda_capture *c)
{
    if (!cuda_reporting(em))
        return;
    atomics_ctx a = {em, own, c};
    if (body)
        gma_walk(body, false, report_update, report_count, &a);
    char props[512] = "", byval[512] = "", slots[512] = "";
    for (int i = 0; i < c->n; i++) {
        char *dst = c->use[i] == CU_PROP ? props : c->use[i] == CU_READ ? byval
                    : c->use[i] == CU_GRAPH ? NULL : slots;
        if (!dst)
            continue;
        size_t len = strlen(dst);
        if (len + strlen(c->sym[i]->name) + 16 >= sizeof props)
            continue;
        snprintf(dst + len, sizeof props - len, "%s%s%s", len ? ", " : "", c->sym[i]->name,
                 c->use[i] == CU_REDUCE                       ? " (reduced: per thread, per warp, one atomic per block)"
                 : c->use[i] == CU_PROP && c->overwrite[i] ? " (written whole first: not copied in)"
                                                              : "");
    }
    if (*props)
        cuda_report(em, 0, "properties used on the device: %s", props);
    if (*byval)
        cuda_report(em, 0, "kernel arguments (by value): %s", byval);
    if (*slots)
        cuda_report(em, 0, "scalars back to the host through a slot (one small copy after the kernel): %s", slots);
}
