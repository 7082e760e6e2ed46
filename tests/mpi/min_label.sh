#!/bin/sh
# tests/mpi/min_label.sh: runs tests/mpi/test_min_label (libgmrt-dist's
# gmd_min_label_components against a union-find over the whole graph, every
# policy, with and without relabelling, Int and Long labels, the rounds)
# under mpirun -np P for P = 1..5 (tests/mpi/ranks.sh). Skips (77) without
# MPI. One OpenMP thread per rank: up to 5 ranks share the CI box's 2 cores,
# and spinning OpenMP teams beside spinning MPI waits take minutes.
set -u
OMP_NUM_THREADS=1
export OMP_NUM_THREADS
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
run_ranks min_label "$GMC_BUILDDIR/tests/mpi/test_min_label"
finish min_label
