/* gmrt_fatal.h: run-time errors that end a generated procedure (out of
 * memory, a CUDA error), and a guard that turns them into an error return.
 * Install location: <gmc/gmrt_fatal.h>.
 *
 * Without a guard, gmrt_fatal prints "error: MESSAGE" on stderr and exits
 * with status 1, as the generated programs always did. A caller that must
 * not end (the Python package, a server) calls the procedure through its
 * NAME_try entry (gmc --try-entry), which sets a guard: gmrt_fatal then
 * returns control to NAME_try with the message, which returns 1. Only the
 * thread that set the guard, outside an OpenMP parallel region, can be
 * brought back (leaving a parallel region by longjmp is undefined); an
 * error elsewhere still ends the process. What the failed call allocated is
 * not freed. */
#ifndef GMRT_FATAL_H
#define GMRT_FATAL_H

#include <setjmp.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GMRT_FATAL_MSG 512

typedef struct gmrt_guard {
    jmp_buf jump;
    char message[GMRT_FATAL_MSG]; /* the error, when the guard was taken */
    struct gmrt_guard *outer;     /* the guard set before this one, on this thread */
} gmrt_guard;

/* GMRT_GUARD(g) is true when the guard g is set, false when a gmrt_fatal
 * came back to it (g->message says what failed; g is no longer set). It must
 * be evaluated in the function that calls the guarded code, which must
 * gmrt_guard_end(g) on its normal path. */
#define GMRT_GUARD(g) (gmrt_guard_begin(g), setjmp((g)->jump) == 0)
void gmrt_guard_begin(gmrt_guard *g);
void gmrt_guard_end(gmrt_guard *g);

/* Code that holds a lock (or anything else a jump would leave behind) marks
 * the stretch: a gmrt_fatal in it exits, as without a guard. Nested pairs
 * count. */
void gmrt_guard_suspend(void);
void gmrt_guard_resume(void);

/* Ends the run: back to this thread's guard when one is set, no parallel
 * region is active and no suspension holds, else the message on stderr and
 * exit(1). */
#if defined(__cplusplus)
[[noreturn]]
#else
_Noreturn
#endif
void gmrt_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#ifdef __cplusplus
}
#endif

#endif
