#!/bin/sh
# compile_all.sh: every program the front end accepts (apps/, bench/, tests/:
# whatever `gmc --check` accepts there) goes through
# `gmc -t cuda --main`, and nvcc compiles the .cu for sm_90 with the host
# compiler's -Wall -Wextra: no error and no warning allowed; so do
# libgmrt-cuda's sources (gm_runtime/cuda), and every program links against
# the built libgmrt-cuda.a and libgmrt.a (every runtime function the
# generated code calls is defined there). No GPU is needed (nothing runs);
# without nvcc the test is skipped (exit 77).
#
# Batches (for speed: nvcc spends ~95% of a program's compile on the CUDA
# headers, so one compile of 25 programs costs about what 2 single ones do).
# Programs are compiled together as one translation unit: the head of
# their .cu files (the #include lines above their code, the same for every
# member of a batch, less their own NAME.h) first, then each program's .cu
# inside a namespace of its own (its static functions, kernels and main()
# cannot meet another's), each macro it or its header defines #undef'd
# after it; programs that declare the same extern "C" procedure go to
# different batches. All of nvcc's phases run on the batch with the same
# flags (cudafe++, cicc, ptxas, the host compiler), and the object links
# (a main() of its own added) against the runtime libraries. Each program's
# code is the same text in the batch as alone, so a warning in any program
# is a warning of its batch, and the batch fails. A batch that fails is
# split in halves and each half compiled again, down to single programs,
# which are compiled exactly as before batches existed (`nvcc -c` on the
# .cu, then linked when it has a main()): only a single program's failure
# fails the test, with its own log, so a batch cannot blame a program that
# builds alone. Nor can it pass one that fails alone: what a member could
# borrow from the members before it (a header, a macro, an include guard,
# a #pragma, the leniency of main() in a namespace) is listed, with how it
# is taken away, in tests/cuda/batch_classify.awk; tests/cuda/batch_alone.sh has
# one program per way. What a batch still does not prove, and alone
# compiles would: that the program's own NAME.h compiles first, alone
# (build_all.sh compiles the same header, as C and as C++), and that no
# name is used above an #include further down the .cu (the driver's
# <errno.h>). GMC_CUDA_BATCH=1 compiles every program alone (the old way);
# the default is 100, so that each piece of make check is one batch (and
# one or two more for programs that declare the same extern "C" name): a
# batch costs about 6 s of processor time for the headers and 1.1 s for
# each program.
# libgmrt-cuda's sources: no warning either. The build compiles each file
# alone (which proves each one includes what it uses) with host -Wall
# -Wextra, and keeps nvcc's messages beside each object
# (gm_runtime/cuda/NAME.o.log, gm_runtime/cuda/cuda.mk): the first piece
# checks that none of them warns (nvcc_ok's rule) instead of compiling the
# sources again, ~24 processor s here (at the build's -O3, what the library
# is; the compile here was -O1). Where the build has no such logs (no
# libgmrt-cuda built, or a build from before them) the sources are compiled
# here as before: as one unit, without namespaces (they define the extern
# "C" functions gmcu.h declares).
set -u
: "${GMC:?}" "${GMC_SRCDIR:?}"
NVCC=${GMC_NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if ! [ -x "$NVCC" ]; then
    echo "cuda compile_all: nvcc not found: skipped"
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-cuda-all.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
flags="-std=c++17 -O1 -arch=sm_90 -Werror all-warnings -Xcompiler -fopenmp,-Wall,-Wextra -I$GMC_SRCDIR/gm_runtime"
[ "${GMRT_EDGE64:-0}" = 1 ] && flags="$flags -DGMRT_EDGE64"
batch=${GMC_CUDA_BATCH:-100}

fail=0 count=0 linked=0 rtn=0
. "$GMC_SRCDIR/tests/shard.sh"
rtlibs=
if [ -n "${GMC_BUILDDIR:-}" ] && [ -f "$GMC_BUILDDIR/libgmrt-cuda.a" ] && [ -f "$GMC_BUILDDIR/.libs/libgmrt.a" ]; then
    rtlibs="$GMC_BUILDDIR/libgmrt-cuda.a $GMC_BUILDDIR/.libs/libgmrt.a $(sed -n 's/^ZLIB_LIBS = //p' "$GMC_BUILDDIR/Makefile" | head -n 1)"
else
    echo "cuda compile_all: no libgmrt-cuda.a built: programs are compiled, not linked"
fi

# nvcc_ok LOG ARGS...: nvcc succeeds and says nothing about a warning.
nvcc_ok() {
    _log=$1
    shift
    "$NVCC" "$@" >"$_log" 2>&1 && ! grep -qi "warning" "$_log"
}

# compile_group KIND: compiles the units listed in $tmp/KIND.units (lines
# "DIR NAME SOURCE LINK", one per program or runtime file), in batches
# ($tmp/KIND.batches: one line of unit numbers per batch), halving the
# batches that fail. KIND is prog (namespaces, linked) or rt (-fPIC, one unit,
# not linked).
compile_group() {
    kind=$1
    n=0
    while [ -s "$tmp/$kind.batches" ]; do
        set -- $(head -n 1 "$tmp/$kind.batches")
        sed -i 1d "$tmp/$kind.batches"
        n=$((n + 1))
        if [ $# -eq 1 ]; then
            set -- $(sed -n "$1p" "$tmp/$kind.units")
            dir=$1 name=$2 src=$3 link=$4
            if [ "$kind" = rt ]; then
                if ! nvcc_ok "$tmp/cc.log" $flags -Xcompiler -fPIC -c -o "$tmp/rt-$name.o" "$dir/$name.cu"; then
                    echo "FAIL: nvcc -c gm_runtime/cuda/$name.cu"
                    sed 's/^/    /' "$tmp/cc.log" | head -12
                    fail=$((fail + 1))
                fi
                continue
            fi
            count=$((count + 1))
            if ! nvcc_ok "$tmp/cc.log" $flags -c -o "$dir/$name.o" "$dir/$name.cu"; then
                echo "FAIL: nvcc -c $name.cu (from $src)"
                sed 's/^/    /' "$tmp/cc.log" | head -12
                fail=$((fail + 1))
                continue
            fi
            # A program (--main): links against the runtime libraries.
            if [ -n "$rtlibs" ] && [ "$link" = 1 ]; then
                if "$NVCC" -arch=sm_90 -o "$dir/$name" "$dir/$name.o" $rtlibs -lgomp -lm >"$tmp/ld.log" 2>&1; then
                    linked=$((linked + 1))
                else
                    echo "FAIL: nvcc link $name (from $src)"
                    sed 's/^/    /' "$tmp/ld.log" | head -12
                    fail=$((fail + 1))
                fi
            fi
            continue
        fi
        # A batch: one translation unit.
        b="$tmp/batch$n.cu"
        if [ "$kind" = rt ]; then
            for i in "$@"; do
                sed -n "$i{s/^\([^ ]*\) \([^ ]*\) .*/#include \"\1\/\2.cu\"/;p;}" "$tmp/$kind.units"
            done >"$b"
            what="-Xcompiler -fPIC"
        else
            awk -v list="$*" -f "$here/batch_unit.awk" "$tmp/$kind.units" >"$b"
            what=
        fi
        ok=1
        nvcc_ok "$tmp/cc.log" $flags $what -c -o "$tmp/batch.o" "$b" || ok=0
        if [ $ok = 1 ] && [ "$kind" = prog ] && [ -n "$rtlibs" ]; then
            "$NVCC" -arch=sm_90 -o "$tmp/batch" "$tmp/batch.o" $rtlibs -lgomp -lm >"$tmp/ld.log" 2>&1 || ok=0
        fi
        if [ $ok = 1 ]; then
            if [ "$kind" = prog ]; then
                count=$((count + $#))
                [ -n "$rtlibs" ] && linked=$((linked + $(awk -v list="$*" 'BEGIN { split(list, w, " "); for (k in w) t[w[k]] = 1 }
                    t[NR] && $4 == 1 { n++ } END { print n + 0 }' "$tmp/$kind.units")))
            fi
        else
            echo "note: a batch of $# failed ($(for i in "$@"; do sed -n "${i}p" "$tmp/$kind.units" | cut -d' ' -f2; done | tr '\n' ' ')); compiling it in halves"
            h=$(($# / 2))
            echo "$@" | awk -v h=$h '{ a = b = ""; for (i = 1; i <= NF; i++) if (i <= h) a = a " " $i; else b = b " " $i; print a; print b }' >>"$tmp/$kind.batches"
        fi
        rm -f "$tmp/batch.o" "$tmp/batch"
    done
}

# libgmrt-cuda's own sources: no warning either (the build's logs, else
# compiled here).
: >"$tmp/rt.units"
rt_logs=0
if shard_first && [ -n "${GMC_BUILDDIR:-}" ] && [ -f "$GMC_BUILDDIR/libgmrt-cuda.a" ]; then
    rt_logs=1
    for f in "$GMC_SRCDIR"/gm_runtime/cuda/*.cu; do
        [ -f "$f" ] || continue
        o=$GMC_BUILDDIR/gm_runtime/cuda/$(basename "$f" .cu).o
        [ -f "$o.log" ] && ! [ "$f" -nt "$o.log" ] || { rt_logs=0; break; }
    done
fi
if [ $rt_logs = 1 ]; then
    for f in "$GMC_SRCDIR"/gm_runtime/cuda/*.cu; do
        [ -f "$f" ] || continue
        n=$(basename "$f" .cu)
        if grep -qi "warning" "$GMC_BUILDDIR/gm_runtime/cuda/$n.o.log"; then
            echo "FAIL: nvcc -c gm_runtime/cuda/$n.cu (the build's compile; its messages, gm_runtime/cuda/$n.o.log:)"
            sed 's/^/    /' "$GMC_BUILDDIR/gm_runtime/cuda/$n.o.log" | head -12
            fail=$((fail + 1))
        fi
        rtn=$((rtn + 1))
    done
    echo "cuda compile_all: libgmrt-cuda's $rtn sources: the build's nvcc messages checked ($fail with a warning)"
else
    shard_first && for f in "$GMC_SRCDIR"/gm_runtime/cuda/*.cu; do
        [ -f "$f" ] || continue
        echo "$(dirname "$f") $(basename "$f" .cu) - 0" >>"$tmp/rt.units"
    done
fi
if [ -s "$tmp/rt.units" ]; then
    awk -v b="$batch" '{ l = l " " NR; if (NR % b == 0) { print l; l = "" } } END { if (l != "") print l }' "$tmp/rt.units" >"$tmp/rt.batches"
    compile_group rt
fi

# Every program in the repository that gmc accepts (tests/codegen/build_all.sh
# compiles the same programs' OpenMP output with gcc and clang).
find "$GMC_SRCDIR/apps" "$GMC_SRCDIR/bench" "$GMC_SRCDIR/tests" -name '*.gm' | LC_ALL=C sort >"$tmp/all"
# The pieces split the files (not only those --check accepts: each piece
# runs gmc --check on its own share only), GMC_TEST_SHARD=K/N: file I goes
# to piece (I - 1) mod N + 1 as tests/shard.sh deals them, unless one of
# the procedure names it declares (extern "C" in its .cu; Local ones are
# static) is declared by a file already in that piece: then to the next
# piece without it, if any. Two programs that declare one name cannot share
# a batch, and a batch more costs the CUDA headers again (~11 processor s:
# a batch of 2 in piece 2 before). Every piece computes the same split;
# GMC_QUICK_CHECK=1 then takes every 8th file of the piece, as shard.sh.
awk -v shard="${GMC_TEST_SHARD:-1/1}" -v quick="${GMC_QUICK_CHECK:-0}" '
    BEGIN { split(shard, s, "/"); k = s[1] - 1; n = s[2] }
    {
        f = $0; nn = 0
        while ((getline l < f) > 0)
            if (match(l, /^[ \t]*Proc(edure)?[ \t]+[A-Za-z_][A-Za-z_0-9]*/)) {
                l = substr(l, RSTART, RLENGTH); sub(/^[ \t]*Proc(edure)?[ \t]+/, "", l)
                nm[++nn] = l
            }
        close(f)
        d = (NR - 1) % n; p = d
        for (t = 0; t < n; t++) {
            q = (d + t) % n; clash = 0
            for (j = 1; j <= nn; j++) if ((q SUBSEP nm[j]) in used) clash = 1
            if (!clash) { p = q; break }
        }
        for (j = 1; j <= nn; j++) used[p, nm[j]] = 1
        if (p == k && (quick != 1 || count++ % 8 == 0)) print f
    }' "$tmp/all" >"$tmp/mine"
: >"$tmp/prog.units"
: >"$tmp/prog.keys"
# With gmc_many (GMC's build tree's, linked after every compiler library as
# gmc was: tests/codegen/same_output.sh's rule) the piece's gmc commands run
# in it, not one process each (a start costs about a run here): the
# --check of each file, then each accepted program's -t cuda --main, then
# the retries below where that failed; the loop then reads their results
# (gmc_run). Else gmc runs in the loop, as before.
many=
b=$(dirname "$GMC")
if [ "${GMC_CUDA_MANY:-1}" != 0 ] && [ -x "$b/tests/driver/gmc_many" ]; then
    many=$b/tests/driver/gmc_many
    for l in "$b"/libgm*.a; do
        { [ -f "$l" ] && ! [ "$l" -nt "$many" ] && ! [ "$l" -nt "$GMC" ]; } || { many=; break; }
    done
fi
cp "$tmp/mine" "$tmp/mine.gmc"
if [ -n "$many" ]; then
    awk '{ print ".\t--check\t" $0 }' "$tmp/mine" >"$tmp/m0.s"
    mkdir "$tmp/m0" && "$many" --script "$tmp/m0.s" "$tmp/m0" || { echo "FAIL: gmc_many on the --check runs"; exit 1; }
    # the accepted files (foreign_code left out below, as in the loop) and
    # their first -t cuda --main
    : >"$tmp/mine.gmc"
    : >"$tmp/m1.s"
    k=0 np1=0
    while read -r f; do
        k=$((k + 1))
        rc=
        read -r rc <"$tmp/m0/$k.rc" 2>/dev/null
        [ "$rc" = 0 ] || continue
        echo "$f" >>"$tmp/mine.gmc"
        name=${f##*/}
        case "${name%.gm}" in foreign_code) continue ;; esac
        np1=$((np1 + 1))
        printf '.\t-t\tcuda\t--main\t-o\t%s\t%s\n' "$tmp/p$np1/" "$f" >>"$tmp/m1.s"
    done <"$tmp/mine"
    mkdir "$tmp/m1" && "$many" --script "$tmp/m1.s" "$tmp/m1" || { echo "FAIL: gmc_many on the -t cuda runs"; exit 1; }
    # the retries: command K of m1 failed: as the loop decides (--entry=FIRST
    # where gmc asks for an entry, no --main where the program has none, else
    # the same command again), one line of m2 each; m2.k: K<tab>EXTRA
    : >"$tmp/m2.s"
    : >"$tmp/m2.k"
    awk -F '\t' -v o="$tmp/m1" -v s="$tmp/m2.s" -v kk="$tmp/m2.k" -v target=cuda -v main_only=0 -v same_again=1 \
        -f "$GMC_SRCDIR/tests/codegen/entry_retry.awk" "$tmp/m1.s"
    if [ -s "$tmp/m2.s" ]; then
        mkdir "$tmp/m2" && "$many" --script "$tmp/m2.s" "$tmp/m2" || { echo "FAIL: gmc_many on the retries"; exit 1; }
    fi
    exec 8<"$tmp/m2.k"
    mk=0 m2k= m2extra=
    IFS= read -r m2line <&8 && { m2k=${m2line%%	*} m2extra=${m2line#*	}; }
fi
# gmc_run N: the loop's first -t cuda --main of its program N (in gmc_many's
# results with it, else run here, its messages in $tmp/gmc.log)
gmc_run() {
    if [ -z "$many" ]; then
        "$GMC" -t cuda $extra -o "$out/" "$f" >"$tmp/gmc.log" 2>&1
        return
    fi
    rc=
    read -r rc <"$tmp/m1/$1.rc" 2>/dev/null
    [ "$rc" = 0 ]
}
# gmc_retry N: the loop's second try of program N (sets extra as it does;
# its messages in $tmp/gmc.log)
gmc_retry() {
    [ "$m2k" = "$1" ] || { echo "FAIL: compile_all: internal: no retry for program $1"; exit 99; }
    mk=$((mk + 1))
    extra=$m2extra
    rc=
    read -r rc <"$tmp/m2/$mk.rc" 2>/dev/null
    cat "$tmp/m2/$mk.out" "$tmp/m2/$mk.err" >"$tmp/gmc.log" 2>/dev/null
    m2k= m2extra=
    IFS= read -r m2line <&8 && { m2k=${m2line%%	*} m2extra=${m2line#*	}; }
    [ "$rc" = 0 ]
}
np=0
while read -r f <&3; do
    [ -n "$many" ] || "$GMC" --check "$f" >/dev/null 2>&1 || continue
    name=${f##*/}
    name=${name%.gm}
    # Foreign code that calls C functions it never declares: C allows that, C++ not.
    case "$name" in foreign_code) continue ;; esac
    np=$((np + 1))
    out="$tmp/p$np"
    extra="--main"
    if [ -n "$many" ] && gmc_run $np; then
        :
    elif [ -n "$many" ]; then
        if ! gmc_retry $np; then
            echo "FAIL: gmc -t cuda $extra $f"
            sed 's/^/    /' "$tmp/gmc.log" | head -5
            fail=$((fail + 1))
            rm -rf "$out"
            continue
        fi
    elif ! gmc_run $np; then
        if grep -q -- "--entry" "$tmp/gmc.log"; then
            # several entry procedures: drive the first one
            entry=$(sed -n 's/^[[:space:]]*Proc[a-z]*[[:space:]][[:space:]]*\([A-Za-z_][A-Za-z_0-9]*\).*/\1/p' "$f" | head -n 1)
            extra="--main --entry=$entry"
        elif grep -q "needs an entry" "$tmp/gmc.log"; then
            extra=""   # only Local procedures: nothing to drive
        fi
        if ! "$GMC" -t cuda $extra -o "$out/" "$f" >"$tmp/gmc.log" 2>&1; then
            echo "FAIL: gmc -t cuda $extra $f"
            sed 's/^/    /' "$tmp/gmc.log" | head -5
            fail=$((fail + 1))
            rm -rf "$out"
            continue
        fi
    fi
    link=0
    [ -n "$extra" ] && link=1
    echo "$out $name $f $link" >>"$tmp/prog.units"
    # Its batch key, prelude and #undef lines, and the extern "C" names its
    # header declares (two programs that share one never meet).
    awk -v nr="$np" -v h="$out/$name.h" -v own="$name.h" \
        -v dir="$out" -f "$here/batch_classify.awk" "$out/$name.h" "$out/$name.cu" >>"$tmp/prog.keys"
done 3<"$tmp/mine.gmc"
# Greedy batches: each program joins the first open batch of its key that
# has room, none of its names, and no other #include lines further down
# (lines "KEY<tab>LATER<tab>NAMES").
awk -F '\t' -v b="$batch" '{
    key = $1; later = $2; placed = 0; nn = split($3, nm, " ")
    for (j = 1; j <= nb && !placed; j++) {
        if (bkey[j] != key || bn[j] >= b) continue
        if (later != "" && blater[j] != "" && blater[j] != later) continue
        clash = 0
        for (k = 1; k <= nn; k++) if ((j SUBSEP nm[k]) in bname) clash = 1
        if (clash) continue
        placed = j
    }
    if (!placed) { placed = ++nb; bkey[nb] = key; bn[nb] = 0; bl[nb] = "" }
    if (later != "") blater[placed] = later
    bn[placed]++; bl[placed] = bl[placed] " " NR
    for (k = 1; k <= nn; k++) bname[placed, nm[k]] = 1
} END { for (j = 1; j <= nb; j++) print bl[j] }' "$tmp/prog.keys" >"$tmp/prog.batches"
[ -s "$tmp/prog.units" ] && compile_group prog
echo "cuda compile_all: compiled $count programs with nvcc (linked $linked), $fail failures"
[ "$fail" -eq 0 ]
