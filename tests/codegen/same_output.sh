#!/bin/sh
# same_output.sh: gmc's output changes only on purpose. For every program of
# the repository that `gmc --check` accepts (apps/, bench/, tests/ with the
# golden accept/ and warn/ corpus; tests/golden/reject/ is left out, and the
# others gmc rejects are listed), it generates with one gmc:
#   omp/       gmc -t omp --report          (NAME.c, NAME.h)
#   omp-main/  gmc -t omp --main            (--entry=FIRST where gmc asks)
#   cuda/      gmc -t cuda --report         (NAME.cu, NAME.h)
#   cuda-main/ gmc -t cuda --main
#   opt.dump   gmc --dump=opt
# and each run's stderr and exit status (VARIANT.log: warnings, --report,
# errors). Every file is hashed (sha256sum, one line per file, paths relative
# to the source tree: gmc runs from it on relative names, so nothing hashed
# holds an absolute path or a date).
#
#   same_output.sh [--check]      compare with tests/codegen/same_output.expected
#                                 (make check); names every changed file
#   same_output.sh --update       rewrite the expectation (commit it with the
#                                 change to the generated code)
#   same_output.sh --diff OLD NEW generate with both gmc binaries into a
#                                 temporary folder and print `diff -ru`
#   same_output.sh --gen DIR      only generate into DIR (kept)
# Environment: GMC (default _build/gmc), GMC_SRCDIR, GMC_JOBS (default 2).
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC:=$GMC_SRCDIR/_build/gmc}"
self="$GMC_SRCDIR/tests/codegen/same_output.sh"
expected="$GMC_SRCDIR/tests/codegen/same_output.expected"

# ---- programs (run by xargs from the source tree, several to a shell):
# GMC_OUT/REL/... for each. A process start costs about as much here as a
# gmc run (~5 ms): one mkdir and one rmdir per program, not one per variant.
if [ "${1:-}" = --one ]; then
    gmc=$2 top=$3
    shift 3
    # VARIANT ARGS...: NAME.* into d/VARIANT, stderr and status into d/VARIANT.log
    run() {
        v=$1
        shift
        mkdir -p "$d/$v"
        "$gmc" "$@" -o "$d/$v" "$f" 2>"$d/$v.log"
        echo "exit $?" >>"$d/$v.log"
        return 0
    }
    # --main as tests/codegen/build_all.sh runs it: --entry=FIRST when gmc
    # asks for one, nothing when the program has no entry procedure.
    run_main() {
        v=$1 t=$2
        if "$gmc" -t "$t" --main -o "$d/$v" "$f" 2>"$d/$v.log"; then
            echo "exit 0" >>"$d/$v.log"
            return 0
        fi
        if grep -q -- "--entry" "$d/$v.log"; then
            entry=$(sed -n 's/^[[:space:]]*Proc[a-z]*[[:space:]][[:space:]]*\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$f" | head -n 1)
            rm -rf "$d/$v" "$d/$v.log"
            run "$v" -t "$t" --main --entry="$entry"
        elif grep -q "needs an entry" "$d/$v.log"; then
            rm -rf "$d/$v" "$d/$v.log"
        else
            echo "exit 1" >>"$d/$v.log"
        fi
        return 0
    }
    for f; do
        rel=${f%.gm}
        d="$top/$rel"
        # every variant's folder at once; those left empty go at the end
        mkdir -p "$d/omp" "$d/omp-main" "$d/cuda" "$d/cuda-main"
        "$gmc" -t omp --report -o "$d/omp" "$f" 2>"$d/omp.log"
        echo "exit $?" >>"$d/omp.log"
        run_main omp-main omp
        "$gmc" -t cuda --report -o "$d/cuda" "$f" 2>"$d/cuda.log"
        echo "exit $?" >>"$d/cuda.log"
        run_main cuda-main cuda
        "$gmc" --dump=opt "$f" >"$d/opt.dump" 2>"$d/opt.log"
        echo "exit $?" >>"$d/opt.log"
        # the empty ones (gmc wrote nothing there); rmdir leaves the others
        rmdir "$d/omp" "$d/omp-main" "$d/cuda" "$d/cuda-main" 2>/dev/null
    done
    exit 0
fi

# gen GMC DIR: the whole tree into DIR; prints the programs gmc rejects.
gen() {
    g=$1 top=$2
    case $g in /*) ;; *) g="$(pwd)/$g" ;; esac
    mkdir -p "$top" || exit 2
    top=$(cd "$top" && pwd)
    [ -x "$g" ] || { echo "same_output.sh: no gmc at $g" >&2; exit 2; }
    (
        cd "$GMC_SRCDIR" || exit 2
        find apps bench tests -name '*.gm' ! -path 'tests/golden/reject/*' | LC_ALL=C sort >"$top/.all"
        : >"$top/.list"
        while read -r f; do
            if "$g" --check "$f" >/dev/null 2>&1; then
                echo "$f" >>"$top/.list"
            else
                echo "note: gmc rejects $f: not compared"
            fi
        done <"$top/.all"
        tr '\n' '\0' <"$top/.list" | xargs -0 -n 12 -P "${GMC_JOBS:-2}" sh "$self" --one "$g" "$top"
        rm -f "$top/.all" "$top/.list"
    )
}

# hashes DIR: one "SHA256  PATH" line per file, sorted.
hashes() {
    (cd "$1" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sed 's|  \./|  |')
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/same_output.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

mode=${1:---check}
case $mode in
--check | --update)
    start=$(date +%s)
    gen "$GMC" "$tmp/new"
    hashes "$tmp/new" >"$tmp/new.sum"
    n=$(wc -l <"$tmp/new.sum")
    if [ "$mode" = --update ]; then
        cp "$tmp/new.sum" "$expected" || exit 2
        echo "same_output.sh: wrote $n hashes into ${expected#"$GMC_SRCDIR"/} ($(($(date +%s) - start)) s)"
        exit 0
    fi
    [ -f "$expected" ] || { echo "same_output.sh: no $expected (run --update)"; exit 1; }
    # A tarball may not carry every test program: without .git, compare only
    # the programs present.
    if [ ! -e "$GMC_SRCDIR/.git" ]; then
        (cd "$GMC_SRCDIR" && find apps bench tests -name '*.gm') | sed 's/\.gm$//' >"$tmp/present"
        awk 'NR == FNR { have[$1] = 1; next }
             { p = $2; sub(/\/[^\/]*$/, "", p); sub(/\/(omp|omp-main|cuda|cuda-main)$/, "", p) }
             p in have' "$tmp/present" "$expected" >"$tmp/old.sum"
    else
        cp "$expected" "$tmp/old.sum"
    fi
    if cmp -s "$tmp/old.sum" "$tmp/new.sum"; then
        echo "PASS: $n generated files as expected ($(($(date +%s) - start)) s)"
        exit 0
    fi
    # Each path once: changed, no longer generated, or new.
    awk 'NR == FNR { old[$2] = $1; next }
         !($2 in old) { print "FAIL: newly generated: " $2; next }
         old[$2] != $1 { print "FAIL: changed: " $2 }
         { delete old[$2] }
         END { for (p in old) print "FAIL: no longer generated: " p }' \
        "$tmp/old.sum" "$tmp/new.sum" | LC_ALL=C sort -k2
    cat <<EOF
same_output.sh: gmc's output differs from tests/codegen/same_output.expected.
To see the diff: build gmc at the commit that last wrote the expectation
  (git log -1 --format=%h -- tests/codegen/same_output.expected)
and run  tests/codegen/same_output.sh --diff OLD/gmc $GMC
If the change is meant: tests/codegen/same_output.sh --update, and commit the
expectation with the change (say in the message what output changes).
EOF
    exit 1
    ;;
--diff)
    [ $# -eq 3 ] || { echo "usage: same_output.sh --diff OLD_GMC NEW_GMC" >&2; exit 2; }
    gen "$2" "$tmp/old" >/dev/null
    gen "$3" "$tmp/new"
    (cd "$tmp" && diff -ru old new)
    st=$?
    [ $st -eq 0 ] && echo "same_output.sh: no difference"
    exit $st
    ;;
--gen)
    [ $# -eq 2 ] || { echo "usage: same_output.sh --gen DIR" >&2; exit 2; }
    gen "$GMC" "$2"
    ;;
*)
    echo "usage: same_output.sh [--check | --update | --diff OLD_GMC NEW_GMC | --gen DIR]" >&2
    exit 2
    ;;
esac
