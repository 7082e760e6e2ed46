#!/bin/sh
# tests/mpi/partition.sh: runs tests/mpi/test_partition (libgmrt-dist's
# partitions, property round trips, dense syncs and collectives) under
# mpirun -np P for P = 1..5 on the 2-core machine (tests/mpi/ranks.sh).
# Skips (77) when configure found no MPI (GMC_MPIRUN empty, set by
# gm_runtime/dist/dist.mk).
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
run_ranks partition "$GMC_BUILDDIR/tests/mpi/test_partition"
finish partition
