/* timer.c: the monotonic clock behind gmrt_time_ms(). */
#include "gmrt_timer.h"

#include <time.h>

double gmrt_time_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}
