#!/bin/sh
# tests/dist/tarball.sh: the release tarball builds with a C11 compiler with
# OpenMP alone. Makes the distribution (make distdir, packed and unpacked as
# make dist does) in a fresh folder, then configures and builds it with
# flex, bison, yacc, lex, m4, the autotools and pkg-config hidden from PATH
# (a folder of links to every other command of PATH) and CUnit hidden from
# configure (its cache variables say "not found"), without CUDA and without
# MPI (mpicc hidden: configure says libgmrt-dist is not built). Checks that
# configure used the shipped lexer and parser, that gmc --version names the
# commit of the tree the tarball came from, that a CUnit test reports SKIP
# (exit 77) with its reason, and compiles and runs apps/bfs.gm on a small
# graph with a known answer. In a git checkout, also checks that every
# tracked file is in the tarball (a test file left out of EXTRA_DIST).
# GMC_QUICK_CHECK=1 (distcheck's quick subset) skips it: distcheck itself
# builds the tarball.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
if [ "${GMC_QUICK_CHECK:-0}" = 1 ]; then
    echo "SKIP: GMC_QUICK_CHECK=1 (distcheck builds the tarball itself)"
    exit 77
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-tarball.XXXXXX") || exit 99
trap 'chmod -R u+w "$W" 2>/dev/null; rm -rf "$W"' EXIT INT TERM
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
die() { echo "FAIL: $1"; [ -f "$2" ] && tail -n 30 "$2"; exit 1; }

version=$(sed -n 's/^PACKAGE_VERSION = //p' "$GMC_BUILDDIR/Makefile")
d=gmc-$version
mkdir "$W/dist" "$W/unpack" "$W/build" "$W/bin" || exit 99
# make distdir in the build tree: it only reads the tree and writes $W.
make -s -C "$GMC_BUILDDIR" distdir distdir="$W/dist/$d" >"$W/distdir.log" 2>&1 ||
    die "make distdir" "$W/distdir.log"
(cd "$W/dist" && tar -cf - "$d" | gzip -c >"$d.tar.gz") && (cd "$W/unpack" && gzip -dc "../dist/$d.tar.gz" | tar -xf -) ||
    die "packing or unpacking the tarball" /dev/null
S=$W/unpack/$d
for f in gm_front/lexer.c gm_front/lexer.h gm_front/parser.c gm_front/parser.h driver/COMMIT; do
    [ -s "$S/$f" ] && ok "tarball has $f" || bad "tarball lacks $f"
done

# Every file git tracks ships (but .gitignore): what the tests read is there.
if [ -e "$GMC_SRCDIR/.git" ] && command -v git >/dev/null 2>&1; then
    (cd "$GMC_SRCDIR" && git ls-files) | grep -v -e '^\.gitignore$' -e '/\.gitignore$' | sort >"$W/git.txt"
    (cd "$W/dist/$d" && find . -type f | sed 's|^\./||') | sort >"$W/tar.txt"
    comm -23 "$W/git.txt" "$W/tar.txt" >"$W/missing.txt"
    if [ -s "$W/missing.txt" ]; then
        bad "tracked files missing from the tarball (add them to EXTRA_DIST in the tests/*.mk or local.mk that owns them):"
        sed 's/^/    /' "$W/missing.txt"
    else
        ok "every tracked file is in the tarball"
    fi
fi

# A PATH without the generators: links to everything else.
. "$GMC_SRCDIR/tests/dist/hide_tools.sh"
hide_tools "$W/bin" flex flex++ lex bison yacc byacc m4 'autoconf*' autoheader autom4te autoreconf autoscan \
    autoupdate 'automake*' 'aclocal*' libtoolize libtool ifnames pkg-config pkgconf '*-pkg-config' nvcc git \
    'mpicc*' 'mpirun*' 'mpiexec*'
for t in flex bison m4 autoreconf pkg-config; do
    PATH=$W/bin command -v $t >/dev/null 2>&1 && bad "$t still in the test PATH"
done

cd "$W/build" || exit 99
env -u PKG_CONFIG_PATH PATH="$W/bin" "$S/configure" --without-cuda CFLAGS="-O0" \
    ac_cv_header_CUnit_Basic_h=no ac_cv_lib_cunit_CU_initialize_registry=no >"$W/configure.log" 2>&1 ||
    die "configure of the tarball without flex, bison and CUnit" "$W/configure.log"
grep -q "flex not found: using the generated gm_front/lexer.c" "$W/configure.log" &&
    grep -q "bison not found: using the generated gm_front/parser.c" "$W/configure.log" &&
    ok "configure uses the shipped lexer and parser" || bad "configure did not report the shipped lexer and parser"
grep -q "CUnit not found" "$W/configure.log" && ok "configure goes on without CUnit" ||
    bad "configure did not report CUnit as missing"
grep -q "MPI not found: the distributed runtime (libgmrt-dist) is not built" "$W/configure.log" &&
    ok "configure goes on without MPI" || bad "configure did not report MPI as missing"
env PATH="$W/bin" make -j2 >"$W/make.log" 2>&1 || die "make in the unpacked tarball" "$W/make.log"
ok "make builds gmc, gmgraph and libgmrt"
[ -f gm_front/lexer.c ] || [ -f gm_front/parser.c ] && bad "the lexer or parser was generated again"

# gmc --version names the commit the tarball was made from.
want=$(head -n 1 "$S/driver/COMMIT")
[ -e "$GMC_SRCDIR/.git" ] && command -v git >/dev/null 2>&1 && want=$(sh "$GMC_SRCDIR/driver/commit.sh" "$GMC_SRCDIR")
./gmc --version >"$W/version.txt" 2>&1
if [ -n "$want" ] && [ "$want" != unknown ] && grep -q "(commit $want)" "$W/version.txt"; then
    ok "gmc --version names commit $want"
else
    bad "gmc --version does not name commit '$want':"; sed 's/^/    /' "$W/version.txt"
fi
grep -q "^distributed runtime: no" "$W/version.txt" && ok "gmc --version: no distributed runtime without MPI" ||
    { bad "gmc --version does not say the distributed runtime is missing:"; sed 's/^/    /' "$W/version.txt"; }

# A CUnit test built without CUnit: SKIP with its reason (two ways of
# including CUnit: Basic.h directly, and CUnit.h from the runtime's helper).
for t in tests/unit/test_symtab tests/runtime/test_graph; do
    if env PATH="$W/bin" make $t >"$W/cunit.log" 2>&1; then
        ./$t >"$W/skip.txt" 2>&1
        rc=$?
        if [ $rc = 77 ] && grep -q "CUnit was not found" "$W/skip.txt"; then
            ok "$t without CUnit: SKIP (exit 77) with the reason"
        else
            bad "$t without CUnit: exit $rc"; sed 's/^/    /' "$W/skip.txt" | head -5
        fi
    else
        bad "$t does not build without CUnit"; tail -n 15 "$W/cunit.log"
    fi
done

# An app with a known answer: BFS hops on a path with a branch, a self-loop,
# a duplicate edge and an unreachable node.
printf '# Nodes: 6\n0 1\n1 2\n1 2\n2 3\n1 4\n4 4\n' >"$W/g.el"
if env PATH="$W/bin" ./gmc -t omp --main -x -o "$W/app/" "$S/apps/bfs.gm" >"$W/app.log" 2>&1 &&
    "$W/app/bfs" "$W/g.el" --root=0 --out="$W/app/out" >>"$W/app.log" 2>&1; then
    got=$(awk '{ print $NF }' "$W/app/out/dist.txt" | tr '\n' ' ')
    [ "$got" = "0 1 2 3 2 2147483647 " ] && ok "apps/bfs.gm built and run from the tarball build: $got" ||
        bad "apps/bfs.gm distances '$got', expected 0 1 2 3 2 2147483647"
else
    bad "gmc -x apps/bfs.gm or its run failed"; tail -n 15 "$W/app.log"
fi

[ $fail = 0 ] || { echo "$fail check(s) failed"; exit 1; }
echo "tarball: all checks passed"
