/* cuda_flags.c: -fcuda-lb=auto|twc|edge|vertex, -fcuda-outline=auto|on|off,
 * -fcuda-worklist=auto|on|off, -fcuda-async=auto|on|off,
 * -fcuda-priority=auto|on|off, -fcuda-blocking=auto|on|off, -fcuda-gather-order=auto|on|off,
 * -fcuda-direction=auto|push|pull. */
#include "cuda_flags.h"

#include <stdio.h>
#include <string.h>

static bool pick(const char *flag, const char *v, const char *const *names, int n, int *out)
{
    for (int i = 0; i < n; i++)
        if (strcmp(v, names[i]) == 0) {
            *out = i;
            return true;
        }
    fprintf(stderr, "gmc: error: bad value '%s' for -fcuda-%s (one of:", v, flag);
    for (int i = 0; i < n; i++)
        fprintf(stderr, " %s", names[i]);
    fprintf(stderr, ")\n");
    return false;
}

bool gmc_cuda_flag(const char *a, gmb_cuda_knobs *k, bool *ok)
{
    static const char *const lb[] = {"auto", "twc", "edge", "vertex"};
    static const char *const sw[] = {"auto", "on", "off"};
    static const char *const dir[] = {"auto", "push", "pull"};
    /* the auto|on|off choices */
    const struct {
        const char *name;
        gmb_switch *at;
    } switches[] = {{"outline", &k->outline}, {"worklist", &k->worklist}, {"async", &k->async},
                    {"priority", &k->priority}, {"blocking", &k->blocking},
                    {"gather-order", &k->gather_order}};
    if (strncmp(a, "-fcuda-", 7) != 0)
        return false;
    const char *name = a + 7, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : 0;
    int v = 0;
    *ok = false;
    if (eq && len == 2 && strncmp(name, "lb", 2) == 0) {
        if ((*ok = pick("lb", eq + 1, lb, 4, &v)))
            k->lb = (gmb_cuda_lb)v;
        return true;
    }
    if (eq && len == 9 && strncmp(name, "direction", 9) == 0) {
        if ((*ok = pick("direction", eq + 1, dir, 3, &v)))
            k->direction = (gmb_direction)v;
        return true;
    }
    for (size_t i = 0; eq && i < sizeof switches / sizeof switches[0]; i++)
        if (len == strlen(switches[i].name) && strncmp(name, switches[i].name, len) == 0) {
            if ((*ok = pick(switches[i].name, eq + 1, sw, 3, &v)))
                *switches[i].at = (gmb_switch)v;
            return true;
        }
    fprintf(stderr, "gmc: error: unknown option '%s' (the CUDA choices are "
                    "-fcuda-lb=auto|twc|edge|vertex, -fcuda-outline=auto|on|off, "
                    "-fcuda-worklist=auto|on|off, -fcuda-async=auto|on|off, -fcuda-priority=auto|on|off, "
                    "-fcuda-blocking=auto|on|off, -fcuda-gather-order=auto|on|off and -fcuda-direction=auto|push|pull)\n", a);
    return true;
}
