#!/bin/sh
# bench/lib/gapbs.sh: the GAP benchmark suite (gapbs) as a bench/run row.
#
#   gapbs.sh build SRC_DIR BUILD_DIR        copies SRC_DIR and builds its kernels
#   gapbs.sh graph BUILD_DIR GMGRAPH IN OUT_BASE WEIGHTED
#                                           writes OUT_BASE.sg (directed, as IN),
#                                           OUT_BASE-u.sg (undirected: tc) and, if
#                                           WEIGHTED=1, OUT_BASE.wsg (the weights)
#   gapbs.sh run BUILD_DIR MAP APP DELTA GRAPH [program options]
#                                           runs one kernel as a gmc program would
#                                           be run: prints time_ms = the fastest
#                                           trial; with --out=DIR runs gapbs's own
#                                           verifier (-v) and exits 1 unless it
#                                           says PASS (tc: not run, DIR/unverified
#                                           says why)
#
# Nothing of gapbs is copied here: the user names its source folder
# (--with gapbs=DIR) and this script drives its own programs through their
# documented command lines. Its builder drops self-loops and duplicate edges,
# so it sees the same graph as gmc on the anchor graphs (kron20/22, which
# have neither) and a slightly smaller one on the others.
set -u

die() { echo "gapbs.sh: $*" >&2; exit 1; }

case ${1:-} in
build)
    src=$2 dst=$3
    [ -f "$src/src/bfs.cc" ] || die "'$src' is not a gapbs source folder (no src/bfs.cc)"
    rm -rf "$dst" && mkdir -p "$dst" && cp -R "$src/." "$dst/" || die "cannot copy '$src'"
    make -C "$dst" -j"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)" bfs sssp pr cc bc tc converter ||
        die "gapbs did not build in '$dst'"
    ;;
graph)
    bin=$2 gmgraph=$3 in=$4 base=$5 weighted=$6
    fresh() { [ -s "$1" ] && [ ! "$1" -ot "$in" ]; }
    # gapbs's reader takes the first word of every line as a number: no comments
    edges() { "$gmgraph" convert "$@" --to edge-list "$in" - | grep -v '^#'; }
    if ! fresh "$base.sg" || ! fresh "$base-u.sg"; then
        edges --no-weights >"$base.tmp.el" || die "cannot convert '$in'"
        "$bin/converter" -f "$base.tmp.el" -b "$base.tmp.sg" >/dev/null &&
            mv "$base.tmp.sg" "$base.sg" || die "gapbs's converter failed on '$in'"
        "$bin/converter" -f "$base.tmp.el" -s -b "$base.tmp-u.sg" >/dev/null &&
            mv "$base.tmp-u.sg" "$base-u.sg" || die "gapbs's converter failed on '$in' (-s)"
        rm -f "$base.tmp.el"
    fi
    if [ "$weighted" = 1 ] && ! fresh "$base.wsg"; then
        # gapbs reads a weighted edge list only under the name .wel
        edges >"$base.tmp.wel" || die "cannot convert '$in'"
        "$bin/converter" -f "$base.tmp.wel" -w -b "$base.tmp.wsg" >/dev/null &&
            mv "$base.tmp.wsg" "$base.wsg" || die "gapbs's converter failed on '$in' (weighted)"
        rm -f "$base.tmp.wel"
    fi
    ;;
run)
    bin=$2 map=$3 app=$4 delta=$5 graph=$6
    shift 6
    root= repeat=1 out= iters=20 tol=0 k=1
    for a in "$@"; do
        case $a in
        --root=*) root=${a#*=} ;;
        --repeat=*) repeat=${a#*=} ;;
        --out=*) out=${a#*=} ;;
        --max_iter=*) iters=${a#*=} ;;
        --e=*) tol=${a#*=} ;;
        --k=*) k=${a#*=} ;;
        esac
    done
    base=$(awk -v g="$graph" '$1 == g { print $2 }' "$map")
    [ -n "$base" ] || die "no gapbs copy of '$graph' in $map"
    case $app in
    bfs) set -- bfs -f "$base.sg" -r "$root" ;;
    sssp) set -- sssp -f "$base.wsg" -r "$root" -d "$delta" ;;
    pagerank | pagerank_push | pagerank_float) set -- pr -f "$base.sg" -i "$iters" -t "$tol" ;;
    wcc) set -- cc -f "$base.sg" ;;
    triangle_count) set -- tc -f "$base-u.sg" ;;
    bc_sampled) set -- bc -f "$base.sg" -i "$k" ;; # k random sources, as bc_sampled's
    *) die "gapbs has no kernel for $app" ;;
    esac
    k=$1
    shift
    verify=
    [ -n "$out" ] && verify=-v
    # pr's verifier asks one more step to move the ranks by less than the
    # tolerance: the check run converges to gapbs's default one instead of
    # running a fixed count
    [ -n "$out" ] && [ "$k" = pr ] && set -- -f "$base.sg" -i 1000 -t 1e-4
    # tc's verifier lists every triangle again on one core (over 150 s on
    # kron20 where the kernel takes 1): not run; the row says so
    if [ -n "$out" ] && [ "$k" = tc ]; then
        verify=
        echo "gapbs's tc verifier is serial: not run" >"$out/unverified"
    fi
    log=${out:-${TMPDIR:-/tmp}}/gapbs-$$.txt
    [ -n "$out" ] && log=$out/gapbs.txt
    "$bin/$k" "$@" -n "$repeat" $verify >"$log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || { cat "$log" >&2; [ -z "$out" ] && rm -f "$log"; exit 1; }
    ms=$(awk '/^Trial Time:/ { t = $3 * 1000; if (best == "" || t < best) best = t }
              END { if (best != "") printf "%.3f", best }' "$log")
    bad=$(grep -c '^Verification: *FAIL' "$log")
    [ -z "$out" ] && rm -f "$log"
    [ -n "$ms" ] || { echo "gapbs.sh: no 'Trial Time' from $k" >&2; exit 1; }
    if [ -n "$out" ] && [ -n "$verify" ]; then
        grep -q '^Verification: *PASS' "$log" && [ "$bad" -eq 0 ] ||
            { echo "gapbs.sh: gapbs's $k did not verify (see $log)" >&2; exit 1; }
    fi
    echo "time_ms = $ms"
    ;;
*)
    die "usage: gapbs.sh build|graph|run ... (see its first lines)"
    ;;
esac
