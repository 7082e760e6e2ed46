#!/bin/sh
# weights.sh: edge weights and property values that do not fit the property
# they fill (issue 27 item 2) stop a --main program with the file, the line
# (or edge) and the type, exit 1, for every graph format and for
# --NAME=FILE and --random-NAME=LO:HI; values that fit give right answers.
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
sssp=$GMC_SRCDIR/apps/sssp.gm
cat > lsum.gm <<'G'
Procedure lsum(G: Graph, w: E_P<Long>): Long { Return Sum(e: G.Edges) { e.w }; }
G
cat > fsum.gm <<'G'
Procedure fsum(G: Graph, w: E_P<Float>): Double { Return Sum(e: G.Edges) { (Double) e.w }; }
G
cat > dsum.gm <<'G'
Procedure dsum(G: Graph, w: E_P<Double>): Double { Return Sum(e: G.Edges) { e.w }; }
G
printf '0 1 5\n1 2 3000000000\n2 3 1\n' > big.el
printf '0 1 2.5\n1 2 3.5\n' > half.el
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 2\n2 3 2.5\n' > half.mtx
printf 'p sp 3 2\na 1 2 4\na 2 3 3000000000\n' > big.gr
printf '0 1 5\n1 2 1\n2 0 2\n2 3 7\n' > w.el

# Int: out of range and inexact, each format, with the line
expect 1 "Int weight 3000000000" "$GMC" run "$sssp" big.el --root=0
says "Int weight 3000000000: file, line, type" err \
    "big.el:2: weight '3000000000' does not fit the Int property len (int32): expected an integer from -2147483648 to 2147483647"
expect 1 "Int weight 2.5" "$GMC" run "$sssp" half.el --root=0
says "Int weight 2.5: file, line" err "half.el:1: weight '2.5' does not fit the Int property len"
expect 1 "Int weight 2.5 (Matrix Market)" "$GMC" run "$sssp" half.mtx --root=0
says "Matrix Market: line" err "half.mtx:4: weight '2.5' does not fit the Int property len"
expect 1 "Int weight 3000000000 (DIMACS)" "$GMC" run "$sssp" big.gr --root=0
says "DIMACS: line" err "big.gr:3: weight '3000000000' does not fit the Int property len"
if "$GMGRAPH" convert big.el big.gmb > /dev/null 2>&1; then
    expect 1 "Int weight 3000000000 (.gmb)" "$GMC" run "$sssp" big.gmb --root=0
    says ".gmb: the edge" err "big.gmb: edge 1 (1 -> 2): weight 3000000000 does not fit the Int property len"
else
    bad "gmgraph convert big.el big.gmb"
fi
# the weights are not read when the lengths come from elsewhere
printf '5\n1\n1\n' > len3.txt
expect 0 "unused weight column with --len=FILE" "$GMC" run "$sssp" big.el --root=0 --len=len3.txt --out=o1
same "distances with --len=FILE" "0 5 6 7" "$(tr '\n' ' ' < o1/dist.txt | sed 's/ $//')"
expect 0 "fitting weights" "$GMC" run "$sssp" w.el --root=0 --out=o2
same "distances from the weights" "0 5 6 13" "$(tr '\n' ' ' < o2/dist.txt | sed 's/ $//')"

# Long holds 3000000000, not 1e19; Float not 1e39; Double holds 2.5
expect 0 "Long weight 3000000000" "$GMC" run lsum.gm big.el
same "Long sum" "3000000006" "$(sed -n 's/^return = //p' out)"
printf '0 1 1e19\n' > huge.el
expect 1 "Long weight 1e19" "$GMC" run lsum.gm huge.el
says "Long weight 1e19: message" err "huge.el:1: weight '1e19' does not fit the Long property w (int64)"
printf '0 1 1e39\n' > fhuge.el
expect 1 "Float weight 1e39" "$GMC" run fsum.gm fhuge.el
says "Float weight 1e39: message" err "fhuge.el:1: weight '1e39' does not fit the Float property w (float)"
expect 0 "Double weights 2.5, 3.5" "$GMC" run dsum.gm half.el
same "Double sum" "6" "$(sed -n 's/^return = //p' out)"

# --NAME=FILE: the same rules
printf '5\n3000000000\n1\n' > lenbig.txt
expect 1 "--len=FILE with 3000000000" "$GMC" run "$sssp" big.el --root=0 --len=lenbig.txt
says "--len=FILE: line and type" err "lenbig.txt:2: int32 value '3000000000' out of range"
printf '5\n1.7\n1\n' > lenreal.txt
expect 1 "--len=FILE with 1.7" "$GMC" run "$sssp" big.el --root=0 --len=lenreal.txt

# --random-NAME=LO:HI: integers the type holds
expect 2 "--random-len=0:99999999999" "$GMC" run "$sssp" w.el --root=0 --random-len=0:99999999999
says "--random-len out of range: message" err \
    "bad range '0:99999999999' for --random-len: expected integers from -2147483648 to 2147483647 (the Int property len)"
expect 2 "--random-len=0:1.5" "$GMC" run "$sssp" w.el --root=0 --random-len=0:1.5
expect 0 "--random-len=1:9" "$GMC" run "$sssp" w.el --root=0 --random-len=1:9 --out=o3
bad_dist=$(awk 'NR > 1 && ($1 < 1 || $1 > 27) { n++ } END { print n + 0 }' o3/dist.txt)
same "--random-len=1:9: distances in [1, 27]" 0 "$bad_dist"
expect 0 "Long --random-w=0:99999999999" "$GMC" run lsum.gm w.el --random-w=0:99999999999
expect 2 "Long --random-w=0:1e19" "$GMC" run lsum.gm w.el --random-w=0:1e19
finish
