# common.sh: sourced by the tests in tests/driver and tests/install.
# Environment (set by make check): GMC, GMGRAPH, GMC_SRCDIR, GMC_BUILDDIR.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
: "${GMC:=$GMC_BUILDDIR/gmc}"
: "${GMGRAPH:=$GMC_BUILDDIR/gmgraph}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-test.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
fail=0
unset GMC_NVCC CC

ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

# expect STATUS NAME CMD...: runs CMD, stdout in $tmp/out, stderr in $tmp/err,
# and checks the exit status.
expect() {
    want=$1 name=$2
    shift 2
    "$@" > "$tmp/out" 2> "$tmp/err"
    got=$?
    if [ "$got" -eq "$want" ]; then
        ok "$name (exit $got)"
    else
        bad "$name: exit $got, expected $want"
        sed 's/^/    /' "$tmp/err" | head -5
    fi
}

# says NAME FILE TEXT: FILE contains TEXT (fixed string).
says() {
    if grep -qF -- "$3" "$2"; then
        ok "$1"
    else
        bad "$1: '$3' not in:"
        sed 's/^/    /' "$2" | head -5
    fi
}

same() { # NAME EXPECTED ACTUAL
    if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: expected '$2', got '$3'"; fi
}

# nil_kernels NAME: tests/driver/nil_*.sh's -t cuda check: NAME.gm ($prog)
# generated into cu/, its kernels record in the device's slot, the host
# reads it after the loop, and nvcc compiles it without a warning.
nil_kernels() {
    NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    if ! [ -x "$NVCC" ]; then
        echo "skip: no nvcc for the -t cuda compile"
        return
    fi
    expect 0 "gmc -t cuda" "$GMC" -t cuda -o cu/ "$prog"
    says "kernels record in the device's slot" "cu/$1.cu" "&gmcu_nil_site)"
    says "the host reads it after the loop" "cu/$1.cu" "_c_nil_report(gmcu_nil_take(), _c_nil_at);"
    if "$NVCC" -std=c++17 -O1 -arch=sm_90 -Werror all-warnings -Xcompiler -fopenmp,-Wall,-Wextra \
        -I"$GMC_SRCDIR/gm_runtime" -Icu -c "cu/$1.cu" -o "cu/$1.o" > nvcc.txt 2>&1 && ! grep -qi warning nvcc.txt; then
        ok "nvcc compiles the checked kernels without a warning"
    else
        bad "nvcc: $(head -5 nvcc.txt)"
    fi
}

finish() {
    echo "$fail failures"
    [ "$fail" -eq 0 ]
    exit $?
}

# A small edge list (a self-loop, a parallel edge, a node without out-edges)
# and a procedure computing out-degrees, with an awk reference.
make_degree_case() {
    cat > "$tmp/g.el" <<'G'
0 1
0 2
1 2
2 0
2 3
3 3
1 3
0 1
4 0
5 4
G
    cat > "$tmp/degree.gm" <<'P'
Procedure degree(G: Graph; deg: N_P<Int>): Long {
    Foreach (n: G.Nodes) {
        n.deg = n.NumNbrs();
    }
    Return G.NumEdges() * 10 + G.NumNodes();
}
P
    awk '{ d[$1]++; if ($1 > n) n = $1; if ($2 > n) n = $2 }
         END { for (i = 0; i <= n; i++) print d[i] + 0 }' "$tmp/g.el" > "$tmp/deg.exp"
    degree_return=$(awk '{ if ($1 > n) n = $1; if ($2 > n) n = $2 } END { print NR * 10 + n + 1 }' "$tmp/g.el")
}
