#!/bin/sh
# tests/dist/tarball.sh: the release tarball builds with a C11 compiler with
# OpenMP alone. Two halves, one in each run of run-tests.sh, so that the
# tarball is built once (by make distcheck), not once more here:
#  - make check in the tree (GMC_QUICK_CHECK=0): make distdir in a fresh
#    folder, no build. The tarball carries the generated lexer and parser,
#    driver/COMMIT naming the commit of the tree (driver/commit.sh), and, in
#    a git checkout, every tracked file (a test file left out of EXTRA_DIST).
#  - make distcheck (GMC_QUICK_CHECK=1): distcheck's own build of the
#    tarball, which Makefile.am's AM_DISTCHECK_CONFIGURE_FLAGS configures
#    with flex, bison, CUnit, MPI and nvcc hidden (their cache variables say "not
#    found"). Checks that configure used the shipped lexer and parser and
#    went on without CUnit, MPI and nvcc, that make did not generate the
#    lexer or parser again nor build libgmrt-cuda, that gmc --version names
#    the commit in the tarball's driver/COMMIT (the other half checks that
#    it is the tree's), no distributed runtime and no CUDA support (nvcc is
#    hidden too: the tree's build compiles libgmrt-cuda from the same
#    sources), that a CUnit test reports SKIP (exit 77) with its
#    reason, and compiles (gmc -x with flex, bison, the autotools,
#    pkg-config, git, nvcc and mpicc hidden from PATH: a folder of links to
#    every other command) and runs apps/bfs.gm on a small graph with a known
#    answer.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
: "${GMC:=$GMC_BUILDDIR/gmc}"
: "${GMGRAPH:=$GMC_BUILDDIR/gmgraph}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-tarball.XXXXXX") || exit 99
trap 'chmod -R u+w "$W" 2>/dev/null; rm -rf "$W"' EXIT INT TERM
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
die() { echo "FAIL: $1"; [ -f "$2" ] && tail -n 30 "$2"; exit 1; }
finish() {
    [ $fail = 0 ] || { echo "$fail check(s) failed"; exit 1; }
    echo "tarball ($1): all checks passed"
    exit 0
}

if [ "${GMC_QUICK_CHECK:-0}" != 1 ]; then
    # ---- the tree's half: what make dist puts in the tarball ----------------------
    version=$(sed -n 's/^PACKAGE_VERSION = //p' "$GMC_BUILDDIR/Makefile")
    d=gmc-$version
    # make distdir in the build tree: it only reads the tree and writes $W.
    make -s -C "$GMC_BUILDDIR" distdir distdir="$W/$d" >"$W/distdir.log" 2>&1 ||
        die "make distdir" "$W/distdir.log"
    for f in gm_front/lexer.c gm_front/lexer.h gm_front/parser.c gm_front/parser.h driver/COMMIT; do
        [ -s "$W/$d/$f" ] && ok "tarball has $f" || bad "tarball lacks $f"
    done
    want=$(sh "$GMC_SRCDIR/driver/commit.sh" "$GMC_SRCDIR")
    got=$(head -n 1 "$W/$d/driver/COMMIT" 2>/dev/null)
    if [ -n "$got" ] && [ "$got" != unknown ] && [ "$got" = "$want" ]; then
        ok "driver/COMMIT names the tree's commit $want"
    else
        bad "driver/COMMIT says '$got', the tree is at '$want'"
    fi
    # Every file git tracks ships (but .gitignore): what the tests read is there.
    if [ -e "$GMC_SRCDIR/.git" ] && command -v git >/dev/null 2>&1; then
        (cd "$GMC_SRCDIR" && git ls-files) | grep -v -e '^\.gitignore$' -e '/\.gitignore$' | sort >"$W/git.txt"
        (cd "$W/$d" && find . -type f | sed 's|^\./||') | sort >"$W/tar.txt"
        comm -23 "$W/git.txt" "$W/tar.txt" >"$W/missing.txt"
        if [ -s "$W/missing.txt" ]; then
            bad "tracked files missing from the tarball (add them to EXTRA_DIST in the tests/*.mk or local.mk that owns them):"
            sed 's/^/    /' "$W/missing.txt"
        else
            ok "every tracked file is in the tarball"
        fi
    fi
    finish "make distdir"
fi

# ---- the tarball's half: distcheck's build of it (this build) ----------------------
B=$GMC_BUILDDIR
log=$B/config.log
grep -q "flex not found: using the generated gm_front/lexer.c" "$log" &&
    grep -q "bison not found: using the generated gm_front/parser.c" "$log" &&
    ok "configure uses the shipped lexer and parser" || bad "configure did not report the shipped lexer and parser"
grep -q "CUnit not found" "$log" && ok "configure goes on without CUnit" ||
    bad "configure did not report CUnit as missing"
grep -q "MPI not found: the distributed runtime (libgmrt-dist) is not built" "$log" &&
    ok "configure goes on without MPI" || bad "configure did not report MPI as missing"
grep -q "nvcc not found: CUDA output is generated but not compiled" "$log" &&
    ok "configure goes on without nvcc" || bad "configure did not report nvcc as missing"
[ -e "$B/libgmrt-cuda.a" ] && bad "libgmrt-cuda was built without nvcc"
[ -x "$GMC" ] && [ -x "$GMGRAPH" ] && [ -f "$B/libgmrt.la" ] && ok "make built gmc, gmgraph and libgmrt" ||
    bad "gmc, gmgraph or libgmrt.la missing from the build"
[ -f "$B/gm_front/lexer.c" ] || [ -f "$B/gm_front/parser.c" ] && bad "the lexer or parser was generated again"

# gmc --version names the commit the tarball was made from (driver/COMMIT,
# which the tree's half checks against the tree).
want=$(head -n 1 "$GMC_SRCDIR/driver/COMMIT" 2>/dev/null)
"$GMC" --version >"$W/version.txt" 2>&1
if [ -n "$want" ] && [ "$want" != unknown ] && grep -q "(commit $want)" "$W/version.txt"; then
    ok "gmc --version names commit $want"
else
    bad "gmc --version does not name commit '$want':"; sed 's/^/    /' "$W/version.txt"
fi
grep -q "^distributed runtime: no" "$W/version.txt" && ok "gmc --version: no distributed runtime without MPI" ||
    { bad "gmc --version does not say the distributed runtime is missing:"; sed 's/^/    /' "$W/version.txt"; }
grep -q "^CUDA support: no (configure found no nvcc" "$W/version.txt" && ok "gmc --version: no CUDA support without nvcc" ||
    { bad "gmc --version does not say that configure found no nvcc:"; sed 's/^/    /' "$W/version.txt"; }

# A CUnit test built without CUnit: SKIP with its reason (two ways of
# including CUnit: Basic.h directly, and CUnit.h from the runtime's helper).
# make check has built them (check_PROGRAMS) before running the tests.
for t in tests/unit/test_symtab tests/runtime/test_graph; do
    if [ -x "$B/$t" ]; then
        "$B/$t" >"$W/skip.txt" 2>&1
        rc=$?
        if [ $rc = 77 ] && grep -q "CUnit was not found" "$W/skip.txt"; then
            ok "$t without CUnit: SKIP (exit 77) with the reason"
        else
            bad "$t without CUnit: exit $rc"; sed 's/^/    /' "$W/skip.txt" | head -5
        fi
    else
        bad "$t was not built without CUnit"
    fi
done

# An app with a known answer: BFS hops on a path with a branch, a self-loop,
# a duplicate edge and an unreachable node; gmc -x with a PATH without the
# generators (links to everything else).
mkdir "$W/bin" || exit 99
. "$GMC_SRCDIR/tests/dist/hide_tools.sh"
hide_tools "$W/bin" flex flex++ lex bison yacc byacc m4 'autoconf*' autoheader autom4te autoreconf autoscan \
    autoupdate 'automake*' 'aclocal*' libtoolize libtool ifnames pkg-config pkgconf '*-pkg-config' nvcc git \
    'mpicc*' 'mpirun*' 'mpiexec*'
for t in flex bison m4 autoreconf pkg-config; do
    PATH=$W/bin command -v $t >/dev/null 2>&1 && bad "$t still in the test PATH"
done
printf '# Nodes: 6\n0 1\n1 2\n1 2\n2 3\n1 4\n4 4\n' >"$W/g.el"
if env PATH="$W/bin" "$GMC" -t omp --main -x -o "$W/app/" "$GMC_SRCDIR/apps/bfs.gm" >"$W/app.log" 2>&1 &&
    "$W/app/bfs" "$W/g.el" --root=0 --out="$W/app/out" >>"$W/app.log" 2>&1; then
    got=$(awk '{ print $NF }' "$W/app/out/dist.txt" | tr '\n' ' ')
    [ "$got" = "0 1 2 3 2 2147483647 " ] && ok "apps/bfs.gm built and run from the tarball build: $got" ||
        bad "apps/bfs.gm distances '$got', expected 0 1 2 3 2 2147483647"
else
    bad "gmc -x apps/bfs.gm or its run failed"; tail -n 15 "$W/app.log"
fi
finish "distcheck's build"
