#!/bin/sh
# header_batch.sh: build_all.sh's g++ check of the headers, which reads a
# batch of headers as one translation unit (each in a namespace), reports
# exactly the headers that fail alone. Runs `build_all.sh --batch` on
# hand-written headers: two that declare one extern "C" name with two
# types (each fine alone: they must go to different units), a header with
# an error, and a header that uses a macro another header defines (fails
# alone; a batch must not lend it: a macro crosses namespaces). The two failing ones
# must be reported FAIL, and only they.
set -u
: "${GMC_SRCDIR:?}"
command -v g++ >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1 || { echo "SKIP: no gcc or g++"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-header-batch.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

# hdr NAME BODY: NAME.h as gmc writes a header (guard, includes, extern "C")
hdr() {
    {
        echo "/* $1.h: hand-written for header_batch.sh */"
        echo "#ifndef GMC_GENERATED_$1_H"
        echo "#define GMC_GENERATED_$1_H"
        echo
        echo "#include <stdbool.h>"
        echo "#include <stdint.h>"
        echo
        echo "#include \"gmrt.h\""
        echo
        echo "#ifdef __cplusplus"
        echo "extern \"C\" {"
        echo "#endif"
        echo
        printf '%s\n' "$2"
        echo
        echo "#ifdef __cplusplus"
        echo "}"
        echo "#endif"
        echo
        echo "#endif"
    } >"$tmp/$1.h"
    printf '%s\n' "$1" >>"$tmp/names"
}
: >"$tmp/names"
hdr a_same_int 'void same(gm_graph *G, int32_t x);'
hdr b_same_double 'void same(gm_graph *G, double x);'
hdr c_broken 'void broken(gm_graph *G, no_such_type x);'
hdr d_lend '#define GMC_T_N 4
void lend(gm_graph *G, int32_t w);'
hdr e_borrow 'void borrow(gm_graph *G, int32_t w[GMC_T_N]);'
hdr f_fine 'void fine(gm_graph *G, const int64_t *x);'
hdr g_lend 'int32_t gmc_t_size(void);'
hdr h_borrow 'void borrow_size(gm_graph *G, int32_t n, int32_t w[gmc_t_size()]);'

status=0
# batch NAMES: build_all.sh --batch on those headers with $cc's header
# check; its FAIL lines in $tmp/log
batch() {
    : >"$tmp/c"
    for n; do printf '%s:header\t%s\t%s %s.h\t%s.gm\n' "$cc" "$tmp/$n.h" "$cc" "$n" "$n" >>"$tmp/c"; done
    GMC_SRCDIR="$GMC_SRCDIR" sh "$GMC_SRCDIR/tests/codegen/build_all.sh" --batch "$tmp" "$tmp/c" >"$tmp/log" 2>&1
    sed 's/^/    /' "$tmp/log"
}
# expect WHAT FAILING PASSING: after a batch
expect() {
    for n in $2; do
        grep -q "^FAIL: $cc $n.h (from $n.gm)" "$tmp/log" && echo "ok ($cc, $1): $n.h fails (it fails alone)" ||
            { echo "FAIL ($cc, $1): $n.h is not reported (it fails alone)"; status=1; }
    done
    for n in $3; do
        grep -q "(from $n.gm)" "$tmp/log" && { echo "FAIL ($cc, $1): $n.h is reported (it compiles alone)"; status=1; } ||
            echo "ok ($cc, $1): $n.h passes"
    done
}
ccs="g++ gcc"
printf 'int main(void){return 0;}\n' >"$tmp/probe.c"
command -v clang >/dev/null 2>&1 && clang -fopenmp -o "$tmp/probe" "$tmp/probe.c" >/dev/null 2>&1 && ccs="$ccs clang"
for cc in $ccs; do
    batch a_same_int b_same_double c_broken f_fine
    expect "an error" c_broken "a_same_int b_same_double f_fine"
    batch d_lend e_borrow f_fine
    expect "a macro of another header" e_borrow "d_lend f_fine"
    batch g_lend h_borrow f_fine
    expect "a function of another header" h_borrow "g_lend f_fine"
    # one name with two types: two units, both pass
    batch a_same_int b_same_double f_fine
    expect "one name twice" "" "a_same_int b_same_double f_fine"
done
exit $status
