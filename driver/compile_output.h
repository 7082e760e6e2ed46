/* compile_output.h: `gmc -x`: compiles the generated C or CUDA code. */
#ifndef GMC_COMPILE_OUTPUT_H
#define GMC_COMPILE_OUTPUT_H

#include <stdbool.h>

#include "runtime_paths.h"

typedef struct gmc_build {
    const char *dir, *base;  /* compiles DIR/BASE.c or DIR/BASE.cu */
    bool with_main;          /* link DIR/BASE; else the object DIR/BASE.o */
    const char *program;     /* with_main: the program's path instead of DIR/BASE */
    const char *cc;          /* C: the compiler command (may hold flags) */
    const char *nvcc;        /* CUDA: path of nvcc */
    const char *arch;        /* CUDA: sm_XX */
    bool verbose;            /* print each command before running it */
    bool distributed;        /* C: an MPI program (--distributed): MPI's flags, libgmrt-dist */
} gmc_build;

/* The C compiler -x runs: cc when given, else $CC, else the configured one. */
const char *gmc_resolve_cc(const char *cc);

/* Each prints the failing command and returns false when compilation fails. */
bool gmc_compile_c(const gmc_runtime *rt, const gmc_build *b);
bool gmc_compile_cuda(const gmc_runtime *rt, const gmc_build *b);
/* --distributed -x: gmc_compile_c with the flags `mpicc --showme:compile` and
 * `--showme:link` give (mpicc: the one configure found) and libgmrt-dist. */
bool gmc_compile_dist(const gmc_runtime *rt, const gmc_build *b);
/* -t cuda --distributed -x: gmc_compile_cuda with MPI's flags (in nvcc's
 * form), libgmrt-dist-cuda, libgmrt-dist and NCCL's libraries; without
 * libgmrt-dist-cuda (configure found no MPI or no nvcc) an error. */
bool gmc_compile_dist_cuda(const gmc_runtime *rt, const gmc_build *b);

#endif
