#!/bin/sh
# nil_uses.sh: uses of a Node or Edge value other than a property element
# that index the graph's arrays with it: p.NumNbrs() (and its other names),
# p.InDegree(), loops over p.Nbrs, p.InNbrs, p.OutEdges, p.InEdges and
# p.CommonNbrs(q), e.ToNode(), e.FromNode(), p.HasEdgeTo(q), p.IsNbrFrom(q),
# p.PickRandomNbr(), and an InBFS or InDFS from a root. A NIL value is a
# run-time error as a property through it is: in sequential code at the use,
# in a parallel loop after the loop (gm_cgen/cg_nil.c's slot), exit 1 and
# "FILE:LINE: p.NumNbrs(): the node or edge is NIL" (a value past the end:
# "not a node or edge of the graph"). Before, these read index -1 (or past
# the end) and went on with exit 0 and a wrong answer (or crashed), and a
# traversal from NIL visited nothing. The same program on a graph where no
# value is NIL gives the known answer 4 for every case (so the check cannot
# fail a correct program); NAME_try returns 1 with the message and the next
# call gives the right answer. -t cuda: the .cu compiles with nvcc -Werror
# (no GPU here); NIL_TARGET=cuda runs the `gmc run` cases with -t cuda.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
prog=$GMC_SRCDIR/tests/cuda/nil/nil_uses.gm
printf '# Nodes: 4\n0 1 5\n1 2 6\n' > nil.el      # nodes 2 and 3 have no neighbour
printf '0 1 5\n1 2 6\n2 3 7\n3 0 8\n' > cycle.el # each node one neighbour
run_target=${NIL_TARGET:+-t $NIL_TARGET}
# k: what the message names (the use is on line k + 26 of nil_uses.gm)
for c in "1:p.NumNbrs()" "2:p.OutDegree()" "3:p.InDegree()" "4:p.NumInNbrs()" "5:p.Nbrs" "6:p.Nbrs" \
    "7:p.InNbrs" "8:p.InNbrs" "9:e.ToNode()" "10:e.ToNode()" "11:e.FromNode()" "12:e.FromNode()" \
    "13:n.HasEdgeTo(p)" "14:p.IsNbrFrom(n)" "15:p.PickRandomNbr()" "16:p.PickRandomNbr()" \
    "17:p.CommonNbrs(p)" "18:n.CommonNbrs(p)" "19:p.OutEdges" "20:p.InEdges" "21:InBFS From last" \
    "22:InDFS From last"; do
    k=${c%%:*} what=${c#*:}
    line=$((k + 26))
    expect 1 "k=$k: $what through NIL" timeout 300 "$GMC" run $run_target "$prog" nil.el --k=$k
    says "k=$k: message" err "error: nil_uses.gm:$line: $what: the node or edge is NIL"
    expect 0 "k=$k on a graph without NIL" "$GMC" run $run_target "$prog" cycle.el --k=$k
    says "k=$k: the known answer" out "return = 4"
done
expect 0 "k=0 (every use under p != NIL) on NIL" "$GMC" run $run_target "$prog" nil.el --k=0
says "k=0 on NIL: return" out "return = 10"
expect 0 "k=0 on a graph without NIL" "$GMC" run $run_target "$prog" cycle.el --k=0
says "k=0 on the cycle: return" out "return = 28"

# Values past the end come from the caller: far_uses_try names them.
cat > far_uses.gm <<'P'
Procedure far_uses(G: Graph, k: Int, r: Node, nx: N_P<Node>; y: N_P<Int>) : Int {
    G.y = 0;
    Int s = 0;
    If (k == 1) { For (n: G.Nodes) { Node p = n.nx; s += p.NumNbrs(); } }
    If (k == 2) { Foreach (n: G.Nodes) { Node p = n.nx; n.y = 0; For (t: p.Nbrs) { n.y += 1; } } }
    If (k == 3) { Foreach (n: G.Nodes) { n.y = n.nx.NumNbrs(); } }
    If (k == 4) { For (n: G.Nodes) { Node p = n.nx; If (p.IsNbrFrom(n)) { s += 1; } } }
    If (k == 5) { Foreach (n: G.Nodes) { Node p = n.nx; If (n.HasEdgeTo(p)) { n.y = 1; } } }
    If (k == 6) { InBFS (v: G.Nodes From r) { s += 1; } }
    s += Sum(n: G.Nodes) { n.y };
    Return s;
}
P
expect 0 "gmc --try-entry" "$GMC" -t omp --try-entry -o gen/ "$prog"
expect 0 "gmc --try-entry far_uses.gm" "$GMC" -t omp --try-entry -o gen/ far_uses.gm
cat > caller.c <<'C'
#include <stdio.h>
#include <stdlib.h>

#include "far_uses.h"
#include "nil_uses.h"

static gm_graph *graph(gm_node_t n, const gm_node_t *s, const gm_node_t *d, size_t m)
{
    gmrt_error err;
    return gmrt_graph_from_edges(n, m, s, d, NULL, NULL, &err);
}

int main(void)
{
    const gm_node_t s1[] = {0, 1}, d1[] = {1, 2}, s2[] = {0, 1, 2, 3}, d2[] = {1, 2, 3, 0};
    gm_graph *nil = graph(4, s1, d1, 2), *cycle = graph(4, s2, d2, 4);
    int32_t y[4], ret = -1;
    char msg[256] = "";
    if (!nil || !cycle)
        return 99;
    for (int k = 1; k <= 22; k++) {
        int rc = nil_uses_try(nil, k, y, &ret, msg, sizeof msg);
        printf("k=%d nil: rc=%d message=%s\n", k, rc, msg);
        msg[0] = '\0';
        rc = nil_uses_try(cycle, k, y, &ret, msg, sizeof msg);
        printf("k=%d cycle: rc=%d ret=%d message=%s\n", k, rc, (int)ret, msg);
    }
    for (int k = 1; k <= 6; k++) {
        gm_node_t far[4] = {1, 7, 3, 0}, near[4] = {1, 2, 3, 0};
        int rc = far_uses_try(cycle, k, 7, far, y, &ret, msg, sizeof msg);
        printf("far k=%d: rc=%d message=%s\n", k, rc, msg);
        msg[0] = '\0';
        rc = far_uses_try(cycle, k, 0, near, y, &ret, msg, sizeof msg);
        printf("near k=%d: rc=%d ret=%d message=%s\n", k, rc, (int)ret, msg);
    }
    gmrt_graph_free(nil);
    gmrt_graph_free(cycle);
    return 0;
}
C
if ! cc -std=c11 -D_DEFAULT_SOURCE -O1 -fopenmp -Wall -Wextra -Werror -I"$GMC_SRCDIR/gm_runtime" -Igen gen/nil_uses.c \
    gen/far_uses.c caller.c "$GMC_BUILDDIR/.libs/libgmrt.a" -lm -o caller 2> cc.txt; then
    bad "compile the caller: $(head -3 cc.txt)"
    finish
fi
OMP_NUM_THREADS=4 ./caller > out.txt 2> err.txt
same "the caller survives the errors" 0 "$?"
says "nil_uses_try: k=1 returns 1 with the message" out.txt "k=1 nil: rc=1 message=nil_uses.gm:27: p.NumNbrs(): the node or edge is NIL"
says "nil_uses_try: k=6 (a loop in a parallel loop) returns 1" out.txt "k=6 nil: rc=1 message=nil_uses.gm:32: p.Nbrs: the node or edge is NIL"
says "nil_uses_try: k=16 (PickRandomNbr in a parallel loop) returns 1" out.txt "k=16 nil: rc=1 message=nil_uses.gm:42: p.PickRandomNbr(): the node or edge is NIL"
says "nil_uses_try: k=21 (InBFS from NIL) returns 1" out.txt "k=21 nil: rc=1 message=nil_uses.gm:47: InBFS From last: the node or edge is NIL"
k=1
while [ $k -le 22 ]; do
    says "nil_uses_try: k=$k then right on the cycle" out.txt "k=$k cycle: rc=0 ret=4 message="
    k=$((k + 1))
done
says "far_uses_try: p.NumNbrs() past the end" out.txt "far k=1: rc=1 message=far_uses.gm:4: p.NumNbrs(): not a node or edge of the graph"
says "far_uses_try: p.Nbrs past the end in a parallel loop" out.txt "far k=2: rc=1 message=far_uses.gm:5: p.Nbrs: not a node or edge of the graph"
says "far_uses_try: n.nx.NumNbrs() past the end in a parallel loop" out.txt "far k=3: rc=1 message=far_uses.gm:6: n.nx.NumNbrs(): not a node or edge of the graph"
says "far_uses_try: p.IsNbrFrom(n) past the end" out.txt "far k=4: rc=1 message=far_uses.gm:7: p.IsNbrFrom(n): not a node or edge of the graph"
says "far_uses_try: n.HasEdgeTo(p) past the end in a parallel loop" out.txt "far k=5: rc=1 message=far_uses.gm:8: n.HasEdgeTo(p): not a node or edge of the graph"
says "far_uses_try: InBFS from a root past the end" out.txt "far k=6: rc=1 message=far_uses.gm:9: InBFS From r: not a node or edge of the graph"
for c in 1:4 2:4 3:4 4:4 5:4 6:4; do
    says "far_uses_try: k=${c%%:*} right with nodes in range" out.txt "near k=${c%%:*}: rc=0 ret=${c#*:} message="
done
if grep -q . err.txt; then bad "nothing on stderr from the _try calls (got: $(head -2 err.txt))"; else ok "the _try calls printed nothing"; fi

# -t cuda: the checked kernels are there (their nvcc compile, without a
# warning, is in tests/driver/nil_parallel.sh's batch with nil_cases.gm's:
# one nvcc start for both)
nil_kernels_gen nil_uses
finish
