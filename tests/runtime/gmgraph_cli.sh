#!/bin/sh
# gmgraph_cli.sh: the gmgraph command end to end: help, generation, info,
# conversion through every format, exit codes, and silence on a non-terminal.
set -u
GMGRAPH=${GMGRAPH:-./gmgraph}
case $GMGRAPH in */*) GMGRAPH=$(cd "$(dirname "$GMGRAPH")" && pwd)/$(basename "$GMGRAPH") ;; esac
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmgraph-cli-XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
failures=0

check() { # check DESCRIPTION COMMAND...: the command must succeed
    desc=$1
    shift
    if "$@"; then echo "ok   $desc"; else echo "FAIL $desc"; failures=$((failures + 1)); fi
}
# expect_exit CODE COMMAND...: the command must exit with CODE
expect_exit() {
    code=$1
    shift
    "$@" >"$dir/out" 2>"$dir/err"
    got=$?
    if [ "$got" -eq "$code" ]; then echo "ok   exit $code: $*"; else
        echo "FAIL exit $got (expected $code): $*"; cat "$dir/err"; failures=$((failures + 1)); fi
}
# info_field FILE FIELD: the value printed by gmgraph info after "FIELD:"
info_field() { "$GMGRAPH" info "$1" 2>/dev/null | sed -n "s/^$2: *//p"; }

expect_exit 0 "$GMGRAPH" --help
check "--help lists the commands" grep -q "convert IN OUT" "$dir/out"
expect_exit 0 "$GMGRAPH" gen --help
check "gen --help shows the rmat example" grep -q "gen rmat --scale 20" "$dir/out"
expect_exit 2 "$GMGRAPH"
expect_exit 2 "$GMGRAPH" frobnicate
expect_exit 2 "$GMGRAPH" gen rmat --scale 10 --bogus -o "$dir/x.gmb"
expect_exit 2 "$GMGRAPH" gen rmat --scale 99 -o "$dir/x.gmb"
expect_exit 2 "$GMGRAPH" gen rmat --scale 10
expect_exit 2 "$GMGRAPH" gen grid --rows 3 -o "$dir/x.el"
expect_exit 1 "$GMGRAPH" info "$dir/does-not-exist.gr"
check "a missing file is named" grep -q "does-not-exist.gr: cannot open" "$dir/err"

# generation: sizes and silence on stderr when it is not a terminal
expect_exit 0 "$GMGRAPH" gen rmat --scale 12 --edge-factor 8 --seed 3 -o "$dir/r.gmb"
check "no progress output when stderr is not a terminal" test ! -s "$dir/err"
check "rmat has 4096 nodes" test "$(info_field "$dir/r.gmb" nodes)" = 4096
check "rmat has 32768 edges" test "$(info_field "$dir/r.gmb" edges)" = 32768
"$GMGRAPH" gen rmat --scale 12 --edge-factor 8 --seed 3 -o "$dir/r2.gmb" >/dev/null
check "same seed, same file" cmp -s "$dir/r.gmb" "$dir/r2.gmb"
OMP_NUM_THREADS=1 "$GMGRAPH" gen rmat --scale 12 --edge-factor 8 --seed 3 -o "$dir/r1.gmb" >/dev/null
check "same file with one thread" cmp -s "$dir/r.gmb" "$dir/r1.gmb"
"$GMGRAPH" gen rmat --scale 12 --edge-factor 8 --seed 4 -o "$dir/r3.gmb" >/dev/null
check "another seed, another graph" sh -c "! cmp -s '$dir/r.gmb' '$dir/r3.gmb'"

# every format in a chain keeps the graph: compare the gmb written at the end
prev="$dir/r.gmb"
for ext in el mtx gr bin gmb; do
    check "convert to .$ext" "$GMGRAPH" convert "$prev" "$dir/c.$ext" >/dev/null
    prev="$dir/c.$ext"
done
check "gmb -> el -> mtx -> gr -> bin -> gmb is the identity" cmp -s "$dir/r.gmb" "$dir/c.gmb"

expect_exit 0 "$GMGRAPH" gen grid --rows 3 --cols 4 -o "$dir/g.el"
check "grid edges" test "$(info_field "$dir/g.el" edges)" = 34
check "grid is symmetric" test "$(info_field "$dir/g.el" symmetric)" = yes
check "grid has no self-loops" test "$(info_field "$dir/g.el" self-loops)" = 0

# the largest degrees and where (the smallest such id), counted by hand:
# out-degree 3 at node 3; in-degree 2 at nodes 1 and 3, so node 1
printf '3 0\n3 1\n3 2\n5 3\n4 3\n2 1\n' >"$dir/hub.el"
check "largest out-degree and its node" sh -c "'$GMGRAPH' info '$dir/hub.el' | grep -q '^out-degree: *min 0, max 3 (node 3),'"
check "largest in-degree and its node" sh -c "'$GMGRAPH' info '$dir/hub.el' | grep -q '^in-degree: *min 0, max 2 (node 1),'"
printf '' >"$dir/empty.el"
check "no node named for an empty graph" sh -c "'$GMGRAPH' info '$dir/empty.el' | grep -q '^out-degree: *min 0, max 0, mean'"

printf '0 1\n0 1\n1 1\n2 0\n' >"$dir/m.el"
check "duplicates counted" test "$(info_field "$dir/m.el" 'duplicate edges')" = 1
check "self-loops counted" test "$(info_field "$dir/m.el" self-loops)" = 1
check "asymmetry reported" sh -c "'$GMGRAPH' info '$dir/m.el' | grep -q 'symmetric: *no (3 edges without their reverse)'"
expect_exit 0 "$GMGRAPH" convert --symmetrize --dedup --no-self-loops "$dir/m.el" "$dir/s.mtx"
check "cleaned graph edges" test "$(info_field "$dir/s.mtx" edges)" = 4
check "cleaned graph is symmetric" test "$(info_field "$dir/s.mtx" symmetric)" = yes
expect_exit 0 "$GMGRAPH" convert --to dimacs "$dir/m.el" "$dir/m.out"
check "--to picks the output format" grep -q "^p sp 3 4" "$dir/m.out"

expect_exit 0 "$GMGRAPH" gen road --rows 20 --cols 30 --seed 2 -o "$dir/road.gr"
check "road graph is weighted with integers" sh -c "'$GMGRAPH' info '$dir/road.gr' | grep -q 'weights: *integers'"
expect_exit 0 "$GMGRAPH" gen uniform --nodes 1000 --degree 4 --weights real:0:1 -o "$dir/u.gmb"
check "uniform edge count" test "$(info_field "$dir/u.gmb" edges)" = 4000
check "uniform weights are reals" sh -c "'$GMGRAPH' info '$dir/u.gmb' | grep -q 'weights: *reals, from 0'"

# OUT '-' is standard output (as IN '-' is standard input), never a file named '-'
(cd "$dir" && "$GMGRAPH" convert --to edge-list m.el - >stdout.el 2>summary.txt)
check "convert to - writes the graph on stdout" test "$(grep -vc '^#' "$dir/stdout.el")" = 4
check "convert to - leaves no file named -" test ! -e "$dir/-"
check "convert to - puts its summary on stderr" grep -q "m.el -> -: 3 nodes" "$dir/summary.txt"
(cd "$dir" && "$GMGRAPH" gen grid --rows 2 --cols 2 --to mtx -o - >stdout.mtx 2>/dev/null)
check "gen -o - writes the graph on stdout" grep -q "^%%MatrixMarket" "$dir/stdout.mtx"
expect_exit 2 "$GMGRAPH" convert "$dir/m.el" -
check "convert to - without --to says so" grep -q "needs --to FORMAT" "$dir/err"

printf '0 1\n1 x\n' >"$dir/bad.el"
expect_exit 1 "$GMGRAPH" convert "$dir/bad.el" "$dir/bad.gmb"
check "a bad line is reported with its number" grep -q "bad.el:2: expected a destination node id" "$dir/err"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
