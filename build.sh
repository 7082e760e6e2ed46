#!/bin/sh
# build.sh: set-up command 1. Installs missing build packages (when run as root on
# Debian/Ubuntu), builds gmc, gmgraph and the runtime in _build/, and runs the main
# job on a built-in input.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build="${GMC_BUILD_DIR:-$here/_build}"

# Debian package for each tool the build needs. A release tarball (make dist)
# carries configure and the flex/bison outputs: it needs a C compiler and
# make only. A git checkout also needs the generators. CUnit and pkg-config
# serve the tests (run-tests.sh), not the build. zlib reads gzip-compressed
# graphs; without it the build goes on and a .gz input is an error.
need="" gen="" tests="" opt="" mpi="" mpi_said=0
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
tarball=no
[ -x "$here/configure" ] && [ -f "$here/gm_front/lexer.c" ] && [ -f "$here/gm_front/parser.c" ] &&
    [ ! -e "$here/.git" ] && tarball=yes
if [ $tarball = no ]; then
    command -v flex >/dev/null 2>&1 || gen="$gen flex"
    command -v bison >/dev/null 2>&1 || gen="$gen bison"
    command -v autoreconf >/dev/null 2>&1 || gen="$gen autoconf"
    command -v automake >/dev/null 2>&1 || gen="$gen automake"
    command -v libtoolize >/dev/null 2>&1 || gen="$gen libtool"
fi
command -v pkg-config >/dev/null 2>&1 || tests="$tests pkg-config"
[ -f /usr/include/CUnit/Basic.h ] || tests="$tests libcunit1-dev"
[ -f /usr/include/zlib.h ] || opt="$opt zlib1g-dev"
# Open MPI builds libgmrt-dist, the distributed runtime (optional: without it
# configure says so and everything else builds); installed with the optional
# packages below, so that a failed install never stops the build.
{ command -v mpicc >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; } || mpi=" openmpi-bin libopenmpi-dev"
if [ -n "$need$gen$tests$opt" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "build.sh: installing:$need$gen$tests$opt"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need $gen $tests $opt >/dev/null
    else
        why="not root"
        command -v apt-get >/dev/null 2>&1 || why="no apt-get"
        [ -z "$tests" ] || echo "build.sh: missing for the tests only (run-tests.sh), not the build:$tests" >&2
        [ -z "$opt" ] || echo "build.sh: missing, so gzip-compressed graphs (.gz) cannot be read:$opt" >&2
        [ -z "$mpi" ] || echo "build.sh: missing, so the distributed runtime (libgmrt-dist) is not built:$mpi" >&2
        mpi_said=1
        if [ -n "$need$gen" ]; then
            [ -z "$need" ] || echo "build.sh: missing to build gmc:$need" >&2
            [ -z "$gen" ] || echo "build.sh: missing to build from a git checkout:$gen" >&2
            echo "build.sh: cannot install packages here ($why): install the Debian packages above" >&2
            echo "build.sh: (root: apt-get install$need$gen$tests$opt), or their equivalents" >&2
            echo "build.sh: a release tarball (make dist, on a machine that has them) needs none of" >&2
            echo "build.sh: the generator tools (flex, bison, autoconf, automake, libtool): only a C11" >&2
            echo "build.sh: compiler with OpenMP and make" >&2
            exit 1
        fi
    fi
fi

# Optional: clang with its OpenMP runtime, for make check's compile of the
# generated code by a second compiler (tests/codegen/build_all.sh); only
# installed when we can, never required.
opt=""
command -v clang >/dev/null 2>&1 || opt="$opt clang"
ls /usr/lib/llvm-*/lib/libomp.so >/dev/null 2>&1 || opt="$opt libomp-dev"
# NumPy, SciPy and NetworkX for the Python package's test (tests/python/python.sh,
# skipped without them), as Debian packages of the system's /usr/bin/python3.
for m in numpy scipy networkx; do
    [ -x /usr/bin/python3 ] && ! /usr/bin/python3 -c "import $m" >/dev/null 2>&1 && opt="$opt python3-$m"
done
if [ -n "$opt" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "build.sh: installing (optional):$opt"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $opt >/dev/null; } ||
        echo "build.sh: could not install$opt (the parts of make check that need them are skipped)"
fi
if [ -n "$mpi" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "build.sh: installing (optional):$mpi"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $mpi >/dev/null; } ||
            echo "build.sh: could not install$mpi: the distributed runtime (libgmrt-dist) is not built, its tests are skipped"
    elif [ $mpi_said = 0 ]; then
        echo "build.sh: missing, so the distributed runtime (libgmrt-dist) is not built:$mpi" >&2
    fi
fi

cd "$here"
if [ ! -x configure ] || [ configure.ac -nt configure ]; then
    autoreconf -fi >/dev/null 2>&1 || autoreconf -fi
fi
mkdir -p "$build"
cd "$build"
# configure under /bin/sh (Debian's dash): it passes autoconf's required
# shell tests but not the suggested ones (LINENO), so configure would run
# itself again under bash and give every Makefile SHELL = /bin/bash, each
# recipe line a bash start (config.status makes ~330 depfiles through make,
# two each): ~12 of configure's ~33 processor s here. A CONFIG_SHELL of the
# caller's wins.
if [ -z "${CONFIG_SHELL:-}" ] && [ -x /bin/sh ]; then
    CONFIG_SHELL=/bin/sh
    export CONFIG_SHELL
fi
[ -f Makefile ] || "${CONFIG_SHELL:-/bin/sh}" "$here/configure" -q
make -j"$(nproc 2>/dev/null || echo 2)" >/dev/null

[ "${GMC_BUILD_ONLY:-0}" = 1 ] && exit 0

# The main job: check every shipped Green-Marl program, then compile PageRank
# to C + OpenMP and run it on an RMAT scale-18 graph generated on the spot.
echo "== gmc --check apps/*.gm =="
bad=0
for f in "$here"/apps/*.gm; do
    ./gmc --check "$f" || bad=1
done
[ $bad = 0 ] && echo "  all $(ls "$here"/apps/*.gm | wc -l) apps are valid"
echo "== gmgraph gen rmat --scale 18 --edge-factor 16 =="
[ -f rmat18.gmb ] || ./gmgraph gen rmat --scale 18 --edge-factor 16 --seed 1 -o rmat18.gmb
./gmgraph info rmat18.gmb | head -n 4
echo "== gmc -t omp --main -x apps/pagerank.gm; ./demo/pagerank rmat18.gmb =="
./gmc -t omp --main -x -o demo/ "$here/apps/pagerank.gm"
./demo/pagerank rmat18.gmb --e=1e-7 --d=0.85 --max_iter=20 --out=demo/out
echo "  first PageRank values (demo/out/rank.txt):"
head -n 3 demo/out/rank.txt | sed 's/^/    /'
# With a GPU, the CUDA build of the same app, and both times side by side.
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi >/dev/null 2>&1 &&
    ./gmc --version | grep -q "CUDA support: yes"; then
    echo "== gmc -t cuda --main -x apps/pagerank.gm; ./demo-cuda/pagerank rmat18.gmb =="
    ./gmc -t cuda --main -x -o demo-cuda/ "$here/apps/pagerank.gm"
    ./demo-cuda/pagerank rmat18.gmb --e=1e-7 --d=0.85 --max_iter=20 --repeat=3 --out=demo-cuda/out
    cpu=$(./demo/pagerank rmat18.gmb --e=1e-7 --d=0.85 --max_iter=20 | awk '/^time_ms/ { print $3 }')
    gpu=$(./demo-cuda/pagerank rmat18.gmb --e=1e-7 --d=0.85 --max_iter=20 --repeat=3 | awk '/^time_ms/ { print $3 }')
    echo "  PageRank on RMAT-18: OpenMP $cpu ms, CUDA $gpu ms"
fi
echo "build.sh: done; binaries in $build (gmc, gmgraph)"
