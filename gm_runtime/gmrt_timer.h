/* gmrt_timer.h: wall-clock timing for generated code and tools. */
#ifndef GMRT_TIMER_H
#define GMRT_TIMER_H

#ifdef __cplusplus
extern "C" {
#endif

/* Milliseconds on a monotonic clock (differences are what matter). */
double gmrt_time_ms(void);

#ifdef __cplusplus
}
#endif
#endif
