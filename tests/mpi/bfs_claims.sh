#!/bin/sh
# tests/mpi/bfs_claims.sh: runs tests/mpi/test_bfs_claims (libgmrt-dist's
# BFS claims, alone and in a whole distributed BFS checked against a
# sequential one) under mpirun -np P for P = 1..5 (tests/mpi/ranks.sh).
# Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
run_ranks bfs_claims "$GMC_BUILDDIR/tests/mpi/test_bfs_claims"
finish bfs_claims
