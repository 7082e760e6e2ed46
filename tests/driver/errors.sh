#!/bin/sh
# errors.sh: gmc's command-line errors (and a few of the program's) say what
# is wrong and what to do, with the documented exit status (1: the input, 2:
# the usage).
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99

# ---- unknown options name the closest valid one --------------------------------
expect 2 "unknown option" "$GMC" --mian degree.gm
says "unknown option: suggestion" err "unknown option '--mian'; did you mean '--main'?"
expect 2 "unknown option with a value" "$GMC" --entyr=degree --main degree.gm
says "unknown option with a value: suggestion" err "did you mean '--entry='?"
expect 2 "unknown option far from all" "$GMC" --frobnicate degree.gm
says "unknown option far from all: help" err "unknown option '--frobnicate' (see gmc --help)"
expect 2 "no input file" "$GMC" --main
says "no input file: usage" err "no input file"

# ---- a built-in's misuse names it as the program spells it -------------------------
# (Pop is PopFront's synonym, Push PushBack's: the original test/errors/e29.gm
# and e30.gm read "PopFront() takes 0 arguments" for Order.Pop(x))
cat > pop_args.gm <<'P'
Procedure pop_args(G: Graph, O: N_O(G)) {
    Node(G) n;
    Int x = 3;
    n = O.Pop(x);
    O.Push(x);
}
P
expect 1 "built-in synonym: wrong argument count" "$GMC" --check pop_args.gm
says "built-in synonym: count names Pop" err "pop_args.gm:4:9: error: Pop() takes 0 arguments, not 1 [builtin]"
says "built-in synonym: type names Push" err "pop_args.gm:5:12: error: argument 1 of Push() must be Node(G), not Int [builtin]"

# ---- --distributed (issue 31): -t omp and -t cuda ------------------------------------
# what the distributed code cannot do yet is a located error, not wrong code
cat > nbr_store.gm <<'P'
Procedure nbr_store(G: Graph; hit: N_P<Bool>): Int {
    G.hit = False;
    Foreach (n: G.Nodes) {
        Foreach (t: n.Nbrs) {
            t.hit = True;
        }
    }
    Return Count(n: G.Nodes)(n.hit);
}
P
expect 1 "distributed plain neighbour store" "$GMC" -w -t omp --distributed nbr_store.gm
says "distributed plain neighbour store: reason" err "plain stores into hit through a neighbour"
expect 1 "cuda distributed plain neighbour store" "$GMC" -w -t cuda --distributed nbr_store.gm
says "cuda distributed plain neighbour store: reason" err "plain stores into hit through a neighbour"
# n.HasEdgeTo(m) / n.IsNbrFrom(m) run where one end is the own node of a
# parallel Foreach over G.Nodes (the other end's global id is looked up in
# the rank's ids), and the policy check counts the row the test reads:
# tests/mpi/apps.sh runs has_edge, is_nbr_from and reciprocal against the
# single-process program. They were refused: the rank's CSR was searched
# for a global id (a wrong answer with exit 0 on every rank but the first).
cat > has_edge.gm <<'P'
Procedure has_edge(G: Graph, root: Node; h: N_P<Bool>) {
    Foreach (n: G.Nodes) {
        n.h = n.HasEdgeTo(root) || root.IsNbrFrom(n);
    }
}
P
for t in omp cuda; do
    mkdir -p "he_$t"
    expect 0 "$t distributed HasEdgeTo" "$GMC" -w -t $t --distributed --main -o "he_$t" has_edge.gm
    ext=c
    [ $t = cuda ] && ext=cu
    # both tests read n's out-row: --policy=in is refused before the run
    says "$t distributed HasEdgeTo: an out-row use" "he_$t/has_edge.$ext" \
        "has_edge walks the out-edges of every node: --policy=out or both"
done
says "distributed HasEdgeTo: the global id looked up" he_omp/has_edge.c "_c_lid(G, (int64_t)("
says "cuda distributed HasEdgeTo: looked up in the kernel" he_cuda/has_edge.cu "_c_dlid((int64_t)("
cat > is_nbr.gm <<'P'
Procedure is_nbr(G: Graph, root: Node; h: N_P<Bool>) {
    Foreach (n: G.Nodes) {
        n.h = n.IsNbrFrom(root) || root.HasEdgeTo(n);
    }
}
P
expect 0 "distributed IsNbrFrom" "$GMC" -w -t omp --distributed --main -o he_omp is_nbr.gm
says "distributed IsNbrFrom: an in-row use" he_omp/is_nbr.c "is_nbr walks the in-edges of every node: --policy=in or both"
# elsewhere (a neighbour's edges, an alias of the node, a BFS's node, a
# nested node loop's): a located refusal naming the test
cat > nbr_edge.gm <<'P'
Procedure nbr_edge(G: Graph, root: Node; h: N_P<Bool>) {
    Foreach (n: G.Nodes) {
        For (t: n.Nbrs) {
            If (t.HasEdgeTo(root))
                n.h = True;
        }
    }
}
P
cat > alias_edge.gm <<'P'
Procedure alias_edge(G: Graph, root: Node; h: N_P<Bool>) {
    Foreach (n: G.Nodes) {
        Node x = n;
        n.h = x.IsNbrFrom(root);
    }
}
P
cat > bfs_edge.gm <<'P'
Procedure bfs_edge(G: Graph, root: Node; h: N_P<Bool>) {
    InBFS (v: G.Nodes From root) {
        v.h = v.HasEdgeTo(root);
    }
}
P
# a node loop nested in a parallel one covers the rank's owners only (the
# count would be partial): its node is not an own node
cat > nested_edge.gm <<'P'
Procedure nested_edge(G: Graph; c: N_P<Int>) {
    Foreach (n: G.Nodes) {
        Int k = 0;
        Foreach (m: G.Nodes) {
            If (m.HasEdgeTo(n))
                k += 1;
        }
        n.c = k;
    }
}
P
for t in omp cuda; do
    expect 1 "$t distributed HasEdgeTo at a nested node loop" "$GMC" -w -t $t --distributed nested_edge.gm
    says "$t distributed HasEdgeTo at a nested node loop: reason" err "nested_edge.gm:5:17: error: --distributed cannot run m.HasEdgeTo(n): m is the node of a loop over G.Nodes nested in a parallel construct"
    expect 1 "$t distributed HasEdgeTo at a neighbour" "$GMC" -w -t $t --distributed nbr_edge.gm
    says "$t distributed HasEdgeTo at a neighbour: reason" err "nbr_edge.gm:4:17: error: --distributed cannot run t.HasEdgeTo(root): neither t nor root is the own node of a parallel Foreach over G.Nodes"
    expect 1 "$t distributed IsNbrFrom at an alias" "$GMC" -w -t $t --distributed alias_edge.gm
    says "$t distributed IsNbrFrom at an alias: reason" err "alias_edge.gm:4:15: error: --distributed cannot run x.IsNbrFrom(root): neither x nor root is the own node"
    says "$t distributed IsNbrFrom at an alias: class" err "[dist-unsupported]"
    expect 1 "$t distributed HasEdgeTo in a BFS" "$GMC" -w -t $t --distributed bfs_edge.gm
    says "$t distributed HasEdgeTo in a BFS: reason" err "bfs_edge.gm:3:15: error: --distributed cannot run v.HasEdgeTo(root)"
done
cat > seq_for.gm <<'P'
Procedure seq_for(G: Graph): Node {
    Int mx = -1;
    Node who = NIL;
    For (n: G.Nodes) {
        If (n.InDegree() > mx) {
            mx = n.InDegree();
            who = n;
        }
    }
    Return who;
}
P
# a host For runs over every global id on every rank (bc.gm's sources), but
# the degree of its node is not the loop's own row: refused where it is read
expect 1 "distributed sequential host For" "$GMC" -w -t omp --distributed seq_for.gm
says "distributed sequential host For: reason" err "seq_for.gm:5:13: error: the omp target does not support the degree of a node that is not a loop's own with --distributed"
expect 1 "cuda distributed sequential host For" "$GMC" -w -t cuda --distributed seq_for.gm
says "cuda distributed sequential host For: reason" err "seq_for.gm:5:13: error: the cuda target does not support the degree of a node that is not a loop's own with --distributed"
cat > bfs_dist.gm <<'P'
Procedure bfs_dist(G: Graph, r: Node; lev: N_P<Int>) {
    G.lev = -1;
    InBFS (v: G.Nodes From r) {
        v.lev = v.NumNbrs();
    }
}
P
# both distributed targets run it (level by level; the CUDA one on the GPU)
expect 0 "cuda distributed InBFS" "$GMC" -w -t cuda --distributed bfs_dist.gm
says "cuda distributed InBFS: claims" bfs_dist.cu "gmd_gpu_bfs_claims(_c_gg"
cat > hostfor.gm <<'P'
Procedure hostfor(G: Graph; cnt: N_P<Int>) {
    G.cnt = 0;
    For (s: G.Nodes) {
        Foreach (v: G.Nodes)(v == s) {
            v.cnt += 1;
        }
    }
}
P
# a host For runs over every global id: its node is a global id in the
# kernels it encloses too (a loop's own node is a local id: _c_dgid)
expect 0 "cuda distributed host For" "$GMC" -w -t cuda --distributed hostfor.gm
says "cuda distributed host For: a global id in kernels" hostfor.cu "if (_c_dgid(v) == s)"
# the distributed CUDA program takes --comm=auto|nccl|mpi
expect 0 "cuda distributed main" "$GMC" -t cuda --distributed --main degree.gm
says "cuda distributed main: --comm" degree.cu "bad value '%s' for --comm: expected auto, nccl or mpi"

# ---- missing input file ----------------------------------------------------------
expect 1 "missing input file" "$GMC" nosuch.gm
says "missing input file: reason" err "nosuch.gm: error: cannot open: No such file or directory"

# ---- output directory that cannot be written -------------------------------------
: > afile
expect 1 "output under a file" "$GMC" -o afile/sub degree.gm
says "output under a file: reason" err "cannot create output directory 'afile/sub': Not a directory"
expect 1 "output is a file" "$GMC" -o afile degree.gm
says "output is a file: reason" err "output directory 'afile' is not a directory"
mkdir ro && chmod 555 ro
# Root writes anywhere: test as nobody when root can become nobody.
as_user=
if [ "$(id -u)" -eq 0 ]; then
    chmod 755 "$tmp"
    nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
    $nobody "$GMC" --version > /dev/null 2>&1 && as_user=$nobody || as_user=none
fi
if [ "$as_user" != none ]; then
    expect 1 "read-only output directory" $as_user "$GMC" -o ro degree.gm
    says "read-only output directory: reason" err "output directory 'ro' is not writable: Permission denied"
    expect 1 "read-only parent" $as_user "$GMC" -o ro/new degree.gm
    says "read-only parent: reason" err "cannot create output directory 'ro/new': Permission denied"
else
    echo "skip: read-only directories (root, and cannot run as nobody)"
fi
expect 0 "nested output directory is created" "$GMC" -o new/a/b degree.gm
[ -f new/a/b/degree.c ] && ok "nested output: file written" || bad "nested output: no new/a/b/degree.c"

# ---- several entry procedures with --main ------------------------------------------
cat > two.gm <<'P'
Procedure one(G: Graph): Int {
    Return 1;
}
Local helper(x: Int): Int {
    Return x + 1;
}
Procedure two(G: Graph): Int {
    Return helper(41);
}
P
expect 1 "several entries with --main" "$GMC" --main -o o two.gm
says "several entries: candidates" err "'two.gm' has 2: one, two"
says "several entries: the option" err "--entry=NAME"
expect 0 "several entries without --main" "$GMC" -o o two.gm
expect 1 "--entry names no procedure" "$GMC" --main --entry=three -o o two.gm
says "--entry unknown: candidates" err "--entry=three: 'two.gm' has no procedure of that name; entry procedures: one, two"
expect 1 "--entry names a Local procedure" "$GMC" --main --entry=helper -o o two.gm
says "--entry Local: reason" err "--entry=helper names a Local procedure"
expect 2 "--entry without --main" "$GMC" --entry=two -o o two.gm
says "--entry without --main: hint" err "add --main"
cp two.gm multi.gm
for e in one two; do
    expect 0 "--entry=$e -x" "$GMC" --main --entry=$e -x -o "x$e/" multi.gm
    "./x$e/multi" g.el > run.out 2>&1 || bad "--entry=$e: the program failed"
    case $e in one) want=1 ;; two) want=42 ;; esac
    same "--entry=$e: main() runs $e" "$want" "$(sed -n 's/^return = //p' run.out)"
done
# two.gm holds a procedure named like the file: --entry must still win (or,
# with a backend that cannot take the entry yet, be refused; never ignored).
"$GMC" --main --entry=one -x -o xt/ two.gm > out 2> err
if [ -x xt/two ]; then
    ./xt/two g.el > run.out 2>&1 || bad "--entry=one in two.gm: the program failed"
    same "--entry=one in two.gm: main() runs one" 1 "$(sed -n 's/^return = //p' run.out)"
else
    says "--entry=one in two.gm: refused" err "--entry=one: this gmc's backend always drives 'two'"
fi
cat > none.gm <<'P'
Local only(x: Int): Int {
    Return x;
}
P
expect 1 "no entry procedure with --main" "$GMC" --main -o o none.gm
says "no entry procedure: reason" err "--main needs an entry (non-Local) procedure and 'none.gm' has none"

# ---- nvcc missing for -x -t cuda ----------------------------------------------------
expect 1 "GMC_NVCC not executable" env GMC_NVCC=/nonexistent/nvcc "$GMC" -t cuda --main -x -o o degree.gm
says "nvcc missing: message" err "nvcc not found: GMC_NVCC='/nonexistent/nvcc' is not an executable file"
expect 1 "nvcc missing for gmc run" env GMC_NVCC=/nonexistent/nvcc XDG_CACHE_HOME="$tmp/cache" \
    "$GMC" run -t cuda degree.gm g.el
says "nvcc missing for gmc run: message" err "nvcc not found"
# Without -x nvcc is not needed.
expect 0 "no nvcc needed without -x" env GMC_NVCC=/nonexistent/nvcc PATH=/nonexistent "$GMC" -t cuda -o o degree.gm
if ! grep -q '^#define GMC_NVCC ' "$GMC_BUILDDIR/config.h" && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    expect 1 "no nvcc anywhere" env PATH=/nonexistent "$GMC" -t cuda --main -x -o o degree.gm
    says "no nvcc anywhere: message" err "nvcc not found (tried PATH and /usr/local/cuda/bin/nvcc)"
else
    echo "skip: nvcc not in PATH (configure or /usr/local/cuda provides one)"
fi

# ---- bad --arch ------------------------------------------------------------------
for a in 90 sm_9 sm90 compute_90 sm_90x sm_; do
    expect 2 "bad --arch=$a" "$GMC" -t cuda --arch=$a degree.gm
    says "bad --arch=$a: hint" err "bad --arch '$a': expected sm_XX"
done
expect 2 "--arch without a value" "$GMC" -t cuda degree.gm --arch
says "--arch without a value: message" err "option '--arch' needs a value"
expect 0 "good --arch (sm_90a, separate value)" "$GMC" -t cuda --arch sm_90a -o o degree.gm

# ---- gmc run usage -------------------------------------------------------------------
expect 2 "gmc run without a graph" "$GMC" run degree.gm
says "gmc run without a graph: message" err "no graph file to run 'degree.gm' on"
expect 2 "gmc run -o" "$GMC" run -o d degree.gm g.el
says "gmc run -o: message" err "-o cannot be used with gmc run"
expect 2 "gmc run without a file" "$GMC" run
expect 2 "gmc run unknown option" "$GMC" run --mian degree.gm g.el
says "gmc run unknown option: suggestion" err "did you mean '--main'?"

# ---- --help and --version ---------------------------------------------------------
expect 0 "--help" "$GMC" --help
for group in "Output:" "Compiling the output:" "Running:" "Checking and inspection:" \
             "Warnings:" "Optimization:" "Information:"; do
    says "--help group $group" out "$group"
done
expect 0 "--version" "$GMC" --version
grep -Eq '^gmc [0-9.]+ \(commit ([0-9a-f]{7,}(-dirty)?|unknown)\)$' out &&
    ok "--version: commit" || { bad "--version: no commit line"; cat out; }
if grep -q '^#define GMC_NVCC ' "$GMC_BUILDDIR/config.h"; then
    says "--version: CUDA support" out "CUDA support: yes"
else
    says "--version: CUDA support" out "CUDA support: no"
fi
if grep -q '^#define GMC_MPICC ' "$GMC_BUILDDIR/config.h"; then
    says "--version: distributed runtime" out "distributed runtime: yes (libgmrt-dist, MPI from"
else
    says "--version: distributed runtime" out "distributed runtime: no (built without MPI"
fi
grep -q '^NCCL: ' out && ok "--version: NCCL line" || bad "--version: no NCCL line"
finish
