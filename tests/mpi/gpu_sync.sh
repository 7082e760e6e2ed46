#!/bin/sh
# tests/mpi/gpu_sync.sh: libgmrt-dist-cuda's syncs and allreduces on device
# arrays (tests/mpi/test_gpu_sync, checked against the host syncs; the
# broadcast of tables kept in per-rank permuted positions,
# gmd_gpu_sync_broadcast_at, against each ghost's known value) under
# mpirun: -np 1 .. the number of GPUs (4 at most) over NCCL (when built) and
# over MPI staged through the host; with two GPUs or more, -np 2 over NCCL's
# socket transport on loopback with MPI over TCP (the path between hosts);
# one rank more than GPUs: over MPI it runs (ranks share a GPU), auto picks
# MPI, and NCCL is refused on every rank with a message naming --comm=mpi.
# Skips (77) when the program was not built (configure found no MPI or
# nvcc: GMC_GPU_SYNC_TEST empty) or the machine has no GPU (CI compiles and
# links it there). Keeps NCCL_NVLS_ENABLE=0 (NVLink multicast stays off).
set -u
if [ -z "${GMC_GPU_SYNC_TEST:-}" ] || [ -z "${GMC_MPIRUN:-}" ]; then
    echo "SKIP: libgmrt-dist-cuda is not built (configure needs MPI and nvcc)"
    exit 77
fi
bin=$GMC_GPU_SYNC_TEST
[ -x "$bin" ] || { echo "FAIL: $bin not built"; exit 1; }
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') || ngpu=0
if [ "$ngpu" -lt 1 ]; then
    echo "SKIP: no GPU here (libgmrt-dist-cuda and its test were compiled and linked: $bin)"
    exit 77
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-gpusync.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT
trap 'exit 1' INT TERM # stop here: the runs below would use the removed folder
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=false NCCL_NVLS_ENABLE=0
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_plm_rsh_agent NCCL_NVLS_ENABLE
fail=0
run() { # LABEL MCA-BTL NP COMM [VAR=VALUE...]
    label=$1 btl=$2 np=$3 comm=$4
    shift 4
    if env OMPI_MCA_btl="$btl" "$@" "$GMC_MPIRUN" --oversubscribe -np "$np" "$bin" "$comm" >"$W/out" 2>&1; then
        echo "ok: $label: $(tail -n 1 "$W/out")"
    else
        echo "FAIL: $label:"
        sed 's/^/    /' "$W/out"
        fail=$((fail + 1))
    fi
}
comms=mpi
[ "${GMC_GPU_SYNC_NCCL:-}" = yes ] && comms="nccl mpi"
np=1
while [ $np -le "$ngpu" ] && [ $np -le 4 ]; do
    for c in $comms; do
        run "-np $np over $c" self,vader $np $c
    done
    np=$((np + 1))
done
if [ "$ngpu" -ge 2 ] && [ "${GMC_GPU_SYNC_NCCL:-}" = yes ]; then
    run "-np 2 over nccl sockets on loopback (two hosts' path)" self,tcp 2 nccl \
        NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_IB_DISABLE=1 NCCL_SOCKET_IFNAME=lo OMPI_MCA_pml=ob1 \
        OMPI_MCA_btl_tcp_if_include=lo
fi
over=$((ngpu + 1))
run "-np $over on $ngpu GPU(s) over mpi (ranks share a GPU)" self,vader $over mpi
run "-np $over on $ngpu GPU(s), auto" self,vader $over auto
grep -q "over mpi" "$W/out" || { echo "FAIL: auto did not pick mpi for more ranks than GPUs"; fail=$((fail + 1)); }
if [ "${GMC_GPU_SYNC_NCCL:-}" = yes ]; then
    if env OMPI_MCA_btl=self,vader "$GMC_MPIRUN" --oversubscribe -np $over "$bin" nccl >"$W/out" 2>&1; then
        echo "FAIL: -np $over on $ngpu GPU(s) over nccl was not refused"
        fail=$((fail + 1))
    elif grep -q 'comm=mpi' "$W/out"; then
        echo "ok: -np $over on $ngpu GPU(s) over nccl refused: $(grep -m1 'comm=mpi' "$W/out")"
    else
        echo "FAIL: -np $over on $ngpu GPU(s) over nccl failed without naming --comm=mpi:"
        sed 's/^/    /' "$W/out"
        fail=$((fail + 1))
    fi
fi
[ $fail = 0 ] || { echo "$fail run(s) failed"; exit 1; }
echo "gpu_sync: all runs passed"
