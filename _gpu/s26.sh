#!/bin/bash
# s26.sh: session 26's device script. Builds the carried release tarball, then
# phases from PH (words): sync (gpu_sync.sh), corr (cuda_apps.sh groups:
# GRPS="name:app,app ..." with RANKS, GRAPHS, GENV extra env), time (kron25
# tables: APPS_T, PS, gather on/off for pagerank), cap (CAPSPEC in-rank).
# LIMIT: seconds from start after which phases are skipped.
set -u
T0=$(date +%s)
LIMIT=${LIMIT:-560}
left() { echo $(( LIMIT - ($(date +%s) - T0) )); }
ROOT=$(pwd)
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 NCCL_NVLS_ENABLE=0
nvidia-smi -L
B=/tmp/b; rm -rf $B; mkdir -p $B
tar xzf _gpu/gmc.tar.gz -C $B && cd $B/gmc-* || exit 1
SRC=$(pwd)
( ./configure -q ${CONF:-} >/tmp/conf.log 2>&1 && make -j64 >/tmp/make.log 2>&1 ) || { tail -30 /tmp/conf.log /tmp/make.log; exit 1; }
./gmc --version | head -5
echo "build done at $(( $(date +%s) - T0 )) s"
export GMC_SRCDIR=$SRC
ph() { echo " $PH " | grep -q " $1 "; }

# the test harness's environment, for running tests/mpi/*.sh directly (in parallel)
mkv() { sed -n "s/^$1 = //p" Makefile | head -1; }
export GMC_BUILDDIR=$SRC GMC=$SRC/gmc GMGRAPH=$SRC/gmgraph GMC_MPIRUN="$(mkv MPIRUN)" MPI_CFLAGS="$(mkv MPI_CFLAGS)"
export GMC_GPU_SYNC_TEST=$SRC/tests/mpi/test_gpu_sync OMP_WAIT_POLICY=passive
grep -q '^[^#]*GMC_GPU_SYNC_NCCL=yes' Makefile && export GMC_GPU_SYNC_NCCL=yes
make -j16 tests/mpi/test_gpu_sync tests/e2e/e2e_compare tests/e2e/e2e_validate tests/e2e/ref_wcc >/dev/null 2>&1 || echo "test programs did not build"
echo "MPIRUN=$GMC_MPIRUN NCCL=${GMC_GPU_SYNC_NCCL:-no}"

if ph sync; then
  timeout $(( $(left) - 5 )) sh $SRC/tests/mpi/gpu_sync.sh > $OUT/sync.log 2>&1; echo "gpu_sync exit $?"
  grep -E "FAIL|passed|failed" $OUT/sync.log | tail -8
fi

# time: kron25 (file made here), APPS_T on PS ranks, -t cuda baseline, answers compared
if ph time && [ $(left) -gt 120 ]; then
  K=${KSCALE:-25}
  G=/tmp/k$K.gmb
  /usr/bin/time -f "gen %e s %M KB" ./gmgraph gen rmat --scale $K --edge-factor 16 --seed 1 --weights int:1:255 --symmetrize --dedup --no-self-loops -o $G >/dev/null
  mkdir -p /tmp/t
  for a in ${APPS_T:-pagerank bfs sssp wcc}; do
    mkdir -p /tmp/t/c /tmp/t/d
    ./gmc -t cuda --main -x -o /tmp/t/c/ $SRC/apps/$a.gm >/tmp/t/gmc_c_$a.log 2>&1 && cp /tmp/t/c/$a /tmp/t/cuda_$a
    ./gmc -t cuda --distributed --main -x -o /tmp/t/d/ $SRC/apps/$a.gm >/tmp/t/gmc_d_$a.log 2>&1 && cp /tmp/t/d/$a /tmp/t/dist_$a
    ls /tmp/t/cuda_$a /tmp/t/dist_$a >/dev/null || tail -5 /tmp/t/gmc_c_$a.log /tmp/t/gmc_d_$a.log
  done
  args() { case $1 in pagerank) echo "--e=0 --d=0.85 --max_iter=20";; bfs|sssp) echo "--root=0";; *) echo;; esac; }
  tm() { sed -n 's/^time_ms = \([0-9.]*\).*/\1/p' $1 | head -1; }
  cm() { sed -n 's/^comm_ms = \(.*\)/\1/p' $1 | head -1; }
  printf "%-9s %-14s %10s %s\n" app run time_ms comm > $OUT/time.txt
  for a in ${APPS_T:-pagerank bfs sssp wcc}; do
    [ $(left) -gt 40 ] || break
    /tmp/t/cuda_$a $G $(args $a) --repeat=3 --out=/tmp/t/o_cuda_$a > /tmp/t/l_cuda_$a 2>&1
    printf "%-9s %-14s %10s\n" $a cuda "$(tm /tmp/t/l_cuda_$a)" >> $OUT/time.txt
    for P in ${PS:-1 2 4}; do
      gos=on; [ $a = pagerank ] && gos="${GO:-on}"
      for go in $gos; do
        [ $(left) -gt 30 ] || break
        e="GMCU_STATS=1"; [ $go = off ] && e="GMCU_GATHER_ORDER=0"
        l=/tmp/t/l_${a}_${P}_$go
        env $e $GMC_MPIRUN --bind-to none -np $P /tmp/t/dist_$a $G $(args $a) --repeat=3 --comm=nccl --out=/tmp/t/o_${a}_${P}_$go > $l 2>&1
        printf "%-9s %-14s %10s %s\n" $a "P=$P gather=$go" "$(tm $l)" "$(cm $l)" >> $OUT/time.txt
        if [ $a = pagerank ]; then
          python3 - /tmp/t/o_cuda_$a/rank.txt /tmp/t/o_${a}_${P}_$go/rank.txt <<'PY' >> $OUT/time.txt 2>&1
import sys
a=[float(x) for x in open(sys.argv[1])]; b=[float(x) for x in open(sys.argv[2])]
print("   L1 %.3g max %.3g n %d/%d" % (sum(abs(x-y) for x,y in zip(a,b)), max(abs(x-y) for x,y in zip(a,b)), len(a), len(b)))
PY
        else
          for f in /tmp/t/o_cuda_$a/*.txt; do cmp -s $f /tmp/t/o_${a}_${P}_$go/$(basename $f) && echo "   same $(basename $f)" >> $OUT/time.txt || echo "   DIFFERENT $(basename $f)" >> $OUT/time.txt; done
        fi
      done
    done
  done
  cat $OUT/time.txt
  grep -h "replication\|peak_rss\|load_ms" /tmp/t/l_pagerank_* 2>/dev/null | head -12
fi
if ph corr; then
  for g in ${GRPS:-}; do
    name=${g%%:*}; apps=$(echo ${g#*:} | tr , ' ')
    ( env ${GENV:-} MPI_APPS="$apps" MPI_RANKS="${RANKS:-2 4}" ${GRAPHS:+MPI_GRAPHS="$GRAPHS"} \
        timeout $(( $(left) - 15 )) sh $SRC/tests/mpi/cuda_apps.sh >$OUT/corr_$name.log 2>&1 ) &
    sleep 1
  done
  wait
  for g in ${GRPS:-}; do name=${g%%:*}
    echo "corr $name: $(grep -c '^PASS' $OUT/corr_$name.log) passed, $(grep -c '^FAIL' $OUT/corr_$name.log) failed"
    grep -A3 '^FAIL' $OUT/corr_$name.log | head -20
  done
fi

echo "end at $(( $(date +%s) - T0 )) s"
