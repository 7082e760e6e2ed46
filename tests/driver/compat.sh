#!/bin/sh
# compat.sh: programs the original compiler (gm_comp) accepted run with its
# meaning under `gmc run` (OpenMP): a non-void procedure that falls off its
# end returns its type's zero value (0, 0.0, False, NIL), and a local
# `Graph G2;` is an empty graph (no nodes, no edges, its loops run zero
# times); foreign code may name gm_comp's node_t and edge_t. Checked against
# values worked out by hand on the degree graph (make_degree_case: awk counts).
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
nodes=$(awk '{ if ($1 > n) n = $1; if ($2 > n) n = $2 } END { print n + 1 }' g.el)
ret() { sed -n 's/^return = //p' out; }

cat > fall.gm <<'P'
Procedure fall(G: Graph, k: Int): Long {
    If (k > 0) {
        Return G.NumNodes() + k;
    }
}
P
expect 0 "fall-through: Return taken" "$GMC" run fall.gm g.el --k=5
same "fall-through: Return taken: value" "$((nodes + 5))" "$(ret)"
says "fall-through: warned" err "[-Wmissing-return]"
expect 0 "fall-through: end reached" "$GMC" run fall.gm g.el --k=0
same "fall-through: end reached returns 0" 0 "$(ret)"
expect 1 "fall-through under -Werror" "$GMC" run -Werror fall.gm g.el --k=0
says "fall-through under -Werror: an error" err "error:"
for off in -Wno-missing-return -w; do
    expect 0 "fall-through: $off" "$GMC" --check $off fall.gm
    grep -q "missing-return" err && bad "fall-through: $off still warns" || ok "fall-through: $off silences"
done

cat > fall_node.gm <<'P'
Procedure fall_node(G: Graph, k: Int): Node {
    For (n: G.Nodes) {
        If (n.Degree() > k) {
            Return n;
        }
    }
}
P
expect 0 "fall-through Node: found" "$GMC" run fall_node.gm g.el --k=2
same "fall-through Node: first node of degree > 2" 0 "$(ret)"
expect 0 "fall-through Node: none" "$GMC" run fall_node.gm g.el --k=100
same "fall-through Node: NIL (-1)" -1 "$(ret)"

# A local Graph: zero nodes and edges, its loops and reductions run zero
# times, its collections stay empty; G is untouched by it.
cat > local.gm <<'P'
Procedure local(G: Graph; deg: N_P<Int>(G)): Long {
    Graph G2;
    N_P<Int>(G2) p;
    Node_Set(G2) S;
    Map<Node(G), Node(G2)> m;
    Long loops = 0;
    G2.p = 7;
    Foreach (v: G2.Nodes) {
        loops += 1;
    }
    Foreach (f: G2.Edges) {
        loops += 100;
    }
    Foreach (n: G.Nodes) {
        n.deg = (m[n] == NIL) ? n.NumNbrs() : -1000;
    }
    Long k = Count(v: G2.Nodes) + Sum(v: G2.Nodes) { v.p };
    Return 1000000 * G2.NumNodes() + 10000 * G2.NumEdges() + 1000 * loops + 100 * k
        + 10 * S.Size() + G.NumNodes();
}
P
expect 0 "local Graph" "$GMC" run local.gm g.el --out=lo
same "local Graph: G2 empty, G's node count" "$nodes" "$(ret)"
same "local Graph: the map of G2 nodes reads NIL" "$(cat deg.exp)" "$(cat lo/deg.txt)"

# Foreign code written for gm_comp's runtime names its node and edge index
# types node_t and edge_t (the original apps/src/randomwalk.gm casts to
# node_t): the generated file defines them as gm_node_t and gm_edge_t. Each
# edge adds 1000 * its index + its destination: 1000 * M(M-1)/2 + the sum of
# the destinations, whatever the edges' order.
cat > rt_types.gm <<'P'
Procedure rt_types(G: Graph): Long {
    Long s = 0;
    Foreach (n: G.Nodes) {
        Foreach (t: n.Nbrs) {
            Edge e = t.ToEdge();
            s += [ 1000 * (long) (edge_t) $e + (long) (node_t) $t ];
        }
    }
    Return s;
}
P
rt_exp=$(awk '{ d += $2 } END { print 1000 * NR * (NR - 1) / 2 + d }' g.el)
expect 0 "foreign node_t, edge_t" "$GMC" run rt_types.gm g.el
same "foreign node_t, edge_t: value" "$rt_exp" "$(ret)"
# A program that names one of its own variables node_t keeps it: no typedef.
cat > rt_own.gm <<'P'
Procedure rt_own(G: Graph): Long {
    Long node_t = G.NumNodes();
    Long s = [ node_t * 2 ];
    Return s;
}
P
expect 0 "own variable node_t" "$GMC" run rt_own.gm g.el
same "own variable node_t: value" "$((nodes * 2))" "$(ret)"

finish
