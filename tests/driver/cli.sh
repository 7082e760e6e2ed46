#!/bin/sh
# cli.sh: the command line of generated programs (issue 27 items 7, 8, 9;
# gm_runtime/gmrt_cli.h).  On an edge list with 1-based ids, a parallel edge,
# self-loops and a pair of opposite edges:
#   - gmgraph convert's load options (--one-based, --dedup, --no-self-loops,
#     --symmetrize, --from, --relabel), through gmc run and on the compiled
#     program, each against an awk reference of the edge list;
#   - --name value, '-' and '_' alike, the closest name, --help on stdout;
#   - --out-format=tsv|csv, collections and node values as labels;
#   - --json (read back with python3), load_ms and the counts in plain output.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
apps=$GMC_SRCDIR/apps

printf '1 2\n1 2\n2 3\n3 3\n3 1\n4 2\n2 4\n4 4\n' > g1.el
cat > deg.gm <<'P'
Procedure deg(G: Graph, s: Node; deg: N_P<Int>, ratio: Double, nan: Double, hub: Node): Long {
    Foreach (n: G.Nodes) {
        n.deg = n.NumNbrs();
    }
    ratio = (Double) G.NumEdges() / (Double) G.NumNodes();
    Double z = (Double) (G.NumNodes() - G.NumNodes());
    nan = z / z;
    hub = s;
    Return G.NumEdges() * 100 + G.NumNodes();
}
P
# ref BASE DEDUP NOSELF SYM: "return" then the out-degree of node 0..n-1,
# the way gmgraph convert documents the options (self-loops dropped first,
# the reverse of each other edge added, then parallel edges merged)
ref() {
    awk -v base="$1" -v dedup="$2" -v noself="$3" -v sym="$4" '
        function add(u, v) { k = u " " v; if (dedup && (k in seen)) return; seen[k] = 1; d[u]++; m++ }
        { u = $1 - base; v = $2 - base; if (u > n) n = u; if (v > n) n = v
          if (noself && u == v) next
          e[NR] = u " " v }
        END { for (i = 1; i <= NR; i++) if (i in e) { split(e[i], p, " "); add(p[1], p[2]); if (sym && p[1] != p[2]) add(p[2], p[1]) }
              print "return = " (m * 100 + n + 1); for (i = 0; i <= n; i++) print d[i] + 0 }' g1.el
}
# check NAME "OPTIONS" BASE DEDUP NOSELF SYM: gmc run deg.gm with OPTIONS
check() {
    name=$1 opts=$2
    shift 2
    # shellcheck disable=SC2086
    expect 0 "$name" "$GMC" run deg.gm g1.el --s=1 $opts --out="o_$name"
    got=$(grep '^return = ' out; cat "o_$name/deg.txt")
    same "$name: return and degrees" "$(ref "$@")" "$got"
}
check plain "" 0 0 0 0
check one_based "--one-based" 1 0 0 0
check dedup "--one-based --dedup" 1 1 0 0
check no_self_loops "--one-based --no-self-loops" 1 0 1 0
check symmetrize "--one-based --symmetrize" 1 0 0 1
check all "--one-based --symmetrize --dedup --no-self-loops" 1 1 1 1
same "the reference of --symmetrize: 14 edges (a self-loop once)" "return = 1404" "$(ref 1 0 0 1 | head -n 1)"

# --from: an edge list whose name says Matrix Market
cp g1.el g1.mtx
expect 1 "g1.mtx read as Matrix Market" "$GMC" run deg.gm g1.mtx --s=1
expect 0 "--from=edge-list" "$GMC" run deg.gm g1.mtx --s=1 --from=edge-list --one-based
same "--from=edge-list: the edge list's answer" "$(ref 1 0 0 0 | head -n 1)" "$(grep '^return = ' out)"
expect 2 "--from=xml" "$GMC" run deg.gm g1.el --s=1 --from=xml
says "--from=xml: message" err "--from 'xml': expected gm-binary, edge-list, mtx, dimacs or gmb"

# the compiled program takes them too
expect 0 "gmc -x --main" "$GMC" --main -x -o prog deg.gm
expect 0 "program --one-based --dedup" ./prog g1.el --s 1 --one-based --dedup
same "program --one-based --dedup: return" "$(ref 1 1 0 0 | head -n 1)" "$(grep '^return = ' out)"

# --relabel with --one-based: labels as written (10, 20, 30, 40 -> 0..3)
awk '{ print $1 * 10, $2 * 10 }' g1.el > g10.el
expect 0 "--relabel --one-based" "$GMC" run deg.gm g10.el --relabel --one-based --s=20 --out=o_rel --out-format=tsv
says "--relabel: the node output is a label" out "hub = 20"
same "--relabel tsv: labels, then degrees" "node	deg
10	2
20	2
30	2
40	2" "$(cat o_rel/deg.tsv)"

# ---- item 8: forms of options, suggestions, --help ------------------------------
expect 0 "--name value" "$GMC" run deg.gm g1.el --s 2 --repeat 2
says "--name value: node 2" out "hub = 2"
expect 0 "--random_len is --random-len" "$GMC" run "$apps/sssp.gm" g1.el --root=1 --random_len=1:1 --out=o_u
expect 0 "--random-len" "$GMC" run "$apps/sssp.gm" g1.el --root 1 --random-len 1:1 --out=o_d
same "--random_len and --random-len: same distances" "$(cat o_d/dist.txt)" "$(cat o_u/dist.txt)"
same "unit lengths: BFS levels from 1" "2147483647 0 1 2 2" "$(tr '\n' ' ' < o_d/dist.txt | sed 's/ $//')"
expect 0 "--max-iter is --max_iter" "$GMC" run "$apps/pagerank.gm" g1.el --e=0.001 --d=0.85 --max-iter=3
expect 2 "unknown option" "$GMC" run deg.gm g1.el --ss=1
says "unknown option: the closest name" err "unknown option '--ss=1'; did you mean '--s'?"
expect 2 "unknown common option" "$GMC" run deg.gm g1.el --s=1 --one-basd
says "unknown common option: the closest name" err "did you mean '--one-based'?"
expect 2 "unknown option far from all" "$GMC" run deg.gm g1.el --s=1 --frobnicate
says "unknown option far from all: help" err "unknown option '--frobnicate' (see "
expect 0 "--help" ./prog --help
says "--help on stdout: usage" out "usage: ./prog GRAPH --s=NODE"
says "--help: the program's options" out "--s=NODE"
says "--help: the load options" out "--no-self-loops"
says "--help: --out-format" out "--out-format=values|tsv|csv"
[ -s err ] && bad "--help wrote to stderr" || ok "--help: nothing on stderr"
expect 2 "a flag with a value" ./prog g1.el --s=1 --dedup=1
says "a flag with a value: message" err "--dedup takes no value"
expect 2 "--s without its value" ./prog g1.el --s
says "--s without its value: message" err "--s needs a value"

# ---- item 9: output as data ------------------------------------------------------
expect 0 "plain output" ./prog g1.el --s=1 --one-based
says "plain: the counts" out "graph = 4 nodes, 8 edges"
grep -q '^load_ms = [0-9][0-9]*\.[0-9][0-9][0-9]$' out && ok "plain: load_ms" || bad "plain: no load_ms line"
grep -q '^time_ms = [0-9][0-9]*\.[0-9][0-9][0-9]$' out && ok "plain: time_ms as before" || bad "plain: time_ms changed"
expect 0 "csv" ./prog g1.el --s=1 --one-based --out=o_csv --out-format=csv
same "csv: header, id, value" "node,deg
0,2
1,2
2,2
3,2" "$(cat o_csv/deg.csv)"
expect 2 "--out-format without --out" ./prog g1.el --s=1 --out-format=csv
expect 2 "--out-format=xml" ./prog g1.el --s=1 --out=o_x --out-format=xml
expect 0 "--json" ./prog g1.el --s=1 --one-based --json --repeat=3
if /usr/bin/python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
t = o["time_ms"]
assert o["graph"] == {"nodes": 4, "edges": 8}, o["graph"]
assert o["load_ms"] >= 0
assert len(t["runs"]) == 3 and t["min"] == min(t["runs"]) and t["max"] == max(t["runs"]), t
assert t["median"] == sorted(t["runs"])[1], t
assert o["return"] == 804, o["return"]
out = o["outputs"]
assert out["ratio"] == 2.0 and out["nan"] is None and out["hub"] == 1, out
' out 2> py_err; then ok "--json: one object with the counts, times, return and outputs (NaN as null)"
else bad "--json: $(tail -n 1 py_err)"; sed 's/^/    /' out; fi
[ "$(wc -l < out)" -eq 1 ] && ok "--json: one line, nothing else on stdout" || bad "--json: more than the object"

# collections and node values under --relabel: potential_friends on sparse
# labels gives the compact graph's sets, each member as its label
awk 'BEGIN { for (i = 0; i < 40; i++) { print i, (i * 7 + 3) % 40; print i, (i * 11 + 5) % 40; print i, (i + 1) % 40 } }' > c.el
awk '{ print $1 * 3 + 100, $2 * 3 + 100 }' c.el > s.el
expect 0 "potential_friends, compact" "$GMC" run "$apps/potential_friends.gm" c.el --k=1 --out=pf_c
expect 0 "potential_friends, --relabel" "$GMC" run "$apps/potential_friends.gm" s.el --k=1 --relabel --out=pf_s
exp=$(awk '{ s = ""; for (i = 1; i <= NF; i++) s = s (i > 1 ? " " : "") ($i * 3 + 100); print s }' pf_c/friends.txt)
same "collections under --relabel: members as labels" "$exp" "$(cat pf_s/friends.txt)"
[ -n "$(tr -d ' \n' < pf_c/friends.txt)" ] && ok "potential_friends: some friends" || bad "potential_friends: empty sets"

# --repeat: every repetition starts from the same values. bump writes its
# input x and accumulates into its output t, so a repetition that started
# from the last one's values would show x + 2 or a doubled t; its input e
# is read only, and the driver copies only what the procedure writes.
cat > bump.gm <<'P'
Procedure bump(G: Graph, x: N_P<Int>, e: E_P<Int>; s: N_P<Int>, t: N_P<Int>) {
    G.x = G.x + 1;
    Foreach (n: G.Nodes) {
        n.s = n.x;
        n.t += n.x + Sum(f: n.Nbrs) { (f.ToEdge()).e };
    }
}
P
printf '0 1\n1 2\n2 0\n0 2\n' > b.el
printf '5\n7\n9\n' > bx.txt
printf '10\n20\n30\n40\n' > be.txt # e by edge index: 0->1, 0->2, 1->2, 2->0
expect 0 "bump builds" "$GMC" -t omp --main -x -o . bump.gm
for k in 1 3; do
    expect 0 "bump --repeat=$k" ./bump b.el --x=bx.txt --e=be.txt --repeat=$k --out=ob$k
    same "bump --repeat=$k: s = x + 1" "6 8 10" "$(tr '\n' ' ' < ob$k/s.txt | sed 's/ $//')"
    same "bump --repeat=$k: t = x + 1 + the out-edges' e" "36 38 50" "$(tr '\n' ' ' < ob$k/t.txt | sed 's/ $//')"
done
grep -q 'init_x' bump.c && grep -q 'init_t' bump.c && ok "bump: copies of the written x and t" || bad "bump: no copy of x or t"
grep -q 'init_e' bump.c && bad "bump: a copy of the read-only e" || ok "bump: no copy of the read-only e"
finish
