## tests/cuda: the CUDA backend without a GPU: every accepted program's .cu
## compiles with nvcc for sm_90 with no warning (skipped when nvcc is
## missing). Running on a GPU is tests/gpu/run's job (not part of make check).
TESTS += tests/cuda/compile_all.sh
EXTRA_DIST += tests/cuda/compile_all.sh tests/gpu/run
