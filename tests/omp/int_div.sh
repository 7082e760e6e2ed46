#!/bin/sh
# int_div.sh: integer / and % and Float/Double to Int/Long conversion in
# generated code (docs/green-marl-language.md, section 6), folded by gmc or
# not (-O0). tests/omp/int_div.gm is built with `gmc -t omp --main -x` with
# and without -O0 and run three times: with inputs where INT_MIN / -1 and
# out-of-range, infinite and NaN conversions occur, every value compared
# with awk's own computation of the language's rule (quotients truncate,
# INT_MIN / -1 wraps, % -1 is 0, conversions truncate and saturate, NaN
# gives 0); with d = 0 (a division by zero in sequential code) and with
# e = 0 (one in a parallel loop): each must exit 1 naming the .gm line.
# Where configure found MPI, also with --distributed on 2 ranks.
# Environment (set by make check): GMC, GMC_SRCDIR, GMC_BUILDDIR, GMC_MPIRUN;
# INT_DIV_TARGET=cuda runs the same checks on -t cuda (on a GPU machine,
# by hand: `INT_DIV_TARGET=cuda GMC=_build/gmc sh tests/omp/int_div.sh`).
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
: "${GMC:=$GMC_BUILDDIR/gmc}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-int-div.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
. "$GMC_SRCDIR/tests/omp/value_check.sh"

# 25 nodes: 1..24 -> 0 (node 0 has 24 in-neighbours, node 1 one), 0 -> 1.
awk 'BEGIN { print "# Nodes: 25"; for (i = 1; i < 25; i++) print i, 0; print 0, 1 }' >"$tmp/g.el"
a=-2147483648 d=7 e=1 la=-9223372036854775808 x=1e10 f=3e9
args="--a=$a --m1=-1 --la=$la --lm1=-1 --x=$x --y=0 --f=$f --threads=2"

# The expected values, NAME VALUE per line: awk computes in doubles, exact
# for these operands (each below 2^53, or a power of two).
awk -v a="$a" -v d="$d" -v e="$e" -v la="$la" -v x="$x" -v f="$f" '
    function trunc(v) { return v < 0 ? -int(-v) : int(v) }
    function w32(v) { v %= 4294967296; if (v < 0) v += 4294967296
                      return v >= 2147483648 ? v - 4294967296 : v }
    function sat(v, lim) { # to a type of range [-lim, lim - 1]; "nan" for NaN
        if (v == "nan") return 0
        return v >= lim ? lim - 1 : v <= -lim ? -lim : trunc(v) }
    function out(name, v) { printf "%s %.0f\n", name, v }
    BEGIN {
        I = 2147483648; L = 9223372036854775808; inf = 2 * L * L * L * L * L * L * L * L * L * L * L * L * L * L * L * L * L * L
        out("q", trunc(a / d))
        out("r", a - d * trunc(a / d))
        out("qn", trunc((a + 1) / (d - 8)))
        out("qmin", w32(-a))           # INT_MIN / -1 wraps
        out("rmin", 0)
        out("lqmin", la)               # -2^63 / -1 wraps to -2^63
        out("lrmin", 0)
        out("qlit", w32(-a))
        out("rlit", 0)
        out("c_big", sat(x, I))
        out("c_small", sat(-x, I))
        out("c_pos", sat(x / 3e9, I))
        out("c_neg", sat(-x / 3e9, I))
        out("c_nan", sat("nan", I))
        out("c_inf", sat(inf, I))
        out("c_ninf", sat(-inf, I))
        out("l_big", sat(x * x, L))
        out("l_small", sat(-x * x, L))
        out("l_nan", sat("nan", L))
        out("l_exact", sat(x * 3, L))
        out("f_big", sat(f, I))
        out("s_imp", sat(x, I))
        out("lit_big", sat(1e10, I))
        out("lit_neg", sat(-3.7, I))
    }' | sed 's/ 9223372036854775808$/ 9223372036854775807/' >"$tmp/expected" || exit 99
# (awk prints 2^63 - 1 as 2^63: the double next to it; the one Long limit.)
# B: 100 / (in-degree + e) + (Int) (-x * in-degree).
awk -v x="$x" -v e="$e" 'BEGIN { I = 2147483648
    for (i = 0; i < 25; i++) { k = i == 0 ? 24 : i == 1 ? 1 : 0
        c = -x * k; c = c <= -I ? -I : c; printf "%.0f\n", int(100 / (k + e)) + c } }' >"$tmp/B.expected"

# The lines the two divisions by zero are on.
zline=$(grep -n 'q = a / d;' "$GMC_SRCDIR/tests/omp/int_div.gm" | cut -d: -f1)
pline=$(grep -n 'n.B = 100 / ' "$GMC_SRCDIR/tests/omp/int_div.gm" | cut -d: -f1)

target=${INT_DIV_TARGET:-omp}
vc_variants "$target" "$tmp"
for v in $variants; do
    flag='' launch=''
    [ "$v" = O0 ] && flag=-O0
    [ "$v" = dist ] && flag=--distributed launch="$GMC_MPIRUN --oversubscribe -np 2"
    mkdir -p "$tmp/$v"
    if ! "$GMC" -t "$target" --main -x $flag -o "$tmp/$v/" "$GMC_SRCDIR/tests/omp/int_div.gm" >"$tmp/$v.log" 2>&1; then
        echo "FAIL: gmc -t $target --main -x $flag"; cat "$tmp/$v.log"; fail=$((fail + 1)); continue
    fi
    # shellcheck disable=SC2086
    if ! $launch "$tmp/$v/int_div" "$tmp/g.el" $args --d="$d" --e="$e" --out="$tmp/$v/out" >"$tmp/$v/run" 2>&1; then
        echo "FAIL: $v: the program failed"; cat "$tmp/$v/run"; fail=$((fail + 1)); continue
    fi
    vc_check "$v" "$tmp/$v/run" "$tmp/expected"
    # A division by zero from an input value: exit status 1 and the message.
    for z in "d=0 e=$e $zline" "d=$d e=0 $pline"; do
        set -- $z
        # shellcheck disable=SC2086
        $launch "$tmp/$v/int_div" "$tmp/g.el" $args --$1 --$2 >"$tmp/$v/zero" 2>&1
        rc=$?
        msg="int_div.gm:$3: integer division by zero"
        if [ "$rc" -ne 0 ] && [ "$rc" -lt 128 ] && grep -q "^error: $msg\$" "$tmp/$v/zero"; then
            echo "ok: $v: $1 $2: exit $rc, '$msg'"
        else
            echo "FAIL: $v: $1 $2: expected a non-zero exit (not a signal) and 'error: $msg', got exit $rc:"
            cat "$tmp/$v/zero"; fail=$((fail + 1))
        fi
    done
done
[ "$fail" -eq 0 ]
