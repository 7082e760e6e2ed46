/* copybw.c: bench_copybw, the machine's copy bandwidth, against which
 * bench/run rates the sweeps (PageRank, conductance).
 *
 *   bench_copybw [MIB]     (array size, default 256 MiB; OMP_NUM_THREADS)
 *
 * Copies one array of doubles into another with a static parallel loop
 * (each thread touches its own part first, so pages are local), five times,
 * and prints "copy_gbs = X" for the fastest, counting the bytes read and
 * the bytes written (STREAM's convention). */
#include <stdio.h>
#include <stdlib.h>

#include "gmrt_timer.h"

int main(int argc, char **argv)
{
    long mib = argc > 1 ? atol(argv[1]) : 256;
    if (argc > 2 || mib < 1) {
        fprintf(stderr, "usage: %s [MIB]\n", argv[0]);
        return 2;
    }
    size_t n = (size_t)mib * 1024 * 1024 / sizeof(double);
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    if (!a || !b) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 1;
    }
#pragma omp parallel for schedule(static)
    for (size_t i = 0; i < n; i++) {
        a[i] = 0;
        b[i] = (double)i;
    }
    double best = 0;
    for (int r = 0; r < 5; r++) {
        double t0 = gmrt_time_ms();
#pragma omp parallel for schedule(static)
        for (size_t i = 0; i < n; i++)
            a[i] = b[i];
        double t = gmrt_time_ms() - t0;
        if (r == 0 || t < best)
            best = t;
    }
    /* a read of a keeps the copy from being optimized away */
    printf("copy_gbs = %.2f\n", a[n / 2] < 0 ? 0.0 : 2.0 * (double)(n * sizeof *a) / (best * 1e6));
    free(a);
    free(b);
    return 0;
}
