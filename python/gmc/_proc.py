"""_proc.py: a compiled procedure as a Python callable, and its Result.

Contract: Procedure(so, signature, lib, diagnostics) loads the shared
library and calls the procedure's C function with arguments bound as in the
.gm signature (inputs positional or by keyword; property outputs may be
given by keyword as arrays to fill).  Every argument is checked before the
call, so a bad one raises (TypeError: missing, unknown or of the wrong
type/dtype; ValueError: wrong length, a node not in the graph, a directed
graph for a UGraph) instead of reaching C code that would crash or abort.
Properties are NumPy arrays passed to C without a copy when their dtype and
layout already match (then the caller's array is updated in place); edge
properties are in the graph's stored edge order (Graph.to_caller_order maps
them back).  The Result holds output scalars, output properties and the
return value (return_value) as attributes, time_ms (the call's wall time;
with target='cuda' also transfer_ms and transfer_mb, the property copies
between host and device) and as_dict(name) keyed by the graph's labels.

With target='cuda', a property may also be device memory: any object with
__cuda_array_interface__ (a CuPy array, a PyTorch CUDA tensor, Numba's
device arrays) of exactly the property's dtype and length, used in place (nothing
is copied; an output given that way is filled on the device).  device=True
allocates every output property not given as a CuPy array (so results stay on
the GPU for the next call).  Node/edge-valued device inputs are range-checked
on the device through CuPy.
"""

import ctypes
import time

import numpy as np

from . import _runtime as rt
from ._graph import Graph

_SCALARS = {
    "int": (ctypes.c_int32, np.int32),
    "long": (ctypes.c_int64, np.int64),
    "float": (ctypes.c_float, np.float32),
    "double": (ctypes.c_double, np.float64),
    "bool": (ctypes.c_bool, np.bool_),
    "node": (ctypes.c_int32, np.int32),
}
def _cupy():
    """CuPy, or None when it is not installed (imported on first need only)."""
    try:
        import cupy
        return cupy
    except Exception:
        return None


def _is_device_array(v):
    return hasattr(v, "__cuda_array_interface__") and not isinstance(v, np.ndarray)


class _NodeSets:
    """The gmrt_nodeset pointers of one N_P<Node_Set> argument (C array
    gmrt_nodeset **), freed with the object."""

    def __init__(self, lib, n):
        self._lib = lib
        self.array = (ctypes.c_void_p * max(n, 1))()
        self.n = n

    def read(self):
        """Each node's members, a sorted int32 array of node ids."""
        out = []
        count = ctypes.c_int64()
        for i in range(self.n):
            p = self._lib.nodeset_items(self.array[i], ctypes.byref(count))
            a = np.ctypeslib.as_array(p, shape=(count.value,)).copy() if count.value else np.zeros(0, np.int32)
            a.sort()
            out.append(a.astype(np.int32))
        return out

    def free(self):
        for i in range(self.n):
            if self.array[i]:
                self._lib.nodeset_free(self.array[i])
                self.array[i] = None

    def __del__(self):
        try:
            self.free()
        except Exception:
            pass


class RunError(RuntimeError):
    """A run-time error ended a procedure's call (out of memory, a CUDA
    error): the interpreter goes on; what the call allocated is not freed."""


class OutOfMemory(RunError, MemoryError):
    """The call ran out of host or GPU memory."""


class DeviceError(RuntimeError):
    """target='cuda' without a usable GPU (said before the call, which would
    otherwise end the process)."""


# The loaded CUDA procedures: each keeps a device copy of the last graph it
# ran on, keyed by the host graph's address, so a freed Graph must drop it
# (a new Graph at the same address would otherwise reuse stale data).
_cuda_dlls = []


def release_device_graph(ptr):
    for d in _cuda_dlls:
        try:
            host = d.gmcu_graph_cache_get().contents.value
            if host and host == ctypes.cast(ptr, ctypes.c_void_p).value:
                d.gmcu_graph_release()
        except Exception:
            pass


_GM_NAMES = {"int": "Int", "long": "Long", "float": "Float", "double": "Double", "bool": "Bool",
             "node": "Node", "edge": "Edge", "string": "String", "graph": "Graph",
             "node_prop": "N_P", "edge_prop": "E_P", "node_set": "Node_Set", "node_order": "Node_Order",
             "node_seq": "Node_Seq", "collection": "Collection", "map": "Map"}
_SUPPORTED = {"int", "long", "float", "double", "bool", "node", "edge", "graph", "node_prop", "edge_prop"}


def _type_text(t):
    k = t["kind"]
    if k in ("node_prop", "edge_prop", "collection"):
        return "%s<%s>" % (_GM_NAMES[k], _type_text(t["elem"]))
    if k == "graph" and t.get("undirected"):
        return "UGraph"
    return _GM_NAMES.get(k, k)


class Result:
    """Output scalars, output properties and the return value of one call."""

    def __init__(self, graphs, values, kinds, time_ms):
        self._graphs = graphs
        self._values = values
        self._kinds = kinds
        self.time_ms = time_ms

    def __getattr__(self, name):
        values = self.__dict__.get("_values", {})
        if name in values:
            return values[name]
        raise AttributeError("no output %r (outputs: %s)" % (name, ", ".join(values) or "none"))

    def __getitem__(self, name):
        return self._values[name]

    def __contains__(self, name):
        return name in self._values

    def keys(self):
        return list(self._values)

    def __repr__(self):
        parts = []
        for k, v in self._values.items():
            if isinstance(v, np.ndarray):
                v = "array(%d)" % v.size
            elif isinstance(v, list):
                v = "node_sets(%d)" % len(v)
            elif _is_device_array(v):
                v = "device_array(%d)" % v.__cuda_array_interface__["shape"][0]
            else:
                v = repr(v)
            parts.append("%s=%s" % (k, v))
        return "<gmc.Result %s, time_ms=%.3f>" % (", ".join(parts), self.time_ms)

    def as_dict(self, name):
        """A property output as a dict keyed by node label (node properties) or
        by (source label, destination label) (edge properties); Node values
        are labels too, NIL is None."""
        kind, elem, graph = self._kinds[name]
        g = self._graphs[graph]
        a = self._values[name]
        if _is_device_array(a):  # a device output: one copy to the host
            cp = _cupy()
            if cp is None:
                raise TypeError("output %r is device memory and CuPy is not installed to copy it" % name)
            a = cp.asnumpy(cp.asarray(a))
        if elem == "node_set":
            conv = lambda x: {g.label(int(y)) for y in x}  # noqa: E731
        else:
            conv = (lambda x: g.label(int(x))) if elem == "node" else (lambda x: x.item())
        if kind == "node_prop":
            return {g.label(i): conv(a[i]) for i in range(g.num_nodes)}
        if kind == "edge_prop":
            src, dst = g.edges()
            d = {}
            for e in range(g.num_edges):
                k = (g.label(int(src[e])), g.label(int(dst[e])))
                if k in d:
                    raise ValueError("the graph has parallel edges %r: as_dict cannot key them" % (k,))
                d[k] = conv(a[e])
            return d
        raise ValueError("%r is not a property output" % name)


class Procedure:
    """A compiled Green-Marl procedure; call it like a Python function."""

    def __init__(self, so_path, sig, lib, diagnostics=(), target="omp"):
        self.path = so_path
        self.target = target
        self.signature = sig
        self.name = sig["name"]
        self.diagnostics = list(diagnostics)
        self._lib = lib
        self.params = sig["params"]
        for p in self.params:
            k = p["type"]["kind"]
            ek = p["type"]["elem"]["kind"] if k in ("node_prop", "edge_prop") else None
            if k not in _SUPPORTED or (ek is not None and ek not in
                                       ("int", "long", "float", "double", "bool", "node", "edge")
                                       and not (k == "node_prop" and ek == "node_set")):
                raise NotImplementedError(
                    "procedure %s: argument %s of type %s is not supported by the Python package yet "
                    "(graphs, Int/Long/Float/Double/Bool/Node/Edge scalars and properties, and "
                    "N_P<Node_Set>, are)"
                    % (self.name, p["name"], _type_text(p["type"])))
        ret = sig["return"]
        if ret is not None and ret["kind"] not in _SCALARS and ret["kind"] != "edge":
            raise NotImplementedError("procedure %s: a %s return value is not supported yet"
                                      % (self.name, _type_text(ret)))
        self._dll = ctypes.CDLL(so_path)
        # NAME_try (gmc --try-entry): the call behind a guard, so that a
        # run-time error (out of memory) raises RunError instead of ending
        # the interpreter; its value comes back through a pointer
        self._fn = getattr(self._dll, sig["c_name"] + "_try")
        self._fn.restype = ctypes.c_int
        self._ret_ctype = self._ctype(ret) if ret else None
        try:
            self._set_threads = self._dll.omp_set_num_threads
            self._get_threads = self._dll.omp_get_max_threads
            self._set_threads.argtypes = [ctypes.c_int]
            self._get_threads.restype = ctypes.c_int
        except AttributeError:
            self._set_threads = self._get_threads = None
        if target == "cuda":
            d = self._dll
            d.gmcu_transfer_ms.restype = ctypes.c_double
            d.gmcu_transfer_mb.restype = ctypes.c_double
            d.gmcu_graph_cache_get.restype = ctypes.POINTER(ctypes.c_void_p)  # first field: host graph
            _cuda_dlls.append(d)
        self.inputs = [p["name"] for p in self.params if not p["output"]]
        self.outputs = [p["name"] for p in self.params if p["output"]]
        self.graphs = [p["name"] for p in self.params if p["type"]["kind"] == "graph"]

    def __repr__(self):
        ins = ", ".join("%s: %s" % (p["name"], _type_text(p["type"])) for p in self.params if not p["output"])
        outs = ", ".join("%s: %s" % (p["name"], _type_text(p["type"])) for p in self.params if p["output"])
        return "<gmc.Procedure %s(%s%s)%s>" % (self.name, ins, "; " + outs if outs else "",
                                               " : " + _type_text(self.signature["return"])
                                               if self.signature["return"] else "")

    def _kind(self, name):
        return next(p["type"]["kind"] for p in self.params if p["name"] == name)

    def _ctype(self, t):
        if t["kind"] == "edge":
            return self._lib.edge_t
        return _SCALARS[t["kind"]][0]

    def _dtype(self, t):
        if t["kind"] == "edge":
            return np.dtype(self._lib.edge_t)
        return np.dtype(_SCALARS[t["kind"]][1])

    def _graph_of(self, t, graphs):
        name = t.get("graph")
        if name in graphs:
            return name, graphs[name]
        if len(graphs) == 1:
            return next(iter(graphs.items()))
        raise TypeError("cannot tell which graph argument %r belongs to" % t)

    def _scalar(self, p, v):
        t = p["type"]
        k = t["kind"]
        what = "argument %s (%s)" % (p["name"], _type_text(t))
        if k == "bool":
            if not isinstance(v, (bool, np.bool_)):
                raise TypeError("%s must be a bool, not %r" % (what, v))
            return ctypes.c_bool(bool(v))
        if k in ("int", "long"):
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
                raise TypeError("%s must be an integer, not %r" % (what, v))
            info = np.iinfo(self._dtype(t))
            if not info.min <= int(v) <= info.max:
                raise ValueError("%s = %d does not fit (%d..%d)" % (what, int(v), info.min, info.max))
            return self._ctype(t)(int(v))
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, float, np.integer, np.floating)):
            raise TypeError("%s must be a number, not %r" % (what, v))
        return self._ctype(t)(float(v))

    def _array(self, p, v, length, what_len):
        t = p["type"]
        dt = self._dtype(t["elem"])
        what = "argument %s (%s)" % (p["name"], _type_text(t))
        if not isinstance(v, np.ndarray):
            try:
                v = np.asarray(v)
            except Exception as e:
                raise TypeError("%s must be an array: %s" % (what, e)) from None
            if v.dtype.kind in "OUS" or (v.dtype.kind != dt.kind and not np.can_cast(v.dtype, dt, "same_kind")):
                raise TypeError("%s must hold %s values, not %s" % (what, dt, v.dtype))
            if dt.kind in "iu" and v.size and v.dtype.kind in "iu":
                info = np.iinfo(dt)
                if v.min() < info.min or v.max() > info.max:
                    raise ValueError("%s has values that do not fit %s" % (what, dt))
            v = v.astype(dt)
        elif v.dtype != dt:
            # Safe casts, and casts within a kind (int64 -> int32 when every
            # value fits, float64 -> float32); never float -> int or bool.
            if not (np.can_cast(v.dtype, dt, "safe") or
                    (dt.kind != "b" and np.can_cast(v.dtype, dt, "same_kind") and v.dtype.kind == dt.kind)):
                raise TypeError("%s must have dtype %s (or one that converts to it without changing kind), not %s"
                                % (what, dt, v.dtype))
            if dt.kind in "iu" and v.size and not np.can_cast(v.dtype, dt, "safe"):
                info = np.iinfo(dt)
                if v.min() < info.min or v.max() > info.max:
                    raise ValueError("%s has values that do not fit %s" % (what, dt))
            v = v.astype(dt)
        if v.ndim != 1 or v.shape[0] != length:
            raise ValueError("%s must be a 1-D array of %d values (%s), not shape %s"
                             % (what, length, what_len, v.shape))
        if not v.flags.c_contiguous or not v.flags.writeable:
            v = np.array(v, dtype=dt, order="C")
        return v

    def _node_sets(self, p, v, g):
        """An N_P<Node_Set> argument: one gmrt_nodeset per node (each a bitmap
        of n bits, as the generated main() makes them), filled from v (a
        sequence of n iterables of nodes, labels where the graph has them)
        or empty; freed when the call's arguments go."""
        what = "argument %s (%s)" % (p["name"], _type_text(p["type"]))
        n = g.num_nodes
        if v is not None:
            if isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or len(v) != n:
                raise ValueError("%s must be a sequence of %d sets of nodes (one per node)" % (what, n))
        sets = _NodeSets(self._lib, n)
        for i in range(n):
            s = self._lib.nodeset_new(n)
            if not s:
                sets.free()
                raise OutOfMemory("%s: out of memory making %d node sets of %d nodes" % (what, n, n))
            sets.array[i] = s
            if v is not None:
                try:
                    members = list(v[i])
                except TypeError:
                    sets.free()
                    raise TypeError("%s: element %d must be an iterable of nodes, not %r" % (what, i, v[i])) from None
                for x in members:
                    try:
                        node = g.node_id(x)
                    except Exception:
                        sets.free()
                        raise
                    self._lib.nodeset_add(s, node)
        return sets

    def _device_array(self, p, v, length, what_len, g):
        """A device array argument (target='cuda'), checked without copying it:
        dtype, length, layout, and for Node/Edge values the ids (on the device)."""
        t = p["type"]
        dt = self._dtype(t["elem"])
        what = "argument %s (%s)" % (p["name"], _type_text(t))
        if self.target != "cuda":
            raise TypeError("%s is device memory (%s): only a procedure compiled with target='cuda' "
                            "takes device arrays; pass a NumPy array (e.g. cupy.asnumpy(x))"
                            % (what, type(v).__name__))
        try:
            cai = v.__cuda_array_interface__
            shape, typestr, (ptr, readonly) = tuple(cai["shape"]), cai["typestr"], cai["data"]
            strides = cai.get("strides")
        except Exception as e:
            raise TypeError("%s: unreadable __cuda_array_interface__ (%s)" % (what, e)) from None
        got = np.dtype(typestr)
        if got != dt:
            raise TypeError("%s is a device array of dtype %s; it must be %s exactly (device arrays are "
                            "used in place, never converted: x.astype(%s))" % (what, got, dt, dt.name))
        if len(shape) != 1 or shape[0] != length:
            raise ValueError("%s must be a 1-D array of %d values (%s), not shape %s"
                             % (what, length, what_len, shape))
        if strides is not None and length > 1 and tuple(strides) != (dt.itemsize,):
            raise ValueError("%s is a strided device array; pass a contiguous one (cupy.ascontiguousarray)"
                             % what)
        if p["output"] and readonly:
            raise ValueError("%s is a read-only device array and receives the output" % what)
        if cai.get("mask") is not None:
            raise TypeError("%s: masked device arrays are not supported" % what)
        ek = t["elem"]["kind"]
        if ek in ("node", "edge") and length and not p["output"]:
            cp = _cupy()
            if cp is None:
                raise TypeError("%s holds %s ids in device memory; checking them needs CuPy "
                                "(or pass a NumPy array)" % (what, ek))
            a = cp.asarray(v)
            hi = g.num_nodes if ek == "node" else g.num_edges
            if int(a.min()) < -1 or int(a.max()) >= hi:
                raise ValueError("argument %s holds %s ids outside the graph (0..%d, or NIL = -1)"
                                 % (p["name"], ek, hi - 1))
        return v, ptr

    def __call__(self, *args, threads=None, device=False, **kwargs):
        if len(args) > len(self.inputs):
            raise TypeError("%s() takes %d positional arguments (%s) but %d were given"
                            % (self.name, len(self.inputs), ", ".join(self.inputs), len(args)))
        given = dict(zip(self.inputs, args))
        for k, v in kwargs.items():
            if k in given:
                raise TypeError("%s() got argument %r twice" % (self.name, k))
            if k not in self.inputs and k not in self.outputs:
                raise TypeError("%s() has no argument %r (inputs: %s; outputs: %s)"
                                % (self.name, k, ", ".join(self.inputs), ", ".join(self.outputs) or "none"))
            if k in self.outputs and self._kind(k) not in ("node_prop", "edge_prop"):
                raise TypeError("%s() argument %r is an output scalar: it comes back in the result"
                                % (self.name, k))
            given[k] = v
        cp_mod = None
        if device:
            if self.target != "cuda":
                raise TypeError("device=True needs a procedure compiled with target='cuda'")
            why = rt.gpu_check()
            if why:
                raise DeviceError(why)
            cp_mod = _cupy()
            if cp_mod is None:
                raise TypeError("device=True allocates the outputs with CuPy, which is not installed; "
                                "pass device arrays for the outputs instead")
        # Graphs first: everything else is checked against them.
        graphs = {}
        for p in self.params:
            if p["type"]["kind"] != "graph":
                continue
            g = given.get(p["name"])
            if not isinstance(g, Graph):
                raise TypeError("argument %s must be a gmc.Graph, not %s"
                                % (p["name"], "missing" if g is None else type(g).__name__))
            if p["type"].get("undirected") and not g.is_symmetric():
                raise ValueError("argument %s is a UGraph but the graph is not symmetric (some edge u->v has "
                                 "no v->u): build it with directed=False (Graph.from_edges, gmc.load "
                                 "symmetrize=True) or from an undirected networkx graph" % p["name"])
            graphs[p["name"]] = g
        cargs, outs, kinds, keep = [], {}, {}, []
        for p in self.params:
            t, k, name = p["type"], p["type"]["kind"], p["name"]
            if k == "graph":
                cargs.append(graphs[name]._ptr)
                continue
            if k == "node_prop" and t["elem"]["kind"] == "node_set":
                gname, g = self._graph_of(t, graphs)
                sets = self._node_sets(p, given.get(name), g)
                keep.append(sets)
                cargs.append(sets.array)
                if p["output"]:
                    outs[name] = sets
                    kinds[name] = (k, "node_set", gname)
                continue
            if k in ("node_prop", "edge_prop"):
                gname, g = self._graph_of(t, graphs)
                n = g.num_nodes if k == "node_prop" else g.num_edges
                what_len = "one per node" if k == "node_prop" else "one per stored edge, in stored order"
                if name in given and _is_device_array(given[name]):
                    a, ptr = self._device_array(p, given[name], n, what_len, g)
                    keep.append(a)
                    cargs.append(ctypes.c_void_p(ptr))
                    if p["output"]:
                        outs[name] = a
                        kinds[name] = (k, t["elem"]["kind"], gname)
                    continue
                if name in given:
                    a = self._array(p, given[name], n, what_len)
                    ek = t["elem"]["kind"]
                    if ek in ("node", "edge") and a.size and not p["output"]:
                        hi = g.num_nodes if ek == "node" else g.num_edges
                        if a.min() < -1 or a.max() >= hi:
                            raise ValueError("argument %s holds %s ids outside the graph (0..%d, or NIL = -1)"
                                             % (name, ek, hi - 1))
                elif p["output"] and device:
                    a = cp_mod.zeros(n, dtype=self._dtype(t["elem"]))
                    keep.append(a)
                    cargs.append(ctypes.c_void_p(a.data.ptr))
                    outs[name] = a
                    kinds[name] = (k, t["elem"]["kind"], gname)
                    continue
                elif p["output"]:
                    a = np.zeros(n, dtype=self._dtype(t["elem"]))
                elif k == "edge_prop" and g.weights is not None:
                    a = self._weights_as(p, g)
                else:
                    raise TypeError("%s() missing argument %s (%s)" % (self.name, name, _type_text(t)))
                keep.append(a)
                cargs.append(ctypes.c_void_p(a.ctypes.data))
                if p["output"]:
                    outs[name] = a
                    kinds[name] = (k, t["elem"]["kind"], gname)
                continue
            if p["output"]:
                c = self._ctype(t)()
                keep.append(c)
                cargs.append(ctypes.byref(c))
                outs[name] = c
                kinds[name] = (k, k, self._graph_of(t, graphs)[0] if k in ("node", "edge") else None)
                continue
            if name not in given:
                raise TypeError("%s() missing argument %s (%s)" % (self.name, name, _type_text(t)))
            v = given[name]
            if k == "node":
                _, g = self._graph_of(t, graphs)
                cargs.append(ctypes.c_int32(-1 if v is None else g.node_id(v)))
            elif k == "edge":
                _, g = self._graph_of(t, graphs)
                if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)) \
                        or not 0 <= int(v) < g.num_edges:
                    raise ValueError("argument %s: %r is not an edge of the graph (0..%d)"
                                     % (name, v, g.num_edges - 1))
                cargs.append(self._lib.edge_t(int(v)))
            else:
                cargs.append(self._scalar(p, v))
        if self.target == "cuda":
            why = rt.gpu_check()
            if why:
                raise DeviceError(why)
            self._dll.gmcu_transfers_reset()
        old = None
        if threads is not None:
            if not isinstance(threads, (int, np.integer)) or threads < 1:
                raise ValueError("threads must be a positive integer, not %r" % (threads,))
            if self._set_threads:
                old = self._get_threads()
                self._set_threads(int(threads))
        try:
            box = self._ret_ctype() if self._ret_ctype else None
            err = ctypes.create_string_buffer(512)
            t0 = time.perf_counter()
            rc = self._fn(*cargs, *([ctypes.byref(box)] if box is not None else []), err,
                          ctypes.c_size_t(len(err)))
            ms = (time.perf_counter() - t0) * 1e3
        finally:
            if old is not None:
                self._set_threads(old)
        if rc != 0:
            msg = err.value.decode("utf-8", "replace")
            if self.target == "cuda":
                # the device copy of the graph may be half made: made again next time
                try:
                    self._dll.gmcu_graph_release()
                except Exception:
                    pass
            cls = OutOfMemory if msg.startswith(("out of memory", "out of GPU memory")) else RunError
            raise cls("%s(): %s (what the call had allocated is not freed)" % (self.name, msg))
        ret = box.value if box is not None else None
        values = {}
        for name, v in outs.items():
            k = kinds[name][0]
            if isinstance(v, _NodeSets):
                values[name] = v.read()
            elif isinstance(v, np.ndarray) or _is_device_array(v):
                values[name] = v
            elif k == "node":
                g = graphs[kinds[name][2]]
                values[name] = g.label(int(v.value))
            else:
                values[name] = v.value
        ret_t = self.signature["return"]
        if ret_t is not None:
            if ret_t["kind"] == "node":
                _, g = self._graph_of(ret_t, graphs)
                ret = g.label(int(ret))
            values["return_value"] = ret
        res = Result(graphs, values, kinds, ms)
        if self.target == "cuda":
            res.transfer_ms = self._dll.gmcu_transfer_ms()
            res.transfer_mb = self._dll.gmcu_transfer_mb()
        return res

    def _weights_as(self, p, g):
        """The graph's weights filling an E_P input the caller left out (as the
        generated main does), held to the property's type."""
        dt = self._dtype(p["type"]["elem"])
        w = np.asarray(g.weights)
        if dt.kind in "iu":
            info = np.iinfo(dt)
            if w.size and (np.any(w != np.floor(w)) or w.min() < info.min or w.max() > info.max):
                raise ValueError("the graph's weights do not fit argument %s (%s): pass it explicitly"
                                 % (p["name"], _type_text(p["type"])))
        return np.ascontiguousarray(w.astype(dt))
