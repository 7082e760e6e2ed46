#!/bin/sh
# same_answers.sh: the passes do not change answers. Each tests/opt/exec/*.gm
# (a line `// args: ARGS` gives the driver's arguments) is built with
# `gmc -t omp --main -x` twice, with every pass and with -O0, run on a few
# graphs (a small RMAT with hubs, a grid, a long path, one with self-loops and
# duplicate edges), and every output file and stdout value line must be
# equal (exactly: the programs here compute integers).
# Environment: GMC, GMGRAPH (default: the build tree's), GMC_SRCDIR.
set -u
if [ -z "${GMC_SRCDIR:-}" ]; then
    GMC_SRCDIR=$(cd "$(dirname "$0")/../.." && pwd) || exit 99
fi
: "${GMC:=./gmc}" "${GMGRAPH:=./gmgraph}"
for t in "$GMC" "$GMGRAPH"; do
    [ -x "$t" ] || { echo "same_answers: no $t" >&2; exit 99; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-same.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

"$GMGRAPH" gen rmat --scale 9 --edge-factor 8 --no-permute -o "$tmp/rmat.el" >/dev/null 2>&1 &&
"$GMGRAPH" gen grid --rows 20 --cols 30 -o "$tmp/grid.el" >/dev/null 2>&1 || exit 99
awk 'BEGIN { print "# Nodes: 500"; for (i = 0; i < 499; i++) print i, i + 1 }' >"$tmp/path.el"
printf '# Nodes: 6\n0 0\n0 1\n0 1\n1 2\n2 1\n2 3\n3 3\n1 4\n' >"$tmp/selfdup.el"

npass=0
nfail=0
for gm in "$GMC_SRCDIR"/tests/opt/exec/*.gm; do
    name=$(basename "$gm" .gm)
    args=$(sed -n 's|^// args: *||p' "$gm" | head -n 1)
    for v in opt O0; do
        flag=; [ "$v" = O0 ] && flag=-O0
        mkdir -p "$tmp/$v"
        if ! "$GMC" -t omp --main -x $flag -o "$tmp/$v" "$gm" >"$tmp/$v.log" 2>&1; then
            echo "FAIL: $name: gmc $flag"; cat "$tmp/$v.log"; nfail=$((nfail + 1)); continue 2
        fi
    done
    for g in rmat grid path selfdup; do
        for v in opt O0; do
            rm -rf "$tmp/out_$v" && mkdir -p "$tmp/out_$v"
            # shellcheck disable=SC2086
            "$tmp/$v/$name" "$tmp/$g.el" $args --threads=2 --out="$tmp/out_$v" >"$tmp/run_$v" 2>&1
            echo "exit $?" >>"$tmp/run_$v"
            grep -v -e '^time_ms' -e '^load_ms' "$tmp/run_$v" >"$tmp/out_$v/stdout"
        done
        if ! grep -qx 'exit 0' "$tmp/run_opt"; then
            nfail=$((nfail + 1)); echo "FAIL: $name on $g: the program failed"; cat "$tmp/run_opt"
        elif diff -r "$tmp/out_opt" "$tmp/out_O0" >"$tmp/diff" 2>&1; then
            npass=$((npass + 1)); echo "PASS: $name on $g"
        else
            nfail=$((nfail + 1)); echo "FAIL: $name on $g"; head -20 "$tmp/diff"
        fi
    done
done
echo "same_answers: $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
