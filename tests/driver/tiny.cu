// tiny.cu: a hand-written stand-in for generated CUDA code, used to test
// `gmc -x -t cuda`'s nvcc command: a kernel, host code calling libgmrt.
#include <cstdio>

#include "gmrt.h"

__global__ void tiny_double(int *x) { x[threadIdx.x] *= 2; }

int main(int argc, char **argv)
{
    (void)argv;
    std::printf("edge bytes = %d\nargs = %d\n", gmrt_edge_size(), argc - 1);
    return 0;
}
