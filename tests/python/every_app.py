"""every_app.py: every app in apps/ called through the Python package,
checked against the plain-C references of the end-to-end tests (issue 34).

Run by tests/python/python.sh (test_gmc.py imports run_every_app): for each
app of tests/e2e/run's table that is in apps/, on three awkward graphs
(self-loops and parallel edges, a hub with isolated nodes, a random
multigraph; all weighted), the reference tests/e2e/ref_APP runs on the
graph file with the table's arguments (--out=DIR), the package runs the app
on gmc.load() of the same file with the same arguments as Python values, its
outputs are written as a generated program writes them (NAME.txt, one value
per line; stdout.txt with NAME = VALUE), and the e2e comparator (or the
validator, for the apps with several right answers) judges them with the
tolerances of the end-to-end tests. Returns the failures as text.
"""

import os
import re
import subprocess

import numpy as np

import gmc


def _table(src):
    """tests/e2e/run's app table: NAME -> (KIND, ARGS, CHECKS, LEFT OUT)."""
    text = open(os.path.join(src, "tests", "e2e", "run")).read()
    block = re.search(r"^APPS='\n(.*?)^'", text, re.S | re.M).group(1)
    apps = {}
    for line in block.splitlines():
        f = line.split("|")
        if len(f) == 5:
            apps[f[0]] = (f[1], f[2], f[3], f[4].split())
    return apps


def _graphs(tmp):
    """(name, path, n) of three weighted edge lists."""
    rng = np.random.default_rng(11)
    out = []

    def write(name, n, edges):
        path = os.path.join(tmp, name + ".el")
        with open(path, "w") as f:
            f.write("# Nodes: %d\n" % n)
            for s, d, w in edges:
                f.write("%d %d %d\n" % (s, d, w))
        out.append((name, path, n))

    write("selfdup", 12, [(0, 0, 3), (0, 1, 2), (0, 1, 5), (1, 2, 1), (2, 0, 4), (2, 2, 1), (3, 4, 2),
                          (4, 3, 2), (4, 5, 7), (5, 6, 1), (6, 4, 3), (7, 8, 1), (8, 7, 1), (8, 9, 2),
                          (9, 10, 2), (10, 8, 5), (10, 10, 6), (1, 3, 9)])
    hub = [(0, v, 1 + v % 5) for v in range(1, 21)] + [(v, 0, 1 + v % 3) for v in range(1, 21)]
    hub += [(1, 2, 2), (2, 3, 2), (3, 1, 4)]
    write("hub", 30, hub)  # 21..29 isolated
    n = 40
    write("random", n, [(int(s), int(d), int(w)) for s, d, w in
                        zip(rng.integers(0, n, 220), rng.integers(0, n, 220), rng.integers(1, 20, 220))])
    return out


def _node_file(tmp, gname, what, n):
    """The per-graph node property files of tests/e2e/run (same formulas)."""
    if what == "AGE":
        vals = [5 + (i * 37 + 11) % 40 for i in range(n)]
    elif what == "MEMBER":
        vals = [(i * 13 + 5) % 3 for i in range(n)]
    elif what == "LEFT":
        vals = [1 if (i * 2654435761) % 1000 < 450 else 0 for i in range(n)]
    else:
        raise KeyError(what)
    path = os.path.join(tmp, "%s.%s" % (gname, what.lower()))
    with open(path, "w") as f:
        f.write("".join("%d\n" % v for v in vals))
    return path, vals


def _fmt(v, kind):
    if kind == "bool":
        return "1" if v else "0"
    if kind in ("float", "double"):
        return repr(float(v))
    return str(int(v))


def _write_outputs(proc, res, d):
    os.makedirs(d, exist_ok=True)
    lines = []
    for p in proc.params:
        if not p["output"]:
            continue
        name, t = p["name"], p["type"]
        v = res[name]
        if t["kind"] == "node_prop" and t["elem"]["kind"] == "node_set":
            with open(os.path.join(d, name + ".txt"), "w") as f:
                f.write("".join(" ".join(str(int(x)) for x in s) + "\n" for s in v))
        elif t["kind"] in ("node_prop", "edge_prop"):
            ek = t["elem"]["kind"]
            with open(os.path.join(d, name + ".txt"), "w") as f:
                f.write("".join(_fmt(x, ek) + "\n" for x in np.asarray(v).tolist()))
        else:
            lines.append("%s = %s" % (name, _fmt(v if t["kind"] != "node" else -1 if v is None else v,
                                                  t["kind"])))
    ret = proc.signature["return"]
    if ret is not None:
        rv = res.return_value
        lines.append("return = %s" % _fmt(-1 if rv is None else rv, ret["kind"]))
    with open(os.path.join(d, "stdout.txt"), "w") as f:
        f.write("".join(line + "\n" for line in lines))


def _py_value(p, text, files):
    k = p["type"]["kind"]
    if k in ("node_prop", "edge_prop"):
        return files[text]
    if k == "bool":
        return text in ("1", "true", "True")
    if k in ("int", "long", "node"):
        return int(text)
    return float(text)


def run_every_app(src, build, tmp, only=None):
    apps_dir = os.path.join(src, "apps")
    e2e = os.path.join(build, "tests", "e2e")
    table = _table(src)
    failures, ran = [], 0
    graphs = _graphs(tmp)
    for name in sorted(table):
        if not os.path.exists(os.path.join(apps_dir, name + ".gm")) or (only and name not in only):
            continue
        kind, args, checks, left_out = table[name]
        ref = os.path.join(e2e, "ref_" + name)
        if not os.access(ref, os.X_OK):
            failures.append("%s: no reference %s" % (name, ref))
            continue
        proc = gmc.compile(os.path.join(apps_dir, name + ".gm"))
        params = {p["name"]: p for p in proc.params}
        for gname, path, n in graphs:
            files, argv = {}, []
            for a in args.split():
                key, _, val = a[2:].partition("=")
                val = val.replace("@LAST", str(n - 1))
                m = re.fullmatch(r"@(AGE|MEMBER|LEFT)", val)
                if m:
                    fpath, vals = _node_file(tmp, gname, m.group(1), n)
                    files[fpath] = vals
                    val = fpath
                argv.append("--%s=%s" % (key, val))
            refdir = os.path.join(tmp, "ref-%s-%s" % (name, gname))
            pydir = os.path.join(tmp, "py-%s-%s" % (name, gname))
            os.makedirs(refdir, exist_ok=True)
            r = subprocess.run([ref, path] + argv + ["--out=" + refdir], capture_output=True, text=True,
                               timeout=120)
            if r.returncode != 0:
                failures.append("%s on %s: the reference failed: %s" % (name, gname, r.stderr.strip()[:200]))
                continue
            with open(os.path.join(refdir, "stdout.txt"), "w") as f:
                f.write(r.stdout)
            G = gmc.load(path)
            kwargs = {}
            for a in argv:
                key, _, val = a[2:].partition("=")
                p = params[key]
                v = _py_value(p, val, files)
                if p["type"]["kind"] in ("node_prop", "edge_prop"):
                    dt = {"int": np.int32, "long": np.int64, "bool": np.bool_, "float": np.float32,
                          "double": np.float64, "node": np.int32}[p["type"]["elem"]["kind"]]
                    v = np.array(v, dtype=dt)
                kwargs[key] = v
            try:
                res = proc(G, **kwargs)
            except Exception as e:  # noqa: BLE001 (reported as a failure)
                failures.append("%s on %s: the package raised %r" % (name, gname, e))
                continue
            _write_outputs(proc, res, pydir)
            if checks == "validate":
                cmd = [os.path.join(e2e, "e2e_validate"), name, path, "--out=" + pydir] + argv
            else:
                cmd = [os.path.join(e2e, "e2e_compare"), refdir, pydir] + checks.split()
            c = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
            ran += 1
            if c.returncode != 0:
                failures.append("%s on %s: %s" % (name, gname, (c.stdout + c.stderr).strip()[:300]))
    return ran, failures
