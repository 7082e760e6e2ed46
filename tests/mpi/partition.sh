#!/bin/sh
# tests/mpi/partition.sh: runs tests/mpi/test_partition (libgmrt-dist's
# partitions, property round trips, syncs and collectives) under
# mpirun -np P for P = 1..5 on the 2-core machine (--oversubscribe; as root,
# Open MPI's two OMPI_ALLOW_RUN_AS_ROOT* variables). Skips (77) when
# configure found no MPI (GMC_MPIRUN empty, set by gm_runtime/dist/dist.mk).
set -u
: "${GMC_BUILDDIR:=$(pwd)}"
bin=$GMC_BUILDDIR/tests/mpi/test_partition
if [ -z "${GMC_MPIRUN:-}" ]; then
    echo "SKIP: configure found no MPI, so libgmrt-dist is not built (apt-get install openmpi-bin libopenmpi-dev)"
    exit 77
fi
[ -x "$bin" ] || { echo "FAIL: $bin not built"; exit 1; }
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-mpi.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT INT TERM
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# shared memory and self only: no network probing on a CI box
OMPI_MCA_btl=self,vader OMPI_MCA_plm_rsh_agent=false
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl OMPI_MCA_plm_rsh_agent
fail=0
for np in 1 2 3 4 5; do
    mkdir -p "$W/$np"
    start=$(date +%s)
    if "$GMC_MPIRUN" --oversubscribe -np "$np" "$bin" "$W/$np" >"$W/out" 2>&1; then
        echo "ok: -np $np ($(($(date +%s) - start)) s): $(tail -n 1 "$W/out")"
    else
        echo "FAIL: -np $np:"
        sed 's/^/    /' "$W/out"
        fail=$((fail + 1))
    fi
done
[ $fail = 0 ] || { echo "$fail run(s) failed"; exit 1; }
echo "partition: all runs passed"
