"""_runtime.py: finding gmc and libgmrt, and the ctypes view of libgmrt.

Contract: tools() returns a Tools record (the gmc binary, the C compiler,
the include and library flags to build a generated file into a shared
library, the libgmrt.so path) found in this order: $GMC (a gmc binary, a
build tree's _build/gmc included), the directories `make install` wrote
into _config.py, `gmc` on PATH.  A build tree's gmc links the tree's
libgmrt (_build/.libs) and headers (the source tree's gm_runtime/); an
installed one asks `pkg-config gmrt` (with the prefix's lib/pkgconfig
added), else uses PREFIX/include/gmc and PREFIX/lib.  lib() loads libgmrt
once (RTLD_GLOBAL, so compiled procedures share it) and declares the
functions the package calls.  Nothing here runs a procedure.
"""

import ctypes
import os
import shutil
import subprocess
from dataclasses import dataclass

from . import _config


class RuntimeNotFound(RuntimeError):
    """gmc or libgmrt could not be found or used."""


@dataclass(frozen=True)
class Tools:
    gmc: str            # absolute path of the gmc binary
    cc: str             # C compiler for generated .c files
    cflags: tuple       # include and OpenMP flags
    libs: tuple         # -L/-l/-Wl,-rpath flags
    libgmrt: str        # path of libgmrt.so, loaded into this process
    in_tree: bool


def _find_gmc(explicit=None):
    cands = []
    if explicit:
        cands.append(explicit)
    if os.environ.get("GMC"):
        cands.append(os.environ["GMC"])
    if _config.BINDIR:
        cands.append(os.path.join(_config.BINDIR, "gmc"))
    w = shutil.which("gmc")
    if w:
        cands.append(w)
    for c in cands:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    raise RuntimeNotFound(
        "gmc not found: set GMC=/path/to/gmc, put gmc on PATH, or pass gmc= "
        "(tried: %s)" % (", ".join(cands) or "nothing"))


def _makefile_var(path, name):
    try:
        with open(path) as f:
            for line in f:
                if line.startswith(name + " ="):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return None


def _pkg_config(prefix):
    pc = shutil.which("pkg-config")
    if not pc:
        return None
    env = dict(os.environ)
    # The gmc's own prefix first; --define-prefix makes a moved or DESTDIR
    # install give its own folders, as gmc -x does.
    extra = [os.path.join(prefix, "lib", "pkgconfig")]
    if _config.LIBDIR:
        extra.append(os.path.join(_config.LIBDIR, "pkgconfig"))
    env["PKG_CONFIG_PATH"] = os.pathsep.join(extra + [env.get("PKG_CONFIG_PATH", "")]).rstrip(os.pathsep)
    try:
        r = subprocess.run([pc, "--define-prefix", "--cflags", "--libs", "gmrt"], env=env, capture_output=True, text=True)
        libdir = subprocess.run([pc, "--define-prefix", "--variable=libdir", "gmrt"], env=env, capture_output=True, text=True)
    except OSError:
        return None
    if r.returncode != 0 or libdir.returncode != 0:
        return None
    return r.stdout.split(), libdir.stdout.strip()


_tools_cache = {}


def tools(gmc=None):
    """The Tools for gmc (a path) or the default one; cached per gmc path."""
    path = _find_gmc(gmc)
    if path in _tools_cache:
        return _tools_cache[path]
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if not cc:
        raise RuntimeNotFound("no C compiler: set CC or install gcc")
    bindir = os.path.dirname(path)
    so = os.path.join(bindir, ".libs", "libgmrt.so")
    srcdir = _makefile_var(os.path.join(bindir, "Makefile"), "abs_top_srcdir")
    if os.path.exists(so) and srcdir:
        # A build tree: the tree's shared libgmrt and the source headers.
        libdir = os.path.dirname(so)
        edge64 = _makefile_var(os.path.join(bindir, "Makefile"), "GMRT_EDGE_CPPFLAGS") or ""
        cflags = ("-I" + os.path.join(srcdir, "gm_runtime"), "-fopenmp") + tuple(edge64.split())
        libs = ("-L" + libdir, "-Wl,-rpath," + libdir, "-lgmrt", "-lm")
        t = Tools(path, cc, cflags, libs, so, True)
    else:
        prefix = os.path.dirname(bindir)
        pc = _pkg_config(prefix)
        if pc:
            flags, libdir = pc
            cflags = tuple(f for f in flags if not f.startswith(("-L", "-l")))
            libs = tuple(f for f in flags if f.startswith(("-L", "-l"))) + ("-Wl,-rpath," + libdir, "-lm")
        else:
            libdir = _config.LIBDIR or os.path.join(prefix, "lib")
            inc = os.path.join(_config.INCLUDEDIR or os.path.join(prefix, "include"), "gmc")
            cflags = ("-I" + inc, "-fopenmp")
            libs = ("-L" + libdir, "-Wl,-rpath," + libdir, "-lgmrt", "-lm")
        so = os.path.join(libdir, "libgmrt.so")
        if not os.path.exists(so):
            raise RuntimeNotFound("libgmrt.so not found in %s (is gmc installed with its runtime, "
                                  "built as a shared library?)" % libdir)
        t = Tools(path, cc, cflags, libs, so, False)
    _tools_cache[path] = t
    return t


def cuda_build(t, arch=None):
    """(nvcc, flags before the source, flags after it, libgmrt-cuda) to build a generated
    .cu into a shared library with libgmrt-cuda, as `gmc -t cuda -x` links
    (the build tree's libgmrt-cuda.a, or the installed libgmrt-cuda.so).
    Raises RuntimeNotFound naming what is missing."""
    nvcc = os.environ.get("GMC_NVCC") or shutil.which("nvcc")
    if not nvcc and os.access("/usr/local/cuda/bin/nvcc", os.X_OK):
        nvcc = "/usr/local/cuda/bin/nvcc"
    if not nvcc:
        raise RuntimeNotFound("target='cuda' needs nvcc: none on PATH, in $GMC_NVCC or /usr/local/cuda/bin")
    libdir = os.path.dirname(t.libgmrt)
    inc = [f for f in t.cflags if f.startswith(("-I", "-D"))]
    if t.in_tree:
        cu = os.path.join(os.path.dirname(t.gmc), "libgmrt-cuda.a")
        culib = [cu]
    else:
        cu = os.path.join(libdir, "libgmrt-cuda.so")
        culib = ["-L" + libdir, "-lgmrt-cuda"]
    if not os.path.exists(cu):
        raise RuntimeNotFound("target='cuda' needs libgmrt-cuda (%s is missing: configure did not find nvcc "
                              "when gmc was built)" % cu)
    pre = ["-shared", "-Xcompiler", "-fPIC", "-O3", "-std=c++17", "-arch=" + (arch or "sm_90"),
           "-Xcompiler", "-fopenmp"] + inc
    post = culib + ["-L" + libdir, "-Xlinker", "-rpath=" + libdir, "-lgmrt", "-lz", "-lgomp", "-lm"]
    return nvcc, pre, post, cu


_gpu_state = None


def gpu_check():
    """None when the CUDA driver sees a GPU, else why not (the generated code
    would print that and exit the process: this asks the driver first)."""
    global _gpu_state
    if _gpu_state is None:
        try:
            cuda = ctypes.CDLL("libcuda.so.1")
        except OSError:
            _gpu_state = "no NVIDIA driver found (libcuda.so.1), so no GPU can be used: use target='omp'"
            return _gpu_state
        count = ctypes.c_int(0)
        if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(count)) != 0 or count.value == 0:
            _gpu_state = "no NVIDIA GPU found (the driver is loaded but sees no usable device): use target='omp'"
        else:
            _gpu_state = ""
    return _gpu_state or None


# ---- ctypes view of libgmrt ---------------------------------------------

node_t = ctypes.c_int32


class GmrtError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("message", ctypes.c_char * 512)]

    def text(self):
        return self.message.decode("utf-8", "replace")


class BuildOptions(ctypes.Structure):
    _fields_ = [("symmetrize", ctypes.c_bool), ("drop_self_loops", ctypes.c_bool),
                ("dedup", ctypes.c_bool)]


class Progress(ctypes.Structure):
    _fields_ = [("fn", ctypes.c_void_p), ("arg", ctypes.c_void_p)]


class LoadOptions(ctypes.Structure):
    _fields_ = [("format", ctypes.c_int), ("build", BuildOptions), ("index_base", ctypes.c_int),
                ("ignore_weights", ctypes.c_bool), ("max_nodes", ctypes.c_int64),
                ("weights_as", ctypes.c_int), ("weights_for", ctypes.c_char_p),
                ("progress", Progress)]


def _graph_struct(edge_t):
    class GmGraph(ctypes.Structure):
        _fields_ = [("num_nodes", node_t), ("num_edges", edge_t),
                    ("begin", ctypes.POINTER(edge_t)), ("node_idx", ctypes.POINTER(node_t)),
                    ("r_begin", ctypes.POINTER(edge_t)), ("r_node_idx", ctypes.POINTER(node_t)),
                    ("r_edge_idx", ctypes.POINTER(edge_t)), ("edge_src", ctypes.POINTER(node_t)),
                    ("weights", ctypes.POINTER(ctypes.c_double)), ("weights_integral", ctypes.c_bool),
                    ("mapping", ctypes.c_void_p), ("mapping_len", ctypes.c_size_t),
                    ("gather_pos", ctypes.POINTER(node_t)), ("gather_idx", ctypes.POINTER(node_t)),
                    ("r_gather_pos", ctypes.POINTER(node_t)), ("r_gather_idx", ctypes.POINTER(node_t)),
                    ("symmetric", ctypes.c_int), ("num_undirected_edges", edge_t),
                    ("upper", ctypes.c_bool), ("serial", ctypes.c_uint64)]
    return GmGraph


class Lib:
    """libgmrt loaded once, with the prototypes the package uses."""

    def __init__(self, path):
        self.path = path
        d = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        self.dll = d
        d.gmrt_edge_size.restype = ctypes.c_int
        self.edge_size = d.gmrt_edge_size()
        self.edge_t = ctypes.c_int64 if self.edge_size == 8 else ctypes.c_int32
        self.Graph = _graph_struct(self.edge_t)
        gp = ctypes.POINTER(self.Graph)
        self.graph_p = gp
        err = ctypes.POINTER(GmrtError)

        def proto(name, res, *args):
            f = getattr(d, name)
            f.restype = res
            f.argtypes = list(args)
            return f
        self.from_edges = proto("gmrt_graph_from_edges", gp, node_t, ctypes.c_size_t, ctypes.c_void_p,
                                ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(BuildOptions), err)
        self.free = proto("gmrt_graph_free", None, gp)
        self.check = proto("gmrt_graph_check", ctypes.c_bool, gp, err)
        self.load = proto("gmrt_graph_load", gp, ctypes.c_char_p, ctypes.POINTER(LoadOptions), err)
        self.relabel = proto("gmrt_graph_relabel", gp, gp, ctypes.c_int64,
                             ctypes.POINTER(ctypes.POINTER(ctypes.c_int64)), err)
        self.is_symmetric = proto("gmrt_graph_is_symmetric", ctypes.c_bool, gp)
        self.mark_symmetric = proto("gmrt_graph_mark_symmetric", None, gp)
        self.format_parse = proto("gmrt_format_parse", ctypes.c_int, ctypes.c_char_p)
        # Node_Set values of an N_P<Node_Set> argument
        self.nodeset_new = proto("gmrt_nodeset_new", ctypes.c_void_p, node_t)
        self.nodeset_free = proto("gmrt_nodeset_free", None, ctypes.c_void_p)
        self.nodeset_add = proto("gmrt_nodeset_add", ctypes.c_bool, ctypes.c_void_p, node_t)
        self.nodeset_items = proto("gmrt_nodeset_items", ctypes.POINTER(node_t), ctypes.c_void_p,
                                   ctypes.POINTER(ctypes.c_int64))
        self.libc_free = ctypes.CDLL(None).free
        self.libc_free.argtypes = [ctypes.c_void_p]
        self.libc_free.restype = None


_libs = {}


def lib(t=None):
    t = t or tools()
    if t.libgmrt not in _libs:
        _libs[t.libgmrt] = Lib(t.libgmrt)
    return _libs[t.libgmrt]
