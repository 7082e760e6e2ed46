#!/bin/sh
# early_checks.sh: a --main program checks its arguments before it loads
# the graph (issue 27 item 5), so a typo does not wait for a big load: the
# graph file below is broken at its last line, and each bad argument must
# be reported instead of that (and the graph's error only when the
# arguments are good).  Node ids need the graph: they are checked right
# after it is loaded.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
apps=$GMC_SRCDIR/apps
awk 'BEGIN { for (i = 0; i < 2000; i++) print i, (i * 7 + 1) % 2000, 1 + i % 5; print "1 x 3" }' > late_bad.el
pr=$apps/pagerank.gm
expect 1 "good arguments: the graph's error" "$GMC" run "$pr" late_bad.el --e=0.001 --d=0.85 --max_iter=3
says "good arguments: the graph's line" err "late_bad.el:2001"
expect 2 "missing --max_iter: before the load" "$GMC" run "$pr" late_bad.el --e=0.001 --d=0.85
says "missing --max_iter: message" err "missing --max_iter=VALUE"
if grep -q "late_bad.el:2001" err; then bad "missing --max_iter: the graph was loaded"; else ok "missing --max_iter: the graph not loaded"; fi
expect 2 "--max_iter=abc: before the load" "$GMC" run "$pr" late_bad.el --e=0.001 --d=0.85 --max_iter=abc
says "--max_iter=abc: message" err "bad value 'abc' for --max_iter"
expect 2 "--d=x: before the load" "$GMC" run "$pr" late_bad.el --e=0.001 --d=x --max_iter=3
says "--d=x: message" err "bad value 'x' for --d"
expect 2 "--random-len=9:1: before the load" "$GMC" run "$apps/sssp.gm" late_bad.el --root=0 --random-len=9:1
says "--random-len=9:1: message" err "bad range '9:1' for --random-len"
expect 2 "--random-len=0:1e12: before the load" "$GMC" run "$apps/sssp.gm" late_bad.el --root=0 --random-len=0:1e12
says "--random-len=0:1e12: message" err "expected integers from -2147483648 to 2147483647"
expect 1 "--len=FILE missing: before the load" "$GMC" run "$apps/sssp.gm" late_bad.el --root=0 --len=nosuch.txt
says "--len=FILE missing: message" err "cannot open 'nosuch.txt'"
expect 1 "graph file missing" "$GMC" run "$pr" nosuch.el --e=0.001 --d=0.85 --max_iter=3
says "graph file missing: message" err "cannot open 'nosuch.el'"
# a node id is range-checked right after the load
awk 'BEGIN { for (i = 0; i < 10; i++) print i, i + 1 }' > good.el
expect 2 "--root=11: after the load" "$GMC" run "$apps/bfs.gm" good.el --root=11
says "--root=11: message" err "bad value '11' for --root: expected an integer in [0, 10]"
finish
