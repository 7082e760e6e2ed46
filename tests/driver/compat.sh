#!/bin/sh
# compat.sh: programs the original compiler (gm_comp) accepted run with its
# meaning under `gmc run` (OpenMP): a non-void procedure that falls off its
# end returns its type's zero value (0, 0.0, False, NIL), and a local
# `Graph G2;` is an empty graph (no nodes, no edges, its loops run zero
# times). Checked against values worked out by hand on the degree graph.
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

finish
