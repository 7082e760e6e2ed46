/* gma_sync.c: the distributed sync plan (gma_sync.h). This first version
 * places nothing: an empty plan whose loops all span OWNERS. */
#include "gma_sync.h"

#include <stdlib.h>

gma_sync_plan *gma_sync_build(const gm_program *p, const gma_plan *plan)
{
    (void)p;
    (void)plan;
    return calloc(1, sizeof(gma_sync_plan));
}

void gma_sync_free(gma_sync_plan *sp)
{
    if (!sp)
        return;
    free(sp->syncs);
    free(sp->span_loops);
    free(sp->spans);
    free(sp);
}

const gma_sync *gma_syncs_at(const gma_sync_plan *sp, const gm_stmt *s, bool after, int *n)
{
    *n = 0;
    if (!sp)
        return NULL;
    for (int i = 0; i < sp->n; i++)
        if (sp->syncs[i].at == s && sp->syncs[i].after == after) {
            int k = i;
            while (k < sp->n && sp->syncs[k].at == s && sp->syncs[k].after == after)
                k++;
            *n = k - i;
            return &sp->syncs[i];
        }
    return NULL;
}

gma_span gma_sync_span(const gma_sync_plan *sp, const gm_stmt *loop)
{
    for (int i = 0; sp && i < sp->nspans; i++)
        if (sp->span_loops[i] == loop)
            return sp->spans[i];
    return GMA_SPAN_OWNERS;
}

const char *gma_sync_kind_name(gma_sync_kind k)
{
    switch (k) {
    case GMA_SYNC_BROADCAST: return "broadcast";
    case GMA_SYNC_REDUCE: return "reduce";
    case GMA_SYNC_RESET: return "reset";
    case GMA_SYNC_ALLREDUCE: return "allreduce";
    }
    return "?";
}

void gma_sync_print(FILE *out, const gma_sync_plan *sp, const char *file)
{
    (void)out;
    (void)sp;
    (void)file;
}
