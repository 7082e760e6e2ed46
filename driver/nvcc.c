/* nvcc.c: nvcc lookup, --arch validation and GPU architecture detection. */
#include "nvcc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "spawn.h"

#define CUDA_DEFAULT_NVCC "/usr/local/cuda/bin/nvcc"
#define DEFAULT_ARCH "sm_90"

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

char *gmc_find_nvcc(void)
{
    const char *env = getenv("GMC_NVCC");
    if (env && *env) {
        if (gmc_is_executable(env))
            return dup_str(env);
        fprintf(stderr, "gmc: error: nvcc not found: GMC_NVCC='%s' is not an executable file\n", env);
        return NULL;
    }
#ifdef GMC_NVCC
    if (gmc_is_executable(GMC_NVCC))
        return dup_str(GMC_NVCC);
#endif
    char *found = gmc_search_path("nvcc");
    if (found)
        return found;
    if (gmc_is_executable(CUDA_DEFAULT_NVCC))
        return dup_str(CUDA_DEFAULT_NVCC);
    fprintf(stderr, "gmc: error: nvcc not found (tried "
#ifdef GMC_NVCC
                    GMC_NVCC ", "
#endif
                    "PATH and " CUDA_DEFAULT_NVCC "); install the CUDA toolkit, add its bin/ to "
                    "PATH or set GMC_NVCC=/path/to/nvcc\n");
    return NULL;
}

bool gmc_arch_valid(const char *arch)
{
    if (strncmp(arch, "sm_", 3) != 0)
        return false;
    const char *p = arch + 3;
    size_t digits = 0;
    while (isdigit((unsigned char)p[digits]))
        digits++;
    if (digits < 2 || digits > 3 || p[0] == '0')
        return false;
    p += digits;
    return *p == '\0' || ((*p == 'a' || *p == 'f') && p[1] == '\0');
}

void gmc_detect_arch(char *buf, size_t size)
{
    char line[64];
    char *argv[] = {"nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader", NULL};
    unsigned major, minor;
    char tail;
    if (gmc_capture_line(argv, line, sizeof line) &&
        sscanf(line, " %u.%u %c", &major, &minor, &tail) == 2 && major > 0 && major < 100 &&
        minor < 10) {
        snprintf(buf, size, "sm_%u%u", major, minor);
        if (gmc_arch_valid(buf))
            return;
    }
    snprintf(buf, size, "%s", DEFAULT_ARCH);
}
