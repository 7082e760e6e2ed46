#!/bin/sh
# run_programs.sh: end-to-end tests of the omp backend. Each program is
# compiled with `gmc -t omp --main -x`, run on a small graph with 1 and 2
# threads, and its output compared with values this script computes
# independently (awk over the same edge list).
# Environment (set by make check): GMC, GMC_SRCDIR, GMC_BUILDDIR;
# RUN_TARGET=cuda builds the programs with -t cuda instead (tests/gpu/run's
# programs:omp shard, where GMC compiles the .cu it makes).
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
: "${GMC:=$GMC_BUILDDIR/gmc}"
: "${RUN_TARGET:=omp}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-omp-run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

check() { # what expected actual
    if [ "$2" != "$3" ]; then
        echo "FAIL: $1: expected '$2', got '$3'"
        fail=$((fail + 1))
    else
        echo "ok: $1"
    fi
}
value() { # NAME FILE: the value printed as "NAME = V"
    sed -n "s/^$1 = //p" "$2"
}
build() { # NAME.gm from tests/omp, apps or tests/cuda/async
    src=$GMC_SRCDIR/tests/omp/$1.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/apps/$1.gm
    [ -f "$src" ] || src=$GMC_SRCDIR/tests/cuda/async/$1.gm
    if ! "$GMC" -t "$RUN_TARGET" --main -x -w -o "$tmp" "$src"; then
        echo "FAIL: gmc -t $RUN_TARGET --main -x $src"
        fail=$((fail + 1))
        return 1
    fi
}
lines() { tr '\n' ' ' < "$1" | sed 's/ $//'; }
printf '0 1\n1 2\n2 0\n' > "$tmp/c3.el" # a 3-cycle (call_convert)

# A small weighted multigraph: a self-loop, a node without in-edges (4),
# nodes 0..4.
cat > "$tmp/g.el" <<'G'
0 1 3
0 2 1
1 2 2
2 0 4
2 3 5
3 3 1
1 3 2
4 0 1
0 1 6
G
N=5

# ---- reductions of every operator and type --------------------------------
if build reductions; then
    awk -v N=$N '
    { s = $1; t = $2; w = $3; deg[s]++; indeg[t]++; isum += w; if (NR == 1 || w < mn) mn = w;
      if (NR == 1 || w > mx) mx = w; if (s == t) self = 1; if (w <= 0) nonpos = 1;
      pin[t] += w; if (!(t in pmax) || 1.5 * w > pmax[t]) pmax[t] = 1.5 * w; if (w > 2) por[t] = 1 }
    END {
      prod = 1; for (n = 0; n < N; n++) if (deg[n] > 0 && deg[n] < 3) prod *= deg[n] + 1;
      printf "isum = %d\nlsum = %d000000000\nfsum = %d\ndsum = %.17g\niprod = %d\n", isum, isum, isum, isum * 0.5, prod;
      printf "dmin = %.17g\ndmax = %.17g\nimin = %d\nimax = %d\nanyself = %d\nallpos = %d\n", mn * 0.25, mx * 0.25, mn, mx, self, !nonpos;
      for (n = 0; n < N; n++) printf "%d%s", pin[n] + 0, n < N - 1 ? " " : "\n" > "'"$tmp"'/pin.exp";
      for (n = 0; n < N; n++) printf "%s%s", (n in pmax) ? sprintf("%.17g", pmax[n]) : "-inf", n < N - 1 ? " " : "\n" > "'"$tmp"'/pmax.exp";
      for (n = 0; n < N; n++) printf "%d%s", 2 ^ indeg[n], n < N - 1 ? " " : "\n" > "'"$tmp"'/pmul.exp";
      for (n = 0; n < N; n++) printf "%d%s", por[n] + 0, n < N - 1 ? " " : "\n" > "'"$tmp"'/por.exp";
    }' "$tmp/g.el" > "$tmp/red.exp"
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/reductions" "$tmp/g.el" --threads=$th --out="$tmp/o" > "$tmp/red.out" || { echo "FAIL: reductions exit $?"; fail=$((fail + 1)); }
        for name in isum lsum fsum dsum iprod dmin dmax imin imax anyself allpos; do
            check "reductions $name ($th threads)" "$(value $name "$tmp/red.exp")" "$(value $name "$tmp/red.out")"
        done
        for p in pin pmax pmul por; do
            check "reductions $p ($th threads)" "$(cat "$tmp/$p.exp")" "$(lines "$tmp/o/$p.txt")"
        done
    done
fi

# ---- arg-min with several targets, deferred assignment ------------------------
if build argmin_defer; then
    printf '8.5\n4.5\n0.5\n1.5\n5.5\n' > "$tmp/key.txt"
    awk -v N=$N -v keys="8.5 4.5 0.5 1.5 5.5" '
    BEGIN { split(keys, k, " ") }
    { s = $1; t = $2; indeg[t]++; if (!(t in best) || k[s + 1] < best[t]) { best[t] = k[s + 1]; from[t] = s } }
    END {
      for (n = 0; n < N; n++) printf "%s%s", (n in best) ? best[n] : "inf", n < N - 1 ? " " : "\n" > "'"$tmp"'/best.exp";
      for (n = 0; n < N; n++) printf "%d%s", (n in from) ? from[n] : -1, n < N - 1 ? " " : "\n" > "'"$tmp"'/from.exp";
      for (n = 0; n < N; n++) printf "%d%s", 1 + indeg[n], n < N - 1 ? " " : "\n" > "'"$tmp"'/cnt.exp";
    }' "$tmp/g.el"
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/argmin_defer" "$tmp/g.el" --key="$tmp/key.txt" --threads=$th --out="$tmp/o" > "$tmp/am.out" || { echo "FAIL: argmin_defer exit"; fail=$((fail + 1)); }
        check "argmin kmin ($th threads)" "0.5" "$(value kmin "$tmp/am.out")"
        check "argmin kmin_node ($th threads)" "2" "$(value kmin_node "$tmp/am.out")"
        for p in best from cnt; do
            check "argmin_defer $p ($th threads)" "$(cat "$tmp/$p.exp")" "$(lines "$tmp/o/$p.txt")"
        done
    done
fi

# ---- several arg-min/max statements on one target (each with payloads) -------
# The best thread's merge took over only the first statement's payloads: a
# win by the second one left its payload at the start value (exit 0).
if build argmin_shared; then
    # the small multigraph, and a 3000-node path whose keys are a permutation
    # (3000 threads' worth of iterations: the merge of several threads)
    printf '7\n3\n9\n4\n1\n' > "$tmp/k5.txt"
    awk 'BEGIN { for (i = 0; i + 1 < 3000; i++) print i, i + 1 }' > "$tmp/p3k.el"
    awk 'BEGIN { for (i = 0; i < 3000; i++) print (i * 7919 + 11) % 3001 }' > "$tmp/k3k.txt"
    for g in g:k5:5 p3k:k3k:3000; do
        el=${g%%:*} k=${g#*:}; n=${k#*:}; k=${k%%:*}
        # expected: the second statement of each pair wins (the first's keys
        # are past the start values); best/via from each node's in-edges
        awk -v N="$n" -v out="$tmp/$el" 'NR == FNR { key[FNR - 1] = $1; next }
          { s = $1; t = $2; if (key[s] < 50 && (!(t in best) || key[s] < best[t])) { best[t] = key[s]; via[t] = s } }
          END {
            lo = 50; lk = -1; hi = -50; hf = 0
            for (i = 0; i < N; i++) { if (key[i] < lo) { lo = key[i]; lk = 3 * key[i] } if (key[i] > hi) { hi = key[i]; hf = 1 } }
            print lo, lk, hi, hf > (out ".scal")
            for (i = 0; i < N; i++) print ((i in best) ? best[i] : 50), ((i in via) ? via[i] : -1) > (out ".prop")
          }' "$tmp/$k.txt" "$tmp/$el.el"
        for th in 1 2; do
            rm -rf "$tmp/o"
            "$tmp/argmin_shared" "$tmp/$el.el" --key="$tmp/$k.txt" --threads=$th --out="$tmp/o" > "$tmp/as.out" ||
                { echo "FAIL: argmin_shared exit"; fail=$((fail + 1)); }
            check "argmin_shared lo, lo_key3, hi, hi_flag on $el ($th threads)" "$(cat "$tmp/$el.scal")" \
                "$(value lo "$tmp/as.out") $(value lo_key3 "$tmp/as.out") $(value hi "$tmp/as.out") $(value hi_flag "$tmp/as.out")"
            check "argmin_shared payloads of the losing statements on $el ($th threads)" "-1 -1" \
                "$(value lo_node "$tmp/as.out") $(value hi_node "$tmp/as.out")"
            check "argmin_shared best, via on $el ($th threads)" "$(cat "$tmp/$el.prop")" \
                "$(paste -d ' ' "$tmp/o/best.txt" "$tmp/o/via.txt")"
            check "argmin_shared from: the losing statement's payload on $el ($th threads)" "0" \
                "$(grep -cv '^-1$' "$tmp/o/from.txt")"
        done
    done
fi

# ---- comparisons of a value with itself (their C compiles without warnings:
# tests/codegen/build_all.sh); here their answers -------------------------------
if build self_compare; then
    for th in 1 2; do
        "$tmp/self_compare" "$tmp/g.el" --random-A=1:9 --x=0.5 --threads=$th > "$tmp/sc.out" ||
            { echo "FAIL: self_compare exit"; fail=$((fail + 1)); }
        check "self_compare lt, eq, nan_ne, two ($th threads)" "0 $((N + $(wc -l < "$tmp/g.el"))) 0 2" \
            "$(value lt "$tmp/sc.out") $(value eq "$tmp/sc.out") $(value nan_ne "$tmp/sc.out") $(value two "$tmp/sc.out")"
    done
fi

# ---- integer constants that change when C makes them Float or Double (their C
# compiles without warnings: build_all.sh); here the values they become ---------
if build float_constants; then
    "$tmp/float_constants" "$tmp/g.el" --k=1 > "$tmp/fc.out" || { echo "FAIL: float_constants exit"; fail=$((fail + 1)); }
    f24=$(awk 'BEGIN { printf "%.0f", 2 ^ 24 }') f31=$(awk 'BEGIN { printf "%.0f", 2 ^ 31 }')
    check "float_constants a, b, e: 2^31 - 1 as a Float" "$f31 $f31 $f31" \
        "$(value a "$tmp/fc.out") $(value b "$tmp/fc.out") $(value e "$tmp/fc.out")"
    check "float_constants f, q: 2^24 + 1 as a Float" "$f24 $f24" "$(value f "$tmp/fc.out") $(value q "$tmp/fc.out")"
    check "float_constants c: 1.0 / 0" "inf" "$(value c "$tmp/fc.out")"
    check "float_constants w, w1: 2^63 - 1 (+ 1) into an Int wraps" "-1 0" \
        "$(value w "$tmp/fc.out") $(value w1 "$tmp/fc.out")"
    check "float_constants d: 2^63 - 1 as a Double" "9223372036854775808" \
        "$(awk -v d="$(value d "$tmp/fc.out")" 'BEGIN { printf "%.0f", d }')"
fi

# ---- a local property read but never written reads as zero (it had read the
# memory of the property freed just before it) ----------------------------------
if build unset_prop; then
    awk -v N=$N '{ deg[$1]++ } END { for (n = 0; n < N; n++) printf "%d%s", deg[n], n < N - 1 ? " " : "\n" }' \
        "$tmp/g.el" > "$tmp/outdeg.exp"
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/unset_prop" "$tmp/g.el" --threads=$th --out="$tmp/o" > "$tmp/up.out" ||
            { echo "FAIL: unset_prop exit"; fail=$((fail + 1)); }
        check "unset_prop b = out-degree + the never-written property ($th threads)" "$(cat "$tmp/outdeg.exp")" \
            "$(lines "$tmp/o/b.txt")"
        check "unset_prop d, s ($th threads)" "0 $((12345 * N))" "$(value d "$tmp/up.out") $(value s "$tmp/up.out")"
    done
fi

# ---- local properties written somewhere, but not before every read: the
# elements nothing wrote read as zero (they had read the freed junk) ---------
if build unset_before; then
    awk -v N=$N '{ deg[$1]++; indeg[$2]++ }
        END { for (n = 0; n < N; n++) printf "%d %d 2 %d %d\n", (deg[n] > 1 ? 7 : 0), indeg[n] + 0, (deg[n] > 1 ? n : -1), 2 * indeg[n] }' \
        "$tmp/g.el" > "$tmp/ub.exp"
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/unset_before" "$tmp/g.el" --m=2 --threads=$th --out="$tmp/o" > "$tmp/ub.out" ||
            { echo "FAIL: unset_before exit"; fail=$((fail + 1)); }
        check "unset_before c, a, w, p, q: written at some nodes, in rounds, or only accumulated into ($th threads)" \
            "$(cat "$tmp/ub.exp")" "$(paste -d ' ' "$tmp/o/c.txt" "$tmp/o/a.txt" "$tmp/o/w.txt" "$tmp/o/p.txt" "$tmp/o/q.txt")"
        check "unset_before s ($th threads)" "$((4 * 12345 * N))" "$(value s "$tmp/ub.out")"
    done
fi

# ---- a Long reduced into an Int counts as its low 32 bits, in sequential
# and parallel code alike (the sequential min= compared the whole Long) ------
if build narrow_reduce; then
    awk -v N=$N '{ indeg[$2]++ }
        END { for (n = 0; n < N; n++) printf "%d -1 %d %d\n", indeg[n] + 0, (indeg[n] > 0 ? 10 : 0), (indeg[n] > 0 ? -1 : 5) }' "$tmp/g.el" > "$tmp/nr.exp"
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/narrow_reduce" "$tmp/g.el" --threads=$th --out="$tmp/o" > "$tmp/nr.out" ||
            { echo "FAIL: narrow_reduce exit"; fail=$((fail + 1)); }
        check "narrow_reduce: x min=, y max=, z +=, <k; at> min= of Longs into Ints ($th threads)" \
            "$(( (4294967295 - 4294967296) * 1000 + (4294967304 - 4294967296) * 100 + (1 - 1) * 10 + 4294967295 - 4294967296 ))" \
            "$(value return "$tmp/nr.out")"
        check "narrow_reduce: a +=, b min=, c max=, <d; from> min= of Longs into Int properties ($th threads)" \
            "$(cat "$tmp/nr.exp")" "$(paste -d ' ' "$tmp/o/a.txt" "$tmp/o/b.txt" "$tmp/o/c.txt" "$tmp/o/d.txt")"
    done
fi

# ---- a frontier loop whose key is declared in its body: each round's key
# starts at zero, so no relaxation from d >= 0 lowers it and every d ends 0
# (taken for a monotone fixpoint, it gave 0 1 1 2 INF, or did not compile) --
if build no_inner_key; then
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/no_inner_key" "$tmp/g.el" --root=0 --threads=$th --out="$tmp/o" > /dev/null ||
            { echo "FAIL: no_inner_key exit"; fail=$((fail + 1)); }
        check "no_inner_key: the key declared in the loop starts afresh each round ($th threads)" \
            "$(awk -v N=$N 'BEGIN { for (n = 0; n < N; n++) printf "0%s", (n < N - 1 ? " " : "") }')" "$(lines "$tmp/o/d.txt")"
    done
fi

# ---- section 12 of the reference ------------------------------------------------
if build section12; then
    rm -rf "$tmp/o"
    "$tmp/section12" "$tmp/g.el" --out="$tmp/o" > "$tmp/s12.out" || { echo "FAIL: section12 exit"; fail=$((fail + 1)); }
    check "64-bit literal" "5000000000" "$(value big "$tmp/s12.out")"
    check "double literal precision" "$(printf "%.17g" 0.1234567890123)" "$(value third "$tmp/s12.out")"
    check "-INF of Double" "-inf" "$(value ninf "$tmp/s12.out")"
    check "-INF of Float" "-inf" "$(value finf "$tmp/s12.out")"
    check "PushFront order" "4 3 2 1 0" "$(lines "$tmp/o/pos.txt")"
    check "Node_Order PopFront" "0" "$(value first "$tmp/s12.out")"
    check "Rand(n) bound" "1" "$(value randok "$tmp/s12.out")"
    check "PickRandomNbr is a neighbour" "1" "$(value nbrok "$tmp/s12.out")"
fi

# ---- apps: BFS on the small graph and on a path deeper than 32767 levels --------
if build bfs; then
    "$tmp/bfs" "$tmp/g.el" --root=0 --out="$tmp/o" > /dev/null
    check "bfs small" "0 1 1 2 2147483647" "$(lines "$tmp/o/dist.txt")"
    awk 'BEGIN { for (i = 0; i < 40000; i++) print i, i + 1 }' > "$tmp/path.el"
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/bfs" "$tmp/path.el" --root=0 --threads=$th --out="$tmp/o" > /dev/null
        check "bfs depth 40000 ($th threads)" "0" \
            "$(awk '$1 != NR - 1 { bad++ } END { print bad + 0 }' "$tmp/o/dist.txt")"
    done
    "$tmp/bfs" "$tmp/g.el" --root=7 > /dev/null 2>&1
    check "node id out of range is a usage error: exits 2" "2" "$?"
    "$tmp/bfs" > /dev/null 2>&1
    check "usage error exits 2" "2" "$?"
fi
if build sssp; then
    "$tmp/sssp" "$tmp/g.el" --root=0 --threads=2 --out="$tmp/o" > /dev/null
    check "sssp small (weights from the file)" "0 3 1 5 2147483647" "$(lines "$tmp/o/dist.txt")"
fi
if build pagerank; then
    "$tmp/pagerank" "$tmp/g.el" --e=0 --d=0.85 --max_iter=1 --out="$tmp/o" > /dev/null
    # one iteration from 1/5: rank'(v) = 0.15/5 + 0.85 * sum over w->v of 0.2/outdeg(w)
    exp=$(awk '{ deg[$1]++; e[NR] = $1 " " $2 } END { for (i = 1; i <= NR; i++) { split(e[i], a, " "); r[a[2]] += 0.2 / deg[a[1]] }
                for (n = 0; n < 5; n++) printf "%.6f%s", 0.03 + 0.85 * r[n], n < 4 ? " " : "\n" }' "$tmp/g.el")
    got=$(awk '{ printf "%.6f%s", $1, NR < 5 ? " " : "\n" }' "$tmp/o/rank.txt")
    check "pagerank one iteration" "$exp" "$got"
fi

# ---- UpNbrs at the root: an unreached in-neighbour (node 4, level -1) is
# not a parent; counted by hand on g.el (levels from 0: 0 | 1 2 | 3; from 4:
# 4 | 0 | 1 2 | 3; parallel edge 0->1 twice, self-loop 3->3) ---------------
if build updown_root; then
    for r in 0 4; do
        for th in 1 2; do
            rm -rf "$tmp/o"
            "$tmp/updown_root" "$tmp/g.el" --root=$r --threads=$th --out="$tmp/o" > /dev/null
            if [ $r = 0 ]; then up="100 102 101 102 -1"; down="3 1 1 0 -1"; else up="101 102 101 102 100"; down="3 1 1 0 1"; fi
            check "updown_root up from $r ($th threads)" "$up" "$(lines "$tmp/o/up.txt")"
            check "updown_root down from $r ($th threads)" "$down" "$(lines "$tmp/o/down.txt")"
        done
    done
fi

# ---- one loop reducing a property through its own node and through
# neighbours: every update is atomic (a plain a.A += 1 lost updates to
# another iteration's c.A += x under contention) ----------------------------
if build own_shared; then
    check "own_shared: the own node's update is atomic too" "atomic atomic atomic" \
        "$("$GMC" -t omp --dump=plan "$GMC_SRCDIR/tests/omp/own_shared.gm" | sed -n 's/.*update(line 1[123])=//p' | tr '\n' ' ' | sed 's/ $//')"
    check "own_shared: the CUDA kernel's too" "native(A +=) native(A +=) native(A +=)" \
        "$("$GMC" -t cuda --dump=plan "$GMC_SRCDIR/tests/omp/own_shared.gm" | sed -n 's/.*cuda atomics=//p' | tr '\n' ' ' | sed 's/ $//')"
    exp=$(awk -v N=$N -v x=7 '{ out[$1] = out[$1] " " $2 }
        END { for (a = 0; a < N; a++) { nb = split(out[a], B, " "); for (i = 1; i <= nb; i++) { b = B[i];
                nc = split(out[b], C, " "); for (j = 1; j <= nc; j++) { A[a] += 1; A[b] += 2; A[C[j]] += x } } }
              for (n = 0; n < N; n++) printf "%d%s", A[n], n < N - 1 ? " " : "\n" }' "$tmp/g.el")
    for th in 1 2; do
        rm -rf "$tmp/o"
        "$tmp/own_shared" "$tmp/g.el" --x=7 --threads=$th --out="$tmp/o" > /dev/null
        check "own_shared ($th threads)" "$exp" "$(lines "$tmp/o/A.txt")"
    done
fi

# ---- outputs of procedure calls stored into variables of other types: the
# value converted as an assignment converts it (before: the callee's double
# written through the address of an int, a wrong answer or a smashed stack).
# Known answers: x / 2 truncated toward zero and saturated at the Int limits,
# 2147483647 widened exactly, 3000000007 keeping its low 32 bits
# (3000000007 - 2^32), and x / 2 rounded to Float (5e11 -> 499999997952) ----
if build call_convert; then
    for x in 7 1e12 -1e12; do
        case $x in
        7) exp="hi = 3 hl = 3 wl = 2147483647 wd = 2147483647 lt = -1294967289 hf = 3.5 P = 0 3 0" ;;
        1e12) exp="hi = 2147483647 hl = 500000000000 wl = 2147483647 wd = 2147483647 lt = -1294967289 hf = 499999997952 P = 0 2147483647 0" ;;
        *) exp="hi = -2147483648 hl = -500000000000 wl = 2147483647 wd = 2147483647 lt = -1294967289 hf = -499999997952 P = 0 -2147483648 0" ;;
        esac
        rm -rf "$tmp/o"
        got=$("$tmp/call_convert" "$tmp/c3.el" --x=$x --s=1 --out="$tmp/o" 2>&1 | grep -v '_ms = \|^graph = ' | tr '\n' ' ')
        check "call_convert x=$x" "$exp" "${got}P = $(lines "$tmp/o/P.txt")"
    done
fi

echo "$fail failures"
[ "$fail" -eq 0 ]
