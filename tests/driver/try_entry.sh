#!/bin/sh
# try_entry.sh: gmc --try-entry emits NAME_try, which turns a run-time error
# of the call (out of memory) into a return of 1 with the message instead of
# ending the process (gmrt_fatal.h); the same process then calls it again
# with enough memory and gets the right answer (BFS hop counts on a path,
# checked against i). Without a guard the program still exits 1 with the
# message. The header declares NAME_try; a procedure with a return value
# passes it through *_c_ret.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
cat > hops.gm <<'GM'
Procedure hops(G: Graph, root: Node; dist: N_P<Int>): Int
{
    G.dist = +INF;
    root.dist = 0;
    InBFS (v: G.Nodes From root)(v != root) {
        v.dist = Min(u: v.UpNbrs) { u.dist } + 1;
    }
    Int far = Max(v: G.Nodes)(v.dist != +INF) { v.dist };
    Return far;
}
GM
expect 0 "gmc --try-entry" "$GMC" -t omp --try-entry -o gen/ hops.gm
says "the header declares hops_try" gen/hops.h \
    "int hops_try(gm_graph *G, gm_node_t root, int32_t *dist, int32_t *_c_ret, char *_c_err, size_t _c_err_size);"
expect 0 "without --try-entry: no hops_try" "$GMC" -t omp -o plain/ hops.gm
if grep -q hops_try plain/hops.c plain/hops.h; then bad "hops_try without --try-entry"; else ok "no hops_try without --try-entry"; fi
cat > caller.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "hops.h"

/* a path 0 -> 1 -> ... -> n-1 */
static gm_graph *path(gm_node_t n)
{
    gm_node_t *s = malloc((size_t)n * sizeof *s), *d = malloc((size_t)n * sizeof *d);
    for (gm_node_t i = 0; i + 1 < n; i++) {
        s[i] = i;
        d[i] = i + 1;
    }
    gmrt_error err;
    gm_graph *g = gmrt_graph_from_edges(n, (size_t)(n - 1), s, d, NULL, NULL, &err);
    free(s);
    free(d);
    return g;
}

int main(int argc, char **argv)
{
    const gm_node_t n = 4000000;
    gm_graph *g = path(n);
    int32_t *dist = malloc((size_t)n * sizeof *dist);
    if (!g || !dist)
        return 99;
    char msg[256] = "";
    int32_t far = -1;
    if (argc > 1) { /* the plain call under the limit: the process ends */
        struct rlimit rl = {(rlim_t)atol(argv[1]) << 20, (rlim_t)atol(argv[1]) << 20};
        setrlimit(RLIMIT_AS, &rl);
        hops(g, 0, dist);
        return 0;
    }
    /* the BFS's own arrays (queue, levels: 2 x 16 MB) do not fit in 8 MB more */
    struct rlimit old, rl;
    getrlimit(RLIMIT_AS, &old);
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f || fscanf(f, "%lu", &pages) != 1)
        return 99;
    fclose(f);
    rl.rlim_cur = rl.rlim_max = (rlim_t)pages * 4096 + (8u << 20);
    rl.rlim_max = old.rlim_max;
    setrlimit(RLIMIT_AS, &rl);
    int rc = hops_try(g, 0, dist, &far, msg, sizeof msg);
    printf("limited: rc=%d message=%s\n", rc, msg);
    setrlimit(RLIMIT_AS, &old);
    msg[0] = '\0';
    rc = hops_try(g, 0, dist, &far, msg, sizeof msg);
    int wrong = 0;
    for (gm_node_t i = 0; i < n; i++)
        wrong += dist[i] != i;
    printf("again: rc=%d far=%d wrong=%d message=%s\n", rc, far, wrong, msg);
    gmrt_graph_free(g);
    free(dist);
    return 0;
}
C
rt="-I$GMC_SRCDIR/gm_runtime -Igen"
if ! cc -std=c11 -D_DEFAULT_SOURCE -O1 -fopenmp $rt gen/hops.c caller.c "$GMC_BUILDDIR/.libs/libgmrt.a" -lm -o caller 2> cc.txt; then
    bad "compile the caller: $(head -3 cc.txt)"
    finish
fi
OMP_NUM_THREADS=1 ./caller > out.txt 2> err.txt
same "the caller survives the out-of-memory call" 0 "$?"
says "hops_try returned 1 with the message" out.txt "limited: rc=1 message=out of memory: cannot "
says "the next call returned the right hops" out.txt "again: rc=0 far=3999999 wrong=0 message="
if grep -q . err.txt; then bad "nothing on stderr from hops_try (got: $(head -2 err.txt))"; else ok "hops_try printed nothing"; fi
# the plain call under a limit that leaves no room: exit 1 and the message
OMP_NUM_THREADS=1 ./caller 60 > /dev/null 2> err.txt
same "the plain call ends the process with status 1" 1 "$?"
says "... saying what ran out" err.txt "error: out of memory: cannot "
finish
