/* cuda_async.c: a monotone frontier loop without rounds (-fcuda-async), as
 * Atos runs SSSP: one persistent kernel, one shared queue, no barrier.
 *
 * It takes the worklist shape (cuda_worklist.c) when gma_monotone_shape
 * (gm_analysis/gma_monotone.h) finds a monotone fixpoint whose rounds
 * nothing observes; the asynchronous kernel relaxes a node's edges with the
 * newest Q[n] whenever Q[n] was lowered, until no node waits.
 *
 * How it is wired into the loop: the first round runs as written (every
 * node), the asynchronous kernel then replaces the rounds up to the
 * fixpoint, and one more round as written follows. That round finds nothing
 * to lower (Q is a fixpoint and X >= Q), copies Q into X, clears the flags
 * and assigns the scalars exactly as the original's last round, which also
 * lowers nothing, does; so the loop ends with the same state. */
#include "cuda_emit.h"

#include <stdlib.h>

/* ---- the kernel ------------------------------------------------------------ */

char *cuda_async_kernel(cg_emit *em, const gma_monotone *a, const char *params, cuda_capture *c, cuda_launch *l)
{
    const gm_stmt *l1 = a->l1;
    cuda_kernel_frame f;
    char *name = cuda_kernel_open(em, &f, "the frontier loop without rounds: one shared queue, no barrier",
                                  l1->loc, params, l1->iter.sym, GMR_NODES, c, l);
    const char *n = cg_name(em, l1->iter.sym);
    const char *qn = cg_name(em, a->q);
    const char *xt = cg_ctype(a->x->type->elem), *qt = cg_ctype(a->q->type->elem);
    cg_line(em, "gm_node_t %s;", n);
    cg_line(em, "while (gmcu_aq_next(&_c_aq, &%s)) { /* each thread: the next queued node, until none waits */", n);
    em->indent++;
    cg_line(em, "/* %s.%s: the newest value, %s (equal at every round's end) */", n, a->x->name, a->q->name);
    cg_line(em, "const %s _c_val = (%s)*(volatile %s *)&%s[%s];", xt, xt, qt, qn, n);
    cg_monotone_edges(em, a, a->argmin->assign_op == GMA_MIN ? "gmcu_atomic_min" : "gmcu_atomic_max",
                       "gmcu_aq_push(&_c_aq, %s);", NULL);
    cg_line(em, "gmcu_aq_done(&_c_aq);");
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    return name;
}
