/* gma_decision.c: the per-record decision lists of gma_decision.h and their
 * text forms (--dump=plan with a target, --report's decision lines). */
#include "gma_decision.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "oom.h"

gma_decided *gma_decided_new(const gma_plan *plan, const char *target)
{
    gma_decided *d = calloc(1, sizeof *d);
    if (!d)
        gm_out_of_memory("the loop decisions", 0);
    d->plan = plan;
    d->target = target;
    int n = plan ? plan->n : 0;
    d->recs = calloc((size_t)n + 1, sizeof *d->recs);
    if (!d->recs)
        gm_out_of_memory("the loop decisions", 0);
    for (int i = 0; i < n; i++)
        d->recs[i].rec = &plan->recs[i];
    return d;
}

void gma_decisions_clear(gma_decisions *ds)
{
    for (int j = 0; j < ds->n; j++)
        free(ds->c[j].value);
    free(ds->c);
    ds->c = NULL;
    ds->n = ds->cap = 0;
}

void gma_decided_free(gma_decided *d)
{
    if (!d)
        return;
    for (int i = 0; d->plan && i < d->plan->n; i++)
        gma_decisions_clear(&d->recs[i]);
    free(d->recs);
    free(d);
}

gma_decisions *gma_decisions_of(const gma_decided *d, const gm_stmt *s, bool reverse)
{
    if (!d || !s)
        return NULL;
    const gma_record *r = gma_plan_find(d->plan, s, reverse);
    return r ? &d->recs[r - d->plan->recs] : NULL;
}

static void append(gma_decisions *ds, const gm_stmt *at, bool quiet, const char *key, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    char *v = NULL;
    int len = vsnprintf(NULL, 0, fmt, ap);
    if (len < 0 || !(v = malloc((size_t)len + 1)))
        gm_out_of_memory("the loop decisions", 0);
    vsnprintf(v, (size_t)len + 1, fmt, ap2);
    va_end(ap2);
    if (ds->n == ds->cap) {
        int cap = ds->cap ? 2 * ds->cap : 8;
        gma_choice *c = realloc(ds->c, (size_t)cap * sizeof *c);
        if (!c)
            gm_out_of_memory("the loop decisions", 0);
        ds->c = c;
        ds->cap = cap;
    }
    ds->c[ds->n++] = (gma_choice){key, v, at, quiet};
}

void gma_decide(gma_decisions *ds, const char *key, const char *fmt, ...)
{
    if (!ds)
        return;
    va_list ap;
    va_start(ap, fmt);
    append(ds, NULL, false, key, fmt, ap);
    va_end(ap);
}

void gma_decide_at(gma_decisions *ds, const gm_stmt *at, bool quiet, const char *key, const char *fmt, ...)
{
    if (!ds)
        return;
    va_list ap;
    va_start(ap, fmt);
    append(ds, at, quiet, key, fmt, ap);
    va_end(ap);
}

const char *gma_decision_at(const gma_decided *d, const gm_stmt *at, const char *key)
{
    for (int i = 0; d && at && d->plan && i < d->plan->n; i++)
        for (int j = 0; j < d->recs[i].n; j++)
            if (d->recs[i].c[j].at == at && strcmp(d->recs[i].c[j].key, key) == 0)
                return d->recs[i].c[j].value;
    return NULL;
}

const char *gma_decision(const gma_decisions *ds, const char *key)
{
    for (int i = 0; ds && i < ds->n; i++)
        if (strcmp(ds->c[i].key, key) == 0)
            return ds->c[i].value;
    return NULL;
}

bool gma_decision_is(const gma_decisions *ds, const char *key, const char *value)
{
    const char *v = gma_decision(ds, key);
    return v && strcmp(v, value) == 0;
}

void gma_decided_print(FILE *out, const gma_decided *d, const char *file)
{
    fprintf(out, "// ---- %s: plan, -t %s decisions ----\n", file, d->target);
    for (int i = 0; d->plan && i < d->plan->n; i++) {
        gma_record_print(out, &d->plan->recs[i], i);
        for (int j = 0; j < d->recs[i].n; j++) {
            const gma_choice *c = &d->recs[i].c[j];
            if (c->quiet)
                fprintf(out, "    %s %s(line %d)=%s\n", d->target, c->key, c->at ? c->at->loc.line : 0, c->value);
            else
                fprintf(out, "    %s %s=%s\n", d->target, c->key, c->value);
        }
    }
}

void gma_decisions_line(FILE *out, const gma_decisions *ds)
{
    bool first = true;
    for (int j = 0; ds && j < ds->n; j++) {
        if (ds->c[j].quiet)
            continue;
        fprintf(out, "%s%s=%s", first ? "" : ", ", ds->c[j].key, ds->c[j].value);
        first = false;
    }
}
