#!/bin/sh
# batch_alone.sh: compile_all.sh's batches (many programs' .cu in one nvcc
# run, each in a namespace) never pass a program that fails alone. Runs
# compile_all.sh over a made-up source tree whose "gmc" (a stub) hands out
# hand-written .cu and .h files: programs that each fail alone, but would
# pass in a batch by borrowing from a member before them: a header that
# member includes (b_borrow_include), a macro from its header
# (c_borrow_macro), a #pragma that silences a warning (f_warn after
# e_pragma), an include guard (the second g_twin, whose header has an
# error), and a main() that only ::main's rules reject (d_main). Each must
# be reported FAIL, and only those: the lenders compile. Skipped (77)
# without nvcc.
set -u
: "${GMC_SRCDIR:?}"
NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if ! [ -x "$NVCC" ]; then
    echo "SKIP: nvcc not found"
    exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-batch-alone.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
src=$tmp/src
mkdir -p "$src/apps" "$src/bench" "$src/tests/x" "$src/gm_runtime"
cp "$GMC_SRCDIR/tests/shard.sh" "$src/tests/" || exit 99

# The stub: --check accepts; -t cuda ... -o DIR FILE.gm copies FILE.cu.in
# and FILE.h.in beside FILE.gm into DIR as NAME.cu and NAME.h.
cat >"$tmp/gmc" <<'EOF'
#!/bin/sh
[ "$1" = --check ] && exit 0
out= prev= f=
for a; do [ "$prev" = -o ] && out=$a; prev=$a; f=$a; done
n=$(basename "$f" .gm)
mkdir -p "$out"
cp "${f%.gm}.cu.in" "$out/$n.cu" && cp "${f%.gm}.h.in" "$out/$n.h"
EOF
chmod +x "$tmp/gmc"

# prog DIR NAME HEAD BODY [HEADER BODY]: DIR/NAME.gm and the files it gives:
# NAME.cu is '#include "NAME.h"', the HEAD includes, then BODY.
prog() {
    : >"$src/$1/$2.gm"
    {
        echo "#ifndef GMC_GENERATED_$2_H"
        echo "#define GMC_GENERATED_$2_H"
        printf '%s\n' "${5:-}"
        echo "#endif"
    } >"$src/$1/$2.h.in"
    {
        echo "/* $2.cu: hand-written for batch_alone.sh */"
        echo "#include \"$2.h\""
        for h in $3; do echo "#include <$h>"; done
        echo
        printf '%s\n' "$4"
    } >"$src/$1/$2.cu.in"
}
prog apps a_lend "bitset stdio.h" \
    'extern "C" int a_lend(void) { std::bitset<GMC_T_WIDTH> b; return (int)b.count(); }' \
    '#define GMC_T_WIDTH 4
extern "C" int a_lend(void);'
# std::bitset without <bitset>: a_lend's include
prog apps b_borrow_include "stdio.h" \
    'extern "C" int b_borrow(void) { std::bitset<8> b; return (int)b.count(); }'
# GMC_T_WIDTH, which only a_lend.h defines
prog apps c_borrow_macro "bitset stdio.h" \
    'extern "C" int c_borrow(void) { std::bitset<GMC_T_WIDTH> b; return (int)b.count(); }'
# ::main must return int
prog apps d_main "bitset stdio.h" 'void main(void) { }'
# e_pragma turns off -Wunused-parameter for what follows; f_warn has one
prog apps e_pragma "string.h" '#pragma GCC diagnostic ignored "-Wunused-parameter"
extern "C" int e_pragma(void) { return 1; }'
prog apps f_warn "string.h" 'static int f_helper(int x) { return 1; }
extern "C" int f_warn(void) { return f_helper(3); }'
# two programs named g_twin: the second's header does not compile
prog apps g_twin "stdlib.h" 'extern "C" int g_twin_one(void) { return 1; }'
prog tests/x g_twin "stdlib.h" 'extern "C" int g_twin_two(void) { return 2; }' \
    'int g_twin_broken = "not an int";'

env -u GMC_BUILDDIR -u GMC_TEST_SHARD GMC_QUICK_CHECK=0 GMC="$tmp/gmc" GMC_SRCDIR="$src" GMC_NVCC="$NVCC" \
    sh "$GMC_SRCDIR/tests/cuda/compile_all.sh" >"$tmp/log" 2>&1
rc=$?
sed 's/^/    /' "$tmp/log"
status=0
[ $rc -ne 0 ] || { echo "FAIL: compile_all.sh passed programs that fail alone"; status=1; }
for p in apps/b_borrow_include apps/c_borrow_macro apps/d_main apps/f_warn tests/x/g_twin; do
    n=${p##*/}
    if grep -q "^FAIL: nvcc -c $n.cu (from $src/$p.gm)" "$tmp/log"; then
        echo "ok: $p fails (it fails alone)"
    else
        echo "FAIL: $p is not reported (it fails alone)"
        status=1
    fi
done
for p in apps/a_lend apps/e_pragma apps/g_twin; do
    n=${p##*/}
    if grep -q "from $src/$p.gm" "$tmp/log"; then
        echo "FAIL: $p is reported (it compiles alone)"
        status=1
    else
        echo "ok: $p passes"
    fi
done
grep -q "compiled 8 programs with nvcc (linked 0), 5 failures" "$tmp/log" ||
    { echo "FAIL: compile_all.sh's summary is not '8 programs, 5 failures'"; status=1; }
exit $status
