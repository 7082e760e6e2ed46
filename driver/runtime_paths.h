/* runtime_paths.h: where `gmc -x` finds the runtime's headers and library. */
#ifndef GMC_RUNTIME_PATHS_H
#define GMC_RUNTIME_PATHS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct gmc_runtime {
    bool in_tree;                /* the gmc of a build tree: link libgmrt.a from there */
    char include_dir[PATH_MAX];  /* holds gmrt.h (and gmcu.h) */
    char lib_dir[PATH_MAX];      /* holds libgmrt.so / libgmrt.a */
    char static_lib[PATH_MAX];   /* in-tree: the libgmrt.a to link; installed: "" */
    char cuda_static_lib[PATH_MAX]; /* in-tree: the libgmrt-cuda.a to link; installed: "" */
} gmc_runtime;

/* Fills rt for the running gmc: the build tree when it runs from there;
 * else the installed tree it sits in (so `make install DESTDIR=D` and
 * `make install prefix=P` give a working D/.../bin/gmc), else the
 * configured directories. with_lib: fail when an in-tree libgmrt.a is
 * needed but not built. Returns false on failure, saying why if report. */
bool gmc_runtime_locate(gmc_runtime *rt, bool with_lib, bool report);

/* Whether libgmrt-cuda (the host half of the CUDA runtime, built only when
 * configure found nvcc) is there to link: in-tree libgmrt-cuda.a, else
 * libgmrt-cuda.so or .a in rt->lib_dir. Says why not if report. */
bool gmc_runtime_has_cuda(const gmc_runtime *rt, bool report);

/* Relocation, exposed for tests: given the configured bindir and dir,
 * and the directory the program actually runs from, writes where dir is
 * relative to it. Returns false when exe_dir does not end like bindir. */
bool gmc_relocate(const char *bindir, const char *dir, const char *exe_dir, char *out, size_t size);

#endif
