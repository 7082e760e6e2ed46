## gm_backend_cuda: CUDA code generation, on the shared emitter (gm_cgen/) through its hooks.
noinst_LIBRARIES += libgmbcuda.a
libgmbcuda_a_SOURCES = gm_backend_cuda/cuda_backend.h gm_backend_cuda/cuda_backend.c \
	gm_backend_cuda/cuda_emit.h gm_backend_cuda/cuda_capture.c gm_backend_cuda/cuda_kernel.c \
	gm_backend_cuda/cuda_host.c gm_backend_cuda/cuda_bfs.c gm_backend_cuda/cuda_bfs_outline.c gm_backend_cuda/cuda_bfs_relax.c gm_backend_cuda/cuda_min_label.c gm_backend_cuda/cuda_twc.c gm_backend_cuda/cuda_report.c gm_backend_cuda/cuda_worklist.c \
	gm_backend_cuda/cuda_async.c \
	gm_backend_cuda/cuda_priority.c gm_backend_cuda/cuda_dist_fixpoint.c \
	gm_backend_cuda/cuda_blocking.c \
	gm_backend_cuda/cuda_gather.c \
	gm_backend_cuda/cuda_decide.c \
	gm_backend_cuda/cuda_dist.c \
	gm_backend_cuda/cuda_dist_bfs.c \
	gm_backend_cuda/cuda_graph.c
