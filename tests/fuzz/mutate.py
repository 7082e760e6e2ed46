#!/usr/bin/python3
"""tests/fuzz/mutate.py: mutation runs of the whole compiler over its corpus.

    python3 tests/fuzz/mutate.py GMC SECONDS [SEED] [OUT]
    MUTATE_ANSWERS=1 python3 tests/fuzz/mutate.py ...   (also compares answers)

Takes the repository's programs (apps/, tests/golden/accept/, tests/opt/,
tests/omp/, tests/cuda/), changes each one a little (a line deleted,
repeated or swapped; an operator, assignment operator, type, range or
constant replaced; a name exchanged for another of the same file), and runs
`GMC -t omp` and `GMC -t cuda` on the result. A finding is kept in OUT
(default /tmp/gmc-mutate/found), one folder per program with its text and
the tool's output, when:
  - gmc crashes, hangs (20 s) or exits with another status than 0 or 1;
  - gmc exits 1 without an error line;
  - an accepted program's C does not compile under gcc or clang with
    -Wall -Wextra -Werror -fopenmp (README: generated code compiles without
    warnings for every program gmc accepts), or (a sample, MUTATE_NVCC
    share, default 0.15) its CUDA under nvcc -Werror all-warnings.
With MUTATE_ANSWERS=1, an accepted program of one procedure whose inputs
the driver can make up (numeric and Bool properties, --random-NAME; scalars
and a Node, fixed values) is also built with and without -O0 and run on a
small multigraph (self-loops, parallel edges; one thread, one seed): a
difference in exit status, printed values or --out files (floating values
within a relative 1e-6) is kept too. Programs that draw random numbers are
left out. (A property read before it is written reads zero, or NIL, since
session 39: such programs' answers are compared like any other's.)
Programs with foreign code (`[ ... ]` statements: the user's own C) are not
compiled. Exit status: 1 when anything was found, else 0. Each run of
session 38 found real bugs (a lost arg-min payload, warnings on
self-comparisons and on integer constants in Float contexts); a clean
run proves nothing beyond the mutations it tried. Needs Python 3's standard
library, gcc, and clang and nvcc where present. GMC is a built gmc; the
runtime headers come from the source tree this script is in.
"""
import glob
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import time

TOKEN = re.compile(r'[A-Za-z_][A-Za-z_0-9]*|\d+\.\d*|\d+|min=|max=|\+=|\*=|&&=|\|\|=|<=|>=|==|!=|&&|\|\||\S')
GROUPS = [
    ['+', '-', '*', '/', '%', '<', '>', '<=', '>=', '==', '!=', '&&', '||'],
    ['=', '+=', '*=', 'min=', 'max=', '&&=', '||='],
    ['Int', 'Long', 'Float', 'Double', 'Bool', 'Node', 'Edge'],
    ['Nbrs', 'InNbrs', 'OutNbrs', 'UpNbrs', 'DownNbrs', 'Nodes', 'Edges', 'CommonNbrs'],
    ['Foreach', 'For'],
]
CONSTANTS = ['0', '1', '-1', '2', '16777217', '2147483647', '9223372036854775807', '0.5', '+INF', '-INF',
             'NIL', 'True', 'False']
FOREIGN = re.compile(r'^\s*\[ ', re.M)


def mutate(text, rnd):
    """One small change of text."""
    lines = text.split('\n')
    k = rnd.randrange(8)
    if k == 0 and len(lines) > 2:
        del lines[rnd.randrange(len(lines))]
        return '\n'.join(lines)
    if k == 1:
        lines.insert(rnd.randrange(len(lines)), rnd.choice(lines))
        return '\n'.join(lines)
    if k == 2 and len(lines) > 2:
        i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return '\n'.join(lines)
    tokens = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
    names = [t for _, _, t in tokens if re.match(r'[A-Za-z_]', t)]
    for _ in range(20):
        if not tokens:
            break
        s, e, t = rnd.choice(tokens)
        for group in GROUPS:
            if t in group:
                return text[:s] + rnd.choice(group) + text[e:]
        if re.match(r'\d', t) or t in CONSTANTS:
            return text[:s] + rnd.choice(CONSTANTS) + text[e:]
        if names and re.match(r'[A-Za-z_]', t) and k >= 6:
            return text[:s] + rnd.choice(names) + text[e:]
    return text


def run(cmd, timeout):
    """(exit status or 'hang', output)."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 'hang', ''


def driver_args(signature):
    """The driver's options for a program's inputs, or None when unsure."""
    import json
    try:
        procs = json.loads(signature[signature.index('{'):])['procedures']
    except (ValueError, KeyError):
        return None
    if len(procs) != 1:
        return None
    args = []
    for p in procs[0]['params']:
        t, n = p['type'], p['name']
        if p['output'] or t['kind'] == 'graph':
            continue
        if t['kind'] in ('node_prop', 'edge_prop'):
            ek = t['elem']['kind']
            if ek in ('int', 'long', 'float', 'double'):
                args.append('--random-%s=0:9' % n)
            elif ek == 'bool':
                args.append('--random-%s=0:1' % n)
            else:
                return None
        elif t['kind'] in ('int', 'long'):
            args.append('--%s=3' % n)
        elif t['kind'] in ('float', 'double'):
            args.append('--%s=0.5' % n)
        elif t['kind'] == 'bool':
            args.append('--%s=true' % n)
        elif t['kind'] == 'node':
            args.append('--%s=1' % n)
        else:
            return None
    return args


def same_text(x, y):
    """Equal word by word, numbers within a relative 1e-6."""
    a, b = x.split(), y.split()
    if len(a) != len(b):
        return False
    for u, v in zip(a, b):
        if u == v:
            continue
        try:
            if abs(float(u) - float(v)) > 1e-6 * max(1.0, abs(float(u)), abs(float(v))):
                return False
        except ValueError:
            return False
    return True


def answers(gmc, gm, name, work, graph, args):
    """(status, printed values, --out files) built with and without -O0."""
    got = []
    for opt in ([], ['-O0']):
        d = os.path.join(work, 'answers%d' % len(got))
        rc, _ = run([gmc, '-t', 'omp', '--main', '-x', '-w'] + opt + [gm, '-o', d + '/'], 60)
        if rc != 0:
            return None
        o = os.path.join(d, 'out')
        rc, log = run([os.path.join(d, name), graph] + args + ['--seed=7', '--threads=1', '--out=' + o], 10)
        if rc == 'hang':
            return None
        printed = '\n'.join(l for l in log.split('\n') if not re.match(r'(\w+_ms|graph) = ', l))
        files = ''.join(os.path.basename(f) + ' ' + open(f, errors='replace').read() + '\n'
                        for f in sorted(glob.glob(o + '/*')))
        got.append((rc, printed, files))
    return got


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gmc, seconds = sys.argv[1], float(sys.argv[2])
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    out = sys.argv[4] if len(sys.argv) > 4 else '/tmp/gmc-mutate/found'
    src = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rt = os.path.join(src, 'gm_runtime')
    rnd = random.Random(seed)
    files = sorted(set(glob.glob(src + '/apps/*.gm') + glob.glob(src + '/tests/golden/accept/*.gm') +
                       glob.glob(src + '/tests/opt/**/*.gm', recursive=True) + glob.glob(src + '/tests/omp/*.gm') +
                       glob.glob(src + '/tests/cuda/**/*.gm', recursive=True)))
    corpus = [open(f, encoding='utf-8', errors='replace').read() for f in files]
    compilers = [c for c in ('gcc', 'clang') if shutil.which(c)]
    nvcc = shutil.which('nvcc') or ('/usr/local/cuda/bin/nvcc' if os.access('/usr/local/cuda/bin/nvcc', os.X_OK) else None)
    nvcc_share = float(os.environ.get('MUTATE_NVCC', '0.15'))
    work = os.path.join(os.path.dirname(out), 'work%d' % seed)
    os.makedirs(out, exist_ok=True)
    check_answers = os.environ.get('MUTATE_ANSWERS') == '1'
    graph = os.path.join(os.path.dirname(out), 'graph%d.el' % seed)
    with open(graph, 'w') as f:
        g = random.Random(3)
        for _ in range(60):
            f.write('%d %d\n' % (g.randrange(20), g.randrange(20)))
        f.write('5 5\n3 3\n7 8\n7 8\n19 0\n')
    t0, tried, accepted, found, seen = time.time(), 0, 0, 0, set()
    while time.time() - t0 < seconds:
        text = rnd.choice(corpus)
        for _ in range(rnd.randrange(1, 4)):
            text = mutate(text, rnd)
        digest = hashlib.md5(text.encode()).hexdigest()[:12]
        if digest in seen:
            continue
        seen.add(digest)
        tried += 1
        m = re.search(r'Procedure\s+([A-Za-z_][A-Za-z_0-9]*)', text)
        name = m.group(1) if m else 'p'
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        gm = os.path.join(work, name + '.gm')
        with open(gm, 'w') as f:
            f.write(text)
        foreign = FOREIGN.search(text) is not None
        for target in ('omp', 'cuda'):
            d = os.path.join(work, target)
            rc, log = run([gmc, '-t', target, gm, '-o', d + '/'], 20)
            what = None
            if rc == 'hang':
                what = 'hang'
            elif rc not in (0, 1):
                what = 'exit%s' % rc
            elif rc == 1 and 'error' not in log:
                what = 'silent'
            elif rc == 0 and not foreign and target == 'omp':
                accepted += 1
                for c in glob.glob(d + '/*.c'):
                    for cc in compilers:
                        rc2, log2 = run([cc, '-std=c11', '-fopenmp', '-Wall', '-Wextra', '-Werror', '-I', rt, '-c', c,
                                         '-o', os.devnull], 60)
                        if rc2 != 0:
                            what, log = cc, log2
                            break
                    if what:
                        break
            elif rc == 0 and not foreign and target == 'cuda' and nvcc and rnd.random() < nvcc_share:
                for c in glob.glob(d + '/*.cu'):
                    rc2, log2 = run([nvcc, '-std=c++17', '-arch=sm_90', '-Werror', 'all-warnings', '-Xcompiler',
                                     '-fopenmp,-Wall,-Wextra', '-I', rt, '-c', c, '-o', os.devnull], 120)
                    if rc2 != 0:
                        what, log = 'nvcc', log2
                        break
            if not what and rc == 0 and target == 'omp' and check_answers and not foreign and \
                    not re.search(r'Rand|PickRandom|Uniform', text):
                sig_rc, sig = run([gmc, '--dump=signature', gm], 20)
                args = driver_args(sig) if sig_rc == 0 else None
                got = answers(gmc, gm, name, work, graph, args) if args is not None else None
                if got and (got[0][0] != got[1][0] or not same_text(got[0][1], got[1][1]) or
                            not same_text(got[0][2], got[1][2])):
                    what = 'answers'
                    log = 'args: %s\n-- default:\n%s\n%s\n-- -O0:\n%s\n%s\n' % (
                        ' '.join(args), got[0][1], got[0][2][:1500], got[1][1], got[1][2][:1500])
            if what:
                found += 1
                keep = os.path.join(out, '%s_%s_%s' % (what, target, digest))
                os.makedirs(keep, exist_ok=True)
                with open(os.path.join(keep, name + '.gm'), 'w') as f:
                    f.write(text)
                with open(os.path.join(keep, 'output.txt'), 'w') as f:
                    f.write(str(log)[-4000:])
                print('found: %s (%s): %s' % (what, target, keep), flush=True)
    print('mutate.py: %d programs, %d accepted by -t omp and compiled, %d findings in %s' %
          (tried, accepted, found, out), flush=True)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main())
