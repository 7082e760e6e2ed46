#!/bin/sh
# test_refs.sh: checks the reference implementations themselves, so that a
# wrong reference cannot make every end-to-end comparison meaningless:
#  1. each reference on tiny hand-made graphs against answers computed by
#     hand (written below next to the graph);
#  2. references that must agree with each other on generated graphs
#     (BFS = Dijkstra with unit lengths = Bellman-Ford, Dijkstra = the
#     point-to-point answer, Kosaraju = Tarjan as partitions, pull = push
#     PageRank, greedy colouring is proper);
#  3. the validator and the comparator reject wrong answers (they can fail).
set -u
B=${GMC_BUILDDIR:?GMC_BUILDDIR is not set}/tests/e2e
GMGRAPH=${GMGRAPH:-${GMC_BUILDDIR}/gmgraph}
T=$(mktemp -d "${TMPDIR:-/tmp}/gmc-refs.XXXXXX")
trap 'rm -rf "$T"' EXIT
fails=0
n=0

ok()  { n=$((n + 1)); echo "PASS: $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "FAIL: $1"; }

# run NAME APP GRAPH ARGS... : runs the reference into $T/NAME (stdout kept)
run() {
    name=$1 app=$2 rgraph=$3
    shift 3
    mkdir -p "$T/$name"
    "$B/ref_$app" "$rgraph" --out="$T/$name" "$@" >"$T/$name/stdout.txt" 2>"$T/$name/stderr.txt"
}

# expect NAME SPEC... : compares $T/NAME with the hand answer in $T/NAME.exp
expect() {
    name=$1
    shift
    if "$B/e2e_compare" "$T/$name.exp" "$T/$name" "$@" >"$T/$name.diff"; then
        ok "$name"
    else
        bad "$name"
        cat "$T/$name.diff"
    fi
}

# want NAME FILE LINES... : writes the expected file $T/NAME.exp/FILE
want() {
    name=$1 file=$2
    shift 2
    mkdir -p "$T/$name.exp"
    : >"$T/$name.exp/$file"
    for v in "$@"; do printf '%s\n' "$v" >>"$T/$name.exp/$file"; done
}

# --- tiny graphs -----------------------------------------------------------
# g1: 0->1 0->2 1->2 2->0 2->3 3->4 4->3, a self-loop 5->5, node 6 isolated
cat >"$T/g1.el" <<'EOF'
# Nodes: 7
0 1
0 2
1 2
2 0
2 3
3 4
4 3
5 5
EOF
run bfs_g1 bfs "$T/g1.el" --root=0
want bfs_g1 dist.txt 0 1 1 2 3 2147483647 2147483647
expect bfs_g1 dist.txt:exact

run scc_k_g1 scc_kosaraju "$T/g1.el"
want scc_k_g1 scc.txt 0 0 0 1 1 2 3
want scc_k_g1 stdout.txt "return = 4"
expect scc_k_g1 scc.txt:partition return:exact
run scc_t_g1 scc_tarjan "$T/g1.el"
want scc_t_g1 scc.txt 7 7 7 8 8 9 10
want scc_t_g1 stdout.txt "return = 4"
expect scc_t_g1 scc.txt:partition return:exact

run wcc_g1 wcc "$T/g1.el"
want wcc_g1 comp.txt 0 0 0 0 0 5 6
want wcc_g1 stdout.txt "return = 3"
expect wcc_g1 comp.txt:exact return:exact

# undirected neighbours: 0:{1,2} 1:{0,2} 2:{0,1,3} 3:{2,4} 4:{3}
run color_g1 graph_coloring "$T/g1.el"
want color_g1 color.txt 0 1 2 0 1 0 0
want color_g1 stdout.txt "return = 3"
expect color_g1 color.txt:exact return:exact

# S = {0,1,2}: din = 2+1+2 = 5, dout = 1+1+1+0 = 3, cross = 1 (2->3): 1/3
printf '1\n1\n1\n0\n0\n0\n0\n' >"$T/member.txt"
run cond_g1 conductance "$T/g1.el" --member="$T/member.txt" --num=1
want cond_g1 stdout.txt "return = 0.33333333333333331"
expect cond_g1 return:real
# S = {6} has no out-edges: din = 0 and cross = 0: 0.0
printf '0\n0\n0\n0\n0\n0\n5\n' >"$T/member5.txt"
run cond0_g1 conductance "$T/g1.el" --member="$T/member5.txt" --num=5
want cond0_g1 stdout.txt "return = 0"
expect cond0_g1 return:real
# S = {2}: din = 2, dout = 6, cross = 2 (2->0, 2->3): 1
printf '0\n0\n1\n0\n0\n0\n0\n' >"$T/member2.txt"
run cond2_g1 conductance "$T/g1.el" --member="$T/member2.txt" --num=1
want cond2_g1 stdout.txt "return = 1"
expect cond2_g1 return:real

# teens (13..19): 0,2,3,5; in-edges from teens: 1:1 2:1 0:1 3:1 4:1 5:1
# older than 18: 1,3,4,6 -> (1+1+1+0)/4
printf '15\n20\n13\n19\n30\n16\n50\n' >"$T/age.txt"
run teen_g1 avg_teen_cnt "$T/g1.el" --age="$T/age.txt" --K=18
want teen_g1 teen_cnt.txt 1 1 1 1 1 1 0
want teen_g1 stdout.txt "return = 0.75"
expect teen_g1 teen_cnt.txt:exact return:real
run teen0_g1 avg_teen_cnt "$T/g1.el" --age="$T/age.txt" --K=60
want teen0_g1 stdout.txt "return = 0"
expect teen0_g1 return:real

# v < u < w with v->u, v->w, w->u: none in g1; two in k4m (K4 minus 2-3)
run tri_g1 triangle_count "$T/g1.el"
want tri_g1 stdout.txt "return = 0"
expect tri_g1 return:exact
cat >"$T/k4m.el" <<'EOF'
0 1
1 0
0 2
2 0
0 3
3 0
1 2
2 1
1 3
3 1
EOF
run tri_k4m triangle_count "$T/k4m.el"
want tri_k4m stdout.txt "return = 2"
expect tri_k4m return:exact

# pagerank on 0->1 0->2 1->0 2->0, one iteration from 1/3:
#   rank[0] = 0.05 + 0.85 * 2/3, rank[1] = rank[2] = 0.05 + 0.85/6
printf '0 1\n0 2\n1 0\n2 0\n' >"$T/star.el"
for app in pagerank pagerank_push; do
    run ${app}_star $app "$T/star.el" --e=0 --d=0.85 --max_iter=1
    want ${app}_star rank.txt 0.6166666666666667 0.19166666666666665 0.19166666666666665
    expect ${app}_star rank.txt:real
done
# a 3-cycle is already stationary: 1/3 everywhere, one iteration suffices
printf '0 1\n1 2\n2 0\n' >"$T/cyc.el"
run pr_cyc pagerank "$T/cyc.el" --e=1e-12 --d=0.85 --max_iter=100
want pr_cyc rank.txt 0.33333333333333331 0.33333333333333331 0.33333333333333331
expect pr_cyc rank.txt:real

# weighted: 0->1 4, 0->2 1, 2->1 2, 1->3 1, 2->3 5, 3->4 3; node 5 isolated
cat >"$T/w1.el" <<'EOF'
# Nodes: 6
0 1 4
0 2 1
2 1 2
1 3 1
2 3 5
3 4 3
EOF
for app in sssp sssp_dijkstra; do
    run ${app}_w1 $app "$T/w1.el" --root=0
    want ${app}_w1 dist.txt 0 3 1 4 7 2147483647
    expect ${app}_w1 dist.txt:exact
done
# a negative length 2->1 -2 (no cycle): 1 = -1, 3 = 0, 4 = 3
sed 's/^2 1 2$/2 1 -2/' "$T/w1.el" >"$T/wneg.el"
run sssp_wneg sssp "$T/wneg.el" --root=0
want sssp_wneg dist.txt 0 -1 1 0 3 2147483647
expect sssp_wneg dist.txt:exact
for case in "0 4 7" "0 5 2147483647" "3 3 0" "4 0 2147483647" "2 4 6"; do
    set -- $case
    run bidir_$1_$2 bidir_dijkstra "$T/w1.el" --src=$1 --dst=$2
    want bidir_$1_$2 stdout.txt "return = $3"
    expect bidir_$1_$2 return:exact
done

# BC with a parallel edge: 0->1 (twice) 0->2 1->3 2->3: of the 3 shortest
# paths 0 -> 3, two pass through 1 and one through 2
printf '0 1\n0 1\n0 2\n1 3\n2 3\n' >"$T/diamond.el"
run bc_diamond bc "$T/diamond.el"
want bc_diamond BC.txt 0 0.66666666666666663 0.33333333333333331 0
expect bc_diamond BC.txt:real
# the directed path 0->1->2->3: BC[1] = 2 (0-2, 0-3), BC[2] = 2 (0-3, 1-3)
printf '0 1\n1 2\n2 3\n' >"$T/path4.el"
run bc_path4 bc "$T/path4.el"
want bc_path4 BC.txt 0 2 2 0
expect bc_path4 BC.txt:real

# label propagation: 0<->1, 2->0, 2->1 oscillates: [1,0,0,3] after odd rounds
printf '# Nodes: 4\n0 1\n1 0\n2 0\n2 1\n' >"$T/lp.el"
run lp_osc label_propagation "$T/lp.el" --max_iter=5
want lp_osc label.txt 1 0 0 3
want lp_osc stdout.txt "return = 5"
expect lp_osc label.txt:exact return:exact
# 0->1 1->2 2->2 converges to 2 everywhere in 2 rounds, the 3rd sees no change
printf '0 1\n1 2\n2 2\n' >"$T/lp2.el"
run lp_conv label_propagation "$T/lp2.el" --max_iter=10
want lp_conv label.txt 2 2 2
want lp_conv stdout.txt "return = 3"
expect lp_conv label.txt:exact return:exact

# potential friends: 0->1 (twice) 0->2 0->4 1->3 2->3 1->4: node 3 is reached
# through 3 slots of 0, node 4 through 2 but is already a friend of 0
printf '# Nodes: 5\n0 1\n0 1\n0 2\n0 4\n1 3\n2 3\n1 4\n' >"$T/pf.el"
run pf_k3 potential_friends "$T/pf.el" --k=3
want pf_k3 friends.txt "3" "" "" "" ""
expect pf_k3 friends.txt:sets
run pf_k4 potential_friends "$T/pf.el" --k=4
want pf_k4 friends.txt "" "" "" "" ""
expect pf_k4 friends.txt:sets

# Adamic-Adar on the symmetric triangle 0,1,2 plus 2-3 (out-degrees 2,2,3,1);
# edges in sorted order 0>1 0>2 1>0 1>2 2>0 2>1 2>3 3>2
printf '0 1\n1 0\n0 2\n2 0\n1 2\n2 1\n2 3\n3 2\n' >"$T/aa.el"
run aa_tri adamic_adar "$T/aa.el"
l3=0.91023922662683732 l2=1.4426950408889634
want aa_tri aa.txt $l3 $l2 $l3 $l2 $l2 $l2 0 0
expect aa_tri aa.txt:real

# --- references against each other on generated graphs ---------------------
"$GMGRAPH" gen rmat --scale 9 --edge-factor 6 --seed 3 --weights int:1:30 -o "$T/r.el" >/dev/null 2>&1 ||
    { echo "FAIL: gmgraph could not generate a graph"; exit 1; }
"$GMGRAPH" gen grid --rows 15 --cols 20 -o "$T/grid.el" >/dev/null 2>&1
grep -v '^#' "$T/grid.el" | awk '{ print 1 }' >"$T/grid_len.txt"

run x_bfs bfs "$T/grid.el" --root=7
run x_dij sssp_dijkstra "$T/grid.el" --root=7 --len="$T/grid_len.txt"
if "$B/e2e_compare" "$T/x_bfs" "$T/x_dij" dist.txt:exact; then ok "bfs = unit dijkstra (grid)"; else bad "bfs = unit dijkstra (grid)"; fi

export REF_SSSP_ALGO=bellman-ford
run x_bf sssp "$T/r.el" --root=1
unset REF_SSSP_ALGO
run x_dj sssp_dijkstra "$T/r.el" --root=1
if "$B/e2e_compare" "$T/x_bf" "$T/x_dj" dist.txt:exact; then ok "bellman-ford = dijkstra (rmat)"; else bad "bellman-ford = dijkstra (rmat)"; fi
# ref_sssp picks Dijkstra by itself when no length is negative
run x_auto sssp "$T/r.el" --root=1
if "$B/e2e_compare" "$T/x_bf" "$T/x_auto" dist.txt:exact; then ok "sssp (dijkstra) = bellman-ford (rmat)"; else bad "sssp (dijkstra) = bellman-ford (rmat)"; fi

# triangle counting against the definition, pair by pair (awk), on the rmat
# graph (its self-loops and duplicate edges included: 36 and 338 of them) and
# on it with the ids reversed, so that its hubs have the high ids
awk '/^#/ { print; next } { print 511 - $1, 511 - $2, $3 }' "$T/r.el" >"$T/rrev.el"
for graph in r rrev; do
    run x_tc_$graph triangle_count "$T/$graph.el"
    want=$(awk '!/^#/ { v = $1; k = ++deg[v]; nb[v, k] = $2; has[$1, $2] = 1 }
        END { t = 0
              for (v in deg) for (i = 1; i <= deg[v]; i++) for (j = 1; j <= deg[v]; j++) {
                  u = nb[v, i]; w = nb[v, j]
                  if (v + 0 < u + 0 && u + 0 < w + 0 && ((w, u) in has)) t++ }
              print t }' "$T/$graph.el")
    got=$(sed -n 's/^return = //p' "$T/x_tc_$graph/stdout.txt")
    if [ -n "$got" ] && [ "$want" = "$got" ]; then ok "triangle_count = pairs by definition ($graph: $got)"; else bad "triangle_count ($graph): $got, by definition $want"; fi
done
for dst in 0 5 77 300 511; do
    run x_bd bidir_dijkstra "$T/r.el" --src=1 --dst=$dst
    want=$(sed -n "$((dst + 1))p" "$T/x_dj/dist.txt")
    got=$(sed -n 's/^return = //p' "$T/x_bd/stdout.txt")
    if [ "$want" = "$got" ]; then ok "bidir 1->$dst = dijkstra"; else bad "bidir 1->$dst: $got, dijkstra $want"; fi
done

run x_k scc_kosaraju "$T/r.el"
run x_t scc_tarjan "$T/r.el"
if "$B/e2e_compare" "$T/x_k" "$T/x_t" scc.txt:partition return:exact; then ok "kosaraju = tarjan (rmat)"; else bad "kosaraju = tarjan (rmat)"; fi

run x_pull pagerank "$T/r.el" --e=1e-10 --d=0.85 --max_iter=100
run x_push pagerank_push "$T/r.el" --e=1e-10 --d=0.85 --max_iter=100
if "$B/e2e_compare" "$T/x_pull" "$T/x_push" rank.txt:real; then ok "pagerank pull = push (rmat)"; else bad "pagerank pull = push (rmat)"; fi

# --- randomized references pass their validity checks ----------------------
awk 'BEGIN { for (i = 0; i < 512; i++) print (i % 3 == 0) }' >"$T/left.txt"
for spec in "luby_mis" "vertex_cover" "graph_coloring" "bipartite_matching --is_left=$T/left.txt" \
    "random_walk --num_steps=5000 --restart=0" "bc_sampled --k=5"; do
    set -- $spec
    app=$1
    shift
    for graph in r g1; do
        gfile="$T/$graph.el"
        [ "$app" = bipartite_matching ] && [ $graph = g1 ] && continue
        run v_${app}_$graph $app "$gfile" "$@"
        if "$B/e2e_validate" $app "$gfile" --out="$T/v_${app}_$graph" "$@"; then
            ok "reference $app is valid ($graph)"
        else
            bad "reference $app is valid ($graph)"
        fi
    done
done

# --- the checkers can fail ---------------------------------------------------
# expect_reject NAME APP GRAPH DIR ARGS... : the validator must refuse DIR
expect_reject() {
    name=$1 app=$2 graph=$3 dir=$4
    shift 4
    if "$B/e2e_validate" $app "$graph" --out="$dir" "$@" >/dev/null; then
        bad "validator rejects $name"
    else
        ok "validator rejects $name"
    fi
}
mkdir -p "$T/w"
printf '1\n1\n0\n0\n1\n1\n1\n' >"$T/w/in_mis.txt"; echo "return = 5" >"$T/w/stdout.txt"
expect_reject "a dependent set" luby_mis "$T/g1.el" "$T/w"
printf '1\n0\n0\n1\n0\n1\n0\n' >"$T/w/in_mis.txt"; echo "return = 3" >"$T/w/stdout.txt"
expect_reject "a non-maximal set" luby_mis "$T/g1.el" "$T/w"
printf '1\n0\n0\n1\n0\n1\n1\n' >"$T/w/in_mis.txt"; echo "return = 3" >"$T/w/stdout.txt"
expect_reject "a wrong MIS count" luby_mis "$T/g1.el" "$T/w"
printf '1\n0\n0\n1\n0\n1\n1\n' >"$T/w/in_mis.txt"; echo "return = 4" >"$T/w/stdout.txt"
if "$B/e2e_validate" luby_mis "$T/g1.el" --out="$T/w" >/dev/null; then ok "validator accepts an MIS"; else bad "validator accepts an MIS"; fi
printf '0\n1\n1\n0\n1\n1\n0\n' >"$T/w/select.txt"; echo "return = 4" >"$T/w/stdout.txt"
expect_reject "an uncovered edge" vertex_cover "$T/g1.el" "$T/w"
printf '1\n1\n1\n1\n0\n1\n1\n' >"$T/w/select.txt"; echo "return = 6" >"$T/w/stdout.txt"
expect_reject "a selected node without partner" vertex_cover "$T/g1.el" "$T/w"
printf '0\n1\n2\n0\n0\n0\n0\n' >"$T/w/color.txt"; echo "return = 3" >"$T/w/stdout.txt"
expect_reject "an improper colouring" graph_coloring "$T/g1.el" "$T/w"
printf '1\n0\n0\n0\n0\n0\n0\n' >"$T/g1left.txt"
printf '3\n-1\n-1\n0\n-1\n-1\n-1\n' >"$T/w/match.txt"; echo "return = 1" >"$T/w/stdout.txt"
expect_reject "a pair that is not an edge" bipartite_matching "$T/g1.el" "$T/w" --is_left="$T/g1left.txt"
printf '%s\n' -1 -1 -1 -1 -1 -1 -1 >"$T/w/match.txt"; echo "return = 0" >"$T/w/stdout.txt"
expect_reject "a non-maximal matching" bipartite_matching "$T/g1.el" "$T/w" --is_left="$T/g1left.txt"
printf '0\n0\n0\n6\n0\n0\n0\n' >"$T/w/visits.txt"
expect_reject "an impossible walk" random_walk "$T/g1.el" "$T/w" --num_steps=6 --restart=0
printf '0\n3\n0\n0\n' >"$T/w/BC.txt"
expect_reject "a too large sampled BC" bc_sampled "$T/path4.el" "$T/w" --k=1
printf '1\n0\n0\n0\n' >"$T/w/picked.txt"; printf '0\n2\n1\n0\n' >"$T/w/BC.txt"
if "$B/e2e_validate" bc_random "$T/path4.el" --out="$T/w" --k=1 >/dev/null; then ok "validator accepts bc_random from node 0"; else bad "validator accepts bc_random from node 0"; fi
printf '0\nnan\nnan\n0\n' >"$T/w/BC.txt"
expect_reject "a NaN BC (bc_random)" bc_random "$T/path4.el" "$T/w" --k=1
printf '0\n2\n1\n0\n' >"$T/w/BC.txt"; printf '0\n1\n0\n0\n' >"$T/w/picked.txt"
expect_reject "BC of another source (bc_random)" bc_random "$T/path4.el" "$T/w" --k=1
printf '2\n0\n0\n0\n' >"$T/w/picked.txt"
expect_reject "more draws than k (bc_random)" bc_random "$T/path4.el" "$T/w" --k=1

mkdir -p "$T/c1" "$T/c2"
printf '0\n0\n1\n' >"$T/c1/scc.txt"; printf '5\n6\n6\n' >"$T/c2/scc.txt"
if "$B/e2e_compare" "$T/c1" "$T/c2" scc.txt:partition >/dev/null; then bad "compare rejects another partition"; else ok "compare rejects another partition"; fi
printf '1.0\n' >"$T/c1/r.txt"; printf '1.000001\n' >"$T/c2/r.txt"
if "$B/e2e_compare" "$T/c1" "$T/c2" r.txt:real >/dev/null; then bad "compare rejects a 1e-6 error"; else ok "compare rejects a 1e-6 error"; fi
printf '1.0000000000001\n' >"$T/c2/r.txt"
if "$B/e2e_compare" "$T/c1" "$T/c2" r.txt:real >/dev/null; then ok "compare accepts a 1e-13 error"; else bad "compare accepts a 1e-13 error"; fi
printf '1 2 3\n' >"$T/c1/s.txt"; printf '3 1 2\n' >"$T/c2/s.txt"
if "$B/e2e_compare" "$T/c1" "$T/c2" s.txt:sets >/dev/null; then ok "compare: sets in any order"; else bad "compare: sets in any order"; fi
printf '3 1\n' >"$T/c2/s.txt"
if "$B/e2e_compare" "$T/c1" "$T/c2" s.txt:sets >/dev/null; then bad "compare rejects a missing member"; else ok "compare rejects a missing member"; fi

echo "test_refs: $((n - fails)) of $n checks passed"
[ $fails -eq 0 ]
