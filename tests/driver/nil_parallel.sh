#!/bin/sh
# nil_parallel.sh: a property reached through a Node or Edge value that is
# NIL inside a parallel loop (a stored node n.nx, a variable set from it, an
# Edge-typed property, n.PickRandomNbr() of a node without neighbours) is a
# run-time error after the loop, as in sequential code: exit 1 and
# "FILE:LINE: p.x: the node or edge is NIL" (gm_cgen/cg_nil.c), for reads,
# writes, reductions and arg-min/max; before, the loop read or wrote index
# -1 and the program went on with exit 0 (or aborted; rounds whose loop read
# 0 through NIL never ended). Also a BFS's levels, a neighbour loop, and a
# While whose loop is checked each round. The same program on a graph where
# no value is NIL gives the known answers; NAME_try returns 1 with the
# message, and the next call of the same process the right answer. -t cuda:
# the .cu compiles with nvcc -Werror all-warnings -Wall -Wextra (no GPU
# here; tests/cuda/nil/ runs on one through tests/gpu/run). NIL_TARGET=cuda
# runs the `gmc run` cases with -t cuda (on a machine with a GPU).
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
prog=$GMC_SRCDIR/tests/cuda/nil/nil_cases.gm
printf '# Nodes: 4\n0 1 5\n1 2 6\n' > nil.el      # nodes 2 and 3 have no neighbour
printf '0 1 5\n1 2 6\n2 3 7\n3 0 8\n' > cycle.el # each node one neighbour
# k: line of the access, what it reaches, the return value on the cycle
run_target=${NIL_TARGET:+-t $NIL_TARGET}
for c in "1:27:p.x:8" "2:32:n.nx.x:12" "3:38:p.y:4" "4:44:p.x:4" "5:50:e.w:260" "6:56:e.z:28" \
    "7:64:n.PickRandomNbr().x:16" "8:71:p.y:4" "9:78:p.x:20" "10:85:p.x:8" "11:92:q.x:4" "12:105:p.x:12"; do
    k=${c%%:*} rest=${c#*:}
    line=${rest%%:*} rest=${rest#*:}
    what=${rest%:*} answer=${rest##*:}
    if [ "$k" = 9 ]; then # the access under p != NIL: no error
        expect 0 "k=9 (guarded by p != NIL) on NIL" "$GMC" run $run_target "$prog" nil.el --k=9
        says "k=9 on NIL: return" out "return = 10"
    else
        # (timeout: before the check, case 12's rounds never ended)
        expect 1 "k=$k: $what through NIL in a parallel loop" timeout 300 "$GMC" run $run_target "$prog" nil.el --k=$k
        says "k=$k: message" err "error: nil_cases.gm:$line: $what: the node or edge is NIL"
    fi
    expect 0 "k=$k on a graph without NIL" "$GMC" run $run_target "$prog" cycle.el --k=$k
    says "k=$k: the known answer" out "return = $answer"
done
# a stored node past the end (the caller's) is named as such
cat > far.gm <<'P'
Procedure far(G: Graph, nx: N_P<Node>, x: N_P<Int>; y: N_P<Int>) {
    Foreach (n: G.Nodes) {
        n.y = n.nx.x;
    }
}
P
# NAME_try: the error comes back as a return of 1 with the message; the next
# call of the same process is right.
expect 0 "gmc --try-entry" "$GMC" -t omp --try-entry -o gen/ "$prog"
expect 0 "gmc --try-entry far.gm" "$GMC" -t omp --try-entry -o gen/ far.gm
cat > caller.c <<'C'
#include <stdio.h>
#include <stdlib.h>

#include "far.h"
#include "nil_cases.h"

static gm_graph *graph(gm_node_t n, const gm_node_t *s, const gm_node_t *d, size_t m)
{
    gmrt_error err;
    return gmrt_graph_from_edges(n, m, s, d, NULL, NULL, &err);
}

int main(void)
{
    const gm_node_t s1[] = {0, 1}, d1[] = {1, 2}, s2[] = {0, 1, 2, 3}, d2[] = {1, 2, 3, 0};
    gm_graph *nil = graph(4, s1, d1, 2), *cycle = graph(4, s2, d2, 4);
    int32_t y[4], w[4] = {5, 6, 7, 8}, ret = -1;
    char msg[256] = "";
    if (!nil || !cycle)
        return 99;
    for (int k = 1; k <= 12; k++) {
        int rc = nil_cases_try(nil, k, w, y, &ret, msg, sizeof msg);
        printf("k=%d nil: rc=%d message=%s\n", k, rc, msg);
        msg[0] = '\0';
        rc = nil_cases_try(cycle, k, w, y, &ret, msg, sizeof msg);
        printf("k=%d cycle: rc=%d ret=%d message=%s\n", k, rc, (int)ret, msg);
    }
    gm_node_t nx[4] = {1, 7, 0, 2};
    int32_t x[4] = {1, 1, 1, 1};
    int rc = far_try(cycle, nx, x, y, msg, sizeof msg);
    printf("far: rc=%d message=%s\n", rc, msg);
    gmrt_graph_free(nil);
    gmrt_graph_free(cycle);
    return 0;
}
C
if ! cc -std=c11 -D_DEFAULT_SOURCE -O1 -fopenmp -Wall -Wextra -Werror -I"$GMC_SRCDIR/gm_runtime" -Igen gen/nil_cases.c gen/far.c \
    caller.c "$GMC_BUILDDIR/.libs/libgmrt.a" -lm -o caller 2> cc.txt; then
    bad "compile the caller: $(head -3 cc.txt)"
    finish
fi
OMP_NUM_THREADS=4 ./caller > out.txt 2> err.txt
same "the caller survives the errors" 0 "$?"
says "nil_cases_try: k=1 returns 1 with the message" out.txt "k=1 nil: rc=1 message=nil_cases.gm:27: p.x: the node or edge is NIL"
says "nil_cases_try: k=3 (a reduction) returns 1" out.txt "k=3 nil: rc=1 message=nil_cases.gm:38: p.y: the node or edge is NIL"
says "nil_cases_try: k=6 (an Edge write) returns 1" out.txt "k=6 nil: rc=1 message=nil_cases.gm:56: e.z: the node or edge is NIL"
says "nil_cases_try: k=8 (arg-min) returns 1" out.txt "k=8 nil: rc=1 message=nil_cases.gm:71: p.y: the node or edge is NIL"
says "far_try: a stored node past the end" out.txt "far: rc=1 message=far.gm:3: n.nx.x: not a node or edge of the graph"
says "nil_cases_try: k=12 (rounds) returns 1" out.txt "k=12 nil: rc=1 message=nil_cases.gm:105: p.x: the node or edge is NIL"
for c in 1:8 2:12 3:4 4:4 5:260 6:28 7:16 8:4 9:20 10:8 11:4 12:12; do
    says "nil_cases_try: k=${c%%:*} then right on the cycle" out.txt "k=${c%%:*} cycle: rc=0 ret=${c#*:} message="
done
if grep -q . err.txt; then bad "nothing on stderr from nil_cases_try (got: $(head -2 err.txt))"; else ok "nil_cases_try printed nothing"; fi

# -t cuda: every case's kernel compiles without a warning, and so do
# tests/driver/nil_uses.sh's (its tests/cuda/nil/nil_uses.gm, generated the
# same way; that test checks its text): one nvcc batch for both.
mkdir -p cu_uses
"$GMC" -t cuda -o cu_uses/ "$GMC_SRCDIR/tests/cuda/nil/nil_uses.gm" > /dev/null 2>&1 ||
    bad "gmc -t cuda tests/cuda/nil/nil_uses.gm"
nil_kernels nil_cases cu_uses/nil_uses
finish
