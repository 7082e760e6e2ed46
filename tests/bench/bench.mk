## tests/bench: make check runs the benchmark suite in its quick mode
## (bench/run --quick): every benchmarked app builds and agrees with the
## plain-C references on tiny graphs; no speed is judged.  The suite itself
## (bench/) is distributed so that the test also runs under distcheck.
## summarize.sh checks the table arithmetic on hand-made records.
TESTS += tests/bench/quick.sh tests/bench/summarize.sh
# bench/run --with gapbs=DIR against a stand-in gapbs
TESTS += tests/bench/anchor_gapbs.sh
EXTRA_DIST += tests/bench/anchor_gapbs.sh
# bench/run --with gswitch=DIR against a stand-in GSWITCH and nvcc
TESTS += tests/bench/anchor_gswitch.sh
EXTRA_DIST += tests/bench/anchor_gswitch.sh
# the charts' gnuplot script (log axis, whiskers, anchors) with a stand-in gnuplot
TESTS += tests/bench/charts.sh
EXTRA_DIST += tests/bench/charts.sh
EXTRA_DIST += tests/bench/quick.sh tests/bench/summarize.sh \
	bench/run bench/README.md bench/RESULTS.md \
	bench/lib/prep.c bench/lib/copybw.c bench/lib/gpucopybw.cu bench/lib/spmv_cusparse.cu bench/lib/ref_clock.c \
	bench/lib/gapbs.sh \
	bench/lib/gswitch.sh bench/lib/dist_grid.sh \
	bench/lib/summarize.awk bench/lib/charts.sh bench/lib/matrix.awk bench/lib/bc_one.gm bench/lib/pagerank_float.gm bench/results/h200-cuda-s11.csv bench/results/2core-omp-s11.csv \
	bench/results/h200-omp16-s12.csv bench/results/2core-omp-sssp-s12.csv bench/results/h200-cuda-wcc-s12.csv bench/results/h200-cuda-s13.csv bench/results/h200-cuda-final-s13.csv \
	bench/results/h200-cuda-s14.csv bench/results/h200-cuda-s15.csv bench/results/h200-cuda-s16.csv \
	bench/handomp/hand_common.h bench/handomp/hand_common.c \
	bench/handomp/bfs.c bench/handomp/sssp.c bench/handomp/pagerank.c \
	bench/handomp/wcc.c bench/handomp/triangle_count.c bench/handomp/bc_sampled.c
# the in-rank generator's partition fingerprints (bench/gen: for changes to gmd_gen.c, by hand)
EXTRA_DIST += bench/gen/fingerprint.sh bench/gen/gen_fingerprint.c
