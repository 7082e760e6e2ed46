#!/bin/sh
# bench/gen/fingerprint.sh BUILD_DIR OUT: fingerprints of the in-rank
# generator's partitions (bench/gen/gen_fingerprint.c) for a set of specs,
# each policy, P = 1, 2, 3, at 1 and 3 OpenMP threads, with the default
# rounds and with rounds of 97 edges (GMD_GEN_ROUND), one line per rank into
# OUT.  Every line must be the same whatever the threads and rounds, so
# after a change to gm_runtime/dist/gmd_gen.c:
#   bench/gen/fingerprint.sh _build /tmp/before   (on the old tree)
#   bench/gen/fingerprint.sh _build /tmp/after && cmp /tmp/before /tmp/after
# Exits 1 when a run fails or the threads/rounds variants disagree.  FP_BIN:
# a gen_fingerprint binary to run instead of building one from BUILD_DIR.
set -eu
B=${1:?usage: fingerprint.sh BUILD_DIR OUT}
OUT=${2:?usage: fingerprint.sh BUILD_DIR OUT}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_btl="${OMPI_MCA_btl:-self,vader}" OMPI_MCA_mpi_yield_when_idle=1
if [ -n "${FP_BIN:-}" ]; then # a gen_fingerprint built before (an older tree's)
    BIN=$FP_BIN
else
    CPP=$(sed -n 's/^GMRT_EDGE_CPPFLAGS = //p' "$B/Makefile")
    BIN=$(mktemp -d)/gen_fingerprint
    trap 'rm -rf "$(dirname "$BIN")"' EXIT
    # shellcheck disable=SC2086
    mpicc -O2 -fopenmp $CPP -I"$SRC/gm_runtime" -I"$SRC/gm_runtime/dist" -I"$B" "$SRC/bench/gen/gen_fingerprint.c" \
        "$B/.libs/libgmrt-dist.a" "$B/.libs/libgmrt.a" -lz -lm -o "$BIN"
fi
# small ones (the tests'), and big enough that the passes go threaded
# without GMD_GEN_ROUND (65536 items)
SPECS="gen:rmat,scale=6,edge-factor=8,seed=3
gen:rmat,scale=7,edge-factor=6,seed=2,symmetrize,dedup,no-self-loops,weights=int:1:9
gen:rmat,scale=10,edge-factor=6,seed=6,a=0.8,b=0.08,c=0.08,symmetrize,weights=int:1:4
gen:uniform,nodes=300,degree=2.5,seed=5,weights=real:0:1,symmetrize
gen:grid,rows=1,cols=5,symmetrize,dedup
gen:rmat,scale=15,edge-factor=8,seed=5,symmetrize,dedup,no-self-loops
gen:rmat,scale=14,edge-factor=16,seed=1,symmetrize,weights=int:1:255
gen:rmat,scale=13,edge-factor=8,seed=9,a=0.8,b=0.08,c=0.08,dedup
gen:uniform,nodes=100000,degree=4,seed=2,symmetrize,dedup
gen:uniform,nodes=1000,edges=300000,seed=3,dedup"
: >"$OUT"
rc=0
for P in 1 2 3; do
    for T in 1 3; do
        for R in "" 97; do
            [ "$T" = 1 ] && [ -n "$R" ] && continue
            # shellcheck disable=SC2086
            if ! OMP_NUM_THREADS=$T mpirun -np "$P" env ${R:+GMD_GEN_ROUND=$R} "$BIN" $SPECS >"$OUT.run" 2>"$OUT.err"; then
                echo "fingerprint.sh: P=$P threads=$T round=${R:-default} failed:"; cat "$OUT.err"; rc=1
            fi
            if [ "$T" = 1 ]; then cp "$OUT.run" "$OUT.one"; cat "$OUT.run" >>"$OUT"
            elif ! cmp -s "$OUT.run" "$OUT.one"; then
                echo "fingerprint.sh: P=$P threads=$T round=${R:-default} differs from 1 thread"; rc=1
            fi
        done
    done
done
rm -f "$OUT.run" "$OUT.err" "$OUT.one"
echo "fingerprint.sh: $(wc -l <"$OUT") lines in $OUT"
exit $rc
