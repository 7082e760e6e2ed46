#!/bin/sh
# tests/mpi/nccl_sync.sh: the NCCL transport of libgmrt-dist
# (tests/mpi/test_nccl_sync) under mpirun, a rank per GPU: -np 1 .. the
# number of GPUs over NCCL's own choice of link, then (with two GPUs or
# more) -np 2 over NCCL's socket transport on loopback with MPI over TCP,
# which stands in for two hosts; and one rank more than GPUs must be
# refused on every rank with a message naming --comm=mpi.
# Skips (77) when the program was not built (configure found no NCCL, nvcc
# or MPI: GMC_NCCL_TEST empty) or the machine has no GPU (CI compiles and
# links it there). Keeps NCCL_NVLS_ENABLE=0 (NVLink multicast stays off).
set -u
if [ -z "${GMC_NCCL_TEST:-}" ] || [ -z "${GMC_MPIRUN:-}" ]; then
    echo "SKIP: the NCCL transport is not built (configure needs MPI, nvcc and nccl.h)"
    exit 77
fi
bin=$GMC_NCCL_TEST
[ -x "$bin" ] || { echo "FAIL: $bin not built"; exit 1; }
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ') || ngpu=0
if [ "$ngpu" -lt 1 ]; then
    echo "SKIP: no GPU here (the transport was compiled and linked: $bin)"
    exit 77
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-nccl.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT INT TERM
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_plm_rsh_agent=false NCCL_NVLS_ENABLE=0
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_plm_rsh_agent NCCL_NVLS_ENABLE
fail=0
run() { # LABEL MCA-BTL NP [VAR=VALUE...]
    label=$1 btl=$2 np=$3
    shift 3
    if env OMPI_MCA_btl="$btl" "$@" "$GMC_MPIRUN" --oversubscribe -np "$np" "$bin" >"$W/out" 2>&1; then
        echo "ok: $label: $(tail -n 1 "$W/out")"
    else
        echo "FAIL: $label:"
        sed 's/^/    /' "$W/out"
        fail=$((fail + 1))
    fi
}
np=1
while [ $np -le "$ngpu" ] && [ $np -le 4 ]; do
    run "-np $np" self,vader $np
    np=$((np + 1))
done
if [ "$ngpu" -ge 2 ]; then
    run "-np 2 over sockets on loopback (two hosts' path)" self,tcp 2 \
        NCCL_P2P_DISABLE=1 NCCL_SHM_DISABLE=1 NCCL_SOCKET_IFNAME=lo OMPI_MCA_btl_tcp_if_include=lo
fi
# more ranks than GPUs: refused with the way out named, not a hang or a crash
over=$((ngpu + 1))
if env OMPI_MCA_btl=self,vader "$GMC_MPIRUN" --oversubscribe -np $over "$bin" >"$W/out" 2>&1; then
    echo "FAIL: -np $over on $ngpu GPU(s) was not refused"
    fail=$((fail + 1))
elif grep -q 'comm=mpi' "$W/out"; then
    echo "ok: -np $over on $ngpu GPU(s) refused: $(grep -m1 'comm=mpi' "$W/out")"
else
    echo "FAIL: -np $over on $ngpu GPU(s) failed without naming --comm=mpi:"
    sed 's/^/    /' "$W/out"
    fail=$((fail + 1))
fi
[ $fail = 0 ] || { echo "$fail run(s) failed"; exit 1; }
echo "nccl_sync: all runs passed"
