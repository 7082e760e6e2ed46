/* rt_progress.h (internal): calling an optional progress callback. */
#ifndef GMRT_RT_PROGRESS_H
#define GMRT_RT_PROGRESS_H

#include "gmrt_base.h"

static inline void gmrt_report(const gmrt_progress *p, const char *phase, double fraction)
{
    if (p && p->fn)
        p->fn(p->arg, phase, fraction);
}

#endif
