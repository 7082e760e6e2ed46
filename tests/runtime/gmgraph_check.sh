#!/bin/sh
# gmgraph_check.sh: `gmgraph check`, the streaming answer checker for
# generated graphs (tools/gmgraph/check*.c).
#  - The real programs (gmc -t omp --main: bfs, wcc, pagerank) run on the
#    .gmb that `gmgraph gen` writes for each spec (RMAT raw, symmetrized
#    without self-loops, with dedup; a grid; uniform), and check says right.
#  - On the raw and the symmetrized RMAT graphs, one value corrupted (a level off by one either way, an unreached node
#    given a level, a reached one unreached, the root moved; two components
#    merged, one split, a component named by another of its ids; a rank off
#    by 1e-6 relatively, two ranks swapped, one iteration more) and check
#    says wrong, exit 1, naming the node or edge: a checker that always said
#    yes fails here.  A rank off by 1e-12 is within the tolerance.
#  - PageRank's stopping rule: --e/--max-iter find the run's iteration
#    count (converged, and stopped by max_iter), --iterations=K checks K.
#  - The verdict and message are the same on 1 and 3 threads.
#  - Against an independent reference (networkx in /usr/bin/python3, skipped
#    without it, and said so): on a small RMAT graph, from the edge list
#    `gmgraph gen` writes, networkx's BFS, weakly connected components and a
#    PageRank written in Python; check agrees that those are right and that
#    randomly corrupted copies (whose rightness Python decides: BFS and WCC
#    answers are unique, PageRank within 1e-9) are right or wrong.
#  - The answer files are read in pieces on the threads (GMGRAPH_CHECK_READ_MIN=1:
#    as a large file is); comments and blank lines still pass (the serial
#    loader's fallback), and bad files get the serial loader's message.
#  - Bad input: a file with one value too few, an unparsable line or two
#    values on a line (exit 1),
#    a bad spec, dedup for PageRank, a root out of range, missing or mixed
#    options (exit 2), each with its message.
set -u
GMGRAPH=${GMGRAPH:-./gmgraph}
: "${GMC:?}"
SRC=${GMC_SRCDIR:-$(dirname "$0")/../..}
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmgraph-check-XXXXXX") || exit 99
# every answer file read in pieces on the threads (check_read.c), as a big
# one is: its fallback to the serial loader is what the bad files below see
GMGRAPH_CHECK_READ_MIN=1
export GMGRAPH_CHECK_READ_MIN
trap 'rm -rf "$dir"' EXIT
failures=0
fail() { echo "FAIL $1"; [ -n "${2:-}" ] && [ -f "$2" ] && sed 's/^/    /' "$2"; failures=$((failures + 1)); }

mkdir -p "$dir/bin"
for app in bfs wcc pagerank; do
    "$GMC" -t omp --main -x "$SRC/apps/$app.gm" -o "$dir/bin/" >"$dir/gmc.log" 2>&1 ||
        { fail "gmc $app" "$dir/gmc.log"; exit 1; }
done

# verdict WANT DESC CHECK-ARGS...: gmgraph check must exit WANT (0 right,
# 1 wrong); a wrong answer's message must say WRONG
verdict() {
    want=$1 desc=$2
    shift 2
    OMP_NUM_THREADS=2 "$GMGRAPH" check "$@" >"$dir/out" 2>"$dir/err"
    got=$?
    if [ "$got" != "$want" ]; then
        fail "$desc: check exited $got, expected $want"
        cat "$dir/out" "$dir/err" | sed 's/^/    /'
    elif [ "$want" = 1 ] && ! grep -q "WRONG" "$dir/err"; then
        fail "$desc: exit 1 without WRONG" "$dir/err"
    else
        echo "ok   $desc: $(cat "$dir/err" "$dir/out" | head -n 1)"
    fi
}
# corrupt IN OUT LINE AWK-EXPR: OUT is IN with line LINE replaced by the
# value of AWK-EXPR ($1 the old value)
corrupt() { awk -v n="$3" "NR == n { print $4; next } { print }" "$1" >"$2"; }
# line_of FILE AWK-COND: the first line number whose value ($1) meets COND
line_of() { awk "$2 { print NR; exit }" "$1"; }

# the graphs: spec, and the same options for gmgraph gen
SPEC_R=gen:rmat,scale=11,edge-factor=8,seed=3
SPEC_S=gen:rmat,scale=10,edge-factor=6,seed=5,symmetrize,no-self-loops
SPEC_D=gen:rmat,scale=10,edge-factor=6,seed=7,symmetrize,dedup
SPEC_G=gen:grid,rows=20,cols=30
SPEC_U=gen:uniform,nodes=3000,degree=1.2,seed=2,symmetrize
"$GMGRAPH" gen rmat --scale 11 --edge-factor 8 --seed 3 -o "$dir/r.gmb" >/dev/null &&
    "$GMGRAPH" gen rmat --scale 10 --edge-factor 6 --seed 5 --symmetrize --no-self-loops -o "$dir/s.gmb" >/dev/null &&
    "$GMGRAPH" gen rmat --scale 10 --edge-factor 6 --seed 7 --symmetrize --dedup -o "$dir/d.gmb" >/dev/null &&
    "$GMGRAPH" gen grid --rows 20 --cols 30 -o "$dir/g.gmb" >/dev/null &&
    "$GMGRAPH" gen uniform --nodes 3000 --degree 1.2 --seed 2 --symmetrize -o "$dir/u.gmb" >/dev/null ||
    { fail "gmgraph gen"; exit 1; }

# run NAME PROG GRAPH ARGS...: the program's --out folder is $dir/NAME
run() {
    name=$1 prog=$2
    shift 2
    "$dir/bin/$prog" "$@" --threads=1 --out="$dir/$name" >"$dir/$name.log" 2>&1 || fail "$prog $*" "$dir/$name.log"
}

# ---- BFS: a root with out-edges (the first edge's source) ----
first_src() { "$GMGRAPH" convert "$1" --to edge-list - 2>/dev/null | awk '!/^[#%]/ { print $1; exit }'; }
for g in r:$SPEC_R s:$SPEC_S d:$SPEC_D g:$SPEC_G u:$SPEC_U; do
    f=${g%%:*} spec=${g#*:}
    root=$(first_src "$dir/$f.gmb")
    run "bfs_$f" bfs "$dir/$f.gmb" --root="$root"
    L=$dir/bfs_$f/dist.txt
    verdict 0 "bfs $spec root $root" "$spec" --bfs="$L" --root="$root"
    case $f in r|s) ;; *) continue ;; esac # the corruptions on two graphs (processes cost)
    reached=$(line_of "$L" '$1 != 2147483647 && $1 >= 2')
    unreached=$(line_of "$L" '$1 == 2147483647')
    corrupt "$L" "$dir/bad" "$reached" '$1 + 1'
    verdict 1 "bfs $spec: node $((reached - 1))'s level + 1" "$spec" --bfs="$dir/bad" --root="$root"
    corrupt "$L" "$dir/bad" "$reached" '$1 - 1'
    verdict 1 "bfs $spec: node $((reached - 1))'s level - 1" "$spec" --bfs="$dir/bad" --root="$root"
    corrupt "$L" "$dir/bad" "$reached" 2147483647
    verdict 1 "bfs $spec: node $((reached - 1)) unreached" "$spec" --bfs="$dir/bad" --root="$root"
    if [ -n "$unreached" ]; then
        corrupt "$L" "$dir/bad" "$unreached" 3
        verdict 1 "bfs $spec: unreached node $((unreached - 1)) at level 3" "$spec" --bfs="$dir/bad" --root="$root"
    fi
    verdict 1 "bfs $spec: another root" "$spec" --bfs="$L" --root=$((root == 0 ? 1 : 0))
done
# a grid's levels are known: |r - r0| + |c - c0| from node 0
awk '{ i = NR - 1; if ($1 != int(i / 30) + i % 30) { print "node " i ": " $1; exit 1 } }' "$dir/bfs_g/dist.txt" ||
    fail "the grid's BFS levels are not the Manhattan distances"
run bfs_g0 bfs "$dir/g.gmb" --root=0
verdict 0 "bfs grid from 0" "$SPEC_G" --bfs="$dir/bfs_g0/dist.txt" --root=0
awk '{ i = NR - 1; if ($1 != int(i / 30) + i % 30) { print "node " i ": " $1; exit 1 } }' "$dir/bfs_g0/dist.txt" >"$dir/why" ||
    fail "the grid's BFS levels are not the Manhattan distances" "$dir/why"

# ---- WCC ----
for g in r:$SPEC_R s:$SPEC_S d:$SPEC_D u:$SPEC_U; do
    f=${g%%:*} spec=${g#*:}
    run "wcc_$f" wcc "$dir/$f.gmb"
    C=$dir/wcc_$f/comp.txt
    verdict 0 "wcc $spec" "$spec" --wcc="$C"
    case $f in r|s) ;; *) continue ;; esac
    # two components: the largest label's and another's (merge: the second
    # takes the first's label; split: one node of a component of 2+ nodes
    # takes its own id; renamed: a whole component named by a larger id)
    big=$(awk '{ c[$1]++ } END { for (l in c) if (c[l] > 1 && (best == "" || l + 0 > best + 0)) best = l; print best }' "$C")
    other=$(awk -v b="$big" '$1 != b { print $1; exit }' "$C")
    awk -v b="$big" -v o="$other" '{ print ($1 == o ? b : $1) }' "$C" >"$dir/bad"
    verdict 1 "wcc $spec: components $big and $other merged" "$spec" --wcc="$dir/bad"
    member=$(awk -v b="$big" '$1 == b && NR - 1 != b { print NR; exit }' "$C")
    corrupt "$C" "$dir/bad" "$member" 'n - 1'
    verdict 1 "wcc $spec: node $((member - 1)) split from component $big" "$spec" --wcc="$dir/bad"
    awk -v b="$big" -v m="$((member - 1))" '{ print ($1 == b ? m : $1) }' "$C" >"$dir/bad"
    verdict 1 "wcc $spec: component $big named $((member - 1))" "$spec" --wcc="$dir/bad"
done

# ---- PageRank ----
PR="--d=0.85 --e=1e-7 --max-iter=50"
for g in r:$SPEC_R s:$SPEC_S u:$SPEC_U g:$SPEC_G; do
    f=${g%%:*} spec=${g#*:}
    run "pr_$f" pagerank "$dir/$f.gmb" --e=1e-7 --d=0.85 --max_iter=50
    R=$dir/pr_$f/rank.txt
    # shellcheck disable=SC2086
    verdict 0 "pagerank $spec" "$spec" --pagerank="$R" $PR
    case $f in r|s) ;; *) continue ;; esac
    corrupt "$R" "$dir/bad" 7 'sprintf("%.17g", $1 * (1 + 1e-6))'
    # shellcheck disable=SC2086
    verdict 1 "pagerank $spec: node 6 off by 1e-6" "$spec" --pagerank="$dir/bad" $PR
    grep -q "WRONG: node 6 has rank" "$dir/err" || fail "pagerank: node 6 not named" "$dir/err"
    corrupt "$R" "$dir/bad" 7 'sprintf("%.17g", $1 * (1 + 1e-12))'
    # shellcheck disable=SC2086
    verdict 0 "pagerank $spec: node 6 off by 1e-12 (within 1e-9)" "$spec" --pagerank="$dir/bad" $PR
    awk 'NR == FNR { v[FNR] = $1; next } { print (FNR == 3 ? v[4] : FNR == 4 ? v[3] : $1) }' "$R" "$R" >"$dir/bad"
    if cmp -s "$R" "$dir/bad"; then echo "ok   (ranks 2 and 3 equal: no swap)"; else
        # shellcheck disable=SC2086
        verdict 1 "pagerank $spec: ranks of nodes 2 and 3 swapped" "$spec" --pagerank="$dir/bad" $PR
    fi
done
run pr_r5 pagerank "$dir/r.gmb" --e=1e-7 --d=0.85 --max_iter=5
verdict 0 "pagerank $SPEC_R stopped by --max_iter=5" "$SPEC_R" --pagerank="$dir/pr_r5/rank.txt" --d=0.85 --e=1e-7 --max-iter=5
verdict 0 "pagerank $SPEC_R --iterations=5" "$SPEC_R" --pagerank="$dir/pr_r5/rank.txt" --d=0.85 --iterations=5
verdict 1 "pagerank $SPEC_R: 5 iterations are not 6" "$SPEC_R" --pagerank="$dir/pr_r5/rank.txt" --d=0.85 --iterations=6
verdict 1 "pagerank $SPEC_R: d 0.85 is not 0.8" "$SPEC_R" --pagerank="$dir/pr_r5/rank.txt" --d=0.8 --iterations=5
run pr_r1 pagerank "$dir/r.gmb" --e=1 --d=0.85 --max_iter=50
verdict 0 "pagerank $SPEC_R, --e=1: one iteration" "$SPEC_R" --pagerank="$dir/pr_r1/rank.txt" --d=0.85 --e=1 --max-iter=50
grep -q "right: 1 iteration " "$dir/out" || fail "--e=1 is not one iteration" "$dir/out"

# ---- the same verdict and message on 1 and 3 threads ----
root=$(first_src "$dir/s.gmb")
corrupt "$dir/bfs_s/dist.txt" "$dir/bad" "$(line_of "$dir/bfs_s/dist.txt" '$1 == 3')" '$1 + 1'
for t in 1 3; do
    "$GMGRAPH" check "$SPEC_S" --bfs="$dir/bad" --root="$root" --threads=$t >/dev/null 2>"$dir/err$t"
done
if cmp -s "$dir/err1" "$dir/err3" && [ -s "$dir/err1" ]; then echo "ok   the same message on 1 and 3 threads: $(cat "$dir/err1")"; else
    fail "messages differ between 1 and 3 threads"; cat "$dir/err1" "$dir/err3"; fi

# ---- bad input ----
# expect CODE TEXT ARGS...: check exits CODE and says TEXT
expect() {
    code=$1 text=$2
    shift 2
    "$GMGRAPH" check "$@" >"$dir/out" 2>"$dir/err"
    got=$?
    if [ "$got" = "$code" ] && grep -qF -- "$text" "$dir/err"; then echo "ok   exit $code, '$text': check $*"; else
        fail "exit $got (expected $code with '$text'): check $*" "$dir/err"; fi
}
L=$dir/bfs_r/dist.txt
sed '$d' "$L" >"$dir/short"
expect 1 "truncated: expected 2048 values, found 2047" "$SPEC_R" --bfs="$dir/short" --root=0
corrupt "$L" "$dir/bad" 9 '"x1"'
expect 1 ":9:" "$SPEC_R" --bfs="$dir/bad" --root=0
expect 1 "cannot" "$SPEC_R" --bfs="$dir/none.txt" --root=0
# comments and a blank line are the serial loader's to skip: still right
root=$(first_src "$dir/r.gmb")
awk 'NR == 5 { print "# a comment"; print "" } { print }' "$dir/bfs_r/dist.txt" >"$dir/commented"
verdict 0 "bfs levels with a comment and a blank line" "$SPEC_R" --bfs="$dir/commented" --root="$root"
printf '5 5\n' >"$dir/two"
sed '1d' "$L" >>"$dir/two"
expect 1 ":1:" "$SPEC_R" --bfs="$dir/two" --root=0
expect 2 "scale=40: expected an integer from 0 to 30" gen:rmat,scale=40 --bfs="$L" --root=0
expect 2 "is not a generator spec" "$dir/r.gmb" --bfs="$L" --root=0
expect 2 "cannot check a spec with dedup" "$SPEC_D" --pagerank="$dir/pr_r/rank.txt" $PR
expect 2 "--root=2048: the graph has 2048 nodes" "$SPEC_R" --bfs="$L" --root=2048
expect 2 "--bfs needs the run's --root" "$SPEC_R" --bfs="$L"
expect 2 "give one of --bfs, --wcc or --pagerank" "$SPEC_R" --bfs="$L" --wcc="$L"
expect 2 "--root is for --bfs" "$SPEC_R" --wcc="$L" --root=0
expect 2 "needs the run's --e=E and --max-iter=M, or --iterations=K" "$SPEC_R" --pagerank="$dir/pr_r/rank.txt" --d=0.85 --e=1e-7
expect 2 "needs the run's --d=D" "$SPEC_R" --pagerank="$dir/pr_r/rank.txt" --iterations=3
expect 2 "what to check" "$SPEC_R"
corrupt "$dir/wcc_r/comp.txt" "$dir/bad" 5 2048
expect 1 "has label 2048, which is not a node" "$SPEC_R" --wcc="$dir/bad"

# ---- against networkx ----
PY=/usr/bin/python3
if ! [ -x "$PY" ] || ! "$PY" -c 'import networkx' 2>/dev/null; then
    echo "SKIP (part): no networkx in /usr/bin/python3: the comparison with an independent reference did not run"
else
    NXSPEC=gen:rmat,scale=8,edge-factor=4,seed=9
    "$GMGRAPH" gen rmat --scale 8 --edge-factor 4 --seed 9 --to edge-list -o "$dir/nx.el" >/dev/null || fail "gen nx.el"
    # nx.py writes answers (right and corrupted) and the list of them with
    # Python's verdict: "FILE KIND ROOT RIGHT"
    cat >"$dir/nx.py" <<'EOF'
import random, sys
import networkx as nx
d, n = sys.argv[1], 256
G = nx.MultiDiGraph()
G.add_nodes_from(range(n))
for line in open(d + "/nx.el"):
    if line[0] in "#%":
        continue
    u, v = map(int, line.split()[:2])
    G.add_edge(u, v)
rng = random.Random(4)
cases = []
def write(name, vals, kind, root, right):
    with open(d + "/" + name, "w") as f:
        f.write("".join("%s\n" % (repr(x) if isinstance(x, float) else x) for x in vals))
    cases.append("%s %s %d %d" % (name, kind, root, right))
INF = 2147483647
root = max(range(n), key=lambda v: G.out_degree(v))
lv = nx.single_source_shortest_path_length(G, root)
ref = [lv.get(v, INF) for v in range(n)]
write("nx_bfs", ref, "bfs", root, 1)
for k in range(12):
    bad = list(ref)
    v = rng.randrange(n)
    bad[v] = rng.choice([bad[v] + 1, max(bad[v] - 1, 0), INF, 2, 0]) if bad[v] != INF else rng.choice([1, 2, 3])
    write("nx_bfs%d" % k, bad, "bfs", root, int(bad == ref))
comps = nx.weakly_connected_components(G)
lab = [0] * n
for c in comps:
    m = min(c)
    for v in c:
        lab[v] = m
write("nx_wcc", lab, "wcc", 0, 1)
for k in range(12):
    bad = list(lab)
    v = rng.randrange(n)
    bad[v] = rng.choice([v, lab[rng.randrange(n)], max(lab[v] - 1, 0)])
    write("nx_wcc%d" % k, bad, "wcc", 0, int(bad == lab))
# apps/pagerank.gm's iteration, K = 20, d = 0.85 (dangling nodes lose rank)
deg = [G.out_degree(v) for v in range(n)]
x = [1.0 / n] * n
for it in range(20):
    y = [(1 - 0.85) / n] * n
    for u, v in G.edges():
        y[v] += 0.85 * x[u] / deg[u]
    x = y
write("nx_pr", x, "pagerank", 0, 1)
for k in range(8):
    bad = list(x)
    v = rng.randrange(n)
    f = rng.choice([1 + 1e-6, 1 - 1e-7, 1 + 1e-13, 1.001])
    bad[v] *= f
    write("nx_pr%d" % k, bad, "pagerank", 0, int(abs(f - 1) < 1e-9))
open(d + "/nx_cases", "w").write("\n".join(cases) + "\n")
EOF
    if "$PY" "$dir/nx.py" "$dir" 2>"$dir/nx.err"; then
        agree=0 total=0 wrong=0
        while read -r file kind root right; do
            case $kind in
            bfs) set -- --bfs="$dir/$file" --root="$root" ;;
            wcc) set -- --wcc="$dir/$file" ;;
            pagerank) set -- --pagerank="$dir/$file" --d=0.85 --iterations=20 ;;
            esac
            "$GMGRAPH" check "$NXSPEC" "$@" >"$dir/out" 2>"$dir/err"
            got=$?
            total=$((total + 1))
            [ "$right" = 0 ] && wrong=$((wrong + 1))
            if { [ "$right" = 1 ] && [ $got = 0 ]; } || { [ "$right" = 0 ] && [ $got = 1 ]; }; then
                agree=$((agree + 1))
            else
                fail "networkx says $file ($kind) is $([ "$right" = 1 ] && echo right || echo wrong), check exited $got"
                cat "$dir/out" "$dir/err" | sed 's/^/    /'
            fi
        done <"$dir/nx_cases"
        [ "$total" -ge 30 ] && [ "$wrong" -ge 10 ] && [ $((total - wrong)) -ge 6 ] ||
            fail "too few cases: $total answers, $wrong wrong"
        echo "ok   networkx: check agrees on $agree of $total answers ($wrong of them wrong)"
    else
        fail "nx.py" "$dir/nx.err"
    fi
fi

[ "$failures" -eq 0 ] && echo "gmgraph check: all passed" || echo "gmgraph check: $failures failed"
[ "$failures" -eq 0 ]
