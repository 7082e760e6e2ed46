#!/bin/sh
# int_wrap.sh: Int and Long arithmetic wraps modulo 2^32 / 2^64 in generated
# code (docs/green-marl-language.md, section 6), folded by gmc or not (-O0),
# whatever the C compiler makes of signed overflow. tests/omp/int_wrap.gm is
# built with `gmc -t omp --main -x` with and without -O0, run with inputs
# that overflow, and every value compared with awk's own arithmetic modulo
# 2^32 (exact: every awk intermediate stays below 2^53). Where configure
# found MPI, also with --distributed on 2 ranks (without Product, which that
# target does not take).
# Environment (set by make check): GMC, GMC_SRCDIR, GMC_BUILDDIR, GMC_MPIRUN;
# INT_WRAP_TARGET=cuda runs the same checks on -t cuda (on a GPU machine,
# by hand: `INT_WRAP_TARGET=cuda GMC=_build/gmc sh tests/omp/int_wrap.sh`).
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
: "${GMC:=$GMC_BUILDDIR/gmc}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-int-wrap.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
. "$GMC_SRCDIR/tests/omp/value_check.sh"

# 25 nodes: 1..24 -> 0 (node 0 gets 24 in-edges), 0 -> 1.
awk 'BEGIN { print "# Nodes: 25"; for (i = 1; i < 25; i++) print i, 0; print 0, 1 }' >"$tmp/g.el"
a=2147483647 k=3 big=9223372036854775807

# The expected values, NAME VALUE per line.
awk -v a="$a" -v k="$k" 'function w32(x) { x %= 4294967296; if (x < 0) x += 4294967296
                             return x >= 2147483648 ? x - 4294967296 : x }
    function out(name, v) { printf "%s %.0f\n", name, v }
    function mul32(x, y,   lo, hi) { # x * y mod 2^32 in exact steps
        x = w32(x) + (w32(x) < 0 ? 4294967296 : 0); y = w32(y) + (w32(y) < 0 ? 4294967296 : 0)
        lo = x % 65536; hi = (x - lo) / 65536
        return w32(lo * y + w32(hi * y) * 65536) }
    BEGIN {
        p = 1; for (i = 0; i < 25; i++) p = mul32(p, k)
        x = k - 2; s = 0; while (x > 0 && s < 100) { x = w32(2 * x); s++ }
        out("gt", (w32(a + 1) > a) ? 1 : 0)
        out("gt_lit", (w32(a + 1) > a) ? 1 : 0)
        out("inc", w32(a + 1))
        out("inc_lit", w32(a + 1))
        out("steps", s)
        out("last", x)
        out("sum_red", w32(25 * a))
        out("sum_par", w32(25 * a))
        out("prod", p)
        out("neg", w32(-w32(a + 1)))
        out("ab", w32(w32(a + 1) < 0 ? -w32(a + 1) : w32(a + 1)))
        out("sq", mul32(a, a))
        out("lplus", a + 1)
        out("cnt", w32(a + 1))
    }' >"$tmp/expected" || exit 99
echo "lsum -2" >>"$tmp/expected" # 2 * (2^63 - 1) mod 2^64
# B: node 0 gets a from each of its 24 in-neighbours, node 1 from node 0.
awk -v a="$a" 'function w32(x) { x %= 4294967296; if (x < 0) x += 4294967296
                   return x >= 2147483648 ? x - 4294967296 : x }
    BEGIN { printf "%.0f\n%.0f\n", w32(24 * a), a; for (i = 2; i < 25; i++) print 0 }' >"$tmp/B.expected"

sed -e 's/prod: Int, //' -e '/Product/d' "$GMC_SRCDIR/tests/omp/int_wrap.gm" >"$tmp/int_wrap.gm"
grep -v '^prod ' "$tmp/expected" >"$tmp/dist.expected"
target=${INT_WRAP_TARGET:-omp}
vc_variants "$target" "$tmp"
for v in $variants; do
    flag='' src=$GMC_SRCDIR/tests/omp/int_wrap.gm exp=$tmp/expected launch=''
    [ "$v" = O0 ] && flag=-O0
    [ "$v" = dist ] && flag=--distributed src=$tmp/int_wrap.gm exp=$tmp/dist.expected \
        launch="$GMC_MPIRUN --oversubscribe -np 2"
    mkdir -p "$tmp/$v"
    if ! "$GMC" -t "$target" --main -x $flag -o "$tmp/$v/" "$src" >"$tmp/$v.log" 2>&1; then
        echo "FAIL: gmc -t $target --main -x $flag"; cat "$tmp/$v.log"; fail=$((fail + 1)); continue
    fi
    # shellcheck disable=SC2086
    if ! $launch "$tmp/$v/int_wrap" "$tmp/g.el" --a="$a" --k="$k" --big="$big" --threads=2 \
            --out="$tmp/$v/out" >"$tmp/$v/run" 2>&1; then
        echo "FAIL: $v: the program failed"; cat "$tmp/$v/run"; fail=$((fail + 1)); continue
    fi
    vc_check "$v" "$tmp/$v/run" "$exp"
done
[ "$fail" -eq 0 ]
