## tests/omp: the OpenMP backend: small programs run with results checked
## independently. That every accepted program compiles warning-free (gcc and
## clang, -O2 and -O0, with and without --main) is tests/codegen/build_all.sh's job.
TESTS += tests/omp/run_programs.sh tests/omp/worklist.1-of-2.sh tests/omp/worklist.2-of-2.sh
# Int and Long overflow wraps, folded or not (int_wrap.sh: awk's modular arithmetic).
TESTS += tests/omp/int_wrap.sh
# Integer / and % (a zero divisor stops the run naming the line, INT_MIN / -1
# wraps) and saturating float to integer conversion (int_div.sh: awk).
TESTS += tests/omp/int_div.sh
# Which local properties start zeroed (read where nothing may have written
# them) and which are left uninitialised (written everywhere first).
TESTS += tests/omp/unset_shapes.sh
EXTRA_DIST += tests/omp/unset_shapes.sh tests/omp/unset_shapes.gm tests/omp/unset_before.gm tests/omp/narrow_reduce.gm
EXTRA_DIST += tests/omp/int_div.sh tests/omp/int_div.gm tests/omp/value_check.sh
EXTRA_DIST += tests/omp/worklist.1-of-2.sh tests/omp/worklist.2-of-2.sh
EXTRA_DIST += tests/omp/run_programs.sh tests/omp/worklist.sh tests/omp/int_wrap.sh tests/omp/int_wrap.gm \
	tests/omp/reductions.gm tests/omp/argmin_defer.gm tests/omp/argmin_shared.gm tests/omp/self_compare.gm tests/omp/float_constants.gm tests/omp/unset_prop.gm tests/omp/section12.gm \
	tests/omp/updown_root.gm tests/omp/own_shared.gm tests/omp/call_convert.gm
