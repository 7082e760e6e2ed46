/* cuda_report.c: gmc -t cuda --report: what each parallel loop became.
 *
 * One block of lines per parallel loop or BFS of the source, on stderr, in
 * the order the code is generated: the kernel(s) it became, how the
 * iterations are spread over threads, which updates need atomics and which
 * do not, and what crosses between host and device. */
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

/* The line of one atomics= or count= decision (cuda_decide.c): "KIND(A OP, B, C)". */
static void report_choice(cg_emit *em, const gma_choice *ch)
{
    char kind[32] = "", a[128] = "", op[16] = "", b[128] = "", c3[128] = "", d4[128] = "";
    const char *v = ch->value;
    if (strcmp(ch->key, "count") == 0) {
        /* linked(line N, A, DIR, B) */
        int line = 0;
        if (sscanf(v, "linked(line %d, %127[^,], %127[^,], %127[^)])", &line, a, b, c3) == 4)
            cuda_report(em, 0, "the neighbour loop of line %d: one count per thread, an intersection of sorted rows "
                        "(%s's with the %s of %s)", line, a, b, c3);
        return;
    }
    if (strcmp(ch->key, "atomics") != 0)
        return;
    int n = sscanf(v, "%31[^(](%127s %15[^,)]%*[,)] %127[^,)]%*[,)] %127[^)]", kind, a, op, b, c3);
    (void)d4;
    if (n < 3)
        return;
    bool is_min = strcmp(op, "min=") == 0;
    if (strcmp(kind, "block-elect") == 0)
        cuda_report(em, 0, "%s %s: per-thread candidates, the key combined per block with one atomic; "
                    "cooperative launch: after a grid barrier one elected thread holding the key writes the %s", a, op, b);
    else if (strcmp(kind, "none") == 0)
        cuda_report(em, 0, "%s %s: this thread's own element, no atomic", a, op);
    else if (strcmp(kind, "key") == 0)
        cuda_report(em, 0, "%s %s: atomic %s on the key; the thread that lowered it stores the %s", a, op,
                    is_min ? "min" : "max", b);
    else if (strcmp(kind, "ticketed") == 0)
        cuda_report(em, 0, "%s %s: each update writes its payloads to a slot of its own (its %s), then one "
                    "compare-and-swap pairs the key with that slot, no lock (sm_90; per-element locks before "
                    "it); the winners' payloads are copied out after the kernel", a, op, b);
    else if (strcmp(kind, "packed") == 0)
        cuda_report(em, 0, "%s %s: key and payload packed side by side (%s, %s), one compare-and-swap of "
                    "the pair, no lock (sm_90; per-element locks before it); packed before the kernel, "
                    "unpacked after it%s", a, op, a, b, n >= 5 ? "; the winner stores the literal payloads" : "");
    else if (strcmp(kind, "lock") == 0)
        cuda_report(em, 0, "%s %s: key and payload under a per-element lock", a, op);
    else if (strcmp(kind, "eliminated") == 0)
        cuda_report(em, 0, "%s %s: atomic eliminated: a plain store (every writer stores the same value)", a, op);
    else if (strcmp(kind, "cas-loop") == 0)
        cuda_report(em, 0, "%s %s: %s", a, op, strcmp(op, "*=") == 0 ? "compare-and-swap loop (no native multiply)"
                                                  : "compare-and-swap loop (no native floating-point min/max)");
    else if (strcmp(kind, "native") == 0)
        cuda_report(em, 0, "%s %s: one native atomic per update", a, op);
}

void cuda_report_loop(cg_emit *em, const gma_decisions *ds, const gm_stmt *body, const gm_symbol *own,
                      const cuda_capture *c)
{
    if (!cuda_reporting(em))
        return;
    /* the kernel's atomics= and count= decisions; a kernel without a record
     * of its own (none today) decides them here by the same rules */
    gma_decisions here = {0};
    if (!ds) {
        cuda_decide_atomics(&here, body, own, c);
        ds = &here;
    }
    for (int i = 0; i < ds->n; i++)
        report_choice(em, &ds->c[i]);
    /* transfer= decisions (a kernel without a record decides them here) */
    if (!gma_decision(ds, "transfer"))
        cuda_decide_transfers(em, &here, NULL, c);
    const gma_decisions *ts = gma_decision(ds, "transfer") ? ds : &here;
    char props[512] = "", byval[512] = "", slots[512] = "";
    for (int i = 0; i < ts->n; i++) {
        if (strcmp(ts->c[i].key, "transfer") != 0)
            continue;
        const char *v = ts->c[i].value, *colon = strrchr(v, ':');
        if (!colon)
            continue;
        const char *how = colon + 1;
        int nlen = (int)(colon - v);
        char *dst = strcmp(how, "to-device") == 0 || strcmp(how, "overwrite") == 0 ? props
                    : strcmp(how, "by-value") == 0 ? byval : slots;
        size_t len = strlen(dst);
        if (len + (size_t)nlen + 16 >= sizeof props)
            continue;
        snprintf(dst + len, sizeof props - len, "%s%.*s%s", len ? ", " : "", nlen, v,
                 strcmp(how, "slot-reduced") == 0 ? " (reduced: per thread, per warp, one atomic per block)"
                 : strcmp(how, "overwrite") == 0  ? " (written whole first: not copied in)"
                                                  : "");
    }
    if (*props)
        cuda_report(em, 0, "properties used on the device: %s", props);
    if (*byval)
        cuda_report(em, 0, "kernel arguments (by value): %s", byval);
    if (*slots)
        cuda_report(em, 0, "scalars back to the host through a slot (one small copy after the kernel): %s", slots);
    gma_decisions_clear(&here);
}
