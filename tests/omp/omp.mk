## tests/omp: the OpenMP backend: every accepted program compiles warning-free
## (gcc and clang), and small programs run with results checked independently.
TESTS += tests/omp/compile_all.1-of-2.sh tests/omp/compile_all.2-of-2.sh tests/omp/run_programs.sh \
	tests/omp/worklist.1-of-2.sh tests/omp/worklist.2-of-2.sh
EXTRA_DIST += tests/omp/compile_all.1-of-2.sh tests/omp/compile_all.2-of-2.sh \
	tests/omp/worklist.1-of-2.sh tests/omp/worklist.2-of-2.sh
EXTRA_DIST += tests/omp/compile_all.sh tests/omp/run_programs.sh tests/omp/worklist.sh \
	tests/omp/reductions.gm tests/omp/argmin_defer.gm tests/omp/section12.gm
