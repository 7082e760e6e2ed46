#!/bin/sh
# tests/dist/build_sh.sh: build.sh on a machine where packages cannot be
# installed (here: no apt-get in PATH) says exactly what is missing and that
# a release tarball needs none of the generator tools, that without Open MPI
# the distributed runtime is not built, and exits 1 before
# building anything. In a git checkout flex and bison are hidden and must be
# named; in a tarball (distcheck) they must not be (it needs none), so the
# C compiler is hidden there too to stop build.sh early.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-build-sh.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT INT TERM
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }
. "$GMC_SRCDIR/tests/dist/hide_tools.sh"
mkdir "$W/bin"
if [ -e "$GMC_SRCDIR/.git" ] || [ ! -f "$GMC_SRCDIR/gm_front/parser.c" ]; then
    tree=git
    hide_tools "$W/bin" flex bison apt-get sudo mpicc mpirun
else
    tree=tarball
    hide_tools "$W/bin" flex bison apt-get sudo cc gcc 'gcc-*' '*-gcc' '*-gcc-*' clang mpicc mpirun
fi
env PATH="$W/bin" GMC_BUILD_DIR="$W/build" GMC_BUILD_ONLY=1 sh "$GMC_SRCDIR/build.sh" >"$W/out" 2>&1
rc=$?
sed 's/^/    /' "$W/out"
[ $rc = 1 ] && ok "build.sh exits 1 ($tree tree)" || bad "build.sh exit $rc, expected 1"
[ -e "$W/build" ] && bad "build.sh started a build" || ok "nothing built"
grep -q "cannot install packages here (no apt-get)" "$W/out" && ok "says why it cannot install" ||
    bad "no 'cannot install packages here (no apt-get)'"
grep -q "a release tarball (make dist, on a machine that has them) needs none of" "$W/out" &&
    grep -q "the generator tools (flex, bison, autoconf, automake, libtool)" "$W/out" &&
    ok "says a release tarball needs no generator tool" || bad "no word about the release tarball"
grep -q "^build.sh: missing, so the distributed runtime (libgmrt-dist) is not built: openmpi-bin libopenmpi-dev" "$W/out" &&
    ok "names Open MPI as missing, for the distributed runtime only" || bad "Open MPI not named as missing"
if [ $tree = git ]; then
    grep -q "^build.sh: missing to build from a git checkout:.* flex bison" "$W/out" &&
        ok "names flex and bison as missing" || bad "flex and bison not named as missing"
else
    grep -q "flex\$\|flex bison" "$W/out" && bad "a tarball build asks for flex or bison"
    grep -q "^build.sh: missing to build gmc: gcc" "$W/out" && ok "names gcc as missing" ||
        bad "gcc not named as missing"
fi
[ $fail = 0 ] || { echo "$fail check(s) failed"; exit 1; }
echo "build_sh: all checks passed"
