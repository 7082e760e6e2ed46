#!/bin/sh
# names.sh: what the generated code calls things (gm_cgen/cg_ident.h).
# Keyword and library names are renamed the same way in the header and the
# .c (the exported function too) while the --main options keep the
# Green-Marl names; a file name with '-' gives a valid header guard; main()
# reaches a procedure named like one of its locals; a
# variable that foreign code names without $ is a use: no unused warning,
# not removed as dead, and its C name is its Green-Marl name. Needs gcc.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC:=$GMC_SRCDIR/_build/gmc}"
d="$GMC_SRCDIR/tests/codegen"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-names.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
check() { # description, then a command that must succeed
    what=$1
    shift
    if "$@" >/dev/null 2>&1; then echo "ok: $what"; else echo "FAIL: $what"; fail=1; fi
}
has() { grep -q -- "$2" "$1"; }
hasnt() { ! grep -q -- "$2" "$1"; }

"$GMC" -t omp --main -o "$tmp/kw" "$d/keywords.gm" 2>"$tmp/kw.log" || { cat "$tmp/kw.log"; exit 1; }
h="$tmp/kw/keywords.h" c="$tmp/kw/keywords.c"
check "header: int -> int_, its arguments renamed" has "$h" \
    'int32_t int_(gm_graph \*gm_graph_, double double_, int32_t register_, int32_t int__, gm_node_t gmrt_x_, int32_t \*new_, double \*malloc_, int64_t \*auto_, int32_t \*main_);'
check "header: says why in a comment" has "$h" 'exported with a trailing underscore'
check "header compiles as C++ (class, new, this ...)" \
    g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I"$GMC_SRCDIR/gm_runtime" -x c++ "$h"
check "Local template -> template_, called so" has "$c" 'main_ = template_(gm_graph_, new_, while_);'
check "--main options keep the Green-Marl names" has "$c" '{"register", GMRT_CLI_INT,'
check "--main calls int_" has "$c" 'result = int_(G'
check "no argument spelled as a keyword" hasnt "$c" 'int32_t register[,;)]'
check "the .c compiles" gcc -std=c11 -Wall -Wextra -Werror -fopenmp -fsyntax-only -I"$GMC_SRCDIR/gm_runtime" "$c"

"$GMC" -t omp -o "$tmp/pr" "$d/pagerank-bsp.gm" >/dev/null 2>&1
check "pagerank-bsp.h: guard GMC_GENERATED_pagerank_bsp_H" has "$tmp/pr/pagerank-bsp.h" '^#ifndef GMC_GENERATED_pagerank_bsp_H$'
"$GMC" -t omp -o "$tmp/2h" "$d/2hop.gm" >/dev/null 2>&1
check "2hop.h: guard GMC_GENERATED_2hop_H" has "$tmp/2h/2hop.h" '^#define GMC_GENERATED_2hop_H$'

"$GMC" -t omp --main -o "$tmp/ml" "$d/main_locals.gm" >/dev/null 2>&1
check "Procedure status: main() calls it through an alias" has "$tmp/ml/main_locals.c" 'result = _c_entry(G'
check "main_locals.c compiles" gcc -std=c11 -Wall -Wextra -Werror -fopenmp -fsyntax-only -I"$GMC_SRCDIR/gm_runtime" "$tmp/ml/main_locals.c"

"$GMC" --check "$d/foreign_name.gm" >"$tmp/fn.log" 2>&1
check "foreign code's x and total: no unused warning" hasnt "$tmp/fn.log" 'never used'
"$GMC" -t omp -o "$tmp/fn" "$d/foreign_name.gm" >/dev/null 2>&1
check "x kept, under its own name" has "$tmp/fn/foreign_name.c" 'int32_t x = _c_add_i32(a, 1);'
check "total kept, under its own name" has "$tmp/fn/foreign_name.c" 'total = _c_add_i64(total, '
check "x needs no (void) cast" hasnt "$tmp/fn/foreign_name.c" '(void)x;'
exit $fail
