#!/bin/sh
# build_all.sh: gmc never emits code that does not build. Every program in
# the repository that `gmc --check` accepts (apps/, bench/, tests/, this
# directory's programs included) is generated for the OpenMP target with
# --main; gcc and clang compile the .c, and the header on its own as C, g++
# as C++, all with -Wall -Wextra -Werror -fopenmp (-fsyntax-only). The
# programs are generated first (two lanes), then each compiler run takes a
# batch of files that get the same compiler and flags (each file still its
# own translation unit: see --batch; the headers are read as one unit per
# batch, where nothing can pass that fails alone: hdr_batch,
# tests/codegen/header_batch.sh), two batches at a time: a process start
# costs about as much as a small compile here. The OpenMP set (every golden accept/ and warn/
# program, whether --check accepts it or not, every app, tests/omp/*.gm:
# what tests/omp/compile_all.sh checked before it was folded in here) goes
# further: its .c is compiled for real, gcc -O2 and clang -O0 (-c, which
# warns where -fsyntax-only cannot: -Wmaybe-uninitialized, unused static
# functions with gcc, and the like), both with
# --main and without (the library form, compiled the same way). nvcc compiles the same programs' CUDA output in
# tests/cuda/compile_all.sh (-Werror all-warnings, host -Wall -Wextra, and
# links them); GMC_BUILD_ALL_NVCC=1 also does it here (-c, in parallel).
# Reports the number of programs compiled and each failure with its first
# error lines. Without clang with OpenMP (build.sh installs clang and
# libomp-dev as root) the clang part says SKIP and the rest still runs.
# Environment (set by make check): GMC, GMC_SRCDIR; GMC_NVCC, GMC_JOBS,
# GMC_BUILD_ALL_BATCH (files per compiler run, 24; 1: one run per step).
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC:=$GMC_SRCDIR/_build/gmc}"
self="$GMC_SRCDIR/tests/codegen/build_all.sh"

# Programs whose foreign code is not valid C (or C++) by itself: the
# compilers that cannot take it are skipped for them, with the reason.
# Sets ex="STEPS-SKIPPED: REASON" for NAME, or "" (a variable, not output
# read by $(...): called once or twice per program, and each fork costs
# ~5 ms of processor time here).
excluded() {
    case "$1" in
    foreign_code) ex="nvcc: its foreign code calls compute(), which it never declares (C gets -Wno-implicit-function-declaration)" ;;
    *) ex="" ;;
    esac
}

# olevel CC: ol= the optimization level of the OpenMP set's object compile.
# gcc at -O2: its flow warnings (-Wmaybe-uninitialized and the like) come
# from the optimizer. clang at -O0: every warning clang has comes from its
# front end and code generation (OpenMP lowering included), which -O0
# runs whole; LLVM's optimizer adds none of -Wall -Wextra's (its
# -Wpass-failed needs loop pragmas the generated code never writes), so
# -O2 cost clang 40% more time for the same warnings. Not -fsyntax-only:
# some of clang's diagnostics come from code generation only (over the 23
# apps, -Weverything at -O0 -c gives two -Wpadded warnings that
# -fsyntax-only does not; its errors for OpenMP it cannot lower, likewise).
olevel() { case "$1" in clang) ol=-O0 ;; *) ol=-O2 ;; esac; }
# step KEY FILE WHAT: one compile step of program $rel, for the batch runner (fd 4)
step() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$rel" >&4; }
# omp_steps: the steps of the OpenMP set in $out/omp ($name's .c and .h;
# $full: the object compile, else syntax only; $x: the key's suffix)
omp_steps() {
    for cc in $BUILD_ALL_CCS; do
        if [ "$full" = 1 ]; then
            olevel "$cc"
            step "$cc:full$x" "$out/omp/$name.c" "$cc $ol -c $name.c"
        else
            step "$cc:syntax$x" "$out/omp/$name.c" "$cc $name.c"
        fi
        step "$cc:header" "$out/omp/$name.h" "$cc $name.h"
    done
    step "g++:header" "$out/omp/$name.h" "g++ $name.h"
}

# ---- generation (two lanes, run in the background by the main part): each
# program's output into $tmp/g/NR, its compile steps as lines of
# $tmp/steps.LANE ("KEY<tab>FILE<tab>STEP<tab>SOURCE"; KEY says the compiler
# and flags, below), "DONE" per program and each gmc failure in $tmp/report.LANE.
if [ "${1:-}" = --gen ]; then
    tmp=$2 lane=$3
    exec 4>"$tmp/steps.$lane" 5>"$tmp/report.$lane"
    nr=0
    while read -r f; do
        nr=$((nr + 1))
        [ $((nr % ${GMC_JOBS:-2})) -eq "$lane" ] || continue
        name=${f##*/}
        name=${name%.gm}
        rel=${f#"$GMC_SRCDIR"/}
        out="$tmp/g/$nr"
        mkdir -p "$out"
        fail() { # what log
            {
                echo "FAIL: $1 (from $rel)"
                grep -v '^[[:space:]]*$' "$2" | head -n 8 | sed 's/^/    /'
            } >&5
        }
        gen() { # target dir
            mode="--main"
            "$GMC" -t "$1" $mode -o "$2" "$f" >"$out/gmc.log" 2>&1 && return 0
            if grep -q -- "--entry" "$out/gmc.log"; then
                entry=$(sed -n 's/^[[:space:]]*Proc[a-z]*[[:space:]][[:space:]]*\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$f" | head -n 1)
                mode="--main --entry=$entry"
            elif grep -q "needs an entry" "$out/gmc.log"; then
                mode=""
            else
                fail "gmc -t $1 --main" "$out/gmc.log"
                return 1
            fi
            "$GMC" -t "$1" $mode -o "$2" "$f" >"$out/gmc.log" 2>&1 && return 0
            fail "gmc -t $1 $mode" "$out/gmc.log"
            return 1
        }
        # KEY: CC:full (the OpenMP set's object compile), CC:syntax (the .c,
        # -fsyntax-only), CC:header (the .h alone as C), g++:header (as C++);
        # +implicit: -Wno-implicit-function-declaration (foreign code).
        excluded "$name"
        x=""
        case "$ex" in *implicit-function*) x="+implicit" ;; esac
        full=0
        case "$f" in
        "$GMC_SRCDIR"/tests/golden/accept/*.gm | "$GMC_SRCDIR"/tests/golden/warn/*.gm | \
            "$GMC_SRCDIR"/apps/*.gm | "$GMC_SRCDIR"/tests/omp/*.gm) full=1 ;;
        esac
        if gen omp "$out/omp"; then
            omp_steps
        fi
        # The OpenMP set without --main: the library form, compiled the same way.
        if [ $full = 1 ]; then
            mkdir "$out/lib"
            if "$GMC" -t omp -o "$out/lib" "$f" >"$out/gmc.log" 2>&1; then
                for cc in $BUILD_ALL_CCS; do
                    olevel "$cc"
                    step "$cc:full$x" "$out/lib/$name.c" "$cc $ol -c $name.c (no --main)"
                done
            else
                fail "gmc -t omp (no --main)" "$out/gmc.log"
            fi
        fi
        if [ -n "$BUILD_ALL_NVCC" ]; then
            case "$ex" in *nvcc*) ;; *)
                gen cuda "$out/cuda" && step "nvcc:full" "$out/cuda/$name.cu" "nvcc $name.cu" ;;
            esac
        fi
        echo "DONE $name" >&5
    done <"$tmp/list"
    exit 0
fi

# ---- one batch of steps of one KEY (run by xargs): a single compiler run
# over all its files, each file its own translation unit, as it was compiled
# alone: gcc and clang take several inputs, and the flags, warnings and
# errors per input are those of a run on that input alone (clang runs its
# compiler in the same process for each input, gcc its cc1 one after the
# other; only the driver's start-up is shared). Objects go to a fresh folder
# (two programs of one name overwrite one object there: they are thrown
# away). When the run fails or prints a warning, each file is compiled again
# alone, exactly as one step used to be (-o its own object), and only those
# runs report FAIL, with their own log. Prints "STEPS N" and the FAIL blocks.
if [ "${1:-}" = --batch ]; then
    tmp=$2 chunk=$3
    key=$(head -n 1 "$chunk" | cut -f 1)
    cc=${key%%:*} kind=${key#*:}
    xflags=""
    case "$kind" in *+implicit) xflags="-Wno-implicit-function-declaration"; kind=${kind%+implicit} ;; esac
    inc="-I$GMC_SRCDIR/gm_runtime"
    case "$cc:$kind" in
    g++:header) set -- g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only "$inc" -x c++ ;;
    nvcc:full) set -- "$BUILD_ALL_NVCC" -std=c++17 -arch=sm_90 -Werror all-warnings \
        -Xcompiler -fopenmp,-Wall,-Wextra,-Werror "$inc" -c ;;
    *:full) olevel "$cc"; set -- "$cc" $ol -std=c11 -Wall -Wextra -Werror -fopenmp "$inc" -c $xflags ;;
    *:syntax) set -- "$cc" -std=c11 -Wall -Wextra -Werror -fopenmp -fsyntax-only "$inc" $xflags ;;
    *:header) set -- "$cc" -std=c11 -Wall -Wextra -Werror -fopenmp -fsyntax-only "$inc" -x c ;;
    esac
    dir=$(mktemp -d "$tmp/b.XXXXXX")
    n=$(wc -l <"$chunk")
    echo "STEPS $n"
    # A compiler's warnings fail the step even where -Werror cannot reach
    # (a silent compiler leaves nothing to grep: no process for it).
    quiet_ok() { [ ! -s "$1" ] || ! grep -qi "warning" "$1"; }
    # clang: its driver starts a fresh compiler process per input (it runs
    # the compiler inside itself only for a single input), and loading
    # clang costs ~0.15 s of processor time here, more than the compile of
    # a header; so the batch runs the compiler (clang -cc1) once with every
    # input, on the very command line the driver gives for the first file
    # (clang -###) less that file, -o and -main-file-name (debug info's
    # name): the compiler takes each input as its own translation unit, one
    # after the other, each object beside its .c.
    batch_ok() {
        if [ "$cc" = clang ]; then
            first=$(head -n 1 "$chunk" | cut -f 2)
            line=$("$@" -### -o "$dir/probe.o" "$first" 2>&1 | grep -e '"-cc1"') || return 1
            eval "set -- $line"
            skip=
            for a; do
                shift
                if [ -n "$skip" ]; then skip=; continue; fi
                case "$a" in -o | -main-file-name) skip=1; continue ;; "$first") continue ;; esac
                set -- "$@" "$a"
            done
        fi
        (cd "$dir" && "$@" $(cut -f 2 "$chunk")) >"$dir/log" 2>&1 && quiet_ok "$dir/log"
    }
    # The headers (KIND header: gcc and clang as C, g++ as C++): one compiler
    # run per batch reads them as one translation unit (hdr_batch), in C++
    # each in a namespace of its own. What a header could borrow from one
    # before it, it cannot here: hdr_batch takes only headers made of their
    # include guard, the same #include lines (the unit's prelude, in their
    # order), C++'s extern "C" wrapper, comments and prototypes: no typedef,
    # struct, union, enum, static, macro (the guard is #undef'd after each),
    # #pragma or other directive. So each header declares functions only,
    # and a unit never holds two headers of which one names (anywhere) a
    # function the other declares: nothing a header declares is seen by
    # another, the types a prototype names are found in the prelude as
    # alone, and in C++ an extern "C" function means the same inside a
    # namespace as outside. Any other header, and any unit that fails or
    # warns, sends the batch to the run above (each header its own
    # translation unit, as alone), which reports.
    hdr_batch() {
        awk -v d="$dir" -v cxx="$([ "$cc" = g++ ] && echo 1 || echo 0)" -F '\t' '
            function bad() { ok = 0 }
            NR == FNR { f[NR] = $2; nf = NR; next }
            FNR == 1 { i++; st = 0; incomment = 0; names[i] = ""; uses[i] = ""; head[i] = "" }
            {
                l = $0
                if (incomment) { if (index(l, "*/")) { incomment = 0; l = substr(l, index(l, "*/") + 2) } else next }
                while (match(l, /\/\*/)) {
                    rest = substr(l, RSTART + 2)
                    if (index(rest, "*/")) l = substr(l, 1, RSTART - 1) " " substr(rest, index(rest, "*/") + 2)
                    else { l = substr(l, 1, RSTART - 1); incomment = 1 }
                }
                if (l ~ /^[ \t]*$/) next
                if (l ~ /\/\/|typedef|struct|union|enum|static|namespace|using|template|operator|class/) { bad(); next }
                if (l ~ /^[ \t]*#/) {
                    if (st == 0 && l ~ /^#ifndef [A-Za-z_][A-Za-z_0-9]*$/) { guard[i] = substr(l, 9); st = 1 }
                    else if (st == 1 && l == "#define " guard[i]) st = 2
                    else if (st == 2 && l ~ /^#include [<"][^<>"]*[>"]$/) head[i] = head[i] l "\n"
                    else if (st >= 2 && (l == "#ifdef __cplusplus" || l == "#endif")) st = 3
                    else bad()
                    next
                }
                if (st != 3) { bad(); next }
                if (l == "extern \"C\" {" || l == "}") next
                while (match(l, /[A-Za-z_][A-Za-z_0-9]*[ \t]*\(?/)) {
                    id = substr(l, RSTART, RLENGTH)
                    if (id ~ /\($/) { sub(/[ \t]*\($/, "", id); names[i] = names[i] " " id }
                    uses[i] = uses[i] " " id
                    l = substr(l, RSTART + RLENGTH)
                }
            }
            END {
                if (!ok || i != nf) exit 1
                for (k = 1; k <= nf; k++) {
                    if (head[k] != head[1] || guard[k] == "") exit 1
                    n = split(names[k], nm, " ")
                    m = split(uses[k], us, " ")
                    for (u = 1; ; u++) {
                        clash = 0
                        for (j = 1; j <= n; j++) if ((u SUBSEP nm[j]) in used) clash = 1
                        for (j = 1; j <= m; j++) if ((u SUBSEP us[j]) in declared) clash = 1
                        if (!clash) break
                    }
                    for (j = 1; j <= n; j++) declared[u, nm[j]] = 1
                    for (j = 1; j <= m; j++) used[u, us[j]] = 1
                    if (u > nu) { nu = u; printf "%s", head[1] >(d "/u" u ".cc") }
                    if (cxx) printf "namespace gmc_header_%d {\n#include \"%s\"\n}\n#undef %s\n", k, f[k], guard[k] >(d "/u" u ".cc")
                    else printf "#include \"%s\"\n#undef %s\n", f[k], guard[k] >(d "/u" u ".cc")
                }
                for (u = 1; u <= nu; u++) close(d "/u" u ".cc")
            }' ok=1 "$chunk" $(cut -f 2 "$chunk") || return 1
        for u in "$dir"/u*.cc; do
            "$@" "$u" >"$dir/log" 2>&1 && quiet_ok "$dir/log" || return 1
        done
    }
    if [ "$kind" = header ] && [ "$n" -gt 1 ] && hdr_batch "$@"; then
        rm -rf "$dir"
        exit 0
    fi
    if [ "$cc" != nvcc ] && batch_ok "$@"; then
        rm -rf "$dir"
        exit 0
    fi
    while IFS="$(printf '\t')" read -r k file label src; do
        case "$kind" in full) o="-o $dir/one.o" ;; *) o="" ;; esac
        if ! "$@" $o "$file" >"$dir/one.log" 2>&1 || ! quiet_ok "$dir/one.log"; then
            echo "FAIL: $label (from $src)"
            grep -v '^[[:space:]]*$' "$dir/one.log" | head -n 8 | sed 's/^/    /'
        fi
    done <"$chunk"
    rm -rf "$dir"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-build-all.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

printf 'int main(void){return 0;}\n' >"$tmp/probe.c"
BUILD_ALL_CCS=gcc
if command -v clang >/dev/null 2>&1 && clang -fopenmp -o "$tmp/probe" "$tmp/probe.c" >/dev/null 2>&1; then
    BUILD_ALL_CCS="gcc clang"
else
    echo "SKIP (clang part): clang with OpenMP is not installed (apt-get install clang libomp-dev; build.sh does as root)"
fi
BUILD_ALL_NVCC=
if [ "${GMC_BUILD_ALL_NVCC:-0}" = 1 ]; then
    BUILD_ALL_NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
    if ! [ -x "$BUILD_ALL_NVCC" ]; then
        echo "SKIP (CUDA part): no nvcc (looked in PATH and /usr/local/cuda/bin)"
        BUILD_ALL_NVCC=
    fi
else
    echo "note: the CUDA output is compiled by tests/cuda/compile_all.sh (GMC_BUILD_ALL_NVCC=1: here too)"
fi
export BUILD_ALL_CCS BUILD_ALL_NVCC GMC GMC_SRCDIR

# gen_many: the generation lanes' work (--gen above: the same folders, steps,
# DONE lines and FAIL reports) with every gmc command run by $many: each
# program's --main output and, for the OpenMP set, its library form; then
# where --main failed, gen's retries (--entry=FIRST where gmc asks for an
# entry, no --main where the program has none).
gen_many() {
    exec 4>"$tmp/steps.0" 5>"$tmp/report.0"
    # pass 1: lines of the script; $tmp/progs: NR<tab>FULL<tab>FILE
    : >"$tmp/gen.s"
    : >"$tmp/progs"
    nr=0
    while read -r f; do
        nr=$((nr + 1))
        out=$tmp/g/$nr
        full=0
        case "$f" in
        "$GMC_SRCDIR"/tests/golden/accept/*.gm | "$GMC_SRCDIR"/tests/golden/warn/*.gm | \
            "$GMC_SRCDIR"/apps/*.gm | "$GMC_SRCDIR"/tests/omp/*.gm) full=1 ;;
        esac
        printf '%s\t%s\t%s\n' "$nr" "$full" "$f" >>"$tmp/progs"
        printf '.\t-t\tomp\t--main\t-o\t%s\t%s\n' "$out/omp" "$f" >>"$tmp/gen.s"
        [ $full = 1 ] && printf '.\t-t\tomp\t-o\t%s\t%s\n' "$out/lib" "$f" >>"$tmp/gen.s"
    done <"$tmp/list"
    # each program's folder (and lib/ for the OpenMP set), as gen makes them
    awk -F '\t' -v g="$tmp/g" '{ print g "/" $1; if ($2 == 1) print g "/" $1 "/lib" }' "$tmp/progs" |
        tr '\n' '\0' | xargs -0 mkdir -p
    mkdir "$tmp/gen.o" && "$many" --script "$tmp/gen.s" "$tmp/gen.o" ||
        { echo "FAIL: gmc_many on the generation" >&5; return; }
    : >"$tmp/gen.o/retry.s"
    : >"$tmp/gen.o/retry.k"
    # each command's output and messages as gen's gmc.log (stdout, then stderr)
    # pass 2: the retries gen makes where --main failed (one awk for all)
    awk -F '\t' -v o="$tmp/gen.o" -v s="$tmp/gen.o/retry.s" -v kk="$tmp/gen.o/retry.k" -v target=omp \
        -v main_only=1 -v same_again=0 -f "$GMC_SRCDIR/tests/codegen/entry_retry.awk" "$tmp/gen.s"
    if [ -s "$tmp/gen.o/retry.s" ]; then
        mkdir "$tmp/gen.r" && "$many" --script "$tmp/gen.o/retry.s" "$tmp/gen.r" ||
            { echo "FAIL: gmc_many on the --entry retries" >&5; return; }
    fi
    # per program, in order: the steps, DONE, or gen's FAIL report
    # (many_fail WHAT DIR K: the first lines of command K's messages)
    many_fail() {
        {
            echo "FAIL: $1 (from $rel)"
            cat "$2/$3.err" "$2/$3.out" 2>/dev/null | grep -v '^[[:space:]]*$' | head -n 8 | sed 's/^/    /'
        } >&5
    }
    k=0 r=0
    exec 6<"$tmp/progs" 7<"$tmp/gen.o/retry.k"
    rk= rmode=
    IFS= read -r rline <&7 && { rk=${rline%%	*} rmode=${rline#*	}; }
    while IFS="$(printf '\t')" read -r nr full f <&6; do
        name=${f##*/}
        name=${name%.gm}
        rel=${f#"$GMC_SRCDIR"/}
        out=$tmp/g/$nr
        excluded "$name"
        x=""
        case "$ex" in *implicit-function*) x="+implicit" ;; esac
        k=$((k + 1))
        rc=
        read -r rc <"$tmp/gen.o/$k.rc" 2>/dev/null
        gen_ok=0
        if [ "$rc" = 0 ]; then
            gen_ok=1
        elif [ "$rk" = "$k" ]; then
            r=$((r + 1))
            rc=
            read -r rc <"$tmp/gen.r/$r.rc" 2>/dev/null
            if [ "$rc" = 0 ]; then gen_ok=1; else many_fail "gmc -t omp $rmode" "$tmp/gen.r" "$r"; fi
            rk= rmode=
            IFS= read -r rline <&7 && { rk=${rline%%	*} rmode=${rline#*	}; }
        else
            many_fail "gmc -t omp --main" "$tmp/gen.o" "$k"
        fi
        if [ $gen_ok = 1 ]; then
            omp_steps
        fi
        if [ "$full" = 1 ]; then
            k=$((k + 1))
            rc=
            read -r rc <"$tmp/gen.o/$k.rc" 2>/dev/null
            if [ "$rc" = 0 ]; then
                for cc in $BUILD_ALL_CCS; do
                    olevel "$cc"
                    step "$cc:full$x" "$out/lib/$name.c" "$cc $ol -c $name.c (no --main)"
                done
            else
                many_fail "gmc -t omp (no --main)" "$tmp/gen.o" "$k"
            fi
        fi
        echo "DONE $name" >&5
    done
    exec 4>&- 5>&- 6<&- 7<&-
}

# many: GMC's build tree's tests/driver/gmc_many where it and gmc were both
# linked after every compiler library there (libgm*.a: the same code, gmc's
# main being gmc_command alone; tests/codegen/same_output.sh's rule), else
# nothing. With it every gmc command of the listing and the generation runs
# in one process (gmc's start costs about as much here as its run: ~650
# starts before); without it (or with GMC_BUILD_ALL_NVCC=1) gmc runs as
# before, in two lanes.
many=
if [ -z "$BUILD_ALL_NVCC" ] && [ "${BUILD_ALL_MANY:-1}" != 0 ]; then
    b=$(dirname "$GMC")
    many=$b/tests/driver/gmc_many
    [ -x "$many" ] || many=
    for l in "$b"/libgm*.a; do
        [ -n "$many" ] || break
        { [ -f "$l" ] && ! [ "$l" -nt "$many" ] && ! [ "$l" -nt "$GMC" ]; } || many=
    done
fi

# Every program gmc accepts (the reject tests and the like drop out here),
# and the OpenMP set whatever --check says (gmc must generate it).
find "$GMC_SRCDIR/apps" "$GMC_SRCDIR/bench" "$GMC_SRCDIR/tests" -name '*.gm' | LC_ALL=C sort >"$tmp/all"
: >"$tmp/list"
if [ -n "$many" ]; then
    # the --check of every file outside the OpenMP set, then the list in order
    : >"$tmp/check.s"
    while read -r f; do
        case "$f" in
        "$GMC_SRCDIR"/tests/golden/accept/*.gm | "$GMC_SRCDIR"/tests/golden/warn/*.gm | \
            "$GMC_SRCDIR"/apps/*.gm | "$GMC_SRCDIR"/tests/omp/*.gm) ;;
        *) printf '.\t--check\t%s\n' "$f" >>"$tmp/check.s" ;;
        esac
    done <"$tmp/all"
    mkdir "$tmp/check.o" && "$many" --script "$tmp/check.s" "$tmp/check.o" ||
        { echo "FAIL: gmc_many on the --check runs"; exit 1; }
    k=0
    while read -r f; do
        case "$f" in
        "$GMC_SRCDIR"/tests/golden/accept/*.gm | "$GMC_SRCDIR"/tests/golden/warn/*.gm | \
            "$GMC_SRCDIR"/apps/*.gm | "$GMC_SRCDIR"/tests/omp/*.gm)
            echo "$f" >>"$tmp/list"; continue ;;
        esac
        k=$((k + 1))
        rc=
        read -r rc <"$tmp/check.o/$k.rc" 2>/dev/null
        [ "$rc" = 0 ] && echo "$f" >>"$tmp/list"
    done <"$tmp/all"
else
    while read -r f; do
        case "$f" in
        "$GMC_SRCDIR"/tests/golden/accept/*.gm | "$GMC_SRCDIR"/tests/golden/warn/*.gm | \
            "$GMC_SRCDIR"/apps/*.gm | "$GMC_SRCDIR"/tests/omp/*.gm)
            echo "$f" >>"$tmp/list"; continue ;;
        esac
        "$GMC" --check "$f" >/dev/null 2>&1 && echo "$f" >>"$tmp/list"
    done <"$tmp/all"
fi
while read -r f; do
    n=${f##*/}
    excluded "${n%.gm}"
    [ -n "$ex" ] && echo "note: ${f#"$GMC_SRCDIR"/}: skips $ex"
done <"$tmp/list"

# Generation, ${GMC_JOBS:-2} lanes side by side; then the steps of each KEY
# in batches of ${GMC_BUILD_ALL_BATCH:-24} files (GMC_BUILD_ALL_BATCH=1: one
# compiler run per step, as before batches), GMC_JOBS batches at a time.
jobs=${GMC_JOBS:-2}
mkdir "$tmp/g" "$tmp/c"
if [ -n "$many" ]; then
    gen_many
else
    lane=0
    while [ $lane -lt "$jobs" ]; do
        sh "$self" --gen "$tmp" $lane &
        lane=$((lane + 1))
    done
    wait
fi
cat "$tmp"/steps.* | LC_ALL=C sort -s -t "$(printf '\t')" -k 1,1 |
    awk -F '\t' -v b="${GMC_BUILD_ALL_BATCH:-24}" -v d="$tmp/c" '
        $1 != key || n == b { key = $1; n = 0; c++ }
        { n++; print >> (d "/" c); close(d "/" c) }'
ls "$tmp/c" | sort -n | sed "s|^|$tmp/c/|" | xargs -n 1 -P "$jobs" sh "$self" --batch "$tmp" >"$tmp/report" 2>&1
cat "$tmp"/report.* >>"$tmp/report"
grep -v -e '^DONE ' -e '^STEPS ' "$tmp/report"
programs=$(grep -c '^DONE ' "$tmp/report")
steps=$(awk '/^STEPS /{s += $2} END {print s + 0}' "$tmp/report")
fails=$(grep -c '^FAIL' "$tmp/report")
echo "build_all: $programs programs, $steps compilations ($BUILD_ALL_CCS${BUILD_ALL_NVCC:+ nvcc}), $fails failures"
[ "$programs" -gt 0 ] && [ "$fails" -eq 0 ]
