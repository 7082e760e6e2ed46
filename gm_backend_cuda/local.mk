## gm_backend_cuda: CUDA code generation.
noinst_LIBRARIES += libgmbcuda.a
libgmbcuda_a_SOURCES = gm_backend_cuda/cuda_backend.h gm_backend_cuda/cuda_backend.c
