#!/bin/sh
# gmgraph_partition.sh: `gmgraph partition` from the command line (no MPI
# needed; tests/mpi/gmp.sh loads the parts under mpirun): usage errors exit
# 2, a missing graph exits 1 and writes nothing, the parts are named
# PREFIX.R.gmp with their header's P and rank, are deterministic (the same
# bytes for the same graph and options, whether OUTPREFIX ends in .gmp or
# not), and writing them loses nothing: a full disk (ulimit -f with SIGXFSZ
# ignored: EFBIG) keeps the previous parts byte for byte and leaves no
# temporary file; a part that cannot be written removes the parts the run
# wrote before it.
set -u
GMGRAPH=${GMGRAPH:-./gmgraph}
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmgraph-part-XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
failures=0
check() { # check DESCRIPTION COMMAND...: the command must succeed
    desc=$1
    shift
    if "$@"; then echo "ok   $desc"; else echo "FAIL $desc"; failures=$((failures + 1)); fi
}
expect_exit() { # expect_exit CODE COMMAND...
    code=$1
    shift
    "$@" >"$dir/out" 2>"$dir/err"
    got=$?
    if [ "$got" -eq "$code" ]; then echo "ok   exit $code: $*"; else
        echo "FAIL exit $got (expected $code): $*"; cat "$dir/err"; failures=$((failures + 1)); fi
}
no_tmp() { test -z "$(ls -A "$1" | grep '^\.')"; }
# u32 FILE OFFSET: the little-endian 32-bit field at OFFSET
u32() { od -An -tu4 -j "$2" -N4 "$1" | tr -d ' '; }

"$GMGRAPH" gen rmat --scale 10 --edge-factor 8 --seed 3 -o "$dir/g.gmb" >/dev/null || exit 99
printf '0 1 2.5\n1 1 1\n1 2 4\n2 0 1\n2 0 1\n7 7 3\n' >"$dir/w.el"

expect_exit 0 "$GMGRAPH" --help
check "--help lists partition" grep -q "partition --parts=P GRAPH OUTPREFIX" "$dir/out"
expect_exit 0 "$GMGRAPH" partition --help
check "partition --help names the files" grep -q "OUTPREFIX.0.gmp" "$dir/out"
expect_exit 2 "$GMGRAPH" partition "$dir/g.gmb" "$dir/p"
check "--parts is required" grep -q "\-\-parts=P is required" "$dir/err"
expect_exit 2 "$GMGRAPH" partition --parts=0 "$dir/g.gmb" "$dir/p"
expect_exit 2 "$GMGRAPH" partition --parts=two "$dir/g.gmb" "$dir/p"
expect_exit 2 "$GMGRAPH" partition --parts=2 --policy=diagonal "$dir/g.gmb" "$dir/p"
check "a bad policy is named" grep -q "policy 'diagonal': expected both, out or in" "$dir/err"
expect_exit 2 "$GMGRAPH" partition --parts=2 --relabel=x "$dir/g.gmb" "$dir/p"
expect_exit 2 "$GMGRAPH" partition --parts=2 --bogus "$dir/g.gmb" "$dir/p"
expect_exit 2 "$GMGRAPH" partition --parts=2 "$dir/g.gmb"
expect_exit 2 "$GMGRAPH" partition --parts=2 "$dir/g.gmb" -
expect_exit 1 "$GMGRAPH" partition --parts=2 "$dir/missing.gmb" "$dir/p"
check "a missing graph is named" grep -q "missing.gmb" "$dir/err"
check "... and no part is written" test -z "$(ls "$dir" | grep '^p\.')"

expect_exit 0 "$GMGRAPH" partition --parts=3 "$dir/g.gmb" "$dir/p"
check "the summary names the parts" grep -q "p.0.gmp .. .*p.2.gmp: 3 parts, policy both" "$dir/out"
check "three parts" test -f "$dir/p.0.gmp" -a -f "$dir/p.1.gmp" -a -f "$dir/p.2.gmp" -a ! -e "$dir/p.3.gmp"
check "a part starts with its magic" test "$(head -c 8 "$dir/p.1.gmp")" = "GMD-PART"
check "its header says version 1, P = 3, rank 1" test "$(u32 "$dir/p.1.gmp" 8)/$(u32 "$dir/p.1.gmp" 16)/$(u32 "$dir/p.1.gmp" 20)" = 1/3/1
check "the header's file size is the size" test "$(od -An -tu8 -j96 -N8 "$dir/p.2.gmp" | tr -d ' ')" = "$(wc -c <"$dir/p.2.gmp")"
expect_exit 0 "$GMGRAPH" partition --parts=3 "$dir/g.gmb" "$dir/q.gmp"
check "OUTPREFIX.gmp names the same files, deterministic" sh -c "cmp -s '$dir/p.0.gmp' '$dir/q.0.gmp' && cmp -s '$dir/p.2.gmp' '$dir/q.2.gmp'"
expect_exit 0 "$GMGRAPH" partition --parts=3 --policy=in "$dir/g.gmb" "$dir/i"
check "the policy is in the header (in = 2)" test "$(u32 "$dir/i.0.gmp" 24)" = 2
expect_exit 0 "$GMGRAPH" partition --parts=3 --relabel "$dir/g.gmb" "$dir/r"
expect_exit 0 "$GMGRAPH" partition --parts=3 --relabel=0 "$dir/g.gmb" "$dir/r0"
expect_exit 0 "$GMGRAPH" partition --parts=3 --relabel=9 "$dir/g.gmb" "$dir/r9"
check "--relabel is --relabel=0" cmp -s "$dir/r.1.gmp" "$dir/r0.1.gmp"
check "another seed, other parts" sh -c "! cmp -s '$dir/r.1.gmp' '$dir/r9.1.gmp'"
check "relabelled flag set (flags 4)" test "$(( $(u32 "$dir/r.0.gmp" 28) & 4 ))" = 4
expect_exit 0 "$GMGRAPH" partition --parts=2 --no-self-loops "$dir/w.el" "$dir/w"
check "weights flag set (flags 1)" test "$(( $(u32 "$dir/w.0.gmp" 28) & 1 ))" = 1
check "loading options apply (--no-self-loops: m = 4)" test "$(od -An -tu8 -j40 -N8 "$dir/w.1.gmp" | tr -d ' ')" = 4
expect_exit 0 "$GMGRAPH" partition --parts=5 "$dir/w.el" "$dir/many"
check "more parts than nodes with edges: five parts" test -f "$dir/many.4.gmp"
check "no temporary file is left" no_tmp "$dir"

# a full disk: the previous parts stay as they were
cp "$dir/p.0.gmp" "$dir/p0.copy"
cp "$dir/p.1.gmp" "$dir/p1.copy"
(trap '' XFSZ; ulimit -f 8; "$GMGRAPH" partition --parts=3 --policy=out "$dir/g.gmb" "$dir/p") >/dev/null 2>"$dir/err"
check "a full disk exits 1" test $? -eq 1
check "... names the part and the error" grep -q "p.0.gmp: write failed: File too large" "$dir/err"
check "... keeps the previous parts" sh -c "cmp -s '$dir/p.0.gmp' '$dir/p0.copy' && cmp -s '$dir/p.1.gmp' '$dir/p1.copy'"
check "... leaves no temporary file" no_tmp "$dir"

# a part that cannot be written (its name is a folder): the run's earlier
# parts are removed, so no set of this run is left half written
mkdir "$dir/h.1.gmp"
expect_exit 1 "$GMGRAPH" partition --parts=3 "$dir/g.gmb" "$dir/h"
check "the failing part is named" grep -q "h.1.gmp" "$dir/err"
check "... the part written before it is removed" test ! -e "$dir/h.0.gmp"
check "... and no temporary file is left" no_tmp "$dir"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
