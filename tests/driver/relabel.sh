#!/bin/sh
# relabel.sh: --relabel (issue 27 item 3).  A graph whose ids are sparse
# labels, read with --relabel, gives the answers of the same graph with
# compact ids: BFS distances, PageRank ranks, WCC components (Node values
# written as labels), joined through DIR/labels.txt; --root takes a label;
# gmgraph convert --relabel writes the same compact graph and its map;
# without --relabel a mostly unused id range draws a warning.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
apps=$GMC_SRCDIR/apps
# compact: 1,500 nodes, a path through all of them (every node has an edge)
# plus pseudo-random chords, parallel edges and a self-loop
awk 'BEGIN { n = 1500; for (i = 0; i + 1 < n; i++) print i, i + 1
             for (i = 0; i < 3000; i++) print (i * 7919) % n, (i * 104729 + 17) % n
             print 5, 5; print 9, 10 }' > compact.el
# sparse: id i -> label (i * 7919 % 100003) * 50 + 3 (one-to-one, not monotone)
awk '{ print ($1 * 7919 % 100003) * 50 + 3, ($2 * 7919 % 100003) * 50 + 3 }' compact.el > sparse.el
label_of() { echo $(( ($1 * 7919 % 100003) * 50 + 3 )); }
awk 'BEGIN { for (i = 0; i < 1500; i++) print (i * 7919 % 100003) * 50 + 3, i }' > label2id
# by_id DIR NAME: "id value" lines of a relabelled output, sorted by compact id
by_id() {
    paste -d ' ' "$1/labels.txt" "$1/$2.txt" |
        awk 'NR == FNR { id[$1] = $2; next } { print id[$1], $2 }' label2id - | sort -n
}
nl0() { awk '{ print NR - 1, $0 }' "$1"; }

root=37
expect 0 "bfs, compact ids" "$GMC" run "$apps/bfs.gm" compact.el --root=$root --out=c_bfs
expect 0 "bfs, sparse ids, --relabel" "$GMC" run "$apps/bfs.gm" sparse.el --relabel --root="$(label_of $root)" --out=s_bfs
same "relabelled: 1500 nodes" 1500 "$(wc -l < s_bfs/labels.txt)"
same "labels ascending" "$(sort -n s_bfs/labels.txt)" "$(cat s_bfs/labels.txt)"
same "bfs distances equal the compact graph's" "$(nl0 c_bfs/dist.txt)" "$(by_id s_bfs dist)"

expect 0 "pagerank, compact ids" "$GMC" run "$apps/pagerank.gm" compact.el --e=1e-9 --d=0.85 --max_iter=100 --out=c_pr
expect 0 "pagerank, sparse ids, --relabel" "$GMC" run "$apps/pagerank.gm" sparse.el --relabel --e=1e-9 --d=0.85 --max_iter=100 --out=s_pr
diffs=$(nl0 c_pr/rank.txt | paste -d ' ' - "$(by_id s_pr rank > s_pr/joined; echo s_pr/joined)" |
    awk '{ d = $2 - $4; if (d < 0) d = -d; if ($1 != $3 || d > 1e-12 + 1e-9 * $2) n++ } END { print n + 0 }')
same "pagerank ranks equal the compact graph's" 0 "$diffs"
expect 0 "pagerank, sparse ids, no --relabel" "$GMC" run "$apps/pagerank.gm" sparse.el --e=1e-9 --d=0.85 --max_iter=1 --out=n_pr
says "sparse ids: warning" err "node ids of sparse.el have no edge; if the ids are labels, --relabel numbers"
expect 0 "compact ids: no warning" "$GMC" run "$apps/pagerank.gm" compact.el --e=1e-9 --d=0.85 --max_iter=1
if grep -q warning err; then bad "compact ids: a warning"; else ok "compact ids: no warning"; fi

# Node values (components) are written as labels: the same partition
expect 0 "wcc, compact ids" "$GMC" run "$apps/wcc.gm" compact.el --out=c_wcc
expect 0 "wcc, sparse ids, --relabel" "$GMC" run "$apps/wcc.gm" sparse.el --relabel --out=s_wcc
bad_comp=$(awk 'NR == FNR { ok[$1] = 1; next } !($1 in ok) { n++ } END { print n + 0 }' s_wcc/labels.txt s_wcc/comp.txt)
same "wcc: every component id is a label" 0 "$bad_comp"
same "wcc: as many components" "$(sort -u c_wcc/comp.txt | wc -l)" "$(sort -u s_wcc/comp.txt | wc -l)"

# gmgraph convert --relabel: the compact file and its map (OUT.labels)
expect 0 "gmgraph convert --relabel" "$GMGRAPH" convert --relabel sparse.el relabelled.el
same "OUT.labels: the labels --relabel uses" "$(cat s_bfs/labels.txt)" "$(cat relabelled.el.labels)"
r=$(grep -n "^$(label_of $root)\$" relabelled.el.labels | cut -d: -f1)
expect 0 "bfs on the converted file" "$GMC" run "$apps/bfs.gm" relabelled.el --root=$((r - 1)) --out=v_bfs
same "bfs on the converted file: the relabelled distances" "$(cat s_bfs/dist.txt)" "$(cat v_bfs/dist.txt)"
printf '3 9\n9 12\n' > one.el
expect 0 "gmgraph convert --relabel --one-based" "$GMGRAPH" convert --relabel --one-based one.el one_out.el
same "one-based: labels as written" "3 9 12" "$(tr '\n' ' ' < one_out.el.labels | sed 's/ $//')"

expect 2 "--root that is no label" "$GMC" run "$apps/bfs.gm" sparse.el --relabel --root=4
says "--root that is no label: message" err "bad value '4' for --root: no node has that label"
finish
