#!/bin/sh
# bench/lib/gswitch.sh: GSWITCH (PPoPP'19, a GPU graph library) as a bench/run row.
#
#   gswitch.sh build SRC_DIR BUILD_DIR      compiles its BFS, SSSP and CC
#                                           applications with nvcc ($NVCC or
#                                           nvcc; arch $GSWITCH_ARCH, default sm_90)
#   gswitch.sh graph GMGRAPH IN OUT_BASE WEIGHTED
#                                           writes OUT_BASE.el (the directed edges
#                                           as IN), OUT_BASE-u.el (each undirected
#                                           pair once: cc), OUT_BASE.wel if
#                                           WEIGHTED=1, and OUT_BASE.ids (the
#                                           smallest and largest id of an edge,
#                                           and "symmetric" when every edge has
#                                           its reverse and none is repeated)
#   gswitch.sh run BUILD_DIR MAP APP GRAPH [program options]
#                                           runs one application as a gmc program
#                                           would be run: prints time_ms = the
#                                           fastest of --repeat runs; with
#                                           --out=DIR runs its own check (-V) and
#                                           exits 1 unless it says "passed"
#
# Nothing of GSWITCH is copied here: the user names its source folder
# (--with gswitch=DIR) and this script drives its programs through their
# documented command lines. Its reader numbers nodes from the smallest id
# that has an edge (ids below it are dropped, ids past the largest one too),
# so the root is shifted by that smallest id; a root outside that range has
# no GSWITCH row. Its reader also drops self-loops; SSSP reads the edges as
# directed (-d), so it sees gmc's graph; CC reads every pair once as
# undirected, the weakly connected components gmc's wcc computes; BFS reads
# the pairs as undirected too when the graph is symmetric without repeated
# edges (the same graph; its BFS in directed mode failed its own check on
# kron20, H200, 2026-11-26), else the directed list with -d. It times
# one run per process (printed last), after its own load.
set -u

die() { echo "gswitch.sh: $*" >&2; exit 1; }

case ${1:-} in
build)
    src=$2 dst=$3
    [ -f "$src/application/bfs.cu" ] && [ -d "$src/src" ] ||
        die "'$src' is not a GSWITCH source folder (no application/bfs.cu)"
    nvcc=${NVCC:-nvcc}
    command -v "$nvcc" >/dev/null 2>&1 || { [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc; } ||
        die "no nvcc (set NVCC)"
    mkdir -p "$dst" || die "cannot create '$dst'"
    pids=
    for a in bfs:BFS sssp:SSSP cc:CC; do
        # its documented build line (README of the anchors); -w: its own warnings
        "$nvcc" -O3 -arch="${GSWITCH_ARCH:-sm_90}" -std=c++14 --expt-extended-lambda -w -Xcompiler -fopenmp \
            -I "$src/deps/moderngpu/src" -I "$src/src" "$src/application/${a%%:*}.cu" -o "$dst/${a#*:}" \
            >"$dst/${a#*:}.log" 2>&1 &
        pids="$pids $!"
    done
    ok=1
    for p in $pids; do wait "$p" || ok=0; done
    [ $ok = 1 ] || { cat "$dst"/*.log; die "GSWITCH did not build (nvcc)"; }
    ;;
graph)
    gmgraph=$2 in=$3 base=$4 weighted=$5
    fresh() { [ -s "$1" ] && [ ! "$1" -ot "$in" ]; }
    # its reader skips leading lines that do not start with a digit, no others
    edges() { "$gmgraph" convert "$@" --to edge-list "$in" - | grep -v '^#'; }
    if ! fresh "$base.el" || ! fresh "$base-u.el" || ! fresh "$base.ids"; then
        edges --no-weights >"$base.tmp.el" || die "cannot convert '$in'"
        [ -s "$base.tmp.el" ] || die "'$in' has no edges (GSWITCH exits on an empty graph)"
        sym=
        "$gmgraph" info "$in" >"$base.tmp.info" 2>&1 || die "gmgraph info failed on '$in'"
        grep -q '^symmetric: *yes' "$base.tmp.info" && grep -q '^duplicate edges: *0$' "$base.tmp.info" && sym=symmetric
        rm -f "$base.tmp.info"
        awk -v sym="$sym" 'NR == 1 { lo = hi = $1 } { for (i = 1; i <= 2; i++) { if ($i < lo) lo = $i; if ($i > hi) hi = $i } }
             END { print lo, hi, sym }' "$base.tmp.el" >"$base.tmp.ids" || die "cannot read '$base.tmp.el'"
        awk '$1 < $2 { print $1, $2 } $2 < $1 { print $2, $1 }' "$base.tmp.el" | sort -u -k1,1n -k2,2n >"$base.tmp-u.el" ||
            die "cannot write '$base.tmp-u.el'"
        mv "$base.tmp.el" "$base.el" && mv "$base.tmp-u.el" "$base-u.el" && mv "$base.tmp.ids" "$base.ids" ||
            die "cannot write '$base.el'"
    fi
    if [ "$weighted" = 1 ] && ! fresh "$base.wel"; then
        edges >"$base.tmp.wel" && mv "$base.tmp.wel" "$base.wel" || die "cannot convert '$in' (weighted)"
    fi
    ;;
run)
    bin=$2 map=$3 app=$4 graph=$5
    shift 5
    root=0 repeat=1 out=
    for a in "$@"; do
        case $a in
        --root=*) root=${a#*=} ;;
        --repeat=*) repeat=${a#*=} ;;
        --out=*) out=${a#*=} ;;
        esac
    done
    base=$(awk -v g="$graph" '$1 == g { print $2 }' "$map")
    [ -n "$base" ] || die "no GSWITCH copy of '$graph' in $map"
    read -r lo hi sym <"$base.ids" || die "cannot read '$base.ids'"
    r=
    if [ "$app" != wcc ]; then
        [ "$root" -ge "$lo" ] && [ "$root" -le "$hi" ] ||
            die "root $root is outside GSWITCH's ids $lo..$hi (the smallest and largest id with an edge)"
        r=$((root - lo))
    fi
    case $app in
    bfs) if [ "$sym" = symmetric ]; then set -- BFS "$base-u.el" -r "$r"; else set -- BFS "$base.el" -d -r "$r"; fi ;;
    sssp) set -- SSSP "$base.wel" -W -d -r "$r" ;;
    wcc) set -- CC "$base-u.el" ;;
    *) die "GSWITCH has no application for $app here" ;;
    esac
    k=$1
    shift
    log=${out:-${TMPDIR:-/tmp}}/gswitch-$$.txt
    [ -n "$out" ] && log=$out/gswitch.txt
    : >"$log"
    best= i=0
    while [ $i -lt "$repeat" ]; do
        # the check run (--out) validates its answer with its own CPU code
        v=
        [ -n "$out" ] && [ $i -eq 0 ] && v=-V
        "$bin/$k" "$@" $v >"$log.run" 2>&1
        rc=$?
        cat "$log.run" >>"$log"
        [ $rc -eq 0 ] || { cat "$log.run" >&2; rm -f "$log.run"; [ -z "$out" ] && rm -f "$log"; exit 1; }
        if [ -n "$v" ] && ! grep -q '^passed' "$log.run"; then
            rm -f "$log.run"
            echo "gswitch.sh: GSWITCH's $k did not pass its own check (see $log)" >&2
            exit 1
        fi
        t=$(awk 'NF == 1 && $1 ~ /^[0-9.]+$/ { t = $1 } END { print t }' "$log.run")
        rm -f "$log.run"
        [ -n "$t" ] || { echo "gswitch.sh: no time from $k" >&2; exit 1; }
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { if (a == "" || b + 0 < a + 0) a = b; printf "%.3f", a }')
        i=$((i + 1))
    done
    [ -z "$out" ] && rm -f "$log"
    echo "time_ms = $best"
    ;;
*)
    die "usage: gswitch.sh build|graph|run ... (see its first lines)"
    ;;
esac
