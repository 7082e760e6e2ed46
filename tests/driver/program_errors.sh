#!/bin/sh
# program_errors.sh: programs built with --main reject bad run-time input
# with a message naming the argument and the accepted range, and exit 2
# (bad usage: unknown, missing or bad option values, NaN or infinity where a
# number is needed) or 1 (run-time errors: files, an empty graph); gmc run
# passes both through.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
printf '0 1\n1 2\n2 0\n2 3\n' > g.el        # 4 nodes, no weights
printf '0 1 5\n1 2 1\n2 0 2\n2 3 7\n' > w.el # the same, weighted
bfs=$GMC_SRCDIR/apps/bfs.gm
sssp=$GMC_SRCDIR/apps/sssp.gm

expect 0 "bfs builds and runs" "$GMC" run "$bfs" g.el --root=0 --out=o
same "bfs levels" "0 1 2 3" "$(tr '\n' ' ' < o/dist.txt | sed 's/ $//')"
for v in abc 4 -1 "" 1.5 99999999999; do
    expect 2 "--root='$v'" "$GMC" run "$bfs" g.el "--root=$v"
    says "--root='$v': message" err "bad value '$v' for --root: expected an integer in [0, 3]"
done
expect 2 "missing --root" "$GMC" run "$bfs" g.el
says "missing --root: usage" err "--root=NODE"
: > empty.el
expect 1 "--root on an empty graph" "$GMC" run "$bfs" empty.el --root=0
says "--root on an empty graph: message" err "--root: the graph has no nodes"
expect 2 "unknown program option" "$GMC" run "$bfs" g.el --root=0 --rot=1
says "unknown program option: message" err "unknown option '--rot=1'"
expect 2 "bad --threads" "$GMC" run "$bfs" g.el --root=0 --threads=0
expect 1 "missing graph file" "$GMC" run "$bfs" nosuch.el --root=0
says "missing graph file: message" err "nosuch.el"

# A Node_Seq input from --NAME=FILE (node ids separated by white space).
bc=$GMC_SRCDIR/tests/e2e/apps/comp_BC.gm
printf '0\n0 2\n' > seeds.txt
expect 0 "comp_BC with --Seeds" "$GMC" run "$bc" g.el --Seeds=seeds.txt --out=b
same "comp_BC from 0, 0, 2" "1 4 2 0" "$(tr '\n' ' ' < b/BC.txt | sed 's/ $//')"
printf '0 4\n' > seeds.txt
expect 1 "--Seeds with a node out of range" "$GMC" run "$bc" g.el --Seeds=seeds.txt
says "--Seeds out of range: message" err "bad value '4' (item 2 of seeds.txt) for --Seeds: expected a node id in [0, 3]"
printf '1 x\n' > seeds.txt
expect 1 "--Seeds with a word" "$GMC" run "$bc" g.el --Seeds=seeds.txt
says "--Seeds with a word: message" err "item 2 of seeds.txt for --Seeds is not a node id"
expect 1 "--Seeds missing file" "$GMC" run "$bc" g.el --Seeds=nosuch.txt
says "--Seeds missing file: message" err "nosuch.txt"

# An edge-property input needs weights in the file or an argument.
expect 1 "unweighted graph for E_P input" "$GMC" run "$sssp" g.el --root=0
says "unweighted graph: message" err "the graph has no weights: give --len=FILE or --random-len=LO:HI"
expect 0 "weighted graph for E_P input" "$GMC" run "$sssp" w.el --root=0 --out=s
same "sssp distances" "0 5 6 13" "$(tr '\n' ' ' < s/dist.txt | sed 's/ $//')"
printf '5\n1\n' > len.txt
expect 1 "short property file" "$GMC" run "$sssp" g.el --root=0 --len=len.txt
says "short property file: message" err "len.txt:3: truncated: expected 4 values, found 2"
printf '5\n1\n2\n7\n' > len.txt
expect 0 "property file" "$GMC" run "$sssp" g.el --root=0 --len=len.txt --out=s2
same "sssp distances from --len=FILE" "0 5 6 13" "$(tr '\n' ' ' < s2/dist.txt | sed 's/ $//')"

# Non-finite numbers where a number is needed (--d=nan made every rank NaN).
pagerank=$GMC_SRCDIR/apps/pagerank.gm
for v in nan NaN inf -inf 1e999; do
    expect 2 "--d='$v'" "$GMC" run "$pagerank" g.el "--d=$v" --e=0.001 --max_iter=10
    says "--d='$v': message" err "bad value '$v' for --d: expected a finite number"
done
expect 2 "--random-len=nan:1" "$GMC" run "$sssp" g.el --root=0 --random-len=nan:1
says "--random-len=nan:1: message" err "expected finite LO:HI"
expect 2 "--random-len=0:inf" "$GMC" run "$sssp" g.el --root=0 --random-len=0:inf

# A property reached through a NIL node in host code is a run-time error
# (exit 1, naming the line), not a write before the array (bc_sampled on an
# empty graph: G.PickRandom() is NIL; it aborted with "double free" before)
expect 1 "bc_sampled on an empty graph" "$GMC" run "$GMC_SRCDIR/apps/bc_sampled.gm" empty.el --k=2
says "bc_sampled on an empty graph: message" err "bc_sampled.gm:20: s.sigma: the node or edge is NIL"
cat > nil_nbr.gm <<'P'
Procedure nil_nbr(G: Graph, r: Node; x: N_P<Int>) : Int {
    G.x = 0;
    Node w = r.PickRandomNbr();
    Return w.x;
}
P
printf '# Nodes: 3\n0 1\n' > nbr.el
expect 0 "a random neighbour's property" "$GMC" run nil_nbr.gm nbr.el --r=0
expect 1 "a node without neighbours: PickRandomNbr() is NIL" "$GMC" run nil_nbr.gm nbr.el --r=2
says "PickRandomNbr() NIL: message" err "nil_nbr.gm:4: w.x: the node or edge is NIL"
finish
