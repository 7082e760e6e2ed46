#!/usr/bin/python3
"""tests/fuzz/mutate.py: mutation runs of the whole compiler over its corpus.

    python3 tests/fuzz/mutate.py GMC SECONDS [SEED] [OUT]

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
