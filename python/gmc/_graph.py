"""_graph.py: gmc.Graph, a libgmrt CSR graph owned by Python.

Contract: every Graph holds a gm_graph built by libgmrt (gmrt_graph_from_edges
or gmrt_graph_load), so its rows are sorted as the runtime sorts them and
edge properties follow that sorted forward-edge order.  For graphs built
from the caller's edges, edge_origin[e] is the index, in the caller's edge
list, of the edge stored at position e: stored = caller[G.edge_origin] maps
an edge property in, G.to_caller_order(stored) maps a result back (for an
undirected graph both stored directions of an edge come from one caller
edge, and a result takes the value of the lower-id-first direction).
Graphs from files have no edge_origin (the file's order is the loader's).
labels (when set) names node i; node arguments and as_dict() use them.
"""

import os

import numpy as np

from . import _runtime as rt


class GraphError(ValueError):
    """A graph could not be built or loaded (the runtime's message)."""


def _f64(a, name):
    a = np.asarray(a)
    if a.dtype.kind not in "biuf":
        raise TypeError("%s must be numeric, not %s" % (name, a.dtype))
    return np.ascontiguousarray(a, dtype=np.float64)


def _ids(a, name):
    a = np.asarray(a)
    if a.size == 0:
        return np.zeros(0, dtype=np.int64)
    if a.dtype.kind not in "iub":
        if a.dtype.kind == "f" and np.all(np.isfinite(a)) and np.all(a == np.floor(a)):
            a = a.astype(np.int64)
        else:
            raise TypeError("%s must hold integer node ids, not %s" % (name, a.dtype))
    return a.astype(np.int64, copy=False).ravel()


class Graph:
    """A directed graph, or an undirected one stored with both directions."""

    def __init__(self, _ptr, _lib, directed=True, labels=None, edge_origin=None):
        self._ptr = _ptr
        self._lib = _lib
        self.directed = directed
        self.labels = labels
        self.edge_origin = edge_origin
        self._label_index = None

    def __del__(self):
        p = getattr(self, "_ptr", None)
        if p:
            try:
                from ._proc import release_device_graph
                release_device_graph(p)
            except Exception:
                pass
            self._lib.free(p)
            self._ptr = None

    # ---- basic facts -------------------------------------------------
    @property
    def num_nodes(self):
        return int(self._ptr.contents.num_nodes)

    @property
    def num_edges(self):
        """Stored (directed) edges: an undirected edge u-v (u != v) counts twice."""
        return int(self._ptr.contents.num_edges)

    def __repr__(self):
        return "<gmc.Graph %s, %d nodes, %d stored edges%s>" % (
            "directed" if self.directed else "undirected", self.num_nodes, self.num_edges,
            ", labelled" if self.labels is not None else "")

    def _view(self, ptr, n, dtype):
        if n == 0 or not ptr:
            return np.zeros(0, dtype=dtype)
        a = np.ctypeslib.as_array(ptr, shape=(n,))
        a = a.view(dtype)
        a.flags.writeable = False
        return a

    @property
    def begin(self):
        """Row offsets (num_nodes+1), read-only, shared with the runtime."""
        return self._view(self._ptr.contents.begin, self.num_nodes + 1, self._lib.edge_t)

    @property
    def node_idx(self):
        """Destination of each stored edge, read-only, shared with the runtime."""
        return self._view(self._ptr.contents.node_idx, self.num_edges, np.int32)

    @property
    def weights(self):
        """Edge weights in stored order (None when the graph has none)."""
        if not self._ptr.contents.weights:
            return None
        return self._view(self._ptr.contents.weights, self.num_edges, np.float64)

    def edges(self):
        """(src, dst) arrays of the stored edges, in stored order."""
        b = np.asarray(self.begin, dtype=np.int64)
        src = np.repeat(np.arange(self.num_nodes, dtype=np.int32), np.diff(b))
        return src, np.array(self.node_idx)

    def is_symmetric(self):
        return bool(self._lib.is_symmetric(self._ptr))

    # ---- labels --------------------------------------------------------
    def node_id(self, node):
        """The node id of a label (or of an id, when the graph has no labels)."""
        n = self.num_nodes
        if self.labels is not None:
            if self._label_index is None:
                self._label_index = {(l.item() if hasattr(l, "item") else l): i
                                     for i, l in enumerate(self.labels)}
            key = node.item() if hasattr(node, "item") else node
            try:
                return self._label_index[key]
            except (KeyError, TypeError):
                raise ValueError("node %r is not a label of this graph (%d nodes)" % (node, n)) from None
        if isinstance(node, (bool, np.bool_)) or not isinstance(node, (int, np.integer)):
            raise TypeError("a node id must be an integer, not %r" % (node,))
        if not 0 <= int(node) < n:
            raise ValueError("node %d is out of range: the graph has %d nodes (ids 0..%d)"
                             % (int(node), n, n - 1))
        return int(node)

    def label(self, i):
        if i is None or i < 0:
            return None
        return self.labels[i] if self.labels is not None else int(i)

    # ---- edge order ----------------------------------------------------
    def from_caller_order(self, values):
        """An edge property given in the caller's edge order, in stored order."""
        if self.edge_origin is None:
            raise ValueError("this graph was not built from an edge list: its edge order is the file's, sorted")
        values = np.asarray(values)
        m = 0 if self._m_caller is None else self._m_caller
        if values.shape[0] != m:
            raise ValueError("expected %d values (one per edge given), got %d" % (m, values.shape[0]))
        return values[self.edge_origin]

    def to_caller_order(self, values):
        """A stored-order edge property in the caller's edge order (see the module doc)."""
        if self.edge_origin is None:
            raise ValueError("this graph was not built from an edge list: its edge order is the file's, sorted")
        values = np.asarray(values)
        if values.shape[0] != self.num_edges:
            raise ValueError("expected %d values (one per stored edge), got %d" % (self.num_edges, values.shape[0]))
        out = np.empty(self._m_caller, dtype=values.dtype)
        # Write in reverse so that, of an undirected edge's two directions,
        # the first stored one (from the lower id) wins.
        out[self.edge_origin[::-1]] = values[::-1]
        return out

    _m_caller = None

    # ---- construction --------------------------------------------------
    @classmethod
    def from_edges(cls, src, dst, weights=None, n=None, directed=True, labels=None, _lib=None):
        """Graph of n nodes (default: 1 + the largest id) with edges src[i] -> dst[i].

        directed=False stores each edge u-v (u != v) in both directions and
        a self-loop once, as a UGraph expects.  Parallel edges and self-loops
        are kept.  edge_origin maps stored edges back to i (module doc)."""
        lib = _lib or rt.lib()
        src = _ids(src, "src")
        dst = _ids(dst, "dst")
        if src.shape != dst.shape:
            raise ValueError("src and dst differ in length (%d and %d)" % (src.size, dst.size))
        m = src.size
        w = None
        if weights is not None:
            w = _f64(weights, "weights").ravel()
            if w.size != m:
                raise ValueError("weights has %d values for %d edges" % (w.size, m))
            if np.isnan(w).any():
                raise ValueError("weights must not be NaN")
        hi = int(max(src.max(), dst.max())) + 1 if m else 0
        lo = int(min(src.min(), dst.min())) if m else 0
        if n is None:
            n = hi
        n = int(n)
        if lo < 0 or hi > n:
            bad = lo if lo < 0 else hi - 1
            raise ValueError("node id %d is out of range for n=%d nodes" % (bad, n))
        if n > 2**31 - 1:
            raise ValueError("too many nodes (%d): node ids are 32-bit" % n)
        origin = np.arange(m, dtype=np.int64)
        if not directed:
            loop = src == dst
            src, dst = np.concatenate([src, dst[~loop]]), np.concatenate([dst, src[~loop]])
            origin = np.concatenate([origin, origin[~loop]])
            if w is not None:
                w = np.concatenate([w, w[~loop]])
        # The order libgmrt gives: by source, destination, then weight; ties
        # (same edge, same weight) are interchangeable, kept in input order.
        if w is not None:
            order = np.lexsort((origin, w, dst, src))
        else:  # one int64 key, sorted stably (radix sort): 3x faster than lexsort
            order = np.argsort(src * np.int64(max(n, 1)) + dst, kind="stable")
        s32 = np.ascontiguousarray(src, dtype=np.int32)
        d32 = np.ascontiguousarray(dst, dtype=np.int32)
        err = rt.GmrtError()
        p = lib.from_edges(n, s32.size, s32.ctypes.data, d32.ctypes.data,
                           w.ctypes.data if w is not None else None, None, err)
        if not p:
            raise GraphError(err.text())
        g = cls(p, lib, directed=directed, edge_origin=origin[order])
        g._m_caller = m
        if not directed:
            lib.mark_symmetric(p)
        # The permutation is computed, not reported by the runtime: check it.
        if not (np.array_equal(g.node_idx, d32[order]) and
                (w is None or np.array_equal(g.weights, w[order]))):
            raise GraphError("internal error: the runtime's edge order differs from the expected one")
        if labels is not None:
            labels = list(labels)
            if len(labels) != n:
                raise ValueError("labels has %d entries for %d nodes" % (len(labels), n))
            g.labels = labels
        return g

    @classmethod
    def from_scipy(cls, matrix, directed=True):
        """Graph of a square SciPy sparse matrix: entry (i, j) is edge i -> j,
        its value the weight (explicit zeros are edges too)."""
        coo = matrix.tocoo()
        if coo.shape[0] != coo.shape[1]:
            raise ValueError("the matrix must be square, not %dx%d" % coo.shape)
        # CSR order first so that edge_origin refers to the matrix's CSR entries.
        csr = matrix.tocsr()
        csr_coo = csr.tocoo()
        return cls.from_edges(csr_coo.row, csr_coo.col, csr_coo.data, n=coo.shape[0], directed=directed)

    @classmethod
    def from_networkx(cls, nxg, weight="weight"):
        """Graph of a NetworkX graph: nodes numbered 0..n-1 in nxg's node order
        (labels keeps them), edges in nxg.edges order, weight from the edge
        attribute `weight` when any edge has it (missing ones count 1).  An
        undirected graph is stored with both directions (a UGraph)."""
        nodes = list(nxg.nodes())
        index = {v: i for i, v in enumerate(nodes)}
        es = list(nxg.edges(data=True))
        src = np.fromiter((index[u] for u, _, _ in es), dtype=np.int64, count=len(es))
        dst = np.fromiter((index[v] for _, v, _ in es), dtype=np.int64, count=len(es))
        w = None
        if weight is not None and any(weight in d for _, _, d in es):
            w = np.fromiter((float(d.get(weight, 1.0)) for _, _, d in es), dtype=np.float64, count=len(es))
        g = cls.from_edges(src, dst, w, n=len(nodes), directed=nxg.is_directed())
        g.labels = nodes
        return g


_FORMATS = {None: 0, "auto": 0, "gm-binary": 1, "gm-binary-le": 2, "edge-list": 3, "mtx": 4,
            "dimacs": 5, "gmb": 6}


def load(path, relabel=False, format=None, symmetrize=False, drop_self_loops=False, dedup=False,
         index_base=0, ignore_weights=False, max_nodes=0, directed=None):
    """Loads a graph file through libgmrt's loader (any format gmgraph reads).

    relabel=True numbers the nodes with at least one edge 0..k-1 in id order
    and keeps their ids (+ index_base) as labels, as `--relabel` does.
    symmetrize=True (or directed=False) stores every edge both ways (a UGraph)."""
    lib = rt.lib()
    if directed is False:
        symmetrize = True
    if format not in _FORMATS:
        raise ValueError("unknown format %r (one of %s)" % (format, ", ".join(k for k in _FORMATS if k)))
    if index_base not in (0, 1):
        raise ValueError("index_base must be 0 or 1")
    opt = rt.LoadOptions()
    opt.format = _FORMATS[format]
    opt.build.symmetrize = bool(symmetrize)
    opt.build.drop_self_loops = bool(drop_self_loops)
    opt.build.dedup = bool(dedup)
    opt.index_base = index_base
    opt.ignore_weights = bool(ignore_weights)
    opt.max_nodes = int(max_nodes)
    err = rt.GmrtError()
    p = lib.load(os.fsencode(path), opt, err)
    if not p:
        raise GraphError(err.text())
    g = Graph(p, lib, directed=not symmetrize)
    if relabel:
        labels = rt.ctypes.POINTER(rt.ctypes.c_int64)()
        err = rt.GmrtError()
        q = lib.relabel(p, index_base, rt.ctypes.byref(labels), err)
        if not q:
            raise GraphError(err.text() or "out of memory while relabelling")
        k = int(q.contents.num_nodes)
        arr = np.ctypeslib.as_array(labels, shape=(k,)).copy() if k else np.zeros(0, np.int64)
        lib.libc_free(labels)
        g2 = Graph(q, lib, directed=g.directed, labels=arr)
        if symmetrize:
            lib.is_symmetric(q)
        return g2
    return g
