"""tests/python/test_gmc.py: the Python package (python/gmc) end to end.

Compiles apps through gmc.compile and checks the answers against NetworkX
(independent code) on awkward graphs; checks the error paths (compile
error with its line, bad arguments, nodes not in the graph, a UGraph given
a directed graph) raise Python exceptions; checks the graph constructors
agree and that edge_origin maps edge properties back.  Run by python.sh,
which sets GMC, PYTHONPATH and a private XDG_CACHE_HOME.
"""

import os
import subprocess
import sys
import traceback

import numpy as np

import gmc

try:
    import networkx as nx
except ImportError:
    nx = None
try:
    import scipy.sparse as sp
except ImportError:
    sp = None

SRC = os.environ["GMC_SRCDIR"]
APPS = os.path.join(SRC, "apps")
INF = 2**31 - 1
_procs = {}


def app(name):
    if name not in _procs:
        _procs[name] = gmc.compile(os.path.join(APPS, name + ".gm"))
    return _procs[name]


def expect_raises(exc, fn, *args, contains=None, **kw):
    try:
        fn(*args, **kw)
    except exc as e:
        if contains and contains not in str(e):
            raise AssertionError("%s raised %r without %r" % (fn, str(e), contains))
        return e
    raise AssertionError("%s did not raise %s" % (fn, exc.__name__))


def awkward_digraphs():
    """(name, networkx DiGraph) pairs: the graphs every comparison runs on."""
    gs = []
    gs.append(("single node", nx.DiGraph([]) if False else _nodes_only(1)))
    gs.append(("isolated nodes", _nodes_only(5)))
    g = nx.DiGraph([(0, 0), (0, 1), (1, 1), (1, 2), (2, 0)])
    g.add_nodes_from([3, 4])
    gs.append(("self-loops", g))
    gs.append(("hub", nx.DiGraph([(0, i) for i in range(1, 200)] + [(i, 0) for i in range(100, 200)])))
    gs.append(("long path", nx.DiGraph([(i, i + 1) for i in range(2000)])))
    gs.append(("random", nx.gnp_random_graph(300, 0.02, seed=7, directed=True)))
    g = nx.DiGraph()
    g.add_edges_from([("alice", "bob"), ("bob", "carol"), ("carol", "alice"), ("dave", "alice"), ("erin", "erin")])
    g.add_node("frank")
    gs.append(("string labels", g))
    return gs


def _nodes_only(n):
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    return g


# ---- tests --------------------------------------------------------------

def test_signature_and_repr():
    pr = app("pagerank_nx")
    assert pr.inputs == ["G", "e", "d", "max_iter"], pr.inputs
    assert pr.outputs == ["rank"], pr.outputs
    assert "pagerank_nx(G: Graph, e: Double, d: Double, max_iter: Int; rank: N_P<Double>)" in repr(pr), repr(pr)


def test_pagerank_vs_networkx():
    pr = app("pagerank_nx")
    for name, g in awkward_digraphs():
        n = g.number_of_nodes()
        G = gmc.Graph.from_networkx(g)
        res = pr(G, e=n * 1e-13, d=0.85, max_iter=1000)
        want = nx.pagerank(g, alpha=0.85, tol=1e-13, max_iter=1000)
        got = res.as_dict("rank")
        assert set(got) == set(want), name
        worst = max(abs(got[v] - want[v]) for v in want)
        assert worst < 1e-6, "%s: pagerank differs by %g" % (name, worst)
        assert res.rank.dtype == np.float64 and res.rank.shape == (n,)
        assert res.time_ms >= 0


def test_pagerank_positional_threads():
    pr = app("pagerank_nx")
    g = nx.gnp_random_graph(200, 0.05, seed=3, directed=True)
    G = gmc.Graph.from_networkx(g)
    a = pr(G, 1e-10, 0.85, 200, threads=1).rank
    b = pr(G, e=1e-10, d=0.85, max_iter=200, threads=2).rank
    assert np.allclose(a, b, atol=1e-12)
    # An output array given by the caller is filled in place (no copy).
    out = np.empty(200)
    r = pr(G, 1e-10, 0.85, 200, rank=out)
    assert r.rank is out and np.allclose(out, a, atol=1e-12)


def test_empty_graph():
    bfs = app("bfs")
    G = gmc.Graph.from_edges([], [], n=0)
    assert G.num_nodes == 0 and G.num_edges == 0
    expect_raises(ValueError, bfs, G, 0, contains="out of range")
    pr = app("pagerank")
    res = pr(G, 1e-6, 0.85, 10)
    assert res.rank.shape == (0,)


def test_bfs_vs_networkx():
    bfs = app("bfs")
    for name, g in awkward_digraphs():
        G = gmc.Graph.from_networkx(g)
        for root in list(g.nodes())[:3]:
            got = bfs(G, root=root).as_dict("dist")
            want = nx.single_source_shortest_path_length(g, root)
            for v in g.nodes():
                assert got[v] == want.get(v, INF), "%s root %r node %r: %r vs %r" % (
                    name, root, v, got[v], want.get(v))


def test_sssp_vs_networkx():
    rng = np.random.default_rng(11)
    for app_name in ("sssp", "sssp_dijkstra"):
        proc = app(app_name)
        for name, g in awkward_digraphs():
            for u, v in g.edges():
                g[u][v]["weight"] = int(rng.integers(0, 20))
            G = gmc.Graph.from_networkx(g)   # weights fill len when it is not given
            nodes = list(g.nodes())
            if not nodes:
                continue
            root = nodes[len(nodes) // 2]
            want = nx.single_source_dijkstra_path_length(g, root)
            if G.weights is None:  # no edge, so no weight: len must be given
                expect_raises(TypeError, proc, G, root=root, contains="missing argument len")
                res = proc(G, np.zeros(0, np.int32), root)
            else:
                res = proc(G, root=root)
            got = res.as_dict("dist")
            for v in nodes:
                assert got[v] == want.get(v, INF), "%s %s: node %r %r vs %r" % (app_name, name, v, got[v], want.get(v))
            # The same lengths given explicitly, mapped from the caller's edge order.
            lens = np.array([d["weight"] for _, _, d in g.edges(data=True)], dtype=np.int32)
            res2 = proc(G, G.from_caller_order(lens), root)
            assert np.array_equal(res.dist, res2.dist)


def test_wcc_vs_networkx():
    wcc = app("wcc")
    for name, g in awkward_digraphs():
        G = gmc.Graph.from_networkx(g)
        res = wcc(G)
        comps = list(nx.weakly_connected_components(g))
        assert res.return_value == len(comps), (name, res.return_value, len(comps))
        ids = {v: i for i, v in enumerate(g.nodes())}
        for c in comps:
            low = min(ids[v] for v in c)
            assert all(res.comp[ids[v]] == low for v in c), name
        # Node-valued results map to labels in as_dict.
        lab = res.as_dict("comp")
        assert all(lab[v] in c for c in comps for v in c), name


def test_scc_and_bc_vs_networkx():
    for name, g in awkward_digraphs():
        if g.number_of_nodes() > 500:   # BC from every node: keep it short
            continue
        G = gmc.Graph.from_networkx(g)
        want = sorted(sorted(map(str, c)) for c in nx.strongly_connected_components(g))
        for a in ("scc_tarjan", "scc_kosaraju"):
            res = app(a)(G)
            parts = {}
            for v, c in res.as_dict("scc").items():
                parts.setdefault(c, []).append(str(v))
            assert res.return_value == len(want), (a, name)
            assert sorted(sorted(p) for p in parts.values()) == want, (a, name)
        got = app("bc")(G).as_dict("BC")
        ref = nx.betweenness_centrality(g, normalized=False)
        assert max((abs(got[v] - ref[v]) for v in g), default=0) < 1e-9, name


def test_node_input_property():
    # avg_teen_cnt reads an N_P<Int> input (a list converts) and returns a Double.
    # networkx's node order here is 0, 2, 1, 3: arrays follow node ids
    # (G.labels[i] is node i), as_dict follows labels.
    g = nx.DiGraph([(0, 2), (1, 2), (3, 2), (2, 0), (1, 0)])
    age = {0: 15, 1: 40, 2: 30, 3: 13}
    G = gmc.Graph.from_networkx(g)
    assert G.labels == [0, 2, 1, 3]
    res = app("avg_teen_cnt")(G, [age[v] for v in G.labels], 20)
    teen = {v: sum(1 for u in g.predecessors(v) if 13 <= age[u] <= 19) for v in g}
    assert res.as_dict("teen_cnt") == teen
    old = [teen[v] for v in g if age[v] > 20]
    assert abs(res.return_value - sum(old) / len(old)) < 1e-12


def test_node_output_is_a_label():
    maxdeg = gmc.compile("\n".join([
        "Procedure maxdeg(G: Graph; best: Node): Int {",
        "    Int m = -1;",
        "    best = NIL;",
        "    For (n: G.Nodes) { If (n.OutDegree() > m) { m = n.OutDegree(); best = n; } }",
        "    Return m;",
        "}"]), name="maxdeg")
    g = nx.DiGraph([("a", "b"), ("hub", "a"), ("hub", "b"), ("hub", "c")])
    res = maxdeg(gmc.Graph.from_networkx(g))
    assert res.best == "hub" and res.return_value == 3, res
    res = maxdeg(gmc.Graph.from_edges([], [], n=0))
    assert res.best is None and res.return_value == -1, res
    assert maxdeg(gmc.Graph.from_edges([1, 2, 2], [0, 0, 1])).best == 2
    expect_raises(TypeError, maxdeg, gmc.Graph.from_edges([0], [1]), best=1, contains="output scalar")


def test_two_graphs():
    # Each property belongs to its own graph (lengths checked against it).
    two = gmc.compile(os.path.join(SRC, "tests", "python", "sig_types.gm"), proc="two")
    A = gmc.Graph.from_edges([0], [1])
    B = gmc.Graph.from_edges([0, 1, 2], [1, 2, 3])
    res = two(A, B)
    assert res.na.tolist() == [1, 1] and res.nb.tolist() == [2, 2, 2, 2]
    expect_raises(ValueError, two, A, B, nb=np.zeros(2, np.int32), contains="4 values")
    e = expect_raises(NotImplementedError, gmc.compile, os.path.join(SRC, "tests", "python", "sig_types.gm"),
                      proc="int")
    assert "Node_Set" in str(e)
    expect_raises(ValueError, gmc.compile, os.path.join(SRC, "tests", "python", "sig_types.gm"),
                  contains="choose one with proc=")


def test_triangle_count_vs_networkx():
    tc = app("triangle_count")
    for seed in (1, 2):
        g = nx.gnp_random_graph(120, 0.08, seed=seed)
        g.add_nodes_from(range(120, 125))  # isolated
        G = gmc.Graph.from_networkx(g)     # undirected: both directions stored
        assert G.num_edges == 2 * g.number_of_edges()
        want = sum(nx.triangles(g).values()) // 3
        assert tc(G).return_value == want


def test_every_app_compiles():
    # Each app becomes a callable (N_P<Node_Set> included).
    # (distcheck's quick run: a few.)
    quick = os.environ.get("GMC_QUICK_CHECK") == "1"
    for f in sorted(os.listdir(APPS)):
        if not f.endswith(".gm") or (quick and f[0] not in "bp"):
            continue
        try:
            p = app(f[:-3])
            assert p.name == f[:-3] and callable(p)
        except NotImplementedError as e:
            raise AssertionError("%s: %s" % (f, e)) from None


def test_duplicate_edges_and_edge_order():
    # Parallel edges with different weights, given out of order.
    src = [2, 0, 0, 1, 0, 2, 2]
    dst = [0, 1, 1, 2, 1, 2, 0]
    w = [5.0, 9.0, 1.0, 2.0, 4.0, 7.0, 3.0]
    G = gmc.Graph.from_edges(src, dst, w)
    s, d = G.edges()
    o = G.edge_origin
    assert sorted(o.tolist()) == list(range(7))
    assert np.array_equal(s, np.array(src)[o]) and np.array_equal(d, np.array(dst)[o])
    assert np.array_equal(G.weights, np.array(w)[o])
    assert np.array_equal(G.to_caller_order(G.weights), np.array(w))
    # Rows sorted by destination, then weight.
    assert d.tolist() == [1, 1, 1, 2, 0, 0, 2] and G.weights.tolist() == [1.0, 4.0, 9.0, 2.0, 3.0, 5.0, 7.0]
    sssp = app("sssp")
    res = sssp(G, root=0)
    assert res.dist.tolist() == [0, 1, 3], res.dist
    assert sssp(G, root=2).dist.tolist() == [3, 4, 0]


def test_from_scipy_equals_from_edges():
    rng = np.random.default_rng(5)
    n, m = 50, 400
    src = rng.integers(0, n, m)
    dst = rng.integers(0, n, m)
    w = rng.random(m)
    A = gmc.Graph.from_edges(src, dst, w, n=n)
    # coo_matrix keeps duplicates as separate entries through tocsr? No: it sums
    # them, so build the CSR without duplicates to compare like with like.
    keep = {}
    for i, (a, b) in enumerate(zip(src, dst)):
        keep.setdefault((a, b), i)
    idx = np.array(sorted(keep.values()))
    M = sp.csr_matrix((w[idx], (src[idx], dst[idx])), shape=(n, n))
    B = gmc.Graph.from_scipy(M)
    C = gmc.Graph.from_edges(src[idx], dst[idx], w[idx], n=n)
    assert B.num_nodes == C.num_nodes == n and A.num_edges == m
    assert np.array_equal(B.begin, C.begin) and np.array_equal(B.node_idx, C.node_idx)
    assert np.array_equal(B.weights, C.weights)
    # edge_origin of a SciPy graph refers to the CSR's stored entries.
    assert np.array_equal(B.weights, M.data[B.edge_origin])


def test_undirected_ugraph():
    src = "\n".join([
        "Procedure udeg(G: UGraph; deg: N_P<Int>): Long {",
        "    Foreach (v: G.Nodes) { v.deg = v.Degree(); }",
        "    Return G.NumEdges();",
        "}"])
    udeg = gmc.compile(src, name="udeg")
    g = nx.Graph([(0, 1), (1, 2), (2, 0), (3, 3), (2, 4)])
    g.add_node(5)
    G = gmc.Graph.from_networkx(g)
    res = udeg(G)
    assert res.return_value == g.number_of_edges() == 5, res.return_value
    # networkx counts a self-loop twice in a degree; the language counts it once.
    want = {v: g.degree(v) - (1 if g.has_edge(v, v) else 0) for v in g}
    assert res.as_dict("deg") == want, res.as_dict("deg")
    D = gmc.Graph.from_edges([0, 1], [1, 2])
    expect_raises(ValueError, udeg, D, contains="not symmetric")
    S = gmc.Graph.from_edges([0, 1], [1, 0])  # symmetric as given: accepted
    assert udeg(S).return_value == 1


def test_cuda_target():
    # Built with nvcc against libgmrt-cuda; without a GPU a call raises
    # DeviceError (the generated code would exit the process); with one the
    # answers equal the OpenMP build's, and a freed graph's device copy is
    # dropped (a new graph at the same address is uploaded again).
    if os.environ.get("GMC_QUICK_CHECK") == "1":
        print("  skipped in the quick check (nvcc takes a minute)")
        return
    try:
        bfs = gmc.compile(os.path.join(APPS, "bfs.gm"), target="cuda")
    except gmc.RuntimeNotFound as e:
        print("  skipped: %s" % e)
        return
    assert bfs.target == "cuda" and bfs.inputs == ["G", "root"]
    g = nx.gnp_random_graph(300, 0.02, seed=9, directed=True)
    G = gmc.Graph.from_networkx(g)
    from gmc import _runtime
    if _runtime.gpu_check():
        e = expect_raises(gmc.DeviceError, bfs, G, 0)
        assert "target='omp'" in str(e)
        print("  no GPU here: %s" % e)
        return
    want = app("bfs")(G, 0).dist
    res = bfs(G, 0)
    assert np.array_equal(res.dist, want) and res.transfer_ms >= 0
    for seed in range(3):
        del G
        G = gmc.Graph.from_networkx(nx.gnp_random_graph(300, 0.02, seed=seed, directed=True))
        assert np.array_equal(bfs(G, 0).dist, app("bfs")(G, 0).dist)
    cuda_device_arrays(bfs)


def cuda_device_arrays(bfs):
    # Device memory in and out (CuPy): outputs allocated on the device with
    # device=True or given as device arrays, inputs used in place, one call's
    # device output fed to the next call; the answers equal the OpenMP ones.
    try:
        import cupy as cp
    except ImportError:
        print("  device arrays: skipped, no CuPy here")
        return
    g = nx.gnp_random_graph(400, 0.015, seed=4, directed=True)
    for u, v in g.edges():
        g[u][v]["weight"] = (u * 7 + v * 3) % 11 + 1
    G = gmc.Graph.from_networkx(g)
    want = app("bfs")(G, 0).dist
    res = bfs(G, 0, device=True)
    assert isinstance(res.dist, cp.ndarray), type(res.dist)
    assert np.array_equal(cp.asnumpy(res.dist), want)
    assert res.as_dict("dist") == app("bfs")(G, 0).as_dict("dist")
    out = cp.full(G.num_nodes, -7, dtype=cp.int32)        # an output given on the device
    bfs(G, 0, dist=out)
    assert np.array_equal(cp.asnumpy(out), want)
    # a device output as the next call's device input
    cond = gmc.compile(os.path.join(APPS, "conductance.gm"), target="cuda")
    member = (out % 3).astype(cp.int32)
    got = cond(G, member, 1).return_value
    host = app("conductance")(G, cp.asnumpy(member), 1).return_value
    assert abs(got - host) <= 1e-12 * max(1.0, abs(host)), (got, host)
    assert np.array_equal(cp.asnumpy(member), cp.asnumpy(out) % 3)   # an input is not written
    sssp = gmc.compile(os.path.join(APPS, "sssp.gm"), target="cuda")
    w = np.asarray(G.weights).astype(np.int32)
    d = sssp(G, cp.asarray(w), 0, device=True).dist
    assert np.array_equal(cp.asnumpy(d), app("sssp")(G, w, 0).dist)
    # wrong dtype, length, layout: refused before the call, never converted
    expect_raises(TypeError, sssp, G, cp.asarray(w, dtype=cp.int64), 0, contains="dtype int64")
    expect_raises(ValueError, sssp, G, cp.asarray(w[:-1]), 0, contains="1-D array of")
    expect_raises(ValueError, sssp, G, cp.asarray(np.repeat(w, 2))[::2], 0, contains="strided")
    print("  device arrays: CuPy in and out, %d nodes" % G.num_nodes)


def test_every_app_against_references():
    # Every app of apps/ through the package on three awkward weighted graphs,
    # against tests/e2e's plain-C references with the end-to-end tests'
    # comparator and validator (tests/python/every_app.py).
    import tempfile
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from every_app import run_every_app
    build = os.path.dirname(os.path.abspath(os.environ["GMC"]))
    quick = os.environ.get("GMC_QUICK_CHECK") == "1"
    with tempfile.TemporaryDirectory() as tmp:
        ran, failures = run_every_app(SRC, build, tmp, only={"bfs", "pagerank", "potential_friends"} if quick else None)
    assert not failures, "\n".join(failures)
    assert ran >= (9 if quick else 3 * 20), ran
    print("  %d app x graph runs agree with the references" % ran)


def _friends_ref(n, src, dst, k):
    # apps/potential_friends.gm's meaning, independently: w != v, no edge
    # v -> w, and at least k out-edges v -> y (parallel ones counted
    # separately) with an edge y -> w.
    out = [[] for _ in range(n)]
    for a, b in zip(src, dst):
        out[a].append(b)
    has = [set(o) for o in out]
    want = []
    for v in range(n):
        cand = {w for x in out[v] for w in out[x]}
        want.append({w for w in cand if w != v and w not in has[v] and sum(1 for y in out[v] if w in has[y]) >= k})
    return want


def test_node_set_property():
    # N_P<Node_Set> in and out (apps/potential_friends.gm) against the
    # reference above, on awkward graphs: empty, self-loops and parallel
    # edges, isolated nodes, a hub; labels come back as sets of labels;
    # the sets given as input are discarded by the procedure (it clears them).
    pf = app("potential_friends")
    assert "friends" in pf.outputs
    rng = np.random.default_rng(7)
    cases = [(0, [], []), (3, [0, 0, 1, 1], [0, 1, 1, 2]), (6, [0, 1, 2, 0, 0], [1, 2, 0, 3, 3]),
             (5, [0, 0, 0, 0, 1, 2, 3, 4], [1, 2, 3, 4, 2, 3, 4, 1])]
    n = 40
    cases.append((n, rng.integers(0, n, 200).tolist(), rng.integers(0, n, 200).tolist()))
    for n, src, dst in cases:
        G = gmc.Graph.from_edges(src, dst, n=n)
        gs, gd = G.edges()
        for k in (1, 2):
            res = pf(G, k)
            got = [set(a.tolist()) for a in res.friends]
            assert got == _friends_ref(n, gs.tolist(), gd.tolist(), k), (n, k, got)
    # given sets are cleared by the procedure; labels round trip
    g = nx.MultiDiGraph()
    g.add_edges_from([("a", "b"), ("b", "c"), ("a", "d"), ("d", "c"), ("c", "e")])
    G = gmc.Graph.from_networkx(g)
    stale = [["e"]] * G.num_nodes
    res = pf(G, 2, friends=stale)
    assert res.as_dict("friends")["a"] == {"c"}, res.as_dict("friends")
    assert all(v == set() for lab, v in res.as_dict("friends").items() if lab != "a")
    expect_raises(ValueError, pf, G, 1, friends=[[]], contains="sequence of 5 sets")


def test_out_of_memory_raises():
    # A procedure that runs out of memory raises gmc.OutOfMemory (a
    # MemoryError) and the interpreter goes on: the next call, with the
    # memory back, gives the right answer. In a child interpreter, one
    # thread, its address space limited to what it uses plus 8 MB during the
    # first call (BFS needs its reverse edges and queue: tens of MB). The
    # graph is a star (0 -> every other node): as big as the path it was,
    # but two levels deep, not four million (7 of the path's 9 processor s
    # here went to its levels, one after the other).
    child = r"""
import resource, sys
import numpy as np
import gmc
bfs = gmc.compile(sys.argv[1])
n = 4000000
G = gmc.Graph.from_edges(np.zeros(n - 1, dtype=np.int64), np.arange(1, n), n=n)
want = np.ones(n, dtype=np.int32)
want[0] = 0
dist = np.zeros(n, dtype=np.int32)
pages = int(open("/proc/self/statm").read().split()[0])
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
resource.setrlimit(resource.RLIMIT_AS, (pages * 4096 + (8 << 20), hard))
try:
    bfs(G, 0, dist=dist)
    print("no error")
except gmc.OutOfMemory as e:
    print("raised:", isinstance(e, MemoryError), e)
resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
res = bfs(G, 0, dist=dist)
print("again:", bool(np.array_equal(res.dist, want)))
"""
    env = dict(os.environ, OMP_NUM_THREADS="1")
    r = subprocess.run([sys.executable, "-c", child, os.path.join(APPS, "bfs.gm")], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert "raised: True bfs(): out of memory: cannot" in r.stdout, r.stdout + r.stderr
    assert "again: True" in r.stdout, r.stdout
    assert "error:" not in r.stderr, r.stderr


class _FakeDeviceArray:
    """Stands for a CuPy array where none is installed: only the interface."""

    def __init__(self, n, typestr="<i4"):
        self.__cuda_array_interface__ = {"shape": (n,), "typestr": typestr, "data": (0, False),
                                         "version": 3, "strides": None}


def test_device_arrays_need_cuda():
    # An OpenMP procedure given device memory, or asked for device outputs,
    # refuses clearly instead of handing C a pointer it cannot read.
    bfs = app("bfs")
    G = gmc.Graph.from_edges([0, 1], [1, 2])
    expect_raises(TypeError, bfs, G, 0, dist=_FakeDeviceArray(3), contains="target='cuda'")
    expect_raises(TypeError, bfs, G, 0, device=True, contains="target='cuda'")
    cond = app("conductance")
    expect_raises(TypeError, cond, G, _FakeDeviceArray(3), 1, contains="device memory")


def test_compile_error():
    bad = "Procedure f(G: Graph; x: Int) {\n    x = 1;\n    x = y + 1;\n}\n"
    e = expect_raises(gmc.CompileError, gmc.compile, bad, name="bad")
    assert e.diagnostics, e.output
    d = e.diagnostics[0]
    assert d.file == "bad.gm" and d.line == 3 and d.severity == "error", (d, e.output)
    assert "bad.gm:3:" in str(e)
    assert d.cls, "no diagnostic class in %r" % e.output


def test_bad_arguments():
    bfs = app("bfs")
    G = gmc.Graph.from_edges([0, 1], [1, 2])
    expect_raises(ValueError, bfs, G, 3, contains="out of range")
    expect_raises(ValueError, bfs, G, -1, contains="out of range")
    expect_raises(TypeError, bfs, G, 1.5)
    expect_raises(TypeError, bfs, G, contains="missing argument root")
    expect_raises(TypeError, bfs, G, 0, roots=1, contains="no argument 'roots'")
    expect_raises(TypeError, bfs, [[0, 1]], 0, contains="gmc.Graph")
    expect_raises(TypeError, app("triangle_count"), G, 5, contains="takes 1 positional")
    expect_raises(ValueError, bfs, G, 0, dist=np.zeros(5, np.int32), contains="3 values")
    expect_raises(TypeError, bfs, G, 0, dist=np.zeros(3, np.float64), contains="dtype")
    L = gmc.Graph.from_networkx(nx.DiGraph([("a", "b")]))
    expect_raises(ValueError, bfs, L, "zed", contains="not a label")
    assert bfs(L, "a").as_dict("dist") == {"a": 0, "b": 1}
    pr = app("pagerank")
    expect_raises(TypeError, pr, G, "x", 0.85, 10, contains="must be a number")
    expect_raises(ValueError, pr, G, 1e-6, 0.85, 2**40, contains="does not fit")
    sssp = app("sssp")
    expect_raises(TypeError, sssp, G, root=0, contains="missing argument len")
    expect_raises(ValueError, sssp, G, [1, 2, 3], 0, contains="2 values")
    # Node-valued input properties: each id must be a node or NIL (an id past
    # the end would make the procedure write outside its arrays).
    count = gmc.compile("\n".join([
        "Procedure count_targets(G: Graph, to: N_P<Node>; cnt: N_P<Int>) {",
        "    G.cnt = 0;",
        "    Foreach (v: G.Nodes)(v.to != NIL) { Node w = v.to; w.cnt += 1; }",
        "}"]), name="count_targets")
    assert count(G, np.array([2, -1, 2], np.int32)).cnt.tolist() == [0, 0, 2]
    expect_raises(ValueError, count, G, np.array([0, 1, 3], np.int32), contains="node ids outside")
    expect_raises(ValueError, count, G, [0, -2, 1], contains="node ids outside")
    expect_raises(TypeError, count, G, [0.5, 1, 2], contains="int32")
    assert count(G, np.array([1, 1, -1], np.int64)).cnt.tolist() == [0, 2, 0]  # int64 ids fit int32
    expect_raises(ValueError, count, G, np.array([0, 2**40, 1], np.int64), contains="do not fit")
    expect_raises(TypeError, count, G, np.array([0.0, 1.0, 2.0]), contains="dtype")
    # An output array given to be filled may hold anything beforehand.
    lp = app("label_propagation")
    lp(G, 5, label=np.full(3, 99, np.int32))
    W = gmc.Graph.from_edges([0], [1], [2.5])
    expect_raises(ValueError, sssp, W, root=0, contains="do not fit")
    expect_raises(ValueError, gmc.Graph.from_edges, [0, 5], [1, 2], n=3, contains="out of range")
    expect_raises(ValueError, gmc.compile, os.path.join(APPS, "bfs.gm"), target="opencl", contains="unknown target")


def test_load_and_relabel(tmp):
    path = os.path.join(tmp, "g.el")
    with open(path, "w") as f:
        f.write("# a graph with sparse ids\n10 20\n20 30\n30 10\n40 40\n")
    G = gmc.load(path)
    assert G.num_nodes == 41 and G.labels is None
    R = gmc.load(path, relabel=True)
    assert R.num_nodes == 4 and list(R.labels) == [10, 20, 30, 40]
    res = app("bfs")(R, root=20)
    assert res.as_dict("dist") == {10: 2, 20: 0, 30: 1, 40: INF}
    U = gmc.load(path, relabel=True, symmetrize=True)
    assert U.is_symmetric() and U.num_edges == 7
    bad = os.path.join(tmp, "bad.el")
    with open(bad, "w") as f:
        f.write("0 1\n1 x\n")
    e = expect_raises(gmc.GraphError, gmc.load, bad)
    assert "bad.el" in str(e) and "2" in str(e), str(e)
    expect_raises(gmc.GraphError, gmc.load, os.path.join(tmp, "missing.el"))


def test_cache_reuse():
    import time
    t0 = time.perf_counter()
    gmc.compile(os.path.join(APPS, "bfs.gm"))
    again = time.perf_counter() - t0
    assert again < 2.0, "a cached compile took %.1f s" % again
    root = os.path.join(os.environ["XDG_CACHE_HOME"], "gmc", "python")
    assert os.path.isdir(root) and os.listdir(root)
    # A damaged library is rebuilt, not loaded.
    p = gmc.compile(os.path.join(APPS, "bfs.gm"))
    # (A new file in its place: this process has the old one mapped.)
    with open(p.path, "rb") as f:
        head = f.read(100)
    with open(p.path + ".new", "wb") as f:
        f.write(head)
    os.replace(p.path + ".new", p.path)
    q = gmc.compile(os.path.join(APPS, "bfs.gm"))
    assert q.path == p.path and os.path.getsize(q.path) > 100
    G = gmc.Graph.from_edges([0], [1])
    assert q(G, 0).dist.tolist() == [0, 1]


def main():
    import tempfile
    passed = failed = 0
    tests = [(k, v) for k, v in globals().items() if k.startswith("test_")]
    only = sys.argv[1:]
    with tempfile.TemporaryDirectory() as tmp:
        for name, fn in tests:
            if only and name not in only:
                continue
            try:
                if fn.__code__.co_argcount:
                    fn(tmp)
                else:
                    fn()
                passed += 1
                print("PASS", name)
            except Exception:
                failed += 1
                print("FAIL", name)
                traceback.print_exc()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
