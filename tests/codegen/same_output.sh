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
# Environment: GMC (default _build/gmc), GMC_SRCDIR, GMC_JOBS (default 2),
# SAME_OUTPUT_MANY=0: gmc itself for every run (by default --check, --update
# and --gen run them through GMC's build tree's tests/driver/gmc_many where
# it was linked from the same libraries: gen_many; --diff always runs the
# two gmc binaries).
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

# gen_many MANY DIR: what gen GMC DIR writes, every gmc command run by
# tests/driver/gmc_many MANY (gmc's main in one process, built with this
# gmc: a start cost as much as a run here, ~1,300 of them): the --check of
# each program, then its five variants (one process a lane, GMC_JOBS lanes),
# then the --main retries run_main makes (--entry=FIRST where gmc asks for
# an entry; a program without one gets no --main variant); each VARIANT.log
# ends with "exit STATUS" as --one writes it. A command that never returns
# stops the run (exit 2): its status cannot be written.
gen_many() {
    m=$1 top=$2
    mkdir -p "$top" || exit 2
    top=$(cd "$top" && pwd)
    w=$(mktemp -d "${TMPDIR:-/tmp}/same_output_many.XXXXXX") || exit 2
    (
        cd "$GMC_SRCDIR" || exit 2
        find apps bench tests -name '*.gm' ! -path 'tests/golden/reject/*' | LC_ALL=C sort >"$w/all"
        # pass 0: --check, one command a program
        awk '{ print ".\t--check\t" $0 }' "$w/all" >"$w/s0"
        mkdir "$w/o0" && "$m" --script "$w/s0" "$w/o0" || { echo "same_output.sh: gmc_many failed on the --check runs" >&2; exit 2; }
        # pass 1: the variants; meta lines KIND<tab>LOG<tab>DIR<tab>SOURCE<tab>TARGET
        # (plain: its log ends with its status; main: run_main's rules)
        jobs=${GMC_JOBS:-2}
        awk -v w="$w" -v top="$top" -v jobs="$jobs" '
            BEGIN { OFS = "\t" }
            {
                rc = ""
                f = w "/o0/" NR ".rc"
                if ((getline rc < f) <= 0) { print "same_output.sh: gmc_many stopped at --check " $0 > "/dev/stderr"; exit 2 }
                close(f)
                if (rc != 0) { print "note: gmc rejects " $0 ": not compared"; next }
                n++
                lane = n % jobs
                d = top "/" substr($0, 1, length($0) - 3)
                s = w "/s1." lane; mt = w "/m1." lane
                print d "/omp" > (w "/dirs"); print d "/omp-main" > (w "/dirs")
                print d "/cuda" > (w "/dirs"); print d "/cuda-main" > (w "/dirs")
                print ".", "2>" d "/omp.log", "-t", "omp", "--report", "-o", d "/omp", $0 > s
                print "plain", d "/omp.log", "", $0, "" > mt
                print ".", "2>" d "/omp-main.log", "-t", "omp", "--main", "-o", d "/omp-main", $0 > s
                print "main", d "/omp-main.log", d "/omp-main", $0, "omp" > mt
                print ".", "2>" d "/cuda.log", "-t", "cuda", "--report", "-o", d "/cuda", $0 > s
                print "plain", d "/cuda.log", "", $0, "" > mt
                print ".", "2>" d "/cuda-main.log", "-t", "cuda", "--main", "-o", d "/cuda-main", $0 > s
                print "main", d "/cuda-main.log", d "/cuda-main", $0, "cuda" > mt
                print ".", ">" d "/opt.dump", "2>" d "/opt.log", "--dump=opt", $0 > s
                print "plain", d "/opt.log", "", $0, "" > mt
            }' "$w/all" || exit 2
        [ -s "$w/dirs" ] || exit 0
        tr '\n' '\0' <"$w/dirs" | xargs -0 mkdir -p || exit 2
        for s in "$w"/s1.*; do
            lane=${s##*.}
            mkdir "$w/o1.$lane" && "$m" --script "$s" "$w/o1.$lane" &
        done
        wait
        # the statuses into the logs, and the retries: rm lines (paths to
        # remove), pass 2's script and meta, its folders (appended: one awk
        # a lane)
        : >"$w/rm"
        : >"$w/s2"
        : >"$w/m2"
        : >"$w/dirs2"
        for mt in "$w"/m1.*; do
            lane=${mt##*.}
            awk -F '\t' -v o="$w/o1.$lane" -v w="$w" '
                function has(file, text,    l, r) {
                    r = 0
                    while ((getline l < file) > 0) if (index(l, text)) r = 1
                    close(file)
                    return r
                }
                {
                    rc = ""
                    f = o "/" NR ".rc"
                    if ((getline rc < f) <= 0) { print "same_output.sh: gmc_many stopped at " $4 > "/dev/stderr"; exit 2 }
                    close(f)
                    if ($1 == "plain" || rc == 0) { print "exit " rc >> $2; close($2); next }
                    if (has($2, "--entry")) {
                        # --entry=FIRST: the first Proc* name of the source, as run_main takes it
                        entry = ""
                        while ((getline l < $4) > 0)
                            if (entry == "" && match(l, /^[[:space:]]*Proc[a-z]*[[:space:]]+[A-Za-z_][A-Za-z_0-9]*/)) {
                                entry = substr(l, RSTART, RLENGTH)
                                sub(/^[[:space:]]*Proc[a-z]*[[:space:]]+/, "", entry)
                            }
                        close($4)
                        print $3 >> (w "/rm"); print $2 >> (w "/rm"); print $3 >> (w "/dirs2")
                        print ".\t2>" $2 "\t-t\t" $5 "\t--main\t--entry=" entry "\t-o\t" $3 "\t" $4 >> (w "/s2")
                        print "plain\t" $2 >> (w "/m2")
                    } else if (has($2, "needs an entry")) {
                        print $3 >> (w "/rm"); print $2 >> (w "/rm")
                    } else {
                        print "exit 1" >> $2; close($2)
                    }
                }' "$mt" || exit 2
        done
        [ -s "$w/rm" ] && { tr '\n' '\0' <"$w/rm" | xargs -0 rm -rf || exit 2; }
        if [ -s "$w/s2" ]; then
            tr '\n' '\0' <"$w/dirs2" | xargs -0 mkdir -p || exit 2
            mkdir "$w/o2" && "$m" --script "$w/s2" "$w/o2" || { echo "same_output.sh: gmc_many failed on the --entry runs" >&2; exit 2; }
            awk -F '\t' -v o="$w/o2" '{
                rc = ""
                f = o "/" NR ".rc"
                if ((getline rc < f) <= 0) { print "same_output.sh: gmc_many stopped at " $2 > "/dev/stderr"; exit 2 }
                close(f)
                print "exit " rc >> $2; close($2)
            }' "$w/m2" || exit 2
        fi
        # the variant folders gmc wrote nothing into (--one's rmdir)
        find "$top" -mindepth 1 -type d -empty -delete
    )
    st=$?
    rm -rf "$w"
    [ $st -eq 0 ] || exit $st
}

# many_for GMC: many= the gmc_many of GMC's build tree where both were
# linked after every compiler library there (libgm*.a: the same code, gmc's
# main being gmc_command alone), else nothing: then gen runs gmc itself
# (SAME_OUTPUT_MANY=0 forces that).
many_for() {
    many=
    [ "${SAME_OUTPUT_MANY:-1}" = 0 ] && return
    _b=$(dirname "$1")
    _m=$_b/tests/driver/gmc_many
    [ -x "$_m" ] || return
    for _l in "$_b"/libgm*.a; do
        [ -f "$_l" ] || return
        { [ "$_l" -nt "$_m" ] || [ "$_l" -nt "$1" ]; } && return
    done
    many=$_m
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
    many_for "$GMC"
    if [ -n "$many" ]; then gen_many "$many" "$tmp/new"; else gen "$GMC" "$tmp/new"; fi
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
    many_for "$GMC"
    if [ -n "$many" ]; then gen_many "$many" "$2"; else gen "$GMC" "$2"; fi
    ;;
*)
    echo "usage: same_output.sh [--check | --update | --diff OLD_GMC NEW_GMC | --gen DIR]" >&2
    exit 2
    ;;
esac
