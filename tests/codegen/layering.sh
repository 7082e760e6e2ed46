#!/bin/sh
# layering.sh: the shared C emitter (gm_cgen/) stays target-neutral. Where
# the C of the two targets differs it calls its hook table (cg_hooks in
# gm_cgen/cg_emit.h), which gm_backend_omp/ and gm_backend_cuda/ fill; it
# never asks which target it writes for. So no file of gm_cgen/:
#   - mentions in_kernel (CUDA state: cuda_state in gm_backend_cuda/) or the
#     old optional table em->hooks;
#   - holds the text gmcu_ (the CUDA runtime's names are the CUDA target's
#     to print); cg_ident.[ch] are exempt: their job is to list every
#     runtime's reserved prefixes;
#   - includes a header of gm_backend_omp/ or gm_backend_cuda/;
#   - calls an omp_ or cuda_ function (outside string literals: the OpenMP
#     runtime's omp_get_thread_num() and friends are generated text).
# And the two backends are peers: neither includes the other's headers or
# calls the other's functions.
# Environment: GMC_SRCDIR (default: the tree this script is in).
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
dir="$GMC_SRCDIR/gm_cgen"
if ! ls "$dir"/cg_*.c >/dev/null 2>&1; then
    echo "layering.sh: no $dir/cg_*.c" >&2
    exit 1
fi
fail=0
bad() {
    echo "FAIL: $1" >&2
    printf '%s\n' "$2" | sed 's/^/  /' >&2
    fail=1
}
files=$(ls "$dir"/*.c "$dir"/*.h)

hits=$(grep -n 'in_kernel' $files)
[ -z "$hits" ] || bad "gm_cgen/ tests in_kernel (make it a hook of cg_hooks)" "$hits"

hits=$(grep -n -- '\(->\|\.\)hooks\b' $files)
[ -z "$hits" ] || bad "gm_cgen/ tests an optional hook table (em->hooks)" "$hits"

hits=$(grep -n 'gmcu_' $(printf '%s\n' $files | grep -v '/cg_ident\.[ch]$'))
[ -z "$hits" ] || bad "gm_cgen/ prints the CUDA runtime (gmcu_): the CUDA target's hook must" "$hits"

hits=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"\(gm_backend_[a-z]*/\)\?\(omp_\|cuda_\)[a-z_]*\.h"' $files)
[ -z "$hits" ] || bad "gm_cgen/ includes a backend's header" "$hits"

# Calls of omp_*/cuda_* functions: string literals, // comments and
# one-line /* */ comments removed, lines of block comments (" * ") skipped.
hits=$(for f in $files; do
    sed -e 's/"\([^"\\]\|\\.\)*"/""/g' -e 's|/\*.*\*/||g' -e 's|//.*||' "$f" |
        grep -n '\b\(omp\|cuda\)_[a-z_0-9]*[[:space:]]*(' | grep -v '^[0-9]*:[[:space:]]*\*' |
        sed "s|^|${f#"$GMC_SRCDIR"/}:|"
done)
[ -z "$hits" ] || bad "gm_cgen/ calls a backend's function (make it a hook of cg_hooks)" "$hits"

# calls PREFIX FILES...: the lines of FILES that call a PREFIX* function (as above).
calls() {
    p=$1
    shift
    for f in "$@"; do
        sed -e 's/"\([^"\\]\|\\.\)*"/""/g' -e 's|/\*.*\*/||g' -e 's|//.*||' "$f" |
            grep -n "\\b${p}[a-z_0-9]*[[:space:]]*(" | grep -v '^[0-9]*:[[:space:]]*\*' |
            sed "s|^|${f#"$GMC_SRCDIR"/}:|"
    done
}
for pair in omp:cuda cuda:omp; do
    me=${pair%%:*} other=${pair#*:}
    mine=$(ls "$GMC_SRCDIR/gm_backend_$me"/*.c "$GMC_SRCDIR/gm_backend_$me"/*.h)
    hits=$(grep -n "^[[:space:]]*#[[:space:]]*include[[:space:]]*\"${other}_" $mine; calls "${other}_" $mine)
    [ -z "$hits" ] || bad "gm_backend_$me/ uses gm_backend_$other/ (move what both need to gm_cgen/)" "$hits"
done

[ $fail -eq 0 ] && echo "PASS: gm_cgen/ is target-neutral ($(printf '%s\n' $files | wc -l) files)"
exit $fail
