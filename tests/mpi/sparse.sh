#!/bin/sh
# tests/mpi/sparse.sh: runs tests/mpi/test_sparse (libgmrt-dist's sparse
# syncs against the dense ones, every operator and type) under mpirun -np P
# for P = 1..5 (tests/mpi/ranks.sh). Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
run_ranks sparse "$GMC_BUILDDIR/tests/mpi/test_sparse"
finish sparse
