/* cuda_flags.c: -fcuda-lb=auto|twc|edge|vertex, -fcuda-outline=auto|on|off,
 * -fcuda-worklist=auto|on|off, -fcuda-async=auto|on|off,
 * -fcuda-priority=auto|on|off, -fcuda-blocking=auto|on|off,
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
    if (strncmp(a, "-fcuda-", 7) != 0)
        return false;
    const char *name = a + 7, *eq = strchr(name, '=');
    int v = 0;
    *ok = false;
    if (eq && (size_t)(eq - name) == 2 && strncmp(name, "lb", 2) == 0) {
        if ((*ok = pick("lb", eq + 1, lb, 4, &v)))
            k->lb = (gmb_cuda_lb)v;
    } else if (eq && (size_t)(eq - name) == 7 && strncmp(name, "outline", 7) == 0) {
        if ((*ok = pick("outline", eq + 1, sw, 3, &v)))
            k->outline = (gmb_switch)v;
    } else if (eq && (size_t)(eq - name) == 8 && strncmp(name, "worklist", 8) == 0) {
        if ((*ok = pick("worklist", eq + 1, sw, 3, &v)))
            k->worklist = (gmb_switch)v;
    } else if (eq && (size_t)(eq - name) == 5 && strncmp(name, "async", 5) == 0) {
        if ((*ok = pick("async", eq + 1, sw, 3, &v)))
            k->async = (gmb_switch)v;
    } else if (eq && (size_t)(eq - name) == 8 && strncmp(name, "priority", 8) == 0) {
        if ((*ok = pick("priority", eq + 1, sw, 3, &v)))
            k->priority = (gmb_switch)v;
    } else if (eq && (size_t)(eq - name) == 8 && strncmp(name, "blocking", 8) == 0) {
        if ((*ok = pick("blocking", eq + 1, sw, 3, &v)))
            k->blocking = (gmb_switch)v;
    } else if (eq && (size_t)(eq - name) == 9 && strncmp(name, "direction", 9) == 0) {
        if ((*ok = pick("direction", eq + 1, dir, 3, &v)))
            k->direction = (gmb_direction)v;
    } else {
        fprintf(stderr, "gmc: error: unknown option '%s' (the CUDA choices are "
                        "-fcuda-lb=auto|twc|edge|vertex, -fcuda-outline=auto|on|off, "
                        "-fcuda-worklist=auto|on|off, -fcuda-async=auto|on|off, -fcuda-priority=auto|on|off, -fcuda-blocking=auto|on|off and "
                        "-fcuda-direction=auto|push|pull)\n", a);
    }
    return true;
}
