/* nvcc.h: finding nvcc and the GPU architecture for `gmc -x -t cuda`. */
#ifndef GMC_NVCC_H
#define GMC_NVCC_H

#include <stdbool.h>
#include <stddef.h>

/* The nvcc to run, malloc'd: $GMC_NVCC when set (and only it), else the
 * one configure found, else nvcc in PATH, else /usr/local/cuda/bin/nvcc.
 * Prints "nvcc not found" with what was tried and returns NULL. */
char *gmc_find_nvcc(void);

/* Whether arch names a real GPU architecture: sm_XX or sm_XXX, with an
 * optional a/f suffix (sm_90a). */
bool gmc_arch_valid(const char *arch);

/* The architecture to compile for: the first GPU's compute capability
 * from nvidia-smi, else sm_90. Writes it to buf. */
void gmc_detect_arch(char *buf, size_t size);

#endif
