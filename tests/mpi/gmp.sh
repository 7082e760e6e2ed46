#!/bin/sh
# tests/mpi/gmp.sh: runs tests/mpi/test_gmp (partitioned graph files:
# `gmgraph partition` parts loaded by gmd_load equal the in-memory
# partition field by field; bad parts are refused with a message) under
# mpirun -np P for P = 1..5 (tests/mpi/ranks.sh). Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
gmgraph=${GMGRAPH:-$GMC_BUILDDIR/gmgraph}
# test_gmp runs gmgraph some thirty times per P: in a build tree gmgraph is
# a libtool wrapper script whose start costs more than the work (0.6 s on a
# busy 2-core box), so the test calls the binary it wraps, in the library
# path the wrapper would set.
lt=$GMC_BUILDDIR/libtool
if [ -x "$lt" ]; then
    real=$("$lt" --mode=execute sh -c 'printf %s "$0"' "$gmgraph" 2>/dev/null)
    libs=$("$lt" --mode=execute sh -c 'printf %s "${LD_LIBRARY_PATH:-}"' "$gmgraph" 2>/dev/null)
    if [ -n "$real" ] && [ -x "$real" ]; then
        gmgraph=$real
        [ -n "$libs" ] && { LD_LIBRARY_PATH=$libs; export LD_LIBRARY_PATH; }
    fi
fi
"$gmgraph" --help >/dev/null 2>&1 || { echo "FAIL: $gmgraph does not run"; exit 1; }
run_ranks gmp "$GMC_BUILDDIR/tests/mpi/test_gmp" "$gmgraph"
finish gmp
