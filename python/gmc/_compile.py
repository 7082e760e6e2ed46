"""_compile.py: gmc.compile(), a Green-Marl procedure built into a shared
library and cached.

Contract: compile() runs gmc on the source (`--dump=signature` for the
signature as JSON, then `-t omp -o DIR/` for NAME.c and NAME.h), builds
NAME.c with the C compiler into DIR/NAME.so against libgmrt, and returns a
Procedure (_proc.py).  An entry lives in $XDG_CACHE_HOME/gmc/python/KEY
(else ~/.cache/gmc/python/KEY): gmc run's own entries are gmc/KEY, so the
two never share a folder.  KEY hashes, as gmc run's does, the source
bytes, the target, the options, and gmc and its runtime (path, size,
mtime), plus the compiler and this package's version.  An entry is built
in a private temporary folder and renamed into place, so concurrent
compiles never see half of one; the library's size and checksum, recorded
then, are checked before each load, so a damaged entry is rebuilt.  gmc's diagnostics (errors and warnings)
raise CompileError or are kept in Procedure.diagnostics.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from . import _runtime as rt
from ._proc import Procedure

CACHE_FORMAT = "gmc python cache 2"  # 2: built with --try-entry


class Diagnostic:
    """One gmc diagnostic: file, line, col, severity, class, text, and the
    source line with its caret (context)."""

    def __init__(self, file, line, col, severity, cls, text, context=""):
        self.file, self.line, self.col = file, line, col
        self.severity, self.cls, self.text, self.context = severity, cls, text, context

    def __str__(self):
        s = "%s:%d:%d: %s: %s" % (self.file, self.line, self.col, self.severity, self.text)
        if self.cls:
            s += " [%s]" % self.cls
        return s

    __repr__ = __str__


_DIAG = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note): (.*?)(?: \[([-\w]+)\])?$")


def parse_diagnostics(text):
    out = []
    for line in text.splitlines():
        m = _DIAG.match(line)
        if m:
            out.append(Diagnostic(m.group(1), int(m.group(2)), int(m.group(3)), m.group(4),
                                  m.group(6) or "", m.group(5)))
        elif out and line.strip():
            out[-1].context += line + "\n"
    return out


class CompileError(Exception):
    """gmc rejected the program (or the C compiler failed on its output).

    diagnostics: the list of Diagnostic; output: gmc's whole stderr."""

    def __init__(self, message, diagnostics=(), output=""):
        super().__init__(message)
        self.diagnostics = list(diagnostics)
        self.output = output


def _identity(path):
    try:
        st = os.stat(path)
        return "%s:%d:%d" % (path, st.st_size, st.st_mtime_ns)
    except OSError:
        return path + ":missing"


def _cache_root():
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg.startswith("/"):
        base = os.path.join(xdg, "gmc")
    else:
        home = os.path.expanduser("~")
        if not home or home == "~":
            raise rt.RuntimeNotFound("no cache directory: set XDG_CACHE_HOME or HOME")
        base = os.path.join(home, ".cache", "gmc")
    root = os.path.join(base, "python")
    os.makedirs(root, exist_ok=True)
    return root


def _read_source(path_or_source):
    """(bytes, file name for gmc's messages)."""
    s = path_or_source
    # A path: a PathLike, an existing file, or a one-line string that cannot
    # be a program (every procedure has a parenthesised signature).
    if isinstance(s, os.PathLike) or (isinstance(s, str) and (os.path.isfile(s) or
                                                              ("\n" not in s and "(" not in s))):
        path = os.fspath(s)
        try:
            with open(path, "rb") as f:
                return f.read(), os.path.basename(path)
        except OSError as e:
            raise FileNotFoundError("cannot read the Green-Marl file %r: %s" % (path, e.strerror)) from None
    if isinstance(s, bytes):
        return s, "source.gm"
    return s.encode("utf-8"), "source.gm"


def _run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)


def compile(path_or_source, target="omp", options=(), proc=None, gmc=None, cache=True, name=None,
            arch=None):
    """Compiles a Green-Marl file (a path) or program text into a callable.

    target: "omp" (C with OpenMP) or "cuda" (nvcc, libgmrt-cuda; arch= the
    GPU architecture, default sm_90; a call without a GPU raises DeviceError).
    options: gmc options such as ["-O0", "-fno-PASS", "-w"].
    proc: which exported procedure to call when the file has several.
    name: the file name gmc reports for program text (default source.gm).
    Raises CompileError with gmc's diagnostics when the program is rejected."""
    if target not in ("omp", "cuda"):
        raise ValueError("unknown target %r (\"omp\" or \"cuda\")" % (target,))
    options = [str(o) for o in options]
    for o in options:
        if o in ("--main", "-x", "-o", "--check") or o.startswith(("-o", "--dump", "-t", "--target")):
            raise ValueError("option %r is chosen by gmc.compile itself" % o)
    t = rt.tools(gmc)
    cuda = rt.cuda_build(t, arch) if target == "cuda" else None
    src, fname = _read_source(path_or_source)
    if name:
        fname = name if name.endswith(".gm") else name + ".gm"
    stem = re.sub(r"[^A-Za-z0-9_]", "_", fname[:-3] if fname.endswith(".gm") else fname) or "proc"

    h = hashlib.sha256()
    for part in (CACHE_FORMAT, _identity(t.gmc), _identity(t.libgmrt), t.cc, " ".join(t.cflags),
                 " ".join(t.libs), target, fname, "\0".join(options), repr(cuda),
                 _identity(cuda[0]) + _identity(cuda[3]) if cuda else ""):
        h.update(part.encode() + b"\0")
    h.update(src)
    key = h.hexdigest()[:24]
    root = _cache_root()
    entry = os.path.join(root, key)
    so = os.path.join(entry, stem + ".so")
    meta = os.path.join(entry, "signature.json")
    if cache and os.path.exists(so) and os.path.exists(meta):
        if _sum_ok(entry, so):
            return _load(entry, stem, proc, t)
        shutil.rmtree(entry, ignore_errors=True)  # damaged: build it again

    _remove_stale(root)
    tmp = tempfile.mkdtemp(prefix="tmp-", dir=root)
    try:
        gm = os.path.join(tmp, fname)
        with open(gm, "wb") as f:
            f.write(src)
        r = _run([t.gmc, "--dump=signature"] + options + [fname], tmp)
        if r.returncode != 0:
            _raise(r.stderr, fname)
        with open(os.path.join(tmp, "signature.json"), "w") as f:
            f.write(r.stdout)
        # NAME_try: a run-time error (out of memory) comes back as an exception
        r = _run([t.gmc, "-t", target, "--try-entry"] + options + ["-o", "out/", fname], tmp)
        if r.returncode != 0:
            _raise(r.stderr, fname)
        with open(os.path.join(tmp, "diagnostics.txt"), "w") as f:
            f.write(r.stderr)
        ext = ".cu" if cuda else ".c"
        csrc = os.path.join(tmp, "out", stem + ext)
        if not os.path.exists(csrc):
            cs = [x for x in os.listdir(os.path.join(tmp, "out")) if x.endswith(ext)]
            if len(cs) != 1:
                raise CompileError("gmc wrote no single %s file in %s" % (ext, os.path.join(tmp, "out")))
            csrc = os.path.join(tmp, "out", cs[0])
        if cuda:
            edge64 = ["-DGMRT_EDGE64"] if rt.lib(t).edge_size == 8 and "-DGMRT_EDGE64" not in cuda[1] else []
            cmd = [cuda[0]] + cuda[1] + edge64 + [csrc, "-o", os.path.join(tmp, stem + ".so")] + cuda[2]
        else:
            # The program must agree with the library on gm_edge_t (gmrt_base.h).
            edge64 = ["-DGMRT_EDGE64"] if rt.lib(t).edge_size == 8 and "-DGMRT_EDGE64" not in t.cflags else []
            cmd = [t.cc, "-O2", "-fPIC", "-shared", "-std=gnu11"] + list(t.cflags) + edge64 + \
                  [csrc, "-o", os.path.join(tmp, stem + ".so")] + list(t.libs)
        r = _run(cmd, tmp)
        if r.returncode != 0:
            raise CompileError("the compiler failed on gmc's output (%s):\n%s" % (" ".join(cmd), r.stderr),
                               output=r.stderr)
        _write_sum(tmp, os.path.join(tmp, stem + ".so"))
        with open(os.path.join(tmp, "target.txt"), "w") as f:
            f.write(target + "\n")
        if not cache and os.path.exists(entry):
            shutil.rmtree(entry, ignore_errors=True)
        try:
            os.rename(tmp, entry)
            tmp = None
        except OSError:
            if not os.path.exists(so):  # another process did not win the race either
                raise
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    return _load(entry, stem, proc, t)


def _file_sum(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return "%d %s" % (os.path.getsize(path), h.hexdigest())


def _write_sum(entry, so):
    with open(os.path.join(entry, "library.sum"), "w") as f:
        f.write(_file_sum(so) + "\n")


def _sum_ok(entry, so):
    """The library is the one built (size and checksum recorded at creation):
    a truncated or damaged one is rebuilt, never loaded."""
    try:
        with open(os.path.join(entry, "library.sum")) as f:
            return f.read().strip() == _file_sum(so)
    except OSError:
        return False


def _remove_stale(root, age_s=3600):
    """Removes the private folders of compiles killed before their rename
    (a live compile renames its folder within minutes)."""
    now = time.time()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for n in names:
        p = os.path.join(root, n)
        try:
            if n.startswith("tmp-") and now - os.stat(p).st_mtime > age_s:
                shutil.rmtree(p, ignore_errors=True)
        except OSError:
            pass


def _raise(stderr, fname):
    diags = parse_diagnostics(stderr)
    errs = [d for d in diags if d.severity == "error"]
    if errs:
        msg = "\n".join(str(d) for d in errs)
    else:
        msg = stderr.strip() or "gmc failed on %s" % fname
    raise CompileError(msg, diags, stderr)


def _load(entry, stem, proc, t):
    with open(os.path.join(entry, "signature.json")) as f:
        sig = json.load(f)
    diags = []
    try:
        with open(os.path.join(entry, "diagnostics.txt")) as f:
            diags = parse_diagnostics(f.read())
    except OSError:
        pass
    procs = sig["procedures"]
    if not procs:
        raise CompileError("the program exports no procedure (every one is Local)")
    if proc is None:
        if len(procs) > 1:
            names = [p["name"] for p in procs]
            if stem in names:
                proc = stem
            else:
                raise ValueError("the program exports %d procedures (%s): choose one with proc="
                                 % (len(procs), ", ".join(names)))
        else:
            proc = procs[0]["name"]
    chosen = [p for p in procs if p["name"] == proc]
    if not chosen:
        raise ValueError("no exported procedure %r (there are: %s)" % (proc, ", ".join(p["name"] for p in procs)))
    try:
        with open(os.path.join(entry, "target.txt")) as f:
            target = f.read().strip()
    except OSError:
        target = "omp"
    return Procedure(os.path.join(entry, stem + ".so"), chosen[0], rt.lib(t), diags, target=target)
